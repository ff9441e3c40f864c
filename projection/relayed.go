package projection

import (
	"strings"
)

// A rule relayed inside a sentence about someone's stance.
//
// "I sat down with Priya from legal and she was pretty clear that we do
// not store tenant names at all, not even hashed, …", "she's fine with the
// matching approach as long as we only name people listed as managers,
// not registered agents", "Ken insisted that you never restart the
// primary during business hours": someone else's stance (clear, firm,
// insisted, said, asked, requires, fine with … as long as, provided) opens
// a clause whose subject is "we" or "you" and whose verb is bound by a
// word of rule (only, never, not, don't, must, have to, always, can't);
// that clause, to the end of its sentence, is the rule (relayedRules),
// wherever in a paragraph it stands. A bound verb that tells what is or
// was ("we don't have tests for it", "we never tested it") binds no one,
// and a sentence another reading already took a rule from is left to it.

// stanceRE is someone's stance before the clause it binds, and the
// clause's opening ("we do not", "you only", …) in group c.
var stanceRE = mustPattern(`(?i)\b(?:(?:was|is|were|are|'s|’s)\s+(?:\w+\s+){0,2}?(?:clear|firm|adamant|explicit|insistent|strict)\s+(?:that|about\s+how)|(?:said|says|insisted|insists|asked|asks|demanded|requires|required|wants|wanted|made\s+(?:it\s+)?clear)(?:\s+that)?|as\s+long\s+as|provided(?:\s+that)?|on\s+(?:the\s+)?condition\s+that)\s+(?P<c>(?:we|you)\s+(?:only|never|always|must|(?:do|does|should|can|will)\s*(?:n't|not)|don't|can't|cannot|won't|shouldn't|have\s+to|need\s+to|are\s+not\s+to|may\s+only|can\s+only)\s+(?:\w+\s+){0,2}?(?P<v>[a-z][\w-]*))`)

// boundStative are verbs that tell what is, not what to do.
var boundStative = map[string]bool{"have": true, "had": true, "know": true, "knew": true, "see": true, "saw": true, "get": true, "got": true,
	"understand": true, "think": true, "remember": true, "be": true, "been": true, "was": true, "were": true, "like": true, "care": true,
	"seem": true, "mean": true, "expect": true, "agree": true}

// relayedRules are the rules relayed in sentences ss of a user message
// (see above), leaving out sentences the proposals out already quote.
func relayedRules(ss []string, out []Proposal) []Proposal {
	var rules []Proposal
	for _, s := range ss {
		if !strings.Contains(s, "we ") && !strings.Contains(s, "you ") && !strings.Contains(s, "We ") {
			continue
		}
		m := stanceRE.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		ci, vi := stanceRE.SubexpIndex("c"), stanceRE.SubexpIndex("v")
		verb := strings.ToLower(s[m[2*vi]:m[2*vi+1]])
		if boundStative[verb] || strings.HasSuffix(verb, "ed") && !strings.HasSuffix(verb, "eed") {
			continue
		}
		taken := false
		for _, p := range out {
			if p.Kind == KindConstraint && p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s)) {
				taken = true
				break
			}
		}
		if taken {
			continue
		}
		c := strings.TrimRight(strings.TrimSpace(s[m[2*ci]:]), " ")
		rules = append(rules, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(c), Value: c, Quote: c, Links: mentions(c)})
	}
	return rules
}
