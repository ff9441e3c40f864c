package projection

import "testing"

// TestEchoAnswered: a question asked in the A-not-A form is answered by
// its verb or its verb negated ("拆。", "不拆", "拆吧"), "should we X?" by
// the bare imperative X; another verb, a longer reply, a new object or a
// question answer nothing.
func TestEchoAnswered(t *testing.T) {
	for _, c := range []struct {
		q, s string
		want bool
	}{
		{"V12 要不要拆成两个脚本（一个改列，一个建索引）？", "拆。", true},
		{"V12 要不要拆成两个脚本？", "不拆", true},
		{"拆不拆？", "拆吧。", true},
		{"Should we split V12 into two scripts?", "Split it.", true},
		{"Should we split V12 into two scripts?", "Split.", true},
		// near misses
		{"要不要加索引？", "拆。", false},
		{"V12 要不要拆成两个脚本？", "拆开来看看日志再说", false},
		{"V12 要不要拆成两个脚本？", "拆？", false},
		{"是不是应该把 tag 列直接改成 text？", "是", false},
		{"Should we split V12 into two scripts?", "Split the tests too.", false},
		{"Should we split V12 into two scripts?", "Merge it.", false},
	} {
		if got := echoAnswered(c.s, c.q); got != c.want {
			t.Errorf("%q → %q: %v, want %v", c.q, c.s, got, c.want)
		}
	}
}

// TestEchoAnswerAfterAside: the bare verb answers the agent's question
// asked two messages before, after the user's own question in between and
// someone's old rule the reply disowns first.
func TestEchoAnswerAfterAside(t *testing.T) {
	r := New(Options{})
	for i, m := range []struct {
		role Role
		text string
	}{
		{RoleUser, "帮我修一下 order-service 的导入和 Flyway 问题。"},
		{RoleAssistant, "V12 要不要拆成两个脚本（一个改列，一个建索引）？"},
		{RoleUser, "是不是应该把 tag 列直接改成 text？"},
		{RoleAssistant, "不建议：text 列不能建普通索引。"},
		{RoleUser, "以前老王说 flyway 脚本编号不能超过 V10，要合并成一个，现在不用管了。拆。"},
	} {
		r.Apply(Event{Seq: i, Role: m.role, Text: m.text})
	}
	var answer string
	for _, a := range r.Heads() {
		if a.Kind == KindDecision {
			answer = a.Value
		}
		if a.Kind == KindConstraint {
			t.Errorf("the old rule held: %q", a.Value)
		}
	}
	if answer != "拆。" {
		t.Errorf("answer %q", answer)
	}
}
