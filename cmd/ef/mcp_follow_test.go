package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/recall"
)

// ef mcp indexes what other processes fold while no call is made (as the
// DSH sidecar does), so a call does not pay for all of it: a bundle
// another writer stores becomes searchable in the index without a tool
// call syncing it.
func TestMCPIndexesForeignFoldsBetweenCalls(t *testing.T) {
	root, _ := storeFixture(t)
	ctx := context.Background()
	sr, closeIndex, err := openMCPRecall(ctx, root, false, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer closeIndex()

	putForeignBundle(t, root)
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := sr.idx.Search(ctx, recall.SearchRequest{Query: "quokkafold", Scope: recall.ScopeProject})
		if err != nil {
			t.Fatal(err)
		}
		if res.Total > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("a bundle another process stored was not indexed within 30 s without a call")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// ef mcp on a store whose index is current opens it read-only (other
// readers and ef search coexist with it); when another process then
// stores a bundle, the call searches this process's temporary index,
// built once, and says so.
func TestMCPReadOnlyIndexFallsBehind(t *testing.T) {
	root, _ := storeFixture(t)
	t.Cleanup(removeTempIndexes)
	if _, _, err := runCmd(t, RunSearch, "--store", root, "anything"); err != nil {
		t.Fatal(err) // fills the store's index
	}
	ctx := context.Background()
	var stderr strings.Builder
	caller, closeIndex, err := openMCPRecall(ctx, root, false, &stderr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer closeIndex()
	sr := caller
	if sr.ro == nil {
		t.Fatal("a current index was not opened read-only")
	}
	putForeignBundle(t, root)
	for i := range 2 {
		out, err := caller.CallTool(ctx, "", "context_search", json.RawMessage(`{"query":"quokkafold","scope":"project"}`))
		if err != nil || out.IsError || !strings.Contains(out.Text, "ref ") {
			t.Fatalf("call %d: %v %+v", i, err, out)
		}
	}
	if n := strings.Count(stderr.String(), "searching a temporary index"); n != 1 {
		t.Fatalf("said %d times: %q", n, stderr.String())
	}
}

// putForeignBundle stores, as another process would, a bundle in the
// store at root whose one message holds the word "quokkafold"; the
// writer stays open until the test ends.
func putForeignBundle(t *testing.T, root string) {
	t.Helper()
	writer, err := bundle.Open(root, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { writer.Close() })
	msgs := []json.RawMessage{json.RawMessage(`{"role":"user","content":"the quokkafold marker"}`)}
	if _, err := writer.Put(context.Background(), bundletest.Bundle("s3", "foreign", msgs)); err != nil {
		t.Fatal(err)
	}
}
