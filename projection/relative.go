package projection

import (
	"math"
	"strconv"
	"strings"
)

// A value changed relative to what it is.
//
// "halve it", "double the replicas", "add two to the minSdk", "bump the
// timeout by 10s", "10 more epochs", "+10 min", "再加两个", "再加 10 分钟",
// "减半", "翻倍": the new value is the held one changed, not a value of its
// own. The setting is the one the sentence names (by reference, as "that
// batch thing" is read), else the one set last; the reducer applies the
// change to its current value when both are numbers in compatible units.
// When it cannot ("double the region"), the held value is still no longer
// current: it is superseded by the change as stated, so an old number is
// never shown as the value.
//
// Cue words (relCues) are checked with strings.Contains before any
// expression runs.

// relCues are the words every relative change holds one of.
var relCues = []string{"halve", "half", "double", "twice", "triple", "add", "plus", "more", " by ", "+", "加", "减", "翻", "倍", "多"}

var (
	numWord = `\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a couple(?: of)?|[一二两三四五六七八九十百]+`
	relUnit = `ms|s|sec|secs|seconds?|mins?|minutes?|h|hrs?|hours?|days?|d|k|kb|mb|gb|tb|px|%|秒|分钟|分|小时|天|个|台|次|倍`
	// relScaleRE: "halve it", "double the replicas", "cut the timeout in
	// half", "make the hpa min replicas double what I said".
	relScaleRE = mustPattern(`(?i)\b(?P<op>halve|double|triple)\s+(?:it|that|this|(?:the|our)\s+(?P<k>[\w.\-/ ]{1,40}?))(?:\s+(?:again|too|as well|then|pls|please|instead|for now|what i said(?: earlier| before)?))*\s*[.!,;]?$|\bcut\s+(?:it|that|(?:the|our)\s+(?P<k2>[\w.\-/ ]{1,40}?))\s+in\s+(?P<op2>half)\b|\bmake\s+(?:it|that|(?:the|our)\s+(?P<k3>[\w.\-/ ]{1,40}?))\s+(?P<op3>double|twice|triple|half)\b`)
	// relAddRE: "add two to the minSdk", "add 10 minutes to it", "bump
	// the timeout by 10s", "lower it by 5", "add two".
	relAddRE = mustPattern(`(?i)\b(?P<op>add|plus)\s+(?:another\s+)?(?P<n>` + numWord + `)(?:\s*(?P<u>` + relUnit + `))?(?:\s+more)?(?:\s+(?:to|onto)\s+(?:it|that|(?:the|our)\s+(?P<k>[\w.\-/ ]{1,40}?)))?\s*[.!,;]?$|\b(?P<op2>bump|raise|increase|up|lower|decrease|reduce|drop|cut)\s+(?:it|that|(?:the|our)\s+(?P<k2>[\w.\-/ ]{1,40}?))(?:\s+(?:up|down))?\s+by\s+(?:another\s+)?(?P<n2>` + numWord + `)(?:\s*(?P<u2>` + relUnit + `))?\b`)
	// relMoreRE: "10 more epochs", "two more replicas", "+10 min".
	relMoreRE = mustPattern(`(?i)(?:^|[\s,(])(?P<n>` + numWord + `)\s+(?P<op>more|fewer|less)\s+(?P<k>[A-Za-z][\w\-]{2,30})\b|(?:^|[\s,(])(?P<op2>[+-])\s?(?P<n2>\d+(?:\.\d+)?)\s*(?P<u2>` + relUnit + `)\b`)
	// relZhRE: "副本再加两个", "CI timeout 那个再加 10 分钟", "超时减半", "并发翻倍".
	relZhRE = mustPattern(`(?P<k>[\w.\-/ \p{Han}]{0,24}?)\s*(?:那个|这个)?\s*(?:再|还要|还得)?(?:(?P<op>加|增加|多加|减|减少|少)\s*(?P<n>` + numWord + `)\s*(?P<u>` + relUnit + `)?|(?P<op2>减半|翻倍|翻一倍|加倍|翻番|翻一番))`)
)

// relative is a relative change a sentence states: the setting's words
// ("" for the one set last) and the change ("*0.5", "+2", "+10 min").
func relative(s string) (name, change string, ok bool) {
	ls := strings.ToLower(s)
	cue := false
	for _, c := range relCues {
		if strings.Contains(ls, c) {
			cue = true
			break
		}
	}
	if !cue {
		return "", "", false
	}
	group := func(re *pattern, m []string, names ...string) string {
		for _, n := range names {
			if v := m[re.SubexpIndex(n)]; v != "" {
				return v
			}
		}
		return ""
	}
	if m := relScaleRE.FindStringSubmatch(s); m != nil {
		k := group(relScaleRE, m, "k", "k2", "k3")
		switch strings.ToLower(group(relScaleRE, m, "op", "op2", "op3")) {
		case "halve", "half":
			return k, "*0.5", true
		case "double", "twice":
			return k, "*2", true
		case "triple":
			return k, "*3", true
		}
	}
	if m := relAddRE.FindStringSubmatch(s); m != nil {
		n, ok := parseNum(group(relAddRE, m, "n", "n2"))
		if !ok {
			return "", "", false
		}
		sign := "+"
		switch strings.ToLower(m[relAddRE.SubexpIndex("op2")]) {
		case "lower", "decrease", "reduce", "drop", "cut":
			sign = "-"
		}
		return group(relAddRE, m, "k", "k2"), sign + n + unitSuffix(group(relAddRE, m, "u", "u2")), true
	}
	if m := relMoreRE.FindStringSubmatch(s); m != nil {
		n, ok := parseNum(group(relMoreRE, m, "n", "n2"))
		if !ok {
			return "", "", false
		}
		sign := "+"
		if op := strings.ToLower(group(relMoreRE, m, "op", "op2")); op == "fewer" || op == "less" || op == "-" {
			sign = "-"
		}
		return m[relMoreRE.SubexpIndex("k")], sign + n + unitSuffix(m[relMoreRE.SubexpIndex("u2")]), true
	}
	if strings.ContainsFunc(s, isCJK) {
		if loc := relZhRE.FindStringSubmatchIndex(s); loc != nil && zhChangeEnd(s[loc[1]:]) {
			m := make([]string, len(loc)/2)
			for i := range m {
				if loc[2*i] >= 0 {
					m[i] = s[loc[2*i]:loc[2*i+1]]
				}
			}
			k := strings.TrimSpace(zhFiller.ReplaceAllString(strings.TrimSpace(m[relZhRE.SubexpIndex("k")]), ""))
			if k == "" && !strings.Contains(s, "再") && m[relZhRE.SubexpIndex("op2")] == "" {
				// "加一个索引" adds a thing; "再加两个" adds to the count.
				return "", "", false
			}
			switch m[relZhRE.SubexpIndex("op2")] {
			case "减半":
				return k, "*0.5", true
			case "翻倍", "翻一倍", "加倍", "翻番", "翻一番":
				return k, "*2", true
			}
			n, ok := parseNum(m[relZhRE.SubexpIndex("n")])
			if !ok {
				return "", "", false
			}
			sign := "+"
			if op := m[relZhRE.SubexpIndex("op")]; op == "减" || op == "减少" || op == "少" {
				sign = "-"
			}
			return k, sign + n + unitSuffix(m[relZhRE.SubexpIndex("u")]), true
		}
	}
	return "", "", false
}

// zhChangeEnd reports whether what follows a Chinese change ends it
// ("再加两个吧"), rather than naming the thing added ("加一个输入框").
func zhChangeEnd(rest string) bool {
	rest = strings.TrimSpace(rest)
	for _, p := range []string{"吧", "了", "啊", "，", "。", ",", ".", "!", "！", "；", ";"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return rest == ""
}

// unitSuffix is a change's unit as appended to its number ("" for a
// counter's "个").
func unitSuffix(u string) string {
	switch u {
	case "", "个", "台", "次":
		return ""
	}
	return " " + u
}

var numWords = map[string]string{"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
	"ten": "10", "eleven": "11", "twelve": "12", "fifteen": "15", "twenty": "20", "thirty": "30", "a couple": "2", "a couple of": "2"}

var zhDigits = map[rune]int{'一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}

// parseNum is a number written in digits, in English words or in Chinese
// numerals up to 99, as digits.
func parseNum(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", false
	}
	if n, ok := numWords[s]; ok {
		return n, true
	}
	if s[0] >= '0' && s[0] <= '9' {
		return s, true
	}
	rs := []rune(s)
	n := 0
	switch {
	case len(rs) == 1 && rs[0] == '十':
		n = 10
	case len(rs) == 1:
		n = zhDigits[rs[0]]
	case len(rs) == 2 && rs[0] == '十':
		n = 10 + zhDigits[rs[1]]
	case len(rs) == 2 && rs[1] == '十':
		n = zhDigits[rs[0]] * 10
	case len(rs) == 3 && rs[1] == '十':
		n = zhDigits[rs[0]]*10 + zhDigits[rs[2]]
	}
	if n == 0 {
		return "", false
	}
	return strconv.Itoa(n), true
}

var heldNumRE = mustPattern(`^([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(\s*)(\S.*)?$`)

// unitClass names the units a value may be counted in, so "40" and "10
// min" add and "300ms" and "+2 s" do not.
func unitClass(u string) string {
	switch strings.ToLower(strings.TrimSpace(u)) {
	case "":
		return ""
	case "ms":
		return "ms"
	case "s", "sec", "secs", "second", "seconds", "秒":
		return "s"
	case "m", "min", "mins", "minute", "minutes", "分钟", "分":
		return "min"
	case "h", "hr", "hrs", "hour", "hours", "小时":
		return "h"
	case "d", "day", "days", "天":
		return "d"
	}
	return strings.ToLower(strings.TrimSpace(u))
}

// applyChange applies a relative change to a held value, or reports that
// it cannot ("v2.14" doubled, minutes added to milliseconds).
func applyChange(held, change string) (string, bool) {
	m := heldNumRE.FindStringSubmatch(strings.TrimSpace(held))
	if m == nil || len(change) < 2 {
		return "", false
	}
	if m[3] != "" && strings.ContainsAny(m[3][:1], "0123456789.-:/,") {
		// "1.2.0", "10:30": not a number and its unit.
		return "", false
	}
	x, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return "", false
	}
	op, arg := change[0], change[1:]
	num, unit, _ := strings.Cut(arg, " ")
	d, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return "", false
	}
	switch op {
	case '*':
		x *= d
	case '+', '-':
		if unit != "" && m[3] != "" && unitClass(unit) != unitClass(m[3]) {
			return "", false
		}
		if op == '-' {
			d = -d
		}
		x += d
	default:
		return "", false
	}
	var out string
	switch {
	case strings.ContainsAny(m[1], "eE"):
		mant, exp, _ := strings.Cut(strconv.FormatFloat(x, 'e', -1, 64), "e")
		e, _ := strconv.Atoi(exp)
		out = mant + "e" + strconv.Itoa(e)
	case x == math.Trunc(x) && math.Abs(x) < 1e15:
		out = strconv.FormatInt(int64(x), 10)
	default:
		out = strconv.FormatFloat(x, 'f', -1, 64)
	}
	return out + m[2] + m[3], true
}

// describeChange is a change as stated, for a held value it cannot be
// applied to.
func describeChange(held, change string) string {
	switch change {
	case "*0.5":
		return held + " halved"
	case "*2":
		return held + " doubled"
	case "*3":
		return held + " tripled"
	}
	return held + " " + change
}
