//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/testutil"
)

// Issue 11: --out was written in place; a full disk (or a kill) left a
// header-only file that ef inspect took for a valid empty session and that
// blocked the rerun. Now it is complete or absent.
func TestFoldOutOnFullDiskIsAbsent(t *testing.T) {
	dir := t.TempDir()
	log := poisonLog(t, dir)
	small := testutil.SmallFS(t, 64<<10)
	testutil.Fill(t, small, 8<<10)
	out := filepath.Join(small, "out.jsonl")
	_, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", out, "--mode", "root")
	if err == nil || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("fold onto a full disk: %v\n%s", err, text)
	}
	if _, err := os.Lstat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("--out exists after a failed write: %v", err)
	}
	ents, _ := os.ReadDir(small)
	if len(ents) != 1 {
		t.Fatalf("left behind in the output directory: %v", ents)
	}
	// Space back: the rerun is not blocked by a leftover.
	os.Remove(filepath.Join(small, "filler"))
	if _, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", out, "--mode", "root"); err != nil {
		t.Fatalf("rerun: %v\n%s", err, text)
	}
}

// The trial: with the store on a disk that filled up, 613 of 783 folds
// failed one after another, each writing its failure into the log. Now the
// first fold the disk refuses stops ef fold: the checkpoints stored so far
// stay and verify, no new log is written, the message says what was written
// and how to resume, and the same command, once there is space again,
// finishes with the log a fold on a roomy disk writes.
func TestFoldStopsAtTheFirstFullDiskWrite(t *testing.T) {
	dir := t.TempDir()
	args, full, roomy := roomyFold(t, dir, synth.Options{Name: "enospc", Seed: 3, TargetChars: 120_000})
	if len(full.Folds) < 6 {
		t.Fatalf("the log makes %d folds; the test needs more to fill the disk midway", len(full.Folds))
	}

	// The disk is roomy once the filler goes (the rerun's store and
	// recall index, with the index's unmerged segments while bleve's
	// merger lags on a busy machine, took more than a 1 MiB disk holds);
	// the filler leaves room for the store's first bundles, not for all.
	small := testutil.SmallFS(t, 16<<20)
	store, out := filepath.Join(small, "store"), filepath.Join(dir, "out.jsonl")
	testutil.Fill(t, small, 192<<10)
	stdout, stderr, err := runCmd(t, RunFold, args(store, out)...)
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("fold onto a disk that fills: %v\n%s%s", err, stdout, stderr)
	}
	var acc foldAccount
	if jerr := json.Unmarshal([]byte(stdout), &acc); jerr != nil {
		t.Fatalf("the account of a stopped fold is not JSON: %v\n%s", jerr, stdout)
	}
	if acc.Failed != 1 || acc.Stored == 0 || len(acc.Folds) != acc.Stored+1 || acc.Stopped == "" {
		t.Fatalf("stopped fold: %d folds, %d stored, %d failed, stopped %q: want one failure after the stored ones\n%s", len(acc.Folds), acc.Stored, acc.Failed, acc.Stopped, stderr)
	}
	t.Logf("stopped at fold %d of the roomy fold's %d, %d stored", len(acc.Folds), len(full.Folds), acc.Stored)
	for _, want := range []string{fmt.Sprintf("stopped at fold %d", acc.Stored+1), fmt.Sprintf("written: %d checkpoint", acc.Stored), "not written", "was not created", "to resume", "run the same ef fold command again"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	if _, err := os.Lstat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("--out exists after a stopped fold: %v", err)
	}
	// What was stored verifies.
	if vout, verr, err := runCmd(t, RunStore, "verify", store); err != nil {
		t.Fatalf("store verify after the stop: %v\n%s%s", err, vout, verr)
	}

	// Space again: the same command finishes, reusing what it stored,
	// with the log the roomy fold wrote.
	if err := os.Remove(filepath.Join(small, "filler")); err != nil {
		t.Fatal(err)
	}
	again, text, err := foldRun(t, args(store, out)...)
	if err != nil {
		t.Fatalf("the rerun: %v\n%s", err, text)
	}
	if again.Failed != 0 || len(again.Folds) != len(full.Folds) {
		t.Fatalf("the rerun made %d folds (%d failed), the roomy fold %d", len(again.Folds), again.Failed, len(full.Folds))
	}
	sameLog(t, out, roomy)
}

// roomyFold writes the synthetic session opts describes as a DSH log in
// dir and folds it on a roomy disk, with a store beside it, into
// dir/roomy.jsonl, to compare a fold on a disk that fills with. It returns
// the fold's arguments for a store and an --out (a 4000-token window,
// --json), the roomy fold's account and its new log.
func roomyFold(t *testing.T, dir string, opts synth.Options) (args func(store, out string) []string, full foldAccount, roomy string) {
	t.Helper()
	w, err := synth.Generate(opts)
	if err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "session.jsonl")
	if err := hostshim.WriteSession(log, w.Session, hostshim.LogOptions{}); err != nil {
		t.Fatal(err)
	}
	args = func(store, out string) []string {
		return []string{log, "--store", store, "--out", out, "--window", "4000", "--json"}
	}
	roomy = filepath.Join(dir, "roomy.jsonl")
	full, text, err := foldRun(t, args(filepath.Join(dir, "roomy-store"), roomy)...)
	if err != nil {
		t.Fatalf("the fold on a roomy disk: %v\n%s", err, text)
	}
	return args, full, roomy
}

// sameLog fails the test when the resumed fold's new log at out differs
// from the roomy fold's.
func sameLog(t *testing.T, out, roomy string) {
	t.Helper()
	a, _ := os.ReadFile(roomy)
	b, _ := os.ReadFile(out)
	if !bytes.Equal(a, b) {
		t.Fatalf("the resumed fold's log (%d bytes) differs from the roomy fold's (%d bytes)", len(b), len(a))
	}
}

// The log's own folds archived into a store whose disk is full stop ef
// fold as its own folds do: at the first archive the disk refuses, saying
// which of the log's folds, with no new log; once there is space the same
// command finds what it stored and archives the rest.
func TestFoldStopsArchivingTheLogsFoldsOnAFullDisk(t *testing.T) {
	// 1 MiB: the first run is filled to 8 KiB free whatever the size; the
	// rerun needs room for the four bundles (~19 KB) and the recall index
	// beside them (~250 KB while bleve's segments wait to merge, more or
	// less by timing), which 256 KiB left too close: CI under load saw the
	// rerun's bundle write refused after the index took the space.
	small := testutil.SmallFS(t, 1<<20)
	st, out := filepath.Join(small, "store"), filepath.Join(t.TempDir(), "out.jsonl")
	testutil.Fill(t, small, 8<<10)
	_, text, err := foldRun(t, mixedFoldsLog, "--store", st, "--out", out, "--mode", "root")
	var stop *foldStopped
	if !errors.As(err, &stop) || stop.logFold == "" || !strings.Contains(err.Error(), "stopped at the log's own fold "+stop.logFold+": the store cannot take more bundles") {
		t.Fatalf("fold onto a full disk: %v\n%s", err, text)
	}
	t.Logf("%v", err)
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a stopped fold wrote its new log")
	}
	os.Remove(filepath.Join(small, "filler"))
	acc, text, err := foldRun(t, mixedFoldsLog, "--store", st, "--out", out, "--mode", "root", "--json")
	if err != nil || len(acc.LogFolds) != 3 || acc.LogFoldsFailed != 0 {
		t.Fatalf("rerun: %v\n%s", err, text)
	}
	if code, stdout, stderr := runCLI(t, "store", "verify", st); code != 0 {
		t.Fatalf("verify: %s%s", stdout, stderr)
	}
}

// A disk that fills under --out (not under the store) stops ef fold as a
// full store does: the error says how far it read, what it stored, that
// the new log was not created and how to resume, and the account says it
// stopped; the same command, once there is space, reuses every checkpoint
// it stored and writes the log a fold on a roomy disk writes.
func TestFoldOutDiskFullMidwayStopsWithWhatWasStored(t *testing.T) {
	dir := t.TempDir()
	args, full, roomy := roomyFold(t, dir, synth.Options{Name: "outfull", Seed: 5, TargetChars: 900_000})
	if fi, err := os.Stat(roomy); err != nil || fi.Size() < 2*foldOutBatchBytes {
		t.Fatalf("the new log must span several write batches for the disk to fill midway: %v", err)
	}

	// Room for the whole log once the filler goes; 96 KiB, less than a
	// write batch, until then.
	small := testutil.SmallFS(t, 16<<20)
	testutil.Fill(t, small, 96<<10)
	store, out := filepath.Join(dir, "store"), filepath.Join(small, "out.jsonl")
	stdout, stderr, err := runCmd(t, RunFold, args(store, out)...)
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("fold whose --out disk fills: %v\n%s%s", err, stdout, stderr)
	}
	var acc foldAccount
	if jerr := json.Unmarshal([]byte(stdout), &acc); jerr != nil {
		t.Fatalf("the account of a stopped fold is not JSON: %v\n%s", jerr, stdout)
	}
	if acc.Stopped == "" || acc.Stored == 0 || acc.Failed != 0 || acc.EventsIn == 0 || acc.EventsIn >= full.EventsIn {
		t.Fatalf("stopped fold: %d stored, %d failed, %d of %d events read, stopped %q: want a stop midway after stored folds\n%s",
			acc.Stored, acc.Failed, acc.EventsIn, full.EventsIn, acc.Stopped, stderr)
	}
	for _, want := range []string{
		fmt.Sprintf("stopped after %d events of the log", acc.EventsIn),
		"the new log cannot be written",
		fmt.Sprintf("written: %d checkpoint", acc.Stored),
		out + " was not created",
		"to resume: free space on the disk of " + small,
		"run the same ef fold command again: it finds the checkpoints already stored",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	if ents, _ := os.ReadDir(small); len(ents) != 1 {
		t.Fatalf("left behind beside --out: %v", ents)
	}
	if vout, verr, err := runCmd(t, RunStore, "verify", store); err != nil {
		t.Fatalf("store verify after the stop: %v\n%s%s", err, vout, verr)
	}

	if err := os.Remove(filepath.Join(small, "filler")); err != nil {
		t.Fatal(err)
	}
	again, text, err := foldRun(t, args(store, out)...)
	if err != nil {
		t.Fatalf("the rerun: %v\n%s", err, text)
	}
	if again.Reused < acc.Stored || len(again.Folds) != len(full.Folds) {
		t.Fatalf("the rerun reused %d of the %d stored checkpoints and made %d folds, the roomy fold %d", again.Reused, acc.Stored, len(again.Folds), len(full.Folds))
	}
	sameLog(t, out, roomy)
}

// A store on a read-only filesystem stops ef fold before anything is
// written, and the error says so and what to do, as a fold that meets
// one mid-run does (foldRemedy); it was the lock's bare "open: read-only
// file system". The near miss: the same store writable folds.
func TestFoldIntoReadOnlyStoreSaysHowToGoOn(t *testing.T) {
	dir := t.TempDir()
	log := poisonLog(t, dir)
	src, ro := filepath.Join(dir, "src"), filepath.Join(dir, "ro")
	for _, d := range []string{src, ro} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mount(src, ro, "", syscall.MS_BIND, ""); err != nil {
		t.Skipf("cannot bind-mount a directory read-only (needs root / CAP_SYS_ADMIN): %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(ro, syscall.MNT_DETACH) })
	if err := syscall.Mount("", ro, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY, ""); err != nil {
		t.Skipf("cannot remount read-only: %v", err)
	}
	out := filepath.Join(dir, "out.jsonl")
	_, text, err := foldRun(t, log, "--store", ro, "--out", out, "--mode", "root")
	if !errors.Is(err, syscall.EROFS) {
		t.Fatalf("fold into a read-only store: %v\n%s", err, text)
	}
	for _, want := range []string{"nothing was written", ro + " is on a read-only filesystem: remount it read-write, or fold into another --store", "run the same ef fold command again"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	if _, err := os.Lstat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("--out exists after the refusal: %v", err)
	}
	if _, text, err := foldRun(t, log, "--store", src, "--out", out, "--mode", "root"); err != nil {
		t.Fatalf("the same store, writable: %v\n%s", err, text)
	}
}
