package replay

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"unicode/utf8"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/clip"
)

// Persona is how well the scripted summarizer keeps what matters.
type Persona string

// Personas.
const (
	// Faithful keeps every salient line of the span and merges the items
	// of a previous summary it re-folds, within its budget.
	Faithful Persona = "faithful"
	// Leaky is faithful but drops each item with probability 0.3, drawn
	// from the seed and the item, so a dropped fact stays dropped.
	Leaky Persona = "leaky"
	// Forgetful drops the previous summary it re-folds and keeps only the
	// newer half of the span's items.
	Forgetful Persona = "forgetful"
)

// Personas lists the personas.
func Personas() []Persona { return []Persona{Faithful, Leaky, Forgetful} }

// ParsePersona checks a persona name.
func ParsePersona(s string) (Persona, error) {
	for _, p := range Personas() {
		if string(p) == s {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: %q (want faithful, leaky or forgetful)", ErrPersona, s)
}

// Summarizer is a scripted, deterministic stand-in for the summarizing
// LLM. It picks salient lines (user requests, statements of the form
// "X is Y", "key = value", rules, test failures and passes, edits) from
// the span and lists them as bullets, newest kept first when the budget
// is short. It implements hostshim.Summarizer; Digest serves engines with
// their own summarizer seam.
//
// A Summarizer is stateless and safe for concurrent use.
type Summarizer struct {
	Persona Persona
	Seed    uint64
	// MaxTokens caps a summary, in heuristic tokens (4 characters). Zero
	// means 2000.
	MaxTokens int
}

var _ hostshim.Summarizer = (*Summarizer)(nil)

// Summarize implements hostshim.Summarizer: the summary is at most a third
// of the span's heuristic price (so the host's shrink check passes) or the
// size of the previous summary it merges, and at most MaxTokens.
func (z *Summarizer) Summarize(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
	shadow, prior := 0, 0
	for _, m := range in.Messages {
		shadow += hostshim.HeuristicMeter{}.CountMessage(m)
		if m != nil && m.IsCheckpoint() {
			for _, it := range priorItems(m) {
				prior += len(it) + 3
			}
		}
	}
	// Like an LLM asked to merge the previous summary, it does not shrink
	// what it re-folds to fit a small span; the host's shrink check then
	// refuses the fold and the previous checkpoint stays.
	text := z.Digest(in.Messages, max(shadow/3, prior/4+64))
	return &hostshim.SummaryResult{Summary: []hostshim.Block{hostshim.TextBlock(text)}, Provider: "bench", Model: "scripted-" + string(z.Persona)}, nil
}

// Digest summarizes msgs in at most budget heuristic tokens (and at most
// MaxTokens).
func (z *Summarizer) Digest(msgs []*hostshim.Message, budget int) string {
	maxTok := z.MaxTokens
	if maxTok <= 0 {
		maxTok = 2000
	}
	if budget <= 0 || budget > maxTok {
		budget = maxTok
	}
	var prior, fresh []string
	for _, m := range msgs {
		if m == nil {
			continue
		}
		if m.IsCheckpoint() {
			prior = append(prior, priorItems(m)...)
			continue
		}
		fresh = append(fresh, salient(m)...)
	}
	switch z.Persona {
	case Forgetful:
		prior = nil
		fresh = fresh[len(fresh)/2:]
	case Leaky:
		prior, fresh = z.leak(prior), z.leak(fresh)
	}
	items := dedupe(append(prior, fresh...))
	// Fit the budget: drop the least important class first and, within a
	// class, the oldest items; keep the survivors in their order.
	const head = "## Critical Context\n"
	room := budget*4 - len(head)
	keep := make([]bool, len(items))
	for class := 1; class <= maxClass; class++ {
		for i := len(items) - 1; i >= 0; i-- {
			if itemClass(items[i]) != class {
				continue
			}
			if room -= len(items[i]) + 3; room < 0 {
				break
			}
			keep[i] = true
		}
	}
	var sb strings.Builder
	sb.WriteString(head)
	n := 0
	for i, it := range items {
		if !keep[i] {
			continue
		}
		n++
		sb.WriteString("- ")
		sb.WriteString(it)
		sb.WriteByte('\n')
	}
	if n == 0 {
		sb.WriteString("- (none)\n")
	}
	return sb.String()
}

func (z *Summarizer) leak(items []string) []string {
	out := items[:0:0]
	for _, it := range items {
		h := fnv.New64a()
		fmt.Fprintf(h, "%d\x00%s", z.Seed, it)
		if h.Sum64()%10 >= 3 {
			out = append(out, it)
		}
	}
	return out
}

// priorItems returns the bullets of a checkpoint's summary.
func priorItems(m *hostshim.Message) []string {
	var out []string
	for line := range strings.Lines(m.Text()) {
		line = strings.TrimSpace(line)
		if it, ok := strings.CutPrefix(line, "- "); ok && it != "(none)" {
			out = append(out, it)
		}
	}
	return out
}

// Item classes, most important first: what the user said; statements
// of fact, rules and settings; test outcomes and edits.
const (
	classUser = 1 + iota
	classFact
	classOutcome
	maxClass = classOutcome
)

// factMarks make a line a statement worth keeping (with an identifier).
var factMarks = []string{" is ", " are ", " = ", "must", "never", "Never", "remember", "Remember", "don't", "do not",
	"是", "必须", "不要", "记得", "别忘", "改成", "改为"}

// outcomeMarks make a line a test outcome or an edit.
var outcomeMarks = []string{"--- FAIL", "--- PASS", "FAIL:", "Edited ", "失败"}

// itemClass classifies a kept item (0: not worth keeping).
func itemClass(line string) int {
	if strings.HasPrefix(line, "User: ") {
		return classUser
	}
	for _, mk := range outcomeMarks {
		if strings.Contains(line, mk) {
			return classOutcome
		}
	}
	for _, mk := range factMarks {
		if strings.Contains(line, mk) && hasIdentifier(line) {
			return classFact
		}
	}
	return 0
}

// hasIdentifier reports whether line holds a word with a digit, or with
// punctuation inside it (a path, a flag, a key), or a quoted value.
func hasIdentifier(line string) bool {
	for _, w := range strings.Fields(line) {
		w = strings.Trim(w, ".,;:!?()[]。，")
		if strings.ContainsAny(w, "0123456789\"") || strings.ContainsAny(strings.Trim(w, "-_/."), "-_/.") {
			return true
		}
	}
	return false
}

// salient returns the items of m worth keeping: a user request whole (cut
// to 400 characters), otherwise the lines of a class, each cut to 240
// characters.
func salient(m *hostshim.Message) []string {
	text := m.Text()
	if _, isResult := m.ToolResultID(); m.Role == hostshim.RoleUser && !isResult {
		return []string{"User: " + clip.Runes(oneLine(text), 400)}
	}
	var out []string
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" || utf8.RuneCountInString(line) > 300 {
			continue
		}
		if itemClass(line) > 0 {
			out = append(out, clip.Runes(line, 240))
		}
	}
	return out
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func dedupe(xs []string) []string {
	seen := map[string]bool{}
	out := xs[:0:0]
	// Keep the last occurrence, so a repeated item counts as recent.
	for i := len(xs) - 1; i >= 0; i-- {
		if !seen[xs[i]] {
			seen[xs[i]] = true
			out = append(out, xs[i])
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
