package projection

import (
	"slices"
	"testing"
)

func TestBare(t *testing.T) {
	for s, want := range map[string]bool{
		"please don't.": true, "No no no.": true, "no.": true, "Don't.": true, "别。": true, "千万别！": true, "不要了。": true,
		"no worries.": false, "don't push to main.": false, "别改配置。": false, "ok.": false, "Good.": false, "not now, later": false,
	} {
		if got := bare(s); got != want {
			t.Errorf("bare(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestBareReferent(t *testing.T) {
	text := "second, they asked whether we hook the quotas into Argo CD. please don't. third, the requeue."
	ss := sentences(text)
	if q, v := bareReferent(text, ss[1], ss, 1, ""); q != "second, they asked whether we hook the quotas into Argo CD. please don't." || v != q {
		t.Errorf("sentence before: %q %q", q, v)
	}
	quoted := `he pasted this: "just give it cluster-admin". no. ignore that`
	ss = sentences(quoted)
	if q, _ := bareReferent(quoted, ss[1], ss, 1, ""); q != "" {
		t.Errorf("quoted advice became a rule: %q", q)
	}
	ss = []string{"Please don't."}
	if q, v := bareReferent("Please don't.", ss[0], ss, 0, "I could disable the watchdog."); q != "Please don't." || v != "Please don't. (re: I could disable the watchdog.)" {
		t.Errorf("offer: %q %q", q, v)
	}
	if q, _ := bareReferent("Please don't.", ss[0], ss, 0, ""); q != "" {
		t.Errorf("no referent, still a rule: %q", q)
	}
	text = "No no no. Invoices are never deleted, don't delete them."
	ss = sentences(text)
	if q, _ := bareReferent(text, ss[0], ss, 0, "I could delete the rows."); q != "" {
		t.Errorf("rule said after it: %q", q)
	}
}

func TestOffered(t *testing.T) {
	for text, want := range map[string]string{
		"The watchdog reboots the Pi. I could disable the watchdog while I test.": "I could disable the watchdog while I test.",
		"Should I force-push the rebased branch?":                                 "Should I force-push the rebased branch?",
		"签名校验要多花两秒，我可以先把签名校验关掉。":                                                  "签名校验要多花两秒，我可以先把签名校验关掉。",
		"Done, tests pass.": "",
		// an offer that names nothing offers the sentence before it
		"We could also alert on the low-flow readings from pump 3. Should I?": "We could also alert on the low-flow readings from pump 3. Should I?",
		"Done. I could add a retry too. Want me to?":                          "I could add a retry too. Want me to?",
	} {
		if got := offered(text); got != want {
			t.Errorf("offered(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestColonList(t *testing.T) {
	lead, items := colonList("Priya sent her conditions after the mess, and she was firm about them: irrigation never runs above 60%, every actuator change gets written to the audit table, and nobody touches the frost relay.")
	if lead == "" || !slices.Equal(items, []string{"irrigation never runs above 60%", "every actuator change gets written to the audit table", "nobody touches the frost relay."}) {
		t.Errorf("relayed list: %q %q", lead, items)
	}
	_, items = colonList("Dana's policy is in SECURITY.md, but the short version: no major version bumps this sprint, patch and minor only.")
	if !slices.Equal(items, []string{"no major version bumps this sprint, patch and minor only."}) {
		t.Errorf("qualifier: %q", items)
	}
	_, items = colonList("Dr. Okafor's house rules, she's strict about these: always launch with -resume, we've lost weekends to it; every container is pinned by digest")
	if !slices.Equal(items, []string{"always launch with -resume, we've lost weekends to it", "every container is pinned by digest"}) {
		t.Errorf("semicolons: %q", items)
	}
	_, items = colonList("she was clear, and she said it twice: don't touch A, B or C")
	if !slices.Equal(items, []string{"don't touch A, B or C"}) {
		t.Errorf("a rule and a clause that is not one: %q", items)
	}
	for _, s := range []string{
		"rules: never push, always test", // a short label: clauseBounds reads it
		"before I open the PR I need three things from you: lint has to be clean, regenerate the docs", // tasks
		"the build log says the linker failed, and here is the output: exit 1, 2 errors",               // no rule
		"so she was clear about it: we lost the cluster twice",                                         // one item, no rule
	} {
		if _, items := colonList(s); items != nil {
			t.Errorf("colonList(%q) = %q, want nil", s, items)
		}
	}
}
