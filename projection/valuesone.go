// Values stated in one sentence (valuesOne) and its helpers: counts, sizes,
// terse settings.

package projection

import (
	"slices"
	"strings"
	"unicode"
)

func valuesOne(s, lastKey, lastName string, corr bool, scope string, terse bool) []Proposal {
	var out []Proposal
	// A setting named by reference ("the rust version thing we set
	// earlier") is read by its name; the quote stays verbatim.
	quote := s
	refers := referenceRE.MatchString(s)
	s = strings.Join(strings.Fields(referenceRE.ReplaceAllString(s, " ")), " ")
	topic := ""
	if m := topicRE.FindStringSubmatch(s); m != nil {
		topic = strings.TrimSpace(m[topicRE.SubexpIndex("k")] + m[topicRE.SubexpIndex("z")])
	} else if m := refTopicRE.FindStringSubmatch(s); m != nil && !stopwords[strings.ToLower(strings.TrimSpace(m[1]))] && discourseRE.ReplaceAllString(m[1], "") != "" && nounTopic(m[1]) {
		// "That line length limit, make it 16k", "coupon max length —
		// make it 20".
		topic = strings.TrimSpace(m[1])
		refers = refers || demonstrativeRE.MatchString(s)
	}
	add := func(k, f, was, v string, c bool) {
		k = strings.TrimSpace(k)
		k = discourseRE.ReplaceAllString(k, "")
		k = strings.TrimPrefix(strings.TrimPrefix(k, "the "), "The ")
		k = particleRE.ReplaceAllString(k, "")
		k = zhTail.ReplaceAllString(k, "")
		k = nowTrimmed(k)
		if relWordRE.MatchString(k) {
			// "减半是 3.5": the change, not a setting.
			return
		}
		ref := refers
		if loc := demonstrativeRE.FindStringIndex(k); loc != nil && !pronounRE.MatchString(k) {
			// "bump that batch thing up": a setting named by a
			// demonstrative and its head noun is one already held.
			k, ref = k[loc[1]:], true
		}
		v = valueNoPreposition(cleanValue(v))
		if f := strings.Fields(k); len(f) > 1 && tailPronouns[strings.ToLower(f[len(f)-1])] {
			// "the page count cap, double-check it's 50": a verb and
			// its pronoun name no setting; the topic does.
			if topic == "" {
				return
			}
			k = topic
		}
		if pronounRE.MatchString(k) {
			// "set it to 5s": the setting the sentence's topic names,
			// else the one named last.
			switch {
			case topic != "":
				k = topic
			case lastKey != "" && v != "" && !pronounNamesOther(s, lastName):
				out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Was: cleanValue(was), Quote: quote, Correction: true, Scope: scope})
				return
			default:
				return
			}
		}
		if k == "" || v == "" || len([]rune(k)) > 60 || stopwords[strings.ToLower(v)] || ordinalOneRE.MatchString(k) {
			// "bump the first one to $13": a place in a list, no name
			return
		}
		prop := strings.ToLower(strings.Join(strings.Fields(k), "_"))
		ent := "-"
		if f != "" {
			ent = strings.TrimRight(f, ".,")
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + ent + "/" + prop, Name: k, Value: v, Was: cleanValue(was), Quote: quote, Correction: c || was != "", Scope: scope, Refers: ref})
	}
	if k, v, was, ok := valueAmendment(s); ok {
		add(k, "", was, v, true)
		return out
	}
	if ms := valueSetRE.FindAllStringSubmatchIndex(s, 4); ms != nil {
		// "drop the per-gpu batch to 32 and set grad accumulation to 2".
		n := len(out)
		for i, m := range ms {
			sub := func(k int) string {
				if m[2*k] < 0 {
					return ""
				}
				return s[m[2*k]:m[2*k+1]]
			}
			if strings.HasPrefix(strings.ToLower(s[m[0]:m[1]]), "move") && !strings.ContainsAny(sub(4), "0123456789") {
				// "move seat holds to redis": a thing moved somewhere,
				// no setting given a value
				continue
			}
			if purposeVerb(sub(4), s[m[1]:]) {
				// "update the CI workflow to use nextest": what the
				// thing is changed to do, no setting given a value
				continue
			}
			add(sub(1), sub(2), sub(3), sub(4), true)
			// "bump the initial delay to 30s and the probe timeout to
			// 3s": more settings the same verb sets (setMoreRE).
			end := len(s)
			if i+1 < len(ms) {
				end = ms[i+1][0]
			}
			for at := m[1]; at < end; {
				c := setMoreRE.FindStringSubmatchIndex(s[at:end])
				if c == nil {
					break
				}
				k, v := c[2:4], c[6:8]
				if k[0] < 0 {
					k = c[4:6]
				}
				sep := s[at : at+k[0]]
				if strings.TrimSpace(sep) == "" && !strings.HasSuffix(sub(4), ",") {
					// "… to 500 the worker count …" joins no list
					break
				}
				if val := s[at+v[0] : at+v[1]]; !strings.ContainsAny(val, "0123456789") || !specific(cleanValue(val)) {
					// a number only: "… and the docs to match" sets nothing
					break
				}
				add(s[at+k[0]:at+k[1]], "", "", s[at+v[0]:at+v[1]], true)
				at += c[1]
			}
		}
		if len(out) > n {
			return out
		}
	}
	if m := findIf(movedCue(s), valueMovedRE, s); m != nil && specific(cleanValue(m[valueMovedRE.SubexpIndex("v")]+m[valueMovedRE.SubexpIndex("v2")])) {
		// "the deadline got pushed to the 12th", "締切ですが…12/12まで延ば
		// してもらえました": a setting moved to a new value.
		k := m[valueMovedRE.SubexpIndex("k")] + m[valueMovedRE.SubexpIndex("k2")]
		add(lastWords(k, 4), "", "", m[valueMovedRE.SubexpIndex("v")]+m[valueMovedRE.SubexpIndex("v2")], true)
		return out
	}
	if m := valueAtRE.FindStringSubmatch(s); m != nil && specific(m[2]) {
		// "cap the retries at 5".
		add(m[1], "", "", m[2], true)
		return out
	}
	if k, v, _, ok := valueHeld(s); ok && specific(v) {
		// "minSdk stays 24 whatever happens" (rulelife.go).
		add(k, "", "", v, true)
		return out
	}
	if m := findIf(strings.Contains(s, " at ") || strings.Contains(s, " to "), valueFixedRE, s); m != nil && specific(cleanValue(m[2])) {
		// "Cow base rate is finalised at Rs 40.50", "the budget was
		// confirmed at 12k".
		add(m[1], "", "", m[2], true)
		return out
	}
	if m := findIf(strings.Contains(s, "measured"), valueMeasuredRE, s); m != nil {
		// "Dave measured the creep on our usual silk at 0.125 mm per
		// sheet": a quantity someone measured.
		add(m[1], "", "", m[2], false)
		return out
	}
	if m := findIf(strings.Contains(strings.ToLower(s), "times"), valueTimesRE, s); m != nil {
		// "The invoice job should retry 3 times": how many times a thing
		// is done, named by its verb ("invoice job retries").
		k := strings.TrimSpace(m[valueTimesRE.SubexpIndex("k")])
		if f := strings.Fields(strings.ToLower(k)); len(f) == 0 || !pronounWords[f[0]] && !agentSubjectRE.MatchString(k) {
			noun := timesNoun[strings.ToLower(m[valueTimesRE.SubexpIndex("verb")])]
			name := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(k, "the "), "The ") + " " + noun)
			n := m[valueTimesRE.SubexpIndex("n")]
			if d, ok := smallNumbers[strings.ToLower(n)]; ok {
				n = d
			}
			add(name, "", "", n, true)
			return out
		}
	}
	if m := findIf(strings.Contains(strings.ToLower(s), "every"), valueEveryRE, s); m != nil {
		// "refresh every 30 seconds", "poll the queue every 5 minutes":
		// a thing done at an interval; the interval is its setting.
		k := m[valueEveryRE.SubexpIndex("k")]
		if f := strings.Fields(strings.ToLower(k)); len(f) > 0 && !stopwords[f[0]] && !nonVerbs[f[0]] && !pronounRE.MatchString(k) && !agentSubjectRE.MatchString(k) {
			// Named as the interval it is ("sample every 60 seconds" is
			// the sample interval a later "double the interval" changes).
			var name []string
			for _, w := range strings.Fields(k) {
				if lw := strings.ToLower(w); !auxes[lw] && !modalWords[lw] && lw != "the" {
					name = append(name, w)
				}
			}
			if last := strings.ToLower(name[len(name)-1]); last != "interval" && last != "period" && last != "frequency" {
				name = append(name, "interval")
			}
			add(strings.Join(name, " "), "", "", "every "+m[valueEveryRE.SubexpIndex("v")], true)
			return out
		}
	}
	if k, v, ok := proposedSize(s); ok {
		// "use a tile size of 256 px", "go with 256 px tiles", "for the
		// tiles I was thinking 256 px".
		add(k, "", "", v, true)
		return out
	}
	if m := findIf(strings.Contains(s, "make") || strings.Contains(s, "Make"), valueMakeRE, s); m != nil && !pronounRE.MatchString(m[1]) && (numeric(m[2]) || strings.ContainsAny(m[2][:1], "$€£") || dayValue(m[1], m[2])) {
		// "make the timeout 8 s".
		add(m[1], "", "", m[2], true)
		return out
	}
	if m := zhSetRE.FindStringSubmatch(s); m != nil {
		add(m[2], m[1], m[3], m[4], true)
		return out
	}
	if m := zhSet2RE.FindStringSubmatch(s); m != nil && !strings.HasPrefix(m[1], "把") {
		k := zhFiller.ReplaceAllString(m[1], "")
		was := ""
		if placeSubject(k) {
			// ".env 里改成 1000": a place, not the setting; the setting
			// is the one named with its number before (valueplace.go)
			k, was, _ = namedBefore(s[:strings.Index(s, m[0])])
			if k == "" {
				return out
			}
		}
		if k == "" {
			// "那就调到 12 秒吧": no subject, the setting named last.
			k = "它"
		}
		// "row group 改 64 MB": a bare 改/设 sets a number only
		add(k, "", was, m[zhSet2RE.SubexpIndex("v")]+m[zhSet2RE.SubexpIndex("n")], true)
		if len(out) > 0 {
			return out
		}
	}
	if m := countInsteadRE.FindStringSubmatch(s); m != nil && !questionRE.MatchString(s) {
		// "Let's go with 400 trees instead of 200": the count of the
		// thing the number counts, and the count it replaces, never the
		// setting named last.
		add(m[countInsteadRE.SubexpIndex("k")], "", m[countInsteadRE.SubexpIndex("a")], m[countInsteadRE.SubexpIndex("v")], true)
		if len(out) > 0 {
			return out
		}
	}
	if m := valueThenForRE.FindStringSubmatch(s); m != nil && !negRE.MatchString(s) && !questionRE.MatchString(s) {
		// "actually let's go with 45s for the timeout", "45s for the
		// timeout please": the setting named after the value, never the
		// one named last.
		add(m[valueThenForRE.SubexpIndex("k")], "", "", m[valueThenForRE.SubexpIndex("v")], corr)
		if len(out) > 0 {
			return out
		}
	}
	if k, was, v, ok := namedCorrection(s, corr); ok {
		// "versionCode 42 is taken, make it 43": the setting the
		// sentence names with its old number, never the one named last.
		add(k, "", was, v, true)
		if len(out) > 0 {
			return out
		}
	}
	if corr && topic != "" {
		// "For the retry delay, make it 3s": the topic is the setting.
		lastKey, lastName = "value/-/"+strings.ToLower(strings.Join(strings.Fields(topic), "_")), topic
	}
	// A correction names no key and so amends the last value, unless it
	// pins a thing of its own to a version ("Switch to Python 3.13 now"
	// after "the build image is node18" is about Python, not the image).
	if corr && lastKey != "" && !pinsOther(s, lastName) && !dropsOther(s, lastName) {
		for _, re := range []*pattern{valueCorrRE, zhCorrRE} {
			for _, loc := range re.FindAllStringSubmatchIndex(s, 4) {
				m := []string{s[loc[0]:loc[1]], s[loc[2]:loc[3]]}
				if c := zhCountedRE.FindStringSubmatch(s[loc[3]:]); c != nil && !strings.Contains(lastName, c[1]) {
					// "改成三个 seed" after the concurrency was set: a count
					// of seeds, not the concurrency
					continue
				}
				if specific(m[1]) {
					out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: cleanValue(m[1]), Quote: quote, Correction: true})
					return out
				}
			}
		}
		if v := bareCorrection(s, lastName); v != "" {
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Quote: quote, Correction: true})
			return out
		}
	}
	if !codeLikeRE.MatchString(s) {
		ms := valueAssignRE.FindAllStringSubmatch(s, 4)
		keys := map[string]int{}
		for _, m := range ms {
			keys[strings.ToLower(m[1])]++
		}
		for _, m := range ms {
			if keys[strings.ToLower(m[1])] > 1 {
				// "exact_times=1 entries … ; exact_times=0 entries …":
				// cases told apart, no setting set
				continue
			}
			if !codeWords[strings.ToLower(m[2])] && !prohibitedIn(s, m[0]) {
				add(m[1], "", "", m[2], corr)
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	if m := findIf(strings.Contains(s, "due"), dueRE, s); m != nil && len(strings.Fields(m[1])) <= 4 {
		// "The report is due Wednesday the 12th" (dates.go).
		add(m[1]+" due", "", "", m[2], corr)
		return out
	}
	if m := findIf(strings.Contains(s, "day") || strings.Contains(s, "-"), dayIsRE, s); m != nil && len(strings.Fields(m[1])) <= 6 && dayValue(m[1], m[2]) {
		// "The deadline is Friday" (dates.go).
		add(m[1], "", "", m[2], corr)
		return out
	}
	if k, v, ok := labelQuantity(s); ok {
		// "Time limit per test: 10 seconds", "El estilo vale el 10% de
		// la nota" (labelqty.go).
		add(k, "", "", v, corr)
	} else if k, v, ok := bumpTo(s); ok {
		// "bump the sd clock, 25 MHz is what we run now, go to 50"
		// (labelqty.go).
		add(k, "", "", v, true)
	} else if k, v, ok := dirValue(s); ok {
		// "photo jpeg quality down too, 80" (labelqty.go).
		add(k, "", "", v, true)
	} else if m := valueIsRE.FindStringSubmatch(s); m != nil && len(s) <= 200 && len(strings.Fields(m[1])) <= 6 && specific(strings.TrimRight(m[2], ".,;:，。")) && !constraintRE.MatchString(m[1]) && !joinerKey(m[1]) {
		add(lastWords(m[1], 5), "", "", m[2], corr)
	} else if k, v, ok := countIs(s); ok {
		// "The welcome bonus is 5 points.": a number counted in a noun
		// no unit list names.
		add(k, "", "", v, corr)
	} else if m := zhIsRE.FindStringSubmatch(s); m != nil && specific(strings.TrimRight(m[2], ".,;:，。")) && !zhPlaceRE.MatchString(m[1]) {
		add(m[1], "", "", m[2], corr)
	} else if m := zhUseRE.FindStringSubmatch(s); m != nil && specific(m[2]) {
		add(zhFiller.ReplaceAllString(m[1], ""), "", "", m[2], corr)
	} else if m := labelValueRE.FindStringSubmatch(s); m != nil && specific(m[2]) && !labelWords[strings.ToLower(strings.Fields(m[1])[0])] && !constraintRE.MatchString(m[1]) {
		add(m[1], "", "", m[2], corr)
	} else if terse {
		// "default grain size 80ms", "schedule 1am", "retention
		// keep-daily 7 keep-weekly 4": a setting and its number, said
		// with no verb.
		for _, kv := range terseSettings(s) {
			add(kv[0], "", "", kv[1], corr)
		}
	}
	return out
}

// zhHeadQuantity is the quantity text gives right after the first two
// characters of Chinese setting name k ("持续10分钟" for "持续时间"), ""
// when none or several.
func zhHeadQuantity(text, k string) string {
	r := []rune(strings.TrimSpace(k))
	if len(r) < 2 {
		return ""
	}
	head := string(r[:2])
	found := ""
	for i := strings.Index(text, head); i >= 0; {
		if m := zhQuantityRE.FindStringSubmatch(text[i+len(head):]); m != nil {
			if found != "" && found != m[1] {
				return ""
			}
			found = m[1]
		}
		j := strings.Index(text[i+len(head):], head)
		if j < 0 {
			break
		}
		i += len(head) + j
	}
	return found
}

// countIs is the setting and value countIsRE reads in s; ok false for
// none, or a number followed by a word that is no kind of thing ("42
// apparently", "3 now").
func countIs(s string) (k, v string, ok bool) {
	m := countIsRE.FindStringSubmatch(s)
	if m == nil || len(s) > 200 {
		return "", "", false
	}
	k, v = strings.TrimSpace(m[1]), m[2]
	f := strings.Fields(v)
	u := strings.ToLower(f[len(f)-1])
	if len(strings.Fields(k)) > 6 || stopwords[u] || nonVerbs[u] || strings.HasSuffix(u, "ly") || constraintRE.MatchString(k) || labelVerbRE.MatchString(strings.Fields(k)[0]) || nonVerbs[strings.ToLower(strings.Fields(k)[0])] {
		return "", "", false
	}
	switch u {
	case "now", "then", "instead", "though", "again", "anyway", "already", "currently", "today", "too", "max", "min", "tops", "total",
		"fyi", "btw", "iirc", "imo", "imho", "afaik", "fwiw", "pls", "please", "thanks", "atm", "tho", "ok", "lol":
		return "", "", false
	}
	return k, v, true
}

// choiceWaitRE puts a choice off until someone answers: "we're waiting
// for the comms team before choosing", "we'll decide once legal
// answers", "on attend la réponse de la com' avant de choisir", "等产品
// 回复再定"; offersRE is a sentence offering options to choose from.
var (
	choiceWaitRE = mustPattern(`(?i)\bwait(?:ing)?\s+(?:for|on|until)\b.{0,80}?\b(?:before|to)\s+(?:choos|decid|pick)|\b(?:decide|choose|pick)\s+(?:once|when|after)\b|\battend(?:s|ons)?\b.{0,80}?\b(?:avant\s+de|before)\s+(?:choisir|décider|trancher)|等.{1,20}?(?:再|才)(?:定|决定|选)`)
	offersRE     = mustPattern(`(?i)\b(?:options?|choices?|possibilit(?:y|ies)|possibilités?|alternatives?)\b|两个选择|两种|选项|方案|(?:^|[\s:：])A\s*[),，:]`)
)

// prohibitedIn reports whether the assignment a stands in a clause of s
// that forbids something: "books with status=offline must never show up
// in search results", "never set DEBUG=1 in prod" name a condition or a
// forbidden value, not a setting that is current ("use timeout=30, never
// 60" sets its timeout in a clause of its own).
func prohibitedIn(s, a string) bool {
	for _, c := range clauses(s) {
		if strings.Contains(c, strings.TrimSpace(a)) {
			return negRE.MatchString(c) && isRule(c)
		}
	}
	return false
}

// countOfHeld is the value sentence s sets by a number before the noun
// of a setting held (its name's one word, or its last, with the same
// stem), or nil.
func countOfHeld(s string, held []HeldValue, scope string) []Proposal {
	m := countNounRE.FindStringSubmatch(s)
	if m == nil || negRE.MatchString(s) || questionRE.MatchString(s) {
		return nil
	}
	v, noun := m[countNounRE.SubexpIndex("v")], stem(m[countNounRE.SubexpIndex("k")])
	for _, h := range held {
		f := strings.FieldsFunc(strings.ToLower(h.Name+" "+property(h.Key)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if len(f) > 0 && stem(f[len(f)-1]) == noun && strings.ContainsAny(h.Value, "0123456789") {
			return []Proposal{{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: v, Quote: s, Correction: true, Scope: scope}}
		}
	}
	return nil
}

// proposedSize reads a setting given a number with a verb of choosing
// and no "to" or "is" (valueOfRE, valueUnitNounRE, valueForRE): the name
// and the value; ok false when none is there or the name is an amount
// ("a maximum of 4") or a function word.
func proposedSize(s string) (k, v string, ok bool) {
	if !strings.ContainsAny(s, "0123456789") {
		return "", "", false
	}
	ls := strings.ToLower(s)
	if strings.Contains(ls, " of ") {
		if m := valueOfRE.FindStringSubmatch(s); m != nil {
			if sizeEnds(s, m[2]) {
				k, v = m[1], m[2]
			} else if n := countNounAfter(s, m[2]); n != "" {
				// "a welcome bonus of 5 points": counted in a noun no
				// unit list names
				k, v = m[1], m[2]+" "+n
			}
		}
	}
	if k == "" && strings.HasPrefix(strings.TrimLeft(discourseRE.ReplaceAllString(ls, ""), " "), "for ") {
		if m := valueForRE.FindStringSubmatch(s); m != nil && sizeEnds(s, m[2]) {
			k, v = m[1], m[2]
		}
	}
	if k == "" {
		if m := valueUnitNounRE.FindStringSubmatch(s); m != nil {
			k, v = m[2], m[1]
			// "go with 256 px tiles for the pyramids": the noun, not
			// the word after it.
			if ws := strings.Fields(k); len(ws) == 2 && (stopwords[strings.ToLower(ws[1])] || nonVerbs[strings.ToLower(ws[1])]) {
				k = ws[0]
			}
		}
	}
	ws := strings.Fields(strings.ToLower(k))
	if len(ws) == 0 || quantityNouns[ws[len(ws)-1]] || stopwords[ws[0]] || nonVerbs[ws[0]] || pronounRE.MatchString(k) {
		return "", "", false
	}
	return k, strings.TrimSpace(v), true
}

// sizeEnds reports whether the value v ends its phrase in s: the clause
// ends after it or a function word follows ("for the record, I think 3
// people asked" gives no setting "record").
func sizeEnds(s, v string) bool {
	i := strings.Index(s, v)
	if i < 0 {
		return false
	}
	rest := strings.TrimLeft(s[i+len(v):], " ")
	if rest == "" || strings.ContainsAny(rest[:1], ".,;!?—–)") {
		return true
	}
	w := strings.ToLower(strings.Trim(strings.Fields(rest)[0], ".,;:!?"))
	return stopwords[w] || nonVerbs[w] || w == "instead" || w == "then" || w == "please"
}

// countNounAfter is the noun a number v of s counts when it ends the
// clause ("5 points.", "3 sprints, then …"), else "".
func countNounAfter(s, v string) string {
	i := strings.Index(s, v)
	if i < 0 || strings.HasSuffix(v, " ") {
		return ""
	}
	rest := s[i+len(v):]
	if !strings.HasPrefix(rest, " ") {
		return ""
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return ""
	}
	w := strings.TrimRight(f[0], ".,;!?)")
	lw := strings.ToLower(w)
	if len(lw) < 2 || len(lw) > 15 || strings.IndexFunc(lw, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 || stopwords[lw] || nonVerbs[lw] || strings.HasSuffix(lw, "ly") {
		return ""
	}
	if w == f[0] {
		// "a limit of 20 requests per minute": what it counts per
		after := strings.TrimLeft(rest, " ")[len(w):]
		for range 2 { // "600 messages a minute per client"
			loc := perTailRE.FindStringIndex(after)
			if loc == nil {
				break
			}
			w, after = w+after[:loc[1]], after[loc[1]:]
		}
	}
	if !sizeEnds(rest, w) {
		return ""
	}
	return w
}

var (
	// terseRE is a setting and its value said alone: "default page size
	// 40", "schedule 1am", "the pool is 10 to 16 btw".
	terseRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw|then|now|right|nice|cool|k)[,.!]?\s+)*(?:the\s+|our\s+)?(?P<k>[a-z][a-z_\-]*(?:\s+[a-z][a-z_\-]*){0,3}?)\s+(?:(?:is|=|:|stays(?:\s+at)?|remains(?:\s+at)?)\s*)?(?P<v>` + terseNum + `)(?:\s+(?:btw|then|pls|please|for now|too|instead))?\s*(?:[.!]|\.\.\.|…)?$`)
	// tersePairRE is one "key value" pair of a bare list: "keep-daily 7".
	tersePairRE = mustPattern(`(?i)^\s*(?P<k>[a-z][a-z_\-]*[a-z])\s+(?P<v>\d+(?:[.,]\d+)?(?:ms|s|h|d|mb|gb|%)?)\b`)
	// terseVerbs open an instruction with a count, not a setting: "wait
	// 5 minutes", "add 2", "give it 3".
	terseVerbs = map[string]bool{"add": true, "remove": true, "delete": true, "drop": true, "wait": true, "run": true, "use": true, "try": true,
		"give": true, "fix": true, "take": true, "make": true, "set": true, "keep": true, "skip": true, "get": true, "pick": true, "choose": true,
		"go": true, "put": true, "bump": true, "raise": true, "lower": true, "cut": true, "limit": true, "cap": true, "move": true, "push": true,
		"pull": true, "retry": true, "rerun": true, "sleep": true, "see": true, "check": true, "read": true, "open": true, "close": true,
		"buy": true, "send": true, "call": true, "write": true, "build": true, "ship": true, "deploy": true, "start": true, "stop": true,
		"only": true, "just": true, "about": true, "around": true, "maybe": true, "like": true, "approx": true, "roughly": true,
		"compile": true, "pin": true, "upgrade": true, "downgrade": true, "install": true, "target": true, "switch": true, "nice": true,
		"currently": true, "under": true, "over": true, "now": true}
	// nounVerbs open a setting's name as well as an instruction ("deploy
	// window", "build timeout", "retry limit").
	nounVerbs = map[string]bool{"deploy": true, "build": true, "run": true, "check": true, "start": true, "stop": true, "retry": true,
		"sleep": true, "read": true, "write": true, "call": true, "send": true, "open": true, "close": true, "push": true, "pull": true, "cut": true}
	// tersePredicates end a subject and its verb, not a setting's name:
	// "the nightly build takes 40 minutes".
	tersePredicates = map[string]bool{"takes": true, "took": true, "runs": true, "ran": true, "needs": true, "uses": true, "has": true, "had": true,
		"gets": true, "got": true, "costs": true, "lasts": true, "holds": true, "returns": true, "shows": true, "says": true, "gives": true,
		"hits": true, "hit": true, "reaches": true, "eats": true, "left": true, "under": true, "over": true, "above": true, "below": true,
		"currently": true, "now": true, "nice": true, "about": true, "around": true, "approx": true, "roughly": true, "only": true, "just": true}
	// othersWords name what a rule's exception leaves, not a setting:
	// "the VALIDATE step may use 10s, everything else stays 3s".
	othersWords = map[string]bool{"everything": true, "anything": true, "nothing": true, "else": true, "rest": true, "others": true}
	// terseLabels name a place or a thing counted, not a setting: "step
	// 3", "issue 42", "table 2".
	terseLabels = map[string]bool{"step": true, "phase": true, "option": true, "issue": true, "pr": true, "line": true, "item": true,
		"point": true, "section": true, "table": true, "figure": true, "fig": true, "chapter": true, "ticket": true, "case": true, "part": true,
		"round": true, "day": true, "week": true, "stage": true, "test": true, "tests": true, "rule": true, "question": true, "task": true,
		"page": true, "room": true, "floor": true, "vm": true, "node": true, "pod": true, "job": true, "build": true, "version": true, "v": true,
		"number": true, "no": true, "id": true, "reviewer": true, "comment": true, "commit": true, "row": true, "col": true, "column": true}
)

// terseSettings are the settings a sentence of a setting's name and its
// number alone states, or of a bare list of such pairs after a label
// ("retention keep-daily 7 keep-weekly 4"); none when the sentence is an
// instruction with a count or names a place ("step 3").
func terseSettings(s string) [][2]string {
	s = strings.TrimSpace(s)
	if len(s) > 80 || strings.Count(s, " ") > 8 || !strings.ContainsAny(s, "0123456789") {
		return nil
	}
	ok := func(k string) bool {
		f := strings.Fields(strings.ToLower(k))
		if len(f) == 0 || strings.ToLower(k[1:]) != k[1:] || len(f) == 1 && strings.ToLower(k) != k {
			// "JUCE 7", "Spring Boot 3.2": a product and its version.
			return false
		}
		if terseVerbs[f[0]] && (len(f) == 1 || !nounVerbs[f[0]]) || tersePredicates[f[len(f)-1]] {
			// "use Go 1.23", "CI takes 40 minutes".
			return false
		}
		return !slices.ContainsFunc(f, func(w string) bool { return nonVerbs[w] || stopwords[w] || othersWords[w] }) && !stopwords[f[0]] && !terseLabels[f[len(f)-1]] && !constraintRE.MatchString(k) && !labelWords[f[0]]
	}
	if m := terseRE.FindStringSubmatch(s); m != nil {
		if k := m[terseRE.SubexpIndex("k")]; ok(k) {
			return [][2]string{{k, m[terseRE.SubexpIndex("v")]}}
		}
		return nil
	}
	// A bare list: two or more pairs, after a few words with no number
	// or none ("batch 128 lr 0.05 wd 0.01", "set timeout 30 retries 5",
	// "vas-y pour batch 160 lr 0.0625"), and
	// nothing else but a word of putting back ("remets batch 128 lr 0.05
	// comme avant").
	s = terseTailRE.ReplaceAllString(s, "")
	f := strings.Fields(s)
	if len(f) < 4 {
		return nil
	}
	for lead := 0; lead <= 3 && len(f)-lead >= 4; lead++ {
		// the words before the list ("vas-y pour", "we go back to")
		// hold no number
		if slices.ContainsFunc(f[:lead], func(w string) bool { return strings.ContainsAny(w, "0123456789") }) {
			break
		}
		if out := tersePairs(f[lead:], ok); out != nil {
			return out
		}
	}
	return nil
}

var (
	// demonstrativeRE opens a phrase that points at a thing already named.
	demonstrativeRE = mustPattern(`(?i)^(?:that|this|those|these)\s+|^(?:这个|那个)`)
	// zhTail are adverbs a Chinese setting's name picks up before its verb
	// ("时间格式默认先用 …": the default, for now).
	zhTail = mustPattern(`(?:默认|先|暂时|就|还是|也|都)+$`)
	// referenceRE is the words that point back at a setting rather than
	// name it: "thing", "we set earlier", "from before", "you mentioned".
	referenceRE = mustPattern(`(?i)\s+(?:thing|stuff|bit|setting|one)?\s*(?:(?:that|which)\s+)?(?:we|you|i)\s+(?:set|picked|chose|agreed on|mentioned|discussed|talked about|said)(?:\s+(?:earlier|before|above|at the start|initially))?\b|\s+(?:thing|stuff|bit)\s+(?:from|we had)\s+(?:before|earlier)\b|\s+(?:thing|stuff)\b`)
	// refTopicRE is a setting named before a pronoun instruction: "That
	// line length limit, make it 16k".
	refTopicRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw|anyway)[,]?\s+)*(?:(?:that|this|the|our)\s+)?([\w.\-/ ]{2,60}?)\s*[,:—–-]\s+(?:please\s+)?(?:make|set|change|bump|raise|lower|increase|decrease|put|crank|turn|cap)\s+(?:it|that|this)\b`)
	// refTopicBareRE is a setting named before "make it" with no comma
	// between: "Analyser timeout make it double".
	refTopicBareRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw|anyway)[,]?\s+)*(?:(?:that|this|the|our)\s+)?([\w.\-/]+(?:\s[\w.\-/]+){1,4}?)\s+(?:please\s+)?(?:make|set|change)\s+it\s+(?:double|triple|half|halve|twice|to\b)`)
	// zhUseRE is a setting chosen in Chinese: "默认的时间格式用 RFC3339".
	zhUseRE = mustPattern(`^(?P<k>[\p{Han}\p{Katakana}ー\w\- ]{2,30}?)(?:用|使用|采用|设为|设成|定为|定成|定在|定|改用)\s*(?P<v>` + valPat + `)\s*(?:吧)?[。.]?\s*$`)
)

// pinsOther reports whether s pins a thing to a version that the value
// named name is not about.
func pinsOther(s, name string) bool {
	ps := pins(s)
	if len(ps) == 0 {
		return false
	}
	n := strings.ToLower(name)
	for thing := range ps {
		if strings.Contains(n, thing) {
			return false
		}
	}
	return true
}

// specific reports whether v looks like a value worth keeping exactly: a
// number, a quoted string, or an identifier with a digit, a separator or an
// upper-case letter after the first (not an ordinary word).
func specific(v string) bool {
	if v == "" {
		return false
	}
	switch v[0] {
	case '"', '\'', '`':
		return true
	}
	if v[0] >= '0' && v[0] <= '9' || v[0] == '+' || v[0] == '-' {
		return true
	}
	return strings.ContainsAny(v, "0123456789_-/.:@#") || strings.ToLower(v[1:]) != v[1:]
}

func cleanValue(v string) string {
	v = strings.TrimSpace(v)
	v = strings.TrimRight(v, ".,;:，。")
	if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '`' && v[len(v)-1] == '`' || v[0] == '\'' && v[len(v)-1] == '\'') {
		v = v[1 : len(v)-1]
	}
	return v
}

func lastWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[len(f)-n:]
	}
	for len(f) > 1 && stopwords[strings.ToLower(f[0])] {
		f = f[1:]
	}
	return strings.Join(f, " ")
}

// purposeVerbs are verbs that, after "to" and before their object, say
// what a changed thing is to do ("to use nextest", "to run the e2e
// suite"), never a value it is set to.
var purposeVerbs = map[string]bool{"use": true, "run": true, "call": true, "point": true, "read": true, "write": true, "include": true,
	"handle": true, "support": true, "send": true, "accept": true, "allow": true, "return": true, "fetch": true, "pull": true,
	"emit": true, "load": true, "reuse": true, "skip": true, "retry": true, "build": true, "check": true, "cache": true, "ignore": true}

// purposeObjectRE is an object opening the words after a value: a word, a
// quoted or code name.
var purposeObjectRE = mustPattern(`^\s+(?:[\pL\d_.\-/@]+|` + "`" + `)`)

// purposeVerb reports whether value v of a "set X to V" is a bare verb
// followed by its object (rest, the text after v): "update the CI
// workflow to use nextest", not "set the log level to debug" nor "switch
// the runner to nextest".
func purposeVerb(v, rest string) bool {
	return purposeVerbs[strings.ToLower(v)] && purposeObjectRE.MatchString(rest)
}

// joinerKeys are words that join a clause on, no setting's name: "…, da
// ist Change-Freeze" glossed "because is Change-Freeze" gives a reason.
var joinerKeys = map[string]bool{"because": true, "since": true, "as": true, "so": true, "and": true, "but": true, "or": true, "while": true, "though": true, "although": true, "whereas": true, "then": true}

// joinerKey reports whether the setting name k a value is given for is
// only a word that joins a clause on.
func joinerKey(k string) bool {
	f := strings.Fields(k)
	return len(f) == 1 && joinerKeys[strings.ToLower(f[0])]
}
