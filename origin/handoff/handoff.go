package handoff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/origin/taskorigin"
	"github.com/epistemicfold/ef/projection"
)

// Options says how exported sources cite the session.
type Options struct {
	// LogName is how a source names the session log (the path the user
	// gave); a source "<LogName>:<seq>" points at the event.
	LogName string
	// Recall returns the EF recall ref ("recall:<ckpt>#<i>@<session>") of
	// a folded event; nil or false means none.
	Recall func(seq int) (string, bool)
	// Goal is used when the session states no objective.
	Goal string
	// Events are the session's events as the reducer read them: the
	// files the session changed (artifacts) and how it ended
	// (current_state) are read from them. Nil: neither is said.
	Events []projection.Event
}

// Build returns the task.origin of task id from the reducer's state (the
// whole session's projection, as engine.ProjectLog replays it). base,
// when not nil, is the task's current state: its title, scope, created_at,
// learnings and actions are kept, its artifacts joined with the session's,
// and its facts that this session does not restate (and that do not cite
// this log) are kept too (the export replaces what the session knows, not
// what others wrote). Its decisions, next steps, verification and current
// state are the session's: nothing tells another writer's decision or next
// step from one an earlier export of this session wrote and the session
// has since closed. Members State does not hold are not in base; a caller
// writing the result over a file keeps them with Document.KeepExtensions.
func Build(id string, r *projection.Reducer, base *taskorigin.State, opts Options) (*taskorigin.State, error) {
	st := r.State()
	anchors := r.Anchors()
	out := taskorigin.New(id, "")
	if base != nil {
		out.Title, out.Scope, out.CreatedAt = base.Title, base.Scope, base.CreatedAt
	}
	switch {
	case st.Objective != nil && strings.TrimSpace(st.Objective.Value) != "":
		out.Goal = oneLine(st.Objective.Value)
	case strings.TrimSpace(opts.Goal) != "":
		out.Goal = opts.Goal
	case base != nil && base.Goal != "":
		out.Goal = base.Goal
	default:
		return nil, ErrNoObjective
	}
	for _, c := range st.Constraints {
		out.Constraints = append(out.Constraints, oneLine(c.Value))
	}

	// Facts: what the session established, in the session's order (the
	// oldest first), after the facts of base that this session does not
	// restate: current values, checks that pass, hypotheses and
	// rejected approaches (facts.go). Not every command's output: a read
	// of a file or a listing is how the agent looked, not what it knew.
	var kept []taskorigin.Fact
	fresh := factsOf(st, anchors, opts)
	if base != nil {
		for _, f := range base.Facts {
			if !slices.ContainsFunc(fresh, func(g taskorigin.Fact) bool { return g.Claim == f.Claim }) && !citesLog(f.Source, opts.LogName) {
				kept = append(kept, f)
			}
		}
	}
	out.Facts = append(kept, fresh...)

	for _, d := range st.Decisions {
		what, why := whyOf(d, opts.Events)
		out.Decisions = append(out.Decisions, taskorigin.Decision{What: what, Why: why})
	}
	for _, o := range st.OpenObligations {
		out.NextSteps = append(out.NextSteps, oneLine(o.Value))
	}
	// The step the agent said it takes next, in the reply the session
	// ends with: still ahead. One said earlier was done or replaced by
	// the work that followed it, and is not listed.
	if steps, seq := lastNextSteps(opts.Events, st); len(steps) > 0 {
		for _, step := range steps {
			said := strings.TrimRight(step, ".。 ")
			if !slices.ContainsFunc(out.NextSteps, func(s string) bool {
				return strings.Contains(s, said) || strings.Contains(said, strings.TrimRight(s, ".。 "))
			}) {
				out.NextSteps = append(out.NextSteps, fmt.Sprintf("%s (the agent's next step, event %d)", clipLine(said, 300), seq))
			}
		}
	}
	for _, f := range st.OpenFailures {
		step := "fix the open failure"
		if n := subjectOf(f.Key); n != "" {
			step += " of " + n
		}
		step += ": " + oneLine(f.Value)
		if b := oneLine(f.Because); b != "" && !strings.Contains(oneLine(f.Value), b) {
			step += " — " + b
		}
		out.NextSteps = append(out.NextSteps, step)
	}
	out.Verification = verificationOf(anchors)
	out.CurrentState = currentOf(st, r.LastSeq(), opts)
	for _, a := range anchors {
		if a.Kind == projection.KindArtifact {
			if p := artifactPath(a.Key); p != "" && !slices.Contains(out.Artifacts, p) {
				out.Artifacts = append(out.Artifacts, p)
			}
		}
	}
	for _, p := range changedFiles(opts.Events) {
		if !slices.ContainsFunc(out.Artifacts, func(q string) bool { return samePath(p, q) }) {
			out.Artifacts = append(out.Artifacts, p)
		}
	}
	if base != nil {
		out.Learnings = append(out.Learnings, base.Learnings...)
		out.Actions = append(out.Actions, base.Actions...)
		for _, p := range base.Artifacts {
			if !slices.Contains(out.Artifacts, p) {
				out.Artifacts = append(out.Artifacts, p)
			}
		}
	}
	for _, n := range st.Negative {
		lesson := "rejected approach: " + oneLine(n.Value)
		if n.Because != "" {
			lesson += " (because " + oneLine(n.Because) + ")"
		}
		if !slices.ContainsFunc(out.Learnings, func(l taskorigin.Learning) bool { return l.Lesson == lesson }) {
			out.Learnings = append(out.Learnings, taskorigin.Learning{Lesson: lesson, Confidence: 0.5, Status: taskorigin.LearningCandidate})
		}
	}
	return out, nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// claimOf states an evidence anchor as a claim: what was run and what it
// showed.
func claimOf(a *projection.Anchor) string {
	switch {
	case strings.HasPrefix(a.Key, "command/-/"):
		return fmt.Sprintf("`%s` %s", a.Key[len("command/-/"):], oneLine(a.Value))
	case strings.HasPrefix(a.Key, "test/-/"):
		return fmt.Sprintf("test %s %s", a.Key[len("test/-/"):], oneLine(a.Value))
	case strings.HasPrefix(a.Key, "tool/"):
		name, args, _ := strings.Cut(a.Key[len("tool/"):], "/")
		return fmt.Sprintf("%s %s → %s", name, oneLine(args), oneLine(a.Value))
	}
	return oneLine(a.Value)
}

// subjectOf names what a command or test key is about: "`go build ./...`",
// "test TestX"; "" for other keys.
func subjectOf(key string) string {
	switch {
	case strings.HasPrefix(key, "command/-/"):
		return "`" + key[len("command/-/"):] + "`"
	case strings.HasPrefix(key, "test/-/"):
		return "test " + key[len("test/-/"):]
	}
	return ""
}

// sourceOf cites what rechecks an evidence anchor: the command or test
// that produced it (rerunnable), and the event itself — its recall ref
// when it was folded, else the log and seq.
func sourceOf(a *projection.Anchor, opts Options) string {
	var parts []string
	switch {
	case strings.HasPrefix(a.Key, "command/-/"):
		parts = append(parts, "`"+a.Key[len("command/-/"):]+"`")
	case strings.HasPrefix(a.Key, "test/-/"):
		parts = append(parts, a.Key[len("test/-/"):])
		for _, l := range a.Links {
			if strings.HasPrefix(l, "command/-/") {
				parts = append(parts, "`"+l[len("command/-/"):]+"`")
			}
		}
	}
	parts = append(parts, logRef(a.Seq(), opts))
	return strings.Join(parts, " ")
}

func logRef(seq int, opts Options) string {
	if opts.Recall != nil {
		if ref, ok := opts.Recall(seq); ok {
			return ref
		}
	}
	if opts.LogName == "" {
		return fmt.Sprintf("session event %d", seq)
	}
	return fmt.Sprintf("%s:%d", opts.LogName, seq)
}

func citesLog(source, log string) bool {
	return log != "" && strings.Contains(source, log+":")
}

// whyOf is decision d as the task states it and why it was taken: the
// reason the session gave with it (the "because …" clause of its
// sentence, or the sentence after it that gives one: "That's because
// …"), the choice without that clause; the projection's own reason when
// it holds one; else none stated. The sentence around a choice is not
// its reason.
func whyOf(d *projection.Anchor, events []projection.Event) (what, why string) {
	what = oneLine(d.Value)
	if b := oneLine(d.Because); b != "" && b != what && b != oneLine(d.Quote) {
		return what, b
	}
	if before, reason, ok := projection.ReasonClause(what); ok {
		if before != "" {
			what = before
		}
		return what, reason
	}
	if _, reason, ok := projection.ReasonClause(oneLine(d.Quote)); ok {
		return what, reason
	}
	for _, ev := range events {
		if ev.Seq == d.Seq() {
			if reason, ok := projection.ReasonAfter(ev.Text, d.Quote); ok {
				return what, oneLine(reason)
			}
			break
		}
	}
	return what, "(no reason stated in the session)"
}

// lastNextSteps are the next steps the agent states in the reply the
// session ends with (projection.NextSteps) and that reply's event; none
// when the session ends otherwise (a tool result, a call never answered,
// a user message: whatever the agent said before, work followed it) or
// handed its task in.
func lastNextSteps(events []projection.Event, st projection.State) ([]string, int) {
	if len(events) == 0 {
		return nil, 0
	}
	for _, v := range st.StateHeads {
		if v.Key == "value/-/session_outcome" {
			return nil, 0
		}
	}
	last := events[len(events)-1]
	if last.Role != projection.RoleAssistant || len(last.Calls) > 0 {
		return nil, 0
	}
	return projection.NextSteps(last.Text), last.Seq
}

// verificationOf lists every failure with its lifecycle and the events
// that moved it.
func verificationOf(anchors []*projection.Anchor) string {
	var lines []string
	for _, a := range anchors {
		if a.Kind != projection.KindFailure {
			continue
		}
		seqs := make([]string, len(a.SourceRefs))
		for i, r := range a.SourceRefs {
			seqs[i] = fmt.Sprint(r.Seq)
		}
		what := oneLine(a.Value)
		if n := subjectOf(a.Key); n != "" && !strings.Contains(what, strings.Trim(n, "`")) {
			what = n + " " + what
		}
		lines = append(lines, fmt.Sprintf("%s: %s (events %s)", what, a.Lifecycle, strings.Join(seqs, ",")))
	}
	if len(lines) == 0 {
		return "no failure observed in the session"
	}
	return strings.Join(lines, "; ")
}

func currentOf(st projection.State, lastSeq int, opts Options) string {
	var parts []string
	fails := fmt.Sprintf("%d open failure(s)", len(st.OpenFailures))
	if len(st.OpenFailures) > 0 {
		var what []string
		for _, f := range st.OpenFailures {
			n := subjectOf(f.Key)
			if n == "" {
				n = clipLine(f.Value, 80)
			}
			what = append(what, n)
		}
		fails += ": " + strings.Join(what, ", ")
	}
	parts = append(parts, fails, fmt.Sprintf("%d open obligation(s)", len(st.OpenObligations)))
	if len(st.StateHeads) > 0 {
		var vs []string
		for _, v := range st.StateHeads {
			x := fmt.Sprintf("%s = %s", valueName(v.Key), oneLine(v.Value))
			if v.Was != "" {
				x += " (was " + oneLine(v.Was) + ")"
			}
			vs = append(vs, x)
		}
		parts = append(parts, "current values: "+strings.Join(vs, "; "))
	}
	if e := endingOf(opts.Events, st); e != "" {
		parts = append(parts, e)
	}
	where := "the session"
	if opts.LogName != "" {
		where = opts.LogName
	}
	return strings.Join(parts, "; ") + fmt.Sprintf("; as of event %d of %s", lastSeq, where)
}

// artifactPath extracts the path of an artifact key "file/<path>/content".
func artifactPath(key string) string {
	rest, ok := strings.CutPrefix(key, "file/")
	if !ok {
		return ""
	}
	if i := strings.LastIndexByte(rest, '/'); i > 0 {
		return rest[:i]
	}
	return rest
}
