package projection

import "testing"

// TestChoiceAfterAll: the user going back to a named thing "after all"
// ("So grpc-gateway after all.", "Also doch grpc-gateway.") over the
// agent's newest choice is the user's decision, and that choice is
// superseded. Near misses: the question, the negation, a pronoun and
// words that name nothing.
func TestChoiceAfterAll(t *testing.T) {
	const en = "> user\nadd web frontend access to StreamOrders\n> assistant\nDecision: connect-go for the frontend, it is faster.\n"
	const de = "> user\nMach einen Zugang fürs Web-Frontend zu StreamOrders.\n> assistant\nConnect ist schneller. Ich nehme connect-go für das Frontend.\n"
	runScriptCases(t, []scriptCase{
		{name: "en", script: en + "> user\nthe frontend team's Envoy can't speak Connect. So grpc-gateway after all.\n",
			want: []string{`decision/-/grpc-gateway \[active/normative\].*\(was Decision: connect-go`}, never: []string{`connect-go-frontend.* \[active`}},
		{name: "de", script: de + "> user\nDas Frontend-Team sagt, ihr Envoy kann kein Connect. Also doch grpc-gateway.\n",
			want: []string{`decision/-/grpc-gateway \[active/normative\]`}, never: []string{`connect-go-frontend \[active`}},
		{name: "fr", script: en + "> user\nleur Envoy ne parle pas Connect. Finalement grpc-gateway.\n",
			want: []string{`decision/-/grpc-gateway \[active/normative\]`}},
		// Near misses.
		{name: "question", script: en + "> user\nso grpc-gateway after all?\n",
			want: []string{`connect-go.* \[active`}, never: []string{`decision/-/grpc-gateway`}},
		{name: "negated", script: en + "> user\nnot grpc-gateway after all.\n",
			never: []string{`decision/-/grpc-gateway`}},
		{name: "pronoun", script: en + "> user\nit works after all.\n",
			want: []string{`connect-go.* \[active`}, never: []string{`decision/-/it`}},
		{name: "no name", script: en + "> user\nthe tests pass after all.\n",
			want: []string{`connect-go.* \[active`}, never: []string{`decision/-/tests`}},
	})
}
