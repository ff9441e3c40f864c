package projection

import (
	"regexp"
	"testing"
)

// A permission whose condition is the agent's own benefit lifts the rule
// as one without it does; a condition of the world keeps the rule.
func TestBenefitConditionLifts(t *testing.T) {
	rule := "Oh and btw don't change anything in the public API of the lib crate, the `Filter` type especially, other teams depend on it."
	for _, c := range []struct {
		rule, say string
		lifted    bool
	}{
		{rule, "so Dana checked with the ingest and alerting teams, they're both pinned to logslice 0.3.x in their Cargo.toml, so you can change the Filter signature after all if it helps — just bump the minor version.", true},
		{rule, "ok, you can change the Filter signature now if you need to.", true},
		{rule, "you can change the Filter signature now, if that makes it easier.", true},
		{rule, "you can change the Filter signature after all where needed.", true},
		{"别动 config.yaml。", "要是有帮助的话，现在可以动 config.yaml 了。", true},
		{"别动 config.yaml。", "需要的话，现在可以改 config.yaml 了。", true},
		// a condition not yet met keeps the rule
		{rule, "you can change the Filter signature once the release is out.", false},
		{rule, "you can change the Filter signature now if Dana signs off.", false},
		{rule, "can you change the Filter signature now if it helps?", false},
	} {
		out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nSure.\n> user\n"+c.rule+"\n> assistant\nUnderstood.\n> user\n"+c.say+"\n")
		if c.lifted {
			expect(t, out, []string{`constraint .*\[lifted/normative\]`}, nil)
		} else {
			expect(t, out, []string{`constraint .*\[active/normative\] = ` + regexpQuote(c.rule[:10])}, []string{`\[lifted`})
		}
	}
}

// An instruction file read through a shell's inline script (bash -lc,
// as Codex runs every command) states its rules as a direct read does,
// and a rule naming its thing by a pronoun keeps the sentence naming it.
func TestInstructionFileThroughAShell(t *testing.T) {
	agents := "# Agent instructions\n\n- Never run `terraform apply`, `destroy` or any `terraform state` subcommand: applies go through Atlantis.\n- Every resource must carry the tags `team` and `cost-center`.\n- `modules/vpc` is shared by five stacks. Do not modify it.\n"
	for _, c := range []struct {
		call string
		read bool
	}{
		{`> call shell {"command": "bash -lc \"cat AGENTS.md\""}`, true},
		{`> call shell {"command": "cat AGENTS.md"}`, true},
		{`> call shell {"command": "sh -c 'cd infra && cat AGENTS.md'"}`, true},
		{`> call shell {"command": "cd infra && zsh -c \"cat AGENTS.md\""}`, true},
		{`> call shell {"command": ["bash", "-lc", "cat AGENTS.md"]}`, true},
		{`> call shell {"command": "/bin/bash -c \"sed -n '1,40p' CLAUDE.md\""}`, true},
		// not the file whole, or not an instruction file
		{`> call shell {"command": "bash -lc \"cat AGENTS.md | grep -v tags\""}`, false},
		{`> call shell {"command": "bash -lc \"cat README.md\""}`, false},
		{`> call shell {"command": "bash -lc \"curl -s https://x.example/AGENTS.md\""}`, false},
		{`> call shell {"command": "bash -lc \"cat AGENTS.md notes.md\""}`, false},
	} {
		out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nReading repo instructions.\n"+c.call+"\n> result\n"+agents+"> assistant\nRules noted.\n")
		if c.read {
			expect(t, out, []string{"constraint .*= Never run `terraform apply`", "constraint .*= Every resource must carry the tags", "constraint .*= `modules/vpc` is shared by five stacks. Do not modify it."}, []string{`constraint .*= Do not modify it\.`})
		} else {
			expect(t, out, nil, []string{`constraint `})
		}
	}
	// a rule with its own name keeps no sentence before it
	out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nReading.\n> call shell {\"command\": \"cat AGENTS.md\"}\n> result\n# Rules\n\n- The build machines are offline. Never add new crates.\n> assistant\nok\n")
	expect(t, out, []string{`constraint .*= Never add new crates\.`}, []string{`constraint .*offline`})
}

// "X stays Y" holds a setting fixed: a rule and the setting's value; a
// measure told the same way, a name kept as written and a question hold
// nothing.
func TestHeldValueIsARule(t *testing.T) {
	for _, c := range []struct {
		say, rule, value string
	}{
		{"k. also minSdk stays 24 whatever happens, half our users r on old samsungs", `minSdk stays 24 whatever happens`, `value/-/minsdk .*= 24`},
		{"minSdk stays 24.", `minSdk stays 24`, `value/-/minsdk .*= 24`},
		{"the pool size remains at 8, we can't afford more connections.", `pool size remains at 8`, `value/-/pool_size .*= 8`},
		{"`maxRetries` stays 3 for now.", "maxRetries. stays 3 for now", `value/-/maxretries .*= 3`},
		{"minSdk 保持 24 不变。", `minSdk 保持 24 不变`, `value/-/minsdk .*= 24`},
		{"JDK 版本固定在 17 不动，别升。", `JDK 版本固定在 17 不动`, `= 17`},
	} {
		out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nSure.\n> user\n"+c.say+"\n> assistant\nNoted.\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = .*` + c.rule, c.value}, nil)
	}
	for _, say := range []string{
		"p99 stays at 200ms even under load.",
		"memory usage remains at 2GB.",
		"Step timeouts: the VALIDATE step may use 10s, everything else stays 3s.",
		"so 1998.045.003 stays 1998.045.003 everywhere.",
		"does minSdk stay 24?",
		"latency remains 40ms after the fix.",
	} {
		out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nSure.\n> user\n"+say+"\n> assistant\nNoted.\n")
		expect(t, out, nil, []string{`constraint .*(?:stays?|remains?)`, `value/-/(?:p99|everything|1998|latency)`})
	}
}

// A request and the problem it is for, and a deferral of a question's
// act, state no rule.
func TestRequestAndDeferralAreNoRules(t *testing.T) {
	for _, say := range []string{
		"我们的胸片分类训练脚本 train.py 现在只能单卡跑，帮我改成多卡 DDP。机器是 4 张 V100。",
		"这个服务目前只支持 HTTP，麻烦你加上 HTTPS。",
		"导出脚本现在只能导 CSV，请帮我改成也能导 Parquet。",
		"train.py currently can only run on one GPU, please make it multi-GPU DDP.",
		"should we also ship a musl static build in the release? think about it, don't do it now",
		"worth adding a cache here? consider it, but don't do anything yet",
		"这个要不要加缓存？你先想想，先别动手。",
	} {
		out := reduceAll(t, "> user\n"+say+"\n> assistant\nOK.\n")
		expect(t, out, nil, []string{`constraint `})
	}
	// still rules
	for _, c := range []struct{ say, rule string }{
		{"现在只能用 CPU，GPU 被别人占了。", `现在只能用 CPU`},
		{"don't deploy it now, QA is still testing.", `don't deploy it now`},
		{"帮我改一下 parser，但是只能改 parser.go。", `只能改 parser.go`},
	} {
		out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nSure.\n> user\n"+c.say+"\n> assistant\nOK.\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = .*` + c.rule}, nil)
	}
}

// An exception goes to the rule whose topic it shares, not to the rule
// said last; its remainder ("only that line") is part of it.
func TestExceptionByTopic(t *testing.T) {
	out := reduceAll(t, `> user
Let's keep working on the project.
> assistant
Sure.
> user
and dont touch :core's build.gradle, platform team owns it
> assistant
OK.
> user
k platform said u can add the consumerProguardFiles line to :core. only that line nothing else in that file
> assistant
Added only that line.
> user
CI runs `+"`cargo clippy -- -D warnings`"+`, so it has to stay clippy clean.
> assistant
OK.
> user
that file is generated, don't hand-edit it and I don't want to touch the codegen template right now. you can put `+"`#![allow(clippy::needless_lifetimes)]`"+` at the top of src/generated.rs via the template header, that one lint only, in that file only. everything else still has to pass -D warnings
> assistant
Added the allow.
`)
	expect(t, out, []string{
		`constraint .*\[active/normative\] = and dont touch :core's build.gradle — except: k platform said u can add the consumerProguardFiles li`,
		"constraint .*\\[active/normative\\] = CI runs `cargo clippy -- -D warnings`, so it has to stay clippy clean — except: you can put",
		`constraint .*\[active/normative\] = that file is generated, don't hand-edit it and I don't want to touch the codegen template right now\. @`,
	}, []string{`= only that line`, `hand-edit.*— except`})
	// one shared word is no topic
	out = reduceAll(t, "> user\nno ON DELETE CASCADE on anything that points at patients, PROTECT or SET_NULL only.\n> assistant\nok\n> user\nWhile you're at it, on 5.0 you can use db_default for Patient.created_at instead of the python-side default.\n")
	expect(t, out, []string{`constraint .*\[active/normative\] = no ON DELETE CASCADE on anything that points at patients, PROTECT or SET_NULL only\. @0\n`}, []string{`— except`})
	// the exception's remainder quoted with it
	out = reduceAll(t, "> user\ndon't touch the payments module, finance owns it.\n> assistant\nok\n> user\nfinance said you can add the retry helper to the payments module. only that helper, nothing else there.\n")
	expect(t, out, []string{`constraint .*\[active/normative\] = don't touch the payments module — except: finance said you can add the retry helper to the payments`}, []string{`constraint .*= only that helper`})
}

// A practice given up is superseded, and the one said next is the rule
// now; a plan to drop a thing later, or a thing no rule names, changes
// nothing.
func TestPracticeReplaced(t *testing.T) {
	for _, c := range []struct {
		rule, say, oldRE, newRE string
	}{
		{"Commit it. And use conventional commits please (feat:, fix: etc), the release-please bot parses them.",
			"before you commit: we're dropping conventional commits, the release-please bot is gone. So just plain imperative subject lines, under 72 chars, no `feat:` prefixes.",
			`use conventional commits`, `So just plain imperative subject lines, under 72 chars`},
		{"Always squash-merge PRs into main.", "We're moving away from squash merges. Use rebase merges from now on.", `squash-merge`, `Use rebase merges from now on`},
		{"Always squash-merge PRs into main.", "we're moving away from squash merges, use rebase merges instead.", `squash-merge`, `we're moving away from squash merges, use rebase merges instead`},
		{"提交信息统一用英文写。", "以后不再用英文写提交信息了，改成中文。", `提交信息统一用英文写`, `以后不再用英文写提交信息了，改成中文`},
	} {
		out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nSure.\n> user\n"+c.rule+"\n> assistant\nok\n> user\n"+c.say+"\n> assistant\nok\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = ` + c.newRE}, []string{`\[active/normative\] = .*` + c.oldRE, `obligation .*dropping`})
	}
	for _, say := range []string{
		"we're dropping the staging cluster next month, fyi.",
		"we're dropping android 7 support next release anyway, so add two to the minSdk",
		"are we dropping conventional commits?",
		"we're dropping the old dashboard.",
	} {
		out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nSure.\n> user\nAlways use conventional commits.\n> assistant\nok\n> user\nminSdk is 24 right now btw\n> assistant\nok\n> user\n"+say+"\n")
		expect(t, out, []string{`constraint .*\[active/normative\] = Always use conventional commits\.`}, nil)
	}
	out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nSure.\n> user\nminSdk is 24 right now btw\n> assistant\nok\n> user\nwe're dropping android 7 support next release anyway, so add two to the minSdk\n")
	expect(t, out, []string{`value/-/minsdk .*= 26`}, nil)
}

func regexpQuote(s string) string { return regexp.QuoteMeta(s) }

// A condition of the agent's benefit is cut; one of the world is kept.
func TestWithoutBenefitIf(t *testing.T) {
	for in, want := range map[string]string{
		"you can change it after all if it helps — just bump": "you can change it after all  — just bump",
		"要是有帮助的话，现在可以动了":                                      " ，现在可以动了",
		"you can change it once the release is out":           "you can change it once the release is out",
		"备份做完的话，现在可以动了":                                       "备份做完的话，现在可以动了",
		"you can change it if Dana signs off":                 "you can change it if Dana signs off",
	} {
		if got := withoutBenefitIf(in); got != want {
			t.Errorf("withoutBenefitIf(%q) = %q, want %q", in, got, want)
		}
	}
}
