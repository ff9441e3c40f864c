package recall_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// TestAddWritesLargeCheckpointInParts adds a checkpoint of 40 messages of
// 4 KB each: Add writes it in several batches (each a committed
// generation) so that its analysis and segment building are bounded, and
// the index afterwards is whole: every message is found, with its
// checkpoint's time, a reopen finds the documents the watermark counts,
// and adding it again, or a new version of it, keeps that true.
func TestAddWritesLargeCheckpointInParts(t *testing.T) {
	msgs := func(tag string) []json.RawMessage {
		var out []json.RawMessage
		for i := range 40 {
			text := fmt.Sprintf("%s%d marker ", tag, i) + strings.Repeat(fmt.Sprintf("filler%d text ", i), 300)
			out = append(out, json.RawMessage(`{"role":"tool","toolCallId":"c1","content":`+quote(t, text)+`}`))
		}
		return out
	}
	src := recalltest.NewMemSource()
	ck := recalltest.Fold("s", "big", msgs("alpha"), 40, recalltest.T0)[0]
	src.Put(ck)
	x, dir := recalltest.MustOpen(t, src, recall.Options{})
	gen := func() int {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, "ef-generation"))
		if os.IsNotExist(err) {
			return 0
		}
		if err != nil {
			t.Fatal(err)
		}
		n, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	ctx := context.Background()
	before := gen()
	st, err := x.Add(ctx, "s", ck.CheckpointID)
	if err != nil || st.Checkpoints != 1 || st.Messages != 40 {
		t.Fatalf("Add: %+v, %v", st, err)
	}
	if parts := gen() - before; parts < 4 {
		t.Errorf("a checkpoint of 160 KB of text was written in %d batches, want at least 4", parts)
	}
	found := func(x *recall.Index, word string) {
		t.Helper()
		res, err := x.Search(ctx, recall.SearchRequest{Query: word, SessionID: "s"})
		if err != nil || len(res.Hits) != 1 || res.Hits[0].CreatedAt != ck.CreatedAt {
			t.Fatalf("search %q: %+v, %v", word, res, err)
		}
	}
	for _, w := range []string{"alpha0", "alpha17", "alpha39"} {
		found(x, w)
	}
	if st, err := x.Add(ctx, "s", ck.CheckpointID); err != nil || st.Unchanged != 1 {
		t.Fatalf("Add again: %+v, %v", st, err)
	}
	// A new version of the checkpoint replaces the old one's documents.
	ck2 := recalltest.Fold("s", "big", msgs("beta"), 40, recalltest.T0)[0]
	src.Put(ck2)
	if st, err := x.Add(ctx, "s", ck2.CheckpointID); err != nil || st.Checkpoints != 1 {
		t.Fatalf("Add a new version: %+v, %v", st, err)
	}
	found(x, "beta21")
	if res, err := x.Search(ctx, recall.SearchRequest{Query: "alpha21", SessionID: "s"}); err != nil || len(res.Hits) != 0 {
		t.Fatalf("the old version is still found: %+v, %v", res, err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	y := recalltest.MustOpenAt(t, dir, src, recall.Options{})
	if why := y.Rebuilt(); why != "" {
		t.Fatalf("reopened index was rebuilt: %s", why)
	}
	found(y, "beta39")
}

// TestAddPartsStayUnderTheBound adds a checkpoint of 8 messages of about
// 20 KiB of text each: two never fit in one part of addPartBytes (32 KiB),
// so Add writes at least 8 batches, each holding one message, and every
// message is found. (A part that took documents until it was over the
// bound held two such messages, 40 KiB.)
func TestAddPartsStayUnderTheBound(t *testing.T) {
	var msgs []json.RawMessage
	for i := range 8 {
		text := fmt.Sprintf("gamma%d marker ", i) + strings.Repeat(fmt.Sprintf("word%d text ", i), 1700)
		msgs = append(msgs, json.RawMessage(`{"role":"tool","toolCallId":"c1","content":`+quote(t, text)+`}`))
	}
	src := recalltest.NewMemSource()
	ck := recalltest.Fold("s", "wide", msgs, 8, recalltest.T0)[0]
	src.Put(ck)
	x, dir := recalltest.MustOpen(t, src, recall.Options{})
	ctx := context.Background()
	if _, err := x.Add(ctx, "s", ck.CheckpointID); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "ef-generation"))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err != nil || n < 8 {
		t.Errorf("8 messages of 20 KiB were written in %d batches (%v), want one each", n, err)
	}
	for i := range 8 {
		w := fmt.Sprintf("gamma%d", i)
		if res, err := x.Search(ctx, recall.SearchRequest{Query: w, SessionID: "s"}); err != nil || len(res.Hits) != 1 {
			t.Fatalf("search %q: %+v, %v", w, res, err)
		}
	}
}
