package projection

import (
	"strings"
	"testing"
)

func TestZZ(t *testing.T) {
	rule := "Don't deploy to prod this week, we're in a freeze."
	for _, s := range []string{
		"the freeze is over, go ahead and deploy.",
		"forget what I said about prod, you can deploy.",
		"ok prod is fair game again.",
		"scratch the deploy ban.",
		"the no-deploy rule no longer applies.",
		"you're cleared to deploy to prod.",
		"Ignore my earlier note about prod deploys.",
	} {
		out := reduceAll(t, "> user\nWorking on the billing service today. "+rule+"\n> assistant\nOK.\n> user\n"+s+"\n")
		st := ""
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, " constraint ") {
				st += strings.Fields(l)[3] + " "
			}
		}
		t.Logf("%-55s | %s", s, st)
	}
}

func TestZZ2(t *testing.T) {
	for _, s := range []string{"forget what I said about prod, you can deploy.", "scratch the deploy ban.", "ok prod is fair game again."} {
		ps := Deterministic{}.Propose(&Event{Role: RoleUser, Text: s}, &Context{})
		for _, p := range ps {
			t.Logf("%s | %+v", s, p)
		}
	}
}

func TestZZ3(t *testing.T) {
	for _, s := range []string{"the no-deploy rule no longer applies."} {
		ps := Deterministic{}.Propose(&Event{Role: RoleUser, Text: "ok. " + s}, &Context{})
		for _, p := range ps {
			t.Logf("%s | %+v", s, p)
		}
	}
}

func TestZZ4(t *testing.T) {
	t.Log(reduceAll(t, "> user\nWorking on the billing service today. Don't deploy to prod this week, we're in a freeze.\n> assistant\nOK.\n> user\nthe no-deploy rule no longer applies.\n"))
	ps := Deterministic{}.Propose(&Event{Role: RoleUser, Text: "the no-deploy rule no longer applies."}, &Context{HaveObjective: true})
	for _, p := range ps {
		t.Logf("%+v", p)
	}
}

func TestZZ5(t *testing.T) {
	s := "the no-deploy rule no longer applies."
	t.Log(detectLang(s, langNone), namedRuleLift(s))
	for i, x := range sentences(s) {
		t.Log(i, x)
	}
}
