package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/validator"
)

// State section titles of the checkpoint text. The state comes first: it
// is what the model must not lose, and it supersedes what earlier
// checkpoints and messages say.
const (
	secStateHead   = "Current state as of seq %d (it supersedes what earlier checkpoints and messages said):"
	secObjective   = "Objective"
	secConstraints = "Constraints in force"
	secValues      = "Current values"
	secOpenFail    = "Open failures (each stays open until a clean rerun of the same command or test)"
	secClosedFail  = "Failures closed by evidence"
	secObligations = "Open obligations"
	secDecInForce  = "Decisions in force"
	secRejected    = "Rejected approaches (do not retry unless their premise changed)"
	secHypotheses  = "Hypotheses (tentative until tool or test evidence backs them)"
)

// stateLine is one line of the state section.
type stateLine struct {
	cat     string // catObjective, catConstraint, …
	section string
	seq     int
	text    string // without the leading "- "
	anchor  *projection.Anchor
	// hard: a constraint, open failure or open obligation: never cut
	// before anything else, and an emergency fold that cannot fit them
	// is refused.
	hard bool
}

// State categories (emergency manifest).
const (
	catObjective  = "objective"
	catConstraint = "constraint"
	catValue      = "value"
	catFailure    = "failure"
	catObligation = "obligation"
	catStDecision = "state-decision"
	catRejected   = "rejected"
	catHypothesis = "hypothesis"
)

// stateLines renders the view's anchors, in section order, oldest first
// within a section.
func stateLines(v *stateView) []stateLine {
	if v == nil {
		return nil
	}
	var out []stateLine
	cap := func(s string) string { return oneLine(s, itemRunes) }
	add := func(cat, sec string, a *projection.Anchor, hard bool, text string) {
		// A model-proposed anchor is never hard: an emergency fold that
		// cannot fit it still folds (it is stated when it fits).
		out = append(out, stateLine{cat: cat, section: sec, seq: a.Seq(), text: text + modelMark(a), anchor: a, hard: hard && a.Proposed == nil})
	}
	pick := func(k projection.Kind, head bool) []*projection.Anchor {
		var as []*projection.Anchor
		src := v.closed
		if head {
			src = v.heads
		}
		for _, a := range src {
			if a.Kind == k {
				as = append(as, a)
			}
		}
		return as
	}
	// heads: the heads of kind k, "[seq N] value", N where the value was
	// stated (Anchor.StatedSeq: an objective that replaced another was not
	// stated where the one it replaced was).
	heads := func(k projection.Kind, cat, sec string, hard bool) {
		for _, a := range pick(k, true) {
			add(cat, sec, a, hard, fmt.Sprintf("[seq %d] %s", a.StatedSeq(), cap(a.Value)))
		}
	}
	// closed: the closed anchors of kind k whose lifecycle has a form, in
	// anchor order, as the form of (the seq it closed at, value).
	closed := func(k projection.Kind, cat, sec string, hard bool, forms map[string]string) {
		for _, a := range pick(k, false) {
			if form, ok := forms[a.Lifecycle]; ok {
				add(cat, sec, a, hard, fmt.Sprintf(form, a.Seq(), cap(a.Value)))
			}
		}
	}
	heads(projection.KindObjective, catObjective, secObjective, true)
	// The task the session's outcome ended: what was done, no work to do.
	closed(projection.KindObjective, catObjective, secObjective, false, map[string]string{
		projection.Done: "DONE at seq %d: %s",
	})
	for _, a := range pick(projection.KindConstraint, true) {
		add(catConstraint, secConstraints, a, true, fmt.Sprintf("[seq %d] %s", a.StatedSeq(), ruleText(a.Value)))
	}
	closed(projection.KindConstraint, catConstraint, secConstraints, true, map[string]string{
		projection.Lifted: "LIFTED at seq %d, no longer in force: %s",
	})
	for _, a := range pick(projection.KindValue, true) {
		name := a.Name
		if name == "" {
			name = a.Key
		}
		t := fmt.Sprintf("%s = %s", name, a.Value)
		if a.Was != "" {
			t += fmt.Sprintf(" (was %s)", oneLine(a.Was, 60))
		}
		if ent := projection.KeyEntity(a.Key); ent != "-" {
			t += " in " + shortPath(ent)
		}
		add(catValue, secValues, a, false, cap(t)+fmt.Sprintf(" [seq %d]", a.Seq()))
	}
	for _, a := range pick(projection.KindFailure, true) {
		add(catFailure, secOpenFail, a, true, cap(fmt.Sprintf("%s: %s since seq %d — %s", a.Name, a.Lifecycle, a.FirstSeq(), strings.TrimPrefix(a.Value, "failed: "))))
	}
	for _, a := range pick(projection.KindFailure, false) {
		if a.Lifecycle == projection.Resolved || a.Lifecycle == projection.Verified {
			add(catFailure, secClosedFail, a, false, cap(fmt.Sprintf("%s: %s at seq %d (failed at seq %d: %s)", a.Name, a.Lifecycle, a.Seq(), a.FirstSeq(), strings.TrimPrefix(a.Value, "failed: "))))
		}
		if a.Lifecycle == projection.Superseded {
			// An earlier checkpoint may list it open: say it no longer is
			// (a newer error, a reverted change, a deleted scratch file),
			// without claiming a fix. The name is cut shorter than a
			// resolved one's: the error is what it tells.
			add(catFailure, secClosedFail, a, false, cap(fmt.Sprintf("%s: superseded at seq %d, no longer open (failed at seq %d: %s)", oneLine(a.Name, 80), a.Seq(), a.FirstSeq(), strings.TrimPrefix(a.Value, "failed: "))))
		}
	}
	heads(projection.KindObligation, catObligation, secObligations, true)
	closed(projection.KindObligation, catObligation, secObligations, true, map[string]string{
		projection.Done:   "DONE at seq %d: %s",
		projection.Lifted: "LIFTED at seq %d: %s",
	})
	for _, a := range pick(projection.KindDecision, true) {
		// The replaced decision is not restated: its words would read as
		// a second choice in force (the decision says what it replaced).
		add(catStDecision, secDecInForce, a, false, fmt.Sprintf("[seq %d] %s", a.Seq(), cap(a.Value)))
	}
	for _, a := range pick(projection.KindDecision, false) {
		// A decision taken back with nothing in its place: an earlier
		// checkpoint may state it in force. One replaced by a decision
		// on its key is not restated (the head stands for it).
		if a.Lifecycle != projection.Superseded || slices.ContainsFunc(v.heads, func(h *projection.Anchor) bool { return h.Key == a.Key }) {
			continue
		}
		add(catStDecision, secDecInForce, a, false, fmt.Sprintf("DROPPED at seq %d, no longer in force: %s", a.Seq(), cap(a.Value)))
	}
	heads(projection.KindNegative, catRejected, secRejected, false)
	closed(projection.KindNegative, catRejected, secRejected, false, map[string]string{
		projection.Stale: "STALE since seq %d (what it was about changed): %s",
	})
	for _, a := range pick(projection.KindUncertainty, true) {
		add(catHypothesis, secHypotheses, a, false, fmt.Sprintf("[seq %d] %s — %s", a.FirstSeq(), cap(a.Value), a.Lifecycle))
	}
	for _, a := range pick(projection.KindUncertainty, false) {
		if a.Lifecycle == projection.Rejected {
			// what was suspected and ruled out: without it the agent
			// suspects it again
			add(catHypothesis, secHypotheses, a, false, fmt.Sprintf("RULED OUT by evidence at seq %d: %s — verdict: %s", a.Seq(), cap(a.Value), oneLine(a.Because, itemRunes/2)))
			continue
		}
		if a.Lifecycle != projection.Established {
			continue
		}
		t := fmt.Sprintf("ESTABLISHED by evidence at seq %d: %s", a.Seq(), cap(a.Value))
		if a.Because != "" && a.Because != a.Value {
			// the words that answered it: an answer the checkpoint
			// drops is a question the agent would ask again
			t = fmt.Sprintf("ANSWERED at seq %d: %s — answer: %s", a.Seq(), cap(a.Value), cap(a.Because))
		}
		add(catHypothesis, secHypotheses, a, false, t)
	}
	return out
}

// ruleText is constraint v capped for its line, its exceptions (the
// " — except: " tail ruleexcept.go restates it with) kept: a cap that cut
// them would state the rule wider than it holds.
func ruleText(v string) string {
	rule, except, ok := strings.Cut(v, " — except: ")
	if !ok {
		return oneLine(v, itemRunes)
	}
	return oneLine(rule, itemRunes) + " — except: " + oneLine(except, itemRunes/2)
}

// shortPath is a file path's last two elements ("…/workflows/bench.yml"
// for a long absolute path): enough to tell the file, without the prefix
// every value of a repository repeats.
func shortPath(p string) string {
	parts := strings.Split(strings.Trim(p, "/"), "/")
	if len(parts) <= 2 {
		return p
	}
	return "…/" + strings.Join(parts[len(parts)-2:], "/")
}

// writeStateLines writes the state section for the kept lines.
func writeStateLines(sb *strings.Builder, v *stateView, lines []stateLine) {
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(sb, secStateHead+"\n", v.hi)
	sec := ""
	for _, l := range lines {
		if l.section != sec {
			sec = l.section
			sb.WriteString(sec + ":\n")
		}
		sb.WriteString("- " + l.text + "\n")
	}
}

// requiredOf lists what A and O demand of the checkpoint: every head in the
// view (authority: objective, constraints, values, decisions, rejected
// approaches, hypotheses; open: failures and obligations), each with the
// line the text must contain. Closed anchors are stated but not required.
func requiredOf(lines []stateLine) []validator.Required {
	var out []validator.Required
	for _, l := range lines {
		a := l.anchor
		if !a.IsHead() {
			continue
		}
		class := validator.ClassAuthority
		if a.Kind == projection.KindFailure || a.Kind == projection.KindObligation {
			class = validator.ClassOpen
		}
		out = append(out, validator.Required{Ref: a.Ref(), Class: class, Seq: a.Seq(), Statement: "- " + l.text})
	}
	return out
}

// interfaceOf is the checkpoint's machine interface (§5.5) for the lines
// it states.
func interfaceOf(lines []stateLine) *bundle.Interface {
	in := &bundle.Interface{Requires: []string{}, Provides: []string{}, Obligates: []string{}, Evidences: []string{}, Rejects: []string{}, Uncertainties: []string{}}
	for _, l := range lines {
		a := l.anchor
		ref := a.Ref()
		switch {
		case a.Kind == projection.KindFailure && a.IsHead(), a.Kind == projection.KindObligation && a.IsHead():
			in.Obligates = append(in.Obligates, ref)
		case a.Kind == projection.KindFailure, a.Lifecycle == projection.Established, a.Lifecycle == projection.Done,
			a.Kind == projection.KindUncertainty && a.Lifecycle == projection.Rejected:
			in.Evidences = append(in.Evidences, ref)
		case a.Kind == projection.KindObjective, a.Kind == projection.KindConstraint && a.IsHead():
			in.Requires = append(in.Requires, ref)
		case a.Kind == projection.KindValue, a.Kind == projection.KindDecision:
			in.Provides = append(in.Provides, ref)
		case a.Kind == projection.KindNegative && a.IsHead():
			in.Rejects = append(in.Rejects, ref)
		case a.Kind == projection.KindUncertainty && a.IsHead():
			in.Uncertainties = append(in.Uncertainties, ref)
		}
	}
	return in
}
