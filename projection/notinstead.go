package projection

import "strings"

// A number corrected in passing: "3, niet 5." after the agent proposed
// "5 pogingen met exponential backoff", "use 20 not 10" after "I'll run
// 10 workers", "20 statt 10": the first number is the value of the
// setting the second one was for, the one the agent suggested
// (suggested.go) or the one set last, when that setting holds the second
// number or none yet. "not 10" alone names no value; a sentence that
// names a thing before its number ("page 3, not 5") is another reading's.

// notInsteadRE is "V, not W" as a sentence of its own, a verb of choosing
// before it, in the languages the lexicons read; "do not W" is how the
// German gloss reads "3, nicht 5" (a clause opening with "nicht" is a
// prohibition there: lexicon.go, initialNot).
var notInsteadRE = mustPattern(`(?i)^\s*(?:(?:ok|okay|no|nee|nein|non|nej|nie|нет|ні)[,.!]?\s+)?(?:(?:use|make\s+it|set\s+it\s+to|go\s+with|zet|gebruik|neem|maak\s+er|nimm|mach|setz|usa|metti|prends|mets|utilise|pon|pone|coloque|use|använd|sätt|użyj|ставь|постав\p{L}*)\s+)?` +
	`(?P<v>\d+(?:[.,]\d+)?(?:\s?(?:%|[A-Za-z]{1,3}\b))?)\s*[,;]?\s*` +
	`(?:(?:do\s+)?not|niet|nicht|non|no|pas|nie|inte|ikke|não|nao|не|ні|statt|anstatt|instead\s+of|rather\s+than|in\s+plaats\s+van|i\s+stället\s+för|invece\s+di|au\s+lieu\s+de|en\s+lugar\s+de|en\s+vez\s+de|em\s+vez\s+de|zamiast|вместо|замість)\s+` +
	`(?P<a>\d+(?:[.,]\d+)?(?:\s?(?:%|[A-Za-z]{1,3}\b))?)\s*[.!]?\s*$`)

// insteadValue is the value V and the number W it replaces that sentence
// s states as "V, not W"; "" when s has no such shape.
func insteadValue(s string) (v, was string) {
	m := notInsteadRE.FindStringSubmatch(s)
	if m == nil {
		return "", ""
	}
	v, was = m[notInsteadRE.SubexpIndex("v")], m[notInsteadRE.SubexpIndex("a")]
	if v == was {
		return "", ""
	}
	return v, was
}

// insteadFits reports whether the setting key may take a value in place
// of number was: it holds was (in any unit), or holds nothing yet (a
// setting the agent only suggested).
func insteadFits(held []HeldValue, key, was string) bool {
	for _, h := range held {
		if h.Key == key {
			return leadNumber(h.Value) == leadNumber(was)
		}
	}
	return true
}

// countedSuggestRE is a count the agent proposes in its own words, a
// verb of wanting or proposing before it in the same sentence: "Ik wil
// een retry-policy …: 5 pogingen", "I'd like to run 10 workers", "ich
// würde 3 Versuche nehmen". The noun after the number names the setting.
var countedSuggestRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:i\s+want|i'd\s+like|i\s+would\s+like|i\s+plan|i'll|i\s+will|i\s+propose|i\s+suggest|ik\s+wil|ik\s+stel\s+voor|ik\s+zou|ich\s+will|ich\s+würde|ich\s+schlage|(?:wil|zou|stel)\s+ik|(?:will|würde|möchte|schlage)\s+ich|vill\s+jag|föreslår\s+jag|voglio|vorrei|propongo|je\s+veux|je\s+propose|je\s+vais|quiero|voy\s+a|eu\s+quero|proponho|jag\s+vill|föreslår|chcę|proponuję)\s(?:[^.?!\n]{0,80}?[^\p{L}\d.,])?(?P<v>\d+)\s+(?P<k>\p{L}{3,20})(?:[^\p{L}]|$)`)

// countedSuggestion is the last count text proposes and the noun it
// counts, "" when none.
func countedSuggestion(text string) (name, value string) {
	ms := countedSuggestRE.FindAllStringSubmatch(text, 8)
	for i := len(ms) - 1; i >= 0; i-- {
		k := ms[i][countedSuggestRE.SubexpIndex("k")]
		if stopwords[strings.ToLower(k)] {
			continue
		}
		return k, ms[i][countedSuggestRE.SubexpIndex("v")]
	}
	return "", ""
}

// heldInsteadRE is "V instead of W" inside a longer sentence: "deadline
// übrigens auf 45s statt 30, Staging-DB ist langsam", "bump the timeout
// to 45s instead of 30 — staging is slow". Group v is the new number,
// group a the one it replaces.
var heldInsteadRE = mustPattern(`(?i)(?:^|[^\w.,])(?P<v>\d+(?:[.,]\d+)?(?:\s?(?:%|[A-Za-z]{1,3}\b))?)\s*,?\s*(?:instead\s+of|rather\s+than|statt|anstatt|anstelle\s+von|in\s+plaats\s+van|i\s+stället\s+för|invece\s+di|au\s+lieu\s+de|en\s+lugar\s+de|en\s+vez\s+de|em\s+vez\s+de|zamiast|вместо|замість)\s+(?:(?:the|die|der|den|das|le|la|el|los|o)\s+)?(?P<a>\d+(?:[.,]\d+)?(?:\s?(?:%|[A-Za-z]{1,3}\b))?)(?:[^\w.,]|[.,](?:\s|$)|$)`)

// heldInsteadValue is the value a user sentence s sets as "V instead of
// W" for the held setting whose number W is: the one s names, else the
// one set last (lastKey). The sentence's other words ("Staging-DB ist
// langsam") are its reason, no choice between courses; a W no held
// setting has ("use 3 workers instead of 2 threads" of nothing held)
// sets nothing here.
func heldInsteadValue(s string, held []HeldValue, lastKey, scope string) (Proposal, bool) {
	if questionRE.MatchString(s) {
		return Proposal{}, false
	}
	m := heldInsteadRE.FindStringSubmatch(s)
	if m == nil {
		return Proposal{}, false
	}
	v, was := strings.TrimSpace(m[heldInsteadRE.SubexpIndex("v")]), strings.TrimSpace(m[heldInsteadRE.SubexpIndex("a")])
	if leadNumber(v) == leadNumber(was) {
		return Proposal{}, false
	}
	h := heldNamed(s, held)
	if h == nil {
		for i := range held {
			if held[i].Key == lastKey {
				h = &held[i]
			}
		}
	}
	if h == nil || leadNumber(h.Value) != leadNumber(was) {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: v, Was: h.Value, Quote: s, Correction: true, Scope: scope}, true
}
