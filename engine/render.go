package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/english"
	"github.com/epistemicfold/ef/projection"
)

// Section headers of the deterministic checkpoint text. They are parsed back
// when a root fold merges earlier checkpoints, so they are part of the
// format.
const (
	secUsers     = "User requests"
	secRecentRaw = "Recent user messages (verbatim, oldest first)"
	secCommands  = "Commands"
	secErrors    = "Errors"
	secOpen      = "Open failures"
	secDecisions = "Decisions"
	secQuestions = "Open questions"
	// secNarrative restates the semantic digests of folded checkpoints
	// (root and emergency folds), still marked as unverified context.
	secNarrative = "Narrative of earlier spans (semantic digests; context only, not verified state)"
	// secEnded says how the span ended, in the assistant's words: context,
	// not verified state (its "fixed" resolves nothing).
	secEnded = "How the span ended (narrative: the assistant's own words, context only, not verified state)"
	// secDid introduces what the span did, after the state.
	secDid = "What the span did"
	// digestHeader introduces a leaf checkpoint's own semantic digest.
	digestHeader = "Narrative (semantic digest; context only, not verified state)"
)

// Recall tool names the checkpoint text points the model at.
const (
	RecallTool = "context_recall"
	SearchTool = "context_search"
)

// renderer caps.
const (
	itemRunes = 240
	// userRunes caps one user message in a leaf or root checkpoint: what
	// the user stated (constraints, facts, decisions) is kept nearly
	// verbatim, and twice as many user messages as other items.
	userRunes    = 480
	verbatimMax  = 4000
	filesPerLine = 20
	recallPage   = 20
)

// archiveState is what became of a fold's span when its checkpoint was
// compiled, as the checkpoint tells the model.
type archiveState uint8

const (
	// archiveNone: the engine has no bundle store (§24).
	archiveNone archiveState = iota
	// archiveStored: the span is in its bundle, durable and verified.
	archiveStored
	// archiveLater: the store could not be written (HostedFold.NoArchive);
	// the span waits in the session log, from which the host's side
	// archives it under the checkpoint's id once the store can be written.
	archiveLater
)

// recallLine tells the model how to get the exact content back, or that it
// cannot (§24: the checkpoint still shows, recall says unavailable), or
// not yet.
func recallLine(id string, messages int, as archiveState) string {
	switch as {
	case archiveNone:
		return fmt.Sprintf("Recall: exact recall of %s is unavailable (no bundle store); the session log still holds the original events.", id)
	case archiveLater:
		return fmt.Sprintf("Recall: the %d exact messages are not archived yet (the bundle store cannot be written); the session log keeps them for bundle %s, written once the store can be.", messages, id)
	}
	return fmt.Sprintf("Recall: the %d exact messages are archived in bundle %s: %s {\"ref\":%q,\"depth\":\"exact\",\"offset\":0,\"limit\":%d} pages them; %s {\"query\":\"…\"} searches them.", messages, id, RecallTool, id, recallPage, SearchTool)
}

// ArchivedByCompile reports whether m is an EF checkpoint whose fold wrote
// its span's bundle when it was compiled (its recall line says so), as
// opposed to one compiled without a store, or without a writable one,
// whose span waits in the session log. False for any other message.
func ArchivedByCompile(m *hostshim.Message) bool {
	mk, ok := MarkerOf(m)
	if !ok {
		return false
	}
	archived := " exact messages are archived in bundle " + mk.ID + ":"
	for _, b := range m.Content {
		if b.Type != hostshim.BlockText {
			continue
		}
		for line := range strings.Lines(b.Text) {
			if strings.HasPrefix(line, "Recall: the ") && strings.Contains(line, archived) {
				return true
			}
		}
	}
	return false
}

func headerLine(f *Facts, mode Mode) string {
	n := len(f.Seqs)
	first, last := f.Seqs[0], f.Seqs[n-1]
	var parts []string
	if f.Users > 0 {
		parts = append(parts, fmt.Sprintf("%d user", f.Users))
	}
	if f.Assistants > 0 {
		parts = append(parts, fmt.Sprintf("%d assistant", f.Assistants))
	}
	if f.Results > 0 {
		parts = append(parts, english.Count(f.Results, "tool result"))
	}
	if f.Checkpoints > 0 {
		parts = append(parts, english.Count(f.Checkpoints, "checkpoint"))
	}
	what := "Folded"
	if mode == ModeEmergency {
		what = "EMERGENCY FOLD after a context overflow: folded"
	}
	return fmt.Sprintf("%s %s (seqs %d..%d, %s): %s.", what, english.Count(n, "surface node"), first, last, english.Count(f.Tokens, "token"), strings.Join(parts, ", "))
}

func parentsLine(f *Facts) string {
	if len(f.Parents) == 0 {
		return ""
	}
	ids := make([]string, len(f.Parents))
	for i, p := range f.Parents {
		ids[i] = fmt.Sprintf("%s (%s)", p.ID, p.Mode)
	}
	return "Earlier checkpoints folded in (their bundles keep the exact content): " + strings.Join(ids, ", ") + "."
}

func toolsLine(f *Facts) string {
	if len(f.Tools) == 0 {
		return ""
	}
	parts := make([]string, len(f.Tools))
	for i, t := range f.Tools {
		parts[i] = fmt.Sprintf("%s×%d", t.Name, t.Count)
	}
	return "Tools: " + strings.Join(parts, ", ")
}

func filesLine(files []string, max int) string {
	if len(files) == 0 {
		return ""
	}
	shown := files
	extra := ""
	if len(files) > max {
		shown = files[len(files)-max:]
		extra = fmt.Sprintf(", (+%d earlier)", len(files)-max)
	}
	return "Files: " + strings.Join(shown, ", ") + extra
}

// dedupe collapses items with the same one-line text, keeping the newest
// position of each, and returns the lines with their repeat counts.
func dedupe(items []Item, runes int) []string {
	idx := map[string]int{}
	var lines []string
	var counts []int
	// Walk newest first so a repeated line sits at its newest position.
	for i := len(items) - 1; i >= 0; i-- {
		l := oneLine(items[i].Text, runes)
		if j, ok := idx[l]; ok {
			counts[j]++
			continue
		}
		idx[l] = len(lines)
		lines = append(lines, l)
		counts = append(counts, 1)
	}
	for i, c := range counts {
		if c > 1 {
			lines[i] = fmt.Sprintf("%s (×%d)", lines[i], c)
		}
	}
	slices.Reverse(lines)
	return lines
}

func writeSection(sb *strings.Builder, title string, items []Item, n int) {
	writeSectionN(sb, title, items, n, itemRunes, 0)
}

// writeSectionN writes at most n of the items (one line each, capped at
// runes): the first `first` of them and the newest rest, with a line
// saying how many were left to the bundle.
func writeSectionN(sb *strings.Builder, title string, items []Item, n, runes, first int) {
	if len(items) == 0 {
		return
	}
	lines := dedupe(items, runes)
	first = min(first, n)
	sb.WriteString(title + ":\n")
	if more := len(lines) - n; more > 0 {
		for _, l := range lines[:first] {
			sb.WriteString("- " + l + "\n")
		}
		if first > 0 {
			fmt.Fprintf(sb, "- (+%d more, in the bundle)\n", more)
		} else {
			fmt.Fprintf(sb, "- (+%d earlier, in the bundle)\n", more)
		}
		lines = lines[first+more:]
	}
	for _, l := range lines {
		sb.WriteString("- " + l + "\n")
	}
}

// renderText is the deterministic checkpoint text of a leaf or root fold
// (the §18 fallback, and the base a semantic digest is appended to). list
// caps every list; list 0 renders the minimal form (marker, header,
// parents, recall), used when the full form would not be shorter than the
// span.
func renderText(mk Marker, f *Facts, v *stateView, state []stateLine, list int, as archiveState, messages int) string {
	var sb strings.Builder
	sb.WriteString(mk.String() + "\n")
	sb.WriteString(headerLine(f, mk.Mode) + "\n")
	if l := parentsLine(f); l != "" {
		sb.WriteString(l + "\n")
	}
	if list > 0 {
		// Narrative first: the state section after it has the last word
		// on anything the narrative restates.
		writeSection(&sb, secNarrative, f.Narrative, list)
	}
	writeStateLines(&sb, v, state)
	if list > 0 {
		sb.WriteString(secDid + ":\n")
		// The first user messages (the task and its standing
		// constraints) and the newest ones.
		writeSectionN(&sb, secUsers, f.UserRequests, 2*list, userRunes, list/2)
		if l := toolsLine(f); l != "" {
			sb.WriteString(l + "\n")
		}
		if l := filesLine(f.Files, filesPerLine); l != "" {
			sb.WriteString(l + "\n")
		}
		writeSection(&sb, secCommands, f.Commands, list)
		// Failures are stated by the state section, keyed and with their
		// lifecycle; a raw list of errors here would read as still open.
		writeSection(&sb, secQuestions, openQuestions(f.Questions, f.UserSeqs, v), list)
		if l := endLine(f); l != "" {
			sb.WriteString(secEnded + ":\n- " + l + "\n")
		}
	}
	sb.WriteString(recallLine(mk.ID, messages, as))
	return sb.String()
}

// openQuestions are the questions the span's messages asked that the
// projection does not hold settled: one an answer names as its question
// (a decision answering it), a question it holds established, or one
// whose reply (users: the seqs of the span's user messages; the first
// after the question is its reply) stated a decision, rule, value or task
// on the question's own words ("Shall I add chrono?" "no, use the time
// crate") is no open question however the messages asked it.
func openQuestions(qs []Item, users []int, v *stateView) []Item {
	if v == nil || len(qs) == 0 {
		return qs
	}
	var settled []string
	for _, as := range [][]*projection.Anchor{v.heads, v.closed} {
		for _, a := range as {
			switch {
			case projection.IsAnswerKey(a.Key) && a.Was != "":
				settled = append(settled, a.Was)
			case a.Kind == projection.KindUncertainty && a.Lifecycle == projection.Established:
				settled = append(settled, a.Value)
			}
		}
	}
	out := make([]Item, 0, len(qs))
	for _, q := range qs {
		if !slices.ContainsFunc(settled, func(x string) bool {
			x = strings.TrimSpace(x)
			return x != "" && (strings.Contains(q.Text, x) || strings.Contains(x, strings.TrimSpace(q.Text)))
		}) && !repliedTo(q, users, v) {
			out = append(out, q)
		}
	}
	return out
}

// repliedTo reports whether the first user message after q stated
// something the projection holds (a decision, rule, value, task,
// objective or rejected approach, current or since replaced) that shares
// two content words with q (one, when q has two or fewer): the user
// took the question up. A reply about something else, or one that only
// asked or doubted, leaves it open.
func repliedTo(q Item, users []int, v *stateView) bool {
	i, _ := slices.BinarySearch(users, q.Seq+1)
	if i == len(users) {
		return false
	}
	reply := users[i]
	for _, as := range [][]*projection.Anchor{v.heads, v.closed} {
		for _, a := range as {
			switch a.Kind {
			case projection.KindDecision, projection.KindConstraint, projection.KindValue, projection.KindObligation,
				projection.KindObjective, projection.KindNegative:
			default:
				continue
			}
			if !slices.ContainsFunc(a.SourceRefs, func(r projection.EventRef) bool { return r.Seq == reply }) {
				continue
			}
			if n, of := projection.SharedStems(q.Text, a.Value+" "+a.Was); n >= 2 || n == 1 && of <= 2 {
				return true
			}
		}
	}
	return false
}

// endLine says how the span ended: its last tool outcome and the last
// thing the assistant said.
func endLine(f *Facts) string {
	var parts []string
	if f.LastOutcome != "" {
		parts = append(parts, "last tool result "+f.LastOutcome)
	}
	if f.LastAnswer.Text != "" {
		parts = append(parts, fmt.Sprintf("last answer [seq %d]: %s", f.LastAnswer.Seq, oneLine(f.LastAnswer.Text, itemRunes)))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ")
}

// withDigest places a semantic digest in the deterministic text: after the
// header lines and before the state section, so that the state (which only
// evidence and the user move) has the last word on anything the narrative
// restates, such as a rule since lifted or a value since changed.
func withDigest(det, digest string) string {
	block := digestHeader + ":\n" + digest + "\n\n"
	for _, h := range []string{strings.SplitN(secStateHead, " %d", 2)[0], secDid + ":"} {
		if i := strings.Index(det, "\n"+h); i >= 0 {
			return det[:i+1] + block + det[i+1:]
		}
	}
	return det + "\n" + strings.TrimSuffix(block, "\n\n")
}
