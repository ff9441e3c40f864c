package projection

import "strings"

// An open question told in other words than "I'm not sure whether": a
// question the user labels as open ("open question: …", "question for
// later: …", "still pending: …", "TBD whether …"), a not-knowing told
// with an adverb ("I still don't know whether …", "we don't know yet
// if …") and the Chinese marks of something unsettled ("待确认", "待定",
// "还不知道…", "还没确定…"). The cue words (questionCues) are checked before
// the expression, so a sentence without one costs a substring scan.
var (
	questionCues = []string{"question", "pending", "answer", "decide", "unknown", "up in the air", "no idea", "tbd", "to be determined", "to be confirmed", "undecided", "unresolved",
		"know", "sure", "unclear", "待确认", "待定", "未定", "未确定", "还没确定", "还不知道", "不知道", "还没想好", "存疑", "悬而未决", "不确定", "没想清楚", "没想明白", "搞不清楚", "还没定", "open ", "拿不准", "吃不准", "说不准", "没把握"}
	openQuestionRE = mustPattern(`(?i)\b(?:another\s+|one\s+|an?\s+)?open\s+(?:thing|item|point|issue)s?\b\s*[:：]|\b(?:(?:an?|one|the|still an?|another)\s+)?(?:open|outstanding|unresolved|pending|unanswered)\s+question\b|\bquestions?\s+for\s+(?:later|tomorrow|next time|the team|\p{Lu}\p{Ll}+)\b|^\W*(?:open\s+)?questions?\s*[:：]|\bstill\s+(?:pending|open|undecided|unresolved|unclear|unknown|tbd)\b|\bup in the air\b|\b(?:good|fair) question\b[^.?!]{0,30}\b(?:i|we)\s+(?:don't|do not|dont)\s+know\b|\b(?:tbd|to be (?:determined|confirmed|decided))\b|\b(?:i|we)\s+(?:still|really|honestly|just|genuinely)\s+(?:don't|do not|dont)\s+know(?:\s+is)?\s*(?:whether|if|what|which|how|yet|[:：])|\b(?:i|we)\s+(?:don't|do not|dont)\s+know\s+yet\s+(?:whether|if|what|which|how)\b|\b(?:i'm|i am|we're|we are)\s+(?:still\s+)?(?:not sure|unsure|undecided)\s+(?:yet\s+)?(?:whether|if|which|what|how|about)\b|\bstill\s+(?:unclear|undecided|unknown)\s+(?:whether|if|which|what|how)\b|待确认|待定|未定|尚未确定|还没确定|还没定|还不知道|还不确定|不确定|还没想好|存疑|悬而未决|没想清楚|没想明白|搞不清楚|拿不准|吃不准|说不准|没把握`)
)

// openQuestion reports whether the user sentence s states an open
// question in one of the wordings of openQuestionRE.
func openQuestion(s string) bool {
	l := strings.ToLower(s)
	for _, c := range questionCues {
		if strings.Contains(l, c) {
			if openQuestionRE.MatchString(s) || askLabelled(s) {
				return true
			}
			break
		}
	}
	return pendingQuestion(s)
}

// A question the user relays as waiting on someone: "she hasn't said if
// she wants a week of shadow or a full month-end close", "the German
// distributor asks whether we need AI (422), I don't know, I'll ask Chiara
// on Monday", "客户 B 的 lot 要不要放独立的 bucket，业务还没回我".
var (
	// notSaidRE is someone not having answered whether: "hasn't said if",
	// "didn't tell us whether", "haven't decided on".
	notSaidRE = mustPattern(`(?i)\b(?:(?:hasn't|has not|haven't|have not|hasnt|havent)\s+(?:yet\s+)?(?:said|told\s+(?:us|me)|decided|confirmed|answered|replied|gotten\s+back|got\s+back|made\s+up\s+(?:her|his|their|my|our)\s+mind)(?:\s+(?:to\s+(?:us|me)|yet))?\s+(?:if|whether|on|about|which)|(?:didn't|did not|didnt)\s+(?:yet\s+)?(?:say|tell\s+(?:us|me)|decide|confirm|answer|reply|get\s+back)(?:\s+(?:to\s+(?:us|me)|yet))?\s+(?:if|whether|which))\b`)
	// askedWhetherRE is a question someone asks, told by the user:
	// "the distributor asks whether", "ops wants to know if".
	askedWhetherRE = mustPattern(`(?i)\b(?:asks?|asked|is\s+asking|are\s+asking|wants?\s+to\s+know|wonders?|wondering)\s+(?:us\s+|me\s+)?(?:whether|if)\b`)
	// notKnowRE is the user's not knowing or passing the question on in
	// the same sentence: "I don't know", "no idea", "I'll ask Chiara".
	notKnowRE = mustPattern(`(?i)\b(?:i|we)\s+(?:don't|do not|dont)\s+know\b|\bno idea\b|\bdunno\b|\bnot sure\b|\b(?:i'll|i will|we'll|i'm going to|i need to|let me)\s+(?:\w+\s+)?(?:ask|check with|confirm with)\b`)
	// zhPendingRE is a Chinese question (正反 or 还是 or 吗) whose
	// answer someone owes: "业务还没回我", "还在等财务".
	zhPendingRE = mustPattern(`(?:要不要|是不是|能不能|有没有|用不用|该不该|需不需要|可不可以|还是|吗)[^。！!？?]{0,60}?[，,、]\s*[^，,。]{0,12}?(?:还没回(?:我|复|覆|信|应)?|还没答复|还没给答复|还没给回复|还没说|还没决定|还没定|还在等)`)
	pendingCues = []string{"n't", "not ", "ask", "know", "wonder", "还没", "还在等"}
)

// pendingQuestion reports whether the user sentence s relays a question
// whose answer is owed: someone has not said whether (notSaidRE), or
// asks whether while the user does not know or will ask on
// (askedWhetherRE and notKnowRE), or a Chinese question left with
// someone who has not replied (zhPendingRE).
func pendingQuestion(s string) bool {
	l := strings.ToLower(s)
	cue := false
	for _, c := range pendingCues {
		cue = cue || strings.Contains(l, c)
	}
	if !cue {
		return false
	}
	return notSaidRE.MatchString(s) || askedWhetherRE.MatchString(s) && notKnowRE.MatchString(s) || zhPendingRE.MatchString(s)
}

// askLabelRE is a label that tells the question after it is one the user
// cannot settle: "one thing I genuinely can't answer myself: …?",
// "another open point, not mine to decide: …?", "a question I don't
// know the answer to: …?", "pending: …?". A label that only says it is
// a question ("quick question: can you …?") asks the agent and is none.
var askLabelRE = mustPattern(`(?i)\b(?:can(?:'t|not)|could(?:n't| not))\s+(?:\w+\s+)?answer\b|\b(?:don't|do not|dont|doesn't|does not)\s+(?:\w+\s+)?(?:know|decide)\b|\bnot\s+(?:mine|my call|for me|up to me|my decision|my place)\b|\bopen\s+(?:point|question|item|issue|thing)s?\b|\b(?:pending|undecided|unknown|unclear|unresolved)\b|\bup in the air\b|\bno idea\b|\bnot (?:sure|decided|settled)\b`)

// askLabelled reports whether s is a question (it ends with a question
// mark) after a label of askLabelRE and its colon: the user's open
// question.
func askLabelled(s string) bool {
	if !questionRE.MatchString(s) {
		return false
	}
	lead := labelOf(s)
	return lead != "" && askLabelRE.MatchString(lead) && len(terms(s[len(lead):])) >= 2
}

// deferralRE is a question passed on to someone or left undecided, said
// in the sentence after it: "I've asked the Android guys", "I'll ask
// him", "Priya is asking the vendor", "it's parked until …", "the
// question is not decided". A question asked of the agent ("I asked you
// to …") is none: deferral checks the word after "ask".
var deferralRE = mustPattern(`(?i)\b(?:i|we)(?:'ve|'ll|'m|'d)?\b(?:\s+[^\s.?!;]+){0,6}?\s+(?:asked|ask|asking|pinged|ping|check(?:ing)? with)\b\s*(\w*)|\b(?:is|are)\s+(?:asking|checking|clarifying|finding out|looking into)\b|\bparked\b|\bundecided\b|\bnot\s+(?:yet\s+)?(?:decided|settled)\b|\b(?:is|stays|remains)\s+(?:still\s+)?open\b|\b(?-i:\p{Lu})\p{Ll}+\s+(?:decides|will decide|has to decide|needs to decide|gets to decide|makes the call|will know|knows)\b|\b(?:that's|that is|it's|it is)\s+(?:(?-i:\p{Lu})\p{Ll}+'s|her|his|their|the\s+\w+'s)\s+(?:call|decision|department|choice)\b|\bnot my (?:call|decision|department)\b|\bno idea about\b`)

// deferral reports whether s passes the question before it on or says it
// is not settled (deferralRE).
func deferral(s string) bool {
	if relayedAnswerRE.MatchString(s) {
		// "I asked the PM: 3 retries" answers it
		return false
	}
	if laterAnswerRE.MatchString(s) {
		// "je te dis après", "나중에 PM한테 물어볼게" (assent.go)
		return true
	}
	m := deferralRE.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	switch strings.ToLower(m[1]) {
	case "you", "u", "for", "about":
		return false
	}
	return true
}

// requestRE is a question that asks the agent to do a thing ("can you
// check …?", "could you …?"): no open question of the user's.
var requestRE = mustPattern(`(?i)^\W*(?:(?:and|so|also|ok|okay|then)[,]?\s+)?(?:can|could|would|will)\s+(?:you|u)\b|\bplease\b`)

// relayMarkRE marks an answer someone gave, relayed: "Lena says it's 3",
// "heard back from ops: …", "answer on the LimitRange question, from
// Marta: …", "Helga got back on both.", "财务的小林说不算", "老王回复了：…".
var relayMarkRE = mustPattern(`(?i)\b(?:says|said|confirmed|told (?:me|us)|got back to (?:me|us)|got back on|replied|answered|heard back)\b|\b(?:answer|reply|response|word)\s+(?:(?:on|about|to|re)\s+[^:：]{1,60}?)?from\b|^[^，,。？?]{1,12}?(?:说|回复|答复|确认了|回了)`)

// relayLead reports whether s only says that answers came ("Helga got
// back on both.", "Tom finally answered."): after its relay mark only
// pro-forms (leadRest) and no colon; the sentences after it hold the
// answers.
func relayLead(s string) bool {
	loc := relayMarkRE.FindStringIndex(s)
	if loc == nil || strings.ContainsAny(s, ":：") {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(s[loc[1]:])) {
		if !leadRest[strings.Trim(w, ".,!;…")] {
			return false
		}
	}
	return true
}

// leadRest are the words that may end a relay lead ("… got back on both").
var leadRest = map[string]bool{"": true, "on": true, "about": true, "to": true, "me": true, "us": true, "both": true, "all": true, "it": true, "that": true,
	"this": true, "them": true, "everything": true, "finally": true, "now": true, "today": true, "already": true, "back": true}

// relayedAnswer is the open question of ctx that a relayed answer s
// shares the most words with (two or more: English stems, or Chinese
// character pairs), or "": "财务的小林说不算退款订单" answers "待确认：退款订单
// 要不要算进 GMV" without naming whom it was deferred to.
func relayedAnswer(s string, ctx *Context) string {
	if len(ctx.Questions) == 0 || !relayMarkRE.MatchString(s) {
		return ""
	}
	return sharingQuestion(s, ctx.Questions)
}

// sharingQuestion is the key of the question of qs (key → text) that s
// shares the most words with (two or more: English stems, or Chinese
// character pairs), or "".
func sharingQuestion(s string, qs map[string]string) string {
	return sharingWords(s, qs, 2)
}

// sharingWords is the key of the text of qs (key → text) that s shares
// the most words with, at least min of them, or "".
func sharingWords(s string, qs map[string]string, min int) string {
	ws := wordsAndPairs(s)
	best, most := "", min-1
	for k, q := range qs {
		n := 0
		for w := range wordsAndPairs(q) {
			if ws[w] && !sharedFunctionWords[w] {
				n++
			}
		}
		if n > most || n == most && best != "" && k > best {
			best, most = k, n
		}
	}
	return best
}

// sharedFunctionWords are function words of the lexicons' languages that
// terms keeps because English writes them too (alsoEnglish: "en" in
// "en-US", "die", "van" in names): a reply and a question sharing one of
// them share no subject. "le criterion de la CI est en 0.5.0" and "Quel
// seuil … accepter en CI" share "CI" alone.
var sharedFunctionWords = wordSet("en des die da do con per non dans mit dir hat bin ist met van op men var han till av med dig er dom vi mina eu im")

// wordsAndPairs are the words of x to compare with another text's:
// English stems and Chinese character pairs.
func wordsAndPairs(x string) map[string]bool {
	m := stems(x)
	rs := []rune(x)
	for i := 0; i+1 < len(rs); i++ {
		if isCJK(rs[i]) && isCJK(rs[i+1]) {
			m[string(rs[i:i+2])] = true
		}
	}
	return m
}

// anotherRE opens a question as another one: "also", "another", "one
// more", "还有", "另外".
var anotherRE = mustPattern(`(?i)^\W*(?:also|and also|another|one more|plus|separately|a second|second)\b|^\W*(?:还有|另外|另一个|再有|其次)`)

// labelledQuestionRE is a question labelled as one ("open question: …",
// "待确认：退款订单要不要算进 GMV", whose "不要" is no rule); so is one whose
// label says it is not settled ("one thing still up in the air: …",
// askLabelRE).
var labelledQuestionRE = mustPattern(`(?i)^\W*(?:open\s+)?questions?\b|\bquestions?\s+for\s+|^\W*(?:待确认|待定|问题|疑问)\s*[:：]`)

// labelledQuestion reports whether the question s is labelled as one.
func labelledQuestion(s string) bool {
	return openQuestion(s) && (labelledQuestionRE.MatchString(s) || askLabelRE.MatchString(labelOf(s)))
}

// labelOf is the lead of s before its first colon (not a time's or a
// URL's) when it is twelve words at most, else "".
func labelOf(s string) string {
	for _, i := range outside(s, ":：") {
		if i == 0 || s[i] == ':' && isDigit(s[i-1]) || strings.HasPrefix(s[i:], "://") {
			continue
		}
		if len(strings.Fields(s[:i])) <= 12 {
			return s[:i]
		}
		return ""
	}
	return ""
}
