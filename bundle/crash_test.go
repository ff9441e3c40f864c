package bundle_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/testutil"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
)

const crashChildEnv = "EF_BUNDLE_CRASH_CHILD"

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
	s, err := bundle.Open(root, bundle.Options{LockTimeout: 10 * time.Second})
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
		fmt.Fprintf(os.Stdout, "begin %s %s\n", session, id)
		if _, err := s.Put(t.Context(), b); err != nil {
			fmt.Fprintln(os.Stderr, "child put:", err)
			os.Exit(4)
		}
		fmt.Fprintf(os.Stdout, "ack %s %s\n", session, id)
	}
}

// TestCrashKill re-executes the test binary as a writer and kills it with
// SIGKILL at random moments, EF_CRASH_ITERATIONS times (default 200, 40
// in the short profile).
// After each kill the parent reopens the store and checks that every
// bundle acknowledged before the kill verifies and is byte-exact, and that
// the only other visible bundle is the one that was in flight; leftover
// temp files are swept by the reopen. Every 25 kills the store is
// re-verified in full and a fresh root started.
func TestCrashKill(t *testing.T) {
	if os.Getenv(crashChildEnv) != "" {
		t.Skip("in child")
	}
	iterations := testutil.Size(t, 40, 200)
	if v := os.Getenv("EF_CRASH_ITERATIONS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("EF_CRASH_ITERATIONS=%q: %v", v, err)
		}
		iterations = n
	}
	if testing.Short() && iterations > 20 {
		iterations = 20
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d (kill timing)", seed)
	r := rand.New(rand.NewPCG(seed, 1))

	type key struct{ session, id string }
	var (
		root                                 string
		acked                                map[key]uint64 // -> message seed
		totalAcked, killsMidWrite, tempsSeen int
	)
	start := time.Now()
	for it := 0; it < iterations; it++ {
		if it%25 == 0 {
			root = filepath.Join(t.TempDir(), "store")
			acked = map[key]uint64{}
		}
		cmd := exec.Command(exe, "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+root+":"+strconv.Itoa(it))
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 1024)
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		time.Sleep(time.Duration(5+r.IntN(80)) * time.Millisecond)
		cmd.Process.Kill() // SIGKILL on unix
		var inflight *key
		var ackedNow []key
		for l := range lines {
			f := strings.Fields(l)
			if len(f) != 3 {
				continue // test framework chatter
			}
			k := key{f[1], f[2]}
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
			seedOf := uint64(it)*1000 + idSeq(k.id)
			acked[k] = seedOf
			totalAcked++
			if err := s.Verify(ctx, k.session, k.id); err != nil {
				t.Fatalf("kill %d: acknowledged %s/%s does not verify: %v", it, k.session, k.id, err)
			}
		}
		if n := countTemps(t, root); n != 0 {
			t.Fatalf("kill %d: %d temp files survived reopen", it, n)
		}
		// Nothing visible beyond the acknowledged bundles and the one in flight.
		sessions, err := s.Sessions(ctx)
		if err != nil {
			t.Fatal(err)
		}
		visible := 0
		for _, sid := range sessions {
			infos, err := s.List(ctx, sid)
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range infos {
				k := key{sid, in.CheckpointID}
				if in.Err != nil {
					t.Fatalf("kill %d: visible broken bundle %v: %v", it, k, in.Err)
				}
				if _, ok := acked[k]; ok {
					visible++
					continue
				}
				if inflight != nil && k == *inflight {
					if err := s.Verify(ctx, k.session, k.id); err != nil {
						t.Fatalf("kill %d: in-flight bundle visible but broken: %v", it, err)
					}
					acked[k] = uint64(it)*1000 + idSeq(k.id) // it is complete; keep tracking it
					visible++
					continue
				}
				t.Fatalf("kill %d: unexpected bundle %v visible", it, k)
			}
		}
		if visible != len(acked) {
			t.Fatalf("kill %d: %d bundles visible, %d acknowledged", it, visible, len(acked))
		}
		if it%25 == 24 || it == iterations-1 {
			for k, msgSeed := range acked {
				b, err := s.Get(ctx, k.session, k.id)
				if err != nil {
					t.Fatalf("full check: %v: %v", k, err)
				}
				if want := bundletest.Messages(msgSeed, len(b.Archive.ShadowedMessages), 300); len(want) > 0 {
					sameMessages(t, b.Archive.ShadowedMessages, want)
				}
			}
		}
		s.Close()
	}
	t.Logf("%d kills in %v: %d bundles acknowledged and verified, %d kills with a Put in flight, %d temp files swept",
		iterations, time.Since(start).Round(time.Millisecond), totalAcked, killsMidWrite, tempsSeen)
}

// idSeq extracts n from an id "k<iter>-<n>".
func idSeq(id string) uint64 {
	n, _ := strconv.ParseUint(id[strings.LastIndexByte(id, '-')+1:], 10, 64)
	return n
}

func countTemps(t *testing.T, root string) int {
	n := 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".tmp-") {
			n++
		}
		return nil
	})
	return n
}
