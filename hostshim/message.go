package hostshim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Generation is the wire generation of a log (see the package comment).
type Generation int

const (
	// Gen01 is the 0.1.0/0.1.1 wire (persistence format version 0).
	Gen01 Generation = iota
	// Gen017 is the 0.1.7 wire (persistence format version 4).
	Gen017
)

func (g Generation) String() string {
	if g == Gen017 {
		return "0.1.7"
	}
	return "0.1.0"
}

// Role is a message role.
type Role string

// Roles. RoleTool, RoleSystem and RoleDeveloper exist only in Gen017; in
// Gen01 a tool result is a RoleUser message holding a tool-result block.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
	RoleSystem    Role = "system"
	RoleDeveloper Role = "developer"
)

// Block types.
const (
	BlockText         = "text"
	BlockReasoning    = "reasoning"
	BlockImage        = "image"
	BlockFile         = "file" // Gen017
	BlockToolCall     = "tool-call"
	BlockToolResult   = "tool-result"   // Gen01
	BlockToolAddition = "tool-addition" // Gen017
	BlockToolRemoval  = "tool-removal"  // Gen017
)

// Block is one content block of a message. Which fields are set depends on
// Type: Text for text and reasoning; ID, Name and Arguments for tool-call;
// ToolCallID, Content and IsError for tool-result; Attachment (and
// Offloaded) for image and file; ToolName for tool-addition/removal.
type Block struct {
	Type       string          `json:"type"`
	Text       string          `json:"text,omitempty"`
	ID         string          `json:"id,omitempty"`
	Name       string          `json:"name,omitempty"`
	Arguments  string          `json:"arguments,omitempty"`
	ToolCallID string          `json:"toolCallId,omitempty"`
	Content    []Block         `json:"content,omitempty"`
	IsError    *bool           `json:"isError,omitempty"`
	Attachment json.RawMessage `json:"attachment,omitempty"`
	Offloaded  json.RawMessage `json:"offloaded,omitempty"`
	ToolName   string          `json:"toolName,omitempty"`
}

// TextBlock returns a text block.
func TextBlock(s string) Block { return Block{Type: BlockText, Text: s} }

// Source says where a message came from.
type Source struct {
	Kind            string `json:"kind"`
	CallID          string `json:"callId,omitempty"`
	Provider        string `json:"provider,omitempty"`
	Model           string `json:"model,omitempty"`
	Plugin          string `json:"plugin,omitempty"`
	CompactionID    string `json:"compactionId,omitempty"`
	SourceCommandID string `json:"sourceCommandId,omitempty"`
	// Form is what a plugin's message is, as DSH's producer declares it
	// (ContextForm: "instructions", "catalog", "snapshot", "notice",
	// "relay", "recall"; absent = undeclared). See InjectedAs.
	Form string `json:"form,omitempty"`
	// Injected is set only by the importer (never by the DSH host, whose
	// logs read as before without it): the agent client that recorded the
	// session put this message in the conversation, it is not the speaker
	// its role names (InjectedChatter, InjectedInstructions,
	// InjectedInterruption).
	Injected string `json:"injected,omitempty"`
}

// What an imported message the agent client injected is (Source.Injected).
const (
	// InjectedChatter is the client's own text in a user message: a slash
	// command and its output, a caveat, the environment it runs in. It is
	// kept, but it is nobody's request.
	InjectedChatter = "chatter"
	// InjectedInstructions is the project's instruction file the client
	// read into the conversation (CLAUDE.md, AGENTS.md): rules with the
	// authority of a system message.
	InjectedInstructions = "instructions"
	// InjectedInterruption marks the user stopping or refusing a step (a
	// "[Request interrupted by user]" note, a tool result saying the user
	// rejected the call): the step did not run, so nothing failed.
	InjectedInterruption = "interruption"
)

// RuntimeContextPlugin is the producer DSH names in the source of its
// runtime-context snapshot: the user message the agent loop appends before
// a step when the dynamic context (file sandbox policy, approval policy,
// time, …) changed, or when the one it sent was folded away ("Current
// runtime context. This snapshot supersedes earlier runtime-context
// snapshots.\n\n…", source {kind: "plugin", plugin: RuntimeContextPlugin,
// form: "snapshot", sections: […]}; when the context empties, the fixed
// "Current runtime context: none. …" with no form). The host itself tells
// its snapshots by this source, never by the text (dsh-agent-loop's
// runtime-context isOwned, 0.1.0-rc.8 through 0.1.7).
const RuntimeContextPlugin = "@deepseek-ai/dsh-system-prompt"

// InjectedAs reports what the agent client or host put user message m in
// the conversation as, by its source, "" for a message its role's speaker
// wrote: an importer's mark (Source.Injected); for a DSH log, the host's
// runtime-context snapshot (RuntimeContextPlugin), any other producer's
// "snapshot"-form message (current state a later snapshot of the same
// producer supersedes: dsh-time-context, dsh-tmux-context) and a
// "catalog"-form one (the skills available, republished as they change)
// are InjectedChatter: the host re-sends the current one after a fold, so
// it is nobody's request, objective or rule. Other forms keep their role
// (a goal "notice" is read for the session's outcome; "instructions" and
// an undeclared form are left as they were).
func (m *Message) InjectedAs() string {
	if m == nil || m.Source == nil {
		return ""
	}
	s := m.Source
	switch {
	case s.Injected != "":
		return s.Injected
	case s.Kind == "plugin" && s.Plugin == RuntimeContextPlugin, s.Form == "snapshot", s.Form == "catalog":
		return InjectedChatter
	case s.Kind == "agent-instructions":
		// DSH's AGENTS.md / CLAUDE.md reminder: the project's file
		return InjectedInstructions
	}
	return ""
}

// Message is a model-visible message. A message decoded from a log keeps its
// exact bytes (Raw) and re-encodes to them; treat it as read-only. Messages
// built in Go (Raw nil) encode from their fields.
type Message struct {
	ID         string  `json:"id,omitempty"`
	Role       Role    `json:"role"`
	Content    []Block `json:"content"`
	Source     *Source `json:"source,omitempty"`
	ToolCallID string  `json:"toolCallId,omitempty"` // Gen017 tool role
	IsError    *bool   `json:"isError,omitempty"`    // Gen017 tool role

	// Raw is the message as the host wrote it, when it came from a log.
	Raw json.RawMessage `json:"-"`
}

type messageFields Message

// UnmarshalJSON decodes a message and keeps its bytes.
func (m *Message) UnmarshalJSON(b []byte) error {
	var f messageFields
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	if f.Content == nil {
		return fmt.Errorf("message without content")
	}
	*m = Message(f)
	m.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// MarshalJSON writes Raw when present, else the fields.
func (m Message) MarshalJSON() ([]byte, error) {
	if m.Raw != nil {
		return m.Raw, nil
	}
	return MarshalJS(messageFields(m))
}

// IsCheckpoint reports whether m is a compaction checkpoint message, in
// either generation's source shape.
func (m *Message) IsCheckpoint() bool {
	if m == nil || m.Source == nil {
		return false
	}
	return m.Source.Kind == "compact-checkpoint" || (m.Source.Kind == "plugin" && m.Source.Plugin == "compact" && m.Source.CompactionID != "")
}

// ToolCalls returns the tool-call blocks of an assistant message (nil for
// a nil message).
func (m *Message) ToolCalls() []Block {
	if m == nil {
		return nil
	}
	var out []Block
	for _, b := range m.Content {
		if b.Type == BlockToolCall {
			out = append(out, b)
		}
	}
	return out
}

// ToolResultID returns the call id a tool result answers, and whether m is a
// tool result at all (Gen017 tool role, or Gen01 user message with a
// tool-result block).
func (m *Message) ToolResultID() (string, bool) {
	if m == nil {
		return "", false
	}
	if m.Role == RoleTool {
		if m.ToolCallID != "" {
			return m.ToolCallID, true
		}
		if m.Source != nil {
			return m.Source.CallID, true
		}
		return "", true
	}
	for _, b := range m.Content {
		if b.Type == BlockToolResult {
			return b.ToolCallID, true
		}
	}
	if m.Source != nil && m.Source.Kind == "tool" {
		return m.Source.CallID, true
	}
	return "", false
}

// Text joins the message's human-readable text: text and reasoning blocks,
// tool-call names and arguments, and tool-result content, one per line.
// A nil message's is "".
func (m *Message) Text() string {
	if m == nil {
		return ""
	}
	// One text piece (a tool's output, a user's paste) is returned as it
	// is, not copied: a 50 MB output would be held twice.
	if s, n := onlyText(m.Content, "", 0); n == 1 {
		return s
	}
	var sb strings.Builder
	appendBlocksText(&sb, m.Content)
	return sb.String()
}

// onlyText counts, from n, the pieces appendBlocksText would write of
// blocks, stopping at 2 or at a piece that is not a text block's; when
// it returns 1, s is that piece.
func onlyText(blocks []Block, s string, n int) (string, int) {
	for _, b := range blocks {
		switch b.Type {
		case BlockText, BlockReasoning:
			if b.Text == "" {
				continue
			}
			s, n = b.Text, n+1
		case BlockToolResult:
			s, n = onlyText(b.Content, s, n)
		case BlockToolCall, BlockToolAddition, BlockToolRemoval:
			return "", 2
		}
		if n > 1 {
			return "", n
		}
	}
	return s, n
}

func appendBlocksText(sb *strings.Builder, blocks []Block) {
	for _, b := range blocks {
		s := ""
		switch b.Type {
		case BlockText, BlockReasoning:
			s = b.Text
		case BlockToolCall:
			s = b.Name + " " + b.Arguments
		case BlockToolResult:
			appendBlocksText(sb, b.Content)
			continue
		case BlockToolAddition, BlockToolRemoval:
			s = b.Type + " " + b.ToolName
		default:
			continue
		}
		if s == "" {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(s)
	}
}

// DeriveMessage returns the model-visible message of an event, as the host's
// deriveEventMessage does: user/message → the data itself; assistant/message
// → data.message, or nil when its content is empty; tool/result,
// system/message and developer/message → data.message; anything else nil.
func DeriveMessage(e Event) (*Message, error) {
	switch e.Type {
	case TypeUserMessage:
		var m Message
		if err := e.Decode(&m); err != nil {
			return nil, err
		}
		// Snapshot logs strip some fields (role among them) from user
		// messages; the event type says what the role is.
		if m.Role == "" {
			m.Role = RoleUser
		}
		m.Raw = within(e.Data, m.Raw)
		return &m, nil
	case TypeAssistantMessage:
		var d AssistantData
		if err := e.Decode(&d); err != nil {
			return nil, err
		}
		if d.Message.Raw == nil {
			// The flat shape {turn, step, content, provenance, usage} seen in
			// 0.1.1 snapshot logs carries the message's fields inline.
			var flat flatAssistant
			if err := e.Decode(&flat); err != nil || flat.Content == nil {
				return nil, fmt.Errorf("seq %d (%s): data.message missing", e.Seq, e.Type)
			}
			d.Message = Message{Role: RoleAssistant, Content: flat.Content}
			if flat.Provenance != nil {
				d.Message.Source = &Source{Kind: "model", Provider: flat.Provenance.Provider, Model: flat.Provenance.Model}
			}
			d.Message.Raw = marshalNoEscape(messageFields(d.Message))
		}
		if len(d.Message.Content) == 0 {
			return nil, nil
		}
		d.Message.Raw = within(e.Data, d.Message.Raw)
		return &d.Message, nil
	case TypeToolResult, TypeSystemMessage, TypeDeveloperMessage:
		var d MessageData
		if err := e.Decode(&d); err != nil {
			return nil, err
		}
		if d.Message.Raw == nil && e.Type == TypeToolResult {
			// The flat shape {turn, step, callId, content, isError} seen in
			// 0.1.1 snapshot logs: a tool message with the result inline.
			var flat flatToolResult
			if err := e.Decode(&flat); err != nil || flat.Content == nil || flat.CallID == "" {
				return nil, fmt.Errorf("seq %d (%s): data.message missing", e.Seq, e.Type)
			}
			d.Message = Message{Role: RoleTool, ToolCallID: flat.CallID, IsError: flat.IsError, Content: flat.Content,
				Source: &Source{Kind: "tool", CallID: flat.CallID}}
			d.Message.Raw = marshalNoEscape(messageFields(d.Message))
		}
		if d.Message.Raw == nil {
			return nil, fmt.Errorf("seq %d (%s): data.message missing", e.Seq, e.Type)
		}
		d.Message.Raw = within(e.Data, d.Message.Raw)
		return &d.Message, nil
	}
	return nil, nil
}

// shareRaw is the size from which a derived message's bytes are shared
// with its event's data instead of kept as a copy.
const shareRaw = 64 << 10

// within returns the bytes of data equal to raw, a message's own bytes as
// the decoder copied them out of its event's data, so that a large message
// (a pasted 50 MB output) is held once by the session, not twice; raw
// itself when it is small or not found in data. The slice is capped at
// its end, so an append to it never writes into the event's data.
func within(data, raw json.RawMessage) json.RawMessage {
	if len(raw) < shareRaw {
		return raw
	}
	i := bytes.Index(data, raw)
	if i < 0 {
		return raw
	}
	return data[i : i+len(raw) : i+len(raw)]
}

// CheckpointPreamble is the text the host puts before a checkpoint's summary
// (compaction-basic frameSummary).
const CheckpointPreamble = "This is an automatically generated checkpoint condensing an earlier span of the conversation to free up context. Treat the captured context as established background and build on it without restating it. Continue the task directly from the messages that follow, without acknowledging this checkpoint."

// FrameSummary frames summary blocks as the host frames a checkpoint:
// preamble and an opening <compacted-summary> tag, the summary, the closing
// tag.
func FrameSummary(summary []Block) []Block {
	out := make([]Block, 0, len(summary)+2)
	out = append(out, TextBlock(CheckpointPreamble+"\n\n<compacted-summary>"))
	out = append(out, summary...)
	out = append(out, TextBlock("</compacted-summary>"))
	return out
}

// CheckpointSource returns the checkpoint message source of generation gen.
func CheckpointSource(gen Generation, compactionID, sourceCommandID string) *Source {
	if gen == Gen017 {
		return &Source{Kind: "compact-checkpoint", CompactionID: compactionID, SourceCommandID: sourceCommandID}
	}
	return &Source{Kind: "plugin", Plugin: "compact", CompactionID: compactionID, SourceCommandID: sourceCommandID}
}

type flatAssistant struct {
	Content    []Block `json:"content"`
	Provenance *struct {
		Provider string `json:"provider"`
		Model    string `json:"model"`
	} `json:"provenance"`
}

type flatToolResult struct {
	CallID  string  `json:"callId"`
	Content []Block `json:"content"`
	IsError *bool   `json:"isError"`
}
