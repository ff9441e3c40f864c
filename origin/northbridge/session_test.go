package northbridge_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/origin/taskorigin"
)

func TestSessionStartLoadsAndSaysWhatItDropped(t *testing.T) {
	root := t.TempDir()
	cur := taskorigin.New("cur", "ship the fold engine")
	cur.Scope = "project:ef"
	cur.CurrentState = "leaf folds pass; root folds fail on CJK"
	cur.Constraints = []string{"never split a tool pair"}
	cur.Facts = []taskorigin.Fact{{Claim: "leaf folds keep the prefix", Verified: true, Source: "TestLeafFoldKeepsPrefix"}, {Claim: "CJK might be slow", Source: "a guess"}}
	cur.NextSteps = []string{"fix root folds on CJK"}
	for i := range 4 {
		o := taskorigin.New(fmt.Sprintf("other%d", i), "side task")
		o.Scope = "project:ef"
		for j := range 6 {
			o.Facts = append(o.Facts, taskorigin.Fact{Claim: fmt.Sprintf("fact %d of other%d about the store layout", j, i), Verified: true, Source: fmt.Sprintf("docs/o%d/f%d.md", i, j)})
		}
		put(t, root, o)
	}
	foreign := taskorigin.New("foreign", "another project")
	foreign.Scope = "project:other"
	foreign.Facts = []taskorigin.Fact{{Claim: "foreign fact", Verified: true, Source: "x/y.md"}}
	put(t, root, foreign)
	put(t, root, cur) // written last: the current task by default

	tok := tokenizer(t)
	sb, err := northbridge.SessionStart(context.Background(), root, northbridge.SessionOptions{Budget: 100000, Tokenizer: tok})
	if err != nil {
		t.Fatal(err)
	}
	if sb.Current != "cur" || sb.Tasks != 5 || sb.TasksLoaded != 5 || sb.Facts != 25 || sb.FactsLoaded != 25 || len(sb.Dropped) != 0 {
		t.Fatalf("generous budget: %+v", sb)
	}
	for _, want := range []string{"loaded 5/5 task(s)", "verified facts 25/25", "nothing dropped", "never split a tool pair", "fix root folds on CJK", "hypotheses", "fact 5 of other3"} {
		if !strings.Contains(sb.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, sb.Text)
		}
	}
	if strings.Contains(sb.Text, "foreign") {
		t.Fatal("a task of another scope entered")
	}
	if sb.Tokens != tok.CountText(sb.Text) {
		t.Fatalf("tokens %d, count %d", sb.Tokens, tok.CountText(sb.Text))
	}

	small, err := northbridge.SessionStart(context.Background(), root, northbridge.SessionOptions{Budget: sb.Tokens - 60, Tokenizer: tok})
	if err != nil {
		t.Fatal(err)
	}
	if small.Tokens > small.Budget || small.FactsLoaded >= 25 || len(small.Dropped) == 0 || !strings.Contains(small.Text, "not loaded:") {
		t.Fatalf("small budget: tokens %d/%d, facts %d, dropped %v\n%s", small.Tokens, small.Budget, small.FactsLoaded, small.Dropped, small.Text)
	}
	if !strings.Contains(small.Text, fmt.Sprintf("verified facts %d/25", small.FactsLoaded)) {
		t.Fatalf("header does not count what was loaded:\n%s", small.Text)
	}
	tiny, err := northbridge.SessionStart(context.Background(), root, northbridge.SessionOptions{Budget: 20, Tokenizer: tok})
	if err != nil {
		t.Fatal(err)
	}
	if !tiny.OverBudget || !strings.Contains(tiny.Text, "over budget") || !strings.Contains(tiny.Text, "fix root folds on CJK") || tiny.FactsLoaded != 0 {
		t.Fatalf("tiny budget: %+v\n%s", tiny, tiny.Text)
	}
	t.Logf("generous: %d tokens; small budget %d: %d tokens, %d/25 facts; tiny: %d tokens over a budget of 20", sb.Tokens, small.Budget, small.Tokens, small.FactsLoaded, tiny.Tokens)
}
