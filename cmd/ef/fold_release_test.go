package main

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/tokenizer"
)

// TestFoldReleasesWhatAFoldArchived: ef fold's session lets go of a large
// tool output once a fold has taken it off the surface, though what
// follows it (forty short turns) never adds up to a batch of the new log
// (foldOutBatchBytes): the session released written events only when it
// wrote a batch, so a huge output stayed in memory to the end of the log,
// beside the next one.
func TestFoldReleasesWhatAFoldArchived(t *testing.T) {
	dir := t.TempDir()
	chat := filepath.Join(dir, "big.chat.jsonl")
	if err := writeHugeChatLog(chat, 1<<20); err != nil {
		t.Fatal(err)
	}
	dsh := filepath.Join(dir, "big.jsonl")
	if err := importToDSH(chat, dsh, "big-session"); err != nil {
		t.Fatal(err)
	}
	tok, err := tokenizer.New(tokenizer.Options{}).Meter(tokenizer.Window)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := engine.New(engine.Options{HostMeter: tok, TokenMeter: tok, Policy: engine.Policy{ContextWindow: 16000}})
	if err != nil {
		t.Fatal(err)
	}
	acc, err := newFoldAccount(false)
	if err != nil {
		t.Fatal(err)
	}
	defer acc.close()
	in, err := openFoldInput(context.Background(), dsh, true)
	if err != nil {
		t.Fatal(err)
	}
	defer in.close()
	o, s, err := foldReplay(context.Background(), eng, in, dsh, filepath.Join(dir, "out.jsonl"), io.Discard, "auto", 16000, true, "",
		func(*foldInput) {}, acc, newFoldIDs("auto", 16000, 0, false, 0), &logFoldArchiver{acc: acc}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer o.abort()
	found := false
	for seq := range s.Len() {
		if e, _ := s.Event(seq); e.Type != hostshim.TypeToolResult {
			continue
		}
		found = true
		if s.Position(seq) >= 0 {
			t.Fatalf("the tool output (seq %d) is still on the surface: no fold took it", seq)
		}
		if !s.Released(seq) {
			t.Errorf("the tool output (seq %d), archived by a fold and written, is still held by the session", seq)
		}
	}
	if !found {
		t.Fatal("no tool output in the replayed session")
	}
}
