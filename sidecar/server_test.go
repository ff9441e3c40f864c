package sidecar

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/tokenizer"
)

// serveHostSession builds a Gen01 session the way the host does, with
// message ids, big tool outputs and a planted fact.
func serveHostSession(t *testing.T, id string, rounds int) *hostshim.Session {
	t.Helper()
	s := hostshim.NewSession(id, hostshim.Gen01)
	app := func(typ string, data any, op *hostshim.SurfaceOp, src []int) hostshim.Event {
		e, err := s.Append(typ, data, hostshim.AppendOptions{SurfaceOp: op, SourceEventSeqs: src})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	app("turn/start", map[string]any{"turn": 1}, nil, nil)
	app("request/header", map[string]any{"header": map[string]any{"config": map[string]any{"provider": "fake", "model": "fake-m"}, "system": "You are a coder."}, "reason": "initial"}, nil, nil)
	app("user/message", map[string]any{"content": []any{map[string]any{"type": "text", "text": "Fix the parser build. The deploy token is K7-QX-9931."}}, "source": map[string]any{"kind": "user"}, "role": "user", "id": "u-1"}, hostshim.AppendOp, nil)
	serveRounds(t, s, 1, rounds)
	return s
}

func serveRounds(t *testing.T, s *hostshim.Session, from, to int) {
	t.Helper()
	for i := from; i <= to; i++ {
		s.Append("step/start", map[string]any{"turn": 1, "step": i}, hostshim.AppendOptions{})
		toolRound(t, s, i, fmt.Sprintf("test case_%d ... ok\n%s", i, strings.Repeat(fmt.Sprintf("log line %d ", i), 150)))
		s.Append("step/end", map[string]any{"turn": 1, "step": i}, hostshim.AppendOptions{})
	}
}

// toolRound appends a bash call and its result, output, as step i of
// turn 1, and returns the result's seq.
func toolRound(t *testing.T, s *hostshim.Session, i int, output string) int {
	t.Helper()
	call := fmt.Sprintf("call_%d", i)
	args := fmt.Sprintf(`{"command":"cargo test -p parser case_%d"}`, i)
	a, err := s.Append("assistant/message", map[string]any{"turn": 1, "step": i, "message": map[string]any{"role": "assistant",
		"content": []any{map[string]any{"type": "tool-call", "id": call, "name": "bash", "arguments": args}},
		"source":  map[string]any{"kind": "model", "provider": "fake", "model": "fake-m"}, "id": fmt.Sprintf("a-%d", i)}}, hostshim.AppendOptions{SurfaceOp: hostshim.AppendOp})
	if err != nil {
		t.Fatal(err)
	}
	s.Append("tool/call", map[string]any{"turn": 1, "step": i, "callId": call, "name": "bash", "arguments": args}, hostshim.AppendOptions{})
	r, err := s.Append("tool/result", map[string]any{"turn": 1, "step": i, "message": map[string]any{"source": map[string]any{"kind": "tool", "callId": call},
		"content": []any{map[string]any{"type": "tool-result", "toolCallId": call, "content": []any{map[string]any{"type": "text", "text": output}}, "isError": false}},
		"role":    "user", "id": fmt.Sprintf("t-%d", i)}}, hostshim.AppendOptions{SurfaceOp: hostshim.AppendOp, SourceEventSeqs: []int{a.Seq}})
	if err != nil {
		t.Fatal(err)
	}
	return r.Seq
}

func serveEvents(s *hostshim.Session, from int) []hostshim.EventJSON {
	var out []hostshim.EventJSON
	for _, e := range s.Events()[from:] {
		out = append(out, hostshim.EventJSON{Seq: e.Seq, Type: e.Type, Data: e.Data, SurfaceOp: e.SurfaceOp, SourceEventSeqs: e.SourceEventSeqs})
	}
	return out
}

type serveHarness struct {
	t     *testing.T
	srv   *Server
	host  *hostshim.Session
	sent  int
	retry bool // call fold/compile twice, as a host that timed out does
	// compiled is the last fold/compile answer.
	compiled map[string]any
	// resyncs counts the CodeResync answers callSynced met.
	resyncs int
}

func newServeHarness(t *testing.T, store string) *serveHarness {
	srv := New(Options{StoreDir: store})
	t.Cleanup(srv.Close)
	return &serveHarness{t: t, srv: srv}
}

// startServeHarness is newServeHarness, initialized, with a host session
// of rounds rounds of work (serveHostSession) to mirror.
func startServeHarness(t *testing.T, store, id string, rounds int) *serveHarness {
	h := newServeHarness(t, store)
	h.initialize()
	h.host = serveHostSession(t, id, rounds)
	return h
}

// initialize sends initialize with this build's protocol version and
// fails the test when the server refuses it; it returns the answer.
func (h *serveHarness) initialize() map[string]any {
	h.t.Helper()
	res, err := h.call(MethodInitialize, map[string]any{"protocolVersion": ProtocolVersion})
	if err != nil {
		h.t.Fatal(err)
	}
	return res
}

func (h *serveHarness) call(method string, params any) (map[string]any, error) {
	h.t.Helper()
	raw, err := json.Marshal(params)
	if err != nil {
		h.t.Fatal(err)
	}
	res, err := h.srv.Handle(context.Background(), method, raw)
	if err != nil || res == nil {
		return nil, err
	}
	b, _ := json.Marshal(res)
	var m map[string]any
	json.Unmarshal(b, &m)
	return m, nil
}

// callSynced calls a session's method as dsh-plugin does: when the
// sidecar answers CodeResync, the whole session is sent again and the call
// made once more.
func (h *serveHarness) callSynced(method string, params func() map[string]any) (map[string]any, error) {
	h.t.Helper()
	res, err := h.call(method, params())
	if e := (*Error)(nil); errors.As(err, &e) && e.Code == CodeResync {
		h.resyncs++
		h.sent = 0
		h.sync()
		return h.call(method, params())
	}
	return res, err
}

func (h *serveHarness) sync() {
	h.t.Helper()
	if h.sent == 0 {
		h.call("session/open", map[string]any{"sessionId": h.host.ID, "events": serveEvents(h.host, 0)})
	} else {
		h.call("session/events", map[string]any{"sessionId": h.host.ID, "fromSeq": h.sent, "events": serveEvents(h.host, h.sent)})
	}
	h.sent = h.host.Len()
}

// fold does what dsh-plugin does for a pressure compaction: ask for a plan,
// run the host's transaction over it, compile through the sidecar.
func (h *serveHarness) fold(window int) (*hostshim.CompactionResult, map[string]any) {
	h.t.Helper()
	h.sync()
	ms, err := hostshim.MeasureSurface(h.host, hostshim.HeuristicMeter{})
	if err != nil {
		h.t.Fatal(err)
	}
	plan, err := h.callSynced("fold/plan", func() map[string]any {
		return map[string]any{"sessionId": h.host.ID, "trigger": "pressure", "contextWindow": window, "totalTokens": ms.Total, "length": h.host.Len()}
	})
	if err != nil {
		h.t.Fatal(err)
	}
	if plan["decision"] != "fold" {
		return nil, plan
	}
	tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
		h.sync() // compaction/start
		ids := messageIDs(in)
		params := map[string]any{"sessionId": h.host.ID, "mode": plan["mode"], "messageIds": ids, "contextWindow": window, "length": h.host.Len()}
		res, err := h.callSynced("fold/compile", func() map[string]any { return params })
		if err != nil {
			return nil, err
		}
		h.compiled = res
		if h.retry {
			// The host timed out and asks again for the same compaction,
			// a few milliseconds later (createdAt moves on).
			time.Sleep(3 * time.Millisecond)
			again, err := h.call("fold/compile", params)
			if err != nil {
				h.t.Fatalf("retried fold/compile: %v", err)
			}
			if fmt.Sprint(again) != fmt.Sprint(res) {
				h.t.Fatalf("retried fold/compile answered\n%v\nnot\n%v", again, res)
			}
		}
		return compiledSummary(res), nil
	})}
	res, err := tx.CompactSurfaceRegion(context.Background(), &hostshim.Agent{Session: h.host}, int(plan["start"].(float64)), int(plan["end"].(float64)), hostshim.TxOptions{})
	if err != nil {
		h.t.Fatal(err)
	}
	return res, plan
}

func TestServeHostedLeafFolds(t *testing.T) {
	store := filepath.Join(t.TempDir(), "store")
	h := newServeHarness(t, store)
	init := h.initialize()
	if tools, _ := init["tools"].([]any); len(tools) != 2 || init["store"].(map[string]any)["available"] != true {
		t.Fatalf("initialize: %v", init)
	}
	h.host = serveHostSession(t, "serve-leaf", 10)
	const window = 4000
	first, plan := h.fold(window)
	if first == nil {
		t.Fatalf("no fold over the threshold: %v", plan)
	}
	cpPos := h.host.Position(first.CheckpointSeq())
	m, _ := h.host.Message(first.CheckpointSeq())
	mk, ok := engine.MarkerOf(m)
	if !ok || mk.Mode != engine.ModeLeaf {
		t.Fatalf("checkpoint carries no leaf marker: %q", m.Text())
	}
	prefix := append([]int(nil), h.host.Nodes()[:cpPos+1]...)

	serveRounds(t, h.host, 11, 22)
	second, plan := h.fold(window)
	if second == nil {
		t.Fatalf("no second fold: %v", plan)
	}
	if got := h.host.Nodes()[:cpPos+1]; fmt.Sprint(got) != fmt.Sprint(prefix) {
		t.Fatalf("leaf fold changed the frozen prefix: %v → %v", prefix, got)
	}

	// Both bundles are durable, verified and hold exactly the shadowed
	// messages; the tools find what was folded.
	st := bundletest.MustOpenAt(t, store, bundle.Options{ReadOnly: true})
	for _, r := range []*hostshim.CompactionResult{first, second} {
		b, err := st.Get(context.Background(), "serve-leaf", engine.CheckpointID(r.CompactionID))
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Archive.ShadowedMessages) != len(r.ShadowedSeqs) {
			t.Fatalf("bundle holds %d messages, fold shadowed %d", len(b.Archive.ShadowedMessages), len(r.ShadowedSeqs))
		}
		for i, seq := range r.ShadowedSeqs {
			m, _ := h.host.Message(seq)
			if !bytes.Equal(b.Archive.ShadowedMessages[i], m.Raw) {
				t.Fatalf("archived message %d differs from seq %d", i, seq)
			}
		}
	}
	out, err := h.call("tool/call", map[string]any{"name": "context_search", "sessionId": "serve-leaf", "arguments": map[string]any{"query": "case_2"}})
	if err != nil || out["isError"] != false || !strings.Contains(out["text"].(string), "case_2") {
		t.Fatalf("search: %v %v", out, err)
	}
	out, _ = h.call("tool/call", map[string]any{"name": "context_search", "sessionId": "serve-leaf", "arguments": map[string]any{"query": ""}})
	if out["isError"] != true {
		t.Fatalf("an empty query must be a tool error: %v", out)
	}
}

// Issue 11: a retried fold/compile for the same compaction id failed with
// "checkpoint exists with different content" (the bundle embeds
// createdAt). Now it answers the checkpoint already stored.
func TestServeRetriedCompileIsIdempotent(t *testing.T) {
	store := filepath.Join(t.TempDir(), "store")
	h := newServeHarness(t, store)
	h.retry = true
	h.host = serveHostSession(t, "serve-retry", 10)
	if res, plan := h.fold(4000); res == nil {
		t.Fatalf("no fold: %v", plan)
	}
	// After a restart too: a new sidecar over the same store.
	h2 := newServeHarness(t, store)
	h2.host, h2.retry = h.host, true
	serveRounds(t, h.host, 11, 22)
	if res, plan := h2.fold(4000); res == nil {
		t.Fatalf("no fold after the restart: %v", plan)
	}
}

// Issue 11: every mirrored session was kept forever (20,000 opens, 3 GB).
// session/close drops one; past MaxSessions the least recently used goes.
func TestServeSessionCloseAndLRU(t *testing.T) {
	srv := New(Options{MaxSessions: 3})
	t.Cleanup(srv.Close)
	h := &serveHarness{t: t, srv: srv}
	open := func(id string) {
		h.call("session/open", map[string]any{"sessionId": id, "events": []any{}})
	}
	for i := 0; i < 50; i++ {
		open(fmt.Sprintf("s%d", i))
		if i == 47 {
			h.call("session/events", map[string]any{"sessionId": "s46", "fromSeq": 0, "events": []any{}})
		}
	}
	if n := len(srv.sessions); n != 3 {
		t.Fatalf("%d mirrors kept, want 3", n)
	}
	for _, id := range []string{"s46", "s48", "s49"} {
		if _, ok := srv.sessions[id]; !ok {
			t.Errorf("recently used mirror %s was dropped: %v", id, srv.sessions)
		}
	}
	h.call("session/close", map[string]any{"sessionId": "s48"})
	if _, ok := srv.sessions["s48"]; ok || len(srv.sessions) != 2 {
		t.Fatalf("session/close kept the mirror: %v", srv.sessions)
	}
	var re *Error
	if _, err := h.call("fold/plan", map[string]any{"sessionId": "s48", "trigger": "pressure", "contextWindow": 1000, "totalTokens": 10}); !errors.As(err, &re) || re.Code != CodeResync {
		t.Fatalf("fold/plan on a closed session: %v, want resync", err)
	}
}

func TestServeResyncAndErrors(t *testing.T) {
	h := newServeHarness(t, "")
	h.initialize()
	var re *Error
	if _, err := h.call("fold/plan", map[string]any{"sessionId": "nope", "trigger": "pressure", "contextWindow": 1000}); !errors.As(err, &re) || re.Code != CodeResync {
		t.Fatalf("unknown session: %v", err)
	}
	h.host = serveHostSession(t, "serve-resync", 3)
	h.sync()
	// A gap in the forwarded events breaks the mirror until it is re-sent.
	h.call("session/events", map[string]any{"sessionId": "serve-resync", "fromSeq": h.sent + 5, "events": []any{}})
	if _, err := h.call("fold/plan", map[string]any{"sessionId": "serve-resync", "trigger": "pressure", "contextWindow": 1000}); !errors.As(err, &re) || re.Code != CodeResync {
		t.Fatalf("broken mirror: %v", err)
	}
	h.sent = 0
	h.sync()
	if _, err := h.call("fold/plan", map[string]any{"sessionId": "serve-resync", "trigger": "pressure", "contextWindow": 1000, "length": h.host.Len() + 1}); !errors.As(err, &re) || re.Code != CodeResync {
		t.Fatalf("length mismatch: %v", err)
	}
	if _, err := h.call("fold/plan", map[string]any{"sessionId": "serve-resync", "trigger": "sideways", "contextWindow": 1000}); !errors.As(err, &re) || re.Code != CodeInvalidParams {
		t.Fatalf("bad trigger: %v", err)
	}
	if _, err := h.call("fold/compile", map[string]any{"sessionId": "serve-resync", "mode": "leaf", "messageIds": []string{"a-1"}}); !errors.As(err, &re) || re.Code != CodeResync {
		t.Fatalf("compile with no open bracket: %v", err)
	}
	out, _ := h.call("tool/call", map[string]any{"name": "context_search", "sessionId": "serve-resync", "arguments": map[string]any{"query": "x"}})
	if out["isError"] != true || !strings.Contains(out["text"].(string), "unavailable") {
		t.Fatalf("tools without a store must say unavailable: %v", out)
	}
	if _, err := h.call("initialize", map[string]any{"protocolVersion": 7}); !errors.As(err, &re) || re.Code != CodeInvalidParams {
		t.Fatalf("bad protocol version: %v", err)
	}
}

// FuzzServeHandle feeds arbitrary params to every sidecar method: the
// answer may be an error, never a panic.
func FuzzServeHandle(f *testing.F) {
	host := hostshim.NewSession("fz", hostshim.Gen01)
	host.Append("turn/start", map[string]any{"turn": 1}, hostshim.AppendOptions{})
	open, _ := json.Marshal(map[string]any{"sessionId": "fz", "events": serveEvents(host, 0)})
	f.Add("session/open", open)
	f.Add("fold/plan", []byte(`{"sessionId":"fz","trigger":"pressure","contextWindow":100,"totalTokens":99,"nodes":[{"seq":0,"tokens":1}]}`))
	f.Add("fold/plan", []byte(`{"sessionId":"fz","trigger":"context-overflow","contextWindow":1}`))
	f.Add("fold/compile", []byte(`{"sessionId":"fz","mode":"root","messageIds":["a",null]}`))
	f.Add("session/events", []byte(`{"sessionId":"fz","fromSeq":1,"events":[{"seq":1,"type":"user/message","data":{"content":[]},"surfaceOp":{"op":"replace","start":0,"end":0}}]}`))
	f.Add("tool/call", []byte(`{"name":"context_recall","sessionId":"fz","arguments":{"ref":"x#-1"}}`))
	tokens := tokenizer.New(tokenizer.Options{})
	// With a store, as a user runs it (issue 11): one sidecar per fuzzing
	// process takes every input, as a long-lived sidecar takes a stream
	// of messages; whatever arrives, the store stays sound: nothing
	// acknowledged goes missing, nothing foreign appears, every bundle
	// verifies (checked in full every 64 inputs).
	store := filepath.Join(f.TempDir(), "store")
	srv := New(Options{Tokenizers: tokens, StoreDir: store})
	f.Cleanup(srv.Close)
	ro, n := (*bundle.Store)(nil), 0
	f.Cleanup(func() {
		if ro != nil {
			ro.Close()
		}
	})
	f.Fuzz(func(t *testing.T, method string, params []byte) {
		ctx := context.Background()
		srv.Handle(ctx, "session/open", open)
		srv.Handle(ctx, method, params)
		srv.Handle(ctx, "fold/plan", []byte(`{"sessionId":"fz","trigger":"pressure","contextWindow":100,"totalTokens":99}`))
		if ro == nil {
			var err error
			if ro, err = bundle.Open(store, bundle.Options{ReadOnly: true}); err != nil {
				t.Fatalf("store after %s: %v", method, err)
			}
		}
		a, err := ro.Audit(ctx)
		if err != nil || len(a.Missing) > 0 || len(a.Foreign) > 0 {
			t.Fatalf("store after %s: audit %+v %v", method, a, err)
		}
		if n++; n%64 != 1 {
			return
		}
		for _, in := range bundletest.ListAll(t, ro) {
			if err := ro.Verify(ctx, in.Session, in.CheckpointID); err != nil {
				t.Fatalf("store after %s: %v", method, err)
			}
		}
	})
}

// TestServeFoldAfterAHostCheckpoint: while the sidecar was down the host
// folded with its own summarizer, over an EF checkpoint whose span the
// mirror had released. EF's next fold over that host checkpoint rebuilds
// the projection from the EF checkpoint's bundle snapshot and the rest of
// the log, instead of failing on the released events.
func TestServeFoldAfterAHostCheckpoint(t *testing.T) {
	store := filepath.Join(t.TempDir(), "store")
	h := startServeHarness(t, store, "host-ckpt", 10)
	const window = 4000
	first, plan := h.fold(window)
	if first == nil {
		t.Fatalf("no EF fold: %v", plan)
	}
	h.sync()
	serveRounds(t, h.host, 11, 16)
	// The host's own fold (EF down): from the EF checkpoint to round 13's
	// tool result, summarized by the host's model.
	end := -1
	for _, n := range h.host.Nodes() {
		if m, _ := h.host.Message(n); m != nil && m.ID == "t-13" {
			end = n
		}
	}
	tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(context.Context, *hostshim.SummarizationInput, *hostshim.Agent) (*hostshim.SummaryResult, error) {
		return &hostshim.SummaryResult{Summary: []hostshim.Block{hostshim.TextBlock("## Current Work\n- running the parser cases (host summary)")}, Provider: "fake", Model: "fake-m"}, nil
	})}
	hostFold, err := tx.CompactSurfaceRegion(context.Background(), &hostshim.Agent{Session: h.host}, first.CheckpointSeq(), end, hostshim.TxOptions{})
	if err != nil {
		t.Fatal(err)
	}
	serveRounds(t, h.host, 17, 40)
	// A root fold over everything (the host checkpoint included) restates
	// the state: the objective with the planted token.
	root := h.host.Nodes()
	res, err := h.compileRoot(root[0], root[len(root)-1])
	if err != nil {
		t.Fatalf("EF fold over the host's checkpoint (seq %d): %v", hostFold.CheckpointSeq(), err)
	}
	if !strings.Contains(res, "K7-QX-9931") || !strings.Contains(res, "mode=root") {
		t.Fatalf("the root fold after the host checkpoint lost the state:\n%s", res)
	}
}

// compileRoot runs a manual (root) fold of the surface span start..end
// through the sidecar, as /compact does, and returns the checkpoint text.
func (h *serveHarness) compileRoot(start, end int) (string, error) {
	h.t.Helper()
	if _, err := h.host.Append("turn/end", map[string]any{"turn": 1, "reason": "completed"}, hostshim.AppendOptions{}); err != nil {
		h.t.Fatal(err)
	}
	h.sync()
	var text string
	tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
		h.sync()
		ids := messageIDs(in)
		res, err := h.call(MethodFoldCompile, map[string]any{"sessionId": h.host.ID, "mode": "root", "messageIds": ids, "contextWindow": 128000, "length": h.host.Len()})
		if err != nil {
			return nil, err
		}
		sr := compiledSummary(res)
		if len(sr.Summary) > 0 {
			text = sr.Summary[0].Text
		}
		return sr, nil
	})}
	_, err := tx.CompactSurfaceRegion(context.Background(), &hostshim.Agent{Session: h.host}, start, end, hostshim.TxOptions{Owner: hostshim.OwnerManual})
	return text, err
}

// messageIDs are the ids of the messages a summarizer was given, as the
// host sends them in fold/compile's messageIds.
func messageIDs(in *hostshim.SummarizationInput) []string {
	ids := make([]string, len(in.Messages))
	for i, m := range in.Messages {
		ids[i] = m.ID
	}
	return ids
}

// compiledSummary is the summary a fold/compile answer gives the host's
// summarizer, as dsh-plugin hands it back: its blocks and model.
func compiledSummary(res map[string]any) *hostshim.SummaryResult {
	var blocks []hostshim.Block
	b, _ := json.Marshal(res["summary"])
	json.Unmarshal(b, &blocks)
	return &hostshim.SummaryResult{Summary: blocks, Provider: "epistemic-fold", Model: fmt.Sprint(res["model"])}
}

// TestServeArchivesHostFolds: folds the host committed with its own
// summary while no sidecar ran are archived from the log by the first
// sidecar that mirrors the session, recallable, and reported once by
// session/archive; a second sidecar on the same store (a restart, the
// next session start) archives nothing twice.
func TestServeArchivesHostFolds(t *testing.T) {
	store := filepath.Join(t.TempDir(), "store")
	host := serveHostSession(t, "host-down", 10)
	hostFold := func(end string) *hostshim.CompactionResult {
		t.Helper()
		last := -1
		for _, n := range host.Nodes() {
			if m, _ := host.Message(n); m != nil && m.ID == end {
				last = n
			}
		}
		tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(context.Context, *hostshim.SummarizationInput, *hostshim.Agent) (*hostshim.SummaryResult, error) {
			return &hostshim.SummaryResult{Summary: []hostshim.Block{hostshim.TextBlock("## Current Work\n- host summary")}, Provider: "fake", Model: "fake-m"}, nil
		})}
		res, err := tx.CompactSurfaceRegion(context.Background(), &hostshim.Agent{Session: host}, host.Nodes()[0], last, hostshim.TxOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	first := hostFold("t-5")
	serveRounds(t, host, 11, 14)
	second := hostFold("t-12") // re-folds the first checkpoint
	for run := range 2 {
		h := newServeHarness(t, store)
		h.host = host
		h.initialize()
		h.sync()
		got, err := h.call(MethodSessionArchive, map[string]any{"sessionId": host.ID})
		if err != nil {
			t.Fatal(err)
		}
		var want []any
		if run == 0 {
			for _, f := range []*hostshim.CompactionResult{first, second} {
				seqs := make([]any, len(f.ShadowedSeqs))
				for i, n := range f.ShadowedSeqs {
					seqs[i] = float64(n)
				}
				want = append(want, map[string]any{"checkpointId": engine.CheckpointID(f.CompactionID), "compactionId": f.CompactionID, "seqs": seqs})
			}
		}
		if fmt.Sprint(got["archived"]) != fmt.Sprint(orEmpty(want)) || fmt.Sprint(got["pending"]) != "[]" {
			t.Fatalf("run %d: session/archive answered %v, want archived %v", run, got, want)
		}
		if again, _ := h.call(MethodSessionArchive, map[string]any{"sessionId": host.ID}); fmt.Sprint(again["archived"]) != "[]" {
			t.Fatalf("run %d: a second session/archive reported %v again", run, again["archived"])
		}
		infos, err := h.srv.store.Bundles.List(context.Background(), host.ID)
		if err != nil || len(infos) != 2 {
			t.Fatalf("run %d: %d bundles (%v), want one per host fold", run, len(infos), err)
		}
		for _, q := range []string{"K7-QX-9931", "case_12"} {
			out, err := h.call(MethodToolCall, map[string]any{"name": "context_search", "sessionId": host.ID, "arguments": map[string]any{"query": q}})
			if err != nil || out["isError"] != false || !strings.Contains(fmt.Sprint(out["text"]), "ref ") {
				t.Fatalf("run %d: search for %s in the host's folds: %v %v", run, q, out, err)
			}
		}
		h.srv.Close()
	}
}

func orEmpty(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}

// A tool call before initialize says the sidecar is not initialized: the
// store is opened by initialize, so "the recall index could not be
// opened" blamed a store nothing had tried to open. After initialize the
// same call searches.
func TestServeToolCallBeforeInitialize(t *testing.T) {
	h := newServeHarness(t, filepath.Join(t.TempDir(), "store"))
	args := map[string]any{"name": "context_search", "arguments": map[string]any{"query": "x"}}
	out, err := h.call("tool/call", args)
	if err != nil || out["isError"] != true || !strings.Contains(out["text"].(string), "not initialized (send initialize first)") {
		t.Fatalf("before initialize: %v %v", err, out)
	}
	h.initialize()
	if out, err = h.call("tool/call", args); err != nil || out["isError"] != false {
		t.Fatalf("after initialize: %v %v", err, out)
	}
}
