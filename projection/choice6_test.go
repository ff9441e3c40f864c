package projection

import "testing"

// A change of objective told in Japanese, German, Spanish or English
// moves the objective; a preference, a forbidding plan, a step ordered
// first and a thing set aside with nothing in its place do not.
func TestObjectiveShiftAcrossLanguages(t *testing.T) {
	cases := []struct {
		name, first, said string
		want, never       []string
	}{
		{"ja repro: 方針変更です…優先してください", "orders_daily の DAG が落ちてるので直してほしいです。",
			"ありがとう。で、方針変更です。今日は fct_orders の incremental 化を優先してください。DAG の修正はここまででOK",
			[]string{`objective/session/goal \[active/normative\] = fct_orders の incremental 化を優先してください。 \(was orders_daily`}, nil},
		{"ja: the old task set aside after", "orders_daily の DAG が落ちてるので直してほしいです。",
			"ログイン画面のバグを優先してください。DAG は後回しで。",
			[]string{`= ログイン画面のバグを優先してください。 \(was orders_daily`}, nil},
		{"ja: 予定変更", "orders_daily の DAG が落ちてるので直してほしいです。",
			"予定変更です。請求書の PDF 出力を最優先でお願いします。",
			[]string{`= 請求書の PDF 出力を最優先でお願いします。 \(was orders_daily`}, nil},
		{"de repro: Planänderung: … muss heute noch", "In der Notizblock App ist der Offline-Sync kaputt, bitte fixen.",
			"Planänderung: der Sync-Fix muss heute noch in die TestFlight Beta 2.3. Bitte fastlane beta laufen lassen.",
			[]string{`objective/session/goal \[active/normative\] = der Sync-Fix muss heute noch in die TestFlight Beta 2\.3\. \(was In der Notizblock`},
			[]string{`constraint/-/planänderung`}},
		{"de: Neue Priorität", "In der Notizblock App ist der Offline-Sync kaputt, bitte fixen.",
			"Neue Priorität: den Absturz beim Login beheben.",
			[]string{`= den Absturz beim Login beheben\. \(was In der Notizblock`}, nil},
		{"en repro: forget X for now … do that first", "ok so we need a billing page at /settings/billing.",
			"forget the invoice table for now. the upgrade/downgrade flow is what sales needs by friday. do that first, table can stay as is",
			[]string{`= the upgrade/downgrade flow is what sales needs by friday\. \(was ok so we need a billing page`}, nil},
		{"en: leave X for now … start with that", "ok so we need a billing page at /settings/billing.",
			"leave the invoice table for now. The checkout crash is blocking QA. Start with that first.",
			[]string{`= The checkout crash is blocking QA\. \(was ok so we need`}, nil},
		// Negative cases.
		{"ja: a preference given priority, no change of plan", "orders_daily の DAG が落ちてるので直してほしいです。",
			"可読性を優先してください。",
			[]string{`objective/session/goal \[active/normative\] = orders_daily`}, []string{`\(was orders_daily`}},
		{"de: a plan change that forbids", "In der Notizblock App ist der Offline-Sync kaputt, bitte fixen.",
			"Planänderung: heute nicht mehr deployen.",
			[]string{`= In der Notizblock App`}, []string{`\(was In der Notizblock`}},
		{"en: do that first with nothing set aside", "ok so we need a billing page at /settings/billing.",
			"Run the linter. Do that first, then the tests.",
			[]string{`= ok so we need a billing page`}, []string{`\(was ok so we need`}},
		{"en: set aside, no new task", "ok so we need a billing page at /settings/billing.",
			"forget the invoice table for now.",
			[]string{`= ok so we need a billing page`}, []string{`\(was ok so we need`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, "> user\n"+c.first+"\n> assistant\nOK, on it.\n> user\n"+c.said), c.want, c.never)
		})
	}
}

// A user's "X instead" replaces what it is about: the rule stated last
// when the message names it (a word of its own, or a token the agent
// wrote carrying it out), never an older decision on another subject by
// default.
func TestInsteadReplacesItsSubject(t *testing.T) {
	const picker = "> user\nadd plan changes to the billing page\n> assistant\nOptions:\n(A) redirect to Stripe Checkout\n(B) in-app plan picker with Elements\nI'd go with A.\n> user\nthe other one. sales hates the portal redirect\n> assistant\nGoing with (B): in-app picker + server action.\n"
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"repro: a quoted token the agent wrote", picker +
			"> user\nproration: don't prorate, it confuses people\n> assistant\nSetting it to none.\n> call editFile {\"path\": \"actions.ts\", \"old\": \"proration_behavior: 'create_prorations',\", \"new\": \"proration_behavior: 'none',\"}\n> result\nedited actions.ts\n> user\nhmm finance says 'none' means we eat the difference. use always_invoice instead",
			[]string{`use always_invoice instead \(was proration: don't prorate`, `decision/-/in-app-plan-picker-elements \[active`},
			[]string{`\(was Going with \(B\)`, `constraint/-/proration-don-t-prorate-confuses-people \[active`}},
		{"the rule's own word", picker +
			"> user\nrounding: never round totals up, finance wants it simple\n> user\nuse half_up rounding instead, the auditors insist",
			[]string{`\(was rounding: never round totals up`, `decision/-/in-app-plan-picker-elements \[active`}, []string{`constraint/-/rounding[^ ]* \[active`}},
		{"a rule stated since is not what it names", picker +
			"> user\nproration: don't prorate, it confuses people\n> user\nserver actions only, no API routes\n> user\nhmm on proration, finance says we eat the difference. use always_invoice instead",
			[]string{`use always_invoice instead \(was proration: don't prorate`, `constraint/-/server-actions[^ ]* \[active`}, []string{`constraint/-/proration-don-t-prorate-confuses-people \[active`}},
		// Negative cases.
		{"instead about a different subject", picker +
			"> user\nnever touch the lockfile by hand\n> user\nuse vitest instead",
			[]string{`constraint/-/touch-lockfile-hand \[active`, `decision/-/in-app-plan-picker-elements \[active`}, []string{`\[superseded`}},
		{"a switch right after a choice still replaces it", "> user\nset up the monorepo\n> user\ngo with pnpm\n> user\nactually, use yarn instead",
			[]string{`\(was go with pnpm\)`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// "The other one" chooses the option the agent did not recommend, of
// two; with no recommendation, no options, or said of an option, it
// chooses nothing.
func TestTheOtherOne(t *testing.T) {
	const offer = "> user\nadd plan changes to the billing page\n> assistant\nOptions:\n(A) redirect to Stripe Checkout\n(B) in-app plan picker with Elements\n"
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"repro", offer + "I'd go with A.\n> user\nthe other one. sales hates the portal redirect",
			[]string{`decision/-/in-app-plan-picker-elements \[active/normative\] = in-app plan picker with Elements \(the other one\.\)`}, nil},
		{"German: die andere", "> user\nbau den Plan-Wechsel ein\n> assistant\nZwei Wege:\n1. Weiterleitung zu Stripe Checkout\n2. eigener Plan-Picker in der App\nIch würde 1 nehmen.\n> user\ndie andere, der Vertrieb hasst die Weiterleitung",
			[]string{`decision/-/eigener-plan-picker-app \[active`}, nil},
		{"Spanish: la otra", "> user\nañade el cambio de plan\n> assistant\nOpciones:\n(A) redirigir a Stripe Checkout\n(B) selector de plan dentro de la app\nRecomiendo A.\n> user\nla otra, ventas odia la redirección",
			[]string{`decision/-/selector-plan-dentro-app \[active`}, nil},
		// Negative cases.
		{"no recommendation", offer + "Which one?\n> user\nthe other one. sales hates the portal redirect",
			nil, []string{`decision/-/in-app-plan-picker`, `decision/-/redirect-stripe`}},
		{"no options offered", "> user\nadd plan changes to the billing page\n> assistant\nI'd go with a redirect to Stripe Checkout.\n> user\nthe other one. sales hates the portal redirect",
			nil, []string{`\(the other one`}},
		{"said of an option", offer + "I'd go with A.\n> user\nthe other one is slower to build",
			nil, []string{`\(the other one`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// An answer to the agent's either-or question changed later, with a word
// that says so, replaces the first answer; a mention of the other
// alternative without one, or of the same one, or a question, does not.
func TestAnswerChangedLater(t *testing.T) {
	const de = "> user\nFix bitte die Konfliktauflösung im Sync.\n> assistant\nFrage: Bei einem Konflikt: soll der Server gewinnen oder last-write-wins?\n> user\nerstmal last-write-wins\n> assistant\nOK, last-write-wins.\n> user\n"
	const en = "> user\nfix conflict resolution in the sync\n> assistant\nOn a conflict, should the server win or last-write-wins?\n> user\nlast-write-wins for now\n> assistant\nOK.\n> user\n"
	const es = "> user\narregla la resolución de conflictos\n> assistant\nEn un conflicto, ¿gana el servidor o last-write-wins?\n> user\nde momento last-write-wins\n> assistant\nVale.\n> user\n"
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"de repro: doch Server gewinnt", de + "für die Konfliktauflösung: doch Server gewinnt. Das hat der PO entschieden",
			[]string{`decision/answer/die-konfliktauflösung-doch-server-gewinnt \[active/normative\] = für die Konfliktauflösung: doch Server gewinnt\. \(was Frage:`}, []string{`decision/answer/erstmal-last-write-wins \[active`}},
		{"de: lieber der Server", de + "Nee, lieber gewinnt der Server.",
			[]string{`decision/answer/nee-lieber-gewinnt-server \[active`}, []string{`decision/answer/erstmal-last-write-wins \[active`}},
		{"en: actually the server", en + "actually the server wins, the PO decided",
			[]string{`decision/answer/actually-server-wins-po-decided \[active`}, []string{`decision/answer/last-write-wins \[active`}},
		{"es: al final el servidor", es + "al final gana el servidor, lo decidió el PO",
			[]string{`decision/answer/al-final-gana-servidor-decidió-po \[active`}, []string{`decision/answer/de-momento-last-write-wins \[active`}},
		// Negative cases.
		{"the other alternative named with no change of mind", en + "the server logs are noisy today",
			[]string{`decision/answer/last-write-wins \[active`}, []string{`\[superseded`}},
		{"the same alternative again", en + "actually last-write-wins is fine for good",
			[]string{`decision/answer/last-write-wins \[active`}, []string{`\[superseded`}},
		{"a question back", de + "doch Server gewinnt?",
			[]string{`decision/answer/erstmal-last-write-wins \[active`}, []string{`\[superseded`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// Replies that answer the agent's question by shape: one alternative of
// an either-or question named, a decline or a yes or no with a reason to
// a yes-or-no question; and a question the agent labels as still open,
// kept open until answered.
func TestAnswersByShapeAndOpenQuestions(t *testing.T) {
	const start = "> user\nadd rate limiting to the gRPC server\n> assistant\n"
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"es repro: por cliente", start + "Dos preguntas: 1. ¿El límite es global o por cliente? 2. Para guardar los limitadores: A) map en memoria con mutex, B) token bucket en Redis. Recomiendo A.\n> user\npor cliente, usando la metadata x-api-key. y A. nada de Redis, es un solo pod",
			[]string{`decision/answer/cliente-usando-metadata-x-api-key \[active/normative\] = por cliente, usando la metadata x-api-key\. \(was Dos preguntas`, `decision/-/map-en-memoria-con-mutex \[active`}, nil},
		{"en: per client", start + "Is the limit global or per client?\n> user\nper client, keyed by the x-api-key metadata",
			[]string{`decision/answer/per-client-keyed-x-api-key-metadata \[active`}, nil},
		{"de: pro Client", start + "Soll das Limit global oder pro Client gelten?\n> user\npro Client, über den x-api-key Header",
			[]string{`decision/answer/client-über-x-api-key-header \[active`}, nil},
		{"es repro: ahora no", start + "Vale. ¿Quieres también métricas Prometheus de rechazos?\n> user\nahora no",
			[]string{`decision/answer/ahora \[active/normative\] = ahora no \(was ¿Quieres también métricas Prometheus`}, nil},
		{"en: not now", start + "Done. Do you also want Prometheus metrics for rejections?\n> user\nnot now",
			[]string{`= not now \(was Done\. Do you also want|= not now \(was Do you also want`}, nil},
		{"de: nein, mit Grund", start + "Soll ich auch den Match-Fall abdecken?\n> user\nnein, das mach ich selbst morgen",
			[]string{`= nein, das mach ich selbst morgen \(was Soll ich auch`}, nil},
		{"ja: 今はいいです", start + "Prometheus のメトリクスも追加しますか？\n> user\n今はいいです",
			[]string{`= 今はいいです \(was Prometheus のメトリクスも追加しますか？`}, nil},
		{"es repro: a question left open", start + "Hecho. Una duda que queda: ¿hay que propagar retry_after_ms como cabecera Retry-After en el gateway HTTP?\n> user\ngracias, por hoy lo dejamos aquí",
			[]string{`uncertainty question/-/duda-queda-hay-propagar-retry_after_ms-cabecera \[hypothesis`}, nil},
		{"en: open question, answered", start + "Done. One open question: should retry_after_ms go out as a Retry-After header in the HTTP gateway?\n> user\nyes, the gateway should send Retry-After too",
			[]string{`question/-/one-open-question-retry_after_ms-go-out \[established`, `decision/answer/yes-gateway-send-retry-after-too \[active`}, nil},
		{"de: offene Frage", start + "Fertig. Offene Frage: Soll der Changelog für TestFlight auf Deutsch sein?\n> user\ndanke, bis morgen",
			[]string{`question/-/offene-frage-soll-changelog-testflight-deutsch \[hypothesis`}, nil},
		// Negative cases.
		{"a decline to a question of what", start + "¿Qué puerto uso para las métricas?\n> user\nahora no",
			nil, []string{`decision/answer`}},
		{"a question back", start + "¿El límite es global o por cliente?\n> user\n¿qué recomiendas?",
			nil, []string{`decision/answer`}},
		{"a reply naming neither alternative", start + "Is the limit global or per client?\n> user\nhmm, not sure yet, depends on the tenants",
			nil, []string{`decision/answer`}},
		{"an unlabelled question passed over", start + "Done. Should retry_after_ms go out as a Retry-After header?\n> user\nthanks, that's it for today",
			nil, []string{`question/-/`, `decision/answer`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
