package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// anthropicBlock is a content block of the Anthropic Messages API.
type anthropicBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
	// ServerName is an MCP connector call's (mcp_tool_use) server.
	ServerName string `json:"server_name"`
	// Source is an image or document block's data.
	Source *struct {
		Type      string `json:"type"`
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
		URL       string `json:"url"`
	} `json:"source"`
}

// omitted is the placeholder of a block whose content a session log does
// not keep (an image, a document, a block type yet to come), so that its
// presence stays visible: it names an image's or document's media type
// and size, or its URL.
func (b anthropicBlock) omitted() hostshim.Block {
	src := b.Source
	if src == nil {
		return hostshim.TextBlock("[" + b.Type + " omitted]")
	}
	what := src.MediaType
	switch {
	case src.Data != "":
		what += fmt.Sprintf(", %d bytes of %s", len(src.Data), src.Type)
	case src.URL != "":
		what += ", " + src.URL
	}
	return hostshim.TextBlock("[" + b.Type + " omitted: " + strings.TrimPrefix(what, ", ") + "]")
}

// anthropicMessage is an Anthropic message as the Claude tools log it.
type anthropicMessage struct {
	ID      string          `json:"id"`
	Model   string          `json:"model"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// blocks decodes the message content: a string or a list of blocks.
func (m anthropicMessage) blocks() ([]anthropicBlock, error) {
	bs, err := stringOrList(m.Content, func(s string) anthropicBlock { return anthropicBlock{Type: "text", Text: s} })
	if err != nil {
		return nil, malformed("message.content", err)
	}
	return bs, nil
}

// decodeMessage decodes an Anthropic message and its content; what names
// the record in an error.
func decodeMessage(raw json.RawMessage, what string) (anthropicMessage, []anthropicBlock, error) {
	var m anthropicMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, nil, malformed(what, err)
	}
	bs, err := m.blocks()
	return m, bs, err
}

// anthropicAssistant converts assistant blocks. Redacted thinking carries
// no readable text; it is kept as reasoning that says so, as the model
// wrote it and is sent it back.
func anthropicAssistant(bs []anthropicBlock) []hostshim.Block {
	var out []hostshim.Block
	for _, b := range bs {
		switch b.Type {
		case "text":
			out = append(out, hostshim.TextBlock(b.Text))
		case "thinking":
			out = append(out, hostshim.Block{Type: hostshim.BlockReasoning, Text: b.Thinking})
		case "tool_use", "server_tool_use", "mcp_tool_use":
			out = append(out, b.call())
		case "redacted_thinking":
			out = append(out, hostshim.Block{Type: hostshim.BlockReasoning, Text: "[redacted thinking]"})
		default:
			out = append(out, b.omitted())
		}
	}
	return out
}

// call is a tool_use, server_tool_use or mcp_tool_use block as a call; an
// MCP connector's names its server.
func (b anthropicBlock) call() hostshim.Block {
	name := b.Name
	if b.ServerName != "" {
		name = b.ServerName + "." + name
	}
	return toolCall(b.ID, name, jsonText(b.Input))
}

// serverResult reports whether an assistant's block is the result of a
// call the API ran itself (web_search_tool_result, web_fetch_tool_result,
// code_execution_tool_result and its bash and text-editor kinds, an MCP
// connector's mcp_tool_result): the API returns it in the assistant's own
// content, after the server_tool_use or mcp_tool_use it answers.
func serverResult(typ string) bool {
	return strings.HasSuffix(typ, "_tool_result")
}

// assistantBlocks adds an Anthropic assistant's blocks, as a new message
// or extending the last one (extend). A server tool's result among them
// answers its call: the blocks before it are one message, the result
// follows, and the blocks after it go on in a new message, as the model
// wrote them after reading it. Before this, such a result read as
// '[web_search_tool_result omitted]' and its call as failed ('no result
// recorded').
func (t *transcript) assistantBlocks(bs []anthropicBlock, extend bool) {
	start, split := 0, false
	add := func(seg []anthropicBlock) {
		switch {
		case split && len(seg) == 0:
		case extend:
			t.extendAssistant(anthropicAssistant(seg)...)
		default:
			t.assistant(anthropicAssistant(seg)...)
		}
	}
	for i, b := range bs {
		if !serverResult(b.Type) {
			continue
		}
		add(bs[start:i])
		text, failed := b.serverOutput()
		t.result(b.ToolUseID, failed, hostshim.TextBlock(text))
		start, split, extend = i+1, true, false
	}
	add(bs[start:])
}

// serverOutput is a server tool result's text and whether it reports a
// failure: search results as their titles and URLs, a fetched page's URL
// and text, code execution's stdout and stderr (a return code other than
// 0 a failure), an MCP result's text; an error (a content type ending in
// "_error") names its code.
func (b anthropicBlock) serverOutput() (string, bool) {
	var list []json.RawMessage
	if json.Unmarshal(b.Content, &list) != nil {
		list = []json.RawMessage{b.Content}
	}
	var text []string
	failed := b.IsError
	for _, raw := range list {
		var c struct {
			Type       string  `json:"type"`
			Text       *string `json:"text"`
			Title      string  `json:"title"`
			URL        string  `json:"url"`
			Stdout     *string `json:"stdout"`
			Stderr     string  `json:"stderr"`
			ReturnCode int     `json:"return_code"`
			ErrorCode  string  `json:"error_code"`
			Content    *struct {
				Source struct {
					Type string `json:"type"`
					Data string `json:"data"`
				} `json:"source"`
			} `json:"content"`
		}
		var s string
		switch {
		case json.Unmarshal(raw, &s) == nil:
			text = append(text, s)
		case json.Unmarshal(raw, &c) != nil:
			text = append(text, jsonText(raw))
		case strings.HasSuffix(c.Type, "_error"):
			failed = true
			text = append(text, "["+c.Type+": "+c.ErrorCode+"]")
		case c.Stdout != nil:
			failed = failed || c.ReturnCode != 0
			text = append(text, strings.TrimRight(*c.Stdout+"\n"+c.Stderr, "\n"))
		case c.Text != nil:
			text = append(text, *c.Text)
		case c.URL != "":
			line := strings.TrimSpace(c.Title + " " + c.URL)
			if c.Content != nil && c.Content.Source.Type == "text" {
				line += "\n" + c.Content.Source.Data
			}
			text = append(text, line)
		default:
			text = append(text, jsonText(raw))
		}
	}
	return strings.Join(text, "\n"), failed
}

// continuedPrefix opens the summary message Claude Code writes after
// compacting.
const continuedPrefix = "This session is being continued from a previous conversation"

// anthropicUser adds a user record: its tool results first, then the rest
// of its blocks as one user message. summary marks that message as the
// summary of the last compaction marker; so does text that starts with
// Claude Code's continuation preamble right after a marker. interrupted
// is the record's structured result saying the command was stopped
// before it completed (a Bash toolUseResult's "interrupted"): its result
// is the user's interruption, and failed, whatever its is_error says
// (Claude Code 2.1 no longer sets it for a stopped command).
func anthropicUser(t *transcript, bs []anthropicBlock, summary, meta, interrupted bool) error {
	var rest []hostshim.Block
	for _, b := range bs {
		switch b.Type {
		case "tool_result":
			out, err := textOf(b.Content)
			if err != nil {
				return err
			}
			kind := claudeConventions.result(out)
			stopped := interrupted || claudeConventions.stopped(out)
			if stopped {
				kind = hostshim.InjectedInterruption
			}
			t.result(b.ToolUseID, b.IsError || stopped, out...)
			t.items[len(t.items)-1].injected = kind
		case "text":
			rest = append(rest, hostshim.TextBlock(b.Text))
		default:
			rest = append(rest, b.omitted())
		}
	}
	if len(rest) == 0 {
		return nil
	}
	if summary || (t.afterMarker() && strings.HasPrefix(rest[0].Text, continuedPrefix)) {
		t.summaryUser(rest...)
	} else {
		claudeConventions.users(t, rest, meta)
	}
	return nil
}

// responses joins the lines of one model response: the Claude tools log
// each content block of a response as its own assistant line, all with the
// response's message id.
type responses struct {
	seen map[string]bool
	last string // the id of the response the last assistant line was part of
}

// record counts a source record for response id the first time it is seen.
func (r *responses) record(t *transcript, id string) {
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	if !r.seen[id] {
		r.seen[id] = true
		t.sourceRecords++
	}
}

// add appends the assistant blocks bs as a new message, or to the last one
// when they continue its response (the same non-empty id).
func (r *responses) add(t *transcript, id string, bs []anthropicBlock) {
	t.assistantBlocks(bs, id != "" && id == r.last)
	r.last = id
}

// end ends the response: a user message came between.
func (r *responses) end() { r.last = "" }

// parseClaudeSDK reads Claude Agent SDK stream-json wrapped in
// {type, message, timestamp} lines. Consecutive assistant lines sharing a
// message id are one model response. The session id is the first
// "session_id" a system record carries (the run's init record).
func parseClaudeSDK(r io.Reader, t *transcript) error {
	return parseAnthropicLines(r, t, claudeSDKLine)
}

// parseAnthropicLines reads a JSONL of Anthropic-model records into t,
// one line at a time through line, draining what each line completes.
func parseAnthropicLines(in io.Reader, t *transcript, line func(*transcript, *responses, []byte) error) error {
	var resp responses
	return readLines(in, t, "anthropic", func(t *transcript, raw []byte) error {
		return line(t, &resp, raw)
	})
}

// claudeSDKLine reads one line of Claude Agent SDK stream-json: as the SDK
// (and `claude -p --output-format stream-json`) prints it, a system/init
// record, then user and assistant records each with the session's
// session_id, a sub-agent's with the id of the Task call that started it
// in parent_tool_use_id, and a closing result record; or wrapped as
// {type, message, timestamp} lines, the system record's fields in its
// message (openagents-autopilot-sdk).
func claudeSDKLine(t *transcript, resp *responses, raw []byte) error {
	var w struct {
		Type            string          `json:"type"`
		Message         json.RawMessage `json:"message"`
		SessionID       string          `json:"session_id"`
		ParentToolUseID *string         `json:"parent_tool_use_id"`
		ToolUseResult   json.RawMessage `json:"tool_use_result"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return malformed("", err)
	}
	if w.SessionID != "" && t.recordedID == "" {
		t.recordedID = w.SessionID
	}
	if (w.Type == "user" || w.Type == "assistant") && w.ParentToolUseID != nil && *w.ParentToolUseID != "" {
		// A sub-agent's turn: the Task call's result holds what it
		// found, as a Claude Code sidechain's does.
		t.skipped++
		return nil
	}
	if w.Type == "system" && len(w.Message) == 0 {
		w.Message = raw
	}
	switch w.Type {
	case "system":
		var sys struct {
			Subtype   string `json:"subtype"`
			Model     string `json:"model"`
			SessionID string `json:"session_id"`
			Metadata  struct {
				PreTokens int `json:"pre_tokens"`
			} `json:"compact_metadata"`
		}
		if err := json.Unmarshal(w.Message, &sys); err != nil {
			return malformed("system", err)
		}
		if t.recordedID == "" {
			t.recordedID = sys.SessionID
		}
		if sys.Subtype == "compact_boundary" {
			t.marker("compact_boundary", sys.Metadata.PreTokens)
			return nil
		}
		if t.model == "" && sys.Model != "" {
			t.model = sys.Model
		}
		t.skipped++
	case "assistant":
		m, bs, err := decodeMessage(w.Message, "assistant")
		if err != nil {
			return err
		}
		if t.model == "" {
			t.model = m.Model
		}
		resp.record(t, m.ID)
		resp.add(t, m.ID, bs)
	case "user":
		_, bs, err := decodeMessage(w.Message, "user")
		if err != nil {
			return err
		}
		t.sourceRecords++
		resp.end()
		return anthropicUser(t, bs, false, false, toolInterrupted(w.ToolUseResult))
	default:
		t.skipped++
	}
	return nil
}

// parseClaudeCode reads a Claude Code project session JSONL in file order.
// Sub-agent (sidechain) records, API error stubs and title summaries are not
// part of the main agent's context and are skipped; an isCompactSummary
// record is imported as the user message it is, after a compaction marker.
// Records on dead-end branches (claudeCodeDeadEnds, found before in
// t.deadEnds) are left out. A sub-agent's transcript, all of whose
// messages are a sidechain's (t.subagent), is read as the conversation it
// is, under an id that names the agent. The session id is the "sessionId" of the last record that has one: a
// continued session's file opens with records of the session it continued
// (their ids), and Claude Code names the file after the session writing it.
func parseClaudeCode(in io.Reader, t *transcript) error {
	return parseAnthropicLines(in, t, claudeCodeLine)
}

// claudeCodeWhole reads a Claude Code session held whole: its dead ends,
// then its records.
func claudeCodeWhole(data []byte) (*transcript, error) {
	dead, subagent, err := claudeCodeDeadEnds(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	t := &transcript{deadEnds: dead, subagent: subagent}
	return t, parseClaudeCode(bytes.NewReader(data), t)
}

// claudeCodeLine reads one record of a Claude Code session JSONL.
func claudeCodeLine(t *transcript, resp *responses, raw []byte) error {
	var r struct {
		Type             string           `json:"type"`
		UUID             string           `json:"uuid"`
		SessionID        string           `json:"sessionId"`
		Message          anthropicMessage `json:"message"`
		IsSidechain      bool             `json:"isSidechain"`
		IsCompactSummary bool             `json:"isCompactSummary"`
		IsAPIError       bool             `json:"isApiErrorMessage"`
		IsMeta           bool             `json:"isMeta"`
		AgentID          string           `json:"agentId"`
		Attachment       json.RawMessage  `json:"attachment"`
		ToolUseResult    json.RawMessage  `json:"toolUseResult"`
		// Subtype, Content and CompactMetadata are a system record's.
		Subtype         string          `json:"subtype"`
		Content         json.RawMessage `json:"content"`
		CompactMetadata struct {
			PreTokens int `json:"preTokens"`
		} `json:"compactMetadata"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return malformed("", err)
	}
	switch {
	case t.subagent && r.AgentID != "":
		// A sub-agent's records carry the session's id: its own
		// names the agent, or it would be filed as the session.
		t.recordedID = r.SessionID + "-agent-" + r.AgentID
	case t.subagent:
	case r.SessionID != "":
		t.recordedID = r.SessionID
	}
	switch r.Type {
	case "assistant":
		resp.record(t, r.Message.ID)
	case "user":
		t.sourceRecords++
	case "attachment":
		return claudeAttachment(t, resp, r.Attachment, r.IsSidechain && !t.subagent || t.deadEnds[r.UUID])
	case "system":
		return claudeSystem(t, resp, r.Subtype, r.Content, r.CompactMetadata.PreTokens, r.IsSidechain && !t.subagent, t.deadEnds[r.UUID])
	default:
		t.skipped++
		return nil
	}
	if r.IsSidechain && !t.subagent || r.IsAPIError {
		t.skipped++
		return nil
	}
	if t.deadEnds[r.UUID] {
		t.abandoned++
		return nil
	}
	bs, err := r.Message.blocks()
	if err != nil {
		return err
	}
	if r.Type == "assistant" {
		if t.model == "" && r.Message.Model != "<synthetic>" {
			t.model = r.Message.Model
		}
		resp.add(t, r.Message.ID, bs)
		return nil
	}
	resp.end()
	if r.IsCompactSummary && !t.afterMarker() {
		// a compact_boundary record opened the compaction, or (before
		// Claude Code wrote one) none did
		t.marker("isCompactSummary", 0)
	}
	return anthropicUser(t, bs, r.IsCompactSummary, r.IsMeta, toolInterrupted(r.ToolUseResult))
}

// toolInterrupted reports whether a record's structured tool result (a
// Bash call's {stdout, stderr, interrupted, …}; other tools' results are
// objects of their own or a string) says the command was stopped before
// it completed.
func toolInterrupted(raw json.RawMessage) bool {
	var r struct {
		Interrupted bool `json:"interrupted"`
	}
	return len(raw) > 0 && raw[0] == '{' && json.Unmarshal(raw, &r) == nil && r.Interrupted
}

// claudeSystem reads a system record of a Claude Code session. A
// compact_boundary opens a compaction (the isCompactSummary record after
// it is its summary); a local_command record (Claude Code 2.x writes a
// slash command and its output so, where 1.x wrote user records) is sent
// to the model as a user message, and is kept as the client's chatter.
// The other subtypes (api_error, informational, stop_hook_summary,
// turn_duration, …) are the client's notes to the user, not sent to the
// model: skipped and counted. sidechain, dead: the record is a
// sub-agent's, or on a branch claudeCodeDeadEnds found dead.
func claudeSystem(t *transcript, resp *responses, subtype string, content json.RawMessage, preTokens int, sidechain, dead bool) error {
	switch {
	case sidechain:
	case subtype == "compact_boundary":
		resp.end()
		t.marker("compact_boundary", preTokens)
		return nil
	case subtype != "local_command":
	case dead:
		t.abandoned++
		return nil
	default:
		var text string
		if json.Unmarshal(content, &text) != nil || strings.TrimSpace(text) == "" {
			break
		}
		t.sourceRecords++
		resp.end()
		claudeConventions.users(t, []hostshim.Block{hostshim.TextBlock(text)}, true)
		return nil
	}
	t.skipped++
	return nil
}

// claudeMessageAttachments are the attachment types claudeAttachment
// may read as a message.
var claudeMessageAttachments = map[string]bool{"queued_command": true, "nested_memory": true, "instructions": true}

// claudeAttachment reads an attachment record of Claude Code 2.1 and
// later, which stores as typed records what earlier versions wrote into
// user records: a prompt the user typed while the agent worked
// (queued_command, its commandMode "prompt" and its origin a human, or
// unnamed) is the user's message; a memory file loaded into the context
// (nested_memory: a CLAUDE.md, AGENTS.md or rules file met on the way;
// instructions: the files loaded at the session's start) is the
// project's instructions, as a CLAUDE.md system-reminder is. The queue's
// bookkeeping (queue-operation records) repeats the prompt and is
// skipped; so is every other attachment (hook output, todo reminders, a
// task's notification). skip: the record is a sidechain's or on a dead
// end (claudeCodeDeadEnds).
func claudeAttachment(t *transcript, resp *responses, raw json.RawMessage, skip bool) error {
	var a struct {
		Type        string          `json:"type"`
		Prompt      json.RawMessage `json:"prompt"`
		CommandMode string          `json:"commandMode"`
		Origin      struct {
			Kind string `json:"kind"`
		} `json:"origin"`
		Content json.RawMessage `json:"content"`
		Files   []struct {
			Content string `json:"content"`
		} `json:"files"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &a) != nil || skip {
		t.skipped++
		return nil
	}
	var texts []string
	kind := ""
	switch a.Type {
	case "queued_command":
		if a.CommandMode != "" && a.CommandMode != "prompt" || a.Origin.Kind != "" && a.Origin.Kind != "human" {
			break
		}
		var prompt string
		if json.Unmarshal(a.Prompt, &prompt) != nil {
			// a prompt of content blocks (pasted images beside the text)
			var m anthropicMessage
			m.Content = a.Prompt
			if bs, err := m.blocks(); err == nil {
				for _, b := range bs {
					if b.Type == hostshim.BlockText {
						prompt += b.Text
					}
				}
			}
		}
		texts = append(texts, prompt)
	case "nested_memory":
		var text string
		if json.Unmarshal(a.Content, &text) != nil {
			var c struct {
				Content string `json:"content"`
			}
			_ = json.Unmarshal(a.Content, &c)
			text = c.Content
		}
		texts, kind = append(texts, text), hostshim.InjectedInstructions
	case "instructions":
		for _, f := range a.Files {
			texts = append(texts, f.Content)
		}
		kind = hostshim.InjectedInstructions
	}
	n := 0
	for _, text := range texts {
		if strings.TrimSpace(text) == "" {
			continue
		}
		if n == 0 {
			t.sourceRecords++
			resp.end()
		}
		n++
		t.injected(kind, hostshim.TextBlock(text))
	}
	if n == 0 {
		t.skipped++
	}
	return nil
}
