package importer

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// chatRoles are the message roles of the OpenAI chat format (and of the
// many APIs and agents that log it): "developer" is the newer name of
// "system", "function" the legacy answer to a function_call.
var chatRoles = map[string]bool{"system": true, "developer": true, "user": true, "assistant": true, "tool": true, "function": true}

// chatMessage is one OpenAI chat message.
type chatMessage struct {
	Role             *string          `json:"role"`
	Content          json.RawMessage  `json:"content"`
	Refusal          string           `json:"refusal"`
	ReasoningContent string           `json:"reasoning_content"` // DeepSeek, vLLM
	Reasoning        string           `json:"reasoning"`         // OpenRouter, Ollama
	ToolCalls        []openAIToolCall `json:"tool_calls"`
	ToolCallID       string           `json:"tool_call_id"`
	// toolError marks a tool message that reports a failure (a
	// LangChain ToolMessage with status "error"); chat logs have no flag.
	toolError    bool
	FunctionCall *struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function_call"`
	// Parts, ToolInvocations and Attachments are a Vercel AI SDK UI
	// message's (aisdk.go).
	Parts           json.RawMessage    `json:"parts"`
	ToolInvocations []uiToolInvocation `json:"toolInvocations"`
	Attachments     []uiAttachment     `json:"experimental_attachments"`
}

// chatConversation is a whole chat: a request body or a saved
// conversation ({"model": …, "messages": [...]}). An Anthropic Messages API
// body keeps its system prompt beside the messages, as a string or a list
// of text blocks.
type chatConversation struct {
	Model    string            `json:"model"`
	System   json.RawMessage   `json:"system"`
	Messages []json.RawMessage `json:"messages"`
}

// isChatMessages reports whether v is a JSON array whose first element is
// an object with a chat role (or an empty array): the "messages" of a chat.
func isChatMessages(v json.RawMessage) bool {
	var msgs []json.RawMessage
	if json.Unmarshal(v, &msgs) != nil {
		return false
	}
	if len(msgs) == 0 {
		return true
	}
	var first map[string]json.RawMessage
	if json.Unmarshal(msgs[0], &first) != nil {
		return false
	}
	return isChatMessage(first) || isLangChainMessage(first)
}

// isChatMessage reports whether a JSON object is a chat message: a known
// role and nothing that makes it another format's record.
func isChatMessage(top map[string]json.RawMessage) bool {
	var role string
	if json.Unmarshal(top["role"], &role) != nil || !chatRoles[role] {
		return false
	}
	for _, k := range []string{"type", "uuid", "message", "steps", "history"} {
		if _, ok := top[k]; ok {
			return false
		}
	}
	return true
}

// importChatDocument builds the one session of a {"messages": [...]}
// document.
func importChatDocument(name string, doc []byte) ([]Imported, error) {
	t, err := parseChatConversation(doc)
	if err != nil {
		return nil, err
	}
	im, err := t.build(name, t.chatFormat())
	if err != nil {
		return nil, err
	}
	return []Imported{im}, nil
}

// importOpenAIChat reads an OpenAI-style chat log: one JSON document
// {"messages": [...]} (one session), or JSONL with one message per line
// (one session), or JSONL with one {"messages": [...]} conversation per
// line (one session each, named FILE#N by line number).
func importOpenAIChat(name string, data []byte) ([]Imported, error) {
	if body := bytes.TrimSpace(data); len(body) > 0 && body[0] == '[' {
		// A bare list of messages (json.dump(messages), LangChain's
		// messages_to_dict) is one conversation.
		return importChatDocument(name, append(append([]byte(`{"messages":`), body...), '}'))
	}
	if body := bytes.TrimSpace(data); len(body) > 0 && body[0] == '{' && json.Valid(body) {
		var top map[string]json.RawMessage
		if err := json.Unmarshal(body, &top); err != nil {
			return nil, malformed("", err)
		}
		if _, ok := top["messages"]; ok {
			return importChatDocument(name, body)
		}
		if isResponsesDocument(top) {
			return one(name, FormatResponses, body, parseResponsesDocument)
		}
	}
	// JSONL: every line a message, or every line a conversation.
	var convs []Imported
	c := chatLines{name: name, conv: func(im Imported) error {
		convs = append(convs, im)
		return nil
	}}
	torn, err := c.scan(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	switch {
	case convs != nil:
		for i := range convs {
			convs[i].Torn = torn
		}
		return convs, nil
	case c.t != nil:
		c.t.torn = torn
		im, err := c.t.build(name, c.t.chatFormat())
		if err != nil {
			return nil, err
		}
		return []Imported{im}, nil
	}
	return nil, ErrEmpty
}

// chatLines reads a chat log's JSONL: every line a message (into t, one
// session), or every line a conversation (a session each, named FILE#N by
// line number, handed to conv).
type chatLines struct {
	name string
	// t is the session of a file of messages: made at its first message
	// line, or given (a stream's, whose items go on as they are done).
	t        *transcript
	conv     func(Imported) error
	pend     chatPending
	messages int // message lines read
	convs    int // conversation lines read
}

// scan reads the lines of r.
func (c *chatLines) scan(r io.Reader) (*hostshim.TruncatedTail, error) {
	return scanLines(r, func(line int, raw []byte) error {
		var top map[string]json.RawMessage
		if err := json.Unmarshal(raw, &top); err != nil {
			return malformed("not a JSON object", err)
		}
		if _, ok := top["messages"]; ok {
			if c.messages > 0 {
				return fmt.Errorf("%w: a conversation ({\"messages\": [...]}) after %d message lines: a file holds messages or conversations, one per line, not both", ErrMalformed, c.messages)
			}
			ct, err := parseChatConversation(raw)
			if err != nil {
				return err
			}
			im, err := ct.build(c.name+"#"+strconv.Itoa(line), ct.chatFormat())
			if err != nil {
				return err
			}
			c.convs++
			return c.conv(im)
		}
		if c.convs > 0 {
			return fmt.Errorf("%w: a message after %d conversation lines: a file holds messages or conversations, one per line, not both", ErrMalformed, c.convs)
		}
		if c.t == nil {
			c.t = &transcript{}
		}
		c.t.provider = cmp.Or(c.t.provider, "openai")
		c.messages++
		c.t.sourceRecords++
		if err := c.t.chatItem(raw, &c.pend); err != nil {
			return err
		}
		return c.t.drain(false)
	})
}

// parseChatConversation reads one {"model": …, "messages": [...]}.
func parseChatConversation(raw []byte) (*transcript, error) {
	var doc chatConversation
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, malformed("", err)
	}
	if doc.Messages == nil {
		return nil, fmt.Errorf("%w: \"messages\" is not a list of messages", ErrMalformed)
	}
	t := &transcript{provider: "openai", model: doc.Model, sourceRecords: len(doc.Messages)}
	if len(doc.System) > 0 {
		sys, err := textOf(doc.System)
		if err != nil {
			return nil, &Error{Record: "system", Err: err}
		}
		t.system(joinText(sys))
	}
	var pend chatPending
	for i, raw := range doc.Messages {
		if err := t.chatItem(raw, &pend); err != nil {
			return nil, &Error{Record: fmt.Sprintf("messages[%d]", i), Err: err}
		}
	}
	t.clineEnd(&pend)
	return t, nil
}

// chatPending is the calls of the latest assistant message that no tool
// message has answered yet, in order: a tool message without a
// tool_call_id, and a legacy "function" message, answer the first.
type chatPending struct {
	calls []string
	n     int // calls given a made-up id, for unique ids
}

func (p *chatPending) answer(id string) string {
	for i, c := range p.calls {
		if c == id || id == "" {
			p.calls = append(p.calls[:i:i], p.calls[i+1:]...)
			return c
		}
	}
	return id
}

// chat adds one message to the transcript. Its content may hold OpenAI
// content parts or Anthropic Messages API blocks: an assistant's tool_use
// blocks are its tool calls (as tool_calls are), a user message's
// tool_result blocks answer them, thinking is reasoning.
func (t *transcript) chat(m chatMessage, pend *chatPending) error {
	if m.Role == nil {
		return fmt.Errorf("%w: message has no \"role\"", ErrMalformed)
	}
	if *m.Role != "tool" && *m.Role != "function" {
		if ui, ok, err := m.uiParts(); err != nil {
			return err
		} else if ok {
			return t.uiMessage(*m.Role, ui, m.Attachments, pend)
		}
	}
	parts, err := chatParts(m.Content)
	if err != nil {
		return err
	}
	switch role := *m.Role; role {
	case "system", "developer":
		t.system(joinText(partBlocks(parts)))
	case "user":
		if t.cline || isClineTask(parts) {
			t.cline, t.source = true, FormatCline
			return t.clineUser(parts, pend)
		}
		rest, results, err := t.partResults(parts, pend)
		if err != nil {
			return err
		}
		if len(rest) > 0 || results == 0 { // tool results alone are no user message
			t.user(partBlocks(rest)...)
		}
	case "assistant":
		blocks := []hostshim.Block{{Type: hostshim.BlockReasoning, Text: m.ReasoningContent + m.Reasoning}}
		pend.calls = pend.calls[:0]
		call := func(id, name, args string) {
			if id == "" {
				pend.n++
				id = "call-" + strconv.Itoa(pend.n)
			} else if slices.Contains(pend.calls, id) {
				// One call written twice in one message: a LangChain
				// AIMessage of an Anthropic model holds each call as a
				// tool_use block and again in tool_calls.
				return
			}
			pend.calls = append(pend.calls, id)
			blocks = append(blocks, toolCall(id, name, args))
		}
		split := false
		for _, p := range parts {
			switch p.Type {
			case "tool_use", "server_tool_use", "mcp_tool_use":
				t.anthropic()
				c := p.anthropicBlock.call()
				call(c.ID, c.Name, c.Arguments)
			case "tool-call": // the Vercel AI SDK's: args (v4) or input (v5)
				call(p.ToolCallID, p.ToolName, jsonText(json.RawMessage(cmp.Or(string(p.Input), string(p.Args)))))
			case "thinking":
				t.anthropic()
				blocks = append(blocks, hostshim.Block{Type: hostshim.BlockReasoning, Text: p.Thinking})
			case "redacted_thinking":
				t.anthropic()
			case "text", "":
				if t.cline {
					// a Cline assistant's XML tool calls (cline.go)
					rest, calls := clineCalls(string(p.Text))
					blocks = append(blocks, hostshim.TextBlock(rest))
					for _, c := range calls {
						call("", c.name, c.args)
					}
					continue
				}
				blocks = append(blocks, p.block())
			default:
				if serverResult(p.Type) {
					// A result the API returns in the assistant's own
					// content (claude.go assistantBlocks): what follows
					// it is a new message.
					t.anthropic()
					t.assistant(blocks...)
					text, failed := p.serverOutput()
					t.result(p.ToolUseID, failed, hostshim.TextBlock(text))
					blocks, split = nil, true
					continue
				}
				blocks = append(blocks, p.block())
			}
		}
		if m.Refusal != "" {
			blocks = append(blocks, hostshim.TextBlock(m.Refusal))
		}
		for j, c := range m.ToolCalls {
			// Some loggers write a call flat, without its "function".
			name, args := cmp.Or(c.Function.Name, c.Name), c.Function.Arguments
			if len(args) == 0 {
				args = c.Arguments
			}
			if name == "" {
				return fmt.Errorf("%w: tool_calls[%d] has no function name", ErrMalformed, j)
			}
			call(c.ID, name, stringOrJSON(args))
		}
		if fc := m.FunctionCall; fc != nil {
			call("", fc.Name, stringOrJSON(fc.Arguments))
		}
		if split && len(dropEmptyText(blocks)) == 0 {
			return nil // nothing after the last server tool's result
		}
		t.assistant(blocks...)
	case "tool", "function":
		rest, results, err := t.partResults(parts, pend)
		if err != nil {
			return err
		}
		if results > 0 { // the Vercel AI SDK's: results as parts, each naming its call
			if len(rest) > 0 {
				t.user(partBlocks(rest)...)
			}
			return nil
		}
		id := m.ToolCallID
		if role == "function" {
			id = ""
		}
		t.result(pend.answer(id), m.toolError, partBlocks(parts)...)
	default:
		// A role the chat format does not have (Llama's "ipython", an
		// "observation", "environment" or "model" of other APIs, a
		// LangChain ChatMessage's own role): what it says was in the
		// model's context, so it is kept as a user message that names
		// its role, and counted (Stats.OtherRoles).
		t.otherRole(role, partBlocks(parts))
	}
	return nil
}

// partResults adds the tool results among a message's parts (Anthropic
// tool_result blocks, the Vercel AI SDK's tool-result parts), each
// answering the call it names, and returns the other parts and how many
// results there were.
func (t *transcript) partResults(parts []chatPart, pend *chatPending) (rest []chatPart, results int, err error) {
	for _, p := range parts {
		switch p.Type {
		case "tool_result":
			t.anthropic()
			out, err := textOf(p.Content)
			if err != nil {
				return nil, 0, fmt.Errorf("tool_result %q: %w", p.ToolUseID, err)
			}
			t.result(pend.answer(p.ToolUseID), p.IsError, out...)
		case "tool-result":
			out, isError, err := p.aiSDKOutput()
			if err != nil {
				return nil, 0, fmt.Errorf("tool-result %q: %w", p.ToolCallID, err)
			}
			t.result(pend.answer(p.ToolCallID), isError, out...)
		default:
			rest = append(rest, p)
			continue
		}
		results++
	}
	return rest, results, nil
}

// aiSDKOutput is what a Vercel AI SDK tool-result part returned: v5's
// typed "output" ({"type": "text"|"json"|"error-text"|"error-json"|
// "content", "value": …}), else v4's "result" (any JSON) with its
// "isError".
func (p chatPart) aiSDKOutput() ([]hostshim.Block, bool, error) {
	var o struct {
		Type  string          `json:"type"`
		Value json.RawMessage `json:"value"`
	}
	if len(p.Output) == 0 || json.Unmarshal(p.Output, &o) != nil || o.Type == "" {
		return []hostshim.Block{hostshim.TextBlock(stringOrJSON(json.RawMessage(cmp.Or(string(p.Output), string(p.Result)))))}, p.AIError, nil
	}
	isError := strings.HasPrefix(o.Type, "error")
	if o.Type == "content" {
		parts, err := chatParts(o.Value)
		return partBlocks(parts), isError, err
	}
	return []hostshim.Block{hostshim.TextBlock(stringOrJSON(o.Value))}, isError, nil
}

// anthropic notes that the chat holds Anthropic Messages API blocks.
func (t *transcript) anthropic() {
	t.provider = "anthropic"
	if t.source == "" {
		t.source = FormatAnthropic
	}
}

// chatFormat is the format of a chat log: LangChain's or Anthropic's when
// it held their messages or blocks.
func (t *transcript) chatFormat() Format {
	if t.source != "" {
		return t.source
	}
	return FormatOpenAIChat
}

// anthropicBlockTypes are the content block types only the Anthropic
// Messages API has.
var anthropicBlockTypes = map[string]bool{"tool_use": true, "tool_result": true, "server_tool_use": true, "mcp_tool_use": true, "thinking": true, "redacted_thinking": true,
	"web_search_tool_result": true, "web_fetch_tool_result": true, "code_execution_tool_result": true, "mcp_tool_result": true}

// isAnthropicChat reports whether chat messages hold Anthropic blocks.
func isAnthropicChat(msgs ...json.RawMessage) bool {
	for _, raw := range msgs {
		var m struct {
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(raw, &m) == nil && anthropicContent(m.Content) {
			return true
		}
	}
	return false
}

// anthropicContent reports whether a message's content holds a block only
// the Anthropic Messages API has (or an image or document with a "source").
func anthropicContent(v json.RawMessage) bool {
	parts, err := chatParts(v)
	if err != nil {
		return false
	}
	for _, p := range parts {
		if anthropicBlockTypes[p.Type] || p.Source != nil {
			return true
		}
	}
	return false
}

// chatPart is one part of a chat message's content: an OpenAI content part
// or an Anthropic content block (both APIs log {"role", "content"}
// messages, and tools that speak both mix them).
type chatPart struct {
	anthropicBlock
	Refusal string `json:"refusal"`
	// Text is a text part's text (it hides anthropicBlock's).
	Text partText `json:"text"`
	// ToolCallID, ToolName, Args, Result, Output and AIError are a Vercel
	// AI SDK tool-call or tool-result part's (v4: args, result, isError;
	// v5: input, output).
	ToolCallID string          `json:"toolCallId"`
	ToolName   string          `json:"toolName"`
	Args       json.RawMessage `json:"args"`
	Result     json.RawMessage `json:"result"`
	Output     json.RawMessage `json:"output"`
	AIError    bool            `json:"isError"`
}

// block is a part that is neither a tool call nor a tool result as a
// message block. Text parts (text, input_text, output_text; refusal) keep
// their text; any other part (image_url, input_audio, file, image,
// document) becomes a short placeholder so that its presence stays
// visible, naming an Anthropic image's media type and size.
func (p chatPart) block() hostshim.Block {
	switch p.Type {
	case "text", "input_text", "output_text", "":
		return hostshim.TextBlock(string(p.Text))
	case "refusal":
		return hostshim.TextBlock(p.Refusal)
	}
	return p.omitted()
}

// partText is a text part's text: a string, or the OpenAI Assistants API's
// {"value": …, "annotations": […]}.
type partText string

func (t *partText) UnmarshalJSON(b []byte) error {
	var s *string
	if err := json.Unmarshal(b, &s); err == nil {
		if s != nil {
			*t = partText(*s)
		}
		return nil
	}
	var v struct {
		Value *string `json:"value"`
	}
	if err := json.Unmarshal(b, &v); err != nil || v.Value == nil {
		return fmt.Errorf("%w: \"text\" is neither a string nor an object with a string \"value\"", ErrMalformed)
	}
	*t = partText(*v.Value)
	return nil
}

// partBlocks converts parts with block.
func partBlocks(parts []chatPart) []hostshim.Block {
	out := make([]hostshim.Block, 0, len(parts))
	for _, p := range parts {
		out = append(out, p.block())
	}
	return out
}

// chatParts decodes a chat message's content: a string, null, or a list
// of parts.
func chatParts(v json.RawMessage) ([]chatPart, error) {
	parts, err := stringOrList(v, func(s string) chatPart {
		return chatPart{anthropicBlock: anthropicBlock{Type: "text"}, Text: partText(s)}
	})
	if err != nil {
		return nil, fmt.Errorf("%w: content is neither a string, null nor a list of parts: %s", ErrMalformed, clip(v, 40))
	}
	return parts, nil
}

// clip quotes the start of a JSON value for an error message.
func clip(v json.RawMessage, n int) string {
	v = bytes.TrimSpace(v)
	if len(v) <= n {
		return string(v)
	}
	return string(v[:n]) + "…"
}
