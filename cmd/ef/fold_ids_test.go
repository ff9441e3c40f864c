package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// sampleLog writes the README's sample session (DSH's snapshot log with a
// real session id) to dir, keeping only its first lines when lines > 0.
func sampleLog(t *testing.T, dir, name string, lines int) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(raw), "{{sessionId}}", "demo-1")
	if lines > 0 {
		ls := strings.SplitAfter(text, "\n")
		text = strings.Join(ls[:min(lines, len(ls))], "")
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func foldedIDs(t *testing.T, acc foldAccount) []string {
	t.Helper()
	var ids []string
	for _, f := range acc.Folds {
		if f.Bundle != nil {
			ids = append(ids, f.CheckpointID)
		}
	}
	return ids
}

func storedIDs(t *testing.T, store, session string) []string {
	t.Helper()
	st, err := bundle.Open(store, bundle.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	infos, err := st.List(context.Background(), session)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, in := range infos {
		ids = append(ids, in.CheckpointID)
	}
	slices.Sort(ids)
	return ids
}

// Folding is idempotent: the same log folded twice into one store names
// the same checkpoints and stores each once; a longer log continues from
// what the store holds (the folds of the shared part are the stored ones).
func TestFoldIntoStoreHoldingTheSessionAddsNoDuplicates(t *testing.T) {
	dir := t.TempDir()
	full := sampleLog(t, dir, "full.jsonl", 0)
	store := filepath.Join(dir, "store")
	var runs [][]string
	for i := range 2 {
		acc, text, err := foldRun(t, full, "--store", store, "--out", filepath.Join(dir, "out"+string(rune('a'+i))+".jsonl"), "--window", "2000", "--json")
		if err != nil {
			t.Fatalf("fold %d: %v\n%s", i+1, err, text)
		}
		if acc.Failed != 0 {
			t.Fatalf("fold %d: %d folds failed\n%s", i+1, acc.Failed, text)
		}
		runs = append(runs, foldedIDs(t, acc))
	}
	if len(runs[0]) < 2 {
		t.Fatalf("the sample log folds %d times at --window 2000, want at least 2 for this test", len(runs[0]))
	}
	if !slices.Equal(runs[0], runs[1]) {
		t.Fatalf("second fold of the same log named other checkpoints:\n first  %v\n second %v", runs[0], runs[1])
	}
	want := slices.Sorted(slices.Values(runs[0]))
	if got := storedIDs(t, store, "demo-1"); !slices.Equal(got, want) {
		t.Fatalf("store holds %v after folding the log twice, want each checkpoint once: %v", got, want)
	}

	// A prefix of the session first, then the whole: the whole log's folds
	// of the shared part are the prefix's checkpoints, and nothing doubles.
	store2 := filepath.Join(dir, "store2")
	prefix := sampleLog(t, dir, "prefix.jsonl", 140)
	acc, text, err := foldRun(t, prefix, "--store", store2, "--out", filepath.Join(dir, "prefix-out.jsonl"), "--window", "2000", "--json")
	if err != nil {
		t.Fatalf("fold prefix: %v\n%s", err, text)
	}
	pre := foldedIDs(t, acc)
	if len(pre) == 0 || len(pre) >= len(runs[0]) {
		t.Fatalf("the 140-line prefix folds %d times (the whole log %d): pick a prefix that folds some but not all", len(pre), len(runs[0]))
	}
	acc, text, err = foldRun(t, full, "--store", store2, "--out", filepath.Join(dir, "full-out.jsonl"), "--window", "2000", "--json")
	if err != nil {
		t.Fatalf("fold whole: %v\n%s", err, text)
	}
	if whole := foldedIDs(t, acc); !slices.Equal(whole, runs[0]) {
		t.Fatalf("the whole log after its prefix named %v, alone %v", whole, runs[0])
	}
	if got := storedIDs(t, store2, "demo-1"); !slices.Equal(got, want) {
		t.Fatalf("store holds %v after the prefix then the whole log, want %v", got, want)
	}
}

// Ids depend on the flags that choose the folds and on every event read.
func TestFoldIDsFollowFlagsAndEvents(t *testing.T) {
	mint := func(f *foldIDs) []string { return []string{f.next(), f.next()} }
	a, b := newFoldIDs("auto", 2000, 0, false, 0), newFoldIDs("auto", 2000, 0, false, 0)
	a.session("s")
	b.session("s")
	ia, ib := mint(a), mint(b)
	if !slices.Equal(ia, ib) || ia[0] == ia[1] {
		t.Fatalf("same input: %v and %v (want equal pairs of distinct ids)", ia, ib)
	}
	for _, f := range []*foldIDs{newFoldIDs("auto", 4000, 0, false, 0), newFoldIDs("leaf", 2000, 0, false, 0), newFoldIDs("auto", 2000, 0, true, 0), newFoldIDs("auto", 2000, 0, false, 0.3)} {
		f.session("s")
		if got := mint(f); got[0] == ia[0] {
			t.Fatalf("other flags minted the same id %s", got[0])
		}
	}
	c := newFoldIDs("auto", 2000, 0, false, 0)
	c.session("t")
	if got := mint(c); got[0] == ia[0] {
		t.Fatal("another session minted the same id")
	}
	if len(ia[0]) != 36 || ia[0][14] != '8' {
		t.Fatalf("id %q is not a version-8 UUID", ia[0])
	}
}

// A session id that is a template placeholder gets a warning naming it;
// a real one does not.
func TestFoldWarnsOnPlaceholderSessionID(t *testing.T) {
	dir := t.TempDir()
	tmpl := filepath.Join("..", "..", "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl")
	_, stderr, err := runCmd(t, RunFold, tmpl, "--out", filepath.Join(dir, "a.jsonl"), "--mode", "root")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, `warning: `) || !strings.Contains(stderr, `session id "{{sessionId}}" is a template placeholder`) {
		t.Fatalf("no placeholder warning on stderr:\n%s", stderr)
	}
	_, stderr, err = runCmd(t, RunFold, sampleLog(t, dir, "real.jsonl", 0), "--out", filepath.Join(dir, "b.jsonl"), "--mode", "root")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stderr, "placeholder") {
		t.Fatalf("warned about a real session id:\n%s", stderr)
	}
	if !placeholderRE.MatchString("run-${SESSION}") || placeholderRE.MatchString("a{b}c") {
		t.Fatal("placeholderRE")
	}
}

// A fold killed while it wrote (SIGKILL) left its temporary log beside
// --out; the next fold to the same path removes it and says so. (The
// kill itself is tested in internal/atomicfile.)
func TestFoldRemovesTheTempLogOfAKilledFold(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "s.jsonl", 0)
	out := filepath.Join(dir, "out.jsonl")
	stale := filepath.Join(dir, ".out.jsonl.tmp-00112233deadbeef")
	if err := os.WriteFile(stale, []byte("a torn log"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", out, "--window", "2000")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Fatalf("the killed fold's temporary log is still there: %v", err)
	}
	if !strings.Contains(text, "removed "+stale) {
		t.Errorf("ef fold did not say it removed %s:\n%s", stale, text)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".out.jsonl.tmp-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left after a fold: %v", left)
	}
}

// A re-fold after a run in which a fold failed meets, under each id the
// store holds, only the checkpoint of the same span. The ids used to follow
// the events alone: the run whose first fold failed went on from another
// surface under the ids the next run used for its own surface, so that run
// failed every fold whose id the first one had filed ("checkpoint exists
// with different content"). Here the first fold fails because the store
// holds another checkpoint under its id; once that is gone, the re-fold
// must fail nothing.
func TestRefoldAfterAFailedFoldMeetsNoOtherSpan(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	fold := func(store, out string) (foldAccount, string, error) {
		return foldRun(t, log, "--store", store, "--out", filepath.Join(dir, out), "--window", "1000", "--json")
	}
	clean, text, err := fold(filepath.Join(dir, "clean"), "clean.jsonl")
	if err != nil || clean.Failed != 0 || len(foldedIDs(t, clean)) < 3 {
		t.Fatalf("fold into an empty store: %v, %d failed\n%s", err, clean.Failed, text)
	}
	first := foldedIDs(t, clean)[0]

	store := filepath.Join(dir, "store")
	st, err := bundle.Open(store, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Put(context.Background(), bundletest.Bundle(clean.SessionID, first, bundletest.Messages(1, 3, 100))); err != nil {
		t.Fatal(err)
	}
	st.Close()
	// The fold exits non-zero (one fold failed), so foldRun leaves the
	// account unread.
	_, text, err = fold(store, "a.jsonl")
	if err == nil || !strings.HasPrefix(err.Error(), "1 of ") {
		t.Fatalf("fold into a store holding another checkpoint under the first id: %v, want exactly that fold failed\n%s", err, text)
	}
	planted, _ := filepath.Glob(filepath.Join(store, "s-*", "c-"+first+".*.efb"))
	if len(planted) != 1 {
		t.Fatalf("the planted bundle: %v", planted)
	}
	if err := os.Remove(planted[0]); err != nil {
		t.Fatal(err)
	}
	again, text, err := fold(store, "b.jsonl")
	if err != nil || again.Failed != 0 {
		t.Fatalf("re-fold: %v, %d failed, want none\n%s", err, again.Failed, text)
	}
	if got, want := foldedIDs(t, again), foldedIDs(t, clean); !slices.Equal(got, want) {
		t.Errorf("re-fold named %v, a fold into an empty store %v", got, want)
	}
}
