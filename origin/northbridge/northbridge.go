package northbridge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/epistemicfold/ef/internal/jsjson"
	"github.com/epistemicfold/ef/internal/rpcwire"
	"github.com/epistemicfold/ef/origin/taskorigin"
)

// Kinds of the two messages (RFC-0006 §1).
const (
	RequestKind = "context.request"
	BundleKind  = "context.bundle"
)

// Defaults for a request's zero budget.
const (
	DefaultTokens = 30000
	DefaultFacts  = 10
)

// Request is a context.request (RFC-0006 §1.1).
type Request struct {
	Kind  string   `json:"kind"`
	Goal  string   `json:"goal"`
	Scope []string `json:"scope"`
	// Budget bounds the bundle: Tokens in real tokens of the serialized
	// bundle (zero means DefaultTokens), Facts the entries of memory[]
	// (zero means DefaultFacts).
	Budget Budget `json:"budget"`
	// Freshness is "latest" (or empty, or "any"): every task in scope; or a
	// maximum age ("36h", "7d"): tasks whose updated_at is older are cut.
	Freshness string `json:"freshness,omitempty"`
}

// Budget is a request's budget.
type Budget struct {
	Tokens int `json:"tokens"`
	Facts  int `json:"facts"`
}

// Bundle is a context.bundle (RFC-0006 §1.2), with EF's additions: cut
// (what did not fit, and why), tokenizer (the encoding token_estimate
// counts in) and skipped (task.origin files that could not be read).
//
// TokenEstimate counts the bundle as carried, so it is at most Budget
// whenever anything fits; OverBudget says that content of the scope was
// left out or cut short to fit the budget, and then Cut has the
// "budget.tokens" entries naming it (a state[] entry cut short says
// truncated). A bundle that fits once only its cut list is grouped (see
// Cut) carries all its content and is not over budget (the
// reference instead reports its estimate of everything and sets
// over_budget when that exceeds the budget). Skills is always empty: EF
// keeps no skills directory.
type Bundle struct {
	Kind          string   `json:"kind"`
	Goal          string   `json:"goal"`
	Scope         []string `json:"scope"`
	State         []State  `json:"state"`
	Memory        []Memory `json:"memory"`
	Skills        []string `json:"skills"`
	Evidence      []string `json:"evidence"`
	TokenEstimate int      `json:"token_estimate"`
	Budget        int      `json:"budget"`
	OverBudget    bool     `json:"over_budget"`
	Cut           []Cut    `json:"cut"`
	Skipped       []string `json:"skipped,omitempty"`
	Tokenizer     string   `json:"tokenizer"`
	Note          string   `json:"note"`

	unrelated int    // verified facts of the scope that share no word with the goal (said in the note)
	unmatched string // the scope entries that match no task, and the scopes there are (said in the note)
}

// State is one task of the scope, as much as a model needs to continue it.
type State struct {
	ID           string   `json:"id"`
	File         string   `json:"file"`
	Scope        string   `json:"scope"`
	Goal         string   `json:"goal"`
	CurrentState string   `json:"current_state"`
	Constraints  []string `json:"constraints,omitempty"`
	NextSteps    []string `json:"next_steps"`
	Version      int64    `json:"version"`
	ContentHash  string   `json:"content_hash"`
	UpdatedAt    string   `json:"updated_at"`
	// Truncated says the entry alone was over the budget and carries only
	// the start of its must-keep part, by the cutting rule both lanes
	// share: goal, constraints, current_state, then next_steps; a cut
	// string ends in "…".
	Truncated bool `json:"truncated,omitempty"`
}

// Memory is one verified fact (or verified learning) relevant to the goal.
type Memory struct {
	Claim      string  `json:"claim"`
	Verified   bool    `json:"verified"`
	Source     string  `json:"source"`
	SourceKind string  `json:"source_kind"`
	Task       string  `json:"task"`
	Score      float64 `json:"score"`
}

// Cut is something relevant that the bundle does not carry, and why:
// "budget.tokens", "budget.facts", "stale" (older than freshness) or
// "unverifiable source" (a fact marked verified whose source cites
// nothing recheckable). When the itemized list would take more than a
// quarter of the budget, items are grouped per task and reason, and when
// even that leaves no room for content, per kind and reason: Claim is
// then empty and Count says how many, and the last grouping names the
// tasks the items came from in Tasks instead of Task. Task or Tasks is
// always there: a caller can tell whose content was cut.
type Cut struct {
	Kind   string   `json:"kind"` // "state" or "memory"
	Task   string   `json:"task,omitempty"`
	Tasks  []string `json:"tasks,omitempty"`
	Claim  string   `json:"claim,omitempty"`
	Reason string   `json:"reason"`
	Count  int      `json:"count,omitempty"`
}

// Options configures Build. The zero value is ready to use.
type Options struct {
	// Tokenizer counts token_estimate. Nil means LoadTokenizer() on each
	// call; long-lived callers pass one.
	Tokenizer Tokenizer
	// Now is the clock for freshness. Zero means time.Now.
	Now func() time.Time
	// MaxDepth bounds how deep under a root task.origin files are looked
	// for. Zero means 6.
	MaxDepth int
	// Logger receives a debug line per request. Zero means discard.
	Logger *slog.Logger
}

// Limits of a request, beyond which it is a bad request (not cut short:
// a caller is told, rather than answered about a goal it did not send).
// A goal is a sentence or a paragraph; context_search bounds a query at
// 512 bytes. A 10 MB goal took 33 s and 2.5 GB to answer, echoed whole.
const (
	MaxGoalBytes       = 4096      // the goal
	MaxScopeEntries    = 64        // entries of scope
	MaxScopeEntryBytes = 256       // each scope entry
	MaxFreshnessBytes  = 64        // freshness
	MaxRequestBytes    = 256 << 10 // the request's JSON (ParseRequest, Answer)
)

// ParseRequest decodes and checks a context.request (at most
// MaxRequestBytes of JSON).
func ParseRequest(data []byte) (Request, error) {
	if len(data) > MaxRequestBytes {
		return Request{}, fmt.Errorf("%w: the request is over the limit of %d bytes (a goal is at most %d bytes)",
			ErrBadRequest, MaxRequestBytes, MaxGoalBytes)
	}
	var r Request
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		// Whoever sent the request reads this: JSON types, not Go's.
		return Request{}, fmt.Errorf("%w: %s", ErrBadRequest, rpcwire.Words(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Request{}, fmt.Errorf("%w: trailing data after the request object", ErrBadRequest)
	}
	return r, r.check()
}

func (r Request) check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadRequest, fmt.Sprintf(format, args...))
	}
	switch {
	case r.Kind != "" && r.Kind != RequestKind:
		return bad("kind is %q, want %q", clip(r.Kind), RequestKind)
	case strings.TrimSpace(r.Goal) == "":
		return bad("goal is empty")
	case len(r.Goal) > MaxGoalBytes:
		return bad("goal is %d bytes, over the limit of %d: say what you are about to do in a sentence or a paragraph", len(r.Goal), MaxGoalBytes)
	case len(r.Scope) > MaxScopeEntries:
		return bad("scope has %d entries, over the limit of %d (a project \"project:x\" takes its parts x/…; [\"*\"] takes everything)", len(r.Scope), MaxScopeEntries)
	case len(r.Freshness) > MaxFreshnessBytes:
		return bad("freshness is %d bytes, over the limit of %d: want \"latest\" or an age like \"36h\" or \"7d\"", len(r.Freshness), MaxFreshnessBytes)
	case len(r.Scope) == 0:
		return bad(`scope is empty: name the projects or tasks to draw from (["project:x"] or ["x"], ["task:<id>"]), or ["*"] for everything`)
	case r.Budget.Tokens < 0 || r.Budget.Facts < 0:
		return bad("budget must not be negative")
	}
	for _, s := range r.Scope {
		if strings.TrimSpace(s) == "" {
			return bad("scope has an empty entry")
		}
		if len(s) > MaxScopeEntryBytes {
			return bad("a scope entry is %d bytes, over the limit of %d", len(s), MaxScopeEntryBytes)
		}
	}
	if _, err := parseFreshness(r.Freshness); err != nil {
		return bad("%v", err)
	}
	return nil
}

// parseFreshness returns the maximum age, 0 for none.
func parseFreshness(f string) (time.Duration, error) {
	switch f = strings.TrimSpace(f); f {
	case "", "latest", "any":
		return 0, nil
	}
	if d, ok := strings.CutSuffix(f, "d"); ok {
		n, err := strconv.Atoi(d)
		if err == nil && n > 0 {
			return time.Duration(n) * 24 * time.Hour, nil
		}
	}
	d, err := time.ParseDuration(f)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("freshness %q: want \"latest\" or a positive age like \"36h\" or \"7d\"", f)
	}
	return d, nil
}

// InScope reports whether a task belongs to a request scope. Scope is a
// hard filter and matches whole names only:
//
//   - "*" matches every task;
//   - "task:<id>" matches the task with that id;
//   - any other entry S matches a task whose scope is S or starts with
//     S + "/" ("project:x" matches "project:x/api", not "project:xy").
//
// A project is named with or without its kind, on either side: "project:x"
// and "x" are one scope. RFC-0005 writes a task's scope "project:x" and
// RFC-0006 asks for ["project:x"], but a task's scope is whatever its
// writer gave (ef origin export --scope pvlib writes "pvlib"), and a
// request for "project:pvlib" that found nothing in project pvlib read
// like an empty project.
//
// A task with an empty scope matches only "*" and "task:<id>".
func InScope(scope []string, taskID, taskScope string) bool {
	ts := projectName(taskScope)
	for _, s := range scope {
		s = strings.TrimSpace(s)
		switch {
		case s == "*":
			return true
		case strings.HasPrefix(s, "task:"):
			if s[len("task:"):] == taskID && taskID != "" {
				return true
			}
		default:
			rs := strings.TrimSuffix(projectName(s), "/")
			if ts != "" && rs != "" && (ts == rs || strings.HasPrefix(ts, rs+"/")) {
				return true
			}
		}
	}
	return false
}

// projectName is a scope name without its "project:" kind.
func projectName(s string) string { return strings.TrimPrefix(s, "project:") }

// task is one readable task.origin file in scope.
type task struct {
	path    string
	st      *taskorigin.State
	hash    string
	updated time.Time
}

// newestFirst orders tasks by their last update, newest first, and tasks
// updated at the same time by id, so that the order never depends on the
// order the files were read in.
func newestFirst(a, b task) int {
	if c := b.updated.Compare(a.updated); c != 0 {
		return c
	}
	return strings.Compare(a.st.ID, b.st.ID)
}

// idScope is a task's id and scope.
type idScope struct{ id, scope string }

// unmatchedScope says which entries of scope match none of the tasks
// there are, and which scopes there are, so that a typo in a scope does
// not read like an empty project ("" when every entry matches a task).
func unmatchedScope(scope []string, all []idScope) string {
	var miss []string
	for _, s := range scope {
		hit := false
		for _, t := range all {
			if InScope([]string{s}, t.id, t.scope) {
				hit = true
				break
			}
		}
		if !hit {
			miss = append(miss, strconv.Quote(clip(s)))
		}
	}
	if len(miss) == 0 {
		return ""
	}
	count := map[string]int{}
	for _, t := range all {
		name := t.scope
		if name == "" {
			name = "(no scope: task:" + t.id + ")"
		}
		count[name]++
	}
	if len(count) == 0 {
		return fmt.Sprintf("scope %s matches no task: there is no readable task.origin file under the store", strings.Join(miss, ", "))
	}
	names := slices.Sorted(maps.Keys(count))
	const most = 20
	var parts []string
	for i, n := range names {
		if i == most {
			parts = append(parts, fmt.Sprintf("and %d more", len(names)-most))
			break
		}
		parts = append(parts, fmt.Sprintf("%s (%d task(s))", n, count[n]))
	}
	return fmt.Sprintf("scope %s matches no task; the scopes there are: %s; [\"*\"] takes every task, \"task:<id>\" one", strings.Join(miss, ", "), strings.Join(parts, ", "))
}

// byRelevance orders tasks by how many of the goal's words each carries
// (in its goal, current_state, next_steps, constraints and verified
// facts), the newest first among tasks that carry as many (newestFirst):
// with a broad scope, the task a goal is about comes first, not the one
// touched last.
func byRelevance(tasks []task, rel *relevance) {
	n := make(map[*taskorigin.State]int, len(tasks))
	for _, t := range tasks {
		words := rel.shared(strings.Join(slices.Concat([]string{t.st.Goal, t.st.CurrentState}, t.st.NextSteps, t.st.Constraints), "\n"))
		for _, f := range t.st.Facts {
			if f.Verified {
				maps.Copy(words, rel.shared(f.Claim))
			}
		}
		for _, l := range t.st.Learnings {
			if l.Status == taskorigin.LearningVerified {
				maps.Copy(words, rel.shared(l.Lesson))
			}
		}
		n[t.st] = len(words)
	}
	slices.SortStableFunc(tasks, func(a, b task) int {
		if c := n[b.st] - n[a.st]; c != 0 {
			return c
		}
		return newestFirst(a, b)
	})
}

// Build answers req from the task.origin files under roots: state[] holds
// every task in scope (by relevance to the goal, newest first among
// equals: byRelevance), memory[] the verified facts and verified
// learnings of those tasks ranked by relevance to the goal (rank, with
// the analyzer context_search uses) and capped at budget.facts,
// evidence[] their recheckable sources. When the serialized bundle would
// exceed budget.tokens, it carries the most important entries that fit:
// the first task, then the facts most relevant to the goal, then the
// other tasks (a first task that alone exceeds the budget comes cut
// short, marked truncated); everything dropped is listed in cut[] and
// over_budget is set. token_estimate is the tokenizer's exact count of the
// bundle as Marshal serializes it.
//
// Nothing from outside the scope is read into the bundle: tasks are
// filtered before anything is ranked or counted.
func Build(ctx context.Context, roots []string, req Request, opts Options) (*Bundle, error) {
	if err := req.check(); err != nil {
		return nil, err
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = 6
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	tok, err := tokenizerOr(opts.Tokenizer)
	if err != nil {
		return nil, err
	}
	tokens := req.Budget.Tokens
	if tokens == 0 {
		tokens = DefaultTokens
	}
	maxFacts := req.Budget.Facts
	if maxFacts == 0 {
		maxFacts = DefaultFacts
	}
	maxAge, _ := parseFreshness(req.Freshness)

	b := &Bundle{
		Kind: BundleKind, Goal: req.Goal, Scope: slices.Clone(req.Scope),
		State: []State{}, Memory: []Memory{}, Skills: []string{}, Evidence: []string{}, Cut: []Cut{},
		Budget: tokens, Tokenizer: tok.Name(),
	}
	var tasks []task
	var all []idScope // every readable task, in scope or not
	seen := map[string]bool{}
	for _, root := range roots {
		es, err := taskorigin.Find(root, opts.MaxDepth)
		if err != nil {
			return nil, fmt.Errorf("northbridge: %w", err)
		}
		for _, e := range es {
			if seen[e.Path] {
				continue
			}
			seen[e.Path] = true
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if e.Err != nil {
				// Its scope is unknown, so nothing of it may enter; say that a
				// file was skipped without quoting it.
				b.Skipped = append(b.Skipped, e.Path)
				continue
			}
			st, err := e.Doc.State()
			if err != nil {
				b.Skipped = append(b.Skipped, e.Path)
				continue
			}
			all = append(all, idScope{st.ID, st.Scope})
			if !InScope(req.Scope, st.ID, st.Scope) {
				continue
			}
			t := task{path: e.Path, st: st, hash: e.Hash}
			t.updated, _ = time.Parse(time.RFC3339Nano, st.UpdatedAt)
			if maxAge > 0 && (t.updated.IsZero() || opts.Now().Sub(t.updated) > maxAge) {
				b.Cut = append(b.Cut, Cut{Kind: "state", Task: st.ID, Reason: "stale"})
				continue
			}
			tasks = append(tasks, t)
		}
	}
	b.unmatched = unmatchedScope(req.Scope, all)
	rel, err := newRelevance(req.Goal)
	if err != nil {
		return nil, err
	}
	byRelevance(tasks, rel)
	for _, t := range tasks {
		b.State = append(b.State, State{
			ID: t.st.ID, File: t.path, Scope: t.st.Scope, Goal: t.st.Goal, CurrentState: t.st.CurrentState,
			Constraints: t.st.Constraints, NextSteps: nonNil(t.st.NextSteps), Version: t.st.Version,
			ContentHash: t.hash, UpdatedAt: t.st.UpdatedAt,
		})
	}

	cands, unverifiable := candidates(tasks)
	b.Cut = append(b.Cut, unverifiable...)
	ranked, err := rank(ctx, rel, cands)
	if err != nil {
		return nil, err
	}
	b.unrelated = len(cands) - len(ranked)
	for i, m := range ranked {
		if i < maxFacts {
			b.Memory = append(b.Memory, m)
		} else {
			b.Cut = append(b.Cut, Cut{Kind: "memory", Task: m.Task, Claim: clip(m.Claim), Reason: "budget.facts"})
		}
	}
	b.Evidence = evidenceOf(b.Memory)
	fit(b, tok)
	opts.Logger.Debug("context.bundle", "goal", req.Goal, "tasks", len(b.State), "memory", len(b.Memory),
		"cut", len(b.Cut), "tokens", b.TokenEstimate, "budget", b.Budget)
	return b, nil
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

// clip shortens a claim for the cut list, which names what was cut
// without carrying it.
func clip(s string) string {
	const max = 80
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// candidates returns the verified facts and verified learnings of the
// tasks that cite a recheckable source, and a cut entry for each verified
// one that does not.
func candidates(tasks []task) ([]Memory, []Cut) {
	var out []Memory
	var cut []Cut
	for _, t := range tasks {
		for _, f := range t.st.Facts {
			if !f.Verified {
				continue
			}
			c := taskorigin.CheckSource(f.Source, f.SourceKind)
			if !c.OK {
				cut = append(cut, Cut{Kind: "memory", Task: t.st.ID, Claim: clip(f.Claim), Reason: "unverifiable source"})
				continue
			}
			out = append(out, Memory{Claim: f.Claim, Verified: true, Source: f.Source, SourceKind: c.Kind(), Task: t.st.ID})
		}
		for _, l := range t.st.Learnings {
			if l.Status != taskorigin.LearningVerified {
				continue
			}
			c := taskorigin.CheckSource(l.Evidence, "")
			if !c.OK {
				cut = append(cut, Cut{Kind: "memory", Task: t.st.ID, Claim: clip(l.Lesson), Reason: "unverifiable source"})
				continue
			}
			out = append(out, Memory{Claim: l.Lesson, Verified: true, Source: l.Evidence, SourceKind: c.Kind(), Task: t.st.ID})
		}
	}
	return out, cut
}

// evidenceOf lists the distinct sources of ms in order.
func evidenceOf(ms []Memory) []string {
	out := []string{}
	for _, m := range ms {
		if !slices.Contains(out, m.Source) {
			out = append(out, m.Source)
		}
	}
	return out
}

// Marshal returns the bundle's serialized form: compact JSON, the text
// token_estimate counts.
// HTML characters are not escaped: the reader is a model, not a browser.
func (b *Bundle) Marshal() []byte {
	out, err := jsjson.Marshal(b)
	if err != nil {
		panic(err) // every field is a plain value (scores are finite); an error is a programming bug
	}
	return out
}
