package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A question the user's reply passes over.
//
// "I'll use CREATE INDEX CONCURRENTLY. Should I also set lock_timeout?
// And do you want the migration in the same PR as the model change?" —
// "Separate PR please.": the agent asked two things, and the reply takes
// up one (it shares a word with it) and says nothing of the other. One
// question alone passed over is not kept (asked.go: the agent asks many);
// but a reply that answers one of two shows the user read them both, so
// the other stays an open question, not answered, the reply quoted as
// what passed it over. A reply that opens with a yes or a no ("yes,
// separate PR"), or says "both" or "all", may answer every question, and
// leaves none open; a reply that shares a word with each takes each up.
// Only a yes-or-no question is left open so: one that asks what or which
// may be answered by a value alone ("Qual o tamanho de read?" — "todas
// MiSeq 2x150 paired").

// yesNoAskRE opens a yes-or-no question where polarAsk does not read
// one: Ukrainian "чи", Polish "czy", Russian "… ли", Swedish's verb first ("ska jag
// också …"), Hindi "क्या", Chinese A-not-A ("要不要把 AGP 升到 8.7？").
var yesNoAskRE = mustPattern(`(?i)^\W*(?:(?:і|и|а|та|och|और|aur)[,]?\s+)?(?:(?:чи|czy|ska|skall|bör|borde|vill|behöver|kan|får|är|finns|क्या|kya)(?:\s|$)|\S+\s+ли(?:\s|$))|要不要|用不用|需不需要|该不该|可不可以|好不好|行不行`)

// yesNoAsk reports whether q asks yes or no, after a short lead that
// only says another question follows ("I przy okazji: czy dodać …?",
// "Aur ek baat: kya …?", "Also: should I …?").
func yesNoAsk(q string) bool {
	if polarAsk(q) || yesNoAskRE.MatchString(q) {
		return true
	}
	i := strings.IndexAny(q, ":：")
	if i <= 0 || strings.ContainsAny(q[:i], "`?") || len(strings.Fields(q[:i])) > 4 {
		return false
	}
	rest := strings.TrimLeft(q[i:], ":： ")
	return rest != "" && (polarAsk(rest) || yesNoAskRE.MatchString(rest))
}

// blanketWords are words a reply may answer several questions with at
// once.
var blanketWords = map[string]bool{"both": true, "all": true, "everything": true, "обидва": true, "обидві": true, "оба": true, "обе": true, "все": true, "всё": true, "усе": true,
	"båda": true, "alla": true, "allt": true, "beide": true, "alles": true, "tous": true, "toutes": true, "les deux": true, "ambos": true, "ambas": true, "todos": true, "entrambi": true, "tutti": true, "दोनों": true, "सब": true}

// agentQuestions are the questions the agent's message before asked,
// of fact (ctx.Asked) and its offer put as a question ("Should I also set
// lock_timeout?").
func agentQuestions(ctx *Context) []string {
	qs := slices.Clone(ctx.Asked)
	if o := strings.TrimSpace(ctx.Offer); o != "" && questionRE.MatchString(o) && !strings.Contains(o, "\n") && !slices.Contains(qs, o) {
		qs = append(qs, o)
	}
	return qs
}

// passedOver adds to out, for a user reply, each question of the
// agent's message before that the reply passes over while it takes up
// another (see above).
func passedOver(text string, ctx *Context, out []Proposal) []Proposal {
	if slices.ContainsFunc(out, func(p Proposal) bool {
		return p.Kind == KindDecision && slices.ContainsFunc(ctx.Offered, func(o string) bool { return strings.HasPrefix(p.Value, o+" (") })
	}) {
		// "dale con la segunda" to "Should I use Redis or Postgres
		// advisory locks?": the reply chose among the options offered,
		// which answers the question that offered them (eitheror.go)
		return out
	}
	qs := agentQuestions(ctx)
	if len(qs) < 2 && ctx.AskedEnd != "" {
		return passedOverLone(text, ctx.AskedEnd, out)
	}
	if len(qs) < 2 || len(qs) > maxAsked {
		return out
	}
	ss := sentences(text)
	if len(ss) == 0 || len(ss) > 6 || slices.ContainsFunc(ss, func(s string) bool { return questionRE.MatchString(s) }) {
		return out
	}
	words, _ := replyWords(text)
	if len(words) == 0 || !ctx.AskedHeld && (assentWords[words[0]] || moreAssentWords[words[0]] || refuseWords[words[0]]) || slices.ContainsFunc(words, func(w string) bool { return blanketWords[w] }) {
		return out
	}
	rs := stems(text)
	var taken string
	var passed []string
	for _, q := range qs {
		if hasKey(out, "question/-/"+slug(q)) {
			taken = q
			continue
		}
		if contentShared(stems(q), rs) || slices.ContainsFunc(out, func(p Proposal) bool { return p.Was == q }) {
			taken = q
			continue
		}
		if yesNoAsk(q) {
			// a question of what or which may be answered by a value
			// alone ("Qual o tamanho de read?" — "2x150")
			passed = append(passed, q)
		}
	}
	if taken == "" || len(passed) == 0 {
		return out
	}
	quote := strings.TrimSpace(ss[0])
	for _, q := range passed {
		k := "question/-/" + slug(q)
		if hasKey(out, k) {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: k, Value: oneLine(q, valueRunes) + " — not answered (the reply took up another question: " + quote + ")", Quote: quote, Links: distinctive(q)})
	}
	return out
}

// A lone question the turn ends on, passed over.
//
// "… TestErrorHandling 통과. 그리고 Terraform 1.9로 올리는 것도
// 고려해볼까요? 현재 1.8.5입니다." — "그 테스트 원래 가끔 그래, 냅둬. 이제
// prod 쪽도 …": the agent ends its turn on one yes-or-no question to the
// user (endQuestions: no nod, no question it answers itself, no heading),
// and the reply turns to other things, sharing no word with it, with no
// yes or no, no question of its own. The question stays open, not
// answered, the reply quoted as what passed it over. A question in the
// middle of the message, one of what or which, and a reply that asks
// back keep nothing.

// turnYesNoRE is a yes-or-no question yesNoAsk does not read: French
// with its verb put first ("Veux-tu aussi que je passe …", "Est-ce
// qu'on …"), Portuguese and Italian opening with their verb ("Quer que eu
// …", "Vuoi che …"), Korean "…까요?"/"…나요?" with no question word.
var turnYesNoRE = mustPattern(`(?i)^\W*(?:(?:et|alors|aussi|e|então|ok)[,]?\s+)?(?:\p{L}+-(?:tu|vous|je|on|il|elle|ils|elles)(?:[^\p{L}]|$)|est-ce\s+qu|(?:quer|queres|querem|devo|posso|prefere|preferes|vuoi|volete|devo|posso|preferisci)\s+\p{L})|(?:까요|나요|습니까|을래요|할래요)\s*[?？]\s*$`)

// koWhRE is a Korean question word: the question asks what, not yes or no.
var koWhRE = mustPattern(`뭐|무엇|무슨|어떤|어느|어떻게|몇|언제|어디|왜|누가|누구`)

// turnEndQuestion is the one question to the user assistant text ends its
// turn on, among its last two sentences, when it asks yes or no; "" when
// it asks none, several, or one elsewhere.
func turnEndQuestion(text string) string {
	qs := endQuestions(text)
	if len(qs) != 1 {
		return ""
	}
	q := qs[0]
	ss := sentences(outsideFences(text))
	last := false
	for i := len(ss) - 1; i >= 0 && i >= len(ss)-2; i-- {
		if s := strings.TrimSpace(ss[i]); s == q || strings.HasSuffix(q, s) {
			last = true
		}
	}
	if !last || !(yesNoAsk(q) || turnYesNoRE.MatchString(q) && !koWhRE.MatchString(q)) {
		return ""
	}
	return q
}

// passedOverLone adds to out the question q the agent's message ended
// on when the user's reply passes over it (see above).
func passedOverLone(text, q string, out []Proposal) []Proposal {
	ss := sentences(text)
	if len(ss) == 0 || strings.ContainsAny(text, "?？") {
		return out
	}
	words, _ := replyWords(text)
	if len(words) == 0 || slices.ContainsFunc(words, func(w string) bool { return blanketWords[w] }) {
		return out
	}
	for _, w := range words[:min(3, len(words))] {
		if assentWords[w] || moreAssentWords[w] || refuseWords[w] || notAssentWords[w] || closingWords[w] {
			// "ah si è normale, …", "Not today.": a yes or a no
			// near the reply's start answers it
			return out
		}
	}
	first := strings.TrimSpace(ss[0])
	if !strings.ContainsFunc(first, isCJK) && len(strings.Fields(first)) < 4 {
		// "ugh new laptop.": a short reaction may be the answer
		return out
	}
	if c := strings.TrimFunc(strings.FieldsFunc(first, func(r rune) bool { return strings.ContainsRune(",，、;；:：", r) })[0], func(r rune) bool {
		return !unicode.IsLetter(r) || strings.ContainsRune("吧吗了的啊呀呗嘛", r)
	}); c != "" && strings.ContainsFunc(c, isCJK) && !strings.ContainsFunc(c, func(r rune) bool { return !strings.ContainsRune(q, r) }) {
		// "要不要照这个计划跑？" — "跑吧，…": the question's own verb
		// opening the reply answers it
		return out
	}
	k := "question/-/" + slug(q)
	if hasKey(out, k) || slices.ContainsFunc(out, func(p Proposal) bool {
		return p.Was == q || p.Kind == KindDecision && strings.HasPrefix(p.Key, answerPrefix)
	}) {
		return out
	}
	rs := stems(text)
	for w := range stems(askedContent(q)) {
		if rs[w] && (utf8.RuneCountInString(w) >= 4 || strings.ContainsFunc(w, isCJK)) {
			// a word of the question's own taken up ("1.9는 다음에"):
			// short ones are the function words of any language ("je")
			return out
		}
	}
	quote := first
	return append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: k, Value: oneLine(q, valueRunes) + " — not answered (the reply passed it over: " + quote + ")", Quote: quote, Links: distinctive(q)})
}

// askedContent is question q without the verb that opens it as a
// question ("Veux-tu aussi …", "Should we …", "Est-ce qu'on …"): a reply
// saying "je veux voir la marge" takes up nothing of "Veux-tu …".
func askedContent(q string) string {
	f := strings.Fields(q)
	if len(f) < 2 {
		return q
	}
	lead := strings.Index(q, f[0]) + len(f[0])
	for _, re := range []*pattern{polarAskRE, turnYesNoRE} {
		if loc := re.FindStringIndex(q); loc != nil && loc[0] < lead {
			return strings.Join(f[1:], " ")
		}
	}
	return q
}

// closingWords thank or close the session: "thanks, that's it for today"
// leaves the question for another day, passing over nothing.
var closingWords = map[string]bool{"thanks": true, "thank": true, "thx": true, "ty": true, "merci": true, "gracias": true, "obrigado": true, "obrigada": true,
	"grazie": true, "danke": true, "bedankt": true, "tack": true, "спасибо": true, "дякую": true, "dzięki": true, "감사합니다": true, "고마워": true, "고마워요": true,
	"谢谢": true, "多谢": true, "ありがとう": true, "bye": true, "cheers": true, "शुक्रिया": true, "धन्यवाद": true, "شكرا": true}

// contentShared reports whether the stems a and b share one that is not
// only hiragana: "ます", "です", "して" end every Japanese sentence and
// take up nothing of a question.
func contentShared(a, b map[string]bool) bool {
	for w := range a {
		if b[w] && strings.ContainsFunc(w, func(r rune) bool { return !unicode.Is(unicode.Hiragana, r) }) {
			return true
		}
	}
	return false
}
