package projection

import "testing"

// TestResumedObjective: a return to the objective set aside takes it up
// again; a return to anything else moves nothing.
func TestResumedObjective(t *testing.T) {
	const was = "repo infra-pagamentos. 2 coisas: 1) HPA pro pagamentos-api (chart em charts/pagamentos-api), escalar por cpu."
	const cur = "o tf plan q tá quebrando o pipeline"
	for _, tc := range []struct {
		text string
		want bool
	}{
		// trial 6, session B, and paraphrases in other languages
		{"volta no HPA. o Rafa liberou mexer no values-prod, pode pôr autoscaling lá tb.", true},
		{"blz, voltando pro HPA agora", true},
		{"ok, back to the HPA.", true},
		{"let's get back to the HPA work", true},
		{"revenons au HPA.", true},
		{"zurück zum HPA, bitte.", true},
		{"volvamos al HPA.", true},
		{"HPA로 돌아가자.", true},
		{"好，回到HPA。", true},
		{"HPAに戻ろう。", true},
		// a return to something no earlier objective names, a value, a
		// question, a detour's announced return
		{"back to the file", false},
		{"go back to 8K", false},
		{"volta pra 10", false},
		{"back to main", false},
		{"can we go back to the HPA?", false},
		{"fix the typo first, then back to the HPA", false},
		{"volta o workspace p staging", false},
		{"back to the tf plan", false},
		{"the HPA is back to normal", false},
	} {
		x, _ := resumedOf(tc.text)
		if got := x != "" && resumes(x, was, cur); got != tc.want {
			t.Errorf("%q: resumed %v (x %q), want %v", tc.text, got, x, tc.want)
		}
	}
}

func TestResumedObjectiveState(t *testing.T) {
	out := reduceAll(t, `
> user
Objective: add the streaming CSV parser and the stats subcommand.
> user
change of plans: forget stats for now, the goal now is to fix the perf regression in the parser.
> user
ok, back to the stats subcommand.
`)
	expect(t, out, []string{`objective/session/goal \[active/normative\] = Objective: add the streaming CSV parser and the stats subcommand.* \(was .*perf regression`},
		[]string{`\[active/normative\] = .*fix the perf regression in the parser @`})

	out = reduceAll(t, `
> user
Objective: add the streaming CSV parser and the stats subcommand.
> user
change of plans: forget stats for now, the goal now is to fix the perf regression in the parser.
> user
go back to 8K for the buffer.
> user
back to the file you had open.
`)
	expect(t, out, []string{`objective/session/goal \[active/normative\] = .*fix the perf regression`}, nil)
}
