package projection

import (
	"strings"
)

// A prohibition may hold no content of its own: "please don't.", "No
// no no.", "no.", "别。" say no to what was just said, the sentence
// before it in the same message ("they asked whether we're going to
// hook the quotas into Argo CD. please don't.") or, opening the message,
// what the assistant offered or asked to do ("I could disable the
// watchdog while I test" / "Please don't."). The rule is read with that
// content: the sentence before and the bare one quoted together, or the
// bare words with the offer they answer beside them ("Please don't. (re:
// I could disable the watchdog …)"). A bare prohibition that opens a
// message whose later sentences state rules of their own ("No no no.
// Invoices are never deleted …") adds nothing to them; one with no
// referent keeps nothing.

// bareWords are the words a bare prohibition is made of: negations,
// politeness and pro-forms.
var bareWords = map[string]bool{"no": true, "nope": true, "nah": true, "don't": true, "dont": true, "do": true, "not": true, "never": true,
	"please": true, "pls": true, "plz": true, "just": true, "that": true, "it": true, "this": true, "oh": true, "god": true, "definitely": true,
	"absolutely": true, "really": true, "again": true, "ever": true}

// bareHanRE is a bare prohibition in Chinese: "别。", "不要。", "千万别！",
// "别别别", "不行".
var bareHanRE = mustPattern(`^(?:请|千万|可|先|还是)?(?:别|不要|不用|不行|不可以|不许)+(?:了|吧|啊|哦|呀|这样|那样|这么做|那么做)*[。.!！~～]*$`)

// bare reports whether sentence s is a prohibition with no content of
// its own (bareWords, bareHanRE).
func bare(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" || len(t) > 40 || strings.HasPrefix(t, "**") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "__") {
		// "**Don't**": a heading over a list of rules, no reply
		return false
	}
	if bareHanRE.MatchString(t) {
		return true
	}
	neg := false
	for _, w := range strings.Fields(strings.ToLower(t)) {
		w = strings.Trim(w, ".,!?;:…'\"")
		w = strings.ReplaceAll(w, "’", "'")
		if w == "" {
			continue
		}
		if !bareWords[w] {
			return false
		}
		neg = neg || w == "no" || w == "nope" || w == "nah" || w == "don't" || w == "dont" || w == "not" || w == "never"
	}
	return neg
}

// bareReferent is the quote and the value of bare prohibition s, the
// i-th of sents in text: the sentence before it and s ("… hook the
// quotas into Argo CD. please don't."), or s with the assistant's offer
// it answers when it opens the message; "" when a rule said after it
// in the message carries the content, or nothing is there to refuse.
func bareReferent(text, s string, sents []string, i int, offer string) (quote, value string) {
	if i > 0 {
		p := sents[i-1]
		a := strings.Index(text, p)
		if a < 0 || questionRE.MatchString(p) && !strings.Contains(p, "whether") || bare(p) || quotedRE.MatchString(p) {
			// Advice quoted word for word ("… pasted this: "just give it
			// cluster-admin". no.") is refused, not restated as a rule.
			return "", ""
		}
		b := strings.Index(text[a:], s)
		if b < 0 {
			return "", ""
		}
		q := strings.TrimSpace(text[a : a+b+len(s)])
		return q, q
	}
	for _, n := range sents[1:] {
		if isRule(n) {
			return "", ""
		}
	}
	if offer == "" {
		return "", ""
	}
	if q, _ := ruleProposed(offer); q != "" {
		// "I suggest we never push to main directly — ok?" — "no": the
		// rule turned down, none stated (ruleproposal.go)
		return "", ""
	}
	return s, s + " (re: " + offer + ")"
}

// offerRE is the assistant offering or asking to do a thing: "I could
// …", "Should I …?", "want me to …", "我可以…", "要不要我…".
var offerRE = mustPattern(`(?i)(?:^|[,，;；]\s*)(?:(?:ok(?:ay)?|so|alternatively|or)[,]?\s+)?(?:we could also|i could|i can|i'd|i would|i might|i'll just|i was going to|should i|shall i|can i|may i|do you want me to|want me to|would you like me to|how about i|let me just)\b|(?:^|[，,；;])(?:我可以|要不要我|要我|我来|我先)`)

// offered is the last sentence of assistant text that offers or asks
// to do a thing (offerRE), or "".
func offered(text string) string {
	if l := proposalList(text); l != "" {
		// "Предлагаю: 1) …; 2) …; 3) …": proposals answered item by
		// item (itemreply.go)
		return l
	}
	o := ""
	ss := sentences(text)
	for i, s := range ss {
		if offerRE.MatchString(s) && len([]rune(s)) <= 300 {
			o = s
			if i > 0 && (bareOfferRE.MatchString(s) || offerApplyRE.MatchString(s)) && len([]rune(ss[i-1])) <= 300 {
				// "We could also alert on the low-flow readings. Should
				// I?": what is offered is the sentence before
				o = ss[i-1] + " " + s
			}
		}
	}
	if o == "" {
		// "Switch the production model to LightGBM?" (assent.go)
		o = courseAsked(text)
	}
	if o == "" {
		// "Proponho um `locals` por workspace …", "I suggest LocalStack
		// instead." (assent.go)
		o = proposalOf(text)
	}
	if o == "" {
		// "Можно вместо этого GOMEMLIMIT=450MiB. Попробовать?"
		// (itemreply.go)
		o = tryAsked(text)
	}
	if o == "" {
		// "Могу посмотреть, если дашь доступ к логам." (dismiss.go)
		o = condOffer(text)
	}
	return o
}

// bareOfferRE is an offer that names nothing: "Should I?", "Want me to?",
// "Shall I do that?".
var bareOfferRE = mustPattern(`(?i)^\W*(?:should i|shall i|want me to|do you want me to|would you like me to|can i|may i)(?:\s+(?:do|go ahead with|try|add|make)\s+(?:that|it|this|them|those))?\s*\??\s*$`)
