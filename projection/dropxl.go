package projection

import (
	"slices"
	"strings"
)

// An approach dropped by name, in the other languages users write.
//
// "nej till bulk_update-varianten, den är död", "glöm pgloader",
// "pgloader är död"; "забудь про pgloader", "pgloader — мертвий
// варіант", "відмовляємось від pgloader"; "vergiss pgloader", "pgloader
// ist tot"; and in English "pgloader is dead". The name is read as
// droppedNames reads it (abandon.go); a name with a noun glued to it by a
// hyphen ("bulk_update-varianten": the bulk_update variant) also drops the
// bare name. A drop asked, conditional or put off ("är bulk_update död?",
// "om pgloader är död …", "glöm pgloader tills vidare") drops nothing.
//
// The name may be the approach the user asked the run to take rather
// than its program: "kör backfillen med bulk_update-varianten" ran
// "python manage.py migrate orders 0042", which was OOM-killed. A failure
// of a run made since the user's message before the drop, which message
// named the thing dropped, is that approach's failure (askedFor).

var (
	// dropXLRE drops a thing by name (group x, or x2 before the cue).
	dropXLRE = mustPattern(`(?i)(?:^|[\s,;:(])(?P<v>nej\s+till|glöm|strunta\s+i|skit\s+i|skippa|ge\s+upp|sluta\s+med|забудь(?:те)?(?:\s+про)?|забудьмо(?:\s+про)?|відмовляємо(?:ся|сь)\s+від|відмовимось\s+від|отказываемся\s+от|откажемся\s+от|vergiss|verzichten\s+wir\s+auf|nein\s+zu)\s+(?:(?:den|det|de|die|das|den)\s+)?(?P<x>[A-Za-z][\w.\-/@+]{1,59})` +
		`|(?:^|[\s,;:(])(?P<x2>[A-Za-z][\w.\-/@+]{1,59})(?:\s+(?:approach|route|idea|plan|variant))?(?:\s+(?:är|is|ist)\s+|\s*[—–]\s*(?:це\s+)?|\s+-\s+)(?:död|dött|döda|ute|dead|tot|мертв(?:ий|а|е|ый|ая|ое)(?:\s+(?:варіант|варіянт|шлях|підхід|вариант|путь|подход))?)(?:[\s,.;:!?—–…]|$)`)

	// dropXLNegRE negates or conditions a drop: "glöm inte", "om", "если".
	dropXLNegRE = mustPattern(`(?i)(?:^|\s)(?:inte|ej|aldrig|не|nicht|kein|om|ifall|если|якщо|wenn|falls)\s*$|^\s*(?:om|ifall|если|якщо|wenn|falls|är|ist|is)\b`)

	// dropXLLaterRE puts the thing off.
	dropXLLaterRE = mustPattern(`(?i)\b(?:senare|tills\s+vidare|i\s+morgon|imorgon|nästa\s+vecka|sedan|später|morgen|vorerst|later|tomorrow|for\s+now)\b|пізніше|потім|завтра|позже|потом`)

	// gluedNounRE is a noun glued to a name by a hyphen: "-varianten",
	// "-spåret", "-approachen", "-вариант".
	gluedNounRE = mustPattern(`(?i)-(?:varianten|variant|spåret|vägen|lösningen|metoden|approachen|grejen|idén|ansatz|variante|варіант|вариант)$`)
)

// droppedNamesXL are the things sentence s drops by name (see above),
// lowercased; a name with a glued noun is given with and without it.
func droppedNamesXL(s string) []string {
	if questionRE.MatchString(s) || dropXLLaterRE.MatchString(s) {
		return nil
	}
	var out []string
	for _, m := range dropXLRE.FindAllStringSubmatchIndex(s, 8) {
		x := ""
		for _, g := range []string{"x", "x2"} {
			if i := dropXLRE.SubexpIndex(g); m[2*i] >= 0 {
				x = s[m[2*i]:m[2*i+1]]
			}
		}
		start := m[0]
		if v := dropXLRE.SubexpIndex("v"); m[2*v] >= 0 {
			start = m[2*v]
		}
		if x == "" || dropXLNegRE.MatchString(s[:start]) || notThingRE.MatchString(x) || xlPronounRE.MatchString(x) {
			continue
		}
		x = strings.ToLower(strings.TrimRight(x, ".-/"))
		out = append(out, x)
		if b := gluedNounRE.ReplaceAllString(x, ""); b != x && len(b) >= 2 {
			out = append(out, b)
		}
	}
	return out
}

// xlPronounRE is a word before a cue that names no thing: "den är död",
// "det är ute", "es ist tot".
var xlPronounRE = mustPattern(`(?i)^(?:den|det|de|dem|han|hon|it|that|this|es|er|sie|das|ok|okej|nej|ja|och|and|nu|now|inte|ej|aldrig|nicht|not|never)$`)

// askedFor reports whether failure a is of a run made since the user's
// message before this one, and that message named one of names (see
// above).
func (r *Reducer) askedFor(a *Anchor, names []string) bool {
	if !strings.HasPrefix(a.Key, commandPrefix) || r.prevUserSeq == 0 || a.Seq() <= r.prevUserSeq || len(r.said) == 0 {
		return false
	}
	asked := strings.ToLower(r.said[len(r.said)-1])
	return slices.ContainsFunc(names, func(n string) bool { return len(n) >= 3 && hasWord(asked, n) })
}
