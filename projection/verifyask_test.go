package projection

import "testing"

// A request to check how things stand ("só confirma q tá assim", "just
// confirm it's still 256Mi") is no rule; "only" beside another verb, or
// a prohibition beside the check, still is (trial 14 B9, m26).
func TestVerifyRequestIsNoRule(t *testing.T) {
	const lead = "> user\nadd graceful shutdown to the service\n> assistant\nok\n> user\n"
	none := []string{`constraint/`}
	var cases []scriptCase
	for _, s := range []string{
		"só confirma q tá assim",
		"e o limite de memória: staging 256Mi tá ok, prod 512Mi tb. só confirma q tá assim",
		"só confere se o limite é 256Mi",
		"only confirm it's like that",
		"just check that the limit is 256Mi",
		"only verify whether the migration ran",
		"bitte nur kurz checken, ob das Limit 256Mi ist",
		"nur kurz prüfen, ob es so ist",
		"solo confirma que está así",
		"controlla solo che sia così",
		"tylko sprawdź, czy tak jest",
		"только проверь, что так и есть",
	} {
		cases = append(cases, scriptCase{s, lead + s + "\n", nil, none})
	}
	cases = append(cases,
		scriptCase{"near miss: only another verb", lead + "only deploy to staging\n", []string{`constraint/\S+ \[active`}, nil},
		scriptCase{"near miss: a prohibition beside the check", lead + "just check that it's 256Mi, don't touch the file\n", []string{`constraint/\S+ \[active`}, nil},
		scriptCase{"near miss: make sure states a rule", lead + "only merge when you make sure that tests pass\n", []string{`constraint/\S+ \[active`}, nil},
		scriptCase{"near miss: pt só with another verb", "> user\noi! o pedidos-svc precisa de graceful shutdown decente, roda os testes primeiro pfv\n> assistant\nok\n> user\nsó usa o helm pro deploy do staging\n", []string{`constraint/\S+ \[active`}, nil},
	)
	runScriptCases(t, cases)
}
