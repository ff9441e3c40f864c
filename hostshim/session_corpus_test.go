package hostshim

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// TestCoreCorpusRoundTrip replays every DSH snapshot log line by line through
// the session model and checks byte-identical re-encoding and that every
// surface node derives a message.
func TestCoreCorpusRoundTrip(t *testing.T) {
	files := testutil.SnapshotLogs(t)
	warned := 0
	defer func() { t.Logf("%d logs, %d with lenient provenance warnings", len(files), warned) }()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<26)
		s := NewSession(filepath.Base(f), Gen01)
		s.Lenient = true
		line := 0
		for sc.Scan() {
			line++
			if line == 1 {
				continue
			}
			evs, err := DecodeRecord(sc.Bytes(), s.Len())
			if err != nil {
				t.Fatalf("%s:%d: %v", f, line, err)
			}
			for _, e := range evs {
				if err := s.AppendEvent(e); err != nil {
					t.Fatalf("%s:%d: %v", f, line, err)
				}
			}
			out, first := evs[0].StorageLine()
			if !first {
				t.Fatalf("%s:%d: first event of a record is not first in its line", f, line)
			}
			if !bytes.Equal(out, sc.Bytes()) {
				t.Fatalf("%s:%d: re-encoding differs\n got %.300s\nwant %.300s", f, line, out, sc.Bytes())
			}
		}
		if len(s.Warnings) > 0 {
			warned++
			t.Logf("%s: %d provenance warnings, first: %s", filepath.Base(f), len(s.Warnings), s.Warnings[0])
		}
		if _, err := s.Messages(); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, n := range s.Nodes() {
			if _, err := s.BalancedBefore(n); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
		}
	}
}
