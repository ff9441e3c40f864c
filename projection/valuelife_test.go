package projection

import "testing"

// TestRelativeForms: changes said as a multiple ("three times as
// long"), with a clause after them, or of a setting named by a
// demonstrative and its noun ("that timeout").
func TestRelativeForms(t *testing.T) {
	for s, want := range map[string][2]string{
		"make the requeue three times as long":                            {"requeue", "*3"},
		"also double the quant cpus, that's where the time goes":          {"quant cpus", "*2"},
		"Players are timing out, raise that timeout by half.":             {"timeout", "*1.5"},
		"The vents lag behind the afternoon heat, double the 30 min one.": {"30 min one", "*2"},
	} {
		k, c, ok := relative(s)
		if !ok || k != want[0] || c != want[1] {
			t.Errorf("relative(%q) = %q %q %v, want %q %q", s, k, c, ok, want[0], want[1])
		}
	}
}

// TestNamedByItsValue: "double the 512 MB one" changes the setting that
// holds 512 MB, under its own name.
func TestNamedByItsValue(t *testing.T) {
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Current settings: match timeout 30 s, worker memory limit 512 MB."})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "The workers are getting OOM-killed, double the 512 MB one."})
	var got []string
	for _, a := range r.Heads() {
		if a.Kind == KindValue {
			got = append(got, a.Key+"="+a.Value)
		}
	}
	want := map[string]bool{"value/-/match_timeout=30 s": true, "value/-/worker_memory_limit=1024 MB": true}
	if len(got) != len(want) {
		t.Fatalf("values %q, want %v", got, want)
	}
	for _, g := range got {
		if !want[g] {
			t.Errorf("value %q, want one of %v", g, want)
		}
	}
}
