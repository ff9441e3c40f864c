package hostshim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// eventLines is the storage view of a session: the lines a writer emits.
func eventLines(s *Session) []string {
	var out []string
	for _, e := range s.Events() {
		if line, first := e.StorageLine(); first {
			out = append(out, string(line))
		}
	}
	return out
}

// TestLogCorpusRoundTrip reads every corpus log with ReadSession and writes
// it back: plain gives byte-identical files, zstd gives the same events.
func TestLogCorpusRoundTrip(t *testing.T) {
	tmp := t.TempDir()
	for i, f := range testutil.SnapshotLogs(t) {
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ReadSession(f, LogOptions{Lenient: true})
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		if s.Gen != Gen01 || s.Header.Version != 0 {
			t.Fatalf("%s: version %d gen %v, want 0 / Gen01", f, s.Header.Version, s.Gen)
		}
		plain := filepath.Join(tmp, fmt.Sprintf("%d.jsonl", i))
		if err := WriteSession(plain, s, LogOptions{}); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(plain)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: plain rewrite differs (%d vs %d bytes)", filepath.Base(f), len(got), len(want))
		}
		if fi, _ := os.Stat(plain); fi.Mode().Perm() != 0o600 {
			t.Fatalf("mode %v, want 0600", fi.Mode().Perm())
		}

		zpath := filepath.Join(tmp, fmt.Sprintf("%d.jsonl.zstd", i))
		if err := WriteSession(zpath, s, LogOptions{}); err != nil {
			t.Fatal(err)
		}
		z, err := ReadSession(zpath, LogOptions{Lenient: true})
		if err != nil {
			t.Fatalf("zstd read back: %v", err)
		}
		if !bytes.Equal(z.Header.Raw, s.Header.Raw) || z.Len() != s.Len() {
			t.Fatalf("%s: zstd round trip: header or length differs (%d vs %d)", filepath.Base(f), z.Len(), s.Len())
		}
		a, b := eventLines(s), eventLines(z)
		if strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Fatalf("%s: zstd round trip events differ", filepath.Base(f))
		}
		if !slices.Equal(s.Nodes(), z.Nodes()) {
			t.Fatalf("%s: surfaces differ", filepath.Base(f))
		}
	}
}

// TestLogCommittedSamples checks the sample logs the README points at.
func TestLogCommittedSamples(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "logs", "*.jsonl"))
	if len(files) < 2 {
		t.Fatalf("want at least 2 sample logs in testdata/logs, found %d", len(files))
	}
	for _, f := range files {
		s, err := ReadSession(f, LogOptions{Lenient: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Nodes()) == 0 {
			t.Fatalf("%s: empty surface", f)
		}
	}
}

const testHeader = `{"type":"session","version":0,"id":"s1","createdAt":1,"cwd":"/w","delegationDepth":0}`

// small valid Gen01 records.
var (
	recUser      = `{"type":"user/message","data":{"role":"user","content":[{"type":"text","text":"hi"}]},"surfaceOp":"append"}`
	recTurnStart = `{"type":"turn/start","data":{"turn":1}}`
	recTextRow   = `{"type":"text-chunks","data":{"turn":1,"step":1,"index":0,"dt":[1,1],"texts":["a","b","c"]}}`
)

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func readAll(t *testing.T, path string) ([]Event, *LogReader, error) {
	t.Helper()
	r, err := OpenLog(path, LogOptions{})
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	var evs []Event
	for {
		e, err := r.Next()
		if err == io.EOF {
			return evs, r, nil
		}
		if err != nil {
			return evs, r, err
		}
		evs = append(evs, e)
	}
}

func TestLogTruncatedTailPlain(t *testing.T) {
	full := testHeader + "\n" + recTurnStart + "\n" + recTextRow + "\n" + recUser + "\n"
	// Cut inside the last line: no newline, invalid JSON → skipped, reported.
	for cut := 1; cut < len(recUser); cut += 7 {
		p := writeFile(t, "s.jsonl", full[:len(full)-1-cut])
		evs, r, err := readAll(t, p)
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		if len(evs) != 4 {
			t.Fatalf("cut %d: %d events, want 4 (turn/start + 3 chunks)", cut, len(evs))
		}
		tr := r.Truncated()
		if tr == nil || tr.Line != 4 || tr.Bytes != len(recUser)-cut {
			t.Fatalf("cut %d: truncated = %+v", cut, tr)
		}
		s, err := ReadSession(p, LogOptions{})
		if err != nil || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "torn tail") {
			t.Fatalf("cut %d: ReadSession: %v %q", cut, err, s.Warnings)
		}
	}
	// Missing only the final newline: the record is complete and kept.
	p := writeFile(t, "s.jsonl", full[:len(full)-1])
	evs, r, err := readAll(t, p)
	if err != nil || len(evs) != 5 || r.Truncated() != nil {
		t.Fatalf("unterminated complete line: %d events, %v, %+v", len(evs), err, r.Truncated())
	}
}

func TestLogTruncatedTailZstd(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.jsonl.zstd")
	h, _, err := ParseHeader([]byte(testHeader))
	if err != nil {
		t.Fatal(err)
	}
	w, err := CreateLog(p, h, LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession("s1", Gen01)
	var sizes []int64
	for i := 0; i < 4; i++ {
		var batch []Event
		for j := 0; j < 3; j++ {
			e, err := s.Append(TypeUserMessage, Message{Role: RoleUser, Content: []Block{TextBlock(strings.Repeat(fmt.Sprintf("batch %d line %d ", i, j), 50))}}, AppendOptions{SurfaceOp: AppendOp})
			if err != nil {
				t.Fatal(err)
			}
			batch = append(batch, e)
		}
		if err := w.Append(batch...); err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(p)
		sizes = append(sizes, fi.Size())
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	if !bytes.HasPrefix(data, []byte(zstdMagic)) {
		t.Fatal("not zstd")
	}
	// Every cut inside the last frame keeps the 9 events of complete frames.
	for cut := sizes[2] + 1; cut < sizes[3]; cut += 13 {
		q := filepath.Join(dir, "cut.jsonl.zstd")
		os.WriteFile(q, data[:cut], 0o600)
		evs, r, err := readAll(t, q)
		if err != nil {
			t.Fatalf("cut at %d of %d: %v", cut, len(data), err)
		}
		if len(evs) < 9 || len(evs) > 11 || r.Truncated() == nil {
			t.Fatalf("cut at %d: %d events, truncated %+v", cut, len(evs), r.Truncated())
		}
	}
	// A cut exactly at a frame boundary is a clean, shorter log.
	q := filepath.Join(dir, "cut.jsonl.zstd")
	os.WriteFile(q, data[:sizes[2]], 0o600)
	if evs, r, err := readAll(t, q); err != nil || len(evs) != 9 || r.Truncated() != nil {
		t.Fatalf("frame boundary: %d events, %v, %+v", len(evs), err, r.Truncated())
	}
	// A cut inside the header frame is not a log.
	os.WriteFile(q, data[:10], 0o600)
	if _, _, err := readAll(t, q); err == nil {
		t.Fatal("want an error for a log without a complete header")
	}
	// Garbage after the last frame is damage, not a torn tail.
	os.WriteFile(q, append(bytes.Clone(data), "hello"...), 0o600)
	if _, _, err := readAll(t, q); !errors.Is(err, ErrLogCorrupt) {
		t.Fatalf("trailing garbage: %v", err)
	}
	// A cut inside the next frame's magic is a torn tail.
	os.WriteFile(q, append(bytes.Clone(data), 0x28, 0xb5), 0o600)
	if evs, r, err := readAll(t, q); err != nil || len(evs) != 12 || r.Truncated() == nil {
		t.Fatalf("torn magic: %d events, %v", len(evs), err)
	}
	// Damage before the tail is an error, not a torn tail.
	bad := bytes.Clone(data)
	bad[sizes[0]+20] ^= 0xff
	os.WriteFile(q, bad, 0o600)
	if _, _, err := readAll(t, q); err == nil {
		t.Fatal("want an error for a damaged middle frame")
	}
}

func TestLogMalformedLines(t *testing.T) {
	cases := []struct {
		name    string
		content string
		line    int
		field   string
		is      error
	}{
		{"bad json", testHeader + "\n" + recTurnStart + "\n{\"type\":\n" + recUser + "\n", 3, "", nil},
		{"unknown key", testHeader + "\n" + `{"type":"turn/start","data":{},"bogus":1}` + "\n", 2, "bogus", nil},
		{"bad surfaceOp", testHeader + "\n" + recTurnStart + "\n" + `{"type":"user/message","data":{"content":[]},"surfaceOp":"prepend"}` + "\n", 3, "surfaceOp", nil},
		{"seq disagrees", testHeader + "\n" + `{"type":"turn/start","seq":5,"data":{}}` + "\n", 2, "seq", nil},
		{"no data", testHeader + "\n" + `{"type":"turn/start"}` + "\n", 2, "data", nil},
		{"bad row", testHeader + "\n" + `{"type":"text-chunks","data":{"turn":1,"step":1,"index":0,"dt":[1],"texts":["a","b","c"]}}` + "\n", 2, "", nil},
		{"empty line", testHeader + "\n\n" + recTurnStart + "\n", 2, "", nil},
		{"header not json", "hello\n" + recTurnStart + "\n", 1, "", ErrLogHeader},
		{"header wrong type", `{"type":"turn/start","data":{}}` + "\n", 1, "type", ErrLogHeader},
		{"header no id", `{"type":"session","version":0}` + "\n", 1, "id", ErrLogHeader},
		{"header bad createdAt", `{"type":"session","version":0,"id":"x","createdAt":"x"}` + "\n", 1, "createdAt", ErrLogHeader},
		{"unknown version", `{"type":"session","version":7,"id":"x","createdAt":0}` + "\n", 1, "version", ErrUnsupportedVersion},
		{"empty file", "", 1, "", ErrLogHeader},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := writeFile(t, "bad.jsonl", c.content)
			_, _, err := readAll(t, p)
			var le *LogError
			if !errors.As(err, &le) {
				t.Fatalf("want *LogError, got %v", err)
			}
			if le.Path != p || le.Line != c.line || le.Field != c.field {
				t.Fatalf("got path %q line %d field %q (%v); want line %d field %q", le.Path, le.Line, le.Field, err, c.line, c.field)
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Fatalf("%v is not %v", err, c.is)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("%s:%d", p, c.line)) {
				t.Fatalf("message %q does not name file:line", err)
			}
			if c.field != "" && !strings.Contains(err.Error(), `"`+c.field+`"`) {
				t.Fatalf("message %q does not name the field", err)
			}
		})
	}
}

func TestLogSessionErrorsNameField(t *testing.T) {
	// A replacement naming a seq not on the surface is refused by the
	// session model, at the line that carries it.
	content := testHeader + "\n" + recUser + "\n" + `{"type":"user/message","data":{"content":[{"type":"text","text":"x"}]},"sourceEventSeqs":[0],"surfaceOp":{"op":"replace","start":0,"end":9}}` + "\n"
	p := writeFile(t, "bad.jsonl", content)
	_, err := ReadSession(p, LogOptions{})
	var le *LogError
	if !errors.As(err, &le) || le.Line != 3 || le.Field != "surfaceOp" || !errors.Is(err, ErrBadReplace) {
		t.Fatalf("got %v", err)
	}
}

func TestLogLineTooLong(t *testing.T) {
	long := `{"type":"user/message","data":{"content":[{"type":"text","text":"` + strings.Repeat("x", 5000) + `"}]},"surfaceOp":"append"}`
	p := writeFile(t, "long.jsonl", testHeader+"\n"+long+"\n")
	r, err := OpenLog(p, LogOptions{MaxLineBytes: 4096})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	_, err = r.Next()
	var le *LogError
	if !errors.As(err, &le) || le.Line != 2 || !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("got %v", err)
	}
	// Exactly at the limit is fine.
	r2, err := OpenLog(p, LogOptions{MaxLineBytes: len(long)})
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	if _, err := r2.Next(); err != nil {
		t.Fatal(err)
	}
}

func TestLogVersion4IsGen017(t *testing.T) {
	head := `{"type":"session","version":4,"id":"v4","createdAt":5,"delegationDepth":0}`
	tool := `{"type":"assistant/message","data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"tool-call","id":"c1","name":"bash","arguments":"{}"}]}},"surfaceOp":"append"}`
	res := `{"type":"tool/result","data":{"turn":1,"step":1,"message":{"role":"tool","toolCallId":"c1","content":[{"type":"text","text":"ok"}]}},"surfaceOp":"append"}`
	sys := `{"type":"system/message","data":{"turn":1,"step":1,"message":{"role":"system","content":[{"type":"text","text":"be brief"}]}},"surfaceOp":"append"}`
	p := writeFile(t, "v4.jsonl", head+"\n"+sys+"\n"+tool+"\n"+res+"\n")
	s, err := ReadSession(p, LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Gen != Gen017 || s.Header.Version != 4 || len(s.Nodes()) != 3 {
		t.Fatalf("gen %v version %d nodes %v", s.Gen, s.Header.Version, s.Nodes())
	}
	// Missing version means 0.
	h, gen, err := ParseHeader([]byte(`{"type":"session","id":"x","createdAt":0}`))
	if err != nil || gen != Gen01 || h.Version != 0 {
		t.Fatalf("missing version: %v %v %v", h, gen, err)
	}
}

func TestLogWriterRules(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "w.jsonl")
	w, err := CreateLog(p, Header{ID: "built", CreatedAt: 7, Cwd: "/x"}, LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CreateLog(p, Header{ID: "again"}, LogOptions{}); err == nil || !errors.Is(err, os.ErrExist) {
		t.Fatalf("existing file must not be overwritten: %v", err)
	}
	s := NewSession("built", Gen01)
	e0, _ := s.Append(TypeTurnStart, TurnData{Turn: 1}, AppendOptions{})
	e1, _ := s.Append(TypeUserMessage, Message{Role: RoleUser, Content: []Block{TextBlock("<b>&</b>")}}, AppendOptions{SurfaceOp: AppendOp})
	if err := w.Append(e1); !errors.Is(err, ErrNotContiguous) {
		t.Fatalf("out-of-order append: %v", err)
	}
	if err := w.Append(e0, e1); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal("Close must be idempotent")
	}
	if err := w.Append(e0); !errors.Is(err, ErrLogClosed) {
		t.Fatalf("append after close: %v", err)
	}
	got, _ := os.ReadFile(p)
	want := `{"type":"session","version":0,"id":"built","createdAt":7,"cwd":"/x","delegationDepth":0}` + "\n" +
		`{"type":"turn/start","data":{"turn":1}}` + "\n" +
		`{"type":"user/message","data":{"role":"user","content":[{"type":"text","text":"<b>&</b>"}]},"surfaceOp":"append"}` + "\n"
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// A Gen017 session writes a version 4 header.
	s17 := NewSession("g17", Gen017)
	s17.Append(TypeUserMessage, Message{Role: RoleUser, Content: []Block{TextBlock("x")}}, AppendOptions{SurfaceOp: AppendOp})
	q := filepath.Join(dir, "g17.jsonl.zst")
	if err := WriteSession(q, s17, LogOptions{}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSession(q, LogOptions{})
	if err != nil || back.Gen != Gen017 || back.ID != "g17" || back.Len() != 1 {
		t.Fatalf("g17: %v %+v", err, back)
	}
	var hdr map[string]any
	json.Unmarshal(back.Header.Raw, &hdr)
	if hdr["version"] != float64(4) {
		t.Fatalf("header %s", back.Header.Raw)
	}
	// Readers go by the magic bytes, not the name.
	for _, c := range []struct {
		name string
		comp Compression
		zstd bool
	}{{"zstd-named-plain.jsonl", CompressionZstd, true}, {"plain-named-zstd.jsonl.zstd", CompressionNone, false}} {
		q := filepath.Join(dir, c.name)
		if err := WriteSession(q, s17, LogOptions{Compression: c.comp}); err != nil {
			t.Fatal(err)
		}
		r, err := OpenLog(q, LogOptions{})
		if err != nil {
			t.Fatal(err)
		}
		e, err := r.Next()
		r.Close()
		if err != nil || r.Compressed() != c.zstd || e.Type != TypeUserMessage {
			t.Fatalf("%s: compressed=%v, %v", c.name, r.Compressed(), err)
		}
	}
}
