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
	"github.com/epistemicfold/ef/store"
	"github.com/epistemicfold/ef/tokenizer"
)

// The host loop of an agent that embeds EF: append each event to the live
// session, then ask the engine whether the surface needs a fold
// (CompactIfNeeded with TriggerPressure, the host's automatic path). A nil
// result with a nil error means no fold was needed. Here the events come
// from a recorded log (ef fold replays a log the same way); an agent
// appends the events it makes. Policy.ContextWindow is required: without a
// window CompactIfNeeded returns engine.ErrNoWindow.
//
// A recorded log may hold folds of its own: a DSH log the plugin's
// checkpoints, an imported trajectory its client's compaction (Claude
// Code's "This session is being continued…", importer.Compaction). Each is
// a replacement event naming the span it replaced, so EF must not fold
// before the last of them: a span EF folded is no longer on the surface
// when the recorded replacement is appended, and the append fails with
// "bad surface replacement: … not found in surface". The loop below
// replays the log as recorded up to its last replacement and lets EF fold
// only after it, as ef fold does.
func Example_hostLoop() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "ef-hostloop")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	raw, err := os.ReadFile(filepath.Join("..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl"))
	if err != nil {
		fmt.Println(err)
		return
	}
	raw = bytes.ReplaceAll(raw, []byte("{{sessionId}}"), []byte("loop-1"))
	lr, err := hostshim.NewLogReader(bytes.NewReader(raw), "session.jsonl", hostshim.LogOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer lr.Close()
	recorded, err := lr.ReadSession()
	if err != nil {
		fmt.Println(err)
		return
	}

	st, err := store.Open(filepath.Join(dir, "store"), store.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	o200k, err := tokenizer.New(tokenizer.Options{}).Meter(tokenizer.Window)
	if err != nil {
		fmt.Println(err)
		return
	}
	n := 0
	opts := engine.Options{
		HostMeter: o200k, TokenMeter: o200k,
		Policy: engine.Policy{ContextWindow: 1200},
		NewID:  func() string { n++; return fmt.Sprint("loop-", n) },
		Clock:  func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) },
	}
	st.Wire(&opts)
	eng, err := engine.New(opts)
	if err != nil {
		fmt.Println(err)
		return
	}

	// The live session the host appends to. A recorded event is renumbered
	// to the live session's next seq (folds add events of their own), its
	// references through place.
	live := hostshim.NewSession(recorded.ID, recorded.Gen)
	live.Header = recorded.Header
	agent := &hostshim.Agent{Session: live}
	place := map[int]int{}
	folds := 0
	lastFold := -1 // the recorded log's last fold of its own, if any
	for i, ev := range recorded.Events() {
		if ev.SurfaceOp != nil && ev.SurfaceOp.Replace {
			lastFold = i
		}
	}
	for i, ev := range recorded.Events() {
		e, err := ev.Renumber(live.Len(), func(old int) (int, bool) { s, ok := place[old]; return s, ok })
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := live.AppendEvent(e); err != nil {
			fmt.Println(err)
			return
		}
		place[ev.Seq] = e.Seq
		if i <= lastFold {
			continue // replayed as recorded: the log's own folds come first
		}
		res, err := eng.CompactIfNeeded(ctx, agent, hostshim.TriggerPressure)
		if err != nil {
			fmt.Println(err)
			return
		}
		if res != nil { // nil, nil: below the threshold, nothing folded
			folds++ // a round may run several leaf folds (MaxLeafFolds)
		}
	}
	fmt.Println("events recorded:", len(recorded.Events()))
	fmt.Println("fold rounds:", folds)
	// Output:
	// events recorded: 2098
	// fold rounds: 2
}
