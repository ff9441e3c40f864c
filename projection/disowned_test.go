package projection

import "testing"

func TestReportedDisowned(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"以前老王说 flyway 脚本编号不能超过 V10，要合并成一个，现在不用管了。", true},
		{"Lalo said not to use turbo --filter in CI, but that no longer applies.", true},
		{"Ken told me we don't squash commits any more.", false},         // what is done now, reported, not disowned
		{"老王说 flyway 脚本编号不能超过 V10。", false},                              // reported and kept
		{"The old rule about pushing to main no longer applies.", false}, // a lift, nobody reported
		{"Lalo said: never deploy on Fridays. We still do that.", false}, // kept
		{"no longer needed, Lalo said so", false},                        // the disowning before the report
	} {
		if got := reportedDisowned(c.s); got != c.want {
			t.Errorf("reportedDisowned(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

func TestDisownedDropsReportedRuleAndItsLift(t *testing.T) {
	text := "Caro sent me this from an old PR:\n> rule: all table components must live in packages/ui\n\nthat was the original idea but it no longer holds."
	rule := Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/x", Value: "all table components must live in packages/ui", Quote: "all table components must live in packages/ui"}
	lift := Proposal{Op: OpLift, Kind: KindConstraint, Value: "that was the original idea but it no longer holds.", Quote: "that was the original idea but it no longer holds."}
	if got := disowned(text, []Proposal{rule, lift}); len(got) != 0 {
		t.Errorf("disowned kept %v", got)
	}
	kept := "Caro sent me this from an old PR, keep to it:\n> rule: all table components must live in packages/ui\n\nOrdersTable moves there too."
	if got := disowned(kept, []Proposal{rule}); len(got) != 1 {
		t.Errorf("a quoted rule the user keeps was dropped: %v", got)
	}
	lead := Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/y", Value: "Budi used to say all Celery tasks must use acks_late=False.", Quote: "Budi used to say all Celery tasks must use acks_late=False."}
	if got := disowned(lead.Quote+" That no longer holds, now we use acks_late=True.", []Proposal{lead}); len(got) != 0 {
		t.Errorf("a rule whose own words report it, disowned after, was kept: %v", got)
	}
	if got := disowned(lead.Quote+" Keep to it.", []Proposal{lead}); len(got) != 1 {
		t.Errorf("a rule whose own words report it, kept after, was dropped: %v", got)
	}
	own := "all table components must live in packages/ui. The old rule about apps/ no longer holds."
	if got := disowned(own, []Proposal{rule, lift}); len(got) != 2 {
		t.Errorf("the user's own rule before a lift was dropped: %v", got)
	}
}
