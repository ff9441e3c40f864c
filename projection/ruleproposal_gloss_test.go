package projection

import "testing"

// A rule the agent proposes in the user's language and asks assent to
// ("Usul gw: mulai sekarang … wajib …. Setuju?") is the user's rule once
// the reply assents in that language ("setuju, jadiin aturan."), as the
// English one is (ruleproposal.go; trial 15 m05). A plan put to the user
// the same way, a reply that takes part back, and a no make no rule.
func TestRuleProposedInUsersLanguage(t *testing.T) {
	const idHead = "> user\ntolong benerin webhook Xendit di ordersvc ya, pembayaran masuk dobel.\n> assistant\nSiap, gw cek dulu.\n> user\nwebhook Xendit udah idempotent, test hijau.\n> assistant\n"
	const enHead = "> user\nplease fix the Xendit webhook in ordersvc, payments come in twice.\n> assistant\nSure, checking.\n> user\nthe Xendit webhook is idempotent now, tests green.\n> assistant\n"
	const idRule = "Usul gw: mulai sekarang semua handler webhook baru wajib lewat helper `claim_event(session, provider, event_id)` biar idempotent dari awal. Setuju?"
	const enRule = "Proposal: from now on every new webhook handler must go through `claim_event(session, provider, event_id)` so it is idempotent from the start. Agree?"
	const kept = `constraint [^\n]*\[active/normative\] = [^\n]*claim_event`
	runScriptCases(t, []scriptCase{
		{"id repro", idHead + idRule + "\n> user\nsetuju, jadiin aturan.", []string{kept}, nil},
		{"id bare yes", idHead + idRule + "\n> user\nsip, setuju", []string{kept}, nil},
		{"en", enHead + enRule + "\n> user\nagreed, make it a rule.", []string{kept}, nil},
		// near misses
		{"id plan, not a rule", idHead + "Usul gw: gw pecah handler-nya jadi dua fungsi `claim_event` dan `apply_event`. Setuju?\n> user\nsetuju", nil, []string{`constraint [^\n]*claim_event`}},
		{"id yes but", idHead + idRule + "\n> user\nsetuju, tapi cuma buat Xendit dulu", nil, []string{kept}},
		{"id no", idHead + idRule + "\n> user\nnggak usah, kebanyakan aturan", nil, []string{kept}},
		{"en no", enHead + enRule + "\n> user\nno, too many rules already", nil, []string{kept}},
	})
}
