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
// current task in full, then the verified facts of the other tasks in
// scope, under a token budget, with a header that states what was loaded
// and what was dropped.
type SessionBundle struct {
	Text        string   `json:"text"`
	Tokens      int      `json:"tokens"` // the tokenizer's count of Text
	Budget      int      `json:"budget"`
	Current     string   `json:"current"`      // the current task's id
	Tasks       int      `json:"tasks"`        // tasks in scope, the current one included
	TasksLoaded int      `json:"tasks_loaded"` // tasks of which something entered
	Facts       int      `json:"facts"`        // verified facts in scope
	FactsLoaded int      `json:"facts_loaded"`
	Dropped     []string `json:"dropped"`     // what did not enter, one line each
	OverBudget  bool     `json:"over_budget"` // the current task alone is over the budget
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

	sb := &SessionBundle{Budget: opts.Budget, Current: current.st.ID, Tasks: 1 + len(others), TasksLoaded: 1}
	curText := renderCurrent(current)
	for _, f := range current.st.Facts {
		if f.Verified {
			sb.Facts++
			sb.FactsLoaded++
		}
	}
	// Carry blocks: per other task, its verified facts (newest task first).
	type carry struct {
		t     task
		head  string
		lines []string
		cost  []int
	}
	var carries []carry
	for _, t := range others {
		c := carry{t: t, head: fmt.Sprintf("\n[%s] %s — %s\n", t.st.ID, oneLine(t.st.Title, t.st.Goal), oneLine(t.st.CurrentState, ""))}
		for _, f := range t.st.Facts {
			if !f.Verified {
				continue
			}
			sb.Facts++
			line := factLine(f)
			c.lines = append(c.lines, line)
			c.cost = append(c.cost, tok.CountText(line))
		}
		carries = append(carries, c)
	}
	keep := make([]int, len(carries)) // facts kept per carry
	for i := range carries {
		keep[i] = len(carries[i].lines)
	}
	compose := func() string {
		var body strings.Builder
		body.WriteString(curText)
		loadedFacts, loadedTasks := 0, 1
		var dropped []string
		for i, c := range carries {
			if keep[i] > 0 {
				loadedTasks++
				body.WriteString(c.head)
				for _, l := range c.lines[:keep[i]] {
					body.WriteString(l)
				}
			}
			loadedFacts += keep[i]
			if d := len(c.lines) - keep[i]; d > 0 {
				dropped = append(dropped, fmt.Sprintf("%d of %d verified fact(s) of task %s (budget)", d, len(c.lines), c.t.st.ID))
			}
		}
		for _, u := range unreadable {
			dropped = append(dropped, "unreadable file "+u)
		}
		sb.FactsLoaded = loadedFacts + countVerified(current.st)
		sb.TasksLoaded = loadedTasks
		sb.Dropped = dropped
		return header(sb, scope, tok.Name()) + body.String()
	}
	// Drop from the oldest task's last fact until the exact count fits.
	text := compose()
	n := tok.CountText(text)
	for n > opts.Budget {
		i := len(keep) - 1
		for i >= 0 && keep[i] == 0 {
			i--
		}
		if i < 0 {
			break
		}
		// Drop as many lines as the excess needs by their own counts, at
		// least one; the exact count is taken again after.
		excess := n - opts.Budget
		for excess > 0 && i >= 0 {
			keep[i]--
			excess -= carries[i].cost[keep[i]]
			if keep[i] == 0 {
				excess -= tok.CountText(carries[i].head)
				for i >= 0 && keep[i] == 0 {
					i--
				}
			}
		}
		text = compose()
		n = tok.CountText(text)
	}
	sb.OverBudget = n > opts.Budget
	if sb.OverBudget {
		text = compose() // the header says so
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
	if sb.OverBudget {
		b.WriteString("⚠ over budget: the current task alone does not fit; it is given in full anyway\n")
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

// renderCurrent writes the current task in full.
func renderCurrent(t task) string {
	s := t.st
	var b strings.Builder
	fmt.Fprintf(&b, "── current task · %s (version %d, %s) ──\n", s.ID, s.Version, short(t.hash))
	if s.Title != "" {
		fmt.Fprintf(&b, "title: %s\n", oneLine(s.Title, ""))
	}
	fmt.Fprintf(&b, "goal: %s\n", oneLine(s.Goal, ""))
	if s.Scope != "" {
		fmt.Fprintf(&b, "scope: %s\n", s.Scope)
	}
	fmt.Fprintf(&b, "current state: %s\n", oneLine(s.CurrentState, "(none)"))
	list := func(title string, xs []string) {
		if len(xs) == 0 {
			return
		}
		fmt.Fprintf(&b, "%s:\n", title)
		for i, x := range xs {
			fmt.Fprintf(&b, "%d. %s\n", i+1, oneLine(x, ""))
		}
	}
	list("constraints", s.Constraints)
	var verified, unverified []taskorigin.Fact
	for _, f := range s.Facts {
		if f.Verified {
			verified = append(verified, f)
		} else {
			unverified = append(unverified, f)
		}
	}
	if len(verified) > 0 {
		b.WriteString("verified facts:\n")
		for _, f := range verified {
			b.WriteString(factLine(f))
		}
	}
	if len(unverified) > 0 {
		b.WriteString("hypotheses (not verified):\n")
		for _, f := range unverified {
			fmt.Fprintf(&b, "- %s\n", oneLine(f.Claim, ""))
		}
	}
	if len(s.Decisions) > 0 {
		b.WriteString("decisions:\n")
		for _, d := range s.Decisions {
			fmt.Fprintf(&b, "- %s — why: %s\n", oneLine(d.What, ""), oneLine(d.Why, "(not given)"))
		}
	}
	if len(s.Actions) > 0 {
		b.WriteString("actions:\n")
		for _, a := range s.Actions {
			fmt.Fprintf(&b, "- %s [%s] %s\n", oneLine(a.Verb, ""), a.Status, oneLine(a.Evidence, ""))
		}
	}
	list("artifacts", s.Artifacts)
	if strings.TrimSpace(s.Verification) != "" {
		fmt.Fprintf(&b, "verification: %s\n", oneLine(s.Verification, ""))
	}
	list("next steps", s.NextSteps)
	if len(s.Learnings) > 0 {
		b.WriteString("learnings:\n")
		for _, l := range s.Learnings {
			fmt.Fprintf(&b, "- [%s %.2f] %s\n", l.Status, l.Confidence, oneLine(l.Lesson, ""))
		}
	}
	return b.String()
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
