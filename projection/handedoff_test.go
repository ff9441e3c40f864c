package projection

import "testing"

// TestHandedOff: a task said with the team that does it is an obligation
// handed off (lifted), kept once; an open task it names is released;
// a team named with no task handed over, a question, and the agent's own
// task make none.
func TestHandedOff(t *testing.T) {
	runScriptCases(t, []scriptCase{
		{"ja agent hands the redeploy to SRE", `
> user
max_connections は元の 64 に戻して。
> assistant
設定は 64 に戻しました。ステージングへの再デプロイは私からはできない（kubectl は read-only 権限）ので、SRE 側で再デプロイが必要です。
> user
了解。
> assistant
staging の Too many open files: 設定は戻したが再デプロイは SRE 待ち。
`, []string{`obligation/-/ステージングへの再デプロイ.* \[lifted/`}, []string{`obligation/.*\[open/`, `obligation/-/staging.*`}},
		{"en agent hands the redeploy to SRE", `
> user
Put max_connections back to 64.
> assistant
Set it back to 64. I can't redeploy staging from here, so SRE will redeploy it after the change window.
`, []string{`obligation/-/.*redeploy-staging-sre-redeploy.* \[lifted/`}, []string{`obligation/.*\[open/`}},
		{"zh user hands the deploy to ops", `
> user
配置改回 64。部署需要运维来做，你只改配置。
`, []string{`obligation/-/部署需要运维来做.* \[lifted/`}, []string{`obligation/.*\[open/`}},
		{"en open task handed off", `
> user
Fix the pool config. Remember to redeploy staging before you finish.
> assistant
Config fixed. The SRE team will redeploy staging tonight, I have read-only access.
`, []string{`obligation/-/.*redeploy-staging.* \[lifted/`}, []string{`obligation/.*\[open/`, `obligation/-/config-fixed`}},
		{"near miss: a team named, no task handed over", `
> user
SRE reported that staging is crashing with Too many open files. Put max_connections back to 64.
> assistant
QA test results look fine; I will redeploy staging myself once the config is back.
`, nil, []string{`obligation/.*\[lifted/`}},
		{"near miss: a question", `
> user
Should SRE redeploy staging, or can you?
`, nil, []string{`obligation/.*\[lifted/`}},
	})
}
