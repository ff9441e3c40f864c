package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// damageBundle flips one byte in the middle of the bundle file of
// checkpoint id in store and returns the file's path.
func damageBundle(t *testing.T, store, id string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(store, "s-*", "c-"+id+".*.efb"))
	if err != nil || len(files) != 1 {
		t.Fatalf("bundle of %s: %v %v", id, files, err)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x40
	if err := os.WriteFile(files[0], data, 0o600); err != nil {
		t.Fatal(err)
	}
	return files[0]
}

// storeFiles lists every file under store but the recall index.
func storeFiles(t *testing.T, store string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(store, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".recall" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A re-fold that meets its checkpoint stored in a damaged bundle stops
// there with an error that names the file and what to do, and writes
// nothing: it used to fail that fold, fold on from a surface the stored
// checkpoints were not cut from, fail every later fold whose id the store
// held ("checkpoint exists with different content") and file new
// checkpoints beside the old ones. Moved out of the store, the bundle is
// archived anew from the log by the same command, under the same ids.
func TestFoldStopsAtADamagedBundle(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	store := filepath.Join(dir, "store")
	acc, text, err := foldRun(t, log, "--store", store, "--out", filepath.Join(dir, "a.jsonl"), "--window", "2000", "--json")
	if err != nil || acc.Failed != 0 || len(foldedIDs(t, acc)) < 2 {
		t.Fatalf("first fold: %v, %d failed\n%s", err, acc.Failed, text)
	}
	first := foldedIDs(t, acc)
	damaged := damageBundle(t, store, first[0])
	before := storeFiles(t, store)
	bytesBefore, _ := os.ReadFile(damaged)

	out := filepath.Join(dir, "b.jsonl")
	_, text, err = foldRun(t, log, "--store", store, "--out", out, "--window", "2000", "--json")
	stop, ok := errors.AsType[*foldStopped](err)
	if !ok || foldDamaged(stop.err) == nil {
		t.Fatalf("re-fold over a damaged bundle: %v, want it stopped at the damaged bundle\n%s", err, text)
	}
	msg := err.Error()
	for _, want := range []string{"stopped at fold 1", first[0], damaged, "hash mismatch", "ef store verify " + shellQuote(store), "move it out of the store"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error does not say %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "different content") {
		t.Errorf("the error calls a bundle it cannot read one of different content:\n%s", msg)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a stopped fold wrote %s", out)
	}
	if after := storeFiles(t, store); !slices.Equal(after, before) {
		t.Errorf("a stopped fold changed the store:\nbefore %v\nafter  %v", before, after)
	}
	if now, _ := os.ReadFile(damaged); !bytes.Equal(now, bytesBefore) {
		t.Error("the fold changed the damaged bundle")
	}

	// The advice works: moved out of the store, the checkpoint is
	// archived anew from the log and the others are reused.
	if err := os.Rename(damaged, filepath.Join(dir, "damaged.efb")); err != nil {
		t.Fatal(err)
	}
	acc, text, err = foldRun(t, log, "--store", store, "--out", out, "--window", "2000", "--json")
	if err != nil || acc.Failed != 0 {
		t.Fatalf("re-fold after moving the damaged bundle out: %v, %d failed\n%s", err, acc.Failed, text)
	}
	if got := foldedIDs(t, acc); !slices.Equal(got, first) {
		t.Errorf("re-fold named checkpoints %v, the first fold %v", got, first)
	}
	if got := storedIDs(t, store, acc.SessionID); len(got) != len(first) {
		t.Errorf("the store holds %v, want the %d checkpoints of the first fold", got, len(first))
	}
}
