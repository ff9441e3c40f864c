package projection

import (
	"slices"
	"strings"
)

// A practice judged and refused in one breath is a rule against it:
// "nolint это читерство, не надо" (nolint is cheating, don't), "skipping
// the test is a hack. Don't.", "retry is valsspelen, niet doen", "il mock
// è un imbroglio, non farlo". The thing judged is named by a word of its
// own; a pronoun ("это читерство, не надо", "that's a hack, don't")
// answers what the agent just did or offered, a rejection read elsewhere
// (refused.go, bare.go), not a standing rule. A judgment denied ("это не
// читерство"), asked ("is that cheating?") or followed by more than the
// refusal ("it's a hack, but don't touch it now") states none.

// judgedRE is a practice judged and refused: the thing (group x), a
// copula, a verdict of cheating or a hack, then a bare refusal ending the
// sentence, or the next one.
var judgedRE = mustPattern(`(?i)^\W*(?P<x>[^\s,.;:!?]+(?:\s[^\s,.;:!?]+){0,2}?)\s+(?:это|это\s+же|—|-|is|is\s+just|is\s+basically|è|sono|is\s+gewoon|zijn|ist|sind|est|c'est|es|é|是)\s+(?:(?:a|an|un|una|uno|een|ein|eine|du|de\s+la|de|un\s+vero|просто|чистое|чистой\s+воды)\s+)?(?P<v>читерство|читер\p{L}*|хак|костыль|обман|cheating|a\s+cheat|cheat|hack|hacky|a\s+hack|bad\s+practice|an?\s+anti-?pattern|anti-?pattern|imbroglio|barare|trucco|valsspelen|vals\s+spelen|smokkelen|hack|schummeln|schummelei|beschiss|triche|tricher|de\s+la\s+triche|trampa|hacer\s+trampa|gambiarra|trapaça|作弊|耍赖)\s*(?:[,;—–-]\s*|[.!]\s+)(?P<n>не\s+надо|не\s+делай(?:\s+так)?|не\s+нужно|нельзя|don't(?:\s+do\s+(?:it|that))?|do\s+not(?:\s+do\s+(?:it|that))?|no|not\s+that|non\s+farlo|non\s+si\s+fa|niet\s+doen|doe\s+(?:dat|het)\s+niet|nicht\s+machen|lass\s+das|mach\s+das\s+nicht|ne\s+fais\s+pas\s+ça|pas\s+ça|no\s+lo\s+hagas|não\s+faça|别这样|不要|别)\s*[.!。！]*\s*$`)

// judgedPronouns are subjects that point at what was just said or done.
var judgedPronouns = map[string]bool{"это": true, "this": true, "that": true, "it": true, "that's": true, "it's": true, "dat": true, "dit": true, "het": true,
	"questo": true, "quello": true, "ciò": true, "das": true, "es": true, "dies": true, "ça": true, "cela": true, "ceci": true, "esto": true, "eso": true,
	"isso": true, "isto": true, "这": true, "那": true, "这样": true, "так": true, "оно": true, "то": true}

// judgedRules adds to out, for each sentence of user text (or pair of
// sentences: the judgment, then the bare refusal) that judges a named
// practice and refuses it, the rule against it, unless a proposal of out
// quotes the sentence already.
func judgedRules(text string, out []Proposal) []Proposal {
	ss := sentences(text)
	for i, s := range ss {
		s = strings.TrimSpace(s)
		q := s
		m := judgedRE.FindStringSubmatch(s)
		if m == nil && i+1 < len(ss) {
			q = s + " " + strings.TrimSpace(ss[i+1])
			m = judgedRE.FindStringSubmatch(q)
		}
		if m == nil || strings.ContainsAny(q, "?？") {
			continue
		}
		x := strings.TrimSpace(m[judgedRE.SubexpIndex("x")])
		if judgedPronouns[strings.ToLower(x)] || strings.ContainsFunc(x, func(r rune) bool { return r == '?' }) || negWordRE.MatchString(x) {
			continue
		}
		quote := q
		if !strings.Contains(text, quote) {
			quote = s
		}
		if slices.ContainsFunc(out, func(p Proposal) bool { return p.Kind == KindConstraint && p.Quote == quote }) {
			continue
		}
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Kind == KindConstraint && p.Op == OpState && strings.Contains(quote, p.Quote)
		})
		out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/no-" + slug(x), Value: quote, Quote: quote, Links: mentions(x)})
	}
	return out
}

// negWordRE is a negation inside the thing judged: "это не читерство"
// reads "это не" before the verdict.
var negWordRE = mustPattern(`(?i)(?:^|\s)(?:не|not|niet|non|nicht|pas|no|não|不)(?:\s|$)`)
