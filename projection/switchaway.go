package projection

import (
	"slices"
	"strings"
)

// A user's switch of approach, in the languages that say it without
// "instead".
//
// "no dashmap, use RwLock instead." replaces the decision that chose
// dashmap (userknow.go, insteadof.go). The same switch said as "别用
// dashmap，换成 RwLock", "不要 dashmap 了，改用 RwLock<HashMap>", "dashmap
// はやめて、RwLock でやって", "dashmap ではなく RwLock を使って", "dashmap
// 말고 RwLock 써", "не dashmap, а RwLock", "nicht dashmap, sondern
// RwLock" names the thing dropped (X) and the one taken (Y): it is the
// user's decision, and it supersedes the active decision naming X, which
// keeps the user's words as its reason. A switch from a thing no decision
// holds is a new decision of the user's that supersedes nothing.
//
// Not a switch: a question ("别用 dashmap 吗？"), a hedge ("也许换成
// RwLock"), a standing rule ("永远别用 unsafe", "以后别用 X，用 Y": a
// practice, read as a rule), a contrast of causes ("не в dashmap, а в
// RwLock", "nicht nur X, sondern auch Y", "dashmap ではなく RwLock が原因").

// switchedName marks a user's decision that names the thing it drops.
const switchedName = "switched"

// Each of switchAwayREs holds the dropped thing in group x and the one
// taken in group y.
var switchAwayREs = []*pattern{
	// Chinese: "别用 X，换成 Y", "不要 X 了，改用 Y", "X 不要了，换成 Y",
	// "把 X 换成 Y", "用 Y 代替 X", "不用 X，而是用 Y", "用 Y 而不是 X".
	mustPattern(`^` + zhLead + `(?:别用|别再用|不要用|不要|不用|别|甭用|不使用)\s*(?P<x>` + zhThing + `)\s*了?\s*[，,、；;]\s*(?:而是|还是|就|直接)?\s*(?:换成|改用|改成|换用|改为|切到|切换到|使用|用)\s*(?P<y>` + zhThing + `)` + zhEnd),
	mustPattern(`^` + zhLead + `(?P<x>` + zhThing + `)\s*(?:别用了|不要了|不用了|就不用了|不要用了|先不用了)\s*[，,、；;]?\s*(?:还是|就|直接)?\s*(?:换成|改用|改成|换用|改为|使用|用)\s*(?P<y>` + zhThing + `)` + zhEnd),
	mustPattern(`^` + zhLead + `把\s*(?P<x>` + zhThing + `)\s*(?:换成|替换成|替换为|换为)\s*(?P<y>` + zhThing + `)` + zhEnd),
	mustPattern(`^` + zhLead + `(?:用|改用|换用)\s*(?P<y>` + zhThing + `)\s*(?:来)?(?:代替|替换|替代|取代)(?:掉)?\s*(?P<x>` + zhThing + `)` + zhEnd),
	mustPattern(`^` + zhLead + `(?:用|改用|换用)\s*(?P<y>` + zhThing + `)\s*[，,]?\s*而不是(?:用)?\s*(?P<x>` + zhThing + `)` + zhEnd),
	// Japanese: "X はやめて、Y でやって", "X ではなく Y を使って", "X じゃなくて
	// Y にして", "X の代わりに Y で", "X は使わずに Y で", "X から Y に変えて".
	mustPattern(`^` + jaLead + `(?P<x>` + jaThing + `)\s*(?:は|を)?\s*(?:やめて|止めて|やめにして|使わないで|使わずに|使わず|ではなく(?:て)?|じゃなくて|じゃなく|の代わりに|のかわりに)\s*[、,，]?\s*(?P<y>` + jaThing + `)\s*` + jaEnd),
	mustPattern(`^` + jaLead + `(?P<x>` + jaThing + `)\s*から\s*(?P<y>` + jaThing + `)\s*(?:に|へ)\s*(?:変えて|替えて|切り替えて|変更して|移行して|乗り換えて|置き換えて|しよう|して)`),
	// Korean: "X 말고 Y 써", "X 대신 Y로 해", "X 쓰지 말고 Y 써", "X를 Y로 바꿔".
	mustPattern(`^` + koLead + `(?P<x>` + koThing + `)\s*(?:을|를)?\s*(?:말고|대신에|대신|쓰지\s*말고|사용하지\s*말고)\s*(?P<y>` + koThing + `)(?:으로|로|을|를)?\s*(?:써|쓰자|쓰세요|사용해|사용하자|사용하세요|해|하자|하세요|가자|갑시다|바꿔|바꾸자|바꿔요)`),
	mustPattern(`^` + koLead + `(?P<x>` + koThing + `)(?:을|를|에서)\s*(?P<y>` + koThing + `)(?:으로|로)\s*(?:바꿔|바꾸자|바꿔요|바꾸세요|변경해|교체해|전환해|갈아타자)`),
	// Russian: "не X, а Y", "не используй X, возьми Y", "вместо X
	// используй Y", "используй Y вместо X".
	mustPattern(`(?i)^` + ruLead + `(?:(?:используй|используйте|бери|берите|возьми|возьмите)\s+)?не\s+(?P<x>` + latThing + `)\s*,\s*а\s+(?P<y>` + latThing + `)\s*[.!]?$`),
	mustPattern(`(?i)^` + ruLead + `(?:не\s+(?:используй|используйте|бери|берите|надо|нужно|будем использовать)|не\s+надо)\s+(?P<x>` + latThing + `)\s*[,;]\s*(?:а\s+)?(?:лучше\s+)?(?:используй|используйте|возьми|возьмите|бери|берите|давай)\s+(?P<y>` + latThing + `)`),
	mustPattern(`(?i)^` + ruLead + `вместо\s+(?P<x>` + latThing + `)\s*,?\s*(?:используй|используйте|возьми|возьмите|бери|берите|давай)\s+(?P<y>` + latThing + `)`),
	mustPattern(`(?i)^` + ruLead + `(?:используй|используйте|возьми|возьмите|бери|берите|давай)\s+(?P<y>` + latThing + `)\s+вместо\s+(?P<x>` + latThing + `)`),
	// German: "nicht X, sondern Y", "kein X, nimm Y", "statt X nimm Y",
	// "nimm Y statt X".
	mustPattern(`(?i)^` + deLead + `(?:(?:nimm|nehmt|verwende|verwendet|benutze|benutzt|nutze|nutzt)\s+)?(?:nicht|kein|keine|keinen)\s+(?P<x>` + latThing + `)(?:\s+(?:verwenden|nehmen|benutzen|nutzen))?\s*,\s*sondern\s+(?:(?:nimm|verwende|benutze|nutze)\s+)?(?P<y>` + latThing + `)\s*[.!]?$`),
	mustPattern(`(?i)^` + deLead + `(?:kein|keine|keinen)\s+(?P<x>` + latThing + `)\s*[,;]\s*(?:lieber\s+)?(?:nimm|nehmt|verwende|verwendet|benutze|benutzt|nutze|nutzt)\s+(?:lieber\s+)?(?P<y>` + latThing + `)`),
	mustPattern(`(?i)^` + deLead + `(?:statt|anstatt|anstelle von)\s+(?P<x>` + latThing + `)\s*,?\s*(?:nimm|nehmt|verwende|verwendet|benutze|benutzt|nutze|nutzt|nehmen wir)\s+(?:lieber\s+)?(?P<y>` + latThing + `)`),
	mustPattern(`(?i)^` + deLead + `(?:nimm|nehmt|verwende|verwendet|benutze|benutzt|nutze|nutzt)\s+(?:lieber\s+)?(?P<y>` + latThing + `)\s+(?:statt|anstatt|anstelle von)\s+(?P<x>` + latThing + `)`),
}

const (
	zhLead   = `(?:(?:那|好|嗯|哦|算了|不对|还是|对了)[，,、]?\s*)*`
	zhThing  = `[^，,、。；;！!？?\s](?:[^，,、。；;！!？?]{0,38}?[^，,、。；;！!？?\s])??`
	zhEnd    = `\s*(?:吧|了|啊|呀|好了)?\s*(?:[，,。.！!；;]|$)`
	jaLead   = `(?:(?:やっぱり|やはり|いや|うーん|あ|じゃあ)[、,，]?\s*)*`
	jaThing  = `[^、,，。；;！!？?\s](?:[^、,，。；;！!？?]{0,38}?[^、,，。；;！!？?\s])??`
	jaEnd    = `(?:で(?:やって|お願い|いこう|行こう|いって|行って|進めて|実装して|書いて|いきましょう|行きましょう)|を使(?:って|おう|う|いましょう)|に(?:して|しよう|しましょう|変えて|切り替えて|変更して))`
	koLead   = `(?:(?:아니|음|그냥|아니야)[,，]?\s*)*`
	koThing  = `[^\s,，.。]+?`
	latThing = `[^\s,;.!?]+(?:\s+[^\s,;.!?]+){0,2}?`
	ruLead   = `(?:(?:нет|хм|ну|лучше|давай)[,!]?\s+)*`
	deLead   = `(?:(?:nein|ne|hmm|doch|also|ok|lieber)[,!]?\s+)*`
)

// switchStandingRE marks a standing practice ("以后", "never", "immer"):
// a rule, not a switch of one decision.
var switchStandingRE = mustPattern(`(?i)永远|永遠|绝不|始终|一律|以后|今后|今後|以後|絶対|決して|항상|절대|앞으로|\b(?:никогда|всегда|впредь|nie|niemals|immer|künftig|grundsätzlich)\b|ab jetzt|from now on`)

// switchHedgeRE is a switch only weighed ("也许换成 RwLock", "vielleicht
// nicht X, sondern Y").
var switchHedgeRE = mustPattern(`(?i)\b(?:maybe|perhaps|vielleicht|eventuell|может|наверное|пожалуй)\b|也许|可能|或许|要不|不如|说不定|かも|たぶん|多分|もしかして|아마|혹시`)

// switchAskedRE ends a question said without its mark ("别用 dashmap 吗").
var switchAskedRE = mustPattern(`(?:吗|嘛|么|ですか|ますか|でしょうか|か|까|까요|나요)\s*[。.]?$|(?i)\bли\b`)

// switchContrastWords open an X or a Y that is no thing: "не в X, а в Y"
// (where a cause lies), "nicht nur X, sondern auch Y".
var switchContrastWords = wordSet(`в во на из у по для с со о об от к за при только nur so zu sehr ganz mehr auch im in am dessen davon`)

// switchedAway is the thing the user's sentence s drops and the one it
// takes in its place, or "" when s is no switch of approach.
func switchedAway(s string) (x, y string) {
	s = strings.TrimSpace(s)
	if s == "" || questionRE.MatchString(s) || switchAskedRE.MatchString(s) || switchHedgeRE.MatchString(s) || switchStandingRE.MatchString(s) {
		return "", ""
	}
	for _, re := range switchAwayREs {
		m := re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		x = strings.TrimSpace(strings.Trim(m[re.SubexpIndex("x")], "`"))
		y = strings.TrimSpace(strings.Trim(m[re.SubexpIndex("y")], "`"))
		if switchThing(x) && switchThing(y) {
			return x, y
		}
	}
	return "", ""
}

// switchThing reports whether t names a thing a switch can drop or take:
// words of its own, not a number (a value, read as one), not a word of
// contrast.
func switchThing(t string) bool {
	f := strings.Fields(strings.ToLower(t))
	if len(f) == 0 || t[0] >= '0' && t[0] <= '9' || switchContrastWords[f[0]] {
		return false
	}
	return len(stems(t)) > 0
}

// switchedChoice is the user's decision that sentence s switches to,
// naming in Replaces the thing it drops, or ok false.
func switchedChoice(s string) (Proposal, bool) {
	x, _ := switchedAway(s)
	if x == "" {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindDecision, Name: switchedName, Key: "decision/-/" + slug(s), Value: s, Quote: s, Correction: true, Replaces: x, Links: mentions(s)}, true
}

// switchesAway adds to out the user's switches of approach in text
// (switchedChoice), read in the user's own words: what else out read in
// a switch's sentence (a rule against the thing dropped, a decision
// replacing no decision) gives way to it. A sentence read as a setting
// given its value stays one unless an active decision (decisions) names
// what it drops.
func switchesAway(text string, decisions []string, out []Proposal) []Proposal {
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		p, ok := switchedChoice(s)
		if !ok {
			continue
		}
		valued := slices.ContainsFunc(out, func(q Proposal) bool { return q.Kind == KindValue && q.Quote != "" && strings.Contains(s, q.Quote) })
		if valued && !retractsDecision(p.Replaces, decisions) {
			// "把运行时换成 Go 1.22": a setting given its value, unless
			// what it drops is what a decision chose ("把 dashmap 换成
			// RwLock" after choosing dashmap)
			continue
		}
		out = slices.DeleteFunc(out, func(q Proposal) bool {
			return q.Quote != "" && strings.Contains(s, q.Quote) && (q.Kind == KindDecision || q.Kind == KindConstraint || q.Kind == KindNegative || q.Kind == KindUncertainty || q.Kind == KindValue)
		})
		out = append(out, p)
	}
	return out
}

// switchRestated reports whether the agent's decision v says again the
// user's switch u: it drops the thing u drops and names the one u takes.
func switchRestated(u, v string) bool {
	x, y := switchedAway(u)
	if x == "" {
		return false
	}
	m := droppedThingRE.FindStringSubmatch(v)
	if m == nil {
		return false
	}
	d := groups(droppedThingRE, m, "x", "j", "z")
	return strings.EqualFold(strings.Trim(d, "`"), x) && strings.Contains(strings.ToLower(v), strings.ToLower(y))
}
