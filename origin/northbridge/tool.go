package northbridge

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/epistemicfold/ef/internal/tooldef"
)

// ToolName is the name Northbridge has as a model-callable tool (ef mcp,
// dsh-plugin).
const ToolName = "context_request"

// ToolDef describes the tool to a host: name, description for the model,
// and the JSON Schema of its arguments (a context.request), in the subset
// the DSH tool runtime accepts (type, properties, required,
// additionalProperties, items, enum, description); it has no result
// schema.
type ToolDef = tooldef.Def

// Tool returns the context_request tool's definition.
func Tool() ToolDef {
	return ToolDef{Name: ToolName, Description: toolDescription, Parameters: json.RawMessage(toolParams)}
}

const toolDescription = `Ask for the task context a goal needs (Northbridge, context.request → context.bundle): the state of the tasks in scope (current_state, constraints, next_steps) and the verified facts most relevant to the goal, each with a recheckable source, under a token budget. Scope is a hard filter: name the projects or tasks to draw from ("project:x" or just "x" for project x and its parts x/…, "task:<id>" for one task, or "*" for all; each task lists its own scope). When the bundle does not fit, it carries what matters most (the task most relevant to the goal, then the most relevant facts, then the other tasks; a task alone over the budget comes cut short with truncated: true), over_budget is true and cut lists what was left out, from which task, and why. A scope that matches no task is named in the note with the scopes there are. Facts come from task.origin files; use context_search for folded conversation history.`

const toolParams = `{
  "type": "object",
  "properties": {
    "kind": {"type": "string", "enum": ["context.request"]},
    "goal": {"type": "string", "description": "What you are about to do, in a sentence (at most 4096 bytes)."},
    "scope": {"type": "array", "items": {"type": "string"}, "description": "Projects (\"project:x\", or \"x\": the same project) or tasks (\"task:<id>\") to draw from; [\"*\"] for all."},
    "budget": {
      "type": "object",
      "properties": {
        "tokens": {"type": "integer", "description": "Most tokens of the answer (default 30000)."},
        "facts": {"type": "integer", "description": "Most facts in memory (default 10)."}
      },
      "additionalProperties": false
    },
    "freshness": {"type": "string", "description": "\"latest\" (default), or a maximum age of the tasks such as \"36h\" or \"7d\"."}
  },
  "required": ["goal", "scope"],
  "additionalProperties": false
}`

// Answer runs one context_request call: args is the request's JSON, the
// answer the bundle's serialized form (what token_estimate counts). A
// malformed request is an error wrapping ErrBadRequest; a host reports it
// to the model as a failed call rather than as its own failure.
func Answer(ctx context.Context, roots []string, args json.RawMessage, opts Options) ([]byte, error) {
	req, err := ParseRequest(args)
	if err != nil {
		return nil, err
	}
	b, err := Build(ctx, roots, req, opts)
	if err != nil {
		return nil, err
	}
	return b.Marshal(), nil
}

// IsRequestError reports whether err is the caller's fault (a bad request).
func IsRequestError(err error) bool { return errors.Is(err, ErrBadRequest) }
