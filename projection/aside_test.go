package projection

import "testing"

// TestAsideStatesNothing: a message the user labels as off the task
// states no rule, value or task, in any language; one that turns to the
// agent is read as usual.
func TestAsideStatesNothing(t *testing.T) {
	for _, s := range []string{
		"totally unrelated: the espresso machine died again, only instant coffee until Monday lol",
		"题外话：隔壁组又在加班了，这周只能吃外卖了。",
		"余談ですが、今日は雨なので昼は必ずコンビニです。",
		"딴 얘기지만 오늘 점심은 무조건 짜장면이에요 ㅋㅋ",
	} {
		if got := anchorsAfter("Let's migrate the billing service to Postgres 16.", s); len(got) != 1 {
			t.Errorf("%q: %q", s, got)
		}
	}
	got := anchorsAfter("Let's migrate the billing service to Postgres 16.", "unrelated, but please never push to main without a review.")
	if !hasAnchor(got, "constraint active", "never push to main") {
		t.Errorf("turned to the agent: %q", got)
	}
	got = anchorsAfter("你好，今天迁移计费服务。", "题外话：你千万别动 prod 的配置。")
	if !hasAnchor(got, "constraint active", "别动 prod 的配置") {
		t.Errorf("zh turned to the agent: %q", got)
	}
}
