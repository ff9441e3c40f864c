package engine

import (
	"testing"

	"github.com/epistemicfold/ef/projection"
)

// TestOpenQuestionsDropTheSettled: a checkpoint lists as open only the
// questions its span asked that the projection does not hold settled (a
// decision answering it, a question established), whatever the messages'
// question marks say.
func TestOpenQuestionsDropTheSettled(t *testing.T) {
	qs := []Item{
		{10, "The feature flag should be on in staging. What port is staging on again?"},
		{12, "Should failed jobs alert #ops?"},
		{14, "Which region hosts the replica?"},
	}
	v := &stateView{
		heads: []*projection.Anchor{
			{Kind: projection.KindDecision, Key: "decision/answer/staging-port-5433", Value: "Staging is on port 5433.", Was: "What port is staging on again?", Lifecycle: projection.Active},
		},
		closed: []*projection.Anchor{
			{Kind: projection.KindUncertainty, Key: "question/-/alert-ops", Value: "Should failed jobs alert #ops?", Lifecycle: projection.Established},
		},
	}
	got := openQuestions(qs, v)
	if len(got) != 1 || got[0].Seq != 14 {
		t.Fatalf("open questions = %v, want only seq 14", got)
	}
	if got := openQuestions(qs, nil); len(got) != 3 {
		t.Fatalf("with no projection: %v", got)
	}
}
