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

// The first message's task and a rule in the same sentence or the next
// one ("почини панику, и до релиза 0.9 никаких новых зависимостей", "в
// agg-core не трогай unsafe", "conserta o build e não mexe no app.json",
// "fix the panic, and no new dependencies until 0.9"): the objective is
// the task alone, the rule a constraint of its own (ruletail.go,
// midprohibit.go).
func TestTaskAndRuleInFirstMessage(t *testing.T) {
	obj := func(s string) string { return `objective [^\n]*\[active[^\n]*= ` + s + ` @` }
	rule := func(s string) string { return `constraint [^\n]*\[active[^\n]*= ` + s }
	cases := []scriptCase{
		{"ru: clause with a bound", "> user\nпочини панику в agg-server, и до релиза 0.9 никаких новых зависимостей.",
			[]string{obj(`почини панику в agg-server`), rule(`до релиза 0\.9 никаких новых зависимостей`)}, []string{`objective [^\n]*зависимост`}},
		{"ru: и не трогай", "> user\nпочини панику в agg-server и не трогай unsafe.",
			[]string{obj(`почини панику в agg-server`), rule(`не трогай unsafe`)}, []string{`objective [^\n]*unsafe`}},
		{"ru: place before не", "> user\nпочини панику в agg-server. в agg-core не трогай unsafe.",
			[]string{obj(`почини панику в agg-server\.`), rule(`в agg-core не трогай unsafe`)}, []string{`objective [^\n]*unsafe`}},
		{"ru: object before не", "> user\nпочини панику в agg-server. новых зависимостей не добавляй.",
			[]string{obj(`почини панику в agg-server\.`), rule(`новых зависимостей не добавляй`)}, nil},
		{"uk: object before не", "> user\nвиправ паніку в agg-server. продакшн-базу не чіпай.",
			[]string{rule(`продакшн-базу не чіпай`)}, []string{`objective [^\n]*чіпай`}},
		{"pt: e não mexe", "> user\nconserta o build do EAS e não mexe no app.json.",
			[]string{obj(`conserta o build do EAS`), rule(`não mexe no app\.json`)}, []string{`objective [^\n]*app\.json`}},
		{"pt: mas nada de", "> user\nconserta o build do EAS, mas nada de mexer no app.json.",
			[]string{obj(`conserta o build do EAS`), rule(`nada de mexer no app\.json`)}, nil},
		{"en: and no", "> user\nfix the panic in agg-server, and no new dependencies until 0.9.",
			[]string{obj(`fix the panic in agg-server`), rule(`no new dependencies until 0\.9`)}, []string{`objective [^\n]*dependencies`}},
		{"en: and don't", "> user\nfix the panic in agg-server and don't touch unsafe.",
			[]string{obj(`fix the panic in agg-server`), rule(`don't touch unsafe`)}, []string{`objective [^\n]*unsafe`}},
		// near misses: a fact with "не", a past plural, an adjective, an
		// infinitive, a colon inside the task, a purpose clause
		{"ru: a fact", "> user\nпочини панику в agg-server, это не баги в tokio.",
			[]string{obj(`почини панику в agg-server, это не баги в tokio\.`)}, []string{`constraint `}},
		{"ru: past plural", "> user\nпочини панику в agg-server. тесты flush не прошли.",
			nil, []string{`constraint `}},
		{"ru: и не прошли", "> user\nпочини панику в agg-server, тесты упали и не прошли.",
			nil, []string{`constraint `}},
		{"ru: adjective", "> user\nпочини панику в agg-server. cargo test не зелёный.",
			nil, []string{`constraint `}},
		{"ru: infinitive", "> user\nпочини панику в agg-server. лучше не трогать.",
			nil, []string{`constraint `}},
		{"en: colon in the task", "> user\nUse the bash tool to run exactly: echo HELLO, and nothing else.",
			[]string{`objective [^\n]*echo HELLO`}, nil},
		{"en: no rule", "> user\nfix the panic in agg-server, and make cargo test green.",
			[]string{obj(`fix the panic in agg-server, and make cargo test green\.`)}, []string{`constraint `}},
	}
	runScriptCases(t, cases)
}

// A step after the task ("…, then reply with its stdout only") is the
// task's, however its words bind: the objective keeps it whole.
func TestTaskStepIsNoRuleTail(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"en: then … only", "> user\nRun this exact command with your bash tool, then reply with its stdout only: echo hi",
			[]string{`objective [^\n]*then reply with its stdout only`}, nil},
		{"ru: потом … только", "> user\nпочини панику в agg-server, потом запусти только cargo test.",
			[]string{`objective [^\n]*потом запусти`}, nil},
	})
}
