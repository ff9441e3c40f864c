package projection

import "testing"

// TestShortAssentAcceptsProposal: a proposal of the agent's, said as one
// (proposeAnyRE) or as a plan asking for a nod (nodAskRE), is a decision
// when the user's reply only assents, in any language, maybe naming the
// thing proposed; a reply that says more, denies, asks, or answers a
// message that proposed nothing makes none.
func TestShortAssentAcceptsProposal(t *testing.T) {
	const accepted = `decision decision/-/.*\(the agent's proposal, accepted\)`
	cases := []struct {
		name, agent, reply string
		want               string // "" for no decision
	}{
		{"pt plan with a nod (m13)", "Vou usar `autoscaling/v2` (o v2beta2 foi removido no 1.26) com min 2 / max 10 / cpu 70. Sobe ok?", "ok. v2 sim",
			"decision/-/vou-usar-autoscaling/v2-o-v2beta2-foi \\[active/decision\\] = Vou usar `autoscaling/v2` \\(o v2beta2 foi removido no 1.26\\) com min 2 / max 10 / cpu 70 \\(the agent's .* @1,2"},
		{"pt proposal (m13)", "Proponho um `locals` por workspace em `workspaces.tf` com os valores dos tfvars.", "isso",
			"= Proponho um `locals` por workspace em `workspaces.tf` com os valores dos tfvars \\(the agent's proposa.* @1,2"},
		{"fr naming the thing", "Je propose OnceLock (stable 1.70).", "OnceLock oui", "= Je propose OnceLock \\(stable 1.70\\) \\(the agent's proposal, accepted\\)"},
		{"en proposal", "I propose we cache the token in Redis for 10 minutes.", "yes, go", "= I propose we cache the token in Redis for 10 minutes \\(the agent's"},
		{"en plan with a nod", "I'll use the COPY approach for the import, sound good?", "sounds good", "= I'll use the COPY approach for the import \\(the agent's"},
		{"es proposal", "Propongo usar pgx en lugar de database/sql.", "vale", "= Propongo usar pgx en lugar de database/sql \\(the agent's"},
		{"de proposal", "Ich schlage vor, die Tabelle nach Monat zu partitionieren.", "ja, passt", "= Ich schlage vor, die Tabelle nach Monat zu partitionieren \\(the agent's"},
		{"ko proposal", "캐시는 Redis로 하는 걸 제안드립니다.", "네", "= 캐시는 Redis로 하는 걸 제안드립니다 \\(the agent's"},
		{"zh proposal", "我建议把缓存换成 Redis。", "好", "decision/-/我建议把缓存换成-redis \\[active/decision\\] = 我建议把缓存换成 Redis。 @1,2"},
		{"fr plan with a nod", "Je vais utiliser serde_json pour le parsing. Ça te va ?", "oui parfait", "= Je vais utiliser serde_json pour le parsing \\(the agent's"},
		{"en I'd suggest, ok", "I'd suggest Postgres advisory locks, since we already have Postgres. OK?", "ok", "= I'd suggest Postgres advisory locks, since we already have Postgres \\(the agent's"},
		{"es pointing at it", "Sugiero Postgres advisory locks, ya tenemos Postgres.", "sí, esa", "= Sugiero Postgres advisory locks, ya tenemos Postgres \\(the agent's"},
		{"tr tamam", "I'd suggest Postgres advisory locks. OK?", "tamam", "= I'd suggest Postgres advisory locks \\(the agent's"},
		// Negative cases.
		{"a pointer alone", "I'd suggest Postgres advisory locks. OK?", "that one?", ""},
		{"a pointer that says more", "I'd suggest Postgres advisory locks. OK?", "that breaks pgbouncer", ""},
		{"ok after a report", "Done, the tests pass on CI now.", "ok", ""},
		{"ok and a new instruction", "I propose we cache the token in Redis.", "ok, now add the tests for the parser", ""},
		{"a denial", "Proponho um `locals` por workspace em `workspaces.tf`.", "não, deixa nos tfvars", ""},
		{"ok but", "I propose we cache the token in Redis.", "ok but not in prod", ""},
		{"a question back", "Je propose OnceLock (stable 1.70).", "OnceLock ?", ""},
		{"later", "I propose we cache the token in Redis.", "ok later", ""},
		{"a question of fact answered yes", "Should we support CRLF line endings?", "yes", ""},
		{"a plan with no nod asked", "I'll use the COPY approach for the import.", "ok", ""},
		{"other words than the proposal's", "Je propose OnceLock (stable 1.70).", "oui LazyLock", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nstart the migration work\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			if c.want == "" {
				expect(t, out, nil, []string{accepted})
				return
			}
			expect(t, out, []string{c.want}, nil)
		})
	}
}

// TestAcceptedProposalSupersedesDecision: a proposal made against what
// the user decided before ("LazyLock n'est stable qu'en 1.80. Je propose
// OnceLock"), accepted, supersedes that decision; one that names nothing
// decided leaves it standing.
func TestAcceptedProposalSupersedesDecision(t *testing.T) {
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"fr (m07)", "> user\nfix the separators\n> user\nutilise LazyLock pour la table des séparateurs si ça simplifie\n> assistant\nLazyLock n'est stable qu'en 1.80. Je propose OnceLock (stable 1.70).\n> user\nOnceLock oui\n",
			[]string{`decision/-/propose-oncelock-stable-1.70 \[active/decision\] = Je propose OnceLock \(stable 1.70\) \(the agent's proposal, accepted\) \(was utilise LazyLock`},
			[]string{`decision/-/utilise-lazylock.*\[active`}},
		{"en", "> user\nfix the flaky upload\n> user\nlet's use MinIO for the local bucket\n> assistant\nMinIO needs Docker, which the CI runners don't have. I suggest LocalStack instead.\n> user\nyes LocalStack\n",
			[]string{`= I suggest LocalStack instead \(the agent's proposal, accepted\) \(was let's use MinIO`},
			[]string{`decision/-/.*minio.*\[active`}},
		{"zh", "> user\n修一下分隔符\n> user\n用 LazyLock 做分隔符表\n> assistant\nLazyLock 要 1.80 才稳定。我建议改用 OnceLock。\n> user\n好\n",
			[]string{`= 我建议改用 OnceLock。 \(was 用 LazyLock 做分隔符表\) @1,2,3`}, []string{`LazyLock 做分隔符表 \[active`}},
		// Negative: the message names nothing decided.
		{"nothing named", "> user\nfix the flaky upload\n> user\nlet's use MinIO for the local bucket\n> assistant\nThe upload retries once. I propose a 30s timeout on the client.\n> user\nok\n",
			[]string{`= I propose a 30s timeout on the client \(the agent's proposal, accepted\)`, `decision/-/.*minio.*\[active`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// TestOfferTurnedDown: the agent's offer or the course it asks to take,
// turned down by a course kept instead, a verdict on the thing offered
// or as not the agent's to take, is a rejected approach; a yes, a
// verdict on something else and a bare "not yet" are not.
func TestOfferTurnedDown(t *testing.T) {
	const start = "> user\nfix the class imbalance in the churn model. no new dependencies.\n> assistant\n"
	cases := []struct {
		name, agent, reply string
		want, never        []string
	}{
		{"stay on (m04)", "LightGBM gets +0.003 PR-AUC. Switch the production model to LightGBM?", "no, stay on GBC, ops has the GBC serving path already and +0.003 isn't worth a migration.",
			[]string{`negative/-/switch-production-model-lightgbm \[active/normative\] = Switch the production model to LightGBM\? — rejected: no, stay on GBC`, `decision/-/stay-gbc \[active/normative\] = stay on GBC`}, nil},
		{"a verdict on the offer (m04)", "I could use SMOTE oversampling via imbalanced-learn.", "I said no new deps. and SMOTE on tabular churn is garbage anyway.",
			[]string{`negative/-/use-smote-oversampling-via-imbalanced-learn \[active/normative\] = I could use SMOTE oversampling via imbalanced-learn\. — rejected: and SMOTE on tabular churn is garba`}, nil},
		{"not worth it", "Migrate the queue to Kafka?", "no, stick with RabbitMQ, not worth the migration.",
			[]string{`negative-knowledge .* = Migrate the queue to Kafka\? — rejected`, `decision/-/stick-rabbitmq .* = stick with RabbitMQ`}, nil},
		{"pt stay", "Troco o banco pro MongoDB?", "não, fica no Postgres",
			[]string{`negative-knowledge .* = Troco o banco pro MongoDB\? — rejected: não, fica no Postgres`, `= fica no Postgres`}, nil},
		{"fr not your call (m10)", "CRLF géré. Je publie la 0.4.0 sur crates.io ?", "c'est pas à toi de décider ça, on verra en réunion.",
			[]string{`negative-knowledge .* = Je publie la 0.4.0 sur crates.io \? — rejected: c'est pas à toi de décider ça`}, nil},
		{"en not your call", "All green. Deploy the 2.3 build to prod?", "not your call, the release manager decides.",
			[]string{`negative-knowledge .* = Deploy the 2.3 build to prod\? — rejected: not your call`}, nil},
		{"pt verdict", "Proponho usar o Celery beat pra isso.", "Celery beat não presta pra esse caso.",
			[]string{`negative-knowledge .* rejected: Celery beat não presta`}, nil},
		// Negative cases.
		{"a yes", "Switch the production model to LightGBM?", "yes, switch it", nil, []string{`negative-knowledge`}},
		{"a good verdict", "I could use SMOTE oversampling via imbalanced-learn.", "SMOTE is fine here.", nil, []string{`negative-knowledge`}},
		{"a verdict on another thing", "I could use SMOTE oversampling via imbalanced-learn.", "the old PipelineV1 is garbage anyway.", nil, []string{`negative-knowledge`}},
		{"not yet", "Switch the production model to LightGBM?", "no, not yet.", nil, []string{`negative-knowledge`, `decision/-/`}},
		{"a report, no offer", "LightGBM gets +0.003 PR-AUC.", "no, stay on GBC, +0.003 isn't worth a migration.", nil, []string{`negative-knowledge .* LightGBM gets`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+c.agent+"\n> user\n"+c.reply+"\n"), c.want, c.never)
		})
	}
}

// TestDeferralLeavesQuestionOpen: a reply that puts the answer off ("I'll
// ask the PM later", in any language) leaves the agent's question open;
// one that relays the answer answers it.
func TestDeferralLeavesQuestionOpen(t *testing.T) {
	cases := []struct {
		name, agent, reply string
		open               bool
	}{
		{"ko (m19)", "정리 끝났어요. max_retries는 3으로 뒀는데 몇 번이 맞을까요?", "retry는 나중에 PM한테 물어볼게", true},
		{"ko tell later", "max_retries는 3으로 뒀는데 몇 번이 맞을까요?", "확인하고 알려줄게", true},
		{"en", "How many retries should the notification task use?", "I'll check with the PM and get back to you", true},
		{"fr (m10)", "Fait. Est-ce qu'on doit supporter les fins de ligne CRLF ?", "je te dis après", true},
		{"fr later", "Combien de tentatives pour la tâche de notification ?", "je te dis plus tard", true},
		{"pt", "Quantas tentativas a task de notificação deve usar?", "depois te falo", true},
		{"es", "¿Cuántos reintentos debe usar la tarea de notificación?", "lo consulto y te digo", true},
		{"zh", "通知任务的重试次数应该设几次？", "稍后告诉你", true},
		// Negative: the answer relayed.
		{"en answered", "How many retries should the notification task use?", "I asked the PM: 3 retries for the notification task", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nmake the notification task\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			if c.open {
				expect(t, out, []string{`uncertainty question/-/.* \[hypothesis/`}, []string{`decision/answer/`})
			} else {
				expect(t, out, []string{`decision/answer/`}, []string{`uncertainty question/-/`})
			}
		})
	}
}
