package projection

import "strings"

// The objective moved by naming what matters more now.
//
// "zmiana planu: rezerwacje na razie wystarczy. teraz ważniejsze są SMS-y,
// klienci nie dostają potwierdzeń" (change of plans: the bookings are
// good enough for now. now the SMSes matter more, customers get no
// confirmations): the thing said to matter more now is the new task, the
// one before superseded. Read on the gloss ("ważniejsze", "wichtiger",
// "plus important", "más importante", "важнее", "zyada zaroori" →
// "more important"; lexicon_*.go) and in Chinese ("现在更重要的是 …",
// "现在 X 更重要"), in two shapes:
//
//   - the marker first: "now more important is X", "сейчас важнее X",
//     "ahora es más importante X";
//   - the thing first: "now X is more important", "X matters more now",
//     "jetzt ist X wichtiger".
//
// The change needs its "now" ("teraz", "ab", "jetzt", "现在") or a plan
// changed or an old task set aside before it in the message. A comparison
// ("readability is more important than speed", "ważniejsze niż") states a
// rule, never a task; nor does a question, a negation or a rule.

// moreLeadRE opens a sentence with the marker (group n the "now").
var moreLeadRE = mustPattern(`(?i)^\W*(?:(?:so|and|but|ok(?:ay)?|well)[,]?\s+)*(?P<n>(?:now|right now|today|сейчас|зараз|jetzt|ahora|agora|adesso|ora|maintenant|nu)\s+)?(?:(?:it|this)\s+)?(?:is\s+|are\s+|'s\s+|ist\s+|es\s+|est\s+|è\s+|é\s+)?(?:(?:even|much|far|way)\s+)?(?:more important|matters more)(?P<m>\s+(?:now|right now|today))?\s*(?:(?:is|are|:|—|–)\s+)?(?:(?:that|to)\s+)?(?P<t>\S.*)$`)

// moreTailRE names the thing before the marker (group t; group n a "now"
// before it, group m one after).
var moreTailRE = mustPattern(`(?i)^\W*(?:(?:so|and|but|ok(?:ay)?|well)[,]?\s+)*(?P<n>(?:now|right now|today|сейчас|зараз|jetzt|ahora|agora|adesso|ora|maintenant|nu)\s+)?(?:(?:is|ist|es|est|è|é)\s+)?(?P<t>[^,;:.!?]{2,80}?)\s+(?:(?:is|are|ist|sind|es|son|est|sont|è|sono|é|são|zijn|är)\s+)?(?:(?:now|jetzt|ahora|adesso|maintenant|nu)\s+)?(?:(?:even|much|far|way)\s+)?(?:more important|matters? more)(?P<m>\s+(?:now|right now|today|jetzt|ahora|adesso|maintenant))?\b`)

// zhMoreRE is the Chinese shape: "现在更重要的是 X", "现在 X 更重要",
// "X 现在更重要".
var zhMoreRE = mustPattern(`^(?:那|好)?[，,]?\s*(?:现在|目前|眼下|当前)(?:更重要的是|更要紧的是|比较重要的是)\s*(?P<t>\S.*)$|^(?:那|好)?[，,]?\s*(?:现在|目前|眼下)\s*(?P<z>[^，,。]{2,40}?)\s*(?:更重要|更要紧|优先)`)

// moreThanRE is a comparison after the marker: "more important than
// speed", "ważniejsze niż", "wichtiger als", "важнее чем", "比 … 更重要".
var moreThanRE = mustPattern(`(?i)(?:more important|matters? more)\s+(?:\S+\s+){0,6}?(?:than|niż|als|dan|än|чем|ніж|que|di|che|से)(?:\s|$|[,.;:])|比.{1,30}更重要`)

// moreNegRE negates the marker: "is not more important", "nie jest
// ważniejsze", "ist nicht wichtiger".
var moreNegRE = mustPattern(`(?i)(?:(?:^|\s)(?:not|no longer|never|nicht|nie|не)|n't)\s+(?:\S+\s+)?(?:more important|matters? more)|不(?:是)?更重要`)

// moreImportantTask is the task sentence s names as mattering more now,
// "" when none; shifted tells that the message changed the plan or set
// the old task aside before s.
func moreImportantTask(s string, shifted bool) string {
	s = strings.TrimSpace(s)
	if questionRE.MatchString(s) || moreThanRE.MatchString(s) || moreNegRE.MatchString(s) {
		return ""
	}
	task := strings.TrimRight(s, " .!。")
	if m := zhMoreRE.FindStringSubmatch(s); m != nil {
		t := strings.TrimSpace(m[zhMoreRE.SubexpIndex("t")] + m[zhMoreRE.SubexpIndex("z")])
		if okTask(task) && len([]rune(t)) >= 2 {
			return task
		}
		return ""
	}
	var t string
	marked := false
	if m := moreLeadRE.FindStringSubmatch(s); m != nil {
		t = m[moreLeadRE.SubexpIndex("t")]
		marked = m[moreLeadRE.SubexpIndex("n")] != "" || m[moreLeadRE.SubexpIndex("m")] != ""
	} else if m := moreTailRE.FindStringSubmatch(s); m != nil {
		t = m[moreTailRE.SubexpIndex("t")]
		marked = m[moreTailRE.SubexpIndex("n")] != "" || m[moreTailRE.SubexpIndex("m")] != ""
	} else {
		return ""
	}
	t = strings.TrimSpace(t)
	if !marked && !shifted || len([]rune(t)) < 2 || labelNegRE.MatchString(t) || !okTask(task) {
		return ""
	}
	return task
}
