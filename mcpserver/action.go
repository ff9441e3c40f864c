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
// kernel's action.result line, marked with the MCP channel. Every result
// but done (requires_approval, denied, failed) is reported with IsError,
// the action.result line still its text: a model that reads only the
// flag must not take a write that did not happen for one that did. A
// malformed intent is reported with IsError too (its text the reason).
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
		return Result{Text: text, IsError: res.Status != action.StatusDone}, nil
	})}
}
