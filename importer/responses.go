package importer

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatResponses is a conversation of the OpenAI Responses API: a request
// body {"model", "instructions", "input": [items]}, a response {"object":
// "response", "output": [items]}, a JSON list of items or JSONL of one item
// per line (what an agent built on the API keeps as its history). Items
// are messages (typed or the bare {"role", "content"}), reasoning,
// function_call, custom_tool_call, local_shell_call, shell_call,
// apply_patch_call and computer_call answered by their *_output items by
// call_id, and the hosted calls that
// hold their own result (mcp_call, code_interpreter_call). It is read as
// an OpenAI chat log is, and a chat log may hold its items.
const FormatResponses Format = "openai-responses"

// responsesItemTypes are the Responses API item types read; other hosted
// tool calls (web_search_call, file_search_call, image_generation_call)
// and bookkeeping items (item_reference, mcp_list_tools) are skipped.
var responsesItemTypes = map[string]bool{
	"message": true, "reasoning": true,
	"function_call": true, "function_call_output": true,
	"custom_tool_call": true, "custom_tool_call_output": true,
	"local_shell_call": true, "local_shell_call_output": true,
	"shell_call": true, "shell_call_output": true,
	"apply_patch_call": true, "apply_patch_call_output": true,
	"computer_call": true, "computer_call_output": true,
	"mcp_call": true, "code_interpreter_call": true,
	"web_search_call": true, "file_search_call": true, "image_generation_call": true,
	"item_reference": true, "mcp_list_tools": true, "mcp_approval_request": true, "mcp_approval_response": true,
}

// responsesItem is one Responses API item (also a Codex rollout's
// response_item payload).
type responsesItem struct {
	Type    string          `json:"type"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	Name    string          `json:"name"`
	// Namespace groups a function (Codex's collaboration tools, an MCP
	// server's); the call is named namespace.name.
	Namespace string          `json:"namespace"`
	Arguments json.RawMessage `json:"arguments"`
	Input     string          `json:"input"`
	Action    json.RawMessage `json:"action"`
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
	Summary   json.RawMessage `json:"summary"` // a reasoning item's parts
	// Operation and Status are an apply_patch call's file operation and
	// its output's outcome ("completed" or "failed").
	Operation json.RawMessage `json:"operation"`
	Status    string          `json:"status"`
	// ID, ServerLabel, Error, Code and Outputs are a hosted call's: an
	// mcp_call (its id, server, output or error) or a
	// code_interpreter_call (its code and outputs).
	ID          string          `json:"id"`
	ServerLabel string          `json:"server_label"`
	Error       json.RawMessage `json:"error"`
	Code        string          `json:"code"`
	Outputs     json.RawMessage `json:"outputs"`
}

// responsesItemOf decodes raw as a Responses API item when it is one: an
// object whose "type" is an item type and, for a message, whose content
// holds a part only the Responses API has (input_text, output_text,
// input_image, input_file…): other APIs' records are typed "message"
// too (an Anthropic API response), and a message of text alone reads the
// same as a chat message.
func responsesItemOf(raw []byte) (responsesItem, bool) {
	var it responsesItem
	if json.Unmarshal(raw, &it) != nil {
		return it, false
	}
	if !responsesItemTypes[it.Type] {
		// A call or output of a tool this reading does not know yet
		// (the API adds hosted tools) is skipped, not refused as a
		// message with no role.
		return it, it.Role == "" && it.CallID != "" && (strings.HasSuffix(it.Type, "_call") || strings.HasSuffix(it.Type, "_call_output"))
	}
	if it.Type != "message" {
		return it, true
	}
	parts, err := chatParts(it.Content)
	if err != nil || it.Role == "" {
		return it, false
	}
	for _, p := range parts {
		if strings.HasPrefix(p.Type, "input_") || strings.HasPrefix(p.Type, "output_") {
			return it, true
		}
	}
	return it, false
}

// isResponsesItems reports whether any of a list's elements is a
// Responses API item other than a bare {"role", "content"} message.
func isResponsesItems(items []json.RawMessage) bool {
	for _, raw := range items {
		if _, ok := responsesItemOf(raw); ok {
			return true
		}
	}
	return false
}

// isResponsesDocument reports whether a JSON object is a Responses API
// request body (an "input" list of items) or response ("object":
// "response" with its "output").
func isResponsesDocument(top map[string]json.RawMessage) bool {
	var object string
	_ = json.Unmarshal(top["object"], &object)
	if _, ok := top["output"]; ok && object == "response" {
		return true
	}
	var input []json.RawMessage
	if json.Unmarshal(top["input"], &input) != nil || len(input) == 0 {
		return false
	}
	if isResponsesItems(input) {
		return true
	}
	var first map[string]json.RawMessage
	return json.Unmarshal(input[0], &first) == nil && isChatMessage(first)
}

// responses notes that the chat holds Responses API items.
func (t *transcript) responses() {
	if t.source == "" {
		t.source = FormatResponses
	}
}

// responsesDocument is a Responses API request body or response, or both
// in one (a saved exchange).
type responsesDocument struct {
	Model        string          `json:"model"`
	Instructions json.RawMessage `json:"instructions"`
	Input        json.RawMessage `json:"input"`
	Output       json.RawMessage `json:"output"`
}

// parseResponsesDocument reads a request body's instructions and input,
// then a response's output.
func parseResponsesDocument(raw []byte) (*transcript, error) {
	var doc responsesDocument
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, malformed("", err)
	}
	var items []json.RawMessage
	if in := bytes.TrimSpace(doc.Input); len(in) > 0 && in[0] == '"' {
		// A request of one prompt.
		items = append(items, json.RawMessage(`{"role":"user","content":`+string(in)+`}`))
	} else if len(in) > 0 && string(in) != "null" {
		if err := json.Unmarshal(in, &items); err != nil {
			return nil, malformed("input", err)
		}
	}
	var out []json.RawMessage
	if len(doc.Output) > 0 && string(doc.Output) != "null" {
		if err := json.Unmarshal(doc.Output, &out); err != nil {
			return nil, malformed("output", err)
		}
	}
	t := &transcript{provider: "openai", model: doc.Model, sourceRecords: len(items) + len(out)}
	t.responses()
	if len(doc.Instructions) > 0 {
		// Instructions are a string, or input items (a stored prompt's).
		var s string
		if json.Unmarshal(doc.Instructions, &s) == nil {
			t.system(s)
		} else if err := t.chatMessages("instructions", doc.Instructions); err != nil {
			return nil, err
		}
	}
	var pend chatPending
	for i, raw := range items {
		if err := t.chatItem(raw, &pend); err != nil {
			return nil, &Error{Record: fmt.Sprintf("input[%d]", i), Err: err}
		}
	}
	for i, raw := range out {
		if err := t.chatItem(raw, &pend); err != nil {
			return nil, &Error{Record: fmt.Sprintf("output[%d]", i), Err: err}
		}
	}
	return t, nil
}

// chatMessages reads a list of messages or items, the records named
// what[i] in an error.
func (t *transcript) chatMessages(what string, list json.RawMessage) error {
	var raws []json.RawMessage
	if err := json.Unmarshal(list, &raws); err != nil {
		return &Error{Record: what, Err: malformed("", err)}
	}
	var pend chatPending
	for i, raw := range raws {
		if err := t.chatItem(raw, &pend); err != nil {
			return &Error{Record: fmt.Sprintf("%s[%d]", what, i), Err: err}
		}
	}
	return nil
}

// chatItem adds one record of a chat log: a Responses API item, or a
// chat message of any of the APIs chat reads.
func (t *transcript) chatItem(raw json.RawMessage, pend *chatPending) error {
	if it, ok := responsesItemOf(raw); ok {
		t.responses()
		if it.Type != "message" {
			return t.responsesItem(it, func(bs []hostshim.Block) { t.user(bs...) })
		}
	}
	m, err := t.decodeChat(raw)
	if err != nil {
		return err
	}
	return t.chat(m, pend)
}

// responsesItem adds one Responses API item: a message (user by users,
// which a client's conventions may split; developer and system as the
// system prompt), reasoning, a call (to the assistant message before it),
// or a call's output (answering it by call_id).
func (t *transcript) responsesItem(p responsesItem, users func([]hostshim.Block)) error {
	switch p.Type {
	case "message":
		parts, err := chatParts(p.Content)
		if err != nil {
			return err
		}
		switch p.Role {
		case "user":
			users(partBlocks(parts))
		case "assistant":
			t.extendAssistant(partBlocks(parts)...)
		case "developer", "system":
			t.system(joinText(partBlocks(parts)))
		default:
			t.otherRole(p.Role, partBlocks(parts))
		}
	case "reasoning":
		var summary []struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(p.Summary, &summary); len(p.Summary) > 0 && err != nil {
			return malformed("reasoning summary", err)
		}
		if len(summary) == 0 {
			// Open-weight models' reasoning is in content
			// ([{"type": "reasoning_text", "text"}]).
			if err := json.Unmarshal(p.Content, &summary); len(p.Content) > 0 && string(p.Content) != "null" && err != nil {
				return malformed("reasoning content", err)
			}
		}
		var text []string
		for _, s := range summary {
			text = append(text, s.Text)
		}
		t.extendAssistant(hostshim.Block{Type: hostshim.BlockReasoning, Text: strings.Join(text, "\n")})
	case "function_call":
		name := p.Name
		if p.Namespace != "" && !strings.HasPrefix(name, p.Namespace) {
			name = p.Namespace + "." + name
		}
		t.extendAssistant(toolCall(p.CallID, name, stringOrJSON(p.Arguments)))
	case "custom_tool_call":
		t.extendAssistant(toolCall(p.CallID, p.Name, codeModeArgs(p.Name, p.Input)))
	case "web_search_call":
		webSearchCall(t, p)
	case "local_shell_call":
		t.extendAssistant(toolCall(p.CallID, "local_shell", jsonText(p.Action)))
	case "shell_call":
		// The hosted shell tool: {"commands": [...]} run one after
		// another, each whatever the one before did.
		var a struct {
			Commands []string `json:"commands"`
		}
		if err := json.Unmarshal(p.Action, &a); err != nil {
			return malformed("shell_call action", err)
		}
		args, _ := json.Marshal(map[string]string{"command": strings.Join(a.Commands, "; ")})
		t.extendAssistant(toolCall(p.CallID, "shell", string(args)))
	case "shell_call_output":
		text, failed, err := shellCallOutput(p.Output)
		if err != nil {
			return err
		}
		t.result(p.CallID, failed, hostshim.TextBlock(text))
	case "apply_patch_call":
		var op struct {
			Type string `json:"type"`
			Path string `json:"path"`
			Diff string `json:"diff"`
		}
		if err := json.Unmarshal(p.Operation, &op); err != nil {
			return malformed("apply_patch_call operation", err)
		}
		args, _ := json.Marshal(map[string]string{"operation": op.Type, "path": op.Path, "diff": op.Diff})
		t.extendAssistant(toolCall(p.CallID, "apply_patch", string(args)))
	case "apply_patch_call_output":
		t.result(p.CallID, p.Status == "failed", hostshim.TextBlock(stringOrJSON(p.Output)))
	case "computer_call":
		t.extendAssistant(toolCall(p.CallID, "computer", jsonText(p.Action)))
	case "function_call_output", "custom_tool_call_output", "local_shell_call_output":
		if out := bytes.TrimSpace(p.Output); len(out) > 0 && out[0] == '[' {
			// Content items ([{"type": "input_text", "text"},
			// {"type": "input_image", "image_url"}]): an MCP tool's
			// result in a Codex rollout, or any output given as parts.
			parts, err := chatParts(out)
			if err != nil {
				return fmt.Errorf("%s %q: output: %w", p.Type, p.CallID, err)
			}
			t.result(p.CallID, false, partBlocks(parts)...)
			return nil
		}
		text, failed := codexOutput(p.Output)
		t.result(p.CallID, failed, hostshim.TextBlock(text))
	case "computer_call_output":
		// A screenshot ({"type": "computer_screenshot", "image_url"}).
		var shot struct {
			Type     string `json:"type"`
			ImageURL string `json:"image_url"`
			FileID   string `json:"file_id"`
		}
		text := stringOrJSON(p.Output)
		if json.Unmarshal(p.Output, &shot) == nil && shot.Type != "" {
			text = omittedFile(shot.Type, "", shot.FileID, shot.ImageURL, "")
		}
		t.result(p.CallID, false, hostshim.TextBlock(text))
	case "mcp_call":
		// A hosted call holds its result.
		name := p.Name
		if p.ServerLabel != "" {
			name = p.ServerLabel + "." + p.Name
		}
		t.extendAssistant(toolCall(p.ID, name, stringOrJSON(p.Arguments)))
		failed := len(p.Error) > 0 && string(p.Error) != "null"
		out := stringOrJSON(p.Output)
		if failed {
			out = stringOrJSON(p.Error)
		}
		t.result(p.ID, failed, hostshim.TextBlock(out))
	case "code_interpreter_call":
		args, _ := json.Marshal(map[string]string{"code": p.Code})
		t.extendAssistant(toolCall(p.ID, "code_interpreter", string(args)))
		t.result(p.ID, false, hostshim.TextBlock(codeInterpreterOutputs(p.Outputs)))
	default:
		// file_search_call, image_generation_call, a Codex rollout's
		// ghost_snapshot and encrypted compaction, and items yet to
		// come: nothing the session's reader can use
		t.skipped++
	}
	return nil
}

// shellCallOutput is the text of a hosted shell call's output, one entry a
// command (its stdout, then its stderr), and whether a command exited
// non-zero or timed out.
func shellCallOutput(v json.RawMessage) (string, bool, error) {
	var outs []struct {
		Stdout  string `json:"stdout"`
		Stderr  string `json:"stderr"`
		Outcome struct {
			Type     string `json:"type"`
			ExitCode *int   `json:"exit_code"`
		} `json:"outcome"`
	}
	if err := json.Unmarshal(v, &outs); err != nil {
		return "", false, malformed("shell_call_output output", err)
	}
	var text []string
	failed := false
	for _, o := range outs {
		for _, s := range []string{o.Stdout, o.Stderr} {
			if s = strings.TrimRight(s, "\n"); s != "" {
				text = append(text, s)
			}
		}
		switch {
		case o.Outcome.Type == "timeout":
			failed = true
			text = append(text, "[timed out]")
		case o.Outcome.ExitCode != nil && *o.Outcome.ExitCode != 0:
			failed = true
			text = append(text, fmt.Sprintf("[exit code %d]", *o.Outcome.ExitCode))
		}
	}
	return strings.Join(text, "\n"), failed, nil
}

// codeInterpreterOutputs is the text of a code interpreter call's outputs:
// its logs, and each image named.
func codeInterpreterOutputs(v json.RawMessage) string {
	var outs []struct {
		Type string `json:"type"`
		Logs string `json:"logs"`
		URL  string `json:"url"`
	}
	if json.Unmarshal(v, &outs) != nil {
		return stringOrJSON(v)
	}
	var text []string
	for _, o := range outs {
		if o.Type == "logs" {
			text = append(text, o.Logs)
		} else {
			text = append(text, omittedFile(o.Type, "", "", o.URL, ""))
		}
	}
	return strings.Join(text, "\n")
}

// webSearchCall adds a hosted web search as a call of "web_search" with
// what it searched for (its action: a query, a page opened, a pattern
// found in it), answered by a note that the results are not recorded: the
// model read them, but neither the API's items nor a Codex rollout keep
// them. A search with no action is skipped.
func webSearchCall(t *transcript, p responsesItem) {
	if len(p.Action) == 0 || string(p.Action) == "null" {
		t.skipped++
		return
	}
	// Codex does not write the item's id; the call gets one of its own.
	id := cmp.Or(p.ID, p.CallID, fmt.Sprintf("web_search_%d", t.sourceRecords))
	t.extendAssistant(toolCall(id, "web_search", jsonText(p.Action)))
	t.result(id, p.Status == "failed", hostshim.TextBlock("(the search's results are not recorded)"))
}
