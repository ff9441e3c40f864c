package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/hostshim"
)

// TestFoldMemoryFlat replays a session log and the same kind of session 16
// times longer through ef fold (pressure folds against a 16K window, with a
// bundle store and its index) and holds the peak live heap of the long run
// to at most 1.2 × that of the short one: ef fold streams the log, keeps
// only the surface and what the next fold needs, and writes the new log as
// it goes. Memory is measured in process (the live heap after each garbage
// collection, sampled throughout the run), not timed.
//
// It runs with EF_FOLD_MEM=1 (a 150,000-character 1× log) or
// EF_FOLD_MEM=<chars>; the 16× replay takes about a minute here. With
// EF_FOLD_MEM_PROFILE=<dir> it also writes a heap profile at each new
// peak (<run>-<n>-<KiB>.pb.gz, in-use memory as of that garbage
// collection), to see what the peaks hold:
//
//	go tool pprof -sample_index=inuse_space -top -cum <dir>/16x-<n>-<KiB>.pb.gz
func TestFoldMemoryFlat(t *testing.T) {
	v := os.Getenv("EF_FOLD_MEM")
	if v == "" {
		t.Skip("replays a 2.4M-character log (about a minute); set EF_FOLD_MEM=1 to run")
	}
	base := 150_000
	if v != "1" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			t.Fatalf("EF_FOLD_MEM=%q: want 1 or a character count", v)
		}
		base = n
	}
	dir := t.TempDir()
	logOf := func(mult int) string {
		w, err := synth.Generate(synth.Options{Name: fmt.Sprintf("mem-%dx", mult), Seed: 7, TargetChars: base * mult})
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, fmt.Sprintf("log-%dx.jsonl", mult))
		if err := hostshim.WriteSession(p, w.Session, hostshim.LogOptions{}); err != nil {
			t.Fatal(err)
		}
		return p
	}
	short, long := logOf(1), logOf(16)
	profiles := os.Getenv("EF_FOLD_MEM_PROFILE")
	if profiles != "" {
		defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
		runtime.MemProfileRate = 8 << 10 // finer than the default 512 KiB
	}
	run := func(log, name string) (uint64, foldAccount, time.Duration) {
		runtime.GC()
		var onPeak func(uint64)
		if profiles != "" {
			n := 0
			onPeak = func(live uint64) {
				n++
				if err := writeHeapProfile(filepath.Join(profiles, fmt.Sprintf("%s-%02d-%d.pb.gz", name, n, live>>10))); err != nil {
					t.Error(err)
				}
			}
		}
		// The account goes to a file, as ef fold's stdout would: held
		// in memory until the fold returns, it would count in the peak.
		out, err := os.Create(filepath.Join(dir, "account-"+name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		defer out.Close()
		peak, stop := sampleLiveHeap(onPeak)
		start := time.Now()
		args := []string{log, "--store", filepath.Join(dir, "store-"+name), "--out", filepath.Join(dir, "out-"+name+".jsonl"), "--window", "16000", "--json"}
		err = RunFold(context.Background(), args, out, io.Discard)
		d := time.Since(start)
		stop()
		if err != nil {
			t.Fatalf("fold %s: %v", name, err)
		}
		var acc foldAccount
		if _, err := out.Seek(0, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		if err := json.NewDecoder(out).Decode(&acc); err != nil {
			t.Fatalf("fold %s: its account: %v", name, err)
		}
		return peak(), acc, d
	}
	p1, a1, d1 := run(short, "1x")
	p16, a16, d16 := run(long, "16x")
	t.Logf("ef fold peak live heap: 1× log (%d events, %d folds) %.1f MiB in %v; 16× log (%d events, %d folds) %.1f MiB in %v; ratio %.2f (limit 1.20)",
		a1.EventsIn, len(a1.Folds), float64(p1)/(1<<20), d1.Round(time.Millisecond), a16.EventsIn, len(a16.Folds), float64(p16)/(1<<20), d16.Round(time.Millisecond), float64(p16)/float64(p1))
	if f1, f16 := fileSize(t, short), fileSize(t, long); f16 < 12*f1 {
		t.Fatalf("the long log is %d bytes, the short %d: not about 16× longer", f16, f1)
	}
	if float64(p16) > 1.2*float64(p1) {
		t.Errorf("peak live heap grows with the log: %.1f MiB for 16×, %.1f MiB for 1× (ratio %.2f > 1.20)", float64(p16)/(1<<20), float64(p1)/(1<<20), float64(p16)/float64(p1))
	}
}

// sampleLiveHeap polls the live heap measured by the last garbage
// collection until stop is called; peak returns the largest value seen.
// onPeak, when not nil, is called with each value 2% above the last one
// it was called with, once the next collection has ended: the heap
// profile reflects a collection only after its sweep, so a profile
// written at once would show the collection before the peak.
func sampleLiveHeap(onPeak func(live uint64)) (peak func() uint64, stop func()) {
	var mu sync.Mutex
	var max uint64
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		var reported, pending, pendingCycle uint64
		for {
			metrics.Read(s)
			v, cycle := s[0].Value.Uint64(), s[1].Value.Uint64()
			mu.Lock()
			if v > max {
				max = v
			}
			mu.Unlock()
			if onPeak != nil {
				if pending != 0 && cycle > pendingCycle {
					onPeak(pending)
					pending = 0
				}
				if v > reported+reported/50 {
					reported, pending, pendingCycle = v, v, cycle
				}
			}
			select {
			case <-quit:
				if pending != 0 {
					onPeak(pending)
				}
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 { mu.Lock(); defer mu.Unlock(); return max }, func() { runtime.GC(); close(quit); wg.Wait() }
}

// writeHeapProfile writes the heap profile (in-use memory as of the last
// garbage collection) to path.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func fileSize(t *testing.T, p string) int64 {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}
