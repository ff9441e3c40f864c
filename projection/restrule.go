// Exceptions said in a reply: the rule they were made to holds them.
//
// An exception to a rule is often said as the answer to the agent's
// question ("O versionCode fica no app.json — posso alterar lá?" — "pode
// mexer só no versionCode do app.json, o resto continua sem mexer"), or
// before the rule it excepts from, in the same message ("só na src/legacy
// pode deixar any, … no resto do código nada de any", "only in src/legacy
// you can leave any. in the rest of the code no any"). Either way it is
// the rule's exception: the rule is shown with it, and when the rule is
// lifted the exception goes with it. An answer that is such an exception
// is no decision of its own; a remainder that states a rule no rule held
// is that rule, its exception with it.

package projection

import "strings"

// restLeadRE opens a sentence with the rest of a place, in the gloss's
// words or the user's where the gloss keeps them: "in the rest of the
// code", "everywhere else", "elsewhere", "no resto do código" ("everywhere
// else of the código"), "en el resto del código", "im restlichen Code",
// "überall sonst", "в остальном коде", "в решті коду"; what follows it is what holds
// there.
var restLeadRE = mustPattern(`(?i)^\W*(?:(?:and|but|e|y|et|und|и|а)\s+)?(?:(?:(?:in|by|on|dans|в|во)\s+)?(?:the\s+)?(?:rest\s+of(?:\s+the)?|restlichen|resto(?:\s+of(?:\s+the)?)?|остальном|остальной|остальных|решті|решта|решту|іншому|іншій|інших)|everywhere\s+else(?:\s+(?:of|in)(?:\s+the)?)?|elsewhere|anywhere\s+else|überall\s+sonst|sonst\s+überall|везде\s+ещё|везде\s+еще)(?:\s+[\p{L}\w./-]+)??(?:\s*[,:;—–]\s*|\s+)`)

// restIsRule reports whether sentence s, said after an exception, states
// a rule: as a whole, or after its lead naming the rest of a place ("in
// the rest of the code no any").
func restIsRule(s string) bool {
	if isRule(s) {
		return true
	}
	loc := restLeadRE.FindStringIndex(s)
	if loc == nil {
		return false
	}
	rest := strings.TrimSpace(s[loc[1]:])
	if isRule(rest) {
		return true
	}
	// the place's name is one word more ("im restlichen Code kein any");
	// "nothing" before a thing bans it ("nel resto del codice niente
	// any": "… nothing any")
	if _, after, ok := strings.Cut(rest, " "); ok && (isRule(after) || isRule(nothingNoRE.ReplaceAllString(after, "no "))) {
		return true
	}
	return isRule(nothingNoRE.ReplaceAllString(rest, "no "))
}

// nothingNoRE is "nothing" opening a sentence's ban of a thing.
var nothingNoRE = mustPattern(`(?i)^nothing\s+(?:of\s+)?`)

// restName names a rule proposed as the remainder of the exception said
// just before it (Proposal.Because holds the exception's quote).
const restName = "rest of exception"

// lastExceptQuote is the quote of the last exception proposed in out, ""
// for none.
func lastExceptQuote(out []Proposal) string {
	for i := len(out) - 1; i >= 0; i-- {
		if out[i].Op == OpExcept {
			return out[i].Quote
		}
	}
	return ""
}

// exceptedAt is the rule restated at message seq with the exception quote
// (or a clause of it, or a sentence holding it), nil when no rule took an
// exception of those words there.
func (r *Reducer) exceptedAt(seq int, quote string) *Anchor {
	q := strings.TrimSpace(quote)
	if q == "" {
		return nil
	}
	for _, a := range r.hot {
		if a.Kind != KindConstraint || !a.IsHead() || a.Seq() != seq || !strings.Contains(a.Value, " — except: ") {
			continue
		}
		b := strings.TrimSpace(a.Because)
		if b != "" && (b == q || strings.Contains(q, b) || strings.Contains(b, q)) {
			return a
		}
	}
	return nil
}

// restRule reads p, a rule said as the remainder of the exception before
// it (p.Because): when that exception was made to a rule held, the
// remainder is that rule's, said again (false: nothing new); when the
// remainder names an active rule, the exception is that rule's (false);
// else nu is the rule with its exception (true).
func (r *Reducer) restRule(nu *Anchor, p *Proposal, ref EventRef, id string) bool {
	if r.exceptedAt(ref.Seq, p.Because) != nil {
		return false
	}
	if o := r.sameRule(p); o != nil && o.Lifecycle == Active {
		r.restateExcept(o, p.Because, "", ref, id)
		return false
	}
	nu.Name = ""
	// the rest as said: its lead ("everywhere else, no any") is the
	// rule's scope
	nu.Value = strings.TrimRight(p.Value, ".。 ") + " — except: " + withoutLabel(p.Because)
	nu.Links = append(nu.Links, mentions(p.Because)...)
	return true
}
