package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// unbounded is a token meter without the MaxTextTokens bound: the
// emergency fit must encode every candidate it weighs.
type unbounded struct{ hostshim.Meter }

// TestEmergencyFitBoundsChooseAsCounts: the emergency fit with a meter
// that bounds counts (o200k) keeps exactly what it keeps when it counts
// every candidate: byte-identical log lines and drop manifests, at budgets
// where every candidate fits and where most are cut.
func TestEmergencyFitBoundsChooseAsCounts(t *testing.T) {
	tok := enginetest.O200k(t)
	if _, ok := tok.(interface{ MaxTextTokens(string) int }); !ok {
		t.Fatalf("%s has no MaxTextTokens: the test would compare a meter with itself", tok.Name())
	}
	base := synth(t, 20_000)
	fold := func(m hostshim.Meter, budget int) []byte {
		e, err := engine.New(engine.Options{Archive: enginetest.NewMemArchive(), TokenMeter: m, Clock: fixedClock, NewID: enginetest.Seq("d")})
		if err != nil {
			t.Fatal(err)
		}
		s := base.S.Clone()
		n := s.Len()
		rep, res, err := e.Fold(context.Background(), &hostshim.Agent{Session: s}, engine.FoldRequest{Mode: engine.ModeEmergency, Budget: budget, Owner: hostshim.OwnerCurrentTurn})
		if err != nil || res == nil {
			t.Fatalf("budget %d: fold: %v", budget, err)
		}
		return emergencyOutput(t, s, n, rep)
	}
	for _, budget := range []int{900, 1300, 2500, 6000} {
		t.Run(fmt.Sprint(budget), func(t *testing.T) {
			if got, want := fold(tok, budget), fold(unbounded{tok}, budget); !bytes.Equal(got, want) {
				t.Fatalf("bounded fit differs from the counted one (%d bytes, want %d)", len(got), len(want))
			}
		})
	}
}
