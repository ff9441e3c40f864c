package engine_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// echoSummarizer digests a span the way an LLM asked to merge earlier
// summaries does: every line that states a setting ("key = value") in the
// checkpoints it re-folds (their bullets) and in the user's messages,
// current or not, and a line of its own.
type echoSummarizer struct{}

func (echoSummarizer) Summarize(ctx context.Context, req *engine.DigestRequest) (*engine.Digest, error) {
	var sb strings.Builder
	for _, raw := range req.Messages {
		var m hostshim.Message
		if err := json.Unmarshal(raw, &m); err != nil || m.Role != hostshim.RoleUser {
			continue
		}
		for line := range strings.Lines(m.Text()) {
			line = strings.TrimPrefix(strings.TrimSpace(line), "- ")
			if strings.Contains(line, " = ") {
				sb.WriteString("- " + line + "\n")
			}
		}
	}
	sb.WriteString("- " + echoOwn + "\n")
	return &engine.Digest{Text: sb.String(), Provider: "fake", Model: "echo"}, nil
}

const echoOwn = "The decoder work is on track."

// timeout90 matches a statement that gives the timeout 90 as its value,
// replaced90 a line that marks 90 as the value replaced ("was 90", "from
// 90", "90 → 60").
var (
	timeout90    = regexp.MustCompile(`(?i)timeout\b[^\n]*?\b90\b`)
	replaced90   = regexp.MustCompile(`(?i)\b(?:was|from|instead of)\s+90\b|\b90 →`)
	timeoutNow60 = regexp.MustCompile(`(?m)^- timeout = 60 \(was 90\)`)
)

// assertCurrentTimeout fails when a line of text states timeout 90 as
// current, or when the text does not state the current 60.
func assertCurrentTimeout(t *testing.T, what, text string) {
	t.Helper()
	for line := range strings.Lines(text) {
		if timeout90.MatchString(line) && !replaced90.MatchString(line) {
			t.Fatalf("%s states the superseded timeout as current: %q\n%s", what, strings.TrimSpace(line), text)
		}
	}
	if !timeoutNow60.MatchString(text) {
		t.Fatalf("%s does not state the current timeout:\n%s", what, text)
	}
}

// staleSession builds a session where the user sets timeout = 90, a leaf
// fold with a semantic digest repeats it (its state section, its
// narrative), and the user then changes the value to 60.
func staleSession(t *testing.T, e *engine.Engine) *enginetest.Builder {
	t.Helper()
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-supersede", hostshim.Gen017)
	editConfig(b, "e1", "Set the request timeout = 90 in config/app.toml.\nKeep the retry logic as it is.", "Updating the config.")
	work(b, 1, 12)
	rep, res := leaf(ctx, t, e, b)
	if res == nil {
		t.Fatalf("no leaf fold: %s", rep.Skipped)
	}
	if !strings.Contains(rep.Text, "timeout = 90") {
		t.Fatalf("the leaf checkpoint should state the value of its time:\n%s", rep.Text)
	}
	editConfig(b, "e2", "Actually, change the timeout from 90 to 60.", "Done.")
	work(b, 13, 6)
	return b
}

// editConfig appends a turn in which the user asks for a change and the
// assistant answers with reply and edits config/app.toml (call id), which
// succeeds.
func editConfig(b *enginetest.Builder, id, ask, reply string) {
	b.TurnStart()
	b.User(ask)
	b.Assistant(reply, enginetest.Call{ID: id, Name: "edit_file", Args: `{"path":"config/app.toml"}`})
	b.Result(id, "ok", false)
	b.TurnEnd()
}

// TestRefoldStatesCurrentValue: when a root or emergency fold re-folds an
// earlier checkpoint that stated a value (in its state section and in its
// semantic digest) and the value changed after it, the new checkpoint
// states the projection's current head and never the old value as current,
// neither from the parent's narrative nor from a digest that merges the
// parent's lines (EF-RFC-001 §14).
func TestRefoldStatesCurrentValue(t *testing.T) {
	ctx := context.Background()
	pol := engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500, DigestLeaves: true}
	sum := func(o *engine.Options) { o.Summarizer = echoSummarizer{} }

	t.Run("root", func(t *testing.T) {
		e := newEngine(t, enginetest.NewMemArchive(), pol, sum)
		b := staleSession(t, e)
		rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeRoot, Owner: hostshim.OwnerManual, Stability: hostshim.SelectedSpan, SourceCommandID: "cmd"})
		if err != nil || res == nil {
			t.Fatalf("root fold: %v %+v", err, rep)
		}
		if !strings.HasPrefix(rep.Semantic, "ok") {
			t.Fatalf("root fold wrote no digest (%s): the test needs one", rep.Semantic)
		}
		assertCurrentTimeout(t, "root checkpoint", rep.Text)
		if !strings.Contains(rep.Text, echoOwn) {
			t.Fatalf("root checkpoint lost the digest's current lines:\n%s", rep.Text)
		}
	})

	t.Run("emergency", func(t *testing.T) {
		tok := enginetest.O200k(t)
		e := newEngine(t, enginetest.NewMemArchive(), pol, sum, func(o *engine.Options) { o.TokenMeter = tok })
		b := staleSession(t, e)
		unfinishedStep(b, "Carry on.")
		rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeEmergency, Budget: 3000, Owner: hostshim.OwnerCurrentTurn})
		if err != nil || res == nil {
			t.Fatalf("emergency fold: %v %+v", err, rep)
		}
		assertCurrentTimeout(t, "emergency checkpoint", rep.Text)
		superseded := 0
		for _, d := range rep.Drop.Dropped {
			if d.Reason == "superseded" {
				superseded++
			}
		}
		if superseded == 0 {
			t.Fatalf("the drop manifest does not list the lines left out as superseded: %+v", rep.Drop.Dropped)
		}
	})
}
