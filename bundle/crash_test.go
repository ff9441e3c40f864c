package bundle_test

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/testutil"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

const (
	crashChildEnv = "EF_BUNDLE_CRASH_CHILD"
	// crashStopEnv=N makes the child stop at the entry of its N-th
	// filesystem operation (printing "stop <n> <op> <path>") and wait
	// there to be killed: a kill at an exact syscall entry.
	crashStopEnv = "EF_BUNDLE_CRASH_STOP"
)

// stopFS counts the filesystem operations of the child (every FS call and
// every File Write, Sync and Close) and freezes at the stop-th one.
type stopFS struct {
	bundle.FS
	mu   sync.Mutex
	n    int
	stop int
}

func (f *stopFS) at(op, path string) {
	f.mu.Lock()
	f.n++
	hit := f.n == f.stop
	f.mu.Unlock()
	if hit {
		fmt.Fprintf(os.Stdout, "stop %d %s %s\n", f.stop, op, filepath.Base(path))
		for {
			time.Sleep(time.Hour) // wait for the kill
		}
	}
}

func (f *stopFS) MkdirAll(p string, m fs.FileMode) error {
	f.at("mkdir", p)
	return f.FS.MkdirAll(p, m)
}
func (f *stopFS) Chmod(p string, m fs.FileMode) error { f.at("chmod", p); return f.FS.Chmod(p, m) }
func (f *stopFS) Rename(a, b string) error            { f.at("rename", b); return f.FS.Rename(a, b) }
func (f *stopFS) Remove(p string) error               { f.at("remove", p); return f.FS.Remove(p) }
func (f *stopFS) RemoveAll(p string) error            { f.at("removeall", p); return f.FS.RemoveAll(p) }
func (f *stopFS) SyncDir(p string) error              { f.at("syncdir", p); return f.FS.SyncDir(p) }
func (f *stopFS) Lock(p string) (io.Closer, error)    { f.at("lock", p); return f.FS.Lock(p) }
func (f *stopFS) CreatePending(name string) (bundle.PendingFile, error) {
	f.at("create", name)
	pf, err := f.FS.CreatePending(name)
	if err != nil {
		return nil, err
	}
	return &stopPending{PendingFile: pf, fs: f}, nil
}

// stopPending stops at the entry of a pending file's write and of its
// replace (renameio's fsync, close and rename, one call).
type stopPending struct {
	bundle.PendingFile
	fs *stopFS
}

func (f *stopPending) Write(p []byte) (int, error) {
	f.fs.at("write", f.Name())
	return f.PendingFile.Write(p)
}
func (f *stopPending) CloseAtomicallyReplace() error {
	f.fs.at("replace", f.Name())
	return f.PendingFile.CloseAtomicallyReplace()
}

// TestCrashChild is the child half of TestCrashKill: when started by it
// (with EF_BUNDLE_CRASH_CHILD=<root>:<iteration>) it writes bundles in a
// loop, printing "begin <session> <id>" before and "ack <session> <id>"
// after each Put, until it is killed. Otherwise it is skipped.
func TestCrashChild(t *testing.T) {
	spec := os.Getenv(crashChildEnv)
	if spec == "" {
		t.Skip("helper process for TestCrashKill")
	}
	i := strings.LastIndexByte(spec, ':')
	root, iter := spec[:i], spec[i+1:]
	seed, _ := strconv.ParseUint(iter, 10, 64)
	opts := bundle.Options{LockTimeout: 10 * time.Second}
	if n, _ := strconv.Atoi(os.Getenv(crashStopEnv)); n > 0 {
		opts.FS = &stopFS{FS: bundle.OSFS{}, stop: n}
	}
	s, err := bundle.Open(root, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child open:", err)
		os.Exit(3)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for n := 0; ; n++ {
		session := fmt.Sprintf("session-%d", r.IntN(4))
		if r.IntN(8) == 0 {
			session = fmt.Sprintf("fresh-%s-%d", iter, n) // exercise session creation
		}
		id := fmt.Sprintf("k%s-%04d", iter, n)
		size := []int{2, 20, 200}[r.IntN(3)]
		b := bundletest.Bundle(session, id, bundletest.Messages(seed*1000+uint64(n), size, 300))
		// os.Stdout is unbuffered: each line is one write(2).
		fmt.Fprintf(os.Stdout, "begin %s %s %d\n", session, id, size)
		if _, err := s.Put(t.Context(), b); err != nil {
			fmt.Fprintln(os.Stderr, "child put:", err)
			os.Exit(4)
		}
		fmt.Fprintf(os.Stdout, "ack %s %s %d\n", session, id, size)
	}
}

// TestCrashKill re-executes the test binary as a writer and kills it with
// SIGKILL, in two ways:
//   - random: at a random moment, EF_CRASH_ITERATIONS times (default 400,
//     5 in the short profile, where the targeted kills matter more);
//   - targeted: at the entry of the writer's N-th filesystem operation, for
//     N = 1, 2, ... EF_CRASH_TARGETED (default 200, 40 in the short profile,
//     which still covers Open and the first four Puts step by step, every
//     kind of operation among them: about 10 s under -race where 90 kills
//     took 50), so every
//     step of a write (create, write, replace — renameio's fsync, close
//     and rename —, directory sync, read-back, manifest) is
//     interrupted on every run, whatever the machine's timing.
//
// After each kill the parent reopens the store and checks that every
// bundle acknowledged before the kill verifies and is byte-exact against
// what the child generated (count and bytes), that the only other visible
// bundle is the one that was in flight, and that the audit finds no lost
// acknowledged bundle and nothing foreign; leftover temp files are swept
// by the reopen. Every 25 kills the store is re-verified in full and a
// fresh root started.
//
// The long profile runs the full counts without -race only (.ci/run's
// step without -race): what is checked is the store on disk after each
// SIGKILL, which the race detector does not look at, and the 600 kills of
// instrumented children took minutes of CI's -race run. Under -race the
// long profile runs the short counts, which still drive the writer's
// goroutines and the reopen under the detector.
func TestCrashKill(t *testing.T) {
	if os.Getenv(crashChildEnv) != "" {
		t.Skip("in child")
	}
	knob := func(name string, short, full int) int {
		v := os.Getenv(name)
		if v == "" {
			return testutil.SizeWithoutRace(t, short, full)
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("%s=%q: %v", name, v, err)
		}
		return n
	}
	random, targeted := knob("EF_CRASH_ITERATIONS", 5, 400), knob("EF_CRASH_TARGETED", 40, 200)
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d (kill timing)", seed)
	r := rand.New(rand.NewPCG(seed, 1))

	var (
		root                                 string
		acked                                map[crashKey]crashWant
		totalAcked, killsMidWrite, tempsSeen int
	)
	ops := map[string]int{}
	start := time.Now()
	total := random + targeted
	for it := 0; it < total; it++ {
		if it%25 == 0 {
			root = filepath.Join(t.TempDir(), "store")
			acked = map[crashKey]crashWant{}
		}
		stopAt := 0
		if it >= random {
			stopAt = it - random + 1
		}
		cmd := testutil.Child(t, "^TestCrashChild$", crashChildEnv+"="+root+":"+strconv.Itoa(it), crashStopEnv+"="+strconv.Itoa(stopAt))
		var stderr strings.Builder
		cmd.Stderr = &stderr
		stdout := testutil.Start(t, cmd)
		lines := make(chan string, 1024)
		stopped := make(chan string, 1)
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "stop ") {
					stopped <- sc.Text()
				}
				lines <- sc.Text()
			}
			close(lines)
		}()
		if stopAt > 0 {
			select {
			case l := <-stopped:
				ops[strings.Fields(l)[2]]++
			case <-time.After(2 * time.Minute):
				cmd.Process.Kill()
				t.Fatalf("child never reached filesystem operation %d: %s", stopAt, stderr.String())
			}
		} else {
			time.Sleep(time.Duration(5+r.IntN(80)) * time.Millisecond)
		}
		cmd.Process.Kill() // SIGKILL on unix
		var inflight *crashKey
		var ackedNow []crashKey
		sizes := map[crashKey]int{}
		for l := range lines {
			f := strings.Fields(l)
			if len(f) != 4 || (f[0] != "begin" && f[0] != "ack") {
				continue // test framework chatter, the stop line
			}
			k := crashKey{f[1], f[2]}
			sizes[k], _ = strconv.Atoi(f[3])
			switch f[0] {
			case "begin":
				inflight = &k
			case "ack":
				inflight = nil
				ackedNow = append(ackedNow, k)
			}
		}
		werr := cmd.Wait()
		if ws := cmd.ProcessState; ws != nil && ws.Exited() {
			t.Fatalf("child exited on its own (%v): %s", werr, stderr.String())
		}
		if inflight != nil {
			killsMidWrite++
		}
		tempsSeen += countTemps(t, root)

		s, err := bundle.Open(root, bundle.Options{LockTimeout: 5 * time.Second})
		if err != nil {
			t.Fatalf("reopen after kill %d: %v", it, err)
		}
		for _, k := range ackedNow {
			acked[k] = crashWant{seed: uint64(it)*1000 + idSeq(k.id), size: sizes[k]}
			totalAcked++
			if err := s.Verify(ctx, k.session, k.id); err != nil {
				t.Fatalf("kill %d: acknowledged %s/%s does not verify: %v", it, k.session, k.id, err)
			}
		}
		if n := countTemps(t, root); n != 0 {
			t.Fatalf("kill %d: %d temp files survived reopen", it, n)
		}
		// Nothing visible beyond the acknowledged bundles and the one in flight.
		visible := 0
		for _, in := range bundletest.ListAll(t, s) {
			k := crashKey{in.Session, in.CheckpointID}
			if in.Err != nil {
				t.Fatalf("kill %d (stop %d): visible broken bundle %v: %v", it, stopAt, k, in.Err)
			}
			if _, ok := acked[k]; ok {
				visible++
				continue
			}
			if inflight != nil && k == *inflight {
				if err := s.Verify(ctx, k.session, k.id); err != nil {
					t.Fatalf("kill %d: in-flight bundle visible but broken: %v", it, err)
				}
				// It is complete; keep tracking it.
				acked[k] = crashWant{seed: uint64(it)*1000 + idSeq(k.id), size: sizes[k]}
				visible++
				continue
			}
			t.Fatalf("kill %d: unexpected bundle %v visible", it, k)
		}
		if visible != len(acked) {
			t.Fatalf("kill %d: %d bundles visible, %d acknowledged", it, visible, len(acked))
		}
		if a, err := s.Audit(ctx); err != nil || len(a.Missing) > 0 || len(a.Foreign) > 0 {
			t.Fatalf("kill %d (stop %d): audit %+v %v", it, stopAt, a, err)
		}
		if it%25 == 24 || it == total-1 {
			for k, w := range acked {
				b, err := s.Get(ctx, k.session, k.id)
				if err != nil {
					t.Fatalf("full check: %v: %v", k, err)
				}
				sameMessages(t, b.Archive.ShadowedMessages, bundletest.Messages(w.seed, w.size, 300))
			}
		}
		s.Close()
	}
	t.Logf("%d kills in %v (%d random, %d at the entry of filesystem operations %v): %d bundles acknowledged and verified, %d kills with a Put in flight, %d temp files swept, nothing acknowledged lost",
		total, time.Since(start).Round(time.Millisecond), random, targeted, ops, totalAcked, killsMidWrite, tempsSeen)
}

type crashKey struct{ session, id string }

// crashWant is what the child generated for a bundle.
type crashWant struct {
	seed uint64
	size int
}

// idSeq extracts n from an id "k<iter>-<n>".
func idSeq(id string) uint64 {
	n, _ := strconv.ParseUint(id[strings.LastIndexByte(id, '-')+1:], 10, 64)
	return n
}

func countTemps(t *testing.T, root string) int {
	n := 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && bundletest.IsTempName(d.Name()) {
			n++
		}
		return nil
	})
	return n
}
