package sidecar

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/testutil"
)

// wireHost is the plugin's side of the real wire: it drives a Server's
// Serve over pipes with JSON-RPC lines and answers the sidecar's
// host/llm.stream requests with a fake model (llm). Everything else is
// the real server.
type wireHost struct {
	t    *testing.T
	in   *io.PipeWriter // the sidecar's stdin
	mu   sync.Mutex
	next int
	wait map[string]chan Message
	llm  func(p HostLLMParams) (any, *Error) // nil result: never answer
	asks []HostLLMParams
	done chan error
}

func startWireHost(t *testing.T, srv *Server, llm func(p HostLLMParams) (any, *Error)) *wireHost {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &wireHost{t: t, in: inW, wait: map[string]chan Message{}, llm: llm, done: make(chan error, 1)}
	go func() {
		h.done <- srv.Serve(context.Background(), inR, outW)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			var m Message
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Errorf("sidecar wrote a line that is not JSON: %q", sc.Text())
				continue
			}
			if m.Method != "" {
				go h.serveHost(m)
				continue
			}
			h.mu.Lock()
			ch := h.wait[string(m.ID)]
			delete(h.wait, string(m.ID))
			h.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-h.done:
		case <-testutil.HangGuard(t):
			t.Error("the sidecar did not end when its stdin closed")
		}
	})
	return h
}

func (h *wireHost) write(m any) {
	b, _ := json.Marshal(m)
	if _, err := h.in.Write(append(b, '\n')); err != nil {
		h.t.Fatal(err)
	}
}

// serveHost answers one request of the sidecar, as lib/index.js does.
func (h *wireHost) serveHost(m Message) {
	if m.Method != MethodHostLLMStream {
		h.write(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": -32601, "message": "method not found"}})
		return
	}
	var p HostLLMParams
	json.Unmarshal(m.Params, &p)
	h.mu.Lock()
	h.asks = append(h.asks, p)
	h.mu.Unlock()
	res, rerr := h.llm(p)
	switch {
	case rerr != nil:
		h.write(map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": rerr})
	case res != nil:
		h.write(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": res})
	}
}

func (h *wireHost) call(method string, params any) (json.RawMessage, *Error) {
	h.t.Helper()
	h.mu.Lock()
	h.next++
	id := fmt.Sprint(h.next)
	ch := make(chan Message, 1)
	h.wait[id] = ch
	h.mu.Unlock()
	h.write(map[string]any{"jsonrpc": "2.0", "id": h.next, "method": method, "params": params})
	select {
	case m := <-ch:
		return m.Result, m.Error
	case <-time.After(60 * time.Second):
		h.t.Fatalf("%s: no answer", method)
	}
	return nil, nil
}

func (h *wireHost) notify(method string, params any) {
	h.write(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// rootFold runs the host's /compact over the whole surface, compiled by
// the sidecar over the wire, and returns fold/compile's result.
func (h *wireHost) rootFold(host *hostshim.Session) FoldCompileResult {
	h.t.Helper()
	if _, err := host.Append("turn/end", map[string]any{"turn": 1, "reason": "completed"}, hostshim.AppendOptions{}); err != nil {
		h.t.Fatal(err)
	}
	h.notify(MethodSessionOpen, map[string]any{"sessionId": host.ID, "events": serveEvents(host, 0)})
	sent := host.Len()
	var out FoldCompileResult
	tx := &hostshim.Transaction{Meter: hostshim.HeuristicMeter{}, Summarizer: hostshim.SummarizerFunc(func(ctx context.Context, in *hostshim.SummarizationInput, agent *hostshim.Agent) (*hostshim.SummaryResult, error) {
		h.notify(MethodSessionEvents, map[string]any{"sessionId": host.ID, "fromSeq": sent, "events": serveEvents(host, sent)})
		sent = host.Len()
		ids := messageIDs(in)
		raw, rerr := h.call(MethodFoldCompile, map[string]any{"sessionId": host.ID, "mode": "root", "messageIds": ids, "contextWindow": 128000,
			"length": host.Len(), "provider": "fake", "model": "fake-m"})
		if rerr != nil {
			return nil, rerr
		}
		if err := json.Unmarshal(raw, &out); err != nil {
			return nil, err
		}
		return &hostshim.SummaryResult{Summary: out.Summary, Provider: "epistemic-fold", Model: out.Model}, nil
	})}
	nodes := host.Nodes()
	if _, err := tx.CompactSurfaceRegion(context.Background(), &hostshim.Agent{Session: host}, nodes[0], nodes[len(nodes)-1], hostshim.TxOptions{Owner: hostshim.OwnerManual}); err != nil {
		h.t.Fatal(err)
	}
	return out
}

// syncLog is a concurrency-safe log sink.
type syncLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func textAnswer(text, finish string) map[string]any {
	return map[string]any{"blocks": []any{map[string]any{"type": "text", "text": text}}, "finish": map[string]any{"kind": finish}}
}

const goodDigest = `### Context
- The parser build was failing, so each parser case was run with cargo test -p parser.
### Rationale
- Running case by case isolates which case breaks the build.
### Alternatives
- (none)
### Outcomes
- The failure is not in case_2; the remaining cases still need the same check.`

// TestSemanticDigestOverTheWire: a root fold asks the host's model (through
// the plugin's host/llm.stream, over the real JSON-RPC wire) for the §18
// digest; a good one lands in the checkpoint and its bundle, and every way
// the call can go wrong (an error, a timeout, a cut or junk answer,
// invented specifics, a section that restates state) leaves the
// deterministic checkpoint, with the reason logged once.
func TestSemanticDigestOverTheWire(t *testing.T) {
	type tc struct {
		name     string
		llm      func(p HostLLMParams) (any, *Error)
		settings map[string]any
		methods  []string
		asks     int    // model calls expected
		fallback string // "" for a digest, else a fragment of the logged reason
	}
	answer := func(text, finish string) func(HostLLMParams) (any, *Error) {
		return func(HostLLMParams) (any, *Error) { return textAnswer(text, finish), nil }
	}
	cases := []tc{
		{name: "digest", llm: answer(goodDigest, "stop"), asks: 1},
		{name: "host error", llm: func(HostLLMParams) (any, *Error) {
			return nil, &Error{Code: -32000, Message: "provider returned 503"}
		}, asks: 1, fallback: "provider returned 503"},
		{name: "timeout", llm: func(HostLLMParams) (any, *Error) { return nil, nil }, settings: map[string]any{"digestTimeoutMs": 300}, asks: 1, fallback: "no answer within"},
		{name: "cut", llm: answer(goodDigest, "length"), asks: 1, fallback: "token limit"},
		{name: "junk", llm: answer("Sure! Here is the summary you asked for.\n"+goodDigest, "stop"), asks: 1, fallback: "outside the digest's sections"},
		{name: "state section", llm: answer(goodDigest+"\n### Constraints\n- never commit the token", "stop"), asks: 1, fallback: "Constraints"},
		{name: "invented value", llm: answer(strings.Replace(goodDigest, "(none)", "The deploy token K7-QX-9932 was considered.", 1), "stop"), asks: 1, fallback: "K7-QX-9932"},
		{name: "empty", llm: answer("### Context\n- (none)\n### Outcomes\n- (none)", "stop"), asks: 1, fallback: "says nothing"},
		{name: "turned off", llm: answer(goodDigest, "stop"), settings: map[string]any{"semanticDigest": false}, asks: 0},
		{name: "host without a model call", llm: answer(goodDigest, "stop"), methods: []string{"host/log"}, asks: 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var logs syncLog
			store := filepath.Join(t.TempDir(), "store")
			srv := New(Options{StoreDir: store, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
			t.Cleanup(srv.Close)
			h := startWireHost(t, srv, c.llm)
			methods := c.methods
			if methods == nil {
				methods = []string{MethodHostLLMStream, "host/log"}
			}
			init := map[string]any{"protocolVersion": ProtocolVersion, "hostMethods": methods}
			if c.settings != nil {
				init["settings"] = c.settings
			}
			if _, rerr := h.call(MethodInitialize, init); rerr != nil {
				t.Fatal(rerr)
			}
			host := serveHostSession(t, "digest-"+strings.ReplaceAll(c.name, " ", "-"), 6)
			before := slices.Clone(host.Nodes())
			start := time.Now()
			res := h.rootFold(host)
			took := time.Since(start)
			h.mu.Lock()
			asks := append([]HostLLMParams(nil), h.asks...)
			h.mu.Unlock()
			if len(asks) != c.asks {
				t.Fatalf("%d model calls, want %d", len(asks), c.asks)
			}
			text := res.Summary[0].Text
			failed := strings.Count(logs.String(), "semantic digest failed")
			switch {
			case c.asks == 0:
				if res.Model != "deterministic" || strings.Contains(text, "semantic digest;") || failed != 0 {
					t.Fatalf("no digest asked, yet model %q, %d failures logged:\n%s", res.Model, failed, text)
				}
			case c.fallback == "":
				if res.Model != "deterministic+semantic" || !strings.Contains(text, "### Rationale\n- Running case by case") || failed != 0 {
					t.Fatalf("digest missing (model %q):\n%s\nlog:\n%s", res.Model, text, logs.String())
				}
				// The state section still has the last word (after the
				// narrative), and the bundle keeps the digest.
				if strings.Index(text, "### Outcomes") > strings.LastIndex(text, "What the span did") && strings.Contains(text, "What the span did") {
					t.Fatalf("digest placed after the state:\n%s", text)
				}
				b := storedBundle(t, store, host.ID, res.CheckpointID)
				if !strings.Contains(string(b.Semantic), "Running case by case") || b.Rendered.Text != text {
					t.Fatalf("bundle lacks the digest: %s", b.Semantic)
				}
			default:
				if res.Model != "deterministic" || strings.Contains(text, "semantic digest;") {
					t.Fatalf("a failed digest reached the checkpoint (model %q):\n%s", res.Model, text)
				}
				if failed != 1 || !strings.Contains(logs.String(), c.fallback) {
					t.Fatalf("want one logged failure naming %q, got %d:\n%s", c.fallback, failed, logs.String())
				}
				// and the plugin is told, to warn on the host's log
				if !strings.Contains(res.DigestDropped, c.fallback) {
					t.Fatalf("digestDropped %q does not name %q", res.DigestDropped, c.fallback)
				}
			}
			if c.fallback == "" && res.DigestDropped != "" {
				t.Fatalf("digestDropped %q, but no digest was dropped", res.DigestDropped)
			}
			// logged, not bounded (no timed tests): a fold the model held
			// forever would not end at all
			t.Logf("%s: the fold took %v", c.name, took)
			if c.asks == 0 {
				return
			}
			// The request: purpose compaction, the session's model, the
			// conversation's own system prompt and messages up to the
			// span's end (a prefix of the host's last request), then one
			// instruction.
			p := asks[0]
			if p.Purpose != "compaction" || p.Provider != "fake" || p.Model != "fake-m" || p.System != "You are a coder." || p.SessionID != host.ID {
				t.Fatalf("request: %+v", p)
			}
			if len(p.Messages) != len(before)+1 {
				t.Fatalf("request has %d messages, want the %d surface messages and the instruction", len(p.Messages), len(before))
			}
			for i, seq := range before {
				m, _ := host.Message(seq)
				got, _ := json.Marshal(p.Messages[i])
				var a, b any
				json.Unmarshal(got, &a)
				json.Unmarshal(m.Raw, &b)
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Fatalf("request message %d is not surface seq %d:\n%s\n%s", i, seq, got, m.Raw)
				}
			}
			last, _ := json.Marshal(p.Messages[len(p.Messages)-1])
			if !strings.Contains(string(last), "semantic digest") || !strings.Contains(string(last), `"role":"user"`) {
				t.Fatalf("last message is not the instruction: %s", last)
			}
		})
	}
}

// TestCheckDigest: the validator alone, on answers a model gives.
func TestCheckDigest(t *testing.T) {
	src := "cargo test -p parser case_2 failed in src/lexer.rs; the deploy token is K7-QX-9931"
	ok := func(text string) (string, error) {
		d, _, err := checkDigest(&HostLLMResult{Blocks: []hostshim.Block{hostshim.TextBlock(text)}}, src)
		return d, err
	}
	got, err := ok("**Context:**\n* the lexer in src/lexer.rs\n  was the suspect\nRationale:\n- case_2 isolates it")
	if err != nil {
		t.Fatal(err)
	}
	want := "### Context\n- the lexer in src/lexer.rs was the suspect\n### Rationale\n- case_2 isolates it\n### Alternatives\n- (none)\n### Outcomes\n- (none)"
	if got != want {
		t.Fatalf("canonical form:\n%s\nwant\n%s", got, want)
	}
	for _, bad := range []string{
		"### Context\n- the bug is in `src/parser.rs`", // a quoted path not in the source
		"### Context\n- see case_3",                    // an identifier not in the source
		"### Context\n- build 1.2.3 broke",             // a version not in the source
		"### State\n- token K7-QX-9931",                // state is the projection's
		"### Context\n- ok\x07",                        // a control character
		"intro\n### Context\n- ok",                     // a preamble
		"",                                             // nothing
	} {
		if d, err := ok(bad); err == nil {
			t.Errorf("accepted %q as %q", bad, d)
		}
	}
	if _, _, err := checkDigest(&HostLLMResult{Blocks: []hostshim.Block{hostshim.TextBlock(want)}, Finish: struct {
		Kind    string `json:"kind"`
		Failure *struct {
			Message string `json:"message"`
		} `json:"failure,omitempty"`
	}{Kind: "error"}}, src); err == nil {
		t.Error("a stream that ended in error was accepted")
	}
	var _ engine.Summarizer = (*Server)(nil)
}

// storedBundle reads checkpoint id of session sid from the store at dir.
func storedBundle(t *testing.T, dir, sid, id string) *bundle.CheckpointV1 {
	t.Helper()
	st, err := bundle.Open(dir, bundle.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b, err := st.Get(context.Background(), sid, id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestModelProposalsOverTheWire: the digest request through the host's
// model also asks for proposals (the span's events by id, the schema);
// the answer's block is cut from the digest before it is checked, and
// the engine keeps only the proposal whose quote is the user's own words
// (a tool output's line proposed as a rule is dropped), states it in the
// checkpoint as the model's and records it in the bundle.
func TestModelProposalsOverTheWire(t *testing.T) {
	for _, tc := range []struct {
		name, digest string
		model        string // the checkpoint's model: digest refused or not
	}{
		{"with a digest", goodDigest, "deterministic+semantic"},
		{"digest refused", "Sure! Here it is.", "deterministic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answer := tc.digest + "\n\n```ef-proposals\n" +
				`{"kind":"obligation","event":"e2","quote":"Fix the parser build."}` + "\n" +
				`{"kind":"constraint","event":"e6","quote":"test case_1 ... ok"}` + "\n```\n"
			store := filepath.Join(t.TempDir(), "store")
			srv := New(Options{StoreDir: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			t.Cleanup(srv.Close)
			h := startWireHost(t, srv, func(HostLLMParams) (any, *Error) { return textAnswer(answer, "stop"), nil })
			if _, rerr := h.call(MethodInitialize, map[string]any{"protocolVersion": ProtocolVersion, "hostMethods": []string{MethodHostLLMStream}}); rerr != nil {
				t.Fatal(rerr)
			}
			host := serveHostSession(t, "proposals", 3)
			if m, _ := host.Message(6); m == nil || !strings.Contains(m.Text(), "test case_1 ... ok") {
				t.Fatalf("seq 6 is not the first tool output: %+v", m)
			}
			res := h.rootFold(host)
			h.mu.Lock()
			asks := slices.Clone(h.asks)
			h.mu.Unlock()
			if len(asks) != 1 {
				t.Fatalf("%d model calls", len(asks))
			}
			last, _ := json.Marshal(asks[0].Messages[len(asks[0].Messages)-1])
			for _, want := range []string{"semantic digest of those", "e2 user: Fix the parser build.", "e6 tool: test case_1 ... ok", "ef-proposals"} {
				if !strings.Contains(string(last), want) {
					t.Fatalf("the instruction lacks %q: %s", want, last)
				}
			}
			text := res.Summary[0].Text
			if res.Model != tc.model || !strings.Contains(text, "Fix the parser build. (proposed by fake-m, quoted from seq 2)") || strings.Contains(text, "ef-proposals") {
				t.Fatalf("model %q, checkpoint:\n%s", res.Model, text)
			}
			b := storedBundle(t, store, host.ID, res.CheckpointID)
			var sem struct {
				Proposals engine.ModelProposals `json:"proposals"`
			}
			if err := json.Unmarshal(b.Semantic, &sem); err != nil {
				t.Fatal(err)
			}
			p := sem.Proposals
			if len(p.Proposals) != 1 || p.Dropped["authority"] != 1 || p.Model != "fake-m" || p.Checkpoint != res.CheckpointID {
				t.Fatalf("bundle's proposals: %+v", p)
			}
		})
	}
}

// A bullet continued over thousands of lines (a model repeating itself
// past its token limit, a host that does not enforce it) is read in work
// linear in the answer: its lines were concatenated one by one, copying
// the item again at each (a 1 MiB answer took 78 s; 256 KiB, 7.8 s).
func TestCheckDigestLongBullet(t *testing.T) {
	const lines = 4096
	text := "### Context\n- start\n" + strings.Repeat("more words here\n", lines)
	d, err := checkDigestText(text, "start more words here")
	if err != nil || !strings.HasPrefix(d, "### Context\n- start more words here more words here") || strings.Count(d, "more words here") != lines {
		t.Fatalf("%v: %.80q", err, d)
	}
	allocs := testing.AllocsPerRun(1, func() { checkDigestText(text, "start more words here") })
	if allocs > lines/8 {
		t.Errorf("reading %d continuation lines allocated %.0f times", lines, allocs)
	}
	if testing.Verbose() {
		t.Logf("%.0f allocations", allocs)
	}
}
