package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/clip"
)

// DropManifest says exactly what an emergency fold took out of view and
// what of it the checkpoint still states (§9.3: never silent). Every folded
// message is in the bundle; Dropped lists the facts the checkpoint text had
// no room for.
type DropManifest struct {
	CheckpointID     string          `json:"checkpointId"`
	Meter            string          `json:"meter"`
	Budget           int             `json:"budget"`
	HeadTokens       int             `json:"headTokens"`
	TailTokens       int             `json:"tailTokens"`
	TailNodes        int             `json:"tailNodes"`
	CheckpointBudget int             `json:"checkpointBudget"`
	CheckpointTokens int             `json:"checkpointTokens"`
	VisibleTokens    int             `json:"visibleTokens"`
	Folded           FoldedRange     `json:"folded"`
	Kept             []ManifestEntry `json:"kept"`
	Dropped          []ManifestEntry `json:"dropped"`
	// BestEffort: the budget could not be met; everything foldable was
	// folded into the smallest checkpoint (VisibleTokens is over Budget).
	BestEffort bool `json:"bestEffort,omitempty"`
}

// FoldedRange is the span an emergency fold took out of view.
type FoldedRange struct {
	Nodes    int `json:"nodes"`
	FirstSeq int `json:"firstSeq"`
	LastSeq  int `json:"lastSeq"`
	// HostTokens is the span's host-meter price (the span is not priced
	// with the token meter: it leaves the surface whatever it costs).
	HostTokens int `json:"hostTokens"`
}

// ManifestEntry is one fact of the folded span: kept in the checkpoint text
// or dropped from it.
type ManifestEntry struct {
	Category  string `json:"category"`
	Seq       int    `json:"seq"` // -1: not tied to one node
	Chars     int    `json:"chars"`
	Truncated bool   `json:"truncated,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// Emergency candidate categories of the span's facts (the state section's
// categories come first; see stateLine).
const (
	catUser     = "user"
	catParents  = "parents"
	catFile     = "file"
	catCommand  = "command"
	catError    = "error"
	catQuestion = "question"
	catNarr     = "narrative"
	catTools    = "tools"
)

// Per-category caps on candidates; older items beyond them are dropped
// with reason "cap" before any pricing.
var emergencyCaps = map[string]int{catUser: 50, catFile: 100, catCommand: 50, catError: 50, catQuestion: 30, catNarr: 50}

type candidate struct {
	cat       string
	seq       int
	text      string // rendered line(s), without trailing newline
	chars     int
	truncated bool
	// state is set for a line of the state section; hard state is never
	// dropped (the fold is refused instead).
	state *stateLine
	hard  bool
}

// Emergency tiers: the first tier guarantees each kind of hard state a
// share before any kind takes the rest (how many of each category, newest
// first, go in tier 1).
var emergencyTier1 = map[string]int{catUser: 3, catFile: 20, catCommand: 10, catError: 5, catQuestion: 3, catNarr: 10}

// emergencyCandidates lists the facts of f in priority order. Tier 1, in
// category order (recent user messages verbatim, the parents, open
// failures, decisions, files, commands, resolved errors, questions), holds
// the newest few of each; tier 2 the rest of each category in the same
// order, then the tool tally. Within a category newest comes first, and a
// text equal to a newer one is dropped as a duplicate.
func emergencyCandidates(f *Facts, state []stateLine) (cands []candidate, capped []ManifestEntry) {
	// The state section first: hard state (objective, constraints, open
	// failures, obligations), then the rest of the state, each in section
	// order.
	for _, hard := range []bool{true, false} {
		for i := range state {
			if state[i].hard == hard {
				l := &state[i]
				cands = append(cands, candidate{cat: l.cat, seq: l.seq, text: "- " + l.text, chars: len(l.anchor.Value), state: l, hard: hard})
			}
		}
	}
	type cat struct {
		name   string
		items  []Item
		render func(Item) (string, bool)
	}
	short := func(it Item) (string, bool) {
		l := oneLine(it.Text, itemRunes)
		return "- " + l, l != oneLine(it.Text, 0)
	}
	files := make([]Item, len(f.Files))
	for i, p := range f.Files {
		files[i] = Item{Seq: -1, Text: p}
	}
	open := map[Item]bool{}
	for _, it := range f.OpenFailures {
		open[it] = true
	}
	var resolved []Item
	for _, it := range f.Errors {
		if !open[it] {
			resolved = append(resolved, it)
		}
	}
	cats := []cat{
		{catUser, f.UserRequests, func(it Item) (string, bool) {
			t := strings.TrimSpace(it.Text)
			c := clip.Runes(t, verbatimMax)
			return fmt.Sprintf("- [seq %d] %s", it.Seq, strings.ReplaceAll(c, "\n", "\n  ")), c != t
		}},
		{catFile, files, func(it Item) (string, bool) { return it.Text, false }},
		{catCommand, f.Commands, short},
		{catQuestion, f.Questions, short},
		{catNarr, f.Narrative, short},
	}
	// Per category, newest first, deduplicated and capped.
	lists := make([][]candidate, len(cats))
	for ci, c := range cats {
		seen := map[string]bool{}
		limit := emergencyCaps[c.name]
		for i := len(c.items) - 1; i >= 0; i-- {
			it := c.items[i]
			key := oneLine(it.Text, 0)
			switch {
			case seen[key]:
				capped = append(capped, ManifestEntry{Category: c.name, Seq: it.Seq, Chars: len(it.Text), Reason: "duplicate"})
			case len(lists[ci]) >= limit:
				capped = append(capped, ManifestEntry{Category: c.name, Seq: it.Seq, Chars: len(it.Text), Reason: "cap"})
			default:
				seen[key] = true
				line, tr := c.render(it)
				lists[ci] = append(lists[ci], candidate{cat: c.name, seq: it.Seq, text: line, chars: len(it.Text), truncated: tr})
			}
		}
	}
	for ci, c := range cats {
		n := min(emergencyTier1[c.name], len(lists[ci]))
		if c.name == catUser && len(lists[ci]) > n && n > 0 {
			// The first user message (the task) and the newest ones.
			last := len(lists[ci]) - 1
			cands = append(cands, lists[ci][last])
			lists[ci] = lists[ci][:last]
			n--
		}
		cands = append(cands, lists[ci][:n]...)
		lists[ci] = lists[ci][n:]
		if c.name == catUser {
			if l := parentsLine(f); l != "" {
				cands = append(cands, candidate{cat: catParents, seq: -1, text: l, chars: len(l)})
			}
		}
	}
	for ci := range cats {
		cands = append(cands, lists[ci]...)
	}
	if l := toolsLine(f); l != "" {
		cands = append(cands, candidate{cat: catTools, seq: -1, text: l, chars: len(l)})
	}
	return cands, capped
}

// renderEmergencyText renders the checkpoint text with the kept candidates.
func renderEmergencyText(mk Marker, f *Facts, v *stateView, cands []candidate, capped []ManifestEntry, kept []bool, as archiveState, messages int) string {
	total := map[string]int{}
	in := map[string]int{}
	dups := map[string]int{}
	for i, c := range cands {
		total[c.cat]++
		if kept[i] {
			in[c.cat]++
		}
	}
	for _, c := range capped {
		total[c.Category]++
		if c.Reason == "duplicate" {
			dups[c.Category]++
		}
	}
	var keptParts, dropParts []string
	for _, cat := range manifestCats {
		if total[cat] == 0 {
			continue
		}
		part := fmt.Sprintf("%d of %d %s", in[cat], total[cat], cat)
		if dups[cat] > 0 {
			part += fmt.Sprintf(" (%d repeats merged)", dups[cat])
		}
		keptParts = append(keptParts, part)
		if d := total[cat] - in[cat] - dups[cat]; d > 0 {
			dropParts = append(dropParts, fmt.Sprintf("%d %s", d, cat))
		}
	}
	var sb strings.Builder
	sb.WriteString(mk.String() + "\n")
	sb.WriteString(headerLine(f, mk.Mode) + "\n")
	man := "Drop manifest: every folded message left the context"
	if as == archiveStored {
		man += " and is archived"
	}
	if len(keptParts) > 0 {
		man += "; kept below: " + strings.Join(keptParts, ", ")
	}
	if len(dropParts) > 0 {
		man += "; cut for the budget: " + strings.Join(dropParts, ", ")
	} else {
		man += "; nothing else cut"
	}
	sb.WriteString(man + ".\n")
	var st []stateLine
	for i, c := range cands {
		if kept[i] && c.state != nil {
			st = append(st, *c.state)
		}
	}
	// State lines in section order, as stateLines made them.
	slices.SortStableFunc(st, func(a, b stateLine) int { return sectionRank(a.section) - sectionRank(b.section) })
	section := func(cat, title string, bullets bool) {
		var picked []candidate
		for i, c := range cands {
			if kept[i] && c.cat == cat {
				picked = append(picked, c)
			}
		}
		// Candidates come newest first within a category (across both
		// tiers); sections read oldest first.
		slices.Reverse(picked)
		slices.SortStableFunc(picked, func(a, b candidate) int { return a.seq - b.seq })
		var lines []string
		for _, c := range picked {
			lines = append(lines, c.text)
		}
		if len(lines) == 0 {
			return
		}
		if !bullets {
			sb.WriteString(title + strings.Join(lines, ", ") + "\n")
			return
		}
		sb.WriteString(title + ":\n")
		for _, l := range lines {
			sb.WriteString(l + "\n")
		}
	}
	for i, c := range cands {
		if kept[i] && c.cat == catParents {
			sb.WriteString(c.text + "\n")
		}
	}
	// Narrative first: the state after it has the last word.
	section(catNarr, secNarrative, true)
	writeStateLines(&sb, v, st)
	section(catUser, secRecentRaw, true)
	section(catFile, "Files: ", false)
	section(catCommand, secCommands, true)
	section(catQuestion, secQuestions, true)
	for i, c := range cands {
		if kept[i] && c.cat == catTools {
			sb.WriteString(c.text + "\n")
		}
	}
	sb.WriteString(recallLine(mk.ID, messages, as))
	return sb.String()
}

// fitEmergency chooses the candidates that fit: greedily in priority order
// by an additive estimate with slack, then exactly: the framed checkpoint is
// measured with the token meter (≤ ckptBudget) and the host meter (<
// hostLimit, the host's shrink check), dropping the lowest-priority kept
// candidate until both hold. The result is a pure function of its inputs.
// bestEffort (Plan.BestEffort): a hard state over ckptBudget is kept
// anyway, alone, as long as it is shorter than the span.
func fitEmergency(mk Marker, f *Facts, v *stateView, state []stateLine, as archiveState, messages int, tok, host hostshim.Meter, ckptBudget, hostLimit int, bestEffort bool, frame func(string) *hostshim.Message) (string, []candidate, []ManifestEntry, []bool, int, error) {
	cands, capped := emergencyCandidates(f, state)
	kept := make([]bool, len(cands))
	hard := 0
	for i, c := range cands {
		if c.hard {
			kept[i] = true
			hard++
		}
	}
	// The smallest checkpoint carries all hard state: constraints, open
	// failures and obligations are never cut to make room; when they do
	// not fit, the fold is refused.
	base := renderEmergencyText(mk, f, v, cands, capped, kept, as, messages)
	bt := tok.CountMessage(frame(base))
	if bt > ckptBudget && bestEffort {
		ckptBudget = bt
	}
	if bt > ckptBudget {
		return "", nil, nil, nil, 0, fmt.Errorf("%w: the smallest checkpoint, with its %d lines of hard state (constraints, open failures, obligations), is %d %s tokens and %d are left for it; refusing rather than dropping hard state", ErrBudget, hard, bt, tok.Name(), ckptBudget)
	}
	if host.CountMessage(frame(base)) >= hostLimit {
		return "", nil, nil, nil, 0, fmt.Errorf("%w: the smallest checkpoint, with its %d lines of hard state, is not shorter than the span by %s", ErrBudget, hard, host.Name())
	}
	limit := ckptBudget - (ckptBudget/50 + 16) // the estimate's slack
	cost := func(c candidate, count func(string) int) int {
		if c.cat == catFile {
			return count(c.text) + 1
		}
		return count(c.text) + 2
	}
	// Greedy in priority order by each candidate's token count. A meter
	// that bounds a count without encoding (textBounder) lets the pass
	// run on the bounds while their sum fits: every candidate kept so is
	// kept by the counts too, whose sum is no larger. At the first that
	// the bounds do not fit, the kept ones are counted and the pass goes
	// on with counts, so the choice is the one counts make throughout.
	bounder, bounded := tok.(textBounder)
	est := bt
	for i, c := range cands {
		if c.hard {
			continue
		}
		if bounded {
			if b := cost(c, bounder.MaxTextTokens); est+b <= limit {
				kept[i] = true
				est += b
				continue
			}
			bounded = false
			est = bt
			for j, k := range kept[:i] {
				if k && !cands[j].hard {
					est += cost(cands[j], tok.CountText)
				}
			}
		}
		if n := cost(c, tok.CountText); est+n <= limit {
			kept[i] = true
			est += n
		}
	}
	for {
		text := renderEmergencyText(mk, f, v, cands, capped, kept, as, messages)
		m := frame(text)
		t := tok.CountMessage(m)
		if t <= ckptBudget && host.CountMessage(m) < hostLimit {
			return text, cands, capped, kept, t, nil
		}
		last := -1
		for i := len(kept) - 1; i >= 0; i-- {
			if kept[i] && !cands[i].hard {
				last = i
				break
			}
		}
		if last < 0 {
			// Unreachable: the base fit above.
			return "", nil, nil, nil, 0, fmt.Errorf("%w: cannot fit the checkpoint", ErrBudget)
		}
		kept[last] = false
	}
}

// textBounder is an optional ability of a token meter: an upper bound of
// CountText(s) computed without encoding s (tokenizer.Meter has it).
type textBounder interface {
	MaxTextTokens(s string) int
}

// manifestOf lists kept and dropped facts (capped: those emergencyCandidates
// left out).
func manifestOf(cands []candidate, capped []ManifestEntry, kept []bool) (k, d []ManifestEntry) {
	k, d = []ManifestEntry{}, []ManifestEntry{}
	for i, c := range cands {
		e := ManifestEntry{Category: c.cat, Seq: c.seq, Chars: c.chars, Truncated: c.truncated}
		if kept[i] {
			k = append(k, e)
		} else {
			e.Reason = "budget"
			d = append(d, e)
		}
	}
	return k, append(d, capped...)
}

// manifestCats is the order the drop manifest counts categories in.
var manifestCats = []string{catObjective, catConstraint, catFailure, catObligation, catValue, catStDecision, catRejected, catHypothesis,
	catUser, catFile, catCommand, catError, catQuestion, catNarr}

// keptState is the state lines an emergency fold kept.
func keptState(cands []candidate, kept []bool) []stateLine {
	var out []stateLine
	for i, c := range cands {
		if kept[i] && c.state != nil {
			out = append(out, *c.state)
		}
	}
	return out
}

var sectionOrder = []string{secObjective, secConstraints, secValues, secOpenFail, secClosedFail, secObligations, secDecInForce, secRejected, secHypotheses}

func sectionRank(s string) int { return slices.Index(sectionOrder, s) }
