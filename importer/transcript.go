package importer

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/epistemicfold/ef/hostshim"
)

// NoResultText is the text of the synthetic error result given to a call
// the source never answered.
const NoResultText = "no result recorded"

// emptyOutputText stands in for an empty tool output: a DSH text block
// always carries text (package projection reads it as no output: a grep
// that found nothing).
const emptyOutputText = "(no output)"

type itemKind int

const (
	itemUser itemKind = iota
	itemAssistant
	itemResult
	itemSystem
	itemMarker
)

// item is one record of a format-neutral transcript.
type item struct {
	kind itemKind
	// blocks is the content of a user or assistant message (text,
	// reasoning, tool-call; tool-call IDs are source ids).
	blocks []hostshim.Block
	// callID, output and isError describe a result.
	callID  string
	output  []hostshim.Block
	isError bool
	// ends marks a result the importer gives a call that ends the run
	// (Stats.Ended).
	ends bool
	// text is the system prompt of an itemSystem.
	text string
	// marker is the compaction marker of an itemMarker.
	marker Compaction
	// summary marks a user item (or, for OpenCode, an assistant item) as
	// the summary message that follows the last compaction marker.
	summary bool
	// injected says what a user message or result the agent client wrote
	// itself is (hostshim.Source.Injected; see injected.go).
	injected string
}

// transcript is what a parser produces: the session's records in source
// order plus counts only the parser can know.
type transcript struct {
	provider, model string
	items           []item
	sourceRecords   int
	skipped         int
	otherRoles      int // messages of a role the format does not have, kept as user messages
	// unrecordedPrompts: the format never records the user's prompts
	// (Stats.UnrecordedPrompts).
	unrecordedPrompts bool
	// deadEnds are the uuids of a Claude Code session's records on
	// dead-end branches, left out (counted in abandoned).
	deadEnds  map[string]bool
	abandoned int
	// subagent marks a Claude Code sub-agent's transcript, whose
	// sidechain records are the conversation (claudeCodeDeadEnds).
	subagent bool
	torn     *hostshim.TruncatedTail // the file's skipped torn last line
	// source is the format a chat log turned out to be (Anthropic's or
	// LangChain's blocks seen); empty for an OpenAI chat log.
	source Format
	// recordedID is the session id the source records, when its format
	// has one (see Imported.ID).
	recordedID string
	// guess is what the generic reading guessed (Stats.Guess).
	guess string
	// cline marks a chat log of Cline's conventions (cline.go).
	cline bool
	// failedCalls are the call ids a Codex rollout's events report failed
	// before their output item was read (codexevents.go).
	failedCalls map[string]bool
	// emit, when set, takes the items as they are done (drain), so that a
	// streamed file never holds them all; items keeps the rest.
	emit    func(item) error
	emitted int // items handed to emit
}

// drain hands every item but the last to emit (a parser may still extend
// or mark the last one), or all of them when all is set. Without emit it
// does nothing.
func (t *transcript) drain(all bool) error {
	if t.emit == nil {
		return nil
	}
	keep := 1
	if all {
		keep = 0
	}
	for len(t.items) > keep {
		it := t.items[0]
		t.items[0] = item{}
		t.items = t.items[1:]
		t.emitted++
		if err := t.emit(it); err != nil {
			return err
		}
	}
	return nil
}

func (t *transcript) user(blocks ...hostshim.Block) { t.message(itemUser, blocks) }

func (t *transcript) assistant(blocks ...hostshim.Block) { t.message(itemAssistant, blocks) }

// otherRole keeps a message of a role the format's reader does not know
// ("tool" of another shape, "function", "data", a client's own): what it
// says was in the model's context, so it is a user message that names its
// role ("[function] …"), counted in Stats.OtherRoles; one with nothing
// to say is skipped and counted.
func (t *transcript) otherRole(role string, blocks []hostshim.Block) {
	if len(dropEmptyText(blocks)) == 0 {
		t.skipped++
		return
	}
	t.otherRoles++
	t.user(append([]hostshim.Block{hostshim.TextBlock("[" + cmp.Or(role, "no role") + "]")}, blocks...)...)
}

// message adds a user or assistant message; one with no content is
// counted as skipped.
func (t *transcript) message(kind itemKind, blocks []hostshim.Block) {
	blocks = dropEmptyText(blocks)
	if len(blocks) == 0 {
		t.skipped++
		return
	}
	t.items = append(t.items, item{kind: kind, blocks: blocks})
}

// extendAssistant appends blocks to the last item when it is an assistant
// message (formats that split one model response over several records).
func (t *transcript) extendAssistant(blocks ...hostshim.Block) {
	blocks = dropEmptyText(blocks)
	if n := len(t.items); n > 0 && t.items[n-1].kind == itemAssistant {
		t.items[n-1].blocks = append(t.items[n-1].blocks, blocks...)
		return
	}
	t.assistant(blocks...)
}

func (t *transcript) result(callID string, isError bool, output ...hostshim.Block) {
	output = dropEmptyText(output)
	if len(output) == 0 {
		output = []hostshim.Block{hostshim.TextBlock(emptyOutputText)}
	}
	t.items = append(t.items, item{kind: itemResult, callID: callID, output: output, isError: isError})
}

// ended answers call callID, which ends the run and has no result of its
// own, with text (Stats.Ended).
func (t *transcript) ended(callID, text string) {
	t.items = append(t.items, item{kind: itemResult, callID: callID, output: []hostshim.Block{hostshim.TextBlock(text)}, ends: true})
}

func (t *transcript) system(text string) {
	if text == "" {
		t.skipped++
		return
	}
	t.items = append(t.items, item{kind: itemSystem, text: text})
}

// summaryUser adds a user message that is the source's compaction summary.
func (t *transcript) summaryUser(blocks ...hostshim.Block) {
	n := len(t.items)
	t.user(blocks...)
	if len(t.items) > n {
		t.items[n].summary = true
	}
}

// afterMarker reports whether the last item is a compaction marker.
func (t *transcript) afterMarker() bool {
	return len(t.items) > 0 && t.items[len(t.items)-1].kind == itemMarker
}

func (t *transcript) marker(kind string, preTokens int) {
	t.items = append(t.items, item{kind: itemMarker, marker: Compaction{Kind: kind, PreTokens: preTokens}})
}

func dropEmptyText(bs []hostshim.Block) []hostshim.Block {
	out := bs[:0:0]
	for _, b := range bs {
		if (b.Type == hostshim.BlockText || b.Type == hostshim.BlockReasoning) && b.Text == "" {
			continue
		}
		out = append(out, b)
	}
	return out
}

// callRef is one tool-call block of the transcript.
type callRef struct {
	item, block int
}

// pairer matches results to calls as the items go by, in order: a result
// answers the latest earlier unanswered call with its id, or else the
// first later one (ATIF exporters write results before the call). It
// keeps only the calls not yet answered and the results still waiting for
// a call, not the items, so a streamed file is paired in one pass before
// its events are built (Stream).
type pairer struct {
	n int // items seen
	// open are the unanswered calls by id, in order; waiting the results
	// with no earlier unanswered call, by id, in order.
	open    map[string][]callRef
	waiting map[string][]int
	pairs   pairs
}

// pairs is what the builder needs of the pairing: per call, the item of
// its result; per result that answers a call, the item of that call.
type pairs struct {
	answer map[callRef]int
	callOf map[int]int
}

func newPairer() *pairer {
	return &pairer{open: map[string][]callRef{}, waiting: map[string][]int{},
		pairs: pairs{answer: map[callRef]int{}, callOf: map[int]int{}}}
}

// add takes the next item.
func (p *pairer) add(it item) {
	i := p.n
	p.n++
	switch it.kind {
	case itemAssistant:
		for j, b := range it.blocks {
			if b.Type != hostshim.BlockToolCall {
				continue
			}
			ref := callRef{i, j}
			if w := p.waiting[b.ID]; len(w) > 0 {
				p.match(ref, w[0])
				p.waiting[b.ID] = w[1:]
				continue
			}
			p.open[b.ID] = append(p.open[b.ID], ref)
		}
	case itemResult:
		if o := p.open[it.callID]; len(o) > 0 {
			p.match(o[len(o)-1], i)
			p.open[it.callID] = o[:len(o)-1]
			return
		}
		p.waiting[it.callID] = append(p.waiting[it.callID], i)
	}
}

func (p *pairer) match(call callRef, result int) {
	p.pairs.answer[call] = result
	p.pairs.callOf[result] = call.item
}

// pair pairs the items of a transcript held whole.
func (t *transcript) pair() pairs {
	p := newPairer()
	for _, it := range t.items {
		p.add(it)
	}
	return p.pairs
}

// builder appends the DSH event structure around the transcript's
// messages. It takes the items in order (push) and hands each event it
// builds to out as it goes, holding only the items between an assistant
// message and the last of its results that the source records later (read
// ahead) and the results recorded before their call (held).
type builder struct {
	out        func(hostshim.Event) error
	seq        int // the next event's seq
	t          *transcript
	st         Stats
	turns      *hostshim.Turns
	headerSent bool
	usedIDs    map[string]int
	// pending are indexes into st.Compactions still waiting for the next
	// message to fix their Seq.
	pending []int
	// surface are the seqs of the surface nodes built so far; marked says
	// a compaction marker waits for the user message that replaces them
	// (clientcompact.go).
	surface []int
	marked  bool
	pairs   pairs
	queue   []item // items pushed and not yet built; queue[0] is item next
	next    int
	held    map[int]item // results built into a later call's turn
}

// newBuilder returns a builder of t's session, whose pairing is p, that
// hands its events to out. t's provider and model must be final.
func newBuilder(t *transcript, p pairs, out func(hostshim.Event) error) *builder {
	b := &builder{out: out, t: t, usedIDs: map[string]int{}, pairs: p, held: map[int]item{}}
	b.turns = hostshim.NewTurnsOn(b)
	return b
}

// Append implements hostshim.Appender: the next event goes to out.
func (b *builder) Append(typ string, data any, opts hostshim.AppendOptions) (hostshim.Event, error) {
	e, err := hostshim.NewEvent(b.seq, typ, data, opts)
	if err != nil {
		return e, err
	}
	if err := b.out(e); err != nil {
		return e, err
	}
	b.seq++
	return e, nil
}

func (b *builder) append(typ string, data any, surface bool, sources []int) (int, error) {
	seq, err := b.turns.Append(typ, data, surface, sources)
	if err != nil {
		return 0, err
	}
	if surface {
		b.st.Messages++
		b.surface = append(b.surface, seq)
		b.marked = false
		for _, k := range b.pending {
			b.st.Compactions[k].Seq = seq
		}
		b.pending = b.pending[:0]
	}
	return seq, nil
}

func (b *builder) msgID() string { return "imp-" + strconv.Itoa(b.seq) }

type requestHeader struct {
	Header struct {
		Config struct {
			Provider string `json:"provider"`
			Model    string `json:"model"`
		} `json:"config"`
		System string `json:"system,omitempty"`
	} `json:"header"`
	Reason string `json:"reason"`
}

// uniqueID returns id, or id with a suffix when the session already used it.
func (b *builder) uniqueID(id string) string {
	if id == "" {
		id = "call"
	}
	n := b.usedIDs[id]
	b.usedIDs[id] = n + 1
	if n == 0 {
		return id
	}
	b.st.RenamedIDs++
	return id + "~" + strconv.Itoa(n)
}

// build turns the transcript, held whole, into a session named name.
func (t *transcript) build(name string, f Format) (Imported, error) {
	s := hostshim.NewSession(name, hostshim.Gen01)
	id := newIdentity(f, t.recordedID)
	b := newBuilder(t, t.pair(), func(e hostshim.Event) error {
		id.add(e)
		return s.AppendEvent(e)
	})
	for _, it := range t.items {
		if err := b.push(it); err != nil {
			return Imported{}, err
		}
	}
	st, err := b.finish()
	if err != nil {
		return Imported{}, err
	}
	st.IDRewritten = id.rewritten
	return Imported{Name: name, ID: id.id(), Format: f, Session: s, Stats: st, Torn: t.torn}, nil
}

// push takes the next item and builds what it can.
func (b *builder) push(it item) error {
	b.queue = append(b.queue, it)
	return b.advance(false)
}

// advance builds the queued items in order, up to an assistant message
// whose results are not all pushed yet (all of them when final).
func (b *builder) advance(final bool) error {
	for len(b.queue) > 0 {
		i, it := b.next, b.queue[0]
		if !final && it.kind == itemAssistant && b.lastResult(i, it) >= b.next+len(b.queue) {
			return nil
		}
		if err := b.item(i, it); err != nil {
			return &Error{Record: fmt.Sprintf("record %d", i), Err: err}
		}
		b.queue[0] = item{}
		b.queue = b.queue[1:]
		b.next++
	}
	return nil
}

// lastResult is the item of the last result of assistant item i that the
// source records after it, or -1.
func (b *builder) lastResult(i int, it item) int {
	last := -1
	for j, bl := range it.blocks {
		if bl.Type != hostshim.BlockToolCall {
			continue
		}
		if ri, ok := b.pairs.answer[callRef{i, j}]; ok && ri > last {
			last = ri
		}
	}
	return last
}

// item builds item i.
func (b *builder) item(i int, it item) error {
	switch it.kind {
	case itemSystem:
		return b.header(it.text)
	case itemMarker:
		b.pending = append(b.pending, len(b.st.Compactions))
		b.st.Compactions = append(b.st.Compactions, it.marker)
		b.marked = true
	case itemUser:
		if err := b.header(""); err != nil {
			return err
		}
		if b.marked && len(b.surface) > 0 && (it.summary || isCompactionPrompt(it)) {
			b.marked = false
			return b.compact(it)
		}
		return b.user(it)
	case itemAssistant:
		if err := b.header(""); err != nil {
			return err
		}
		return b.assistant(i, it)
	case itemResult:
		call, used := b.pairs.callOf[i]
		delete(b.pairs.callOf, i) // the pairing shrinks as the items are built
		switch {
		case !used:
			b.st.Orphans++
		case call > i:
			b.held[i] = it // the source recorded it before its call
		}
	}
	return nil
}

// finish builds what is left and closes the session; it returns the
// import's stats.
func (b *builder) finish() (Stats, error) {
	if err := b.advance(true); err != nil {
		return Stats{}, err
	}
	if err := b.turns.CloseTurn(); err != nil {
		return Stats{}, err
	}
	for _, k := range b.pending {
		b.st.Compactions[k].Seq = b.seq
	}
	b.st.SourceRecords = b.t.sourceRecords
	b.st.Skipped = b.t.skipped
	b.st.OtherRoles = b.t.otherRoles
	b.st.Abandoned = b.t.abandoned
	b.st.UnrecordedPrompts = b.t.unrecordedPrompts
	b.st.Guess = b.t.guess
	if b.st.Messages == 0 {
		if tt := b.t.torn; tt != nil {
			// Say why, or a log cut by a crash while its first message
			// was written reads as a file that was never a session.
			return Stats{}, fmt.Errorf("%w: line %d, the last, was cut short (%d bytes: %s) and no whole message comes before it", ErrEmpty, tt.Line, tt.Bytes, tt.Reason)
		}
		return Stats{}, ErrEmpty
	}
	return b.st, nil
}

// header writes a request/header with the system prompt. The first message
// forces an initial header (without system text) when the source has none.
func (b *builder) header(system string) error {
	if system == "" && b.headerSent {
		return nil
	}
	var h requestHeader
	h.Header.Config.Provider = b.t.provider
	h.Header.Config.Model = b.t.model
	h.Header.System = system
	h.Reason = "initial"
	if b.headerSent {
		h.Reason = "system-prompt"
	}
	b.headerSent = true
	_, err := b.append(hostshim.TypeRequestHeader, h, false, nil)
	return err
}

func (b *builder) user(it item) error {
	if err := b.turns.OpenTurn(); err != nil {
		return err
	}
	m := hostshim.Message{ID: b.msgID(), Role: hostshim.RoleUser, Content: it.blocks, Source: &hostshim.Source{Kind: "user", Injected: it.injected}}
	seq, err := b.append(hostshim.TypeUserMessage, m, true, nil)
	if err == nil && it.summary && len(b.st.Compactions) > 0 {
		b.st.Compactions[len(b.st.Compactions)-1].SummarySeq = seq
	}
	return err
}

// result returns result item ri, pushed and not built yet or held, for
// the call it answers.
func (b *builder) result(ri int) item {
	if ri >= b.next {
		r := b.queue[ri-b.next]
		b.queue[ri-b.next].output = nil // built into its call's turn
		return r
	}
	r := b.held[ri]
	delete(b.held, ri)
	return r
}

func (b *builder) assistant(i int, it item) error {
	if err := b.turns.ForAssistant(); err != nil {
		return err
	}
	blocks := make([]hostshim.Block, len(it.blocks))
	copy(blocks, it.blocks)
	type call struct {
		ref    callRef
		id     string
		name   string
		args   string
		callSq int
	}
	var calls []call
	for j, bl := range blocks {
		if bl.Type != hostshim.BlockToolCall {
			continue
		}
		id := b.uniqueID(bl.ID)
		blocks[j].ID = id
		if blocks[j].Arguments == "" {
			blocks[j].Arguments = "{}"
		}
		calls = append(calls, call{ref: callRef{i, j}, id: id, name: bl.Name, args: blocks[j].Arguments})
	}
	m := hostshim.Message{ID: b.msgID(), Role: hostshim.RoleAssistant, Content: blocks,
		Source: &hostshim.Source{Kind: "model", Provider: b.t.provider, Model: b.t.model}}
	seq, err := b.append(hostshim.TypeAssistantMessage, hostshim.AssistantData{Turn: b.turns.Turn(), Step: b.turns.Step(), Message: m}, true, nil)
	if err != nil {
		return err
	}
	if it.summary && len(b.st.Compactions) > 0 {
		b.st.Compactions[len(b.st.Compactions)-1].SummarySeq = seq
	}
	for k := range calls {
		c := &calls[k]
		seq, err := b.append(hostshim.TypeToolCall, hostshim.ToolCallData{Turn: b.turns.Turn(), Step: b.turns.Step(), CallID: c.id, Name: c.name, Arguments: c.args}, false, nil)
		if err != nil {
			return err
		}
		c.callSq = seq
	}
	b.st.ToolCalls += len(calls)
	// The run of result records right after this message is where results
	// stand when the source needs no reordering.
	runEnd := i + 1
	for runEnd < b.next+len(b.queue) && b.queue[runEnd-b.next].kind == itemResult {
		runEnd++
	}
	for _, c := range calls {
		output := []hostshim.Block{hostshim.TextBlock(NoResultText)}
		isErr := true
		injected := ""
		if ri, ok := b.pairs.answer[c.ref]; ok {
			delete(b.pairs.answer, c.ref)
			r := b.result(ri)
			output, isErr, injected = r.output, r.isError, r.injected
			if r.ends {
				b.st.Ended++
			} else {
				b.st.ToolResults++
			}
			if ri < i || ri >= runEnd {
				b.st.Reordered++
			}
		} else {
			b.st.Unpaired++
			if len(b.st.UnpairedCalls) < maxUnpairedNamed {
				b.st.UnpairedCalls = append(b.st.UnpairedCalls, UnpairedCall{Name: c.name, Seq: seq})
			}
		}
		errFlag := isErr
		m := hostshim.Message{ID: b.msgID(), Role: hostshim.RoleUser,
			Content: []hostshim.Block{{Type: hostshim.BlockToolResult, ToolCallID: c.id, Content: output, IsError: &errFlag}},
			Source:  &hostshim.Source{Kind: "tool", CallID: c.id, Injected: injected}}
		if _, err := b.append(hostshim.TypeToolResult, hostshim.MessageData{Turn: b.turns.Turn(), Step: b.turns.Step(), Message: m}, true, []int{c.callSq}); err != nil {
			return err
		}
	}
	return nil
}

// jsonText renders a JSON value as compact JSON text without HTML escaping
// (tool arguments are strings on the DSH wire).
func jsonText(v json.RawMessage) string {
	if len(bytes.TrimSpace(v)) == 0 || string(bytes.TrimSpace(v)) == "null" {
		return "{}"
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, v); err != nil {
		return string(v)
	}
	return buf.String()
}

// textOf decodes a content value that is either a string or a list of
// {type, text} parts (Anthropic and OpenAI both allow both) into blocks.
// Parts other than text become a short placeholder so that their presence
// stays visible.
func textOf(v json.RawMessage) ([]hostshim.Block, error) {
	parts, err := stringOrList(v, func(s string) anthropicBlock { return anthropicBlock{Type: "text", Text: s} })
	if err != nil {
		return nil, fmt.Errorf("%w: content is neither a string nor a list of parts", ErrMalformed)
	}
	var out []hostshim.Block
	for _, p := range parts {
		switch p.Type {
		case "text", "":
			out = append(out, hostshim.TextBlock(p.Text))
		default:
			out = append(out, p.omitted())
		}
	}
	return out, nil
}

// stringOrList decodes a content value that is either a JSON string (one
// item, made by text) or a list of items; empty content and null are no
// items.
func stringOrList[T any](v json.RawMessage, text func(string) T) ([]T, error) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || string(v) == "null" {
		return nil, nil
	}
	if v[0] == '"' {
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, err
		}
		return []T{text(s)}, nil
	}
	var list []T
	if err := json.Unmarshal(v, &list); err != nil {
		return nil, err
	}
	return list, nil
}

func toolCall(id, name, args string) hostshim.Block {
	return hostshim.Block{Type: hostshim.BlockToolCall, ID: id, Name: name, Arguments: args}
}
