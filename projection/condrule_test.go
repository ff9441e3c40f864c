package projection

import (
	"strings"
	"testing"
)

// TestActConditionRule: a direction bound to an act of the agent's ("if
// you need to change X, run Y first", "如果要改 X，先跑 Y", "要动 schema 的
// 话，先跟我说") is a standing rule; a condition on an event, the speaker's
// advice, a main clause that directs nothing and a question are not.
func TestActConditionRule(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"如果要改 mapper XML，先跑 mvn -pl order-service test 确认是绿的再改。", true},
		{"If you need to change the mapper XML, run mvn -pl order-service test first and make sure it is green.", true},
		{"Whenever you touch the migrations, ask me before applying them.", true},
		{"要动 schema 的话，先跟我说一声。", true},
		{"改 pom.xml 之前，记得先跑 mvn verify。", true},
		// near misses
		{"如果要改 mapper XML 吗？", false},
		{"如果要改 pom.xml，我建议先跑一下 mvn verify。", false},
		{"要改 X，先看 Y。", false},
		{"If you change the port, the client breaks.", false},
		{"If you changed the mapper, run the tests.", false},
		{"If you change it, does the test still pass?", false},
		{"If the build is green, merge it.", false},
	} {
		if got := actConditionRule(c.s); got != c.want {
			t.Errorf("%q: %v, want %v", c.s, got, c.want)
		}
	}
}

// TestConditionalRuleHeads: the rule bound to an act, a Chinese
// condition running into its prohibition with no comma ("如果测试失败就不要推
// 送") and a Japanese procedure for every commit ("コミット前に毎回 …") are
// rules; the condition holding the rule word ("如果你不要推送的话，告诉我")
// and a description of every time ("テストは毎回落ちます") are not.
func TestConditionalRuleHeads(t *testing.T) {
	for _, c := range []struct {
		first, s string
		want     bool
	}{
		{"帮我修一下 order-service 的导入。", "如果要改 mapper XML，先跑 mvn -pl order-service test 确认是绿的再改。", true},
		{"帮我修一下 order-service 的导入。", "如果测试失败就不要推送。", true},
		{"帮我修一下 order-service 的导入。", "要是 CI 挂了的话就别动 main 分支。", true},
		{"ログのパーサーを直してください。", "コミット前に毎回 `make lint` を走らせて。", true},
		{"Fix the log parser please.", "If you need to add a dependency, ask me first.", true},
		// near misses
		{"帮我修一下 order-service 的导入。", "如果你不要推送的话，告诉我。", false},
		{"ログのパーサーを直してください。", "テストは毎回落ちます。", false},
		{"Fix the log parser please.", "After every label the Zebra spits out a blank one.", false},
		{"Fix the log parser please.", "If you change the port, the client breaks.", false},
	} {
		r := userSays(c.first, c.s)
		got := false
		for _, a := range r.Heads() {
			got = got || a.Kind == KindConstraint && a.Value == c.s
		}
		if got != c.want {
			t.Errorf("%q: rule %v, want %v", c.s, got, c.want)
		}
	}
}

// TestObjectiveSwitchParks: "先不要做 X 了 … 改成先修 Y：…，今天必须修好"
// moves the objective to Y; the sentence parking X is part of the switch,
// no rule, and Y's deadline "must" is no rule either. A prohibition said
// beside the park ("别动 train.py") stays a rule.
func TestObjectiveSwitchParks(t *testing.T) {
	first := "帮我给 order-service 的 OrderMapper 加一个 batchInsert，导入接口现在一条一条 insert 太慢了。"
	r := userSays(first, "先不要做导入了，导入先这样。改成先修 Flyway：V12__add_order_tag_index.sql 在测试环境 MySQL 上 migrate 失败，今天必须修好。")
	var obj string
	rules := 0
	for _, a := range r.Heads() {
		switch a.Kind {
		case KindObjective:
			obj = a.Value
		case KindConstraint:
			rules++
		}
	}
	if !strings.Contains(obj, "Flyway") || rules != 0 {
		t.Errorf("objective %q, %d rules", obj, rules)
	}
	r = userSays(first, "导入先不做了，别动 OrderMapper.xml。改成先修 Flyway：V12 在测试环境上 migrate 失败。")
	rules = 0
	for _, a := range r.Heads() {
		if a.Kind == KindConstraint && strings.Contains(a.Value, "OrderMapper.xml") {
			rules++
		}
	}
	if rules != 1 {
		t.Errorf("the prohibition beside the park: %d rules", rules)
	}
}
