// Package storetest holds test helpers for package store.
package storetest

import (
	"testing"

	"github.com/epistemicfold/ef/store"
)

// MustOpen opens the store in dir and closes it at cleanup (closing it
// earlier is fine: Close is idempotent). Unless opts.NoIndex is set, a
// store whose recall index did not open fails t, with the reason.
func MustOpen(t testing.TB, dir string, opts store.Options) *store.Store {
	t.Helper()
	st, err := store.Open(dir, opts)
	if err != nil {
		t.Fatalf("store.Open(%s): %v", dir, err)
	}
	t.Cleanup(func() { st.Close() })
	if !opts.NoIndex && (st.Index == nil || st.IndexErr != nil) {
		t.Fatalf("store %s opened without its index: %v", dir, st.IndexErr)
	}
	return st
}
