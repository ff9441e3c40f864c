package sidecar

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/projection"
)

// mirrorRun drives one session through the sidecar as dsh-plugin does:
// rounds of tool work with a user message that changes a setting every
// few rounds and a pressure fold whenever the plan says so. It checks
// what must survive the mirror releasing what the folds archived (the
// surface, the projection's heads, recall), measures the heap the mirror
// holds (with the engines' cached projection) by dropping it, then has
// the host send the session again (as after a resync) and run a root fold
// (the host's /compact) over the released checkpoints, and measures the
// host's own session, which keeps every event.
func mirrorRun(t *testing.T, rounds int) (mirror, eng, host int64, folds int) {
	t.Helper()
	const window = 8000
	id := fmt.Sprintf("mirror-%d", rounds)
	h := startServeHarness(t, filepath.Join(t.TempDir(), "store"), id, 0)
	userMsg(t, h.host, "u-rule", "Never push to main; open a pull request instead.")
	for i := 1; i <= rounds; i++ {
		serveRounds(t, h.host, i, i)
		if i%5 == 0 {
			userMsg(t, h.host, fmt.Sprintf("u-%d", i), fmt.Sprintf("Set the retry limit to %d.", i))
		}
		if res, _ := h.fold(window); res != nil {
			folds++
		}
	}
	if folds < rounds/20 {
		t.Fatalf("%d rounds folded only %d times", rounds, folds)
	}
	// Measure right after a fold, so that runs of any length compare at
	// the same point of the fold cycle (the tail grows from the retained
	// size to the threshold between folds).
	for i := rounds + 1; ; i++ {
		serveRounds(t, h.host, i, i)
		if res, _ := h.fold(window); res != nil {
			folds++
			break
		}
		if i > rounds+100 {
			t.Fatal("no fold in 100 more rounds")
		}
	}
	h.sync()
	want := headsOf(engine.ProjectLog(h.host, projection.Options{}))
	if !strings.Contains(want, fmt.Sprintf("retry_limit \"%d\" current", rounds/5*5)) || !strings.Contains(want, "Never push to main") {
		t.Fatalf("the heads lack the rule or the newest value:\n%s", want)
	}
	h.checkMirror(id, want, true)
	out, err := h.call("tool/call", map[string]any{"name": "context_search", "sessionId": id, "arguments": map[string]any{"query": "K7-QX-9931"}})
	if err != nil || out["isError"] != false || !strings.Contains(out["text"].(string), "K7-QX-9931") {
		t.Fatalf("search for a released fact: %v %v", out, err)
	}

	// Nothing of the server's runs in the background while the heap is
	// read: the Follower (a look at the store every 500 ms) stops; the
	// index's own goroutines are waited out by settledHeap.
	h.srv.follow.Stop()
	h.srv.follow = nil
	before := settledHeap()
	for _, e := range h.srv.engines {
		e.Forget(h.srv.sessions[id].s)
	}
	eng = before - settledHeap()
	before = settledHeap()
	h.srv.drop(id)
	mirror = before - settledHeap()

	// The plugin sends the whole session again; the new mirror releases
	// what the stored checkpoints archive, and a root fold over them
	// rebuilds the projection from their snapshots.
	h.sent = 0
	// One more round, so that the surface has a balanced cut after the
	// checkpoint however the fold cycle ended.
	serveRounds(t, h.host, rounds+200, rounds+200)
	h.rootFold(window)
	h.sync()
	h.checkMirror(id, headsOf(engine.ProjectLog(h.host, projection.Options{})), true)

	before = settledHeap()
	h.host = nil
	host = before - settledHeap()
	// The next run measures without this one's index and goroutines.
	h.srv.Close()
	return mirror, eng, host, folds
}

// checkMirror checks the mirror of session id against the host's session:
// the same surface, node for node, and the heads want rebuilt from it
// (the checkpoints' snapshots and the tail). released says the mirror
// must have released a prefix of the log.
func (h *serveHarness) checkMirror(id, want string, released bool) {
	h.t.Helper()
	ss := h.srv.sessions[id]
	if ss == nil || ss.broken != "" {
		h.t.Fatalf("mirror: %+v", ss)
	}
	ms := ss.s
	if released && ms.Base() == 0 {
		h.t.Fatalf("the mirror of %s released nothing", id)
	}
	if fmt.Sprint(ms.Nodes()) != fmt.Sprint(h.host.Nodes()) {
		h.t.Fatalf("mirror surface %v, host %v", ms.Nodes(), h.host.Nodes())
	}
	for _, n := range ms.Nodes() {
		a, _ := ms.Event(n)
		b, _ := h.host.Event(n)
		// The harness sends events through encoding/json, which escapes
		// HTML characters: compare values, not bytes.
		var da, db any
		json.Unmarshal(a.Data, &da)
		json.Unmarshal(b.Data, &db)
		if a.Type != b.Type || da == nil || !reflect.DeepEqual(da, db) || fmt.Sprint(a.SourceEventSeqs) != fmt.Sprint(b.SourceEventSeqs) {
			h.t.Fatalf("surface node %d differs in the mirror:\n%s\n%s", n, a.Encode(), b.Encode())
		}
	}
	st, err := bundle.Open(h.srv.storeDir, bundle.Options{ReadOnly: true})
	if err != nil {
		h.t.Fatal(err)
	}
	defer st.Close()
	r, _, err := engine.ProjectSurface(context.Background(), ms, st, projection.Options{})
	if err != nil {
		h.t.Fatal(err)
	}
	if got := headsOf(r); got != want {
		h.t.Fatalf("heads from the mirror:\n%s\nfrom the log:\n%s", got, want)
	}
}

// rootFold does what the host's /compact does through the plugin: a root
// fold of the surface but its newest node or so, checkpoints included.
func (h *serveHarness) rootFold(window int) {
	h.t.Helper()
	h.sync()
	nodes := h.host.Nodes()
	end := -1
	for p := len(nodes) - 2; p > 0; p-- {
		if ok, err := h.host.BalancedAfter(nodes[p]); err == nil && ok {
			end = p
			break
		}
	}
	if end < 1 {
		h.t.Fatalf("no balanced cut for a root fold on %d nodes", len(nodes))
	}
	tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
		h.sync()
		ids := messageIDs(in)
		res, err := h.call("fold/compile", map[string]any{"sessionId": h.host.ID, "mode": "root", "messageIds": ids, "contextWindow": window, "length": h.host.Len()})
		if err != nil {
			return nil, err
		}
		return compiledSummary(res), nil
	})}
	res, err := tx.CompactSurfaceRegion(context.Background(), &hostshim.Agent{Session: h.host}, nodes[0], nodes[end], hostshim.TxOptions{})
	if err != nil {
		h.t.Fatalf("root fold over released checkpoints: %v", err)
	}
	m, _ := h.host.Message(res.CheckpointSeq())
	if mk, ok := engine.MarkerOf(m); !ok || mk.Mode != engine.ModeRoot {
		h.t.Fatalf("the root fold's checkpoint: %q", m.Text())
	}
}

func userMsg(t *testing.T, s *hostshim.Session, id, text string) {
	t.Helper()
	if _, err := s.Append("user/message", map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}, "source": map[string]any{"kind": "user"}, "role": "user", "id": id},
		hostshim.AppendOptions{SurfaceOp: hostshim.AppendOp}); err != nil {
		t.Fatal(err)
	}
}

// headsOf renders a projection's heads (kind, key, value, lifecycle,
// sources) one per line.
func headsOf(r *projection.Reducer) string {
	var b strings.Builder
	for _, a := range r.Heads() {
		fmt.Fprintf(&b, "%s %s %q %s %v\n", a.Kind, a.Key, a.Value, a.Lifecycle, a.SourceRefs)
	}
	return b.String()
}

// liveHeap is the heap still reachable after two collections.
func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// settledHeap is liveHeap once it holds still: read until two readings
// 20 ms apart differ by at most 256 B (at most 50 readings; the smallest
// is returned then). What runs beside the test (scorch's merger finishing
// a merge, the runtime's own goroutines) moves single readings by tens of
// kilobytes on a loaded machine, as much as a session's whole mirror.
func settledHeap() int64 {
	prev := liveHeap()
	least := prev
	for range 50 {
		time.Sleep(20 * time.Millisecond)
		cur := liveHeap()
		if d := cur - prev; d >= -256 && d <= 256 {
			return cur
		}
		least = min(least, cur)
		prev = cur
	}
	return least
}

// TestMirrorMemoryFollowsTheSurface: a session ten times longer leaves the
// sidecar holding about as much for it (the mirror's working tail and
// checkpoints, a byte per released event and a few hundred bytes per
// fold, and the engine's projection state), while the host's own session,
// which keeps every event, grows about tenfold. Heads, recall and a root
// fold over released checkpoints are checked on both runs. The figures
// are printed. Read settled (settledHeap), with no other server alive,
// they repeat to a few hundred bytes under load (1.43-1.45x at load 14-19);
// most of the difference is the projection filling its per-kind caps and
// the quantity registry in the first hundred rounds (engine state 39 KB
// at 20 rounds, 52-77 KB from 100 to 3,200), then the mirror's few hundred
// bytes per fold (57 KB at 400 rounds, 164 KB at 3,200, where the host
// holds 40 MB). A mirror that kept 16 B more per event fails (1.91x).
func TestMirrorMemoryFollowsTheSurface(t *testing.T) {
	n := testutil.Size(t, 20, 40)
	var m1, e1, h1, m10, e10, h10 int64
	// A heap delta also counts what other goroutines free between the two
	// readings; settledHeap waits out those of the index, and a ratio over
	// the bound is measured once more before it fails.
	for try := 1; ; try++ {
		var f1, f10 int
		m1, e1, h1, f1 = mirrorRun(t, n)
		m10, e10, h10, f10 = mirrorRun(t, 10*n)
		t1, t10 := m1+e1, m10+e10
		t.Logf("try %d: retained after %d rounds (%d folds): %d B (mirror %d B, engine state %d B); after %d rounds (%d folds): %d B (mirror %d B, engine state %d B): %.2fx; the host session, which keeps every event, holds %d B and %d B (%.2fx)",
			try, n, f1, t1, m1, e1, 10*n, f10, t10, m10, e10, float64(t10)/float64(t1), h1, h10, float64(h10)/float64(h1))
		if m1 <= 0 || m10 <= 0 || e1 <= 0 || e10 <= 0 {
			t.Fatalf("heap not measured: mirror %d, %d; engine state %d, %d", m1, m10, e1, e10)
		}
		if float64(t10) <= 1.5*float64(t1) {
			break
		}
		if try == 2 {
			t.Fatalf("after %d rounds the sidecar holds %d B for the session, more than 1.5x the %d B after %d (twice)", 10*n, t10, t1, n)
		}
	}
	if float64(h10) < 4*float64(h1) {
		t.Fatalf("the host session grew only %.2fx over 10x the rounds: the measure is not measuring", float64(h10)/float64(h1))
	}
}
