package projection

import (
	"strings"
	"testing"
)

// TestNumberedHypotheses: hypotheses listed by number under a label are
// one each, and a verdict naming the number after a run closes that one
// ("假设 2 不成立" refutes 2, "假设 1 成立" confirms 1); a verdict before any
// run closes nothing, and a numbered plan is no list of hypotheses.
func TestNumberedHypotheses(t *testing.T) {
	for _, c := range []struct {
		list, verdict string
		want          map[string]string // item's words → lifecycle
	}{
		{"两个假设：1) tag 是 varchar(1024)，utf8mb4 下 4096 字节超过 3072，索引超长；2) Flyway 版本太旧，不支持 MySQL 8。",
			"flyway 8.5.13 原生支持 MySQL 8，假设 2 不成立。假设 1 成立：4096 字节超过 3072 上限。",
			map[string]string{"3072": Established, "Flyway 版本太旧": Rejected}},
		{"Two hypotheses:\n1. the pool is too small for the batch workers\n2. the statement timeout kills the long inserts",
			"Hypothesis 1 is ruled out: the pool has 40 free connections. Hypothesis 2 holds.",
			map[string]string{"pool is too small": Rejected, "statement timeout": Established}},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Fix the import."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: c.list, Calls: []Call{{ID: "c1", Name: "run_shell_command", Args: map[string]any{"command": "mvn dependency:tree"}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Result: &Result{CallID: "c1"}, Text: "ok"})
		r.Apply(Event{Seq: 3, Role: RoleAssistant, Text: c.verdict})
		for words, lc := range c.want {
			found := false
			for _, a := range r.Anchors() {
				if a.Kind == KindUncertainty && strings.Contains(a.Value, words) {
					found = true
					if a.Lifecycle != lc {
						t.Errorf("%q: %s, want %s", a.Value, a.Lifecycle, lc)
					}
				}
			}
			if !found {
				t.Errorf("no hypothesis %q in %q", words, c.list)
			}
		}
	}
	// no run since the list: the verdict closes nothing
	r := New(Options{})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Fix the import."})
	r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "Two hypotheses: 1) the pool is too small for the workers; 2) the timeout kills the inserts."})
	r.Apply(Event{Seq: 2, Role: RoleAssistant, Text: "Hypothesis 2 is confirmed, no doubt."})
	for _, a := range r.Anchors() {
		if a.Kind == KindUncertainty && a.Lifecycle != HypothesisLC {
			t.Errorf("closed with no run: %q %s", a.Value, a.Lifecycle)
		}
	}
	if p, _ := hypothesisList("Plan: 1) add the index; 2) rerun the import."); p != nil {
		t.Errorf("a plan read as hypotheses: %v", p)
	}
	if v := numberedVerdicts("I read hypothesis 2 again."); v != nil {
		t.Errorf("no verdict: %v", v)
	}
}
