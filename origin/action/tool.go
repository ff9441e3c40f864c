package action

import (
	"encoding/json"

	"github.com/epistemicfold/ef/internal/tooldef"
)

// ToolName is the name of the action tool every adapter that offers tools
// to a model registers (the MCP tool of ef mcp, the DSH plugin's tool).
const ToolName = "action_submit"

// ToolDef describes the action tool: its arguments are an action.intent,
// its result the action.result. The parameter schema uses only the JSON
// Schema subset the DSH tool runtime accepts (type, properties, required,
// additionalProperties, items, enum, description); it has no result
// schema.
type ToolDef = tooldef.Def

// Tool returns the action tool's definition (a fresh value each call).
func Tool() ToolDef {
	return ToolDef{Name: ToolName, Description: toolDescription, Parameters: json.RawMessage(toolParams)}
}

const toolDescription = `Write or append a file through the action kernel, which judges the risk from objective facts and answers with an action.result (status done, requires_approval, denied or failed).

Risk: a path outside the workspace roots (after resolving .. and symlinks) is denied; creating a file or appending is low and runs at once; overwriting an existing file is medium and needs proof that you read its current content — expect_sha256 (the sha256 hex of the content you read) or a proof_of_read credential {kind:"trust.credential", type:"proof_of_read", target:<relpath>, value:<sha256 hex>} — or approval "confirm" from the user; writing a protected existing file (task.origin.json, code, schemas/, .claude/) is high and needs approval "confirm", and so is creating a file under .git/ or .claude/ or a credential file (.env, *.pem, id_rsa…), which tools read or run unreviewed. Content is limited to 16 MiB. A stale hash (the file changed since you read it) or a proof for another file is refused and nothing is written: read the file again. Overwrites are backed up (backup_path); every action is audited. Reuse action_id to retry safely: an action that was done is not done twice. Only status done means the write happened: every other result comes back as a tool error (isError), with the action.result as its text.`

const toolParams = `{
  "type": "object",
  "properties": {
    "relpath": {"type": "string", "description": "Target file, relative to the workspace base."},
    "content": {"type": "string", "description": "Bytes to write (UTF-8 text)."},
    "mode": {"type": "string", "enum": ["write", "append"], "description": "write (default) replaces the file; append adds to its end."},
    "expect_sha256": {"type": "string", "description": "sha256 hex of the file's current content as you read it (approves an overwrite)."},
    "approval": {"type": "string", "enum": ["confirm"], "description": "confirm: the user approved this action."},
    "credentials": {
      "type": "array",
      "description": "trust.credential objects; proof_of_read approves an overwrite of its target.",
      "items": {
        "type": "object",
        "properties": {
          "kind": {"type": "string", "enum": ["trust.credential"]},
          "type": {"type": "string", "enum": ["proof_of_read"]},
          "target": {"type": "string", "description": "The relpath you read."},
          "value": {"type": "string", "description": "sha256 hex of what you read."}
        },
        "required": ["kind", "type", "target", "value"],
        "additionalProperties": false
      }
    },
    "action_id": {"type": "string", "description": "Optional id; an action done under this id is answered from the audit if submitted again."},
    "verb": {"type": "string", "enum": ["file.write", "file.append"], "description": "Optional; follows mode."},
    "kind": {"type": "string", "enum": ["action.intent"]},
    "spec": {"type": "string", "enum": ["2origin/0.1"]}
  },
  "required": ["relpath", "content"],
  "additionalProperties": false
}`
