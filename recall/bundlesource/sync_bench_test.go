package bundlesource_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
)

// BenchmarkSyncNothingChanged measures what a sidecar pays before every
// context_search/context_recall when no other process folded since the
// last call: Index.Sync that finds nothing to do ("sync"), and the tool
// call as the sidecar makes it, Sync then CallTool ("toolcall"), over
// real stores of 100, 1,000 and 5,000 bundles (50 per session). The floor
// ("readdir") is one read of the store root and of every session
// directory: the least any way of noticing that nothing changed must do.
//
//	go test ./recall/bundlesource -run '^$' -bench SyncNothingChanged -benchtime 20x
func BenchmarkSyncNothingChanged(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{100, 1000, 5000} {
		root := filepath.Join(b.TempDir(), "store")
		store := bundletest.MustOpenAt(b, root, bundle.Options{})
		const perSession = 50
		for i := 0; i < n; i++ {
			s, c := fmt.Sprintf("session-%03d", i/perSession), fmt.Sprintf("ck-%04d", i)
			msgs := []json.RawMessage{
				json.RawMessage(fmt.Sprintf(`{"role":"user","content":"question %d about the parser"}`, i)),
				json.RawMessage(fmt.Sprintf(`{"role":"assistant","content":"answer %d: the lexer splits tokens"}`, i)),
			}
			if _, err := store.Put(ctx, bundletest.Bundle(s, c, msgs)); err != nil {
				b.Fatal(err)
			}
		}
		x, err := recall.Open(recall.StoreIndexDir(root), bundlesource.New(store), recall.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if st, err := x.Sync(ctx); err != nil || st.Checkpoints != n {
			b.Fatalf("first Sync: %+v, %v", st, err)
		}
		b.Run(fmt.Sprintf("readdir/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ents, err := os.ReadDir(root)
				if err != nil {
					b.Fatal(err)
				}
				files := 0
				for _, e := range ents {
					if e.IsDir() {
						fs, err := os.ReadDir(filepath.Join(root, e.Name()))
						if err != nil {
							b.Fatal(err)
						}
						files += len(fs)
					}
				}
				if files < n {
					b.Fatalf("%d files for %d bundles", files, n)
				}
			}
		})
		b.Run(fmt.Sprintf("sync/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				st, err := x.Sync(ctx)
				if err != nil || st.Checkpoints != 0 || st.Unchanged != n {
					b.Fatalf("Sync: %+v, %v", st, err)
				}
			}
		})
		args := json.RawMessage(`{"query":"lexer splits","scope":"project","limit":5}`)
		b.Run(fmt.Sprintf("toolcall/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := x.Sync(ctx); err != nil {
					b.Fatal(err)
				}
				out, err := x.CallTool(ctx, "session-000", recall.ToolSearch, args)
				if err != nil || out.IsError {
					b.Fatalf("CallTool: %+v, %v", out, err)
				}
			}
		})
		if err := x.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstSearchAfterForeignFolds measures what the first
// context_search pays after other processes folded n times into the
// store (n = 50, 500): the call as the sidecar makes it (Sync, then
// CallTool), in a store of 1,000 bundles already indexed. Another
// bundle.Store on the same root plays the other processes; each fold is a
// bundle of 21 messages (about 12 KB), one of them with a word of its own
// that the call searches for and must find.
//
//	noop     nothing new: the floor, what every call pays
//	sync     no Follower: the call indexes all n folds (before)
//	follow   a Follower (default interval) ran while the folds arrived,
//	         one every foldEvery: the call indexes what the last
//	         background pass had not (after)
//	burst    the same with the folds written back to back, as fast as
//	         Put goes: the Follower keeps up as far as it can
//
// It reports the call's latency (ns/op) and how many folds the call's own
// Sync indexed (folds/call).
//
//	go test ./recall/bundlesource -run '^$' -bench FirstSearchAfterForeignFolds -benchtime 3x
func BenchmarkFirstSearchAfterForeignFolds(b *testing.B) {
	if la := testutil.LoadAverage(); la != "" {
		b.Logf("load average: %s", la)
	}
	ctx := context.Background()
	root := filepath.Join(b.TempDir(), "store")
	mine := bundletest.MustOpenAt(b, root, bundle.Options{})
	other := bundletest.MustOpenAt(b, root, bundle.Options{})
	for i := 0; i < 1000; i++ {
		foreignFold(b, other, fmt.Sprintf("base-%02d", i/50), i)
	}
	x, err := recall.Open(recall.StoreIndexDir(root), bundlesource.New(mine), recall.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer x.Close()
	if st, err := x.Sync(ctx); err != nil || st.Checkpoints != 1000 {
		b.Fatalf("first Sync: %+v, %v", st, err)
	}
	const foldEvery = 20 * time.Millisecond
	next := 1000
	for _, n := range []int{50, 500} {
		for _, mode := range []string{"noop", "sync", "follow", "burst"} {
			b.Run(fmt.Sprintf("%s/%d", mode, n), func(b *testing.B) {
				var f *bundlesource.Follower
				if mode == "follow" || mode == "burst" {
					f = bundlesource.Follow(x, mine, bundlesource.FollowOptions{})
					defer f.Stop()
				}
				inCall := 0
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					session := fmt.Sprintf("%s-%d-%d", mode, n, i)
					last := next - 1 // noop: the newest fold, indexed already
					if mode != "noop" {
						for k := 0; k < n; k++ {
							foreignFold(b, other, session, next)
							last, next = next, next+1
							if mode == "follow" {
								time.Sleep(foldEvery)
							}
						}
					}
					b.StartTimer()
					st, err := x.Sync(ctx)
					if err != nil {
						b.Fatal(err)
					}
					out, err := x.CallTool(ctx, session, recall.ToolSearch, json.RawMessage(fmt.Sprintf(`{"query":"foldword%d","scope":"project","limit":1}`, last)))
					if err != nil || out.IsError || !strings.Contains(out.Text, fmt.Sprintf("ck-%05d", last)) {
						b.Fatalf("the call does not find fold %d: %+v, %v", last, out, err)
					}
					inCall += st.Checkpoints
				}
				b.ReportMetric(float64(inCall)/float64(b.N), "folds/call")
				if f != nil {
					f.Stop()
					fs := f.Stats()
					b.ReportMetric(float64(fs.Checkpoints)/float64(b.N), "folds/background")
				}
			})
		}
	}
}

// foreignFold writes fold i of a session as another process would.
func foreignFold(b *testing.B, s *bundle.Store, session string, i int) {
	msgs := append(bundletest.Messages(uint64(i), 20, 600),
		json.RawMessage(fmt.Sprintf(`{"role":"assistant","content":"fold %d settled it: foldword%d"}`, i, i)))
	if _, err := s.Put(context.Background(), bundletest.Bundle(session, fmt.Sprintf("ck-%05d", i), msgs)); err != nil {
		b.Fatal(err)
	}
}
