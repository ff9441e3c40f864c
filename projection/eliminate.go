package projection

import (
	"regexp"
	"strings"
)

// A choice made by elimination.
//
// (The announcing words are also read in the languages the lexicons
// gloss, whose glosses keep them: "Las opciones … son A, B y C".)
//
// "I see three candidates. JsonUtility, Json.NET …, or MessagePack-CSharp.
// JsonUtility can't do Dictionary<string,int> … MessagePack would be one
// more native plugin … so that settles it": the user lists the options,
// then gives each but one a reason against it, and the one left is the
// choice, though no sentence names it as chosen. A list is read after a
// word that announces options ("candidates", "options", "alternatives",
// "choices") and a colon or "are", or in the sentence after one that ends
// with that word; an option is ruled out by a later clause of the same
// message that opens with one of its words (its subject) and says nothing
// for it ("let's", "go with", "prefer", "best", "works"). When every
// option but one is ruled out so, the one left is the user's decision
// ("Json.NET … (not JsonUtility, not MessagePack-CSharp)"), quoted from the
// list's sentence. A message that asks which one, or an option argued
// for, decides nothing.

var (
	optionsWords  = `candidates|options|choices|alternatives|contenders|opciones|alternativas|candidatos|opções|optionen|alternativen|kandidaten|möglichkeiten|candidats|opzioni|alternative|candidati`
	optionsWordRE = mustPattern(`(?i)\b(?:` + optionsWords + `)\b`)
	// optionsLeadRE is what comes before a list of options on its own
	// sentence: "… options: ", "the candidates are ".
	optionsLeadRE = mustPattern(`(?i)\b(?:` + optionsWords + `)\b[^:.]{0,30}?(?::\s*|\s+(?:are|were|would be|sind|son|são|sont|sono)\s+)`)
	// optionsEndRE is a sentence that ends by announcing options: "I see
	// three candidates."
	optionsEndRE = mustPattern(`(?i)\b(?:` + optionsWords + `)(?:\s+here)?\s*[.:]?\s*$`)
	// forOptionRE is a clause that argues for an option, not against it.
	forOptionRE = mustPattern(`(?i)\b(?:let's|lets|go with|we'll use|i'd use|prefer|best|works|winner|wins|i like|is fine|is good|is great)\b`)
	listSepRE   = regexp.MustCompile(`(?i),\s*(?:or|and)\s+|\s+(?:or|and)\s+|,\s*`)
	// clauseSepRE cuts a sentence into the clauses whose subjects rule
	// options out.
	clauseSepRE = regexp.MustCompile(`(?i)[;,]\s*(?:(?:and|but|while|whereas|plus)\s+)?|\s+(?:and|but|whereas)\s+`)
)

// eliminated reads the sentences of one user message for a choice by
// elimination (see above).
func eliminated(ss []string) []Proposal {
	for i, s := range ss {
		if !optionsWordRE.MatchString(s) {
			continue
		}
		var list, quote string
		if loc := optionsLeadRE.FindStringIndex(s); loc != nil {
			list, quote = s[loc[1]:], s
		} else if optionsEndRE.MatchString(s) && i+1 < len(ss) {
			list, quote = ss[i+1], ss[i+1]
			i++
		} else {
			continue
		}
		opts := listedOptions(list)
		if len(opts) < 2 || len(opts) > 5 {
			continue
		}
		if p, ok := leftOver(opts, ss[i+1:], quote); ok {
			return []Proposal{p}
		}
	}
	return nil
}

// listedOptions are the options of a list ("JsonUtility, Json.NET …, or
// MessagePack-CSharp"), each of one to eight words; nil when an item is
// longer (prose, not a list).
func listedOptions(list string) []string {
	list = strings.TrimRight(strings.TrimSpace(list), ".!;")
	var out []string
	for _, it := range listSepRE.Split(list, -1) {
		it = strings.TrimSpace(it)
		it = strings.TrimPrefix(it, "either ")
		if it == "" {
			continue
		}
		if n := len(strings.Fields(it)); n > 8 {
			return nil
		}
		out = append(out, it)
	}
	return out
}

// optionWords are the words an option is named by later: the lower-case
// parts of its first three words ("messagepack" and "csharp" of
// "MessagePack-CSharp", "tape" of "painter's tape").
func optionWords(o string) []string {
	var out []string
	n := 0
	for _, f := range strings.Fields(o) {
		if stopwords[strings.ToLower(f)] {
			continue
		}
		if n++; n > 3 {
			break
		}
		for _, p := range strings.FieldsFunc(strings.ToLower(f), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
			if len(p) >= 3 && !stopwords[p] && p != "the" {
				out = append(out, p)
			}
		}
	}
	return out
}

// leftOver is the decision when every option but one is ruled out by a
// clause of the sentences after the list.
func leftOver(opts, after []string, quote string) (Proposal, bool) {
	out := make([]bool, len(opts))
	for _, s := range after {
		if questionRE.MatchString(s) {
			return Proposal{}, false
		}
		for _, c := range clauseSepRE.Split(s, -1) {
			head := strings.Fields(strings.ToLower(c))
			if len(head) > 4 {
				head = head[:4]
			}
			for k, o := range opts {
				for _, w := range optionWords(o) {
					if !containsWord(head, w) {
						continue
					}
					if forOptionRE.MatchString(c) {
						return Proposal{}, false
					}
					out[k] = true
				}
			}
		}
	}
	left, ruled := -1, []string{}
	for k, o := range opts {
		if out[k] {
			ruled = append(ruled, o)
			continue
		}
		if left >= 0 {
			return Proposal{}, false
		}
		left = k
	}
	if left < 0 || len(ruled) == 0 {
		return Proposal{}, false
	}
	v := opts[left] + " (not " + strings.Join(ruled, ", not ") + ")"
	return Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(opts[left]), Value: v, Quote: quote, Links: mentions(opts[left])}, true
}

// containsWord reports whether one of the words (a clause's first ones)
// is w, starts with it followed by punctuation ("JsonUtility's"), or is
// five letters or more that w starts with ("Paddle" of "paddleocr").
func containsWord(words []string, w string) bool {
	for _, x := range words {
		x = strings.Trim(x, ".,;:!?\"'`()")
		if x == w || strings.HasPrefix(x, w) && len(x) > len(w) && !(x[len(w)] >= 'a' && x[len(w)] <= 'z') || len(x) >= 5 && strings.HasPrefix(w, x) {
			// "Paddle" names "PaddleOCR".
			return true
		}
	}
	return false
}
