package projection

import (
	"strings"
	"testing"
)

// eliminationAfter applies user messages and returns the decisions made by
// elimination ("X (not Y)").
func eliminationAfter(msgs ...string) []string {
	r := userSaysAnswered("Noted.", msgs...)
	var out []string
	for _, a := range r.Anchors() {
		if a.Kind == KindDecision && a.Lifecycle == Active && strings.Contains(a.Value, "(not ") {
			out = append(out, a.Value)
		}
	}
	return out
}

// TestEliminationAcrossMessages: a question between named options, then
// every option but one spoken against in later messages, in several
// languages, makes the one left the decision; an option only described,
// or one taken in so many words, decides nothing by elimination.
func TestEliminationAcrossMessages(t *testing.T) {
	for _, c := range []struct {
		msgs []string
		want string
	}{
		{[]string{"For the session cache, Redis or Memcached?", "Memcached can't persist anything across restarts, and we need that."}, "Redis (not Memcached)"},
		{[]string{"Which CI runner: GitHub Actions, Buildkite or Jenkins?", "Jenkins is not an option, nobody wants to babysit it.", "and Buildkite isn't approved by procurement."}, "GitHub Actions (not Buildkite, not Jenkins)"},
		{[]string{"Für die Queue: RabbitMQ oder Kafka?", "Kafka kommt nicht in Frage, zu viel Betrieb für zwei Leute."}, "RabbitMQ (not Kafka)"},
		{[]string{"ログの保存先、S3・GCS・Azureのどれにしよう", "GCSは社内で契約がないし、Azureも監査で使えないと言われました"}, "S3 (not GCS, not Azure)"},
		{[]string{"For the session cache, Redis or Memcached?", "Memcached is what the old team used."}, ""},
		{[]string{"For the session cache, Redis or Memcached?", "let's take Memcached, Redis is not worth it for this."}, ""},
	} {
		got := eliminationAfter(c.msgs...)
		if c.want == "" && len(got) != 0 || c.want != "" && (len(got) != 1 || got[0] != c.want) {
			t.Errorf("%q: %q, want %q", c.msgs, got, c.want)
		}
	}
}

// TestConcludedByElimination: one message that rules options out by "not
// X" and concludes "so Y" decides Y; a conclusion of another shape, or
// with nothing ruled out, decides nothing.
func TestConcludedByElimination(t *testing.T) {
	for _, c := range []struct {
		msg, want string
	}{
		{"which node is flapping? not node3, I rebooted that one yesterday. node1 is the backup box. so node2 then.", "node2 (not node3)"},
		{"Quel port bloque ? pas 8443, il est fermé depuis lundi. donc 9090 je pense.", "9090 (not 8443)"},
		{"not 8443, that's closed. so the proxy then.", ""},
		{"the deploy went fine. so 9090 then.", ""},
	} {
		got := eliminationAfter(c.msg)
		if c.want == "" && len(got) != 0 || c.want != "" && (len(got) != 1 || got[0] != c.want) {
			t.Errorf("%q: %q, want %q", c.msg, got, c.want)
		}
	}
}
