package validator_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/validator"
)

// genSurface draws a host-shaped session: user messages, assistant messages
// with zero to three parallel tool calls answered in any order, turn ends,
// and possibly calls still pending at the end.
func genSurface(t *rapid.T) *enginetest.Builder {
	b := enginetest.NewBuilder(t, "p", hostshim.Generation(rapid.IntRange(0, 1).Draw(t, "gen")))
	b.TurnStart()
	n := rapid.IntRange(1, 14).Draw(t, "events")
	call := 0
	for i := 0; i < n; i++ {
		if len(b.Pending) > 0 {
			k := rapid.IntRange(0, len(b.Pending)-1).Draw(t, "answer")
			b.Result(b.Pending[k], strings.Repeat("out ", rapid.IntRange(1, 40).Draw(t, "outlen")), rapid.Bool().Draw(t, "err"))
			continue
		}
		switch rapid.IntRange(0, 3).Draw(t, "kind") {
		case 0:
			b.User(strings.Repeat("ask ", rapid.IntRange(1, 30).Draw(t, "ulen")))
		case 1:
			b.TurnEnd()
			b.TurnStart()
			b.User("next")
		default:
			var calls []enginetest.Call
			for j := rapid.IntRange(0, 3).Draw(t, "calls"); j > 0; j-- {
				call++
				calls = append(calls, enginetest.Call{ID: fmt.Sprintf("c%d", call), Name: "bash", Args: `{"command":"ls"}`})
			}
			b.Assistant(strings.Repeat("think ", rapid.IntRange(0, 20).Draw(t, "alen")), calls...)
		}
	}
	return b
}

// refB is the brute-force reference for B: by call id, no call before a cut
// of the span is answered after it (or never), and no system node is inside.
func refB(s *hostshim.Session, i, j int) bool {
	nodes := s.Nodes()
	callPos := map[string]int{}
	resPos := map[string]int{}
	for p, n := range nodes {
		m, _ := s.Message(n)
		if m == nil {
			continue
		}
		e, _ := s.Event(n)
		if e.Type == hostshim.TypeSystemMessage && p >= i && p <= j {
			return false
		}
		if e.Type == hostshim.TypeAssistantMessage {
			for _, c := range m.ToolCalls() {
				callPos[c.ID] = p
			}
		}
		if e.Type == hostshim.TypeToolResult {
			id, _ := m.ToolResultID()
			resPos[id] = p
		}
	}
	cutOK := func(cut int) bool { // cut before position cut
		for id, cp := range callPos {
			if cp < cut {
				rp, ok := resPos[id]
				if !ok || rp >= cut {
					return false
				}
			}
		}
		return true
	}
	return cutOK(i) && cutOK(j+1)
}

func TestValidatorProperties(t *testing.T) {
	t.Logf("rapid: replay a failure with -rapid.seed (printed on failure) or RAPID_SEED")
	v := newValidator(t)
	rapid.Check(t, func(t *rapid.T) {
		b := genSurface(t)
		s := b.S
		nodes := s.Nodes()
		if len(nodes) == 0 {
			t.Skip("empty surface")
		}
		i := rapid.IntRange(0, len(nodes)-1).Draw(t, "i")
		j := rapid.IntRange(i, len(nodes)-1).Draw(t, "j")
		span := slices.Clone(nodes[i : j+1])
		prices, err := hostshim.NodePrices(s, enginetest.CharMeter{})
		if err != nil {
			t.Fatal(err)
		}
		planned, plannedPrices := span, slices.Clone(prices[i:j+1])
		unstable := false
		switch rapid.IntRange(0, 3).Draw(t, "stability") {
		case 1:
			planned = slices.Clone(span)
			planned[rapid.IntRange(0, len(planned)-1).Draw(t, "pi")] += 1000
			unstable = true
		case 2:
			plannedPrices[rapid.IntRange(0, len(plannedPrices)-1).Draw(t, "qi")]++
			unstable = true
		}
		raws, _ := validator.SpanMessages(s, span)
		arch := archiveOf(t, s, span)
		unarchived := false
		switch rapid.IntRange(0, 4).Draw(t, "archive") {
		case 1:
			arch = nil
			unarchived = true
		case 2:
			if len(raws) > 0 {
				arch = archiveOf(t, s, span[1:])
				unarchived = len(raws) > 0 && (len(span) > 1 || len(raws) == 1)
				// The archive of span[1:] differs unless span[0] derives
				// no message.
				if m, _ := s.Message(span[0]); m == nil {
					unarchived = false
				}
			}
		case 3:
			arch.Verified = false
			unarchived = true
		}
		c := &validator.Candidate{Session: s, Phase: validator.PhaseCommit, Mode: bundle.ModeLeaf,
			Start: span[0], End: span[len(span)-1], Planned: planned, PlannedPrices: plannedPrices,
			Owner: hostshim.OwnerCurrentTurn, TurnOpen: func() bool { return true },
			Replacement: small(), Archive: arch}
		vd := v.Validate(c)
		balanced := refB(s, i, j)
		if balanced != (vd.Status("B") == validator.Pass) {
			t.Fatalf("B=%s but reference says balanced=%v for positions %d..%d: %s", vd.Status("B"), balanced, i, j, vd.Summary())
		}
		if vd.OK() && (!balanced || unstable || unarchived) {
			t.Fatalf("passed an unsafe span (balanced=%v unstable=%v unarchived=%v): %s", balanced, unstable, unarchived, vd.Summary())
		}
		if unstable && vd.Status("G") != validator.Fail {
			t.Fatalf("G passed an unstable span: %s", vd.Summary())
		}
		if unarchived && vd.Status("P") != validator.Fail {
			t.Fatalf("P passed an unarchived span: %s", vd.Summary())
		}
	})
}
