package importer

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatCopilot is a VS Code chat session (GitHub Copilot Chat): what
// "Chat: Export Chat…" writes, or a session VS Code keeps in its
// workspaceStorage/…/chatSessions/<id>.json: {"requesterUsername",
// "responderUsername", "requests": [{"message": {"text"}, "response":
// [...], "result": {"metadata": {"toolCallRounds", "toolCallResults"}}}]}.
const FormatCopilot Format = "vscode-copilot"

// isCopilotSession reports whether a JSON object is a VS Code chat session:
// its requests beside the requester's or responder's name, or requests
// holding a message and a response.
func isCopilotSession(top map[string]json.RawMessage) bool {
	if _, ok := top["requests"]; !ok {
		return false
	}
	_, requester := top["requesterUsername"]
	_, responder := top["responderUsername"]
	if requester || responder {
		return true
	}
	var reqs []map[string]json.RawMessage
	if json.Unmarshal(top["requests"], &reqs) != nil || len(reqs) == 0 {
		return false
	}
	_, msg := reqs[0]["message"]
	_, resp := reqs[0]["response"]
	return msg && resp
}

// isCopilotOpLog reports whether a JSON object opens the operation log VS
// Code writes its chat sessions as in newer versions (chatSessions/<id>.jsonl:
// {"kind": 0, "v": snapshot} then edits), which is not read.
func isCopilotOpLog(top map[string]json.RawMessage) bool {
	var kind *int
	if json.Unmarshal(top["kind"], &kind) != nil || kind == nil || *kind != 0 {
		return false
	}
	var v map[string]json.RawMessage
	return json.Unmarshal(top["v"], &v) == nil && isCopilotSession(v)
}

// copilotRequest is one request of a VS Code chat session: the user's
// message and what answered it.
type copilotRequest struct {
	Message struct {
		Text string `json:"text"`
	} `json:"message"`
	VariableData struct {
		Variables []struct {
			Name string `json:"name"`
		} `json:"variables"`
	} `json:"variableData"`
	// Response is what the chat view showed: markdown ({"value"}) and
	// items of a kind (tool invocations, edits, references).
	Response []struct {
		Kind  string          `json:"kind"`
		Value json.RawMessage `json:"value"`
	} `json:"response"`
	Result struct {
		Metadata struct {
			// ToolCallRounds are the model's turns: its text, its
			// thinking and the calls it made.
			ToolCallRounds []struct {
				Response  string `json:"response"`
				ToolCalls []struct {
					ID        string          `json:"id"`
					Name      string          `json:"name"`
					Arguments json.RawMessage `json:"arguments"`
				} `json:"toolCalls"`
				Thinking *struct {
					Text json.RawMessage `json:"text"`
				} `json:"thinking"`
			} `json:"toolCallRounds"`
			// ToolCallResults are the calls' results by call id.
			ToolCallResults map[string]struct {
				Content []struct {
					Value json.RawMessage `json:"value"`
				} `json:"content"`
			} `json:"toolCallResults"`
		} `json:"metadata"`
	} `json:"result"`
	ModelID string `json:"modelId"`
}

// parseCopilot reads a VS Code chat session. Each request is the user's
// message (its attached context named), then the model's rounds: a
// round's text and thinking with the calls it made, each answered by its
// result in toolCallResults (a call with none gets the synthetic one). A
// request without rounds (no tool was called) is answered by the
// markdown its response showed. The sessionId names the session.
func parseCopilot(data []byte) (*transcript, error) {
	var doc struct {
		SessionID string            `json:"sessionId"`
		Requests  []json.RawMessage `json:"requests"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, malformed("", err)
	}
	t := &transcript{provider: "copilot", recordedID: doc.SessionID, sourceRecords: len(doc.Requests)}
	for i, raw := range doc.Requests {
		var r copilotRequest
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, &Error{Record: fmt.Sprintf("requests[%d]", i), Err: malformed("", err)}
		}
		if t.model == "" {
			t.model = r.ModelID
		}
		user := []hostshim.Block{hostshim.TextBlock(r.Message.Text)}
		for _, v := range r.VariableData.Variables {
			user = append(user, hostshim.TextBlock("[attached: "+v.Name+"]"))
		}
		t.user(user...)
		meta := r.Result.Metadata
		if len(meta.ToolCallRounds) == 0 {
			var text []string
			for _, item := range r.Response {
				var s string
				if item.Kind == "" && json.Unmarshal(item.Value, &s) == nil {
					text = append(text, s)
				}
			}
			t.assistant(hostshim.TextBlock(strings.Join(text, "")))
			continue
		}
		for _, round := range meta.ToolCallRounds {
			var blocks []hostshim.Block
			if th := round.Thinking; th != nil {
				blocks = append(blocks, hostshim.Block{Type: hostshim.BlockReasoning, Text: copilotThinking(th.Text)})
			}
			blocks = append(blocks, hostshim.TextBlock(round.Response))
			for j, c := range round.ToolCalls {
				if c.Name == "" {
					return nil, &Error{Record: fmt.Sprintf("requests[%d]", i), Err: fmt.Errorf("%w: toolCalls[%d] has no name", ErrMalformed, j)}
				}
				blocks = append(blocks, toolCall(c.ID, c.Name, stringOrJSON(c.Arguments)))
			}
			t.assistant(blocks...)
			for _, c := range round.ToolCalls {
				res, ok := meta.ToolCallResults[c.ID]
				if !ok {
					continue // the call gets the synthetic result
				}
				var text []string
				for _, part := range res.Content {
					text = append(text, copilotValue(part.Value))
				}
				t.result(c.ID, false, hostshim.TextBlock(strings.Join(text, "\n")))
			}
		}
	}
	return t, nil
}

// copilotThinking is a round's thinking text: a string or a list of them.
func copilotThinking(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var list []string
	if json.Unmarshal(v, &list) == nil {
		return strings.Join(list, "\n")
	}
	return ""
}

// copilotValue is a tool result part's text: a string, or the text leaves
// of the rendered prompt tree ({"node": {"children": [{"text"}, …]}}) the
// tool returned, one to a line.
func copilotValue(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var tree struct {
		Node *copilotNode `json:"node"`
	}
	if json.Unmarshal(v, &tree) != nil || tree.Node == nil {
		return jsonText(v)
	}
	var leaves []string
	tree.Node.leaves(&leaves, 0)
	return strings.Join(leaves, "\n")
}

// copilotNode is a node of a rendered prompt tree.
type copilotNode struct {
	Text     *string       `json:"text"`
	Children []copilotNode `json:"children"`
}

// leaves appends the node's text leaves in order; a leaf that is only a
// line break is one already (leaves are joined by line breaks). Depth is
// bounded, as a tree from a file may be anything.
func (n copilotNode) leaves(out *[]string, depth int) {
	if depth > 64 {
		return
	}
	if n.Text != nil && strings.TrimSpace(*n.Text) != "" {
		*out = append(*out, *n.Text)
	}
	for _, c := range n.Children {
		c.leaves(out, depth+1)
	}
}
