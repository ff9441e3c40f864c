package importer_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
)

// TestImportTornLastLine: every JSONL format reads a file whose last record
// was cut mid-JSON (a session still being written) as the file without that
// record, and says so in Torn; the same cut on an earlier line stays an
// error naming the line.
func TestImportTornLastLine(t *testing.T) {
	files := map[importer.Format]string{importer.FormatClaudeSDK: filepath.Join("testdata", "sdk-edge.jsonl")}
	for folder, f := range map[string]importer.Format{
		"openagents-claude-code":   importer.FormatClaudeCode,
		"openagents-autopilot-sdk": importer.FormatClaudeSDK,
		"openhands":                importer.FormatOpenHands,
	} {
		if ps := testutil.CorpusFiles(t, folder); len(ps) > 0 {
			files[f+"/corpus"] = ps[0]
		}
	}
	for name, p := range files {
		t.Run(string(name), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if cut := bytes.LastIndexByte(data[:min(len(data), shortTorn)], '\n') + 1; strings.HasSuffix(string(name), "/corpus") &&
				len(data) > shortTorn && bytes.Count(data[:cut], []byte("\n")) >= 3 && !testutil.Long() {
				t.Logf("short profile: the lines in the first %d of the file's %d bytes (%d KiB; %s=1 reads it whole)", cut, len(data), shortTorn>>10, testutil.LongEnv)
				data = data[:cut]
			}
			lines := strings.SplitAfter(strings.TrimRight(string(data), "\n"), "\n")
			if len(lines) < 3 {
				t.Fatalf("%s: %d lines, want at least 3", p, len(lines))
			}
			last := lines[len(lines)-1]
			whole := strings.Join(lines[:len(lines)-1], "")
			want, err := importer.ImportBytes("f.jsonl", []byte(whole))
			if err != nil {
				t.Fatalf("without the last line: %v", err)
			}
			for _, tail := range []string{"", "\n", "\n\n"} {
				torn := whole + last[:len(last)/2] + tail
				got, err := importer.ImportBytes("f.jsonl", []byte(torn))
				if err != nil {
					t.Fatalf("torn last line (tail %q): %v", tail, err)
				}
				if len(got) != len(want) {
					t.Fatalf("torn: %d sessions, want %d", len(got), len(want))
				}
				for i := range got {
					tt := got[i].Torn
					if tt == nil || tt.Line != len(lines) || tt.Bytes != len(strings.TrimSpace(last[:len(last)/2])) {
						t.Fatalf("torn (tail %q): Torn = %+v, want line %d", tail, tt, len(lines))
					}
					if want[i].Torn != nil {
						t.Fatalf("untorn file has Torn %+v", want[i].Torn)
					}
					if !reflect.DeepEqual(got[i].Stats, want[i].Stats) || !sameEvents(got[i], want[i]) {
						t.Fatalf("torn import differs from the file without its last line")
					}
				}
			}
			// A cut record before the last is damage, not a torn tail.
			mid := len(lines) - 2
			bad := strings.Join(lines[:mid], "") + lines[mid][:len(lines[mid])/2] + "\n" + strings.Join(lines[mid+1:], "")
			_, err = importer.ImportBytes("f.jsonl", []byte(bad))
			var ie *importer.Error
			if !errors.Is(err, importer.ErrMalformed) || !errors.As(err, &ie) || ie.Line != mid+1 {
				t.Fatalf("cut line %d: err %v, want ErrMalformed at that line", mid+1, err)
			}
			// A complete last line that is JSON but not a record is an error.
			_, err = importer.ImportBytes("f.jsonl", []byte(whole+`{"type":"user","message":7,"uuid":"u","timestamp":"t"}`))
			if !errors.As(err, &ie) || ie.Line != len(lines) {
				t.Fatalf("bad complete last line: err %v", err)
			}
		})
	}
}

// shortTorn is the size TestImportTornLastLine cuts a corpus file to, at
// a line end, in the short profile when that keeps the three lines the
// test needs (the corpus's Claude files are 2 MB, each imported six times
// here under -race; what the test checks is about the last lines).
const shortTorn = 256 << 10

func sameEvents(a, b importer.Imported) bool {
	ea, eb := a.Session.Events(), b.Session.Events()
	if len(ea) != len(eb) {
		return false
	}
	for i := range ea {
		if !bytes.Equal(ea[i].Encode(), eb[i].Encode()) {
			return false
		}
	}
	return true
}
