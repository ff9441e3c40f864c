package validator_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/validator"
)

// TestProvenanceWithContent: P takes the span's hash from the archive's
// Content only when the Content holds the span's bytes; evidence whose
// Content (and hash) is of other messages fails as it does without one,
// and a validator with its own LogicalHash always hashes the span itself.
func TestProvenanceWithContent(t *testing.T) {
	b, seqs := sample(t)
	s := b.S
	span := seqs[:5]
	raws, err := validator.SpanMessages(s, span)
	if err != nil {
		t.Fatal(err)
	}
	cand := func(a *validator.ArchiveEvidence) *validator.Candidate {
		return &validator.Candidate{Session: s, Phase: validator.PhaseCommit, Mode: bundle.ModeLeaf,
			Start: span[0], End: span[4], Owner: hostshim.OwnerCurrentTurn, Replacement: small(), Archive: a}
	}
	evidence := func(c *bundle.Content) *validator.ArchiveEvidence {
		return &validator.ArchiveEvidence{CheckpointID: "ef-x", LogicalHash: c.LogicalHash(), Messages: c.Len(), Durable: true, Verified: true, Content: c}
	}
	v := newValidator(t)

	copies := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		copies[i] = slices.Clone(r)
	}
	if vd := v.Validate(cand(evidence(bundle.NewContent(copies)))); !vd.Final() {
		t.Fatalf("content of the span: %s", vd.Summary())
	}

	// Another span's content, as many messages, its own hash: the span
	// is hashed and does not match.
	other := slices.Clone(copies)
	other[2] = json.RawMessage(`{"role":"user","content":"not what the span holds"}`)
	if got := codes(v.Validate(cand(evidence(bundle.NewContent(other))))); got != "P/archive-mismatch" {
		t.Fatalf("content of other messages: got %q, want P/archive-mismatch", got)
	}
	// The span's content beside a receipt of another hash.
	a := evidence(bundle.NewContent(copies))
	a.LogicalHash = bundle.NewContent(other).LogicalHash()
	if got := codes(v.Validate(cand(a))); got != "P/archive-mismatch" {
		t.Fatalf("receipt of another hash: got %q, want P/archive-mismatch", got)
	}

	// A validator with its own hash never takes the content's.
	calls := 0
	own, err := validator.New(validator.Options{Meter: enginetest.CharMeter{}, LogicalHash: func(m []json.RawMessage) (string, error) {
		calls++
		return bundle.LogicalHash(m)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if vd := own.Validate(cand(evidence(bundle.NewContent(copies)))); !vd.Final() || calls != 1 {
		t.Fatalf("own hash: %s, %d calls", vd.Summary(), calls)
	}
}
