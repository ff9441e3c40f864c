package projection

import "testing"

// A grant of as much as the agent wants lifts the limit the message names
// (by the thing bounded or the reason it was); a limit it names nothing
// of stays, and so does one when the grant is negated.
func TestFreedLimit(t *testing.T) {
	for _, c := range []struct {
		rule, grant string
		lifted      bool
	}{
		{"Max 4 containers in parallel, we share the server with the thesis students.", "The thesis students already submitted, use all the cores you want.", true},
		{"At most 4 containers in parallel, we share the server with the thesis students.", "The thesis folks are done, go wild on parallelism.", true},
		{"Máximo 4 contenedores en paralelo, el servidor lo compartimos con los de tesis.", "Los de tesis ya entregaron, usa todos los núcleos que quieras.", true},
		{"At most 4 containers in parallel, we share the server with the thesis students.", "Spend as much time as you want on the report.", false},
	} {
		out := reduceAll(t, "> user\nWe grade lab 3 today.\n"+c.rule+"\n> assistant\nOK.\n> user\n"+c.grant)
		if c.lifted {
			expect(t, out, []string{`\[lifted/normative\] = ` + c.rule[:10]}, nil)
		} else {
			expect(t, out, []string{`\[active/normative\] = ` + c.rule[:10]}, nil)
		}
	}
}
