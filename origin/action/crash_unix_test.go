//go:build unix

package action_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/testutil"

	"github.com/epistemicfold/ef/origin/action"
)

// crashTargets are the files the crash test writes (relative to the base)
// again and again; a quarter of its actions create a file of their own in
// directories they make (fresh/n<i>/d/f.md, under fresh, which is there
// before the run).
var crashTargets = []string{"demo/a.md", "demo/b.md", "demo/deep/c.md", "d.md"}

// crashIntent is action i of the crash run: an overwrite (with confirm,
// content big enough sometimes to widen the window for a torn write) or an
// append, on one of crashTargets.
func crashIntent(seed uint64, i int) action.Intent {
	r := rand.New(rand.NewPCG(seed, uint64(i)))
	rel := crashTargets[r.IntN(len(crashTargets))]
	size := 1 + r.IntN(64)
	if r.IntN(4) == 0 {
		size = 32 << 10
	}
	content := strings.Repeat(fmt.Sprintf("%d.", i), size)[:size] + "\n"
	if r.IntN(4) == 0 {
		rel = fmt.Sprintf("fresh/n%d/d/f.md", i)
	}
	in := action.Intent{ActionID: fmt.Sprintf("crash-%d", i), Relpath: rel, Content: &content, Approval: "confirm"}
	if r.IntN(3) == 0 {
		in.Mode = action.ModeAppend
	}
	return in
}

// TestCrashChild is the process TestCrashKill9 kills: it submits actions
// from EF_ACT_CRASH_FROM on and prints "ACK <i> <status>" after each result
// is returned.
func TestCrashChild(t *testing.T) {
	base := os.Getenv("EF_ACT_CRASH_CHILD")
	if base == "" {
		t.Skip("helper process of TestCrashKill9; runs only when that test starts it")
	}
	seed, _ := strconv.ParseUint(os.Getenv("EF_ACT_CRASH_SEED"), 10, 64)
	from, _ := strconv.Atoi(os.Getenv("EF_ACT_CRASH_FROM"))
	k, err := action.Open(action.Options{Roots: []string{base}})
	if err != nil {
		fmt.Printf("ERR %v\n", err)
		os.Exit(3)
	}
	fmt.Println("READY")
	for i := from; ; i++ {
		res, err := k.Submit(context.Background(), crashIntent(seed, i), action.ChannelAPI)
		if err != nil {
			fmt.Printf("ERR %v\n", err)
			os.Exit(3)
		}
		fmt.Printf("ACK %d %s\n", i, res.Status)
	}
}

// TestCrashKill9 kills a process submitting actions with SIGKILL at random
// moments, again and again, until at least EF_ACT_CRASH_ACTIONS actions
// (default 20, 5 in the short profile) were acknowledged; .ci/run's -race
// run takes the default and its step without -race 250 (what is checked is
// the disk after each SIGKILL, which the race detector does not look at).
// After every kill: each target holds its content after the last
// acknowledged action or after the one in flight, never a mix; every
// acknowledged action is in the audit with its status; every overwrite
// recorded as done has its backup, holding the old bytes; every record
// parses (a torn last line is allowed, it is no record); and once a new
// kernel has opened (its recovery), no directory a killed write made is
// left empty, while fresh, empty before the run, is still there.
func TestCrashKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test spawns processes; skipped in -short")
	}
	want := testutil.EnvInt(t, "EF_ACT_CRASH_ACTIONS", testutil.Size(t, 5, 20), 1)
	seed := uint64(time.Now().UnixNano())
	if v := os.Getenv("EF_ACT_CRASH_SEED"); v != "" {
		seed, _ = strconv.ParseUint(v, 10, 64)
	}
	t.Logf("seed %d (EF_ACT_CRASH_SEED to repeat), %d actions", seed, want)
	base := t.TempDir()
	fresh := filepath.Join(base, "fresh")
	if err := os.Mkdir(fresh, 0o755); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 0))

	ackStatus := map[string]string{} // every acknowledged action: its status
	model := map[string]string{}     // content of each target after the last acknowledged action ("" = absent)
	acked, next, rounds, inflightDone, torn := 0, 0, 0, 0, 0
	for acked < want {
		rounds++
		cmd := testutil.Child(t, "^TestCrashChild$", "EF_ACT_CRASH_CHILD="+base,
			"EF_ACT_CRASH_SEED="+strconv.FormatUint(seed, 10), "EF_ACT_CRASH_FROM="+strconv.Itoa(next))
		out := testutil.Start(t, cmd)
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// The kill comes after a random number of acknowledgements (0 to
		// 5), at a random moment within the next action: the delay is
		// drawn up to 1.5 times the last action's duration, so the kill
		// lands anywhere in an action however fast the machine is.
		var kill <-chan time.Time
		var acks []string
		killed := false
		target := r.IntN(6)
		last := time.Now()
		arm := func() {
			d := time.Since(last)
			last = time.Now()
			if kill == nil && !killed && len(acks) >= target {
				kill = time.After(time.Duration(r.Int64N(int64(d)*3/2 + 1)))
			}
		}
		for !killed || lines != nil {
			select {
			case l, ok := <-lines:
				if !ok {
					if !killed {
						t.Fatalf("child exited before it was killed: %v", cmd.Wait())
					}
					lines = nil
					continue
				}
				if strings.HasPrefix(l, "ERR") {
					t.Fatalf("child: %s", l)
				}
				if strings.HasPrefix(l, "ACK ") {
					acks = append(acks, l)
					arm()
				}
				if l == "READY" {
					last = time.Now()
					if target == 0 {
						// No action to measure yet: up to 40 ms.
						kill = time.After(time.Duration(r.IntN(40000)) * time.Microsecond)
					}
				}
			case <-kill:
				cmd.Process.Signal(syscall.SIGKILL)
				killed = true
				kill = nil
			}
		}
		cmd.Wait()

		for _, l := range acks {
			f := strings.Fields(l)
			i, _ := strconv.Atoi(f[1])
			if i != next {
				t.Fatalf("ack %d, want %d", i, next)
			}
			in := crashIntent(seed, i)
			if f[2] != string(action.StatusDone) {
				t.Fatalf("action %d: %s", i, f[2])
			}
			if in.Mode == action.ModeAppend {
				model[in.Relpath] += *in.Content
			} else {
				model[in.Relpath] = *in.Content
			}
			ackStatus[in.ActionID] = f[2]
			next++
			acked++
		}
		// The action in flight when the kill came may or may not be done.
		inflight := crashIntent(seed, next)
		targets := slices.Clone(crashTargets)
		for rel := range model {
			if !slices.Contains(targets, rel) {
				targets = append(targets, rel)
			}
		}
		if !slices.Contains(targets, inflight.Relpath) {
			targets = append(targets, inflight.Relpath)
		}
		for _, rel := range targets {
			b, err := os.ReadFile(filepath.Join(base, filepath.FromSlash(rel)))
			got := string(b)
			if err != nil {
				got = ""
			}
			old := model[rel]
			ok := got == old
			if !ok && rel == inflight.Relpath {
				nw := *inflight.Content
				if inflight.Mode == action.ModeAppend {
					nw = old + nw
				}
				if got == nw {
					ok = true
					model[rel] = nw // the next actions start from what is there
					inflightDone++
					if inflight.Mode != action.ModeAppend && old != "" && !hasBackup(t, base, old) {
						t.Fatalf("round %d: the unacknowledged overwrite of %s happened without a backup of its old content", rounds, rel)
					}
				}
			}
			if !ok {
				t.Fatalf("round %d: %s holds %d bytes (sha %s), neither its old nor its new content", rounds, rel, len(got), shortSHA(got))
			}
		}
		next++ // the in-flight action is abandoned, never retried
		torn = checkCrashAudit(t, base, ackStatus)
		// The next start recovers: no directory the killed write made is
		// left empty behind it.
		k, err := action.Open(action.Options{Roots: []string{base}})
		if err != nil {
			t.Fatalf("round %d: open after the kill: %v", rounds, err)
		}
		k.Close()
		if empty := emptyDirsUnder(t, fresh); len(empty) > 0 {
			t.Fatalf("round %d: after recovery, empty directories left by a killed write (in flight: %s): %v", rounds, inflight.Relpath, empty)
		}
	}
	t.Logf("%d actions acknowledged over %d kills; the action in flight was found done %d times; %d torn audit lines", acked, rounds, inflightDone, torn)
}

// emptyDirsUnder lists the empty directories below dir (dir itself
// excluded); it fails the test when dir is gone.
func emptyDirsUnder(t *testing.T, dir string) []string {
	t.Helper()
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("%s, there before the run, is gone: %v", dir, err)
	}
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() || p == dir {
			return nil
		}
		if ents, err := os.ReadDir(p); err == nil && len(ents) == 0 {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func shortSHA(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:6])
}

// checkCrashAudit checks the audit after a kill and returns how many torn
// lines it has.
func checkCrashAudit(t *testing.T, base string, acked map[string]string) int {
	t.Helper()
	f, err := os.Open(filepath.Join(action.DefaultStateDir(base), action.AuditFile))
	if err != nil {
		if len(acked) == 0 {
			return 0
		}
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]string{}
	sum, err := action.ReadAudit(f, func(rec *action.AuditRecord) error {
		res := rec.Result
		seen[res.ActionID] = string(res.Status)
		if res.Status != action.StatusDone || res.StateDiff == nil || !res.StateDiff.Before.Exists || res.Verb != action.VerbWrite {
			return nil
		}
		if res.BackupPath == nil {
			return fmt.Errorf("overwrite %s done without a backup", res.ActionID)
		}
		b, err := os.ReadFile(filepath.Join(base, filepath.FromSlash(*res.BackupPath)))
		if err != nil {
			return fmt.Errorf("backup of %s: %v", res.ActionID, err)
		}
		sum := sha256.Sum256(b)
		if hex.EncodeToString(sum[:]) != *res.StateDiff.Before.SHA256 {
			return fmt.Errorf("backup of %s does not hold the old content", res.ActionID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for id, st := range acked {
		if seen[id] != st {
			t.Fatalf("acknowledged action %s (%s) is not in the audit (%q)", id, st, seen[id])
		}
	}
	return sum.Torn
}

// hasBackup reports whether some backup under base's state directory holds
// content.
func hasBackup(t *testing.T, base, content string) bool {
	dir := filepath.Join(action.DefaultStateDir(base), "backups")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("backups: %v", err)
	}
	for _, e := range ents {
		if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && string(b) == content {
			return true
		}
	}
	return false
}
