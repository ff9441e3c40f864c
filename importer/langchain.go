package importer

import (
	"cmp"
	"encoding/json"
)

// langChainRoles maps a LangChain message "type" to the chat role it is.
var langChainRoles = map[string]string{
	"human": "user", "HumanMessageChunk": "user",
	"ai": "assistant", "AIMessageChunk": "assistant",
	"system": "system", "SystemMessageChunk": "system",
	"tool": "tool", "ToolMessageChunk": "tool",
	"function": "function", "FunctionMessageChunk": "function",
	// A ChatMessage carries its own role, which may be none of the above.
	"chat": "chat", "ChatMessageChunk": "chat",
}

// langChainMessage is a LangChain message as messages_to_dict writes it
// ({"type": "human", "data": {…}}) or as model_dump and a LangGraph
// state's "messages" do ({"type": "ai", "content": …, "tool_calls": […]}).
type langChainMessage struct {
	Type       string          `json:"type"`
	Role       string          `json:"role"` // a ChatMessage's
	Data       json.RawMessage `json:"data"`
	Content    json.RawMessage `json:"content"`
	ToolCallID string          `json:"tool_call_id"`
	Status     string          `json:"status"` // a ToolMessage's "success" or "error"
	ToolCalls  []struct {
		ID   string          `json:"id"`
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"tool_calls"`
	AdditionalKwargs struct {
		ToolCalls        []openAIToolCall `json:"tool_calls"`
		ReasoningContent string           `json:"reasoning_content"`
	} `json:"additional_kwargs"`
}

// isLangChainMessage reports whether a JSON object is a LangChain message:
// a LangChain type, content or data, and no key of another format's record.
func isLangChainMessage(top map[string]json.RawMessage) bool {
	var typ string
	if json.Unmarshal(top["type"], &typ) != nil || langChainRoles[typ] == "" {
		return false
	}
	for _, k := range []string{"role", "uuid", "message", "timestamp"} {
		if _, ok := top[k]; ok {
			return false
		}
	}
	_, data := top["data"]
	_, content := top["content"]
	return data || content
}

// chat converts a LangChain message to a chat message; a ChatMessage
// gets its own role.
func (m langChainMessage) chat() (chatMessage, error) {
	if len(m.Data) > 0 {
		var inner langChainMessage
		if err := json.Unmarshal(m.Data, &inner); err != nil {
			return chatMessage{}, malformed("data", err)
		}
		if inner.Type == "" {
			inner.Type = m.Type
		}
		m = inner
	}
	role := langChainRoles[m.Type]
	if role == "chat" {
		role = cmp.Or(m.Role, role) // a role chat does not have is kept as a user message naming it
	}
	c := chatMessage{Role: &role, Content: m.Content, ToolCallID: m.ToolCallID, ReasoningContent: m.AdditionalKwargs.ReasoningContent, toolError: m.Status == "error"}
	for _, tc := range m.ToolCalls {
		var oc openAIToolCall
		oc.ID, oc.Function.Name, oc.Function.Arguments = tc.ID, tc.Name, tc.Args
		c.ToolCalls = append(c.ToolCalls, oc)
	}
	if len(c.ToolCalls) == 0 {
		c.ToolCalls = m.AdditionalKwargs.ToolCalls
	}
	return c, nil
}

// decodeChat decodes one message of a chat log: an OpenAI or Anthropic
// message ({"role", …}) or a LangChain one ({"type", …}), which marks the
// transcript as LangChain's.
func (t *transcript) decodeChat(raw json.RawMessage) (chatMessage, error) {
	var m chatMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, malformed("", err)
	}
	if m.Role != nil {
		return m, nil
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil || !isLangChainMessage(top) {
		return m, nil
	}
	var lc langChainMessage
	if err := json.Unmarshal(raw, &lc); err != nil {
		return m, malformed("", err)
	}
	t.source = FormatLangChain
	return lc.chat()
}
