package bundle

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func fuzzCodec(t testing.TB) *codec {
	c, err := newCodec(256, 1<<20, encoderSettings{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func seedBundle(n int) *CheckpointV1 {
	msgs := make([]json.RawMessage, n)
	for i := range msgs {
		msgs[i] = json.RawMessage(`{"role": "user", "content": "` + strings.Repeat("hello ", i+1) + `"}`)
	}
	b := &CheckpointV1{CheckpointID: "ckpt-1", SessionID: "s", CreatedAt: 1, Mode: ModeRoot,
		Archive:  Archive{ShadowedMessages: msgs},
		Rendered: Rendered{Text: "summary"},
		Parents:  []ParentRef{{CheckpointID: "ckpt-0", LogicalHash: "sha256:" + strings.Repeat("0", 64)}}}
	nb, err := sealedCopy(b)
	if err != nil {
		panic(err)
	}
	return nb
}

// FuzzDecode feeds arbitrary bytes to the container decoder: it must never
// panic, and anything it accepts must be internally consistent.
func FuzzDecode(f *testing.F) {
	c := fuzzCodec(f)
	for _, n := range []int{0, 1, 5, 40} {
		data, _, err := c.encode(seedBundle(n))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte("EFCKPT\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, h, _, err := c.decodeFull(data)
		if err != nil {
			var ue *UnavailableError
			if !errors.As(err, &ue) || !errors.Is(err, ErrUnavailable) || ue.Reason == "" {
				t.Fatalf("error %v is not an *UnavailableError with a reason", err)
			}
			return
		}
		if len(b.Archive.ShadowedMessages) != h.Messages {
			t.Fatalf("decoded %d messages, header says %d", len(b.Archive.ShadowedMessages), h.Messages)
		}
		lh, err := LogicalHash(b.Archive.ShadowedMessages)
		if err != nil || lh != b.Archive.LogicalHash {
			t.Fatalf("accepted bundle with logical hash %s, recomputed %s (%v)", b.Archive.LogicalHash, lh, err)
		}
		// Paged reads of an accepted file agree with the full decode.
		r := strings.NewReader(string(data))
		lay, err := c.readLayout(r, int64(len(data)))
		if err != nil {
			t.Fatalf("readLayout after decodeFull succeeded: %v", err)
		}
		var all []json.RawMessage
		for i := range lay.segments {
			m, _, err := c.readSegment(r, lay, i)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, m...)
		}
		for i := range all {
			if string(all[i]) != string(b.Archive.ShadowedMessages[i]) {
				t.Fatalf("message %d differs between paged and full decode", i)
			}
		}
	})
}

// FuzzSessionID checks the session id encoding: names are safe, and
// distinct ids never share a directory (plain names decode back exactly).
func FuzzSessionID(f *testing.F) {
	for _, s := range []string{"a", "..", "/", "a/../b", "\x00", "CON", "Aa", "aA", "日本", strings.Repeat("x", 99), "\xff"} {
		f.Add(s, strings.ToUpper(s))
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if !ValidSessionID(a) || !ValidSessionID(b) {
			return
		}
		na, nb := encodeSessionID(a), encodeSessionID(b)
		checkDirName(t, a, na)
		checkDirName(t, b, nb)
		if a != b && na == nb {
			t.Fatalf("ids %q and %q collide on %q", a, b, na)
		}
		if strings.EqualFold(na, nb) && na != nb {
			t.Fatalf("names %q and %q collide on a case-insensitive filesystem", na, nb)
		}
		id, hashed, ok := decodeSessionDir(na)
		if !ok || (!hashed && id != a) {
			t.Fatalf("decodeSessionDir(%q) = %q, %v, %v; want %q", na, id, hashed, ok, a)
		}
	})
}

// FuzzCheckpointStem checks the checkpoint id validation and file naming.
func FuzzCheckpointStem(f *testing.F) {
	for _, s := range []string{"ckpt-1", "CKPT_1", "a__B", ".x", "a/b", strings.Repeat("Q", 128)} {
		f.Add(s, strings.ToLower(s))
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if !ValidCheckpointID(a) {
			if utf8.ValidString(a) && len(a) > 0 && len(a) <= 128 && a[0] != '.' && !strings.ContainsFunc(a, func(r rune) bool {
				return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
			}) {
				t.Fatalf("valid id %q rejected", a)
			}
			return
		}
		sa := checkpointStem(a)
		checkDirName(t, a, sa)
		if ValidCheckpointID(b) && a != b {
			if sb := checkpointStem(b); strings.EqualFold(sa, sb) {
				t.Fatalf("ids %q and %q collide (case-insensitively) on %q / %q", a, b, sa, sb)
			}
		}
		if got, ok := decodeCheckpointStem(sa); strings.HasPrefix(sa, plainCkptPref) && (!ok || got != a) {
			t.Fatalf("decodeCheckpointStem(%q) = %q, %v; want %q", sa, got, ok, a)
		}
		if len(bundleFileName(sa, strings.Repeat("0", 64))) > 255 {
			t.Fatal("file name longer than 255 bytes")
		}
	})
}

// FuzzCanonicalize: whatever Canonicalize accepts is valid JSON and a fixed point.
func FuzzCanonicalize(f *testing.F) {
	for _, s := range []string{`{"b":1,"a":[1.0,2e3,"x\u00e9"]}`, `1e21`, `"\ud83d\ude00"`, `[null,true,false]`, `-0.0`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		sameAsRef(t, in)
		c, err := Canonicalize(in)
		if err != nil {
			return
		}
		if !json.Valid(c) {
			t.Fatalf("canonical form %q of %q is not valid JSON", c, in)
		}
		if !json.Valid(in) {
			t.Fatalf("accepted invalid JSON %q", in)
		}
		c2, err := Canonicalize(c)
		if err != nil || string(c2) != string(c) {
			t.Fatalf("not a fixed point: %q -> %q (%v)", c, c2, err)
		}
	})
}

// FuzzArchiveAnyMessage: whatever bytes a host writes as a message (JSON
// or not, valid UTF-8 or not, nested to any depth), a bundle holding them
// encodes, decodes and verifies, returns them byte-exact, and hashes them
// by the documented rule (canonical form, else framed raw bytes).
func FuzzArchiveAnyMessage(f *testing.F) {
	c := fuzzCodec(f)
	for _, s := range []string{`{"a":"\ud83d"}`, "\"\xff\"", `{"k":1,"k":2}`, `1e999`, `[[[]]]`, ``, `{"a":`, `"ok"`} {
		f.Add([]byte(s), []byte(`{"role":"user"}`))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		msgs := []json.RawMessage{a, b, a}
		bd := &CheckpointV1{CheckpointID: "c", SessionID: "s", CreatedAt: 1, Mode: ModeLeaf,
			Archive: Archive{ShadowedMessages: msgs}, Rendered: Rendered{Text: "t"}}
		nb, err := sealedCopy(bd)
		if err != nil {
			t.Fatalf("seal: %v", err)
		}
		data, _, err := c.encode(nb)
		if err != nil {
			t.Fatalf("encode: %v", err)
		}
		got, _, _, err := c.decodeFull(data)
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		for i := range msgs {
			if string(got.Archive.ShadowedMessages[i]) != string(msgs[i]) {
				t.Fatalf("message %d not byte-exact", i)
			}
		}
		var want []int
		for i, m := range msgs {
			if _, err := Canonicalize(m); err != nil {
				want = append(want, i)
			}
		}
		if fmt.Sprint(got.Archive.RawMessages) != fmt.Sprint(want) {
			t.Fatalf("rawMessages %v, want %v", got.Archive.RawMessages, want)
		}
	})
}
