// Exceptions to a rule: the rule restated with what it no longer forbids.

package projection

import (
	"slices"
	"strings"
)

func (r *Reducer) except(p *Proposal, ref EventRef, id string) {
	if (p.Name == "" || p.Name == "word") && liftShape(p.Quote) {
		// "OK, you can touch audit_log now": a permission for what a rule
		// forbids lifts it (permitlift.go); one naming no rule may still
		// be an exception to one.
		if r.permitLift(p, ref) {
			return
		}
	}
	var o *Anchor
	word := p.Name == "word"
	// "re the no-unsafe rule: crates/hsm-sys is exempt": the rule the
	// sentence's topic names, before any rule of the thing's class.
	if m := topicRE.FindStringSubmatch(p.Quote); m != nil {
		if a := r.aboutTopic(m[topicRE.SubexpIndex("k")] + m[topicRE.SubexpIndex("z")]); a != nil && a.Kind == KindConstraint && negRE.MatchString(a.Value) {
			o = a
		}
	}
	if p.Name == "subject" {
		// "the 5% cap doesn't apply to ETFs": the rule its subject names;
		// "that doesn't apply to Ahmed" (no subject): the active rule
		// stated last.
		if p.Because != "" {
			o = r.subjectRule(p.Because)
		} else {
			o = r.newestRule()
		}
	}
	if p.Name == "ruleof" {
		// "That one's the exception to the transaction rule": the rule
		// holding the topic, or none (exceptto.go)
		if o = r.aboutTopic(p.Value); o == nil || o.Kind != KindConstraint {
			return
		}
	}
	if p.Name == selfNamedName {
		// "yes you can add a new one for export_jobs, that's the
		// exception": the prohibition the permission shares its topic
		// with, or, answering "May I add a migration in
		// prisma/migrations?", the one the question names.
		if o = r.topicRule(p.Quote); o == nil {
			o = r.topicRule(p.Quote + " " + p.Because)
		}
		if o == nil {
			return
		}
	}
	if p.Name == onceName {
		// "is baar skip karo": the rule set aside this once (onceskip.go)
		if o = r.onceRule(p.Quote, ref.Seq); o == nil {
			return
		}
	}
	if p.Name == "remainder" {
		// "…; the 0.8 ceiling stays everywhere else": the rule the
		// remainder names; none held, the permission says nothing here.
		if o = r.remainderRule(p.Because); o == nil {
			// "nearest neighbour is fine for the band raster; the depth
			// raster stays bilinear only": the rule named by the
			// remainder and the permission together.
			o = r.remainderRule(p.Because + " " + p.Value)
		}
		// none named: the prohibition the permission excepts from, as
		// for a permission said alone (below)
	}
	if o == nil && p.Name == "" {
		// "you can touch clock.c BUT only the sdmmc divider" after "dont
		// touch Core/Src/clock.c": the prohibition of that very file,
		// before any rule of its class. A scope ("only", "for", "in")
		// makes the permission its exception; none lifts it whole ("you
		// can touch clock.c now").
		if a := r.ruleNaming(p.Value); a != nil {
			if !r.scoped(p.Quote, p.Value) {
				a.Lifecycle = Lifted
				a.Because = p.Quote
				a.addRef(ref)
				return
			}
			o = a
		}
	}
	for _, a := range r.hot {
		if o != nil || p.Name == "subject" {
			break
		}
		if a.Kind != KindConstraint || a.Lifecycle != Active {
			continue
		}
		var fits bool
		// "you can use nightly for the benchmarks", "wandb is ok but only
		// the self-hosted one": the prohibition naming the thing.
		// a rule in another language's words prohibits by its gloss
		neg := a.valueFacts().neg
		names := neg && stemSubset(stemList(p.Value), stems(a.Value))
		if word {
			fits = names
		} else {
			fits = excepts(a.Value, p.Quote, p.Value) || p.Name == "package" && neg && (depClassRE.MatchString(a.Value) || names) ||
				p.Name == "topic" && (names || neg && (sameNumber(p.Value, a.Value) || topicOf(p.Value, a.Value)))
		}
		if fits && (o == nil || newer(a, o)) {
			o = a
		}
	}
	if o == nil && p.Name == "" {
		// No rule of the thing's class: the one the permission shares
		// its topic with (rulelife.go).
		o = r.topicRule(p.Quote)
	}
	if o == nil && (p.Name == "" || p.Name == "remainder") && onceSaid(p.Quote) {
		// "you can edit that old migration, just this one": the rule it
		// sets aside this once (onceskip.go)
		o = r.onceRule(p.Quote, ref.Seq)
	}
	if o == nil {
		if p.Name == "topic" && p.Because != "" {
			// The rule its lead names is not held: the permission is
			// kept as said.
			nu := &Anchor{ID: id, Kind: KindConstraint, Key: "constraint/-/" + slug(p.Because), Value: p.Because, Authority: Normative,
				SourceRefs: []EventRef{ref}, Lifecycle: Active, Links: mentions(p.Because)}
			if r.hot[slot(nu.Kind, nu.Key)] == nil {
				r.hot[slot(nu.Kind, nu.Key)] = nu
			}
		}
		return
	}
	if _, ex, ok := strings.Cut(o.Value, " — except: "); ok && slices.Contains(o.Links, p.Value) && strings.Contains(ex, p.Value) {
		// The same exception said again ("(zod is still ok.)"); the
		// thing the rule itself names is no exception yet ("tu touches
		// pas à Cargo.lock" … "tu peux toucher Cargo.lock pour …").
		o.addRef(ref)
		return
	}
	if word && !scopedRE.MatchString(p.Quote) && !r.scoped(p.Quote, p.Value) {
		// (scoped in the gloss: "seed.dart mein print use kar sakte ho"
		// is "in seed.dart you can use print")
		// Freed with no scope: the whole rule is lifted.
		o.Lifecycle = Lifted
		o.Because = p.Quote
		o.addRef(ref)
		return
	}
	r.restateExcept(o, p.Quote, p.Value, ref, id)
}

// ruleNaming is the newest active prohibition that names the file or
// path x itself (as written, or as a path ending in it: "clock.c" is
// named by "Core/Src/clock.c"), or nil.
func (r *Reducer) ruleNaming(x string) *Anchor {
	if len(mentions(x)) == 0 {
		return nil
	}
	var o *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg || o != nil && !newer(a, o) {
			continue
		}
		if slices.ContainsFunc(mentions(a.Value), func(m string) bool { return m == x || strings.HasSuffix(m, "/"+x) }) {
			o = a
		}
	}
	return o
}

// newestRule is the active rule stated last, or nil.
func (r *Reducer) newestRule() *Anchor {
	var o *Anchor
	for _, a := range r.hot {
		if a.Kind == KindConstraint && a.Lifecycle == Active && (o == nil || newer(a, o)) {
			o = a
		}
	}
	return o
}

// restateExcept supersedes the prohibition o with itself restated with the
// exception quote, which frees thing.
func (r *Reducer) restateExcept(o *Anchor, quote, thing string, ref EventRef, id string) {
	nu := o.clone()
	nu.ID = id
	// The rule without the reasons said beside it, so the exception
	// shows; Was keeps the rule as said.
	nu.Value = strings.TrimRight(withoutReasons(o.Value), ".。 ") + " — except: " + withoutLabel(quote)
	nu.Was = o.Value
	nu.Because = quote
	if thing != "" {
		nu.Links = append(nu.Links, thing)
	}
	nu.SourceRefs, nu.Inherited = []EventRef{ref}, 0
	nu.inherit(o)
	r.retire(o, Superseded)
	r.hot[slot(nu.Kind, nu.Key)] = nu
}

// withoutReasons is rule s without the clauses beside it that carry no
// rule word (its reasons: "…, we're trying to keep the APK small"), as
// written; exceptions already stated stay.
func withoutReasons(s string) string {
	head, excepted, _ := strings.Cut(s, " — except: ")
	var b strings.Builder
	start, sep, dropped := 0, "", ""
	keep := func(piece, before string) {
		if constraintRE.MatchString(piece) || negRE.MatchString(piece) || prohibitionRE.MatchString(piece) || workNorm(piece) {
			if b.Len() > 0 {
				b.WriteString(before)
			} else if dropped != "" && ruleByPronounRE.MatchString(piece) {
				// "CI runs `cargo clippy`, so it has to stay clippy
				// clean": what "it" is stays with the rule
				b.WriteString(dropped + before)
			}
			b.WriteString(piece)
			dropped = ""
			return
		}
		dropped = piece
	}
	for _, loc := range segmentRE.FindAllStringIndex(head, -1) {
		if inParens(head, loc[0]) {
			// "mara (hw, she owns the board) says …": an aside, no
			// bound between reasons.
			continue
		}
		keep(head[start:loc[0]], sep)
		sep, start = head[loc[0]:loc[1]], loc[1]
	}
	keep(head[start:], sep)
	out := b.String()
	if out == "" {
		out = head
	}
	if excepted != "" {
		out += " — except: " + excepted
	}
	return out
}

// selfNamedName names an exception that calls itself one (selfNamedException).
const selfNamedName = "selfnamed"

// selfExceptRE is a clause that calls what the sentence allows the
// exception, naming no rule: "that's the exception", "das ist die
// Ausnahme", "esa es la excepción", "c'est l'exception".
var selfExceptRE = mustPattern(`(?i)[,;:—–(]\s*(?:but\s+|and\s+|aber\s+|pero\s+|mais\s+)?(?:that(?:'s|’s| is)|this is|it(?:'s|’s| is)|(?:das|dies) ist|esa es|eso es|esta es|c'est|ça c'est|isso é|essa é|questa è|dat is)\s+(?:the|an|one|die|eine|la|una|l'|l’|a|de|een)\s*(?:only\s+|einzige\s+|única\s+|seule\s+)?(?:exception|ausnahme|excepción|excepcion|exceção|eccezione|uitzondering)\s*[.!)]?\s*$`)

// grantClauseRE is a clause that grants: "you can add …", "du kannst"
// glossed, "… is fine", "go ahead".
var grantClauseRE = mustPattern(`(?i)\b(?:you|u)\s+(?:may|can|could|are allowed to|are free to)\s+\p{L}|\b(?:is|are|'s)\s+(?:fine|ok|okay|allowed|permitted)\b|\bgo ahead\b`)

// selfNamedException is the permission sentence s grants before calling
// it the exception ("yes you can add a new one for export_jobs, that's
// the exception"), or "": none for a question, a clause that grants
// nothing, or a sentence that names the rule ("… the exception to the
// transaction rule", exceptto.go).
func selfNamedException(s string) string {
	loc := selfExceptRE.FindStringIndex(s)
	if loc == nil || questionRE.MatchString(s) {
		return ""
	}
	x := strings.TrimSpace(s[:loc[0]])
	if !grantClauseRE.MatchString(x) || negRE.MatchString(x) {
		return ""
	}
	return x
}
