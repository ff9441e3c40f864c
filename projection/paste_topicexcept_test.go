package projection

import "testing"

// A user message that pastes a tool's output (a fenced block, Gradle's
// "> Task :integrationTest FAILED") names no goal: the objective stays
// the one said in words. A remark whose subject is the speaker ("lokal
// hatte ich den nie laufen", "en local je ne l'ai jamais lancé", "I never
// ran it locally") is no rule, whatever word opens it (proposeuser.go,
// directive.go).
func TestPasteNamesNoGoal(t *testing.T) {
	const de = "> user\nZiel für heute: `./gradlew build` wieder grün.\n> assistant\nOk.\n> user\nNeues Ziel: der PaymentEventsListener hängt hinterher, Consumer-Lag bis 40k. Das soll weg.\n> assistant\nVerstanden.\n> user\n"
	const en = "> user\ngoal: get `./gradlew build` green.\n> assistant\nOk.\n> user\nnew goal: the PaymentEventsListener lags in prod, consumer lag up to 40k. Make it go away.\n> assistant\nGot it.\n> user\n"
	// a space before each Gradle line: a script's "> " starts a step
	const log = "```\n > Task :integrationTest\n\nKafkaConsumerLagIT > lagStaysBelowThreshold() FAILED\n\n > Task :integrationTest FAILED\nBUILD FAILED in 3m 2s\nERROR: Job failed: exit code 1\n```\n\n"
	const goal = "\nGoal: ship the retry policy.\n"
	kept := func(s string) string { return `objective [^\n]*\[active[^\n]*` + s }
	cases := []scriptCase{
		{"de repro", de + "hier ist noch was aus der CI von heute morgen:\n\n" + log + "lokal hatte ich den nie laufen.",
			[]string{kept(`PaymentEventsListener`)}, []string{`integrationTest FAILED \(was`, `constraint `}},
		{"en", en + "here's what CI said this morning:\n\n" + log + "locally I had never run it.",
			[]string{kept(`PaymentEventsListener`)}, []string{`integrationTest FAILED \(was`, `constraint `}},
		{"en: unfenced Gradle line", en + "CI says:\n > Task :integrationTest FAILED",
			[]string{kept(`PaymentEventsListener`)}, []string{`integrationTest FAILED \(was`}},
		{"fr: the speaker's remark", en + "en local je ne l'ai jamais lancé.",
			nil, []string{`constraint `}},
		{"de: a goal in a fence is pasted text", de + "so steht es im Ticket:\n```" + goal + "```",
			[]string{kept(`PaymentEventsListener`)}, []string{`retry policy`}},
		// near misses: a goal said outside the paste, a rule after it
		{"en: a new goal after the paste", en + "CI said:\n\n" + log + "new goal: fix the integration test first.",
			[]string{kept(`fix the integration test first`)}, nil},
		{"de: a rule after the paste", de + "CI:\n\n" + log + "lass den nie lokal laufen.",
			[]string{`constraint [^\n]*lass den nie lokal laufen`}, nil},
		{"en: an imperative rule after the paste", en + "CI:\n\n" + log + "never run it locally.",
			[]string{`constraint [^\n]*never run it locally`}, nil},
		{"pt: a rule", en + "nunca rode isso localmente.",
			[]string{`constraint [^\n]*nunca rode isso localmente`}, nil},
		{"ru: a rule", en + "никогда не запускай его локально.",
			[]string{`constraint [^\n]*никогда не запускай`}, nil},
	}
	runScriptCases(t, cases)
}

// An exception under a label naming a rule's thing, confined to one place
// ("и unsafe: в simd.rs можно, только там", "and unsafe: allowed in
// simd.rs, only there"), excepts that place from the rule, even in the
// reply that answers numbered questions; the answer before it ends there,
// and a lift of the rule takes the exception along (topicexcept.go,
// numbered.go's exceptCut).
func TestPlaceExceptAmongAnswers(t *testing.T) {
	const ru = "> user\nзадача: ускорить бенч window_agg.\n> assistant\nПонял.\n> user\nправила: в agg-core не трогай unsafe.\n> assistant\nВопросы:\n1) MSRV держим 1.75?\n2) бенч на 1M или 10M?\n> user\n"
	const en = "> user\ngoal: speed up the window_agg bench.\n> assistant\nOk.\n> user\nrules: no unsafe in agg-core.\n> assistant\nQuestions:\n1) keep MSRV 1.75?\n2) bench on 1M or 10M?\n> user\n"
	except := `constraint [^\n]*\[active[^\n]*unsafe[^\n]* — except: [^\n]*simd\.rs`
	cases := []scriptCase{
		{"ru repro", ru + "1 — держим. 2 — 1M.\nи unsafe: в simd.rs можно, только там. в остальном agg-core — нет.",
			[]string{except, `decision/answer/1m \[active[^\n]*= 1M \(was`}, []string{`decision [^\n]*simd`}},
		{"ru lifted", ru + "1 — держим. 2 — 1M.\nи unsafe: в simd.rs можно, только там. в остальном agg-core — нет.\n> assistant\nПонял.\n> user\nснимаю запрет на unsafe в agg-core целиком, будем ревьюить руками.",
			[]string{`constraint [^\n]*\[lifted[^\n]*except`}, []string{`\[active[^\n]*simd`}},
		{"en", en + "1 — keep. 2 — 1M.\nand unsafe: allowed in simd.rs, only there. elsewhere in agg-core no.",
			[]string{except, `decision/answer/1m \[active[^\n]*= 1M \(was`}, []string{`decision [^\n]*simd`}},
		{"en lifted", en + "1 — keep. 2 — 1M.\nand unsafe: allowed in simd.rs, only there.\n> assistant\nOk.\n> user\nthe unsafe ban in agg-core is lifted, we'll review by hand.",
			[]string{`constraint [^\n]*\[lifted[^\n]*except`}, []string{`\[active[^\n]*simd`}},
		// near misses: a label no rule names, a permission with no place
		{"en: a label naming no rule", en + "1 — keep. 2 — 1M.\nand logging: allowed in main.rs, only there.",
			[]string{`constraint [^\n]*\[active[^\n]*= no unsafe in agg-core\. @`}, []string{`except`}},
		{"en: no 'only there'", en + "and unsafe: allowed in simd.rs.",
			nil, []string{`except: `}},
	}
	runScriptCases(t, cases)
}
