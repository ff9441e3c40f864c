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
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatContinue is a Continue (continue.dev) chat session: the file
// Continue's VS Code and JetBrains extensions and its cn CLI keep of each
// session, ~/.continue/sessions/<sessionId>.json ({"sessionId", "title",
// "workspaceDirectory", "history": [ChatHistoryItem…], "mode",
// "chatModelTitle", "usage"}), or their index there, sessions.json (a list
// of {"sessionId", "title", "dateCreated", "workspaceDirectory",
// "messageCount"}), whose sessions Import reads beside it (Open, given
// FILE#<sessionId>, only that one's file).
//
// The layout is Continue's core/index.d.ts (Session, BaseSessionMetadata,
// ChatHistoryItem, ChatMessage, ToolCallState) and core/util/history.ts
// (HistoryManager, which writes both files), read at commit d0a3c0b6 of
// github.com/continuedev/continue (2026-06-18; VS Code extension 1.3.40).
// A session becomes what Continue's GUI sends the model
// (gui/src/redux/util/constructMessages.ts): a user message opens with the
// contents of its context items; a thinking message is the reasoning of
// the reply after it, as is the reply's own <think> reasoning; an
// assistant message's tool calls (message.toolCalls) are answered by the
// toolCallStates beside them (the output's context items joined, a
// terminal command's status after its output; an errored call without
// output and a canceled one get Continue's notes for them; one still
// generating, generated or calling is unpaired, unless a tool message
// answers it); tool messages repeat those results and are skipped, as
// system messages (Continue builds the system prompt anew) and empty
// messages are. A conversationSummary on an item is a compaction marker
// after it, followed by the summary as a user message marked the
// source's summary (Continue puts it in the system prompt of every later
// request, in place of the items before it). The file records no times.
const FormatContinue Format = "continue"

// Continue's notes for a call without output (core/tools/constants.ts).
const (
	continueNoOutput  = "No tool output"
	continueCancelled = "The user cancelled this tool call."
	continueErrored   = "There was an error calling the tool."
)

// isContinueSession reports whether a JSON object is a Continue session
// file: its sessionId, title and workspaceDirectory beside the history.
func isContinueSession(top map[string]json.RawMessage) bool {
	_, id := jsonString(top["sessionId"])
	_, title := top["title"]
	_, dir := top["workspaceDirectory"]
	h := bytes.TrimSpace(top["history"])
	return id && title && dir && len(h) > 0 && h[0] == '['
}

// continueIndexEntry is an entry of sessions.json.
type continueIndexEntry struct {
	SessionID   json.RawMessage `json:"sessionId"`
	OldID       json.RawMessage `json:"session_id"`
	Title       json.RawMessage `json:"title"`
	DateCreated json.RawMessage `json:"dateCreated"`
	Workspace   json.RawMessage `json:"workspaceDirectory"`
}

// isContinueIndex reports whether a JSON list is Continue's sessions.json:
// every element an object, the first not of the old format (which has a
// session_id) holding sessionId, title, dateCreated and
// workspaceDirectory.
func isContinueIndex(list []json.RawMessage) bool {
	for _, raw := range list {
		var e continueIndexEntry
		if json.Unmarshal(raw, &e) != nil {
			return false
		}
		if _, old := jsonString(e.OldID); old {
			continue
		}
		_, id := jsonString(e.SessionID)
		return id && e.Title != nil && e.DateCreated != nil && e.Workspace != nil
	}
	return false
}

// isContinueIndexFile reports whether a file's contents are sessions.json.
func isContinueIndexFile(data []byte) bool {
	var list []json.RawMessage
	return json.Unmarshal(data, &list) == nil && isContinueIndex(list)
}

// errContinueIndexOnly is the import of sessions.json without its path.
var errContinueIndexOnly = fmt.Errorf("%w: the file is Continue's session index (sessions.json), which holds no messages: "+
	"import it by its path in Continue's sessions directory (ef reads each <sessionId>.json beside it), or one session's file", ErrEmpty)

// continueToolCall is a tool call (ToolCallDelta; a ToolCall has them all).
type continueToolCall struct {
	ID       string `json:"id"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// continueItem is a ChatHistoryItem.
type continueItem struct {
	Message *struct {
		Role       string             `json:"role"`
		Content    json.RawMessage    `json:"content"`
		ToolCalls  []continueToolCall `json:"toolCalls"`
		ToolCallID string             `json:"toolCallId"`
	} `json:"message"`
	ContextItems   []continueContextItem `json:"contextItems"`
	AppliedRules   []continueRule        `json:"appliedRules"`
	ToolCallStates []struct {
		ToolCallID string           `json:"toolCallId"`
		ToolCall   continueToolCall `json:"toolCall"`
		Status     string           `json:"status"`
		Output     []struct {
			Content string  `json:"content"`
			Status  *string `json:"status"`
		} `json:"output"`
	} `json:"toolCallStates"`
	Reasoning *struct {
		Text string `json:"text"`
	} `json:"reasoning"`
	ConversationSummary string `json:"conversationSummary"`
}

// continuePart is a MessagePart: text, or an image by URL.
type continuePart struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	ImageURL *struct {
		URL string `json:"url"`
	} `json:"imageUrl"`
}

// continueContent decodes a MessageContent (a string or a list of parts)
// into blocks; blank reports a string content that is only white space
// (Continue's chatMessageIsEmpty).
func continueContent(v json.RawMessage) (blocks []hostshim.Block, blank bool, err error) {
	parts, err := stringOrList(v, func(s string) continuePart { return continuePart{Type: "text", Text: s} })
	if err != nil {
		return nil, false, fmt.Errorf("%w: content is neither a string nor a list of parts: %s", ErrMalformed, clip(v, 40))
	}
	if s := bytes.TrimSpace(v); len(s) == 0 || s[0] == '"' || string(s) == "null" {
		blank = len(parts) == 0 || strings.TrimSpace(parts[0].Text) == ""
	}
	for _, p := range parts {
		switch {
		case p.Type == "imageUrl" && p.ImageURL != nil:
			blocks = append(blocks, hostshim.TextBlock(omittedFile("image", "", "", p.ImageURL.URL, "")))
		case p.Type == "text" || p.Type == "":
			blocks = append(blocks, hostshim.TextBlock(p.Text))
		default:
			blocks = append(blocks, hostshim.TextBlock("["+p.Type+" omitted]"))
		}
	}
	return blocks, blank, nil
}

// parseContinue reads a Continue session file.
func parseContinue(data []byte) (*transcript, error) {
	body := bytes.TrimSpace(data)
	if len(body) > 0 && body[0] == '[' && isContinueIndexFile(body) {
		return nil, errContinueIndexOnly
	}
	var s struct {
		SessionID      string            `json:"sessionId"`
		History        []json.RawMessage `json:"history"`
		ChatModelTitle *string           `json:"chatModelTitle"`
	}
	if err := json.Unmarshal(body, &s); err != nil {
		return nil, malformed("", err)
	}
	t := &transcript{recordedID: s.SessionID, sourceRecords: len(s.History)}
	if s.ChatModelTitle != nil {
		t.model = *s.ChatModelTitle // the title the user gave the model in Continue's config
	}
	answered := map[string]bool{}  // calls a toolCallState answered
	rulesSeen := map[string]bool{} // applied rules' texts already added
	thinking := false              // the item before was a thinking message
	for i, raw := range s.History {
		var it continueItem
		if err := json.Unmarshal(raw, &it); err != nil {
			return nil, &Error{Record: fmt.Sprintf("history[%d]", i), Err: malformed("", err)}
		}
		was := thinking
		thinking = false
		if err := t.continueItem(it, was, answered, rulesSeen, &thinking); err != nil {
			return nil, &Error{Record: fmt.Sprintf("history[%d]", i), Err: err}
		}
		if it.ConversationSummary != "" {
			t.marker("conversationSummary", 0)
			t.summaryUser(hostshim.TextBlock("Previous conversation summary:\n\n " + it.ConversationSummary))
		}
	}
	return t, nil
}

// continueItem adds one history item; afterThinking says the item before
// it was a thinking message, whose reasoning this reply extends.
func (t *transcript) continueItem(it continueItem, afterThinking bool, answered, rulesSeen map[string]bool, thinking *bool) error {
	if it.Message == nil {
		return fmt.Errorf("%w: the item has no message", ErrMalformed)
	}
	m := it.Message
	blocks, blank, err := continueContent(m.Content)
	if err != nil {
		return err
	}
	switch m.Role {
	case "user":
		if blank {
			t.skipped++ // Continue sends no empty message, nor its context items
			return nil
		}
		t.continueAttached(it, rulesSeen)
		t.user(blocks...)
	case "thinking":
		for i := range blocks {
			blocks[i].Type = hostshim.BlockReasoning
		}
		n := len(t.items)
		t.assistant(blocks...)
		*thinking = len(t.items) > n
	case "assistant":
		if blank && m.ToolCalls == nil {
			t.skipped++
			return nil
		}
		var out []hostshim.Block
		if it.Reasoning != nil && it.Reasoning.Text != "" {
			out = append(out, hostshim.Block{Type: hostshim.BlockReasoning, Text: it.Reasoning.Text})
		}
		out = append(out, blocks...)
		calls := m.ToolCalls
		if len(calls) == 0 {
			// States without the message's calls: Continue still sends
			// their results; the calls are the states' own.
			for _, st := range it.ToolCallStates {
				calls = append(calls, st.ToolCall)
			}
		}
		type result struct {
			id         string
			failed     bool
			text, kind string
		}
		var results []result
		for j, c := range calls {
			if c.Function.Name == "" {
				return fmt.Errorf("%w: message.toolCalls[%d] names no function", ErrMalformed, j)
			}
			id := cmp.Or(c.ID, fmt.Sprintf("continue-call-%d-%d", len(t.items), j))
			out = append(out, toolCall(id, c.Function.Name, c.Function.Arguments))
			for _, st := range it.ToolCallStates {
				if c.ID == "" || st.ToolCallID != c.ID {
					continue
				}
				r := result{id: id, failed: st.Status == "errored"}
				switch {
				case st.Status == "canceled":
					r.text, r.failed, r.kind = continueCancelled, true, hostshim.InjectedInterruption
				case len(st.Output) > 0:
					texts := make([]string, len(st.Output))
					for k, o := range st.Output {
						texts[k] = o.Content
						if o.Status != nil && *o.Status != "" && c.Function.Name == "run_terminal_command" {
							texts[k] += "\n[Status: " + *o.Status + "]"
						}
					}
					r.text = strings.Join(texts, "\n\n")
				case st.Status == "errored":
					r.text = continueErrored
				case st.Status == "done":
					r.text = continueNoOutput
				default:
					continue // not run yet: a tool message may answer it
				}
				results = append(results, r)
				answered[c.ID] = true
				break
			}
		}
		if afterThinking {
			t.extendAssistant(out...)
		} else {
			t.assistant(out...)
		}
		for _, r := range results {
			t.result(r.id, r.failed, hostshim.TextBlock(r.text))
			if r.kind != "" {
				t.items[len(t.items)-1].injected = r.kind
			}
		}
	case "tool":
		if answered[m.ToolCallID] {
			// the result its call's state gave, already read: nothing
			// of the file is left out, so it is not counted as skipped
			return nil
		}
		t.result(m.ToolCallID, false, blocks...)
	case "system":
		t.skipped++ // Continue builds the system prompt for each request
	default:
		t.otherRole(m.Role, blocks)
	}
	return nil
}

// importContinueIndex imports every session Continue's index, data, at
// path lists (by its path: each is <sessionId>.json beside it), each
// named FILE#<sessionId>. The files are read through an os.Root of the
// index's directory, so no id reaches outside it; entries of the old
// format (session_id) are left out, as Continue leaves them out. With
// only set (a session's Name, FILE#ID), only that session is read: the
// others are returned by name alone, with no Session.
func importContinueIndex(path string, data []byte, only string) ([]Imported, error) {
	name := filepath.Base(path)
	fail := func(record string, err error) ([]Imported, error) {
		if ie, ok := err.(*Error); ok {
			ie.Format, ie.Path = FormatContinue, cmp.Or(ie.Path, name)
			return nil, ie
		}
		return nil, &Error{Format: FormatContinue, Path: name, Record: record, Err: err}
	}
	var list []continueIndexEntry
	if err := json.Unmarshal(data, &list); err != nil {
		return fail("", malformed("", err))
	}
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return fail("", err)
	}
	defer root.Close()
	var out []Imported
	seen := map[string]bool{}
	for i, e := range list {
		record := fmt.Sprintf("[%d]", i)
		if _, old := jsonString(e.OldID); old {
			continue
		}
		id, ok := jsonString(e.SessionID)
		if !ok || id == "" || id == "." || id == ".." || strings.ContainsAny(id, `/\`) {
			return fail(record, fmt.Errorf("%w: sessionId %s is not a session id", ErrMalformed, clip(e.SessionID, 60)))
		}
		if seen[id] {
			continue // listed twice: one session
		}
		seen[id] = true
		if only != "" && name+"#"+id != only {
			out = append(out, Imported{Name: name + "#" + id})
			continue
		}
		file := id + ".json"
		fi, err := fs.Stat(root.FS(), file)
		if err == nil && fi.Size() > MaxWholeBytes {
			err = fmt.Errorf("%w: %d MiB, over the %d MiB ef reads whole", ErrTooLarge, fi.Size()>>20, MaxWholeBytes>>20)
		}
		var b []byte
		if err == nil {
			b, err = fs.ReadFile(root.FS(), file)
		}
		if errors.Is(err, fs.ErrNotExist) {
			return fail(record, fmt.Errorf("%w: the index lists session %s, whose file %s is not beside it", ErrEmpty, id, file))
		}
		if err != nil {
			return fail(record, fmt.Errorf("%s: %w", file, err))
		}
		b = recodeNonUTF8(bytes.TrimPrefix(b, utf8BOM))
		var top map[string]json.RawMessage
		if json.Unmarshal(b, &top) != nil || !isContinueSession(top) {
			return fail(record, fmt.Errorf("%w: %s, which the index lists, is not a Continue session", ErrMalformed, file))
		}
		tr, err := parseContinue(b)
		if err == nil {
			tr.recordedID = id // Continue loads a session by its file's name
			var im Imported
			im, err = tr.build(name+"#"+id, FormatContinue)
			out = append(out, im)
		}
		if err != nil {
			if ie, ok := err.(*Error); ok {
				ie.Path = file
			}
			return fail(record, err)
		}
	}
	if len(out) == 0 {
		return fail("", fmt.Errorf("%w: the index lists no session", ErrEmpty))
	}
	return out, nil
}
