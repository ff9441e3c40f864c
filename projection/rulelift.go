// Lifting a rule or an obligation: finding the one a lift is about (by topic,
// name or the words it shares) and what a partial lift leaves standing.

package projection

import (
	"slices"
	"strings"
	"unicode"
)

// lift retires the active constraint or open obligation the lift is about.
// A lift that frees only a part of what a prohibition names (a file inside
// the directory the rule keeps off-limits) is an exception to it instead:
// the rule stays in force, restated with the exception.
func (r *Reducer) lift(p *Proposal, ref EventRef, id string) {
	if m := relayLeadRE.FindStringIndex(p.Quote); m != nil && m[1] < len(p.Quote) {
		// "Галина щойно сказала: вересень закрито, на прод можна!": who
		// relays it names no rule; what she said does
		cp := *p
		cp.Quote = strings.TrimSpace(p.Quote[m[1]:])
		if v := relayLeadRE.FindStringIndex(p.Value); v != nil && v[1] < len(p.Value) {
			cp.Value = strings.TrimSpace(p.Value[v[1]:])
		}
		p = &cp
	}
	if p.Name == "retract" || p.Name == "stopped" {
		// "scratch the yarn thing": the rule naming it (retract.go);
		// "stop showing me diffs": the rule that has the agent do it
		// (stoplift.go)
		find := r.retractedRule
		if p.Name == "stopped" {
			find = r.stoppedRule
		}
		if c := find(p.Value, ref.Seq); c != nil {
			c.Lifecycle = Lifted
			c.Because = p.Quote
			c.addRef(ref)
		}
		return
	}
	if o, part := r.partLifted(p); o != nil {
		r.restateExcept(o, p.Quote, part, ref, id)
		return
	}
	if p.Named != "" {
		// "Die Regel mit den Dependencies ist aufgehoben": the one rule
		// its name names (rulenamed.go)
		if c := r.ruleNamedBy(p.Named, ref.Seq); c != nil {
			if rest := restOfNamed(c, p.Named); rest != "" {
				// one of two rules said in one sentence: the other
				// stays in force, restated alone
				nu := c.clone()
				nu.ID, nu.Value, nu.Was, nu.Because = id, rest, c.Value, p.Quote
				nu.SourceRefs, nu.Inherited = []EventRef{ref}, 0
				nu.inherit(c)
				r.retire(c, Superseded)
				r.hot[slot(nu.Kind, nu.Key)] = nu
				return
			}
			if c.Kind == KindConstraint && onceLift(p.Quote) {
				// "the core-network rule is lifted just this once: …":
				// an exception (oncelift.go)
				r.restateExcept(c, p.Quote, p.Because, ref, id)
				return
			}
			c.Lifecycle = Lifted
			c.Because = p.Quote
			c.addRef(ref)
			r.liftSameNo(c, p.Quote, ref)
			r.liftSameThing(c, p.Quote, ref)
			return
		}
		if !r.mayName(p.Named, ref.Seq) {
			// "la regla de las dependencias ya no aplica" with no rule
			// about dependencies: no other rule is lifted for it
			return
		}
	}
	if r.permitLift(p, ref) {
		// "you can touch audit_log now": the rule of that action on that
		// thing (permitlift.go)
		return
	}
	// A lift that names what it frees (a path, a command) lifts the
	// newest rule naming it; otherwise the one whose words it shares.
	c := r.naming(p.Links, KindConstraint, Active, KindObligation, Open)
	if c == nil {
		ws := distinctive(p.Quote)
		if strings.ContainsFunc(p.Quote, isCJK) {
			// A Latin word in a Chinese sentence names a thing
			// ("migrate 现在可以跑了").
			for _, w := range latinWordRE.FindAllString(p.Quote, -1) {
				if lw := strings.ToLower(w); len(w) >= 3 && !stopwords[lw] && !nonVerbs[lw] {
					ws = append(ws, w)
				}
			}
		}
		c = r.namingWord(ws)
	}
	if c == nil {
		c = r.namedIn(p.Quote)
	}
	if c == nil {
		c = r.aboutTopic(liftTopic(p.Quote))
	}
	if c == nil && p.Refers {
		c = r.subjectOf(p.Quote)
	}
	if c == nil && p.Refers {
		// "pushing is fine from now on": the rule's word in another
		// form, and nothing else (liftstem.go)
		c = r.soleByRoot(p.Quote, ref.Seq)
	}
	if c != nil && c.Kind == KindConstraint && permitsOther(p.Quote, c.Value) {
		// "you can touch the billing table now" of "don't touch the
		// audit_log table": another thing (permitlift.go)
		return
	}
	if c == nil && theRuleRE.MatchString(p.Quote) && !r.liftedBy(p.Quote, ref.Seq) {
		// "olvida la restricción, ya puedes tocar las migraciones": the
		// one rule in force, what an exception left of it aside
		// (oncelift.go); none when the words lifted a rule already
		c = r.soleRule(ref.Seq)
	}
	if c == nil && p.Refers && explicitLiftRE.MatchString(p.Quote) {
		// "ok prod is fair game again": said of the one rule sharing a
		// word with it
		c = r.soleSharing(terms(p.Value), ref.Seq)
		if c != nil && c.Kind != KindConstraint {
			c = nil
		}
	}
	if c != nil && c.Kind == KindConstraint && (scopedLift(p.Quote) || onceLift(p.Quote) || placeScoped(p.Quote, c.Value)) {
		// "…, the rule is only for prod code": an exception
		// (liftsubject.go); "这次放开一下" (this once): one too
		// (oncelift.go)
		r.restateExcept(c, p.Quote, p.Because, ref, id)
		return
	}
	if c != nil {
		r.liftWhole(c, p.Quote, ref)
		return
	}
	if p.Refers {
		return
	}
	// "the no-deploy rule no longer applies": the words of what the
	// rule forbids. A thing the lift names (`turbo --filter`) that no
	// rule names lends it none of its words: a rule sharing one of them
	// ("pnpm turbo run typecheck") is another rule; what the lift says
	// beside the thing ("je mag nu de echte orders pakken:
	// data/orders_2026-12-05.csv") can still name the rule.
	v := strings.ReplaceAll(ruleNounWords(p.Value), "-", " ")
	for _, l := range p.Links {
		if !strings.Contains(p.Quote, l) || r.anyRuleNames(l) {
			continue
		}
		lt := terms(strings.ReplaceAll(ruleNounWords(l), "-", " "))
		v = strings.Join(slices.DeleteFunc(strings.Fields(v), func(w string) bool {
			for t := range terms(w) {
				if lt[t] {
					return true
				}
			}
			return false
		}), " ")
		if len(terms(v)) == 0 {
			return
		}
	}
	c = r.nearest(KindConstraint, v, 0.5, Active)
	o := r.nearest(KindObligation, v, 0.5, Open)
	t := terms(v)
	if c == nil || o != nil && overlap(t, o.terms()) > overlap(t, c.terms()) {
		c = o
	}
	if c == nil {
		// "plus besoin de se limiter aux basic": a lift that shares a
		// word with one active rule only lifts that rule.
		c = r.soleSharing(t, ref.Seq)
	}
	if c == nil || c.Kind == KindConstraint && permitsOther(p.Quote, c.Value) {
		return
	}
	if c.Kind == KindConstraint && (scopedLift(p.Quote) || onceLift(p.Quote)) {
		r.restateExcept(c, p.Quote, p.Because, ref, id)
		return
	}
	r.liftWhole(c, p.Quote, ref)
}

// liftWhole lifts rule or obligation c by the words quote, with what the
// same lift reaches beside it: its siblings said in the same message
// (clause.go), the rules of the same "no" and of the same thing.
func (r *Reducer) liftWhole(c *Anchor, quote string, ref EventRef) {
	c.Lifecycle = Lifted
	c.Because = quote
	c.addRef(ref)
	r.liftSiblings(c, quote, ref)
	r.liftSameNo(c, quote, ref)
	r.liftSameThing(c, quote, ref)
}

// topicOf reports whether a rule topic named by its prohibition ("the
// no-deps thing") is rule v's: its words, with the names of a class made
// one ("deps" ~ "dependencies"), all in v.
func topicOf(topic, v string) bool {
	t := strings.ToLower(strings.TrimSpace(topic))
	for _, p := range []string{"no-", "no ", "never-", "never "} {
		t = strings.TrimPrefix(t, p)
	}
	tt := ruleTerms(strings.ReplaceAll(t, "-", " "))
	for _, g := range []string{"rule", "ban", "restriction", "policy", "thing", "freeze", "moratorium", "embargo", "lock"} {
		// "the no-deploy rule": what it forbids names it, not "rule"
		delete(tt, g)
	}
	return len(tt) > 0 && containsAll(ruleTerms(v), tt)
}

// soleSharing is the active rule that shares the most content words
// with t, when no other active rule or open obligation shares as many;
// else nil. ("feel free to add whatever crates you need" shares "add"
// and "crates" with "Do not add new crates without asking Priya", one
// word with "All geometry inside the crate is in PDF points".)
func (r *Reducer) soleSharing(t map[string]bool, seq int) *Anchor {
	found := r.bestOf(func(a *Anchor) int {
		if !(a.Kind == KindConstraint && a.Lifecycle == Active || a.Kind == KindObligation && a.Lifecycle == Open) || a.Seq() >= seq {
			// a rule the lifting message states itself is none it lifts
			return 0
		}
		// A Latin word of four letters or more, or two CJK pairs with a
		// Han or katakana letter (kana alone are grammar: "よう").
		latin, cjk := 0, 0
		for w := range a.terms() {
			switch {
			case !t[w] || ruleNounTerm(w):
				// "правило" in both says only that each is a rule
				// (liftsubject.go)
			case strings.ContainsFunc(w, isHanOrKatakana):
				cjk++
			case len([]rune(w)) >= 4 && !strings.ContainsFunc(w, isCJK):
				latin++
			}
		}
		if latin == 0 && cjk < 2 {
			return 0
		}
		return latin + cjk/2
	})
	if found == nil || found.Kind != KindConstraint {
		return nil
	}
	return found
}

// bestOf is the hot anchor score rates highest (above zero), nil when
// none scores or two share the best score: the one a message names,
// when it names one.
func (r *Reducer) bestOf(score func(a *Anchor) int) *Anchor {
	var best *Anchor
	most, tie := 0, false
	for _, a := range r.hot {
		n := score(a)
		switch {
		case n <= 0:
		case n > most:
			best, most, tie = a, n, false
		case n == most:
			tie = true
		}
	}
	if tie {
		return nil
	}
	return best
}

func isHanOrKatakana(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Katakana, r)
}

// liftTopicRE is the thing a whole lift names: "forget what I said about
// the fixtures directory", "ignore my earlier rule on logging", "unsafe
// 的限制不用管了".
var liftTopicRE = mustPattern(`(?i)\b(?:said|told you|rules?|restrictions?|constraints?|bans?|instructions?) (?:about|on|regarding|for) (?P<t>[^,.;!?]{2,60})|\b(?:the|that|this|our)\s+(?P<s>[\w.\-/ ]{2,40}?)\s+(?:(?:is|are|has been|have been)\s+(?:over|lifted|gone|done|off|ended|finished|cancel+ed|removed|no longer (?:in effect|needed|a thing|off[- ]limits|frozen)|(?:all\s+)?yours|fair game|unfrozen|unlocked)|(?:isn't|aren't|is not|are not)\s+(?:off[- ]limits|frozen|locked|blocked|forbidden))\b|^(?:那|好|好的|还有)?[，,]?\s*(?P<z>[^，,。：:]{1,24}?)\s*(?:的|这条|那条)(?:限制|规则|规定|要求|禁令|规矩)`)

// liftTopic is the thing a lift names as a whole, or "".
func liftTopic(s string) string {
	m := liftTopicRE.FindStringSubmatch(s)
	if m == nil && dropRuleRE.MatchString(s) {
		// "And drop the dependency freeze, it's not worth it": the rule
		// dropped, by what it is called
		if d := dropTopicRE.FindStringSubmatch(s); d != nil {
			return d[1]
		}
	}
	if m == nil {
		// "about the legacy cron: …, so you can disable it now": the
		// topic the sentence opens with.
		if m = topicRE.FindStringSubmatch(s); m != nil {
			return m[topicRE.SubexpIndex("k")] + m[topicRE.SubexpIndex("z")]
		}
		return ""
	}
	return m[liftTopicRE.SubexpIndex("t")] + m[liftTopicRE.SubexpIndex("s")] + m[liftTopicRE.SubexpIndex("z")]
}

// dropTopicRE is what a rule dropped is called: "drop the dependency
// freeze", "scratch the deploy ban".
var dropTopicRE = mustPattern(`(?i)\b(?:ignore|disregard|forget|scratch|drop|lift|cancel)\s+(?:about\s+)?(?:my|the|that|our|your|this)\s+([^,.;:!?]{2,40}?)(?:\s+(?:thing|for now|please|then))?\s*(?:[,.;:!?—–]|$)`)

// aboutTopic is the newest active rule or open obligation whose words
// hold every content word of topic, compared by stem ("the requirements
// freeze" is about "requirements.txt is frozen").
func (r *Reducer) aboutTopic(topic string) *Anchor {
	t := stems(topic)
	if len(t) == 0 {
		return nil
	}
	if a := r.holdingAll(t); a != nil {
		return a
	}
	// "the vendor ban is lifted": the rule need not call itself a ban.
	for _, g := range []string{"rule", "restriction", "constraint", "ban", "embargo", "moratorium", "lock", "limit", "block", "policy", "freeze"} {
		delete(t, stem(g))
	}
	if len(t) == 0 {
		return nil
	}
	return r.holdingAll(t)
}

// holdingAll is the newest active rule or open obligation whose stems
// hold all of t.
func (r *Reducer) holdingAll(t map[string]bool) *Anchor {
	var best *Anchor
	for _, a := range r.hot {
		if !(a.Kind == KindConstraint && a.Lifecycle == Active || a.Kind == KindObligation && a.Lifecycle == Open ||
			a.Kind == KindNegative && a.Lifecycle == Active && a.Authority == Normative && constraintRE.MatchString(a.Value)) {
			// A prohibition the user told with its reason ("pricing is
			// relaunching, so don't touch the Plan model") is read as
			// knowledge, and lifted as a rule.
			continue
		}
		if !containsAll(stems(a.Value), t) || strings.Contains(a.Key, "/"+incidentKey) {
			// A warning of a past incident is no rule a thing's new
			// state frees.
			continue
		}
		if best == nil || newer(a, best) {
			best = a
		}
	}
	return best
}

func containsAll(have, want map[string]bool) bool {
	for w := range want {
		if !have[w] {
			return false
		}
	}
	return true
}

var latinWordRE = mustPattern(`[A-Za-z][\w.\-]*[A-Za-z0-9]`)

// namedIn is the newest active prohibition one of whose quoted names (a
// backquoted command, a path) the lift text s names, in any case and
// quoting ("现在可以跑 make deploy 了" frees "不要运行 `make deploy`").
func (r *Reducer) namedIn(s string) *Anchor {
	ls := strings.ToLower(s)
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg {
			continue
		}
		if slices.ContainsFunc(mentions(a.Value), func(n string) bool {
			n = strings.ToLower(strings.TrimRight(n, "/"))
			return len(n) >= 3 && strings.Contains(ls, n)
		}) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// namingWord is the newest active rule or open obligation whose text
// names one of the distinctive words ws ("the db:reset thing — you can run
// it now" frees the rule naming `npm run db:reset`).
func (r *Reducer) namingWord(ws []string) *Anchor {
	var best *Anchor
	for _, a := range r.hot {
		if !(a.Kind == KindConstraint && a.Lifecycle == Active || a.Kind == KindObligation && a.Lifecycle == Open) {
			continue
		}
		if slices.ContainsFunc(ws, func(w string) bool { return strings.Contains(a.Value, w) }) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// sameRule is the active rule that p restates: one with the same
// polarity keeping the same directory off-limits when p keeps "the rest"
// of it, or whose words, with names of a class made one ("packages" ~
// "dependencies"), p's words mostly share.
func (r *Reducer) sameRule(p *Proposal) *Anchor {
	neg := negRE.MatchString(p.Value)
	if remainderRE.MatchString(p.Value) {
		for _, a := range r.sorted() {
			if a.Kind == KindConstraint && a.Lifecycle == Active && slices.ContainsFunc(p.Links, func(l string) bool {
				return strings.HasSuffix(l, "/") && slices.Contains(a.Links, l)
			}) {
				return a
			}
		}
	}
	if ns := named(p.Value); len(ns) > 0 && onlyNames(p.Value, ns) {
		// "Cargo.lock 不许改" after "Never modify Cargo.lock": a
		// prohibition on changing the same named things, in other words.
		var best *Anchor
		for _, a := range r.hot {
			if a.Kind == KindConstraint && a.Lifecycle == Active && a.valueFacts().neg == neg && slices.Equal(a.valueFacts().named, ns) && onlyNames(a.Value, ns) && (best == nil || newer(a, best)) {
				best = a
			}
		}
		if best != nil {
			return best
		}
	}
	t := ruleTerms(p.Value)
	if len(t) < 2 && !t["dependency"] {
		return nil
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.valueFacts().neg != neg {
			continue
		}
		if overlap(t, a.valueFacts().terms) >= 0.75 && slices.Equal(named(p.Value), a.valueFacts().named) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// named are the things a rule names (paths, quoted names, identifiers):
// rules naming different things are different rules however alike their
// words ("never modify vendor0/" and "never modify vendor1/").
// changeVerbRE are the verbs of changing a thing, in the languages the
// rules are read in.
var changeVerbRE = mustPattern(`(?i)\b(?:modify|modified|edit|edited|change|changed|touch|touched|alter|altered|update|updated|rewrite|regenerate)\b|修改|改动|改变|变动|更改|改|变|动|碰`)

// onlyNames reports whether rule s says nothing besides its rule words, a
// verb of changing, words placing them and the names ns (reasons in
// clauses of their own aside): a prohibition on changing ns.
func onlyNames(s string, ns []string) bool {
	s = ruleCore(s)
	rest := changeVerbRE.ReplaceAllString(negRE.ReplaceAllString(constraintRE.ReplaceAllString(s, " "), " "), " ")
	rest = fileClassRE.ReplaceAllString(placeWordsRE.ReplaceAllString(rest, " "), " ")
	for w := range ruleTerms(rest) {
		if !slices.ContainsFunc(ns, func(n string) bool { return strings.Contains(n, w) }) {
			return false
		}
	}
	return true
}

// placeWordsRE are the words a prohibition places its names with
// ("anything under", "in").
var placeWordsRE = mustPattern(`(?i)\b(?:anything|everything|under|in|inside|within|of)\b|里的|下的|里面`)

// ruleCore is the clauses of a rule that carry its rule words, without the
// reasons given beside them ("Don't touch scripts/release/, ops owns it":
// "Don't touch scripts/release/").
func ruleCore(s string) string {
	var core []string
	for _, c := range segmentRE.Split(s, -1) {
		if constraintRE.MatchString(c) || negRE.MatchString(c) {
			core = append(core, c)
		}
	}
	if len(core) == 0 {
		return s
	}
	return strings.Join(core, " ")
}

func named(s string) []string {
	out := append(mentions(s), distinctive(s)...)
	for i, w := range out {
		out[i] = strings.ToLower(strings.TrimRight(w, "/"))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// adds reports whether t has a word u has not.
func adds(t, u map[string]bool) bool {
	for w := range t {
		if !u[w] {
			return true
		}
	}
	return false
}

// partLifted is the newest active prohibition of a directory that the lift
// p frees only a part of, and that part: p names a path inside the
// directory and either does not name the directory itself or keeps the
// rest of it ("but nothing else in migrations/", "the rest of vendor/
// stays off-limits").
func (r *Reducer) partLifted(p *Proposal) (*Anchor, string) {
	var best *Anchor
	part := ""
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg {
			continue
		}
		for _, d := range a.Links {
			if !strings.HasSuffix(d, "/") {
				continue
			}
			inside := ""
			for _, l := range p.Links {
				if l != d && strings.HasPrefix(l, d) {
					inside = l
				}
			}
			if inside == "" || slices.Contains(p.Links, d) && !remainderRE.MatchString(p.Quote) {
				continue
			}
			if best == nil || newer(a, best) {
				best, part = a, inside
			}
		}
	}
	return best, part
}

// except restates the newest active prohibition the permission p excepts
// a thing from, with that exception: the prohibition stays in force (see
// amend.go for why it is not lifted whole).
// scoped reports whether the permission quote frees the thing only
// somewhere or for something (scopedRE), in the quote's words or, for a
// user writing another language, in its gloss: "tu peux toucher
// Cargo.lock pour mettre criterion en 0.5.1, seulement ça" ("… for …,
// only …").
func (r *Reducer) scoped(quote, thing string) bool {
	if scopedRE.MatchString(strings.Replace(quote, thing, " ", 1)) {
		return true
	}
	g := glossOf(quote, r.lang)
	return g != nil && scopedRE.MatchString(strings.Replace(g.text, thing, " ", 1))
}

// sameNumber reports whether topic names a rule by a number it states
// ("the 48h rule" for "no deploys in the 48 hours before a run"): the
// number of topic's one numeric word is a word of rule.
func sameNumber(topic, rule string) bool {
	n := ""
	for _, w := range strings.Fields(topic) {
		if d := strings.TrimRightFunc(w, func(r rune) bool { return r < '0' || r > '9' }); d != "" && strings.IndexFunc(d, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
			if n != "" {
				return false
			}
			n = d
		}
	}
	return n != "" && tokenAt(rule, n, 0) >= 0
}

// explicitLiftRE says outright that a rule no longer holds: "fair game",
// "no longer applies", "is over", "is lifted", "cleared to".
var explicitLiftRE = mustPattern(`(?i)\bfair game\b|\bno longer (?:applies|holds|stands|in (?:force|effect))\b|\b(?:doesn't|does not) apply any ?more\b|\bis (?:over|lifted|off|cancell?ed|dead|gone|moot|obsolete|void|history)\b|\bcleared to\b`)

// liftSameNo lifts, with the bare "no X" rule c, the other active rules
// that forbid the same X in other words: "no prod deploys today, we're
// failing over" and, restated later, "no prod deploys until I say so"
// are one rule, lifted by one "prod deploys are fine again".
func (r *Reducer) liftSameNo(c *Anchor, quote string, ref EventRef) {
	x := bareNoObject(c.Value)
	if x == "" {
		return
	}
	for _, a := range r.hot {
		if a != c && a.Kind == KindConstraint && a.Lifecycle == Active && bareNoObject(a.Value) == x {
			a.Lifecycle = Lifted
			a.Because = quote
			a.addRef(ref)
		}
	}
}

// anyRuleNames reports whether a rule, in force or not, names thing l.
func (r *Reducer) anyRuleNames(l string) bool {
	for _, a := range r.hot {
		if a.Kind == KindConstraint && strings.Contains(a.Value, l) {
			return true
		}
	}
	return false
}
