package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/foldcheck"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/validator"
)

// TestCorpusFoldKeepsVerdicts: for every session TestProjectionCorpus
// pins, the heads' verdicts after one, two and three folds are those of
// the whole log (the fold's guarantee, EF-RFC-001; projection's
// TestFoldKeepsVerdicts does the same over the golden scripts). The
// events are the session's as ApplyEvents feeds them. Two folds in the
// short profile (about 10 s over the five sessions), one, two and three
// in the long one.
func TestCorpusFoldKeepsVerdicts(t *testing.T) {
	list, err := os.ReadFile(filepath.Join("testdata", "projection", "sessions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	root := testutil.CorpusDir(t, "")
	counts := []int{2}
	if testutil.Long() {
		counts = []int{1, 2, 3}
	} else {
		t.Logf("two folds per session (%s=1: one, two and three)", testutil.LongEnv)
	}
	for _, line := range strings.Split(string(list), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		t.Run(line, func(t *testing.T) {
			t.Parallel()
			ims, err := importer.Import(filepath.Join(root, line))
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range ims {
				var evs []projection.Event
				projection.HostEvents(im.Session, 0, im.Session.Len()-1, validator.IsErrorResult, func(ev projection.Event) { evs = append(evs, ev) })
				for _, d := range foldcheck.Diff(evs, counts...) {
					t.Errorf("session %s: %s", im.Name, d)
				}
			}
		})
	}
}
