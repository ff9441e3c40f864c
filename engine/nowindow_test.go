package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// An engine with no Policy.ContextWindow cannot fold under pressure (the
// threshold is a share of the window): CompactIfNeeded says so with
// ErrNoWindow instead of returning nil, nil forever, which read as "no
// fold needed" to an integrator who trusted the zero Options.
func TestPressureWithoutWindowIsAnError(t *testing.T) {
	e, err := engine.New(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	agent := &hostshim.Agent{Session: hostshim.NewSession("s", hostshim.Gen01)}
	res, err := e.CompactIfNeeded(context.Background(), agent, hostshim.TriggerPressure)
	if res != nil || !errors.Is(err, engine.ErrNoWindow) {
		t.Fatalf("CompactIfNeeded(TriggerPressure) with no window = %v, %v; want nil, ErrNoWindow", res, err)
	}
	// Near miss: with a window, an empty surface needs no fold: nil, nil.
	e, err = engine.New(engine.Options{Policy: engine.Policy{ContextWindow: 8000}})
	if err != nil {
		t.Fatal(err)
	}
	res, err = e.CompactIfNeeded(context.Background(), agent, hostshim.TriggerPressure)
	if res != nil || err != nil {
		t.Fatalf("CompactIfNeeded on an empty surface = %v, %v; want nil, nil (no fold needed)", res, err)
	}
}
