package projection

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A yes-or-no question answered by its own verb.
//
// "V12 要不要拆成两个脚本？" … "拆。"; "拆不拆？" … "不拆"; "Should I split V12
// into two scripts?" … "Split it.": Chinese answers a question asked in
// the A-not-A form by saying its verb (or its verb negated), and a user
// in any language may answer "should I X?" with the bare imperative X.
// The reply is short (a verb and a word or two) and its verb is the
// question's. Anything longer is read by the readings that share words
// with the question; "Split the tests too." to "should I split V12?" is
// no reply (a new object).

// aNotAVerbRE is the verb a Chinese A-not-A question asks of, after
// "要不要", "需不需要", "用不用", "该不该" (group v: the verb's first
// character).
var aNotAVerbRE = mustPattern(`(?:要不要|需不需要|需要不需要|该不该|用不用|应不应该)(?:我们|我|先|再)?(?P<v>\p{Han})`)

// shouldVerbRE is the verb "should I/we …?" asks of (group v).
var shouldVerbRE = mustPattern(`(?i)^\W*(?:(?:so|and|ok(?:ay)?)[,]?\s+)?(?:should|shall)\s+(?:i|we)\s+(?:just\s+|also\s+|go ahead and\s+)?(?P<v>[a-z]+)\b`)

// echoAnswered reports whether reply s answers question q by its verb
// (see above).
func echoAnswered(s, q string) bool {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), "。！!.…~～"))
	if s == "" || questionRE.MatchString(s) {
		return false
	}
	q = lastAsked(q)
	if v := zhAskedVerb(q); v != "" {
		if utf8.RuneCountInString(s) > 6 || strings.ContainsFunc(s, func(r rune) bool { return r < unicode.MaxASCII && unicode.IsLetter(r) }) {
			return false
		}
		r := strings.TrimPrefix(strings.TrimPrefix(s, "那就"), "就")
		r = strings.TrimPrefix(strings.TrimPrefix(r, "不要"), "不")
		r = strings.TrimPrefix(r, "要")
		return strings.HasPrefix(r, v)
	}
	m := shouldVerbRE.FindStringSubmatch(q)
	if m == nil {
		return false
	}
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 || len(f) > 2 || len(f) == 2 && !pronounObj[strings.Trim(f[1], ",.!")] {
		// "Split it.", "Split them."; "Split the tests too." names
		// something else
		return false
	}
	w := strings.Trim(f[0], ",.!")
	if w == "don't" || w == "no" {
		return false
	}
	return stem(w) == stem(strings.ToLower(m[shouldVerbRE.SubexpIndex("v")]))
}

// pronounObj are the objects a bare imperative answer may carry.
var pronounObj = wordSet(`it them that this both`)

// zhAskedVerb is the first character of the verb a Chinese A-not-A
// question asks of, "" when q asks none: "要不要拆成 …" gives "拆"; "拆不
// 拆" gives "拆".
func zhAskedVerb(q string) string {
	if m := aNotAVerbRE.FindStringSubmatch(q); m != nil {
		return m[aNotAVerbRE.SubexpIndex("v")]
	}
	rs := []rune(q)
	for i := 0; i+2 < len(rs); i++ {
		if rs[i+1] == '不' && rs[i] == rs[i+2] && unicode.Is(unicode.Han, rs[i]) && rs[i] != '是' && rs[i] != '要' {
			return string(rs[i])
		}
	}
	return ""
}
