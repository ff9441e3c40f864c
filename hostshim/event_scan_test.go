package hostshim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestDecodeEventScanMatchesDecoder: decodeEvent, which finds an event's
// members by scanning its line, decodes every line of the repository's
// and the corpus's DSH logs, and hand-made edge lines, exactly as the
// json.Decoder version it replaced (decodeEventDecoder): the same event
// (key order, data bytes) or the same error.
func TestDecodeEventScanMatchesDecoder(t *testing.T) {
	lines := [][]byte{
		[]byte(`{}`), []byte(`[]`), []byte(`"x"`), []byte(` { "type" : "user/message" , "data" : { "a" : [1, "}]\"" ,{}] } } `),
		[]byte(`{"type":"x","data":null,"type":"y"}`), []byte(`{"\u0074ype":"x","data":1}`), []byte(`{"type":"x","data":1,"extra":2}`),
		[]byte(`{"type":"x","seq":-1e3,"time":1.5,"data":"a\\\"b","ignorable":true,"sourceEventSeqs":[1,2]}`),
		[]byte("{\t\"type\"\r\n:\"x\",\"data\":{\"k\":\"\\\\\"}}"), []byte(`{"type":"x","data":{}`), []byte(`{"type":"","data":{}}`),
		[]byte(`{"type":"x","surfaceOp":{"append":true},"data":[{"a":"]"}]}`), []byte(`{"type":5,"data":{}}`),
	}
	var logs []string
	for _, pat := range []string{"testdata/logs/*.jsonl", "../engine/testdata/sessions/*.jsonl", "../importer/testdata/*.jsonl"} {
		m, _ := filepath.Glob(pat)
		logs = append(logs, m...)
	}
	if dir := os.Getenv("EF_SHARED_DIR"); dir != "" {
		m, _ := filepath.Glob(filepath.Join(dir, "corpus", "dsh-snapshots", "*.jsonl"))
		logs = append(logs, m...)
	}
	for _, p := range logs {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			lines = append(lines, bytes.Clone(sc.Bytes()))
		}
		f.Close()
	}
	for _, l := range lines {
		checkDecodeEventScan(t, l)
	}
	t.Logf("%d lines of %d logs", len(lines), len(logs))
}

// FuzzDecodeEventScan is TestDecodeEventScanMatchesDecoder on any line.
func FuzzDecodeEventScan(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkDecodeEventScan(t, line) })
}

func checkDecodeEventScan(t *testing.T, line []byte) {
	t.Helper()
	got, gerr := decodeEvent(line)
	want, werr := decodeEventDecoder(line)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) || (gerr == nil && !reflect.DeepEqual(got, want)) {
		t.Fatalf("%.200q: scan %+v %v, decoder %+v %v", line, got, gerr, want, werr)
	}
}

// decodeEventDecoder is decodeEvent as it was, with a json.Decoder finding
// the members (each decoded by decodeMember, as decodeEvent decodes them).
func decodeEventDecoder(line []byte) (Event, error) {
	var e Event
	if err := syntaxError(line); err != nil {
		return e, err
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return e, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return e, fmt.Errorf("event is not a JSON object")
	}
	seen := map[string]bool{}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return e, err
		}
		k := kt.(string)
		if seen[k] {
			return e, &FieldError{Field: k, Err: fmt.Errorf("duplicate key")}
		}
		seen[k] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return e, &FieldError{Field: k, Err: err}
		}
		if err := e.decodeMember(k, raw); err != nil {
			return e, err
		}
	}
	if _, err := dec.Token(); err != nil {
		return e, err
	}
	if dec.More() {
		return e, fmt.Errorf("trailing data after event")
	}
	return e, e.complete()
}
