package projection

import (
	"slices"
	"strings"
)

// An option the user takes back as they say it, and one they drop later.
//
// "use hilt to inject the repo. no wait we dont have hilt anywhere,
// manual DI is fine just pass it thru the viewmodel factory": an option
// put forward (an imperative, or a tentative question: "the system zlib
// then?") and taken back at once with a reason ("no wait", "actually no",
// "on second thought", "不对", "算了") is negative knowledge holding the
// option and the reason; the course said after it ("manual DI is fine",
// "ok just keep miniz …", "就用 …") is the decision. An option the
// sentence before judged out in passing ("zlib-ng needs cmake on the
// build machines, we can't have that") is rejected with it.
//
// "ugh 1m47 on every CI run is too much. drop criterion, just make it an
// #[ignore]d test": a thing dropped (drop, remove, rip out, get rid of,
// ditch, 去掉, 不用…了) with the course taken in its place, or a setting
// turned back off ("turn shrinkResources back off, it strips the lottie
// files", "把 X 关回去"), with a reason, is a reversed choice: the thing
// is negative knowledge holding the reason, the new course a decision.
// A drop with neither a course nor a reason ("drop the temp table") is a
// step of the work, not read here.

// retractLeadRE opens a sentence that takes back the option before it.
var retractLeadRE = mustPattern(`(?i)^\W*(?:no+,?\s+wait|wait,?\s+no|actually,?\s+no|no,?\s+actually|hmm+,?\s+no|on second thought|no no+|nah,?\s+wait)\b[\s,.;:!—–-]*|^(?:不对|等等[，,]?不(?:对|行)?|算了|还是算了|不行不行)[，,。！!\s]*`)

// courseRE opens the course the user settles on: "manual DI is fine",
// "ok just keep miniz", "let's use …", "就用 …", "还是用 …".
var courseRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|then|fine|alright)[,]?\s+)*(?:just|let's|we'll|simply|instead)\b|^\W*[\w.\-/` + "`" + `]+(?:\s+[\w.\-/` + "`" + `]+){0,3}\s+(?:is|are)\s+(?:fine|enough|ok(?:ay)?|good enough|the way)\b|^\W*(?:(?:ok(?:ay)?|so|then|fine)[,]?\s+)*(?:use|keep|stick with|go with|switch to|pass|make it)\b|^(?:那就|就|还是|直接|改用)(?:用|走|保留|把)?`)

// tentativeRE is an option asked tentatively: "the system zlib then?",
// "what about X?", "X instead?", "用 X？".
var tentativeRE = mustPattern(`(?i)^\W*(?:what about|how about|maybe|or)\b.*[?？]\s*$|\b(?:then|instead)\s*[?？]\s*$|^(?:那|要不)?(?:用|换成|改用)\S.{0,30}[?？]\s*$`)

// zhOptionRE puts an option forward in Chinese: "用 Hilt 注入", "换成
// zlib-ng", "改用 …".
var zhOptionRE = mustPattern(`^(?:请|就|先|那)?(?:用|换成|改用|换用|上|引入)\s*[A-Za-z\p{Han}]`)

// rulesOutRE judges the thing of its sentence out in passing: "we can't
// have that", "that's a no-go", "not an option".
var rulesOutRE = mustPattern(`(?i)\b(?:we|i)\s+can(?:'t|not)\s+(?:have|do|use|afford|ship|take)\s+(?:that|it|this)\b|\bthat's\s+(?:a\s+)?no[- ]go\b|\b(?:that's|it's)\s+not an option\b|这个不行|用不了|不能用`)

// retractedOptions adds to out, for user text, the options taken back in
// it and the course settled on (see above), and drops what out read
// from the sentences taken back.
func retractedOptions(text string, out []Proposal) []Proposal {
	ss := sentences(text)
	for i := 1; i < len(ss); i++ {
		s := strings.TrimSpace(ss[i])
		loc := retractLeadRE.FindStringIndex(s)
		if loc == nil {
			continue
		}
		opt := strings.TrimSpace(ss[i-1])
		if !(workStart(opt) || imperative(opt) || zhOptionRE.MatchString(opt) || tentativeRE.MatchString(opt)) || isRule(opt) && !workStart(opt) {
			continue
		}
		rest := s[loc[1]:]
		cl := clauseSpans(rest)
		k := slices.IndexFunc(cl, func(c string) bool { return courseRE.MatchString(c) })
		why, course := "", ""
		if k >= 0 {
			why = strings.Join(cl[:k], "")
			course = strings.TrimSpace(strings.Join(cl[k:], ""))
		} else {
			why = rest
			if i+1 < len(ss) && courseRE.MatchString(ss[i+1]) && !questionRE.MatchString(ss[i+1]) {
				course = strings.TrimSpace(ss[i+1])
			}
		}
		why = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(why), ",;，；—–-"))
		if why == "" || course == "" || questionRE.MatchString(course) {
			// a take-back with no reason or no course in its place is
			// read elsewhere (retractedDropped)
			continue
		}
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Quote != "" && p.Kind != KindObjective && (strings.Contains(opt, p.Quote) || strings.Contains(s, p.Quote) || strings.Contains(course, p.Quote))
		})
		out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(opt), Value: oneLine(strings.TrimRight(opt, ".。"), valueRunes) + " — rejected: " + why,
			Quote: why, Links: append(mentions(opt), mentions(why)...)})
		if i >= 2 {
			// "zlib-ng needs cmake …, we can't have that. the system
			// zlib then? no wait — …": the option judged out before
			if p := strings.TrimSpace(ss[i-2]); rulesOutRE.MatchString(p) && !questionRE.MatchString(p) {
				out = slices.DeleteFunc(out, func(q Proposal) bool { return q.Quote != "" && strings.Contains(p, q.Quote) })
				out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(p), Value: p, Quote: p, Links: mentions(p)})
			}
		}
		out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(course), Value: course, Quote: course, Links: mentions(course)})
	}
	return out
}

// dropRE drops a thing (group x) the work took up: "drop criterion",
// "rip out the cache layer", "get rid of hilt", "去掉 criterion".
var dropRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|then|and|just)[,]?\s+)*(?:drop|remove|rip out|get rid of|ditch|scrap|back out)\s+(?:the\s+)?(?P<x>[\w.\-/` + "`" + `#\[\]]+(?:\s+(?:dependency|dep|crate|package|library|lib|plugin|module|layer|approach))?)\s*$|^(?:把\s*)?(?:去掉|删掉|拿掉|不用)\s*(?P<z>[\w.\-/` + "`" + `]+)\s*(?:了|吧)?$`)

// turnBackOffRE turns a setting back off: "turn shrinkResources back off",
// "switch X off again", "把 X 关回去", "X 还是关掉".
var turnBackOffRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|then|and|actually|ugh)[,]?\s+)*(?:turn|switch|set)\s+(?:the\s+)?(?P<x>[\w.\-/` + "`" + `]+)\s+(?:back\s+off|off\s+again|back\s+to\s+(?:false|off|disabled))\b|^(?:把\s*)?(?P<z>[\w.\-/` + "`" + `]+)\s*(?:关回去|还是关掉|又关掉|重新关掉|关掉吧)`)

// dropWhyRE is a complaint that gives the reason for a drop: "1m47 on
// every CI run is too much", "too slow", "太慢了".
var dropWhyRE = mustPattern(`(?i)\b(?:too\s+(?:much|slow|long|big|heavy|many|fat|flaky|expensive)|is\s+(?:way\s+)?overkill|not worth it|kills? (?:the|our) (?:ci|build))\b|太(?:慢|久|大|重|多|贵)了?`)

// droppedChoices adds to out, for user text, the things dropped or
// turned back off with a reason or a course in their place (see above).
func droppedChoices(text string, out []Proposal) []Proposal {
	ss := sentences(text)
	for i, s := range ss {
		s = strings.TrimSpace(s)
		cl := clauseSpans(s)
		if len(cl) == 0 {
			continue
		}
		first := strings.TrimRight(strings.TrimSpace(cl[0]), ",;，；—–-. ")
		x, back := "", false
		if m := dropRE.FindStringSubmatch(first); m != nil {
			x = m[dropRE.SubexpIndex("x")] + m[dropRE.SubexpIndex("z")]
		} else if m := turnBackOffRE.FindStringSubmatch(first); m != nil {
			x, back = m[turnBackOffRE.SubexpIndex("x")]+m[turnBackOffRE.SubexpIndex("z")], true
		}
		if x == "" {
			continue
		}
		restCl := cl[1:]
		course := ""
		if k := slices.IndexFunc(restCl, func(c string) bool { return courseRE.MatchString(c) || insteadRE.MatchString(c) }); k >= 0 {
			course = strings.TrimSpace(strings.Join(restCl[k:], ""))
			restCl = restCl[:k]
		}
		why := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(strings.Join(restCl, "")), ",;，；—–-"))
		if why == "" && i > 0 && dropWhyRE.MatchString(ss[i-1]) && !questionRE.MatchString(ss[i-1]) {
			why = strings.TrimSpace(ss[i-1])
		}
		if why == "" || !back && course == "" || questionRE.MatchString(s) {
			continue
		}
		decided := course
		if back {
			decided = s
		}
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Quote != "" && p.Kind != KindObjective && p.Kind != KindValue && (strings.Contains(s, p.Quote) || strings.Contains(why, p.Quote))
		})
		out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(x), Value: strings.Trim(x, "`") + " — rejected: " + why,
			Quote: why, Links: mentions(x)})
		out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(decided), Value: decided, Quote: decided, Links: mentions(decided)})
	}
	return out
}

// offerReason is the first of the sentences ss, among the first two,
// that names a word of the offer and says something of it (no question,
// no rule, no request): why the offer was turned down.
func offerReason(ss []string, offer string) string {
	ow := map[string]bool{}
	for w := range terms(offer) {
		ow[w] = true
	}
	for i, s := range ss {
		if i == 2 {
			break
		}
		s = strings.TrimSpace(s)
		if s == "" || questionRE.MatchString(s) || isRule(s) || workStart(s) {
			continue
		}
		for w := range terms(s) {
			if ow[w] && len(w) > 3 && !reasonStop[w] {
				return s
			}
		}
	}
	return ""
}

// reasonStop are words an offer and a reason share that name nothing.
var reasonStop = wordSet(`that this with from have time last just then them they their there would could should`)
