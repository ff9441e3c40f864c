package projection

import (
	"slices"
	"strings"
)

// An offer the user turns down, with a reason or a course of their own.
//
// "Quick fix option: in CartSummary use `Number(coupon.discount) || 0`.
// Want me to apply that?" … "No, that just hides the bad data. Normalize
// the coupon in the API adapter (src/api/coupons.ts) instead.": the
// approach the agent offered is rejected, negative knowledge holding the
// offer and the user's verdict, so a later reader does not offer it
// again; the course the user names instead is a decision. The same in
// Chinese: "要不要我加个 `|| 0` 兜底？" … "不要，这样只是把脏数据藏起来了，
// 改成在适配层统一转换。".
//
// The reply turns the offer down when its first sentence opens with a
// refusal (refuseLeadRE; not "no worries", "no need to ask", "no, go
// ahead": consentRE) and says why (the rest of that sentence judges the
// offer: refuseWhyRE) or what to do instead (a sentence among its first
// three with "instead", "rather", "而是", "改成": insteadRE). A bare "no"
// is a prohibition of the offer (bare.go), not read here; a refusal with
// its reason read alone as a rule ("Please don't, it's a band-aid.")
// names nothing, and is read here in its place.

// refuseLeadRE opens a reply that refuses: "No,", "Nope.", "Nah —",
// "Please don't,", "不要，", "不行。", "别，".
var refuseLeadRE = mustPattern(`(?i)^\W*(?:no+|nope|nah|(?:please\s+)?(?:don't|do not)(?:\s+do\s+that)?|not that(?: one)?|hmm+,?\s+no)\s*(?:[,.!;:—–]|\s-\s)|^(?:不要|不行|不用|别|不)[，,。！!；;]`)

// consentRE is a reply that opens with "no" and agrees: "no worries",
// "no problem", "no need to ask", "no, go ahead", "no, that's fine",
// "不用问了，直接改".
var consentRE = mustPattern(`(?i)^\W*no+\s*[,.!]?\s*(?:worries|problem|prob|biggie|rush|objection|need to (?:ask|check|confirm)|go ahead|that's (?:fine|ok|okay|good|great|right)|that works|looks good|it's fine|you're right|sure|do it|just do it)\b|^\W*不用(?:问|确认|客气)`)

// refuseWhyRE is a refusal's reason, the offer judged: "that just hides
// the bad data", "it would mask the real bug", "that's a hack", "too
// risky", "because …", "这样只是把问题藏起来", "治标不治本".
var refuseWhyRE = mustPattern(`(?i)\b(?:that|this|it|which)(?:'s|'d|'ll| is| would| will| only| just| merely|\s+just| also)*\s+(?:just\s+|only\s+|merely\s+)?(?:hides?|masks?|papers? over|swallows?|silences?|hacks?|breaks?|bypass(?:es)?|skips?|ignores?|defeats?|loses?|leaks?|duplicates?|hurts?|wrong|a hack|a band-?aid|a workaround|too\s+\w+|not (?:the|a) (?:fix|right|real|proper)|treats? the symptom)|\b(?:because|since)\s+\w+|\bband-?aid\b|\bhacky\b|\bsweep(?:s|ing)? (?:it|that|this|the \w+) under\b|治标不治本|藏起来|掩盖|掩饰|只是.{0,12}(?:绕过|吞掉|藏|盖)|会(?:把|让).{0,20}(?:坏|错|乱|丢)|因为`)

// insteadRE names the course taken in place of the offer: "… instead",
// "rather", "better to …", "而是 …", "改成 …", "换成 …".
var insteadRE = mustPattern(`(?i)\binstead\b|\brather\b|\bbetter (?:to|if)\b|而是|改成|改为|换成|还是(?:用|在|把)|应该(?:在|用|把)`)

// refusedOffer adds to out, for a user message turning down the offer
// of the assistant's message before (ctx.Offer), the rejected approach
// and the course named instead, unless a proposal of out already quotes
// the sentences.
func refusedOffer(text string, ctx *Context, out []Proposal) []Proposal {
	if ctx.Offer == "" || proposalItems(ctx.Offer) != nil {
		return out
	}
	ss := sentences(text)
	if len(ss) == 0 {
		return out
	}
	first := strings.TrimSpace(ss[0])
	loc := refuseLeadRE.FindStringIndex(first)
	if loc == nil || consentRE.MatchString(first) || questionRE.MatchString(first) || !strings.Contains(text, first) {
		return out
	}
	why := refuseWhyRE.MatchString(first[loc[1]:])
	alt := ""
	for i, s := range ss {
		if i == 3 {
			break
		}
		s = strings.TrimSpace(s)
		if s != "" && !questionRE.MatchString(s) && insteadRE.MatchString(s) && strings.Contains(text, s) {
			alt = s
			break
		}
	}
	reason := ""
	if !why && alt == "" {
		// "no, use the `time` crate. chrono pulled in a ton of deps last
		// time": the course in the refusal itself, the reason a sentence
		// after it naming the offer (rethink.go)
		if c := strings.TrimSpace(first[loc[1]:]); courseRE.MatchString(c) && !questionRE.MatchString(c) {
			alt, reason = c, offerReason(ss[1:], offerShown(ctx.Offer))
		}
		if alt == "" || reason == "" {
			return out
		}
	}
	// "Please don't, it's a band-aid.", "不要，这样只是把脏数据藏起来了": read
	// alone, a rule that names nothing; it refuses the offer.
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Kind == KindConstraint && p.Op == OpState && p.Quote == first && p.Value == first
	})
	quoted := func(s string) bool {
		return s != "" && slices.ContainsFunc(out, func(p Proposal) bool { return p.Quote == s })
	}
	if !quoted(first) {
		offer := offerShown(ctx.Offer)
		verdict := first
		if reason != "" {
			verdict = reason
		}
		out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(offer), Value: oneLine(offer, valueRunes) + " — rejected: " + verdict,
			Quote: first, Links: append(mentions(offer), mentions(verdict)...)})
	}
	if alt != "" && alt != first && !quoted(alt) && !slices.ContainsFunc(out, func(p Proposal) bool { return p.Kind == KindDecision && strings.Contains(p.Quote, alt) }) {
		out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(alt), Value: alt, Quote: alt, Links: mentions(alt)})
	}
	return out
}

// offerShown is the offer of assistant text as it reads in a rejected
// approach: without a closing request for a go-ahead that names nothing
// ("… `Number(x) || 0`. Want me to apply that?").
func offerShown(offer string) string {
	ss := sentences(offer)
	if len(ss) > 1 {
		if last := strings.TrimSpace(ss[len(ss)-1]); bareOfferRE.MatchString(last) || goAheadRE.MatchString(last) || offerApplyRE.MatchString(last) {
			if i := strings.LastIndex(offer, last); i > 0 {
				return strings.TrimRight(strings.TrimSpace(offer[:i]), ".")
			}
		}
	}
	return offer
}

// offerApplyRE asks whether to carry out what was just said: "Want me to
// apply that?", "Should I go ahead with it?", "要我改吗？".
var offerApplyRE = mustPattern(`(?i)^\W*(?:(?:do you )?want me to|should i|shall i|would you like me to)\s+(?:\w+\s+){0,2}(?:that|it|this|them|those)\s*\??$|^(?:要我|要不要我)\S{0,6}吗?[？?]$`)

// askToolOffer is the offer a call of a tool that asks the user makes
// (askUserToolRE: Cline's ask_followup_question, an ask_user), read from
// its question argument as from assistant text, or "".
func askToolOffer(calls []Call) string {
	o := ""
	for _, c := range calls {
		if !askUserToolRE.MatchString(c.Name) {
			continue
		}
		if q, ok := c.Args["question"].(string); ok {
			if x := offered(q); x != "" {
				o = x
			}
		}
	}
	return o
}
