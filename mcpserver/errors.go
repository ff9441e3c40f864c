package mcpserver

import "errors"

// Errors of New.
var (
	// ErrBadTool means a Tool is not servable: no name, no Call, or an
	// argument schema that is not a JSON object schema.
	ErrBadTool = errors.New("mcpserver: bad tool")
	// ErrDuplicateTool means two tools share a name.
	ErrDuplicateTool = errors.New("mcpserver: duplicate tool name")
)
