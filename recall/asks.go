package recall

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A message that asks about the words searched for ("…then tell me the
// deploy token.", "Which database should we use?") holds them as well as
// the message that answers ("The deploy token is K7-QX-9931"), and, being
// short, scored above it: a model that searched for a fact got its own
// question back. So a user's or an assistant's message whose every
// sentence holding a match asks rather than states ranks after the hits
// that state (search.go). What asks is told by closed-class words only,
// never by the words searched for: a question mark ends the sentence, it
// opens with an interrogative ("what", "which", "how"…; "where" and
// "when" followed by a verb, since they also open clauses: "When it
// fails, retry"), with an inverted auxiliary ("is the token set", "do
// you know"), or it holds a request for information ("tell me", "show
// us", "let me know"); in Chinese, a question mark, a final question
// particle (吗, 呢) or an interrogative phrase (什么是, 是多少, 请问…). An
// instruction ("Use PostgreSQL 16") states what the user wants and is
// not an ask.

// asks reports whether every sentence of text that holds one of spans
// (byte ranges of matches) is a question or a request for information.
// No spans: false.
func asks(text string, spans [][2]int) bool {
	if len(spans) == 0 {
		return false
	}
	checked := map[int]bool{} // sentence starts already classified as asking
	for _, sp := range spans {
		if sp[0] < 0 || sp[1] > len(text) || sp[0] >= sp[1] {
			continue
		}
		start, end, mark := sentenceAround(text, sp[0], sp[1])
		if checked[start] {
			continue
		}
		if !isAsk(text[start:end], mark) {
			return false
		}
		checked[start] = true
	}
	return len(checked) > 0
}

// sentenceAround returns the bounds of the sentence of text holding the
// bytes [from, to), and the rune that ends it (0 at the end of the text
// or of a line).
func sentenceAround(text string, from, to int) (start, end int, mark rune) {
	start = 0
	for i := from; i > 0; {
		r, n := utf8.DecodeLastRuneInString(text[:i])
		if endsSentence(text, i-n, r) {
			start = i
			break
		}
		i -= n
	}
	end = len(text)
	for i := to; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		if endsSentence(text, i, r) {
			end, mark = i, r
			if r == '\n' || r == '\r' {
				mark = 0
			}
			break
		}
		i += n
	}
	return start, end, mark
}

// endsSentence reports whether rune r at byte i of text ends a sentence:
// a line break, a question or exclamation mark, a Chinese full stop, or
// a full stop followed by a space or the end (not the dot of
// "part-1.txt" or "3.14").
func endsSentence(text string, i int, r rune) bool {
	switch r {
	case '\n', '\r', '?', '!', '。', '？', '！':
		return true
	case '.':
		j := i + 1
		return j >= len(text) || text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r'
	}
	return false
}

// Closed word classes of English questions and requests.
var (
	askOpeners = wordSet("what", "which", "who", "whom", "whose", "why", "how",
		"what's", "who's", "how's", "what're", "whats")
	// clauseOpeners open a question only when a verb follows ("where is",
	// "when did"), else a clause ("when it fails, …").
	clauseOpeners = wordSet("where", "when", "where's", "when's")
	auxiliaries   = wordSet("is", "are", "was", "were", "am", "do", "does", "did", "can", "could",
		"should", "would", "will", "shall", "has", "have", "had", "isn't", "aren't", "wasn't",
		"don't", "doesn't", "didn't", "can't", "couldn't", "shouldn't", "wouldn't", "won't")
	// An auxiliary opens a question before a pronoun ("do you", "is it");
	// before a determiner only when it is a copula or a modal ("is the
	// token set", "can the build run"): "do the migration" is an order.
	pronouns    = wordSet("i", "you", "we", "they", "he", "she", "it", "there", "this", "that", "these", "those", "anyone", "anything", "someone", "something")
	determiners = wordSet("the", "a", "an", "my", "your", "our", "their", "its", "his", "her", "any", "some", "all")
	modals      = wordSet("is", "are", "was", "were", "can", "could", "should", "would", "will", "isn't", "aren't", "wasn't", "can't", "couldn't", "shouldn't", "wouldn't", "won't")
	// requests are word pairs that ask for information anywhere in a
	// sentence.
	requests = [][2]string{
		{"tell", "me"}, {"tell", "us"}, {"show", "me"}, {"show", "us"}, {"give", "me"}, {"give", "us"},
		{"remind", "me"}, {"remind", "us"}, {"let", "me"}, {"let", "us"},
		{"i", "wonder"}, {"wondering", "what"}, {"wondering", "which"}, {"wondering", "whether"}, {"wondering", "if"},
	}
	// zhAsks are Chinese interrogative phrases; zhParticles end a question.
	zhAsks      = []string{"什么是", "是什么", "是多少", "是哪", "在哪", "哪个", "哪一", "有没有", "是不是", "是否", "为什么", "怎么", "如何", "请问", "告诉我", "多少"}
	zhParticles = "吗呢么"
)

func wordSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// isAsk reports whether a sentence, ended by mark (0: a line's or the
// text's end), asks.
func isAsk(s string, mark rune) bool {
	if mark == '?' || mark == '？' {
		return true
	}
	ws := sentenceWords(s, 24)
	if len(ws) > 0 {
		w0, w1 := ws[0], ""
		if len(ws) > 1 {
			w1 = ws[1]
		}
		switch {
		case askOpeners[w0]:
			return true
		case clauseOpeners[w0] && auxiliaries[w1]:
			return true
		case auxiliaries[w0] && (pronouns[w1] || modals[w0] && determiners[w1]):
			return true
		}
		for i := 0; i+1 < len(ws); i++ {
			for _, r := range requests {
				if ws[i] == r[0] && ws[i+1] == r[1] {
					// "let me know", not "let me check"
					if r[0] == "let" && (i+2 >= len(ws) || ws[i+2] != "know") {
						continue
					}
					return true
				}
			}
		}
	}
	if t := strings.TrimRightFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }); t != "" {
		if r, _ := utf8.DecodeLastRuneInString(t); strings.ContainsRune(zhParticles, r) {
			return true
		}
	}
	for _, p := range zhAsks {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// sentenceWords returns up to max words of s, lower case, letters and
// apostrophes only ("What's" is "what's"; "’" is "'"); a leading list
// mark, quote or bracket is skipped.
func sentenceWords(s string, max int) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range s {
		if len(out) >= max {
			break
		}
		switch {
		case unicode.IsLetter(r) && r < 0x2E80: // not CJK: Chinese is read by phrase
			b.WriteRune(unicode.ToLower(r))
		case (r == '\'' || r == '’') && b.Len() > 0:
			b.WriteByte('\'')
		default:
			flush()
		}
	}
	flush()
	return out
}
