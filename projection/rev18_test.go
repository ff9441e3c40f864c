package projection

import "testing"

// An approach the agent took on its own, dropped by the user with a
// reason and a course in its place ("chunks_exact выкидываем … сделай
// обычный цикл обратно", "drop chunks_exact … put the plain loop back"):
// the course is a decision, the approach negative knowledge; the course
// that goes back is no setting set back to a value never stated
// (revertcourse.go, takeback.go).
func TestApproachDroppedForCourse(t *testing.T) {
	const ru = "> user\nзадача: ускорить бенч window_agg.\n> assistant\nПопробую агрегацию через `chunks_exact(8)`.\n> user\n"
	const en = "> user\ngoal: speed up the window_agg bench.\n> assistant\nI'll try aggregating with `chunks_exact(8)`.\n> user\n"
	const pt = "> user\nobjetivo: acelerar o bench window_agg.\n> assistant\nVou tentar agregar com `chunks_exact(8)`.\n> user\n"
	noValue := `value [^\n]*(?:обычный|plain|loop|цикл|simples)`
	cases := []scriptCase{
		{"ru repro", ru + "погоди, chunks_exact выкидываем. данные у нас из kafka приходят невыровненные, и Коля говорит в профиле это ничего не дало. сделай обычный цикл обратно.",
			[]string{`decision [^\n]*\[active[^\n]*сделай обычный цикл обратно`, `negative-knowledge [^\n]*chunks_exact — rejected: данные`}, []string{noValue, `back to its earlier value`}},
		{"ru: убери, верни", ru + "убери chunks_exact, в профиле он ничего не дал. верни обычный цикл.",
			[]string{`decision [^\n]*\[active[^\n]*верни обычный цикл`, `negative-knowledge [^\n]*chunks_exact`}, []string{noValue}},
		{"en", en + "wait, drop chunks_exact. the data arrives unaligned and the profile showed no gain. put the plain loop back.",
			[]string{`decision [^\n]*\[active[^\n]*put the plain loop back`, `negative-knowledge [^\n]*chunks_exact — rejected: the data arrives unaligned`}, []string{noValue, `back to its earlier value`}},
		{"en: go back to", en + "remove chunks_exact, the profile showed no gain. go back to the plain loop.",
			[]string{`decision [^\n]*\[active[^\n]*go back to the plain loop`}, []string{noValue}},
		{"pt", pt + "tira o chunks_exact, no profile não deu ganho nenhum. volta pro loop simples.",
			[]string{`decision [^\n]*\[active[^\n]*volta pro loop simples`, `negative-knowledge [^\n]*chunks_exact`}, []string{noValue}},
		// near misses: no reason, no course, a question, a setting set
		// back, a course too far away
		{"ru: no reason", ru + "chunks_exact выкидываем. сделай обычный цикл обратно.",
			nil, []string{`negative-knowledge [^\n]*chunks_exact`, `decision [^\n]*обычный`}},
		{"en: no reason", en + "drop chunks_exact. put the plain loop back.",
			nil, []string{`negative-knowledge [^\n]*chunks_exact`, `decision [^\n]*plain loop`}},
		{"en: no course", en + "drop chunks_exact, the profile showed no gain.",
			nil, []string{`negative-knowledge [^\n]*chunks_exact`, `decision [^\n]*chunks`}},
		{"ru: a question", ru + "chunks_exact выкидываем? в профиле он ничего не дал. сделай обычный цикл обратно.",
			nil, []string{`negative-knowledge [^\n]*chunks_exact`}},
		{"en: a setting set back", en + "set the batch size to 64.\n> assistant\nDone.\n> user\nthe profile showed no gain. put the batch size back.",
			[]string{`batch`}, []string{`negative `, `decision [^\n]*batch`}},
		{"en: course too far", en + "drop chunks_exact. the data arrives unaligned. the profile showed no gain. Kolya agrees. put the plain loop back.",
			nil, []string{`negative-knowledge [^\n]*chunks_exact`}},
	}
	runScriptCases(t, cases)
}
