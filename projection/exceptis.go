package projection

import (
	"slices"
	"strings"
)

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

// An exception called so in the message that states its rule.
//
// "jangan ubah file migration yang udah ada ya, yang udah ke-merge. tapi
// 0007 pengecualian, itu belum ke-deploy, boleh lu edit kalau perlu.",
// "don't change the merged migration files. but 0007 is an exception,
// you may edit it": the user states a rule and, in a later sentence of
// the same message, calls a thing an exception without naming the rule
// or what the rest keeps. The thing is an exception to the rule just
// stated (the newest rule), quoted from the thing to the sentence's end
// (the permission said with it). The thing must be one a rule could
// name as code does (a number, a file, an identifier: "0007",
// "`legacy/`", "billing_v1"): "that is an exception, not the rule" or
// "ValueError is an exception" with no rule stated before it except
// nothing.

// exceptionBareRE is a thing written as code called an exception, in
// group x: "0007 is an exception", "but `legacy/` is the exception".
var exceptionBareRE = mustPattern(`(?i)(?:^|[,;:.!]\s+|\b(?:so|and|but|then|only|just)\s+)(?P<x>` + "`[^`]{1,40}`" + `|[\w./-]*[\d_./][\w./-]*)\s+(?:is|are|'s)\s+(?:an?|the|one)\s+(?:only\s+)?exception(?:[^\p{L}]|$)`)

// exceptionsStated adds to out, for each sentence of text (or of its
// gloss g, mapped back to the user's words) that calls a thing written
// as code an exception after a rule the message states before it, the
// exception to the newest rule (see above).
func exceptionsStated(text string, g *gloss, out []Proposal) []Proposal {
	read := text
	if g != nil {
		read = g.text
	}
	if !exceptionBareRE.MatchString(read) {
		return out
	}
	var add []Proposal
	for _, s := range sentences(read) {
		m := exceptionBareRE.FindStringSubmatchIndex(s)
		if m == nil || strings.ContainsAny(s, "?？") || questionRE.MatchString(s) {
			continue
		}
		at := strings.Index(read, s)
		if at < 0 || !ruleStatedBefore(read[:at], g, out) {
			continue
		}
		xi := exceptionBareRE.SubexpIndex("x")
		x := strings.Trim(s[m[2*xi]:m[2*xi+1]], "`")
		q := strings.TrimSpace(strings.TrimRight(s[m[2*xi]:], ".。 "))
		add = append(add, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "subject", Value: x, Quote: q})
	}
	if g != nil {
		add = g.unGloss(add)
	}
	for _, p := range add {
		// another reading of the sentence as an exception (to a rule of
		// the thing's class) gives way: the rule is the one just stated
		out = slices.DeleteFunc(out, func(o Proposal) bool {
			return o.Op == OpExcept && o.Quote != "" && (strings.Contains(o.Quote, p.Quote) || strings.Contains(p.Quote, o.Quote))
		})
		out = append(out, p)
	}
	return out
}

// ruleStatedBefore reports whether out holds a rule stated in before,
// the text of the message before a sentence (g its gloss, when the
// message was read through one: out quotes the user's words).
func ruleStatedBefore(before string, g *gloss, out []Proposal) bool {
	if g != nil {
		if b, ok := g.back(before); ok {
			before = b
		} else {
			before = g.backPrefix(before)
		}
	}
	return slices.ContainsFunc(out, func(p Proposal) bool {
		return p.Kind == KindConstraint && p.Op == OpState && p.Quote != "" && strings.Contains(before, p.Quote)
	})
}
