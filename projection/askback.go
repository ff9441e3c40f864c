package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A question the agent asks back instead of answering.
//
// "Should the PDB be minAvailable 2 or 50%?" … "minAvailable 2 guarantees
// a floor but blocks node drains …; 50% scales with the HPA … It depends
// on how strict the payment SLO is during drains — what's your SLO?" …
// "Let me think about that one and talk to SRE.": the agent's reply
// weighs the options and ends by asking the user for what it needs, so
// it settles nothing; the user's deferral leaves the question open, the
// user's to settle. The same in Chinese: "缓存失效要不要做主动通知？" …
// "这个取决于…你们有计划加本地缓存吗？" … "这个我得先问问运维那边再定".
//
// A reply asks back when its last sentence is a question to the user
// about the user's side ("what's your SLO?", "你们有计划…吗？": askedQuestions,
// no offer, no request for a go-ahead, addressing the user). The user's
// questions it leaves unanswered wait for the user's next message; one
// that says the answer depends on something (dependsRE) answers none.
// When that message defers (a sentence among its first two that puts
// the question off or passes it on: deferral, deferRE, putOffRE), each
// question is held open (an uncertainty of the user's, with the
// deferral), in place of the agent's counter-question passed on.

// maxAskedBack bounds the questions one deferral holds open.
const maxAskedBack = 3

// exampleLeadRE opens a question that gives an example of the question
// before it: "Like two codes on one order?", "比如用 pub/sub 广播给其他实
// 例？", "e.g. a nightly job?".
var exampleLeadRE = mustPattern(`(?i)^\W*(?:like|e\.g\.|eg|for example|for instance|say|such as|i\.e\.|i mean)\b|^\W*(?:比如|比方说|例如|譬如|像是)`)

// userAsks are the questions user text asks the agent, of fact or of
// advice: its sentences ending in a question mark, of at most 300
// characters, that ask nothing to be done (doRequestRE) and no go-ahead,
// and are no open question of the user's own (those are uncertainties
// already). A question giving an example of the one before it
// (exampleLeadRE) is part of it.
func userAsks(text string) []string {
	if !strings.ContainsAny(text, "?？") {
		return nil
	}
	var out []string
	prev := false // the sentence before was a question kept in out
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		if !questionRE.MatchString(s) {
			prev = false
			continue
		}
		if prev && exampleLeadRE.MatchString(s) {
			sep := " "
			if strings.HasSuffix(out[len(out)-1], "？") {
				sep = ""
			}
			out[len(out)-1] += sep + s
			continue
		}
		prev = false
		if utf8.RuneCountInString(s) > 300 || len(terms(s)) < 2 || doRequestRE.MatchString(questionBody(s)) || goAheadRE.MatchString(s) || offerRE.MatchString(s) || openQuestion(s) {
			continue
		}
		if len(out) == maxAskedBack {
			break
		}
		out = append(out, s)
		prev = true
	}
	return out
}

// asksBack reports whether assistant text ends by asking the user a
// question about the user's side (youRE): its last sentence is one of
// askedQuestions. "Should Canadian invoices get the same numbers in
// CAD?" asks the agent's own question, no counter-question.
func asksBack(text string) bool {
	ss := sentences(text)
	for i := len(ss) - 1; i >= 0; i-- {
		s := strings.TrimSpace(ss[i])
		if s == "" {
			continue
		}
		if strings.HasPrefix(s, "```") || strings.HasSuffix(s, "```") || !youRE.MatchString(s) {
			return false
		}
		return slices.Contains(askedQuestions(text), s)
	}
	return false
}

// youRE addresses the user: "you", "your", "你", "您", "你们".
var youRE = mustPattern(`(?i)\byou(?:r|rs|'re)?\b|\by'all\b|你|您`)

// dependsRE says the answer depends on something: "it depends on how
// strict the SLO is", "depending on", "comes down to", "取决于", "得看".
var dependsRE = mustPattern(`(?i)\b(?:it\s+)?depends\s+on\b|\bdepending\s+on\b|\bhinges\s+on\b|\bcomes\s+down\s+to\b|\bdepends\s+(?:a lot\s+)?on\b|取决于|得看|要看你|看你们|depende\s+d[eo]\b|dépend\s+d|dipende\s+da|h[äa]ngt\s+(?:\S+\s+){0,4}ab\b|зависит\s+от`)

// holdsAnswer reports whether assistant text answers nothing yet: it
// says the answer depends on something and asks the user for it
// (asksBack).
func holdsAnswer(text string) bool {
	return dependsRE.MatchString(text) && asksBack(text)
}

// putOffRE puts what was asked off for the user to settle: "let me think
// about that one", "I'll think it over", "I need to talk to SRE", "I'll
// get back to you", "我得先问问运维那边再定", "先放着", "回头再说",
// "我想想".
var putOffRE = mustPattern(`(?i)\b(?:let me|i'll|i will|i need to|i have to|i'd like to|i want to|i'll have to|i should|i must|gotta|need to)\s+(?:\w+\s+)?(?:think|sleep on|mull|chew on|consider|talk to|check with|ask|sync with|run (?:it|this|that) by|get back to you)\b|\b(?:i'll|i will|we'll|we will)\s+(?:get back to you|circle back|come back to (?:it|this|that)|decide later|revisit)\b|\b(?:(?:let's|let us)\s+(?:park|table|revisit|come back to|decide)|(?:not|no)\s+(?:sure|decided)\s+yet)\b|我(?:得|要|需要|先|再)?(?:先)?(?:想想|想一想|考虑一下|考虑考虑|琢磨一下|问问|问一下|问下|确认一下|商量一下)|(?:再定|再说|再决定|先放着|先放一放|先搁着|先挂起|回头再|晚点再|之后再|以后再|等.{1,12}(?:确认|回复|定了|决定))`)

// defersAsked is the sentence of user text, among its first two, that
// puts the question asked back off (deferral, deferRE, putOffRE), or "".
// A sentence that asks something itself defers nothing.
func defersAsked(text string) string {
	ss := sentences(text)
	for i, s := range ss {
		if i == 2 {
			break
		}
		s = strings.TrimSpace(s)
		if s == "" || questionRE.MatchString(s) || !strings.Contains(text, s) {
			continue
		}
		if deferral(s) || deferRE.MatchString(s) || putOffRE.MatchString(s) {
			return s
		}
	}
	return ""
}

// askedBackOpen are the proposals of a user message that defers the
// questions the agent asked back on (ctx.AskedBack): each is held open,
// with the deferral as its source. It reports the deferral too ("" when
// the message defers nothing).
func askedBackOpen(text string, ctx *Context) ([]Proposal, string) {
	if len(ctx.AskedBack) == 0 {
		return nil, ""
	}
	s := defersAsked(text)
	if s == "" {
		return nil, ""
	}
	var out []Proposal
	for _, q := range ctx.AskedBack {
		links := append(distinctive(q), distinctive(s)...)
		if m := deferRE.FindStringSubmatch(s); m != nil {
			links = append(links, m[deferRE.SubexpIndex("who")]+m[deferRE.SubexpIndex("z")])
		}
		out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(q), Value: oneLine(q, valueRunes) + " — " + s, Quote: s, Links: links})
	}
	return out, s
}

// stillAskedBack are the user's questions waiting for the agent after
// the user's message, and the age of the oldest: none when the message
// put the questions asked back off (props hold them open), else those
// waitingQuestions left.
func (r *Reducer) stillAskedBack(props []Proposal) ([]string, int) {
	held := func(p Proposal) bool {
		return p.Kind == KindUncertainty && slices.ContainsFunc(r.askedBack, func(q string) bool { return p.Key == "question/-/"+slug(q) })
	}
	if len(r.askedBack) > 0 && slices.ContainsFunc(props, held) {
		return nil, 0
	}
	return r.userAsked, r.userAskedAge
}
