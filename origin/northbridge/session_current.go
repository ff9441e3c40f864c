package northbridge

import (
	"fmt"
	"strings"
)

// currentBlock is the current task of a session-start bundle as parts
// that can be left out: its must-keep part first (cutrule.go), then its
// decisions, artifacts and verification, then its facts, learnings and
// actions. What a receiving agent needs to act comes before what it may
// look up, so a reader that cuts the text from its end loses the least
// needed first.
type currentBlock struct {
	t    task
	root string
	must mustKeep
	keep int // runes of must kept; -1: all of it

	sections []section // by display order
	verified []factPart
	hypoth   []factPart
}

type section struct {
	name string
	text string
	in   bool
}

type factPart struct {
	line string
	in   bool
}

func newCurrentBlock(t task, root string) *currentBlock {
	s := t.st
	cb := &currentBlock{t: t, root: root, keep: -1,
		must: mustKeep{Goal: s.Goal, Constraints: s.Constraints, CurrentState: s.CurrentState, NextSteps: s.NextSteps}}
	var b strings.Builder
	add := func(name string) {
		if b.Len() > 0 {
			cb.sections = append(cb.sections, section{name: name, text: b.String(), in: true})
		}
		b.Reset()
	}
	if len(s.Decisions) > 0 {
		b.WriteString("decisions:\n")
		for _, d := range s.Decisions {
			fmt.Fprintf(&b, "- %s — why: %s\n", oneLine(d.What, ""), oneLine(d.Why, "(not given)"))
		}
	}
	add("decisions")
	list(&b, "artifacts", s.Artifacts)
	add("artifacts")
	if strings.TrimSpace(s.Verification) != "" {
		fmt.Fprintf(&b, "verification: %s\n", oneLine(s.Verification, ""))
	}
	add("verification")
	for _, f := range s.Facts {
		if f.Verified {
			cb.verified = append(cb.verified, factPart{line: factLine(f), in: true})
		} else {
			cb.hypoth = append(cb.hypoth, factPart{line: fmt.Sprintf("- %s\n", oneLine(f.Claim, "")), in: true})
		}
	}
	if len(s.Learnings) > 0 {
		b.WriteString("learnings:\n")
		for _, l := range s.Learnings {
			fmt.Fprintf(&b, "- [%s %.2f] %s\n", l.Status, l.Confidence, oneLine(l.Lesson, ""))
		}
	}
	add("learnings")
	if len(s.Actions) > 0 {
		b.WriteString("actions:\n")
		for _, a := range s.Actions {
			fmt.Fprintf(&b, "- %s [%s] %s\n", oneLine(a.Verb, ""), a.Status, oneLine(a.Evidence, ""))
		}
	}
	add("actions")
	return cb
}

func list(b *strings.Builder, title string, xs []string) {
	if len(xs) == 0 {
		return
	}
	fmt.Fprintf(b, "%s:\n", title)
	for i, x := range xs {
		fmt.Fprintf(b, "%d. %s\n", i+1, oneLine(x, ""))
	}
}

// render writes the parts kept: identity, must-keep part, decisions,
// artifacts, verification, verified facts, hypotheses, learnings,
// actions.
func (cb *currentBlock) render() string {
	s := cb.t.st
	var b strings.Builder
	fmt.Fprintf(&b, "── current task · %s (version %d, %s) ──\n", s.ID, s.Version, short(cb.t.hash))
	if s.Title != "" {
		fmt.Fprintf(&b, "title: %s\n", oneLine(s.Title, ""))
	}
	m := cb.must
	if cb.keep >= 0 {
		m, _ = keepParts(cb.must, cb.keep)
	}
	fmt.Fprintf(&b, "goal: %s\n", oneLine(m.Goal, ""))
	if s.Scope != "" {
		fmt.Fprintf(&b, "scope: %s\n", s.Scope)
	}
	list(&b, "constraints", m.Constraints)
	if m.CurrentState != "" || cb.keep < 0 {
		fmt.Fprintf(&b, "current state: %s\n", oneLine(m.CurrentState, "(none)"))
	}
	list(&b, "next steps", m.NextSteps)
	sec := func(name string) {
		for _, x := range cb.sections {
			if x.name == name && x.in {
				b.WriteString(x.text)
			}
		}
	}
	sec("decisions")
	sec("artifacts")
	sec("verification")
	facts := func(title string, fs []factPart) {
		started := false
		for _, f := range fs {
			if !f.in {
				continue
			}
			if !started {
				b.WriteString(title)
				started = true
			}
			b.WriteString(f.line)
		}
	}
	facts("verified facts:\n", cb.verified)
	facts("hypotheses (not verified):\n", cb.hypoth)
	sec("learnings")
	sec("actions")
	return b.String()
}

// dropOrder is the current task's parts in the order they go while the
// bundle is over its budget: hypotheses, then verified facts (the oldest
// first: a task's facts are written in the order they were learnt, and a
// later one more often holds what is true now), then actions, learnings,
// verification, artifacts and decisions.
func (cb *currentBlock) dropOrder() []*bool {
	var out []*bool
	for i := range cb.hypoth {
		out = append(out, &cb.hypoth[i].in)
	}
	for i := range cb.verified {
		out = append(out, &cb.verified[i].in)
	}
	for _, name := range []string{"actions", "learnings", "verification", "artifacts", "decisions"} {
		for i := range cb.sections {
			if cb.sections[i].name == name {
				out = append(out, &cb.sections[i].in)
			}
		}
	}
	return out
}

// verifiedIn counts the verified facts kept.
func (cb *currentBlock) verifiedIn() int {
	n := 0
	for _, f := range cb.verified {
		if f.in {
			n++
		}
	}
	return n
}

// dropped says what of the current task was left out, and how to read
// it: one line, none when nothing was.
func (cb *currentBlock) dropped() []string {
	facts, gone := len(cb.verified)+len(cb.hypoth), 0
	for _, f := range append(append([]factPart(nil), cb.verified...), cb.hypoth...) {
		if !f.in {
			gone++
		}
	}
	var parts []string
	if gone > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d fact(s)", gone, facts))
	}
	for _, x := range cb.sections {
		if !x.in {
			parts = append(parts, "its "+x.name)
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("of the current task %s: %s (budget; ef origin show %s --task %s prints them)", cb.t.st.ID, strings.Join(parts, ", "), cb.root, cb.t.st.ID)}
}
