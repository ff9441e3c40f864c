package engine_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// The frontier marker is the first line of every EF checkpoint.
func ExampleParseMarker() {
	mk, ok := engine.ParseMarker("[ef-checkpoint id=ef-42 mode=leaf seqs=17-230]\nFolded 12 surface nodes …")
	fmt.Println(ok, mk.ID, mk.Mode, mk.First, mk.Last)
	// Output: true ef-42 leaf 17 230
}

// A leaf fold replaces the oldest span after the frontier with one
// checkpoint and archives the span's exact messages first.
func ExampleEngine_Fold() {
	b := enginetest.NewBuilder(nopTB{}, "example", hostshim.Gen017)
	for i := 1; i <= 4; i++ {
		b.TurnStart()
		b.User(fmt.Sprintf("Task %d: %s", i, strings.Repeat("make the tests pass. ", 30)))
		b.Assistant("I'll run them.", enginetest.Call{ID: fmt.Sprint("c", i), Name: "bash", Args: `{"command":"go test ./..."}`})
		b.Result(fmt.Sprint("c", i), strings.Repeat("ok  ", 200), false)
		b.TurnEnd()
	}
	b.TurnStart()
	arch := enginetest.NewMemArchive()
	e, _ := engine.New(engine.Options{Archive: arch, NewID: enginetest.Seq("x"), Policy: engine.Policy{RetainTokens: 300, FoldFloorTokens: 100}})
	rep, res, err := e.Fold(context.Background(), &hostshim.Agent{Session: b.S}, engine.FoldRequest{Mode: engine.ModeLeaf, Owner: hostshim.OwnerCurrentTurn})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.SplitN(rep.Text, "\n", 2)[0])
	fmt.Println(len(res.ShadowedSeqs), "nodes folded;", rep.Verdict.Summary())
	fmt.Println("archived:", arch.IDs("example"))
	// Output:
	// [ef-checkpoint id=ef-x1 mode=leaf seqs=2-22]
	// 9 nodes folded; B=pass T=pass P=pass R=pass G=pass A=pass O=pass closure=C3
	// archived: [ef-x1]
}

type nopTB struct{}

func (nopTB) Helper()               {}
func (nopTB) Fatalf(string, ...any) { panic("enginetest builder failed") }
