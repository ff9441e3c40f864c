package projection

import "strings"

// An exception told with what stays.
//
// "so the webhook is the exception: app/api/stripe/webhook/route.ts.
// everything else stays server actions", "el webhook es la excepción, el
// resto sigue con server actions", "der Webhook ist die Ausnahme, der
// Rest bleibt bei Server Actions": the user calls a thing the exception
// without naming the rule, and names it by what the rest keeps. The rule
// holding the remainder's words is restated with the exception
// (exceptionsNamed's "ruleof", by the remainder); with no remainder said,
// or none a rule holds, nothing changes.

var (
	// exceptionIsRE is a thing called the exception, in group x: "the
	// webhook is the exception", "el webhook es la excepción", "der
	// Webhook ist die Ausnahme", "webhook は例外", "webhook 是例外".
	exceptionIsRE = mustPattern(`(?i)(?:^|[,;:]\s*|\b(?:so|and|but|then|y|pero|así que|und|aber|also)\s+)(?P<x>(?:the|that|this|our|el|la|los|las|ese|esa|der|die|das|dieser|diese)\s+[^,;:]{1,60}?)\s+(?:is|are|'s|es|son|ist|sind)\s+(?:the|an|one|la|una|die|eine)\s+(?:only\s+|única\s+|einzige\s+)?(?:exception|excepción|ausnahme)\b(?P<rest>\s*:\s*[^\s]+)?|(?P<y>[^\s、，,。][^、，,。]{0,30}?)\s*(?:は|是|就是)\s*例外`)
	// remainderKeepsRE is what the rest keeps, in group r: "everything
	// else stays server actions", "el resto sigue con server actions",
	// "der Rest bleibt bei Server Actions", "其他的都还是用 server actions",
	// "それ以外は server actions のまま".
	remainderKeepsRE = mustPattern(`(?i)\b(?:everything|anything|all|the rest)(?: else)?\s+(?:stays|remains|keeps|still uses|uses|goes through|is still|stays on|stays with)\s+(?:on\s+|with\s+)?(?P<r>[^,.;!?]{2,60})|\b(?:el|lo) resto\s+(?:sigue|queda|se queda|va)\s+(?:con|en|por)?\s*(?P<r2>[^,.;!?]{2,60})|(?:todo lo demás)\s+(?:sigue|queda|va)\s+(?:con|en|por)?\s*(?P<r3>[^,.;!?]{2,60})|\bder rest\s+(?:bleibt|läuft)\s+(?:bei|über|mit)?\s*(?P<r4>[^,.;!?]{2,60})|(?:其他|其余|别的)(?:的)?(?:都|还是|仍然|照样)+(?:用|走|是)?\s*(?P<r5>[^，,。；;！!？?]{2,40})|それ以外は\s*(?P<r6>[^、。，,]{2,40}?)\s*(?:のまま|で)`)
)

// exceptionsByRemainder adds to out, for a sentence of user text that
// calls a thing the exception, the exception to the rule the message's
// remainder names (see above).
func exceptionsByRemainder(text string, out []Proposal) []Proposal {
	rm := remainderKeepsRE.FindStringSubmatch(text)
	if rm == nil {
		return out
	}
	kept := ""
	for i, n := range remainderKeepsRE.SubexpNames() {
		if strings.HasPrefix(n, "r") && rm[i] != "" {
			kept = strings.TrimSpace(rm[i])
		}
	}
	for _, s := range sentences(text) {
		m := exceptionIsRE.FindStringSubmatchIndex(s)
		if m == nil || questionRE.MatchString(s) || strings.ContainsAny(s, "?？") {
			continue
		}
		from, to := m[exceptionIsRE.SubexpIndex("x")*2], m[1]
		if from < 0 {
			from = m[exceptionIsRE.SubexpIndex("y")*2]
		}
		q := strings.TrimSpace(strings.TrimRight(s[from:to], ".。"))
		if exceptQuoted(out, q) {
			continue
		}
		out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "ruleof", Value: kept, Quote: q})
	}
	return out
}

// exceptQuoted reports whether out holds an exception quoting q.
func exceptQuoted(out []Proposal, q string) bool {
	for _, p := range out {
		if p.Op == OpExcept && p.Quote != "" && (strings.Contains(p.Quote, q) || strings.Contains(q, p.Quote)) {
			return true
		}
	}
	return false
}
