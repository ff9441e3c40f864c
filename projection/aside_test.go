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
	for _, c := range []struct{ intro, text, want string }{
		{"Let's migrate the billing service to Postgres 16.", "unrelated, but please never push to main without a review.", "never push to main"},
		{"你好，今天迁移计费服务。", "题外话：你千万别动 prod 的配置。", "别动 prod 的配置"},
	} {
		if got := anchorsAfter(c.intro, c.text); !hasAnchor(got, "constraint active", c.want) {
			t.Errorf("turned to the agent %q: %q", c.text, got)
		}
	}
}

// TestOtherPastSetsNothing: someone else's past told with a number sets
// no value; the user's own setting in the same breath still does.
func TestOtherPastSetsNothing(t *testing.T) {
	for _, s := range []string{
		"哈哈，小王说他以前在上家公司压测并发全用 200，别学他。",
		"fun fact: Dana said she used to run the importer with 64 workers, don't copy that.",
	} {
		if got := valuesAfter("Let's tune the importer today.", s); len(got) != 0 {
			t.Errorf("%q: %q", s, got)
		}
	}
	if got := valuesAfter("Let's tune the importer today.", "他以前设的超时太短了，把超时改成 60 秒。"); len(got) != 1 {
		t.Errorf("own setting: %q", got)
	}
}
