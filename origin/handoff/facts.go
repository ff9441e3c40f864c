package handoff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/origin/taskorigin"
	"github.com/epistemicfold/ef/projection"
)

// A fact is what the session established and a later session can use
// without redoing the work, each citing what rechecks it:
//
//   - a current value ("value: staging_bucket = s3://…"), citing the
//     event that set it;
//   - a check that passes as the session ends: the last outcome of a test
//     run (pytest, go test, npm test, …) that passed, or of any shell
//     command or test that failed during the session and passes now (not
//     a file tool's write: that is an artifact), citing the command
//     (rerunnable) and the event;
//   - a hypothesis: supported or established ones as facts citing their
//     event, open ones unverified;
//   - a rejected approach, with the reason given (negative knowledge).
//
// Decisions are the task's decisions, not facts. The output of a read, a
// search or a listing is how the agent looked, not something it
// established, and is left to the log (cited by the facts' sources).

// seqFact is a fact with the event it was learnt at, to order them.
type seqFact struct {
	seq int
	f   taskorigin.Fact
}

func factsOf(st projection.State, anchors []*projection.Anchor, opts Options) []taskorigin.Fact {
	var out []seqFact
	add := func(seq int, claim, source string, verified bool) {
		f := taskorigin.Fact{Claim: claim, Source: source}
		f.Verified = verified && taskorigin.CheckSource(source, "").OK
		out = append(out, seqFact{seq, f})
	}
	for _, v := range st.StateHeads {
		claim := fmt.Sprintf("value: %s = %s", valueName(v.Key), oneLine(v.Value))
		if v.Was != "" {
			claim += " (was " + oneLine(v.Was) + ")"
		}
		add(v.Seq(), claim, logRef(v.Seq(), opts), true)
	}
	for _, c := range checksOf(anchors) {
		add(c.Seq(), claimOf(c), sourceOf(c, opts), true)
	}
	for _, g := range testGroups(anchors) {
		add(g.seq, g.claim(), g.source(opts), true)
	}
	for _, a := range st.Uncertainty {
		switch a.Lifecycle {
		case projection.Supported, projection.Established:
			add(a.Seq(), a.Lifecycle+": "+oneLine(a.Value), logRef(a.Seq(), opts), true)
		default:
			lc := a.Lifecycle
			if lc == projection.HypothesisLC {
				lc = "open"
			}
			add(a.FirstSeq(), "hypothesis ("+lc+"): "+oneLine(a.Value), logRef(a.FirstSeq(), opts), false)
		}
	}
	for _, n := range st.Negative {
		claim := "rejected approach: " + oneLine(n.Value)
		if b := oneLine(n.Because); b != "" && !strings.Contains(claim, b) && !strings.Contains(b, oneLine(n.Value)) {
			claim += " (because " + oneLine(n.Because) + ")"
		}
		add(n.Seq(), claim, logRef(n.Seq(), opts), true)
	}
	slices.SortStableFunc(out, func(a, b seqFact) int { return a.seq - b.seq })
	facts := make([]taskorigin.Fact, len(out))
	for i, x := range out {
		facts[i] = x.f
	}
	return facts
}

// checksOf are the evidence anchors of commands that check something and
// pass as the session ends: a test run, or a command that failed in the
// session (its failure anchor, of the same key, is closed).
func checksOf(anchors []*projection.Anchor) []*projection.Anchor {
	failed := map[string]bool{}
	for _, a := range anchors {
		if a.Kind == projection.KindFailure && !a.IsHead() {
			failed[a.Key] = true
		}
	}
	var out []*projection.Anchor
	for _, a := range anchors {
		if a.Kind != projection.KindEvidence || !passed(a) {
			continue
		}
		// A tool's write that failed and then passed is an action done
		// (artifacts), not a check.
		cmd, isCmd := strings.CutPrefix(a.Key, "command/-/")
		switch {
		case failed[a.Key] && (isCmd || strings.HasPrefix(a.Key, "test/")):
		case isCmd && projection.IsTestRun(cmd):
		default:
			continue
		}
		out = append(out, a)
	}
	return out
}

// passed reports whether evidence a is a passing outcome ("ok: …",
// "passed: …"), not the record of a failure.
func passed(a *projection.Anchor) bool {
	v := strings.TrimSpace(a.Value)
	return !strings.HasPrefix(v, "failed") && !strings.HasPrefix(v, "error")
}

// testGroup is the passing tests one command ran, when that command is
// not itself a check of checksOf (whose fact says it).
type testGroup struct {
	seq   int
	cmd   string
	names []string
	a     *projection.Anchor // the first test's anchor, for its source
}

func testGroups(anchors []*projection.Anchor) []*testGroup {
	checked := map[string]bool{}
	for _, a := range checksOf(anchors) {
		checked[a.Key] = true
	}
	byCmd := map[string]*testGroup{}
	var out []*testGroup
	for _, a := range anchors {
		name, ok := strings.CutPrefix(a.Key, "test/-/")
		if !ok || a.Kind != projection.KindEvidence || !passed(a) {
			continue
		}
		cmd := ""
		for _, l := range a.Links {
			if c, ok := strings.CutPrefix(l, "command/-/"); ok {
				cmd = c
			}
		}
		if cmd != "" && checked["command/-/"+cmd] {
			continue
		}
		g := byCmd[cmd]
		if g == nil || cmd == "" {
			g = &testGroup{seq: a.Seq(), cmd: cmd, a: a}
			out = append(out, g)
			if cmd != "" {
				byCmd[cmd] = g
			}
		}
		g.names = append(g.names, name)
		g.seq = max(g.seq, a.Seq())
	}
	return out
}

func (g *testGroup) claim() string {
	if len(g.names) == 1 {
		return claimOf(g.a)
	}
	shown := g.names
	more := ""
	if len(shown) > 3 {
		shown, more = shown[:3], fmt.Sprintf(" and %d more", len(g.names)-3)
	}
	return fmt.Sprintf("%d tests passed in `%s`: %s%s", len(g.names), g.cmd, strings.Join(shown, ", "), more)
}

func (g *testGroup) source(opts Options) string {
	if g.cmd == "" {
		return sourceOf(g.a, opts)
	}
	return "`" + g.cmd + "` " + logRef(g.seq, opts)
}

// valueName is a value key's name as the session said it:
// "value/-/staging_bucket" is "staging_bucket".
func valueName(key string) string {
	rest, ok := strings.CutPrefix(key, "value/")
	if !ok {
		return key
	}
	if _, name, ok := strings.Cut(rest, "/"); ok && name != "" {
		return name
	}
	return rest
}

// clipLine is s on one line, cut to n runes.
func clipLine(s string, n int) string {
	s = oneLine(s)
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
