package projection

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
)

// TestCorpusConstraints runs the built-in proposer over every user and
// system message of the shared corpus. It prints how many constraints a
// rule word alone would give (every non-question sentence with one, at
// most maxConstraintsPerEvent a message: the proposer before it asked
// whom a sentence addresses and which lines are pasted reference) beside
// how many it proposes, and checks the hand-labelled sentences of
// testdata/constraints/corpus.txt: every rule stays a constraint and no
// noise becomes one.
func TestCorpusConstraints(t *testing.T) {
	root := testutil.CorpusDir(t, "")
	labels := readLabels(t, filepath.Join("testdata", "constraints", "corpus.txt"))
	files := testutil.CorpusFiles(t, "")
	if !testutil.LongWithoutRace(t) {
		// The short profile reads only the files the labels name (the
		// whole corpus takes about 35 s under -race).
		named := map[string]bool{}
		for _, l := range labels {
			named[l.file] = true
		}
		all := len(files)
		files = slices.DeleteFunc(files, func(p string) bool {
			rel, _ := filepath.Rel(root, p)
			return !named[filepath.ToSlash(rel)]
		})
		t.Logf("short profile: the %d of %d corpus files that hold labelled sentences (%s=1 reads all)", len(files), all, testutil.LongEnv)
	}
	msgs, ruleWord, proposed, maxRuleWord, maxProposed := 0, 0, 0, 0, 0
	found := map[int]bool{}
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		ims, err := importer.Import(f)
		if err != nil {
			continue
		}
		for _, im := range ims {
			s := im.Session
			have := false
			HostEvents(s, 0, s.Len()-1, nil, func(ev Event) {
				if ev.Role != RoleUser && ev.Role != RoleSystem {
					return
				}
				msgs++
				n := 0
				for _, st := range sentences(ev.Text) {
					if n < maxConstraintsPerEvent && len([]rune(st)) <= maxSentence && !questionRE.MatchString(st) && constraintRE.MatchString(st) {
						n++
					}
				}
				ruleWord += n
				maxRuleWord = max(maxRuleWord, n)
				var got []string
				for _, p := range (Deterministic{}).Propose(&ev, &Context{HaveObjective: have}) {
					if p.Kind == KindConstraint && p.Op == OpState {
						got = append(got, p.Value)
					}
				}
				have = true
				proposed += len(got)
				maxProposed = max(maxProposed, len(got))
				text := oneLine(ev.Text, 0)
				for i, l := range labels {
					if l.file != filepath.ToSlash(rel) || !strings.Contains(text, l.start) {
						continue
					}
					found[i] = true
					kept := false
					for _, g := range got {
						kept = kept || strings.HasPrefix(oneLine(g, 0), l.start)
					}
					if kept != (l.label == "rule") {
						t.Errorf("%s seq %d: %s %q proposed=%v", rel, ev.Seq, l.label, l.start, kept)
					}
				}
			})
		}
	}
	for i, l := range labels {
		if !found[i] {
			t.Errorf("labelled sentence not in the corpus: %s %q", l.file, l.start)
		}
	}
	t.Logf("%d user/system messages: %d constraints by rule word alone (at most %d a message), %d proposed (at most %d a message)", msgs, ruleWord, maxRuleWord, proposed, maxProposed)
}

type label struct{ file, label, start string }

func readLabels(t *testing.T, path string) []label {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []label
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.SplitN(line, "\t", 3)
		if len(p) != 3 || p[1] != "rule" && p[1] != "noise" {
			t.Fatalf("%s: bad line %q", path, line)
		}
		out = append(out, label{p[0], p[1], p[2]})
	}
	if len(out) == 0 {
		t.Fatal(fmt.Errorf("%s: no labels", path))
	}
	return out
}
