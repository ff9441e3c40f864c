package projection

import (
	"strings"
	"unicode"
)

// The setting a verb of change names before its pronoun.
//
// "y el page size bájalo a 25", "die Seitengröße, senk sie auf 25", "the
// page size, lower it to 25": the noun said before the verb is what its
// pronoun takes up, and it wins over the setting touched last. A noun
// with its article right before the verb (no comma between: Spanish
// doubles the object with its clitic) names a setting even when none is
// held, a new one; after a comma it names only a setting held, every one
// of its content words a word of that setting's name ("el test pasó,
// bájalo a 25" is a sentence before, not a setting). An identifier
// alone ("y BATCH_SIZE bájalo a 25") names its setting as an article's
// noun does.

// topicArticles are the definite articles that open a setting's noun
// before a verb of change, in the languages of the gloss.
var topicArticles = wordSet(`the el la los las der die das den dem le les il lo gli o os het`)

// topicLinks may join a topic's words without being a name word of
// their own ("tamaño de página", "size of the page").
var topicLinks = wordSet(`de del of du des von der di do da`)

// directedTopic is the setting the noun before the verb of change in
// text names (pronounToNumRE): a held one all of whose topic words it
// names, the newest, else a new one named by the noun when no comma
// parts it from the verb and it shares no word with the setting touched
// last, lastKey; ok false when text says no such noun.
func directedTopic(text string, held []HeldValue, lastKey string) (key, name string, ok bool) {
	_, _, at, found := directed(text)
	if !found {
		return "", "", false
	}
	topic, comma := topicBefore(text[:at])
	if topic == "" {
		return "", "", false
	}
	var content []string
	for _, w := range strings.Fields(topic) {
		if !topicLinks[foldWord(w)] && !topicArticles[foldWord(w)] {
			content = append(content, w)
		}
	}
	if len(content) == 0 {
		return "", "", false
	}
	for i := len(held) - 1; i >= 0; i-- {
		h := held[i]
		all := true
		for _, w := range content {
			if !namesNoun(Proposal{Name: h.Name, Key: h.Key}, w) {
				all = false
				break
			}
		}
		if all {
			return h.Key, h.Name, true
		}
	}
	if comma || lastKey == "" || lastNamesWord(lastKey, held, content) {
		// "il limite allegati mettilo a 25MB" after message_size_limit
		// was read: a word of the setting touched last, said loosely;
		// with none touched, the noun has no recency to win over and
		// the setting is left to what sets it (the agent's edit)
		return "", "", false
	}
	return settingKey(topic), topic, true
}

// topicBefore is the noun of the clause before (the text before a verb
// of change) that its article opens, or the identifier that ends it,
// and whether a comma parts it from the verb; "" when the clause ends
// in neither.
func topicBefore(before string) (topic string, comma bool) {
	if k := strings.LastIndexAny(before, ".;!?¿¡:\n"); k >= 0 {
		before = before[k+1:]
	}
	before = strings.TrimSpace(before)
	if strings.HasSuffix(before, ",") {
		comma = true
		before = strings.TrimSpace(strings.TrimSuffix(before, ","))
	}
	if strings.ContainsAny(before, ",") {
		before = before[strings.LastIndex(before, ",")+1:]
	}
	words := strings.Fields(before)
	if len(words) == 0 {
		return "", comma
	}
	art := -1
	for i := len(words) - 1; i >= 0; i-- {
		if topicArticles[foldWord(words[i])] && (i == 0 || !topicLinks[foldWord(words[i-1])]) {
			// "el tamaño de la página": the article after "de" is
			// inside the noun
			art = i
			break
		}
	}
	if art < 0 {
		last := words[len(words)-1]
		if settingIdentRE.MatchString(" " + last + " ") {
			return last, comma
		}
		return "", comma
	}
	noun := words[art+1:]
	if len(noun) == 0 || len(noun) > 4 {
		return "", comma
	}
	for _, w := range noun {
		if !strings.ContainsFunc(w, unicode.IsLetter) || strings.ContainsFunc(w, unicode.IsDigit) && !settingIdentRE.MatchString(" "+w+" ") {
			// "pon el timeout en 30 y bájalo": a number is no
			// setting's noun
			return "", comma
		}
	}
	if topicLinks[foldWord(noun[0])] || topicLinks[foldWord(noun[len(noun)-1])] {
		return "", comma
	}
	return strings.Join(noun, " "), comma
}

// lastNamesWord reports whether the held setting lastKey's name holds a
// word of words.
func lastNamesWord(lastKey string, held []HeldValue, words []string) bool {
	for _, h := range held {
		if h.Key != lastKey {
			continue
		}
		for _, w := range words {
			if namesNoun(Proposal{Name: h.Name, Key: h.Key}, w) {
				return true
			}
		}
	}
	return false
}
