package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A rule lifted by an order to do what it forbids, its reason answered.
//
// "nada de instalar dependencias nuevas, el lockfile anda delicado" …
// "ya, instala @tanstack/react-virtual, ya hablé con Lalo del lockfile";
// "don't install new dependencies, the lockfile is fragile" … "ok,
// install @tanstack/react-virtual, I talked with Lalo about the
// lockfile": the user gave a prohibition with its reason, then orders the
// very act it forbids (its verb, in the gloss's words) on a thing named
// as code, and speaks to the reason again (a word of the reason's clause,
// not of the rule's own). The user has lifted the rule: it was held for a
// reason now dealt with. An order that leaves the reason unsaid ("ok,
// install @tanstack/react-virtual") lifts nothing here; a negated order, a
// question, another verb, or a rule given with no reason are no lift.

// orderedName names the proposal of an order of a forbidden act.
const orderedName = "ordered"

// orderRE is an order in the gloss's words: the verb (group v) and the
// thing named as code (group x), after words that only lead in (and one
// word before a comma: "beleza, instala …", "bon, installe …").
var orderRE = mustPattern(`(?i)^\W*(?:\p{L}{1,10},\s+)?(?:(?:ok(?:ay)?|now|so|yes|yeah|alright|fine|then|and|please|go ahead and|just|sure)[,!.]?\s+)*(?P<v>install|add|use|touch|edit|modify|change|import|upgrade|update|bump|remove|delete|push|deploy|commit)\s+(?:the\s+)?(?P<x>` + "`[^`\\n]{1,80}`" + `|[\w@.\-/:+#]*[.\-/_@:][\w@.\-/:+#]*\w)`)

// orderedActs adds to out, for each sentence of user text (its gloss g
// when the user writes another language) that orders an act on a thing
// named as code, a proposal to lift the rule that forbids the act for a
// reason the message speaks to again (see above): its verb in Links, the
// message in Because.
func orderedActs(text string, g *gloss, out []Proposal) []Proposal {
	t := text
	if g != nil {
		t = g.text
	}
	var ps []Proposal
	for _, s := range sentences(t) {
		for _, c := range clauses(strings.TrimSpace(s)) {
			m := orderRE.FindStringSubmatch(strings.TrimSpace(c))
			if m == nil || questionRE.MatchString(s) || strings.ContainsAny(s, "?？¿") || negRE.MatchString(c) {
				continue
			}
			q := strings.TrimSpace(s)
			ps = append(ps, Proposal{Op: OpLift, Kind: KindConstraint, Name: orderedName, Value: q, Quote: q, Links: []string{strings.ToLower(m[orderRE.SubexpIndex("v")])}})
			break
		}
	}
	if g != nil {
		ps = g.unGloss(ps)
	}
	for i := range ps {
		ps[i].Because = text
	}
	return append(out, ps...)
}

// orderedLift lifts the newest active prohibition that forbids the act
// order p orders and whose reason p's message speaks to (see above).
func (r *Reducer) orderedLift(p *Proposal, ref EventRef) {
	if len(p.Links) == 0 {
		return
	}
	verb := p.Links[0]
	said := terms(p.Because)
	var best *Anchor
	for _, c := range r.sorted() {
		if c.Kind != KindConstraint || c.Lifecycle != Active || c.Seq() >= ref.Seq || c.Authority != Normative || !r.prohibits(c.Value) {
			continue
		}
		v := c.Value
		if g := glossOf(v, r.lang); g != nil {
			v = g.text
		}
		rule, reason := ruleAndReason(v)
		if reason == "" || !slices.Contains(stemList(rule), stem(verb)) {
			continue
		}
		own := terms(rule)
		answered := false
		for w := range terms(reason) {
			if utf8.RuneCountInString(w) >= 4 && !own[w] && !stopwords[w] && said[w] {
				answered = true
				break
			}
		}
		if answered && (best == nil || c.Seq() > best.Seq()) {
			best = c
		}
	}
	if best == nil {
		return
	}
	best.Lifecycle = Lifted
	best.Because = p.Quote
	best.addRef(ref)
}

// ruleAndReason splits a rule's text into its first clause and the
// clauses after it, which give its reason ("…, el lockfile anda
// delicado", "… because the lockfile is fragile"); reason "" when it has
// none.
func ruleAndReason(v string) (rule, reason string) {
	v = strings.TrimSpace(v)
	i := strings.IndexAny(v, ",;:—")
	if i < 0 {
		if j := strings.Index(strings.ToLower(v), " because "); j > 0 {
			return v[:j], v[j:]
		}
		return v, ""
	}
	return v[:i], strings.TrimSpace(v[i+1:])
}
