package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatGoose is a session of Goose (github.com/block/goose): the JSONL
// file Goose kept of each session before it moved to SQLite,
// ~/.local/share/goose/sessions/<id>.jsonl (a first line of session
// metadata, {"working_dir", "description", "message_count",
// "total_tokens", …}, then one Message per line), or the JSON of a session
// Goose exports from its database (`goose session export --format json`,
// the desktop app's export: the Session struct, {"id", "working_dir",
// "name", "created_at", …, "conversation": [Message…]}).
//
// The shapes are Goose's crates/goose/src/conversation/message.rs (Message
// {id, role, created, content, metadata {userVisible, agentVisible}};
// MessageContent tagged by "type": text, image, toolRequest, toolResponse,
// toolConfirmationRequest, actionRequired, frontendToolRequest, thinking,
// redactedThinking, systemNotification), tool_result_serde.rs (a call or
// its result is {"status": "success", "value": …} or {"status": "error",
// "error": "…"}; a result's value is an MCP CallToolResult {content,
// isError}, or before Goose 1.9 the list of content items itself),
// session/legacy.rs (the JSONL file: metadata line, then messages) and
// session/session_manager.rs (Session, which export_session writes with
// serde_json), read at block/goose main in 2026 (releases 1.x).
//
// A toolRequest is a call answered by the toolResponse of the same id in
// the next user message; a response whose status is error, or whose value
// says isError, failed. Thinking is reasoning. A message hidden from the
// agent (metadata.agentVisible false: the messages a compaction replaced)
// is kept, as other formats keep what a compaction replaced; the first
// agent-only message after such messages is the compaction's summary,
// after a compaction marker. Confirmation requests, elicitations and
// system notifications are Goose's UI, not the model's context: skipped
// (counted). Since Goose 1.10 sessions live in sessions.db, an SQLite
// database, which is refused with the advice to export the session.
const FormatGoose Format = "goose"

// gooseMessage is a Goose Message.
type gooseMessage struct {
	ID       *string           `json:"id"`
	Role     string            `json:"role"`
	Created  json.RawMessage   `json:"created"`
	Content  []json.RawMessage `json:"content"`
	Metadata *struct {
		UserVisible  *bool `json:"userVisible"`
		AgentVisible *bool `json:"agentVisible"`
	} `json:"metadata"`
}

// goosePart is a MessageContent (the fields of its variants that ef reads).
type goosePart struct {
	Type       string          `json:"type"`
	Text       string          `json:"text"`
	MimeType   string          `json:"mimeType"`
	ID         string          `json:"id"`
	ToolCall   *gooseResult    `json:"toolCall"`
	ToolResult *gooseResult    `json:"toolResult"`
	Thinking   string          `json:"thinking"`
	Resource   json.RawMessage `json:"resource"`
}

// gooseResult is a ToolResult as tool_result_serde writes it.
type gooseResult struct {
	Status string          `json:"status"`
	Value  json.RawMessage `json:"value"`
	Error  string          `json:"error"`
}

// isGooseMessage reports whether a JSON object is a Goose Message: a role,
// a numeric created time and a list of content parts, one of them of a
// type only Goose writes, or Goose's visibility metadata.
func isGooseMessage(top map[string]json.RawMessage) bool {
	var m gooseMessage
	b, _ := json.Marshal(top)
	if json.Unmarshal(b, &m) != nil || m.Role == "" || len(m.Created) == 0 || m.Created[0] < '0' || m.Created[0] > '9' {
		return false
	}
	if m.Metadata != nil && (m.Metadata.AgentVisible != nil || m.Metadata.UserVisible != nil) {
		return true
	}
	for _, raw := range m.Content {
		var p goosePart
		if json.Unmarshal(raw, &p) == nil && gooseOnlyParts[p.Type] {
			return true
		}
	}
	return false
}

// gooseOnlyParts are the content types no other format ef reads writes.
var gooseOnlyParts = map[string]bool{"toolRequest": true, "toolResponse": true, "toolConfirmationRequest": true,
	"frontendToolRequest": true, "actionRequired": true, "systemNotification": true, "conversationCompacted": true}

// isGooseMetadata reports whether a JSON object is the metadata line of a
// Goose session file (SessionMetadata): its working_dir beside a
// description (or name) and its message count.
func isGooseMetadata(top map[string]json.RawMessage) bool {
	_, dir := jsonString(top["working_dir"])
	_, count := top["message_count"]
	_, desc := top["description"]
	_, name := top["name"]
	_, role := top["role"]
	return dir && count && (desc || name) && !role
}

// isGooseExport reports whether a JSON object is a Goose Session as
// export_session writes it: an id and a working_dir beside the
// conversation list.
func isGooseExport(top map[string]json.RawMessage) bool {
	_, id := jsonString(top["id"])
	_, dir := jsonString(top["working_dir"])
	c := bytes.TrimSpace(top["conversation"])
	return id && dir && len(c) > 0 && (c[0] == '[' || string(c) == "null")
}

// parseGoose reads a Goose session: the exported JSON or the JSONL file.
func parseGoose(data []byte) (*transcript, error) {
	t := &transcript{}
	body := bytes.TrimSpace(data)
	var export struct {
		ID           string            `json:"id"`
		Conversation []json.RawMessage `json:"conversation"`
	}
	if json.Unmarshal(body, &export) == nil && export.ID != "" {
		t.recordedID = export.ID
		if len(export.Conversation) == 0 {
			return nil, fmt.Errorf("%w: the Goose session was exported without its messages", ErrEmpty)
		}
		g := gooseReader{t: t}
		for i, raw := range export.Conversation {
			if err := g.message(raw); err != nil {
				return nil, &Error{Record: fmt.Sprintf("conversation[%d]", i), Err: err}
			}
		}
		return t, nil
	}
	g := gooseReader{t: t}
	var err error
	t.torn, err = scanLines(bytes.NewReader(data), func(line int, raw []byte) error {
		if line == 1 {
			var top map[string]json.RawMessage
			if json.Unmarshal(raw, &top) == nil && isGooseMetadata(top) {
				return nil
			}
		}
		return g.message(raw)
	})
	return t, err
}

// gooseReader reads Goose messages in order into t.
type gooseReader struct {
	t *transcript
	// hidden: the last message read was hidden from the agent (a
	// compaction replaced it).
	hidden bool
}

func (g *gooseReader) message(raw []byte) error {
	t := g.t
	var m gooseMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return malformed("", err)
	}
	t.sourceRecords++
	agent, user := true, true
	if m.Metadata != nil {
		if m.Metadata.AgentVisible != nil {
			agent = *m.Metadata.AgentVisible
		}
		if m.Metadata.UserVisible != nil {
			user = *m.Metadata.UserVisible
		}
	}
	if !agent && !user {
		t.skipped++ // archived: neither the model nor the user sees it
		return nil
	}
	summary := agent && !user && g.hidden
	g.hidden = !agent
	var blocks []hostshim.Block
	ui := 0 // parts that are Goose's UI only
	for _, rawPart := range m.Content {
		var p goosePart
		if err := json.Unmarshal(rawPart, &p); err != nil {
			return malformed("content part", err)
		}
		switch p.Type {
		case "text":
			blocks = append(blocks, hostshim.TextBlock(p.Text))
		case "image":
			blocks = append(blocks, hostshim.TextBlock(omittedFile("image", p.MimeType, "", "", "")))
		case "thinking":
			blocks = append(blocks, hostshim.Block{Type: hostshim.BlockReasoning, Text: p.Thinking})
		case "redactedThinking":
			blocks = append(blocks, hostshim.Block{Type: hostshim.BlockReasoning, Text: "[redacted thinking]"})
		case "toolRequest", "frontendToolRequest":
			blocks = append(blocks, gooseCall(p))
		case "toolResponse":
			isErr, out := gooseOutput(p.ToolResult)
			t.result(p.ID, isErr, out...)
		case "conversationCompacted":
			t.marker("conversationCompacted", 0)
		default: // toolConfirmationRequest, actionRequired, systemNotification, and types not known
			ui++
		}
	}
	if len(blocks) == 0 {
		if ui > 0 {
			t.skipped++
		}
		return nil
	}
	switch {
	case summary:
		t.marker("goose-compaction", 0)
		t.summaryUser(blocks...)
	case m.Role == "assistant":
		t.assistant(blocks...)
	case m.Role == "user":
		t.user(blocks...)
	default:
		t.otherRole(m.Role, blocks)
	}
	return nil
}

// gooseCall is a toolRequest's call; one Goose could not parse (status
// error) keeps the error as its arguments, under the name Goose gives it
// none of.
func gooseCall(p goosePart) hostshim.Block {
	if p.ToolCall == nil || p.ToolCall.Status == "error" {
		msg := ""
		if p.ToolCall != nil {
			msg = p.ToolCall.Error
		}
		args, _ := json.Marshal(map[string]string{"error": msg})
		return toolCall(p.ID, "invalid_tool_call", string(args))
	}
	var v struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	_ = json.Unmarshal(p.ToolCall.Value, &v)
	return toolCall(p.ID, v.Name, jsonText(v.Arguments))
}

// gooseOutput is a toolResponse's result: failed when its status is error
// or its CallToolResult says isError; its text the content items' text.
func gooseOutput(r *gooseResult) (bool, []hostshim.Block) {
	if r == nil {
		return true, []hostshim.Block{hostshim.TextBlock("(Goose recorded no result)")}
	}
	if r.Status == "error" {
		return true, []hostshim.Block{hostshim.TextBlock(r.Error)}
	}
	var items []json.RawMessage
	isErr := false
	v := bytes.TrimSpace(r.Value)
	if len(v) > 0 && v[0] == '[' {
		_ = json.Unmarshal(v, &items) // before Goose 1.9: the content list itself
	} else {
		var res struct {
			Content []json.RawMessage `json:"content"`
			IsError bool              `json:"isError"`
		}
		_ = json.Unmarshal(v, &res)
		items, isErr = res.Content, res.IsError
	}
	var out []hostshim.Block
	for _, raw := range items {
		var c struct {
			Type     string `json:"type"`
			Text     string `json:"text"`
			MimeType string `json:"mimeType"`
			Resource *struct {
				URI  string `json:"uri"`
				Text string `json:"text"`
			} `json:"resource"`
			Annotations *struct {
				Audience []string `json:"audience"`
			} `json:"annotations"`
		}
		if json.Unmarshal(raw, &c) != nil {
			continue
		}
		if c.Annotations != nil && len(c.Annotations.Audience) > 0 && !slices.Contains(c.Annotations.Audience, "assistant") {
			continue // shown to the user only, not sent to the model
		}
		switch {
		case c.Type == "text":
			out = append(out, hostshim.TextBlock(c.Text))
		case c.Type == "resource" && c.Resource != nil:
			out = append(out, hostshim.TextBlock(strings.TrimSpace(c.Resource.Text)))
		default:
			out = append(out, hostshim.TextBlock(omittedFile(c.Type, c.MimeType, "", "", "")))
		}
	}
	return isErr, out
}
