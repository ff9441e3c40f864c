package projection

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Numbers written in Chinese numerals.
//
// A Chinese user writes a setting's number in numerals as often as in
// digits: "超时改成一分钟吧", "阈值设成三十秒", "不是五百，是五千", "上限
// 一万二". A user sentence's values are read with such numbers in digits
// (hanNumerals), as a dictated English sentence's are (spoken.go); the
// quote stays the sentence as written. A numeral is read as a number only
// where it is one: before a unit or a measure ("一分钟", "三十秒", "两
// 倍"), or after a verb that sets a value or the word that states one
// ("改成五", "是五千"); "一下", "一起", "一个接口" (an article, not a
// count) and "十分" (very) stay words.

// hanDigit is the value of each Chinese digit.
var hanDigit = map[rune]int64{'零': 0, '〇': 0, '一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}

// hanMultiplier is the value of each Chinese multiplier.
var hanMultiplier = map[rune]int64{'十': 10, '百': 100, '千': 1000, '万': 10000, '亿': 100000000}

// hanNumber is the value of a run of Chinese numerals ("三十", "五千",
// "一万二千五百", "两百", "十五"); ok false when it is none. A run that
// ends in a digit after a multiplier abbreviates the next place ("一万二"
// is 12000, "三千五" 3500).
func hanNumber(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	var total, section, digit int64
	lastMul := int64(0)
	hasDigit, zero := false, false
	for _, r := range s {
		if d, ok := hanDigit[r]; ok {
			digit, hasDigit = d, true
			zero = zero || d == 0
			continue
		}
		m, ok := hanMultiplier[r]
		if !ok {
			return 0, false
		}
		if !hasDigit {
			if m != 10 || section != 0 || total != 0 {
				if m >= 10000 {
					// "万" alone after a section: "五千万"
					section = max(section, 1)
				} else {
					return 0, false
				}
			} else {
				digit = 1 // "十五": one ten
			}
		}
		if m >= 10000 {
			total = (total + section + digit) * m
			section = 0
		} else {
			section += digit * m
		}
		digit, hasDigit, lastMul, zero = 0, false, m, false
	}
	if hasDigit {
		if lastMul >= 100 && !zero {
			// "一万二", "三千五", "两百五": the digit fills the next place
			// ("一百零五" is 105: the zero says the place is skipped)
			digit *= lastMul / 10
		}
		section += digit
	}
	return total + section, true
}

// hanUnitsAfter are the units and measures a numeral before them counts,
// longest first; hanArticle are those after which "一" alone is an
// article ("一个接口", "一次").
var (
	hanUnitsAfter = []string{"毫秒", "分钟", "小时", "个月", "公里", "千米", "秒", "分", "天", "周", "倍", "元", "块", "%", "％", "成", "折",
		"个", "次", "条", "页", "行", "人", "台", "位", "张", "份", "遍", "度", "米", "克", "斤", "岁", "年", "月", "号", "点", "核", "线程", "进程", "副本", "节点", "兆", "G", "M", "K", "k"}
	hanArticle = map[string]bool{"个": true, "次": true, "条": true, "页": true, "行": true, "人": true, "台": true, "位": true, "张": true,
		"份": true, "遍": true, "点": true, "年": true, "月": true, "号": true, "度": true}
)

// hanSetBefore are the words after which a numeral states a value.
var hanSetBefore = []string{"改成", "改为", "设成", "设为", "设置为", "设置成", "调到", "调成", "调为", "调整为", "调整到", "提到", "降到", "加到", "减到",
	"是", "为", "到", "用", "留", "保留", "最多", "最少", "至少", "上限", "下限", "不超过", "不少于", "等于"}

// hanNumerals is sentence s with each Chinese numeral that counts a unit
// or states a value in digits; s itself when it has none.
func hanNumerals(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { _, d := hanDigit[r]; _, m := hanMultiplier[r]; return d || m }) {
		return s
	}
	var b strings.Builder
	changed := false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		_, d := hanDigit[r]
		_, m := hanMultiplier[r]
		if !d && !(m && r == '十') {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[j:])
			_, d2 := hanDigit[r2]
			_, m2 := hanMultiplier[r2]
			if !d2 && !m2 {
				break
			}
			j += n2
		}
		run := s[i:j]
		if v, ok := hanNumber(run); ok && hanCounts(s[:i], run, s[j:]) {
			b.WriteString(strconv.FormatInt(v, 10))
			changed = true
		} else {
			b.WriteString(run)
		}
		i = j
	}
	if !changed {
		return s
	}
	return b.String()
}

// hanCounts reports whether numeral run, between before and after in
// its sentence, is a number: before a unit, or after a word that sets
// or states a value; "一" alone before a classifier is an article.
func hanCounts(before, run, after string) bool {
	rest := strings.TrimLeft(after, " ")
	for _, u := range hanUnitsAfter {
		if strings.HasPrefix(rest, u) {
			if run == "一" && hanArticle[u] {
				return false
			}
			if run == "十" && u == "分" {
				// "十分": very
				return false
			}
			return true
		}
	}
	if run == "一" || run == "万" || run == "千" || run == "百" {
		// "一下", "一起", "万一": words
		return false
	}
	b := strings.TrimRight(before, " ")
	for _, w := range hanSetBefore {
		if strings.HasSuffix(b, w) {
			return true
		}
	}
	return false
}
