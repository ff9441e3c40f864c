package projection

import (
	"slices"
	"strings"
)

// A value named against the one it replaces, without naming the setting.
//
// A user who changes a value often names only the two values: "use port
// 9090, not 8080", "Use eu-west-1 instead of us-east-1 for everything",
// "switch from us-east-1 to eu-west-1", "8080 → 9090". The setting is the
// one that holds the old value: a current value that is exactly it ("Region
// is us-east-1" read as value/-/region) takes the new one (§14), and an
// active rule that states it ("The service must listen on port 8080") is
// restated by the sentence, which supersedes it. Nothing else is changed:
// an old value no setting holds and no rule states leaves the sentence to
// be read as it is otherwise (a choice, a rule), so "use tabs, not spaces"
// retires no rule about spaces in file names. A rule is matched by an old
// value that is specific (a number, a quoted or code-like name: specific)
// standing in it as a word of its own, and not already naming the new one.

// replacedRE reads the two values of a replacement: the new one (v) and
// the old one (a). A word or two may name what the values are ("use port
// 9090, not port 8080").
var replacedRE = []*pattern{
	mustPattern(`(?i)\b(?:use|go with|switch(?:ing)? to|move to|moving to|pick|choose|take|make it|set it to|change it to|go to|deploy to|run on|listen on|bind to|target)\s+(?:the\s+)?(?:[\w\-]+\s+){0,2}?(?P<v>` + valPat + `)\s*(?:,\s*|\s+)(?:and\s+)?(?:not|instead of|rather than|in place of)\s+(?:the\s+)?(?:[\w\-]+\s+)??(?P<a>` + valPat + `)`),
	mustPattern(`(?i)\b(?:switch|change|move|migrate|bump|swap|update|go|upgrade|downgrade)\w*\s+(?:(?:the|our|it|everything|[\w\-]+)\s+){0,3}?from\s+(?P<a>` + valPat + `)\s+to\s+(?P<v>` + valPat + `)`),
	mustPattern(`(?:^|[\s(:])(?P<a>` + valPat + `)\s*(?:->|→|=>)\s*(?P<v>` + valPat + `)`),
}

// enoughRE reads a replacement said as a verdict on the old value and one
// on the new: "30s is too much. 20 is enough.", "8 retries is overkill, 3
// will do", "30 秒太长了，20 秒就够了". It is matched on a sentence with the one
// before it, since the two verdicts are often two sentences.
var enoughRE = mustPattern(`(?i)(?:^|[\s,(:])(?P<a>` + valPat + `)\s+(?:(?:is|are|was|feels|seems|looks|sounds)\s+)?(?:(?:way|much|a bit|a little|probably|just|definitely)\s+)?(?:too\s+(?:much|many|long|high|big|large|slow|low|few|little|short|small|aggressive|conservative|tight)\b|overkill\b)[^.!?;\n]{0,60}?[.!?;,—–]+\s*(?:(?:so|ok(?:ay)?|i think|probably|honestly)[,\s]+)?(?:(?:let's\s+(?:say|do|go with|use)|make it|just|use|go with)\s+)?(?P<v>` + valPat + `)\s+(?:(?:is|'s|should be|would be|will be)\s+(?:(?:more than|quite|probably|totally|plenty)\s+)?(?:enough|plenty|fine|sufficient|ok(?:ay)?|better|good|right)\b|(?:will|would|should)\s+do\b|it is\b)|(?P<a2>` + valPat + `)\s*(?:太多|太长|太大|太高|太少|太短|太慢|太激进|太保守)了?[，,。；;\s]*(?:(?:改成|改为|用|设成)\s*)?(?P<v2>` + valPat + `)\s*(?:就|也)?(?:够了|足够了?|可以了|行了|就行|差不多了)`)

// replacement is the pair of values sentence s replaces one by the other
// with ("use port 9090, not 8080": 9090 for 8080); ok false when s has no
// such shape, names the same value twice, or asks.
func replacement(s string) (v, was string, ok bool) {
	if questionRE.MatchString(s) {
		return "", "", false
	}
	if v, was, ok := enough(s); ok {
		return v, was, true
	}
	for _, re := range replacedRE {
		m := re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		v, was = cleanValue(m[re.SubexpIndex("v")]), cleanValue(m[re.SubexpIndex("a")])
		if v == "" || was == "" || strings.EqualFold(v, was) || stopwords[strings.ToLower(was)] || stopwords[strings.ToLower(v)] {
			continue
		}
		return v, was, true
	}
	return "", "", false
}

// enough is the pair of values s replaces one by the other with verdicts
// (enoughRE): a new number without a unit takes the old one's ("20" for
// "30s" is "20s"); a noun after the old number names the setting ("8
// retries"), and is left out.
func enough(s string) (v, was string, ok bool) {
	m := enoughRE.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	v = cleanValue(m[enoughRE.SubexpIndex("v")] + m[enoughRE.SubexpIndex("v2")])
	was = cleanValue(m[enoughRE.SubexpIndex("a")] + m[enoughRE.SubexpIndex("a2")])
	if v == "" || was == "" || strings.EqualFold(v, was) || !specific(v) || !specific(was) {
		return "", "", false
	}
	if n := leadNumber(was); n != "" && strings.HasPrefix(was, n) {
		unit := was[len(n):]
		if u := strings.ToLower(strings.TrimSpace(unit)); u != "" && unitWords[u] == "" && !strings.ContainsAny(u, "秒分时天%") {
			// "8 retries is overkill": the setting's noun, not a unit
			was, unit = n, ""
		}
		if leadNumber(v) == v {
			v += unit
		}
	}
	return v, was, true
}

// replacementProposals are what a user's sentence s proposes by the values
// it replaces (see above): the value held as was, set to v, and the rule
// stating was, restated. The reducer keeps each only where something holds
// was.
func replacementProposals(s string) []Proposal {
	v, was, ok := replacement(s)
	if !ok {
		return nil
	}
	return replacing(s, v, was)
}

// replacing are the proposals of sentence s replacing was by v.
func replacing(s, v, was string) []Proposal {
	return []Proposal{
		{Op: OpState, Kind: KindValue, Key: "value/-/" + slug(was), Value: v, Was: was, Quote: s, Correction: true, Refers: true, Replacement: true},
		{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Correction: true, Replaces: was, Links: mentions(s)},
	}
}

// ruleStating is the newest active rule that states value was as a word
// of its own and does not name v: the rule a replacement of was by v
// restates; nil when was is not specific or no rule states it.
func (r *Reducer) ruleStating(was, v string) *Anchor {
	if !specific(was) {
		return nil
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !standsIn(a.Value, was) || standsIn(a.Value, v) {
			continue
		}
		if best == nil || newer(a, best) {
			best = a
		}
	}
	return best
}

// standsIn reports whether value w is a word of its own in s, the
// punctuation around a word aside ("8080." in "listen on port 8080.").
func standsIn(s, w string) bool {
	if strings.ContainsAny(w, " \t") {
		return strings.Contains(strings.ToLower(s), strings.ToLower(w))
	}
	for _, f := range strings.Fields(s) {
		if strings.EqualFold(strings.Trim(f, ".,;:!?()[]{}\"'`*"), w) {
			return true
		}
	}
	return false
}

// A plan the user forbids.
//
// "Don't add Prometheus." after the agent said "I'll add a histogram
// middleware with prometheus/client_golang": the agent's plan is what the
// user's new rule forbids, so it is no longer a decision in force. A
// prohibition retires the agent's active decisions that do what it
// forbids: every thing the rule names by a name (a capitalized or
// code-like word: namedThings) stands in the decision, and so do the
// rule's other content words. A rule that names nothing by a name
// ("never push to main") retires no plan: its words alone are too weak a
// tie. The user's own decisions are left to the user's words.

// forbidPlans retires the agent's decisions the user's prohibition nu
// forbids (see above).
func (r *Reducer) forbidPlans(nu *Anchor, ref EventRef) {
	if !negRE.MatchString(nu.Value) && !glossNeg(nu.Value) {
		return
	}
	names := namedThings(nu.Value)
	if len(names) == 0 {
		return
	}
	rest := stems(nu.Value)
	for _, n := range names {
		for w := range stems(n) {
			delete(rest, w)
		}
	}
	for _, w := range []string{"don", "dont", "doesn", "won", "never", "not", "avoid", "stop", "please", "anymore", "any", "more"} {
		// the prohibition's own words
		delete(rest, w)
	}
	for _, a := range r.hot {
		if a.Kind != KindDecision || a.Lifecycle != Active || a.Authority == Normative || negRE.MatchString(a.Value) {
			continue
		}
		ld, ds := strings.ToLower(a.Value), stems(a.Value)
		ok := true
		for _, n := range names {
			ok = ok && strings.Contains(ld, strings.ToLower(n))
		}
		for w := range rest {
			ok = ok && ds[w]
		}
		if ok {
			a.Because = nu.Quote
			a.addRef(ref)
			r.retire(a, Superseded)
		}
	}
}

// namedThings are the words of s that name a thing by a name: the
// distinctive ones (identifiers, quoted names) and capitalized words past
// the sentence's first ("Prometheus" in "Don't add Prometheus").
func namedThings(s string) []string {
	out := distinctive(s)
	for i, f := range strings.Fields(s) {
		w := strings.Trim(f, ".,;:!?()[]{}\"'`*")
		if i == 0 || len(w) < 3 || w[0] < 'A' || w[0] > 'Z' || stopwords[strings.ToLower(w)] {
			continue
		}
		out = append(out, w)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// choiceRead drops the decision the sentence quote of the event at ref
// was read as before it changed a value or restated a rule by the value it
// replaces: the change is what it says, not a choice of its own.
func (r *Reducer) choiceRead(ref EventRef, quote string) {
	for k, a := range r.hot {
		if a.Kind == KindDecision && a.Lifecycle == Active && a.Seq() == ref.Seq && len(a.SourceRefs) == 1 && strings.TrimSpace(a.Quote) == strings.TrimSpace(quote) {
			delete(r.hot, k)
		}
	}
}

// dropsOther reports whether correction s opens by dropping a thing
// ("Actually no bastion — use SSM Session Manager instead", "scratch the
// cache, use redis") that setting name does not name: its value is the
// dropped thing's replacement, not the setting's.
func dropsOther(s, name string) bool {
	xs, ns := stems(droppedThing(s)), stems(name)
	if len(xs) == 0 {
		return false
	}
	for w := range xs {
		if ns[w] {
			return false
		}
	}
	return true
}

// droppedThing is what sentence s takes back by name: "scratch the
// timeout-minutes thing", "drop the dark mode toggle, not worth it",
// "Actually no bastion — …"; "" when it names none.
func droppedThing(s string) string {
	if m := retractRE.FindStringSubmatch(s); m != nil {
		return m[retractRE.SubexpIndex("x")] + m[retractRE.SubexpIndex("z")]
	}
	if m := retractWhyRE.FindStringSubmatch(s); m != nil {
		return m[retractWhyRE.SubexpIndex("x")]
	}
	return noLeadThing(s)
}

// noLeadThing is the thing a correction opens by dropping ("bastion" in
// "Actually no bastion — use SSM instead"), or "": an interjection ("no
// wait, 15 per second", "no worries, …") drops nothing.
func noLeadThing(s string) string {
	m := noLeadRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	x := m[noLeadRE.SubexpIndex("x")]
	if f := strings.Fields(strings.ToLower(x)); len(f) > 0 && noInterjections[f[0]] {
		return ""
	}
	return x
}

// noInterjections are the words after "no" of an interjection, not of a
// thing dropped.
var noInterjections = map[string]bool{"wait": true, "way": true, "problem": true, "problems": true, "worries": true, "worry": true, "thanks": true,
	"sorry": true, "idea": true, "doubt": true, "rush": true, "kidding": true, "offense": true, "big": true, "matter": true, "need": true, "sir": true, "dude": true, "man": true}
