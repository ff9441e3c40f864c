package northbridge_test

import (
	"context"
	"fmt"
	"os"

	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/origin/taskorigin"
)

// Answering a context.request from a directory of task.origin files: the
// tasks of the scope, and the verified facts relevant to the goal (a fact
// that shares no word with it stays out, and the note counts it).
func ExampleBuild() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "ef-northbridge-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	st, err := taskorigin.Open(dir, taskorigin.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := taskorigin.New("exporter", "stream the CSV exporter")
	s.Scope, s.CurrentState, s.NextSteps = "project:web", "rows stream; headers pending", []string{"write the header row"}
	s.Facts = []taskorigin.Fact{
		{Claim: "the exporter streams rows with csv.writer", Verified: true, Source: "exporter/stream.py"},
		{Claim: "CI takes nine minutes", Verified: true, Source: "ci.log"},
	}
	doc, _ := taskorigin.FromState(s)
	if _, err := st.Put(ctx, s.ID, doc, taskorigin.ExpectNew); err != nil {
		fmt.Println(err)
		return
	}

	req, err := northbridge.ParseRequest([]byte(`{"kind":"context.request","goal":"finish the CSV exporter","scope":["project:web"],"budget":{"tokens":2000}}`))
	if err != nil { // errors.Is(err, northbridge.ErrBadRequest): the caller's request is wrong
		fmt.Println(err)
		return
	}
	// A long-lived caller passes Options.Tokenizer (LoadTokenizer) once.
	b, err := northbridge.Build(ctx, []string{dir}, req, northbridge.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("tasks:", len(b.State), b.State[0].ID)
	for _, m := range b.Memory {
		fmt.Println("fact:", m.Claim, "←", m.Source)
	}
	fmt.Println("over budget:", b.OverBudget, "within it:", b.TokenEstimate <= b.Budget)
	fmt.Println(b.Note)
	// Output:
	// tasks: 1 exporter
	// fact: the exporter streams rows with csv.writer ← exporter/stream.py
	// over budget: false within it: true
	// 1 task(s) and 1 verified fact(s) in scope entered; only what the goal needs, not the whole store (1 other verified fact(s) in scope share no word with the goal); nothing cut
}
