package importer

import (
	"encoding/json"
	"errors"
	"io"
)

// claudeCodeDeadEnds reads a Claude Code session JSONL and returns the
// uuids of its records on dead-end branches: the records a /rewind, an
// edited prompt or a retried turn left in the file but that are not in the
// conversation the session went on with. Claude Code links its records by
// parentUuid into a tree; the conversation is the path from the last main
// (non-sidechain) message up to its root, across a compaction's
// logicalParentUuid. A record off that path is kept when it belongs to it
// all the same: an assistant record of a response on the path (a
// response is split over records that share its message id), and a user
// record holding only results of calls on the path (parallel calls'
// results hang off the call's record, beside the path). Records before
// the path's root in file order are kept: their tree is not known.
//
// It fails open: a path that reaches a parent not in the file, or loops,
// gives no dead ends, and the session is read in file order as before. It
// holds a few ids per record, never a record's content.
//
// subagent reports a file whose every message is a sidechain's: a
// sub-agent's own transcript (agent-<id>.jsonl, which Claude Code writes
// beside the session), whose sidechain is the conversation.
func claudeCodeDeadEnds(r io.Reader) (dead map[string]bool, subagent bool, err error) {
	type node struct {
		at                   int
		parent, logical, msg string
		main                 bool // a user or assistant record, not a sidechain's
		calls                []string
		results              []string
		onlyResults          bool
	}
	nodes := map[string]*node{}
	var order []string // main message records, in file order
	var side []string  // sidechain message records, in file order
	_, err = scanLines(r, func(line int, raw []byte) error {
		var rec struct {
			Type        string  `json:"type"`
			Subtype     string  `json:"subtype"`
			UUID        string  `json:"uuid"`
			Parent      *string `json:"parentUuid"`
			Logical     *string `json:"logicalParentUuid"`
			IsSidechain bool    `json:"isSidechain"`
			Message     struct {
				ID      string          `json:"id"`
				Content json.RawMessage `json:"content"`
			} `json:"message"`
			Attachment struct {
				Type string `json:"type"`
			} `json:"attachment"`
		}
		if json.Unmarshal(raw, &rec) != nil || rec.UUID == "" {
			return nil // the parsing pass says what is wrong with it
		}
		// An attachment claudeAttachment reads as a message is one here
		// too: a prompt queued on a branch a /rewind left is left out; so
		// is a slash command's local_command record.
		message := rec.Type == "user" || rec.Type == "assistant" || rec.Type == "attachment" && claudeMessageAttachments[rec.Attachment.Type] ||
			rec.Type == "system" && rec.Subtype == "local_command"
		n := &node{at: line, msg: rec.Message.ID, main: message && !rec.IsSidechain}
		if rec.Parent != nil {
			n.parent = *rec.Parent
		}
		if rec.Logical != nil {
			n.logical = *rec.Logical
		}
		if message {
			var blocks []struct {
				Type      string `json:"type"`
				ID        string `json:"id"`
				ToolUseID string `json:"tool_use_id"`
			}
			_ = json.Unmarshal(rec.Message.Content, &blocks) // a string holds no calls
			n.onlyResults = len(blocks) > 0
			for _, b := range blocks {
				switch b.Type {
				case "tool_use":
					n.calls = append(n.calls, b.ID)
				case "tool_result":
					n.results = append(n.results, b.ToolUseID)
					continue
				}
				n.onlyResults = false
			}
			if n.main {
				order = append(order, rec.UUID)
			} else {
				side = append(side, rec.UUID)
			}
		}
		if _, dup := nodes[rec.UUID]; dup {
			return errDuplicateUUID
		}
		nodes[rec.UUID] = n
		return nil
	})
	if len(order) == 0 && len(side) > 0 {
		subagent, order = true, side
	}
	if errors.Is(err, errDuplicateUUID) || len(order) == 0 {
		return nil, subagent, nil
	}
	if err != nil {
		return nil, false, err
	}
	path := map[string]bool{}
	calls, msgs := map[string]bool{}, map[string]bool{}
	root := 0
	for id := order[len(order)-1]; id != ""; {
		n, ok := nodes[id]
		if !ok || path[id] {
			return nil, subagent, nil // a parent not in the file, or a loop
		}
		path[id], root = true, n.at
		for _, c := range n.calls {
			calls[c] = true
		}
		if n.msg != "" {
			msgs[n.msg] = true
		}
		id = n.parent
		if id == "" {
			id = n.logical
		}
	}
	dead = map[string]bool{}
	for _, id := range order {
		n := nodes[id]
		if path[id] || n.at < root || n.msg != "" && msgs[n.msg] {
			continue
		}
		if n.onlyResults && allIn(n.results, calls) {
			continue
		}
		dead[id] = true
	}
	return dead, subagent, nil
}

// errDuplicateUUID stops claudeCodeDeadEnds at a record whose uuid another
// record has: the tree is not what it reads, so nothing is left out.
var errDuplicateUUID = errors.New("importer: two records share a uuid")

func allIn(ids []string, set map[string]bool) bool {
	for _, id := range ids {
		if !set[id] {
			return false
		}
	}
	return true
}
