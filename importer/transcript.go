package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/epistemicfold/ef/hostshim"
)

// NoResultText is the text of the synthetic error result given to a call
// the source never answered.
const NoResultText = "no result recorded"

// emptyOutputText stands in for an empty tool output: a DSH text block
// always carries text.
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
	// text is the system prompt of an itemSystem.
	text string
	// marker is the compaction marker of an itemMarker.
	marker Compaction
	// summary marks a user item as the summary message that follows the
	// last compaction marker.
	summary bool
}

// transcript is what a parser produces: the session's records in source
// order plus counts only the parser can know.
type transcript struct {
	provider, model string
	items           []item
	sourceRecords   int
	skipped         int
	torn            *hostshim.TruncatedTail // the file's skipped torn last line
	// source is the format a chat log turned out to be (Anthropic's or
	// LangChain's blocks seen); empty for an OpenAI chat log.
	source Format
}

func (t *transcript) user(blocks ...hostshim.Block) { t.message(itemUser, blocks) }

func (t *transcript) assistant(blocks ...hostshim.Block) { t.message(itemAssistant, blocks) }

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

// pair matches results to calls. A result answers the latest earlier
// unanswered call with its id, or else the first later one (ATIF exporters
// write results before the call). It returns, per call, the index of its
// result item (-1 when none), and the set of result items that matched.
func (t *transcript) pair() (map[callRef]int, map[int]bool) {
	byID := map[string][]callRef{}
	for i, it := range t.items {
		if it.kind != itemAssistant {
			continue
		}
		for j, b := range it.blocks {
			if b.Type == hostshim.BlockToolCall {
				byID[b.ID] = append(byID[b.ID], callRef{i, j})
			}
		}
	}
	answer := map[callRef]int{}
	used := map[int]bool{}
	for i, it := range t.items {
		if it.kind != itemResult {
			continue
		}
		refs := byID[it.callID]
		pick := -1
		for k := len(refs) - 1; k >= 0; k-- {
			if _, done := answer[refs[k]]; !done && refs[k].item < i {
				pick = k
				break
			}
		}
		if pick < 0 {
			for k, r := range refs {
				if _, done := answer[r]; !done && r.item > i {
					pick = k
					break
				}
			}
		}
		if pick >= 0 {
			answer[refs[pick]] = i
			used[i] = true
		}
	}
	return answer, used
}

// builder appends the DSH event structure around the transcript's messages.
type builder struct {
	s          *hostshim.Session
	t          *transcript
	st         Stats
	turns      *hostshim.Turns
	headerSent bool
	usedIDs    map[string]int
	// pending are indexes into st.Compactions still waiting for the next
	// message to fix their Seq.
	pending []int
}

func (b *builder) append(typ string, data any, surface bool, sources []int) (int, error) {
	seq, err := b.turns.Append(typ, data, surface, sources)
	if err != nil {
		return 0, err
	}
	if surface {
		b.st.Messages++
		for _, k := range b.pending {
			b.st.Compactions[k].Seq = seq
		}
		b.pending = b.pending[:0]
	}
	return seq, nil
}

func (b *builder) msgID() string { return "imp-" + strconv.Itoa(b.s.Len()) }

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

// build turns the transcript into a session named name.
func (t *transcript) build(name string, f Format) (Imported, error) {
	s := hostshim.NewSession(name, hostshim.Gen01)
	b := &builder{s: s, t: t, turns: hostshim.NewTurns(s), usedIDs: map[string]int{}}
	b.st.SourceRecords = t.sourceRecords
	b.st.Skipped = t.skipped
	answer, used := t.pair()
	for i, it := range t.items {
		var err error
		switch it.kind {
		case itemSystem:
			err = b.header(it.text)
		case itemMarker:
			b.pending = append(b.pending, len(b.st.Compactions))
			b.st.Compactions = append(b.st.Compactions, it.marker)
		case itemUser:
			if err = b.header(""); err == nil {
				err = b.user(it)
			}
		case itemAssistant:
			if err = b.header(""); err == nil {
				err = b.assistant(i, it, answer)
			}
		case itemResult:
			if !used[i] {
				b.st.Orphans++
			}
		}
		if err != nil {
			return Imported{}, &Error{Record: fmt.Sprintf("record %d", i), Err: err}
		}
	}
	if err := b.turns.CloseTurn(); err != nil {
		return Imported{}, err
	}
	for _, k := range b.pending {
		b.st.Compactions[k].Seq = b.s.Len()
	}
	if b.st.Messages == 0 {
		if tt := t.torn; tt != nil {
			// Say why, or a log cut by a crash while its first message
			// was written reads as a file that was never a session.
			return Imported{}, fmt.Errorf("%w: line %d, the last, was cut short (%d bytes: %s) and no whole message comes before it", ErrEmpty, tt.Line, tt.Bytes, tt.Reason)
		}
		return Imported{}, ErrEmpty
	}
	return Imported{Name: name, Format: f, Session: b.s, Stats: b.st, Torn: t.torn}, nil
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
	m := hostshim.Message{ID: b.msgID(), Role: hostshim.RoleUser, Content: it.blocks, Source: &hostshim.Source{Kind: "user"}}
	seq, err := b.append(hostshim.TypeUserMessage, m, true, nil)
	if err == nil && it.summary && len(b.st.Compactions) > 0 {
		b.st.Compactions[len(b.st.Compactions)-1].SummarySeq = seq
	}
	return err
}

func (b *builder) assistant(i int, it item, answer map[callRef]int) error {
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
	if _, err := b.append(hostshim.TypeAssistantMessage, hostshim.AssistantData{Turn: b.turns.Turn(), Step: b.turns.Step(), Message: m}, true, nil); err != nil {
		return err
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
	for runEnd < len(b.t.items) && b.t.items[runEnd].kind == itemResult {
		runEnd++
	}
	for _, c := range calls {
		output := []hostshim.Block{hostshim.TextBlock(NoResultText)}
		isErr := true
		if ri, ok := answer[c.ref]; ok {
			r := b.t.items[ri]
			output, isErr = r.output, r.isError
			b.st.ToolResults++
			if ri < i || ri >= runEnd {
				b.st.Reordered++
			}
		} else {
			b.st.Unpaired++
		}
		errFlag := isErr
		m := hostshim.Message{ID: b.msgID(), Role: hostshim.RoleUser,
			Content: []hostshim.Block{{Type: hostshim.BlockToolResult, ToolCallID: c.id, Content: output, IsError: &errFlag}},
			Source:  &hostshim.Source{Kind: "tool", CallID: c.id}}
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
	type part struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	parts, err := stringOrList(v, func(s string) part { return part{Type: "text", Text: s} })
	if err != nil {
		return nil, fmt.Errorf("%w: content is neither a string nor a list of parts", ErrMalformed)
	}
	var out []hostshim.Block
	for _, p := range parts {
		switch p.Type {
		case "text", "":
			out = append(out, hostshim.TextBlock(p.Text))
		default:
			out = append(out, hostshim.TextBlock("["+p.Type+" omitted]"))
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
