package northbridge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/epistemicfold/ef/origin/taskorigin"
)

// DefaultSessionBudget is SessionOptions.Budget's zero value, in tokens
// (RFC-0005 §3.4 budgets 9000 characters; EF budgets real tokens).
const DefaultSessionBudget = 9000

// SessionOptions selects what a session-start bundle loads.
type SessionOptions struct {
	// Task is the current task's id. Empty means the task updated last.
	Task string
	// Scope selects the other tasks whose verified facts are carried
	// (InScope's rules). Empty means the current task's scope, or every
	// task under the root when it has none.
	Scope []string
	// Budget bounds the whole text in real tokens. Zero means
	// DefaultSessionBudget.
	Budget int
	// Tokenizer counts; nil means LoadTokenizer().
	Tokenizer Tokenizer
	// MaxDepth bounds the search for task.origin files. Zero means 6.
	MaxDepth int
}

// SessionBundle is a compiled session-start bundle (RFC-0005 §3.4): the
// current task, then the verified facts of the other tasks in scope,
// under a token budget, with a header that states what was loaded and
// what was dropped.
//
// The current task is written in the order a receiving agent needs it:
// goal, constraints, current state and next steps (its must-keep part),
// then decisions, artifacts, verification, verified facts, hypotheses,
// learnings and actions. Over the budget, the other tasks' facts go first
// (the oldest task first, each task's oldest fact first), then the
// current task's hypotheses and facts (oldest first), then its actions,
// learnings, verification, artifacts and decisions, each drop counted in
// the header with the command that prints the task whole; only when the
// must-keep part alone is over the budget is it cut short (Truncated).
// RFC-0005 §3.4 carries the current task in full: this is stricter.
type SessionBundle struct {
	Text        string   `json:"text"`
	Tokens      int      `json:"tokens"` // the tokenizer's count of Text
	Budget      int      `json:"budget"`
	Current     string   `json:"current"`      // the current task's id
	Tasks       int      `json:"tasks"`        // tasks in scope, the current one included
	TasksLoaded int      `json:"tasks_loaded"` // tasks of which something entered
	Facts       int      `json:"facts"`        // verified facts in scope
	FactsLoaded int      `json:"facts_loaded"`
	Dropped     []string `json:"dropped"` // what did not enter, one line each
	// Truncated says the current task's must-keep part (goal,
	// constraints, current state, next steps) alone was over the budget
	// and was cut short by the rule Build's state[] entries are cut by.
	Truncated bool `json:"truncated"`
	// OverBudget says the text is over the budget all the same: not even
	// the header and the task's identity fit.
	OverBudget bool `json:"over_budget"`

	root string
}

// SessionStart compiles the session-start bundle of the task.origin files
// under root. Nothing is dropped silently: every verified fact that did
// not fit is counted in the header, per task, and unreadable files are
// named.
func SessionStart(ctx context.Context, root string, opts SessionOptions) (*SessionBundle, error) {
	if opts.Budget <= 0 {
		opts.Budget = DefaultSessionBudget
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = 6
	}
	tok, err := tokenizerOr(opts.Tokenizer)
	if err != nil {
		return nil, err
	}
	es, err := taskorigin.Find(root, opts.MaxDepth)
	if err != nil {
		return nil, fmt.Errorf("northbridge: %w", err)
	}
	var all []task
	var unreadable []string
	for _, e := range es {
		if e.Err != nil {
			unreadable = append(unreadable, e.Path)
			continue
		}
		st, err := e.Doc.State()
		if err != nil {
			unreadable = append(unreadable, e.Path)
			continue
		}
		t := task{path: e.Path, st: st, hash: e.Hash}
		t.updated, _ = time.Parse(time.RFC3339Nano, st.UpdatedAt)
		all = append(all, t)
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("northbridge: no readable task.origin file under %s", root)
	}
	slices.SortStableFunc(all, newestFirst)
	cur := 0
	if opts.Task != "" {
		cur = slices.IndexFunc(all, func(t task) bool { return t.st.ID == opts.Task })
		if cur < 0 {
			return nil, fmt.Errorf("northbridge: %w: %s under %s", taskorigin.ErrNotFound, opts.Task, root)
		}
	}
	current := all[cur]
	scope := opts.Scope
	if len(scope) == 0 {
		scope = []string{"*"}
		if current.st.Scope != "" {
			scope = []string{current.st.Scope}
		}
	}
	var others []task
	for i, t := range all {
		if i != cur && InScope(scope, t.st.ID, t.st.Scope) {
			others = append(others, t)
		}
	}

	sb := &SessionBundle{Budget: opts.Budget, Current: current.st.ID, Tasks: 1 + len(others), TasksLoaded: 1, root: root}
	cb := newCurrentBlock(current, root)
	// Carry blocks: per other task, its verified facts (newest task first).
	type carry struct {
		t     task
		head  string
		lines []string
		in    []bool
	}
	var carries []carry
	for _, t := range others {
		c := carry{t: t, head: fmt.Sprintf("\n[%s] %s — %s\n", t.st.ID, oneLine(t.st.Title, t.st.Goal), oneLine(t.st.CurrentState, ""))}
		for _, f := range t.st.Facts {
			if f.Verified {
				c.lines = append(c.lines, factLine(f))
				c.in = append(c.in, true)
			}
		}
		carries = append(carries, c)
	}
	sb.Facts = countVerified(current.st)
	for _, c := range carries {
		sb.Facts += len(c.lines)
	}
	compose := func() string {
		var body strings.Builder
		body.WriteString(cb.render())
		loadedFacts, loadedTasks := cb.verifiedIn(), 1
		dropped := cb.dropped()
		for _, c := range carries {
			kept := 0
			for j, l := range c.lines {
				if c.in[j] {
					if kept == 0 {
						body.WriteString(c.head)
					}
					body.WriteString(l)
					kept++
				}
			}
			if kept > 0 {
				loadedTasks++
			}
			loadedFacts += kept
			if d := len(c.lines) - kept; d > 0 {
				dropped = append(dropped, fmt.Sprintf("%d of %d verified fact(s) of task %s (budget)", d, len(c.lines), c.t.st.ID))
			}
		}
		for _, u := range unreadable {
			dropped = append(dropped, "unreadable file "+u)
		}
		sb.FactsLoaded, sb.TasksLoaded, sb.Dropped = loadedFacts, loadedTasks, dropped
		return header(sb, scope, tok.Name()) + body.String()
	}
	// What goes, in order, while the text is over the budget: the other
	// tasks' facts (the oldest task first, each task's oldest fact
	// first), then the current task's facts (hypotheses, then verified
	// ones, oldest first), then its other sections, the least needed
	// first. Its must-keep part stays (cutrule.go).
	var drops []*bool
	for i := len(carries) - 1; i >= 0; i-- {
		for j := range carries[i].in {
			drops = append(drops, &carries[i].in[j])
		}
	}
	drops = append(drops, cb.dropOrder()...)
	text := compose()
	n := tok.CountText(text)
	if n > opts.Budget {
		// The fewest drops, in that order, that fit: a binary search on
		// the exact count (the text only shrinks as drops grow).
		dropFirst := func(k int) string {
			for i, d := range drops {
				*d = i >= k
			}
			return compose()
		}
		best := len(drops)
		for lo, hi := 1, len(drops); lo <= hi; {
			mid := (lo + hi) / 2
			if tok.CountText(dropFirst(mid)) <= opts.Budget {
				best, hi = mid, mid-1
			} else {
				lo = mid + 1
			}
		}
		text = dropFirst(best)
		n = tok.CountText(text)
	}
	if n > opts.Budget {
		// Even the must-keep part does not fit: the longest prefix of it
		// (by the shared rule) that does.
		sb.Truncated = true // the header says so while counting
		best := -1
		for lo, hi := 0, cb.must.runes(); lo <= hi; {
			mid := (lo + hi) / 2
			cb.keep = mid
			if tok.CountText(compose()) <= opts.Budget {
				best, lo = mid, mid+1
			} else {
				hi = mid - 1
			}
		}
		cb.keep = best
		if best < 0 {
			// Not even the header and the task's identity fit: no budget
			// can be kept, so the must-keep part is given whole.
			sb.Truncated, sb.OverBudget = false, true
		}
		text = compose()
		n = tok.CountText(text)
	}
	sb.Text, sb.Tokens = text, n
	return sb, ctx.Err()
}

func countVerified(s *taskorigin.State) int {
	n := 0
	for _, f := range s.Facts {
		if f.Verified {
			n++
		}
	}
	return n
}

func header(sb *SessionBundle, scope []string, enc string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[task.origin bundle · %s · %d-token budget, %s]\n", taskorigin.Spec, sb.Budget, enc)
	fmt.Fprintf(&b, "loaded %d/%d task(s) in scope %s · verified facts %d/%d\n", sb.TasksLoaded, sb.Tasks, strings.Join(scope, ", "), sb.FactsLoaded, sb.Facts)
	if sb.Truncated {
		fmt.Fprintf(&b, "⚠ cut: even the current task's goal, constraints, current state and next steps do not fit; they are cut short (a cut line ends in \"…\"); ef origin show %s --task %s prints the task whole\n", sb.root, sb.Current)
	}
	if sb.OverBudget {
		b.WriteString("⚠ over budget: not even this header and the task's identity fit; the current task's goal, constraints, current state and next steps are given whole anyway\n")
	}
	if len(sb.Dropped) == 0 {
		b.WriteString("✔ nothing dropped\n")
	} else {
		b.WriteString("⚠ not loaded: " + strings.Join(sb.Dropped, "; ") + "\n")
	}
	return b.String()
}

func oneLine(s, alt string) string {
	if strings.TrimSpace(s) == "" {
		s = alt
	}
	return strings.Join(strings.Fields(s), " ")
}

func factLine(f taskorigin.Fact) string {
	mark := ""
	if c := taskorigin.CheckSource(f.Source, f.SourceKind); !c.OK {
		mark = " ⚠ source not recheckable"
	}
	return fmt.Sprintf("- %s (%s)%s\n", oneLine(f.Claim, ""), oneLine(f.Source, "no source"), mark)
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
