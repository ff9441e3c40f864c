package projection

import (
	"fmt"
	"strings"
)

// A prohibition's object declared fine.
//
// "Umlaute im Buchungstext sind völlig ok" after "keine Umlaute im
// Buchungstext" (the rule relayed wrong), "emojis in commit messages are
// totally fine" after "no emojis in commit messages", "ログの日本語は全然
// 大丈夫" after "ログに日本語は禁止": the user says the very thing a rule
// forbids is allowed, and the rule is lifted. The thing is the words
// before "is/are … ok" in the sentence, by language; the rule lifted is
// the active prohibition (a word of negation in it) whose forbidden part
// (after the negation, in its clause) shares two of its content words
// with them, or its one word of five letters or more,
// when no other prohibition shares as many. "X is not ok", "X is fine
// now?" and a thing no prohibition names change nothing; a requirement
// ("Encoding muss Windows-1252 sein") is no prohibition, and "1252 is
// fine" lifts nothing. A thing declared fine for a scope ("Raw kubectl
// apply is fine for that throwaway pod") or with the rest kept
// ("… — everything else stays helm") is an exception: the rule is
// restated with it.

// okThingRE is a sentence declaring a thing fine: the thing (t) before
// its verb of being and the word of permission, by language.
var okThingRE = mustPattern(`(?i)^(?:(?:also|and|so|but|aber|und|also|pero|y|mais|et|e|ma)[,]?\s+)?(?P<t>[^,;:!?]{3,80}?)\s+(?:(?:is|are)\s+(?:totally\s+|completely\s+|perfectly\s+|absolutely\s+|actually\s+|really\s+|also\s+)?(?:ok|okay|fine|allowed|permitted|acceptable)|(?:ist|sind)\s+(?:völlig\s+|total\s+|absolut\s+|durchaus\s+|doch\s+|schon\s+|auch\s+|komplett\s+)?(?:ok|okay|in ordnung|erlaubt|kein problem|unproblematisch)|(?:está|están|es|son)\s+(?:totalmente\s+|perfectamente\s+)?(?:bien|ok|permitid[oa]s?|aceptables?)|(?:est|sont)\s+(?:tout à fait\s+|parfaitement\s+)?(?:ok|autorisée?s?|permise?s?|acceptables?)|(?:é|são|está|estão)\s+(?:totalmente\s+|perfeitamente\s+)?(?:ok|permitid[oa]s?|liberad[oa]s?)|(?:è|sono)\s+(?:del tutto\s+|assolutamente\s+)?(?:ok|permess[oi]|consentit[oi]))(?:[\s,.;!(]|$)|^(?P<j>[^、。！？]{2,40}?)(?:は|も)(?:全然|まったく|別に)?(?:大丈夫|問題ない|問題なし|OK|オッケー)|^(?P<z>[^，。！？]{2,40}?)(?:完全)?(?:没问题|没关系|是可以的|都可以)`)

// prohibitionRE is a word of negation in a rule, in the lexicons'
// languages and the CJK ones.
var prohibitionRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:never|not|no|don't|dont|mustn't|cannot|can't|avoid|keine?[nmrs]?|nicht|nie|niemals|nunca|jamás|jamais|pas|ni|não|nao|non|mai|не|никогда|никаких|никакой|никакого|ничего|нельзя|запрещено|nie|nigdy)(?:[^\p{L}]|$)|禁止|しないで|しない|ダメ|だめ|不要|不能|不得|不许|不准|严禁|别`)

// okLifted lifts the prohibition whose object a user sentence declares
// fine (see above).
func (r *Reducer) okLifted(ev *Event, ref EventRef) {
	if ev.Role != RoleUser {
		return
	}
	for i, s := range sentences(ev.Text) {
		s = strings.TrimSpace(s)
		loc := okThingRE.FindStringSubmatchIndex(s)
		if loc == nil || questionRE.MatchString(s) {
			continue
		}
		m := make([]string, len(loc)/2)
		for k := range m {
			if loc[2*k] >= 0 {
				m[k] = s[loc[2*k]:loc[2*k+1]]
			}
		}
		thing := m[okThingRE.SubexpIndex("t")] + m[okThingRE.SubexpIndex("j")] + m[okThingRE.SubexpIndex("z")]
		if prohibitionRE.MatchString(thing) {
			// "no emojis is fine": the ban itself said, not its object
			continue
		}
		if r.liftedNow(stems(thing), ref) {
			// "prod deploys are fine again" after the lift of the same
			// message freed the prod-deploy rules: nothing else to free
			continue
		}
		if c := r.prohibitionOf(stems(thing), ref.Seq); c != nil {
			if okScopedRE.MatchString(s[loc[1]:]) || remainderRE.MatchString(s[loc[1]:]) {
				r.restateExcept(c, s, strings.TrimSpace(thing), ref, fmt.Sprintf("%s%d.ok%d", kindLetter[KindConstraint], ev.Seq, i))
				continue
			}
			c.Lifecycle = Lifted
			c.Because = strings.TrimSpace(s)
			c.addRef(ref)
		}
	}
}

// okScopedRE opens what follows a thing declared fine with the scope it
// is fine in: "for that throwaway pod", "in tests", "on staging".
var okScopedRE = mustPattern(`(?i)^\s*(?:for|in|inside|within|on|under|when)\s+\S`)

// liftedNow reports whether a rule this event lifted already shares two
// of ts's words.
func (r *Reducer) liftedNow(ts map[string]bool, ref EventRef) bool {
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Lifted || len(a.SourceRefs) == 0 || a.SourceRefs[len(a.SourceRefs)-1].Seq != ref.Seq {
			continue
		}
		if n, _ := sharedStems(ts, stems(prohibitedPart(a.Value))); n >= 2 {
			return true
		}
	}
	return false
}

// prohibitionOf is the active prohibition stated before seq that shares
// the most of ts (two words, or one of five letters or more when ts has
// one), when no other shares as many.
func (r *Reducer) prohibitionOf(ts map[string]bool, seq int) *Anchor {
	long := 0
	for w := range ts {
		if len([]rune(w)) >= 5 {
			long++
		}
	}
	return r.bestOf(func(a *Anchor) int {
		if a.Kind != KindConstraint || a.Lifecycle != Active || a.Seq() >= seq || !prohibitionRE.MatchString(a.Value) && !a.valueFacts().neg {
			// a rule in another language's words prohibits by its
			// gloss ("절대 apply 하지 마")
			return 0
		}
		n, _ := sharedStems(ts, stems(prohibitedPart(a.Value)))
		if n < 2 && !(n == 1 && len(ts) == 1 && long == 1) {
			return 0
		}
		return n
	})
}

// prohibitedPart is what rule v forbids: its words after its word of
// negation up to the end of that clause ("UTF-8" of "Encoding muss
// Windows-1252 sein, kein UTF-8"), or v whole in a CJK rule, whose
// negation follows its object.
func prohibitedPart(v string) string {
	loc := prohibitionRE.FindStringIndex(v)
	if loc == nil || strings.ContainsFunc(v, isCJK) {
		return v
	}
	part := v[loc[1]:]
	if i := strings.IndexAny(part, ",;.!?"); i >= 0 {
		part = part[:i]
	}
	if len(stems(part)) == 0 {
		return v
	}
	return part
}
