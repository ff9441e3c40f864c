package hostshim

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"

	"pgregory.net/rapid"
)

// surfaceMachine drives a Session with random appends and balanced
// replacements and keeps its own model of the surface to check against.
type surfaceMachine struct {
	s       *Session
	gen     Generation
	model   []int          // expected surface
	callAt  map[string]int // call id → seq of the assistant message issuing it
	result  map[string]int // call id → seq of the (current) tool/result node
	turnOf  map[string]int // call id → turn of its result
	pending []string       // calls without a result yet
	turn    int
	nextID  int
}

// newSurfaceMachine draws a wire generation and starts a machine on an
// empty session of it.
func newSurfaceMachine(t *rapid.T) *surfaceMachine {
	gen := rapid.SampledFrom([]Generation{Gen01, Gen017}).Draw(t, "gen")
	return &surfaceMachine{s: NewSession("rapid", gen), gen: gen, callAt: map[string]int{}, result: map[string]int{}, turnOf: map[string]int{}}
}

// hostActions are the machine's steps as the host takes them (messages,
// log-only events, checkpoint replacements, prunes), by name for
// t.Repeat; each test adds its own checks and steps.
func (m *surfaceMachine) hostActions() map[string]func(*rapid.T) {
	return map[string]func(*rapid.T){
		"user":       m.user,
		"assistant":  m.assistant,
		"toolResult": m.toolResult,
		"logOnly":    m.logOnly,
		"checkpoint": m.checkpoint,
		"prune":      m.prune,
	}
}

func (m *surfaceMachine) append(t *rapid.T, typ string, data any, opts AppendOptions) Event {
	e, err := m.s.Append(typ, data, opts)
	if err != nil {
		t.Fatalf("append %s: %v", typ, err)
	}
	return e
}

func (m *surfaceMachine) user(t *rapid.T) {
	e := m.append(t, TypeUserMessage, Message{Role: RoleUser, Content: []Block{TextBlock("u")}}, AppendOptions{SurfaceOp: AppendOp})
	m.model = append(m.model, e.Seq)
}

func (m *surfaceMachine) logOnly(t *rapid.T) {
	typ := rapid.SampledFrom([]string{TypeTurnStart, TypeStepStart, TypeRequestContext}).Draw(t, "logType")
	m.append(t, typ, TurnData{Turn: m.turn}, AppendOptions{})
}

func (m *surfaceMachine) assistant(t *rapid.T) {
	m.turn++
	n := rapid.IntRange(0, 3).Draw(t, "calls")
	content := []Block{TextBlock("a")}
	var ids []string
	for range n {
		m.nextID++
		id := fmt.Sprintf("c%d", m.nextID)
		ids = append(ids, id)
		content = append(content, Block{Type: BlockToolCall, ID: id, Name: "bash", Arguments: "{}"})
	}
	e := m.append(t, TypeAssistantMessage, AssistantData{Turn: m.turn, Step: 1, Message: Message{Role: RoleAssistant, Content: content}}, AppendOptions{SurfaceOp: AppendOp})
	m.model = append(m.model, e.Seq)
	for _, id := range ids {
		m.callAt[id] = e.Seq
	}
	m.pending = append(m.pending, ids...)
}

func (m *surfaceMachine) resultMessage(id, text string) Message {
	if m.gen == Gen017 {
		return Message{Role: RoleTool, ToolCallID: id, Content: []Block{TextBlock(text)}}
	}
	return Message{Role: RoleUser, Content: []Block{{Type: BlockToolResult, ToolCallID: id, Content: []Block{TextBlock(text)}}}}
}

// toolResult answers a random pending call (results arrive in any order).
func (m *surfaceMachine) toolResult(t *rapid.T) {
	if len(m.pending) == 0 {
		t.Skip("no pending call")
	}
	i := rapid.IntRange(0, len(m.pending)-1).Draw(t, "which")
	id := m.pending[i]
	m.pending = slices.Delete(m.pending, i, i+1)
	e := m.append(t, TypeToolResult, MessageData{Turn: m.turn, Step: 1, Message: m.resultMessage(id, "out")}, AppendOptions{SurfaceOp: AppendOp})
	m.model = append(m.model, e.Seq)
	m.result[id] = e.Seq
	m.turnOf[id] = m.turn
}

// checkpoint replaces a random balanced span with one checkpoint node.
func (m *surfaceMachine) checkpoint(t *rapid.T) {
	var spans [][2]int
	for i := range m.model {
		for j := i; j < len(m.model); j++ {
			if m.refBalanced(i) && m.refBalanced(j+1) {
				spans = append(spans, [2]int{i, j})
			}
		}
	}
	if len(spans) == 0 {
		t.Skip("no balanced span")
	}
	sp := rapid.SampledFrom(spans).Draw(t, "span")
	shadowed := slices.Clone(m.model[sp[0] : sp[1]+1])
	sources := slices.Clone(shadowed)
	if rapid.Bool().Draw(t, "shuffleSources") {
		sources = rapid.Permutation(sources).Draw(t, "sources")
	}
	op := ReplaceOp(m.gen, shadowed[0], shadowed[len(shadowed)-1])
	msg := Message{Role: RoleUser, Content: FrameSummary([]Block{TextBlock("summary")}), Source: CheckpointSource(m.gen, "cmp", "")}
	e := m.append(t, TypeUserMessage, msg, AppendOptions{SurfaceOp: op, SourceEventSeqs: sources})
	m.model = slices.Replace(m.model, sp[0], sp[1]+1, e.Seq)
	for id, seq := range m.result {
		if slices.Contains(shadowed, seq) {
			delete(m.result, id)
		}
	}
	for id, seq := range m.callAt {
		if slices.Contains(shadowed, seq) {
			delete(m.callAt, id)
		}
	}
}

// prune rewrites the content of one tool result in place.
func (m *surfaceMachine) prune(t *rapid.T) {
	var ids []string
	for id := range m.result {
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		t.Skip("no tool result")
	}
	slices.Sort(ids)
	id := rapid.SampledFrom(ids).Draw(t, "prune")
	old := m.result[id]
	e := m.append(t, TypeToolResult, MessageData{Turn: m.turnOf[id], Step: 1, Message: m.resultMessage(id, "[pruned]")},
		AppendOptions{SurfaceOp: ReplaceOp(m.gen, old, old), SourceEventSeqs: []int{old}})
	m.model[slices.Index(m.model, old)] = e.Seq
	m.result[id] = e.Seq
}

// badReplace tries a checkpoint whose sourceEventSeqs miss a shadowed node:
// the session must refuse it and stay unchanged.
func (m *surfaceMachine) badReplace(t *rapid.T) {
	if len(m.model) == 0 {
		t.Skip("empty surface")
	}
	i := rapid.IntRange(0, len(m.model)-1).Draw(t, "from")
	j := rapid.IntRange(i, len(m.model)-1).Draw(t, "to")
	shadowed := m.model[i : j+1]
	drop := rapid.IntRange(0, len(shadowed)-1).Draw(t, "drop")
	sources := slices.Delete(slices.Clone(shadowed), drop, drop+1)
	if len(sources) == 0 {
		sources = nil
	}
	n := m.s.Len()
	_, err := m.s.Append(TypeUserMessage, Message{Role: RoleUser, Content: []Block{TextBlock("bad")}},
		AppendOptions{SurfaceOp: ReplaceOp(m.gen, shadowed[0], shadowed[len(shadowed)-1]), SourceEventSeqs: sources})
	if !errors.Is(err, ErrBadProvenance) {
		t.Fatalf("replacement missing source %d: got %v, want ErrBadProvenance", shadowed[drop], err)
	}
	if m.s.Len() != n {
		t.Fatal("a refused append changed the log")
	}
}

// refBalanced is the brute-force reference for the cut before surface
// position p: no call issued before the cut lacks a result before it.
func (m *surfaceMachine) refBalanced(p int) bool {
	before := map[int]bool{}
	for _, seq := range m.model[:p] {
		before[seq] = true
	}
	for id, callSeq := range m.callAt {
		if !before[callSeq] {
			continue
		}
		if r, ok := m.result[id]; !ok || !before[r] {
			return false
		}
	}
	return true
}

func (m *surfaceMachine) check(t *rapid.T) {
	nodes := m.s.Nodes()
	if !slices.Equal(nodes, m.model) {
		t.Fatalf("surface %v, model %v", nodes, m.model)
	}
	seen := map[int]bool{}
	open := 0
	for i, seq := range nodes {
		if seen[seq] {
			t.Fatalf("seq %d twice on the surface", seq)
		}
		seen[seq] = true
		e, ok := m.s.Event(seq)
		if !ok || !m.s.eligible(e.Type) {
			t.Fatalf("node %d (%s) is not surface-eligible", seq, e.Type)
		}
		if m.s.Position(seq) != i {
			t.Fatalf("Position(%d) = %d, want %d", seq, m.s.Position(seq), i)
		}
		msg, err := m.s.Message(seq)
		if err != nil {
			t.Fatal(err)
		}
		switch e.Type {
		case TypeAssistantMessage:
			open += len(msg.ToolCalls())
		case TypeToolResult:
			open--
		}
		if open < 0 {
			t.Fatalf("pairing negative at node %d", seq)
		}
		before, err := m.s.BalancedBefore(seq)
		if err != nil {
			t.Fatal(err)
		}
		after, err := m.s.BalancedAfter(seq)
		if err != nil {
			t.Fatal(err)
		}
		if before != m.refBalanced(i) || after != m.refBalanced(i+1) {
			t.Fatalf("node %d: BalancedBefore/After = %v/%v, reference %v/%v (surface %v)", seq, before, after, m.refBalanced(i), m.refBalanced(i+1), nodes)
		}
	}
	if open != len(m.pendingOnSurface()) {
		t.Fatalf("open calls %d, pending on surface %d", open, len(m.pendingOnSurface()))
	}
}

func (m *surfaceMachine) pendingOnSurface() []string {
	var out []string
	for _, id := range m.pending {
		if _, ok := m.callAt[id]; ok {
			out = append(out, id)
		}
	}
	return out
}

// TestSurfaceRapid: random sessions of both generations under random
// appends (users, assistants with 0–3 parallel calls, their results in any
// order, log-only events) and random balanced replacements (checkpoints and
// tool-result prunes) keep the surface invariants, and the pairing answers
// agree with a brute-force reference. RAPID_CHECKS=N for more cases.
func TestSurfaceRapid(t *testing.T) {
	testutil.RapidChecks(t, 30)
	dir, runs := t.TempDir(), 0
	rapid.Check(t, func(t *rapid.T) {
		m := newSurfaceMachine(t)
		actions := m.hostActions()
		actions["badReplace"] = m.badReplace
		actions[""] = m.check
		t.Repeat(actions)
		// The finished log survives a write/read round trip: same lines,
		// same surface.
		path := filepath.Join(dir, fmt.Sprintf("rapid-%d.jsonl", runs))
		runs++
		if err := WriteSession(path, m.s, LogOptions{}); err != nil {
			t.Fatal(err)
		}
		back, err := ReadSession(path, LogOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(back.Nodes(), m.s.Nodes()) || back.Gen != m.gen || !slices.Equal(eventLines(back), eventLines(m.s)) {
			t.Fatalf("round trip changed the session")
		}
	})
}
