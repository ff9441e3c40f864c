package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

// storeFixture writes three bundles in two sessions and returns the root
// and the path of each bundle file by checkpoint id.
func storeFixture(t *testing.T) (string, map[string]string) {
	t.Helper()
	root := filepath.Join(t.TempDir(), "store")
	s, err := bundle.Open(root, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	paths := map[string]string{}
	for i, c := range []struct{ session, id string }{{"s1", "keep"}, {"s1", "orphan"}, {"s2", "victim"}} {
		r, err := s.Put(context.Background(), bundletest.Bundle(c.session, c.id, bundletest.Messages(uint64(i), 10, 100)))
		if err != nil {
			t.Fatal(err)
		}
		paths[c.id] = r.Path
		old := time.Now().Add(-48 * time.Hour)
		os.Chtimes(r.Path, old, old)
	}
	return root, paths
}

func TestStoreVerify(t *testing.T) {
	root, paths := storeFixture(t)
	out, errs, err := runCmd(t, RunStore, "verify", root)
	if err != nil {
		t.Fatalf("verify of a healthy store: %v\n%s", err, errs)
	}
	if !strings.Contains(out, "3 bundles in 2 sessions: 3 ok, 0 unavailable") {
		t.Fatalf("output: %s", out)
	}

	os.Truncate(paths["victim"], 40)
	out, _, err = runCmd(t, RunStore, "verify", "--json", root)
	if err == nil {
		t.Fatal("verify of a damaged store succeeded")
	}
	var rep storeVerifyReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if rep.Bundles != 3 || rep.OK != 2 || rep.Unavailable != 1 || len(rep.Failures) != 1 {
		t.Fatalf("report %+v", rep)
	}
	if f := rep.Failures[0]; f.CheckpointID != "victim" || f.SessionID != "s2" || f.Reason != "truncated" {
		t.Fatalf("failure %+v", f)
	}
	out, _, _ = runCmd(t, RunStore, "verify", root)
	if !strings.Contains(out, "UNAVAILABLE") || !strings.Contains(out, "victim") {
		t.Fatalf("text output lacks the failure: %s", out)
	}
}

// The bytes and messages ef store verify counts are those of the bundles
// that verified: a corrupt bundle's bytes were counted as verified, so a
// store with one bundle failing reported the same byte total as when all
// were ok.
func TestStoreVerifyCountsOnlyVerifiedBytes(t *testing.T) {
	root, paths := storeFixture(t)
	var want int64
	for _, id := range []string{"keep", "orphan"} {
		fi, err := os.Stat(paths[id])
		if err != nil {
			t.Fatal(err)
		}
		want += fi.Size()
	}
	data, err := os.ReadFile(paths["victim"])
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x40 // same size, fails its hash
	if err := os.WriteFile(paths["victim"], data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, err := runCmd(t, RunStore, "verify", "--json", root)
	var rep storeVerifyReport
	if jerr := json.Unmarshal([]byte(out), &rep); err == nil || jerr != nil {
		t.Fatalf("verify: %v, %v\n%s", err, jerr, out)
	}
	if rep.OK != 2 || rep.Unavailable != 1 || rep.Bytes != want || rep.Messages != 20 {
		t.Fatalf("report %+v: want 2 ok, 1 unavailable, %d bytes and 20 messages verified", rep, want)
	}
	out, _, _ = runCmd(t, RunStore, "verify", root)
	if !strings.Contains(out, fmt.Sprintf("(20 messages, %d bytes verified)", want)) {
		t.Fatalf("text output:\n%s\nwant %d bytes verified", out, want)
	}
}

func TestStoreGC(t *testing.T) {
	root, paths := storeFixture(t)
	ref := filepath.Join(t.TempDir(), "referenced")
	os.WriteFile(ref, []byte("# committed checkpoints\nkeep\n\nvictim\n"), 0o600)
	// Without --referenced nothing is removed.
	if _, _, err := runCmd(t, RunStore, "gc", root, "--grace", "1h"); err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("gc without --referenced removed %s", p)
		}
	}
	out, errs, err := runCmd(t, RunStore, "gc", root, "--grace", "1h", "--referenced", ref, "--json")
	if err != nil {
		t.Fatalf("%v: %s", err, errs)
	}
	var rep storeGCReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Removed) != 1 || rep.Removed[0] != "orphan" || rep.Kept != 2 || rep.Referenced != 2 {
		t.Fatalf("report %+v", rep)
	}
	if _, err := os.Stat(paths["orphan"]); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("orphan survived gc")
	}
	// A file naming none of the store's checkpoints (empty, or another
	// store's) stops gc before it removes anything.
	os.WriteFile(ref, nil, 0o600)
	if _, _, err := runCmd(t, RunStore, "gc", "--grace=0s", "--referenced="+ref, root); err == nil || !strings.Contains(err.Error(), "names none of the 2 checkpoints") {
		t.Fatalf("gc with an empty --referenced: %v", err)
	}
	for _, id := range []string{"keep", "victim"} {
		if _, err := os.Stat(paths[id]); err != nil {
			t.Fatalf("refused gc removed %s: %v", id, err)
		}
	}
	// A grace longer than the bundles' age keeps everything.
	out, _, err = runCmd(t, RunStore, "gc", "--grace=72h", "--referenced="+ref, "--allow-none-referenced", root)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "removed 0") {
		t.Fatalf("output: %s", out)
	}
}

func TestStoreUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"frobnicate"}, {"verify"}, {"verify", "a", "b"}, {"gc", "--grace", "soon", "x"}, {"gc", "x", "--grace", "-1h"}} {
		if _, _, err := runCmd(t, RunStore, args...); !errors.Is(err, errUsage) {
			t.Errorf("RunStore(%q) = %v, want a usage error", args, err)
		}
	}
	if _, _, err := runCmd(t, RunStore, "verify", "-h"); !errors.Is(err, errHelp) {
		t.Errorf("-h: %v", err)
	}
	if _, _, err := runCmd(t, RunStore, "verify", filepath.Join(t.TempDir(), "missing")); err == nil || errors.Is(err, errUsage) {
		t.Errorf("verify of a missing dir: %v", err)
	}
}

// Issue 11: an acknowledged bundle deleted behind the store's back, or a
// link planted in it, used to verify as a healthy store with fewer bundles.
func TestStoreVerifyReportsLostAndForeign(t *testing.T) {
	root, paths := storeFixture(t)
	if err := os.Remove(paths["victim"]); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(root, "s-planted")); err != nil {
		t.Fatal(err)
	}
	out, _, err := runCmd(t, RunStore, "verify", root)
	if err == nil || !strings.Contains(err.Error(), "1 acknowledged bundle lost") || !strings.Contains(err.Error(), "1 foreign") {
		t.Fatalf("verify: %v\n%s", err, out)
	}
	if !strings.Contains(out, `LOST         session "s2"  checkpoint victim`) || !strings.Contains(out, "FOREIGN      "+filepath.Join(root, "s-planted")) {
		t.Fatalf("output:\n%s", out)
	}
}

// TestStoreVerifyRefusesAnOrdinaryDirectory: verify pointed at a directory
// that is not a store says so instead of "0 bundles … ok".
func TestStoreVerifyRefusesAnOrdinaryDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, err := runCmd(t, RunStore, "verify", dir)
	if err == nil || !strings.Contains(err.Error(), "not an ef store") {
		t.Fatalf("verify of an ordinary directory: err=%v out=%s", err, out)
	}
	empty := t.TempDir()
	if _, _, err := runCmd(t, RunStore, "verify", empty); err != nil {
		t.Fatalf("verify of an empty directory (an empty store): %v", err)
	}
}

// A bundle lost and stored again by a re-fold of its log (under a new file
// name: its createdAt is the re-fold's) is no longer reported lost: ef
// store verify used to fail on it forever.
func TestStoreVerifyAfterARefoldStoredTheLostBundleAgain(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	store := filepath.Join(dir, "store")
	acc, text, err := foldRun(t, log, "--store", store, "--out", filepath.Join(dir, "a.jsonl"), "--window", "2000", "--json")
	if err != nil || len(foldedIDs(t, acc)) == 0 {
		t.Fatalf("fold: %v\n%s", err, text)
	}
	id := foldedIDs(t, acc)[0]
	files, _ := filepath.Glob(filepath.Join(store, "s-*", "c-"+id+".*.efb"))
	if len(files) != 1 {
		t.Fatalf("bundle of %s: %v", id, files)
	}
	if err := os.Remove(files[0]); err != nil {
		t.Fatal(err)
	}
	if out, _, err := runCmd(t, RunStore, "verify", store); err == nil || !strings.Contains(out, "LOST") {
		t.Fatalf("verify after the loss: %v\n%s", err, out)
	}
	if _, text, err := foldRun(t, log, "--store", store, "--out", filepath.Join(dir, "b.jsonl"), "--window", "2000"); err != nil {
		t.Fatalf("re-fold: %v\n%s", err, text)
	}
	if again, _ := filepath.Glob(filepath.Join(store, "s-*", "c-"+id+".*.efb")); len(again) != 1 || again[0] == files[0] {
		t.Fatalf("the re-fold stored %s as %v, want one file under a new name", id, again)
	}
	if out, _, err := runCmd(t, RunStore, "verify", store); err != nil || strings.Contains(out, "LOST") {
		t.Fatalf("verify after the re-fold stored the bundle again: %v\n%s", err, out)
	}
}
