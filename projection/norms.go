package projection

import "strings"

// Rules said as how the work is done.
//
// A user often states a rule without a rule word, as the way things are
// done here: "every migration goes in a transaction", "nothing touches
// prod", "use helm for all changes", "commit message 统一用英文写", "所有迁移
// 都要放在事务里", "提交的时候别把 DEBUG 配置带上去". Such a sentence is a
// rule wherever it stands in a message. What keeps a description out
// ("every request goes to the primary", "nothing works", "all tests
// pass", "我们把配置统一了") is the shape each reading asks for: a
// universal subject that is a piece of the work the agent makes (a
// migration, a change, a commit, not a request or the traffic) and a verb
// that places or routes it; a "nothing" or "nobody" that acts on a place
// the work could reach; a tool chosen for all of a class of work, not for
// a set named before.

// workNounsRE are the pieces of work an agent makes, the subjects of a
// norm told as how work is done.
const workNounsRE = `(?:migrations?|changes?|commits?|prs?|pull requests?|merge requests?|mrs?|patch(?:es)?|deploys?|deployments?|releases?|rollouts?|tests?|specs?|fix(?:es)?|edits?|scripts?|secrets?|endpoints?|modules?|branch(?:es)?|features?|dependenc(?:y|ies)|manifests?|charts?|files?|docs?|schema changes?|config changes?)`

var (
	// everyWorkRE is a universal subject of work and a verb placing or
	// routing it: "every migration goes in a transaction", "all secrets
	// live in vault", "each PR gets a review".
	everyWorkRE = mustPattern(`(?i)^\W*(?:(?:and|also|plus|so|oh|ok(?:ay)?|then)[,]?\s+)*(?:every|each|all|any)\s+(?:(?:new|single|future|db|database|schema|data|code|infra|helm|k8s|sql)\s+)?` + workNounsRE + `\s+(?:goes|go|stays|stay|lives|live|belongs|belong|lands|land|happens|happen)\s+(?:in|into|inside|through|via|behind|under|on|to|with|as)\b|(?i)^\W*(?:(?:and|also|plus|so|oh|ok(?:ay)?|then)[,]?\s+)*(?:every|each|all|any)\s+(?:(?:new|single|future|db|database|schema|data|code|infra|helm|k8s|sql)\s+)?` + workNounsRE + `\s+(?:gets|get)\s+(?:a|an|its|their|own|one|two|\d)\b`)
	// nobodyActsRE is "nothing" or "nobody" acting on a place the work
	// could reach: "Nothing touches prod", "nobody deploys to main".
	nobodyActsRE = mustPattern(`(?i)^\W*(?:(?:and|also|plus|so|oh|ok(?:ay)?)[,]?\s+)*(?:nothing|nobody|no one|no-one)\s+(?:touches|hits|writes to|deploys to|pushes to|goes (?:to|near|into|out to)|runs (?:on|against)|lands (?:on|in)|talks to|connects to|ships to|merges (?:to|into))\s+\S`)
	// toldStateRE marks a sentence that tells how things stand, not how
	// they are to be done: "nothing touches that table anymore", "so far".
	toldStateRE = mustPattern(`(?i)\b(?:yet|so far|currently|right now|at the moment|any ?more|these days|today|since|because|apparently|seems?|turns out)\b`)
	// allClassChoiceRE is a tool or a way chosen for all of a class of
	// work: "Use helm for all changes", "use pnpm for every script"; a set
	// named before ("use sed for all of them", "for all the files") is
	// one task. So is one for a class of work named by its plural alone:
	// "Use yarn for scripts", "use helm for deploys".
	allClassChoiceRE = mustPattern(`(?i)^\W*(?:(?:and|also|so|ok(?:ay)?|please|just)[,]?\s+)*(?:use|go through|do)\s+[^,;:.]{1,40}?\s+for\s+(?:all|every|each|any)\s+(?:(?:new|single|future)\s+)?(?:\p{L}[\w-]*)(?:\s|[,.;:!—–]|$)|(?i)^\W*(?:(?:and|also|so|ok(?:ay)?|please|just)[,]?\s+)*(?:use|go through)\s+[^,;:.]{1,40}?\s+for\s+(?:new\s+)?(?:migrations|changes|commits|prs|pull requests|patches|deploys|deployments|releases|rollouts|scripts|installs|builds|secrets|dependencies|manifests|charts)\s*[.!]?$`)
	definiteSetRE    = mustPattern(`(?i)\bfor\s+(?:all|every|each|any)\s+(?:of\b|the\b|these\b|those\b|them\b|my\b|our\b|this\b|that\b|one\b)`)

	// zhUniformRE is a Chinese norm said with 统一 ("commit message 统一用
	// 英文写", "日志统一走 zap"): the way it is done, every time; "统一成"
	// ("把时间格式统一成 RFC3339") is one task.
	zhUniformRE = mustPattern(`统一(?:用|使用|采用|走|按|按照|写|放)`)
	// zhAllMustRE is a Chinese rule for every piece of a class: "所有迁移
	// 都要放在事务里", "每个 PR 都得有测试", "任何接口一律走网关".
	zhAllMustRE = mustPattern(`(?:所有|全部|每个|每一个|每条|每一条|每次|每回|任何)[^，,。；;？?！!]{0,24}?(?:都(?:要|得|必须|务必|应该|不能|不许|不准|不要|别)|一律|必须|务必)`)
	// zhAlsoMustRE is a Chinese "must too" of a thing: "v3 变差的也得写上",
	// "测试都得过" ("也得到", "都得了" tell what happened).
	zhAlsoMustRE = mustPattern(`(?:也|都)得[^到出了很太\s，,。]`)
	// zhDontPutRE is a Chinese prohibition with its object put first: "别
	// 把 DEBUG 配置带上去", "别往 main 直接推".
	zhDontPutRE = mustPattern(`(?:^|[^\p{Han}]|[的时候后前里上])别(?:把|往)[^，,。；;？?！!]{1,40}`)
	// zhDontOpRE is a Chinese prohibition of an operation on the system,
	// opening its clause: "别重启 ingress controller", "先别部署", "在 prod 上
	// 别跑 migrate" ("别急", "别担心", "别人", "级别" are none).
	zhDontOpRE = mustPattern(`(?:^|[，,。；;：:\s]|先|暂时|千万|也|都|上|里)别(?:再)?(?:重启|删|部署|发布|发版|推|合并|合到|升级|降级|回滚|执行|跑|运行|提交|上线|下线|关|停|杀|重置|覆盖|清空|修改|迁移|上传|导入|导出|truncate|drop|force)`)
	// zhAskRE is a Chinese question without its question mark ("所有迁移
	// 都要放在事务里吗", "是不是每个 PR 都要测试").
	zhAskRE = mustPattern(`吗|呢[。.]?$|是不是|有没有|要不要`)
)

// workNorm reports whether user sentence s states a rule as how the work
// is done (see above): a universal subject of work placed or routed, a
// "nothing" acting on a place, a tool for all of a class of work, or
// one of the Chinese shapes.
func workNorm(s string) bool {
	if questionRE.MatchString(s) {
		return false
	}
	t := strings.TrimSpace(s)
	switch {
	case everyWorkRE.MatchString(t) && !toldStateRE.MatchString(t):
		return true
	case nobodyActsRE.MatchString(t) && !toldStateRE.MatchString(t):
		return true
	case allClassChoiceRE.MatchString(t) && !definiteSetRE.MatchString(t):
		return true
	}
	if zhAskRE.MatchString(t) {
		return false
	}
	return zhUniformRE.MatchString(t) || zhAllMustRE.MatchString(t) && !narratorRE.MatchString(t) || zhAlsoMustRE.MatchString(t) && !narratorRE.MatchString(t) || zhDontPutRE.MatchString(t) || zhDontOpRE.MatchString(t) && !thirdPersonRE.MatchString(t[:strings.Index(t, "别")])
}
