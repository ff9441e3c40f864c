// A lift that names the rule's subject in another form of its word.
//
// "pushing is fine from now on" after "don't push to origin", "pushen mag
// voortaan gewoon" after "push niet naar origin", "pousser c'est ok
// désormais" after "ne pousse pas sur origin": the permission says what it
// frees by the rule's own word, in another form (a gerund, an infinitive,
// a conjugation), and nothing else. It lifts the one active prohibition
// holding every such word; none when two hold them ("don't push to
// origin", "don't push tags") or when the permission names a thing the
// rule does not ("deploying is fine now", "pushing to staging is fine
// now" of "don't push to origin").

package projection

import (
	"slices"
	"strings"
	"unicode"
)

// liftCueWords are the words of a permission's shape that name no thing
// ("ok, … is fine from now on", "… mag voortaan gewoon": "just"), beside
// the stopwords and the cue words a gloss rewrites.
var liftCueWords = wordSet(`ok okay fine alright allowed permitted good free now again anymore from on onward onwards forward going ahead
	whenever also too then just go sure yes yeah
	gewoon gerust prima einfach ruhig gerne tranquillamente pure liberamente simplement librement tranquilo libremente bara fritt lugnt
	bene bien bem gut goed bra`)

// subjectWords are the words of lift quote q that name what it frees:
// its content words outside its permission and time words (permitShapeRE,
// backShapeRE) and outside the cue words its gloss in l rewrites
// ("mag", "voortaan", "c'est ok", "désormais"). Nil when q has CJK text
// (the Chinese readings find those).
func subjectWords(q string, l lang) []string {
	if strings.ContainsFunc(q, isCJK) {
		return nil
	}
	cut := make([]bool, len(q))
	mark := func(a, b int) {
		for i := a; i < b && i < len(q); i++ {
			cut[i] = true
		}
	}
	for _, re := range []interface{ FindAllStringIndex(string, int) [][]int }{permitShapeRE, backShapeRE} {
		for _, m := range re.FindAllStringIndex(q, -1) {
			mark(m[0], m[1])
		}
	}
	if g := glossOf(q, l); g != nil {
		for _, s := range g.segs {
			mark(s.ss, s.se)
		}
	}
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		if cut[i] {
			b.WriteByte(' ')
			continue
		}
		b.WriteByte(q[i])
	}
	var out []string
	for _, w := range strings.FieldsFunc(b.String(), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != '\''
	}) {
		lw := strings.ToLower(strings.Trim(w, "-'"))
		if i := strings.LastIndexByte(lw, '\''); i >= 0 {
			// "c'est", "d'ora": the elided article or pronoun aside
			lw = lw[i+1:]
		}
		if len([]rune(lw)) < 3 || stopwords[lw] || liftCueWords[lw] || constraintRE.MatchString(lw) {
			continue
		}
		out = append(out, lw)
	}
	return out
}

// verbEndings are the endings a light root drops: the infinitive and
// conjugated forms of the Germanic and Romance languages the lexicons read
// ("pushen", "pushare", "pushear", "pousser", "pusha", "pusht").
var verbEndings = []string{"ieren", "ieri", "ear", "are", "ere", "ire", "ar", "er", "ir", "en", "et", "t", "a", "o", "e"}

// lightRoots are the forms of w to compare with another word's for
// telling forms of one word apart across languages: w, its stem (English
// suffixes, -ing, -ed, -s), each of those with one verb ending dropped
// when three letters or more stay, a doubled final consonant made single
// ("committen": "commit") and a final "i" read as "y" ("déploie":
// "déploy"). Two words are forms of one when their sets meet: "deploy"
// and "deployen" meet at "deploy", "commit" and "committen" at "commit",
// though the stem of "deploy" is "deplo" and one ending off "commit"
// leaves "commi".
func lightRoots(w string) []string {
	w = strings.ToLower(w)
	var out []string
	add := func(s string) {
		if r := []rune(s); len(r) >= 4 && r[len(r)-1] == r[len(r)-2] && !strings.ContainsRune("aeiou", r[len(r)-1]) {
			s = string(r[:len(r)-1])
		}
		out = append(out, s)
		if strings.HasSuffix(s, "i") {
			out = append(out, strings.TrimSuffix(s, "i")+"y")
		}
	}
	for _, b := range []string{w, stem(w)} {
		add(b)
		for _, e := range verbEndings {
			if strings.HasSuffix(b, e) && len([]rune(b))-len([]rune(e)) >= 3 {
				add(b[:len(b)-len(e)])
			}
		}
	}
	return out
}

// roots are the light roots of s's words.
func roots(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len([]rune(w)) >= 3 && !stopwords[w] {
			for _, r := range lightRoots(w) {
				out[r] = true
			}
		}
	}
	return out
}

// liftStemMax is the longest lift quote, in bytes, read for the rule's
// word in another form.
const liftStemMax = 400

// soleByRoot is the one active prohibition stated before seq that holds,
// by light root, every subject word of lift quote q (see above); nil when
// q names nothing of its own or no rule or two rules hold its words.
func (r *Reducer) soleByRoot(q string, seq int) *Anchor {
	if len(q) > liftStemMax {
		// a permission naming nothing but the rule's word is short; a
		// long quote names more, and its gloss is not read twice
		return nil
	}
	ws := subjectWords(q, r.lang)
	if len(ws) == 0 {
		return nil
	}
	var found *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq >= seq {
			continue
		}
		rs := roots(a.Value)
		all := true
		for _, w := range ws {
			if !slices.ContainsFunc(lightRoots(w), func(r string) bool { return rs[r] }) {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		if found != nil {
			return nil
		}
		found = a
	}
	return found
}
