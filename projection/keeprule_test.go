package projection

import (
	"strings"
	"testing"
)

// A rule the agent words and asks to keep becomes the user's rule when
// the user's next message opens with a yes; a refusal, a yes with a
// "but", another question or no answer keeps nothing.
func TestProposedRuleConfirmed(t *testing.T) {
	for _, c := range []struct {
		agent, user string
		want        string // the rule kept, "" for none
	}{
		{"Il lotto è L263362. Una proposta prima di andare avanti: un numero di lotto annullato non si riusa mai, nemmeno per la stessa vasca; la migrazione 004 ha già la tabella. Lo tengo come regola?",
			"si confermo, anche Chiara vuole cosi. Fammi il comando annulla-lotto.", "un numero di lotto annullato non si riusa mai, nemmeno per la stessa vasca"},
		{"The migration ran. Proposal: generated files under gen/ are never edited by hand, only regenerated. Should I keep that as a rule?",
			"yes, keep it.", "generated files under gen/ are never edited by hand, only regenerated"},
		{"测试都过了。建议：所有对外接口的金额字段一律用分为单位的整数。要不要把这个定为规则？",
			"好的，就这么定。", "所有对外接口的金额字段一律用分为单位的整数"},
		{"Proposal: generated files under gen/ are never edited by hand. Should I keep that as a rule?",
			"no, sometimes we patch them.", ""},
		{"Proposal: generated files under gen/ are never edited by hand. Should I keep that as a rule?",
			"ok but only for the protobuf ones.", ""},
		{"Proposal: generated files under gen/ are never edited by hand. Should I keep that as a rule?",
			"what else is under gen/?", ""},
		{"The tests pass. Should I also add tests for the payload parser?", "yes please", ""},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Let's get the release out."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: c.agent})
		r.Apply(Event{Seq: 2, Role: RoleUser, Text: c.user})
		got := ""
		for _, a := range r.Heads() {
			if a.Kind == KindConstraint && a.Authority == Normative && a.Lifecycle == Active && a.Seq() == 2 && strings.Contains(a.Value, "(proposed by the agent") {
				got, _, _ = strings.Cut(a.Value, " (proposed by the agent")
			}
		}
		if got != c.want {
			t.Errorf("%q after %q: kept %q, want %q", c.user, c.agent, got, c.want)
		}
	}
}
