package validator_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/validator"
)

// Missing input never lets a fold through: a zero Validator, a nil
// candidate, a predicate checked with no candidate or no Env all fail, and
// the verdict's error is a veto.
func TestMissingInputFails(t *testing.T) {
	b, seqs := sample(t)
	c := &validator.Candidate{Session: b.S, Phase: validator.PhasePlan, Mode: bundle.ModeLeaf, Start: seqs[0], End: seqs[4]}

	for _, tc := range []struct {
		name string
		v    *validator.Validator
		c    *validator.Candidate
		code string
		want error
	}{
		{"zero validator", &validator.Validator{}, c, "not-open", validator.ErrNotOpen},
		{"nil validator", nil, c, "not-open", validator.ErrNotOpen},
		{"nil candidate", newValidator(t), nil, "no-candidate", validator.ErrNoCandidate},
		{"candidate without a session", newValidator(t), &validator.Candidate{Start: 1, End: 2}, "no-candidate", validator.ErrNoCandidate},
	} {
		vd := tc.v.Validate(tc.c)
		if vd.OK() || len(vd.Failures) != 1 || vd.Failures[0].Code != tc.code || vd.Failures[0].Reason != tc.want.Error() {
			t.Errorf("%s: verdict %s", tc.name, vd.Summary())
		}
		if err := vd.Err(false); !errors.Is(err, validator.ErrVetoed) {
			t.Errorf("%s: verdict error %v", tc.name, err)
		}
	}
	if v := (*validator.Validator)(nil); v.Meter() != nil || v.Predicates() != nil {
		t.Error("a nil Validator has a meter or predicates")
	}

	preds := []validator.Predicate{validator.Balance{}, validator.Boundary{}, validator.Provenance{},
		validator.Replacement{}, validator.Stability{}, validator.Authority{}, validator.Open{}}
	for _, p := range preds {
		if r := p.Check(nil, nil); r.Status != validator.Fail || len(r.Failures) != 1 || r.Failures[0].Code != "no-candidate" {
			t.Errorf("%s.Check(nil, nil): %+v", p.Name(), r)
		}
	}
	// A real candidate with no Env: the predicates that read the span fail.
	for _, p := range preds[:5] {
		if r := p.Check(c, nil); r.Status != validator.Fail {
			t.Errorf("%s.Check(c, nil): %+v", p.Name(), r)
		}
	}
	var env *validator.Env
	if _, _, err := env.Span(); !errors.Is(err, validator.ErrNoCandidate) {
		t.Errorf("nil Env Span: %v", err)
	}
	if _, err := (&validator.Env{}).SpanTokens(); !errors.Is(err, validator.ErrNoCandidate) {
		t.Errorf("zero Env SpanTokens: %v", err)
	}

	if ve := (&validator.VetoError{}); !strings.HasPrefix(ve.Error(), validator.ErrVetoed.Error()) || !errors.Is(ve, validator.ErrVetoed) {
		t.Errorf("zero VetoError reads %q", ve)
	}
}
