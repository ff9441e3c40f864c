package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A permission of the very act or thing a prohibition names, bounded to a
// part.
//
// "non committare senza chiedermi" … "da ora puoi committare da solo sul
// branch feature/customer-ref"; "geen `any` in TypeScript" … "in e2e/ en
// in test-utils mag `any`"; "don't commit without asking" … "you may
// commit on fix/* yourself": the permission names what the rule forbids
// (its verb, or its thing in backquotes) and a part it holds in (a path,
// a branch, a directory). The rule stays in force everywhere else: it is
// amended, and shows restated with its exception. A second such
// permission ("puoi committare da solo anche su fix/*") amends it again.
// A permission that names no part is left to the readings of lifts; one
// naming a thing no active prohibition names, or one two prohibitions
// name, changes nothing.

// actPermitRE is a permission in the gloss's words ("you may", "may")
// and what follows it.
var actPermitRE = mustPattern("(?i)(?:^|[\\s,;:])(?:you\\s+)?(?:may|can|are allowed to|is allowed)\\s+(?P<rest>.+)$")

// actNotRE negates or asks the permission: "you may not", "can we".
var actNotRE = mustPattern(`(?i)\b(?:can't|cannot|can not|may not|not (?:yet )?(?:may|can)|can you|can we|could you|could we|if|unless)\b`)

// actSubjects are the subjects before a modal that make it no
// permission to the agent.
var actSubjects = wordSet(`he she it they we i who which that there one so this what how where when`)

// actPronouns are the words between a permission's modal and its object
// that name who may ("mag je", "darfst du", "puoi tu").
var actPronouns = wordSet(`je jij u du tu you ihr vous voi lei ty вы jullie het ook also too even anche auch aussi`)

// actScopeIn reports whether text s bounds a permission to a part: a
// preposition of place before a path, a branch, a directory, in the
// gloss's words or the user's ("in src/legacy/", "to feature/*", "op de
// branch release/2.x", "в папке docs/"). With atStart, only a bound that
// opens s counts (after at most one character that is no letter, digit
// or "_"). It reads the way the regular expression
//
//	(?i)(?:^|[^\p{L}\p{N}_])(?:PREPOSITION)\s+(?:(?:ARTICLE)\s+)*[\w.*\-/]*[/*][\w.*\-/]*
//
// matches, by a scan from each path back over its article words: a
// single pass, where that expression took a second on a 1 MB message.
func actScopeIn(s string, atStart bool) bool {
	if atStart {
		return scopeOpens(s)
	}
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && isPathByte(s[j]) {
			j++
		}
		if j == i {
			i++
			continue
		}
		if strings.ContainsAny(s[i:j], "/*") && scopeHead(s[:i]) {
			return true
		}
		i = j
	}
	return false
}

// scopeOpens reports whether a scope opens s: after at most one character
// that is no letter, digit or "_", a preposition of place, whitespace,
// article words each followed by whitespace, and a path with a "/" or "*".
func scopeOpens(s string) bool {
	if r, n := utf8.DecodeRuneInString(s); n > 0 && !unicode.IsLetter(r) && !unicode.IsNumber(r) && r != '_' {
		s = s[n:]
	}
	word := func() string {
		k := 0
		for k < len(s) {
			r, n := utf8.DecodeRuneInString(s[k:])
			if !unicode.IsLetter(r) {
				break
			}
			k += n
		}
		w := s[:k]
		s = s[k:]
		return strings.ToLower(w)
	}
	space := func() bool {
		t := strings.TrimLeft(s, asciiSpace)
		ok := len(t) < len(s)
		s = t
		return ok
	}
	if !actScopePreps[word()] || !space() {
		return false
	}
	for {
		j := 0
		for j < len(s) && isPathByte(s[j]) {
			j++
		}
		if strings.ContainsAny(s[:j], "/*") {
			return true
		}
		if !actScopeArticles[word()] || !space() {
			return false
		}
	}
}

// asciiSpace is what \s matches in Go's regexp.
const asciiSpace = " \t\n\f\r"

// isPathByte reports whether b may be in the path of a scope: an ASCII
// letter, digit or one of "_.*-/".
func isPathByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("_.*-/", b) >= 0
}

// scopeHead reports whether text s (what comes before a path) ends with a
// preposition of place (at its start or after a character that is no
// letter, digit or "_"), whitespace, and article words each followed by
// whitespace. The walk back stops at the first other word, so the walks
// from a text's paths never cross.
func scopeHead(s string) bool {
	for {
		t := strings.TrimRight(s, asciiSpace)
		if len(t) == len(s) {
			return false
		}
		k := len(t)
		for k > 0 {
			r, n := utf8.DecodeLastRuneInString(t[:k])
			if !unicode.IsLetter(r) {
				break
			}
			k -= n
		}
		w := strings.ToLower(t[k:])
		switch {
		case actScopePreps[w]:
			if k == 0 {
				return true
			}
			r, _ := utf8.DecodeLastRuneInString(t[:k])
			return !unicode.IsLetter(r) && !unicode.IsNumber(r) && r != '_'
		case actScopeArticles[w]:
			s = t[:k]
		default:
			return false
		}
	}
}

// actScopePreps are the prepositions of place before a scope;
// actScopeArticles the words between them and the path.
var (
	actScopePreps    = wordSet(`in on by inside under within for to into naar nach till sul sulla su nel nella nei per op voor auf im für dans sur pour en на в во у для`)
	actScopeArticles = wordSet(`the de het il la le lo der die das branch folder map cartella directory dir dossier ветке папке`)
)

// permittedAct is the act or thing a glossed clause c of sentence s
// permits within a part (see above), or "". The part may be the clause
// right after c ("deze ene keer mag je pushen, naar feature/x": "you may
// push, to feature/x"), and a permission said for once only ("just this
// once you may push") is bounded by that once: an exception too, the
// rule in force after it (oncelift.go).
func permittedAct(c, s string) string {
	m := actPermitRE.FindStringSubmatchIndex(c)
	if m == nil || questionRE.MatchString(c) || actNotRE.MatchString(c) {
		return ""
	}
	if f := strings.Fields(c[:m[0]+1]); len(f) > 0 && actSubjects[strings.ToLower(strings.Trim(f[len(f)-1], ",;:"))] {
		// "so he can file it": someone else's ability, no permission
		return ""
	}
	rest := c[m[2]:m[3]]
	if !actScopeIn(c, false) && !scopeAfter(c, s) && !onceRE.MatchString(s) {
		return ""
	}
	if i := strings.Index(rest, "`"); i >= 0 {
		// "may `any`": the thing in backquotes
		if j := strings.Index(rest[i+1:], "`"); j > 0 && j < 40 {
			return rest[i : i+j+2]
		}
	}
	// "tempfile may stay": a thing's, not the agent's; the agent is
	// addressed before the modal or after it ("mag je", "darfst du").
	addressed := strings.Contains(strings.ToLower(c[m[0]:m[2]]), "you")
	ws := strings.Fields(rest)
	for i, w := range ws {
		w = strings.Trim(w, ".,;:!()\"'")
		lw := strings.ToLower(w)
		if actPronouns[lw] {
			addressed = true
			continue
		}
		if !addressed {
			return ""
		}
		if len([]rune(w)) < 4 || stopwords[lw] || nonVerbs[lw] || strings.ContainsAny(w, "/*.") {
			if v := finalVerb(ws[i+1:]); v != "" && !strings.ContainsAny(w, "/*") {
				// "darfst du any lassen", "mag je any laten staan":
				// the object before the verb the clause ends with
				return v
			}
			return ""
		}
		return w
	}
	return ""
}

// finalVerb is the verb that ends a clause after its object, in the
// languages that say the verb last ("… any lassen", "… any laten
// staan"): the first of ws when at most one word (a particle, a second
// verb) follows it, else "".
func finalVerb(ws []string) string {
	if len(ws) == 0 || len(ws) > 2 {
		return ""
	}
	v := strings.Trim(ws[0], ".,;:!()\"'")
	lv := strings.ToLower(v)
	if len([]rune(v)) < 4 || stopwords[lv] || nonVerbs[lv] || actPronouns[lv] || strings.ContainsAny(v, "/*.`") {
		return ""
	}
	return v
}

// scopeAfter reports whether the clause after clause c in sentence s
// opens with the part a permission holds in ("…, to feature/x").
func scopeAfter(c, s string) bool {
	i := strings.Index(s, c)
	if i < 0 {
		return false
	}
	return actScopeIn(strings.TrimLeft(s[i+len(c):], " ,;:—–"), true)
}

// exceptAct restates the one active prohibition that names the act or
// thing p.Value with the permission p.Quote as its exception.
func (r *Reducer) exceptAct(p *Proposal, ref EventRef, id string) {
	var o *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.Seq() >= ref.Seq || !r.prohibits(a.Value) || !actNamedIn(p.Value, a.Value) {
			continue
		}
		if o != nil {
			// two prohibitions name it: which one is amended is unclear
			return
		}
		o = a
	}
	if o == nil {
		return
	}
	if _, ex, ok := strings.Cut(o.Value, " — except: "); ok && strings.Contains(ex, withoutLabel(p.Quote)) {
		// the same exception said again
		o.addRef(ref)
		return
	}
	r.restateExcept(o, p.Quote, p.Value, ref, id)
}

// actNamedIn reports whether rule v names act or thing x: a thing in
// backquotes as written, a word by its stem.
func actNamedIn(x, v string) bool {
	head, _, _ := strings.Cut(v, " — except: ")
	if strings.HasPrefix(x, "`") {
		return strings.Contains(head, x)
	}
	return slices.Contains(stemList(head), stem(strings.ToLower(x)))
}

// prohibits reports whether rule v forbids: in its words, or in its gloss
// in the session's language when v alone is too short to tell its own
// ("non committare senza chiedermi").
func (r *Reducer) prohibits(v string) bool {
	if negRE.MatchString(v) || glossNeg(v) {
		return true
	}
	g := glossOf(v, r.lang)
	return g != nil && negRE.MatchString(g.text)
}
