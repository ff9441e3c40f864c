package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// TestFoldDropsWhatItReadOfTheSpan: once a fold's replacement is on the
// surface, the engine keeps nothing it read of the messages the fold took
// off it (their texts were kept until the next fold committed: a huge
// user message stayed in memory after the host let it go), and what it
// read of the messages still on the surface stays.
func TestFoldDropsWhatItReadOfTheSpan(t *testing.T) {
	ctx := context.Background()
	b := enginetest.NewBuilder(t, "sess-drop", hostshim.Gen017)
	for i := range 6 {
		b.TurnStart()
		b.User(strings.Repeat("Please look at the retry logic of the socket module again. ", 20+i))
		b.Assistant(strings.Repeat("The retry waits 300 ms before the timeout; the cache is flushed. ", 20))
		b.TurnEnd()
	}
	e, err := New(Options{Archive: enginetest.NewMemArchive(), Policy: Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500}, NewID: enginetest.Seq("c")})
	if err != nil {
		t.Fatal(err)
	}
	b.TurnStart()
	rep, res, err := e.Fold(ctx, &hostshim.Agent{Session: b.S, Provider: "fake", Model: "fake-m"}, FoldRequest{Mode: ModeLeaf, Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
	if err != nil || res == nil {
		t.Fatalf("fold: %v (%+v)", err, rep)
	}
	l := e.liveOf(b.S)
	if len(res.ShadowedSeqs) == 0 {
		t.Fatal("the fold shadowed nothing")
	}
	for _, seq := range res.ShadowedSeqs {
		if _, ok := l.msgs[seq]; ok {
			t.Errorf("seq %d, off the surface, is still read", seq)
		}
	}
	kept := 0
	for _, seq := range b.S.Nodes() {
		if _, ok := l.msgs[seq]; ok {
			kept++
		}
	}
	if kept == 0 {
		t.Error("nothing read of the surface is kept")
	}
}
