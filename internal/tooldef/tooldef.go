// Package tooldef is the definition of one model-callable tool as a host
// sees it: the DSH plugin registers it and the MCP server lists it. The
// packages that offer tools (recall's context_search and context_recall,
// northbridge's context_request, action's action_submit) each name it
// ToolDef, an alias of Def, so that every adapter reads one shape.
package tooldef

import "encoding/json"

// Def is a tool's name, the description the model reads, and the JSON
// Schema (draft 2020-12, in the subset the DSH tool runtime accepts) of
// its arguments and, when the tool returns structured content, of its
// result. A Def is a plain value; its JSON form is what hosts are given.
type Def struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"`
	Result      json.RawMessage `json:"result,omitempty"`
}
