package importer

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// uiPart is one part of a Vercel AI SDK UI message (the messages useChat
// keeps and apps store: {"id", "role", "parts": [...]}). Unlike the model
// messages (chatPart's tool-call and tool-result), a UI message holds a
// call and its result in one part of the assistant's message.
type uiPart struct {
	Type string `json:"type"`
	// Text is a text part's, and a v5 reasoning part's, text; Reasoning a
	// v4 reasoning part's.
	Text      string `json:"text"`
	Reasoning string `json:"reasoning"`
	// ToolInvocation is a v4 tool-invocation part's call, and result
	// when its state is "result".
	ToolInvocation *uiToolInvocation `json:"toolInvocation"`
	// ToolCallID … ErrorText are a v5 tool part's ("tool-NAME" or
	// "dynamic-tool" with its toolName): state input-streaming,
	// input-available, output-available, output-error or output-denied.
	ToolCallID string          `json:"toolCallId"`
	ToolName   string          `json:"toolName"`
	State      string          `json:"state"`
	Input      json.RawMessage `json:"input"`
	Output     json.RawMessage `json:"output"`
	ErrorText  string          `json:"errorText"`
	// MediaType (v5), MimeType (v4), URL, Data (v4's base64) and
	// Filename describe a file part; URL and Title a source part. Data is
	// any JSON in an app's "data-…" part.
	MediaType string          `json:"mediaType"`
	MimeType  string          `json:"mimeType"`
	URL       string          `json:"url"`
	Data      json.RawMessage `json:"data"`
	Filename  string          `json:"filename"`
	Title     string          `json:"title"`
}

// uiToolInvocation is a v4 tool invocation (also a v3 message's
// toolInvocations entry).
type uiToolInvocation struct {
	State      string          `json:"state"`
	ToolCallID string          `json:"toolCallId"`
	ToolName   string          `json:"toolName"`
	Args       json.RawMessage `json:"args"`
	Result     json.RawMessage `json:"result"`
}

// uiAttachment is a v4 message's experimental_attachments entry.
type uiAttachment struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	URL         string `json:"url"`
}

// uiParts reports whether m is a UI message, and returns its parts: its
// "parts" list when a part is typed, or, for a v3 message, its content
// followed by its toolInvocations. A UI message's "content" (v4) repeats
// its text parts and is not read.
func (m chatMessage) uiParts() ([]uiPart, bool, error) {
	if p := bytes.TrimSpace(m.Parts); len(p) > 0 && p[0] == '[' {
		var parts []uiPart
		if err := json.Unmarshal(p, &parts); err != nil {
			return nil, true, malformed("parts", err)
		}
		for _, part := range parts {
			if part.Type != "" {
				return parts, true, nil
			}
		}
		// Untyped parts are no UI message's (a logger's copy of the
		// content in another API's shape): the content is read.
		if len(parts) > 0 || len(bytes.TrimSpace(m.Content)) > 0 {
			return nil, false, nil
		}
		return parts, true, nil
	}
	if len(m.ToolInvocations) == 0 {
		return nil, false, nil
	}
	var text string
	if err := json.Unmarshal(m.Content, &text); len(m.Content) > 0 && err != nil {
		return nil, true, fmt.Errorf("%w: a message with toolInvocations has content that is not a string: %s", ErrMalformed, clip(m.Content, 40))
	}
	parts := []uiPart{{Type: "text", Text: text}}
	for i := range m.ToolInvocations {
		parts = append(parts, uiPart{Type: "tool-invocation", ToolInvocation: &m.ToolInvocations[i]})
	}
	return parts, true, nil
}

// uiMessage adds a UI message of role to the transcript. An assistant's
// message is split where a step ends: the text and calls of a step, then
// the results of its calls, then the next step's, so that each result
// follows its call and precedes what the model said after reading it.
func (t *transcript) uiMessage(role string, parts []uiPart, attachments []uiAttachment, pend *chatPending) error {
	var blocks []hostshim.Block
	if role != "assistant" {
		for _, p := range parts {
			if b, ok := p.block(); ok {
				blocks = append(blocks, b)
			}
		}
		for _, a := range attachments {
			blocks = append(blocks, hostshim.TextBlock(omittedFile("attachment", a.ContentType, a.Name, a.URL, "")))
		}
	}
	switch role {
	case "system":
		t.system(joinText(blocks))
		return nil
	case "user":
		t.user(blocks...)
		return nil
	case "assistant":
	default:
		t.otherRole(role, blocks)
		return nil
	}
	pend.calls = pend.calls[:0]
	type result struct {
		id      string
		isError bool
		text    string
	}
	var results []result
	step := func() {
		t.assistant(blocks...)
		for _, r := range results {
			t.result(r.id, r.isError, hostshim.TextBlock(r.text))
		}
		blocks, results = nil, nil
	}
	for i, p := range parts {
		id, name, args, out, isError, done, ok := p.toolCall()
		if !ok {
			if len(results) > 0 && p.Type != "source-url" && p.Type != "source-document" && p.Type != "source" {
				step() // what the model wrote after reading its results
			}
			if b, ok := p.block(); ok {
				blocks = append(blocks, b)
			}
			continue
		}
		if id == "" {
			id = fmt.Sprintf("ui-call-%d-%d", len(t.items), i)
		}
		if name == "" {
			return fmt.Errorf("%w: parts[%d] (%s) names no tool", ErrMalformed, i, p.Type)
		}
		blocks = append(blocks, toolCall(id, name, args))
		if done {
			results = append(results, result{id, isError, out})
		}
	}
	for _, a := range attachments {
		blocks = append(blocks, hostshim.TextBlock(omittedFile("attachment", a.ContentType, a.Name, a.URL, "")))
	}
	step()
	return nil
}

// toolCall reads a tool part: its call's id, tool and arguments, and,
// when the part holds the call's outcome (done), the result's text and
// whether it is a failure. ok is false for a part that is no tool part.
func (p uiPart) toolCall() (id, name, args, out string, isError, done, ok bool) {
	switch {
	case p.Type == "tool-invocation" && p.ToolInvocation != nil:
		ti := p.ToolInvocation
		return ti.ToolCallID, ti.ToolName, jsonText(ti.Args), stringOrJSON(ti.Result), false, ti.State == "result", true
	case p.Type == "dynamic-tool", strings.HasPrefix(p.Type, "tool-") && p.Type != "tool-invocation":
		name = cmp.Or(p.ToolName, strings.TrimPrefix(p.Type, "tool-"))
		if p.Type == "dynamic-tool" {
			name = p.ToolName
		}
		switch p.State {
		case "output-available":
			return p.ToolCallID, name, jsonText(p.Input), stringOrJSON(p.Output), false, true, true
		case "output-error":
			return p.ToolCallID, name, jsonText(p.Input), p.ErrorText, true, true, true
		case "output-denied":
			return p.ToolCallID, name, jsonText(p.Input), "[the user denied this tool call]", true, true, true
		}
		return p.ToolCallID, name, jsonText(p.Input), "", false, false, true
	}
	return "", "", "", "", false, false, false
}

// block is a part that is no tool part as a message block: text and
// reasoning are kept, a file or source is named, step boundaries and app
// data parts ("data-…") carry nothing the model read and give none.
func (p uiPart) block() (hostshim.Block, bool) {
	switch {
	case p.Type == "text":
		return hostshim.TextBlock(p.Text), p.Text != ""
	case p.Type == "reasoning":
		r := cmp.Or(p.Text, p.Reasoning)
		return hostshim.Block{Type: hostshim.BlockReasoning, Text: r}, r != ""
	case p.Type == "file":
		var data string
		_ = json.Unmarshal(p.Data, &data)
		return hostshim.TextBlock(omittedFile("file", cmp.Or(p.MediaType, p.MimeType), p.Filename, p.URL, data)), true
	case p.Type == "source-url", p.Type == "source-document", p.Type == "source":
		return hostshim.TextBlock("[source: " + strings.TrimSpace(p.Title+" "+p.URL) + "]"), true
	case p.Type == "step-start", strings.HasPrefix(p.Type, "data-"), p.Type == "tool-invocation", p.Type == "dynamic-tool", strings.HasPrefix(p.Type, "tool-"):
		return hostshim.Block{}, false
	}
	return hostshim.TextBlock("[" + cmp.Or(p.Type, "untyped") + " part omitted]"), true
}

// omittedFile is the placeholder of a file the session log does not keep:
// what it is, its media type, and its name, URL or size (a data: URL by its
// size, not its bytes).
func omittedFile(kind, mediaType, name, url, data string) string {
	var what []string
	if mediaType != "" {
		what = append(what, mediaType)
	}
	if name != "" {
		what = append(what, name)
	}
	switch {
	case strings.HasPrefix(url, "data:"):
		what = append(what, fmt.Sprintf("%d bytes of data URL", len(url)))
	case url != "":
		what = append(what, url)
	case data != "":
		what = append(what, fmt.Sprintf("%d bytes of base64", len(data)))
	}
	if len(what) == 0 {
		return "[" + kind + " omitted]"
	}
	return "[" + kind + " omitted: " + strings.Join(what, ", ") + "]"
}
