package projection

import (
	"strings"
	"testing"
)

// TestChineseDeadlineLead: a request opened by its deadline ("周五之前把
// …", "周四下班前把 …", "明天之前请 …") is a task, quoted whole when a
// colon lists what it must hold; a rule bound to a moment that recurs
// ("每次提交前必须 …") is a rule, not a task.
func TestChineseDeadlineLead(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"周四之前把压测结果整理成表格发到群里：要有 QPS、P99 和错误率。", "周四之前把压测结果整理成表格发到群里：要有 QPS、P99 和错误率"},
		{"周三下班前把迁移脚本发给我看一下。", "把迁移脚本发给我看一下"},
		{"明天之前请把 README 里的安装步骤补全。", "README 里的安装步骤补全"},
	} {
		got := obligationsAfter("你好，今天继续做支付服务的迁移。", c.text)
		if len(got) != 1 || !strings.Contains(got[0], c.want) {
			t.Errorf("%q: %q", c.text, got)
		}
	}
	got := userSays("你好，今天继续做支付服务的迁移。", "每次发版前都必须先跑一遍冒烟测试。")
	var rule, task bool
	for _, a := range got.Heads() {
		rule = rule || a.Kind == KindConstraint && strings.Contains(a.Value, "冒烟测试")
		task = task || a.Kind == KindObligation
	}
	if !rule || task {
		t.Errorf("recurring: rule %v, task %v", rule, task)
	}
}

// TestChineseNameBeforeKey: a change naming a setting by the Chinese
// word the user wrote just before its short key ("每个任务重试 retries=3"
// … "重试次数再加两次") changes that setting; a word not next to the key
// names nothing.
func TestChineseNameBeforeKey(t *testing.T) {
	for _, c := range []struct {
		msgs []string
		want string
	}{
		{[]string{"你好，开始调度器的改造。", "每个任务重试 retries=3。", "重试次数再加两次吧。"}, "5 (was 3)"},
		{[]string{"你好，开始压测。", "并发 workers=8。", "并发数减半。"}, "4 (was 8)"},
	} {
		got := valuesAfter(c.msgs...)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%q: %q, want %q", c.msgs, got, c.want)
		}
	}
	got := valuesAfter("你好，开始压测。", "日志保留很重要，workers=8。", "并发数减半。")
	for _, v := range got {
		if strings.HasPrefix(v, "4 ") {
			t.Errorf("a word away from the key changed it: %q", got)
		}
	}
}

// TestRevertPassingNumbers: "put it back" of a setting no value holds,
// named by a katakana word ("タイムアウト", "リトライ"), is the number the
// user gave it before the last one.
func TestRevertPassingNumbers(t *testing.T) {
	got := valuesAfter("こんにちは、今日はバッチ処理を直します。", "リトライ回数を 3 回にしてください。", "リトライ回数を 5 回にしてください。", "リトライ回数を元に戻してください。")
	if len(got) != 1 || !strings.HasPrefix(got[0], "3") {
		t.Errorf("%q, want 3", got)
	}
}
