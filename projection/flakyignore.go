package projection

import "strings"

// A flaky failure the user tells the agent to ignore.
//
// "esse é flaky mesmo, com -race o timer atrasa. ignora": a failure the
// user calls flaky and, in the same message, tells the agent to ignore
// (not merely to leave alone, which keeps it open and marked flaky:
// flaky.go) is given up: superseded, its flaky note kept on the negative
// knowledge that takes its place, never resolved. "ignore it", "ignora",
// "ignóralo", "ignore-le", "ignorier das", "ignoralo", "negeer het",
// "zignoruj", "игнорируй", "無視して", "忽略它", "무시해", "yoksay",
// "görmezden gel". A negated or asked ignore ("don't ignore it", "não
// ignora", "should I ignore it?") gives nothing up.

// ignoreItRE tells the agent to ignore a thing.
var ignoreItRE = mustPattern(`(?i)(?:^|[^\pL])(?:ignore(?:\s+(?:it|that|this|them|the\s+\pL+))?|ignora(?:lo|la|r)?|ign[oó]ra(?:lo|la)|ignorez?(?:-le|-la)?|ignorier(?:e|en)?(?:\s+(?:es|das|ihn|sie))?|ignoralo|negeer(?:\s+(?:het|dat|die))?|zignoruj|игнорируй(?:те)?|пропусти|yoksay|görmezden\s+gel)(?:[^\pL]|$)|無視して|無視で|無視しよう|忽略(?:它|吧|掉)?|무시해|무시하`)

// ignoreNotRE negates the ignore before it: "don't", "não", "no",
// "nicht", "ne", "не", "niet", "nie".
var ignoreNotRE = mustPattern(`(?i)(?:\b(?:don'?t|do\s+not|never|not|n[aã]o|no|nicht|ne|niet|nie|mai)|не|별로)\s*$`)

// toldIgnore reports whether message text tells the agent to ignore a
// thing: a sentence with ignoreItRE, not negated, not asked.
func toldIgnore(text string) bool {
	for _, s := range sentences(text) {
		loc := ignoreItRE.FindStringIndex(s)
		if loc == nil || questionRE.MatchString(s) || ignoreNotRE.MatchString(strings.TrimRight(s[:loc[0]], " ,")) {
			continue
		}
		return true
	}
	return false
}

// flakyIgnored gives up the failures a user message marked flaky when it
// also tells the agent to ignore them (see above).
func (r *Reducer) flakyIgnored(ev *Event, marked []*Anchor) {
	if ev.Role != RoleUser || len(marked) == 0 || !toldIgnore(ev.Text) {
		return
	}
	ref := EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq}
	for i, a := range marked {
		if r.hot[slot(a.Kind, a.Key)] != a || a.Kind != KindFailure {
			continue
		}
		s := ""
		if j := strings.LastIndex(a.Value, flakyMark); j >= 0 {
			s = strings.TrimSpace(a.Value[j+len(flakyMark):])
		}
		if s == "" {
			s = oneLine(ev.Text, 80)
		}
		if !a.IsHead() {
			a.Lifecycle = Open
		}
		r.giveUpFailure(a, s, ev, ref, 40+i)
	}
}
