package engine_test

import (
	"context"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/projection"
)

// TestFoldBetweenQuestionAndAnswer: a fold whose span ends at a question,
// leaving its answer on the surface, loses nothing: the state rebuilt from
// the checkpoint's snapshot and the surface holds the answer that the
// state of the log holds, and the same heads (trial4 session C at window
// 1500 lost "4 卡一个 epoch 约 11 分 50 秒": the snapshot did not carry
// the question the answer answers). The user asks and the agent answers,
// or the agent asks and the user answers.
func TestFoldBetweenQuestionAndAnswer(t *testing.T) {
	for _, c := range []struct {
		name, question, answer string
		agentAsks              bool
	}{
		{"chinese", "好。所以现在一个 epoch 到底多久？", "在干净划分、fp16、每卡 batch 32 的配置下，4 卡一个 epoch 约 11 分 50 秒。", false},
		{"english", "So how long does one epoch take now?", "One epoch takes about 11 minutes 50 seconds on four GPUs with the clean split.", false},
		{"agent asks", "Which region should the staging bucket live in, eu-west-1 or us-east-1?", "The staging bucket lives in eu-west-1, keep it there.", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			arch := enginetest.NewMemArchive()
			b := enginetest.NewBuilder(t, "sess-qa-"+c.name, hostshim.Gen017)
			work(b, 1, 3)
			var q, a int
			if c.agentAsks {
				b.TurnStart()
				b.User("Set up the staging bucket.")
				q = b.Assistant(c.question)
				b.TurnEnd()
				b.TurnStart()
				a = b.User(c.answer)
				b.Assistant("Done.")
				b.TurnEnd()
			} else {
				b.TurnStart()
				q = b.User(c.question)
				a = b.Assistant(c.answer)
				b.TurnEnd()
				b.TurnStart()
				b.User("ok, commit it")
				b.TurnEnd()
			}
			want := engine.ProjectLog(b.S, projection.Options{})
			if !hasAnswer(want, a) {
				t.Fatalf("the log's state has no answer at seq %d (the reader changed; pick another question): %s", a, headsJSON(t, want))
			}
			nodes := b.S.Nodes()
			e := newEngine(t, arch, engine.Policy{ContextWindow: 8000})
			rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeLeaf, Owner: hostshim.OwnerManual, Region: &[2]int{nodes[0], q}})
			if err != nil || res == nil {
				t.Fatalf("fold up to the question: %v %+v", err, rep)
			}
			got, _, err := engine.ProjectSurface(ctx, b.S, arch, projection.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !hasAnswer(got, a) {
				t.Errorf("the state rebuilt from the checkpoint lost the answer at seq %d:\nrebuilt %s\nlog     %s", a, headsJSON(t, got), headsJSON(t, want))
			}
			if g, w := headsJSON(t, got), headsJSON(t, want); g != w {
				t.Errorf("rebuilt heads differ from the log's:\nrebuilt %s\nlog     %s", g, w)
			}
		})
	}
}

// hasAnswer reports whether r holds an answer anchor sourced at seq.
func hasAnswer(r *projection.Reducer, seq int) bool {
	for _, a := range r.Heads() {
		if projection.IsAnswerKey(a.Key) && a.Seq() == seq {
			return true
		}
	}
	return false
}
