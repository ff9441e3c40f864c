package recall

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/epistemicfold/ef/internal/digits"
	"github.com/epistemicfold/ef/internal/english"
	"github.com/epistemicfold/ef/internal/rpcwire"
	"github.com/epistemicfold/ef/internal/tooldef"
)

// Tool names.
const (
	ToolSearch = "context_search"
	ToolRecall = "context_recall"
)

// The parameter schemas use only the JSON Schema subset the DSH tool runtime
// accepts (type, properties, required, additionalProperties, items, enum,
// const, oneOf and annotations such as description and default): ranges
// live in the descriptions and CallTool enforces them. dsh-plugin's test
// checks the schemas with the host's own assertSupportedJsonSchema.

// ToolDef is the definition of one tool as a model and a host see it, so
// the DSH plugin and an MCP server expose the same thing: Parameters and
// Result are JSON Schemas (draft 2020-12) of the arguments and of the
// structured result (SearchResult, RecallResult); the text the model reads
// is produced by RenderSearch and RenderRecall. ToolDef, SearchArgs,
// RecallArgs and ToolOutput are plain values.
type ToolDef = tooldef.Def

// Tools returns the definitions of context_search and context_recall. Each
// call returns fresh values; callers may modify them.
func Tools() []ToolDef {
	return []ToolDef{
		{Name: ToolSearch, Description: searchDescription, Parameters: json.RawMessage(searchParams), Result: json.RawMessage(searchResultSchema)},
		{Name: ToolRecall, Description: recallDescription, Parameters: json.RawMessage(recallParams), Result: json.RawMessage(recallResultSchema)},
	}
}

const searchDescription = `Search the conversation history that was folded out of your context: each checkpoint's summary and the exact messages it replaced (tool calls and their output, file paths, error messages, decisions). Use it when you need something that is no longer visible to you.

Query syntax: words separated by spaces must all match, except common English words such as "what", "is", "the", which only rank (so "what is the deploy token" finds "The deploy token is …"); when no message holds every word, the hits are those holding the most, and each says which words it lacks. English words also match their other forms ("failing" finds "failed"); a word also finds the identifiers built from it ("parser" finds parser_test.go and PARSER_MAX, "config" finds parseConfig); emoji match as written; "double quotes" match an exact phrase, always required; a trailing * matches a prefix of at least two characters (compil*); Chinese matches as written, two characters or more. A checkpoint id, a tool name or a file path (or its tail, such as src/main.rs) also matches exactly.

Hits are ranked by relevance (BM25), newest first among ties; messages that state what you searched for come first, then checkpoint summaries (derived from messages), then messages that only ask about it (marked "a question"). A message archived again by a later fold is listed once. The results of earlier context_search and context_recall calls are not searched: they only quote the archive. Each hit has a ref: pass it to context_recall to read the message or checkpoint. scope "session" (the default) searches this session; "project" searches every session of this project.`

const recallDescription = `Read back history that was folded out of your context, by ref: a checkpoint id (ef-0c5e2a71-9d3b-8f46-a1c8-5b7e3d9f2a64), one archived message (ef-0c5e2a71-9d3b-8f46-a1c8-5b7e3d9f2a64#12, 0-based), or any ref returned by context_search (refs may end in @<session>).

depth "summary" (the default for a checkpoint) returns the checkpoint's summary text; "detail" lists its archived messages one line each, with their index; "exact" (the default for a message ref) returns the original messages byte-for-byte, checked against the archive's hashes. offset and limit page through lines (summary) or message indexes (detail, exact).

Every answer is bounded. When one is cut it ends with the exact call that returns the next page; a message too large for one answer comes in parts whose refs end in :<byte offset>.`

const searchParams = `{
  "type": "object",
  "properties": {
    "query": {"type": "string", "description": "Words (all must match, else the hits holding most of them), \"exact phrases\", prefix* terms, Chinese text, checkpoint ids, tool names or file paths; 1 to 512 bytes."},
    "scope": {"type": "string", "enum": ["session", "project"], "default": "session", "description": "session: this session only; project: every session of this project."},
    "limit": {"type": "integer", "default": 10, "description": "Most hits to return, 1 to 50."}
  },
  "required": ["query"],
  "additionalProperties": false
}`

const recallParams = `{
  "type": "object",
  "properties": {
    "ref": {"type": "string", "description": "A checkpoint id (ef-0c5e2a71-9d3b-8f46-a1c8-5b7e3d9f2a64), a message ref (ef-0c5e2a71-9d3b-8f46-a1c8-5b7e3d9f2a64#12), or a ref from context_search."},
    "depth": {"type": "string", "enum": ["summary", "detail", "exact"], "description": "summary (default for a checkpoint): its summary text; detail: one line per archived message; exact (default for a message ref): the original messages byte-for-byte."},
    "offset": {"type": "integer", "default": 0, "description": "First line (summary) or message index (detail, exact), 0 or more. Defaults to the message a ref names, or the start."},
    "limit": {"type": "integer", "description": "Most lines or messages to return, 1 to 500; the token budget may stop the page earlier."}
  },
  "required": ["ref"],
  "additionalProperties": false
}`

const searchResultSchema = `{
  "type": "object",
  "properties": {
    "query": {"type": "string"},
    "scope": {"type": "string", "enum": ["session", "project"]},
    "sessionId": {"type": "string"},
    "total": {"type": "integer", "minimum": 0, "description": "Matches in scope."},
    "partial": {"type": "boolean", "description": "No message holds every word: the hits hold some (and every quoted phrase), most first."},
    "hits": {"type": "array", "items": {
      "type": "object",
      "properties": {
        "ref": {"type": "string", "description": "Pass to context_recall."},
        "sessionId": {"type": "string"},
        "checkpointId": {"type": "string"},
        "kind": {"type": "string", "enum": ["checkpoint", "message"]},
        "message": {"type": "integer", "minimum": 0},
        "role": {"type": "string"},
        "mode": {"type": "string"},
        "createdAt": {"type": "integer", "description": "Unix epoch milliseconds."},
        "score": {"type": "number"},
        "tools": {"type": "array", "items": {"type": "string"}},
        "error": {"type": "boolean"},
        "summary": {"type": "boolean", "description": "The message is an earlier checkpoint's summary, archived again."},
        "question": {"type": "boolean", "description": "The message only asks about the words (ranked after those that state them)."},
        "copies": {"type": "integer", "minimum": 0, "description": "Other refs holding the same message, not listed."},
        "echoes": {"type": "integer", "minimum": 0, "description": "Other checkpoint summaries showing the same snippet, not listed."},
        "lacks": {"type": "array", "items": {"type": "string"}, "description": "Words of the query the hit lacks (partial results)."},
        "snippet": {"type": "string", "description": "Excerpt, matches in **double asterisks**."}
      },
      "required": ["ref", "sessionId", "checkpointId", "kind", "createdAt", "score", "snippet"]
    }},
    "cut": {"type": "boolean", "description": "Fewer hits than the limit because the token budget ran out."},
    "budget": {"type": "integer"},
    "tokens": {"type": "integer"},
    "indexedBytes": {"type": "integer", "description": "How much of each message is searchable; context_recall reads a message whole."},
    "unavailable": {"type": "array", "description": "Checkpoints whose hits were left out: their bundle cannot be read (ef store verify lists the damaged bundles).", "items": {
      "type": "object",
      "properties": {
        "sessionId": {"type": "string"},
        "checkpointId": {"type": "string"},
        "reason": {"type": "string"},
        "hits": {"type": "integer", "minimum": 1, "description": "Hits of it left out."}
      },
      "required": ["sessionId", "checkpointId", "reason", "hits"]
    }}
  },
  "required": ["query", "scope", "total", "hits", "cut", "budget", "tokens"]
}`

const recallResultSchema = `{
  "type": "object",
  "$defs": {
    "request": {"type": "object", "properties": {
      "ref": {"type": "string"}, "depth": {"type": "string"}, "offset": {"type": "integer"}, "limit": {"type": "integer"}
    }, "required": ["ref"]}
  },
  "properties": {
    "ref": {"type": "string"},
    "sessionId": {"type": "string"},
    "checkpointId": {"type": "string"},
    "depth": {"type": "string", "enum": ["summary", "detail", "exact"]},
    "status": {"type": "string", "enum": ["ok", "unavailable"]},
    "reason": {"type": "string", "description": "Why the checkpoint is unavailable."},
    "mode": {"type": "string"},
    "createdAt": {"type": "integer"},
    "messages": {"type": "integer", "description": "Archived messages of the checkpoint."},
    "logicalHash": {"type": "string"},
    "offset": {"type": "integer"},
    "count": {"type": "integer"},
    "total": {"type": "integer", "description": "Lines (summary) or messages (detail, exact)."},
    "summary": {"type": "string"},
    "lines": {"type": "array", "items": {"type": "object", "properties": {
      "index": {"type": "integer"}, "role": {"type": "string"}, "text": {"type": "string"}
    }, "required": ["index", "role", "text"]}},
    "exact": {"type": "array", "items": {"type": "object", "properties": {
      "index": {"type": "integer"}, "role": {"type": "string"},
      "raw": {"type": "string", "description": "The message's exact JSON text (or the part [from, to) of it), when it is valid UTF-8; else with U+FFFD for each byte that is not (see rawNotUTF8)."},
      "rawNotUTF8": {"type": "boolean", "description": "The bytes are not valid UTF-8: raw is not exact, rawBase64 is."},
      "rawBase64": {"type": "string", "description": "The exact bytes of raw in standard base64, only when they are not valid UTF-8."},
      "bytes": {"type": "integer"}, "sha256": {"type": "string"},
      "part": {"type": "object", "properties": {"from": {"type": "integer"}, "to": {"type": "integer"}}, "required": ["from", "to"]}
    }, "required": ["index", "role", "raw", "bytes", "sha256"]}},
    "pastEnd": {"type": "boolean"},
    "messageEnd": {"type": "object", "description": "Set when the ref's byte offset is the end of its message: nothing of it is left.", "properties": {
      "index": {"type": "integer"}, "bytes": {"type": "integer"}, "sha256": {"type": "string"}
    }, "required": ["index", "bytes", "sha256"]},
    "cut": {"type": "boolean"},
    "next": {"$ref": "#/$defs/request"},
    "budget": {"type": "integer"},
    "tokens": {"type": "integer"}
  },
  "required": ["ref", "sessionId", "checkpointId", "depth", "status", "messages", "offset", "count", "total", "cut", "budget", "tokens"]
}`

// SearchArgs are the arguments of context_search as a model sends them.
type SearchArgs struct {
	Query string `json:"query"`
	Scope Scope  `json:"scope,omitempty"`
	Limit int    `json:"limit,omitempty"`
}

// RecallArgs are the arguments of context_recall as a model sends them.
type RecallArgs struct {
	Ref    string `json:"ref"`
	Depth  Depth  `json:"depth,omitempty"`
	Offset int    `json:"offset,omitempty"`
	Limit  int    `json:"limit,omitempty"`
}

// ToolOutput is the answer of a tool call: the text the model sees and the
// structured result (*SearchResult or *RecallResult, nil on error).
type ToolOutput struct {
	Text    string
	Result  any
	IsError bool
}

// CallTool runs one tool call made from sessionID with JSON arguments, as a
// host plugin or an MCP server receives it. A bad call (unknown tool, bad
// arguments, bad query or ref) returns an error and an output whose Text
// tells the model what to fix; scope defaults to session when sessionID is
// set.
func (x *Index) CallTool(ctx context.Context, sessionID, name string, args json.RawMessage) (ToolOutput, error) {
	fail := func(err error) (ToolOutput, error) {
		return ToolOutput{Text: RenderError(name, err), IsError: true}, err
	}
	if err := x.opened(); err != nil {
		return fail(err)
	}
	dec := func(v any) error {
		if len(bytes.TrimSpace(args)) == 0 {
			args = json.RawMessage("{}")
		}
		d := json.NewDecoder(bytes.NewReader(args))
		d.DisallowUnknownFields()
		err := d.Decode(v)
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && strings.HasPrefix(te.Value, "number") {
			if whole, ok := integralNumbers(args); ok {
				d = json.NewDecoder(bytes.NewReader(whole))
				d.DisallowUnknownFields()
				err = d.Decode(v)
			}
		}
		if err != nil {
			// The model reads this: name the argument and the JSON types,
			// not the Go struct behind them.
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field == "" {
				return fmt.Errorf("%w: the arguments must be a JSON object, not %s", ErrBadArgs, te.Value)
			}
			return fmt.Errorf("%w: %s", ErrBadArgs, rpcwire.Words(err))
		}
		if d.More() {
			return fmt.Errorf("%w: trailing data after the arguments object", ErrBadArgs)
		}
		return nil
	}
	switch name {
	case ToolSearch:
		var a SearchArgs
		if err := dec(&a); err != nil {
			return fail(err)
		}
		if err := required(args, "query", "the words to search for"); err != nil {
			return fail(err)
		}
		if err := checkLimit(args, a.Limit, MaxSearchLimit); err != nil {
			return fail(err)
		}
		res, err := x.Search(ctx, SearchRequest{Query: a.Query, Scope: a.Scope, Limit: a.Limit, SessionID: sessionID})
		if err != nil {
			return fail(err)
		}
		return ToolOutput{Text: RenderSearch(res), Result: res}, nil
	case ToolRecall:
		var a RecallArgs
		if err := dec(&a); err != nil {
			return fail(err)
		}
		if err := required(args, "ref", "a ref from "+ToolSearch+" or a checkpoint id"); err != nil {
			return fail(err)
		}
		if a.Offset < 0 {
			return fail(fmt.Errorf("%w: offset %d (want 0 or more)", ErrBadOffset, a.Offset))
		}
		if err := checkLimit(args, a.Limit, MaxRecallLimit); err != nil {
			return fail(err)
		}
		res, err := x.Recall(ctx, RecallRequest{Ref: a.Ref, Depth: a.Depth, Offset: a.Offset, Limit: a.Limit, SessionID: sessionID})
		if err != nil {
			return fail(err)
		}
		return ToolOutput{Text: RenderRecall(res), Result: res, IsError: res.Status != StatusOK}, nil
	}
	return fail(fmt.Errorf("%w: %q (have %s, %s)", ErrUnknownTool, name, ToolSearch, ToolRecall))
}

// required refuses a tool call that leaves out (or sends null for) an
// argument its schema requires, naming it and what it holds: read as an
// empty string, it would be refused as an empty query or ref, which tells
// the model to fix a value it never sent. args is an object (the decoder
// accepted it) or empty.
func required(args json.RawMessage, key, what string) error {
	var m map[string]json.RawMessage
	if len(bytes.TrimSpace(args)) > 0 && json.Unmarshal(args, &m) != nil {
		return nil // not an object: the decoder said so already
	}
	if v, ok := m[key]; !ok || string(bytes.TrimSpace(v)) == "null" {
		return fmt.Errorf("%w: %q is required: %s", ErrBadArgs, key, what)
	}
	return nil
}

// checkLimit refuses a tool call's limit outside 1 to max, the range its
// parameter schema states. Zero is refused only when the arguments name
// it: a limit left out takes the default, but "limit": 0 is a mistake the
// model should hear of, not a silent default (Search and Recall, called
// from Go, take zero as the default).
func checkLimit(args json.RawMessage, limit, max int) error {
	if limit == 0 {
		var m map[string]json.RawMessage
		if json.Unmarshal(args, &m) != nil || m["limit"] == nil || string(m["limit"]) == "null" {
			return nil
		}
	}
	if limit < 1 || limit > max {
		return fmt.Errorf("%w: limit %d (want 1 to %d; leave it out for the default)", ErrBadLimit, limit, max)
	}
	return nil
}

// integralNumbers rewrites the members of a JSON object that are numbers
// written with a fraction or an exponent but with no fractional part (5.0,
// 1e2) as integers, and reports whether it changed any. JSON Schema's
// "integer" is any number whose fractional part is zero, and clients
// written in Python send a float such as 5.0 so (json.dumps).
func integralNumbers(args json.RawMessage) (json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		return nil, false
	}
	changed := false
	for k, v := range m {
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil || !bytes.ContainsAny(v, ".eE") || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
			continue
		}
		m[k], changed = strconv.AppendInt(nil, int64(f), 10), true
	}
	if !changed {
		return nil, false
	}
	out, err := json.Marshal(m)
	return out, err == nil
}

// RenderError returns the text a model sees when a call of tool fails (""
// for a nil err).
func RenderError(tool string, err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	hint := ""
	switch {
	case errors.Is(err, ErrEmptyQuery), errors.Is(err, ErrQueryTooLong), errors.Is(err, ErrBadQuery):
		hint = ` Query syntax: words (all must match), "exact phrase", prefix* (two characters or more); at most 512 bytes and 16 terms.`
	case errors.Is(err, ErrNoMessage):
		hint = ` To list a checkpoint's messages: context_recall {"ref": "<checkpoint>", "depth": "detail"}.`
	case errors.Is(err, ErrPastEnd):
		hint = " Each part's ref names the byte the next part starts at; follow the next-page call an answer ends with."
	case errors.Is(err, ErrBadRef):
		hint = " A ref is a checkpoint id (ef-0c5e2a71-9d3b-8f46-a1c8-5b7e3d9f2a64), a message ref (ef-0c5e2a71-9d3b-8f46-a1c8-5b7e3d9f2a64#12), or a ref copied from context_search."
	case errors.Is(err, ErrNoCheckpoint):
		hint = " Recall one of the checkpoints named here, or find the one you mean with context_search: the refs it prints name checkpoints that exist."
	case errors.Is(err, ErrBadArgs):
		hint = " See the tool's parameter schema."
	}
	if tool == "" {
		tool = "tool call" // a call that named no tool
	}
	return tool + " error: " + strings.TrimPrefix(msg, "recall: ") + "." + hint
}

func fmtTime(ms int64) string {
	if ms <= 0 {
		return "unknown time"
	}
	return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04Z")
}

func renderSearchHeader(r *SearchResult) string {
	if r.Total == 0 {
		line := fmt.Sprintf("%s %q (scope: %s): no matches. Try %s.", ToolSearch, r.Query, r.Scope, widenHint(r.Query, r.Scope))
		if r.IndexedBytes > 0 {
			line += fmt.Sprintf(" Only the first %s of a message is searchable; %s reads a message whole.", kib(r.IndexedBytes), ToolRecall)
		}
		return line + "\n"
	}
	matches := "matches"
	if r.Total == 1 {
		matches = "match"
	}
	if r.Partial {
		hold := "matches hold"
		if r.Total == 1 {
			hold = "match holds"
		}
		return fmt.Sprintf("%s %q (scope: %s): no message has every word; %d %s some of them, most words first (each hit says which it lacks).\n",
			ToolSearch, r.Query, r.Scope, r.Total, hold)
	}
	return fmt.Sprintf("%s %q (scope: %s): %d %s, best first.\n", ToolSearch, r.Query, r.Scope, r.Total, matches)
}

// kib names a byte count in KiB, or in bytes below one KiB.
func kib(n int) string {
	if n < 1<<10 {
		return fmt.Sprintf("%d bytes", n)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// widenHint lists what could widen a search that matched nothing, and only
// that: fewer words when a quoted phrase is required beside other words
// (the search already tried every other word alone: see partialQuery), a
// prefix when a bare word could become one, the words of a phrase unquoted
// (in any order), and scope "project" when the search was one session's.
// Other words always remain.
func widenHint(q string, scope Scope) string {
	cs, _ := parseQuery(q) // the search ran, so the query parsed
	cs = markOptional(cs)
	var tries []string
	required, phrases := 0, 0
	for _, c := range cs {
		if !c.optional {
			required++
		}
		if c.kind == clausePhrase {
			phrases++
		}
	}
	if phrases > 0 && required > 1 {
		tries = append(tries, "fewer words")
	}
	tries = append(tries, "other words")
	var prefix, phrase bool
	for _, c := range cs {
		switch c.kind {
		case clauseWord:
			prefix = prefix || !c.optional && utf8.RuneCountInString(c.text) >= 2
		case clausePhrase:
			phrase = phrase || strings.ContainsAny(c.text, " \t")
		}
	}
	if prefix {
		tries = append(tries, "a prefix (word*)")
	}
	if phrase {
		tries = append(tries, "a phrase's words unquoted")
	}
	if scope == ScopeSession {
		tries = append(tries, `scope "project" (every session of this project)`)
	}
	if len(tries) == 1 {
		return tries[0]
	}
	return strings.Join(tries[:len(tries)-1], ", ") + " or " + tries[len(tries)-1]
}

func renderHit(n int, h Hit) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d. ref %s · ", n, h.Ref)
	msg := "?" // a message hit without its index: a hit not made by Search
	if h.Message != nil {
		msg = strconv.Itoa(*h.Message)
	}
	switch {
	case h.Kind == kindCheckpoint:
		fmt.Fprintf(&sb, "checkpoint summary (%s)", h.Mode)
	case h.Summary:
		// An earlier checkpoint's summary, archived again by this fold.
		fmt.Fprintf(&sb, "message %s · an earlier checkpoint's summary", msg)
	default:
		role := h.Role
		if len(h.Tools) > 0 {
			if role == "assistant" {
				role += " calling " + strings.Join(h.Tools, ", ")
			} else if role == "tool" {
				role += " result of " + strings.Join(h.Tools, ", ")
			}
		}
		if h.Error {
			role += " (error)"
		}
		if h.Question {
			role += " (a question)"
		}
		fmt.Fprintf(&sb, "message %s · %s", msg, role)
	}
	// The time is the checkpoint's (its fold's), not the message's: say so.
	fmt.Fprintf(&sb, " · folded %s", fmtTime(h.CreatedAt))
	if h.Copies > 0 {
		fmt.Fprintf(&sb, " · %s not listed", english.Count(h.Copies, "identical copy"))
	}
	if h.Echoes > 0 {
		fmt.Fprintf(&sb, " · %s showing this passage not listed", english.Count(h.Echoes, "other summary"))
	}
	if len(h.Lacks) > 0 {
		fmt.Fprintf(&sb, " · lacks %s", strings.Join(h.Lacks, ", "))
	}
	fmt.Fprintf(&sb, "\n   %s\n", h.Snippet)
	return sb.String()
}

// RenderSearch returns the text the model sees for a search result ("" for
// a nil one).
func RenderSearch(r *SearchResult) string {
	if r == nil {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(renderSearchHeader(r))
	for i, h := range r.Hits {
		sb.WriteString(renderHit(i+1, h))
	}
	sb.WriteString(renderUnavailableHits(r))
	if r.Total > 0 {
		// The count says the hits listed; the copies of them each hit
		// names (not listed) are matches too, said apart, so the
		// number is the hits the reader sees above it.
		shown, copies := uint64(len(r.Hits)), uint64(0)
		for _, h := range r.Hits {
			copies += uint64(h.Copies + h.Echoes)
		}
		also := ""
		if copies > 0 {
			also = fmt.Sprintf(" (and %s of them, not listed)", english.Count(int(copies), "copy"))
		}
		switch {
		case r.Cut:
			fmt.Fprintf(&sb, "[%d of %d matches shown%s; cut at the %d-token budget. Narrow the query to see others.]\n", shown, r.Total, also, r.Budget)
		case shown+copies < r.Total:
			fmt.Fprintf(&sb, "[%d of %d matches shown%s. For more, repeat with a larger \"limit\" (at most %d) or narrow the query.]\n", shown, r.Total, also, MaxSearchLimit)
		}
		sb.WriteString(`To read a hit: context_recall {"ref": "<ref>"}; add "depth": "detail" or "exact" for the archived messages.` + "\n")
	}
	return sb.String()
}

// renderUnavailableHits is the note on the hits a search left out because
// their checkpoint's bundle cannot be read ("" when none was).
func renderUnavailableHits(r *SearchResult) string {
	var sb strings.Builder
	for _, u := range r.Unavailable {
		fmt.Fprintf(&sb, "[Left out: %s of checkpoint %s (session %s): its bundle cannot be read (%s), so neither its summary nor its messages can be served. ef store verify lists the damaged bundles.]\n",
			english.Count(u.Hits, "hit"), u.CheckpointID, u.SessionID, u.Reason)
	}
	return sb.String()
}

// renderUnavailable is the text of a recall whose checkpoint cannot be
// read. What remains of it depends on whose checkpoint it is: a ref
// without "@session" names one of the caller's own session, whose summary
// replaced the archived messages in the caller's context; any other (a
// session's found in project scope, or every ref of an MCP server started
// without a session) left nothing in the caller's context, so the text
// must not send the model looking for it there.
func renderUnavailable(r *RecallResult) string {
	head := fmt.Sprintf("%s %s: unavailable — %s. ", ToolRecall, r.Ref, r.Reason)
	ref, err := ParseRef(r.Ref)
	if err == nil && ref.SessionID == "" {
		return head + "The archived messages of this checkpoint cannot be served; the summary that replaced them in your context is what remains.\n"
	}
	if err == nil && r.Reason == ReasonUnknownSession {
		// Nothing is damaged: the ref names a session the store does not
		// hold, most often a ref typed with the wrong @session part.
		return head + fmt.Sprintf("This store holds no checkpoint of session %q. Copy the ref exactly as %s printed it (its @session part included, nothing after it), or find what you need with %s.\n", ref.SessionID, ToolSearch, ToolSearch)
	}
	return head + "Neither its summary nor its archived messages can be served from this store; other checkpoints may hold what you need (" + ToolSearch + "), and ef store verify lists the damaged bundles.\n"
}

func renderRecallHeader(r *RecallResult) string {
	return fmt.Sprintf("%s %s · %s · %s checkpoint of %s · %d archived messages\n", ToolRecall, r.Ref, r.Depth, r.Mode, fmtTime(r.CreatedAt), r.Messages)
}

func renderDetailLine(l DetailLine) string {
	return fmt.Sprintf("#%d %s: %s\n", l.Index, l.Role, l.Text)
}

func renderExactFrame(m ExactMessage) string {
	what := fmt.Sprintf("%s bytes", digits.Group(m.Bytes))
	if m.Part != nil {
		what = fmt.Sprintf("bytes %s–%s of %s", digits.Group(m.Part.From), digits.Group(m.Part.To), digits.Group(m.Bytes))
	}
	if m.RawNotUTF8 {
		// The text reaches a model as a JSON string, where these bytes
		// cannot be: say so, or the text looks exact and the hash wrong.
		what += " · not valid UTF-8: sent as JSON text, each invalid byte reads as U+FFFD; the sha256 is of the exact bytes"
	}
	return fmt.Sprintf("--- message %d · %s · %s · %s (whole message)\n\n--- end of message %d\n", m.Index, m.Role, what, m.SHA256, m.Index)
}

// renderMessageEnd is the line of an answer to a part ref at the end of
// its message.
func renderMessageEnd(e *MessageEnd) string {
	return fmt.Sprintf("[end of message %d: byte %s is its end (%s bytes, %s); nothing more of it]\n", e.Index, digits.Group(e.Bytes), digits.Group(e.Bytes), e.SHA256)
}

// RenderRecall returns the text the model sees for a recall result ("" for
// a nil one).
func RenderRecall(r *RecallResult) string {
	if r == nil {
		return ""
	}
	if r.Status != StatusOK {
		return renderUnavailable(r)
	}
	var sb strings.Builder
	sb.WriteString(renderRecallHeader(r))
	unit := "messages"
	if r.Depth == DepthSummary {
		unit = "lines"
	}
	if r.PastEnd || r.Total == 0 {
		if r.Total == 0 {
			fmt.Fprintf(&sb, "[nothing to show: 0 %s]\n", unit)
		} else {
			// An empty page, not an error: the request was valid and
			// says where the content is.
			fmt.Fprintf(&sb, "[empty page: offset %d is past the end: %d %s, offsets 0–%d]\n", r.Offset, r.Total, unit, r.Total-1)
		}
		return sb.String()
	}
	switch r.Depth {
	case DepthSummary:
		fmt.Fprintf(&sb, "lines %d–%d of %d:\n", r.Offset, r.Offset+r.Count-1, r.Total)
		sb.WriteString(r.Summary)
		if !strings.HasSuffix(r.Summary, "\n") {
			sb.WriteByte('\n')
		}
	case DepthDetail:
		fmt.Fprintf(&sb, "messages %d–%d of %d (indexes from 0):\n", r.Offset, r.Offset+r.Count-1, r.Total)
		for _, l := range r.Lines {
			sb.WriteString(renderDetailLine(l))
		}
	case DepthExact:
		if r.MessageEnd != nil {
			sb.WriteString(renderMessageEnd(r.MessageEnd))
		}
		if r.Count > 0 {
			fmt.Fprintf(&sb, "messages %d–%d of %d, byte-exact JSON as archived (archive hashes verified):\n", r.Offset, r.Offset+r.Count-1, r.Total)
		}
		for _, m := range r.Exact {
			frame := renderExactFrame(m)
			head, tail, _ := strings.Cut(frame, "\n\n")
			sb.WriteString(head)
			sb.WriteByte('\n')
			sb.WriteString(m.Raw)
			sb.WriteByte('\n')
			sb.WriteString(tail)
		}
	}
	if r.Next != nil {
		call, _ := json.Marshal(r.Next)
		if r.Cut {
			fmt.Fprintf(&sb, "[cut at the %d-token budget. Next page: %s %s]\n", r.Budget, ToolRecall, call)
		} else {
			fmt.Fprintf(&sb, "[more. Next page: %s %s]\n", ToolRecall, call)
		}
	} else if r.Cut {
		fmt.Fprintf(&sb, "[cut at the %d-token budget]\n", r.Budget)
	} else {
		fmt.Fprintf(&sb, "[end of checkpoint %s]\n", r.CheckpointID)
	}
	return sb.String()
}
