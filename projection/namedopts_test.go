package projection

import (
	"slices"
	"strings"
	"testing"
)

// namedChoices applies messages (a leading "A: " marks the assistant's)
// and returns the active decisions that rule options out.
func namedChoices(msgs ...string) []string {
	r := New(Options{})
	for i, m := range msgs {
		role := RoleUser
		if t, ok := strings.CutPrefix(m, "A: "); ok {
			role, m = RoleAssistant, t
		}
		r.Apply(Event{Seq: i, Role: role, Text: m})
	}
	var out []string
	for _, a := range r.Anchors() {
		if a.Kind == KindDecision && a.Lifecycle == Active && strings.Contains(a.Value, "(not ") {
			out = append(out, a.Value)
		}
	}
	slices.Sort(out)
	return out
}

// TestNamedOptionChoice: options named in a list or around a word of
// alternative, by the user or the agent, and a short user clause naming
// one of them make the decision; a clause that says something of the
// option, asks, rejects it, or comes too late decides nothing.
func TestNamedOptionChoice(t *testing.T) {
	for _, c := range []struct {
		msgs []string
		want string
	}{
		{[]string{"for the queue I compared RabbitMQ, NATS and Kafka. Kafka is overkill for three services. RabbitMQ means one more VM to babysit. so NATS."}, "NATS (not RabbitMQ, not Kafka)"},
		{[]string{"A: For the ingress we could run Traefik or Caddy; both do ACME.", "Caddy then."}, "Caddy (not Traefik)"},
		{[]string{"A: Je peux partir sur le STM32G031 ou sur le RP2040, les deux sont en stock.", "ok le RP2040, on connaît déjà la toolchain"}, "RP2040 (not STM32G031)"},
		{[]string{"A: Either the LM2596-ADJ or the MP1584EN would fit the 24 V rail.", "alright, the LM2596 then, we have a reel of them"}, "LM2596-ADJ (not MP1584EN)"},
		{[]string{"per il database ho valutato MariaDB, PostgreSQL e SQLite. MariaDB non la vogliamo più. quindi PostgreSQL, che conosciamo bene"}, "PostgreSQL (not MariaDB, not SQLite)"},
		// Nothing chosen.
		{[]string{"A: For the ingress we could run Traefik or Caddy; both do ACME.", "Caddy crashed on reload last time we tried it"}, ""},
		{[]string{"A: For the ingress we could run Traefik or Caddy; both do ACME.", "Caddy? is that maintained"}, ""},
		{[]string{"A: For the ingress we could run Traefik or Caddy; both do ACME.", "not Caddy"}, ""},
		{[]string{"A: Installed Postfix, Dovecot and Rspamd on the new host.", "ok Dovecot"}, ""},
		{[]string{"for the queue I compared RabbitMQ, NATS and Kafka.", "NATS"}, ""},
		{[]string{"A: For the ingress we could run Traefik or Caddy; both do ACME.", "x", "A: y", "x", "A: y", "x", "A: y", "Caddy then."}, ""},
		{[]string{"we tried Sentry and Grafana and Loki last year, none stuck. Loki was the worst"}, ""},
	} {
		got := strings.Join(namedChoices(c.msgs...), " | ")
		if got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.msgs, got, c.want)
		}
	}
}
