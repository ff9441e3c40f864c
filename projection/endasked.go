package projection

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The question a session ends on.
//
// "README を更新しました。ベンチは criterion に移行しますか？" and nothing
// after it: the agent's last message asks the user something and no reply
// has come. A question is kept only once the user's reply takes it up
// (asked.go), since the agent asks many; but the question the log ends
// on is what the next turn needs, so the state shows it as an open
// question for as long as nothing follows it. It is derived, not stored
// as an anchor (EndAsked): the reducer keeps the questions of the last assistant
// message only while no event has come after it (r.endAsked, part of a
// Snapshot's reading state so that a fold just after the question keeps
// it), and any later message, tool result or call drops them, so the
// state after the user's reply never holds them.
//
// Only questions to the user count: a sentence that ends in a question
// mark (or a polite Japanese "…ますか。"), outside code blocks and quoted
// lines; not a bare nod ("OK?", "Sound good?"), not a question the
// message answers itself ("Why does it fail? Because the cache key …"),
// nor a heading put as a question ("## Why did it fail?").

// endQuestions are the questions to the user of assistant text,
// the message a session may end on (see above).
func endQuestions(text string) []string {
	prose := outsideFences(text)
	offer := strings.TrimSpace(offered(prose))
	ss := sentences(prose)
	var out []string
	for i, s := range ss {
		s = strings.TrimSpace(s)
		if !questionRE.MatchString(s) && !endPoliteAskRE.MatchString(s) || utf8.RuneCountInString(s) > 300 || endNodRE.MatchString(s) || quotedLine(prose, s) {
			continue
		}
		next := ""
		if i+1 < len(ss) {
			next = strings.TrimSpace(ss[i+1])
		}
		if next != "" && (selfAnswerOpenRE.MatchString(next) || headingAsk(prose, s) || whyAskRE.MatchString(s) && !youRE.MatchString(s) && !questionRE.MatchString(next)) {
			continue
		}
		if offer != "" && offer != s && strings.HasSuffix(offer, s) && bareOfferRE.MatchString(s) && !strings.Contains(offer, "\n") {
			// "We could also alert on the low-flow readings. Should I?"
			s = offer
		}
		if out = append(out, s); len(out) == maxAsked {
			break
		}
	}
	return out
}

// endPoliteAskRE is a Japanese or Chinese question put without a question
// mark: "ベンチは criterion に移行しますか。", "要发版吗。".
var endPoliteAskRE = mustPattern(`(?:ますか|ですか|でしょうか|ましょうか|吗|嗎)[。.]?\s*$`)

// endNodRE is a question that asks only for a nod, not worth keeping as
// what the next turn needs: "OK?", "Sound good?", "Any questions?",
// "可以吗？", "よろしいですか？".
var endNodRE = mustPattern(`(?i)^\W*(?:(?:is\s+(?:that|this)\s+)?(?:ok(?:ay)?|right|correct|good|fine|alright|clear)|(?:does\s+(?:that|this)\s+)?(?:sound(?:s)?\s+good|make(?:s)?\s+sense|work\s+for\s+you)|all\s+good|agreed|any\s+(?:other\s+)?(?:objections|concerns|questions|thoughts|feedback)|anything\s+else|what\s+do\s+you\s+think)\W*$|^\W*(?:这样)?(?:可以|行|好|对|没问题)(?:吗|么)[？?]\s*$|^\W*(?:これで)?(?:よろしい|いい|大丈夫)(?:です|でしょう)?か[？?]\s*$`)

// selfAnswerOpenRE opens the sentence that answers the question just
// before it in the same message: "Because …", "The reason is …",
// "Turns out …", "因为……", "なぜなら…".
var selfAnswerOpenRE = mustPattern(`(?i)^\W*(?:because|since|the (?:reason|answer|cause|culprit) (?:is|was)|it(?:'s| is| was) because|turns out|it turns out|short answer|answer:|simple:|easy:)\b|^\W*(?:因为|是因为|原因是|原因在于|答案是|其实是|なぜなら|理由は|原因は|答えは|それは)`)

// whyAskRE is a question of why or what caused something: put without
// "you" and followed by a statement, it is the message's own question.
var whyAskRE = mustPattern(`(?i)^\W*(?:so\s+)?(?:why|what\s+(?:caused|happened|went\s+wrong|was\s+(?:the\s+)?(?:cause|problem|issue))|how\s+come)\b|为什么|为何|怎么回事|原因是什么|なぜ|どうして|原因は何`)

// headingAsk reports whether question q is a heading in text ("## Why
// did it fail?", "**What changed?**"), a title for what follows.
func headingAsk(text, q string) bool {
	for _, line := range strings.Split(text, "\n") {
		l := strings.TrimSpace(line)
		if !strings.Contains(l, q) {
			continue
		}
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "**") && strings.HasSuffix(l, "**") {
			return true
		}
	}
	return false
}

// quotedLine reports whether sentence s stands on a quoted line of text
// ("> Should we drop it?"): another's words, not the agent's question.
func quotedLine(text, s string) bool {
	for _, line := range strings.Split(text, "\n") {
		if l := strings.TrimSpace(line); strings.HasPrefix(l, ">") && strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// outsideFences is text with the lines of its fenced code blocks (```)
// left out.
func outsideFences(text string) string {
	if !strings.Contains(text, "```") && !strings.Contains(text, "~~~") {
		return text
	}
	var b strings.Builder
	in := false
	for _, line := range strings.SplitAfter(text, "\n") {
		if l := strings.TrimSpace(line); strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
			in = !in
			b.WriteString("\n")
			continue
		}
		if !in {
			b.WriteString(line)
		}
	}
	return b.String()
}

// EndAsked are the open questions the log read so far ends on (see
// above), those no anchor already holds: derived, so neither Anchors
// nor Heads nor a Snapshot's anchors hold them (a checkpoint's span is
// followed by more of the log, and a model shown them might keep them);
// State and ef state add them. Nil for a nil *Reducer.
func (r *Reducer) EndAsked() []*Anchor {
	if !r.ready() {
		return nil
	}
	var out []*Anchor
	for i, q := range r.endAsked {
		k := "question/-/" + slug(q)
		if r.hot[slot(KindUncertainty, k)] != nil {
			continue
		}
		out = append(out, &Anchor{ID: fmt.Sprintf("%s%d.q%d", kindLetter[KindUncertainty], r.endAskedSeq, i), Kind: KindUncertainty, Key: k,
			Value: oneLine(q, valueRunes) + " — asked last, no reply yet", Authority: Hypothesis, Lifecycle: HypothesisLC,
			SourceRefs: []EventRef{{SessionID: r.opts.SessionID, Seq: r.endAskedSeq}}, Quote: q, Links: distinctive(q)})
	}
	return out
}

// noteEndAsked keeps the questions of ev if it is an assistant message
// that asks and runs nothing, and drops those kept before on any
// message, call or result.
func (r *Reducer) noteEndAsked(ev *Event) {
	switch ev.Role {
	case RoleUser, RoleTool, RoleAssistant:
	default:
		return
	}
	r.endAsked, r.endAskedSeq = nil, 0
	if ev.Role == RoleAssistant && ev.Text != "" && len(ev.Calls) == 0 {
		if qs := endQuestions(ev.Text); len(qs) > 0 {
			r.endAsked, r.endAskedSeq = qs, ev.Seq
		}
	}
}
