// The objective's text: which sentence of a message states the task.

package projection

import (
	"strings"
)

// ensureNotRE is a sentence asking to make sure something never happens:
// "make sure you never …", "make sure nothing gets …", "ensure no one
// …"; forgetRE the "don't forget" that makes it a task after all.
var (
	ensureNotRE = mustPattern(`(?i)\b(?:make sure|be sure|ensure)\b(?:\s+(?:that|you|we))?(?:\s+[\w'’-]+){0,6}?\s+(?:never|nothing|no one|nobody|no\s+\w+\s+(?:is|are|gets?|ever)|(?:do|does|is|are|will|can)(?:n't|\s+not|\s+never))\b`)
	forgetRE    = mustPattern(`(?i)\b(?:forget|miss|skip)\b`)
)

// wantedSentence is the sentence of a first message's first four that
// says what the user wants (wantRE), when the sentences before it only
// tell the situation (no goal label, no imperative, no question: a rule's
// word in a narration, "the numbers are always behind", is no goal);
// else "".
func wantedSentence(ss []string) string {
	told := false // a sentence before told the situation
	for i, s := range ss[:min(5, len(ss))] {
		if wantRE.MatchString(s) {
			if i == 0 || !told || len(terms(s)) < 4 {
				return ""
			}
			return s
		}
		if len(terms(s)) < 2 || greeting(s) {
			// "Morning.", "ok so.", "hey, so here's the plan for this week."
			continue
		}
		l := labelOf(s)
		directs := imperative(discourseRE.ReplaceAllString(strings.TrimLeft(s[len(l):], ":： "), "")) && !statement(s[len(l):])
		if loc := wantInRE.FindStringIndex(s); loc != nil && loc[0] > 0 && (told || len(terms(s[:loc[0]])) >= 4 && !directs) && len(terms(s[loc[0]:])) >= 4 {
			// "…, and I want it to drive the aisle-4 pick route cleanly":
			// the clause saying what the user wants, after the situation.
			return s[loc[0]:]
		}
		if goalLabelRE.MatchString(s) || objectiveRE.MatchString(s) || questionRE.MatchString(s) {
			return ""
		}
		if directs && (l == "" || !narrationRE.MatchString(l)) {
			return ""
		}
		told = true
	}
	return ""
}

// statement reports whether s tells what is rather than directs: its
// second word is a verb of a subject ("checkout keeps timing out", "the
// export was slow").
func statement(s string) bool {
	f := strings.Fields(discourseRE.ReplaceAllString(strings.TrimLeft(s, ":： "), ""))
	return len(f) > 1 && statementVerbRE.MatchString(strings.Trim(f[1], ",.;:"))
}

// greeting reports whether s is a greeting, with at most an
// announcement after it ("hey, so here's the plan for this week.").
func greeting(s string) bool {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 || !greetingWords[strings.Trim(f[0], ".,!:;")] {
		return false
	}
	return len(f) <= 2 || len(f) <= 9 && !strings.ContainsAny(s, ":：") && narrationRE.MatchString(s) && !wantInRE.MatchString(s)
}

// blockObjective is the objective of a message made of tagged blocks and
// its quote (the block's first line), or "", "": the block the request
// names ("the <issue_description>"), else the longest block that is not
// a listing of paths.
func blockObjective(text string) (value, quote string) {
	if !strings.Contains(text, "</") {
		return "", ""
	}
	type block struct{ name, body string }
	var blocks []block
	outside := text
	for rest := text; ; {
		i := strings.Index(rest, "<")
		if i < 0 {
			break
		}
		j := strings.IndexAny(rest[i:], ">\n ")
		if j < 2 || rest[i+j] != '>' || rest[i+1] == '/' {
			rest = rest[i+1:]
			continue
		}
		name := rest[i+1 : i+j]
		end := strings.Index(rest[i+j:], "</"+name+">")
		if end < 0 || !leadTagRE.MatchString(rest[i:]) {
			rest = rest[i+1:]
			continue
		}
		body := strings.TrimSpace(rest[i+j+1 : i+j+end])
		blocks = append(blocks, block{name, body})
		outside = strings.Replace(outside, rest[i:i+j+end+len(name)+3], "<"+name+">", 1)
		rest = rest[i+j+end:]
	}
	if len(blocks) == 0 {
		return "", ""
	}
	request := ""
	for _, s := range sentences(outside) {
		if workRequestRE.MatchString(s) && !pathListRE.MatchString(s) {
			request = strings.TrimSpace(s)
			break
		}
	}
	var named *block
	for i, b := range blocks {
		if pathListRE.MatchString(b.body) || b.body == "" {
			continue
		}
		if request != "" && strings.Contains(request, "<"+b.name+">") {
			named = &blocks[i]
			break
		}
		if named == nil || len(b.body) > len(named.body) {
			named = &blocks[i]
		}
	}
	if named == nil || request == "" {
		return "", ""
	}
	first, _, _ := strings.Cut(named.body, "\n")
	first = strings.TrimSpace(strings.TrimLeft(first, "#*-> "))
	if len(terms(first)) < 3 || !strings.Contains(text, first) {
		return "", ""
	}
	return first + " — " + request, first
}

// modeJoined is ss with a sentence that is only a mode joined to the
// imperative before it, as text says them ("роби бекап бази перед кожною
// міграцією на проді. Завжди.": the backup before every migration, and
// always), so the rule is the instruction, not the word alone.
func modeJoined(text string, ss []string) []string {
	out := ss[:0:0]
	for i, s := range ss {
		if i > 0 && len(out) > 0 && modeWordRE.MatchString(s) && imperative(strings.TrimPrefix(strings.TrimPrefix(out[len(out)-1], "and "), "And ")) {
			if a := strings.Index(text, out[len(out)-1]); a >= 0 {
				if b := strings.Index(text[a:], s); b >= 0 {
					out[len(out)-1] = text[a : a+b+len(s)]
					continue
				}
			}
		}
		out = append(out, s)
	}
	return out
}

// pastedLeadSkipped is t past a pasted block it opens with ("Here's our
// current config:" and a fenced block, blank lines around): what the
// user asks comes after what the user shows. t itself when it opens
// otherwise, or nothing follows the block.
func pastedLeadSkipped(t string) string {
	for range 3 {
		nl := strings.IndexByte(t, '\n')
		if nl < 0 || !strings.HasSuffix(strings.TrimSpace(t[:nl]), ":") {
			return t
		}
		rest := strings.TrimLeft(t[nl+1:], " \t\n")
		if !strings.HasPrefix(rest, "```") {
			return t
		}
		end := strings.Index(rest[3:], "```")
		if end < 0 {
			return t
		}
		after := strings.TrimSpace(rest[3+end+3:])
		if after == "" {
			return t
		}
		t = after
	}
	return t
}

// nextTask is the sentence of a user message that asks for the next
// task after acknowledging the one before as done (doneAckRE, then
// nextTaskRE with a verb of work) and the task it asks, from its verb;
// "" when none.
func nextTask(text string) (quote, task string) {
	ss := sentences(text)
	for i := 0; i < len(ss) && i <= 3; i++ {
		s := ss[i]
		if loc := ackLeadRE.FindStringIndex(s); loc != nil {
			// "thanks now i want you to add tailwind v4 support": the
			// acknowledgement and the next task in one sentence
			s = s[loc[1]:]
		} else if i == 0 || !doneAckRE.MatchString(ss[i-1]) {
			continue
		}
		m := nextTaskRE.FindStringSubmatchIndex(s)
		if m == nil || questionRE.MatchString(s) || isRule(s) {
			continue
		}
		task = s
		if at := m[2*nextTaskRE.SubexpIndex("v")]; at >= 0 {
			if !workVerbs[strings.ToLower(s[at:m[2*nextTaskRE.SubexpIndex("v")+1]])] {
				continue
			}
			task = s[at:]
		}
		return ss[i], task
	}
	return "", ""
}

// askedTask is the first sentence of user text when it asks for work
// in the imperative ("Create the relative path policy-neutral.txt …",
// "Please add a dark mode toggle …"), "" otherwise: a question, a rule,
// a remark.
func askedTask(text string) string {
	ss := sentences(text)
	if len(ss) == 0 {
		return ""
	}
	s := strings.TrimSpace(ss[0])
	if questionRE.MatchString(s) || isRule(s) {
		return ""
	}
	f := strings.Fields(strings.ToLower(discourseRE.ReplaceAllString(s, "")))
	if len(f) > 1 && (f[0] == "please" || f[0] == "pls") {
		f = f[1:]
	}
	if v := strings.Trim(f[0], ",.:;!"); len(f) < 3 || !workVerbs[v] || v == "set" || v == "look" || v == "handle" || v == "work" {
		return ""
	}
	if len(values(s, "", "", false, "", false)) > 0 {
		// "make the limit 30/min": a setting changed, no task
		return ""
	}
	if r := []rune(s); len(r) > valueRunes {
		s = string(r[:valueRunes])
	}
	return s
}

// pastLeadTags is text, trimmed, past the tags it opens with.
func pastLeadTags(text string) string {
	t := strings.TrimSpace(text)
	for {
		loc := leadTagRE.FindStringIndex(t)
		if loc == nil {
			return t
		}
		t = strings.TrimSpace(t[loc[1]:])
	}
}

// objectiveQuote is the head of the first user message: its first two
// sentences, verbatim, at most valueRunes runes.
func objectiveQuote(text string) string {
	t := pastLeadTags(text)
	if t == "" || isSummaryText(t) || hostNoteRE.MatchString(t) {
		return ""
	}
	t = pastedLeadSkipped(t)
	t, ok := rulesLeadSkipped(t)
	if !ok {
		// "règles: tu touches pas à Cargo.lock …": rules, no goal
		// (rulelead.go)
		return ""
	}
	ss := sentences(t)
	if len(ss) > 1 && selfIntroRE.MatchString(ss[0]) && !workRequestRE.MatchString(ss[0]) {
		// "okay so um this is marta i've got gloves on … i'm dictating
		// this period": who speaks and where, no part of the goal
		t = strings.TrimSpace(t[strings.Index(t, ss[0])+len(ss[0]):])
		ss = ss[1:]
	}
	for len(ss) > 1 && openingSaid(ss[0]) {
		// "Morning. So the invoicing blew up again …", "お疲れさまです。
		// invoice-svc の workspace です。…": a greeting or the project's
		// name is no part of the goal (objgreet.go).
		t = strings.TrimSpace(t[strings.Index(t, ss[0])+len(ss[0]):])
		ss = ss[1:]
	}
	if taskToCome(t) {
		// "first read CLAUDE.md, then I'll tell you the task": the task
		// is still to come (tasktocome.go)
		return ""
	}
	if rest, ok := openingRules(ss); !ok {
		// "Please don't restart the ingress controller, it's shared.":
		// a rule, no goal (maintask.go)
		return ""
	} else if len(rest) < len(ss) {
		t = strings.TrimSpace(t[strings.Index(t, rest[0]):])
		ss = rest
	}
	if len(ss) == 0 {
		return ""
	}
	for _, s := range ss[1:] {
		if goalLabelRE.MatchString(s) && len(terms(s)) >= 3 {
			// "… context dump … Goal for this week: …": the goal the
			// message labels is the objective, wherever it stands.
			if r := []rune(s); len(r) > valueRunes {
				s = string(r[:valueRunes])
			}
			return s
		}
	}
	if w := wantedSentence(ss); w != "" {
		// "ok, the big one this sprint. saves are still PlayerPrefs, …
		// I want a real SaveService: …": the situation leads up to the
		// goal, which the sentence saying what the user wants states.
		if r := []rune(w); len(r) > valueRunes {
			w = string(r[:valueRunes])
		}
		return w
	}
	end := strings.Index(t, ss[0]) + len(ss[0])
	// The second sentence belongs to the objective unless it is a rule,
	// an obligation or a lift of its own (its own anchor).
	if len(ss) > 1 && !isRule(ss[1]) && !obligationRE.MatchString(ss[1]) && !liftRE.MatchString(ss[1]) && !passedOnRE.MatchString(ss[1]) {
		if i := strings.Index(t[end:], ss[1]); i >= 0 && len([]rune(ss[0])) < 120 {
			end += i + len(ss[1])
		}
	}
	// A lead-in to a labelled text ("Here's the issue text:\nISSUE:\n
	// Pixel Representation attribute should be optional …") says the
	// goal is the text's first sentence, its title. (A lead-in to a note,
	// a thread or a list is not followed by a label of its own.)
	if strings.HasSuffix(strings.TrimSpace(t[:end]), ":") {
		for i := 1; i+1 < len(ss); i++ {
			if strings.Contains(t[:end], ss[i]) {
				continue // a sentence already taken
			}
			j := strings.Index(t[end:], ss[i+1])
			if labelOnlyRE.MatchString(ss[i]) && j >= 0 && !itemMarkRE.MatchString(ss[i+1]) {
				end += j + len(ss[i+1])
			}
			break
		}
	}
	q := t[:end]
	if r := []rune(q); len(r) > valueRunes {
		q = string(r[:valueRunes])
	}
	return q
}
