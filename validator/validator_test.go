package validator_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/validator"
)

func newValidator(t testing.TB) *validator.Validator {
	v, err := validator.New(validator.Options{Meter: enginetest.CharMeter{}})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// sample builds: user, assistant(2 parallel calls), 2 results, assistant
// text, user, assistant(1 call) with the result still pending.
func sample(t enginetest.TB) (*enginetest.Builder, []int) {
	b := enginetest.NewBuilder(t, "s1", hostshim.Gen017)
	b.TurnStart()
	u1 := b.User(strings.Repeat("please fix the build ", 20))
	a1 := b.Assistant("looking", enginetest.Call{ID: "c1", Name: "bash", Args: `{"command":"go build ./..."}`}, enginetest.Call{ID: "c2", Name: "read", Args: `{"path":"main.go"}`})
	r2 := b.Result("c2", strings.Repeat("package main ", 50), false)
	r1 := b.Result("c1", "exit status 1: undefined: foo", true)
	a2 := b.Assistant("I'll define foo.")
	u2 := b.User("thanks, now run the tests")
	a3 := b.Assistant("", enginetest.Call{ID: "c3", Name: "bash", Args: `{"command":"go test ./..."}`})
	return b, []int{u1, a1, r2, r1, a2, u2, a3}
}

func archiveOf(t interface{ Fatal(...any) }, s *hostshim.Session, seqs []int) *validator.ArchiveEvidence {
	raws, err := validator.SpanMessages(s, seqs)
	if err != nil {
		t.Fatal(err)
	}
	h, err := bundle.LogicalHash(raws)
	if err != nil {
		t.Fatal(err)
	}
	return &validator.ArchiveEvidence{CheckpointID: "ef-x", LogicalHash: h, Messages: len(raws), Durable: true, Verified: true}
}

func small() *hostshim.Message {
	return &hostshim.Message{ID: "m", Role: hostshim.RoleUser, Content: []hostshim.Block{hostshim.TextBlock("[ef-checkpoint]")}}
}

func codes(v validator.Verdict) string {
	var out []string
	for _, f := range v.Failures {
		out = append(out, f.Predicate+"/"+f.Code)
	}
	return strings.Join(out, ",")
}

func TestVerdictPassesAndListsAllFailures(t *testing.T) {
	b, seqs := sample(t)
	v := newValidator(t)
	s := b.S
	span := seqs[:5]
	prices, _ := hostshim.NodePrices(s, enginetest.CharMeter{})
	c := &validator.Candidate{Session: s, Phase: validator.PhaseCommit, Mode: bundle.ModeLeaf,
		Start: span[0], End: span[4], Planned: span, PlannedPrices: prices[:5], Owner: hostshim.OwnerCurrentTurn,
		Replacement: small(), Archive: archiveOf(t, s, span)}
	vd := v.Validate(c)
	if !vd.Final() {
		t.Fatalf("want pass, got %s", vd.Summary())
	}
	if vd.Closure.Level != validator.C0 || !vd.Closure.PhaseClosed {
		t.Fatalf("closure %+v", vd.Closure)
	}

	// Break everything at once: span splits c1/c2 from their results, the
	// archive is of another span, the replacement is huge, the plan is stale.
	bad := *c
	bad.End = seqs[1]
	bad.Archive = archiveOf(t, s, seqs[:1])
	bad.Replacement = &hostshim.Message{Role: hostshim.RoleUser, Content: []hostshim.Block{hostshim.TextBlock(strings.Repeat("x", 20000))}}
	vd = v.Validate(&bad)
	got := codes(vd)
	for _, want := range []string{"B/edge-end", "B/unanswered-call", "P/archive-count", "P/archive-mismatch", "R/not-shorter", "G/span-changed"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in %s", want, got)
		}
	}
	if vd.Closure.Level != validator.LevelNone {
		t.Errorf("closure %v", vd.Closure.Level)
	}
	err := vd.Err(true)
	var ve *validator.VetoError
	if !errors.As(err, &ve) || !errors.Is(err, validator.ErrVetoed) {
		t.Fatalf("err %v", err)
	}
	for _, f := range vd.Failures {
		if f.Code == "unanswered-call" && f.Seq != seqs[1] {
			t.Errorf("unanswered-call located at %d, want %d", f.Seq, seqs[1])
		}
	}
}

func TestBoundaryPredicate(t *testing.T) {
	b, seqs := sample(t)
	v := newValidator(t)
	s := b.S
	// The open step (c3 pending) is inside the span.
	c := &validator.Candidate{Session: s, Phase: validator.PhasePlan, Start: seqs[5], End: seqs[6], Owner: hostshim.OwnerCurrentTurn}
	vd := v.Validate(c)
	if !strings.Contains(codes(vd), "T/open-step") || !strings.Contains(codes(vd), "B/edge-end") {
		t.Fatalf("got %s", vd.Summary())
	}
	// Manual owner inside an open turn.
	c = &validator.Candidate{Session: s, Phase: validator.PhasePlan, Start: seqs[0], End: seqs[4], Owner: hostshim.OwnerManual}
	if got := codes(v.Validate(c)); got != "T/open-turn" {
		t.Fatalf("got %s", got)
	}
	// A foreign open bracket.
	b.Log(hostshim.TypeCompactionStart, map[string]any{"compactionId": "other", "turn": 1})
	c = &validator.Candidate{Session: s, Phase: validator.PhasePlan, Start: seqs[0], End: seqs[4], Owner: hostshim.OwnerCurrentTurn, CompactionID: "mine"}
	if got := codes(v.Validate(c)); got != "T/busy" {
		t.Fatalf("got %s", got)
	}
	c.CompactionID = "other"
	if vd := v.Validate(c); !vd.OK() || vd.Final() {
		t.Fatalf("own bracket: %s", vd.Summary())
	}
}

func TestProvenanceWaiverAndPending(t *testing.T) {
	b, seqs := sample(t)
	v := newValidator(t)
	c := &validator.Candidate{Session: b.S, Phase: validator.PhaseCommit, Start: seqs[0], End: seqs[4], Owner: hostshim.OwnerCurrentTurn, Replacement: small()}
	if got := codes(v.Validate(c)); got != "P/unarchived" {
		t.Fatalf("got %s", got)
	}
	c.ArchiveWaiver = "no bundle store configured"
	vd := v.Validate(c)
	if !vd.Final() || vd.Status("P") != validator.Waived {
		t.Fatalf("got %s", vd.Summary())
	}
	c.Archive = archiveOf(t, b.S, seqs[:5])
	c.Archive.Durable = false
	if got := codes(v.Validate(c)); got != "P/not-durable" {
		t.Fatalf("got %s", got)
	}
	c.Phase, c.Archive, c.ArchiveWaiver, c.Replacement = validator.PhasePlan, nil, "", nil
	vd = v.Validate(c)
	if !vd.OK() || vd.Final() || vd.Status("P") != validator.Pending || vd.Status("R") != validator.Pending {
		t.Fatalf("got %s", vd.Summary())
	}
	if !errors.Is(vd.Err(true), validator.ErrPending) || vd.Err(false) != nil {
		t.Fatal("Err")
	}
}

func TestStabilityPrices(t *testing.T) {
	b, seqs := sample(t)
	v := newValidator(t)
	prices, _ := hostshim.NodePrices(b.S, enginetest.CharMeter{})
	pp := append([]int(nil), prices[:5]...)
	pp[2]++
	c := &validator.Candidate{Session: b.S, Phase: validator.PhasePlan, Start: seqs[0], End: seqs[4], Planned: seqs[:5], PlannedPrices: pp, Owner: hostshim.OwnerCurrentTurn}
	vd := v.Validate(c)
	if len(vd.Failures) != 1 || vd.Failures[0].Code != "price-changed" || vd.Failures[0].Seq != seqs[2] || vd.Failures[0].Position != 2 {
		t.Fatalf("got %s", vd.Summary())
	}
}

type alwaysPass struct{ name string }

func (a alwaysPass) Name() string { return a.name }
func (a alwaysPass) Check(c *validator.Candidate, env *validator.Env) validator.Result {
	return validator.Result{Status: validator.Pass}
}

func TestExtraPredicatesRaiseClosure(t *testing.T) {
	b, seqs := sample(t)
	v, err := validator.New(validator.Options{Meter: enginetest.CharMeter{}, Extra: []validator.Predicate{alwaysPass{"A"}, alwaysPass{"O"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(v.Predicates(), ""); got != "BTPRGAO" {
		t.Fatalf("order %s", got)
	}
	c := &validator.Candidate{Session: b.S, Phase: validator.PhaseCommit, Start: seqs[0], End: seqs[4], Owner: hostshim.OwnerCurrentTurn, Replacement: small(), Archive: archiveOf(t, b.S, seqs[:5])}
	vd := v.Validate(c)
	// The span ends before a user message (phase closed) but its last tool
	// result (c1) is an error: C2.
	if vd.Closure.Level != validator.C2 || vd.Closure.Evidence {
		t.Fatalf("closure %+v", vd.Closure)
	}
	js, _ := json.Marshal(vd)
	if !strings.Contains(string(js), `"level":"C2"`) {
		t.Fatalf("json %s", js)
	}
	if _, err := validator.New(validator.Options{Meter: enginetest.CharMeter{}, Extra: []validator.Predicate{alwaysPass{"B"}}}); !errors.Is(err, validator.ErrDuplicatePredicate) {
		t.Fatalf("dup: %v", err)
	}
}
