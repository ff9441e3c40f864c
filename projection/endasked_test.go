package projection

import "testing"

// The question the log ends on is an open question, in English, Japanese
// and Chinese, while nothing follows it; near-misses leave none.
func TestEndAskedQuestion(t *testing.T) {
	const open = `uncertainty question/-/\S+ \[hypothesis/hypothesis\] = `
	for _, c := range []struct {
		name, script string
		want, never  []string
	}{
		{"ja", "> user\nREADME 更新しといて\n> assistant\nREADME を更新しました。ベンチは criterion に移行しますか？",
			[]string{open + `ベンチは criterion に移行しますか？ — asked last, no reply yet`}, nil},
		{"ja without a question mark", "> user\nREADME 更新しといて\n> assistant\nREADME を更新しました。ベンチは criterion に移行しますか。",
			[]string{open + `ベンチは criterion に移行しますか。 — asked last`}, nil},
		{"en", "> user\nUpdate the README.\n> assistant\nDone, the README lists the new flags. Should I move the benchmarks to criterion too?",
			[]string{open + `Should I move the benchmarks to criterion too\? — asked last`}, nil},
		{"en offer put before it", "> user\nUpdate the README.\n> assistant\nDone. We could also move the benchmarks to criterion. Should I?",
			[]string{open + `We could also move the benchmarks to criterion. Should I\? — asked last`}, nil},
		{"zh", "> user\n更新一下 README\n> assistant\nREADME 已更新。要不要把基准测试迁到 criterion？",
			[]string{open + `要不要把基准测试迁到 criterion？ — asked last`}, nil},
		{"after a tool run", "> user\nUpdate the README.\n> assistant\n> call edit {\"path\":\"README.md\"}\n> result\nok\n> assistant\nUpdated. Do you want the changelog entry in this PR as well?",
			[]string{open + `Do you want the changelog entry in this PR as well\?`}, nil},

		// near-misses
		{"the user replied", "> user\nREADME 更新しといて\n> assistant\nREADME を更新しました。ベンチは criterion に移行しますか？\n> user\nうん、お願い",
			nil, []string{`asked last`}},
		{"the user replied in English", "> user\nUpdate the README.\n> assistant\nDone. Should I move the benchmarks to criterion too?\n> user\nthanks, that's all for today",
			nil, []string{`asked last`}},
		{"the agent went on working", "> user\nUpdate the README.\n> assistant\nShould I move the benchmarks to criterion too? Checking the bench setup first.\n> assistant\n> call bash {\"command\":\"ls benches\"}\n> result\nmain.rs",
			nil, []string{`asked last`}},
		{"a later message asks nothing", "> user\nUpdate the README.\n> assistant\nShould I move the benchmarks to criterion too?\n> assistant\nNever mind, the benches already use criterion. All done.",
			nil, []string{`asked last`}},
		{"rhetorical", "> user\nFix the flaky test.\n> assistant\nWhy did it fail? Because the cache key ignored the locale. Fixed in cache.go.",
			nil, []string{`asked last`}},
		{"rhetorical zh", "> user\n修一下这个测试\n> assistant\n为什么会失败？因为缓存键忽略了语言。已在 cache.go 修复。",
			nil, []string{`asked last`}},
		{"rhetorical ja", "> user\nテストを直して\n> assistant\nなぜ失敗したのか？キャッシュキーがロケールを無視していました。cache.go で直しました。",
			nil, []string{`asked last`}},
		{"a heading", "> user\nFix the flaky test.\n> assistant\n## What changed?\n\nThe cache key now includes the locale.",
			nil, []string{`asked last`}},
		{"a question in code", "> user\nAdd a prompt.\n> assistant\nAdded:\n```go\nfmt.Print(\"Continue? [y/N]\")\n```\nIt defaults to no.",
			nil, []string{`asked last`}},
		{"a quoted question", "> user\nWhat did the reviewer say?\n> assistant\nThe reviewer wrote:\n  > Should we drop Python 3.8?\nI left that thread open.",
			nil, []string{`asked last`}},
		{"a nod", "> user\nUpdate the README.\n> assistant\nI updated the README with the new flags. Sound good?",
			nil, []string{`asked last`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), c.want, c.never)
		})
	}
}

// A question the user passed over earlier in the session is not an open
// question because the agent's last message asks another: only the last
// message's questions count.
func TestEndAskedOnlyLast(t *testing.T) {
	out := reduceAll(t, "> user\nUpdate the README.\n> assistant\nShould I also bump the version?\n> user\nJust the README.\n> assistant\nDone. Do you want the changelog entry in this PR as well?")
	expect(t, out, []string{`Do you want the changelog entry in this PR as well\? — asked last`}, []string{`bump the version\? — asked last`})
}

// The questions the log ends on survive a Snapshot's JSON, a Restore and
// a Clone, and go with the first event after them.
func TestEndAskedSnapshot(t *testing.T) {
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "README 更新しといて"})
	r.Apply(Event{Seq: 2, Role: RoleAssistant, Text: "README を更新しました。ベンチは criterion に移行しますか？"})
	_, restored := snapRound(t, r)
	has := func(x *Reducer) bool {
		for _, a := range x.State().Uncertainty {
			if a.Quote == "ベンチは criterion に移行しますか？" && a.Seq() == 2 {
				return true
			}
		}
		return false
	}
	for name, x := range map[string]*Reducer{"original": r, "restored": restored, "clone": r.Clone()} {
		if !has(x) {
			t.Errorf("%s: no open question in %+v", name, x.State().Uncertainty)
		}
		x.Apply(Event{Seq: 3, Role: RoleUser, Text: "うん、お願い"})
		if has(x) {
			t.Errorf("%s: the question stays open after the reply", name)
		}
		for _, a := range x.Snapshot().Anchors {
			if a.Quote == "ベンチは criterion に移行しますか？" {
				t.Errorf("%s: the snapshot stores the question as an anchor: %+v", name, a)
			}
		}
	}
}
