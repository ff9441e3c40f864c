package projection

import "testing"

// TestSetAsideIsNoRejection: a task set aside by a change of objective
// right after a failure is the objective's history, not negative
// knowledge, and the failure stays open; a reason against the thing
// given with the change still rejects it.
func TestSetAsideIsNoRejection(t *testing.T) {
	const head = `
> user
Objective: add the streaming CSV parser and the stats subcommand.
> assistant
> call bash {"command": "cargo bench --bench parse -- --baseline main"}
> result error
parse/parse_1mb time: [4.9 ms 5.0 ms 5.1 ms]
Performance has regressed.
> user
`
	for _, tc := range []struct {
		name, msg   string
		want, never []string
	}{
		{"trial 6 session A", "et change de priorité: laisse tomber `stats` pour aujourd'hui, l'objectif maintenant c'est de ramener la perf du parseur streaming au moins au niveau de main.",
			[]string{`objective/session/goal \[active/normative\] = ramener la perf`, `failure .*cargo bench.* \[open/`}, []string{`negative/`}},
		{"english", "change of plans: forget stats for today, the goal now is to bring the parser's perf back to main's level.",
			[]string{`objective/session/goal \[active/normative\] = .*bring the parser`, `failure .*cargo bench.* \[open/`}, []string{`negative/`}},
		{"portuguese", "esquece o stats por ora, prioridade agr é a perf do parser",
			[]string{`failure .*cargo bench.* \[open/`}, []string{`negative/`}},
		// a reason against the thing: negative knowledge as before
		{"with a reason", "change of plans: forget the bench, not worth it. the goal now is the stats subcommand docs.",
			[]string{`negative/`}, nil},
	} {
		out := reduceAll(t, head+tc.msg+"\n")
		t.Run(tc.name, func(t *testing.T) { expect(t, out, tc.want, tc.never) })
	}
}
