package projection

import (
	"slices"
	"strings"
)

// A question of advice left open on purpose.
//
// "should we also ship a musl static build in the release? think about
// it, don't do it now": the user asks whether to take a course and puts
// it off in the same message; "这个数据集要不要换成 ViT？" … "不好说。建议先
// 把 convnext 的基线跑出来再决定，这个问题先留着。": the agent's reply says
// the question stays open. Either way the question is an open one (an
// uncertainty holding the question and the words that left it open),
// and the reply's advice on what to do first decides nothing.
//
// Only a question of advice is read (adviceRE: "should we …?", "要不要
// …？"), put off by a sentence after it that is no question itself
// (leftOpenRE: "think about it", "leaving it open", "decide later", "先留
// 着", "再决定"). A reply with several questions waiting leaves open the
// one it shares a word with.

// leftOpenRE says a question stays open for now.
var leftOpenRE = mustPattern(`(?i)\b(?:leav(?:e|ing)|keep(?:ing)?)\s+(?:it|that|this|the question)\s+open\b|\b(?:decide|settle)\s+(?:on\s+)?(?:it|that|this)?\s*(?:later|after)\b|\bthink (?:about it|it over|on it)\b|\bsleep on it\b|\bmull (?:it|that) over\b|\bnot (?:right )?now\b|\bdon't do it (?:now|yet)\b|\bno need to decide (?:now|yet)\b|\b(?:table|park) (?:it|that|the question) for now\b|问题先留着|先留着|再(?:决定|定|说)|以后再说|回头再说|先不定|先别(?:做|动|改|搞)|先想想|想一想|先考虑一下`)

// askedOpen adds to out, for user text, each question of advice the
// text puts off after asking it (see above).
func askedOpen(text string, out []Proposal) []Proposal {
	ss := sentences(text)
	for i, q := range ss {
		q = strings.TrimSpace(q)
		if !questionRE.MatchString(q) || !adviceRE.MatchString(q) || doRequestRE.MatchString(questionBody(q)) || len(terms(q)) < 3 {
			continue
		}
		for _, s := range ss[i+1 : min(len(ss), i+3)] {
			s = strings.TrimSpace(s)
			if questionRE.MatchString(s) {
				break
			}
			if leftOpenRE.MatchString(s) {
				out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(q), Value: oneLine(q, valueRunes) + " — " + s, Quote: q, Links: distinctive(q)})
				break
			}
		}
	}
	return out
}

// repliedOpen adds to out, for assistant text, the user's questions of
// advice (ctx.Asks) it leaves open, and drops the decisions read from
// the sentence that leaves them open.
func repliedOpen(text string, ctx *Context, out []Proposal) []Proposal {
	var asks []string
	for _, q := range ctx.Asks {
		if adviceRE.MatchString(q) {
			asks = append(asks, q)
		}
	}
	if len(asks) == 0 {
		return out
	}
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		if questionRE.MatchString(s) || !leftOpenRE.MatchString(s) || !strings.Contains(text, s) {
			continue
		}
		q := asks[0]
		if len(asks) > 1 {
			qs := map[string]string{}
			for _, a := range asks {
				qs[a] = a
			}
			if q = sharingWords(s, qs, 1); q == "" {
				continue
			}
		}
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Kind == KindDecision && p.Quote != "" && (strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s))
		})
		out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(q), Value: oneLine(q, valueRunes) + " — " + s, Quote: s, Links: distinctive(q)})
		break
	}
	return out
}
