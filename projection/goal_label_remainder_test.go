package projection

import "testing"

// A label saying the goal itself changed ("change of goal:", "changement
// d'objectif :", "目標変更：") names the new goal, and a change of plans
// whose later clause names the goal ("cambio de planes: olvida staging, el
// objetivo ahora es …") moves the objective to it (objshift.go).
func TestGoalChangeLabel(t *testing.T) {
	const was = `\(was `
	cases := []scriptCase{
		{"es repro", "> user\nlas migraciones fallan en staging. arréglalo\n> assistant\nHecho.\n> user\nbien. cambio de planes: olvida staging, el objetivo ahora es dejar lista la release 1.9 — que la tarea exportar_pedidos termine sin timeout y CI en verde",
			[]string{`objective/session/goal \[active/normative\] = dejar lista la release 1\.9 — [^\n]*` + was}, []string{`constraint`}},
		{"en", "> user\nthe migrations fail on staging. fix it\n> assistant\nDone.\n> user\ngood. change of plans: forget staging, the goal now is to get release 1.9 ready and CI green",
			[]string{`objective/session/goal \[active/normative\] = get release 1\.9 ready and CI green ` + was}, []string{`constraint`}},
		{"fr repro", "> user\nobjectif : faire tourner l'entraînement resnet50 sans OOM sur la V100\n> assistant\nD'accord.\n> user\nchangement d'objectif : maintenant on vise val top-1 ≥ 72% au bout de 10 epochs, toujours sans OOM",
			[]string{`objective/session/goal \[active/normative\] = val top-1 ≥ 72% au bout de 10 epochs, toujours sans OOM ` + was}, []string{`constraint`}},
		{"en: change of goal", "> user\nGoal: train resnet50 without OOM on the V100\n> assistant\nOK.\n> user\nchange of goal: now we aim for val top-1 ≥ 72% after 10 epochs, still without OOM",
			[]string{`objective/session/goal \[active/normative\] = val top-1 ≥ 72% after 10 epochs, still without OOM ` + was}, []string{`constraint`}},
		{"de", "> user\nRäum die RDS-Konfiguration auf.\n> assistant\nOK.\n> user\nZieländerung: jetzt zielen wir auf val top-1 über 72% nach 10 Epochen",
			[]string{`objective/session/goal \[active/normative\] = val top-1 über 72% nach 10 Epochen ` + was}, nil},
		{"ko", "> user\nRDS 설정 정리해줘.\n> assistant\n네.\n> user\n목표 변경: checkov HIGH 지적사항 0개 만들기",
			[]string{`objective/session/goal \[active/normative\] = checkov HIGH 지적사항 0개 만들기 ` + was}, nil},
		{"ja", "> user\nRDS の設定を整理して。\n> assistant\nはい。\n> user\n目標変更：checkov の HIGH 指摘をゼロにする",
			[]string{`objective/session/goal \[active/normative\] = checkov の HIGH 指摘をゼロにする ` + was}, nil},
		{"ru", "> user\nПочини миграции на staging.\n> assistant\nГотово.\n> user\nсмена цели: подготовить релиз 1.9 и зелёный CI",
			[]string{`objective/session/goal \[active/normative\] = подготовить релиз 1\.9 и зелёный CI ` + was}, nil},
		{"it", "> user\nSistema le migrazioni su staging.\n> assistant\nFatto.\n> user\ncambio di obiettivo: preparare la release 1.9 per il cliente, e non solo staging",
			[]string{`objective/session/goal \[active/normative\] = preparare la release 1\.9 per il cliente, e non solo staging ` + was}, nil},
		{"pt", "> user\nConserta as migrações no staging.\n> assistant\nFeito.\n> user\nmudança de objetivo: deixar a release 1.9 pronta para o cliente, não só o staging",
			[]string{`objective/session/goal \[active/normative\] = deixar a release 1\.9 pronta para o cliente, não só o staging ` + was}, nil},
	}
	runScriptCases(t, cases)
}

// Near misses: a question about the goal, a goal said in the past after a
// change of plans, and a rule that names the goal move nothing.
func TestGoalChangeNearMisses(t *testing.T) {
	const head = "> user\nthe migrations fail on staging. fix it\n> assistant\nOn it.\n> user\n"
	const keep = `objective/session/goal \[active/normative\] = the migrations fail on staging\. fix it @`
	cases := []scriptCase{
		{"en: question", head + "change of goal? should we aim for release 1.9 instead?", []string{keep}, []string{`\(was `}},
		{"en: goal in the past", head + "change of plans: forget the logs, the goal was always to fix staging first", []string{keep}, []string{`\(was `}},
		{"fr: question", "> user\nobjectif : faire tourner l'entraînement sans OOM\n> assistant\nD'accord.\n> user\nchangement d'objectif ? on vise 72% maintenant ?",
			[]string{`objective/session/goal \[active/normative\] = objectif : faire tourner l'entraînement sans OOM @`}, []string{`\(was `}},
		{"en: don't change the goal", head + "don't change the goal: keep fixing staging", []string{keep}, []string{`\(was `}},
	}
	runScriptCases(t, cases)
}

// "그 … 규칙은 이제 없어" ("that rule no longer exists") lifts the rule it
// names, like "the X rule no longer exists"; a question whether it exists
// and another rule's end leave it active.
func TestRuleNoLongerExists(t *testing.T) {
	const ko = "> user\nRDS 설정 정리해줘. 참고로 prod 워크스페이스에는 절대 apply 하지 마, plan만.\n> assistant\n네, prod는 plan만 하겠습니다.\n> user\n"
	const en = "> user\nClean up the RDS settings. Never apply to the prod workspace, plan only.\n> assistant\nOK, plan only on prod.\n> user\n"
	cases := []scriptCase{
		{"ko repro", ko + "이제 prod apply 해도 되는 걸로 하자, 그 prod는 plan만 규칙은 이제 없어.",
			[]string{`constraint [^\n]*\[lifted/normative\] = [^\n]*prod 워크스페이스에는 절대 apply`}, []string{`constraint [^\n]*\[active`, `decision [^\n]*규칙은 이제 없어`}},
		{"en", en + "From now on applying to prod is fine, that prod plan-only rule no longer exists.",
			[]string{`constraint [^\n]*\[lifted/normative\] = [^\n]*Never apply to the prod workspace`}, []string{`constraint [^\n]*\[active`}},
		{"ko: question", ko + "그 prod는 plan만 규칙은 이제 없어?",
			[]string{`constraint [^\n]*\[active/normative\] = [^\n]*prod 워크스페이스에는 절대 apply`}, []string{`\[lifted`}},
		{"ko: another rule named", ko + "그리고 -auto-approve 옵션은 절대 쓰지 마.\n> assistant\n네.\n> user\n그 auto-approve 규칙은 이제 없어.",
			[]string{`constraint [^\n]*\[active/normative\] = [^\n]*prod 워크스페이스에는 절대 apply`, `\[lifted/normative\] = [^\n]*auto-approve`}, []string{`\[lifted/normative\] = [^\n]*prod 워크스페이스`}},
		{"en: question", en + "Does the prod plan-only rule no longer exist?",
			[]string{`constraint [^\n]*\[active/normative\] = [^\n]*Never apply to the prod workspace`}, []string{`\[lifted`}},
	}
	runScriptCases(t, cases)
}

// A rule restated narrowed after an exception ("las demás siguen
// intocables", "train_split.csv tu n'y touches toujours pas") goes with its
// rule when the rule is lifted; a rule about something else said with
// "still" stays.
func TestRemainderGoesWithRule(t *testing.T) {
	const fr = "> user\nentraîne resnet50. règle : tu ne touches pas à data/splits/*.csv\n> assistant\nD'accord.\n> user\ntu peux modifier val_split.csv, seulement celui-là, pour virer les doublons. train_split.csv tu n'y touches toujours pas\n> assistant\nJe retire les doublons de val_split.csv uniquement.\n> user\n"
	const es = "> user\narregla la migración de sku. ojo: NO toques migraciones que ya están aplicadas (0001 a 0011), si hace falta crea una nueva\n> assistant\n¿Edito la 0012 directamente?\n> user\nla 0012 nunca se aplicó en prod, así que para esa sí puedes editarla directamente. solo la 0012 eh, las demás siguen intocables\n> assistant\nEdito la 0012.\n> user\n"
	cases := []scriptCase{
		{"fr repro", fr + "bon pour les splits, oublie la restriction, tu peux toucher à tous les fichiers de data/splits maintenant",
			[]string{`\[lifted/normative\] = [^\n]*data/splits`}, []string{`constraint [^\n]*\[active`}},
		{"es repro", es + "las migraciones, olvida la restricción, haz squash de todo catalogo, ya puedes tocar las migraciones que quieras",
			[]string{`\[lifted/normative\] = ojo: NO toques migraciones`}, []string{`constraint [^\n]*\[active`}},
		{"fr: not lifted yet", fr + "lance l'entraînement",
			[]string{`constraint [^\n]*\[active/normative\] = [^\n]*train_split\.csv`}, nil},
		{"en: another rule with still", "> user\nTrain resnet50. Rule: don't touch data/splits/*.csv\n> assistant\nOK.\n> user\nAnd you still don't push to main.\n> assistant\nOK.\n> user\nforget the restriction on data/splits, you can touch every file in data/splits now",
			[]string{`constraint [^\n]*\[active/normative\] = [^\n]*push to main`}, nil},
	}
	runScriptCases(t, cases)
}
