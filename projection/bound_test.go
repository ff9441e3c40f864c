package projection

import (
	"strings"
	"testing"
)

// An end of a rule's range moved by an amount restates the rule with the
// new end; a sentence that names nothing of the rule, or a rule holding
// two ranges, changes nothing.
func TestRangeEndMoved(t *testing.T) {
	for _, c := range []struct {
		rule, change, want string // want: the rule's text after, "" for unchanged
	}{
		{"Regole:\n- il darkness della stampante tienilo tra 18 e 22, sopra sbava e sotto il verificatore ci da C", "ah e il darkness alza il minimo di 2, col rotolo nuovo a 18 viene grigio", "tra 20 (was 18) e 22"},
		{"keep the worker pool between 4 and 16, never more.", "worker pool: lower the maximum by 4", "between 4 and 12 (was 16)"},
		{"连接池必须在 10 到 50 之间。", "连接池上限提高 30", "10 到 80 (was 50)"},
		{"keep the worker pool between 4 and 16, never more.", "raise the minimum by 2 on the retry budget", ""},
		{"the worker pool must stay between 4 and 16 and the queue between 1 and 9.", "worker pool: raise the minimum by 2", ""},
	} {
		r := userSays("We're tuning the line.", c.rule, c.change)
		var rules []string
		for _, a := range r.Heads() {
			if a.Kind == KindConstraint {
				rules = append(rules, a.Value)
			}
		}
		if len(rules) != 1 {
			t.Fatalf("%q: rules %q, want one", c.rule, rules)
		}
		if c.want == "" && strings.Contains(rules[0], "was") || c.want != "" && !strings.Contains(rules[0], c.want) {
			t.Errorf("%q then %q: rule %q, want %q", c.rule, c.change, rules[0], c.want)
		}
	}
}
