package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/epistemicfold/ef/recall"
)

// ToolCaller runs context_search and context_recall calls; *recall.Index is
// one. A caller that keeps an index in step with a store written by other
// processes brings it up to date inside CallTool.
type ToolCaller interface {
	CallTool(ctx context.Context, sessionID, name string, args json.RawMessage) (recall.ToolOutput, error)
}

var _ ToolCaller = (*recall.Index)(nil)

// RecallTools returns context_search and context_recall with the
// definitions of recall.Tools(), answered by ix as calls made from
// sessionID. With sessionID empty, a search without a scope covers every
// session of the store and a recall ref must name its session (refs printed
// by the search do).
//
// The definitions say what the server does: without a session,
// context_search's scope defaults to "project" (sessionless), where
// recall.Tools() names "session" the default.
func RecallTools(ix ToolCaller, sessionID string) []Tool {
	defs := recall.Tools()
	out := make([]Tool, 0, len(defs))
	for _, d := range defs {
		name := d.Name
		if sessionID == "" && name == recall.ToolSearch {
			d = sessionless(d)
		}
		out = append(out, toolOf(d, recallTitle(name), readOnly(), func(ctx context.Context, args json.RawMessage) (Result, error) {
			res, err := ix.CallTool(ctx, sessionID, name, args)
			if err != nil && !res.IsError {
				return Result{}, err
			}
			if sessionID == "" && errors.Is(err, recall.ErrBadScope) {
				// The schema names "session" the default scope; a
				// client that passes it to a server started without
				// a session is told what works instead.
				res.Text = strings.TrimRight(res.Text, "\n") + ` This server serves no session (it was started without --session): use scope "project" to search every session of the store.` + "\n"
			}
			// A bad call (err set) already has a text that tells the
			// model what to fix; it is an answer, not a server failure.
			return Result{Text: res.Text, Structured: res.Result, IsError: res.IsError}, nil
		}))
	}
	return out
}

// recallTitle is a tool's title, for a person reading a client's list of
// tools.
func recallTitle(name string) string {
	switch name {
	case recall.ToolSearch:
		return "Search folded history"
	case recall.ToolRecall:
		return "Read back folded history"
	}
	return ""
}

// sessionDefaultScope is the sentence of context_search's description that
// names "session" the default scope.
const sessionDefaultScope = `scope "session" (the default) searches this session; "project" searches every session of this project.`

// sessionless returns context_search's definition as a server without a
// session answers it: scope defaults to "project", and "session" is
// refused (it names no session). The parameters schema is rewritten
// through its decoded form, so it stays the one recall defines otherwise.
func sessionless(d recall.ToolDef) recall.ToolDef {
	d.Description = strings.Replace(d.Description, sessionDefaultScope,
		`scope "project" (the default here: this server was started without a session) searches every session of the store; "session" is refused.`, 1)
	var params map[string]any
	if err := json.Unmarshal(d.Parameters, &params); err != nil {
		return d
	}
	props, _ := params["properties"].(map[string]any)
	scope, _ := props["scope"].(map[string]any)
	if scope == nil {
		return d
	}
	scope["default"] = string(recall.ScopeProject)
	scope["description"] = "project (the default): every session of the store; session: this server serves none (started without --session), so it is refused."
	if b, err := json.Marshal(params); err == nil {
		d.Parameters = b
	}
	return d
}
