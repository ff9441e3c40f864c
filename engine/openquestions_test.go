package engine

import (
	"slices"
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
	got := openQuestions(qs, nil, v)
	if len(got) != 1 || got[0].Seq != 14 {
		t.Fatalf("open questions = %v, want only seq 14", got)
	}
	if got := openQuestions(qs, nil, nil); len(got) != 3 {
		t.Fatalf("with no projection: %v", got)
	}
}

// TestOpenQuestionsDropTheRepliedTo: a question whose reply (the first
// user message after it) stated something the projection holds on the
// question's own words is taken up; a reply about something else, or one
// that only doubted, leaves it open.
func TestOpenQuestionsDropTheRepliedTo(t *testing.T) {
	ref := func(seqs ...int) []projection.EventRef {
		var out []projection.EventRef
		for _, s := range seqs {
			out = append(out, projection.EventRef{SessionID: "s", Seq: s})
		}
		return out
	}
	qs := []Item{
		{10, "Two options for time parsing: chrono or time. Shall I add chrono?"},
		{20, "Want me to add a CHANGELOG entry for the new flags as well?"},
		{30, "Should I also add tests for the parser?"},
		{40, "要不要把学习率也调一下？"},
		{50, "Shall I bump the retry budget?"},
	}
	users := []int{3, 12, 22, 33, 42, 52}
	v := &stateView{
		heads: []*projection.Anchor{
			// the reply to 10: a choice naming what it rejected
			{Kind: projection.KindDecision, Key: "decision/-/time-crate", Value: "no, use the time crate", Was: "chrono", Lifecycle: projection.Active, SourceRefs: ref(12)},
			// the reply to 20: a task on the offer's words
			{Kind: projection.KindObligation, Key: "obligation/-/changelog", Value: "add the CHANGELOG entry", Lifecycle: projection.Open, SourceRefs: ref(22)},
			// the reply to 30 sets a value on another subject that shares one word
			{Kind: projection.KindValue, Key: "value/-/test_timeout", Value: "30s", Was: "test timeout", Lifecycle: projection.Current, SourceRefs: ref(33)},
			// the reply to 40, in Chinese
			{Kind: projection.KindValue, Key: "value/-/学习率", Value: "学习率调成 3e-4", Lifecycle: projection.Current, SourceRefs: ref(42)},
			// said before 50's reply: not its reply
			{Kind: projection.KindDecision, Key: "decision/-/retry-budget", Value: "keep the retry budget at 3", Lifecycle: projection.Active, SourceRefs: ref(42)},
		},
		closed: []*projection.Anchor{
			// 50's reply only doubted
			{Kind: projection.KindUncertainty, Key: "question/-/retry", Value: "not sure about the retry budget", Lifecycle: projection.Open, SourceRefs: ref(52)},
		},
	}
	got := openQuestions(qs, users, v)
	var seqs []int
	for _, q := range got {
		seqs = append(seqs, q.Seq)
	}
	if !slices.Equal(seqs, []int{30, 50}) {
		t.Fatalf("open questions at %v, want [30 50]: %v", seqs, got)
	}
}
