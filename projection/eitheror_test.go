package projection

import (
	"slices"
	"testing"
)

// An either-or question of the agent's offers its alternatives as
// options, the lead of the first left out; a yes or no ("or not"), a
// second question ("or should I wait?") or alternatives too long offer
// none.
func TestEitherOrOptions(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"Should I use Redis or Postgres advisory locks?", []string{"Redis", "Postgres advisory locks"}},
		{"Both work. ¿Redis o Postgres advisory locks?", []string{"Redis", "Postgres advisory locks"}},
		{"用 Redis 还是 Postgres advisory lock？", []string{"Redis", "Postgres advisory lock"}},
		{"Which one: pgx or gorm?", []string{"pgx", "gorm"}},
		{"sqlx, pgx or gorm?", nil},
		// near misses
		{"Should I run the tests or not?", nil},
		{"Run the tests now, or should I wait for the migration?", nil},
		{"Do you want me to fix it now or later?", nil},
		{"I used Redis or Postgres before.", nil},
		{"Should I put the lock in the scheduler process that owns the job table or in a separate sidecar that every worker talks to over gRPC?", nil},
	}
	for _, c := range cases {
		if got := eitherOrOptions(c.text); !slices.Equal(got, c.want) {
			t.Errorf("eitherOrOptions(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// A choice among the options an either-or question or lettered
// alternatives offered ("B", "the second", "dale con la segunda", "好，
// 第二个") is a decision for that option, and answers the question; an
// "ok" to a plain action, or a place said of a yes-or-no question,
// decides nothing.
func TestChoiceAmongOfferedAlternatives(t *testing.T) {
	const start = "> user\nWe need a lock for the job scheduler.\n"
	const chosen = `decision/-/postgres-advisory-locks \[active/normative\] = Postgres advisory locks \(`
	runScriptCases(t, []scriptCase{
		{"lettered in parentheses, a bare letter", start + "> assistant\nTwo options: A (Redis) or B (Postgres advisory locks)?\n> user\nB\n",
			[]string{chosen + `B\)`}, []string{`decision/-/redis`}},
		{"lettered, go with", start + "> assistant\nA (Redis) or B (Postgres advisory locks)?\n> user\ngo with B\n",
			[]string{chosen + `go with B\)`}, []string{`decision/-/go-b`}},
		{"either-or, the second", start + "> assistant\nShould I use Redis or Postgres advisory locks?\n> user\nthe second\n",
			[]string{chosen + `the second\)`}, []string{`not answered`}},
		{"es: dale con la segunda", start + "> assistant\nShould I use Redis or Postgres advisory locks?\n> user\ndale con la segunda\n",
			[]string{chosen + `dale con la segunda\)`}, []string{`not answered`}},
		{"zh: 第二个", start + "> assistant\n用 Redis 还是 Postgres advisory locks？\n> user\n好，第二个\n",
			[]string{chosen + `好，第二个\)`}, nil},
		{"near miss: ok to an action", start + "> assistant\nShall I run the tests?\n> user\nok\n",
			nil, []string{`decision/`}},
		{"near miss: a place said of a yes-or-no question", start + "> assistant\nShould I run the tests or not?\n> user\nthe second\n",
			nil, []string{`decision/`}},
		{"near miss: a letter with no options", start + "> assistant\nPlan A (the fast one) is risky, so I'm looking at the logs first.\n> user\nB\n",
			nil, []string{`decision/`}},
	})
}
