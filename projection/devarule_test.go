package projection

import "testing"

// A rule line after the task line of the first message is a rule, not
// part of the objective nor an obligation, labelled or not, in Hindi
// (Devanagari), Ukrainian, English, German, Swedish, French and Chinese.
func TestLabelledRuleAfterTask(t *testing.T) {
	for _, c := range []struct{ task, rule, want string }{
		{"firmware में UART driver का buffer overflow ठीक करो।", "नियम: prod config कभी मत छूना", `नियम: prod config कभी मत छूना`},
		{"firmware में UART driver का buffer overflow ठीक करो।", "main पर force push नहीं करना", `main पर force push नहीं करना`},
		{"Перенеси модуль VPC у окремий state.", "правило: terraform apply тільки через CI", `правило: terraform apply тільки через CI`},
		{"Move the VPC module into its own state.", "rule: terraform apply only through CI", `terraform apply only through CI`},
		{"Verschiebe das VPC-Modul in einen eigenen State.", "Regel: terraform apply nur über CI", `terraform apply nur über CI`},
		{"Flytta VPC-modulen till ett eget state.", "regel: terraform apply bara via CI", `terraform apply bara via CI`},
		{"Déplace le module VPC dans son propre state.", "règle : terraform apply uniquement via la CI", `terraform apply uniquement via la CI`},
		{"把 VPC 模块移到单独的 state。", "规则：terraform apply 只能通过 CI", `terraform apply 只能通过 CI`},
	} {
		out := reduceAll(t, "> user\n"+c.task+"\n"+c.rule+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint \S+ \[active/normative\] = ` + c.want + ` @0`, `objective objective/session/goal \[active/normative\] = ` + c.task + ` @0`},
			[]string{`obligation`})
	}
}

// A Devanagari statement with "नहीं", or a question with "मत", is no
// rule; a prohibition is one.
func TestDevaRule(t *testing.T) {
	for s, want := range map[string]bool{
		"prod config कभी मत छूना":                 true,
		"मत छूना prod config को":                  true,
		"main पर force push नहीं करना":            true,
		"main पर कभी भी force push नहीं करना है।": true,
		"यह test कभी नहीं चला।":                   false,
		"build नहीं हुआ, log देखो":                false,
		"क्या prod config मत छूना?":               false,
		"मतलब यह है कि build धीमा है":             false,
	} {
		if got := devaRule(s); got != want {
			t.Errorf("devaRule(%q) = %v, want %v", s, got, want)
		}
	}
}

// The danda ends a sentence as "." does.
func TestDandaEndsSentence(t *testing.T) {
	got := sentences("UART driver ठीक करो। rx buffer size: 256")
	if len(got) != 2 || got[0] != "UART driver ठीक करो।" || got[1] != "rx buffer size: 256" {
		t.Errorf("sentences = %q", got)
	}
}
