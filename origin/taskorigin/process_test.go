package taskorigin_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/origin/taskorigin"
)

// Helper-process modes: the test binary re-runs itself with
// EF_TASKORIGIN_HELPER set to act as a second writer process.
const helperEnv = "EF_TASKORIGIN_HELPER"

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "":
		os.Exit(m.Run())
	case "put":
		os.Exit(helperPut())
	case "loop":
		os.Exit(helperLoop())
	default:
		fmt.Fprintln(os.Stderr, "unknown helper mode")
		os.Exit(1)
	}
}

func helperStore() *taskorigin.Store {
	st, _ := taskorigin.Open(os.Getenv("HELPER_DIR"), taskorigin.Options{})
	return st
}

// helperPut makes one write with the expected hash it was given; exit 0
// won, 3 conflict, 1 anything else.
func helperPut() int {
	s := sampleState("t1")
	s.CurrentState = os.Getenv("HELPER_TAG")
	d, _ := taskorigin.FromState(s)
	r, err := helperStore().Put(context.Background(), "t1", d, os.Getenv("HELPER_EXPECT"))
	switch {
	case err == nil:
		fmt.Println("won", r.Hash)
		return 0
	case errors.Is(err, taskorigin.ErrConflict):
		fmt.Println("conflict", err)
		return 3
	default:
		fmt.Println("error", err)
		return 1
	}
}

// helperLoop rewrites the task with large, changing content until killed.
func helperLoop() int {
	st := helperStore()
	pad := strings.Repeat("padding so the write takes a while ", 4000)
	for i := 0; ; i++ {
		e, err := st.Get("t1")
		if err != nil {
			fmt.Println("error", err)
			return 1
		}
		s, _ := e.Doc.State()
		s.CurrentState = fmt.Sprintf("step %d %s", i, pad)
		d, _ := taskorigin.FromState(s)
		if _, err := st.Put(context.Background(), "t1", d, e.Hash); err != nil {
			fmt.Println("error", err)
			return 1
		}
		if i == 0 {
			fmt.Println("writing") // the parent starts its kill timer now
		}
	}
}

func helper(t *testing.T, mode, dir string, env ...string) *exec.Cmd {
	t.Helper()
	return testutil.Child(t, "^$", append([]string{helperEnv + "=" + mode, "HELPER_DIR=" + dir}, env...)...)
}

// TestConcurrentWriterProcesses: writer processes holding the same
// expected hash race; exactly one wins and the others see a conflict. The
// lock is an OS file lock, so this holds across processes.
func TestConcurrentWriterProcesses(t *testing.T) {
	dir := t.TempDir()
	st := fixedStore(t, dir)
	r0, err := st.Put(context.Background(), "t1", mustDoc(t, sampleState("t1")), taskorigin.ExpectNew)
	if err != nil {
		t.Fatal(err)
	}
	const n = 4
	codes := make([]int, n)
	outs := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		cmd := helper(t, "put", dir, "HELPER_EXPECT="+r0.Hash, fmt.Sprintf("HELPER_TAG=process %d", i))
		wg.Go(func() {
			out, err := cmd.Output()
			outs[i] = string(out)
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				codes[i] = ee.ExitCode()
			} else if err != nil {
				codes[i] = -1
			}
		})
	}
	wg.Wait()
	won, lost := 0, 0
	for i, c := range codes {
		switch c {
		case 0:
			won++
		case 3:
			lost++
		default:
			t.Errorf("process %d: exit %d: %s", i, c, outs[i])
		}
	}
	if won != 1 || lost != n-1 {
		t.Fatalf("won %d, conflicts %d of %d processes: %q", won, lost, n, outs)
	}
	e, err := st.Get("t1")
	if err != nil {
		t.Fatal(err)
	}
	if e.Hash == r0.Hash {
		t.Fatal("the winner's write is not on disk")
	}
}

// TestKillDuringWrite kills a writer process with SIGKILL at random
// moments while it rewrites a large task in a loop; after each kill the
// file must be a whole version (valid, and its content_hash the hash of
// its content), and the next writer must get the lock. The number of kills
// is EF_ORIGIN_KILLS (default 5). .ci/run runs 20 in its -race run and 200
// in a step without -race: what is checked is the file on disk after each
// SIGKILL, which the race detector does not look at, and each kill starts
// an instrumented child, which takes several times as long to start.
func TestKillDuringWrite(t *testing.T) {
	kills := testutil.EnvInt(t, "EF_ORIGIN_KILLS", 5, 0)
	if kills == 0 {
		t.Skip("EF_ORIGIN_KILLS=0 asks for no kill runs")
	}
	dir := t.TempDir()
	st := fixedStore(t, dir)
	if _, err := st.Put(context.Background(), "t1", mustDoc(t, sampleState("t1")), taskorigin.ExpectNew); err != nil {
		t.Fatal(err)
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	versions := map[int64]bool{}
	midWrite := 0
	for i := range kills {
		cmd := helper(t, "loop", dir)
		out := testutil.Start(t, cmd)
		// Wait until the child is in its write loop (process start-up
		// would otherwise eat the delay), then kill it at a random moment.
		line, _ := bufio.NewReader(out).ReadString('\n')
		if line != "writing\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("kill %d: helper said %q", i, line)
		}
		time.Sleep(time.Duration(rng.IntN(40_000)) * time.Microsecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		// A kill between renameio's temp file and its rename leaves the
		// temp file behind: count those kills (they hit a write); the next
		// write removes it.
		tmpGlob := filepath.Join(dir, "t1", "."+taskorigin.FileName+"*")
		if tmps, _ := filepath.Glob(tmpGlob); len(tmps) > 0 {
			midWrite++
		}
		e := taskorigin.ReadEntry(st.Path("t1"))
		if e.Err != nil {
			t.Fatalf("kill %d: file unreadable after kill -9: %v", i, e.Err)
		}
		s, err := e.Doc.State()
		if err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		if s.ContentHash != e.Hash {
			t.Fatalf("kill %d: torn file: content_hash %s, content hashes to %s", i, s.ContentHash, e.Hash)
		}
		if ps := e.Doc.Check(); len(ps) > 0 {
			t.Fatalf("kill %d: invalid file: %v", i, ps)
		}
		versions[s.Version] = true
		// The killed writer's lock is gone: a write goes through at once.
		ctx, cancel := context.WithCancel(testutil.HangContext(t))
		s.CurrentState = fmt.Sprintf("after kill %d", i)
		_, err = st.Put(ctx, "t1", mustDoc(t, s), e.Hash)
		cancel()
		if err != nil {
			t.Fatalf("kill %d: write after kill: %v", i, err)
		}
		if tmps, _ := filepath.Glob(tmpGlob); len(tmps) > 0 {
			t.Fatalf("kill %d: the next write left the dead writer's temp files %v", i, tmps)
		}
	}
	t.Logf("%d kills (%d inside a write: temp file written, not yet renamed); the file was whole after each; %d distinct versions seen", kills, midWrite, len(versions))
}
