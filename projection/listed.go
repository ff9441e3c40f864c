package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A choice made among options listed before it, without naming one.
//
// Options are offered as a list: numbered lines ("1. integer cents …",
// "2) numeric(20,8) …"), numbers in a sentence ("(1) hard-code them, (2)
// read a ConfigMap, or (3) …"), and the Chinese counts ("一是 …；二是 …",
// "第一种 …", "方案一：…"), counted from one (offeredOptions). The agent
// offers them, or the user lists them before choosing. A user then
// chooses by place ("the second one", "option 2", "go with the latter",
// "就用前面那个吧", "选第二种"): the option at that place is the decision,
// shown with the user's words (chosenByPlace). A choice by description
// ("the cheaper one", "go with that", "最朴素的那个吧") names no place: the
// agent's reply, when a sentence of it names exactly one of the options
// by their words, is what was chosen (confirmedOption), kept as the
// agent's decision. A place said without a choice ("the second one is too
// slow", "第二个要多一次 shuffle") chooses nothing.

// optionMarkRE is an option's mark in a list: its place in the first
// non-empty group of the submatches.
var optionMarkRE = mustPattern(`(?m)^[ \t]*\(?([1-9])[.)）][ \t]+|\(([1-9a-e])\)[ \t]*|（([1-9一二三四五])）[ \t]*|(?:^|[：:；;，,。\s])([一二三四五])是|第([一二三四五])(?:种|个)[是：:，,]?|(?:方案|选项)([一二三四五])[：:]|(?:^|[\s,:;])([a-eA-E])\)[ \t]+|(?m)^[ \t]*([A-E])\.[ \t]+`)

// placeOf is the place a mark or an ordinal word stands for (1-based), 0
// when it is none.
func placeOf(x string) int {
	switch strings.ToLower(x) {
	case "1", "一", "one", "first", "a", "أ":
		return 1
	case "2", "二", "two", "second", "b", "ب":
		return 2
	case "3", "三", "three", "third", "c", "ج":
		return 3
	case "4", "四", "four", "fourth", "d", "د":
		return 4
	case "5", "五", "five", "fifth", "e":
		return 5
	}
	return 0
}

// firstMarks are the ways a list's first option opens (optionMarkRE).
var firstMarks = []string{"\n1.", "\n1)", "\n1）", "\n 1.", "\n  1.", "(1)", "（1）", "(a)", "（a）", "（一）", "一是", "第一", "方案一", "选项一", " a) ", ":a) ", "\na) ", " A) ", "\nA) ", "\nA. "}

// offerWindow is how many events after a list a choice may refer to it.
const offerWindow = 4

// maxOptionRunes bounds an option's text.
const maxOptionRunes = 160

// offeredOptions is the last list of two or more options in text, their
// texts in order, or nil.
func offeredOptions(text string) []string {
	if !slices.ContainsFunc(firstMarks, func(m string) bool { return strings.Contains(text, m) }) && !strings.HasPrefix(text, "1.") && !strings.HasPrefix(text, "1)") {
		// No list's first mark: most messages stop here, but for a table
		// of options.
		return tableOptions(text)
	}
	best := labelRun(text, optionMarkRE.FindAllStringSubmatchIndex(text, 32))
	if best == nil {
		return nil
	}
	var out []string
	rules := 0
	for i, o := range labelTexts(text, best) {
		if isRule(o) {
			rules++
		}
		if i == len(best)-1 || strings.Contains(o, "\n") || strings.Contains(strings.TrimRight(o, "。 \n"), "。") || nextSentenceRE.MatchString(o) {
			// The last option ends with its line or sentence, and so
			// does one that goes on with what it means ("縦持ち: … 1つ。
			// タグが増えても …").
			if j := strings.IndexAny(o, "\n。？?"); j >= 0 {
				o = o[:j]
			}
			if j := strings.Index(o, ". "); j >= 0 {
				o = o[:j]
			}
		}
		o = strings.TrimSpace(shortenOption(o))
		for _, cut := range []string{", or", ", and", " or", "，还是", "还是", "；", ";", "，", ",", "、", "。", "."} {
			o = strings.TrimSpace(strings.TrimSuffix(o, cut))
		}
		if o == "" || utf8.RuneCountInString(o) > maxOptionRunes {
			return nil
		}
		out = append(out, o)
	}
	if 2*rules >= len(out) {
		// "IMPORTANT TIPS: 1. … 4. Please DO NOT run … 6. DO NOT run
		// …": a numbered list of rules offers no choice.
		return nil
	}
	return out
}

// nextSentenceRE is a sentence's end with another after it ("… (time,
// tag, value). No schema change …").
var nextSentenceRE = mustPattern(`[^.\s]{2}\.\s+\p{Lu}`)

// placeChoiceRE is a choice by place: the reference (p: an ordinal word,
// n: a number or letter, z: a Chinese count, f/l: the former/the latter)
// after a verb of choosing, or opening the sentence on its own.
var placeChoiceRE = mustPattern(`(?i)(?:^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|hmm+|right|then|let's see)[,.!]?\s+)*(?:(?:let'?s|we'll|i'll|i'd|we'd)\s+)?(?P<v>(?:go|going)\s+with|take|pick|choose|do|use|prefer|run\s+with)?\s*|\b(?P<w>(?:go|going)\s+with|take|pick|choose|prefer)\s+)(?:the\s+)?(?:(?P<p>first|second|third|fourth|fifth)(?:\s+(?:one|option|approach|way|choice|proposal|suggestion|variant))?|(?P<f>former)|(?P<l>latter|last\s+one|last\s+option)|(?:option|number|no\.|#)\s*\(?(?P<n>[1-5]|one|two|three|four|five|[a-e])\b\)?|\(?(?P<b>[1-5a-e])\b\)?)(?P<rest>.*)$|(?:用|选|要|走|采用|就)(?:第(?P<z>[一二三四五1-5])(?:个|种|条|项|套)|(?:方案|选项)(?P<y>[一二三四五1-5])|(?P<zf>前面|前一)(?:那|这)?(?:个|种)|(?P<zl>后面|后一|最后)(?:那|这)?(?:个|种))|(?:用|选|选择|走|采用|就)\s*(?P<zb>[a-eA-E])(?:\s*(?:吧|了|方案|这个|那个))?\s*(?:$|[^\p{L}\d])`)

// chosenByPlace is the option of opts the user sentence s chooses by its
// place, or "".
func chosenByPlace(s string, opts []string) string {
	if len(opts) < 2 || questionRE.MatchString(s) {
		return ""
	}
	m := placeChoiceRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	g := func(name string) string { return m[placeChoiceRE.SubexpIndex(name)] }
	if rest := strings.TrimSpace(g("rest")); rest != "" && !strings.ContainsAny(rest[:1], ",.;:!—–-") && !placeRestRE.MatchString(rest) {
		// "the second one is too slow": a place said of an option, not
		// chosen.
		return ""
	}
	if g("b") != "" && g("v")+g("w") == "" && !bareLetterRE.MatchString(s) && !(isLetter(g("b")) && (g("rest") == "" || placeRestRE.MatchString(strings.TrimSpace(g("rest"))))) {
		// "1." or "2 is too magic": a bare number is chosen only after
		// a verb of choosing ("let's go with 3").
		return ""
	}
	n := placeOf(g("p") + g("n") + g("b") + g("z") + g("y") + g("zb"))
	switch {
	case g("f") != "" || g("zf") != "":
		n = 1
	case g("l") != "" || g("zl") != "":
		n = len(opts)
	}
	if n < 1 || n > len(opts) {
		return ""
	}
	return opts[n-1]
}

// bareLetterRE is a sentence that is one option's letter alone, a
// choice: "b", "b.", "(c)" ("c odpada, … a nie łapie … . b").
var bareLetterRE = mustPattern(`^\W*\(?[a-eA-E]\)?[.!]?\s*$`)

// isLetter reports whether mark x is an option's letter, not its number.
func isLetter(x string) bool {
	return x != "" && (x[0] >= 'a' && x[0] <= 'e' || x[0] >= 'A' && x[0] <= 'E')
}

// placeRestRE is what may follow a place chosen at the opening of a
// sentence: "it is", "please", "then", "for now", "sounds good".
var placeRestRE = mustPattern(`(?i)^(?:it is|it'?s|please|then|for now|sounds (?:good|right|fine)|is fine|works|wins|makes sense)\b`)

// descChoiceRE is a choice by description or pro-form: "go with that",
// "let's do the cheaper one", "the one you suggested", "最朴素的那个吧",
// "就它了".
var descChoiceRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|alright|fine|yes|yeah|hmm+|right|then)[,.!]?\s+)*(?:(?:let's|we'll|i'll|i'd|we'd)\s+)?(?:go\s+with|take|pick|choose|do|use|run\s+with)\s+(?:whichever\b|accordingly\b|that(?:\s+one)?|this(?:\s+one)?|it|yours|the\s+\w+(?:est|er)\s+one|the\s+one\s+(?:you|that|which|with|without)\b|what\s+you\s+(?:suggested|proposed|recommended)|your\s+(?:suggestion|recommendation|proposal|pick))\b|(?:^|那就|就|还是|用|选)[^，。,；;]{1,24}的那(?:个|种|一个|一种)(?:吧|了)|^(?:那)?就(?:它|这个|那个)(?:了|吧)`)

// placeRefRE is an option named by its place: "option (c)", "option 2",
// "方案二".
var placeRefRE = mustPattern(`(?i)\boption\s*\(?([1-5a-e])\b\)?|(?:方案|选项)([一二三四五1-5])`)

// confirmedOption is the option of opts that the agent's sentence s
// names by the most words (two or more, English stems or Chinese
// character pairs), when no other option shares as many; "" otherwise.
func confirmedOption(s string, opts []string) string {
	if m := placeRefRE.FindStringSubmatch(s); m != nil {
		// "That's option (c): …": the reply names the place.
		if n := placeOf(m[1] + m[2]); n >= 1 && n <= len(opts) {
			return opts[n-1]
		}
	}
	ws := wordsAndPairs(s)
	best, most, tie := "", 1, false
	for _, o := range opts {
		n := 0
		for w := range wordsAndPairs(o) {
			if ws[w] {
				n++
			}
		}
		switch {
		case n > most:
			best, most, tie = o, n, false
		case n == most && best != "":
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// offeredFor is the key of the open question the offered options answer:
// one the message stated before them (in out), else the open question
// of ctx sharing the most words with them (two or more); "" for none.
func offeredFor(out []Proposal, ctx *Context) string {
	for i := len(out) - 1; i >= 0; i-- {
		if p := out[i]; p.Op == OpState && p.Kind == KindUncertainty && strings.HasPrefix(p.Key, "question/") {
			return p.Key
		}
	}
	return sharingQuestion(strings.Join(ctx.Offered, " "), ctx.Questions)
}

// labelRun is the last run in locs of two or more labels numbered 1, 2,
// 3, … in a row (labelRuns), or nil; nil too when locs hold two such runs
// ("for the encoder: (a) …, (b) …; for the segments: (a) …, (b) …"): a
// choice by label alone could name either list (groups.go reads them by
// topic).
//
// Two runs, one numbered and one lettered, of which one stands inside one
// option of the other ("2. Channels, two options: A) … B) …" in a
// numbered list of points) are a list of points and the options of one of
// them: the inner run is the choice offered.
func labelRun(text string, locs [][]int) [][]int {
	runs := labelRuns(text, locs)
	if len(runs) == 2 && labelDigit(text, runs[0][0]) != labelDigit(text, runs[1][0]) {
		for k, outer := range runs {
			inner := runs[1-k]
			for i, loc := range outer {
				end := len(text)
				if i+1 < len(outer) {
					end = outer[i+1][0]
				}
				if inner[0][0] >= loc[1] && inner[len(inner)-1][1] <= end {
					return inner
				}
			}
		}
	}
	if len(runs) != 1 {
		return nil
	}
	return runs[0]
}

// labelDigit reports whether the label matched at loc is a number (not a
// letter or a Chinese count).
func labelDigit(text string, loc []int) bool {
	for g := 1; 2*g+1 < len(loc); g++ {
		if loc[2*g] >= 0 {
			c := text[loc[2*g]]
			return c >= '0' && c <= '9'
		}
	}
	return false
}

// labelRuns are the runs in locs of two or more labels numbered 1, 2, 3,
// … in a row, in order (a label's number is the place, placeOf, of its
// first matched group).
func labelRuns(text string, locs [][]int) [][][]int {
	var runs [][][]int
	var run [][]int
	flush := func() {
		if len(run) >= 2 {
			runs = append(runs, run)
		}
	}
	for _, loc := range locs {
		n := 0
		for g := 1; 2*g+1 < len(loc); g++ {
			if loc[2*g] >= 0 {
				n = placeOf(text[loc[2*g]:loc[2*g+1]])
				break
			}
		}
		switch {
		case n == 1:
			flush()
			run = [][]int{loc}
		case len(run) > 0 && n == len(run)+1:
			run = append(run, loc)
		default:
			flush()
			run = nil
		}
	}
	flush()
	return runs
}

// labelTexts are the texts after the labels of run, each up to the next
// label, the last to the end of text.
func labelTexts(text string, run [][]int) []string {
	out := make([]string, len(run))
	for i, loc := range run {
		end := len(text)
		if i+1 < len(run) {
			end = run[i+1][0]
		}
		out[i] = text[loc[1]:end]
	}
	return out
}

// optionLabelRE is a table's cell that labels an option
// ("A", "2", "Option B"); optionHeadRE a header naming a column of
// options.
var (
	optionLabelRE = mustPattern(`(?i)^(?:option\s+|variant\s+|plan\s+|choice\s+)?\(?([1-5a-e])\)?[.)]?$`)
	optionHeadRE  = mustPattern(`(?i)^(?:options?|choices?|approach(?:es)?|alternatives?|variants?|plans?|#)$`)
)

// tableOptions is the options a markdown table offers, one a row, in
// order: a table whose first column labels its rows ("A", "Option 2") or
// is headed as options ("Option", "Approach"), two rows to five; each
// option its row's cells after the label, joined. nil for any other
// table (results, a schedule).
func tableOptions(text string) []string {
	lines := strings.Split(text, "\n")
	var out []string
	for i := 1; i < len(lines); i++ {
		if !tableRuleRE.MatchString(lines[i]) || !strings.Contains(lines[i-1], "|") {
			continue
		}
		head := tableCells(lines[i-1])
		headed := len(head) > 0 && optionHeadRE.MatchString(head[0])
		var rows []string
		labelled := true
		for j := i + 1; j < len(lines) && strings.Contains(lines[j], "|"); j++ {
			cells := tableCells(lines[j])
			if len(cells) < 2 {
				break
			}
			if !optionLabelRE.MatchString(cells[0]) {
				labelled = false
			}
			rows = append(rows, strings.Join(cells[1:], " — "))
			if !headed && labelled {
				rows[len(rows)-1] = cells[0] + ": " + rows[len(rows)-1]
			}
		}
		if (headed || labelled) && len(rows) >= 2 && len(rows) <= 5 {
			out = rows
		}
	}
	for i, o := range out {
		if utf8.RuneCountInString(o) > maxOptionRunes {
			out[i] = string([]rune(o)[:maxOptionRunes])
		}
	}
	return out
}
