package validator

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
)

// Phase says how far a candidate has come, and so which inputs must exist.
type Phase int

const (
	// PhasePlan: the span is chosen, nothing is archived or rendered yet.
	// P and R are reported Pending.
	PhasePlan Phase = iota
	// PhaseCommit: the bundle is written and the replacement rendered; every
	// predicate must have its inputs, and a missing one fails.
	PhaseCommit
)

func (p Phase) String() string {
	if p == PhaseCommit {
		return "commit"
	}
	return "plan"
}

// Candidate is one proposed fold, as the planner and compiler describe it.
// Session is the current surface; the validator reads it and never writes it.
type Candidate struct {
	Session *hostshim.Session
	Phase   Phase
	Mode    bundle.Mode // the fold mode (EF-RFC-001 §9)
	// Start and End are the seqs of the first and last node of the inclusive
	// span, by surface position.
	Start, End int
	// Planned is the span's node seqs when the planner chose it, in surface
	// order; PlannedPrices their host-meter prices then. G compares them with
	// the surface now. Nil Planned skips G's seq check, nil PlannedPrices
	// its price check (a plan-phase verdict plans from the surface itself).
	Planned       []int
	PlannedPrices []int
	// Owner is the bracket owner the fold will run (or runs) under.
	Owner hostshim.Owner
	// TurnOpen overrides the log's view of whether a turn is open, as
	// hostshim.Agent.TurnOpen does. Nil means the log decides.
	TurnOpen func() bool
	// CompactionID is the id of the bracket the candidate runs inside, or ""
	// before it opens. An open bracket with this id is not a foreign lock.
	CompactionID string
	// Replacement is the framed checkpoint message that will replace the
	// span (PhaseCommit).
	Replacement *hostshim.Message
	// Archive is the receipt of the bundle holding the span (PhaseCommit).
	Archive *ArchiveEvidence
	// Required lists the projection anchors the checkpoint must carry (A
	// and O); Interface is what its bundle exports (§5.5). Both nil: the
	// engine computed no projection, and A and O fail at commit.
	Required  []Required
	Interface *bundle.Interface
	// ArchiveWaiver, when set and Archive is nil, says why no bundle exists
	// (no store configured: EF fails soft, §24). P is then Waived, not
	// Failed, and the checkpoint must say that exact recall is unavailable.
	ArchiveWaiver string
}

// ArchiveEvidence is what the bundle store reported for the candidate's
// bundle (from a bundle.Receipt).
type ArchiveEvidence struct {
	CheckpointID string `json:"checkpointId"`
	LogicalHash  string `json:"logicalHash"`
	Messages     int    `json:"messages"`
	// Durable: the bundle file and its directory entry were fsynced.
	Durable bool `json:"durable"`
	// Verified: the stored bytes were read back and their hashes checked.
	Verified bool `json:"verified"`
	// Content, when set, is the archived messages as hashed once by the
	// bundle package (bundle.NewContent; the store took LogicalHash from
	// it after checking that the bytes it archived are its bytes). P then
	// compares the span's messages with it byte for byte instead of
	// hashing them again; when they differ, or the validator was given its
	// own LogicalHash, P hashes the span.
	Content *bundle.Content `json:"-"`
}

// Status is the outcome of one predicate.
type Status string

// Statuses.
const (
	Pass    Status = "pass"
	Fail    Status = "fail"
	Pending Status = "pending" // inputs not available in this phase
	Waived  Status = "waived"  // deliberately not required (fail-soft)
)

// Failure is one violated condition: which predicate, a stable code, a
// human reason and where (Seq and Position of the offending surface node, -1
// when the failure is about the span as a whole).
type Failure struct {
	Predicate string `json:"predicate"`
	Code      string `json:"code"`
	Reason    string `json:"reason"`
	Seq       int    `json:"seq"`
	Position  int    `json:"position"`
}

func (f Failure) String() string {
	loc := ""
	if f.Seq >= 0 {
		loc = fmt.Sprintf(" at seq %d (position %d)", f.Seq, f.Position)
	}
	return fmt.Sprintf("%s/%s%s: %s", f.Predicate, f.Code, loc, f.Reason)
}

// Result is the outcome of one predicate on one candidate.
type Result struct {
	Predicate string    `json:"predicate"`
	Status    Status    `json:"status"`
	Failures  []Failure `json:"failures,omitempty"`
	Note      string    `json:"note,omitempty"`
}

// Predicate is one safety condition. Check must not modify the candidate or
// its session. Implementations are safe for concurrent use.
type Predicate interface {
	// Name is the predicate's letter ("B", "T", "A", …); names are unique in
	// a Validator.
	Name() string
	// Check evaluates the candidate. env gives shared, lazily computed views
	// of the span.
	Check(c *Candidate, env *Env) Result
}

// Options configures a Validator. The zero value is ready to use.
type Options struct {
	// Meter prices messages for R and G. It must be the meter the host's
	// shrink check uses. Nil means hostshim.HeuristicMeter (the host's).
	Meter hostshim.Meter
	// Extra predicates run after the built-in B, T, P, R, G, in order: the
	// place for A, O and D.
	Extra []Predicate
	// LogicalHash hashes archived messages as the bundle store does. Nil
	// means bundle.LogicalHash.
	LogicalHash func([]json.RawMessage) (string, error)
}

// Validator runs predicates over candidates. It is safe for concurrent use.
type Validator struct {
	preds []Predicate
	meter hostshim.Meter
	hash  func([]json.RawMessage) (string, error)
	// bundleHash: hash is bundle.LogicalHash, the hash a bundle.Content
	// carries.
	bundleHash bool
}

// New returns a validator with the built-in predicates and opts.Extra.
func New(opts Options) (*Validator, error) {
	v := &Validator{meter: opts.Meter, hash: opts.LogicalHash}
	if v.meter == nil {
		v.meter = defaultMeter()
	}
	if v.meter == nil {
		return nil, ErrNoMeter
	}
	if v.hash == nil {
		v.hash, v.bundleHash = bundle.LogicalHash, true
	}
	v.preds = []Predicate{Balance{}, Boundary{}, Provenance{}, Replacement{}, Stability{}}
	seen := map[string]bool{}
	for _, p := range append(v.preds, opts.Extra...) {
		if seen[p.Name()] {
			return nil, fmt.Errorf("%w: %q", ErrDuplicatePredicate, p.Name())
		}
		seen[p.Name()] = true
	}
	v.preds = append(v.preds, opts.Extra...)
	return v, nil
}

// Meter returns the meter the validator prices with (nil for a zero or nil
// Validator).
func (v *Validator) Meter() hostshim.Meter {
	if v == nil {
		return nil
	}
	return v.meter
}

// Predicates returns the names of the predicates, in evaluation order (none
// for a zero or nil Validator).
func (v *Validator) Predicates() []string {
	if v == nil {
		return nil
	}
	out := make([]string, len(v.preds))
	for i, p := range v.preds {
		out[i] = p.Name()
	}
	return out
}

// Validate evaluates every predicate and returns the verdict. It never
// stops at the first failure: the verdict lists them all.
//
// A zero or nil Validator (not made by New) fails every candidate with code
// "not-open" (ErrNotOpen), and a nil candidate or one without a session
// fails with code "no-candidate" (ErrNoCandidate): no predicate runs, and
// Verdict.Err is a *VetoError.
func (v *Validator) Validate(c *Candidate) Verdict {
	if v == nil || v.meter == nil {
		return unchecked(c, "not-open", ErrNotOpen)
	}
	if c == nil || c.Session == nil {
		return unchecked(c, "no-candidate", ErrNoCandidate)
	}
	env := &Env{c: c, meter: v.meter, hash: v.hash, bundleHash: v.bundleHash}
	vd := Verdict{Phase: c.Phase.String(), Mode: c.Mode, Start: c.Start, End: c.End}
	for _, p := range v.preds {
		r := p.Check(c, env)
		r.Predicate = p.Name()
		for i := range r.Failures {
			r.Failures[i].Predicate = p.Name()
		}
		vd.Results = append(vd.Results, r)
		vd.Failures = append(vd.Failures, r.Failures...)
	}
	vd.Closure = closure(c, env, vd)
	return vd
}

// unchecked is the failed verdict of a candidate no predicate could check.
func unchecked(c *Candidate, code string, err error) Verdict {
	var vd Verdict
	if c != nil {
		vd = Verdict{Phase: c.Phase.String(), Mode: c.Mode, Start: c.Start, End: c.End}
	}
	vd.Failures = []Failure{fail(code, -1, -1, "%v", err)}
	return vd
}

// Verdict is the validator's answer for one candidate.
type Verdict struct {
	Phase    string      `json:"phase"`
	Mode     bundle.Mode `json:"mode"`
	Start    int         `json:"start"`
	End      int         `json:"end"`
	Results  []Result    `json:"results"`
	Failures []Failure   `json:"failures,omitempty"`
	Closure  Closure     `json:"closure"`
}

// OK reports whether no predicate failed (some may be pending or waived).
func (v Verdict) OK() bool { return len(v.Failures) == 0 }

// Final reports whether no predicate failed and none is pending.
func (v Verdict) Final() bool {
	if !v.OK() {
		return false
	}
	for _, r := range v.Results {
		if r.Status == Pending {
			return false
		}
	}
	return true
}

// Status returns the status of the named predicate ("" when absent).
func (v Verdict) Status(pred string) Status {
	for _, r := range v.Results {
		if r.Predicate == pred {
			return r.Status
		}
	}
	return ""
}

// Err returns nil for a verdict that passes (final when final is set), else
// a *VetoError.
func (v Verdict) Err(final bool) error {
	if !v.OK() {
		return &VetoError{Verdict: v, Err: ErrVetoed}
	}
	if final && !v.Final() {
		return &VetoError{Verdict: v, Err: ErrPending}
	}
	return nil
}

// Summary is a one-line account: each predicate's status and the failures.
func (v Verdict) Summary() string {
	var sb strings.Builder
	for i, r := range v.Results {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(r.Predicate)
		sb.WriteByte('=')
		sb.WriteString(string(r.Status))
	}
	fmt.Fprintf(&sb, " closure=%s", v.Closure.Level)
	for _, f := range v.Failures {
		sb.WriteString("; ")
		sb.WriteString(f.String())
	}
	return sb.String()
}
