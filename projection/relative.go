package projection

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
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
var relCues = []string{"halve", "half", "double", "twice", "triple", "times", "add", "plus", "more", "fewer", "less", "third", "quarter", "fifth", "tenth", " by ", " to ", "+", "-", "%", "percent",
	"back", "revert", "undo", "from before", "same as", "earlier", "later", "higher", "lower", "加", "减", "翻", "倍", "多", "少", "折", "分之", "放宽", "收紧", "提高", "降低", "回", "一样", "一半", "砍半"}

var (
	numWord = `[$€£]?\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a couple(?: of)?|[一二两三四五六七八九十百]+`
	// pointUnit: "up by five points", "two percentage points": points of a
	// percentage or of a fraction, never of the number itself.
	pointUnit = `percentage points?|points?|pts?`
	relUnit   = `ms|s|sec|secs|seconds?|mins?|minutes?|h|hrs?|hours?|days?|d|k|kb|mb|gb|tb|px|%|dollars?|euros?|usd|eur|秒|分钟|分|小时|天|个|台|次|倍|只|条|张|位|家|项|笔`
	// relScaleRE: "halve it", "double the replicas", "cut the timeout in
	// half", "make the hpa min replicas double what I said", "make the
	// requeue three times as long", "let's do twice as much"; a clause
	// may follow ("double the quant cpus, that's where the time goes"),
	// or a next step after "and", "then", "to" ("double the buffer and see
	// if that closes the rest"), which is no part of the setting's name.
	relScaleRE = mustPattern(`(?i)\b(?P<op>halve|double|triple)\s+(?:it|that|this|(?:the|our)\s+(?P<k>[\p{L}\p{N}_.\-/ ]{1,40}?))(?:\s+(?:again|too|as well|then|pls|please|instead|for now|what i said(?: earlier| before)?))*\s*(?:[.!,;]?$|[,;]\s|\s(?:(?:and|then|so|to)\s+)+(?:see|check|try|test|rerun|retry|run|measure|watch|let|tell|report|commit|push|deploy|redeploy|restart|verify|confirm|look|compare|benchmark|bench|profile|time|find out)\b)|\bcut\s+(?:it|that|(?:the|our)\s+(?P<k2>[\p{L}\p{N}_.\-/ ]{1,40}?))\s+in\s+(?P<op2>half)\b|\bmake\s+(?:it|that|(?:the|our)\s+(?P<k3>[\p{L}\p{N}_.\-/ ]{1,40}?))\s+(?P<op3>double|twice|triple|half|(?:two|three|four|five|ten|\d+)\s+times)(?:\s+as\s+(?:long|much|many|big|large|high|often))?\b|^\s*(?:(?:ok(?:ay)?|so|then|and|just|hmm|nah|yeah)[,]?\s+)*(?P<op4>halve|double|triple)(?:[\s\-]+(?:it|that|this|ihn|es|das|lo|la|le|isso|ele|esso))?(?:\s+(?:again|too|then|pls|please|instead))*\s*[.!]?\s*$|\blet's\s+(?:do\s+|make\s+it\s+|go\s+)?(?P<op5>twice|half)\s+as\s+(?:much|many|long|big|large|high|often)\b`)
	// relAddRE: "add two to the minSdk", "add 10 minutes to it", "bump
	// the timeout by 10s", "lower it by 5", "add two".
	relAddRE = mustPattern(`(?i)\b(?P<op>add|plus)\s+(?:another\s+)?(?P<n>` + numWord + `)(?:\s*(?P<u>` + relUnit + `|` + pointUnit + `))?(?:\s+more)?(?:\s+(?:to|onto)\s+(?:it|that|(?:(?:the|our)\s+)?(?P<k>[\p{L}\p{N}_.\-/ ]{1,40}?)))?\s*(?:[.!,;]?$|,)|\b(?P<op2>bump|raise|increase|up|lower|decrease|reduce|drop|cut)\s+(?:it|that|(?:the|our)\s+(?P<k2>[\p{L}\p{N}_.\-/ ']{1,40}?))(?:\s+(?:up|down))?\s+by\s+(?:another\s+)?(?P<n2>` + numWord + `)(?:\s*(?P<u2>` + relUnit + `|` + pointUnit + `))?\b|\b(?:take|bring|turn|dial|knock|move|push|scale|put)\s+(?:it|that|(?:the|our)\s+(?P<k3>[\p{L}\p{N}_.\-/ ']{1,40}?))\s+(?P<dir>up|down)\s+by\s+(?:another\s+)?(?P<n3>` + numWord + `)(?:\s*(?P<u3>` + relUnit + `|` + pointUnit + `))?\b|(?:^|[,.;:]\s*)(?:(?:and|also|then|oh|ok)\s+)?(?:(?:the|our|my)\s+)?(?P<k4>[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?)\s+(?:(?P<op4>bump|raise|increase|lower|decrease|drop|cut)(?:\s+(?:up|down))?|(?:go|goes)\s+(?P<dir4>up|down))\s+by\s+(?:another\s+)?(?P<n4>` + numWord + `)(?:\s*(?P<u4>` + relUnit + `|` + pointUnit + `))?\b`)
	// relMoreRE: "10 more epochs", "two more replicas", "+10 min".
	relMoreRE = mustPattern(`(?i)(?:^|[\s,(])(?P<n>` + numWord + `)\s+(?P<op>more|fewer|less)\s+(?P<k>[A-Za-z][\w\-]{2,30})\b|(?:^|[\s,(])(?P<op2>[+-])\s?(?P<n2>\d+(?:\.\d+)?)\s*(?P<u2>` + relUnit + `)\b|\b(?:set|put|add|give\s+it|make\s+it)\s+(?P<n3>\d+(?:\.\d+)?)\s*(?P<u3>` + relUnit + `)?\s+(?P<op3>more|less)\s*(?:[,.;!…]|$)`)
	// relZhRE: "副本再加两个", "CI timeout 那个再加 10 分钟", "超时减半", "并发翻倍".
	relZhRE = mustPattern(`(?P<k>[\p{L}\p{N}_.\-/ \p{Han}\p{Katakana}ー]{0,24}?)\s*(?:那个|这个)?\s*(?:再|还要|还得)?(?:(?P<op>加|增加|多加|减|减少|少)\s*(?P<n>` + numWord + `)\s*(?P<u>` + relUnit + `)?|(?P<op2>减半|砍一半|砍半|砍掉一半|降一半|少一半|减一半|翻倍|翻一倍|加倍|翻番|翻一番))`)
)

var (
	relFrac = `a half|one half|half|a third|one third|two thirds|a quarter|one quarter|three quarters|a fifth|one fifth|a tenth|one tenth`
	// relPropRE: "drop the replicas to a third", "cut it by a quarter",
	// "raise the bitrate by 20%", "scale the pool up by 3x", "bump it
	// another 50%": a change by or to a proportion of the held value.
	relPropRE = mustPattern(`(?i)\b(?P<v>bump|raise|increase|up|boost|grow|push|lift|extend|bring|scale|crank|turn|dial|drop|lower|cut|reduce|decrease|trim|shrink|slash|take|set|put|make)\s+(?:(?:it|that|this|them)\s+|(?:the|our|my|that|this)\s+(?P<k>[\p{L}\p{N}_.\-/ ]{1,40}?)\s+)?(?P<d>up\s+|down\s+|back\s+)?(?:(?P<prep>by|to)\s+(?:another\s+|only\s+|just\s+)?|another\s+)(?:(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent\b)|(?P<frac>` + relFrac + `)|(?P<mult>\d+(?:\.\d+)?)\s*(?:x|times)\b)(?:\s+(?:of\s+(?:it|that|what\s+it\s+(?:is|was))|its\s+(?:current\s+)?(?:value|size)))?`)
	// relPassiveRE is a change said in the passive: "wants the quota
	// memory raised by half", "the pool cut to a third".
	relPassiveRE = mustPattern(`(?i)\b(?P<det>the|our|my)\s+(?P<k>[\p{L}\p{N}_.\-/ ]{1,40}?)\s+(?:to\s+be\s+|be\s+|is\s+|was\s+|gets?\s+|got\s+)?(?P<v>raised|increased|bumped|boosted|extended|lifted|grown|lowered|cut|reduced|decreased|trimmed|shrunk|dropped|scaled)\s+(?P<d>up\s+|down\s+)?(?P<prep>by|to)\s`)
	// relPctRE: "+20%", "-15%", "20% more", "a quarter less".
	relPctRE = mustPattern(`(?i)(?:\b(?:the|our|my)\s+(?P<k>[\p{L}\p{N}_.\-/ ]{1,40}?)\s+(?:by\s+)?|^|[\s,(:])(?P<sign>[+-])\s?(?P<n>\d+(?:\.\d+)?)\s*(?:%|percent)(?:$|[\s,.;!)])|(?:\b(?:make|set|have|want|like)\s+(?:the|our|my)\s+(?P<k2>[\p{L}\p{N}_.\-/ ]{1,40}?)\s+)?\b(?P<n2>\d+(?:\.\d+)?)\s*(?:%|percent)\s+(?P<op>more|higher|bigger|larger|longer|wider|thicker|less|lower|smaller|fewer|shorter|narrower|thinner)\b`)
	// relFracMoreRE: "make the limit a third less", "the batch should be
	// a quarter bigger", "a third more".
	relFracMoreRE = mustPattern(`(?i)(?:\b(?:make|set|have|want|like)\s+(?:it|that|(?:the|our|my)\s+(?P<k>[\p{L}\p{N}_.\-/ ]{1,40}?))\s+|\b(?:the|our|my)\s+(?P<k2>[\p{L}\p{N}_.\-/ ]{1,40}?)\s+(?:should be|must be|needs to be|has to be|is to be|make it|set it|(?:make|set) it to)\s+|^\W*(?:(?:the|our|my)\s+)?(?P<k3>[\p{L}\p{N}_.\-/ ]{1,30}?)\s*[,:—–]\s*|^|[\s,(:])(?P<frac>` + relFrac + `)\s+(?P<op>more|higher|bigger|larger|longer|less|lower|smaller|fewer|shorter)\b`)
	// fracForRE names what a fraction more or less is of, after it.
	fracForRE = mustPattern(`(?i)^\s+(per|for|of|on)\s+(?:the\s+|each\s+|every\s+)?(\p{L}[\w-]*(?:\s+\p{L}[\w-]*)?)`)
	// relRevertRE: "back to the old value", "revert it", "put the timeout
	// back", "改回原来的", "恢复原值".
	relRevertRE = mustPattern(`(?i)\b(?:(?:the\s+)?(?:number|value|one|setting|figure)\s+(?:from\s+)?before\s+(?:was|is)\s+(?:right|correct|fine|better)|undo\s+(?:that|the)\s+last\s+(?:bit|change|one)|(?:set|put|change|move|take|turn|bring)\s+(?:it|that|(?:the|our)\s+(?P<k>[\p{L}\p{N}_.\-/ ]{1,40}?))\s+back(?:\s+to\s+(?:the\s+)?(?:old|previous|original|earlier|last)\s+(?:value|one|setting|number))?|(?:go|roll|switch|put\s+it|set\s+it|change\s+it|turn\s+it)\s+back\s+to\s+(?:what|how|the\s+way)\s+(?:it|that)\s+was(?:\s+before)?\s*(?:[.!,;—–]|$)|(?:(?:go|roll|switch)\s+)?back\s+to\s+(?:the\s+)?(?:old|previous|original|earlier|last)\s+(?:value|one|setting|number)(?:\s+(?:for|of)\s+(?:the\s+|our\s+)?(?P<k4>[\p{L}\p{N}_.\-/ ]{1,40}?)\s*[.!,;]?$)?|revert\s+(?:it|that|(?:the|our)\s+(?P<k2>[\p{L}\p{N}_.\-/ ]{1,40}?))(?:\s+to\s+(?:the\s+)?(?:old|previous|original)\s+(?:value|one))?\s*[.!,;]?$)|(?P<k3>[\w.\-/\p{Han}\p{Katakana}ー]{0,16}?)\s*(?:再|就|还是)?(?:改回|调回|恢复(?:成|到|为)?|换回|退回)(?:原来的?|原值|之前的?|去|以前的?|上一?个|上次的?)(?:值|设置|那个)?`)
	// relSameRE: "same as staging", "match prod", "跟 staging 一样".
	relSameRE = mustPattern(`(?i)\b(?:the\s+)?same\s+as\s+(?P<x>(?:in\s+|on\s+|for\s+)?[\w.\-/]+(?:\s+[\w.\-/]+)?)|(?:跟|和|与|同)\s*(?:之前|上次|原来|以前)?(?:的)?\s*(?P<x2>[\w.\-/\p{Han}]{1,12}?)\s*(?:那个|这个|的)?\s*(?:一样|相同|一致)`)
	// relShiftRE: "a day earlier", "two hours later", "half an hour
	// earlier".
	relShiftRE = mustPattern(`(?i)\b(?:(?P<half>half)\s+an?|(?P<n>` + numWord + `|an?))\s+(?P<u>minutes?|mins?|hours?|hrs?|days?|weeks?|levels?|steps?|notches?|places?|positions?)\s+(?P<op>earlier|sooner|later|higher|lower)\b`)
	// relZhPropRE: "加一倍", "增加两倍", "提高 20%", "降低三成", "打八折",
	// "降到三分之一", "放宽三个点".
	relZhPropRE = mustPattern(`(?P<k>[\p{L}\p{N}_.\-/ \p{Han}\p{Katakana}ー]{0,24}?)\s*(?:那个|这个)?\s*(?:再|还要|还得|先)?(?:(?P<up>加|增加|提高|调高|上调|放宽|放大|多加|涨|扩大)|(?P<down>减|减少|降低|调低|下调|收紧|缩小|砍|降|压))(?:到|至)?\s*(?:原来的|现在的|当前的)?\s*(?:(?P<mult>[一二两三四五六七八九十\d]+)\s*倍|(?P<pct>\d+(?:\.\d+)?)\s*%|(?P<cheng>[一二两三四五六七八九\d])\s*成|(?P<den>[二两三四五六七八九十\d]+)\s*分之\s*(?P<num>[一二两三四五六七八九\d]+)|(?P<pts>\d+(?:\.\d+)?|[一二两三四五六七八九十]+(?:\s*个|百分))\s*个?(?:百分)?点)|(?:打|给)\s*(?P<zhe>[一二三四五六七八九\d]{1,2})\s*折`)
)

// sameHeadRE is the setting a "same as" names before it: "queue name:",
// "the region should be", "make the image tag".
// zhSameHeadRE is what ends a Chinese setting's name before "跟 X 一样":
// an adverb ("就", "也") and the leading discourse words.
var zhSameHeadRE = mustPattern(`(?:就|也|都|要|还是|应该)+$|^(?:那|那就|然后|另外)`)

var sameHeadRE = mustPattern(`(?i)^\s*(?:(?:make|set|keep)\s+)?(?:the\s+|our\s+)?([A-Za-z][\w.\-]*(?:\s+[A-Za-z][\w.\-]*){0,2}?)\s*(?::|=|\s+(?:should|must|has to|needs to)\s+be|\s+is|\s+to\s+be)?\s*$`)

// fracOf is a proportion's words as a ratio "a/b".
var fracOf = map[string]string{"a half": "1/2", "one half": "1/2", "half": "1/2", "a third": "1/3", "one third": "1/3", "two thirds": "2/3",
	"a quarter": "1/4", "one quarter": "1/4", "three quarters": "3/4", "a fifth": "1/5", "one fifth": "1/5", "a tenth": "1/10", "one tenth": "1/10"}

// ratio parses "a/b" or a number.
func ratio(s string) (float64, bool) {
	a, b, ok := strings.Cut(s, "/")
	x, err := strconv.ParseFloat(a, 64)
	if err != nil {
		return 0, false
	}
	if !ok {
		return x, true
	}
	y, err := strconv.ParseFloat(b, 64)
	if err != nil || y == 0 {
		return 0, false
	}
	return x / y, true
}

// upToRE is "up to" said of a bound ("up to 30% of a receipt"), no verb
// "up" with its object.
var upToRE = mustPattern(`(?i)^up\s+to\b`)

// pctWordsRE is a percentage written in English words: "twenty per
// cent", "fifteen percent".
var pctWordsRE = mustPattern(`(?i)(^|[^\p{L}])(ten|fifteen|twenty|twenty-five|thirty|forty|fifty|sixty|seventy|eighty|ninety|five|a hundred|one hundred)\s+(?:per\s?cent)`)

// pctWordNum is the number of a pctWordsRE word.
var pctWordNum = map[string]string{"five": "5", "ten": "10", "fifteen": "15", "twenty": "20", "twenty-five": "25", "thirty": "30", "forty": "40",
	"fifty": "50", "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90", "a hundred": "100", "one hundred": "100"}

// proportional reads a change by or to a proportion of the held value
// (relPropRE, relPctRE, relZhPropRE): "*a/b" for a factor, "%+p" for a
// change by p percent (applyChange adds it to a value held in percent).
func proportional(s string) (name, change string, ok bool) {
	if strings.Contains(strings.ToLower(s), "per cent") || strings.Contains(strings.ToLower(s), "percent") {
		// "twenty per cent less": the number and the sign written out
		s = pctWordsRE.ReplaceAllStringFunc(s, func(w string) string {
			m := pctWordsRE.FindStringSubmatch(w)
			return m[1] + pctWordNum[strings.ToLower(m[2])] + "%"
		})
	}
	ls := strings.ToLower(s)
	prop := strings.ContainsAny(s, "%x") || strings.Contains(ls, "percent") || strings.Contains(ls, "half") || strings.Contains(ls, "third") ||
		strings.Contains(ls, "quarter") || strings.Contains(ls, "fifth") || strings.Contains(ls, "tenth") || strings.Contains(ls, "times")
	if !prop && !strings.ContainsFunc(s, isCJK) {
		return "", "", false
	}
	if prop {
		s = activeChange(s)
	}
	if m := findIf(prop, relPropRE, s); m != nil {
		g := func(n string) string { return strings.ToLower(m[relPropRE.SubexpIndex(n)]) }
		down := strings.Contains(" drop lower cut reduce decrease trim shrink slash ", " "+g("v")+" ") || strings.HasPrefix(g("d"), "down")
		switch g("v") {
		case "bring", "scale", "crank", "turn", "dial", "take", "set", "put", "make":
			if g("prep") == "by" && g("d") == "" {
				return "", "", false
			}
		}
		if g("v") == "up" && upToRE.MatchString(m[0]) {
			// "points can pay up to 30% of a receipt": "up to" says at
			// most, no verb changing anything.
			return "", "", false
		}
		if g("prep") == "to" && g("pct") != "" && g("d") == "" && (g("v") == "set" || g("v") == "put" || g("v") == "make") {
			// "set the pump duty cycle to 40%": a percentage set, not a
			// proportion of the value held.
			return "", "", false
		}
		name = m[relPropRE.SubexpIndex("k")]
		switch {
		case g("prep") == "to" && g("pct") != "":
			return name, "*" + g("pct") + "/100", true
		case g("prep") == "to" && g("frac") != "":
			return name, "*" + fracOf[g("frac")], true
		case g("prep") == "to":
			return name, "*" + g("mult"), true
		case g("pct") != "" && down:
			return name, "%-" + g("pct"), true
		case g("pct") != "":
			return name, "%+" + g("pct"), true
		case g("frac") != "":
			f, _ := ratio(fracOf[g("frac")])
			if down {
				f = -f
			}
			return name, "*" + strconv.FormatFloat(1+f, 'f', -1, 64), true
		case down:
			return name, "*1/" + g("mult"), true
		default:
			return name, "*" + g("mult"), true
		}
	}
	if m := findIf(prop, relPctRE, s); m != nil {
		n, sign := m[relPctRE.SubexpIndex("n")], m[relPctRE.SubexpIndex("sign")]
		if n == "" {
			n, sign = m[relPctRE.SubexpIndex("n2")], "+"
			switch strings.ToLower(m[relPctRE.SubexpIndex("op")]) {
			case "less", "lower", "smaller", "fewer", "shorter", "narrower", "thinner":
				sign = "-"
			}
		}
		return m[relPctRE.SubexpIndex("k")] + m[relPctRE.SubexpIndex("k2")], "%" + sign + n, true
	}
	if m := findIf(prop, relFracMoreRE, s); m != nil {
		g := func(n string) string { return strings.ToLower(m[relFracMoreRE.SubexpIndex(n)]) }
		// "a third less" is 2/3 of it, "a quarter more" 5/4
		a, b, _ := strings.Cut(fracOf[g("frac")], "/")
		num, _ := strconv.Atoi(a)
		den, _ := strconv.Atoi(b)
		switch g("op") {
		case "less", "lower", "smaller", "fewer", "shorter":
			num = -num
		}
		k := m[relFracMoreRE.SubexpIndex("k")] + m[relFracMoreRE.SubexpIndex("k2")] + m[relFracMoreRE.SubexpIndex("k3")]
		if t := fracForRE.FindStringSubmatch(s[strings.Index(s, m[0])+len(m[0]):]); k == "" && t != nil {
			// "a third less per round", "a third more for the batch"
			k = t[2]
			if strings.EqualFold(t[1], "per") {
				k = "per " + k
			}
		}
		return k, "*" + strconv.Itoa(den+num) + "/" + b, true
	}
	if strings.ContainsAny(s, "倍%成之点折") {
		if m := relZhPropRE.FindStringSubmatch(s); m != nil {
			g := func(n string) string { return m[relZhPropRE.SubexpIndex(n)] }
			k := zhKey(g("k"))
			sign := "+"
			if g("down") != "" {
				sign = "-"
			}
			num := func(x string) (float64, bool) {
				d, ok := parseNum(x)
				if !ok {
					return 0, false
				}
				return ratio(d)
			}
			switch {
			case g("zhe") != "":
				z, ok := num(g("zhe"))
				if !ok {
					return "", "", false
				}
				if z < 10 {
					z *= 10
				}
				return "", "*" + strconv.FormatFloat(z, 'f', -1, 64) + "/100", true
			case g("mult") != "":
				x, ok := num(g("mult"))
				if !ok {
					return "", "", false
				}
				if sign == "-" {
					return k, "*1/" + strconv.FormatFloat(x+1, 'f', -1, 64), true
				}
				return k, "*" + strconv.FormatFloat(x+1, 'f', -1, 64), true
			case g("pct") != "":
				return k, "%" + sign + g("pct"), true
			case g("cheng") != "":
				x, ok := num(g("cheng"))
				if !ok {
					return "", "", false
				}
				return k, "%" + sign + strconv.FormatFloat(x*10, 'f', -1, 64), true
			case g("den") != "":
				d, ok1 := num(g("den"))
				n, ok2 := num(g("num"))
				if !ok1 || !ok2 {
					return "", "", false
				}
				if strings.Contains(m[0], "到") || strings.Contains(m[0], "至") {
					return k, "*" + strconv.FormatFloat(n, 'f', -1, 64) + "/" + strconv.FormatFloat(d, 'f', -1, 64), true
				}
				return k, "*" + strconv.FormatFloat(1+map[string]float64{"+": 1, "-": -1}[sign]*n/d, 'f', -1, 64), true
			case g("pts") != "":
				p, ok := parseNum(strings.TrimRight(g("pts"), " 个百分"))
				if !ok {
					return "", "", false
				}
				return k, sign + p + " pp", true
			}
		}
	}
	if strings.Contains(s, "倍") {
		// "1.5倍に", "线宽改成 1.5 倍", "倍にして": a multiple of the held
		// value (no number: twice it).
		if loc := timesRE.FindStringSubmatchIndex(s); loc != nil && (loc[2] >= 0 || loc[6] >= 0) && !strings.HasSuffix(strings.TrimSpace(s[:loc[0]]), "翻") && !strings.HasSuffix(strings.TrimSpace(s[:loc[0]]), "加") {
			n := "2"
			if loc[4] >= 0 {
				d, ok := parseNum(s[loc[4]:loc[5]])
				if !ok {
					return "", "", false
				}
				n = d
			}
			return cjkKey(s[:loc[0]]), "*" + n, true
		}
	}
	return "", "", false
}

// timesRE is a multiple said alone in Chinese or Japanese: "1.5倍", "改成
// 两倍", "倍" (not "加一倍", "翻倍": relZhPropRE, relZhRE).
var timesRE = mustPattern(`(改成|改为|调成|调到|变成|设成|设为|给到|给它现在的|给它原来的|给它)?\s*(\d+(?:\.\d+)?|[一二两三四五六七八九十]+)?\s*倍\s*(吧|に|へ)?\s*(?:$|[。、，,！!？?])`)

// cjkKey is the setting a Chinese or Japanese change names before it, cut
// after a clause that gives the reason ("線が細くて見づらいので": none).
func cjkKey(k string) string {
	for _, p := range []string{"ので", "から", "けど", "ため", "因为", "所以"} {
		if i := strings.LastIndex(k, p); i >= 0 {
			k = k[i+len(p):]
		}
	}
	k = strings.TrimRight(strings.TrimSpace(k), "0123456789. ")
	return zhKey(k)
}

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
	if k, c, ok := proportional(s); ok {
		return k, c, true
	}
	if m := findIf(strings.Contains(ls, "back") || strings.Contains(ls, "revert") || strings.Contains(ls, "before") || strings.Contains(ls, "undo") || strings.ContainsAny(s, "回复"), relRevertRE, s); m != nil {
		k := m[relRevertRE.SubexpIndex("k")] + m[relRevertRE.SubexpIndex("k2")] + m[relRevertRE.SubexpIndex("k4")]
		if k == "" {
			k = zhKey(m[relRevertRE.SubexpIndex("k3")])
		}
		if backToValue(s) != "" {
			// "put it back to 11": the number said, no value before.
			return "", "", false
		}
		return k, "=was", true
	}
	if m := findIf(strings.Contains(ls, "same as") || strings.ContainsAny(s, "样同致"), relSameRE, s); m != nil {
		x := strings.TrimSpace(m[relSameRE.SubexpIndex("x")] + m[relSameRE.SubexpIndex("x2")])
		if x != "" && !stopwords[strings.ToLower(x)] && !strings.EqualFold(x, "before") && !strings.EqualFold(x, "usual") {
			// "queue name: same as staging": the setting before it.
			k := ""
			if h := sameHeadRE.FindStringSubmatch(s[:strings.Index(s, m[0])]); h != nil {
				k = h[1]
			} else if m[relSameRE.SubexpIndex("x2")] != "" {
				// "ES 客户端的超时就跟之前 redis 那个一样吧": the setting the
				// sentence opens with.
				k = zhSameHeadRE.ReplaceAllString(strings.TrimSpace(s[:strings.Index(s, m[0])]), "")
				if utf8.RuneCountInString(k) > 24 {
					k = ""
				}
			}
			return k, "~same as " + x, true
		}
	}
	if loc := shiftAt(s); loc != nil {
		m := submatches(s, loc)
		n := strings.ToLower(m[relShiftRE.SubexpIndex("n")])
		if m[relShiftRE.SubexpIndex("half")] != "" {
			n = "0.5"
		} else if n == "a" || n == "an" {
			n = "1"
		} else if d, ok := parseNum(n); ok {
			n = d
		} else {
			return "", "", false
		}
		sign := "+"
		if op := strings.ToLower(m[relShiftRE.SubexpIndex("op")]); op != "later" && op != "higher" {
			sign = "-"
		}
		// "move the cron from 02:00 to an hour later": the setting moved.
		k, bound := "", ""
		if h := shiftHeadRE.FindStringSubmatch(s[:loc[0]]); h != nil {
			k = h[shiftHeadRE.SubexpIndex("k")]
		} else if h := boundHeadRE.FindStringSubmatch(s[:loc[0]]); h != nil {
			// "start the zoom range two levels later": one bound of a
			// range moved.
			k, bound = h[boundHeadRE.SubexpIndex("k")], " "+strings.ToLower(h[boundHeadRE.SubexpIndex("b")])
		}
		return k, "@" + sign + n + " " + strings.ToLower(m[relShiftRE.SubexpIndex("u")]) + bound, true
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
		switch strings.ToLower(group(relScaleRE, m, "op", "op2", "op3", "op4", "op5")) {
		case "halve", "half":
			return k, "*0.5", true
		case "double", "twice":
			return k, "*2", true
		case "triple":
			return k, "*3", true
		}
		if n, ok := parseNum(strings.TrimSuffix(strings.ToLower(group(relScaleRE, m, "op3")), " times")); ok {
			// "make the requeue three times as long".
			return k, "*" + n, true
		}
	}
	if m := relAddRE.FindStringSubmatch(s); m != nil {
		n, ok := parseNum(group(relAddRE, m, "n", "n2", "n3", "n4"))
		if !ok {
			return "", "", false
		}
		if k4 := group(relAddRE, m, "k4"); k4 != "" && (stopwords[strings.Fields(k4)[0]] || pronounRE.MatchString(k4)) {
			// "retries bump by one" names its setting first; "it goes up
			// by 2" or "the queue grew…" names none.
			return "", "", false
		}
		sign := "+"
		switch strings.ToLower(group(relAddRE, m, "op2", "dir", "op4", "dir4")) {
		case "lower", "decrease", "reduce", "drop", "cut", "down":
			sign = "-"
		}
		u := group(relAddRE, m, "u", "u2", "u3", "u4")
		if pointUnitRE.MatchString(u) {
			u = "pp"
		}
		return group(relAddRE, m, "k", "k2", "k3", "k4"), sign + n + unitSuffix(u), true
	}
	if m := relMoreRE.FindStringSubmatch(s); m != nil {
		n, ok := parseNum(group(relMoreRE, m, "n", "n2", "n3"))
		if !ok {
			return "", "", false
		}
		sign := "+"
		if op := strings.ToLower(group(relMoreRE, m, "op", "op2", "op3")); op == "fewer" || op == "less" || op == "-" {
			sign = "-"
		}
		k, u := m[relMoreRE.SubexpIndex("k")], group(relMoreRE, m, "u2", "u3")
		if lk := strings.ToLower(k); stopwords[lk] || optionalKeyWords[lk] {
			// "one more from me", "one more thing": no setting.
			return "", "", false
		}
		if lk := strings.ToLower(k); lk == "per" || lk == "each" {
			// "five more per page": the setting is what it is counted per.
			ki := m[relMoreRE.SubexpIndex("k")]
			if i := strings.Index(s, ki+" "); i >= 0 {
				if f := strings.Fields(s[i+len(ki):]); len(f) > 0 {
					if w := strings.TrimRight(f[0], ".,;:!?"); w != "" && !stopwords[strings.ToLower(w)] {
						k = k + " " + w
					}
				}
			}
		}
		if unitClass(k) != strings.ToLower(k) || relUnitWordRE.MatchString(k) {
			// "two more days": the word after "more" is the unit.
			k, u = "", k
		}
		return k, sign + n + unitSuffix(u), true
	}
	if strings.ContainsFunc(s, isCJK) {
		if loc := relZhRE.FindStringSubmatchIndex(s); loc != nil && zhChangeEnd(s[loc[1]:]) {
			m := make([]string, len(loc)/2)
			for i := range m {
				if loc[2*i] >= 0 {
					m[i] = s[loc[2*i]:loc[2*i+1]]
				}
			}
			k := zhKey(m[relZhRE.SubexpIndex("k")])
			if k == "" && !strings.Contains(s, "再") && m[relZhRE.SubexpIndex("op2")] == "" {
				// "加一个索引" adds a thing; "再加两个" adds to the count.
				return "", "", false
			}
			switch m[relZhRE.SubexpIndex("op2")] {
			case "减半", "砍一半", "砍半", "砍掉一半", "降一半", "少一半", "减一半":
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

// shiftHeadRE is the setting a shift in time moves, said before it: "move
// the cron from 02:00 UTC on the 1st to" (an hour later), "push the
// deploy to"; from what, when said, is the held value (shiftBase).
var shiftHeadRE = mustPattern(`(?i)\b(?:move|push|shift|put|reschedule|bump|run|set|change)\s+(?:the\s+|our\s+)?(?P<k>[A-Za-z][\w.\-]*(?:\s+[A-Za-z][\w.\-]*){0,2}?)\s+(?:from\s+(?P<b>[^,;]{1,40}?)\s+)?to\s+$`)

// boundHeadRE is a range whose one bound a shift moves, said before it:
// "start the zoom range", "end the window".
var boundHeadRE = mustPattern(`(?i)\b(?P<b>start|begin|end|stop)\s+(?:the\s+|our\s+)?(?P<k>[A-Za-z][\w.\-]*(?:\s+[A-Za-z][\w.\-]*){0,2}?)\s+$`)

// shiftAt is where a shift in time ("an hour later") is in s, or nil.
func shiftAt(s string) []int {
	ls := strings.ToLower(s)
	if !strings.Contains(ls, "earlier") && !strings.Contains(ls, "later") && !strings.Contains(ls, "sooner") && !strings.Contains(ls, "higher") && !strings.Contains(ls, "lower") {
		return nil
	}
	return relShiftRE.FindStringSubmatchIndex(s)
}

// shiftBase is the value a shift in time moves from, as its sentence says
// it ("move the cron from 02:00 UTC on the 1st to an hour later"), or "".
func shiftBase(s string) string {
	loc := shiftAt(s)
	if loc == nil {
		return ""
	}
	h := shiftHeadRE.FindStringSubmatch(s[:loc[0]])
	if h == nil {
		return ""
	}
	return strings.TrimSpace(h[shiftHeadRE.SubexpIndex("b")])
}

// submatches are the texts of a FindStringSubmatchIndex result.
func submatches(s string, loc []int) []string {
	m := make([]string, len(loc)/2)
	for i := range m {
		if loc[2*i] >= 0 {
			m[i] = s[loc[2*i]:loc[2*i+1]]
		}
	}
	return m
}

// zhEdgeRE are words around a Chinese change's setting that are not its
// name: "顺便把持仓数量" is "持仓数量", "versionCode 要" is "versionCode".
var (
	zhLeadRE  = mustPattern(`^.*(?:把|将|给)`)
	zhTrailRE = mustPattern(`(?:要|先|再|就|也|都|还|的话|得|需要|可以|能够|应该)+$`)
)

// zhKey is the setting a Chinese change names before its verb, or "".
func zhKey(k string) string {
	k = strings.TrimSpace(zhLeadRE.ReplaceAllString(strings.TrimSpace(k), ""))
	k = strings.TrimSpace(zhTrailRE.ReplaceAllString(k, ""))
	// The setting is the last noun before the change: "重新传 internal 的话
	// versionCode 要" is "versionCode", "这个策略的回撤上限" is "回撤上限".
	if i := strings.LastIndexAny(k, " 的，,：:"); i >= 0 {
		if rest := strings.TrimSpace(zhTrailRE.ReplaceAllString(k[i:], "")); len([]rune(strings.Trim(rest, " 的，,：:"))) >= 2 {
			k = strings.Trim(k[i:], " 的，,：:")
		}
	}
	for {
		n := strings.TrimSpace(zhTrailRE.ReplaceAllString(strings.TrimSpace(zhFiller.ReplaceAllString(k, "")), ""))
		if n == k {
			break
		}
		k = n
	}
	if len([]rune(k)) < 2 {
		return ""
	}
	return k
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
	case "", "个", "台", "次", "只", "条", "张", "位", "家", "项", "笔":
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
	if _, rest := currencyOf(s); rest != s {
		s = rest
	}
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

var relUnitWordRE = mustPattern(`(?i)^(?:` + relUnit + `|weeks?)$`)

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
	case "%", "pp", "percent":
		return "%"
	}
	return strings.ToLower(strings.TrimSpace(u))
}

// applyChange applies a relative change to a held value, or reports that
// it cannot ("v2.14" doubled, minutes added to milliseconds).
func applyChange(held, change string) (string, bool) {
	if n, ok := dayChange(change); ok {
		// "Wednesday the 12th" two days later (dates.go).
		if v, ok := shiftDays(held, n); ok {
			return v, true
		}
	}
	if strings.HasPrefix(change, "@") {
		return applyShift(held, change[1:])
	}
	if rest, ok := strings.CutPrefix(held, "every "); ok {
		// "every 30 seconds" + 15 s: the interval changed.
		if v, ok := applyChange(rest, change); ok {
			return "every " + v, true
		}
		return "", false
	}
	// "500,000", "1.000" (numbers.go).
	held = plainNumbers(held, false)
	if cur, rest := currencyOf(held); cur != "" {
		// "$300" + "$150": the number, with its currency.
		if v, ok := applyChange(rest, strings.NewReplacer(cur, "").Replace(change)); ok {
			return cur + v, true
		}
		return "", false
	}
	m := heldNumRE.FindStringSubmatch(strings.TrimSpace(held))
	if m == nil || len(change) < 2 {
		return "", false
	}
	if m[3] != "" && strings.ContainsAny(m[3][:1], "0123456789.-:/,") {
		// "1.2.0", "10:30": not a number and its unit; a time of day
		// moves by a step in hours or minutes ("05:30" -30 min is 05:00).
		if (change[0] == '+' || change[0] == '-') && clockRE.MatchString(strings.TrimSpace(held)) {
			return applyShift(held, change)
		}
		return "", false
	}
	x, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return "", false
	}
	op, arg := change[0], change[1:]
	num, unit, _ := strings.Cut(arg, " ")
	d, ok := ratio(num)
	if !ok {
		return "", false
	}
	switch op {
	case '*':
		x *= d
	case '%':
		// By a percentage: of the value, or points of a value held in
		// percent ("10%" +5% is 15%).
		if unitClass(m[3]) == "%" {
			x += d
		} else {
			x *= 1 + d/100
		}
	case '+', '-':
		if unit == "pp" && unitClass(m[3]) != "%" {
			// Points of a fraction written bare are hundredths (a 0.85
			// threshold up by five points is 0.90); of a bare count they
			// are its own units (a score, a font size); of a value in
			// another unit they say nothing that can be computed.
			if m[3] != "" {
				return "", false
			}
			if math.Abs(x) < 1 && strings.Contains(m[1], ".") {
				d /= 100
			}
		} else if unit != "" && unit != "pp" && m[3] != "" && unitClass(unit) != unitClass(m[3]) {
			return "", false
		}
		if op == '-' {
			d = -d
		}
		x += d
	default:
		return "", false
	}
	if x != 0 {
		// 12 × 1/3 is 4, not 3.9999999999999996.
		p := math.Pow(10, 9-math.Ceil(math.Log10(math.Abs(x))))
		x = math.Round(x*p) / p
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

// pointUnitRE is a whole pointUnit.
var pointUnitRE = mustPattern(`(?i)^(?:` + pointUnit + `)$`)

// currencyOf splits a leading currency sign from a value ("$300" is "$"
// and "300"); "" when it has none.
func currencyOf(v string) (cur, rest string) {
	for _, c := range []string{"$", "€", "£"} {
		if strings.HasPrefix(v, c) && len(v) > len(c) && v[len(c)] >= '0' && v[len(c)] <= '9' {
			return c, v[len(c):]
		}
	}
	return "", v
}

// clockRE is a time of day and what follows it: "02:00 UTC on the 1st".
var clockRE = mustPattern(`^(\d{1,2}):(\d{2})\b(.*)$`)

// applyShift moves a held value by a shift in time ("+1 hour"): a time of
// day by hours or minutes, or a duration in the shift's own unit. A
// count, or a value in another unit, is no time: the shift does not
// apply to it.
func applyShift(held, shift string) (string, bool) {
	held = strings.TrimSpace(held)
	num, unit, _ := strings.Cut(shift, " ")
	unit, bound, _ := strings.Cut(unit, " ")
	d, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return "", false
	}
	if stepUnitRE.MatchString(unit) {
		// "two levels later" of a count or a range ("10 to 16"): its
		// numbers moved, or the one bound named ("start …": the first).
		m := rangeRE.FindStringSubmatch(held)
		if m == nil {
			if !numeric(held) || strings.ContainsAny(held, " ") {
				return "", false
			}
			return applyChange(held, fmt.Sprintf("%+g", d))
		}
		a, _ := strconv.ParseFloat(m[1], 64)
		b, _ := strconv.ParseFloat(m[3], 64)
		switch bound {
		case "start", "begin":
			a += d
		case "end", "stop":
			b += d
		default:
			a, b = a+d, b+d
		}
		if a > b {
			return "", false
		}
		return strconv.FormatFloat(a, 'f', -1, 64) + m[2] + strconv.FormatFloat(b, 'f', -1, 64) + m[4], true
	}
	if m := clockRE.FindStringSubmatch(held); m != nil {
		var mins float64
		switch unitClass(unit) {
		case "h":
			mins = d * 60
		case "min":
			mins = d
		default:
			return "", false
		}
		h, _ := strconv.Atoi(m[1])
		mi, _ := strconv.Atoi(m[2])
		if h > 23 || mi > 59 || mins != math.Trunc(mins) {
			return "", false
		}
		t := ((h*60+mi+int(mins))%(24*60) + 24*60) % (24 * 60)
		return fmt.Sprintf("%02d:%02d%s", t/60, t%60, m[3]), true
	}
	m := heldNumRE.FindStringSubmatch(held)
	if m == nil || m[3] == "" || unitClass(m[3]) != unitClass(unit) {
		return "", false
	}
	return applyChange(held, shift)
}

var (
	// stepUnitRE are the units of a shift by steps, not by time.
	stepUnitRE = mustPattern(`^(?:levels?|steps?|notches?|places?|positions?)$`)
	// rangeRE is a range of two numbers: "10 to 16", "10-16".
	rangeRE = mustPattern(`^(\d+(?:\.\d+)?)(\s*(?:to|-|–|through)\s*)(\d+(?:\.\d+)?)(\s*\S*)$`)
)

// shiftWords is a shift in time as said: "+1 hour" is "1 hour later".
func shiftWords(shift string) string {
	if strings.HasPrefix(shift, "-") {
		return shift[1:] + " earlier"
	}
	return strings.TrimPrefix(shift, "+") + " later"
}

// proportionalRel reports whether a change is by a proportion, a revert
// or a reference ("to a third", "+20%", "back to the old value", "same as
// staging"), whose numbers are no value of their own: the change is read
// before the sentence's values.
func proportionalRel(change string) bool {
	return strings.HasPrefix(change, "%") || strings.HasPrefix(change, "~") || change == "=was" || strings.HasPrefix(change, "*") && strings.Contains(change, "/")
}

// scaleWordRE is a value that is only a relative change's word ("make
// it double", "make the timeout twice as long"): never a value of its own
// in a sentence relative reads.
var scaleWordRE = mustPattern(`(?i)^(?:double|twice|triple|half|(?:two|three|four|five|ten|\d+)\s+times)(?:\s+as\s+\w+)?$`)

// bareCountRE is a change by a count with no unit ("+2").
var bareCountRE = mustPattern(`^[+-]\d+(?:\.\d+)?$`)

// statedChange is a change as stated, for a setting with no value held
// and no number to apply it to: shown as unresolved, so that the change's
// word ("doubled") is never read as the setting's value.
func statedChange(change string) string {
	if strings.HasPrefix(change, "~") {
		// "same as staging" names where the value is.
		return change[1:]
	}
	return "unresolved: " + changeWords(change) + ", from a value not stated"
}

// changeWords is a change in words: "doubled", "+2", "1 hour later".
func changeWords(change string) string {
	switch {
	case strings.HasPrefix(change, "@"):
		return shiftWords(change[1:])
	case change == "=was":
		return "back to its earlier value"
	case strings.HasPrefix(change, "~"):
		return change[1:]
	case strings.HasPrefix(change, "%"):
		return change[1:] + "%"
	case change == "*0.5":
		return "halved"
	case change == "*2":
		return "doubled"
	case change == "*3":
		return "tripled"
	case strings.HasPrefix(change, "*"):
		return "× " + change[1:]
	}
	return change
}

// describeChange is a change as stated, for a held value it cannot be
// applied to.
func describeChange(held, change string) string {
	switch {
	case strings.HasPrefix(change, "@"):
		return held + ", " + shiftWords(change[1:])
	case change == "=was":
		return held + ", back to its earlier value"
	case strings.HasPrefix(change, "~"):
		return change[1:]
	case strings.HasPrefix(change, "%"):
		return held + " " + change[1:] + "%"
	case strings.HasPrefix(change, "*") && strings.Contains(change, "/"):
		return held + " × " + change[1:]
	}
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

// A change to a setting no value holds yet ("halve the chunk" after "in
// chunks of 30 days", "回撤上限再放宽三个点" after "最大回撤要求是 15% 以
// 内"): the number the user last wrote next to the setting's word is the
// held value it changes (heldIn). The user's recent messages are kept for
// it (maxSaid; not part of a Snapshot, like an open attempt).
const maxSaid = 24

// heldNearRE is a number and its unit at the start of the text after a
// setting's word: "of 30 days", "2 with", "要求是 15% 以内", "= 64".
var heldNearRE = mustPattern(`^(?:\s*(?:of|is|was|at|to|reaches|reach|hits|exceeds|=|:|：|be|are|set to|是|为|在|要求是|设为|设成|一共|共)\s*)*\s*(?P<v>\d+(?:\.\d+)?(?:\s*(?:` + relUnit + `|kbps|mbps|gbps|kib|mib|gib|rps|qps|rows|items|requests|retries|workers|replicas|connections|threads|files|steps|epochs|points|bp|bps)\b|\s*%)?)`)

// heldCorrRE is a self-correction after a number: "5%… 不对，10%", "4 s...
// hmm no, 8 s".
var heldCorrRE = mustPattern(`(?i)^[^.。!?！？\n]{0,12}?(?:不对|no wait|hmm no|no,|actually|i mean|sorry)[,，\s]*(?P<v>\d+(?:\.\d+)?(?:\s*(?:` + relUnit + `)\b|\s*%)?)`)

// heldIn is the value the user last wrote next to a word of name, newest
// message first, or "".
func heldIn(said []string, name string) string {
	return heldBefore(said, name, "")
}

// heldBefore is heldIn skipping the messages whose value is not: for "put
// it back", the value before the current one.
func heldBefore(said []string, name, not string) string {
	var heads []string
	for _, w := range strings.Fields(strings.ToLower(name)) {
		w = strings.Trim(w, ".,:;")
		if strings.ContainsFunc(w, isCJK) {
			// The whole name, or its first two characters ("回撤" of
			// "回撤上限").
			heads = append(heads, w)
			if rs := []rune(w); len(rs) > 2 {
				heads = append(heads, string(rs[:2]))
			}
		} else if len(w) >= 4 && !stopwords[w] && !optionalKeyWords[w] {
			heads = append(heads, w[:min(len(w), 5)])
		}
	}
	if len(heads) == 0 {
		return ""
	}
	for i := len(said) - 1; i >= 0; i-- {
		t := said[i]
		lt := strings.ToLower(t)
		best, at := "", -1
		for _, h := range heads {
			for j := range occurrences(lt, h) {
				// The rest of the word, then what follows it.
				e := j + len(h)
				for e < len(lt) && (lt[e] >= 'a' && lt[e] <= 'z' || lt[e] == '_' || lt[e] == '-') {
					e++
				}
				if e < len(lt) && !strings.ContainsFunc(h, isCJK) || strings.ContainsFunc(h, isCJK) {
					rest := t[e:]
					// Up to six Chinese characters between the words and the
					// number ("回撤要求是 15%", "watermark 延迟 3 s").
					rs := []rune(rest)
					for k := 0; k <= min(6, len(rs)); k++ {
						if k > 0 && !isCJK(rs[k-1]) && rs[k-1] != ' ' {
							break
						}
						if m := heldNearRE.FindStringSubmatchIndex(string(rs[k:])); m != nil {
							rest = string(rs[k:])
							break
						}
					}
					if m := heldNearRE.FindStringSubmatchIndex(rest); m != nil && j > at {
						v := rest[m[2]:m[3]]
						if c := heldCorrRE.FindStringSubmatch(rest[m[1]:]); c != nil {
							v = c[heldCorrRE.SubexpIndex("v")]
						}
						best, at = strings.TrimSpace(v), j
					}
				}
			}
		}
		if best != "" && best != not {
			return best
		}
	}
	return ""
}

// baseRE is a number and its unit as a sentence writes it.
var baseRE = mustPattern(`(?i)(?:^|[，,;；。:：]\s*)(?:(?:现在|目前|当前|now|currently|right now)(?:\s*(?:是|才|只有|it's|is))?\s*)?(\d+(?:\.\d+)?(?:\s*(?:%|` + relUnit + `)|\s*[%个只条张位家项笔次台秒天])?)(?:$|[^\w.])`)

// changeBase is the value a relative change's own sentence gives as the
// one changed, in a clause that opens with it ("versionCode 要再加一，382 已经传上去了", "再多加十只吧，30
// 只还是太集中了", "先翻倍吧，10% 太保守了"): the one number the sentence
// holds besides the change's amount, or "".
func changeBase(s, change string) string {
	amount := ""
	if len(change) > 1 {
		amount, _, _ = strings.Cut(strings.TrimLeft(change[1:], "+-"), " ")
		amount, _, _ = strings.Cut(amount, "/")
	}
	// Only what follows the change: "the 4k titles look mushy, give the
	// max bitrate +20%" changes no 4k.
	end := -1
	for _, re := range []*pattern{relScaleRE, relAddRE, relMoreRE, relZhRE, relZhPropRE, relPropRE, relPctRE, relFracMoreRE} {
		if loc := re.FindStringIndex(s); loc != nil && (end < 0 || loc[1] < end) {
			end = loc[1]
		}
	}
	if end < 0 {
		return ""
	}
	s = s[end:]
	var found []string
	for _, m := range baseRE.FindAllStringSubmatch(s, 8) {
		v := strings.TrimSpace(m[1])
		n := strings.TrimRight(v, "%个只条张位家项笔次台秒天 abcdefghijklmnopqrstuvwxyz")
		if n == amount || strings.Contains(s, "+"+v) || strings.Contains(s, "-"+v) {
			continue
		}
		found = append(found, v)
	}
	if len(found) != 1 {
		return ""
	}
	return found[0]
}

// topicLeadRE is a sentence's topic stated first before a colon: "rollout
// 再改一下：…", "queue name: …".
var topicLeadRE = mustPattern(`^\s*([A-Za-z][\w.\-]*(?:\s+[A-Za-z][\w.\-]*)?|\p{Han}{2,6})\s*(?:再改一下|改一下|调整一下|再调一下|的话)?\s*[:：]`)

// statedWith is the newest current value whose statement names the
// setting a change names right beside the value's own name, when its key
// holds other words ("watermark 延迟
// 改成 10 s" is held as 延迟; "watermark 改回原来的" changes it).
func (r *Reducer) statedWith(name string) *Anchor {
	name = strings.ToLower(strings.TrimSpace(name))
	if len(name) < 3 {
		return nil
	}
	var best *Anchor
	for _, a := range r.hot {
		q, n := strings.ToLower(a.Quote), strings.ToLower(a.Name)
		if a.Kind == KindValue && a.Lifecycle == Current && n != "" && (strings.Contains(q, name+" "+n) || strings.Contains(q, name+n) || strings.Contains(q, n+" "+name) || hanNear(q, n, name)) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// findIf runs re on s only when its cue words are there (ok).
func findIf(ok bool, re *pattern, s string) []string {
	if !ok {
		return nil
	}
	return re.FindStringSubmatch(s)
}

// changeStart is where a relative change starts in s, -1 when none.
func changeStart(s string) int {
	start := -1
	for _, re := range []*pattern{relScaleRE, relAddRE, relMoreRE, relPropRE, relPctRE, relFracMoreRE} {
		if loc := re.FindStringIndex(s); loc != nil && (start < 0 || loc[0] < start) {
			start = loc[0]
		}
	}
	return start
}

// priorQtyRE is a setting and its number in a sentence: "the batch timeout
// of 20s", "timeout of 30s" (a gloss of "timeout de 30s"), "the pool is
// 12 connections".
var priorQtyRE = mustPattern(`(?i)(?:^|[\s(,])(?P<k>[\p{L}][\p{L}\d_\-]*(?:\s+[\p{L}][\p{L}\d_\-]*){0,3}?)\s+(?:(?:of|from|is|at|=|:|was|von|de|di|du)\s+){0,2}(?P<v>\d+(?:\.\d+)?\s*(?:` + relUnit + `|mm|cm|m|pt)?)(?:$|[\s.,;:!?)…])`)

// reportingVerbs say who said a thing: "Halyna says", "Dana thinks".
var reportingVerbs = wordSet(`says said thinks thought wants wanted reckons suggests suggested writes wrote mentioned believes feels asks asked told tells`)

// priorQuantity is the setting and value the sentence before a change
// names a pronoun refers to: its one number, with the words before it
// (articles, pronouns and who said it dropped), or "" when it has none or
// several; a number said by someone and naming nothing is the value alone.
func priorQuantity(s string) (name, value string) {
	ms := priorQtyRE.FindAllStringSubmatch(s, 3)
	if len(ms) != 1 || len(baseRE.FindAllString(s, 3)) > 1 {
		return "", ""
	}
	var ws []string
	reported := false
	for _, w := range strings.Fields(ms[0][priorQtyRE.SubexpIndex("k")]) {
		lw := strings.ToLower(w)
		if reportingVerbs[lw] {
			// "Halyna says 30% is too much, a third less": who said
			// it names no setting
			ws, reported = ws[:0], true
			continue
		}
		if stopwords[lw] || pronounRE.MatchString(lw) || lw == "or" {
			ws = ws[:0]
			continue
		}
		ws = append(ws, w)
	}
	if len(ws) == 0 && reported {
		return "", strings.TrimSpace(ms[0][priorQtyRE.SubexpIndex("v")])
	}
	if len(ws) == 0 || len(ws) > 3 {
		return "", ""
	}
	return strings.Join(ws, " "), strings.TrimSpace(ms[0][priorQtyRE.SubexpIndex("v")])
}

// activeVerb is the verb of a change relPassiveRE reads, as relPropRE
// reads it.
var activeVerb = map[string]string{"raised": "raise", "increased": "increase", "bumped": "bump", "boosted": "boost", "extended": "extend",
	"lifted": "lift", "grown": "grow", "lowered": "lower", "cut": "cut", "reduced": "reduce", "decreased": "decrease", "trimmed": "trim",
	"shrunk": "shrink", "dropped": "drop", "scaled": "scale"}

// activeChange returns s with a change said in the passive ("Dana wants
// the quota memory raised by half") said in the active ("… raise the
// quota memory by half"), which relPropRE reads.
func activeChange(s string) string {
	m := relPassiveRE.FindStringSubmatchIndex(s)
	if m == nil {
		return s
	}
	g := func(n string) string {
		i := relPassiveRE.SubexpIndex(n)
		if m[2*i] < 0 {
			return ""
		}
		return s[m[2*i]:m[2*i+1]]
	}
	k := g("k")
	if i := strings.Index(k, " for "); i > 0 {
		// "the quota memory for the default tier": the setting is
		// named before what it is for
		k = k[:i]
	}
	return s[:m[0]] + activeVerb[strings.ToLower(g("v"))] + " " + g("det") + " " + k + " " + g("d") + g("prep") + " " + s[m[1]:]
}

// seqText is a message's text and its seq.
type seqText struct {
	seq  int
	text string
}

// agentHeldBefore is the value the agent last stated for o's setting
// before o was set ("BATCH_SIZE = 5000." before the user's "make the
// batch size 10000"), other than o's own, or "": what "go back to the old
// value" returns to when the user never said the old value. Only what
// came before o counts: the agent's confirmation of o, or of a later
// plan, is no earlier value.
func (r *Reducer) agentHeldBefore(o *Anchor) string {
	var before []string
	for _, m := range r.agentSaid {
		if m.seq < o.Seq() {
			before = append(before, m.text)
		}
	}
	return heldBefore(before, o.Name, o.Value)
}
