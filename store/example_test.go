package store_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/store"
	"github.com/epistemicfold/ef/tokenizer"
)

// EF as a library: open a store, fold a finished session log into it,
// search and recall what was folded, and read the session's state. Only
// exported packages are used, as in a module of your own.
func Example() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "ef-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	// A DSH session log (.jsonl or .jsonl.zstd; importer.Import reads other
	// agents' trajectories into the same *hostshim.Session, whose ID is the
	// file's name: set it to the Imported's ID, as ef fold does, so that
	// the checkpoints are filed under the session and not under whatever
	// the file is called). This one is
	// from DSH's snapshot tests, whose session id is a template: give it a
	// real one, which every ref then names (hostshim.ReadSession(path, …)
	// reads a log file as it is).
	raw, err := os.ReadFile(filepath.Join("..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl"))
	if err != nil {
		fmt.Println(err)
		return
	}
	raw = bytes.ReplaceAll(raw, []byte("{{sessionId}}"), []byte("demo-1"))
	lr, err := hostshim.NewLogReader(bytes.NewReader(raw), "session.jsonl", hostshim.LogOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer lr.Close()
	s, err := lr.ReadSession()
	if err != nil {
		fmt.Println(err)
		return
	}

	// The store: bundles (the truth) and their recall index. A zero
	// store.Options opens both for writing.
	st, err := store.Open(filepath.Join(dir, "store"), store.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()

	// The engine: count the window in real tokens, as ef fold does, and
	// archive and index through the store. NewID and Clock are set only so
	// that this example prints the same ids every time.
	o200k, err := tokenizer.New(tokenizer.Options{}).Meter("o200k_base")
	if err != nil {
		fmt.Println(err)
		return
	}
	n := 0
	opts := engine.Options{
		HostMeter: o200k, TokenMeter: o200k,
		Policy: engine.Policy{ContextWindow: 2000},
		NewID:  func() string { n++; return fmt.Sprint("example-", n) },
		Clock:  func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) },
	}
	st.Wire(&opts)
	eng, err := engine.New(opts)
	if err != nil {
		fmt.Println(err)
		return
	}

	// Fold the finished log. Its last turn is closed, so this is the manual
	// path (like /compact): OwnerManual and SelectedSpan. Inside an open
	// turn the host's automatic path is OwnerCurrentTurn and WholeSurface.
	rep, _, err := eng.Fold(ctx, &hostshim.Agent{Session: s}, engine.FoldRequest{
		Mode: engine.ModeLeaf, Owner: hostshim.OwnerManual, Stability: hostshim.SelectedSpan})
	if err != nil {
		fmt.Println(err)
		return
	}
	mk, _ := engine.ParseMarker(rep.Text)
	fmt.Println("folded:", mk.ID, mk.Mode, "into", engine.BundleSessionID(s))

	// context_search over what was folded, then context_recall of one hit.
	if st.Index == nil {
		fmt.Println("no index:", st.IndexErr)
		return
	}
	sr, err := st.Index.Search(ctx, recall.SearchRequest{Query: "token-meter", Limit: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range sr.Hits {
		fmt.Println("hit:", h.Ref)
	}
	rr, err := st.Index.Recall(ctx, recall.RecallRequest{Ref: sr.Hits[0].Ref, Depth: recall.DepthExact})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("recalled %s: %d message(s) of %d, %s, %d bytes\n", rr.Ref, rr.Count, rr.Messages, rr.Exact[0].Role, rr.Exact[0].Bytes)

	// The session's epistemic state (what ef state prints): the projection
	// rebuilt from the folded surface and the checkpoints' snapshots.
	r, _, err := engine.ProjectSurface(ctx, s, st.Bundles, projection.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, a := range r.Anchors() {
		if a.Kind == projection.KindObjective {
			// a.Value is the objective in the user's words (here in
			// Chinese); the goal completed, it is done, no longer a head.
			fmt.Println("objective stated at seq", a.StatedSeq(), "is", a.Lifecycle)
		}
	}
	// Output:
	// folded: ef-example-1 leaf into demo-1
	// hit: ef-example-1#18@demo-1
	// hit: ef-example-1#19@demo-1
	// recalled ef-example-1#18@demo-1: 1 message(s) of 26, tool, 291 bytes
	// objective stated at seq 10 is done
}
