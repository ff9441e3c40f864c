package projection

import (
	"strings"
	"testing"
)

// A question of fact the agent asks is kept when the user's next message
// takes it up: answered, it is a decision shown with its question; passed
// on to someone, an open question; passed over, nothing. Offers are no
// questions of fact.
func TestAgentQuestionAnsweredByUser(t *testing.T) {
	for _, c := range []struct {
		ask, reply string
		want       string // "answer", "open" or "" for nothing
	}{
		{"9 tests pass. One question: fx_rates_sync runs every 10 minutes; is anything still using it?", "tue. fx_rates_sync is dead since 2024, mktg stopped using it. skip it.", "answer"},
		{"Per il codice: nel barcode va la data di imbottigliamento, AI (11), o quella di confezionamento, AI (13)?", "Per la data ho sentito Chiara: AI (11), il giorno di imbottigliamento.", "answer"},
		{"有 312 颗 die 被 retest，目前取第一次。retest 的 die 应该取第一次还是最后一次的结果？", "我问了陈经理，取最后一次 touchdown。", "answer"},
		{"有 312 顆 die 被 retest，目前取第一次。retest 的 die 應該取第一次還是最後一次的結果？", "我問了陳經理，取最後一次 touchdown。", "answer"},
		{"Is the score push payload the full scorecard or only a delta?", "no idea about the payload yet, I'll check with Ankit.", "open"},
		{"Is the score push payload the full scorecard or only a delta?", "ok. also bump the node version to 20.", ""},
		{"Should I also add tests for the payload parser?", "yes, tests for the payload parser please", ""},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Let's move the cron jobs over."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: c.ask})
		r.Apply(Event{Seq: 2, Role: RoleUser, Text: c.reply})
		got := ""
		for _, a := range r.Heads() {
			switch {
			case a.Kind == KindDecision && strings.HasPrefix(a.Key, answerPrefix):
				got = "answer"
				if a.Was != c.ask[strings.LastIndexAny(c.ask, ".。:：")+1:] && !strings.Contains(c.ask, a.Was) {
					t.Errorf("%q: answer shows question %q", c.reply, a.Was)
				}
			case a.Kind == KindUncertainty && strings.HasPrefix(a.Key, "question/"):
				got = "open"
			}
		}
		if got != c.want {
			t.Errorf("%q after %q: %q, want %q", c.reply, c.ask, got, c.want)
		}
	}
}
