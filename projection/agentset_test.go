package projection

import "testing"

// Settings the agent says it changed, when no edit of the log shows the
// change (trial 9 p05): the report of the act is a value of the agent's
// word; a plan, a question, a hedge or a name only mentioned is none.
func TestAgentSetValues(t *testing.T) {
	cases := []scriptCase{
		{"raised, set instead, reverted to the original", "\n> assistant\nThe sensor is flaky. Raising `timeout` from 300 to 1800 so late landings don't fail the run.\n> assistant\nSetting `timeout=900` instead; 1800 holds a worker slot too long.\n> assistant\nReverting the sensor timeout back to the original 300.\n",
			[]string{`value/-/timeout \[current/decision\] = 300 \(was 900\) @0,1,2`}, nil},
		{"an identifier-shaped name", `
> assistant
I've set max_retries to 5.
`, []string{`value/-/max_retries \[current/decision\] = 5 @0`}, nil},
		{"a unit kept, a word after the number dropped", `
> assistant
Bumped poolSize to 20 so the workers stop waiting.
> assistant
Changed read_timeout to 30s.
`, []string{`pool_size \[current/decision\] = 20 @0`, `value/-/read_timeout \[current/decision\] = 30s`}, []string{`20 so`}},
		{"zh: 把 X 从 A 改成 B, then 改回原来的", "\n> assistant\n把 `timeout` 从 300 改成了 1800。\n> assistant\n`timeout` 改回原来的 300。\n",
			[]string{`value/-/timeout \[current/decision\] = 300 \(was 1800\)`}, nil},
		{"zh: 已将 X 设置为 V", `
> assistant
已将 max_connections 设置为 200。
`, []string{`value/-/max_connections \[current/decision\] = 200`}, nil},
		{"ja: X を A から B に変更しました", "\n> assistant\n`timeout` を 300 から 900 に変更しました。\n",
			[]string{`value/-/timeout \[current/decision\] = 900 \(was 300\)`}, nil},
		{"ja: X を元の V に戻しました", "\n> assistant\n`timeout` を 900 に変更しました。\n> assistant\ntimeout を元の 300 に戻しました。\n",
			[]string{`value/-/timeout \[current/decision\] = 300 \(was 900\)`}, nil},
		{"the user's value stands against the agent's", `
> user
Set max_retries to 3.
> assistant
Raised max_retries to 5 to ride out the flaky network.
`, []string{`value/-/max_retries \[current/normative\] = 3`}, []string{`= 5`}},
		{"the agent saying the user's value again is one more source", `
> user
Set max_retries to 3.
> assistant
Set max_retries to 3.
`, []string{`value/-/max_retries \[current/normative\] = 3 @0,1`}, nil},
		{"a later edit of the same setting wins", `
> assistant
Set max_retries to 5.
> call edit {"path":"config.yaml","old_string":"max_retries: 5","new_string":"max_retries: 7"}
> result
ok
`, []string{`max_retries \[current/empirical\] = 7`}, []string{`\[current/decision\] = 5`}},
		{"the user changes the agent's value", `
> user
Make the sync job survive the flaky network.
> assistant
Set max_retries to 5.
> user
Set max_retries to 8.
`, []string{`value/-/max_retries \[current/normative\] = 8`}, nil},
	}
	runScriptCases(t, cases)
}

// Sentences that name a setting and a number but tell no change the agent
// made.
func TestAgentSetNearMisses(t *testing.T) {
	for _, s := range []string{
		"I could set `timeout` to 1800 if the sensor keeps failing.",
		"Should we raise `timeout` to 1800?",
		"I'll set max_retries to 5 next.",
		"Let me set max_retries to 5.",
		"Maybe raising max_retries to 5 would help.",
		"We might want to lower poolSize to 10.",
		"The `timeout` is 300 in the DAG.",
		"max_retries defaults to 3 upstream.",
		"Changing the test to 30 cases made it pass.",
		"Updated README.md to 2 sections.",
		"Bumped `requests` to 2.31.0 in requirements.",
		"I didn't change max_retries to 5.",
		"Set up the cache to 5 workers.",
		"可以把 `timeout` 改成 1800。",
		"要不要把 `timeout` 改成 1800？",
		"建议把 max_retries 设置为 5。",
		"`timeout` を 1800 に変更しましょうか？",
		"`timeout` を 1800 に変更するべきかもしれません。",
		"如果把 `timeout` 改成 1800，会占住 worker。",
		"versionCode 改成 382 重新上传。",
	} {
		if ps := agentSetValues(s, nil); len(ps) > 0 {
			t.Errorf("agentSetValues(%q) = %+v, want none", s, ps)
		}
	}
}

// A setting named in prose is read only as the name of one held.
func TestAgentSetHeldName(t *testing.T) {
	held := []HeldValue{{Key: "value/-/timeout", Name: "timeout", Value: "900"}}
	if ps := agentSetValues("Reverting the sensor timeout back to the original 300.", held); len(ps) != 1 || ps[0].Key != "value/-/timeout" || ps[0].Value != "300" {
		t.Errorf("held timeout: %+v", ps)
	}
	if ps := agentSetValues("Reverting the sensor retries back to 3.", held); len(ps) != 0 {
		t.Errorf("retries is held by no value: %+v", ps)
	}
}
