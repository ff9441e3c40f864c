package projection

import "testing"

// TestPriorityShiftMovesTheObjective: a message that names a new
// priority makes its task the objective, the one before superseded and
// kept; a priority denied, a plan stated, a question and a rule do not.
func TestPriorityShiftMovesTheObjective(t *testing.T) {
	const start = "> user\nI want to add --since and --until flags to logslice.\n> assistant\nOK, adding the flags.\n"
	const kept = `objective/session/goal \[active/normative\] = I want to add --since`
	const moved = `\(was I want to add --since`
	cases := []struct {
		name, said  string
		want, never []string
	}{
		{"the repro: that's the priority now", "Change of plans. The time filter is good enough for now, park it. Dana reported 0.3.2 is 3x slower than 0.3.1 on gzipped files; that's the priority now, the release is blocked on it.",
			[]string{`objective/session/goal \[active/normative\] = Dana reported 0.3.2 is 3x slower than 0.3.1 on gzipped files ` + moved}, nil},
		{"new prio label", "ok crash fix is good, ship it to the branch. new prio: release build fails w/ minify on and we need it for the play upload fri",
			[]string{`= release build fails w/ minify on and we need it for the play upload fri ` + moved}, nil},
		{"new priority label", "New priority: get the nightly ETL green again.",
			[]string{`= get the nightly ETL green again\. ` + moved}, nil},
		{"is the top priority now", "Fixing the memory leak in the decoder is the top priority now.",
			[]string{`= Fixing the memory leak in the decoder ` + moved}, nil},
		{"this is our priority now", "The login page throws a 500 for SSO users. This is our priority now.",
			[]string{`= The login page throws a 500 for SSO users\. ` + moved}, nil},
		{"can wait, fix first", "The flags can wait. Fix the gzip slowdown first.",
			[]string{`= Fix the gzip slowdown first\. ` + moved}, nil},
		{"change of plans, then the task", "Change of plans. Port the reader to async.",
			[]string{`= Port the reader to async\. ` + moved}, nil},
		{"Chinese: 先不管 X 了，现在优先搞 Y", "先不管时间过滤了，现在优先搞 gzip 变慢的问题。",
			[]string{`= 现在优先搞 gzip 变慢的问题。 ` + moved}, nil},
		{"Chinese: 先放一放，现在最重要的是", "DDP 先放一放，现在最重要的是把数据泄漏的问题彻底解决，按病人划分重新做 split。",
			[]string{`= 把数据泄漏的问题彻底解决，按病人划分重新做 split。 ` + moved}, nil},
		{"Chinese: 计划有变", "计划有变。先把发布流程修好。",
			[]string{`= 先把发布流程修好。 ` + moved}, nil},
		{"Chinese: 是当务之急", "gzip 解压变慢三倍这个问题是当务之急。",
			[]string{`= gzip 解压变慢三倍这个问题 ` + moved}, nil},
		{"change of plan, first …, one sentence", "change of plan, first fix the login bug",
			[]string{`= first fix the login bug ` + moved}, nil},
		{"tr: plan değişti, önce …", "plan değişti, önce login hatasını düzelt",
			[]string{`= önce login hatasını düzelt ` + moved}, nil},
		{"tr: plan değişti. …", "Plan değişti. Önce login hatasını düzelt.",
			[]string{`= Önce login hatasını düzelt\. ` + moved}, nil},
		// Negative cases.
		{"tr: asked whether the plan changed", "plan değişti mi?",
			[]string{kept}, []string{moved}},
		{"tr: önce after its noun is before", "testten önce lint çalıştır",
			[]string{kept}, []string{moved}},
		{"a priority denied", "The gzip thing? That's not the priority now, keep going with the flags.",
			[]string{kept}, []string{moved}},
		{"a priority for a later release", "Windows support is the priority for 0.5.",
			[]string{kept}, []string{moved}},
		{"a question about priority", "Is the gzip regression the priority now?",
			[]string{kept}, []string{moved}},
		{"a rule labelled", "New priority: don't touch the public API.",
			[]string{kept}, []string{moved}},
		{"a step of the same work", "Now run the tests again.",
			[]string{kept}, []string{moved}},
		{"waiting on a step, no task", "The review can wait.",
			[]string{kept}, []string{moved}},
		{"Chinese: a step, nothing set aside", "先跑一下测试。",
			[]string{kept}, []string{moved}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, start+"> user\n"+c.said), c.want, c.never)
		})
	}
}
