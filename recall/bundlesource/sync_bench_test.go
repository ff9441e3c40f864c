package bundlesource_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
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
