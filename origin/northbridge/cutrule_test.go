package northbridge_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/origin/taskorigin"
)

// bigTask is a handoff of a long session: a goal, a rule, two next steps,
// a long verification and 100 facts, fact 99 the newest.
func bigTask(id string) *taskorigin.State {
	s := taskorigin.New(id, "fix the doubled semicolon parse error")
	s.Scope = "project:sql"
	s.Constraints = []string{"do not modify the tests"}
	s.CurrentState = "1 open failure: `python test_edge.py` fails on 'select a; ; select b'"
	s.NextSteps = []string{"fix the open failure of `python test_edge.py`", "rerun test/core/parser"}
	s.Decisions = []taskorigin.Decision{{What: "skip empty statements in Delimited", Why: "the grammar allows them"}}
	s.Verification = strings.Repeat("`python test_edge.py` failed: Dropped elements: open (events 326); ", 20)
	for i := range 100 {
		s.Facts = append(s.Facts, taskorigin.Fact{Claim: fmt.Sprintf("fact number %d about the delimiter grammar and its segments", i), Verified: true, Source: fmt.Sprintf("src/parser/grammar/f%d.py", i)})
	}
	return s
}

// The session-start bundle honours its budget: facts go first (the
// oldest first) and are counted in the header with how to read them;
// goal, rules, current state and next steps stay, and come before the
// facts. Budgets of different sizes give different texts, each within
// its budget; a budget the task fits in drops nothing.
func TestSessionStartHonoursItsBudget(t *testing.T) {
	root := t.TempDir()
	put(t, root, bigTask("swe1"))
	tok := tokenizer(t)
	texts := map[string]int{}
	for _, budget := range []int{300, 600, 2000, 100000} {
		sb, err := northbridge.SessionStart(context.Background(), root, northbridge.SessionOptions{Task: "swe1", Budget: budget, Tokenizer: tok})
		if err != nil {
			t.Fatal(err)
		}
		texts[sb.Text] = budget
		if sb.Tokens > budget || sb.OverBudget || sb.Truncated || sb.Tokens != tok.CountText(sb.Text) {
			t.Fatalf("budget %d: %d tokens, over %v, truncated %v", budget, sb.Tokens, sb.OverBudget, sb.Truncated)
		}
		for _, want := range []string{"goal: fix the doubled semicolon", "do not modify the tests", "1 open failure", "rerun test/core/parser"} {
			if !strings.Contains(sb.Text, want) {
				t.Fatalf("budget %d: must-keep %q missing:\n%s", budget, want, sb.Text)
			}
		}
		if i, j := strings.Index(sb.Text, "next steps:"), strings.Index(sb.Text, "verified facts:"); j >= 0 && j < i {
			t.Fatalf("budget %d: facts before next steps:\n%s", budget, sb.Text)
		}
		if budget == 100000 {
			if len(sb.Dropped) != 0 || sb.FactsLoaded != 100 || !strings.Contains(sb.Text, "nothing dropped") {
				t.Fatalf("generous budget dropped: %v", sb.Dropped)
			}
			continue
		}
		dropped := 100 - sb.FactsLoaded
		if dropped == 0 || !strings.Contains(sb.Text, fmt.Sprintf("%d of 100 fact(s)", dropped)) || !strings.Contains(sb.Text, "ef origin show "+root+" --task swe1") {
			t.Fatalf("budget %d: the drop is not said (%d loaded):\n%s", budget, sb.FactsLoaded, sb.Text)
		}
		if sb.FactsLoaded > 0 && (!strings.Contains(sb.Text, "fact number 99 ") || strings.Contains(sb.Text, "fact number 0 ")) {
			t.Fatalf("budget %d: not the newest facts kept:\n%s", budget, sb.Text)
		}
	}
	if len(texts) != 4 {
		t.Fatalf("budgets gave %d distinct texts, want 4", len(texts))
	}
}

// Only when the must-keep part alone is over the budget is it cut, by the
// rule Build cuts a state[] entry by (goal, constraints, current state,
// next steps), marked and said; a budget under even the header gives it
// whole and says over budget.
func TestSessionStartCutsMustKeepLikeBuild(t *testing.T) {
	root := t.TempDir()
	s := bigTask("long")
	s.CurrentState = strings.Repeat("the migration of shard replicas is half done; ", 200)
	put(t, root, s)
	tok := tokenizer(t)
	sb, err := northbridge.SessionStart(context.Background(), root, northbridge.SessionOptions{Budget: 400, Tokenizer: tok})
	if err != nil {
		t.Fatal(err)
	}
	if sb.Tokens > 400 || !sb.Truncated || sb.OverBudget || !strings.Contains(sb.Text, "⚠ cut: even the current task's goal") ||
		!strings.Contains(sb.Text, "goal: fix the doubled semicolon parse error\n") || !strings.Contains(sb.Text, "do not modify the tests") ||
		!regexp.MustCompile(`(?m)^current state: the migration of shard replicas[^\n]*…$`).MatchString(sb.Text) || strings.Contains(sb.Text, "rerun test/core/parser") {
		t.Fatalf("must-keep cut: %d tokens, truncated %v, over %v:\n%s", sb.Tokens, sb.Truncated, sb.OverBudget, sb.Text)
	}
	b, err := northbridge.Build(context.Background(), []string{root}, northbridge.Request{Goal: "semicolon", Scope: []string{"*"}, Budget: northbridge.Budget{Tokens: 300}}, northbridge.Options{Tokenizer: tok})
	if err != nil {
		t.Fatal(err)
	}
	if st := b.State[0]; !st.Truncated || st.Goal != s.Goal || len(st.Constraints) != 1 || !strings.HasSuffix(st.CurrentState, "…") || len(st.NextSteps) != 0 {
		t.Fatalf("Build cut by another rule: %+v", st)
	}
	tiny, err := northbridge.SessionStart(context.Background(), root, northbridge.SessionOptions{Budget: 10, Tokenizer: tok})
	if err != nil {
		t.Fatal(err)
	}
	if !tiny.OverBudget || tiny.Truncated || !strings.Contains(tiny.Text, "rerun test/core/parser") {
		t.Fatalf("a hopeless budget: over %v, truncated %v:\n%s", tiny.OverBudget, tiny.Truncated, tiny.Text)
	}
}

// The other tasks' facts go before the current task's, each task's oldest
// first (the trial kept the first fact chronologically, the least useful).
func TestSessionStartCarriesNewestFacts(t *testing.T) {
	root := t.TempDir()
	put(t, root, bigTask("older"))
	cur := taskorigin.New("cur", "ship the decimal export")
	cur.Scope = "project:sql"
	cur.NextSteps = []string{"switch to decimal128"}
	cur.Facts = []taskorigin.Fact{{Claim: "the export keeps 4 decimals", Verified: true, Source: "exporter/parquet.py"}}
	put(t, root, cur)
	sb, err := northbridge.SessionStart(context.Background(), root, northbridge.SessionOptions{Task: "cur", Budget: 500, Tokenizer: tokenizer(t)})
	if err != nil {
		t.Fatal(err)
	}
	if sb.Tokens > 500 || !strings.Contains(sb.Text, "the export keeps 4 decimals") || !strings.Contains(sb.Text, "fact number 99 ") || strings.Contains(sb.Text, "fact number 0 ") ||
		!strings.Contains(sb.Text, "verified fact(s) of task older (budget)") {
		t.Fatalf("carry:\n%s", sb.Text)
	}
}
