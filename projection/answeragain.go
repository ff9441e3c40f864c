package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A question answered again.
//
// "How long will the full backfill take, roughly?" … "At batch 1000 it's
// 368 rows/s, so the full 4.2M rows would take about 3h10m." … "Bump the
// batch size to 5000." … "At 5000 per batch: 1466 rows/s, so the full
// backfill is about 48 minutes. That answers your question: roughly 48
// minutes.": the later answer is the one the user goes on from. It
// replaces the first (superseded), shown with the same question, when
// the agent says it answers the question (answerAgainRE: "that answers
// your question", "to answer your question", "回答你之前的问题") or gives
// the same quantity measured again: a sentence holding every content word
// of a question of quantity ("how long", "how many", "多少"), three words
// of the first answer and a number of the same kind (a duration, a size,
// a count of the same thing) that the first answer did not give.

// maxAnswered bounds the answered questions the reducer keeps for a
// later answer.
const maxAnswered = 4

// AnsweredQuestion is a user's question the agent answered, and the key
// and text of its answer.
type AnsweredQuestion struct {
	Question, Key, Answer string
}

// answerAgainRE says a sentence answers the user's question.
var answerAgainRE = mustPattern(`(?i)\bcorrection to (?:what i said|my (?:earlier |previous |last )?answer)\b|\bi was wrong (?:earlier|before|about that|above)\b|\bto correct (?:what i said|my (?:earlier |previous )?answer)\b|更正一下(?:我?(?:之前|刚才)的?(?:说法|回答))?|我(?:之前|刚才)说错了|\b(?:that|this|which|it|so that)\s+(?:answers|settles)\s+your\s+(?:\w+\s+)?question\b|\bto answer your\s+(?:\w+\s+)?question\b|\b(?:the|an|my)\s+(?:updated\s+|new\s+|revised\s+|corrected\s+)?answer to your\s+(?:\w+\s+)?question\b|\b(?:as for|back to|regarding|re)\s+your\s+(?:\w+\s+)?question\b|回答你(?:之前|刚才|上面|最开始)?的问题|(?:关于|至于|回到)你(?:之前|刚才|上面|最开始)?(?:问的|的问题)|你(?:之前|刚才|最开始)问的`)

// quantityAskRE asks for a quantity: how long, how many, how much, how
// big, how fast, how often; 多少, 多久, 多长, 多大, 几.
var quantityAskRE = mustPattern(`(?i)\bhow (?:many|much|big|large|long|fast|slow|often|far|old)\b|多少|多久|多长|多大|多快|几(?:个|条|次|分钟|小时|天|秒)`)

// askWords are the words of a question of quantity that say what is
// asked, not what it is asked of.
var askWords = stems(`how many much big large long fast slow often far old take takes taking roughly approximately about approx will would does do is are it we the`)

// answersAgain are the proposals assistant text makes of the user's
// questions answered before (ctx.Answered): a sentence that answers one
// again replaces its answer. took are the sentences already read as
// answers.
func answersAgain(text string, ctx *Context, took map[string]bool) []Proposal {
	if len(ctx.Answered) == 0 {
		return nil
	}
	ss := sentences(text)
	done := map[string]bool{}
	var out []Proposal
	// A sentence that says it answers the question first, then one
	// giving its quantity again.
	for _, marked := range []bool{true, false} {
		for i, s := range ss {
			s = strings.TrimSpace(s)
			if s == "" || took[s] || questionRE.MatchString(s) || utf8.RuneCountInString(s) > maxSentence || !strings.Contains(text, s) || ifRE.MatchString(s) {
				continue
			}
			var a *AnsweredQuestion
			quote := s
			if marked {
				prev := ""
				if i > 0 {
					prev = strings.TrimSpace(ss[i-1])
				}
				a, quote = answerMarked(text, s, prev, ctx.Answered)
			} else {
				a = remeasured(s, ctx.Answered)
			}
			if a == nil || done[a.Key] {
				continue
			}
			done[a.Key] = true
			out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: answerPrefix + slug(quote), Value: quote, Quote: quote, Was: a.Question, Replaces: a.Key})
		}
	}
	return out
}

// answerMarked is the answered question sentence s says it answers
// (answerAgainRE), and the quote of the answer: s, or, when s says no
// more than that it answers ("That answers your question."), the
// sentence before it with s. With more than one question answered before,
// the one sharing the most words with s and the sentence before it.
func answerMarked(text, s, prev string, answered []AnsweredQuestion) (*AnsweredQuestion, string) {
	loc := answerAgainRE.FindStringIndex(s)
	if loc == nil {
		return nil, ""
	}
	var a *AnsweredQuestion
	if len(answered) == 1 {
		a = &answered[0]
	} else {
		qs := map[string]string{}
		for _, x := range answered {
			qs[x.Key] = x.Question
		}
		k := sharingWords(s+" "+prev, qs, 1)
		for i := range answered {
			if answered[i].Key == k {
				a = &answered[i]
			}
		}
	}
	if a == nil {
		return nil, ""
	}
	rest := s[loc[1]:]
	if strings.ContainsAny(rest, "0123456789") || len(terms(rest)) >= 2 {
		return a, s
	}
	if prev == "" || questionRE.MatchString(prev) {
		return nil, ""
	}
	p := strings.Index(text, prev)
	if p < 0 {
		return nil, ""
	}
	e := strings.Index(text[p:], s)
	if e < 0 || strings.Contains(text[p:p+e], "\n\n") {
		return nil, ""
	}
	return a, text[p : p+e+len(s)]
}

// remeasured is the answered question of quantity sentence s gives the
// quantity of again (see above), or nil.
func remeasured(s string, answered []AnsweredQuestion) *AnsweredQuestion {
	if !strings.ContainsAny(s, "0123456789") || lookLeadRE.MatchString(s) {
		return nil
	}
	ws := stems(s)
	for i := len(answered) - 1; i >= 0; i-- {
		a := &answered[i]
		if !quantityAskRE.MatchString(a.Question) {
			continue
		}
		content := 0
		all := true
		for w := range stems(a.Question) {
			if askWords[w] {
				continue
			}
			content++
			all = all && ws[w]
		}
		if content < 2 || !all {
			continue
		}
		if n, _ := sharedStems(ws, stems(a.Answer)); n < 3 {
			continue
		}
		nu, old := lastMeasure(s), lastMeasure(a.Answer)
		if nu.num == "" || old.num == "" || nu.kind != old.kind || nu.num == old.num {
			continue
		}
		return a
	}
	return nil
}

// measure is a number and the kind of its unit: "duration", "size", or
// the counted word.
type measure struct{ num, kind string }

// measureRE is a number with its unit: "48 minutes", "3h10m", "1.5 GB",
// "4.2M rows", "12 秒".
var measureRE = mustPattern(`(?i)(\d[\d.,]*(?:h\d+m|m\d+s)?)\s?(ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|kb|mb|gb|tb|kib|mib|gib|tib|k|m\b|[a-z]+|秒|分钟|小时|天)?`)

// lastMeasure is the last number of s with a unit, read as a measure.
func lastMeasure(s string) measure {
	var out measure
	for _, m := range measureRE.FindAllStringSubmatch(s, -1) {
		u := strings.ToLower(m[2])
		switch {
		case strings.Contains(m[1], "h") || strings.Contains(m[1], "m") || durationUnits[u]:
			out = measure{m[1], "duration"}
		case sizeUnits[u]:
			out = measure{m[1], "size"}
		case u != "" && !stopwords[u]:
			out = measure{m[1], u}
		}
	}
	return out
}

var (
	durationUnits = wordSet(`ms s sec secs second seconds min mins minute minutes h hr hrs hour hours day days week weeks 秒 分钟 小时 天`)
	sizeUnits     = wordSet(`kb mb gb tb kib mib gib tib`)
)

// noteAnswered keeps a the newest answered question, in place of an
// answer to the same question before it.
func (r *Reducer) noteAnswered(a AnsweredQuestion) {
	r.answeredQs = slices.DeleteFunc(slices.Clone(r.answeredQs), func(x AnsweredQuestion) bool { return x.Question == a.Question })
	r.answeredQs = append(r.answeredQs, a)
	if len(r.answeredQs) > maxAnswered {
		r.answeredQs = r.answeredQs[len(r.answeredQs)-maxAnswered:]
	}
}
