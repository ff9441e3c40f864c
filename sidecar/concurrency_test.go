package sidecar

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/testutil"
)

// The ef binary the process tests run, built once per test binary.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// efBinary builds cmd/ef once for every test that runs real sidecar
// processes; TestMain removes it.
func efBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "ef-sidecar-test-")
		if built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "ef")
		if out, err := exec.Command("go", "build", "-o", built.bin, "../cmd/ef").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// processTest starts a test that runs real `ef serve` processes (what
// says which): it is skipped with -short, and otherwise gets the built
// binary and a store path in a fresh directory.
func processTest(t *testing.T, what string) (bin, store string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("builds the ef binary and runs %s; skipped with -short", what)
	}
	return efBinary(t), filepath.Join(t.TempDir(), "store")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// procSidecar is a real `ef serve` process driven over its stdio.
type procSidecar struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
	id  int
}

// startSidecar starts `ef serve --store store` and initializes it.
func startSidecar(t *testing.T, bin, store string) *procSidecar {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--store", store)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(testutil.Start(t, cmd))
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	p := &procSidecar{cmd: cmd, in: in, out: sc}
	t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
	if _, err := p.call(MethodInitialize, map[string]any{"protocolVersion": ProtocolVersion}); err != nil {
		t.Fatal(err)
	}
	return p
}

// call sends a request and reads its answer; notify sends a notification.
func (p *procSidecar) call(method string, params any) (map[string]any, error) {
	p.id++
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": p.id, "method": method, "params": params})
	if _, err := p.in.Write(append(b, '\n')); err != nil {
		return nil, err
	}
	if !p.out.Scan() {
		return nil, fmt.Errorf("%s: sidecar closed its output: %v", method, p.out.Err())
	}
	var msg struct {
		Result map[string]any `json:"result"`
		Error  *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(p.out.Bytes(), &msg); err != nil {
		return nil, err
	}
	if msg.Error != nil {
		return nil, fmt.Errorf("%s: %d %s", method, msg.Error.Code, msg.Error.Message)
	}
	return msg.Result, nil
}

func (p *procSidecar) notify(method string, params any) error {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	_, err := p.in.Write(append(b, '\n'))
	return err
}

// procFold does what dsh-plugin does for a pressure fold, against a
// process: sync, plan, the host's transaction, compile. It returns the
// checkpoint id, or "" when no fold was planned.
func procFold(p *procSidecar, host *hostshim.Session, sent *int, window int) (string, error) {
	sync := func() error {
		var err error
		if *sent == 0 {
			err = p.notify(MethodSessionOpen, map[string]any{"sessionId": host.ID, "events": serveEvents(host, 0)})
		} else {
			err = p.notify(MethodSessionEvents, map[string]any{"sessionId": host.ID, "fromSeq": *sent, "events": serveEvents(host, *sent)})
		}
		*sent = host.Len()
		return err
	}
	if err := sync(); err != nil {
		return "", err
	}
	ms, err := hostshim.MeasureSurface(host, hostshim.HeuristicMeter{})
	if err != nil {
		return "", err
	}
	plan, err := p.call(MethodFoldPlan, map[string]any{"sessionId": host.ID, "trigger": "pressure", "contextWindow": window, "totalTokens": ms.Total, "length": host.Len()})
	if err != nil || plan["decision"] != DecisionFold {
		return "", err
	}
	var ckpt string
	tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
		if err := sync(); err != nil {
			return nil, err
		}
		ids := messageIDs(in)
		res, err := p.call(MethodFoldCompile, map[string]any{"sessionId": host.ID, "mode": plan["mode"], "messageIds": ids, "contextWindow": window, "length": host.Len()})
		if err != nil {
			return nil, err
		}
		ckpt, _ = res["checkpointId"].(string)
		return compiledSummary(res), nil
	})}
	if _, err := tx.CompactSurfaceRegion(context.Background(), &hostshim.Agent{Session: host}, int(plan["start"].(float64)), int(plan["end"].(float64)), hostshim.TxOptions{}); err != nil {
		return "", err
	}
	return ckpt, nil
}

// TestThreeSidecarsAndEfFoldShareAStore: three `ef serve` processes (three
// DSH sessions) and one `ef fold` write one store at once (bundle writes
// take the store's lock one at a time; the recall index is held by one
// process and the others keep a private one). Every bundle verifies, and
// every sidecar's fold is found by context_search in every sidecar.
func TestThreeSidecarsAndEfFoldShareAStore(t *testing.T) {
	bin, store := processTest(t, "four processes")
	dir := t.TempDir()
	duration := time.Duration(testutil.Size(t, 0, 60)) * time.Second
	const window = 4000

	// ef fold, in a loop for the duration (at least once), next to them.
	log := filepath.Join(testutil.RepoRoot(t), "hostshim", "testdata", "logs", "apps__web__goal-multi-turn-actions__session.jsonl")
	foldDone := make(chan error, 1)
	foldRuns := 0
	go func() {
		deadline := time.Now().Add(duration)
		for {
			out := filepath.Join(dir, fmt.Sprintf("folded-%d.jsonl", foldRuns))
			b, err := exec.Command(bin, "fold", log, "--store", store, "--out", out, "--window", "2000").CombinedOutput()
			if err != nil {
				foldDone <- fmt.Errorf("ef fold: %v\n%s", err, b)
				return
			}
			foldRuns++
			if time.Now().After(deadline) {
				foldDone <- nil
				return
			}
		}
	}()

	procs := make([]*procSidecar, 3)
	for i := range procs {
		procs[i] = startSidecar(t, bin, store)
	}
	var mu sync.Mutex
	folds := map[string][]string{} // session → its checkpoint ids, in fold order
	var wg sync.WaitGroup
	errs := make(chan error, len(procs))
	for i, p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			host := serveHostSession(t, fmt.Sprintf("proc-%d", i), 8)
			sent, rounds := 0, 8
			deadline := time.Now().Add(duration)
			for n := 0; n < 3 || time.Now().Before(deadline); n++ {
				ckpt, err := procFold(p, host, &sent, window)
				if err != nil {
					errs <- fmt.Errorf("sidecar %d fold %d: %v", i, n, err)
					return
				}
				if ckpt != "" {
					mu.Lock()
					folds[host.ID] = append(folds[host.ID], ckpt)
					mu.Unlock()
				}
				serveRounds(t, host, rounds+1, rounds+6)
				rounds += 6
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if err := <-foldDone; err != nil {
		t.Fatal(err)
	}
	if t.Failed() {
		return
	}
	nfolds := 0
	for _, cks := range folds {
		nfolds += len(cks)
	}
	t.Logf("%d sidecar folds and %d ef fold runs into one store over %v", nfolds, foldRuns, duration)
	if nfolds < 9 {
		t.Fatalf("only %d folds from three sidecars", nfolds)
	}

	// Every bundle verifies.
	out, err := exec.Command(bin, "store", "verify", "--json", store).Output()
	if err != nil {
		t.Fatalf("ef store verify: %v\n%s", err, out)
	}
	var report struct{ Bundles, OK, Unavailable int }
	if err := json.Unmarshal(out, &report); err != nil {
		t.Fatal(err)
	}
	if report.Unavailable != 0 || report.OK != report.Bundles || report.Bundles < nfolds {
		t.Fatalf("verify: %+v for %d sidecar folds", report, nfolds)
	}

	// Every sidecar finds the folds of every sidecar: a sample of up to
	// 40 of them each (every session's first and last fold, the others
	// spread evenly, shifted from one sidecar to the next), so the check
	// stays one of cross-process visibility and does not grow with the
	// square of the folds a long run makes.
	// A sidecar's first call indexes the folds of the other processes
	// that its Follower has not indexed yet (the sidecar indexed its own
	// as it folded); the others find the index up to date. Their
	// latencies are logged apart.
	var first, rest time.Duration
	calls := 0
	for i, p := range procs {
		for k, f := range sampleFolds(folds, 40, i, len(procs)) {
			start := time.Now()
			res, err := p.call(MethodToolCall, map[string]any{"name": "context_search", "sessionId": f.session,
				"arguments": map[string]any{"query": f.ckpt, "scope": "project", "limit": 1}})
			if k == 0 {
				first += time.Since(start)
			} else {
				rest += time.Since(start)
				calls++
			}
			if err != nil {
				t.Fatal(err)
			}
			if res["isError"] == true || !containsRef(res["text"], f.ckpt) {
				t.Errorf("sidecar %d does not find %s of %s: %v", i, f.ckpt, f.session, res["text"])
			}
		}
	}
	t.Logf("context_search over a store of %d bundles: a sidecar's first call (indexes the other processes' folds its Follower has not) %v mean; the %d calls after it %v mean",
		report.Bundles, first/time.Duration(len(procs)), calls, rest/time.Duration(max(calls, 1)))
	for _, p := range procs {
		p.call(MethodShutdown, map[string]any{})
		p.cmd.Wait()
	}
	// Private indexes are gone with their processes.
	ents, _ := os.ReadDir(store)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), privateIndexPrefix) {
			t.Errorf("private index %s left behind", e.Name())
		}
	}
}

// sampledFold is a fold of a session, as sampleFolds picks it.
type sampledFold struct{ session, ckpt string }

// sampleFolds picks up to limit folds of the sessions' folds (each session's
// in fold order), the same for the same arguments: each session gets an
// equal share; its first and last fold are always in it and the rest are
// evenly spaced between them, shifted by phase/phases of a step, so that
// callers with phases 0..phases-1 check different folds.
func sampleFolds(folds map[string][]string, limit, phase, phases int) []sampledFold {
	sessions := make([]string, 0, len(folds))
	for s := range folds {
		sessions = append(sessions, s)
	}
	slices.Sort(sessions)
	var out []sampledFold
	for k, s := range sessions {
		cks := folds[s]
		share := (limit - len(out)) / (len(sessions) - k)
		if len(cks) <= share {
			for _, c := range cks {
				out = append(out, sampledFold{s, c})
			}
			continue
		}
		if share < 2 {
			share = 2 // first and last, whatever the share
		}
		picked := map[int]bool{0: true, len(cks) - 1: true}
		step := float64(len(cks)-1) / float64(share-1)
		for j := 1; len(picked) < share && j < share; j++ {
			picked[min(int(step*(float64(j)+float64(phase)/float64(phases))), len(cks)-2)] = true
		}
		for i, c := range cks {
			if picked[i] {
				out = append(out, sampledFold{s, c})
			}
		}
	}
	return out
}

// TestSampleFolds: the sample is bounded, holds every session's first and
// last fold, is the same for the same phase and differs between phases.
func TestSampleFolds(t *testing.T) {
	folds := map[string][]string{}
	for s, n := range map[string]int{"a": 174, "b": 3, "c": 200} {
		for i := 0; i < n; i++ {
			folds[s] = append(folds[s], fmt.Sprintf("%s-%d", s, i))
		}
	}
	var samples [3][]sampledFold
	for phase := range samples {
		got := sampleFolds(folds, 40, phase, len(samples))
		if len(got) > 40 || len(got) < 36 {
			t.Errorf("phase %d: %d folds sampled", phase, len(got))
		}
		for s, cks := range folds {
			for _, want := range []string{cks[0], cks[len(cks)-1]} {
				if !slices.Contains(got, sampledFold{s, want}) {
					t.Errorf("phase %d: %s not sampled", phase, want)
				}
			}
		}
		if !slices.Equal(got, sampleFolds(folds, 40, phase, len(samples))) {
			t.Errorf("phase %d: two samples differ", phase)
		}
		samples[phase] = got
	}
	if slices.Equal(samples[0], samples[1]) || slices.Equal(samples[1], samples[2]) {
		t.Error("every phase samples the same folds")
	}
}

func containsRef(text any, ckpt string) bool {
	s, _ := text.(string)
	return strings.Contains(s, "ref "+ckpt)
}

// TestStalePrivateIndexRemoved: a sidecar that finds the store's index held
// by another process builds a private one beside it and removes it on
// Close; one killed with SIGKILL leaves it behind. The next sidecar removes
// that leftover, and never the private index of a sidecar still running.
func TestStalePrivateIndexRemoved(t *testing.T) {
	bin, store := processTest(t, "two sidecar processes")
	// This process holds the store's own index, as a DSH session would.
	holder := New(Options{StoreDir: store})
	if _, err := holder.Handle(context.Background(), MethodInitialize, json.RawMessage(`{"protocolVersion":1}`)); err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	private := func(p *procSidecar) string {
		t.Helper()
		d := filepath.Join(store, fmt.Sprintf("%s%d", privateIndexPrefix, p.cmd.Process.Pid))
		if _, err := os.Stat(d); err != nil {
			t.Fatalf("the sidecar made no private index: %v", err)
		}
		return d
	}
	killed := startSidecar(t, bin, store)
	killedDir := private(killed)
	live := startSidecar(t, bin, store)
	liveDir := private(live)
	killed.cmd.Process.Kill() // SIGKILL: no Close, the private index stays
	killed.cmd.Wait()
	old := time.Now().Add(-2 * staleIndexAge)
	for _, d := range []string{killedDir, liveDir} {
		if err := os.Chtimes(d, old, old); err != nil {
			t.Fatal(err)
		}
	}
	// A young leftover may belong to a process opening it right now.
	young := filepath.Join(store, privateIndexPrefix+"1")
	if err := os.Mkdir(young, 0o700); err != nil {
		t.Fatal(err)
	}

	next := New(Options{StoreDir: store})
	defer next.Close()
	if _, err := next.Handle(context.Background(), MethodInitialize, json.RawMessage(`{"protocolVersion":1}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(killedDir); !os.IsNotExist(err) {
		t.Fatalf("the killed sidecar's private index is still there: %v", err)
	}
	for _, d := range []string{liveDir, young} {
		if _, err := os.Stat(d); err != nil {
			t.Fatalf("removed %s, which a live process holds or may be opening: %v", d, err)
		}
	}
	// The live sidecar still answers from its index.
	if out, err := live.call(MethodToolCall, map[string]any{"name": "context_search", "sessionId": nil, "arguments": map[string]any{"query": "anything"}}); err != nil || out == nil {
		t.Fatalf("live sidecar after the cleanup: %v %v", out, err)
	}
}
