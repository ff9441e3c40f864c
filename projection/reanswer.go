package projection

import (
	"regexp"
	"strings"
)

// An answer to the agent's question changed by the user later.
//
// "Bei einem Konflikt: soll der Server gewinnen oder last-write-wins?" —
// "erstmal last-write-wins" … "für die Konfliktauflösung: doch Server
// gewinnt. Das hat der PO entschieden": the question offered two
// alternatives, the answer took one, and a later sentence names the other
// with a word that says the user changed their mind (doch, actually,
// instead, al final, やっぱり, 还是: changedMindRE). That sentence is the
// answer now, shown with the same question; the first is superseded. A
// sentence that names the other alternative without such a word, or
// names both, or asks, changes nothing.

// changedMindRE says a sentence goes back on what was said before.
var changedMindRE = mustPattern(`(?i)\b(?:actually|instead|rather|after all|on second thought|changed? (?:my|our|their) minds?|doch|lieber|stattdessen|umentschieden|al final|mejor|en cambio|pensándolo bien|finalement|plutôt|en fait|invece|alla fine|toch|liever)\b|やっぱり|やっぱ|やはり|还是|改成|改为|其实`)

// altSplitRE separates the alternatives of an either-or question.
var altSplitRE = regexp.MustCompile(`(?i)\s+(?:or|oder|o|ou|oppure|или)\s+|还是|それとも`)

// questionAlts are the alternatives question q asks between, each as its
// stems less those all of them share; nil when q asks no either-or.
func questionAlts(q string) []map[string]bool {
	q = strings.TrimSpace(q)
	if l := labelOf(q); l != "" {
		q = q[len(l)+1:]
	}
	if i := strings.LastIndexAny(q, ":："); i >= 0 {
		q = q[i+1:]
	}
	q = strings.TrimRight(q, "?？ ")
	parts := altSplitRE.Split(q, 4)
	if len(parts) < 2 {
		return nil
	}
	var alts []map[string]bool
	for _, p := range parts {
		alts = append(alts, stems(p))
	}
	for w := range alts[0] {
		all := true
		for _, a := range alts[1:] {
			all = all && a[w]
		}
		if all {
			for _, a := range alts {
				delete(a, w)
			}
		}
	}
	for _, a := range alts {
		if len(a) == 0 {
			return nil
		}
	}
	return alts
}

// answerChanged adds to out, for user text, the answers to the agent's
// questions it changes (see above): a new answer replacing the one held.
func answerChanged(text string, ctx *Context, out []Proposal) []Proposal {
	for _, aq := range ctx.AgentAnswered {
		alts := questionAlts(aq.Question)
		if alts == nil {
			continue
		}
		took, most := -1, 0
		as := stems(aq.Answer)
		for i, a := range alts {
			if n, _ := sharedStems(as, a); n > most {
				took, most = i, n
			}
		}
		if took < 0 {
			continue
		}
		for _, s := range sentences(text) {
			s = strings.TrimSpace(s)
			if s == "" || questionRE.MatchString(s) || !changedMindRE.MatchString(s) || !strings.Contains(text, s) {
				continue
			}
			ss := stems(s)
			if n, _ := sharedStems(ss, alts[took]); n > 0 {
				continue
			}
			other := false
			for i, a := range alts {
				if n, _ := sharedStems(ss, a); i != took && n > 0 {
					other = true
				}
			}
			if !other {
				continue
			}
			out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: answerPrefix + slug(s), Value: s, Quote: s, Was: aq.Question, Replaces: aq.Key})
			break
		}
	}
	return out
}
