package projection

import "testing"

// A setting told as a label and a quantity, or as what a thing is worth,
// is a value in any language; a limit opened by "max N" is a rule; a
// clause before a colon, a note's label, a bare number under a label
// that names no setting and "key:value" written as code are none.
func TestLabelQuantity(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"Time limit per test: 10 seconds.", []string{`value/-/time_limit_per_test \[current/normative\] = 10 seconds`}, nil},
		{"Time limit per test: 10 seconds, no, better 5 seconds, some kids write infinite loops.", []string{`value/-/time_limit_per_test \[current/normative\] = 5 seconds`}, []string{`decision`}},
		{"Límite de tiempo por test: 10 segundos, no, mejor 5 segundos.", []string{`\[current/normative\] = 5 seconds`}, nil},
		{"Retries on the per-account job: 3.", []string{`value/-/retries_on_the_per-account_job \[current/normative\] = 3`}, nil},
		{"Style is worth 10% of the grade.", []string{`value/-/style \[current/normative\] = 10%`}, nil},
		{"El estilo (pylint) vale el 10% de la nota.", []string{`value/-/estilo.* \[current/normative\] = 10%`}, nil},
		{"Max 4 containers in parallel.", []string{`constraint .* = Max 4 containers in parallel.`}, nil},
		{"Máximo 4 contenedores en paralelo.", []string{`constraint .* = Máximo 4 contenedores en paralelo.`}, nil},
		{"Keep it to 2 workers max, the box is shared with the DB.", []string{`constraint .* = Keep it to 2 workers max`}, nil},
		{"we ran 3 jobs max last night", nil, []string{`constraint`}},
		{"min allele frequency: I was going to use 0.1, the default, but Helena wants 0.2", []string{`value/-/min_allele_frequency \[current/normative\] = 0.2`}, []string{`= 0.1`}},
		{"- frequência mínima do alelo pra reportar resistência: eu ia botar 0.1 que é o padrão mas a Helena quer 0.2", []string{`\[current/normative\] = 0.2`}, nil},
		{"card writes are slow, so bump the sd clock, 25 MHz is what we run now, go to 50", []string{`value/-/sd_clock \[current/normative\] = 50 MHz`}, nil},
		{"lower the batch size, take it to 32", []string{`value/-/batch_size \[current/normative\] = 32`}, nil},
		{"Update: 3 left.", nil, []string{`value/-/update`}},
		{"I double-checked it's: 80.", nil, []string{`value/`}},
		{"Ticket: 4412.", nil, []string{`value/-/ticket`}},
	} {
		expect(t, reduceAll(t, "> user\nWe grade lab 3 today.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}
