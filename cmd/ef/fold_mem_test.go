package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strconv"
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
// it goes. Memory is measured in process, not timed (see sampleLiveHeap):
// the live heap of a stop-the-world collection every foldMemSampleBytes
// allocated, in a child process of this test run with
// GODEBUG=gcstoptheworld=1. As a check on the measurement itself, it also
// folds the 1× log 16 times in a row, each into a new store, a run whose
// memory cannot grow with the log: its peak must be within the same limit
// of the single 1× run's, or the ratio would be the sampling's noise.
//
// It runs with EF_FOLD_MEM=1 (a 150,000-character 1× log) or
// EF_FOLD_MEM=<chars>. With EF_FOLD_MEM_PROFILE=<dir> it also writes a
// heap profile at each new peak (<run>-<n>-<KiB>.pb.gz, in-use memory as
// of that collection), to see what the peaks hold:
//
//	go tool pprof -sample_index=inuse_space -top -cum <dir>/16x-<n>-<KiB>.pb.gz
func TestFoldMemoryFlat(t *testing.T) {
	memoryFlat(t, "TestFoldMemoryFlat", writeDSHLog, foldForMemory)
}

// TestFoldImportedMemoryFlat is TestFoldMemoryFlat on a trajectory of
// another format, an OpenAI chat log of one message per line (the trial
// saw 213 MB of RSS for a 20 MB one, 1.47 GB for 213 MB: the importer read
// it whole): ef fold streams it through the importer as it streams a DSH
// log.
func TestFoldImportedMemoryFlat(t *testing.T) {
	memoryFlat(t, "TestFoldImportedMemoryFlat", writeChatLog, foldForMemory)
}

// TestInspectImportedMemoryFlat is TestFoldImportedMemoryFlat for ef
// inspect --json: it streams an imported trajectory through the importer
// and keeps one row per surface node, not the session (the importer's
// whole session cost 50/68/160 MB of RSS for a 1/4/16 MB chat log).
func TestInspectImportedMemoryFlat(t *testing.T) {
	memoryFlat(t, "TestInspectImportedMemoryFlat", writeChatLog, inspectForMemory)
}

// TestInspectMemoryFlat is TestInspectImportedMemoryFlat on a DSH session
// log as the host leaves it, compacted (ef fold's output of the log at a
// 16K window): ef inspect streams it too (inspectDSH), keeping the
// surface's structure and one row per node, not the log (read whole, it
// cost 4.9 × a 16 MB message and grew with the log). The host's rules
// need the surface, so on a log never compacted, whose surface is all of
// it, memory grows with the log (by about 1 KB a node: 1.2 × for the 16×
// log's 2,240 events).
func TestInspectMemoryFlat(t *testing.T) {
	memoryFlat(t, "TestInspectMemoryFlat", writeFoldedDSHLog, inspectForMemory)
}

// writeFoldedDSHLog writes s as a DSH session log and returns the path of
// ef fold's output of it at a 16K window (no store).
func writeFoldedDSHLog(p string, s *hostshim.Session) (string, error) {
	log, err := writeDSHLog(p, s)
	if err != nil {
		return "", err
	}
	out := p + ".folded.jsonl"
	return out, RunFold(context.Background(), []string{log, "--out", out, "--window", "16000"}, io.Discard, io.Discard)
}

// TestStateImportedMemoryFlat is TestInspectImportedMemoryFlat for ef
// state --json: it reduces an imported trajectory as the importer streams
// it (stateStream), keeping the projection, not the session.
func TestStateImportedMemoryFlat(t *testing.T) {
	memoryFlat(t, "TestStateImportedMemoryFlat", writeChatLog, stateForMemory)
}

// TestStateMemoryFlat is TestStateImportedMemoryFlat on a DSH session log
// never compacted: ef state reduces it as it is read (stateDSH), keeping
// the projection and, beside it, the surface's structure without its texts
// for the host's rules (read whole, it cost about 7 × the log: 397 MB of
// RSS for a 45.6 MB log, 1.45 GB for 201 MB). The surface of a log never
// compacted is all of it, so its structure grows a little with the log
// (well under 1 KB a node): the 16× run may use 1.5 × the 1× run's heap.
func TestStateMemoryFlat(t *testing.T) {
	memoryFlatWithin(t, "TestStateMemoryFlat", 1.5, writeDSHLog, stateForMemory)
}

// stateForMemory runs ef state --json on log, its output to a file at at,
// and returns the anchors it printed (as events: memoryFlat only logs
// them).
func stateForMemory(log, at string) (events, folds int, err error) {
	var st stateOutput
	err = runToFile(RunState, []string{"--json", log}, at+"-state.json", &st)
	return len(st.Anchors), 0, err
}

// foldForMemory folds log with a store and an output under at, against a
// 16K window, and returns the events read and the folds made.
func foldForMemory(log, at string) (events, folds int, err error) {
	args := []string{log, "--store", at + "-store", "--out", at + "-out.jsonl", "--window", "16000", "--json"}
	var acc foldAccount
	err = runToFile(RunFold, args, at+"-account.json", &acc)
	return acc.EventsIn, len(acc.Folds), err
}

// inspectForMemory runs ef inspect --json on log, its report to a file
// at at, and returns the events it read.
func inspectForMemory(log, at string) (events, folds int, err error) {
	var rep inspectReport
	err = runToFile(RunInspect, []string{"--json", log}, at+"-inspect.json", &rep)
	return rep.Events, 0, err
}

// runToFile runs the command run with args, its output to a file at path
// (as a command's stdout would be: held in memory until it returns, the
// output would count in the peak), and decodes that JSON output into v.
func runToFile(run func(ctx context.Context, args []string, stdout, stderr io.Writer) error, args []string, path string, v any) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer out.Close()
	if err := run(context.Background(), args, out, io.Discard); err != nil {
		return err
	}
	if _, err := out.Seek(0, io.SeekStart); err != nil {
		return err
	}
	return json.NewDecoder(out).Decode(v)
}

// writeDSHLog writes s as a DSH session log.
func writeDSHLog(p string, s *hostshim.Session) (string, error) {
	p += ".jsonl"
	return p, hostshim.WriteSession(p, s, hostshim.LogOptions{})
}

// chatLine is one message of an OpenAI chat log, chatCall one of its tool
// calls: what writeChatLog and writeHugeChatLog write.
type chatLine struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	ToolCalls  []chatCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

type chatCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// writeChatLog writes s's messages as an OpenAI chat log, one message per
// line.
func writeChatLog(p string, s *hostshim.Session) (string, error) {
	p += ".chat.jsonl"
	msgs, err := s.Messages()
	if err != nil {
		return "", err
	}
	f, err := os.Create(p)
	if err != nil {
		return "", err
	}
	enc := json.NewEncoder(f)
	for _, m := range msgs {
		l := chatLine{Role: string(m.Role)}
		if id, ok := m.ToolResultID(); ok {
			l.Role, l.ToolCallID = "tool", id
		}
		for _, b := range m.Content {
			switch b.Type {
			case hostshim.BlockToolCall:
				c := chatCall{ID: b.ID, Type: "function"}
				c.Function.Name, c.Function.Arguments = b.Name, b.Arguments
				l.ToolCalls = append(l.ToolCalls, c)
			case hostshim.BlockText:
				l.Content += b.Text
			case hostshim.BlockToolResult:
				l.Content += (&hostshim.Message{Content: b.Content}).Text()
			}
		}
		if err := enc.Encode(l); err != nil {
			f.Close()
			return "", err
		}
	}
	return p, f.Close()
}

// memoryFlat is TestFoldMemoryFlat (run as test name) on logs written by
// write, each read by run (ef fold, or another command), which is given
// the log and a path prefix of its own for what it writes, and returns the
// events it read and the folds it made.
func memoryFlat(t *testing.T, name string, write func(path string, s *hostshim.Session) (string, error), run func(log, at string) (events, folds int, err error)) {
	memoryFlatWithin(t, name, 1.2, write, run)
}

// memoryFlatWithin is memoryFlat with the 16× run's peak held to at most
// limit × the 1× run's (the check of the measurement stays at 1.2).
func memoryFlatWithin(t *testing.T, name string, limit float64, write func(path string, s *hostshim.Session) (string, error), run func(log, at string) (events, folds int, err error)) {
	v := os.Getenv("EF_FOLD_MEM")
	if v == "" {
		t.Skip("replays a 2.4M-character log and the short one 16 times, collecting every MiB allocated (about a minute); set EF_FOLD_MEM=1 to run")
	}
	base := 150_000
	if v != "1" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			t.Fatalf("EF_FOLD_MEM=%q: want 1 or a character count", v)
		}
		base = n
	}
	if os.Getenv(foldMemChild) == "" {
		measureInChild(t, name)
		return
	}
	dir := t.TempDir()
	logOf := func(mult int) string {
		w, err := synth.Generate(synth.Options{Name: fmt.Sprintf("mem-%dx", mult), Seed: 7, TargetChars: base * mult})
		if err != nil {
			t.Fatal(err)
		}
		p, err := write(filepath.Join(dir, fmt.Sprintf("log-%dx", mult)), w.Session)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	short, long := logOf(1), logOf(16)
	if f1, f16 := fileSize(t, short), fileSize(t, long); f16 < 12*f1 {
		t.Fatalf("the long log is %d bytes, the short %d: not about 16× longer", f16, f1)
	}
	profiles := os.Getenv("EF_FOLD_MEM_PROFILE")
	if profiles != "" {
		defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
		runtime.MemProfileRate = 8 << 10 // finer than the default 512 KiB
	}
	type result struct {
		peak    uint64
		samples int
		events  int
		folds   int
		took    time.Duration
	}
	// measure runs each log in turn, each with a store and an output of
	// its own, under one sampler.
	measure := func(name string, logs ...string) result {
		var r result
		stop := sampleLiveHeap(foldMemSampleBytes, profilePeaks(t, profiles, name))
		start := time.Now()
		for i, log := range logs {
			events, folds, err := run(log, filepath.Join(dir, fmt.Sprintf("%s-%d", name, i)))
			if err != nil {
				stop()
				t.Fatalf("%s (%s): %v", name, log, err)
			}
			r.events += events
			r.folds += folds
		}
		r.took = time.Since(start)
		r.peak, r.samples = stop()
		return r
	}
	mib := func(b uint64) float64 { return float64(b) / (1 << 20) }
	// A first run, not measured, pays what a process pays once (the
	// tokenizer's tables), which would otherwise count in the 1× peak
	// only and flatter the ratio.
	if _, _, err := run(short, filepath.Join(dir, "warm-up")); err != nil {
		t.Fatalf("warm-up (%s): %v", short, err)
	}
	r1 := measure("1x", short)
	r16 := measure("16x", long)
	rc := measure("1x-16times", slices.Repeat([]string{short}, 16)...)
	t.Logf("peak live heap (a stop-the-world collection every %d KiB allocated):", foldMemSampleBytes>>10)
	for _, c := range []struct {
		name string
		r    result
	}{{"1× log", r1}, {"16× log", r16}, {"1× log 16 times", rc}} {
		t.Logf("  %-16s %5d events %4d folds %5d samples  %5.1f MiB  ratio %.2f  in %v",
			c.name, c.r.events, c.r.folds, c.r.samples, mib(c.r.peak), float64(c.r.peak)/float64(r1.peak), c.r.took.Round(time.Millisecond))
	}
	if float64(rc.peak) > 1.2*float64(r1.peak) {
		t.Errorf("the measurement is noise: reading the 1× log 16 times, memory that cannot grow with the log, peaks at %.1f MiB against %.1f MiB (ratio %.2f > 1.20)", mib(rc.peak), mib(r1.peak), float64(rc.peak)/float64(r1.peak))
	}
	if float64(r16.peak) > limit*float64(r1.peak) {
		t.Errorf("peak live heap grows with the log: %.1f MiB for 16×, %.1f MiB for 1× (ratio %.2f > %.2f)", mib(r16.peak), mib(r1.peak), float64(r16.peak)/float64(r1.peak), limit)
	}
}

// foldMemChild marks the child process TestFoldMemoryFlat measures in.
const foldMemChild = "EF_FOLD_MEM_CHILD"

// measureInChild runs TestFoldMemoryFlat again in a child process with
// every collection stopping the world, and passes its output and verdict
// on. By default a collection marks while the program runs, and whatever
// the program allocates during the mark is counted as live
// (/gc/heap/live:bytes is the marked bytes, and new objects are marked
// at once): the peak then held garbage in proportion to how long the
// marks took on the wall clock, that is to the machine's load. With the
// world stopped, the live heap is what was reachable at that instant.
// (The setting is read at start-up only, hence the child.)
func measureInChild(t *testing.T, name string) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, exe, "-test.run=^"+name+"$", "-test.count=1", "-test.v")
	godebug := "gcstoptheworld=1"
	if g := os.Getenv("GODEBUG"); g != "" {
		godebug = g + "," + godebug
	}
	cmd.Env = append(os.Environ(), foldMemChild+"=1", "GODEBUG="+godebug)
	out, err := cmd.CombinedOutput()
	t.Logf("the measuring process (GODEBUG=%s):\n%s", godebug, out)
	if err != nil {
		t.Fatalf("the measuring process: %v", err)
	}
}

// foldMemSampleBytes is how much the program allocates between two
// samples of sampleLiveHeap. The same for both runs, so the long run is
// not sampled more densely than the short; small enough that a
// checkpoint's indexing or a merge, which each allocate more than this
// while they hold their memory, is met by a sample.
const foldMemSampleBytes = 1 << 20

// sampleLiveHeap turns the garbage collector's own pacing off and collects
// every `every` bytes allocated until stop is called; stop returns the
// largest live heap a collection left and how many collections it made.
// Each sample is a collection this sampler asked for, so none is missed
// (polling the live heap of the runtime's own collections missed those
// that came in quick succession), and both runs are sampled alike: the
// runtime collects in proportion to the live heap, so a run is sampled
// fewer times the smaller its heap, and a maximum over fewer samples is a
// lower one. onPeak, when not nil, is called with each value 2% above the
// last one it was called with, right after its collection (runtime.GC
// returns with the heap profile up to date).
func sampleLiveHeap(every uint64, onPeak func(live uint64)) (stop func() (peak uint64, samples int)) {
	quit := make(chan struct{})
	done := make(chan struct{})
	var max uint64
	var n int
	old := debug.SetGCPercent(-1)
	go func() {
		defer close(done)
		s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/gc/heap/live:bytes"}}
		var reported, last uint64
		collect := func() {
			runtime.GC()
			metrics.Read(s)
			last = s[0].Value.Uint64()
			live := s[1].Value.Uint64()
			n++
			max = maxU(max, live)
			if onPeak != nil && live > reported+reported/50 {
				reported = live
				onPeak(live)
			}
		}
		collect()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				collect()
				return
			case <-tick.C:
			}
			metrics.Read(s[:1])
			if s[0].Value.Uint64()-last >= every {
				collect()
			}
		}
	}()
	return func() (uint64, int) {
		close(quit)
		<-done
		debug.SetGCPercent(old)
		return max, n
	}
}

func maxU(a, b uint64) uint64 {
	if a > b {
		return a
	}
	return b
}

// profilePeaks is sampleLiveHeap's onPeak for a run named name: each peak's
// heap profile written to the folder profiles, as name-<n>-<KiB>.pb.gz
// (nil, no profiles, when profiles is "").
func profilePeaks(t *testing.T, profiles, name string) func(live uint64) {
	if profiles == "" {
		return nil
	}
	n := 0
	return func(live uint64) {
		n++
		if err := writeHeapProfile(filepath.Join(profiles, fmt.Sprintf("%s-%02d-%d.pb.gz", name, n, live>>10))); err != nil {
			t.Error(err)
		}
	}
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
