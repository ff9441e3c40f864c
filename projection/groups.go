package projection

import (
	"strings"
	"unicode/utf8"
)

// Options offered in groups, each under its topic.
//
// "For the similarity check there are three options: A) JPlag … B) MOSS
// … C) none. And for exercises that pass only some of the tests: A)
// proportional … B) all or nothing." — "Similarity: A, JPlag. Partials:
// A, proportional.": the agent asked two things at once, each a list of
// options labelled A, B, …, and the user answers each by its topic and a
// label. A label alone could name either list (labelRun gives up on
// it); a label after a topic names the option of the group whose heading
// shares a word with the topic ("similarity"), or, when no heading does,
// the group whose labelled option the words after the label restate
// ("proportional"). The choice is then read as a choice by label in that
// group (labelChoice, chooseLabelled).

// OptionGroup is one list of labelled options a message offers, with the
// heading it stands under.
type OptionGroup struct {
	Heading string
	Options []string
}

// optionGroups are the lists of labelled options text offers when it
// offers two or more, each with its heading, or nil.
func optionGroups(text string) []OptionGroup {
	runs := labelRuns(text, optLabelRE.FindAllStringSubmatchIndex(text, 32))
	if len(runs) < 2 {
		return nil
	}
	var out []OptionGroup
	prev := 0
	for i, run := range runs {
		head := text[prev:run[0][0]]
		if j := strings.LastIndex(strings.TrimRight(head, " \t\n"), "\n"); j >= 0 {
			head = head[j+1:]
		}
		g := OptionGroup{Heading: strings.TrimSpace(head)}
		for j, loc := range run {
			end := len(text)
			switch {
			case j+1 < len(run):
				end = run[j+1][0]
			case i+1 < len(runs):
				end = runs[i+1][0][0]
			}
			o, ok := optionText(text[loc[1]:end])
			if !ok {
				return nil
			}
			g.Options = append(g.Options, o)
			prev = loc[1] + len(text[loc[1]:end])
			if k := strings.IndexByte(text[loc[1]:end], '\n'); k >= 0 && j+1 == len(run) {
				prev = loc[1] + k
			}
		}
		out = append(out, g)
	}
	return out
}

// topicChoiceRE is a choice said after its topic: "Similarity: A, JPlag",
// "sync: A", "相似度：A".
var topicChoiceRE = mustPattern(`^\W*(?P<t>[^:：?？]{1,40}?)\s*[:：]\s*(?P<c>\S.*)$`)

// groupChoice is the option a user sentence s chooses in one of groups by
// its topic and label, with the options of its group, or false.
func groupChoice(s string, groups []OptionGroup) (string, []string, bool) {
	m := topicChoiceRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || len(groups) < 2 {
		return "", nil, false
	}
	topic, rest := m[topicChoiceRE.SubexpIndex("t")], m[topicChoiceRE.SubexpIndex("c")]
	if len(strings.Fields(topic)) > 5 {
		return "", nil, false
	}
	pick := -1
	best := 0
	tw := wordsAndPairs(topic)
	for i, g := range groups {
		n := 0
		for w := range wordsAndPairs(g.Heading) {
			if tw[w] && !stopwords[w] {
				n++
			}
		}
		switch {
		case n > best:
			pick, best = i, n
		case n == best && n > 0:
			pick = -2 // two headings share as much: no topic
		}
	}
	if pick < 0 {
		// No heading names the topic: the group whose option the words
		// after the label restate.
		pick = -1
		for i, g := range groups {
			if o, ok := labelChoice(rest, g.Options); ok && sharesWord(rest, o) {
				if pick >= 0 {
					return "", nil, false
				}
				pick = i
			}
		}
		if pick < 0 {
			return "", nil, false
		}
	}
	o, ok := labelChoice(rest, groups[pick].Options)
	if !ok {
		return "", nil, false
	}
	return o, groups[pick].Options, true
}

// sharesWord reports whether a choice's words and option o share a word
// other than a label or a stopword.
func sharesWord(choice, o string) bool {
	ow := wordsAndPairs(o)
	for w := range wordsAndPairs(choice) {
		if ow[w] && !stopwords[w] && utf8.RuneCountInString(w) > 1 {
			return true
		}
	}
	return false
}
