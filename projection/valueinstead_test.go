package projection

import "testing"

// TestHeldNumberReplacedInSentence: "V instead of W" inside a longer
// sentence, W the number a held setting has, sets that setting to V (was
// W) and chooses no course ("deadline übrigens auf 45s statt 30,
// Staging-DB ist langsam"). Near misses: the question, a W the setting
// does not hold, and a W no held setting has.
func TestHeldNumberReplacedInSentence(t *testing.T) {
	const de = "> user\nMach StreamOrders fertig.\n> user\ndeadline für den Stream: 30 Sekunden.\n> assistant\nDeadline 30 s.\n"
	const en = "> user\nfinish StreamOrders\n> user\ndeadline for the stream: 30 seconds.\n> assistant\nDeadline 30 s.\n"
	runScriptCases(t, []scriptCase{
		{name: "de statt", script: de + "> user\ndeadline übrigens auf 45s statt 30, Staging-DB ist langsam.\n",
			want: []string{`value/-/deadline_für_den_stream \[current.*= 45s \(was 30 seconds\)`}, never: []string{`decision/`}},
		{name: "en instead of", script: en + "> user\nbtw make the deadline 45s instead of 30, the staging DB is slow.\n",
			want: []string{`value/-/deadline_for_the_stream \[current.*= 45s \(was 30 seconds\)`}, never: []string{`decision/`}},
		{name: "es en lugar de", script: "> user\ntermina StreamOrders\n> user\ndeadline del stream: 30 segundos.\n> assistant\nDeadline 30 s.\n> user\nel deadline a 45s en lugar de 30, la base de staging es lenta.\n",
			want: []string{`value/-/deadline.* \[current.*= 45s \(was 30`}},
		// Near misses.
		{name: "question", script: en + "> user\nshould the deadline be 45s instead of 30?\n",
			want: []string{`value/-/deadline_for_the_stream \[current.*= 30 seconds`}, never: []string{`= 45s`}},
		{name: "another number replaced", script: en + "> user\nbtw the deadline 45s instead of 60, the staging DB is slow.\n",
			never: []string{`= 45s \(was 30 seconds\)`}},
		{name: "the number of no held setting", script: en + "> user\nand 5 retries instead of 3, the API is flaky.\n",
			want: []string{`value/-/deadline_for_the_stream \[current.*= 30 seconds`}, never: []string{`deadline.*= 5`}},
	})
}

// TestBackToSettingByReasonNumber: "pool back to 15, 20 was too many"
// names no setting before its number, but its reason gives the number a
// held setting has: that setting is put back, not the one set last.
// Near misses: a reason with no held number, and one naming two settings.
func TestBackToSettingByReasonNumber(t *testing.T) {
	const head = "> user\npool: bump max_connections from 10 to 20, we're starving under load. and statement_timeout 5s for the api role\n> user\nset statement_timeout to 8000 ms until the index ships\n"
	runScriptCases(t, []scriptCase{
		{name: "en", script: head + "> user\nalso pool back to 15, 20 was too many for the pgbouncer limit\n",
			want:  []string{`max_connections \[current.*= 15 \(was 20\)`, `statement_timeout \[current.*= 8000 ms`},
			never: []string{`statement_timeout \[current.*= 15`}},
		{name: "no held number in the reason", script: head + "> user\nactually back to 5000 ms, the index shipped\n",
			want: []string{`statement_timeout \[current.*= 5000 ms`}, never: []string{`max_connections \[current.*= 5000`}},
		{name: "two held numbers", script: head + "> user\nback to 15, 20 and 8000 were both too much\n",
			never: []string{`max_connections \[current.*= 15`}},
	})
}
