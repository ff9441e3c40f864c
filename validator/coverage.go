package validator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/internal/clip"
)

// Classes of Required anchors: which predicate checks them.
const (
	// ClassAuthority: a current normative, decision or hypothesis anchor
	// (objective, constraint, value, decision, rejection, hypothesis),
	// checked by A.
	ClassAuthority = "authority"
	// ClassOpen: an open failure or obligation, checked by O.
	ClassOpen = "open"
)

// Required is one anchor a fold must carry (EF-RFC-001 §11 A and O): the
// projection's current head whose source lies in the span.
type Required struct {
	// Ref is the anchor's interface reference ("kind:key@id").
	Ref   string `json:"ref"`
	Class string `json:"class"`
	Seq   int    `json:"seq"`
	// Statement is text the checkpoint must contain to state the anchor.
	Statement string `json:"statement"`
}

// coverage checks that every Required anchor of class is exported by the
// candidate's interface and stated by its replacement.
func coverage(c *Candidate, class string) Result {
	if c == nil {
		return result([]Failure{fail("no-candidate", -1, -1, "%v", ErrNoCandidate)})
	}
	if c.Required == nil && c.Interface == nil {
		if c.Phase == PhasePlan {
			return Result{Status: Pending, Note: "the checkpoint interface is built at compile"}
		}
		return result([]Failure{fail("no-projection", -1, -1, "the candidate carries no projection (Required and Interface are nil)")})
	}
	if c.Phase == PhasePlan && c.Replacement == nil {
		return Result{Status: Pending, Note: "the checkpoint is rendered at compile"}
	}
	var exported []string
	if c.Interface != nil {
		for _, l := range [][]string{c.Interface.Requires, c.Interface.Provides, c.Interface.Obligates, c.Interface.Evidences, c.Interface.Rejects, c.Interface.Uncertainties} {
			exported = append(exported, l...)
		}
	}
	text := ""
	if c.Replacement != nil {
		text = c.Replacement.Text()
	}
	var fs []Failure
	n := 0
	for _, r := range c.Required {
		if r.Class != class {
			continue
		}
		n++
		if !slices.Contains(exported, r.Ref) {
			fs = append(fs, fail("not-exported", r.Seq, -1, "%s is current and sourced in the span but the checkpoint interface does not export it", r.Ref))
			continue
		}
		if !strings.Contains(text, r.Statement) {
			fs = append(fs, fail("not-stated", r.Seq, -1, "%s is exported but the checkpoint text does not state it (%q)", r.Ref, clip.Runes(r.Statement, 60)))
		}
	}
	if len(fs) > 0 {
		return result(fs)
	}
	return Result{Status: Pass, Note: fmt.Sprintf("%d %s anchors exported and stated", n, class)}
}

// Authority is predicate A: active authority coverage. Every current
// normative, decision or hypothesis anchor sourced in the span is exported
// by the checkpoint interface and stated by its text.
type Authority struct{}

// Name implements Predicate.
func (Authority) Name() string { return "A" }

// Check implements Predicate. A nil candidate fails it with code
// "no-candidate" (ErrNoCandidate).
func (Authority) Check(c *Candidate, env *Env) Result { return coverage(c, ClassAuthority) }

// Open is predicate O: open obligation coverage. Every open failure and
// open obligation sourced in the span is exported and stated.
type Open struct{}

// Name implements Predicate.
func (Open) Name() string { return "O" }

// Check implements Predicate. A nil candidate fails it with code
// "no-candidate" (ErrNoCandidate).
func (Open) Check(c *Candidate, env *Env) Result { return coverage(c, ClassOpen) }
