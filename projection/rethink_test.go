package projection

import "testing"

// TestOptionTakenBack: an option the user puts forward and takes back at
// once with a reason is rejected, the course said after it decided; a
// take-back with no reason or no course, and a plain correction, are not.
func TestOptionTakenBack(t *testing.T) {
	const start = "> user\nLet's keep working on the project.\n> assistant\nSure.\n"
	cases := []struct {
		name, said  string
		want, never []string
	}{
		{"the repro: no wait, then the course", "use hilt to inject the repo. no wait we dont have hilt anywhere, manual DI is fine just pass it thru the viewmodel factory",
			[]string{`negative-knowledge .*= use hilt to inject the repo — rejected: we dont have hilt anywhere`, `decision .*= manual DI is fine just pass it thru the viewmodel factory`}, nil},
		{"the repro: a tentative option and one judged out before", "zlib-ng needs cmake on the build machines, we can't have that on the windows runners. the system zlib then? no wait — the Windows runners have no system zlib either. ok just keep miniz and put a BufReader around it",
			[]string{`negative-knowledge .*= the system zlib then\? — rejected: the Windows runners have no system zlib either\.`, `negative-knowledge .*= zlib-ng needs cmake on the build machines, we can't have that`, `decision .*= ok just keep miniz and put a BufReader around it`}, nil},
		{"actually no", "switch the queue to redis streams. actually no, ops won't run another redis cluster, just keep using SQS.",
			[]string{`negative-knowledge .*= switch the queue to redis streams — rejected: ops won't run another redis cluster`, `decision .*= just keep using SQS\.`}, nil},
		{"on second thought", "add a Makefile target for it. On second thought, the Windows folks have no make. let's use a plain npm script.",
			[]string{`negative-knowledge .*= add a Makefile target for it — rejected: the Windows folks have no make\.`, `decision .*= let's use a plain npm script\.`}, nil},
		{"in Chinese", "用 Hilt 注入仓库。不对，项目里根本没有 Hilt，就用手动注入，通过 factory 传进去。",
			[]string{`negative-knowledge .*= 用 Hilt 注入仓库 — rejected: 项目里根本没有 Hilt`, `decision .*= 就用手动注入，通过 factory 传进去。`}, nil},
		// Negative cases.
		{"taken back with no reason", "use hilt to inject the repo. no wait, manual DI is fine.",
			nil, []string{`negative-knowledge`}},
		{"taken back with no course", "use hilt to inject the repo. no wait we dont have hilt anywhere.",
			nil, []string{`negative-knowledge`}},
		{"a statement before, no option", "The build is slow. no wait, it was the cache, just rerun it.",
			nil, []string{`negative-knowledge`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+"> user\n"+c.said), c.want, c.never)
		})
	}
}

// TestRefusedWithCourse: an offer refused with the course to take in
// the refusal and the reason in a sentence naming the offer is rejected
// with that reason, and the course decided.
func TestRefusedWithCourse(t *testing.T) {
	cases := []struct {
		name, offer, said string
		want, never       []string
	}{
		{"the repro", "For time parsing I'd use chrono. Shall I add it?", "no, use the `time` crate. chrono pulled in a ton of deps last time and we ripped it out in 0.2",
			[]string{`negative-knowledge .*\[active/.*= For time parsing I'd use chrono — rejected: chrono pulled in a ton of deps`, "decision .*= use the `time` crate"}, nil},
		{"stick with", "I could swap the HTTP client for reqwest. Want me to?", "nah, stick with ureq. reqwest drags tokio into a sync CLI.",
			[]string{`negative-knowledge .*= I could swap the HTTP client for reqwest — rejected: reqwest drags tokio into a sync CLI\.`, `decision .*= stick with ureq\.`}, nil},
		// Negative cases.
		{"a course but no reason", "For time parsing I'd use chrono. Shall I add it?", "no, use the `time` crate.",
			nil, []string{`negative-knowledge`}},
		{"a reason naming something else", "For time parsing I'd use chrono. Shall I add it?", "no, use the `time` crate. the release is on friday.",
			nil, []string{`negative-knowledge`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\n"+c.offer+"\n> user\n"+c.said), c.want, c.never)
		})
	}
}

// TestDroppedForAnotherCourse: a thing dropped for another course, or a
// setting turned back off, with a reason, is a reversed choice; a drop
// that is a step of the work is not.
func TestDroppedForAnotherCourse(t *testing.T) {
	const start = "> user\nLet's keep working on the project.\n> assistant\nSure.\n"
	cases := []struct {
		name, said  string
		want, never []string
	}{
		{"the repro: drop, just make it", "ugh 1m47 on every CI run is too much. drop criterion, just make it an #[ignore]d test that times it with Instant",
			[]string{`negative-knowledge .*= criterion — rejected: ugh 1m47 on every CI run is too much\.`, `decision .*= just make it an #\[ignore\]d test that times it with Instant`}, []string{`constraint`}},
		{"the repro: turned back off", "turn shrinkResources back off, it strips the lottie files we load by name",
			[]string{`negative-knowledge .*= shrinkResources — rejected: it strips the lottie files we load by name`, `decision .*= turn shrinkResources back off`}, nil},
		{"rip out, use instead", "rip out moment, it's huge; use date-fns instead.",
			[]string{`negative-knowledge .*= moment — rejected: it's huge`, `decision .*= use date-fns instead\.`}, nil},
		{"switch off again", "switch minifyEnabled off again, R8 breaks the Gson models",
			[]string{`negative-knowledge .*= minifyEnabled — rejected: R8 breaks the Gson models`}, nil},
		{"in Chinese", "太慢了。去掉 criterion，就用一个 ignore 的测试计时。",
			[]string{`negative-knowledge .*= criterion — rejected: 太慢了。`, `decision .*= 就用一个 ignore 的测试计时。`}, nil},
		// Negative cases.
		{"a drop as a step", "drop the temp table.",
			nil, []string{`negative-knowledge`}},
		{"a drop with a course but no reason", "drop criterion, just make it an ignored test.",
			nil, []string{`negative-knowledge`}},
		{"turned off, not back", "turn off the verbose logging, it floods the console",
			nil, []string{`negative-knowledge`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+"> user\n"+c.said), c.want, c.never)
		})
	}
}
