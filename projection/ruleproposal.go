package projection

import (
	"fmt"
	"slices"
	"strings"
)

// A rule the agent proposes, made the user's by a yes.
//
// "Should I stop running migrations on dev from now on?", "I suggest we
// never push to main directly — ok?", "以后不要直接推到 main，可以吗？": the
// agent asks whether a standing rule should hold. A reply that only
// assents, in any language the projection reads ("yes", "sim", "evet",
// "はい", "ja", "好的"), makes it the user's rule: a constraint with the
// user's authority, quoting the agent's words and credited to the reply.
// A no, or a reply that says anything else, makes none (and a bare "no"
// refuses the rule, it states none: bare.go). A question of what to do
// once ("Should I run the tests?") proposes no rule: the question form
// needs a word that makes the act standing.
//
// The agent may word the rule in the user's language: "Usul gw: mulai
// sekarang semua handler webhook baru wajib lewat helper `claim_event(…)`.
// Setuju?" — "setuju, jadiin aturan.": the rule and the reply are read
// through their gloss ("from now on … must …", "agreed, make it a rule"),
// the rule shown in the agent's words.

var (
	// ruleAskLeadRE opens a question asking whether the agent should
	// work under a rule: "should I …", "shall we …", "do you want me
	// to …", and in a gloss's word order "soll ich ab jetzt …?" ("I
	// should from now on …?").
	ruleAskLeadRE = mustPattern(`(?i)^\W*(?:(?:so|ok(?:ay)?|then|also|and)[,]?\s+)?(?:should|shall)\s+(?:i|we)\s+|^\W*(?:i|we)\s+(?:should|shall)\s+|^\W*(?:(?:so|ok(?:ay)?|then|also|and)[,]?\s+)?(?:do you want me to|want me to|would you like me to|would you like us to)\s+`)
	// ruleProposeLeadRE opens a sentence proposing one: "I suggest
	// (that) we …", "my suggestion is …", "我建议…".
	ruleProposeLeadRE = mustPattern(`(?i)^\W*(?:i (?:would |'d )?(?:suggest|recommend|propose)(?: that)?|my (?:suggestion|recommendation|proposal) (?:is|would be)(?: that)?|how about)\s*[:,]?\s+|^(?:我)?(?:建议|提议)(?:以后|今后)?[：:，,]?\s*`)
	// standingRE makes an act standing, beyond this once: "from now
	// on", "always", "never", "以后", "今後", "ab jetzt".
	standingRE = mustPattern(`(?i)\b(?:from now on|going forward|from here on|henceforth|in (?:the )?future|always|never|any ?more|every time|each time|whenever|as a rule)\b|以后|今后|从现在起|从今以后|一律|永远|每次|今後|これから|毎回|常に|앞으로|항상|매번|\b(?:ab jetzt|künftig|zukünftig|immer|nie(?:mals)?|a partir de (?:agora|ahora)|sempre|nunca|siempre|d[ée]sormais|toujours|jamais|voortaan|altijd|nooit|bundan sonra|her zaman|asla)\b`)
)

// proposalTrail is the punctuation a proposed rule's clause ends with
// before its nod.
const proposalTrail = " ,;:—–-.，、。?？"

// ruleProposed is the sentence of assistant text, among its last two,
// that proposes a standing rule and asks for the user's word, and the
// rule it proposes ("stop running migrations on dev from now on"); ""
// when none does.
func ruleProposed(text string) (quote, rule string) {
	return ruleProposedIn(text, langNone)
}

// ruleProposedIn is ruleProposed of assistant text that may word its
// rule in language l, the user's: the rule is read as written and
// through its gloss (standingRule), and the whole proposal through its
// gloss when it is not read as written.
func ruleProposedIn(text string, l lang) (quote, rule string) {
	if q, c := ruleProposedAsWritten(text, l); q != "" {
		return q, c
	}
	// "Vorschlag: soll ich ab jetzt vor jedem Commit `golangci-lint run
	// --fix ./...` laufen lassen?": the proposal read in its gloss, told
	// in the agent's words.
	g := glossOf(text, detectLang(text, l))
	if g == nil {
		return "", ""
	}
	gq, gc := ruleProposedAsWritten(g.text, l)
	if gq == "" {
		return "", ""
	}
	q, ok := g.back(gq)
	if !ok {
		return "", ""
	}
	c, whole := g.back(gc)
	if !whole {
		c = strings.TrimRight(ruleOfferLabelRE.ReplaceAllString(q, ""), proposalTrail)
	}
	return q, c
}

// ruleOfferLabelRE is the label a proposal is announced with: "Suggestion:",
// "Vorschlag:", "Propuesta:".
var ruleOfferLabelRE = mustPattern(`(?i)^\W*(?:suggestion|proposal|idea|vorschlag|idee|sugerencia|propuesta|proposition|proposta|sugestão|suggerimento|voorstel)\s*[:：]\s*`)

// ruleProposedAsWritten is ruleProposedIn of text as it is written (its
// rule alone may still be read through its gloss).
func ruleProposedAsWritten(text string, l lang) (quote, rule string) {
	ss := sentences(text)
	for i := len(ss) - 1; i >= 0 && i >= len(ss)-2; i-- {
		s := strings.TrimSpace(ss[i])
		if s == "" || len([]rune(s)) > 300 {
			continue
		}
		nod := nodAskRE.MatchString(s) || assentAskRE.MatchString(s)
		if !nod && i == len(ss)-2 && (nodAskRE.MatchString(ss[i+1]) || assentAskRE.MatchString(ss[i+1])) && len(strings.Fields(ss[i+1])) <= 4 {
			// "I suggest we never push to main directly. OK?"
			nod, s = true, s+" "+strings.TrimSpace(ss[i+1])
		}
		switch {
		case questionRE.MatchString(s) && ruleAskLeadRE.MatchString(ruleOfferLabelRE.ReplaceAllString(s, "")):
			c := ruleAskLeadRE.ReplaceAllString(ruleOfferLabelRE.ReplaceAllString(proposalShown(s), ""), "")
			c = strings.TrimRight(c, proposalTrail)
			if standingRE.MatchString(c) && isRule(c) {
				return s, c
			}
		case nod && ruleProposeLeadRE.MatchString(s):
			c := strings.TrimRight(ruleProposeLeadRE.ReplaceAllString(proposalShown(s), ""), proposalTrail)
			if isRule(c) {
				return s, c
			}
		case nod && !planSaidRE.MatchString(s):
			// "以后不要直接推到 main，可以吗？": a rule with a nod asked
			if c := strings.TrimRight(proposalShown(s), proposalTrail); c != s && standingRule(c, l) {
				return s, c
			}
		}
	}
	return "", ""
}

// standingRule reports whether c words a standing rule (standingRE and
// isRule), as written or through its gloss in language l.
func standingRule(c string, l lang) bool {
	if standingRE.MatchString(c) && isRule(c) {
		return true
	}
	g := glossOf(c, detectLang(c, l))
	return g != nil && standingRE.MatchString(g.text) && isRule(g.text)
}

// assentsIn reports whether user text only assents (assentOnly) or
// assents to proposal (assentsTo), as written or through its gloss in
// language l ("setuju, jadiin aturan.": "agreed, make it a rule.").
func assentsIn(text, proposal string, l lang) bool {
	if assentOnly(text) || assentsTo(text, proposal) {
		return true
	}
	g := glossOf(text, detectLang(text, l))
	return g != nil && (assentOnly(g.text) || assentsTo(g.text, proposal))
}

// acceptRule makes the rule the agent proposed (d) the user's, at the
// reply ref that accepted it: a constraint quoting the agent's words,
// with the reply's authority.
func (r *Reducer) acceptRule(d *standing, ref EventRef) {
	p := Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(d.option), Value: d.option + " (the agent's proposal, accepted)",
		Quote: d.quote, Links: mentions(d.option)}
	reply := Event{Seq: ref.Seq, Role: RoleUser, Text: d.quote}
	r.apply(&reply, &p, ref, fmt.Sprintf("c%d.98", ref.Seq), map[*Anchor]bool{})
	a := r.hot[slot(KindConstraint, p.Key)]
	if a != nil && !slices.Contains(a.SourceRefs, EventRef{SessionID: ref.SessionID, Seq: d.seq}) {
		// the agent's words first, then the reply that made them a rule
		a.SourceRefs = append([]EventRef{{SessionID: ref.SessionID, Seq: d.seq}}, a.SourceRefs...)
		a.trimRefs()
	}
	if a == nil {
		return
	}
	for _, o := range r.hot {
		// "ja, ab jetzt immer vor jedem Commit.": the reply's own rule
		// says only when the proposal holds; the proposal names what.
		if o != a && o.Kind == KindConstraint && o.Lifecycle == Active && len(o.SourceRefs) > 0 && o.SourceRefs[0].Seq == ref.Seq && assentsToRule(o.Quote, d.quote) {
			r.retire(o, Superseded)
		}
	}
}

// assentsToRule reports whether user text assents to the rule the agent
// proposed in quote, saying again that it holds from now on: "ja, ab
// jetzt immer vor jedem Commit." is "ja" with the proposal's words and
// words of standing ("ab jetzt", "immer"), none of its own.
func assentsToRule(text, quote string) bool {
	if !standingRE.MatchString(text) {
		return false
	}
	return assentsTo(standingRE.ReplaceAllString(text, " "), quote)
}
