package taskorigin_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/epistemicfold/ef/origin/taskorigin"
)

// A task.origin store as a library: create a task, replace it under the
// optimistic lock (the content hash of the file being replaced), and see a
// writer holding a stale hash refused.
func Example() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "ef-taskorigin-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	// A zero Options observes the writer from the environment and uses
	// the system clock.
	st, err := taskorigin.Open(dir, taskorigin.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}

	s := taskorigin.New("release-doc", "write the release doc")
	s.Scope = "project:web"
	s.CurrentState = "outline written"
	s.NextSteps = []string{"write the intro"}
	// A verified fact cites something a later reader can recheck: a file,
	// a command, a test id or an EF recall ref.
	s.Facts = []taskorigin.Fact{{Claim: "the build is green", Verified: true, Source: "go test ./..."}}
	doc, err := taskorigin.FromState(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	first, err := st.Put(ctx, "release-doc", doc, taskorigin.ExpectNew)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(first.Status, "version", first.Version)

	// The same content again writes nothing.
	again, _ := st.Put(ctx, "release-doc", doc, first.Hash)
	fmt.Println(again.Status, "version", again.Version)

	// Read, change, write back naming the hash that was read.
	e, err := st.Get("release-doc")
	if err != nil {
		fmt.Println(err)
		return
	}
	cur, _ := e.Doc.State()
	cur.CurrentState = "intro written"
	cur.NextSteps = []string{"write the changelog"}
	doc, _ = taskorigin.FromState(cur)
	second, err := st.Put(ctx, "release-doc", doc, e.Hash)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(second.Status, "version", second.Version, "replacing", second.Previous == first.Hash)

	// A writer that read the first version is refused; the file is untouched.
	_, err = st.Put(ctx, "release-doc", doc, first.Hash)
	var conflict *taskorigin.ConflictError
	fmt.Println(errors.As(err, &conflict), conflict.Current == second.Hash)

	// A verified fact that cites only prose is refused.
	cur.Facts = append(cur.Facts, taskorigin.Fact{Claim: "the docs are fine", Verified: true, Source: "I checked"})
	doc, _ = taskorigin.FromState(cur)
	_, err = st.Put(ctx, "release-doc", doc, second.Hash)
	fmt.Println(errors.Is(err, taskorigin.ErrUnverifiableSource))
	// Output:
	// created version 1
	// unchanged version 1
	// written version 2 replacing true
	// true true
	// true
}
