package projection

import (
	"strconv"
	"strings"
)

// Numbered answers run together on one line.
//
// "1) imposto GOMEMLIMIT …? 2) HPA adesso? 3) maxSurge: 25% o 1?" …
// "1 sì 2 no per ora 3 25%": the user answers the agent's numbered
// questions by their numbers with no stop between the answers, only
// spaces. numberedClauses wants a stop before each mark; a reply of one
// line that opens with "1 " and holds " 2 ", " 3 " … up to the number of
// questions asked, in order, each answer a few words and no count ("1
// retry 2 workers"), answers them as the stopped forms do. A reply that
// leaves a question out, counts past them, or runs on ("1 sì ma prima
// spiegami perché 2 …") answers none this way. The last answer ends at
// the end of its sentence: "1 不要 2 Asia/Shanghai 3 你定。权限那个回头再说"
// answers three and goes on to other things, read as ever, and so does
// one whose last answer goes on after a comma ("1 haan 2 haan 3 abhi
// decide nahi hua, baad mein batati hoon").

// maxSpacedAnswer bounds the words of one answer in a run-together reply.
const maxSpacedAnswer = 5

// spacedClauses are the answers of a run-together reply (see above) to
// n numbered questions, numbered 1 to n, or nil.
func spacedClauses(text string, n int) (ns []int, cs []string) {
	text = strings.TrimSpace(text)
	if i := sentenceStop(text); i > 0 {
		text = text[:i]
	}
	if n < 2 || n > 9 || strings.ContainsAny(text, "\n?？") || !strings.HasPrefix(text, "1 ") {
		return nil, nil
	}
	rest := text[2:]
	for i := 1; i <= n; i++ {
		end := len(rest)
		if i < n {
			mark := " " + strconv.Itoa(i+1) + " "
			end = strings.Index(rest, mark)
			if end < 0 {
				return nil, nil
			}
		}
		c := strings.TrimRight(strings.TrimSpace(rest[:end]), ".;!,")
		if i == n && len(strings.Fields(c)) > maxSpacedAnswer {
			// the last answer goes on after a comma ("3 zostaw na
			// później, pogadam z Tomkiem"), as after a stop
			c = strings.TrimSpace(beforeComma(c))
		}
		if c == "" || len(strings.Fields(c)) > maxSpacedAnswer || counted(" ", c) {
			return nil, nil
		}
		ns, cs = append(ns, i), append(cs, c)
		if i < n {
			rest = rest[end+3:]
		}
	}
	return ns, cs
}

// sentenceStopRE ends a sentence within a line: "。", "！", "；", or a
// stop and a space (". ", "; ", "! ").
var sentenceStopRE = mustPattern(`[。！；]|[.;!]\s`)

// sentenceStop is where text's first sentence ends within its first line,
// or -1.
func sentenceStop(text string) int {
	if m := sentenceStopRE.FindStringIndex(text); m != nil && !strings.Contains(text[:m[0]], "\n") {
		return m[0]
	}
	return -1
}
