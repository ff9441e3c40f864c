package projection

import "testing"

// TestSpacedNumberedAnswers: numbered questions answered by number on
// one line with no stops ("1 sì 2 no per ora 3 25%") are each answered,
// no rule. Near misses: a reply that leaves a question out, one that
// counts ("1 retry 2 workers"), one that runs on, one to questions not
// numbered.
func TestSpacedNumberedAnswers(t *testing.T) {
	const ask = "Domande:\n1) imposto `GOMEMLIMIT` al 90% del limit (460MiB)?\n2) HPA adesso?\n3) `maxSurge` del rolling update: 25% o 1?"
	const askEN = "Questions:\n1) set `GOMEMLIMIT` to 90% of the limit?\n2) HPA now?\n3) `maxSurge`: 25% or 1?"
	for _, c := range []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"it (B11)", ask, "1 sì 2 no per ora 3 25%",
			[]string{`= sì \(was imposto`, `= no per ora \(was HPA adesso\?\)`, "= 25% \\(was `maxSurge`"}, []string{`constraint/`}},
		{"en", askEN, "1 yes 2 not for now 3 25%",
			[]string{`= yes \(was set`, `= not for now \(was HPA now\?\)`, "= 25% \\(was `maxSurge`"}, []string{`constraint/-/1`}},
		// Near misses.
		{"it one left out", ask, "1 sì 2 no per ora",
			nil, []string{`\(was HPA adesso\?\)`}},
		{"en counts", askEN, "1 retry 2 workers 3 pods",
			nil, []string{`\(was HPA now\?\)`}},
		{"en runs on", askEN, "1 yes but first tell me why you want that now 2 no 3 25%",
			nil, []string{`\(was HPA now\?\)`}},
		{"en not numbered", "Should the limit be 90%? Is HPA needed now?", "1 yes 2 no",
			nil, []string{`\(was Is HPA needed now\?\)`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the rollout\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			expect(t, out, c.want, c.never)
		})
	}
}

// TestLaterPutsOff: "later", "dopo", "no still later." to the agent's one
// question or offer put it off: an open question, no rule; the rest of
// the reply is read as ever, and the offer asked again and put off again
// stays one question. Near misses: "later" that says more ("later we
// deploy to prod"), a reply to two questions, "dopo il deploy fai X".
func TestLaterPutsOff(t *testing.T) {
	const open = `uncertainty question/-/\S+ \[hypothesis/normative\] = `
	for _, c := range []struct {
		name, script string
		want, never  []string
	}{
		{"en offer (A26)", "> assistant\nWant me to also add a CI job that runs `alembic check` against a throwaway postgres?\n> user\nlater\n> assistant\nOk. Want me to open the CI job for `alembic check` now?\n> user\nno still later. one more: never run `docker compose down -v`, it wipes my local db\n",
			[]string{open + "Want me to also add a CI job .* — later @\\d+,\\d+", `constraint/-/one-more-run-docker-compose-down`}, []string{`constraint/-/later`, `question/-/want-open-ci-job`}},
		{"it question (B22)", "> assistant\nOk. Vuoi anche un PodDisruptionBudget per staging e prod?\n> user\ndopo\n",
			[]string{open + `Vuoi anche un PodDisruptionBudget per staging e prod\? — dopo`}, []string{`constraint/`}},
		{"it offer", "> assistant\nVuoi che aggiunga anche un job di CI per `alembic check`?\n> user\nno, ancora dopo\n",
			[]string{open + `.* — no, ancora dopo`}, []string{`constraint/`}},
		{"nl offer", "> assistant\nZal ik ook een CI-job voor `alembic check` toevoegen?\n> user\nnee, nog niet\n",
			[]string{open + `.* — nee, nog niet`}, []string{`constraint/`}},
		{"de question", "> assistant\nSoll der PodDisruptionBudget auch für prod gelten?\n> user\nspäter\n",
			[]string{open + `.* — später`}, nil},
		// Near misses.
		{"en later says more", "> assistant\nWant me to also add a CI job for `alembic check`?\n> user\nlater we deploy to prod, never before 18:00.\n",
			nil, []string{open}},
		{"it dopo says more", "> assistant\nVuoi anche un PodDisruptionBudget per staging e prod?\n> user\ndopo il deploy fai il rollback\n",
			nil, []string{open + `.* — dopo`}},
		{"en not yet to a question of fact", "> assistant\nIs the 0042 migration merged already?\n> user\nnot yet\n",
			nil, []string{open + `.* — not yet`}},
		{"en two questions", "> assistant\nShould the PDB cover prod? And which maxSurge do you want?\n> user\nlater\n",
			nil, []string{open + `.* — later`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the rollout\n"+c.script)
			expect(t, out, c.want, c.never)
		})
	}
}

// TestAcceptedThenTakenBack: a proposal the user accepts ("ok
// selectinload fine", "ok vai", "prima") is a decision; a message that
// takes it back and names the course in its place ("no aspetta, sync.Map
// … torna a mutex + map normale", "nee toch geen IOptionsSnapshot,
// gebruik IFeatureManager") replaces it, no rule. Near misses: a
// take-back with no course, one naming no decided thing, a reply that
// says more than assent.
func TestAcceptedThenTakenBack(t *testing.T) {
	const it = "> user\nsistema la race in RateCache\n> assistant\nPropongo di passare a `sync.Map`, così niente lock espliciti. Va bene?\n> user\nok vai\n> assistant\nFatto.\n> user\n"
	const en = "> user\nfix the race in RateCache\n> assistant\nI propose switching to `sync.Map`, no explicit locks. OK?\n> user\nok go\n> assistant\nDone.\n> user\n"
	const nl = "> user\nde PDF-export fixen\n> assistant\nIk stel voor om `IOptionsSnapshot` te gebruiken voor de feature flags. Akkoord?\n> user\nprima\n> assistant\nGedaan.\n> user\n"
	for _, c := range []struct {
		name, script string
		want, never  []string
	}{
		{"en plan accepted (A25)", "> user\nfix the N+1 on /orders\n> assistant\nPlan for the N+1 on `/orders`: use `selectinload(Order.items)` — ok with you?\n> user\nok selectinload fine\n> user\nactually go with joinedload, selectinload doubles the queries on the list endpoint\n",
			[]string{`decision \S+ \[active/normative\] = actually go with joinedload.* \(was Plan for the N\+1`}, nil},
		{"it accepted", it + "grazie\n", []string{`decision \S+ \[active/decision\] = Propongo di passare a ` + "`sync.Map`"}, nil},
		{"it taken back (B21)", it + "no aspetta, sync.Map qui è overkill e ci ha già fatto un bug. torna a mutex + map normale\n",
			[]string{`decision decision/-/torna-mutex-map-normale \[active/normative\] = torna a mutex \+ map normale \(was Propongo`}, []string{`constraint/`}},
		{"en taken back", en + "no wait, sync.Map is overkill here and already bit us once. go back to mutex + plain map\n",
			[]string{`decision \S+ \[active/normative\] = go back to mutex \+ plain map \(was I propose`}, []string{`constraint/`}},
		{"nl taken back (C21)", nl + "nee toch geen IOptionsSnapshot, gebruik IFeatureManager\n",
			[]string{`decision decision/-/gebruik-ifeaturemanager \[active/normative\] = gebruik IFeatureManager \(was Ik stel voor`}, []string{`constraint/`}},
		// Near misses.
		{"it no course", it + "no aspetta, sync.Map qui è overkill e ci ha già fatto un bug.\n",
			nil, []string{`decision/-/torna`}},
		{"nl names no decided thing", nl + "nee wacht, gebruik IFeatureManager voor de nieuwe flag\n",
			[]string{`\[active/decision\] = Ik stel voor`}, []string{`\(was Ik stel voor`}},
		{"it says more than assent", "> user\nsistema la race\n> assistant\nPropongo di passare a `sync.Map`. Va bene?\n> user\nok ma prima fammi vedere il diff\n",
			nil, []string{`active/decision`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, c.script)
			expect(t, out, c.want, c.never)
		})
	}
}
