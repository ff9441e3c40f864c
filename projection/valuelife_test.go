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

func TestRuleTopicPermit(t *testing.T) {
	topic, permit := ruleTopicPermit("And a small carve-out from Helga on the refund rule: when reconcile finds a duplicate, the task may refund it.")
	if topic != "refund" || permit != "when reconcile finds a duplicate, the task may refund it." {
		t.Errorf("carve-out: %q %q", topic, permit)
	}
	for _, s := range []string{
		"Heads-up on the 48h rule: nothing changes, it still can't go out.", // a negation
		"About the refund rule: it stays as it is.",                         // no permission
		"the task may refund it",                                            // no lead naming a rule
	} {
		if topic, _ := ruleTopicPermit(s); topic != "" {
			t.Errorf("ruleTopicPermit(%q) = %q", s, topic)
		}
	}
	if !sameNumber("48h", "no deploys in the 48 hours before a run") || sameNumber("48h", "no deploys in the 24 hours before") || sameNumber("refund", "no refunds") {
		t.Error("sameNumber")
	}
}

func TestLongBareNo(t *testing.T) {
	if !bareNo("no deploys of billing code in the 48 hours before a billing run.") {
		t.Error("a prohibition with a long object")
	}
	if bareNo("no tests failed in the whole suite after the rebase this morning.") {
		t.Error("a report")
	}
}

func TestSetToPercentIsAValue(t *testing.T) {
	if _, c, ok := relative("And set the pump duty cycle to 40% with `ghctl pump --duty 40`."); ok {
		t.Errorf("a percentage set read as a change %q", c)
	}
	if _, c, ok := relative("drop the replicas to a third"); !ok || c != "*1/3" {
		t.Errorf("a proportion: %q %v", c, ok)
	}
}
