package projection

import "testing"

// A change of objective told with the goal's copula, after the old task
// set aside, in French, Portuguese, Korean, English and Chinese moves the
// objective; a side task, a question about another task and a detour
// that returns do not.
func TestObjectiveNamedNow(t *testing.T) {
	const stats = "objectif: ajouter la sous-commande `tabulo stats` dans tabulo-cli."
	const churn = "retrain the churn model with the new features in features/engagement.py."
	const hpa = "2 coisas: 1) HPA pro pagamentos-api. 2) o tf plan do eks tá falhando."
	const notif = "주문 알림 Celery task `send_order_notification` 추가해줘."
	cases := []struct {
		name, first, said string
		want, never       []string
	}{
		{"fr repro", stats, "change de priorité: laisse tomber `stats` pour aujourd'hui, l'objectif maintenant c'est de corriger la régression de perf du parseur.",
			[]string{`= corriger la régression de perf du parseur\. \(was objectif: ajouter`}, nil},
		{"fr: nouvel objectif", stats, "laisse tomber stats pour l'instant. nouvel objectif: corriger le crash du parseur sur les fichiers CRLF.",
			[]string{`= corriger le crash du parseur sur les fichiers CRLF\. \(was objectif`}, nil},
		{"en repro", churn, "forget retraining for now -- new goal: figure out WHY auc dropped from 0.871 to 0.842.",
			[]string{`= figure out WHY auc dropped from 0\.871 to 0\.842\. \(was retrain the churn`}, nil},
		{"en: the goal now is", churn, "ok the goal now is to find the leak in the feature pipeline.",
			[]string{`= find the leak in the feature pipeline\. \(was retrain the churn`}, nil},
		{"en: postponed, new focus", churn, "retraining can wait till next sprint, the focus now is the broken nightly export job.",
			[]string{`= the broken nightly export job\. \(was retrain the churn`}, nil},
		{"pt repro", hpa, "esquece o HPA por ora, prioridade agr é o tf plan q tá quebrando o pipeline",
			[]string{`= o tf plan q tá quebrando o pipeline \(was 2 coisas`}, nil},
		{"pt: nova prioridade", hpa, "esquece o HPA por enquanto. nova prioridade: arrumar o tf plan do eks.",
			[]string{`= arrumar o tf plan do eks\. \(was 2 coisas`}, nil},
		{"ko repro", notif, "계획 변경: 알림 기능은 다음 스프린트로 미루고, 이번엔 flaky test 잡는 게 목표.",
			[]string{`= 이번엔 flaky test 잡는 게 목표\. \(was 주문 알림`}, nil},
		{"zh: 现在的目标是", "帮我给购物车页面加一个优惠券输入框。", "优惠券先放一放，现在的目标是修好登录页的崩溃。",
			[]string{`= 修好登录页的崩溃。 \(was 帮我给购物车`}, nil},
		// Negative cases.
		{"en: a side task", churn, "also, while you're at it, add a --verbose flag to the train script.",
			[]string{`= retrain the churn model`}, []string{`\(was retrain`}},
		{"en: a question about another task", churn, "what's the goal of the export job, do you know?",
			[]string{`= retrain the churn model`}, []string{`\(was retrain`}},
		{"en: a detour that returns", churn, "quick detour: the goal now is to fix the typo in README, then back to retraining.",
			[]string{`= retrain the churn model`}, []string{`\(was retrain`}},
		{"en: a goal without a marker or a change", churn, "the goal is a better model, keep that in mind.",
			[]string{`= retrain the churn model`}, []string{`\(was retrain`}},
		{"en: a goal denied", churn, "the goal now is not to ship a new model tonight.",
			[]string{`= retrain the churn model`}, []string{`\(was retrain`}},
		{"pt: a detour that returns", hpa, "corrige o typo do README primeiro, depois volta pro HPA.",
			[]string{`= 2 coisas`}, []string{`\(was 2 coisas`}},
		{"ko: the goal said, nothing changed", notif, "목표는 알림 task 완성하는 거야.",
			[]string{`= 주문 알림`}, []string{`\(was 주문`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, "> user\n"+c.first+"\n> assistant\nOK, on it.\n> user\n"+c.said), c.want, c.never)
		})
	}
}

// A first message of rules under a label announcing them is no
// objective; the work it asks after them is, and a later message that
// only changes a rule is not the goal either.
func TestRulesLeadIsNoObjective(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"fr repro: règles", "> user\nrègles: tu touches pas à Cargo.lock sans me demander. avant de me dire que c'est fini tu lances clippy avec -D warnings.\n> assistant\nNoté.\n> user\nclippy -D warnings seulement sur tabulo-core à partir de maintenant, le cli on s'en fout.",
			nil, []string{`objective/session/goal`}},
		{"fr: règle alone", "> user\nrègle: MSRV 1.70, donc pas de trucs récents de std.",
			nil, []string{`objective/session/goal`}},
		{"pt repro: regras", "> user\nregras: tf sempre c/ -var-file=staging.tfvars. n roda terraform apply.",
			nil, []string{`objective/session/goal`}},
		{"ko repro: 규칙", "> user\n규칙: print 디버깅 금지, logging 써",
			nil, []string{`objective/session/goal`}},
		{"en: rules then the work on the same line", "> user\nRules: don't touch Cargo.lock without asking. Fix the parser perf regression.",
			[]string{`objective/session/goal \[active/normative\] = Fix the parser perf regression\.`}, []string{`= Rules:`}},
		{"en: rules, then the goal on its own line", "> user\nground rules: never push to main. no new dependencies.\n\nAdd a stats subcommand to the cli.",
			[]string{`objective/session/goal \[active/normative\] = Add a stats subcommand to the cli\.`}, []string{`= ground rules`}},
		{"en: rules only, then a task", "> user\nrules: never push to main.\n> assistant\nNoted.\n> user\nAdd a stats subcommand to the cli.",
			[]string{`objective/session/goal \[active/normative\] = Add a stats subcommand to the cli\.`}, nil},
		// Negative cases: no rules label, or rules after the goal.
		{"en: a goal then rules", "> user\nAdd a stats subcommand to the cli.\n\nrules: never push to main.",
			[]string{`objective/session/goal \[active/normative\] = Add a stats subcommand`}, nil},
		{"en: a step due before done stays a rule", "> user\nRules: never push to main. Before you say it's done, run the tests.",
			nil, []string{`objective/session/goal`}},
		{"en: a message that names rules as its topic", "> user\nAdd linting rules to the eslint config.",
			[]string{`objective/session/goal \[active/normative\] = Add linting rules`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}
