package projection

import "testing"

// A change of focus or of goal, said in any language the lexicons cover
// ("muda o foco: o objetivo agora é X", "теперь меняем цель: главное —
// X", "change focus: the goal now is X"), replaces the objective; the
// target sentence after the new goal is part of it, and the old task set
// aside ("o EAS fica pra depois, não resolve agora") is no rule. A goal
// named with no change, a rule under a label and a question change
// nothing (objswitch.go, objshift.go).
func TestFocusChange(t *testing.T) {
	const pt = "> user\no build do EAS tá quebrando. objetivo: fazer o eas build passar.\n> assistant\nVou rodar o build.\n> user\n"
	const ru = "> user\nв agg-server паника в tokio рантайме. задача: починить панику, чтобы cargo test был зелёный.\n> assistant\nПонял.\n> user\n"
	const en = "> user\nthe EAS build is broken. goal: get the eas build passing.\n> assistant\nRunning the build.\n> user\n"
	const de = "> user\nZiel für heute: ./gradlew build wieder grün.\n> assistant\nOk.\n> user\n"
	const es = "> user\nobjetivo: arreglar el build de EAS.\n> assistant\nVale.\n> user\n"
	active := func(s string) string { return `objective [^\n]*\[active[^\n]*` + s }
	old := func(s string) string { return `objective [^\n]*\[active/normative\] = [^\n]*` + s + `[^\n]*\(was` }
	cases := []scriptCase{
		{"pt repro", pt + "pera, muda o foco: o objetivo agora é deixar a suíte do jest verde e o tsc sem erro pra gente mergear o PR #212. o EAS fica pra depois, não resolve agora.",
			[]string{active(`deixar a suíte do jest verde`)}, []string{`constraint `, old(`eas build passar`)}},
		{"ru repro", ru + "отлично. теперь меняем цель: главное — бенч window_agg в agg-bench. сейчас ~3.4 ms на 1M событий, надо стабильно < 2 ms.",
			[]string{active(`бенч window_agg в agg-bench\. сейчас ~3\.4 ms на 1M событий, надо стабильно < 2 ms`)}, []string{`constraint `, old(`починить панику`)}},
		{"en", en + "wait, change focus: the goal now is getting the jest suite green for PR #212. the EAS build can wait, don't fix it now.",
			[]string{active(`getting the jest suite green`)}, []string{`constraint `, old(`eas build passing`)}},
		{"de", de + "Fokuswechsel: Hauptsache ist — der Consumer-Lag im PaymentEventsListener. Muss stabil unter 1000 liegen.",
			[]string{active(`Consumer-Lag im PaymentEventsListener\. Muss stabil unter 1000 liegen`)}, []string{old(`gradlew build`)}},
		{"es", es + "cambio de foco: el objetivo ahora es dejar verde la suite de jest.",
			[]string{active(`dejar verde la suite de jest`)}, []string{old(`arreglar el build`)}},
		// near misses
		{"pt: the focus named, no change", pt + "o foco é o jest, o resto depois.",
			[]string{active(`eas build passar`)}, nil},
		{"ru: a question about changing the goal", ru + "может, меняем цель: главное — бенч window_agg?",
			[]string{active(`починить панику`)}, nil},
		{"en: a rule under a focus label", en + "change focus: never push to main.",
			[]string{active(`eas build passing`)}, nil},
		{"en: a parked matter with a standing rule stays a rule", en + "never push to main, not even for now.",
			[]string{`constraint [^\n]*never push to main`}, nil},
	}
	runScriptCases(t, cases)
}

// "X ist hinfällig", "no longer applies", "não vale mais", "больше не
// действует" lift the rule X names, a German compound ("die
// Migrations-Regel") included; "Eine Sache noch" makes no task of it
// (rulelift.go, handoff.go's ruleNounRE).
func TestRuleObsolete(t *testing.T) {
	const de = "> user\nFlyway aufräumen. Wichtig: die Migrationen fasst du NICHT an, immer eine neue Version anlegen.\n> assistant\nVerstanden.\n> user\n"
	const en = "> user\nclean up flyway. important: don't touch the migrations, always add a new version.\n> assistant\nOK.\n> user\n"
	const pt = "> user\nlimpar o flyway. regra: não mexe nas migrations, sempre cria uma versão nova.\n> assistant\nOk.\n> user\n"
	const ru = "> user\nпочистить flyway. правило: не трогай миграции, всегда добавляй новую версию.\n> assistant\nПонял.\n> user\n"
	lifted, active := `constraint [^\n]*\[lifted`, `constraint [^\n]*\[active`
	cases := []scriptCase{
		{"de repro", de + "Eine Sache noch: die Migrations-Regel von vorhin ist hinfällig, wir machen nächste Woche eh eine neue Flyway-Baseline, da darfst du alles an den Migrationen anfassen.",
			[]string{lifted}, []string{active, `obligation `}},
		{"en", en + "one more thing: the migrations rule from before is obsolete, we rebaseline next week.",
			[]string{lifted}, []string{active, `obligation `}},
		{"pt", pt + "a regra das migrations não vale mais, semana que vem a gente refaz a baseline.",
			[]string{lifted}, []string{active}},
		{"ru", ru + "правило про миграции больше не действует, на следующей неделе новая baseline.",
			[]string{lifted}, []string{active}},
		// near misses
		{"de: another thing obsolete", de + "der alte Cronjob ist hinfällig, den löschen wir.",
			[]string{active}, []string{lifted}},
		{"de: a question", de + "ist die Migrations-Regel hinfällig?",
			[]string{active}, []string{lifted}},
		{"en: obsolete code", en + "the old cron script is obsolete, delete it.",
			[]string{active}, []string{lifted}},
	}
	runScriptCases(t, cases)
}

// A prohibition bounded by an event holds until the event, the bound
// kept in its text, when the bound opens the sentence ("Bis zum Release
// am Freitag bitte keine Dependency-Upgrades", "até a release 2.4 sair,
// nada de atualizar o expo SDK", "до релиза 0.9 никаких новых
// зависимостей") as when it closes it; it is lifted when the event is
// said to have happened (until.go).
func TestLeadBoundRule(t *testing.T) {
	const rule = `constraint [^\n]*\[active[^\n]*`
	cases := []scriptCase{
		{"de repro", "> user\nNeues Ziel: Consumer-Lag im PaymentEventsListener weg. Bis zum Release am Freitag bitte keine Dependency-Upgrades, egal was Dependabot sagt.",
			[]string{rule + `Bis zum Release am Freitag bitte keine Dependency-Upgrades`, `objective [^\n]*\[active[^\n]*= Neues Ziel: Consumer-Lag im PaymentEventsListener weg\.`}, nil},
		{"pt repro", "> user\nobjetivo: jest verde e tsc sem erro pro PR #212.\n> assistant\nProponho fixar 3.10.1. Pode?\n> user\npode, fixa. mas lembrando: até a release 2.4 sair, nada de atualizar o expo SDK, nem patch.",
			[]string{rule + `até a release 2\.4 sair, nada de atualizar o expo SDK`}, nil},
		{"ru repro", "> user\nправила: в agg-core не трогай unsafe. и до релиза 0.9 никаких новых зависимостей в Cargo.toml.",
			[]string{rule + `в agg-core не трогай unsafe`, rule + `до релиза 0\.9 никаких новых зависимостей`}, nil},
		{"en", "> user\nfix the consumer lag. Until the release on Friday, no dependency upgrades.",
			[]string{rule + `Until the release on Friday, no dependency upgrades`}, nil},
		{"de: lifted when the release is out", "> user\nNeues Ziel: Consumer-Lag weg. Bis zum Release am Freitag bitte keine Dependency-Upgrades.\n> assistant\nOk.\n> user\nder Release am Freitag ist durch, danke.",
			[]string{`constraint [^\n]*\[lifted[^\n]*Bis zum Release am Freitag`}, nil},
		{"de: not yet", "> user\nNeues Ziel: Consumer-Lag weg. Bis zum Release am Freitag bitte keine Dependency-Upgrades.\n> assistant\nOk.\n> user\nder Release ist noch nicht durch.",
			[]string{rule + `Bis zum Release am Freitag`}, nil},
		// near misses
		{"en: a bound with no rule", "> user\nfix the consumer lag. Until the release on Friday, I'm mostly on calls.",
			nil, []string{`constraint `}},
		{"ru: до a number is no bound", "> user\nпочинить бенч. до 2 ms осталось немного.",
			nil, []string{`constraint `}},
		{"de: a question", "> user\nfix the consumer lag. Bis zum Release keine Upgrades?",
			nil, []string{`constraint `}},
	}
	runScriptCases(t, cases)
}
