package projection

import (
	"strings"
	"unicode/utf8"
)

// A rule the agent proposes and the user confirms.
//
// "Una proposta prima di andare avanti: un numero di lotto annullato non
// si riusa mai, nemmeno per la stessa vasca e lo stesso giorno. Lo tengo
// come regola?" — "si confermo, anche Chiara vuole cosi.": the agent
// words a rule and asks whether to keep it as one; the user's yes makes
// it the user's rule, as binding as one the user wrote. The rule is the
// sentence before the question (after a label such as "Proposal:", cut
// at a semicolon, where a remark on it may follow), read only when the
// question asks to keep it as a rule, a policy or a convention
// (keepRuleRE) and the user's next message opens with a yes (yesRE)
// and no "but". The anchor is the user's: its quote is the user's yes,
// its value the agent's wording with the yes beside it. A proposal left
// unanswered or refused keeps nothing.

var (
	// keepRuleRE is a question asking whether to keep what was just said
	// as a rule: "Shall I keep that as a rule?", "Make it a standing
	// rule?", "Lo tengo come regola?", "要不要把这个定为规则？".
	keepRuleRE = mustPattern(`(?i)\b(?:keep|treat|make|add|take|record|adopt|write|note|put|set|have|lock|turn)\b[^?]{0,40}?\b(?:as\s+|into\s+)?(?:a|the|our|one)?\s*(?:standing\s+|hard\s+|house\s+|team\s+|general\s+)?(?:rule|constraint|policy|convention|requirement|invariant|guideline)s?\b[^?]{0,40}\?|\b(?:rule|policy|convention)\s+(?:from now on|going forward|for good)\s*\?|\b(?:come|una|nuova)\s+regola\b[^?]{0,30}\?|\b(?:como|una|nueva)\s+(?:regla|norma)\b[^?]{0,30}\?|\bcomo\s+regra\b[^?]{0,30}\?|\b(?:comme|en)\s+r[èe]gle\b[^?]{0,30}\?|\bals\s+[Rr]egel\b[^?]{0,30}\?|(?:作为|当作|当成|定为|定成|记为|设为|列为|立为|写成|写进)(?:一条|一个|一项)?(?:规则|规矩|约定|规定|规范|铁律)[^？?]{0,20}[？?]|(?:定个|立个|立一条)规矩[^？?]{0,20}[？?]|ルールに[^？?]{0,20}[？?]|ルールとして[^？?]{0,20}[？?]`)
	// yesRE opens a message that says yes.
	yesRE = mustPattern(`(?i)^\W*(?:yes|yep|yeah|yup|sure|ok(?:ay)?|agreed|agree|confirm(?:ed)?|correct|right|exactly|do it|sounds good|go for it|please do|keep it|s[iì]|certo|confermo|d'accordo|va bene|esatto|ja|jawohl|genau|s[ií] claro|claro|vale|oui|d'accord|sim|isso|klopt|prima|да|tak|evet|vâng|ya)\b|^\W*(?:对|好的?|是的|可以|行|没问题|同意|确认|嗯|就这么定|定了|はい|いいよ|お願いします)`)
	// yesButRE is a yes that takes part of it back: "ok, but only for
	// prod", "sì, però …", "可以，但是…".
	yesButRE = mustPattern(`(?i)\b(?:but|except|unless|only (?:for|in|on|if)|però|pero|ma solo|aber|mais|mas|maar)\b|但是|不过|除了|只限`)
	// proposalLabelRE is a label that opens a proposal: "Proposal:",
	// "Una proposta prima di andare avanti:", "我的建议：".
	proposalLabelRE = mustPattern(`(?i)^[^:：]{0,60}\b(?:proposal|suggestion|idea|proposta|propuesta|proposition|vorschlag|voorstel|proposição)\b[^:：]{0,40}[:：]\s*|^[^:：]{0,20}(?:建议|提议|提案)[^:：]{0,10}[:：]\s*`)
)

// proposedRule is the rule assistant text proposes and asks whether to
// keep as one, or "".
func proposedRule(text string) string {
	if !strings.ContainsAny(text, "?？") {
		return ""
	}
	ss := sentences(text)
	for i, s := range ss {
		if !keepRuleRE.MatchString(s) {
			continue
		}
		if i == 0 {
			return ""
		}
		rule := ss[i-1]
		rule = strings.TrimSpace(proposalLabelRE.ReplaceAllString(rule, ""))
		if j := strings.IndexAny(rule, ";；"); j > 0 {
			rule = strings.TrimSpace(rule[:j])
		}
		rule = strings.TrimRight(rule, ".。 ")
		if questionRE.MatchString(rule) || len(terms(rule)) < 3 || utf8.RuneCountInString(rule) > 300 {
			return ""
		}
		return rule
	}
	return ""
}

// confirmsRule adds to out the rule the assistant's message before
// proposed (ctx.ProposedRule), kept as the user's when text opens with
// a yes that takes nothing back.
func confirmsRule(text string, ctx *Context, out []Proposal) []Proposal {
	if ctx.ProposedRule == "" {
		return out
	}
	ss := sentences(text)
	if len(ss) == 0 || !yesRE.MatchString(ss[0]) || yesButRE.MatchString(ss[0]) {
		return out
	}
	yes := strings.TrimSpace(ss[0])
	return append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(ctx.ProposedRule),
		Value: ctx.ProposedRule + " (proposed by the agent; the user: " + yes + ")", Quote: yes})
}
