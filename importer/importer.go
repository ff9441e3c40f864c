package importer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// Format names a trajectory format.
type Format string

// Supported formats.
const (
	// FormatDSH is a DeepSeek Harness persisted session log (JSONL, header
	// line then one event per line; plain or Zstandard-compressed). It is
	// loaded as is.
	FormatDSH Format = "dsh"
	// FormatClaudeSDK is Claude Agent SDK stream-json, as the SDK prints
	// it or wrapped as {type, message, timestamp} lines
	// (openagents-autopilot-sdk).
	FormatClaudeSDK Format = "claude-sdk"
	// FormatClaudeCode is a Claude Code ~/.claude/projects session JSONL.
	FormatClaudeCode Format = "claude-code"
	// FormatAutopilot is the OpenAgents flat trajectory JSON (steps[] of
	// assistant, tool_call, tool_result, system_*).
	FormatAutopilot Format = "openagents-trajectory"
	// FormatATIF is an Agent Trajectory Interchange Format JSON (both the
	// RFC shape and the OpenAgents exporter's variant).
	FormatATIF Format = "atif"
	// FormatMiniSWE is a mini-swe-agent .traj.json (OpenAI chat messages).
	FormatMiniSWE Format = "mini-swe-agent"
	// FormatSWEAgent is a SWE-agent .traj (trajectory[] and history[]).
	FormatSWEAgent Format = "swe-agent"
	// FormatOpenHands is an OpenHands evaluation output.jsonl, one run per
	// line with its event stream in history[], or a conversation's
	// trajectory saved as a JSON array of events.
	FormatOpenHands Format = "openhands"
	// FormatOpenAIChat is a plain OpenAI-style chat log: one JSON document
	// {"messages": [{"role", "content", "tool_calls"}, {"role": "tool",
	// "tool_call_id"}, …]} (a saved conversation or a request body), JSONL
	// with one such message per line, or JSONL with one conversation per
	// line (one session each).
	FormatOpenAIChat Format = "openai-chat"
	// FormatAnthropic is an Anthropic Messages API conversation: a request
	// body {"model", "system", "messages": [...]} or JSONL of messages,
	// whose content blocks carry the tool calls (tool_use), their results
	// (tool_result in a user message), thinking and images. It is read as
	// an OpenAI chat log is, and a chat log may mix the two.
	FormatAnthropic Format = "anthropic-messages"
	// FormatLangChain is a LangChain (or LangGraph) message dump: a list
	// written by messages_to_dict ([{"type": "human", "data": {…}}]),
	// a state {"messages": [{"type": "ai", "content", "tool_calls"}]}, or
	// JSONL of such messages. Read as an OpenAI chat log is.
	FormatLangChain Format = "langchain"
	// FormatCline is Cline's (or Roo Code's, Kilo Code's) task
	// conversation, api_conversation_history.json: Anthropic messages
	// whose tool calls are XML in the assistant's text and whose results
	// are text blocks of the next user message (cline.go). Read as an
	// Anthropic conversation is, with those conventions.
	FormatCline Format = "cline"
)

// Formats lists every supported format.
func Formats() []Format {
	return []Format{FormatDSH, FormatClaudeSDK, FormatClaudeCode, FormatAutopilot, FormatATIF, FormatMiniSWE, FormatSWEAgent, FormatOpenHands, FormatOpenAIChat, FormatAnthropic, FormatLangChain, FormatCodex, FormatResponses, FormatGemini, FormatAider, FormatCodexExec, FormatCopilot, FormatOpenCode, FormatContinue, FormatCline, FormatGoose, FormatQwen, FormatGeneric}
}

// Imported is one session read from a trajectory file. Its Session is not
// safe for concurrent use (see hostshim.Session).
type Imported struct {
	// Name names the session in its file: the file's base name, plus "#"
	// and the run's id when a file holds several sessions (FILE#ID picks
	// one on ef's command line). It is also Session.ID, as imported.
	Name string
	// ID is the session's identity, the id ef fold files its checkpoints
	// under: the format and the session id the source records (Claude
	// Code, the Claude Agent SDK, ATIF, the OpenAgents trajectory, a Gemini CLI recording, OpenCode), else
	// the format and a digest of the session's opening, never the file's
	// name (see identity). For a DSH log it is the log's own id.
	ID string
	// Format is the source format.
	Format Format
	// Session is the DSH session log built from the source. Its ID is
	// Name, which two files may share: before folding it into a store,
	// set Session.ID = ID, so that its checkpoints are filed under the
	// session's identity (ef fold and ef state do; see store's example).
	Session *hostshim.Session
	// Stats describes the import.
	Stats Stats
	// Torn is the torn last line of a JSONL source that was skipped (a
	// session still being written, or cut short by a crash), or nil. It
	// describes the file, so every session of a file holding several
	// carries it. For a DSH log it is hostshim's LogReader.Truncated (also
	// in Session.Warnings, as that reader puts it).
	Torn *hostshim.TruncatedTail
}

// UnpairedCall is a call with no recorded result: its tool's name and
// the seq of the assistant message that made it in the converted session
// (the seq ef inspect and ef state show).
type UnpairedCall struct {
	Name string
	Seq  int
}

// maxUnpairedNamed is how many unpaired calls Stats names.
const maxUnpairedNamed = 3

// Stats counts what an import did.
type Stats struct {
	// SourceRecords is the number of records in the format's own unit (as
	// the corpus NOTICE files count "messages").
	SourceRecords int
	// Messages is the number of model-visible messages in the session
	// (surface nodes appended).
	Messages int
	// ToolCalls is the number of tool-call blocks.
	ToolCalls int
	// ToolResults is the number of recorded results paired with a call.
	ToolResults int
	// Unpaired is the number of calls with no recorded result; each got a
	// synthetic error result.
	Unpaired int
	// UnpairedCalls names the first few of them (at most
	// maxUnpairedNamed): the tool and the seq of the message that called it,
	// so a note can say which calls got no result.
	UnpairedCalls []UnpairedCall
	// Ended is the number of calls that end the run and have no result of
	// their own (OpenHands' finish action): each is answered by the run's
	// end and what the agent said with it ("run finished: …"), not an
	// error. Recorded results, Unpaired and Ended add up to the calls.
	Ended int
	// Orphans is the number of results with no call; they were dropped.
	Orphans int
	// Reordered is the number of results moved to follow their call.
	Reordered int
	// RenamedIDs is the number of calls whose source id was already used in
	// the session and got a suffix.
	RenamedIDs int
	// Skipped is the number of source records that carry nothing
	// model-visible for the main agent (status lines, API error stubs,
	// sub-agent sidechains, empty messages, exit records).
	Skipped int
	// OtherRoles is the number of messages of a role the format does not
	// have (a chat log's "ipython" or "observation"); each was kept as a
	// user message that opens with its role in brackets.
	OtherRoles int
	// Abandoned is the number of records of dead-end branches left out:
	// a Claude Code session's turns that a /rewind, an edited prompt or a
	// retry replaced, which are not in the conversation it went on with.
	Abandoned int
	// UnrecordedPrompts says the format never records the user's prompts
	// (codex exec --json: the prompt is the command's argument, not in
	// its output), so the session holds no user message: no objective,
	// and no rule or value the user stated, unless the agent's own
	// messages or the files it read repeat them.
	UnrecordedPrompts bool
	// IDRewritten says, when the session id the file records could not be
	// kept (a control character, a ".." path segment, too long:
	// safeid.go), what it was, what ef files the session under instead and
	// why; "" when the id was kept or the format records none.
	IDRewritten string
	// Compactions lists the compaction markers of the source.
	Compactions []Compaction
	// Guess, for a file of no format ef knows read by its shape
	// (FormatGeneric), says what the reading guessed: where it found the
	// messages, how many records it read and skipped. Empty for a named
	// format.
	Guess string
}

// Compaction is a compaction marker found in the source. It is built as a
// host compaction transaction (clientcompact.go): the messages before it
// stay in the log, off the surface, which the user message the source
// agent continued from (its summary, where the source has one) replaces.
type Compaction struct {
	// Seq is the seq of the first message (surface node) imported after
	// the marker: where the source agent's context was compacted. For a
	// DSH log it is the seq of compaction/start. When no message follows,
	// it is the session's length.
	Seq int
	// SummarySeq is the seq of the source's summary message (the user
	// message "This session is being continued from a previous
	// conversation…" of Claude Code; OpenCode's assistant message marked
	// summary; a DSH log's checkpoint node), or 0 when the source has none.
	SummarySeq int
	// Kind is the source's marker ("compact_boundary", "isCompactSummary",
	// "Compacting", "compaction/start", OpenCode's "compaction" part).
	Kind string
	// PreTokens is the source's pre-compaction token count, 0 if not given.
	PreTokens int
	// Shadowed is the number of surface nodes the compaction took off the
	// surface (clientcompact.go): the messages before it, which stay in
	// the log. 0 when no user message followed the marker to replace
	// them, and for a DSH log's compactions (the log's own transaction).
	Shadowed int
}

// Detect reads the start of the file at path and reports its format: the
// first lines of a JSONL file, the whole of a file that is one JSON
// document (up to MaxWholeBytes).
func Detect(path string) (Format, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("detect %s: %w", path, err)
	}
	defer f.Close()
	head, lines, _, err := readHead(f)
	if err != nil {
		return "", fmt.Errorf("detect %s: %w", path, err)
	}
	data := head
	if lines == 0 {
		fi, err := f.Stat()
		if err != nil {
			return "", fmt.Errorf("detect %s: %w", path, err)
		}
		if fi.Size() > MaxWholeBytes {
			var magic [4]byte
			if _, err := f.ReadAt(magic[:], 0); err == nil && bytes.Equal(magic[:], zstdMagic) {
				return FormatDSH, nil
			}
			return "", fmt.Errorf("detect %s: %w: %d MiB, over the %d MiB ef reads whole", path, ErrTooLarge, fi.Size()>>20, MaxWholeBytes>>20)
		}
		if data, err = os.ReadFile(path); err != nil {
			return "", fmt.Errorf("detect %s: %w", path, err)
		}
	}
	return detectFile(path, data)
}

// zstdMagic opens a Zstandard frame.
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// binaryByte reports a control character JSON text cannot hold (RFC 8259
// §2 and §7: whitespace is tab, LF, CR and space; a string escapes the rest).
func binaryByte(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r'
}

// firstLine is data up to its first line feed.
func firstLine(data []byte) []byte {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return data[:i]
	}
	return data
}

// gzipMagic opens a gzip file (RFC 1952).
var gzipMagic = []byte{0x1f, 0x8b}

// sqliteMagic opens every SQLite database file.
var sqliteMagic = []byte("SQLite format 3\x00")

func detectFile(path string, data []byte) (Format, error) {
	f, err := DetectBytes(data)
	if err != nil {
		return "", fmt.Errorf("detect %s: %w", path, err)
	}
	return f, nil
}

// DetectBytes reports the format of a trajectory file's contents. It looks
// at the keys of the first JSON lines (a JSONL file may open with records
// that name no format, as Claude Code's file-history-snapshot and
// queue-operation lines do), or of the whole document when the first line
// is not a complete JSON value.
//
// A file no named format claims is read by its shape (FormatGeneric) when
// it holds a conversation; otherwise the refusal says (GenericNoMessages), that the generic reading found no messages
// either.
func DetectBytes(data []byte) (Format, error) {
	f, err := detectNamed(data)
	if err != ErrUnknownFormat && err != errArrayNotChat {
		return f, err
	}
	if _, ok := readGeneric(data); ok {
		return FormatGeneric, nil
	}
	return "", fmt.Errorf("%w; %s", err, GenericNoMessages)
}

// errArrayNotChat refuses a JSON array no named format reads.
var errArrayNotChat = fmt.Errorf("%w: the file is a JSON array whose first element is not a chat message "+
	"(a list is read as one conversation: objects with a \"role\" such as user, assistant or tool, or LangChain messages with a \"type\")", ErrUnknownFormat)

// detectNamed reports the named format of a file's contents, or
// ErrUnknownFormat (bare, or errArrayNotChat) when none claims it.
func detectNamed(data []byte) (Format, error) {
	// Only DSH writes Zstandard logs (session.jsonl.zstd).
	if bytes.HasPrefix(data, zstdMagic) {
		return FormatDSH, nil
	}
	if enc := utf16Of(data); enc != "" {
		// JSON is UTF-8 (RFC 8259 §8.1); Windows PowerShell's > and
		// Out-File write UTF-16, which reads as no JSON at all.
		return "", fmt.Errorf("%w: the file is %s text, not UTF-8: convert it first (iconv -f UTF-16 -t UTF-8 FILE > NEW, or PowerShell's Out-File -Encoding utf8)", ErrUnknownFormat, enc)
	}
	if bytes.HasPrefix(data, gzipMagic) {
		// A log compressed to keep or to send: read as no JSON, it said
		// "invalid character '\x1f' looking for beginning of value".
		return "", fmt.Errorf("%w: the file is gzip-compressed: decompress it first (gunzip -k FILE, or gunzip -c FILE > NEW)", ErrUnknownFormat)
	}
	if bytes.HasPrefix(data, sqliteMagic) {
		// OpenCode 1.2 and later keep every session in one SQLite
		// database (opencode.db) instead of JSON files, Goose since 1.10
		// in sessions.db; other clients (Cursor) keep theirs in SQLite too.
		return "", fmt.Errorf("%w: the file is an SQLite database, not JSON text: export the session from its client first (OpenCode 1.2+ keeps its sessions in opencode.db: `opencode export <session-id> > session.json` writes one that ef reads; "+
			"Goose keeps its sessions in sessions.db: `goose session export --format json` writes one that ef reads)", ErrUnknownFormat)
	}
	if i := bytes.IndexFunc(firstLine(data[:min(len(data), 8<<10)]), binaryByte); i >= 0 {
		// JSON text holds no control byte but tab, CR and LF, raw or in a
		// string (UTF-16, which holds NULs, is told above): an archive,
		// an image, a database, a core file. Only the first line is
		// looked at: a log whose tail a crash left as zeros is a torn
		// log, read up to its tail.
		what := "a NUL byte"
		if data[i] != 0 {
			what = fmt.Sprintf("control byte 0x%02x", data[i])
		}
		return "", fmt.Errorf("%w: the file is binary (%s at offset %d), not JSON text", ErrUnknownFormat, what, i)
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if len(bytes.TrimSpace(data)) == 0 {
		// A session file just created, or cut before its first line.
		return "", fmt.Errorf("%w: the file is empty", ErrUnknownFormat)
	}
	if isAiderHistory(data) {
		return FormatAider, nil
	}
	rest := data
	for n := 0; n < detectLines && len(rest) > 0; n++ {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			n--
			continue
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal(line, &top); err != nil {
			if n > 0 {
				break // a later line that is not JSON: no JSONL of ours
			}
			if err := json.Unmarshal(data, &top); err != nil {
				// Say why: a .traj.json cut short by a crash is not
				// valid JSON, which "unknown format" alone hides.
				if f, ok := detectList(data); ok {
					return f, nil
				}
				var te *json.UnmarshalTypeError
				if errors.As(err, &te) && te.Value == "array" {
					// A list is read, as one conversation's messages; say
					// what this one lacks rather than that lists are refused.
					var list []json.RawMessage
					if json.Unmarshal(data, &list) == nil && len(list) == 0 {
						return "", fmt.Errorf("%w: the file is an empty JSON array: no messages", ErrUnknownFormat)
					}
					if len(list) > 0 && isClineUIMessage(firstObject(list)) {
						return "", fmt.Errorf("%w: the file is Cline's (or Roo Code's) ui_messages.json, what the extension showed (say and ask records), not the conversation: "+
							"import api_conversation_history.json from the same task folder", ErrUnknownFormat)
					}
					return "", errArrayNotChat
				}
				if errors.As(err, &te) {
					return "", fmt.Errorf("%w: the file is a JSON %s, not an object (nor JSONL of objects)", ErrUnknownFormat, te.Value)
				}
				if body := bytes.TrimSpace(data); (body[0] == '{' || body[0] == '[') && cutShort(err) {
					return "", fmt.Errorf("%w: the file is one JSON document that ends before it closes: a trajectory still being written, or cut short by a crash or an interrupted copy (a one-document trajectory is read only whole; JSONL loses only its torn last line)", ErrUnknownFormat)
				}
				return "", fmt.Errorf("%w: neither its first line nor the whole file is a JSON object (%v)", ErrUnknownFormat, strings.TrimPrefix(err.Error(), "json: "))
			}
			return detectKeys(top)
		}
		if f, err := detectKeys(top); err == nil || n == 0 && !jsonlPreamble(top) {
			return f, err
		}
	}
	return "", ErrUnknownFormat
}

// cutShort reports whether err, from decoding a whole document, says the
// input ended inside it.
func cutShort(err error) bool {
	var se *json.SyntaxError
	return errors.As(err, &se) && strings.Contains(se.Error(), "unexpected end of JSON input")
}

// detectList reports the format of a file that is one JSON list of chat
// messages: OpenAI's or Anthropic's ({"role", …}) or LangChain's
// ({"type": "human", …}).
func detectList(data []byte) (Format, bool) {
	body := bytes.TrimSpace(data)
	if len(body) == 0 || body[0] != '[' {
		return "", false
	}
	var msgs []json.RawMessage
	if json.Unmarshal(body, &msgs) != nil || len(msgs) == 0 {
		return "", false
	}
	if isResponsesItems(msgs) {
		return FormatResponses, true
	}
	if isContinueIndex(msgs) {
		return FormatContinue, true
	}
	if isGeminiContents(body) {
		return FormatGemini, true
	}
	if isOpenHandsEvents(firstObject(msgs)) {
		return FormatOpenHands, true
	}
	if !isChatMessages(body) {
		return "", false
	}
	switch {
	case !isChatMessage(firstObject(msgs)):
		return FormatLangChain, true
	case isAnthropicChat(msgs...):
		return FormatAnthropic, true
	}
	return FormatOpenAIChat, true
}

// isClineUIMessage reports whether a JSON object is a record of Cline's or
// Roo Code's ui_messages.json: a timestamp "ts" and a "type" of say or ask.
func isClineUIMessage(top map[string]json.RawMessage) bool {
	var m struct {
		TS   *float64 `json:"ts"`
		Type string   `json:"type"`
	}
	b, _ := json.Marshal(top)
	return json.Unmarshal(b, &m) == nil && m.TS != nil && (m.Type == "say" || m.Type == "ask")
}

// firstObject decodes the first of msgs as an object (nil when it is not).
func firstObject(msgs []json.RawMessage) map[string]json.RawMessage {
	var top map[string]json.RawMessage
	if len(msgs) > 0 {
		_ = json.Unmarshal(msgs[0], &top)
	}
	return top
}

// utf16Of names the UTF-16 encoding of data ("UTF-16LE" or "UTF-16BE") by
// its byte order mark, or by the zero bytes that UTF-16 puts beside every
// ASCII character of JSON ('{', '[', a space); "" for anything else.
func utf16Of(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		return "UTF-16LE"
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return "UTF-16BE"
	case len(data) >= 4 && data[0] != 0 && data[1] == 0 && data[2] != 0 && data[3] == 0:
		return "UTF-16LE"
	case len(data) >= 4 && data[0] == 0 && data[1] != 0 && data[2] == 0 && data[3] != 0:
		return "UTF-16BE"
	}
	return ""
}

// utf8BOM is the byte order mark some editors and Windows tools write
// before UTF-8 text; RFC 8259 §8.1 lets a parser ignore it.
var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// detectLines is how many leading lines of a JSONL file DetectBytes reads
// for one that names the format.
const detectLines = 64

// jsonlPreamble reports whether a first line that names no format is one
// of the bookkeeping records a JSONL format may open with (a "type" that
// is none of a message's), so that the next lines are worth reading.
func jsonlPreamble(top map[string]json.RawMessage) bool {
	var t string
	_ = json.Unmarshal(top["type"], &t)
	return t != "" && t != "user" && t != "assistant" && t != "system"
}

// detectKeys reports the format a JSON object's keys identify.
func detectKeys(top map[string]json.RawMessage) (Format, error) {
	has := func(keys ...string) bool {
		for _, k := range keys {
			if _, ok := top[k]; !ok {
				return false
			}
		}
		return true
	}
	str := func(k string) string {
		var s string
		_ = json.Unmarshal(top[k], &s)
		return s
	}
	switch {
	case str("type") == "session" && has("id"):
		return FormatDSH, nil
	case has("type", "payload") && codexRecordTypes[str("type")],
		has("id", "timestamp", "instructions") && !has("type") && len(top) <= 4: // an older rollout's first line
		return FormatCodex, nil
	case isCodexExecEvent(top):
		return FormatCodexExec, nil
	case has("type", "message", "timestamp") && len(top) == 3,
		has("type", "session_id") && (str("type") == "system" && str("subtype") == "init" || has("parent_tool_use_id")):
		return FormatClaudeSDK, nil
	case isQwenRecord(top):
		return FormatQwen, nil
	case has("uuid", "type") || (str("type") == "summary" && has("leafUuid")):
		return FormatClaudeCode, nil
	case isOpenCodeExport(top), isOpenCodeSessionInfo(top):
		return FormatOpenCode, nil
	case isContinueSession(top):
		return FormatContinue, nil
	case isGooseMetadata(top), isGooseExport(top), isGooseMessage(top):
		return FormatGoose, nil
	case openCodeStoredPiece(top) != "":
		return "", openCodePieceError(openCodeStoredPiece(top))
	case has("instance_id", "history"):
		return FormatOpenHands, nil
	case has("schema_version", "steps"):
		return FormatATIF, nil
	case has("steps", "prompt"):
		return FormatAutopilot, nil
	case has("messages") && (strings.HasPrefix(str("trajectory_format"), "mini-swe-agent") || has("info")):
		return FormatMiniSWE, nil
	case has("trajectory", "history"):
		return FormatSWEAgent, nil
	case isResponsesDocument(top):
		return FormatResponses, nil
	case isCopilotSession(top):
		return FormatCopilot, nil
	case isCopilotOpLog(top):
		return "", fmt.Errorf("%w: the file is VS Code's operation log of a chat session (chatSessions/<id>.jsonl), which ef does not read: "+
			"export the chat as JSON (Chat: Export Chat… in the command palette) and import that", ErrUnknownFormat)
	case isGeminiCLISession(top), isGeminiRecordingHead(top), has("contents") && isGeminiContents(top["contents"]), isGeminiStream(top),
		has("history") && isGeminiContents(top["history"]): // a /chat save checkpoint
		return FormatGemini, nil
	case has("messages") && isChatMessages(top["messages"]):
		var msgs []json.RawMessage
		_ = json.Unmarshal(top["messages"], &msgs)
		if len(msgs) > 0 && !isChatMessage(firstObject(msgs)) {
			return FormatLangChain, nil // even of an Anthropic model, whose blocks it keeps
		}
		if has("system") || isAnthropicChat(msgs...) {
			return FormatAnthropic, nil
		}
		return FormatOpenAIChat, nil
	case isChatMessage(top):
		if anthropicContent(top["content"]) {
			return FormatAnthropic, nil
		}
		return FormatOpenAIChat, nil
	case isLangChainMessage(top):
		return FormatLangChain, nil
	}
	if raw, err := json.Marshal(top); err == nil {
		if _, ok := responsesItemOf(raw); ok {
			return FormatResponses, nil // JSONL of items
		}
		if isGeminiContents(append(append([]byte{'['}, raw...), ']')) {
			return FormatGemini, nil // JSONL of contents
		}
	}
	return "", ErrUnknownFormat
}

// Import reads the trajectory file at path, detects its format and returns
// its sessions.
func Import(path string) ([]Imported, error) {
	return ImportContext(context.Background(), path)
}

// ImportContext is Import that stops once ctx is done: the file's read
// checks ctx every 64 KiB, and ctx is checked again once it is parsed; the
// error then wraps ctx.Err() (errors.Is(err, context.Canceled)).
func ImportContext(ctx context.Context, path string) ([]Imported, error) {
	data, err := readFileContext(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	ims, err := importPath(path, data)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	return ims, nil
}

// importPath imports the contents, data, of the trajectory file at path:
// as ImportBytes does, but an OpenCode session's info file is read with
// the messages and parts its storage directory holds beside it.
func importPath(path string, data []byte) ([]Imported, error) {
	name := filepath.Base(path)
	f, err := DetectBytes(data)
	if err != nil {
		return nil, &Error{Path: name, Err: err}
	}
	if f == FormatOpenCode && isOpenCodeInfoFile(recodeNonUTF8(bytes.TrimPrefix(data, utf8BOM))) {
		return importOpenCodeStorage(path, recodeNonUTF8(bytes.TrimPrefix(data, utf8BOM)))
	}
	if f == FormatContinue && isContinueIndexFile(recodeNonUTF8(bytes.TrimPrefix(data, utf8BOM))) {
		return importContinueIndex(path, recodeNonUTF8(bytes.TrimPrefix(data, utf8BOM)), "")
	}
	return ImportFormat(f, name, data)
}

// ImportBytes imports a trajectory file's contents; name is used for session
// names and errors (normally the file's base name).
func ImportBytes(name string, data []byte) ([]Imported, error) {
	f, err := DetectBytes(data)
	if err != nil {
		return nil, &Error{Path: name, Err: err}
	}
	return ImportFormat(f, name, data)
}

// ImportFormat imports data as format f without detection.
func ImportFormat(f Format, name string, data []byte) ([]Imported, error) {
	var (
		out []Imported
		err error
	)
	if f != FormatDSH {
		data = recodeNonUTF8(bytes.TrimPrefix(data, utf8BOM))
	}
	switch f {
	case FormatDSH:
		var im Imported
		im, err = importDSH(name, data)
		out = []Imported{im}
	case FormatOpenHands:
		out, err = importOpenHands(name, data)
	case FormatAider:
		out, err = importAider(name, data)
	case FormatOpenAIChat, FormatAnthropic, FormatLangChain, FormatResponses, FormatCline:
		out, err = importOpenAIChat(name, data)
	default:
		p, ok := parsers[f]
		if !ok {
			return nil, &Error{Format: f, Path: name, Err: ErrUnknownFormat}
		}
		out, err = one(name, f, data, p)
	}
	if err != nil {
		var ie *Error
		if e, ok := err.(*Error); ok {
			ie = e
		} else {
			ie = &Error{Err: err}
		}
		ie.Format, ie.Path = f, name
		return nil, ie
	}
	return out, nil
}

// parser turns a file's contents into a transcript.
type parser func(data []byte) (*transcript, error)

// parsers are the formats whose file is one session, read into a
// transcript (DSH logs and OpenHands files are imported their own way).
var parsers = map[Format]parser{
	FormatClaudeSDK:  whole(parseClaudeSDK),
	FormatClaudeCode: claudeCodeWhole,
	FormatAutopilot:  parseAutopilot,
	FormatATIF:       parseATIF,
	FormatMiniSWE:    parseMiniSWE,
	FormatSWEAgent:   parseSWEAgent,
	FormatCodex:      whole(parseCodex),
	FormatGemini:     parseGemini,
	FormatCodexExec:  whole(parseCodexExec),
	FormatCopilot:    parseCopilot,
	FormatOpenCode:   parseOpenCode,
	FormatContinue:   parseContinue,
	FormatGoose:      parseGoose,
	FormatGeneric:    parseGeneric,
	FormatQwen:       parseQwenWhole,
}

// lineParser reads a JSONL format line by line into t, draining its items
// as it goes (transcript.drain).
type lineParser func(r io.Reader, t *transcript) error

// lineParsers are the JSONL formats whose file is one session, which
// Stream reads without holding it.
var lineParsers = map[Format]lineParser{
	FormatClaudeSDK:  parseClaudeSDK,
	FormatClaudeCode: parseClaudeCode,
	FormatCodex:      parseCodex,
	FormatCodexExec:  parseCodexExec,
}

// readLines is the body of a lineParser: it reads in line by line through
// line, draining what each line completes, for a model of provider.
func readLines(in io.Reader, t *transcript, provider string, line func(*transcript, []byte) error) error {
	t.provider = provider
	var err error
	t.torn, err = scanLines(in, func(_ int, raw []byte) error {
		if err := line(t, raw); err != nil {
			return err
		}
		return t.drain(false)
	})
	return err
}

// whole is p reading a file's contents into a transcript held whole.
func whole(p lineParser) parser {
	return func(data []byte) (*transcript, error) {
		t := &transcript{}
		err := p(bytes.NewReader(data), t)
		return t, err
	}
}

func one(name string, f Format, data []byte, p parser) ([]Imported, error) {
	tr, err := p(data)
	if err != nil {
		return nil, err
	}
	im, err := tr.build(name, f)
	if err != nil {
		return nil, err
	}
	return []Imported{im}, nil
}
