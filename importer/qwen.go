package importer

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatQwen is a Qwen Code session recording
// (~/.qwen/tmp/<project_hash>/chats/<sessionId>.jsonl): one ChatRecord a
// line, linked into a tree by uuid and parentUuid, each message a Gemini
// API content ({role, parts}).
const FormatQwen Format = "qwen-code"

// Qwen Code (a fork of Gemini CLI) writes its recording with
// packages/core/src/services/chatRecordingService.ts (read at commit
// 015346f1 of QwenLM/qwen-code) and resumes it as
// packages/core/src/utils/conversation-chain.ts does: from the last
// record in the file up the parentUuid links to a record with none; the
// first record of a uuid is the one that counts. A /rewind writes a
// system record (subtype "rewind") whose parent is the message it went
// back to, so the turns after that message are off the chain. A record
// is {uuid, parentUuid, sessionId, timestamp, type, subtype?, cwd,
// version, message?, model?, toolCallResult?, systemPayload?,
// isSidechain?}; type is user, assistant, tool_result (a user content
// of functionResponse parts) or system, whose subtype says what it is: a
// chat_compression carries the compressed history the model went on
// with (its summary first), the others (slash_command, ui_telemetry,
// at_command, custom_title, …) are the client's bookkeeping.

// qwenRecord is the part of a Qwen Code ChatRecord ef reads.
type qwenRecord struct {
	UUID           string          `json:"uuid"`
	ParentUUID     *string         `json:"parentUuid"`
	SessionID      string          `json:"sessionId"`
	Type           string          `json:"type"`
	Subtype        string          `json:"subtype"`
	Provenance     string          `json:"provenance"`
	Message        json.RawMessage `json:"message"`
	Model          string          `json:"model"`
	IsSidechain    bool            `json:"isSidechain"`
	SystemPayload  json.RawMessage `json:"systemPayload"`
	ToolCallResult *struct {
		Status string `json:"status"`
	} `json:"toolCallResult"`
}

// qwenRecordTypes are the types a ChatRecord has.
var qwenRecordTypes = map[string]bool{"user": true, "assistant": true, "tool_result": true, "system": true}

// isQwenRecord reports whether a JSON object is a Qwen Code ChatRecord:
// a uuid, a parentUuid (null at the root), a sessionId and a type of a
// ChatRecord's, and what only Qwen writes beside them: a message of
// Gemini parts, a tool_result type or a systemPayload. A Claude Code
// record has the same ids but an Anthropic message (content, not parts)
// and no systemPayload.
func isQwenRecord(top map[string]json.RawMessage) bool {
	for _, k := range []string{"uuid", "parentUuid", "sessionId", "type"} {
		if _, ok := top[k]; !ok {
			return false
		}
	}
	typ, _ := jsonString(top["type"])
	if !qwenRecordTypes[typ] {
		return false
	}
	if _, ok := top["systemPayload"]; ok || typ == "tool_result" {
		return true
	}
	var m struct {
		Role    string          `json:"role"`
		Parts   json.RawMessage `json:"parts"`
		Content json.RawMessage `json:"content"`
	}
	return json.Unmarshal(top["message"], &m) == nil && len(m.Parts) > 0 && len(m.Content) == 0
}

// qwenPlan is what the first pass over a recording learns: the lines of
// the records on the chain Qwen Code resumes, and the line of its root
// (records before it in the file are kept: their place is not known).
type qwenPlan struct {
	onChain map[int]bool
	root    int
	first   map[int]bool // lines that are a uuid's first record
	// subagent marks a recording all of whose records are a sub-agent's
	// (isSidechain): a background agent's own transcript, whose
	// sidechain is the conversation.
	subagent bool
}

// planQwen reads a recording once for the chain Qwen Code resumes. It
// holds a few ids per record, never a record's content. It fails open:
// a chain that reaches a parent not in the file stops there, and the
// records before that point in the file are all kept.
func planQwen(r io.Reader) (*qwenPlan, error) {
	type node struct {
		line   int
		parent string
	}
	nodes := map[string]node{}
	p := &qwenPlan{onChain: map[int]bool{}, first: map[int]bool{}}
	leaf := ""
	main, side := 0, 0
	_, err := scanLines(r, func(line int, raw []byte) error {
		var rec struct {
			UUID        string  `json:"uuid"`
			Parent      *string `json:"parentUuid"`
			IsSidechain bool    `json:"isSidechain"`
		}
		if json.Unmarshal(raw, &rec) != nil || rec.UUID == "" {
			return nil // the parsing pass says what is wrong with it
		}
		if rec.IsSidechain {
			side++
		} else {
			main++
		}
		leaf = rec.UUID
		if _, dup := nodes[rec.UUID]; dup {
			return nil // Qwen Code reads a uuid's first record
		}
		n := node{line: line}
		if rec.Parent != nil {
			n.parent = *rec.Parent
		}
		nodes[rec.UUID] = n
		p.first[line] = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	p.subagent = main == 0 && side > 0
	p.root = -1
	seen := map[string]bool{}
	for id := leaf; id != "" && !seen[id]; {
		n, ok := nodes[id]
		if !ok {
			break
		}
		seen[id] = true
		p.onChain[n.line], p.root = true, n.line
		id = n.parent
	}
	return p, nil
}

// qwenConventions are what Qwen Code may write into a user content
// itself. It sends the QWEN.md files it loads in the system instruction,
// which it does not record; where one reaches a user content, as Gemini
// CLI's session context ("This is the Gemini CLI. We are setting up the
// context for our chat.", in Qwen Code "This is the Qwen Code. …") holds
// them, that context is chatter and each file, between "--- Context
// from: <path> ---" and "--- End of Context from: <path> ---", the
// project's instructions; so is a content that opens with such a file.
var qwenConventions = &conventions{
	wrappers: []wrapper{
		{tag: "<session_context>", kind: hostshim.InjectedChatter, rules: []string{"\n--- Context from: "},
			files: geminiContextFrom, own: geminiContextEnd},
		{tag: "This is the Qwen Code. We are setting up the context for our chat.", kind: hostshim.InjectedChatter, rules: []string{"\n--- Context from: "},
			files: geminiContextFrom, own: geminiContextEnd},
	},
	prefixes: []wrapper{
		{tag: "--- Context from: ", kind: hostshim.InjectedInstructions},
	},
}

// parseQwen reads a recording's records on the chain plan found into t,
// line by line. Records off the chain after its root are a rewound
// branch: its messages are counted in Stats.Abandoned, its system records
// skipped. A sub-agent's records (isSidechain) are skipped, unless the
// recording is the sub-agent's own.
func parseQwen(in io.Reader, t *transcript, plan *qwenPlan) error {
	t.provider = "qwen"
	g := &geminiReader{t: t, conv: qwenConventions}
	var err error
	t.torn, err = scanLines(in, func(line int, raw []byte) error {
		if err := qwenLine(g, plan, line, raw); err != nil {
			return err
		}
		return t.drain(false)
	})
	return err
}

// parseQwenWhole reads a recording held whole.
func parseQwenWhole(data []byte) (*transcript, error) {
	plan, err := planQwen(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	t := &transcript{}
	return t, parseQwen(bytes.NewReader(data), t, plan)
}

// qwenLine reads one record.
func qwenLine(g *geminiReader, plan *qwenPlan, line int, raw []byte) error {
	t := g.t
	var r qwenRecord
	if err := json.Unmarshal(raw, &r); err != nil {
		return malformed("", err)
	}
	if r.SessionID != "" {
		t.recordedID = r.SessionID
	}
	message := r.Type == "user" || r.Type == "assistant" || r.Type == "tool_result"
	switch {
	case r.UUID != "" && !plan.first[line], r.IsSidechain && !plan.subagent:
		t.skipped++
		return nil
	case r.UUID != "" && line > plan.root && !plan.onChain[line]:
		if message {
			t.abandoned++
		} else {
			t.skipped++
		}
		return nil
	}
	switch r.Type {
	case "system":
		return qwenSystem(g, r)
	case "user", "assistant", "tool_result":
	default:
		t.skipped++
		return nil
	}
	var c struct {
		Role  string       `json:"role"`
		Parts []geminiPart `json:"parts"`
	}
	if len(r.Message) > 0 {
		if err := json.Unmarshal(r.Message, &c); err != nil {
			return malformed(r.Type+".message", err)
		}
	}
	if len(c.Parts) == 0 {
		t.skipped++ // a record with no content (an empty response)
		return nil
	}
	t.sourceRecords++
	role := "user"
	if r.Type == "assistant" {
		role = "model"
		if t.model == "" {
			t.model = r.Model
		}
	}
	n := len(t.items)
	if err := g.content(role, c.Parts); err != nil {
		return err
	}
	if r.Type == "user" && (qwenClientSubtypes[r.Subtype] || r.Provenance == "system") {
		for i := n; i < len(t.items); i++ {
			if t.items[i].kind == itemUser && t.items[i].injected == "" {
				t.items[i].injected = hostshim.InjectedChatter
			}
		}
	}
	if r.Type == "tool_result" && r.ToolCallResult != nil {
		// the scheduler's status: an error or a call the user cancelled
		// failed, whatever the response's text says
		for i := n; i < len(t.items); i++ {
			if t.items[i].kind != itemResult {
				continue
			}
			switch r.ToolCallResult.Status {
			case "error":
				t.items[i].isError = true
			case "cancelled":
				t.items[i].isError, t.items[i].injected = true, hostshim.InjectedInterruption
			}
		}
	}
	return nil
}

// qwenClientSubtypes are the subtypes of user records Qwen Code writes
// itself, sent to the model as a user content but not the user's words:
// a background task's notification, a scheduled (cron) prompt, the goal
// runtime's message. They are the client's chatter. A mid_turn_user_message
// (what the user typed while tools ran) and a realtime_message are the
// user's.
var qwenClientSubtypes = map[string]bool{"notification": true, "cron": true, "goal_runtime": true}

// qwenSystem reads a system record. A chat_compression is a compaction
// marker, its payload's compressed history opening with the summary the
// model went on with (a user content, answered by a model
// acknowledgement): that summary follows the marker, as the client's
// chatter; the rest of that history repeats what the session already
// holds. Every other subtype is the client's bookkeeping, skipped.
func qwenSystem(g *geminiReader, r qwenRecord) error {
	t := g.t
	if r.Subtype != "chat_compression" {
		t.skipped++
		return nil
	}
	var p struct {
		Info struct {
			OriginalTokenCount int `json:"originalTokenCount"`
		} `json:"info"`
		CompressedHistory []struct {
			Role  string       `json:"role"`
			Parts []geminiPart `json:"parts"`
		} `json:"compressedHistory"`
	}
	if len(r.SystemPayload) > 0 {
		if err := json.Unmarshal(r.SystemPayload, &p); err != nil {
			return malformed("systemPayload", err)
		}
	}
	t.sourceRecords++
	g.pending = g.pending[:0]
	t.marker("chat_compression", max(p.Info.OriginalTokenCount, 0))
	if len(p.CompressedHistory) == 0 || p.CompressedHistory[0].Role != "user" {
		return nil
	}
	var blocks []hostshim.Block
	for _, part := range p.CompressedHistory[0].Parts {
		if part.Text != nil && strings.TrimSpace(*part.Text) != "" && !part.Thought {
			blocks = append(blocks, hostshim.TextBlock(*part.Text))
		}
	}
	n := len(t.items)
	t.summaryUser(blocks...)
	if len(t.items) > n {
		t.items[n].injected = hostshim.InjectedChatter
	}
	return nil
}
