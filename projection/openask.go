package projection

import "strings"

// A question the agent leaves open by its label.
//
// "Hecho. Una duda que queda: ¿hay que propagar retry_after_ms como
// cabecera Retry-After en el gateway HTTP?", "One open question: should
// the changelog be in German?", "Offene Frage: …?": the agent says the
// question is still open, so it is an open question whether or not the
// user takes it up; a question of the agent's with no such label is kept
// only when the user's reply takes it up (asked.go). The user's answer
// to it closes it.

// openLabelRE labels a question as still open.
var openLabelRE = mustPattern(`(?i)\b(?:open (?:question|point|item)s?|(?:one|a|the) (?:more |last |remaining )?question (?:left|remains|remaining|still open)|remaining questions?|still open|unresolved|pending questions?|question ouverte|questions? en suspens|domanda aperta|questão em aberto|pergunta em aberto)\b|(?:^|[^\p{L}])(?:(?:duda|pregunta)s?\s+(?:que\s+(?:queda|quedan|sigue|siguen)|abiertas?|pendientes?)|queda(?:n)?\s+(?:una\s+|la\s+)?(?:duda|pregunta)|offene\s+frage|noch\s+offen|(?:eine\s+)?frage\s+bleibt)(?:[^\p{L}]|$)|未解決|残って(?:いる|る)?(?:質問|疑問|点)|未決の(?:質問|点)|待确认|悬而未决|还没定的问题`)

// openLabelled are the questions of assistant text labelled as still
// open (openLabelRE before the question in its sentence), added to out
// as open questions unless out already holds them.
func openLabelled(text string, out []Proposal) []Proposal {
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		if !questionRE.MatchString(s) || len([]rune(s)) > 300 {
			continue
		}
		l := labelOf(s)
		if l == "" || !openLabelRE.MatchString(l) {
			continue
		}
		k := "question/-/" + slug(s)
		if hasKey(out, k) {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: k, Value: s, Quote: s, Links: distinctive(s)})
	}
	return out
}

// hasKey reports whether a proposal of ps has key k.
func hasKey(ps []Proposal, k string) bool {
	for _, p := range ps {
		if p.Key == k {
			return true
		}
	}
	return false
}
