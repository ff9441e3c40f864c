package projection

import "testing"

// The option left when every other listed option is given a reason
// against it is the user's choice; an option argued for, or a question
// after the list, decides nothing.
func TestEliminated(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"For the message queue I see three options: RabbitMQ, Kafka or NATS. Kafka is way too heavy for two services, and RabbitMQ needs an Erlang runtime our ops team refuses to run. so that's that.",
			"NATS (not RabbitMQ, not Kafka)"},
		{"Charting library. The candidates are Recharts, Victory and visx. Victory's bundle is twice the size of the others; visx would mean writing every axis by hand.",
			"Recharts (not Victory, not visx)"},
		{"the options are Redis, Memcached or Hazelcast. Redis is too expensive on our plan. Memcached works fine for this.", ""},
		{"the options are Redis, Memcached or Hazelcast. Redis is too expensive on our plan. Memcached lacks persistence. which one would you take?", ""},
		{"the options are Redis, Memcached or Hazelcast. Redis is too expensive on our plan.", ""},
	} {
		ps := eliminated(sentences(c.text))
		got := ""
		if len(ps) == 1 {
			got = ps[0].Value
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
	r := New(Options{})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "For the message queue I see three options: RabbitMQ, Kafka or NATS. Kafka is way too heavy for two services, and RabbitMQ needs an Erlang runtime our ops team refuses to run."})
	found := false
	for _, a := range r.Heads() {
		found = found || a.Kind == KindDecision && a.Value == "NATS (not RabbitMQ, not Kafka)" && a.Authority == Normative
	}
	if !found {
		t.Errorf("no normative decision for NATS: %v", r.Heads())
	}
}

// A retraction told with its reason ("scratch X, it bloats Y.") takes the
// decision back, and the course the next sentence sets replaces it.
func TestRetractionWithReason(t *testing.T) {
	r := New(Options{})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "for search let's use a trigram index on the title column"})
	r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "Added the pg_trgm index."})
	r.Apply(Event{Seq: 2, Role: RoleUser, Text: "scratch the trigram thing, it bloats the table. use a tsvector column with a GIN index instead"})
	var active []string
	for _, a := range r.Heads() {
		if a.Kind == KindDecision {
			active = append(active, a.Value)
		}
	}
	if len(active) != 1 || active[0] != "use a tsvector column with a GIN index instead" {
		t.Errorf("active decisions %q, want only the tsvector one", active)
	}
}
