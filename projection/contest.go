package projection

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// The user contradicts the agent's answer.
//
// "¿y qué versión de Python estamos usando en el curso?" … "El curso usa
// Python 3.11 (es lo que dice el Dockerfile del autograder)." … "No,
// Python 3.11 no: este semestre pasamos a 3.12, ese Dockerfile es del año
// pasado": the agent answered the user's question (answered.go) from
// what it read, and the user, who knows better, says it is not so. The
// agent's answer is no longer current, and the user's word takes its
// place as the answer to the same question, on the user's authority.
//
// A contradiction opens the user's message ("no", "nope", "wrong",
// "that's outdated", "不对", "不是", "No, …", "nein", "não", "いや") and
// names what the answer said: a number or identifier of the answer's
// ("3.11"), or two of its words. It reaches the answers the agent gave
// since the user's message before; the one sharing the most with the
// contradiction is the one contradicted.

// contestRE opens a message that contradicts what the agent said.
var contestRE = mustPattern(`(?i)^\W*(?:(?:no|nope|nah|wrong|incorrect|not quite|not really|not true|non|nein|não|nao|nee|nie|нет)\b|that(?:'s| is) (?:wrong|not right|not true|incorrect|outdated|out of date|old|stale)\b|(?:ce n'est|c'est) pas (?:ça|ca|vrai|juste)|no es (?:así|asi|correcto|cierto)|não é (?:bem )?(?:assim|isso)|das stimmt nicht|stimmt nicht|不对|不是的|不是|错了|搞错了|说错了|いや|いいえ|違う|ちがう|아니)`)

// contestRelayRE tells that someone says otherwise, or that who answered
// before was wrong: "Marcela dice que no", "Santiago se confundió",
// "Priya says no", "he was wrong", "小王说不对".
var contestRelayRE = mustPattern(`(?i)\b\p{Lu}\p{Ll}+ (?:says|said) (?:no|otherwise|the opposite)\b|\b(?:was|is|were) (?:wrong|mistaken|confused)\b|\bgot it wrong\b|(?:^|[^\p{L}])(?:dice que no|dijo que no|se confundi[oó]|estaba equivocad[oa]|diz que n[aã]o|disse que n[aã]o|se enganou|estava errad[oa]|sagt nein|hat sich geirrt|lag falsch|dit que non|s'est tromp[ée]e?|dice di no|si [eè] sbagliat[oa])(?:[^\p{L}]|$)|说不是|说不对|搞错了|说错了`)

// contested supersedes the agent's answer that the user's message
// contradicts with the user's own (see above).
func (r *Reducer) contested(ev *Event, ref EventRef) {
	if ev.Role != RoleUser {
		return
	}
	relay := contestRelayRE.MatchString(ev.Text)
	if !relay && !contestRE.MatchString(ev.Text) {
		return
	}
	ss := sentences(ev.Text)
	if len(ss) == 0 {
		return
	}
	first := 0
	if relay && !contestRE.MatchString(ev.Text) {
		// "Ojo, Marcela dice que no: …": the sentence that says it
		first = slices.IndexFunc(ss, contestRelayRE.MatchString)
	}
	said := strings.TrimSpace(ss[first])
	if utf8.RuneCountInString(said) < 25 && first+1 < len(ss) {
		// "No." "Es 3.12 desde este semestre."
		said += " " + strings.TrimSpace(ss[first+1])
	}
	if utf8.RuneCountInString(said) > maxSentence {
		return
	}
	var best *Anchor
	most := 0
	for _, a := range r.sorted() {
		if a.Kind != KindDecision || a.Lifecycle != Active || !strings.HasPrefix(a.Key, answerPrefix) || a.Seq() >= ref.Seq {
			continue
		}
		recent := a.Authority == Decision && a.Seq() > r.userSeq
		if !recent && !relay {
			continue
		}
		n := contestOverlap(said, a.Value+" "+a.Was)
		if !recent && n < 3 {
			// an answer from before, contradicted by someone's word:
			// the contradiction names more of it
			continue
		}
		if n > most || n == most && n > 0 && newer(a, best) {
			best, most = a, n
		}
	}
	if best == nil {
		return
	}
	nu := best.clone()
	nu.ID = fmt.Sprintf("%s%d.u", kindLetter[KindDecision], ev.Seq)
	nu.Value, nu.Quote, nu.Because = said, said, ""
	nu.Authority = Normative
	nu.SourceRefs, nu.Inherited = []EventRef{ref}, 0
	question := best.Was
	r.supersede(nu, best)
	// the answer stays shown with its question, as the agent's did
	nu.Was = question
	best.Because = said
	r.hot[slot(nu.Kind, nu.Key)] = nu
}

// contestOverlap is how much the contradiction said names of the answer:
// 2 for each number or identifier they share, 1 for each other word or
// Chinese character pair; below 2, nothing.
func contestOverlap(said, answer string) int {
	n := 0
	ids := map[string]bool{}
	for _, w := range distinctive(answer) {
		ids[strings.ToLower(w)] = true
	}
	for _, w := range distinctive(said) {
		if ids[strings.ToLower(w)] {
			n += 2
		}
	}
	aw := wordsAndPairs(answer)
	for w := range wordsAndPairs(said) {
		if aw[w] && !ids[w] {
			n++
		}
	}
	if n < 2 {
		return 0
	}
	return n
}
