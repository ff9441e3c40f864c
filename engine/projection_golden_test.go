package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/projection"
)

// TestProjectionCorpus pins the projection of real sessions from the shared
// corpus (testdata/projection/sessions.txt): the heads ProjectLog derives,
// one line each, in testdata/projection/<name>.golden. EF_UPDATE=1
// rewrites them; review the diff.
//
// ProjectLog runs on one goroutine, so under -race the long profile pins
// every third session from the second (a DSH snapshot and the Claude Code
// log: a fifth of the time), and .ci/run's step without -race pins all;
// elsewhere every run pins all.
func TestProjectionCorpus(t *testing.T) {
	list, err := os.ReadFile(filepath.Join("testdata", "projection", "sessions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	root := testutil.CorpusDir(t, "")
	share := testutil.Long() && testutil.Race
	if share {
		t.Logf("under -race: every third session from the second (.ci/run's step without -race pins all)")
	}
	n := 0
	for _, line := range strings.Split(string(list), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		if share && n%3 != 2 {
			continue
		}
		t.Run(line, func(t *testing.T) {
			ims, err := importer.Import(filepath.Join(root, line))
			if err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			for _, im := range ims {
				r := ProjectLog(im.Session, projection.Options{})
				fmt.Fprintf(&sb, "session %s: %d events, %d hot anchors, %d heads\n", im.Name, im.Session.Len(), len(r.Anchors()), len(r.Heads()))
				for _, a := range r.Heads() {
					v := strings.Join(strings.Fields(a.Value), " ")
					if r := []rune(v); len(r) > 160 {
						v = string(r[:160]) + "…"
					}
					if a.Was != "" {
						v += " (was " + a.Was + ")"
					}
					fmt.Fprintf(&sb, "  %s %s [%s/%s] @%d %s = %s\n", a.ID, a.Kind, a.Lifecycle, a.Authority, a.Seq(), a.Key, v)
				}
			}
			name := strings.NewReplacer("/", "__").Replace(line) + ".golden"
			gf := filepath.Join("testdata", "projection", name)
			testutil.Golden(t, gf, []byte(sb.String()))
		})
	}
}
