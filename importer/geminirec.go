package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// A Gemini CLI session recording, from Gemini CLI 0.39 on, is JSONL
// (chats/session-<time>-<id>.jsonl, a sub-agent's chats/<parent>/<id>.jsonl;
// packages/core/src/services/chatRecordingService.ts and
// chatRecordingTypes.ts, read at v0.56.0, commit 5411f113). Its lines are
// records of four kinds, told apart as Gemini CLI's loadConversationRecord
// tells them:
//
//   - {"$rewindTo": id}: /rewind dropped that message and every one after
//     it (all of them when no message has the id);
//   - a message, any object with a string "id" ({"id", "timestamp",
//     "type", "content", …}, the MessageRecord of the older one-document
//     recording), appended whole every time it changes (its tokens, its
//     tool calls), so that the last line of an id is its content and the
//     first one its place;
//   - {"$set": {…}}: a metadata update; a $set of "messages" replaces every
//     message (Gemini CLI writes one when it replaces the history);
//   - the first line's metadata: "sessionId", "projectHash", "startTime",
//     "lastUpdated", "kind", "directories".
//
// ef reads the conversation Gemini CLI resumes: a first pass finds each
// message's place and last line (holding a few ids and line numbers per
// message, never the text), a second builds the messages in order,
// holding only one recorded before a message whose last version comes
// later. Messages a rewind or a $set dropped are counted in
// Stats.Abandoned; a line that is no JSON object is an error naming it
// (Gemini CLI skips it), a record of none of these kinds is skipped, and
// a torn last line is read as every JSONL format's is.

// isGeminiRecordingHead reports whether a JSON object is the first line
// of a Gemini CLI JSONL recording: the session's metadata, its sessionId
// and projectHash strings, without the messages a one-document recording
// holds.
func isGeminiRecordingHead(top map[string]json.RawMessage) bool {
	if _, ok := top["messages"]; ok {
		return false
	}
	_, id := jsonString(top["sessionId"])
	_, hash := jsonString(top["projectHash"])
	return id && hash
}

// jsonString decodes v when it is a JSON string.
func jsonString(v json.RawMessage) (string, bool) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || v[0] != '"' {
		return "", false
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}

// geminiRecord is one line of a recording, classified.
type geminiRecord struct {
	rewindTo  *string
	id        string          // a message's id
	set       json.RawMessage // a $set's object
	sessionID string          // the metadata's, or a $set's
	head      bool            // the session's metadata
}

func decodeGeminiRecord(raw []byte) (geminiRecord, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return geminiRecord{}, malformed("the line is not a JSON object", err)
	}
	var r geminiRecord
	if to, ok := jsonString(top["$rewindTo"]); ok {
		r.rewindTo = &to
		return r, nil
	}
	if id, ok := jsonString(top["id"]); ok {
		r.id = id
		return r, nil
	}
	if set := bytes.TrimSpace(top["$set"]); len(set) > 0 && set[0] == '{' {
		r.set = set
		var s struct {
			SessionID json.RawMessage `json:"sessionId"`
		}
		_ = json.Unmarshal(set, &s)
		r.sessionID, _ = jsonString(s.SessionID)
		return r, nil
	}
	if isGeminiRecordingHead(top) {
		r.sessionID, _ = jsonString(top["sessionId"])
		r.head = true
	}
	return r, nil
}

// setMessages is a $set's "messages", or nil when it sets none.
func setMessages(set json.RawMessage) ([]json.RawMessage, error) {
	var s struct {
		Messages json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal(set, &s); err != nil {
		return nil, malformed("$set", err)
	}
	if m := bytes.TrimSpace(s.Messages); len(m) == 0 || m[0] != '[' {
		return nil, nil // Gemini CLI replaces the messages only with a list
	}
	var list []json.RawMessage
	if err := json.Unmarshal(s.Messages, &list); err != nil {
		return nil, malformed("$set.messages", err)
	}
	return list, nil
}

// geminiRecRef is one message of the conversation a recording holds: the
// line of its last version and, for a $set of messages, its index there
// (-1 for a message line).
type geminiRecRef struct {
	id    string
	line  int
	index int
}

// geminiRecPlan is what the first pass over a recording learns.
type geminiRecPlan struct {
	live      []geminiRecRef
	sessionID string
	abandoned int
	skipped   int // records of no kind Gemini CLI reads
}

// planGeminiRecording reads a recording once, line by line, for the
// messages of the conversation it ends with, in order.
func planGeminiRecording(r io.Reader) (*geminiRecPlan, error) {
	p := &geminiRecPlan{}
	pos := map[string]int{}
	drop := func(from int) {
		for _, ref := range p.live[from:] {
			delete(pos, ref.id)
		}
		p.abandoned += len(p.live) - from
		p.live = p.live[:from]
	}
	_, err := scanLines(r, func(line int, raw []byte) error {
		rec, err := decodeGeminiRecord(raw)
		if err != nil {
			return err
		}
		if rec.sessionID != "" {
			p.sessionID = rec.sessionID
		}
		switch {
		case rec.rewindTo != nil:
			i, ok := pos[*rec.rewindTo]
			if !ok {
				i = 0 // no such message: Gemini CLI clears them all
			}
			drop(i)
		case rec.id != "":
			if i, ok := pos[rec.id]; ok {
				p.live[i].line, p.live[i].index = line, -1
				return nil
			}
			pos[rec.id] = len(p.live)
			p.live = append(p.live, geminiRecRef{id: rec.id, line: line, index: -1})
		case rec.set != nil:
			list, err := setMessages(rec.set)
			if err != nil || list == nil {
				return err
			}
			kept := map[string]bool{}
			ids := make([]*string, len(list)) // nil: no string id, a message Gemini CLI does not keep
			folded := false
			for i, m := range list {
				var v struct {
					ID      json.RawMessage `json:"id"`
					Content json.RawMessage `json:"content"`
				}
				_ = json.Unmarshal(m, &v)
				if id, ok := jsonString(v.ID); ok {
					kept[id], ids[i] = true, &id
					if _, known := pos[id]; !known {
						folded = folded || isStateSnapshot(v.Content)
					}
				}
			}
			if folded {
				// A compression: the messages it replaced are history
				// the model read before it; they keep their places,
				// and the summary and the messages new to the list
				// follow them.
				for i, idp := range ids {
					if idp == nil {
						continue
					}
					if _, known := pos[*idp]; known {
						continue
					}
					pos[*idp] = len(p.live)
					p.live = append(p.live, geminiRecRef{id: *idp, line: line, index: i})
				}
				return nil
			}
			for _, ref := range p.live {
				if !kept[ref.id] {
					p.abandoned++
				}
			}
			p.live = p.live[:0]
			clear(pos)
			for i, idp := range ids {
				if idp == nil {
					continue
				}
				id := *idp
				if j, ok := pos[id]; ok {
					p.live[j].line, p.live[j].index = line, i
					continue
				}
				pos[id] = len(p.live)
				p.live = append(p.live, geminiRecRef{id: id, line: line, index: i})
			}
		case !rec.head:
			p.skipped++
		}
		return nil
	})
	return p, err
}

// isStateSnapshot reports whether a recorded message's content opens
// with the <state_snapshot> Gemini CLI's compression writes.
func isStateSnapshot(content json.RawMessage) bool {
	parts, err := geminiCLIContent(content)
	return err == nil && len(parts) > 0 && parts[0].Text != nil && strings.HasPrefix(strings.TrimSpace(*parts[0].Text), stateSnapshotTag)
}

// parseGeminiRecording reads a recording's messages into t, in the order
// plan found, line by line (the second pass; see planGeminiRecording).
func parseGeminiRecording(r io.Reader, t *transcript, plan *geminiRecPlan) error {
	t.provider = "google"
	t.recordedID = plan.sessionID
	t.abandoned = plan.abandoned
	t.skipped += plan.skipped
	t.sourceRecords = len(plan.live)
	g := &geminiReader{t: t}
	wanted := map[int][]int{} // a line's messages, by place
	for i, ref := range plan.live {
		wanted[ref.line] = append(wanted[ref.line], i)
	}
	ready := map[int]geminiCLIMessage{} // read, waiting for an earlier one
	next := 0
	var err error
	t.torn, err = scanLines(r, func(line int, raw []byte) error {
		places := wanted[line]
		if len(places) == 0 {
			return nil
		}
		var list []json.RawMessage
		for _, at := range places {
			ref := plan.live[at]
			msg := json.RawMessage(raw)
			if ref.index >= 0 {
				if list == nil {
					var top struct {
						Set json.RawMessage `json:"$set"`
					}
					if err := json.Unmarshal(raw, &top); err != nil {
						return malformed("", err)
					}
					var err error
					if list, err = setMessages(top.Set); err != nil {
						return err
					}
				}
				if ref.index >= len(list) {
					return fmt.Errorf("%w: the file changed while it was read", ErrMalformed)
				}
				msg = list[ref.index]
			}
			var m geminiCLIMessage
			if err := json.Unmarshal(msg, &m); err != nil {
				return &Error{Record: "message " + ref.id, Err: malformed("", err)}
			}
			ready[at] = m
		}
		for {
			m, ok := ready[next]
			if !ok {
				break
			}
			delete(ready, next)
			if err := g.cliMessage(m); err != nil {
				return &Error{Record: "message " + plan.live[next].id, Err: err}
			}
			next++
		}
		return t.drain(false)
	})
	if err == nil && next < len(plan.live) {
		err = fmt.Errorf("%w: the file changed while it was read", ErrMalformed)
	}
	return err
}

// parseGeminiRecordingWhole reads a recording held whole.
func parseGeminiRecordingWhole(data []byte) (*transcript, error) {
	plan, err := planGeminiRecording(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	t := &transcript{}
	return t, parseGeminiRecording(bytes.NewReader(data), t, plan)
}
