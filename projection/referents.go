// Referents: answers to open questions, the decision or rule a sentence names,
// supersession, and the nearest anchor to a text.

package projection

import (
	"slices"
	"strings"
)

// answer closes the user's open question p.Key with the user's answer:
// the user's word settles what the user did not know (a hypothesis of the
// model's own still needs evidence, §17).
func (r *Reducer) answer(p *Proposal, ref EventRef, id string) {
	q := r.hot[slot(KindUncertainty, p.Key)]
	if q == nil || !q.IsHead() || q.Authority != Normative && !(p.Stated && strings.HasPrefix(q.Key, "question/")) {
		return
	}
	q.Lifecycle = Established
	q.Because = p.Quote
	q.addRef(ref)
	held := p.Stated || freeRE.MatchString(p.Quote) || keepRE.MatchString(p.Quote)
	// A rule stated with the question until it is answered ("…, don't
	// delete it yet, I'll ask"): an answer that keeps the thing makes the
	// rule its own; one that frees it lifts the rule.
	for _, c := range r.sorted() {
		if c.Kind != KindConstraint || c.Lifecycle != Active || c.Seq() != q.SourceRefs[0].Seq || !strings.Contains(q.Quote, c.Quote) {
			continue
		}
		switch {
		case freeRE.MatchString(p.Quote):
			c.Lifecycle = Lifted
			c.Because = p.Quote
			c.addRef(ref)
			held = true
		case keepRE.MatchString(p.Quote):
			nu := c.clone()
			nu.ID = kindLetter[KindConstraint] + id[1:]
			nu.Value, nu.Quote = p.Quote, p.Quote
			nu.SourceRefs, nu.Inherited = []EventRef{ref}, 0
			r.supersede(nu, c)
			r.hot[slot(nu.Kind, nu.Key)] = nu
			held = true
		default:
			// "k 取多少我拿不准，回头问老周" read as a rule besides: what it
			// held until the answer is settled by the answer.
			c.Lifecycle = Lifted
			c.Because = p.Quote
			c.addRef(ref)
		}
	}
	if !held {
		// "Mei says inclusive, so …": the answer is what holds now, a
		// decision the user's word made.
		nu := &Anchor{ID: kindLetter[KindDecision] + id[1:], Kind: KindDecision, Key: answerPrefix + slug(p.Quote), Value: p.Quote, Authority: Normative,
			Lifecycle: Active, SourceRefs: []EventRef{ref}, Quote: p.Quote, Was: q.Value, Links: slices.Clone(q.Links)}
		r.hot[slot(nu.Kind, nu.Key)] = nu
	}
}

// echoesRetired retires the agent's decisions that carried out decision
// o, superseded at ref by the user: told after o and before ref, sharing
// two words with it ("改成方案二：SessionRegistry 换成进程内
// ConcurrentHashMap，nginx 上游加 ip_hash" after "先改成 nginx ip_hash 粘性那个
// 方案吧", both gone when the user goes back to Redis).
func (r *Reducer) echoesRetired(o *Anchor, ref EventRef) {
	ws := wordsAndPairs(o.Value)
	for _, a := range r.sorted() {
		if a.Kind != KindDecision || a.Lifecycle != Active || a.Authority != Decision || strings.HasPrefix(a.Key, answerPrefix) ||
			a.Seq() < o.Seq() || a.Seq() >= ref.Seq {
			continue
		}
		n := 0
		for w := range wordsAndPairs(a.Value) {
			if ws[w] {
				n++
			}
		}
		if n >= 2 {
			a.Lifecycle = Superseded
			a.addRef(ref)
			r.retire(a, Superseded)
		}
	}
}

// answerPrefix opens the key of a decision made by answering a question:
// a fact settled, not a course chosen, so "actually make it Z instead"
// never refers to it.
const answerPrefix = "decision/answer/"

// IsAnswerKey reports whether key is a decision that answers a question:
// its Was holds the question it answers, not a value it replaced.
func IsAnswerKey(key string) bool { return strings.HasPrefix(key, answerPrefix) }

// newestChoice is the newest active decision that chose a course (not an
// answer).
func (r *Reducer) newestChoice() *Anchor {
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind == KindDecision && a.Lifecycle == Active && !strings.HasPrefix(a.Key, answerPrefix) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// userChoiceRestated is the active decision of the user's whose every
// stem the assistant's decision v says, adding at most two of its own
// ("Going with XLSX then, using excelize" of "XLSX"), or nil.
func (r *Reducer) userChoiceRestated(v string) *Anchor {
	vs := stems(v)
	for _, w := range []string{"go", "going", "then", "use", "using", "with", "ok", "okay", "sure", "will"} {
		delete(vs, stem(w))
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindDecision || a.Lifecycle != Active || a.Authority != Normative || strings.HasPrefix(a.Key, answerPrefix) {
			continue
		}
		if switchRestated(a.Value, v) && (best == nil || newer(a, best)) {
			// "決定を変更: dashmap は使わず、… RwLock … にします" after the
			// user's "dashmap はやめて、RwLock でやって" (switchaway.go)
			best = a
			continue
		}
		as := stems(strings.SplitN(a.Value, " (", 2)[0])
		if len(as) == 0 || len(vs)-len(as) > 2 {
			continue
		}
		all := true
		for w := range as {
			all = all && vs[w]
		}
		if all && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// genericRefs are the words by which a retraction points at a decision
// without naming it ("that idea", "the other approach").
var genericRefs = []string{"thing", "idea", "approach", "plan", "one", "option", "方案", "想法"}

// decisionNaming is the active decision that the words x name most (the
// newest among equals), or, for a bare pronoun-like x ("that idea"), the
// newest active decision.
func (r *Reducer) decisionNaming(x string) *Anchor {
	xs := stems(x)
	for _, g := range genericRefs {
		delete(xs, g)
	}
	if len(xs) == 0 {
		return r.newestChoice()
	}
	var best *Anchor
	bn := 0
	for _, a := range r.hot {
		if a.Kind != KindDecision || a.Lifecycle != Active {
			continue
		}
		if n, _ := sharedStems(xs, stems(a.Value)); n > 0 && (n > bn || n == bn && newer(a, best)) {
			best, bn = a, n
		}
	}
	return best
}

// ruleRestated is the active rule a restatement s names: the one sharing a
// named thing with it (a path, a quoted name, an identifier: "dags/legacy"
// for "dags/legacy/"), else the one sharing the most stems, at least two or
// half of the smaller.
func (r *Reducer) ruleRestated(s string) *Anchor {
	ns := named(s)
	ss := stems(restateMarkRE.ReplaceAllString(s, " "))
	var best *Anchor
	bn := 0.0
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active {
			continue
		}
		score := 0.0
		if slices.ContainsFunc(named(a.Value), func(n string) bool { return slices.Contains(ns, n) }) {
			score = 10
		} else if n, f := sharedStems(ss, stems(a.Value)); n >= 2 || f >= 0.5 && n > 0 {
			score = float64(n) + f
		}
		if score > 0 && (best == nil || score > bn || score == bn && newer(a, best)) {
			best, bn = a, score
		}
	}
	return best
}

// referent is the current value a reference names ("that batch", "the
// rust version"): the newest whose key or name holds every stem of the
// reference, or whose acronym key ("MSRV") the reference spells out.
func (r *Reducer) referent(name string) *Anchor {
	ws := keyWords(name)
	if len(ws) == 0 {
		return nil
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current {
			continue
		}
		have := stems(strings.ReplaceAll(property(a.Key), "_", " ") + " " + a.Name)
		ok := stemSubset(ws, have)
		for _, w := range strings.Fields(a.Name) {
			ok = ok || acronymOf(w, ws)
		}
		if ok && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// supersede retires o in favour of nu: nu states what o said as Was and
// keeps o's sources.
func (r *Reducer) supersede(nu, o *Anchor) {
	nu.Was = o.Value
	if strings.HasPrefix(o.Value, "unresolved:") {
		// A change never computed is no value it was: the one before it.
		nu.Was = o.Was
	}
	nu.inherit(o)
	r.retire(o, Superseded)
}

// outdateAnswers retires the agent's answers to the user's questions
// (answered.go) that told a number of the setting nu now sets: "The
// dispatcher runs 4 jobs at once (DISPATCH_PARALLEL in …)" is no longer
// so once the user sets DISPATCH_PARALLEL to 6. An answer tells the
// setting when it holds every word of its name (or its identifier) and a
// digit.
func (r *Reducer) outdateAnswers(nu *Anchor, ref EventRef) {
	if nu.Lifecycle != Current || !numericValueRE.MatchString(strings.TrimSpace(nu.Value)) {
		// Only a number outdates the answer that told one ("set it to
		// 6"); a key or a name set ("微信支付 apiv3 key 是 …") told no
		// answer's number.
		return
	}
	name := stems(nu.Name + " " + strings.ReplaceAll(property(nu.Key), "_", " "))
	if len(name) == 0 {
		return
	}
	for _, a := range r.sorted() {
		if a.Kind != KindDecision || a.Lifecycle != Active || a.Authority != Decision || !strings.HasPrefix(a.Key, answerPrefix) ||
			a.Seq() >= ref.Seq || !strings.ContainsAny(a.Value, "0123456789") {
			continue
		}
		if containsAll(stems(a.Value), name) {
			r.retire(a, Superseded)
		}
	}
}

// nearest is the hot anchor of kind in one of the lifecycles whose words
// overlap text most, at least min.
func (r *Reducer) nearest(k Kind, text string, min float64, lifecycles ...string) *Anchor {
	return r.closest(text, min, func(a *Anchor) bool {
		return a.Kind == k && slices.Contains(lifecycles, a.Lifecycle)
	})
}

// closest is the hot anchor keep accepts whose words overlap text most,
// at least min and more than nothing; the newest among equals.
func (r *Reducer) closest(text string, min float64, keep func(*Anchor) bool) *Anchor {
	t := terms(text)
	var best *Anchor
	bs := 0.0
	for _, a := range r.hot {
		if !keep(a) {
			continue
		}
		s := overlap(t, a.terms())
		if s < min || s == 0 {
			continue
		}
		if best == nil || s > bs || s == bs && newer(a, best) {
			best, bs = a, s
		}
	}
	return best
}

// newer orders anchors by their source event, then by id: a total order,
// so a pick over the hot map does not depend on the map's order.
func newer(a, b *Anchor) bool {
	return a.Seq() > b.Seq() || a.Seq() == b.Seq() && a.ID > b.ID
}

func (r *Reducer) newest(k Kind, lifecycle string) *Anchor {
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind == k && a.Lifecycle == lifecycle && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// naming is the anchor of the (kind, lifecycle) pairs whose links share the
// most of links (the newest among equals), or nil when none shares one.
func (r *Reducer) naming(links []string, pairs ...any) *Anchor {
	if len(links) == 0 {
		return nil
	}
	var best *Anchor
	bn := 0
	for _, a := range r.hot {
		ok := false
		for i := 0; i+1 < len(pairs); i += 2 {
			if a.Kind == pairs[i].(Kind) && a.Lifecycle == pairs[i+1].(string) {
				ok = true
			}
		}
		if !ok {
			continue
		}
		n := 0
		for _, l := range links {
			if slices.Contains(a.Links, l) {
				n++
			}
		}
		if n > 0 && (best == nil || n > bn || n == bn && newer(a, best)) {
			best, bn = a, n
		}
	}
	return best
}

// nearestUnlinked is nearest among the active anchors of kind, skipping,
// when linked is set, those with links of their own (they would have been
// found by naming if they were about the same thing).
func (r *Reducer) nearestUnlinked(k Kind, text string, min float64, linked bool) *Anchor {
	return r.closest(text, min, func(a *Anchor) bool {
		return a.Kind == k && a.Lifecycle == Active && !(linked && len(a.Links) > 0) && !strings.HasPrefix(a.Key, answerPrefix)
	})
}

// supersedeScope retires the constraints and values stated by earlier
// messages of the same kind as a message that supersedes them.
func (r *Reducer) supersedeScope(scope string, ref EventRef) {
	t := terms(strings.ReplaceAll(scope, "-", " "))
	for _, a := range r.sorted() {
		if a.Scope == "" || a.Seq() >= ref.Seq || !a.IsHead() || a.Kind != KindConstraint && a.Kind != KindValue {
			continue
		}
		if a.Scope == scope || overlap(t, terms(strings.ReplaceAll(a.Scope, "-", " "))) >= 0.6 {
			r.retire(a, Superseded)
		}
	}
}

// objectiveText is an objective's statement for comparison: without its
// label ("Objective:"), quotes, trailing ellipsis or stop, and spacing.
func objectiveText(v string) string {
	v = strings.Join(strings.Fields(v), " ")
	if m := objectiveRE.FindStringSubmatch(v); m != nil {
		v = m[1]
	}
	v = strings.TrimSuffix(v, "…")
	v = strings.Trim(cleanValue(v), "\"'`“”「」 ")
	return strings.TrimRight(v, ".。!！")
}

// noLeadRE is a correction that opens by the thing it drops: "Actually
// no bastion — use SSM Session Manager instead", "ok, no redis; keep it in
// memory".
var noLeadRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|hmm+|actually|wait|so|on second thought|then)[,!]?\s+)*no\s+(?P<x>[\w\-./]+(?:\s+[\w\-./]+)?)\s*(?:[,;—–]|\s-\s|$)`)

// namesOther reports whether sentence s takes back a thing it names by
// an identifier ("scratch the timeout-minutes thing") that decision d
// does not hold: the thing taken back is another.
func namesOther(s, d string) bool {
	x := droppedThing(s)
	ids := distinctive(x)
	if len(ids) == 0 {
		// "drop the dark mode thing" after choosing the keep rules: the
		// words it names, none of them the decision's.
		xs := stems(x)
		for _, g := range genericRefs {
			delete(xs, g)
		}
		if len(xs) == 0 {
			return false
		}
		ds := stems(d)
		for w := range xs {
			if ds[w] {
				return false
			}
		}
		return true
	}
	ld := strings.ToLower(d)
	for _, id := range ids {
		if strings.Contains(ld, strings.ToLower(id)) {
			return false
		}
	}
	return true
}

// relayLeadRE is a short lead naming who says what follows, up to its
// colon: "Галина щойно сказала:", "Dee just said:", "per Priya:".
var relayLeadRE = mustPattern(`^[^:：\n]{0,40}?(?:\b(?:said|says|told me|tells me|writes|wrote|confirmed|per)\b|сказала|сказав|сказали|каже|сказал|говорит|пише|пишет)[^:：\n]{0,12}[:：]\s*`)
