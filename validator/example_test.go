package validator_test

import (
	"fmt"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/validator"
)

// A verdict names every failed predicate with its location, not a bool.
func ExampleValidator_Validate() {
	b := enginetest.NewBuilder(nopTB{}, "ex", hostshim.Gen017)
	b.TurnStart()
	u := b.User("run the tests")
	a := b.Assistant("", enginetest.Call{ID: "c1", Name: "bash", Args: `{"command":"go test ./..."}`})
	v, _ := validator.New(validator.Options{})
	// A span that ends between a tool call and its (still missing) result.
	vd := v.Validate(&validator.Candidate{Session: b.S, Phase: validator.PhasePlan, Start: u, End: a, Owner: hostshim.OwnerCurrentTurn})
	for _, f := range vd.Failures {
		fmt.Println(f)
	}
	fmt.Println(vd.Closure.Level)
	// Output:
	// B/edge-end at seq 4 (position 1): the cut after the span splits a tool call from its result (or the step is still open)
	// B/unanswered-call at seq 4 (position 1): tool call "c1" is not answered inside the span
	// T/open-step at seq 4 (position 1): node belongs to turn 1 step 1, which has not ended
	// none
}

type nopTB struct{}

func (nopTB) Helper()               {}
func (nopTB) Fatalf(string, ...any) { panic("enginetest builder failed") }
