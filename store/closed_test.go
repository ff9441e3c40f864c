package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/store"
)

// A search through a Store after its Close says the index is not open and
// that Close is why it may be, not only "use recall.Open", wrong advice
// for a user who opened it with store.Open.
func TestSearchAfterCloseSaysClosed(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "s"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = st.Index.Search(context.Background(), recall.SearchRequest{Query: "x"})
	if !errors.Is(err, recall.ErrNotOpen) || !strings.Contains(err.Error(), "store.Close") {
		t.Fatalf("search after Close: %v, want ErrNotOpen naming store.Close", err)
	}
}
