package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

func surfaceTokens(t *testing.T, s *hostshim.Session, m hostshim.Meter) int {
	t.Helper()
	p, err := hostshim.NodePrices(s, m)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, x := range p {
		total += x
	}
	return total
}

func checkpointModes(t *testing.T, s *hostshim.Session) []engine.Mode {
	t.Helper()
	var out []engine.Mode
	for _, n := range s.Nodes() {
		m, err := s.Message(n)
		if err != nil {
			t.Fatal(err)
		}
		if mk, ok := engine.MarkerOf(m); ok {
			out = append(out, mk.Mode)
		}
	}
	return out
}

// TestOverflowTriesLeafFirst: on a context overflow the engine first folds
// leaf spans (the frozen prefix stays, nothing is dropped from the
// checkpoint); the emergency fold runs only when leaf folds cannot bring
// the request within the window.
func TestOverflowTriesLeafFirst(t *testing.T) {
	ctx := context.Background()
	tok := enginetest.O200k(t)
	b := enginetest.NewBuilder(t, "sess-overflow", hostshim.Gen017)
	work(b, 1, 30)
	b.TurnStart()
	b.User("Carry on with the next module.")
	total := surfaceTokens(t, b.S, tok)
	w := total * 3 / 4
	e := newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: w}, func(o *engine.Options) { o.HostMeter, o.TokenMeter = tok, tok })
	res, err := e.CompactIfNeeded(ctx, agentOf(b), hostshim.TriggerOverflow)
	if err != nil || res == nil {
		t.Fatalf("overflow: %v %v", res, err)
	}
	if after := surfaceTokens(t, b.S, tok); after > w {
		t.Fatalf("after the overflow path the surface is %d tokens, over the window %d", after, w)
	}
	modes := checkpointModes(t, b.S)
	if len(modes) == 0 || strings.Contains(strings.Join(modesStrings(modes), ","), "emergency") {
		t.Fatalf("want leaf folds only, got %v", modes)
	}

	// A recent tool output nearly as large as the window: no leaf fold can
	// make room (it is the retained tail), so the emergency fold runs.
	b = enginetest.NewBuilder(t, "sess-overflow-huge", hostshim.Gen017)
	work(b, 1, 10)
	small := surfaceTokens(t, b.S, tok)
	b.TurnStart()
	b.User("Read the generated file.")
	b.Assistant("", enginetest.Call{ID: "big", Name: "read_file", Args: `{"path":"gen/huge.go"}`})
	b.Result("big", strings.Repeat("var generatedTable = []int{1, 2, 3, 4, 5, 6, 7, 8}\n", small/8), false)
	b.Assistant("Done reading.")
	w = (surfaceTokens(t, b.S, tok) - small) * 9 / 10
	e = newEngine(t, enginetest.NewMemArchive(), engine.Policy{ContextWindow: w}, func(o *engine.Options) { o.HostMeter, o.TokenMeter = tok, tok })
	if _, err := e.CompactIfNeeded(ctx, agentOf(b), hostshim.TriggerOverflow); err != nil {
		t.Fatalf("overflow with a huge tail: %v", err)
	}
	modes = checkpointModes(t, b.S)
	if len(modes) == 0 || modes[len(modes)-1] != engine.ModeEmergency {
		t.Fatalf("want an emergency fold last, got %v", modes)
	}
	if after := surfaceTokens(t, b.S, tok); after > w {
		t.Fatalf("after the emergency fold the surface is %d tokens, over the window %d", after, w)
	}
}

func modesStrings(ms []engine.Mode) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = string(m)
	}
	return out
}
