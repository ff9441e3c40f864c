package projection

import "strings"

// A rule bound to a kind of work the agent may do.
//
// "If you need to change the mapper XML, run mvn -pl order-service test
// first", "whenever you touch the migrations, ask me before applying
// them", "如果要改 mapper XML，先跑 mvn -pl order-service test 确认是绿的再改",
// "要动 schema 的话，先跟我说": the condition is an act of the agent's
// (changing, touching, adding something), which recurs, and the main
// clause directs what to do each time it does. That is a standing rule,
// as "before every commit, run X" is (everyImperative), not a task done
// once.
//
// No rule: a condition on an event ("if the build is green, merge it":
// once, when it happens), an act already done ("if you changed the
// mapper, …": past), a main clause that is no direction ("if you change
// the port, the client breaks"; "如果要改 X，我建议先跑 Y": the speaker's
// advice), a question ("if you change it, does the test still pass?").
var (
	// actCondRE is a condition clause on an act of the agent's and the
	// main clause after it: English (group m), Chinese with "if" (z) or
	// with "的话", "之前" (y).
	actCondRE = mustPattern(`(?i)^\W*(?:(?:and|also|oh|btw|one more thing)[,]?\s+)?(?:if|whenever|every time|any time|each time)\s+(?:you|we)\s+(?:(?:ever|ever need to|need to|have to|want to|are going to|plan to|decide to)\s+)?(?:change|modify|edit|touch|update|alter|rename|delete|remove|add|bump|upgrade|migrate)\s[^,;:?]{1,60}[,;:]\s*(?P<m>[^?]+)$` +
		`|^\W*(?:如果|要是|假如|若|只要|每当|每次)(?:你|我们)?(?:要|需要|想|得|打算|准备)?(?:改|修改|改动|动|碰|编辑|更新|调整|升级|删|删除|加|新增)[^，,；;。？?]{1,40}?[，,；;]\s*(?P<z>[^？?]+)$` +
		`|^\W*(?:你|我们)?(?:要|需要|想|打算|准备)?(?:改|修改|改动|动|碰|编辑|更新|调整|升级|删|删除|加|新增)[^，,；;。？?]{1,40}?(?:的话|的时候|之前|以前)[，,；;]?\s*(?P<y>[^？?]+)$`)
	// zhCondMainRE opens a Chinese main clause that directs: "先跑 …",
	// "记得 …", "务必 …", "别 …".
	zhCondMainRE = mustPattern(`^(?:那|就|那就)?\s*(?:请|务必|必须|一定要|一定得|都要|都得|要先|得先|先|记得|记着|别|不要|不准|不许|禁止)`)
)

// actConditionRule reports whether user sentence s is a rule bound to a
// kind of work (see above).
func actConditionRule(s string) bool {
	if questionRE.MatchString(s) {
		return false
	}
	m := actCondRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return false
	}
	if z := strings.TrimSpace(m[actCondRE.SubexpIndex("z")] + m[actCondRE.SubexpIndex("y")]); z != "" {
		// With no "if" the condition ends in "的话" or a time word ("要动
		// schema 的话", "改 X 之前"): "要改 X，先看 Y" may be a plan.
		return zhCondMainRE.MatchString(z)
	}
	main := strings.TrimSpace(pleaseLeadRE.ReplaceAllString(m[actCondRE.SubexpIndex("m")], ""))
	return imperative(main) || constraintRE.MatchString(main) && directive(main)
}
