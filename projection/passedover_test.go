package projection

import "testing"

// A yes-or-no question of two the reply passes over while it takes up
// the other stays open, in English, Ukrainian and Swedish; near-misses
// leave nothing open.
func TestPassedOverQuestion(t *testing.T) {
	const open = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"en", "I'll use CREATE INDEX CONCURRENTLY. Should I also set lock_timeout? And do you want the migration in the same PR as the model change?", "Separate PR please.",
			[]string{open + `Should I also set lock_timeout\? — not answered \(the reply took up another question: Separate PR`}, []string{`= And do you want the migration`}},
		{"uk", "Використаю CREATE INDEX CONCURRENTLY. Чи ставити ще lock_timeout? І міграцію робити в тому ж PR, що й зміну моделі?", "Окремий PR, будь ласка.",
			[]string{open + `Чи ставити ще lock_timeout\? — not answered`}, nil},
		{"sv", "Jag använder CREATE INDEX CONCURRENTLY. Ska jag också sätta lock_timeout? Och vill du ha migreringen i samma PR som modelländringen?", "Separat PR tack.",
			[]string{open + `Ska jag också sätta lock_timeout\? — not answered`}, nil},

		// near-misses
		{"a yes may answer both", "Should I also set lock_timeout? And do you want the migration in the same PR as the model change?", "Yes, separate PR.",
			nil, []string{`not answered`}},
		{"both", "Should I also set lock_timeout? And do you want the migration in the same PR as the model change?", "Do both in a separate PR.",
			nil, []string{`not answered`}},
		{"each taken up", "Should I also set lock_timeout? And do you want the migration in the same PR as the model change?", "lock_timeout 5s, and a separate PR.",
			nil, []string{`not answered`}},
		{"a question of what may be answered by a value", "Are all samples paired-end? What read length?", "all MiSeq 2x150 paired-end.",
			nil, []string{`not answered`}},
		{"one question only", "Should I also set lock_timeout?", "Looks good, thanks.",
			nil, []string{`not answered`}},
		{"the reply asks back", "Should I also set lock_timeout? And do you want the migration in the same PR as the model change?", "Separate PR. Why would we need lock_timeout?",
			nil, []string{`not answered`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nAdd a migration for the orders index.\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}
