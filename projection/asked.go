package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Questions the agent asks the user.
//
// "Una domanda: nel codice va la data di imbottigliamento, AI (11), o
// quella di confezionamento, AI (13)?", "retest 的 die 应该取第一次还是最后一次
// 的结果？", "fx_rates_sync runs every 10 minutes; is anything still using
// it?": the agent asks for a fact only the user has. The question is
// taken up only when the user's next message does so: a sentence of it
// that shares two words with the question (English stems or Chinese
// character pairs, as a relayed answer does; one, for a sentence that
// passes it on) answers it, a decision the
// user's word made, shown with the question it settles ("Per la data ho
// sentito Chiara: AI (11) …" was the question); a sentence that passes
// it on ("payload wala Ankit se puch ke batata hu", "I'll check with
// Mei") leaves it open, the user's question now, linked to whom it went
// to, so the answer relayed later closes it. A question the user passes
// over is not kept: the agent asks many, and only the user's reply says
// which one mattered. Offers and requests for permission ("Should I
// force-push?", "want me to add tests?") are no questions of fact.

// maxAsked bounds the questions one assistant message is read to ask.
const maxAsked = 4

// askedQuestions are the questions of fact assistant text asks the user:
// its sentences that end in a question mark, of at most 300 characters,
// that offer nothing (offerRE) and ask for no go-ahead (goAheadRE).
func askedQuestions(text string) []string {
	var out []string
	ss := sentences(text)
	for i, s := range ss {
		s = strings.TrimSpace(s)
		if !questionRE.MatchString(s) || utf8.RuneCountInString(s) > 300 || offerRE.MatchString(s) || goAheadRE.MatchString(s) {
			continue
		}
		// "… гонка между сигналом и последним flush. Починить?" asks of
		// the sentence before (dismiss.go)
		s = bareAskWidened(ss, i, s)
		if out = append(out, s); len(out) == maxAsked {
			break
		}
	}
	return out
}

// whichAskRE is a question that asks which one and names none: "你倾向
// 哪个？", "选哪个？", "Which do you prefer?", "Which one?", "どちらにします
// か？", "Welche nimmst du?", "Какой вариант?", "¿Cuál prefieres?".
var whichAskRE = mustPattern(`(?i)^\W*(?:(?:so|and|ok(?:ay)?)[,]?\s+)?(?:which(?:\s+(?:one|option|approach|way|variant))?|welche[rs]?|welchen|какой|какую|какой\s+вариант|який|яку|quale|cuál|lequel|laquelle|qual|welk(?:e)?|vilken|vilket)(?:\s+[\p{L}']+){0,4}\s*[?？]\s*$|^(?:你|您)?(?:倾向|想|要|打算|准备|觉得)?(?:选|用|走)?(?:哪个|哪一个|哪种|哪一种|哪个方案|哪种方案)(?:好|更好|比较好|吧|呢)?\s*[？?]\s*$|^(?:どちら|どっち|どれ)(?:に(?:しますか|する)|が(?:いいですか|良いですか|いい)|を(?:選びますか|使いますか))?\s*[？?]\s*$`)

// choicesAsked widens each question of asked (askedQuestions of assistant
// text) that only asks which one (whichAskRE: "两个方案：1）加 keep 规则；2）关
// 掉 full mode。你倾向哪个？") by the options listed just before it, 1 and 2
// at least, in its paragraph: the question is of those options, and a
// reply that names one of them takes it up.
func choicesAsked(text string, asked []string) []string {
	out := slices.Clone(asked)
	for i, q := range asked {
		if utf8.RuneCountInString(q) > 40 || !whichAskRE.MatchString(q) {
			continue
		}
		j := strings.Index(text, q)
		if j <= 0 {
			continue
		}
		lead := text[:j]
		if k := strings.LastIndexAny(lead, "?？"); k >= 0 {
			lead = lead[k+1:]
		}
		if k := strings.LastIndex(lead, "\n\n"); k >= 0 {
			lead = lead[k+2:]
		}
		lead = strings.Join(strings.Fields(lead), " ")
		if utf8.RuneCountInString(lead) > 300 || !listsTwo(lead) {
			continue
		}
		if r, _ := utf8.DecodeLastRuneInString(lead); r < 0x3000 {
			lead += " "
		}
		out[i] = lead + q
	}
	return out
}

// choiceMarkRE is an option's number in a list: "1) ", "2. ", "1）"
// (a full-width bracket needs no space after it).
var choiceMarkRE = mustPattern(`(?:^|[\s:：;；,，。])\(?([1-9])(?:[.)]\s|）)`)

// listsTwo reports whether s holds list marks 1 and 2, in that order
// (choiceMarkRE).
func listsTwo(s string) bool {
	n := 0
	for _, m := range choiceMarkRE.FindAllStringSubmatch(s, 8) {
		if int(m[1][0]-'0') == n+1 {
			n++
		}
	}
	return n >= 2
}

// goAheadRE is a question that asks for a go-ahead or a nod, not a fact:
// "OK?", "sound good?", "shall we proceed?", "any objections?",
// "要继续吗？".
var goAheadRE = mustPattern(`(?i)^\W*(?:ok(?:ay)?|right|correct|good|yes|sound(?:s)? good|make(?:s)? sense|all good|agreed)\W*$|\b(?:sound(?:s)? good|make(?:s)? sense|shall (?:we|i)|should (?:we|i) (?:proceed|continue|go ahead)|(?:do you )?want me to|would you like|any (?:objections|concerns|questions)|ready to|go ahead|proceed)\b|(?:要继续吗|可以吗|行吗|好吗|对吗|继续吗)[？?]\s*$`)

// answersAsked are the proposals a user message makes of the questions
// the agent's message before asked (ctx.Asked): for each question, the
// first sentence sharing two words with it answers it or passes it on.
// ownPlanRE is the speaker's own next step: "I'll walk over and look",
// "let me check with Lena".
var ownPlanRE = mustPattern(`(?i)(?:^|[,;:—–]\s*|\b(?:and|so|but)\s+)(?:i'll|i will|i'm going to|let me|i can)\s+\w+`)

func answersAsked(text string, ctx *Context, out []Proposal) []Proposal {
	if len(ctx.Asked) == 0 {
		return out
	}
	qs := map[string]string{}
	for _, q := range ctx.Asked {
		qs["question/-/"+slug(q)] = q
	}
	first := 0 // the sentence a reply opens with, what it reports and disowns aside
	for i, s := range sentences(text) {
		if len(qs) == 0 {
			break
		}
		if questionRE.MatchString(s) || !strings.Contains(text, s) {
			continue
		}
		if i == first && reportedDisowned(s) {
			// "以前老王说 …，现在不用管了。拆。": someone's old word,
			// disowned, answers nothing; what follows it does
			first = i + 1
			continue
		}
		// passing a question on names less of it ("payload wala Ankit se
		// puch ke batata hu"): one shared word is enough
		passes := deferral(s) || deferRE.MatchString(s) || laterThing(s) != "" || len(ctx.Asked) == 1 && laterReply(s, offerAskRE.MatchString(ctx.Asked[0]))
		k := sharingQuestion(s, qs)
		if k == "" && !passes && i == first {
			// "por cliente, usando la metadata x-api-key" to "¿El límite
			// es global o por cliente?"; "ahora no", "nein, das mach ich
			// selbst" to a yes-or-no question (choiceanswer.go)
			k = answeredByShape(s, qs)
		}
		if passes {
			k = sharingWords(s, qs, 1)
			if k == "" && len(ctx.Asked) == 1 && len(qs) == 1 && len(sentences(text)) <= 2 {
				// "I'll ask Maria." after the one question the agent
				// asked: a short reply passes that question on, whatever
				// words it shares with it.
				for k = range qs {
				}
			}
		}
		if k == "" || !passes && ownPlanRE.MatchString(s) && !choiceRE.MatchString(s) && !imperative(s) {
			// "bench-north is in the far corner, I'll walk over and
			// look": the user's own next step, no answer
			continue
		}
		q := qs[k]
		delete(qs, k)
		if !passes && len(ctx.Offered) > 0 && slices.ContainsFunc(out, func(p Proposal) bool { return p.Kind == KindDecision && p.Quote == s }) {
			// "the second one, …" to "1. … 2. … Which one do you
			// want?" (choicesAsked) chose the option it names
			// (listed.go): that decision is the answer
			continue
		}
		if passes {
			links := append(distinctive(q), distinctive(s)...)
			if m := deferRE.FindStringSubmatch(s); m != nil {
				links = append(links, m[deferRE.SubexpIndex("who")]+m[deferRE.SubexpIndex("z")])
			}
			// "权限那个回头再说" puts off the question it names: that
			// question, not one of its own
			own := "question/-/" + slug(s)
			out = slices.DeleteFunc(out, func(p Proposal) bool { return p.Kind == KindUncertainty && p.Key == own })
			out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: k, Value: q + " — " + s, Quote: s, Links: links})
			continue
		}
		if notNowLeadRE.MatchString(s) {
			// "voor nu niet, alleen per omgeving" to "moet de flag ook
			// per tenant kunnen?": the answer, for now, no standing rule
			// its "only" would make of it (polar.go)
			out = slices.DeleteFunc(out, func(p Proposal) bool { return p.Kind == KindConstraint && p.Quote == s })
		}
		out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: answerPrefix + slug(s), Value: s, Quote: s, Was: q})
		if l := labelOf(q); l != "" && openLabelRE.MatchString(l) {
			// the question the agent left open (openask.go) closed
			out = append(out, Proposal{Op: OpLift, Kind: KindUncertainty, Key: k, Value: s, Quote: s, Stated: true})
		}
	}
	if len(ctx.Asked) == 1 && len(qs) == 1 {
		if p, ok := settingAnswered(ctx.Asked[0], text); ok {
			out = append(out, p)
		}
	}
	if len(ctx.Asked) == 1 && !slices.ContainsFunc(out, func(p Proposal) bool { return p.Kind == KindValue }) {
		// "50. dashboard can page" to "… page size — keep 50, or go to
		// 100?", answered or not above (offeredanswer.go)
		if p, ok := offeredAnswered(ctx.Asked[0], text); ok {
			out = append(out, p)
		}
	}
	return out
}

// askedSettingRE is the agent's question for a setting's value: "Which
// request timeout should the client use?", "What retry limit do you
// want?", "What should the batch size be?" (its name the group).
var askedSettingRE = mustPattern(`(?i)^\W*(?:(?:which|what)\s+(?P<a>(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:should|do|will|would|shall|must|can)\s+(?:i|we|you|it|they|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:use|set|pick|choose|have|want|go with)\b|what\s+(?:should|do you want|would you like)\s+(?:the\s+)?(?P<b>(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:to\s+)?be\b)`)

// answerFillerRE is what a reply says around the value it gives: "make
// it 45s", "let's do 5 please", "45s, thanks".
var answerFillerRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|sure|hmm|yes|yeah|so)[,!]?\s+)*(?:(?:let's\s+(?:do|use|go with|say)|make\s+(?:it|that)|set\s+(?:it|that)\s+to|use|go with|say|how about|maybe|probably|i'd say|i think)\s+)?|[,;]?\s+(?:please|pls|thanks|thank you|i think|probably|for now|to start)\s*$`)

// settingAnswered is the value a short reply gives the one setting the
// agent's question asked for ("Which request timeout should the client
// use?" — "45s"): a reply of at most six words holding a number, no
// question, sharing no two words with it (answersAsked read those).
func settingAnswered(q, text string) (Proposal, bool) {
	s := strings.TrimSpace(text)
	if len(sentences(s)) != 1 || len(strings.Fields(s)) > 6 || questionRE.MatchString(s) || !strings.ContainsAny(s, "0123456789") {
		return Proposal{}, false
	}
	m := askedSettingRE.FindStringSubmatch(q)
	if m == nil {
		return Proposal{}, false
	}
	name := strings.TrimSpace(m[askedSettingRE.SubexpIndex("a")] + m[askedSettingRE.SubexpIndex("b")])
	if f := strings.Fields(strings.ToLower(name)); len(f) == 0 || stopwords[f[len(f)-1]] {
		return Proposal{}, false
	}
	v := strings.TrimSpace(answerFillerRE.ReplaceAllString(strings.TrimRight(s, ".!。 "), ""))
	if v == "" || len(strings.Fields(v)) > 3 {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + valueKey(name), Name: name, Value: v, Quote: s, Stated: true}, true
}

// askUserToolRE names a tool an agent asks the user with: Claude Code's
// AskUserQuestion, Cline's ask_followup_question, an ask_user.
var askUserToolRE = mustPattern(`(?i)^(?:askuserquestion|ask_?user(?:_?question)?|ask_followup_question|ask_?human|request_?user_?input)$`)

// answerPairRE is one answer in such a tool's result, as Claude Code
// writes it: "User has answered your questions: "Which timeout …?"="45s"".
var answerPairRE = mustPattern(`"(?P<q>[^"\n]{3,300}\?)"\s*=\s*"(?P<a>[^"\n]{1,200})"`)

// userAnswers are the values the user's answers give to the settings the
// agent's questions asked for, read from the result of a tool the agent
// asked them with (settingAnswered).
func userAnswers(c *Call, text string) []Proposal {
	if c == nil || !askUserToolRE.MatchString(c.Name) {
		return nil
	}
	var out []Proposal
	for _, m := range answerPairRE.FindAllStringSubmatch(text, 16) {
		if p, ok := settingAnswered(m[answerPairRE.SubexpIndex("q")], m[answerPairRE.SubexpIndex("a")]); ok {
			p.Quote, p.UserAnswer = m[0], true
			out = append(out, p)
		}
	}
	return out
}
