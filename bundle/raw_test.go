package bundle_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// hostile are message texts a host log can hold that are not I-JSON.
var hostile = []string{
	`{"text":"cut \ud83d"}`,       // lone high surrogate (JSON.stringify of a cut emoji)
	`{"text":"\udc00 low first"}`, // lone low surrogate
	"{\"text\":\"bad \xff\xfe\"}", // invalid UTF-8
	"{\"text\":\"\xed\xa0\x80\"}", // UTF-8-encoded surrogate
	`{"k":1,"k":2}`,               // duplicate member name
	`{"n":1e999}`,                 // number out of the double range
	`{"a":`,                       // not JSON at all
	``,                            // empty
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001), // deeper than encoding/json allows
	"\x00",
}

// archiveHashRef is the documented LogicalHash rule, written out.
func archiveHashRef(msgs []json.RawMessage) string {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, m := range msgs {
		if i > 0 {
			b.WriteByte(',')
		}
		if c, err := bundle.Canonicalize(m); err == nil {
			b.Write(c)
		} else {
			b.WriteByte(0)
			b.WriteString(strconv.Itoa(len(m)) + ":")
			b.Write(m)
		}
	}
	b.WriteByte(']')
	s := sha256.Sum256(b.Bytes())
	return "sha256:" + hex.EncodeToString(s[:])
}

func TestPutArchivesNonIJSONMessagesByteExact(t *testing.T) {
	s, _ := bundletest.MustOpen(t, bundle.Options{})
	deep := json.RawMessage(strings.Repeat("[", 5000) + strings.Repeat("]", 5000))
	msgs := []json.RawMessage{json.RawMessage(`{"role":"user","text":"fine"}`), deep}
	var want []int
	for _, h := range hostile {
		want = append(want, len(msgs))
		msgs = append(msgs, json.RawMessage(h))
	}
	b := bundletest.Bundle("s", "raw", msgs)
	b.Archive.LogicalHash, b.Archive.RawMessages = "", nil
	if got := bundle.RawIndexes(msgs); !slices.Equal(got, want) {
		t.Fatalf("RawIndexes = %v, want %v", got, want)
	}
	rc, err := s.Put(ctx, b)
	if err != nil {
		t.Fatalf("Put: %v", err)
	}
	if h := archiveHashRef(msgs); rc.LogicalHash != h {
		t.Fatalf("logicalHash %s, documented rule gives %s", rc.LogicalHash, h)
	}
	got, err := s.Get(ctx, "s", "raw")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Archive.RawMessages, want) {
		t.Errorf("rawMessages %v, want %v", got.Archive.RawMessages, want)
	}
	for i, m := range msgs {
		if !bytes.Equal(got.Archive.ShadowedMessages[i], m) {
			t.Errorf("message %d not byte-exact", i)
		}
	}
	pg, err := s.Page(ctx, "s", "raw", 2, 3)
	if err != nil || len(pg.Messages) != 3 || !bytes.Equal(pg.Messages[0], msgs[2]) {
		t.Fatalf("Page: %v %d", err, len(pg.Messages))
	}
	// Idempotent retry, and the 1,001-deep message is canonical now.
	if _, err := s.Put(ctx, b); err != nil {
		t.Fatalf("retry: %v", err)
	}
	if _, err := bundle.Canonicalize(deep); err != nil {
		t.Errorf("5,000-deep array: %v", err)
	}
}

// An archive of I-JSON messages hashes exactly as RFC 8785 over the array,
// as before raw messages existed (the golden bundle test pins the bytes).
func TestLogicalHashOfIJSONIsJCS(t *testing.T) {
	msgs := bundletest.Messages(3, 20, 200)
	arr, _ := json.Marshal(msgs)
	c, err := bundle.Canonicalize(arr)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := bundle.LogicalHash(msgs)
	if h != bundle.DigestBytes(c) || bundle.RawIndexes(msgs) != nil {
		t.Fatalf("logicalHash %s, JCS gives %s", h, bundle.DigestBytes(c))
	}
	// And raw framing cannot collide with a canonical message.
	a, _ := bundle.LogicalHash([]json.RawMessage{json.RawMessage(`"x"`)})
	b, _ := bundle.LogicalHash([]json.RawMessage{json.RawMessage("\x003:\"x\"")})
	if a == b {
		t.Fatal("raw and canonical encodings collide")
	}
	// Two canonical messages and one raw message holding their bytes.
	two, _ := bundle.LogicalHash([]json.RawMessage{json.RawMessage(`"x"`), json.RawMessage(`"y"`)})
	one, _ := bundle.LogicalHash([]json.RawMessage{json.RawMessage(`"x","y"`)})
	if two == one {
		t.Fatal("a raw message collides with the messages its bytes spell")
	}
}
