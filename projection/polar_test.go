package projection

import "testing"

// TestPolarAndTerseAnswers: a yes-or-no question answered by a reply
// opening with its verdict, and a terse question answered by a reply
// naming its thing, are answered; a corrected answer replaces the first.
// A bare verdict, a reply announcing a look, and a reply naming another
// thing answer nothing.
func TestPolarAndTerseAnswers(t *testing.T) {
	const start = "> user\nLet's keep working on the project.\n> assistant\nSure.\n"
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"the repro: answered yes, then corrected", "> user\ndoes 0.3.1 handle multi-member gzip btw?\n> assistant\nYes — 0.3.1 used MultiGzDecoder, so concatenated members were read through.\n> assistant\nLet me check.\n> call shell {\"cmd\": \"git show v0.3.1:src/reader.rs | grep -n GzDecoder\"}\n> result\n4:use flate2::read::GzDecoder;\n> assistant\nCorrection to what I said earlier: 0.3.1 also used plain GzDecoder, not MultiGzDecoder, so 0.3.1 silently truncated concatenated archives too.\n",
			[]string{`decision/answer/correction.*\[active/.*= Correction to what I said earlier: 0.3.1 also used plain GzDecoder`, `@3,6`}, nil},
		{"no, with the reason", "> user\nis the cache shared between workers?\n> assistant\nNo, each worker builds its own LRU in memory at startup.\n",
			[]string{`decision/answer/.*= No, each worker builds its own LRU in memory at startup\. \(was is the cache shared`}, nil},
		{"in Chinese", "> user\n0.3.1 支持多成员 gzip 吗？\n> assistant\n不是，0.3.1 用的是普通 GzDecoder，会截断。\n",
			[]string{`decision/answer/.*= 不是，0.3.1 用的是普通 GzDecoder，会截断。`}, nil},
		{"I was wrong earlier", "> user\ndoes the importer retry on 429?\n> assistant\nYes, it backs off and retries three times on 429 responses.\n> assistant\nI was wrong earlier: the importer gives up on the first 429, the retry loop only covers 503.\n",
			[]string{`decision/answer/.*\[active/.*= I was wrong earlier`}, nil},
		{"the repro: a terse question", "> user\nwats compileSdk rn\n> assistant\n`compileSdk = 34` in app/build.gradle.kts (targetSdk 33, minSdk 24).\n",
			[]string{"decision/answer/.*= `compileSdk = 34` in app/build.gradle.kts \\(targetSdk 33, minSdk 24\\)\\. \\(was wats compileSdk rn\\)"}, nil},
		{"a terse question, another wording", "> user\nwhats the minSdk\n> assistant\nminSdk is 24, set in app/build.gradle.kts.\n",
			[]string{`decision/answer/.*= minSdk is 24`}, nil},
		// Negative cases.
		{"a bare verdict", "> user\nis the cache shared between workers?\n> assistant\nNo.\n",
			nil, []string{`decision/answer`}},
		{"a verdict, then a look", "> user\nis the cache shared between workers?\n> assistant\nNo, let me check the worker setup first.\n",
			nil, []string{`decision/answer`}},
		{"a question of advice", "> user\nshould we cache the tokens?\n> assistant\nYes, caching them for 5 minutes saves a round trip per call.\n",
			nil, []string{`decision/answer`}},
		{"a terse question, another thing named", "> user\nwats compileSdk rn\n> assistant\n`targetSdk = 33` in app/build.gradle.kts.\n",
			nil, []string{`decision/answer`}},
		{"a statement, no question", "> user\nwhat we need is a faster build\n> assistant\nThe build takes 4 minutes; caching Gradle would cut it to 1.\n",
			nil, []string{`decision/answer`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+c.script), c.want, c.never)
		})
	}
}

// TestQuestionLeftOpen: a question of advice the user puts off, or the
// agent's reply leaves open, is an open question, and the reply's advice
// is no decision; a question answered, or a deferral of no question, is
// not held open.
func TestQuestionLeftOpen(t *testing.T) {
	const start = "> user\nLet's keep working on the project.\n> assistant\nSure.\n"
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"the repro: the user puts it off", "> user\nshould we also ship a musl static build in the release? think about it, don't do it now\n",
			[]string{`uncertainty question/-/ship-musl-static-build-release .*= should we also ship a musl static build in the release\? — think about it`}, nil},
		{"the repro: the reply leaves it open, in Chinese", "> user\n这个数据集要不要换成 ViT？\n> assistant\n不好说。建议先把 convnext 的基线跑出来再决定，这个问题先留着。\n",
			[]string{`uncertainty question/-/.*= 这个数据集要不要换成 ViT？ — 建议先把 convnext`}, []string{`decision .*建议先把`}},
		{"the reply leaves it open", "> user\nshould we move the queue to NATS?\n> assistant\nIt would cut the ops load, but I'd want a load test first. Leaving it open for now.\n",
			[]string{`uncertainty question/-/.*= should we move the queue to NATS\? — Leaving it open for now\.`}, nil},
		{"decide later", "> user\nshould we drop python 3.8 support? let's decide after the release.\n",
			[]string{`uncertainty question/-/.*= should we drop python 3.8 support\? — let's decide after the release\.`}, nil},
		{"Chinese: the user puts it off", "> user\n要不要把日志改成 JSON 格式？先想想，以后再说。\n",
			[]string{`uncertainty question/-/.*= 要不要把日志改成 JSON 格式？ — 先想想`}, nil},
		// Negative cases.
		{"a question of fact put off", "> user\nhow many workers run in prod? no rush.\n",
			nil, []string{`uncertainty`}},
		{"a question answered", "> user\nshould we move the queue to NATS?\n> assistant\nNo: SQS already gives us the ordering we need, and NATS would add a cluster to run.\n",
			nil, []string{`uncertainty`}},
		{"a deferral with no question", "> user\nthink about the musl build, don't do it now\n",
			nil, []string{`uncertainty`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+c.script), c.want, c.never)
		})
	}
}

// TestRunTestsTaskDone: a task to run the tests is done by a successful
// run of a test program; a run of chosen tests, a run of part of the
// suite for a task asking the whole, a failed run and another program
// leave it open.
func TestRunTestsTaskDone(t *testing.T) {
	const start = "> user\nLet's keep working on the project.\n> assistant\nSure.\n"
	run := func(cmd, out string) string {
		return "> assistant\nRunning.\n> call shell {\"cmd\": \"" + cmd + "\"}\n> result\n" + out + "\n"
	}
	const pyOK = "..........                                                               [100%]\n10 passed in 14.22s"
	cases := []struct {
		name, script string
		want, never  []string
	}{
		{"the repro", "> user\n最后再跑一次完整测试\n" + run("python -m pytest -q", pyOK),
			[]string{`obligation obligation/-/最后再跑一次完整测试 \[done/`}, nil},
		{"before you push, the full test suite", "> user\nbefore you push, run the full test suite again\n" + run("go test ./...", "ok  \tgithub.com/x/y\t0.2s"),
			[]string{`obligation .*\[done/.*= before you push, run the full test suite again`}, nil},
		{"Chinese: 记得最后再跑一遍测试", "> user\n记得最后再跑一遍测试\n" + run("cargo test", "test result: ok. 12 passed; 0 failed"),
			[]string{`obligation .*\[done/.*= 记得最后再跑一遍测试`}, nil},
		{"before you push", "> user\nbefore you push, run the tests\n" + run("npm test", "Tests: 8 passed, 8 total"),
			[]string{`obligation .*\[done/`}, nil},
		// Negative cases.
		{"tests selected by name", "> user\n最后再跑一次完整测试\n" + run("python -m pytest -q -k reader", "3 passed, 7 deselected"),
			[]string{`obligation obligation/-/最后再跑一次完整测试 \[open/`}, nil},
		{"part of the suite for the whole", "> user\nbefore you push, run the full test suite again\n" + run("python -m pytest tests/unit", pyOK),
			[]string{`obligation .*\[open/.*= before you push, run the full test suite again`}, nil},
		{"another program", "> user\nremember to run the tests again\n" + run("cargo build --release", "Finished release"),
			[]string{`obligation .*\[open/.*= remember to run the tests again`}, nil},
		{"a failed run", "> user\nremember to run the tests again\n> assistant\nRunning.\n> call shell {\"cmd\": \"python -m pytest -q\"}\n> result error\nF.........\n1 failed, 9 passed\n",
			[]string{`obligation .*\[open/.*= remember to run the tests again`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+c.script), c.want, c.never)
		})
	}
}
