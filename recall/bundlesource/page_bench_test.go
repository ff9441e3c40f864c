package bundlesource_test

import (
	"context"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/recall/bundlesource"
)

// BenchmarkRecallPages measures reading a whole 20 MB archive in pages of
// 64 messages, as recall.Recall pages a large checkpoint: through the
// Source ("source", bundle.Store.PageVerified, which verifies a bundle
// whole on its first read and hashes the file on later ones) beside the
// baseline of a full Verify before every page ("verify-each", what
// Source.Page did before). Each op reads the whole archive; the Source's
// first, whole verification falls in the first iteration only, so run it
// with -benchtime Nx, N >= 3, and compare the per-op times.
//
//	go test ./recall/bundlesource -run '^$' -bench RecallPages -benchtime 3x
func BenchmarkRecallPages(b *testing.B) {
	ctx := context.Background()
	store, _ := bundletest.MustOpen(b, bundle.Options{})
	msgs := bundletest.ArchiveOfBytes(11, 20<<20)
	if _, err := store.Put(ctx, bundletest.Bundle("s", "big", msgs)); err != nil {
		b.Fatal(err)
	}
	src := bundlesource.New(store)
	const limit = 64
	b.Run("verify-each", func(b *testing.B) {
		b.SetBytes(20 << 20)
		for i := 0; i < b.N; i++ {
			for off := 0; off < len(msgs); off += limit {
				if err := store.Verify(ctx, "s", "big"); err != nil {
					b.Fatal(err)
				}
				if _, err := store.Page(ctx, "s", "big", off, limit); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("source", func(b *testing.B) {
		b.SetBytes(20 << 20)
		for i := 0; i < b.N; i++ {
			for off := 0; off < len(msgs); off += limit {
				if _, err := src.Page(ctx, "s", "big", off, limit); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
