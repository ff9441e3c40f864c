package importer

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatOpenCode is an OpenCode session (the terminal coding agent
// sst/opencode, now anomalyco/opencode, 1.x): what `opencode export
// <sessionID>` prints ({"info": session, "messages": [{"info": message,
// "parts": [...]}], "todos"}), or a session kept as JSON files in
// OpenCode's storage directory (~/.local/share/opencode/storage), named by
// its info file session/<projectID>/<sessionID>.json; its messages are
// message/<sessionID>/<messageID>.json and their parts
// part/<messageID>/<partID>.json beside it.
//
// What this reader rests on, read in anomalyco/opencode's public source
// (packages/opencode/src): session/message-v2.ts (commit 007a9409: the
// part and message schemas, and toModelMessages, how OpenCode turns them
// back into the model's messages), cli/cmd/export.ts (07fa8106: the export
// document), storage/storage.ts (00d1fee8: Storage.write writes a key
// [a, b, c] to storage/a/b/c.json; Storage.list sorts the keys),
// session/index.ts (0002b1fa: the session info, the keys messages and parts
// are written under), storage/json-migration.ts (062aa8c0: the layout it
// moves into SQLite, ids taken from file names) and session/revert.ts
// (cleanup: what /undo removes). Sure: the layout, the schemas, that
// message and part ids sort in creation order (Identifier.ascending), how
// OpenCode renders parts to the model (a pending or running tool as
// "[Tool execution was interrupted]", an errored assistant message left
// out unless it was aborted with content, a compaction part as "What did we
// do so far?"). Inferred: that a session's pending revert hides the
// messages from revert.messageID on (cleanup removes them before the next
// prompt; the part-level revert is not applied, as cleanup does not apply
// it either). OpenCode 1.2 and later keep sessions in a SQLite database
// (opencode.db), which is not read: `opencode export` prints the same
// document from it. OpenCode 2's `opencode session export` (a different
// document) is not read either.
const FormatOpenCode Format = "opencode"

// openCodeDoc is the document `opencode export` prints, and what a
// session read from the storage directory is assembled into.
type openCodeDoc struct {
	Info     json.RawMessage   `json:"info"`
	Messages []json.RawMessage `json:"messages"`
}

// openCodeSession is the session info (Session.Info).
type openCodeSession struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Revert *struct {
		MessageID string `json:"messageID"`
	} `json:"revert"`
}

// openCodeMessage is one message with its parts (MessageV2.WithParts).
type openCodeMessage struct {
	Info  openCodeMessageInfo `json:"info"`
	Parts []json.RawMessage   `json:"parts"`
}

// openCodeMessageInfo is a message's info (MessageV2.User or Assistant).
type openCodeMessageInfo struct {
	ID   string `json:"id"`
	Role string `json:"role"`
	// ProviderID and ModelID are an assistant's; Model a user's request.
	ProviderID string `json:"providerID"`
	ModelID    string `json:"modelID"`
	Model      struct {
		ProviderID string `json:"providerID"`
		ModelID    string `json:"modelID"`
	} `json:"model"`
	// System is a user message's own system prompt, added to OpenCode's.
	System string `json:"system"`
	// Summary is true on the assistant message that summarises the
	// conversation after a compaction (a user message's is an object).
	Summary json.RawMessage `json:"summary"`
	Error   *struct {
		Name string `json:"name"`
	} `json:"error"`
}

// openCodePart is a part (MessageV2.Part): its type says which fields
// it has.
type openCodePart struct {
	Type string `json:"type"`
	// Text is a text or reasoning part's; Synthetic marks text OpenCode
	// wrote (an attached file's contents, a reminder), Ignored text the
	// model is not shown.
	Text      string `json:"text"`
	Synthetic bool   `json:"synthetic"`
	Ignored   bool   `json:"ignored"`
	// Mime, Filename and URL are a file part's.
	Mime     string `json:"mime"`
	Filename string `json:"filename"`
	URL      string `json:"url"`
	// CallID, Tool and State are a tool part's.
	CallID string             `json:"callID"`
	Tool   string             `json:"tool"`
	State  *openCodeToolState `json:"state"`
}

// openCodeToolState is a tool part's state: pending, running, completed
// (with its output) or error (with its error).
type openCodeToolState struct {
	Status   string          `json:"status"`
	Input    json.RawMessage `json:"input"`
	Output   json.RawMessage `json:"output"`
	Error    json.RawMessage `json:"error"`
	Metadata struct {
		// Interrupted marks a call the user stopped; Output is what it
		// printed until then.
		Interrupted bool            `json:"interrupted"`
		Output      json.RawMessage `json:"output"`
		// Exit is the bash tool's exit code: a completed call that
		// exited above 0 failed, though OpenCode records it as completed
		// (null while no code is known: a timeout, a kill).
		Exit *int `json:"exit"`
	} `json:"metadata"`
	Attachments []struct {
		Mime     string `json:"mime"`
		Filename string `json:"filename"`
		URL      string `json:"url"`
	} `json:"attachments"`
}

// openCodeRejected opens the error of a call the user refused
// (PermissionNext.RejectedError, CorrectedError); openCodeAborted is the
// error of a call stopped by the user's interrupt.
const (
	openCodeRejected = "The user rejected permission to use this specific tool call"
	openCodeAborted  = "Tool execution aborted"
)

// openCodeShellMeta is the note OpenCode's bash (since 2026 shell) tool
// ends a command's output with when it did not let the command finish;
// the call is recorded as completed, its exit code null.
var openCodeShellMeta = regexp.MustCompile(`(?s)<(?:bash|shell)_metadata>\n?(.*?)</(?:bash|shell)_metadata>\s*$`)

// openCodeShellEnd reads that note: timedOut, the tool killed the
// command at its timeout ("bash tool terminated command after exceeding
// timeout 120000 ms"); aborted, the user stopped it ("User aborted the
// command").
func openCodeShellEnd(output string) (timedOut, aborted bool) {
	m := openCodeShellMeta.FindStringSubmatch(output)
	if m == nil {
		return false, false
	}
	return strings.Contains(m[1], "terminated command after exceeding timeout"), strings.Contains(m[1], "User aborted the command")
}

// isOpenCodeExport reports whether a JSON object is what `opencode
// export` prints: the session's info and its messages, each {"info",
// "parts"} (a mini-swe-agent trajectory also has "info" and "messages",
// whose messages are chat messages).
func isOpenCodeExport(top map[string]json.RawMessage) bool {
	var info map[string]json.RawMessage
	if json.Unmarshal(top["info"], &info) != nil || info == nil {
		return false
	}
	var msgs []map[string]json.RawMessage
	if json.Unmarshal(top["messages"], &msgs) != nil {
		return false
	}
	if len(msgs) == 0 {
		return isOpenCodeSessionInfo(info)
	}
	_, hasInfo := msgs[0]["info"]
	_, hasParts := msgs[0]["parts"]
	_, hasRole := msgs[0]["role"]
	return hasInfo && hasParts && !hasRole
}

// isOpenCodeSessionInfo reports whether a JSON object is an OpenCode
// session's info: its id, project, directory, title and times.
func isOpenCodeSessionInfo(top map[string]json.RawMessage) bool {
	if _, ok := top["projectID"]; !ok {
		return false // most objects, at little cost: DetectBytes asks of every line it reads
	}
	var s struct {
		ID        string                     `json:"id"`
		ProjectID *string                    `json:"projectID"`
		Directory *string                    `json:"directory"`
		Title     *string                    `json:"title"`
		Time      map[string]json.RawMessage `json:"time"`
	}
	b, _ := json.Marshal(top)
	_, hasMessages := top["messages"]
	return json.Unmarshal(b, &s) == nil && s.ID != "" && s.ProjectID != nil && s.Directory != nil && s.Title != nil && s.Time != nil && !hasMessages
}

// openCodeStoredPiece names what a JSON object is when it is one message
// or one part of a session in OpenCode's storage directory ("message",
// "part"), or "".
func openCodeStoredPiece(top map[string]json.RawMessage) string {
	if _, ok := top["sessionID"]; !ok {
		return ""
	}
	var r struct {
		ID        string `json:"id"`
		SessionID string `json:"sessionID"`
		MessageID string `json:"messageID"`
		Role      string `json:"role"`
		Type      string `json:"type"`
	}
	b, _ := json.Marshal(top)
	if json.Unmarshal(b, &r) != nil || r.ID == "" || r.SessionID == "" {
		return ""
	}
	_, content := top["content"]
	switch {
	case r.MessageID != "" && r.Type != "" && strings.HasPrefix(r.ID, "prt_"):
		return "part"
	case r.Role != "" && !content && strings.HasPrefix(r.ID, "msg_"):
		return "message"
	}
	return ""
}

// openCodePieceError says what to import instead of one stored message
// or part.
func openCodePieceError(what string) error {
	return fmt.Errorf("%w: the file is one %s of an OpenCode session in its storage directory, not a session: "+
		"import the session's info file (storage/session/<projectID>/<sessionID>.json), which ef reads its messages and parts beside, "+
		"or the output of `opencode export <sessionID>`", ErrUnknownFormat, what)
}

// errOpenCodeInfoOnly is the import of a session info file without its
// path: its messages are files beside it, which bytes alone do not reach.
var errOpenCodeInfoOnly = fmt.Errorf("%w: the file is an OpenCode session's info, which holds no messages: "+
	"import it by its path in OpenCode's storage directory (ef reads message/ and part/ beside it), or the output of `opencode export <sessionID>`", ErrEmpty)

// parseOpenCode reads the document `opencode export` prints. A session
// info file alone is refused (errOpenCodeInfoOnly); Import reads one by
// its path (importOpenCodeStorage).
func parseOpenCode(data []byte) (*transcript, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, malformed("", err)
	}
	if isOpenCodeSessionInfo(top) {
		return nil, errOpenCodeInfoOnly
	}
	var doc openCodeDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, malformed("", err)
	}
	msgs := make([]openCodeMessage, len(doc.Messages))
	for i, raw := range doc.Messages {
		if err := json.Unmarshal(raw, &msgs[i]); err != nil {
			return nil, &Error{Record: fmt.Sprintf("messages[%d]", i), Err: malformed("", err)}
		}
	}
	return openCodeTranscript(doc.Info, msgs)
}

// openCodeTranscript converts a session: its info and its messages, in
// order. Parts
// become what OpenCode shows the model (MessageV2.toModelMessages):
//
//   - A user message's text parts are the user's, its synthetic ones
//     (attached files' contents, OpenCode's reminders) OpenCode's chatter
//     in a message of their own, its ignored ones left out; a file part
//     is named (a text file is already a synthetic text part); a
//     compaction part is the compaction marker, and "What did we do so
//     far?"; a subtask part the note OpenCode gives the model.
//   - An assistant message is split at its step-start parts: each step's
//     reasoning, text and tool calls, then the calls' results. A completed
//     tool answers its call with its output (attachments named), an
//     errored one with its error as a failure (a call the user refused or
//     stopped marked as an interruption). A pending or running tool has
//     no result: its call gets the synthetic "no result recorded" and is
//     counted in Stats.Unpaired.
//   - An assistant message with an error (the API failed, the output was
//     cut) is left out and counted in Stats.Skipped, as OpenCode leaves it
//     out of the model's context, unless the user aborted it after it
//     said or did something. Its summary flag marks the summary of the
//     last compaction.
//   - A session's pending revert (/undo) leaves out the messages from the
//     one it names on, counted in Stats.Abandoned.
//
// The session's id names it (FormatOpenCode and "ses_…"); the first
// assistant message's provider and model are the header's.
func openCodeTranscript(rawInfo json.RawMessage, msgs []openCodeMessage) (*transcript, error) {
	var info openCodeSession
	if len(bytes.TrimSpace(rawInfo)) > 0 {
		if err := json.Unmarshal(rawInfo, &info); err != nil {
			return nil, &Error{Record: "info", Err: malformed("", err)}
		}
	}
	t := &transcript{provider: "opencode", sourceRecords: len(msgs)}
	if openCodeIDRE.MatchString(info.ID) {
		t.recordedID = info.ID
	}
	if info.Revert != nil && info.Revert.MessageID != "" {
		if k := slices.IndexFunc(msgs, func(m openCodeMessage) bool { return m.Info.ID == info.Revert.MessageID }); k >= 0 {
			t.abandoned = len(msgs) - k
			msgs = msgs[:k]
		}
	}
	for _, m := range msgs {
		if m.Info.Role == "assistant" && m.Info.ProviderID != "" {
			t.provider, t.model = m.Info.ProviderID, m.Info.ModelID
			break
		}
	}
	system := ""
	for i, m := range msgs {
		parts := make([]openCodePart, len(m.Parts))
		for j, raw := range m.Parts {
			if err := json.Unmarshal(raw, &parts[j]); err != nil {
				return nil, &Error{Record: fmt.Sprintf("messages[%d] (%s) parts[%d]", i, m.Info.ID, j), Err: malformed("", err)}
			}
		}
		var err error
		switch m.Info.Role {
		case "user":
			if m.Info.System != "" && m.Info.System != system {
				system = m.Info.System
				t.system(system)
			}
			t.openCodeUser(parts)
		case "assistant":
			err = t.openCodeAssistant(m.Info, parts)
		default:
			var blocks []hostshim.Block
			for _, p := range parts {
				if p.Type == "text" && !p.Ignored {
					blocks = append(blocks, hostshim.TextBlock(p.Text))
				}
			}
			t.otherRole(m.Info.Role, blocks)
		}
		if err != nil {
			return nil, &Error{Record: fmt.Sprintf("messages[%d] (%s)", i, m.Info.ID), Err: err}
		}
	}
	return t, nil
}

// openCodeIDRE is what a session id must look like to name the session
// (OpenCode's are "ses_" and base-62); another is not trusted as a name.
var openCodeIDRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,128}$`)

// openCodeCompactionPrompt is what OpenCode tells the model a compaction
// part of a user message says (toModelMessages).
const openCodeCompactionPrompt = "What did we do so far?"

// openCodeSubtaskNote is what OpenCode tells the model a subtask part of
// a user message says; the task call that follows holds the subtask.
const openCodeSubtaskNote = "The following tool was executed by the user"

// openCodeUser adds a user message: runs of the user's own parts and of
// OpenCode's (synthetic text, a compaction's prompt, a subtask's note)
// are messages of their own, in order.
func (t *transcript) openCodeUser(parts []openCodePart) {
	var (
		kind   string
		blocks []hostshim.Block
		added  bool
	)
	flush := func() {
		if len(blocks) > 0 {
			t.injected(kind, blocks...) // counts a message of empty text as skipped
			added = true
		}
		blocks = nil
	}
	add := func(k string, b hostshim.Block) {
		if k != kind {
			flush()
			kind = k
		}
		blocks = append(blocks, b)
	}
	for _, p := range parts {
		switch p.Type {
		case "text":
			switch {
			case p.Ignored:
			case p.Synthetic:
				add(hostshim.InjectedChatter, hostshim.TextBlock(p.Text))
			default:
				add("", hostshim.TextBlock(p.Text))
			}
		case "file":
			if p.Mime != "text/plain" && p.Mime != "application/x-directory" {
				add("", hostshim.TextBlock(omittedFile("file", p.Mime, p.Filename, p.URL, "")))
			}
		case "compaction":
			flush()
			t.marker("compaction", 0)
			add(hostshim.InjectedChatter, hostshim.TextBlock(openCodeCompactionPrompt))
		case "subtask":
			add(hostshim.InjectedChatter, hostshim.TextBlock(openCodeSubtaskNote))
		default:
			// an agent part's mention is in the synthetic text after it
			t.unknownPart(p.Type)
		}
	}
	flush()
	if !added {
		t.skipped++ // no part the model reads
	}
}

// openCodeAssistant adds an assistant message, a step at a time.
func (t *transcript) openCodeAssistant(info openCodeMessageInfo, parts []openCodePart) error {
	if info.Error != nil && !(info.Error.Name == "MessageAbortedError" && slices.ContainsFunc(parts, func(p openCodePart) bool {
		return p.Type != "step-start" && p.Type != "reasoning"
	})) {
		t.skipped++
		return nil
	}
	summary := string(bytes.TrimSpace(info.Summary)) == "true"
	n, skipped := len(t.items), t.skipped
	type result struct {
		id      string
		isError bool
		out     []hostshim.Block
		kind    string
	}
	var (
		blocks  []hostshim.Block
		results []result
	)
	step := func() {
		if len(blocks) == 0 && len(results) == 0 {
			return
		}
		k := len(t.items)
		t.assistant(blocks...)
		if summary && len(t.items) > k {
			t.items[k].summary = true
			summary = false
		}
		for _, r := range results {
			t.result(r.id, r.isError, r.out...)
			t.items[len(t.items)-1].injected = r.kind
		}
		blocks, results = nil, nil
	}
	for j, p := range parts {
		switch p.Type {
		case "step-start":
			step()
		case "text":
			blocks = append(blocks, hostshim.TextBlock(p.Text))
		case "reasoning":
			blocks = append(blocks, hostshim.Block{Type: hostshim.BlockReasoning, Text: p.Text})
		case "tool":
			if p.Tool == "" {
				return fmt.Errorf("%w: parts[%d] is a tool part that names no tool", ErrMalformed, j)
			}
			if p.State == nil {
				return fmt.Errorf("%w: parts[%d] (%s) is a tool part without a state", ErrMalformed, j, p.Tool)
			}
			id := cmp.Or(p.CallID, fmt.Sprintf("opencode-call-%d-%d", len(t.items), j))
			blocks = append(blocks, toolCall(id, p.Tool, jsonText(p.State.Input)))
			switch st := p.State; st.Status {
			case "completed":
				text := openCodeText(st.Output)
				out := []hostshim.Block{hostshim.TextBlock(text)}
				for _, a := range st.Attachments {
					out = append(out, hostshim.TextBlock(omittedFile("attachment", a.Mime, a.Filename, a.URL, "")))
				}
				timedOut, aborted := openCodeShellEnd(text)
				kind := ""
				if aborted {
					kind = hostshim.InjectedInterruption
				}
				results = append(results, result{id: id, isError: st.Metadata.Exit != nil && *st.Metadata.Exit > 0 || timedOut || aborted, out: out, kind: kind})
			case "error":
				msg := openCodeText(st.Error)
				var out []hostshim.Block
				if st.Metadata.Interrupted {
					out = append(out, hostshim.TextBlock(openCodeText(st.Metadata.Output)))
				}
				out = append(out, hostshim.TextBlock(msg))
				kind := ""
				if st.Metadata.Interrupted || msg == openCodeAborted || strings.HasPrefix(msg, openCodeRejected) {
					kind = hostshim.InjectedInterruption
				}
				results = append(results, result{id: id, isError: true, out: out, kind: kind})
			case "pending", "running":
				// No result: the call was cut off (OpenCode tells the model
				// "[Tool execution was interrupted]"); the builder answers
				// it with the synthetic result and counts it unpaired.
			default:
				return fmt.Errorf("%w: parts[%d] (%s): tool state %q (want pending, running, completed or error)", ErrMalformed, j, p.Tool, st.Status)
			}
		default:
			t.unknownPart(p.Type)
		}
	}
	step()
	if len(t.items) == n && t.skipped == skipped {
		t.skipped++ // a message of step boundaries only
	}
	return nil
}

// openCodeSilentParts are the part types that carry nothing the model
// reads, beside the ones read: step boundaries, file snapshots and
// patches, an assistant's file, an agent mention (its prompt is a
// synthetic text part), an API retry, and the compaction and subtask
// parts an assistant message may echo.
var openCodeSilentParts = map[string]bool{"step-finish": true, "snapshot": true, "patch": true, "file": true,
	"agent": true, "retry": true, "compaction": true, "subtask": true}

// unknownPart counts a part of a type OpenCode did not have when this
// reading was written as skipped: the session reads on without it.
func (t *transcript) unknownPart(typ string) {
	if !openCodeSilentParts[typ] {
		t.skipped++
	}
}

// openCodeText is a tool output or error: a string, or any other JSON as
// its text.
func openCodeText(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || string(v) == "null" {
		return ""
	}
	return stringOrJSON(v)
}

// isOpenCodeInfoFile reports whether data is an OpenCode session info
// document (detected as FormatOpenCode and no export).
func isOpenCodeInfoFile(data []byte) bool {
	var top map[string]json.RawMessage
	return json.Unmarshal(data, &top) == nil && isOpenCodeSessionInfo(top)
}

// importOpenCodeStorage imports the session whose info file, data, is at
// path in OpenCode's storage directory: storage/session/<projectID>/
// <sessionID>.json. Its messages are read from storage/message/<sessionID>/
// and each message's parts from storage/part/<messageID>/, in the order of
// their ids (creation order), every file through an os.Root of the storage
// directory, so no name and no symbolic link reaches outside it. The
// messages are those of the session the info file's name says, as
// OpenCode's own migration takes it; a file that is not JSON names itself
// in the error; a message whose parts directory is missing has no parts
// (OpenCode shows the model nothing of it), and a session none of whose
// messages has parts is refused as empty.
func importOpenCodeStorage(path string, data []byte) ([]Imported, error) {
	name := filepath.Base(path)
	fail := func(record string, err error) ([]Imported, error) {
		if ie, ok := err.(*Error); ok { // the conversion's, naming its record
			ie.Format, ie.Path = FormatOpenCode, name
			return nil, ie
		}
		return nil, &Error{Format: FormatOpenCode, Path: name, Record: record, Err: err}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return fail("", err)
	}
	sessionID, ok := strings.CutSuffix(name, ".json")
	project := filepath.Dir(abs)
	storage := filepath.Dir(filepath.Dir(project))
	if !ok || filepath.Base(filepath.Dir(project)) != "session" || !validOpenCodeName(sessionID) {
		return fail("", fmt.Errorf("%w: an OpenCode session's info file is read from OpenCode's storage directory, as storage/session/<projectID>/<sessionID>.json, "+
			"with its messages in storage/message/<sessionID>/ and parts in storage/part/<messageID>/; %s is not there: import the output of `opencode export <sessionID>` instead", ErrEmpty, path))
	}
	root, err := os.OpenRoot(storage)
	if err != nil {
		return fail("", fmt.Errorf("open OpenCode storage %s: %w", storage, err))
	}
	defer root.Close()
	fsys := root.FS()
	var total int64 = int64(len(data))
	read := func(rel string) (json.RawMessage, error) {
		fi, err := fs.Stat(fsys, rel)
		if err != nil {
			return nil, err
		}
		if total += fi.Size(); total > MaxWholeBytes {
			return nil, fmt.Errorf("%w: the session's files in %s pass the %d MiB ef reads whole", ErrTooLarge, storage, MaxWholeBytes>>20)
		}
		b, err := fs.ReadFile(fsys, rel)
		if err != nil {
			return nil, err
		}
		b = recodeNonUTF8(bytes.TrimPrefix(b, utf8BOM))
		if !json.Valid(b) {
			var v any
			return nil, malformed("", json.Unmarshal(b, &v))
		}
		return b, nil
	}
	msgDir := "message/" + sessionID
	msgFiles, err := openCodeFiles(fsys, msgDir)
	if errors.Is(err, fs.ErrNotExist) {
		return fail("", fmt.Errorf("%w: session %s has no messages in %s (OpenCode 1.2 and later keep sessions in opencode.db, not in these files: "+
			"import the output of `opencode export %s` instead)", ErrEmpty, sessionID, filepath.Join(storage, "message", sessionID), sessionID))
	}
	if err != nil {
		return fail(msgDir, err)
	}
	var msgs []openCodeMessage
	withParts := 0
	for _, mf := range msgFiles {
		rel := msgDir + "/" + mf
		raw, err := read(rel)
		if err != nil {
			return fail(rel, err)
		}
		msgID := strings.TrimSuffix(mf, ".json")
		partDir := "part/" + msgID
		partFiles, err := openCodeFiles(fsys, partDir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fail(partDir, err)
		}
		parts := make([]json.RawMessage, 0, len(partFiles))
		for _, pf := range partFiles {
			prel := partDir + "/" + pf
			p, err := read(prel)
			if err != nil {
				return fail(prel, err)
			}
			parts = append(parts, p)
		}
		if len(parts) > 0 {
			withParts++
		}
		m := openCodeMessage{Parts: parts}
		if err := json.Unmarshal(raw, &m.Info); err != nil {
			return fail(rel, malformed("", err))
		}
		msgs = append(msgs, m)
	}
	if len(msgFiles) > 0 && withParts == 0 {
		return fail("", fmt.Errorf("%w: none of session %s's %d messages has parts in %s (their text and tool calls are there)", ErrEmpty, sessionID, len(msgFiles), filepath.Join(storage, "part", "<messageID>")))
	}
	tr, err := openCodeTranscript(data, msgs)
	if err != nil {
		return fail("", err)
	}
	im, err := tr.build(name, FormatOpenCode)
	if err != nil {
		return fail("", err)
	}
	return []Imported{im}, nil
}

// openCodeFiles lists the JSON files of a storage directory, by name
// (OpenCode's ids sort in creation order); its temporary files
// (".oc-…tmp", written before a rename) and anything else are not read.
func openCodeFiles(fsys fs.FS, dir string) ([]string, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && strings.HasSuffix(n, ".json") && validOpenCodeName(strings.TrimSuffix(n, ".json")) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}

// validOpenCodeName reports whether an id taken from a file name can name
// a directory of the storage: one path element, no dot file.
func validOpenCodeName(id string) bool {
	return id != "" && !strings.HasPrefix(id, ".") && !strings.ContainsAny(id, `/\:`) && filepath.IsLocal(id)
}
