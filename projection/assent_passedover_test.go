package projection

import "testing"

// TestGoAheadAssentAcceptsChange: a change the agent names in code and
// asks to go ahead with ("… `style = "semver"`로 두면 통과합니다.
// 진행할까요?") is a decision when the user's reply opens with a sentence
// that only says to go ahead ("ㅇㅇ 그렇게 해."), whatever the reply says
// after it; a bare "ok" opening a longer reply, a go-ahead to a report
// that names no change, and a denial make none.
func TestGoAheadAssentAcceptsChange(t *testing.T) {
	const accepted = `decision decision/-/.*\(the agent's proposal, accepted\)`
	cases := []struct {
		name, agent, reply string
		want               string // "" for no decision
	}{
		{"ko (B29)", "남은 경고는 오탐입니다. `.tflint.hcl`에서 registry 소스는 `style = \"semver\"`로 두면 통과합니다. 진행할까요?",
			"ㅇㅇ 그렇게 해. 아 그리고 목표 바꿀게. VPC는 다음 주로 미루자.", "= `.tflint.hcl`에서 registry 소스는 `style = \"semver\"`로 두면 통과합니다 \\(the agent's proposal, accepted\\)"},
		{"en", "The warning is a false positive. Setting `style = \"semver\"` in `.tflint.hcl` makes it pass. Shall I proceed?",
			"Go ahead. Then run checkov on the data stack.", "= Setting `style = \"semver\"` in `.tflint.hcl` makes it pass \\(the agent's proposal, accepted\\)"},
		{"en alone", "Setting `retries = 3` in `client.toml` fixes the flake. Proceed?", "go ahead", "= Setting `retries = 3` in `client.toml` fixes the flake \\(the agent's"},
		{"fr", "Il suffit de mettre `pin_memory: false` dans `configs/r50.yaml`. On y va ?", "vas-y. ensuite relance les tests.", "= Il suffit de mettre `pin_memory: false` dans `configs/r50.yaml` \\(the agent's"},
		{"es", "Basta con poner `PAGE_SIZE = 50` en `settings/base.py`. ¿Procedo?", "dale. y luego corre los tests.", "= Basta con poner `PAGE_SIZE = 50` en `settings/base.py` \\(the agent's"},
		// Near misses.
		{"ok opening a longer reply", "Setting `style = \"semver\"` in `.tflint.hcl` makes it pass. Shall I proceed?", "ok. now run checkov on the data stack.", ""},
		{"ko bare ㅇㅇ then more", "`.tflint.hcl`에서 `style = \"semver\"`로 두면 통과합니다. 진행할까요?", "ㅇㅇ. 근데 먼저 checkov 돌려봐.", ""},
		{"go-ahead to a report naming no code", "The tests fail in three files. Shall I proceed?", "go ahead. and fix the lint too.", ""},
		{"a denial", "Setting `style = \"semver\"` in `.tflint.hcl` makes it pass. Shall I proceed?", "no, leave the lint config alone. run checkov.", ""},
		{"go-ahead with a but", "`.tflint.hcl`에서 `style = \"semver\"`로 두면 통과합니다. 진행할까요?", "그렇게 해 근데 나중에. 먼저 checkov 돌려봐.", ""},
		{"a question of fact", "`.tflint.hcl` has `style = \"semver\"` already. Is the CI job still running?", "go ahead. run checkov.", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nmake the lint pass\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			if c.want == "" {
				expect(t, out, nil, []string{accepted})
				return
			}
			expect(t, out, []string{c.want}, nil)
		})
	}
}

// TestLoneQuestionPassedOver: the one yes-or-no question the agent ends
// its turn on, passed over by a reply that turns to other things, stays
// an open question, not answered; a reply that takes it up, says yes or
// no, asks back, or a question put mid-message, of what, or answered by
// the agent itself keeps none.
func TestLoneQuestionPassedOver(t *testing.T) {
	const open = `uncertainty question/-/.*not answered \(the reply passed it over`
	cases := []struct {
		name, agent, reply string
		want               string // "" for none
	}{
		{"ko (B27)", "TestErrorHandling 통과. 그리고 Terraform 1.9로 올리는 것도 고려해볼까요? 현재 1.8.5입니다.",
			"그 테스트 원래 가끔 그래, 냅둬. 이제 prod 쪽도 같은 checkov 수정 plan 떠봐.", "= 그리고 Terraform 1.9로 올리는 것도 고려해볼까요\\? — not answered \\(the reply passed it over: 그 테스트 원래 가끔 그래, 냅둬.\\)"},
		{"en", "All tests pass now. Should we also upgrade Terraform to 1.9? We are on 1.8.5.",
			"That connectivity test is flaky, leave it. Now plan the prod stack with the same checkov fixes.", "= Should we also upgrade Terraform to 1.9\\? — not answered"},
		{"fr", "Le run passe à 72.6%. Est-ce qu'on migre les augmentations vers la nouvelle API ? Elle est plus rapide sur CPU.",
			"montre-moi la mémoire GPU pendant un run à 128.", "= Est-ce qu'on migre les augmentations vers la nouvelle API \\? — not answered"},
		{"fr offer (C27)", "72.64% top-1 à 10 epochs, sans OOM.\n\nVeux-tu aussi que je passe aux transforms `torchvision.transforms.v2` ? Elles sont plus rapides sur CPU.",
			"attends, avant de répondre : montre-moi la mémoire GPU pendant un run à 128, je veux voir la marge", "= Veux-tu aussi que je passe aux transforms `torchvision.transforms.v2` \\? — not answered"},
		// Near misses.
		{"fr taken up", "72.64% top-1.\n\nVeux-tu aussi que je passe aux transforms `torchvision.transforms.v2` ? Elles sont plus rapides.", "les transforms v2 plus tard, montre-moi la mémoire GPU.", ""},
		{"fr no", "72.64% top-1.\n\nVeux-tu aussi que je passe aux transforms `torchvision.transforms.v2` ? Elles sont plus rapides.", "non, montre-moi la mémoire GPU.", ""},
		{"en taken up", "All tests pass now. Should we also upgrade Terraform to 1.9?", "not now, terraform stays on 1.8 until the audit.", ""},
		{"en yes", "All tests pass now. Should we also upgrade Terraform to 1.9?", "yes, and then plan prod.", ""},
		{"en asks back", "All tests pass now. Should we also upgrade Terraform to 1.9?", "what changes in 1.9?", ""},
		{"en question of what", "All tests pass now. Which Terraform version should the CI pin?", "leave that. plan the prod stack now.", ""},
		{"en mid-message", "Should we also upgrade Terraform to 1.9? I checked the changelog. Nothing breaks. The plan is clean.", "plan the prod stack now.", ""},
		{"en self-answered", "Why does the plan fail? Because the state lock is held by CI.", "plan the prod stack now.", ""},
		{"ko question of what", "테스트 통과. 어떤 버전으로 올릴까요?", "prod 쪽 plan 떠봐.", ""},
		{"en two questions", "Should we upgrade Terraform to 1.9? Should I also bump the provider?", "plan the prod stack now.", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nfix the checkov findings\n> assistant\n"+c.agent+"\n> user\n"+c.reply+"\n")
			if c.want == "" {
				expect(t, out, nil, []string{open})
				return
			}
			expect(t, out, []string{c.want}, nil)
		})
	}
}
