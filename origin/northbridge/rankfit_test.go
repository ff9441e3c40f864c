package northbridge_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/origin/taskorigin"
)

// TestRequestLimits: a goal, scope or freshness over its documented limit
// is a bad request, answered at once with a short message (a 10 MB goal
// took 33 s and 2.5 GB, echoed in the bundle); at the limit it is served.
func TestRequestLimits(t *testing.T) {
	root := t.TempDir()
	put(t, root, taskorigin.New("t1", "g"))
	req := func(goal string, scope []string, fresh string) []byte {
		b, _ := json.Marshal(map[string]any{"goal": goal, "scope": scope, "freshness": fresh})
		return b
	}
	many := make([]string, northbridge.MaxScopeEntries+1)
	for i := range many {
		many[i] = fmt.Sprintf("p%d", i)
	}
	for _, c := range []struct {
		name string
		data []byte
		bad  bool
	}{
		{"goal at the limit", req(strings.Repeat("g", northbridge.MaxGoalBytes), []string{"*"}, ""), false},
		{"goal over the limit", req(strings.Repeat("g", northbridge.MaxGoalBytes+1), []string{"*"}, ""), true},
		{"10 MB goal", req(strings.Repeat("semicolon decimal ", 10<<20/18), []string{"*"}, ""), true},
		{"scope entries at the limit", req("g", many[:northbridge.MaxScopeEntries], ""), false},
		{"too many scope entries", req("g", many, ""), true},
		{"long scope entry", req("g", []string{strings.Repeat("s", northbridge.MaxScopeEntryBytes+1)}, ""), true},
		{"long freshness", req("g", []string{"*"}, strings.Repeat("7", northbridge.MaxFreshnessBytes+1)+"d"), true},
		{"long kind", []byte(`{"kind":"` + strings.Repeat("k", 100000) + `","goal":"g","scope":["*"]}`), true},
	} {
		start := time.Now()
		out, err := northbridge.Answer(context.Background(), []string{root}, c.data, northbridge.Options{Tokenizer: tokenizer(t)})
		if c.bad != errors.Is(err, northbridge.ErrBadRequest) {
			t.Errorf("%s: %v (%d bytes out), want bad request %v", c.name, err, len(out), c.bad)
		}
		if err != nil && len(err.Error()) > 400 {
			t.Errorf("%s: the error is %d bytes long", c.name, len(err.Error()))
		}
		if d := time.Since(start); c.bad && d > 2*time.Second {
			t.Errorf("%s: refused after %v", c.name, d)
		}
	}
}

// putFacts writes task id in scope, updated at age before now, with the
// given verified facts (claim, source pairs).
func putFacts(t *testing.T, root, id, scope, goal string, age time.Duration, facts ...string) {
	s := taskorigin.New(id, goal)
	s.Scope = scope
	s.CurrentState = "working"
	s.NextSteps = []string{"go on"}
	for i := 0; i+1 < len(facts); i += 2 {
		s.Facts = append(s.Facts, taskorigin.Fact{Claim: facts[i], Source: facts[i+1], Verified: true})
	}
	at := time.Now().Add(-age)
	st, err := taskorigin.Open(root, taskorigin.Options{Now: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	d, err := taskorigin.FromState(s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Put(context.Background(), s.ID, d, taskorigin.ExpectNew); err != nil {
		t.Fatal(err)
	}
}

// TestRankingByGoalWords: a fact sharing more of the goal's words ranks
// above one sharing fewer, however rare the fewer are (BM25 alone put
// "cat exporter/csv_writer.py" above "decimal precision lost" for a goal
// about decimal precision in an export); a word found only in the source
// counts less than one in the claim; ties go to the newer task.
func TestRankingByGoalWords(t *testing.T) {
	root := t.TempDir()
	var facts []string
	for i := range 20 {
		facts = append(facts, fmt.Sprintf("decimal precision checked in module %d", i), fmt.Sprintf("tests/test_m%d.py", i))
	}
	facts = append(facts,
		"`cat exporter/csv_writer.py` ok: import csv", "exporter/csv_writer.py",
		"`make test` failed: decimal precision lost (2 != 4)", "tests/test_parquet.py",
		"notes on the writer", "exporter/parquet_export.py")
	putFacts(t, root, "swe1", "project:x", "port the exporter", time.Hour, facts...)
	b, err := northbridge.Build(context.Background(), []string{root},
		northbridge.Request{Goal: "fix decimal precision in parquet export", Scope: []string{"*"}, Budget: northbridge.Budget{Facts: 100}},
		northbridge.Options{Tokenizer: tokenizer(t)})
	if err != nil {
		t.Fatal(err)
	}
	pos := map[string]int{}
	for i, m := range b.Memory {
		pos[m.Claim] = i
		if i > 0 && m.Score > b.Memory[i-1].Score {
			t.Errorf("memory[%d] scores %v over memory[%d]'s %v", i, m.Score, i-1, b.Memory[i-1].Score)
		}
	}
	lost, csv, notes := pos["`make test` failed: decimal precision lost (2 != 4)"], pos["`cat exporter/csv_writer.py` ok: import csv"], pos["notes on the writer"]
	if lost > 20 || lost > csv {
		t.Errorf("the fact sharing two goal words is at %d, the csv_writer fact at %d", lost, csv)
	}
	if csv < 20 {
		t.Errorf("the csv_writer fact (one word) is at %d, above facts sharing two", csv)
	}
	if notes < csv {
		t.Errorf("a fact matching only by its source (%d) ranks above one matching in its claim (%d)", notes, csv)
	}
}

// TestTasksByRelevanceThenRecency: with scope "*", the task the goal is
// about comes first and is what a small budget keeps, not the newest
// one; among tasks equally related, the newest comes first.
func TestTasksByRelevanceThenRecency(t *testing.T) {
	root := t.TempDir()
	putFacts(t, root, "sqlfluff", "project:sqlfluff", "fix the doubled semicolon in delimited statements", 48*time.Hour,
		"the parser emits a doubled semicolon after a delimited block", "tests/test_delimited.py")
	putFacts(t, root, "inv2", "project:billing", "send invoices", time.Hour,
		"invoices go out on the first", "billing/schedule.md")
	putFacts(t, root, "old", "project:other", "tidy the docs", 72*time.Hour, "docs are tidy", "docs/README.md")
	tok := tokenizer(t)
	build := func(goal string, tokens int) *northbridge.Bundle {
		b, err := northbridge.Build(context.Background(), []string{root},
			northbridge.Request{Goal: goal, Scope: []string{"*"}, Budget: northbridge.Budget{Tokens: tokens}}, northbridge.Options{Tokenizer: tok})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	ids := func(b *northbridge.Bundle) []string {
		var out []string
		for _, s := range b.State {
			out = append(out, s.ID)
		}
		return out
	}
	if got := ids(build("doubled semicolon Delimited", 0)); strings.Join(got, " ") != "sqlfluff inv2 old" {
		t.Errorf("order %v, want the related task first, then the rest newest first", got)
	}
	small := build("doubled semicolon Delimited", 420)
	if got := ids(small); len(got) == 0 || got[0] != "sqlfluff" || !small.OverBudget {
		t.Errorf("budget 420 keeps %v (over_budget %v), want sqlfluff first", got, small.OverBudget)
	}
	// Near miss: a goal no task shares a word with keeps recency order.
	if got := ids(build("quarterly roadmap", 0)); strings.Join(got, " ") != "inv2 sqlfluff old" {
		t.Errorf("unrelated goal: order %v, want newest first", got)
	}
}

// TestOverBudgetNamesTheTokenCut: over_budget is set exactly when content
// was cut (or cut short) for the token budget, then a budget.tokens entry
// says so; a bundle that fits once its cut list is grouped is not over
// budget; every cut entry names its task or tasks.
func TestOverBudgetNamesTheTokenCut(t *testing.T) {
	root := t.TempDir()
	mixedCorpus(t, root, 5)
	tok := tokenizer(t)
	for _, facts := range []int{1, 5, 1000} {
		for tokens := 150; tokens <= 12000; tokens = tokens*3/2 + 1 {
			b, err := northbridge.Build(context.Background(), []string{root},
				northbridge.Request{Goal: "release build deploy fold", Scope: []string{"*"}, Budget: northbridge.Budget{Tokens: tokens, Facts: facts}},
				northbridge.Options{Tokenizer: tok})
			if err != nil {
				t.Fatal(err)
			}
			tokenCut := false
			for _, c := range b.Cut {
				if c.Reason == "budget.tokens" {
					tokenCut = true
				}
				if c.Task == "" && len(c.Tasks) == 0 {
					t.Errorf("tokens %d facts %d: cut entry %+v names no task", tokens, facts, c)
				}
			}
			for _, s := range b.State {
				tokenCut = tokenCut || s.Truncated
			}
			if b.OverBudget != tokenCut {
				t.Errorf("tokens %d facts %d: over_budget %v, token cut %v (estimate %d): %s", tokens, facts, b.OverBudget, tokenCut, b.TokenEstimate, b.Note)
			}
			if b.TokenEstimate > tokens && len(b.State)+len(b.Memory) > 0 {
				t.Errorf("tokens %d facts %d: estimate %d over the budget with content carried", tokens, facts, b.TokenEstimate)
			}
		}
	}
}

// TestUnknownScopeSaysWhichExist: a scope entry matching no task is named
// in the note with the scopes there are; a scope that matches says
// nothing of the kind.
func TestUnknownScopeSaysWhichExist(t *testing.T) {
	root := t.TempDir()
	putFacts(t, root, "a1", "project:alpha", "g", time.Hour)
	putFacts(t, root, "b1", "beta", "g", time.Hour)
	for _, c := range []struct {
		scope []string
		want  []string
	}{
		{[]string{"project:nonexistent"}, []string{`"project:nonexistent" matches no task`, "project:alpha (1 task(s))", "beta (1 task(s))"}},
		{[]string{"task:../../etc"}, []string{`"task:../../etc" matches no task`}},
		{[]string{"project:alpha", "project:alpah"}, []string{`"project:alpah" matches no task`}},
		{[]string{"project:alpha"}, nil},
		{[]string{"alpha", "project:beta"}, nil},
		{[]string{"task:b1"}, nil},
		{[]string{"*"}, nil},
	} {
		b, err := northbridge.Build(context.Background(), []string{root},
			northbridge.Request{Goal: "g", Scope: c.scope}, northbridge.Options{Tokenizer: tokenizer(t)})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(b.Note, w) {
				t.Errorf("scope %v: note %q does not say %q", c.scope, b.Note, w)
			}
		}
		if c.want == nil && strings.Contains(b.Note, "matches no task") {
			t.Errorf("scope %v: note %q", c.scope, b.Note)
		}
	}
}
