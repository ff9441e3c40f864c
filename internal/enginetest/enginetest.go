// Package enginetest holds test helpers for the engine and the validator: a
// session builder that appends events the way the host does, a cheap meter
// and the real o200k one, and an in-memory archive with fault injection.
package enginetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/tokenizer"
)

// Call is a tool call an assistant message makes.
type Call struct {
	ID, Name, Args string
}

// TB is the part of testing.TB (and *rapid.T) the helpers use.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Builder appends host-shaped events to a session. It is not safe for
// concurrent use.
type Builder struct {
	S     *hostshim.Session
	T     TB
	turn  int
	step  int
	open  bool
	sOpen bool
	msg   int
	// Pending lists the call ids issued and not yet answered, oldest first.
	Pending []string
	names   map[string]string
}

// NewBuilder returns a builder over a new session of generation gen with a
// request header already appended.
func NewBuilder(t TB, id string, gen hostshim.Generation) *Builder {
	b := &Builder{S: hostshim.NewSession(id, gen), T: t, names: map[string]string{}}
	b.Log(hostshim.TypeRequestHeader, map[string]any{"header": map[string]any{"config": map[string]any{"provider": "fake", "model": "fake-m"}, "system": "You are a coder."}, "reason": "initial"})
	return b
}

// Wrap returns a builder continuing an existing session (after a restart).
// Turn and step counters are recovered from the log.
func Wrap(t TB, s *hostshim.Session) *Builder {
	b := &Builder{S: s, T: t, names: map[string]string{}}
	for _, e := range s.Events() {
		var d hostshim.TurnData
		switch e.Type {
		case hostshim.TypeTurnStart:
			_ = e.Decode(&d)
			b.turn, b.step, b.open = d.Turn, 0, true
		case hostshim.TypeTurnEnd:
			b.open, b.sOpen = false, false
		case hostshim.TypeStepStart:
			_ = e.Decode(&d)
			b.step, b.sOpen = d.Step, true
		case hostshim.TypeStepEnd:
			b.sOpen = false
		}
		b.msg++
	}
	b.Pending = nil
	bal := map[string]bool{}
	var order []string
	for _, n := range s.Nodes() {
		m, _ := s.Message(n)
		if m == nil {
			continue
		}
		for _, c := range m.ToolCalls() {
			bal[c.ID] = true
			order = append(order, c.ID)
			b.names[c.ID] = c.Name
		}
		if e, _ := s.Event(n); e.Type == hostshim.TypeToolResult {
			id, _ := m.ToolResultID()
			delete(bal, id)
		}
	}
	for _, id := range order {
		if bal[id] {
			b.Pending = append(b.Pending, id)
		}
	}
	return b
}

func (b *Builder) must(e hostshim.Event, err error) int {
	if err != nil {
		b.T.Fatalf("append: %v", err)
	}
	return e.Seq
}

// Log appends a log-only event.
func (b *Builder) Log(typ string, data any) int {
	return b.must(b.S.Append(typ, data, hostshim.AppendOptions{}))
}

// TurnOpen reports whether a turn is open.
func (b *Builder) TurnOpen() bool { return b.open }

// StepOpen reports whether a step is open.
func (b *Builder) StepOpen() bool { return b.sOpen }

// TurnStart opens a turn (closing an open one first).
func (b *Builder) TurnStart() {
	if b.open {
		b.TurnEnd()
	}
	b.turn++
	b.step = 0
	b.open = true
	b.Log(hostshim.TypeTurnStart, map[string]any{"turn": b.turn})
}

// TurnEnd closes the open turn (and its open step).
func (b *Builder) TurnEnd() {
	if !b.open {
		return
	}
	if b.sOpen {
		b.StepEnd()
	}
	b.open = false
	b.Log(hostshim.TypeTurnEnd, map[string]any{"turn": b.turn, "reason": "completed"})
}

// StepStart opens a step in the open turn (opening a turn if needed).
func (b *Builder) StepStart() {
	if !b.open {
		b.TurnStart()
	}
	if b.sOpen {
		b.StepEnd()
	}
	b.step++
	b.sOpen = true
	b.Log(hostshim.TypeStepStart, map[string]any{"turn": b.turn, "step": b.step})
}

// StepEnd closes the open step.
func (b *Builder) StepEnd() {
	if !b.sOpen {
		return
	}
	b.sOpen = false
	b.Log(hostshim.TypeStepEnd, map[string]any{"turn": b.turn, "step": b.step})
}

func (b *Builder) id() string {
	b.msg++
	return fmt.Sprintf("msg-%d", b.msg)
}

// User appends a user message.
func (b *Builder) User(text string) int {
	m := hostshim.Message{ID: b.id(), Role: hostshim.RoleUser, Content: []hostshim.Block{hostshim.TextBlock(text)}, Source: &hostshim.Source{Kind: "user"}}
	return b.must(b.S.Append(hostshim.TypeUserMessage, m, hostshim.AppendOptions{SurfaceOp: hostshim.AppendOp}))
}

// Assistant appends an assistant message with text and tool calls (in a
// new step, opening a turn if needed) and the tool/call log events.
func (b *Builder) Assistant(text string, calls ...Call) int {
	b.StepStart()
	content := []hostshim.Block{}
	if text != "" {
		content = append(content, hostshim.TextBlock(text))
	}
	for _, c := range calls {
		content = append(content, hostshim.Block{Type: hostshim.BlockToolCall, ID: c.ID, Name: c.Name, Arguments: c.Args})
	}
	m := hostshim.Message{ID: b.id(), Role: hostshim.RoleAssistant, Content: content, Source: &hostshim.Source{Kind: "model", Provider: "fake", Model: "fake-m"}}
	seq := b.must(b.S.Append(hostshim.TypeAssistantMessage, map[string]any{"turn": b.turn, "step": b.step, "message": m}, hostshim.AppendOptions{SurfaceOp: hostshim.AppendOp}))
	for _, c := range calls {
		b.Log(hostshim.TypeToolCall, hostshim.ToolCallData{Turn: b.turn, Step: b.step, CallID: c.ID, Name: c.Name, Arguments: c.Args})
		b.Pending = append(b.Pending, c.ID)
		b.names[c.ID] = c.Name
	}
	if len(calls) == 0 {
		b.StepEnd()
	}
	return seq
}

// Result appends the result of pending call id. When it answers the last
// pending call the step ends.
func (b *Builder) Result(id, text string, isErr bool) int {
	i := slices.Index(b.Pending, id)
	if i < 0 {
		b.T.Fatalf("no pending call %q", id)
	}
	b.Pending = slices.Delete(b.Pending, i, i+1)
	var m hostshim.Message
	var errPtr *bool
	if isErr {
		t := true
		errPtr = &t
	}
	if b.S.Gen == hostshim.Gen017 {
		m = hostshim.Message{ID: b.id(), Role: hostshim.RoleTool, ToolCallID: id, IsError: errPtr, Content: []hostshim.Block{hostshim.TextBlock(text)}, Source: &hostshim.Source{Kind: "tool", CallID: id}}
	} else {
		m = hostshim.Message{ID: b.id(), Role: hostshim.RoleUser, Content: []hostshim.Block{{Type: hostshim.BlockToolResult, ToolCallID: id, Content: []hostshim.Block{hostshim.TextBlock(text)}, IsError: errPtr}}, Source: &hostshim.Source{Kind: "tool", CallID: id}}
	}
	seq := b.must(b.S.Append(hostshim.TypeToolResult, map[string]any{"turn": b.turn, "step": b.step, "message": m}, hostshim.AppendOptions{SurfaceOp: hostshim.AppendOp}))
	if len(b.Pending) == 0 {
		b.StepEnd()
	}
	return seq
}

// Work appends turns from to from+n-1 of realistic work: a request to
// update a file, an assistant step with two parallel calls, their results
// (the test run failing in even turns), and a closing remark that states
// a decision and then then ("" for the decision alone).
func (b *Builder) Work(from, n int, then string) {
	for i := from; i < from+n; i++ {
		b.TurnStart()
		b.User(fmt.Sprintf("Task %d: please update pkg/mod%d.go so the tests pass. %s", i, i, strings.Repeat("Context line. ", 20)))
		c1, c2 := fmt.Sprintf("t%d-a", i), fmt.Sprintf("t%d-b", i)
		b.Assistant("I'll read the file and run the tests.",
			Call{ID: c1, Name: "read_file", Args: fmt.Sprintf(`{"path":"pkg/mod%d.go"}`, i)},
			Call{ID: c2, Name: "bash", Args: `{"command":"go test ./pkg/..."}`})
		b.Result(c2, "FAIL: TestMod "+strings.Repeat("trace ", 60), i%2 == 0)
		b.Result(c1, strings.Repeat(fmt.Sprintf("func F%d() {}\n", i), 40), false)
		b.Assistant(fmt.Sprintf("Decision: rename F%d to G%d.", i, i) + then)
		b.TurnEnd()
	}
}

// CharMeter prices a message at a quarter of its JSON length, rounded up,
// and text at a quarter of its length: a cheap stand-in for the host's
// heuristic. It is safe for concurrent use.
type CharMeter struct{}

// Name implements hostshim.Meter.
func (CharMeter) Name() string { return "chars/4" }

// CountMessage implements hostshim.Meter.
func (CharMeter) CountMessage(m *hostshim.Message) int {
	if m == nil {
		return 0
	}
	b, _ := m.MarshalJSON()
	return (len(b) + 3) / 4
}

// CountText implements hostshim.Meter.
func (CharMeter) CountText(s string) int { return (len(s) + 3) / 4 }

// loadO200k builds the real o200k_base meter once per test binary: it
// decodes about 2 MB of embedded ranks.
var loadO200k = sync.OnceValues(func() (hostshim.Meter, error) {
	return tokenizer.New(tokenizer.Options{}).Meter(tokenizer.O200k)
})

// O200k returns the real o200k_base meter, the one the engine prices folds
// with in production, loaded once per test binary and shared by its tests
// (it is safe for concurrent use).
func O200k(t TB) hostshim.Meter {
	t.Helper()
	m, err := loadO200k()
	if err != nil {
		t.Fatalf("o200k meter: %v", err)
	}
	return m
}

// ErrInjected is the error of an injected fault.
var ErrInjected = errors.New("enginetest: injected fault")

// MemArchive is an in-memory bundle store: Put seals b and keeps it with
// the message bytes it was given (as bundle.Store's sealed copy shares them
// until they are written), so a Put costs what sealing costs; Get checks
// that the bytes still hash to the sealed logical hash (a caller that
// changed them after Put gets bundle.ErrHashMismatch, never other bytes)
// and returns a copy. FailPuts makes the next n Puts fail. It is safe for
// concurrent use.
type MemArchive struct {
	mu       sync.Mutex
	bundles  map[string]*bundle.CheckpointV1 // sessionID/checkpointID
	order    []string
	FailPuts int
	Puts     int
}

// NewMemArchive returns an empty archive.
func NewMemArchive() *MemArchive { return &MemArchive{bundles: map[string]*bundle.CheckpointV1{}} }

// Put stores a sealed copy of b.
func (a *MemArchive) Put(ctx context.Context, b *bundle.CheckpointV1) (bundle.Receipt, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.FailPuts > 0 {
		a.FailPuts--
		return bundle.Receipt{}, fmt.Errorf("put %s: %w", b.CheckpointID, ErrInjected)
	}
	c := *b
	c.Archive.ShadowedMessages = slices.Clone(b.Archive.ShadowedMessages)
	if err := bundle.Seal(&c); err != nil {
		return bundle.Receipt{}, err
	}
	if c.CreatedAt <= 0 {
		return bundle.Receipt{}, fmt.Errorf("%w: createdAt must be set", bundle.ErrInvalidBundle)
	}
	key := b.SessionID + "/" + b.CheckpointID
	if old, ok := a.bundles[key]; ok {
		// As bundle.Store: the same content again is acknowledged again.
		if old.Archive.LogicalHash != c.Archive.LogicalHash || old.CreatedAt != c.CreatedAt || old.Rendered.Digest != c.Rendered.Digest {
			return bundle.Receipt{}, bundle.ErrExists
		}
		return bundle.Receipt{SessionID: c.SessionID, CheckpointID: c.CheckpointID, Path: "mem:" + key, LogicalHash: c.Archive.LogicalHash, Messages: len(c.Archive.ShadowedMessages)}, nil
	}
	a.bundles[key] = &c
	a.order = append(a.order, key)
	a.Puts++
	return bundle.Receipt{SessionID: c.SessionID, CheckpointID: c.CheckpointID, Path: "mem:" + key, LogicalHash: c.Archive.LogicalHash, Messages: len(c.Archive.ShadowedMessages)}, nil
}

// Get returns a copy of a stored bundle, its messages checked against the
// sealed logical hash.
func (a *MemArchive) Get(ctx context.Context, sessionID, checkpointID string) (*bundle.CheckpointV1, error) {
	c, err := a.Meta(ctx, sessionID, checkpointID)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	msgs := a.bundles[sessionID+"/"+checkpointID].Archive.ShadowedMessages
	a.mu.Unlock()
	c.Archive.ShadowedMessages = make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		c.Archive.ShadowedMessages[i] = slices.Clone(m)
	}
	if h, _ := bundle.LogicalHash(c.Archive.ShadowedMessages); h != c.Archive.LogicalHash {
		return nil, fmt.Errorf("get %s: messages changed after Put: %w", checkpointID, bundle.ErrHashMismatch)
	}
	return c, nil
}

// Meta returns a stored bundle without its messages.
func (a *MemArchive) Meta(ctx context.Context, sessionID, checkpointID string) (*bundle.CheckpointV1, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	b, ok := a.bundles[sessionID+"/"+checkpointID]
	if !ok {
		return nil, &bundle.UnavailableError{SessionID: sessionID, CheckpointID: checkpointID, Reason: "missing"}
	}
	c := *b
	c.Archive.ShadowedMessages = nil
	return &c, nil
}

// IDs returns the stored checkpoint ids of a session in Put order.
func (a *MemArchive) IDs(sessionID string) []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	var out []string
	for _, k := range a.order {
		if b := a.bundles[k]; b.SessionID == sessionID {
			out = append(out, b.CheckpointID)
		}
	}
	return out
}

// Seq returns a NewID function minting "id-1", "id-2", … .
func Seq(prefix string) func() string {
	var mu sync.Mutex
	n := 0
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		n++
		return fmt.Sprintf("%s%d", prefix, n)
	}
}

// PruneResult does what the host's tool-result pruner does to the tool
// result at seq of s (HOST-CONTRACT, compaction/prune): a compaction/prune
// event, then the result with its text cut to its first head and last
// tail bytes around the host's marker, replacing the node. It returns the
// replacement's seq.
func PruneResult(t testing.TB, s *hostshim.Session, seq, head, tail int) int {
	t.Helper()
	e, _ := s.Event(seq)
	var data map[string]any
	if err := json.Unmarshal(e.Data, &data); err != nil {
		t.Fatal(err)
	}
	block := data["message"].(map[string]any)["content"].([]any)[0].(map[string]any)
	text := block["content"].([]any)[0].(map[string]any)["text"].(string)
	block["content"] = []any{map[string]any{"type": "text", "text": text[:head] + "\n\n[... tool result middle pruned ...]\n\n" + text[len(text)-tail:]}}
	m, _ := s.Message(seq)
	prune := map[string]any{"shadowedRange": hostshim.ShadowedRange{Start: seq, End: seq}, "shadowedSeqs": []int{seq}, "shadowedTokenCount": hostshim.HeuristicMeter{}.CountMessage(m)}
	if _, err := s.Append(hostshim.TypeCompactionPrune, prune, hostshim.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
	r, err := s.Append(hostshim.TypeToolResult, data, hostshim.AppendOptions{SurfaceOp: hostshim.ReplaceOp(s.Gen, seq, seq), SourceEventSeqs: []int{seq}})
	if err != nil {
		t.Fatal(err)
	}
	return r.Seq
}
