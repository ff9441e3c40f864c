package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatGeneric is a conversation of a client ef has no reader for, read by
// its shape: a JSON document or JSONL whose messages are objects with a
// role-like field (genericfind.go says where they are looked for). It is
// tried only after every named format has declined the file, so it never
// reads a file a named reader reads. What it guessed (where the messages
// were, how many records it read and skipped) is Stats.Guess, which ef
// inspect, ef state and ef fold print as a note, so that the user can
// judge the reading.
//
// Roles: user/human, assistant/ai/model/bot/agent, system/developer and
// tool/function/observation (and their near spellings, genericRoles); a
// message of another role is skipped and counted. Content is a string or
// a list of parts whose text is under text, content or value. Tool calls
// are read in the shapes the big APIs use: OpenAI's tool_calls
// (function.name, function.arguments) and function_call, Anthropic's
// tool_use and tool_result blocks, and any part that carries a name, its
// arguments (arguments, input, args or parameters) and an id; a result
// names its call by an id (tool_call_id, tool_use_id, call_id, …), or,
// when it names none, answers the oldest call still open. A result fails
// when it says is_error, or a status of error or failed. Parts of other
// kinds are counted as skipped; images and files are named.
const FormatGeneric Format = "generic"

// GenericNoMessages is what DetectBytes adds (after "; ") to its refusal
// of a file in which the generic reading found no conversation either; ef
// prints it on a line of its own.
const GenericNoMessages = "the generic reading found no messages either: no list of objects with a role such as user or assistant (under \"role\", \"author\", \"speaker\", \"from\", …), as a JSON document or JSONL"

// genericReader reads the records genericFind found into t.
type genericReader struct {
	t *transcript
	// open are the ids of calls not yet answered, in order, for a result
	// that names no call.
	open  []string
	calls int // calls read, to name those the source gives no id
	// skippedParts counts parts of kinds the reading does not know;
	// unknownRoles the records of a role it does not know.
	skippedParts, unknownRoles, noRole int
}

// parseGeneric reads a file by its shape.
func parseGeneric(data []byte) (*transcript, error) {
	t, ok := readGeneric(data)
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrEmpty, GenericNoMessages)
	}
	return t, nil
}

// readGeneric reads a file by its shape; ok is false when it holds no
// message the reading can read (DetectBytes then refuses the file).
func readGeneric(data []byte) (*transcript, bool) {
	found, ok := findConversation(data)
	if !ok {
		return nil, false
	}
	t := &transcript{torn: found.torn}
	g := &genericReader{t: t}
	for _, rec := range found.records {
		t.sourceRecords++
		if rec == nil {
			g.noRole++
			t.skipped++
			continue
		}
		g.record(rec)
	}
	t.guess = g.guess(found)
	for _, it := range t.items {
		if it.kind == itemUser || it.kind == itemAssistant {
			return t, true
		}
	}
	return nil, false
}

// guess words what the reading did, for Stats.Guess.
func (g *genericReader) guess(found genericFound) string {
	s := fmt.Sprintf("format not recognised, read by its shape (generic): messages taken from %s; %s read, %d of them skipped",
		found.where, count(g.t.sourceRecords, "record"), g.t.skipped)
	var why []string
	if g.noRole > 0 {
		why = append(why, fmt.Sprintf("%d without a role", g.noRole))
	}
	if g.unknownRoles > 0 {
		why = append(why, fmt.Sprintf("%d of a role not known", g.unknownRoles))
	}
	if rest := g.t.skipped - g.noRole - g.unknownRoles; rest > 0 {
		why = append(why, fmt.Sprintf("%d with nothing to read", rest))
	}
	if len(why) > 0 {
		s += " (" + strings.Join(why, ", ") + ")"
	}
	if g.skippedParts > 0 {
		s += fmt.Sprintf("; %s of kinds not known skipped", count(g.skippedParts, "content part"))
	}
	return s + ": check that the session shown is the conversation"
}

// count is n and a noun, plural when n is not 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// genericCall is a tool call read from a message.
type genericCall struct{ id, name, args string }

// genericResult is a tool result read from a message.
type genericResult struct {
	id     string
	isErr  bool
	output []hostshim.Block
}

// record reads one message.
func (g *genericReader) record(rec map[string]any) {
	t := g.t
	raw, _ := roleOf(rec)
	role := genericRoles[roleKey(raw)]
	if role == "" {
		g.unknownRoles++
		t.skipped++
		return
	}
	var blocks []hostshim.Block
	var calls []genericCall
	var results []genericResult
	if c, ok := firstKey(rec, genericContentKeys...); ok {
		g.content(c, &blocks, &calls, &results, 0)
	}
	if r, ok := firstKey(rec, "reasoning_content", "reasoning", "thinking"); ok {
		if s, ok := r.(string); ok && s != "" {
			blocks = append([]hostshim.Block{{Type: hostshim.BlockReasoning, Text: s}}, blocks...)
		}
	}
	for _, k := range []string{"tool_calls", "toolCalls", "function_calls", "functionCalls"} {
		if list, ok := rec[k].([]any); ok {
			for _, c := range list {
				if m, ok := c.(map[string]any); ok {
					if call, ok := callOf(m); ok {
						calls = append(calls, call)
					}
				}
			}
		}
	}
	if m, ok := rec["function_call"].(map[string]any); ok {
		if call, ok := callOf(m); ok {
			calls = append(calls, call)
		}
	}
	for _, c := range calls {
		blocks = append(blocks, toolCall(g.callID(c.id), c.name, c.args))
	}
	switch role {
	case "system":
		t.system(joinText(blocks))
	case "tool":
		if len(results) == 0 || len(dropEmptyText(blocks)) > 0 {
			results = append(results, genericResult{id: refOf(rec), isErr: failedOf(rec), output: textBlocks(blocks)})
		}
		g.results(results)
	case "user":
		g.results(results)
		if len(results) > 0 && len(dropEmptyText(blocks)) == 0 {
			// a user record that only carries tool results (Anthropic's
			// shape) was read: it is not one with nothing to read
			return
		}
		t.user(textBlocks(blocks)...)
	case "assistant":
		t.assistant(blocks...)
		g.results(results)
	}
}

// textBlocks is bs without its tool calls (a user's or a tool's message
// carries none; a call there is kept as its text).
func textBlocks(bs []hostshim.Block) []hostshim.Block {
	out := bs[:0:0]
	for _, b := range bs {
		if b.Type == hostshim.BlockToolCall {
			b = hostshim.TextBlock("[call " + b.Name + " " + b.Arguments + "]")
		}
		out = append(out, b)
	}
	return out
}

// callID is the id of a call, made up when the source gives none, noted
// as open.
func (g *genericReader) callID(id string) string {
	g.calls++
	if id == "" {
		id = "generic-call-" + strconv.Itoa(g.calls)
	}
	g.open = append(g.open, id)
	return id
}

// results adds results, each answering its call, or the oldest open call
// when it names none.
func (g *genericReader) results(rs []genericResult) {
	for _, r := range rs {
		switch i := slices.Index(g.open, r.id); {
		case r.id == "" && len(g.open) > 0:
			r.id, g.open = g.open[0], g.open[1:]
		case r.id == "":
			g.t.otherRole("tool", r.output)
			continue
		case i >= 0:
			g.open = slices.Delete(g.open, i, i+1)
		}
		g.t.result(r.id, r.isErr, r.output...)
	}
}

// genericContentKeys are the keys a message's content is looked for
// under, in order.
var genericContentKeys = []string{"content", "parts", "text", "value", "message", "body", "msg", "utterance", "output"}

// content reads a content value: a string, a list of parts, or an object
// holding them.
func (g *genericReader) content(v any, blocks *[]hostshim.Block, calls *[]genericCall, results *[]genericResult, depth int) {
	if depth > 4 {
		g.skippedParts++
		return
	}
	switch v := v.(type) {
	case string:
		*blocks = append(*blocks, hostshim.TextBlock(v))
	case []any:
		for _, p := range v {
			g.content(p, blocks, calls, results, depth+1)
		}
	case map[string]any:
		g.part(v, blocks, calls, results, depth)
	case nil:
	default:
		g.skippedParts++
	}
}

// part reads one content part.
func (g *genericReader) part(p map[string]any, blocks *[]hostshim.Block, calls *[]genericCall, results *[]genericResult, depth int) {
	typ := roleKey(str(p["type"]))
	switch {
	case genericCallTypes[typ]:
		if c, ok := callOf(p); ok {
			*calls = append(*calls, c)
			return
		}
	case genericResultTypes[typ]:
		*results = append(*results, g.resultOf(p, depth))
		return
	case typ == "thinking" || typ == "reasoning":
		s, _ := firstString(p, "thinking", "reasoning", "text", "content")
		*blocks = append(*blocks, hostshim.Block{Type: hostshim.BlockReasoning, Text: s})
		return
	case genericFileTypes[typ]:
		name, _ := firstString(p, "name", "filename", "url", "mimeType", "mime_type", "media_type")
		*blocks = append(*blocks, hostshim.TextBlock(omittedFile(typ, "", name, "", "")))
		return
	}
	if typ == "" || genericTextTypes[typ] {
		if c, ok := callOf(p); ok && refOf(p) != "" || ok && hasAny(p, "arguments", "input", "args", "parameters") && !hasAny(p, "text") {
			*calls = append(*calls, c)
			return
		}
		if _, named := p["name"]; refOf(p) != "" && !named {
			*results = append(*results, g.resultOf(p, depth))
			return
		}
		if c, ok := firstKey(p, "text", "content", "value", "parts"); ok {
			g.content(c, blocks, calls, results, depth+1)
			return
		}
	}
	g.skippedParts++
}

// resultOf reads a result part: its call's id, its output, its verdict.
func (g *genericReader) resultOf(p map[string]any, depth int) genericResult {
	r := genericResult{id: refOf(p), isErr: failedOf(p)}
	var calls []genericCall
	var nested []genericResult
	if c, ok := firstKey(p, "content", "output", "result", "text", "value", "response"); ok {
		if m, ok := c.(map[string]any); ok && !hasAny(m, "type", "text", "content", "value", "parts") {
			b, _ := json.Marshal(m) // a structured result: its JSON
			r.output = []hostshim.Block{hostshim.TextBlock(string(b))}
			return r
		}
		g.content(c, &r.output, &calls, &nested, depth+1)
	}
	r.output = textBlocks(r.output)
	return r
}

// Part types read as calls, results, text and files (roleKey spelling).
var (
	genericCallTypes   = setOf("tooluse", "toolcall", "functioncall", "toolrequest", "servertooluse", "call")
	genericResultTypes = setOf("toolresult", "toolresponse", "functioncalloutput", "functionresult", "functionresponse", "tooloutput", "toolcallresult", "observation")
	genericTextTypes   = setOf("text", "inputtext", "outputtext", "markdown", "message", "content")
	genericFileTypes   = setOf("image", "imageurl", "inputimage", "file", "inputfile", "audio", "inputaudio", "document", "video")
)

func setOf(keys ...string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// callOf reads a call: OpenAI's {id, function: {name, arguments}}, or a
// part with a name and its arguments under arguments, input, args or
// parameters.
func callOf(m map[string]any) (genericCall, bool) {
	c := genericCall{id: idOf(m)}
	src := m
	if f, ok := m["function"].(map[string]any); ok {
		src = f
	}
	name, ok := firstString(src, "name", "toolName", "tool_name", "tool", "function_name")
	if !ok || name == "" {
		return c, false
	}
	c.name = name
	c.args = "{}"
	if a, ok := firstKey(src, "arguments", "input", "args", "parameters", "params"); ok {
		c.args = argsText(a)
	}
	return c, true
}

// argsText is a call's arguments as JSON text: a string as it is, any
// other value as compact JSON.
func argsText(a any) string {
	if s, ok := a.(string); ok {
		return s
	}
	if a == nil {
		return "{}"
	}
	b, err := json.Marshal(a)
	if err != nil {
		return "{}"
	}
	return string(b)
}

// idOf is a call's own id.
func idOf(m map[string]any) string {
	s, _ := firstString(m, "id", "call_id", "callId", "toolCallId", "tool_call_id", "tool_use_id", "toolUseId")
	return s
}

// refOf is the id of the call a result answers.
func refOf(m map[string]any) string {
	s, _ := firstString(m, "tool_call_id", "toolCallId", "tool_use_id", "toolUseId", "call_id", "callId", "function_call_id")
	return s
}

// failedOf reports whether a result says it failed: is_error (isError,
// error true or a message), or a status of error or failed.
func failedOf(m map[string]any) bool {
	for _, k := range []string{"is_error", "isError", "error"} {
		switch v := m[k].(type) {
		case bool:
			if v {
				return true
			}
		case string:
			if k == "error" && v != "" {
				return true
			}
		case map[string]any:
			if k == "error" {
				return true
			}
		}
	}
	switch strings.ToLower(str(m["status"])) {
	case "error", "failed", "failure", "errored":
		return true
	}
	return false
}

// firstKey is the value of the first of keys m holds.
func firstKey(m map[string]any, keys ...string) (any, bool) {
	for _, k := range keys {
		if v, ok := m[k]; ok && v != nil {
			return v, true
		}
	}
	return nil, false
}

// firstString is the first of keys whose value in m is a string.
func firstString(m map[string]any, keys ...string) (string, bool) {
	for _, k := range keys {
		if s, ok := m[k].(string); ok {
			return s, true
		}
	}
	return "", false
}

func hasAny(m map[string]any, keys ...string) bool {
	_, ok := firstKey(m, keys...)
	return ok
}

// str is v when it is a string.
func str(v any) string {
	s, _ := v.(string)
	return s
}

// jsonAny decodes data as one JSON value, keeping numbers as written.
func jsonAny(data []byte) (any, bool) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil, false
	}
	if len(bytes.TrimSpace(data[d.InputOffset():])) > 0 {
		return nil, false // more than one value, or text after it
	}
	return v, true
}
