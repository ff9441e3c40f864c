package projection

import "strings"

// A practice the user tells the agent to stop.
//
// "stop showing me diffs, just do it" calls off a standing rule that has
// the agent do something ("show me the diff before you write any
// file"): the rule is lifted. The sentence names the practice by its
// verb and object, so it lifts only the newest active rule that makes
// the agent do it (no prohibition: "stop touching data/raw" says a rule
// against touching data/raw again) and shares two content stems with
// it; with no such rule it lifts nothing. "don't stop …", a question,
// and a stop of one thing ("stop the server", "stop here") are none.

// stopDoingRE is an imperative "stop" before a gerund, the practice in
// group x: "stop showing me diffs", "ok, you can stop asking before each
// commit", "para de mostrar os diffs", "arrête de me montrer les diffs",
// "deja de mostrarme los diffs" (read on the user's words).
var stopDoingRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|and|also|please|pls|just|actually|alright|fine|now|from now on|you can|no need to)[,!]?\s+)*(?:stop|quit)\s+(?P<x>\w+ing\b[^,;.!?]{0,60})|^\W*(?:(?:ok|bom|bem|então|e|agora|já|pode)[,!]?\s+)*(?:para|pare|parem|deixa|deixe)\s+de\s+(?P<pt>\p{L}+r\b[^,;.!?]{0,60})|^\W*(?:(?:ok|bon|bien|alors|et|maintenant|tu peux)[,!]?\s+)*(?:arrête|arrêtez|arrete|cesse|cessez)\s+d[e']\s*(?P<fr>[^,;.!?]{1,60})|^\W*(?:(?:ok|vale|bueno|y|ya|ahora)[,!]?\s+)*(?:deja|dejá|deje|dejad)\s+de\s+(?P<es>\p{L}+r(?:me|nos|le|les|lo|la)?\b[^,;.!?]{0,60})`)

// stoppedPractice is the practice user sentence s tells the agent to
// stop, or "".
func stoppedPractice(s string) string {
	if questionRE.MatchString(s) || strings.ContainsAny(s, "?？") {
		return ""
	}
	m := stopDoingRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	for _, g := range []string{"x", "pt", "fr", "es"} {
		if x := strings.TrimSpace(m[stopDoingRE.SubexpIndex(g)]); x != "" {
			return x
		}
	}
	return ""
}

// stoppedRule is the newest active rule, stated before seq, that has the
// agent do practice x (see above), or nil.
func (r *Reducer) stoppedRule(x string, seq int) *Anchor {
	xs := stems(x)
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq >= seq || a.valueFacts().neg || glossNeg(a.Value) {
			continue
		}
		if n, _ := sharedStems(xs, stems(a.Value)); n >= 2 && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}
