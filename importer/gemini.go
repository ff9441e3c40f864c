package importer

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatGemini is a Google Gemini conversation: the Gemini API's contents
// ({"contents": [{"role": "user"|"model", "parts": [...]}],
// "systemInstruction": …}, a request body or a saved history), a JSON list
// of such contents (Gemini CLI's /chat save checkpoint), or a Gemini CLI
// session recording (~/.gemini/tmp/<project>/chats/session-*.json:
// {"sessionId", "projectHash", "messages": [{"type": "user"|"gemini", …}]},
// or from Gemini CLI 0.39 on its JSONL form, see geminirec.go). A /chat
// save checkpoint is the bare list before Gemini CLI 0.16 and
// {"history": [contents…], "authType"} since.
const FormatGemini Format = "gemini"

// geminiPartKeys are the keys of a Gemini API part, one to a part.
var geminiPartKeys = []string{"text", "functionCall", "functionResponse", "inlineData", "fileData", "executableCode", "codeExecutionResult"}

// geminiRoles are a Gemini content's roles ("function" is the older
// Vertex AI role of function responses).
var geminiRoles = map[string]bool{"user": true, "model": true, "function": true}

// isGeminiContents reports whether list is Gemini API contents: every
// element of a Gemini role (or none), the first an object with "parts" and
// no "content" (a chat message that also keeps parts has one), no part of
// which is typed (a Vercel AI SDK UI message's parts are), one of which
// has a Gemini part key.
func isGeminiContents(list json.RawMessage) bool {
	var raws []json.RawMessage
	if json.Unmarshal(list, &raws) != nil || len(raws) == 0 {
		return false
	}
	for _, raw := range raws {
		// Only the role: a later content malformed otherwise is a Gemini
		// conversation whose import names it.
		var r struct {
			Role *string `json:"role"`
		}
		if json.Unmarshal(raw, &r) == nil && r.Role != nil && !geminiRoles[*r.Role] {
			return false
		}
	}
	var c struct {
		Parts   []map[string]json.RawMessage `json:"parts"`
		Content json.RawMessage              `json:"content"`
	}
	if json.Unmarshal(raws[0], &c) != nil || c.Parts == nil || c.Content != nil {
		return false
	}
	known := false
	for _, p := range c.Parts {
		if _, typed := p["type"]; typed {
			return false
		}
		for _, k := range geminiPartKeys {
			if _, ok := p[k]; ok {
				known = true
			}
		}
	}
	return known
}

// isGeminiCLISession reports whether a JSON object is a Gemini CLI session
// recording: its sessionId and projectHash beside the messages.
func isGeminiCLISession(top map[string]json.RawMessage) bool {
	for _, k := range []string{"sessionId", "projectHash", "messages"} {
		if _, ok := top[k]; !ok {
			return false
		}
	}
	return true
}

// geminiPart is one part of a Gemini API content.
type geminiPart struct {
	Text         *string `json:"text"`
	Thought      bool    `json:"thought"`
	FunctionCall *struct {
		ID   string          `json:"id"`
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"functionCall"`
	FunctionResponse *geminiFunctionResponse `json:"functionResponse"`
	InlineData       *struct {
		MimeType string `json:"mimeType"`
		Data     string `json:"data"`
	} `json:"inlineData"`
	FileData *struct {
		MimeType string `json:"mimeType"`
		FileURI  string `json:"fileUri"`
	} `json:"fileData"`
	ExecutableCode *struct {
		Language string `json:"language"`
		Code     string `json:"code"`
	} `json:"executableCode"`
	CodeExecutionResult *struct {
		Outcome string `json:"outcome"`
		Output  string `json:"output"`
	} `json:"codeExecutionResult"`
}

// geminiFunctionResponse is a function's answer: its call's id (newer
// models give one) and name, and what it returned, by Gemini CLI's
// convention {"output": …} or {"error": …}.
type geminiFunctionResponse struct {
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	Response json.RawMessage `json:"response"`
}

// text is the response's text and whether it reports a failure: the
// "output" or "error" string of {"output"} or {"error"}, else its JSON.
func (r geminiFunctionResponse) text() (string, bool) {
	var o struct {
		Output *string `json:"output"`
		Error  *string `json:"error"`
	}
	if json.Unmarshal(r.Response, &o) == nil {
		switch {
		case o.Error != nil:
			return *o.Error, true
		case o.Output != nil:
			return *o.Output, false
		}
	}
	return stringOrJSON(r.Response), false
}

// geminiReader holds what reading a Gemini conversation needs across its
// contents: the calls of the latest model content that no response has
// answered (responses without an id answer the first of their name), and
// a count for the ids it makes up.
type geminiReader struct {
	t       *transcript
	pending []geminiCall
	made    int
	// answered are the ids of a recording's tool calls that hold their
	// result, which a later user message may repeat as a response.
	answered map[string]bool
	// conv are the client's conventions for what it writes into a user
	// content (geminiConventions when nil; Qwen Code's are its own).
	conv *conventions
}

type geminiCall struct{ id, name string }

// newID makes up a call id for a call the source gives none.
func (g *geminiReader) newID() string {
	g.made++
	return "gemini-call-" + strconv.Itoa(g.made)
}

// answer is the id of the call a response answers: the pending call with
// its id, else the first pending one of its name, else the first.
func (g *geminiReader) answer(id, name string) string {
	pick := -1
	for i, c := range g.pending {
		if id != "" && c.id == id {
			pick = i
			break
		}
		if pick < 0 && id == "" && c.name == name {
			pick = i
		}
	}
	if pick < 0 && id == "" && len(g.pending) > 0 {
		pick = 0
	}
	if pick < 0 {
		return cmp.Or(id, name) // no call: an orphan, dropped and counted
	}
	c := g.pending[pick]
	g.pending = append(g.pending[:pick:pick], g.pending[pick+1:]...)
	return c.id
}

// content adds one Gemini API content.
func (g *geminiReader) content(role string, parts []geminiPart) error {
	t := g.t
	switch role {
	case "model":
		g.pending = g.pending[:0]
		var blocks []hostshim.Block
		var code []geminiCall // executed code, answered by the next result part
		for i, p := range parts {
			switch {
			case p.FunctionCall != nil:
				if p.FunctionCall.Name == "" {
					return fmt.Errorf("%w: parts[%d].functionCall has no name", ErrMalformed, i)
				}
				id := cmp.Or(p.FunctionCall.ID, g.newID())
				g.pending = append(g.pending, geminiCall{id, p.FunctionCall.Name})
				blocks = append(blocks, toolCall(id, p.FunctionCall.Name, jsonText(p.FunctionCall.Args)))
			case p.ExecutableCode != nil:
				// Code the model ran with the API's code execution tool;
				// the result is a later part of the same content.
				id := g.newID()
				code = append(code, geminiCall{id, "code_execution"})
				args, _ := json.Marshal(map[string]string{"language": p.ExecutableCode.Language, "code": p.ExecutableCode.Code})
				blocks = append(blocks, toolCall(id, "code_execution", string(args)))
			case p.CodeExecutionResult != nil:
				if len(code) == 0 {
					t.skipped++ // a result of no code: nothing to answer
					continue
				}
				t.assistant(blocks...)
				blocks = nil
				r := p.CodeExecutionResult
				t.result(code[0].id, r.Outcome != "" && r.Outcome != "OUTCOME_OK", hostshim.TextBlock(cmp.Or(r.Output, r.Outcome)))
				code = code[1:]
			default:
				if b, ok := p.block(); ok {
					blocks = append(blocks, b)
				}
			}
		}
		t.assistant(blocks...)
	case "user", "function", "tool", "":
		var blocks []hostshim.Block
		results := 0
		for _, p := range parts {
			if r := p.FunctionResponse; r != nil {
				text, failed := r.text()
				geminiResult(t, g.answer(r.ID, r.Name), failed, text, "")
				results++
				continue
			}
			if b, ok := p.block(); ok {
				blocks = append(blocks, b)
			}
		}
		switch {
		case len(blocks) > 0:
			geminiUser(t, cmp.Or(g.conv, geminiConventions), blocks)
		case results == 0:
			t.user(blocks...)
		}
	default:
		var blocks []hostshim.Block
		for _, p := range parts {
			if b, ok := p.block(); ok {
				blocks = append(blocks, b)
			}
		}
		t.otherRole(role, blocks)
	}
	return nil
}

// block is a part that is no call, result or code execution as a message
// block: text (a thought as reasoning), inline data and files named.
func (p geminiPart) block() (hostshim.Block, bool) {
	switch {
	case p.Text != nil && p.Thought:
		return hostshim.Block{Type: hostshim.BlockReasoning, Text: *p.Text}, *p.Text != ""
	case p.Text != nil:
		return hostshim.TextBlock(*p.Text), *p.Text != ""
	case p.InlineData != nil:
		return hostshim.TextBlock(omittedFile("inline data", p.InlineData.MimeType, "", "", p.InlineData.Data)), true
	case p.FileData != nil:
		return hostshim.TextBlock(omittedFile("file", p.FileData.MimeType, "", p.FileData.FileURI, "")), true
	case p.FunctionResponse != nil:
		// A response where none belongs (in a model content): kept as text.
		text, _ := p.FunctionResponse.text()
		return hostshim.TextBlock("[functionResponse " + p.FunctionResponse.Name + "] " + text), true
	}
	return hostshim.Block{}, false // an empty part, or one of a kind yet to come
}

// geminiContent is one Gemini API content.
type geminiContent struct {
	Role  string       `json:"role"`
	Parts []geminiPart `json:"parts"`
}

// geminiDocument is a Gemini API request body or saved history, or a
// Gemini CLI session recording.
type geminiDocument struct {
	Contents           json.RawMessage `json:"contents"`
	SystemInstruction  json.RawMessage `json:"systemInstruction"`
	SystemInstruction2 json.RawMessage `json:"system_instruction"`
	Model              string          `json:"model"`
	// SessionID and Messages are a Gemini CLI recording's.
	SessionID string             `json:"sessionId"`
	Messages  []geminiCLIMessage `json:"messages"`
	// History is a /chat save checkpoint's contents (Gemini CLI 0.16 and
	// later: {"history", "authType"}, packages/core/src/core/logger.ts).
	History json.RawMessage `json:"history"`
}

// parseGemini reads a Gemini conversation: a JSON list of contents, a
// document holding "contents", a Gemini CLI session recording, JSONL of
// contents, or Gemini CLI's stream-json output.
func parseGemini(data []byte) (*transcript, error) {
	t := &transcript{provider: "google"}
	g := &geminiReader{t: t}
	body := bytes.TrimSpace(data)
	if len(body) > 0 && body[0] == '[' {
		return t, g.contents(body)
	}
	var first map[string]json.RawMessage
	if json.Unmarshal(firstLine(body), &first) == nil && isGeminiStream(first) {
		return parseGeminiStream(body)
	}
	if first != nil && isGeminiRecordingHead(first) {
		return parseGeminiRecordingWhole(body)
	}
	if !json.Valid(body) {
		// JSONL of contents, one to a line.
		var err error
		t.torn, err = scanLines(bytes.NewReader(body), func(_ int, raw []byte) error {
			t.sourceRecords++
			var c geminiContent
			if err := json.Unmarshal(raw, &c); err != nil {
				return malformed("", err)
			}
			return g.content(c.Role, c.Parts)
		})
		return t, err
	}
	var doc geminiDocument
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, malformed("", err)
	}
	if doc.Contents == nil && doc.Messages == nil && doc.History != nil {
		return t, g.contents(doc.History)
	}
	if doc.Contents == nil && doc.Messages == nil {
		// One content alone (a JSONL file of one line).
		var c geminiContent
		if err := json.Unmarshal(body, &c); err != nil || c.Parts == nil {
			return nil, fmt.Errorf("%w: neither \"contents\", \"messages\" nor \"parts\" is a list", ErrMalformed)
		}
		t.sourceRecords = 1
		return t, g.content(c.Role, c.Parts)
	}
	t.model = doc.Model
	if doc.Messages != nil {
		t.recordedID = doc.SessionID
		t.sourceRecords = len(doc.Messages)
		for i, m := range doc.Messages {
			if err := g.cliMessage(m); err != nil {
				return nil, &Error{Record: fmt.Sprintf("messages[%d]", i), Err: err}
			}
		}
		return t, nil
	}
	if sys := cmp.Or(string(doc.SystemInstruction), string(doc.SystemInstruction2)); sys != "" && sys != "null" {
		// A content (its role ignored), or a bare string.
		var c geminiContent
		var s string
		switch {
		case json.Unmarshal([]byte(sys), &s) == nil:
			t.system(s)
		case json.Unmarshal([]byte(sys), &c) == nil:
			var text []string
			for _, p := range c.Parts {
				if p.Text != nil {
					text = append(text, *p.Text)
				}
			}
			t.system(strings.Join(text, "\n"))
		default:
			return nil, fmt.Errorf("%w: systemInstruction is neither a content nor a string", ErrMalformed)
		}
	}
	return t, g.contents(doc.Contents)
}

// contents reads a list of contents.
func (g *geminiReader) contents(list json.RawMessage) error {
	var cs []json.RawMessage
	if err := json.Unmarshal(list, &cs); err != nil {
		return malformed("contents", err)
	}
	g.t.sourceRecords += len(cs)
	for i, raw := range cs {
		var c geminiContent
		if err := json.Unmarshal(raw, &c); err != nil {
			return &Error{Record: fmt.Sprintf("contents[%d]", i), Err: malformed("", err)}
		}
		if err := g.content(c.Role, c.Parts); err != nil {
			return &Error{Record: fmt.Sprintf("contents[%d]", i), Err: err}
		}
	}
	return nil
}

// geminiCLIMessage is a message of a Gemini CLI session recording: the
// user's (content a string or parts), Gemini's (its text, thoughts and
// tool calls, each call holding its result), or the CLI's own notices
// (info, error, warning), which the model never saw.
type geminiCLIMessage struct {
	Type     string          `json:"type"`
	Content  json.RawMessage `json:"content"`
	Model    string          `json:"model"`
	Thoughts []struct {
		Subject     string `json:"subject"`
		Description string `json:"description"`
	} `json:"thoughts"`
	ToolCalls []struct {
		ID            string          `json:"id"`
		Name          string          `json:"name"`
		Args          json.RawMessage `json:"args"`
		Result        json.RawMessage `json:"result"`
		Status        string          `json:"status"`
		ResultDisplay json.RawMessage `json:"resultDisplay"`
	} `json:"toolCalls"`
}

// cliMessage adds one message of a Gemini CLI recording.
func (g *geminiReader) cliMessage(m geminiCLIMessage) error {
	t := g.t
	parts, err := geminiCLIContent(m.Content)
	if err != nil {
		return err
	}
	switch m.Type {
	case "user":
		// Gemini CLI records the responses it sends the model as a user
		// message too; those of calls that hold their result add nothing.
		kept := parts[:0:0]
		for _, p := range parts {
			if r := p.FunctionResponse; r != nil && r.ID != "" && g.answered[r.ID] {
				delete(g.answered, r.ID)
				continue
			}
			kept = append(kept, p)
		}
		if len(kept) == 0 && len(parts) > 0 {
			t.skipped++
			return nil
		}
		return g.content("user", kept)
	case "gemini":
	case "info", "error", "warning":
		t.skipped++ // the CLI's notices to the user
		return nil
	default:
		var blocks []hostshim.Block
		for _, p := range parts {
			if b, ok := p.block(); ok {
				blocks = append(blocks, b)
			}
		}
		if len(blocks) == 0 {
			t.skipped++
			return nil
		}
		t.otherRoles++
		t.user(append([]hostshim.Block{hostshim.TextBlock("[" + cmp.Or(m.Type, "no type") + "]")}, blocks...)...)
		return nil
	}
	if t.model == "" {
		t.model = m.Model
	}
	var blocks []hostshim.Block
	for _, th := range m.Thoughts {
		blocks = append(blocks, hostshim.Block{Type: hostshim.BlockReasoning, Text: strings.TrimSpace(th.Subject + "\n" + th.Description)})
	}
	g.pending = g.pending[:0]
	for _, p := range parts {
		if c := p.FunctionCall; c != nil && len(m.ToolCalls) == 0 && c.Name != "" {
			// A turn recorded from the history (a $set of messages)
			// holds its calls as parts; responses answer them later.
			id := cmp.Or(c.ID, g.newID())
			g.pending = append(g.pending, geminiCall{id, c.Name})
			blocks = append(blocks, toolCall(id, c.Name, jsonText(c.Args)))
			continue
		}
		if b, ok := p.block(); ok {
			blocks = append(blocks, b)
		}
	}
	type result struct {
		id     string
		failed bool
		text   string
		kind   string // hostshim.InjectedInterruption for a call the user refused or stopped
	}
	var results []result
	for i, c := range m.ToolCalls {
		if c.Name == "" {
			return fmt.Errorf("%w: toolCalls[%d] has no name", ErrMalformed, i)
		}
		id := cmp.Or(c.ID, g.newID())
		blocks = append(blocks, toolCall(id, c.Name, jsonText(c.Args)))
		text, failed, ok, err := geminiCLIResult(c.Result, c.ResultDisplay)
		if err != nil {
			return fmt.Errorf("toolCalls[%d]: %w", i, err)
		}
		if !ok && c.Status == "" {
			// No result recorded: a later response may answer it, else
			// the call gets the synthetic one.
			g.pending = append(g.pending, geminiCall{id, c.Name})
			continue
		}
		if g.answered == nil {
			g.answered = map[string]bool{}
		}
		g.answered[id] = true
		kind := ""
		if c.Status != "" && c.Status != "success" {
			failed = true
			text = cmp.Or(text, "["+c.Status+"]")
			if c.Status == "cancelled" {
				// The user denied the call ("[Operation Cancelled] Reason:
				// User denied execution.") or stopped it: nothing ran.
				kind = hostshim.InjectedInterruption
			}
		}
		results = append(results, result{id, failed, text, kind})
	}
	t.assistant(blocks...)
	for _, r := range results {
		geminiResult(t, r.id, r.failed, r.text, r.kind)
	}
	return nil
}

// geminiCLIContent decodes a recorded message's content: a string, null,
// or a list of parts.
func geminiCLIContent(v json.RawMessage) ([]geminiPart, error) {
	parts, err := stringOrList(v, func(s string) geminiPart { return geminiPart{Text: &s} })
	if err != nil {
		return nil, fmt.Errorf("%w: content is neither a string, null nor a list of parts: %s", ErrMalformed, clip(v, 40))
	}
	return parts, nil
}

// geminiCLIResult is a recorded tool call's result: the text of its
// functionResponse parts (result, a list of parts), else what the CLI
// showed (resultDisplay, a string, or an object such as a file diff).
func geminiCLIResult(result, display json.RawMessage) (text string, failed, ok bool, err error) {
	if r := bytes.TrimSpace(result); len(r) > 0 && string(r) != "null" {
		var parts []geminiPart
		if err := json.Unmarshal(r, &parts); err != nil {
			return "", false, false, malformed("result", err)
		}
		var texts []string
		for _, p := range parts {
			if fr := p.FunctionResponse; fr != nil {
				s, f := fr.text()
				texts, failed = append(texts, s), failed || f
			} else if b, ok := p.block(); ok {
				texts = append(texts, b.Text)
			}
		}
		if len(texts) > 0 {
			return strings.Join(texts, "\n"), failed, true, nil
		}
	}
	if d := bytes.TrimSpace(display); len(d) > 0 && string(d) != "null" {
		return stringOrJSON(d), false, true, nil
	}
	return "", false, false, nil
}

// geminiStreamEvents are the event types of Gemini CLI's headless
// --output-format stream-json.
var geminiStreamEvents = map[string]bool{"init": true, "message": true, "tool_use": true, "tool_result": true, "error": true, "result": true}

// isGeminiStream reports whether a JSON object opens Gemini CLI's
// stream-json output: an init event with the session's id and model.
func isGeminiStream(top map[string]json.RawMessage) bool {
	var typ string
	_ = json.Unmarshal(top["type"], &typ)
	_, model := top["model"]
	_, id := top["session_id"]
	_, id2 := top["sessionId"]
	return typ == "init" && model && (id || id2)
}

// parseGeminiStream reads Gemini CLI's stream-json output (gemini -p …
// --output-format stream-json) line by line: the user's message, the
// assistant's message (its delta chunks joined into one text), tool_use
// events as calls answered by their tool_result by tool_id (a status
// other than success a failure, its error's message the text); init
// names the session and the model, error and result events are the
// CLI's and skipped.
func parseGeminiStream(data []byte) (*transcript, error) {
	t := &transcript{provider: "google"}
	var err error
	t.torn, err = scanLines(bytes.NewReader(data), func(_ int, raw []byte) error {
		var ev struct {
			Type       string          `json:"type"`
			SessionID  string          `json:"session_id"`
			SessionID2 string          `json:"sessionId"`
			Model      string          `json:"model"`
			Role       string          `json:"role"`
			Content    string          `json:"content"`
			Delta      bool            `json:"delta"`
			ToolName   string          `json:"tool_name"`
			ToolID     string          `json:"tool_id"`
			Parameters json.RawMessage `json:"parameters"`
			Status     string          `json:"status"`
			Output     *string         `json:"output"`
			Error      *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(raw, &ev); err != nil {
			return malformed("", err)
		}
		switch ev.Type {
		case "init":
			t.recordedID = cmp.Or(t.recordedID, ev.SessionID, ev.SessionID2)
			t.model = cmp.Or(t.model, ev.Model)
			t.skipped++
			return nil
		case "message", "tool_use", "tool_result":
			t.sourceRecords++
		default:
			t.skipped++
			return nil
		}
		switch {
		case ev.Type == "tool_use":
			t.extendAssistant(toolCall(ev.ToolID, ev.ToolName, jsonText(ev.Parameters)))
		case ev.Type == "tool_result":
			text := ""
			if ev.Output != nil {
				text = *ev.Output
			}
			if ev.Error != nil && ev.Error.Message != "" {
				text = strings.TrimSpace(text + "\n" + ev.Error.Message)
			}
			geminiResult(t, ev.ToolID, ev.Status != "success", text, "")
		case ev.Role == "assistant":
			n := len(t.items)
			if last := n - 1; ev.Delta && last >= 0 && t.items[last].kind == itemAssistant {
				bs := t.items[last].blocks
				if b := &bs[len(bs)-1]; b.Type == hostshim.BlockText {
					b.Text += ev.Content // a chunk of the text being streamed
					return nil
				}
			}
			t.extendAssistant(hostshim.TextBlock(ev.Content))
		case ev.Role == "user":
			t.user(hostshim.TextBlock(ev.Content))
		default:
			t.otherRoles++
			t.user(hostshim.TextBlock("["+cmp.Or(ev.Role, "no role")+"]"), hostshim.TextBlock(ev.Content))
		}
		return nil
	})
	return t, err
}
