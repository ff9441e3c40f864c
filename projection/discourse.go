package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// How a sentence relates to what was said before it.
//
// People correct themselves inside a sentence, point back at settings and
// rules with a demonstrative and a head noun, restate rules with a
// reminder, and qualify a permission in the same breath. The mechanisms
// here are few and read the shape of a sentence, not the words of one
// session; their word lists are short and closed:
//
//   - stems (stem): a word's stem for matching a reference to what it
//     names ("the requirements freeze" and "requirements.txt is frozen"):
//     identifiers split at their separators, a few English suffixes
//     dropped and the irregular participles of change verbs mapped
//     (irregularStems).
//   - self-repair (selfRepair): a repair marker inside a sentence ("—
//     actually wait no,", "no wait", "I mean", "不对", "哦不") retracts
//     the item just said and puts the one after the marker in its place
//     ("use polars — actually wait no, pandas" reads "use pandas"). The
//     retracted item is never read as current.
//   - restatement (restateMarkRE): "reminder:", "again", "as I said",
//     "再说一遍", "重申" mark a sentence as a rule said before: it adds a
//     source to the rule it names instead of making a new one.
//   - a permission qualified in the same breath (restrictRE): "X is fine
//     now, but only Y", "现在可以 X 了，但是只能 Y": the part after the
//     contrast is a rule of its own, stated by the same authority.
//   - a past attempt with its verdict and reason over several sentences
//     (attemptSpan), and a prohibition that points back at it with a
//     pro-form ("so don't go that way", anaphoricRuleRE): one negative
//     knowledge anchor, not a rule about "that way".
//   - hedged first-person proposals ("I'm thinking we go with X",
//     "how about we use X", "我觉得用 X") are decisions (userDecisionRE);
//     a retraction ("scratch the X key", retractRE) takes the decision
//     back, and the imperative after it in the same message replaces it.
var (
	// repairRE is a self-repair marker inside a sentence.
	repairRE = mustPattern(`(?i)(?:\s*[—–]+\s*|\s+-\s+|,\s*|\s+)(?:(?:oh|er|uh|um|hmm),?\s+)?(?:actually,?\s+(?:wait,?\s+)?no|no,?\s+wait|wait,?\s+no|sorry,?\s+(?:i mean|no)|i mean|i meant|or rather|scratch that|correction:?|(?:sorry|oops|no),|sorry)(?:\b|\s)[,:]?\s*|[，,]?\s*(?:不对|哦不|啊不|不不|我是说|说错了)[，,]?\s*`)
	// repairVerbRE finds the choice a repair restates with its verb
	// ("they're still on 3.10, use 3.10").
	repairVerbRE = mustPattern(`(?i)\b(?:use|go with|target|pick|choose|switch to|make it|set it to|with)\s+(` + valPat + `)|(?:用|改成|改为|设成|设为)\s*(` + valPat + `)`)
	// choiceObjRE is the object of the last choice verb in the retracted
	// part ("use polars for the new step").
	choiceObjRE = mustPattern(`(?i)\b(?:use|go with|target|pick|choose|switch to|stick with|move to|with|make it|set it to|to|is|be)\s+(` + valPat + `)|(?:用|改成|改为|设成|设为|是)\s*(` + valPat + `)`)
)

// preferLeadRE opens a repair with a word that prefers it: "better",
// "rather", "make it", "mejor", "melhor", "meglio", "besser", "plutôt".
var preferLeadRE = mustPattern(`(?i)^(?:(?:better|rather|instead|let's say|mejor|melhor|meglio|besser|lieber|doch lieber|plut[oô]t|mieux)[,:]?\s+)+`)

// selfRepair reads a sentence that corrects itself: it returns the
// sentence as corrected (the retracted item replaced by its repair, the
// rest after the marker dropped), the retracted item and the repair; ok
// false when s has no repair marker after some content.
func selfRepair(s string) (read, retracted, repair string, ok bool) {
	loc := repairRE.FindStringIndex(s)
	if loc == nil || strings.TrimSpace(s[:loc[0]]) == "" || len([]rune(strings.TrimSpace(s[:loc[0]]))) < 4 {
		return "", "", "", false
	}
	before, after := s[:loc[0]], strings.TrimSpace(s[loc[1]:])
	if after == "" {
		return "", "", "", false
	}
	// The repair: the choice its first clause restates with a verb, else
	// that clause when it is an item of its own (a reason may follow:
	// "Decimal, we never use f64 for money"), else the choice the rest
	// restates with a verb ("they're still on 3.10, use 3.10").
	first := after
	if loc := clauseEndRE.FindStringIndex(first); loc != nil {
		first = first[:loc[0]]
	}
	first = strings.TrimSpace(first)
	// "10 seconds, no, better 5 seconds", "10 segundos, no, mejor 5":
	// the word that prefers the repair is no part of it.
	first = strings.TrimSpace(preferLeadRE.ReplaceAllString(first, ""))
	short := first != "" && len(strings.Fields(first)) <= 3 && !stopwords[strings.ToLower(strings.Fields(first)[0])] && !nonVerbs[strings.ToLower(strings.Fields(first)[0])]
	switch {
	case lastSubmatch(repairVerbRE, first) != "":
		repair = lastSubmatch(repairVerbRE, first)
	case short:
		repair = first
	case len(strings.Fields(first)) <= 5 && oneNumber(first) != "" && lastNumRE.MatchString(before):
		// "… auf 10 s, nein, doch lieber 20 s": a number put in the
		// place of the one before the marker.
		repair = oneNumber(first)
	case lastSubmatch(repairVerbRE, after) != "":
		repair = lastSubmatch(repairVerbRE, after)
	default:
		// "no wait for approval": not an item put in another's place.
		return "", "", "", false
	}
	repair = cleanValue(repair)
	// The retracted item: the object of the last choice verb before the
	// marker, of the same sort as the repair (a number for a number).
	var at []int
	for _, m := range choiceObjRE.FindAllStringSubmatchIndex(before, -1) {
		g := 2
		if m[2] < 0 {
			g = 4
		}
		if m[g] < 0 {
			continue
		}
		v := before[m[g]:m[g+1]]
		if lv := strings.ToLower(v); lv == "the" || lv == "a" || lv == "an" || lv == "our" {
			// "go with the hand-rolled RecyclerView pager — wait no,
			// Paging 3": the noun phrase up to where the speaker broke
			// off.
			np := strings.TrimRight(before[m[g+1]:], " ,—–-")
			if n := len(strings.Fields(np)); n >= 1 && n <= 4 && !strings.ContainsAny(np, ",;:") && !numeric(repair) {
				at = []int{m[g], m[g+1] + len(np)}
			}
			continue
		}
		if lv := strings.ToLower(v); stopwords[lv] || nonVerbs[lv] {
			continue
		}
		if numeric(v) == numeric(repair) {
			at = []int{m[g], m[g+1]}
		}
	}
	if numeric(repair) {
		// "用 Go 1.21，不对，用 1.22": the last number before the marker,
		// where the speaker broke off, with its unit ("… up to 3 s on a
		// bad link, make the timeout 4 s... hmm no, make it 8 s": the 4 s).
		if ns := numUnitRE.FindAllStringIndex(before, -1); len(ns) > 0 && (at == nil || ns[len(ns)-1][0] > at[0]) {
			at = ns[len(ns)-1]
			if strings.TrimLeft(repair, "0123456789.") == "" {
				// A bare number repairs the number, not its unit.
				at = lastNumRE.FindStringIndex(before[at[0]:])
				at = []int{at[0] + ns[len(ns)-1][0], at[1] + ns[len(ns)-1][0]}
			}
		}
	}
	if suffix := strings.TrimLeft(repair, "0123456789. "); at != nil && numeric(repair) && suffix != "" && strings.HasPrefix(strings.TrimLeft(before[at[1]:], " "), suffix) {
		// "分片数 5个 不对 3个": the retracted number's unit goes with it.
		at = []int{at[0], at[1] + strings.Index(before[at[1]:], suffix) + len(suffix)}
	}
	if at != nil && repair != "" && strings.TrimLeft(repair, "0123456789.") == "" {
		// "go with 512 px tiles — actually, no, make it 256": a bare
		// number repairs the number of the item, not its unit.
		if loc := lastNumRE.FindStringIndex(before[at[0]:at[1]]); loc != nil && loc[0] == 0 {
			at = []int{at[0], at[0] + loc[1]}
		}
	}
	if at == nil && len(distinctive(repair)) > 0 {
		// "a plain f64 up front — wait no, rust_decimal::Decimal": an
		// identifier retracts the last identifier before the marker.
		ws := wordRE.FindAllStringIndex(before, -1)
		for i := len(ws) - 1; i >= 0 && at == nil; i-- {
			if w := strings.Trim(before[ws[i][0]:ws[i][1]], ".,:;"); len(distinctive(w)) > 0 && !numeric(w) {
				at = ws[i]
			}
		}
	}
	if at == nil {
		// "store keys in redis — hmm no, postgres": the retracted item
		// ends where the speaker broke off.
		if ws := wordRE.FindAllStringIndex(before, -1); len(ws) > 0 {
			w := ws[len(ws)-1]
			v := strings.ToLower(strings.Trim(before[w[0]:w[1]], ".,:;"))
			if !stopwords[v] && !nonVerbs[v] && numeric(v) == numeric(repair) && !strings.ContainsFunc(v, isCJK) {
				at = w
			}
		}
	}
	if at == nil {
		return "", "", "", false
	}
	retracted = cleanValue(before[at[0]:at[1]])
	if retracted == "" || strings.EqualFold(retracted, repair) || stopwords[strings.ToLower(repair)] {
		return "", "", "", false
	}
	read = strings.TrimRight(before[:at[0]]+repair+before[at[1]:], " ,—–-")
	if numeric(repair) {
		// "分片数 5个 不对 3个，副本 1": settings named after the repaired
		// one, each a name and its value, are kept.
		for _, c := range repairTail(s) {
			if c = strings.TrimRight(c, "。.!！ "); nameValueRE.MatchString(c) {
				read += "，" + c
			}
		}
	}
	return read, retracted, repair, true
}

// repairTail is the clauses of s after its repair's first clause ("we
// never use f64 for money" in "… — wait no, Decimal, we never use f64 for
// money"), each verbatim.
func repairTail(s string) []string {
	loc := repairRE.FindStringIndex(s)
	if loc == nil {
		return nil
	}
	segs := segmentRE.Split(s[loc[1]:], -1)
	var out []string
	for _, c := range segs[min(1, len(segs)):] {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// clauseEndRE ends a repair's first clause (a stop, not a decimal point).
var clauseEndRE = mustPattern(`[,，;；。]|\.(?:\s|$)`)

var lastNumRE = mustPattern(`\d+(?:\.\d+)*`)

// numUnitRE is a number with the unit written after it.
var numUnitRE = mustPattern(`(?i)\d+(?:\.\d+)*(?:\s?(?:ms|s|secs?|seconds?|minutes?|mins?|m|h|hours?|days?|d|weeks?|kb|mb|gb|tb|gi|mi|k|px|x|%|rows|items)\b|%)?`)

// oneNumber is the one number, with its unit, of a short clause ("doch
// lieber 20 s"), else "".
func oneNumber(s string) string {
	ns := numUnitRE.FindAllString(s, 3)
	if len(ns) != 1 {
		return ""
	}
	return strings.TrimSpace(ns[0])
}

// lastSubmatch is the first non-empty group of re's last match in s.
func lastSubmatch(re *pattern, s string) string {
	ms := re.FindAllStringSubmatch(s, -1)
	if len(ms) == 0 {
		return ""
	}
	for _, g := range ms[len(ms)-1][1:] {
		if g != "" {
			return g
		}
	}
	return ""
}

func numeric(v string) bool {
	v = strings.TrimLeft(v, "+-v")
	return v != "" && v[0] >= '0' && v[0] <= '9'
}

// irregularStems maps irregular forms of the verbs rules are made of to
// their base, so "frozen" names what "freeze" does.
var irregularStems = map[string]string{"frozen": "freeze", "froze": "freeze", "forbidden": "forbid", "forbade": "forbid", "written": "write",
	"wrote": "write", "broken": "break", "broke": "break", "chosen": "choose", "chose": "choose", "ran": "run", "taken": "take", "took": "take",
	"gone": "go", "went": "go", "done": "do", "did": "do", "kept": "keep", "left": "leave", "built": "build", "set": "set",
	// abbreviations said for the word ("the prod db" of "the production
	// database")
	"db": "database", "dbs": "database", "repo": "repository", "repos": "repository", "env": "environment", "envs": "environment",
	"config": "configuration", "configs": "configuration", "prod": "production", "deps": "dependency", "dep": "dependency"}

// stem is a word's stem for matching: lowercased, irregular forms mapped,
// one of the suffixes -ing, -ied, -ies, -ed, -es, -s, -e dropped (a stem
// keeps at least three letters; a consonant doubled before -ing or -ed is
// single again) and a final -y ("dependency", "dependencies").
func stem(w string) string {
	w = strings.ToLower(strings.Trim(w, ".,;:!?\"'`()[]{}"))
	if b, ok := irregularStems[w]; ok {
		w = b
	}
	for _, suf := range []string{"ing", "ied", "ies", "ed", "es", "s", "e"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-len(suf)]
			if n := len(w); (suf == "ing" || suf == "ed") && w[n-1] == w[n-2] && !strings.ContainsRune("aeiousl", rune(w[n-1])) {
				// "dropped", "running": one of the doubled consonants.
				w = w[:n-1]
			}
			break
		}
	}
	return strings.TrimSuffix(w, "y")
}

// stems are the stems of s's content words; identifiers are split at
// their separators ("requirements.txt" gives "requirement" and "txt";
// "loader_batch_size" gives three), and CJK runs give their bigrams.
func stems(s string) map[string]bool {
	out := map[string]bool{}
	for w := range terms(s) {
		if strings.ContainsFunc(w, isCJK) {
			out[w] = true
			continue
		}
		for _, p := range strings.FieldsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if len(p) >= 2 && !stopwords[p] {
				out[stem(p)] = true
			}
		}
	}
	return out
}

// restateMarkRE marks a sentence as a rule said again.
var restateMarkRE = mustPattern(`(?i)^\W*(?:reminder|remember|again|as i said|like i said|as mentioned|once more|once again|just to repeat|to repeat|repeat(?:ing)?)\b|\b(?:as i said(?: before| earlier)?|like i said|as mentioned(?: before| earlier)?)\s*[,.:]|再说一遍|再强调一下|再强调一遍|重申|提醒一下|还是那句话|再提醒|还是照旧|照旧|依然有效|仍然有效|还是老规矩`)

// restrictRE is the contrast that qualifies a permission in the same
// breath: "…, but only to staging", "…，但是只能…".
var restrictRE = mustPattern(`(?i)(?:[,;—–]\s*|\s+-\s+|\s+|^)(?:but|however|though only|as long as|provided(?: that)?|so long as)\b|[，,；;]?\s*(?:但是|不过|但|可是|只是)`)

// anaphoricRuleRE is a prohibition whose object is a pro-form pointing
// back at what was just described: "so don't go that way", "don't do
// that again", "别再这么做了".
var anaphoricRuleRE = mustPattern(`(?i)^(?:(?:so|and|ok(?:ay)?|yeah)[,]?\s+)*(?:please\s+|pls\s+)?(?:don't|do not|never|dont)\s+(?:go|do|try|take|use|repeat|attempt|head)(?:\s+(?:down|with|for|back to|into))?\s+(?:that|this|it|those)(?:\s+(?:way|route|road|path|approach|direction|idea|thing|again|one|route again))*\s*(?:again)?\s*[.!]?$|^(?:所以)?(?:别|不要)(?:再)?(?:这么|那么|这样|那样)(?:做|搞|弄|干)?了?[。.!！]?$|^(?:所以)?(?:别|不要)(?:再)?(?:用|碰|试|搞)(?:它|这个|那个)了?[。.!！]?$`)

// retractRE takes a decision back and says nothing else: "scratch the
// (order_id, updated_at) key", "drop the cursor idea" ("scratch the
// trigram thing, go back to LIKE" names its replacement itself and is
// read by userKnowledge).
var retractRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|hmm+|actually|no|wait|so|on second thought|yes|yeah|yep|right|sure|fine|alright|good (?:point|call))[,!.]?\s*(?:[—–]\s*|\s-\s*)?\s)*(?:scratch|drop|ditch|nix|forget|toss|throw out|never ?mind)\s+(?:the|that|this|my|our)\s+(?P<x>[^,;，；—–]{1,60}?)[.!。]?$|^(?:算了|不要)[，,]?\s*(?P<z>.{1,20}?)(?:那个|这个)?(?:方案|想法|主意)?(?:算了|不要了|作废)[。.!！]?$`)

// retractWhyRE is a retraction followed by its reason in a clause of its
// own: "scratch the edge-ngram thing, the index doubled in size".
var retractWhyRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|hmm+|actually|no|wait|so|on second thought|yes|yeah|yep|right|sure|fine|alright|good (?:point|call))[,!.]?\s*(?:[—–]\s*|\s-\s*)?\s)*(?:scratch|drop|ditch|nix|forget|toss|throw out|never ?mind)\s+(?:the|that|this|my|our)\s+(?P<x>[^,;，；—–?]{1,60}?)\s*[,;—–]\s*(?P<why>[^?？]{3,160}?)[.!。]?$`)

// sharedStems counts the stems a and b share, and their overlap (over the
// smaller).
func sharedStems(a, b map[string]bool) (int, float64) {
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	if len(a) == 0 || len(b) == 0 {
		return 0, 0
	}
	return n, float64(n) / float64(min(len(a), len(b)))
}

// acronymOf reports whether the acronym a (three or more capitals,
// "MSRV") abbreviates a phrase with the words ws: their initials are a
// subsequence of a that ends at a's last letter (the head noun is the
// acronym's last word: "rust version" for "MSRV").
func acronymOf(a string, ws []string) bool {
	if len(a) < 3 || len(ws) < 2 || strings.ToUpper(a) != a || strings.ContainsFunc(a, func(r rune) bool { return r < 'A' || r > 'Z' }) {
		return false
	}
	a = strings.ToLower(a)
	if ws[len(ws)-1] == "" || ws[len(ws)-1][0] != a[len(a)-1] {
		return false
	}
	i := 0
	for _, w := range ws {
		if w == "" {
			return false
		}
		j := strings.IndexByte(a[i:], w[0])
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return i == len(a)
}

// stemList is the stems of s as a list.
func stemList(s string) []string {
	var out []string
	for w := range stems(s) {
		out = append(out, w)
	}
	return out
}

// stemSubset reports whether every stem of ws is among have.
func stemSubset(ws []string, have map[string]bool) bool {
	if len(ws) == 0 {
		return false
	}
	return !slices.ContainsFunc(ws, func(w string) bool { return !have[stem(w)] })
}

// contrastLeadRE opens a sentence that qualifies what came before it.
var contrastLeadRE = mustPattern(`(?i)^(?:but|however|though|except that|as long as|provided(?: that)?|so long as)\b[,]?\s*|^(?:但是|不过|但|可是|只是)[，,]?\s*`)

// leadOf is s when it opens with a contrast ("But pin …"), else "".
func leadOf(s string) string {
	if contrastLeadRE.MatchString(s) {
		return s
	}
	return ""
}

// trimLead is s without its opening contrast.
func trimLead(s string) string {
	return contrastLeadRE.ReplaceAllString(s, "")
}

// splitRestriction splits a lift at a contrast after it ("… 现在可以跑
// make deploy 了，但是只能部署到 staging，prod 还是不能碰"): the lift, and
// the rule the contrast states ("" when it states none). Both are verbatim
// substrings of s.
func splitRestriction(s string) (lift, rule string) {
	l := liftRE.FindStringIndex(s)
	if l == nil {
		return s, ""
	}
	for _, m := range restrictRE.FindAllStringIndex(s[l[1]:], -1) {
		at := l[1] + m[0]
		r := strings.TrimLeft(s[at:], " ,;，；—–-")
		if r == "" || remainderOnlyRE.MatchString(r) {
			// "…, but the rest of vendor/ stays off-limits": the rule's
			// remainder, read with the lift (partLifted).
			continue
		}
		if !constraintRE.MatchString(r) && !imperative(trimLead(r)) {
			continue
		}
		lift = strings.TrimRight(s[:at], " ,;，；—–-")
		if lift == "" {
			return s, ""
		}
		return lift, r
	}
	return s, ""
}

// remainderOnlyRE is a contrast that keeps the rest of what a permission
// freed a part of, pointing at it ("but only that one", "the rest stays",
// "nothing else", "其他的还是不行"), not a new rule.
var remainderOnlyRE = mustPattern(`(?i)\b(?:only (?:that|this|these|those|there|here|the one)|nothing else|no other|the rest|rest of|everything else|anything else)\b|只(?:有)?(?:这|那)|其他|其余|其它|别的`)

// permitWordRE is a permission naming what it frees by a plain word:
// "you can use nightly for the benchmarks", "可以用 nightly 跑基准".
var permitWordRE = mustPattern(`(?i)\byou (?:may|can|are allowed to|are free to)\s+(?:now\s+)?(?:go ahead and\s+)?(?:use|run|touch|edit|modify|change|call|enable|turn on|deploy|restart|stop|start|delete|remove|drop|reboot|scale|upgrade|bump|update|push|merge|publish|release|rotate|migrate|reindex|retrain|launch|install)\s+(?P<x>[\w.\-/@]+)|可以(?:用|使用|跑|运行|改|动|碰|开启|重启|删|删除|升级|部署|发布|合并)\s*(?P<z>[\w.\-/@]+)`)

// zhTopicRuleRE names a rule by its topic and grants in its terms: "full
// refresh 那条：stg_refunds 可以 …".
var zhTopicRuleRE = mustPattern(`^(?P<t>[^，,：:]{1,24}?)\s*(?:那条|这条|的规矩|的规则|的限制)[：:，,]\s*.*可以`)

// zhTopicPermit is the topic of a rule a clause grants an exception to,
// or "".
func zhTopicPermit(c string) string {
	m := zhTopicRuleRE.FindStringSubmatch(c)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(m[1])
}

// exceptQuote is what an exception for thing x quotes: its clause c past
// a label that comes before x ("update on libraries: androidx stuff is
// fine"), to the end of the sentence s when s goes on to keep the rest
// ("you can restart redis-cache now, but only the replicas").
func exceptQuote(c, x, s string) string {
	if i := strings.LastIndexAny(c, ":："); i >= 0 && i < 60 && strings.Contains(c[i:], x) && !topicRE.MatchString(c) {
		_, size := utf8.DecodeRuneInString(c[i:])
		c = strings.TrimSpace(c[i+size:])
	}
	i := strings.Index(s, c)
	if i < 0 || i+len(c) >= len(s) {
		return c
	}
	if rest := s[i+len(c):]; remainderRE.MatchString(rest) || restrictRE.MatchString(rest) {
		return s[i:]
	}
	return c
}

// permittedWord is the word a permission clause frees ("nightly"), or ""
// for a pronoun or a determiner.
func permittedWord(c string) string {
	m := permitWordRE.FindStringSubmatch(c)
	if m == nil {
		return ""
	}
	x := strings.Trim(m[permitWordRE.SubexpIndex("x")]+m[permitWordRE.SubexpIndex("z")], ".,/")
	lx := strings.ToLower(x)
	if len(x) < 3 || stopwords[lx] || nonVerbs[lx] || lx == "them" || lx == "everything" || lx == "anything" {
		return ""
	}
	return x
}

// scopedRE marks a permission that frees a thing only somewhere or for
// something: an exception, not a lift.
var scopedRE = mustPattern(`(?i)\b(?:for|in|inside|under|within|only|just|on)\b|只|仅|里|中|では|でだけ|だけ|のみ|에서는|에서만|에선|에서`)

// verdictMoreRE are further verdicts a past attempt's next sentences
// give: it broke something, hung, scanned everything.
var verdictMoreRE = mustPattern(`(?i)\b(?:killed|hung|took forever|wiped(?: out)?|lost (?:a|all|the|their|our|his|her|whole|\w+ (?:days|weeks|months|hours) of)|stood (?:still|around|at|there)|ground to a halt|went up to|stalled|(?:was|were) down|outage|got paged|paged|full (?:table )?scan|oom|out of memory|deadlock(?:ed)?|corrupt(?:ed|s)?|got (?:flagged|rejected|blocked|reverted)|choked|fell over|(?:was|were) (?:flagged|rejected|blocked|reverted|rolled back)|rolled (?:it )?back|backed (?:it )?out|regress(?:ed|ion)|leaked)\b|卡死|全表扫描|挂了|被拒|回滚`)

// prohibitOpenRE is a sentence that opens with a prohibition ("Don't
// touch it.", "Never raise it again.", "Ne lance pas …" glossed).
var prohibitOpenRE = mustPattern(`(?i)^(?:(?:so|and|please)[,]?\s+)*(?:don'?t|do not|never|no)\b`)

// attemptSpan reads a past attempt told over several sentences: ss[i]
// says it was tried, one of the next two gives the verdict, and the one
// after may prohibit it by a pro-form ("so don't go that way"). It
// returns the verbatim span of text from the attempt to its last sentence
// and the index of that sentence, or "" when ss[i] opens no such span.
func attemptSpan(text string, ss []string, i int) (string, int) {
	s := ss[i]
	if !tried(s) || questionRE.MatchString(s) || laughRE.MatchString(s) && len(mentions(s)) == 0 && len(distinctive(s)) == 0 {
		return "", i
	}
	verdict := judged
	end := -1
	if verdict(s) {
		end = i
	} else {
		for j := i + 1; j < len(ss) && j <= i+2; j++ {
			if verdict(ss[j]) {
				end = j
				break
			}
			if anaphoricRuleRE.MatchString(ss[j]) {
				// "… so don't do that again": the prohibition is the
				// verdict.
				end = j - 1
				break
			}
		}
	}
	if end < 0 && incident(s) && i+1 < len(ss) && (keepItRE.MatchString(ss[i+1]) || anaphoricRuleRE.MatchString(ss[i+1]) || prohibitOpenRE.MatchString(ss[i+1])) {
		// "last spring someone raised GOMAXPROCS on the settle box, and
		// the batch starved the payments API. Keep it as is.": a
		// direction right after someone else's incident makes it a
		// warning, whatever words tell what went wrong.
		end = i + 1
	}
	if end < 0 {
		return "", i
	}
	if end+1 < len(ss) && (anaphoricRuleRE.MatchString(ss[end+1]) || keepItRE.MatchString(ss[end+1]) || len(terms(ss[end+1])) <= 3 && (negativeRE.MatchString(ss[end+1]) || verdictRE.MatchString(ss[end+1]) || noEffectRE.MatchString(ss[end+1]))) {
		// "… so don't go that way", "… dead end.": the verdict said
		// again on its own.
		end++
	}
	start := strings.Index(text, s)
	moved := false
	if i > 0 && start >= 0 && triedItRE.MatchString(s) && len(strings.Fields(ss[i-1])) >= 3 && !questionRE.MatchString(ss[i-1]) {
		// "I looked at X last night. Tried it on a branch and it blows
		// up": the attempt's thing is in the sentence before.
		if p := strings.Index(text, ss[i-1]); p >= 0 && p < start {
			start, moved = p, true
		}
	}
	if end == i && !moved {
		return "", i
	}
	if start < 0 {
		return "", i
	}
	e := strings.Index(text[start:], ss[end])
	if e < 0 {
		return "", i
	}
	span := text[start : start+e+len(ss[end])]
	if len([]rune(span)) > 2*maxSentence {
		return "", i
	}
	return span, end
}

// choiceLeadRE is a user's bare imperative choice of a named tool or
// approach: "use pandas for the new step", "go with pnpm", "switch to
// ruff" (after "and", "also", "so", "ok", "then", and the part of the work
// it is for: choiceTopic).
var choiceLeadRE = mustPattern(`(?i)^(?:(?:and|also|so|ok(?:ay)?|then|alright|right|sure|yes|yeah|yep|yup|fine|good|great|agreed|perfect|sounds good)[,!.]?\s+)*` + choiceTopic + `(?:please\s+|let's\s+|let us\s+|we'll\s+|just\s+)?(?:use|go with|switch to|stick with|pick|choose|adopt)\s+(?P<x>` + "`[^`\\n]{1,60}`" + `|[A-Za-z][\w.\-+#]*)\b|^(?:(?:可以|好的?|行|嗯|没问题|同意)[，,。！!]?\s*)*(?:那就|就|还是)?(?:用|使用|采用|改用|换用|换成|改成|切到|切换到|换到)\s*(?P<z>[A-Za-z][\w.\-+#]*)`)

// choiceTopic is the part of the work a choice is for, said before it:
// "the table: use useInfiniteQuery", "for the cache, use Redis" (a
// gloss's "the tabla: use …" too).
const choiceTopic = `(?:(?:for|in|on|as for)\s+(?:the\s+)?[\p{L}\d.\-/]+(?:\s+[\p{L}\d.\-/]+)?,\s+|(?:the\s+)?(?P<t>[\p{L}\d.\-/]+(?:\s+[\p{L}\d.\-/]+)?)\s?:\s+)?`

// choiceLabelRE is a word before a colon that labels the sentence
// ("important", "note", "rule", "update"), no part of the work.
var choiceLabelRE = mustPattern(`^(?:important|note|notes|nb|ps|fyi|btw|rule|rules|reminder|remember|tip|hint|update|also|warning|careful|attention|importante|nota|regla|ojo|recuerda|aviso|wichtig|hinweis|regel|achtung|remarque|règle|attention|lembrete|regra|atenção|importante|promemoria)$`)

// toPurposeRE is the purpose of a one-off step after a chosen tool.
var toPurposeRE = mustPattern(`(?i)^(?:\s+-{1,2}\S+)*\s+(?:to|so (?:that|we|you)|in order to)\s`)

// userChoice reads a user sentence as a choice of course that userKnowledge
// does not: a bare imperative choice of a named thing, or a retraction of
// an active decision (replaced by the imperative after it in the same
// message, whose index is put in *skip).
func userChoice(s string, i int, ss []string, ctx *Context, skip *int) ([]Proposal, bool) {
	m := retractRE.FindStringSubmatch(s)
	if m == nil {
		// "scratch the edge-ngram thing, the index doubled in size.": a
		// retraction with its reason, when the reason is no course of its
		// own ("…, go back to LIKE" names its replacement).
		if r := retractWhyRE.FindStringSubmatch(s); r != nil && !imperative(r[retractWhyRE.SubexpIndex("why")]) && !userDecisionRE.MatchString(r[retractWhyRE.SubexpIndex("why")]) {
			m = make([]string, retractRE.NumSubexp()+1)
			m[retractRE.SubexpIndex("x")] = r[retractWhyRE.SubexpIndex("x")]
		}
	}
	if m != nil {
		x := m[retractRE.SubexpIndex("x")] + m[retractRE.SubexpIndex("z")]
		if !retractsDecision(x, ctx.Decisions) {
			return nil, true
		}
		if i+1 < len(ss) {
			n := ss[i+1]
			if !questionRE.MatchString(n) && !isRule(n) && imperative(n) && len(terms(n)) >= minTerms {
				*skip = i + 1
				return []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(n), Value: n, Quote: n, Correction: true, Replaces: x, Links: mentions(n)}}, false
			}
		}
		return []Proposal{{Op: OpLift, Kind: KindDecision, Value: x, Quote: s}}, false
	}
	m = choiceLeadRE.FindStringSubmatch(s)
	if m == nil || isRule(s) || lookRE.MatchString(s) || choosesValue(s) || len(pins(s)) > 0 {
		return nil, true
	}
	if t := strings.Fields(strings.ToLower(m[choiceLeadRE.SubexpIndex("t")])); len(t) > 0 && choiceLabelRE.MatchString(t[len(t)-1]) {
		// "Important: use pnpm", "note: use the staging DB": a label
		// of the sentence, no part of the work
		return nil, true
	}
	x := strings.ToLower(cleanValue(m[choiceLeadRE.SubexpIndex("x")] + m[choiceLeadRE.SubexpIndex("z")]))
	if stopwords[x] || nonVerbs[x] || x == "something" || x == "whatever" || x == "them" {
		return nil, true
	}
	if toPurposeRE.MatchString(s[len(m[0]):]) {
		// "use pytest -k to run just that test": a tool for one step, not
		// a course.
		return nil, true
	}
	return []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(s), Value: s, Quote: s, Correction: correctionRE.MatchString(s), Links: mentions(s)}}, false
}

// retractsDecision reports whether the thing x a retraction names is an
// active decision's: they share a stem other than a generic noun.
func retractsDecision(x string, decisions []string) bool {
	xs := stems(x)
	for _, g := range []string{"thing", "idea", "approach", "plan", "one", "option", "方案", "想法"} {
		delete(xs, g)
	}
	if len(xs) == 0 {
		return len(decisions) > 0 && strings.TrimSpace(x) != "" && len(strings.Fields(x)) <= 1
	}
	for _, d := range decisions {
		if n, _ := sharedStems(xs, stems(d)); n > 0 {
			return true
		}
	}
	return false
}
