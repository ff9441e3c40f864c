package projection_test

import (
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/foldcheck"
	"github.com/epistemicfold/ef/projection"
)

// TestFoldKeepsHistory: for every golden script, the closed history ef
// state --all lists after one, two and three folds (the rebuilt state
// with projection.WithHistory) is the whole log's: its superseded values
// and decisions, resolved and retired failures, lifted rules, answered
// questions, done obligations, and the evidence and files it observed
// (trial 11: --all after a fold listed the heads alone).
func TestFoldKeepsHistory(t *testing.T) {
	eachGoldenScript(t, func(t *testing.T, _ string, evs []projection.Event) {
		for _, d := range foldcheck.HistoryDiff(evs, 1, 2, 3) {
			t.Errorf("%s", d)
		}
	})
}

const storehistScript = `> user
Use port 8080 for the dev server.
> assistant
Noted.
> user
Actually make it port 9090.
> assistant
Running the tests.
> call bash {"command":"go test ./..."}
> result error
--- FAIL: TestParse (0.00s)
FAIL
> assistant
Again.
> call bash {"command":"go test ./..."}
> result
ok  	example/p	0.01s
> user
Also keep the README short.
> assistant
Done.
`

// TestWithHistory: the closed history a fold took out of the snapshot
// comes back from the whole reading, the heads stay the rebuilt ones, and
// nothing is listed twice; without a whole reading only the rebuilt
// state's own anchors are listed.
func TestWithHistory(t *testing.T) {
	evs := scriptEvents(t, storehistScript)
	opts := projection.Options{SessionID: "s", KeepRetired: 1 << 16}
	whole := projection.New(opts)
	for _, e := range evs {
		whole.Apply(e)
	}
	folded, err := foldcheck.FoldedWith(evs, []int{len(evs) - 3}, opts)
	if err != nil {
		t.Fatal(err)
	}
	line := func(a *projection.Anchor) string { return string(a.Kind) + " " + a.Lifecycle + " " + a.Value }
	lines := func(as []*projection.Anchor) string {
		var s []string
		for _, a := range as {
			s = append(s, line(a))
		}
		return strings.Join(s, "\n")
	}
	wholeAll := lines(append(whole.Anchors(), whole.RetiredAnchors()...))
	bare := lines(append(folded.Anchors(), folded.RetiredAnchors()...))
	got, fromLog := projection.WithHistory(folded, whole)
	all := lines(got)
	for _, want := range []string{"value superseded 8080", "value current 9090", "failure resolved"} {
		if !strings.Contains(wholeAll, want) {
			t.Fatalf("the whole log lacks %q (the script reads otherwise now):\n%s", want, wholeAll)
		}
		if !strings.Contains(all, want) {
			t.Errorf("with history: no %q:\n%s", want, all)
		}
	}
	if strings.Contains(bare, "value superseded 8080") {
		t.Errorf("the snapshot kept the superseded value (the test no longer shows the gap):\n%s", bare)
	}
	if fromLog == 0 {
		t.Errorf("nothing came from the whole reading")
	}
	seen := map[string]bool{}
	for _, a := range got {
		k := line(a) + " " + a.Key
		if seen[k] {
			t.Errorf("listed twice: %s", k)
		}
		seen[k] = true
	}
	var heads []string
	for _, a := range got {
		if a.IsHead() {
			heads = append(heads, line(a))
		}
	}
	if want := lines(folded.Heads()); strings.Join(heads, "\n") != want {
		t.Errorf("heads:\n%s\nwant the rebuilt ones:\n%s", strings.Join(heads, "\n"), want)
	}
	// near misses: no whole reading, or none of either
	if as, n := projection.WithHistory(folded, nil); n != 0 || lines(as) != bare {
		t.Errorf("without a whole reading: %d from the log,\n%s\nwant\n%s", n, lines(as), bare)
	}
	if as, n := projection.WithHistory(nil, whole); as != nil || n != 0 {
		t.Errorf("nil reducer: %v %d", as, n)
	}
}
