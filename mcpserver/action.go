package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"

	"github.com/epistemicfold/ef/origin/action"
)

// ActionTools returns action_submit (the MCP adapter of the action kernel,
// RFC-0001 §3.3): the arguments are an action.intent, the text is the
// kernel's action.result line, marked with the MCP channel. A refused or
// denied action is an answer, not an error; a failed action and a
// malformed intent are reported with IsError.
func ActionTools(k *action.Kernel) []Tool {
	// Not read-only; destructive: an overwrite replaces what was there
	// (backed up, but changed); not idempotent: an append appends again
	// (an action_id makes a retry safe, the tool's arguments do not).
	ann := &Annotations{Destructive: true}
	return []Tool{toolOf(action.Tool(), "Write a file (action kernel)", ann, func(ctx context.Context, args json.RawMessage) (Result, error) {
		line, res, err := k.SubmitJSON(ctx, args, action.ChannelMCP)
		if errors.Is(err, action.ErrIntent) {
			return Result{Text: err.Error(), IsError: true}, nil
		}
		if line == nil {
			return Result{}, err
		}
		text := string(bytes.TrimSuffix(line, []byte("\n")))
		return Result{Text: text, IsError: res.Status == action.StatusFailed}, nil
	})}
}
