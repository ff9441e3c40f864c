package projection

import "strings"

// Replies that answer the agent's question by its shape, not its words.
//
// "¿El límite es global o por cliente?" — "por cliente, usando la
// metadata x-api-key": the reply's first clause names one alternative of
// an either-or question and none of the others, so it answers it though
// it shares one word with it. "¿Quieres también métricas Prometheus de
// rechazos?" — "ahora no": a reply that only declines ("not now", "no
// thanks", "jetzt nicht", "今はいいです": saysNoRE), or opens with yes or
// no and says why ("nein, das mach ich selbst": polarAnswered), answers
// the one yes-or-no question waiting, as does its verb said back ("V12
// 要不要拆成两个脚本？" — "拆。": echoanswer.go). Read only in the reply's
// first sentence, and only of a question asked just before.

// answeredByShape is the key of the question of qs that the first
// sentence s of a reply answers by its shape (see above), or "".
func answeredByShape(s string, qs map[string]string) string {
	s = strings.TrimSpace(s)
	first := s
	if cl := clauseSpans(s); len(cl) > 0 {
		first = strings.TrimRight(strings.TrimSpace(cl[0]), ",;，；—–- ")
	}
	fs := stems(first)
	found := ""
	for k, q := range qs {
		alts := questionAlts(lastAsked(q))
		if alts == nil {
			continue
		}
		hit := 0
		for _, a := range alts {
			if n, _ := sharedStems(fs, a); n > 0 {
				hit++
			}
		}
		if hit == 1 {
			if found != "" {
				return ""
			}
			found = k
		}
	}
	if found != "" || len(qs) != 1 {
		return found
	}
	for k, q := range qs {
		if askedPolar(q) && (saysNoRE.MatchString(s) || polarAnswered(s, qs)) || echoAnswered(s, q) {
			return k
		}
	}
	return ""
}

// lastAsked is the question a sentence asks last: its text from the
// opening "¿" of that question ("Dos preguntas: 1. ¿El límite …?"), or
// after its label ("Offene Frage: Soll …?"), else the sentence.
func lastAsked(q string) string {
	if i := strings.LastIndex(q, "¿"); i >= 0 {
		return q[i:]
	}
	if l := labelOf(q); l != "" {
		return strings.TrimSpace(q[len(l)+1:])
	}
	return q
}
