package projection

import "testing"

// TestReasonClause: the reason a sentence gives with what it says, in
// English and other languages, apart from the choice; and what is not a
// reason: "since" of time, a denied reason, a quoted marker, the English
// false friends of Dutch "want" and French "car" without the comma that
// sets their clause off.
func TestReasonClause(t *testing.T) {
	for _, c := range []struct{ s, before, reason string }{
		{"Let's use exponential backoff because the upstream API rate-limits bursts.", "Let's use exponential backoff", "because the upstream API rate-limits bursts"},
		{"We'll keep the queue in Redis, since the deploy already has it.", "We'll keep the queue in Redis", "since the deploy already has it"},
		{"Use pgx since it's faster.", "Use pgx", "since it's faster"},
		{"Go with sqlite because of the single-binary deploy", "Go with sqlite", "because of the single-binary deploy"},
		{"Wir nehmen Postgres, weil die Daten relational sind.", "Wir nehmen Postgres", "weil die Daten relational sind"},
		{"Wir bleiben bei Go, da das Team es kennt.", "Wir bleiben bei Go", "da das Team es kennt"},
		{"Usaremos gRPC porque el cliente ya lo soporta.", "Usaremos gRPC", "porque el cliente ya lo soporta"},
		{"Vamos com Redis, já que o deploy já tem.", "Vamos com Redis", "já que o deploy já tem"},
		{"On garde Redis, car le déploiement l'a déjà.", "On garde Redis", "car le déploiement l'a déjà"},
		{"We nemen Redis omdat de deploy het al heeft.", "We nemen Redis", "omdat de deploy het al heeft"},
		{"用 pnpm，因为 CI 已经装了", "用 pnpm", "因为 CI 已经装了"},
		{"Keep the retry at 3, not because it is fast but because the API caps it.", "Keep the retry at 3, not because it is fast but", "because the API caps it"},
	} {
		before, reason, ok := ReasonClause(c.s)
		if !ok || before != c.before || reason != c.reason {
			t.Errorf("%q: %q / %q (%v), want %q / %q", c.s, before, reason, ok, c.before, c.reason)
		}
	}
	for _, s := range []string{
		"Use the v2 client since Monday.",
		"Keep the flag on since v1.2.",
		"We've used Redis since the last release.",
		"Use the v2 client since Monday's release.",
		"Not because it is faster.",
		"Rename the `because` keyword in the parser.",
		"I want the queue in Redis.",
		"Park the car in the garage.",
		"Go with plan B.",
		"Wir nehmen Postgres da drüben.",
	} {
		if before, reason, ok := ReasonClause(s); ok {
			t.Errorf("%q: read a reason %q (before %q)", s, reason, before)
		}
	}
}

// TestReasonAfter: the sentence after a choice gives its reason when it
// opens so ("That's because …", "The reason: …", "Weil …"); any other
// sentence after it, or a question, gives none.
func TestReasonAfter(t *testing.T) {
	for _, c := range []struct{ text, quote, want string }{
		{"Go with plan B. That's because plan A needs a migration.", "Go with plan B.", "That's because plan A needs a migration"},
		{"Go with plan B. The reason: plan A needs a migration.", "Go with plan B.", "The reason: plan A needs a migration"},
		{"Wir nehmen Plan B. Der Grund: Plan A braucht eine Migration.", "Wir nehmen Plan B.", "Der Grund: Plan A braucht eine Migration"},
	} {
		if got, ok := ReasonAfter(c.text, c.quote); !ok || got != c.want {
			t.Errorf("%q: %q %v, want %q", c.text, got, ok, c.want)
		}
	}
	for _, c := range []struct{ text, quote string }{
		{"Go with plan B. Then run the migration.", "Go with plan B."},
		{"Go with plan B. Is that because plan A needs a migration?", "Go with plan B."},
		{"Go with plan B.", "Go with plan B."},
		{"That's because plan A needs a migration. Go with plan B.", "Go with plan B."},
	} {
		if got, ok := ReasonAfter(c.text, c.quote); ok {
			t.Errorf("%q: read %q", c.text, got)
		}
	}
}
