package projection

import (
	"strings"
	"testing"
)

// A rule after the place it holds in, with no comma ("In the prod
// namespace billing-prod never terminate …"), and a Chinese prohibition
// by 不可以 are rules; a place followed by a subject is a statement.
func TestRuleAfterPlaceAndBukeyi(t *testing.T) {
	for _, s := range []string{"In the prod namespace billing-prod never terminate, reset or delete workflows or schedules.",
		"on staging always run the migrations with --plan first",
		"also for now dont launch anything on gpu-07",
		"绝对不可以贴到或上传到任何外部服务。"} {
		if !isRule(s) {
			t.Errorf("isRule(%q) = false", s)
		}
	}
	for _, s := range []string{"In prod it never fails on Mondays.", "in March the lock never released", "On Friday there was never a deploy."} {
		if isRule(s) {
			t.Errorf("isRule(%q) = true", s)
		}
	}
}

// A prohibition by "no" after who relays it ("ops: no prod deploys …") is
// a rule; after a label of the work's state ("The goal: no …") it is not.
func TestLabelledBareNo(t *testing.T) {
	for s, want := range map[string]bool{
		"ops: no prod deploys or prod schedule changes 23:00-01:00 utc, every night, ledger close.": true,
		"Dana: no force pushes to release branches.":                                                true,
		"The goal: no duplicate rows in the ledger.":                                                false,
		"Status: no deploys went out today.":                                                        false,
	} {
		if got := isRule(s); got != want {
			t.Errorf("isRule(%q) = %v, want %v", s, got, want)
		}
	}
}

// A permission told with what stays for the others ("the dunning crontab
// line you can delete outright, the others still comment-out only") is an
// exception on the rule, not a lift.
func TestPermissionWithTheOthersKept(t *testing.T) {
	r := userSays("moving cron-01's crontab to temporal. never delete crontab lines, comment them out (dana).",
		"the dunning crontab line you can delete outright, the others still comment-out only.")
	n := 0
	for _, a := range r.Heads() {
		if a.Kind == KindConstraint {
			n++
			if a.Lifecycle != Active || !strings.Contains(a.Value, "except") || !strings.Contains(a.Value, "dunning") {
				t.Errorf("rule %q %s, want active with the dunning exception", a.Value, a.Lifecycle)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d rules, want 1", n)
	}
	// Chinese: "X 可以…，其他的还是…" is the exception; "不可以" is none.
	for _, c := range []struct {
		says   string
		except bool
	}{
		{"对了 李姐同意了，3 号站那台真桩（CP-STAR-0317）可以连测试环境，其他的还是只能用模拟器", true},
		{"3 号站那台真桩（CP-STAR-0317）也不可以连测试环境，其他的还是只能用模拟器", false},
	} {
		r := userSays("迁到 OCPP 1.6J。规矩：测试环境只能用 ocpp-sim 模拟器，不许连真桩。", c.says)
		got := false
		for _, a := range r.Heads() {
			got = got || a.Kind == KindConstraint && strings.Contains(a.Value, "except") && strings.Contains(a.Value, "CP-STAR-0317")
		}
		if got != c.except {
			t.Errorf("%q: exception %v, want %v", c.says, got, c.except)
		}
	}
}

// Someone changing their mind on a rule lifts it ("陈经理改主意了，
// parametric 也要存", "Priya changed her mind on the raw dumps").
func TestChangedMindLifts(t *testing.T) {
	r := userSays("做 pipeline。规定：先只存 bin 就好，parametric 的数值不要存，太大了。", "另外陈经理改主意了，parametric 也要存，PE 要看 Vth 分布。")
	for _, a := range r.Anchors() {
		if a.Kind == KindConstraint && strings.Contains(a.Value, "parametric") && a.Lifecycle != Lifted {
			t.Errorf("rule %q %s, want lifted", a.Value, a.Lifecycle)
		}
	}
}
