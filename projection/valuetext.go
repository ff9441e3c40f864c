// Values stated in prose: the sentence-level readers (values, named, listed,
// environment values) and the filters that drop what is not a setting.

package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// values finds the values a sentence sets: those of the sentence whole,
// or, when they find more, those of its clauses ("时间格式用 RFC3339，然后
// 单行最大长度设成 4096") or its comma- and dash-separated parts ("oh wait,
// page size should be 25 not 50, sorry — I misremembered").
func values(s, lastKey, lastName string, corr bool, scope string, terse bool) []Proposal {
	if dismissed(s) || otherPast(s) {
		// "btw the standup got moved to 11, whatever": chatter the user
		// waves off sets nothing.
		return nil
	}
	if ev := envValues(s, scope); ev != nil {
		return ev
	}
	if p, ok := setNotValue(s, scope); ok {
		return []Proposal{p}
	}
	out := valuesOne(s, lastKey, lastName, corr, scope, terse)
	for _, parts := range [][]string{clauses(s), segmentRE.Split(s, -1), andValuesRE.Split(s, -1)} {
		if len(parts) < 2 || len(out) > 1 && !slices.ContainsFunc(out, copulaKey) {
			continue
		}
		// A part alone names no setting by pronoun ("不是 4" is not about
		// the setting named last): each part is read without one.
		var union []Proposal
		for _, c := range parts {
			if c = strings.TrimSpace(c); c != "" {
				union = partSaid(union, c, func(k, n string) []Proposal { return valuesOne(c, k, n, corr, scope, terse) })
			}
		}
		if andValuesRE.MatchString(s) && len(parts) == len(andValuesRE.Split(s, -1)) && slices.ContainsFunc(union, func(p Proposal) bool { return !strings.ContainsAny(p.Value, "0123456789") }) {
			// "… are read-only and must never be modified": two settings
			// joined by "and" are two numbers ("the timeout is 30s and
			// retries are 3"), not a state and a rule.
			continue
		}
		if len(union) > len(out) || len(union) == len(out) && len(union) > 0 && slices.ContainsFunc(out, copulaKey) && !slices.ContainsFunc(union, copulaKey) {
			out = union
		}
	}
	out = casesDropped(s, out)
	if len(out) == 0 {
		// "参数：心跳间隔 60s", "MeterValueSampleInterval 60s。", "服务费 0.8
		// 元/度": a name and its value, no verb.
		out = namedValues(s, scope)
	}
	if lv := listValues(s, scope); len(lv) >= len(out) && len(lv) > 0 {
		// A list of settings is read as one ("lr 3e-4, batch size 64
		// per gpu, 30 epochs"), not part by part.
		out = lv
	}
	if m := zhJustRE.FindStringSubmatch(s); len(out) == 0 && m != nil && lastKey != "" {
		// "算了，就 3 天吧", "ok, 24 it is": the value settled on, for
		// the setting named last.
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: cleanValue(m[1] + m[2] + m[3]), Quote: s, Correction: true})
	}
	if len(out) == 0 {
		if m := keylessNotRE.FindStringSubmatch(s); m != nil {
			// "啊打错了，是 8192，不是 4096": the setting that holds the
			// replaced value, else the one set last.
			v := cleanValue(m[keylessNotRE.SubexpIndex("v")] + m[keylessNotRE.SubexpIndex("v2")] + m[keylessNotRE.SubexpIndex("v3")] + m[keylessNotRE.SubexpIndex("v4")])
			was := cleanValue(m[keylessNotRE.SubexpIndex("a")] + m[keylessNotRE.SubexpIndex("a2")] + m[keylessNotRE.SubexpIndex("a3")] + m[keylessNotRE.SubexpIndex("a4")])
			if specific(v) && specific(was) {
				out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Was: was, Quote: s, Correction: true, Refers: true})
			}
		}
	}
	return comparedValues(s, dropClockRemarks(dropWordValues(dropNegated(s, answersByNumberDropped(out)))))
}

// setNotValue is the value sentence s sets with the one it replaces
// (setNotRE), ok false when none.
func setNotValue(s, scope string) (Proposal, bool) {
	m := setNotRE.FindStringSubmatch(s)
	if m == nil {
		return Proposal{}, false
	}
	k := strings.TrimSpace(m[setNotRE.SubexpIndex("k")] + m[setNotRE.SubexpIndex("k2")])
	if k == "" || stopwords[strings.ToLower(k)] || nonVerbs[strings.ToLower(strings.Fields(k)[0])] {
		return Proposal{}, false
	}
	v, was := m[setNotRE.SubexpIndex("v")], m[setNotRE.SubexpIndex("a")]
	if f := strings.Fields(v); len(f) == 2 {
		was += " " + f[1]
	} else if i := strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && !strings.ContainsAny(v[i:i+1], ".,") {
		was += v[i:]
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: v, Was: was, Quote: s, Correction: true, Scope: scope, Stated: true}, true
}

// copulaKey reports whether p is a value under such a name.
func copulaKey(p Proposal) bool {
	return p.Kind == KindValue && copulaKeyRE.MatchString(p.Key[strings.LastIndex(p.Key, "/")+1:])
}

// comparedValues shows a value whose number is the amount of a
// comparison the setting is not computed from ("make it 6 dB more
// sensitive": by how much, in which direction, the words say, not the
// number) as unresolved, so that the amount is never read as the value.
func comparedValues(s string, props []Proposal) []Proposal {
	for i, p := range props {
		if p.Kind != KindValue || p.Rel != "" || !strings.ContainsAny(p.Value, "0123456789") {
			continue
		}
		j := strings.Index(s, p.Value)
		if j < 0 {
			continue
		}
		if m := comparedRE.FindString(s[j+len(p.Value):]); m != "" {
			props[i].Value = "unresolved: " + strings.TrimSpace(p.Value+m) + ", from a value not stated"
		}
	}
	return props
}

// withPrior is sentence i of sents with the sentence before it, where
// an "it" may point back to a number ("4 workers will fight the app for
// locks. Drop it to 2.").
func withPrior(sents []string, i int) string {
	if i == 0 {
		return sents[i]
	}
	return sents[i-1] + " " + sents[i]
}

// dropWordValues drops a value that is one plain word of no value of its
// own: a function word, or a word of wordValues.
func dropWordValues(props []Proposal) []Proposal {
	return slices.DeleteFunc(props, func(p Proposal) bool {
		if p.Kind != KindValue {
			return false
		}
		v := strings.ToLower(strings.TrimSpace(p.Value))
		if v == "" || strings.ContainsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) {
			return false
		}
		return wordValues[v] || stopwords[v]
	})
}

// dropClockRemarks drops a time of day said as the time it is now ("Udah
// jam 16.20, aku pulang dulu", "es ist schon 17.30"): a value whose name
// is only words of the clock and of "it is now". A time given to a
// setting ("the backup runs at 02.30", "rapat jam 16.20") keeps its name.
func dropClockRemarks(props []Proposal) []Proposal {
	return slices.DeleteFunc(props, func(p Proposal) bool {
		if p.Kind != KindValue || !clockTimeRE.MatchString(strings.TrimSpace(p.Value)) {
			return false
		}
		name := p.Name
		if name == "" {
			name = strings.ReplaceAll(p.Key[strings.LastIndexByte(p.Key, '/')+1:], "_", " ")
		}
		words := strings.Fields(strings.ToLower(name))
		for _, w := range words {
			if !nowClockWords[strings.Trim(w, ".,;:!?")] {
				return false
			}
		}
		return len(words) > 0
	})
}

// dismissed reports whether s ends waving itself off (dismissRE), read
// only when its last words hold one of the words.
func dismissed(s string) bool {
	tail := strings.ToLower(s[max(0, len(s)-16):])
	for _, w := range []string{"whatever", "lol", "lmao", "haha", "kkk", "anyway"} {
		if strings.Contains(tail, w) {
			return dismissRE.MatchString(s)
		}
	}
	return false
}

// movedCue reports whether s may say a setting moved (valueMovedRE): a
// number and a verb of moving, or a Japanese or Chinese one.
func movedCue(s string) bool {
	if !strings.ContainsAny(s, "0123456789") {
		return false
	}
	for _, c := range []string{"延", "変", "ずれ", "前倒し", "推迟", "改", "なり"} {
		if strings.Contains(s, c) {
			return true
		}
	}
	ls := strings.ToLower(s)
	for _, c := range []string{"extended", "moved", "pushed", "postponed", "bumped", "changed", "shifted", "raised", "lowered", "reduced", "increased", " set ", "brought"} {
		if strings.Contains(ls, c) {
			return true
		}
	}
	return false
}

// envValues reads a setting given a value per place (envValuesRE) as
// one value for each place: the place is the value's entity
// ("value/stg/worker_concurrency"), so neither hides the other.
func envValues(s, scope string) []Proposal {
	m := envValuesRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return nil
	}
	k := strings.TrimSpace(m[envValuesRE.SubexpIndex("k")])
	e1 := strings.ToLower(strings.TrimRight(m[envValuesRE.SubexpIndex("e1")], ".-"))
	e2 := strings.ToLower(strings.TrimRight(m[envValuesRE.SubexpIndex("e2")], ".-"))
	if f := strings.Fields(strings.ToLower(k)); len(f) == 0 || stopwords[f[0]] || nonVerbs[f[0]] || e1 == e2 || constraintRE.MatchString(k) {
		return nil
	}
	if f := strings.Fields(strings.ToLower(k)); m[envValuesRE.SubexpIndex("sep")] == "" && len(f) == 1 && (!strings.HasSuffix(f[0], "s") || auxes[f[0]]) {
		// "replicas 2 for dev, 6 for prod" names its setting by a
		// plural noun; "ran 3 in March, 5 in April" names none
		return nil
	}
	prop := strings.ToLower(strings.Join(strings.Fields(k), "_"))
	var out []Proposal
	for _, ev := range [][2]string{{e1, m[envValuesRE.SubexpIndex("v1")]}, {e2, m[envValuesRE.SubexpIndex("v2")]}} {
		v := cleanValue(ev[1])
		if v == "" || stopwords[strings.ToLower(v)] {
			return nil
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + ev[0] + "/" + prop, Name: k + " (" + ev[0] + ")", Value: v, Quote: s, Scope: scope})
	}
	return out
}

// namedValues are the values sentence s names with no verb (nameValueRE):
// a code identifier's anywhere, Chinese names' in a sentence labelled as
// settings or naming two or more (one alone, "不错，回撤 11.3%", is more
// often a result told than a setting).
func namedValues(s, scope string) []Proposal {
	var out, han []Proposal
	named, units := false, false
	for _, c := range nvClauseRE.Split(s, 16) {
		m := nameValueRE.FindStringSubmatch(strings.TrimSpace(c))
		if m == nil {
			continue
		}
		k, v := m[nameValueRE.SubexpIndex("h")], m[nameValueRE.SubexpIndex("hv")]
		if k == "" {
			k, v = m[nameValueRE.SubexpIndex("i")], m[nameValueRE.SubexpIndex("iv")]
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + identKey(k), Name: k, Value: cleanValue(v), Quote: s, Scope: scope})
			continue
		}
		if !notNameRE.MatchString(perUnitRE.ReplaceAllString(k, "$1")) {
			han = append(han, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: cleanValue(v), Quote: s, Scope: scope})
			// "redis 超时 800ms": a system's name, a setting of it and a
			// number with its unit name a setting alone.
			unit := strings.TrimLeft(v, "0123456789.") != ""
			named = named || k[0] < utf8.RuneSelf && unit
			units = units || unit
		}
	}
	if !units {
		// "任务 1，步骤 2": bare numbers after names count things; a
		// setting among them has its unit.
		han = nil
	}
	if len(han) >= 2 || len(han) == 1 && (settingsLabelRE.MatchString(s) || named) {
		out = append(out, han...)
	}
	return out
}

// identKey is a code identifier as a value's key: its words in lower
// case joined by "_" ("MeterValueSampleInterval" is
// meter_value_sample_interval, as "meter-value-sample-interval" in a
// file is).
func identKey(id string) string {
	var b strings.Builder
	for i, r := range id {
		if unicode.IsUpper(r) && i > 0 && !unicode.IsUpper(rune(id[i-1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// listValues reads a sentence that lists two or more settings with their
// values, separated by commas: each item is a value.
func listValues(s, scope string) []Proposal {
	if strings.Count(s, ",")+strings.Count(s, "，") < 1 {
		return nil
	}
	var out []Proposal
	for _, part := range segmentRE.Split(s, -1) {
		m := listItemRE.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			continue
		}
		k := m[listItemRE.SubexpIndex("k")] + m[listItemRE.SubexpIndex("k2")]
		v := m[listItemRE.SubexpIndex("v")] + m[listItemRE.SubexpIndex("v2")]
		if per := m[listItemRE.SubexpIndex("per")]; per != "" {
			k += " per " + per
		}
		// "timeout is 30s, retries 3": the name without its copula.
		k = copulaTailRE.ReplaceAllString(k, "")
		if k == "" {
			continue
		}
		if f := strings.Fields(strings.ToLower(k)); stopwords[f[0]] || nonVerbs[f[0]] || constraintRE.MatchString(k) {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: cleanValue(v), Quote: s, Scope: scope})
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

var (
	// valueAtRE sets a bound with "at": "cap the retries at 5", "limit
	// the pool at 20", "keep the timeout at 30s".
	valueAtRE = mustPattern(`(?i)\b(?:cap|limit|keep|hold|set)\s+(?:the\s+)?(?P<k>[\p{Latin}\p{Arabic}\d_.\-/]+(?:\s[\p{Latin}\p{Arabic}\d_.\-/]+){0,3}?)\s+at\s+(?P<v>` + valPat + `)`)
	// valueFixedRE is a setting someone fixed at a value: "the base rate
	// is finalised at Rs 40.50", "the budget was confirmed at 12k".
	valueMeasuredRE = mustPattern(`(?i)\bmeasured\s+(?:the\s+|our\s+)?(?P<k>[\p{L}_\-]+(?:\s[\p{L}_\-]+){0,2}?)\s+(?:(?:on|for|with|in|of)\s+[^,;.]{1,40}?\s+)?at\s+(?P<v>\d[\d.,]*\s?(?:%|[\p{L}]{1,6})?(?:\s(?:per|a|an)\s\p{L}{2,12})?)`)
	valueFixedRE    = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|btw|update)[,:]?\s+)?(?:the\s+|our\s+)?(?P<k>[\p{L}\d_.\-/]+(?:\s[\p{L}\d_.\-/]+){0,3}?)\s+(?:is|was|has been|have been|got|is now)\s+(?:finali[sz]ed|fixed|confirmed|locked|agreed|set|settled|approved|measured)\s+(?:at|to)\s+(?P<v>(?:rs\.?|inr|usd|eur|₹|\$|€|£)?\s?\d[\d.,]*(?:\s?(?:%|k|m|ms|s|seconds?|minutes?|hours?|days?|gb|mb))?)`)
	// valueOfRE is a setting chosen with "of": "use a tile size of 256
	// px", "keep a retention of 14 days", "go with a timeout of 30 s",
	// "new users get a welcome bonus of 5 points", "for registering: a
	// welcome bonus of 5 points".
	valueOfRE = mustPattern(`(?i)(?:\b(?:use|keep|set|want|need|go with|try|pick|choose|take|prefer|with|gets?|give|gives|receives?|award|grant|apply|allow|add)|:)\s+(?:a|an|the)\s+(?P<k>[\p{L}\d_.\-/]+(?:\s[\p{L}\d_.\-/]+){0,3}?)\s+of\s+(?P<v>` + sizedNum + `)(?:$|[\s.,;!?—–)])`)
	// valueUnitNounRE is a number and unit before the noun it sizes,
	// chosen with a verb: "go with 256 px tiles", "we'll want 300 ms
	// debounce", "use 8 MB chunks" (a unit is needed: "use 4 workers"
	// is read as a rule).
	valueUnitNounRE = mustPattern(`(?i)\b(?:use|want|need|go with|try|pick|choose|take|prefer|keep)\s+(?P<v>\d[\d.,_]*\s?(?:ms|secs?|seconds|minutes|mins?|hours|days|kb|mb|gb|tb|px|pt|dpi)|\d[\d.,_]*\s?%)\s+(?P<k>\p{L}[\p{L}\d_\-]*(?:\s\p{L}[\p{L}\d_\-]*)?)(?:$|[\s.,;!?—–)])`)
	// valueForRE is a setting named as a topic and given as a proposal:
	// "for the tiles I was thinking 256 px", "for the timeout, I'd go
	// with 30 s".
	valueForRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw)[,]?\s+)*for\s+(?:the\s+|our\s+)?(?P<k>[\p{L}\d_.\-/]+(?:\s[\p{L}\d_.\-/]+){0,3}?),?\s+(?:i\s+was\s+thinking|i'?m\s+thinking|i\s+think|i'?d\s+(?:go\s+with|say|use|pick|do)|let'?s\s+(?:do|use|go\s+with|say)|we\s+(?:use|want|need)|use|go\s+with|maybe|probably)\s+(?:about\s+|around\s+)?(?P<v>` + sizedNum + `)(?:$|[\s.,;!?—–)])`)
	// valueEveryRE is a thing done at an interval: "refresh every 30
	// seconds", "poll the queue every 5 minutes", "the cron runs every 10
	// minutes".
	valueEveryRE = mustPattern(`(?i)(?:^|[,;:]\s*|\b(?:and|then|so)\s+)(?:(?:the|a|our)\s+)?(?P<k>[a-z\p{L}][\p{L}\w\-]*(?:\s+(?:the\s+)?[\p{L}][\p{L}\w\-]*){0,2}?)\s+(?:(?:runs?|happens?|fires?|goes|is run|should run)\s+)?every\s+(?P<v>\d+(?:\.\d+)?\s*(?:ms|s|secs?|seconds?|minutes?|mins?|h|hours?|days?|weeks?))\b`)
	// valueMakeRE sets a setting to a number with "make": "make the
	// timeout 8 s", "make the batch size 300" (the number ends the
	// clause: "make the tests 3 times faster" sets nothing).
	valueMakeRE = mustPattern(`(?i)\bmake\s+(?:the\s+|our\s+)(?P<k>[\p{Latin}\p{Arabic}\d_.\-/]+(?:\s[\p{Latin}\p{Arabic}\d_.\-/]+){0,3}?)\s+(?P<v>` + dayPat + `|(?:[$€£]\s?)?[+-]?\d[\d.,_]*(?:\s?` + measureUnit + `\b|/(?:s|sec|min|h)\b|%|€)?(?:` + perTail + `)?)\s*(?:$|[.,;!?]|\s+(?:instead|then|too|again|please|pls|for now)\b)`)
	// dayIsRE is a setting said to be a day: "the deadline is Friday",
	// "the release date is 2026-03-10".
	dayIsRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|btw)[,]?\s+)?(?:the\s+|our\s+)?(?P<k>[\p{Latin}\d_.\-/ ]{2,60}?)\s+(?:is|is now|will be|should be)\s+(?:on\s+)?(?P<v>` + dayPat + `)\s*[.!]?$`)
	// dueRE is a thing said to be due on a day: "the report is due
	// Wednesday the 12th", "the invoice run is due on 2026-03-01".
	dueRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|btw)[,]?\s+)?(?:the\s+|our\s+)?(?P<k>[\p{Latin}\d_.\-/]+(?:\s[\p{Latin}\d_.\-/]+){0,3}?)\s+(?:is|are)\s+(?:now\s+)?due\s+(?:to\s+\p{Lu}[\p{Latin}\-]*\s+)?(?:on\s+|by\s+)?(?P<v>` + dayPat + `)\s*[.!]?$`)
	// segmentRE splits a sentence at commas and dashes.
	segmentRE = mustPattern(`,\s+|\s+[—–]+\s+|\s+-\s+|[，；]`)
	// keylessNotRE is a value stated against the one it replaces with no
	// name: "是 8192，不是 4096", "sorry, 8192 not 4096", "it's 25, not 50".
	keylessNotRE = mustPattern(`(?i)(?:^|[，,：]\s*|:\s+)(?:是|应该是|it's|it is|i meant|should be)?\s*(?P<v>` + valPat + `)\s*[，,]?\s*(?:而不是|不是|,?\s*not)\s+(?P<a>` + valPat + `)\s*[。.!]?$|(?:^|[，,]\s*)是\s*(?P<v2>` + valPat + `)\s*[，,]\s*不是\s*(?P<a2>` + valPat + `)|(?:^\W*|,\s*|:\s+|^\W*[\p{L}\w.\-]+\s+)(?:no[,.!]?\s+)?(?:it's\s+|it is\s+)?not\s+(?P<a3>` + valPat + `)\s*[,;]?\s*(?:but|it's|it is|rather|а)\s+(?P<v3>` + valPat + `)\s*[.!]?$|(?:^|[，,：:]\s*)(?:不对[，,]?\s*)?不是\s*(?P<a4>` + valPat + `)\s*[，,]\s*(?:而)?是\s*(?P<v4>` + valPat + `)\s*[。.!！]?$`)
	// labelValueRE is a setting labelled with a colon and chosen with a
	// verb: "python version for the workers: target 3.10", "retries: make
	// it 5" (a bare "Round: 2/256" is a label, not a choice).
	labelValueRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also)[,]?\s+)?(?P<k>[A-Za-z][\w.\-]*(?:\s[A-Za-z][\w.\-]*){0,3}?)(?:\s+(?:for|of|in|on)\s+(?:the\s+)?[\w.\-/]+(?:\s[\w.\-/]+)?)?\s*[:：]\s*(?:use|target|set (?:it )?to|make it|go with|pick|choose)\s+(?P<v>` + valPat + `)\s*[.。]?$`)
	// labelWords are labels, not settings: "Note: 5", "Update: 3 left".
	labelWords = map[string]bool{"note": true, "reminder": true, "fyi": true, "update": true, "question": true, "todo": true, "ps": true, "objective": true,
		"goal": true, "task": true, "edit": true, "btw": true, "answer": true, "result": true, "status": true, "error": true, "warning": true}
)

// alsoTask reports whether s adds a task in passing (alsoTaskRE) and
// sets no value: "顺便把持仓数量再多加十只吧" changes a value.
func alsoTask(s, scope string) bool {
	if !alsoTaskRE.MatchString(s) {
		return false
	}
	if _, _, rel := relative(s); rel {
		return false
	}
	return len(values(s, "", "", false, scope, false)) == 0
}

// casesDropped is out without the values of a setting the sentence s
// assigns twice with two values ("exact_times=1 entries produce fixed
// departures; exact_times=0 entries are marked …"): cases told apart,
// no setting set.
func casesDropped(s string, out []Proposal) []Proposal {
	if len(out) < 2 || strings.Count(s, "=") < 2 {
		return out
	}
	vals := map[string]map[string]bool{}
	for _, p := range out {
		if p.Kind == KindValue && strings.Contains(s, p.Name+"=") {
			if vals[p.Key] == nil {
				vals[p.Key] = map[string]bool{}
			}
			vals[p.Key][p.Value] = true
		}
	}
	return slices.DeleteFunc(out, func(p Proposal) bool { return len(vals[p.Key]) > 1 })
}

// retractedDropped is out without the proposals quoting a sentence of
// text that the next sentence takes back ("no emojis in the commit
// messages. scratch that, emojis are fine.").
func retractedDropped(text string, out []Proposal) []Proposal {
	if !strings.Contains(text, " ") || len(out) == 0 {
		return out
	}
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		// "don't touch the schema for this — ah, scratch that, the
		// second one needs a kind column": the rule taken back in its
		// own sentence, no rule word after the taking back
		if p.Kind != KindConstraint {
			return false
		}
		loc := midTakeBackRE.FindStringIndex(p.Quote)
		return loc != nil && constraintRE.MatchString(p.Quote[:loc[0]]) && !constraintRE.MatchString(p.Quote[loc[1]:])
	})
	ss := sentences(text)
	for i := 1; i < len(ss); i++ {
		if !takeBackRE.MatchString(ss[i]) {
			continue
		}
		prev := strings.TrimSpace(ss[i-1])
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Kind != KindObjective && p.Quote != "" && (p.Quote == prev || strings.Contains(prev, p.Quote))
		})
	}
	return out
}

func bareCorrection(s, lastName string) string {
	ms := bareValRE.FindAllStringSubmatchIndex(s, -1)
	if len(ms) != 1 {
		return ""
	}
	// The correction words come first: in "three "Riverside" plaintiffs,
	// which we actually want" the value was named before any correction
	// and is not one.
	if c := correctionRE.FindStringIndex(s); c == nil || c[0] > ms[0][2] {
		return ""
	}
	v := s[ms[0][2]:ms[0][3]]
	if f := strings.Fields(strings.ToLower(s[:ms[0][2]])); len(f) > 0 && notBeforeValue[f[len(f)-1]] {
		// "non, pas 0.02", "no, not 0.02": the value turned down, not
		// the one taken
		return ""
	}
	rest := correctionRE.ReplaceAllString(s[:ms[0][2]]+" "+s[ms[0][3]:], " ")
	var words []string
	for _, w := range strings.Fields(strings.ToLower(rest)) {
		w = strings.Trim(w, ".,;:!?，。；：！？()\"'")
		if w != "" && !stopwords[w] && w != "that" && w != "scratch" {
			words = append(words, w)
		}
	}
	han := 0
	for _, r := range rest {
		if unicode.Is(unicode.Han, r) {
			han++
		}
	}
	names := strings.Fields(strings.ToLower(lastName))
	related := slices.ContainsFunc(words, func(w string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return len(n) >= 4 && len(w) >= 4 && n[:4] == w[:4] })
	})
	if len(words) > 2 && !related || han > 6 {
		return ""
	}
	return cleanValue(v)
}
