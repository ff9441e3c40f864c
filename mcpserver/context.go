package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/epistemicfold/ef/origin/northbridge"
)

// ContextTools returns context_request (Northbridge, RFC-0006 §1): the
// arguments are a context.request, the text the context.bundle as one
// line of JSON, answered from the task.origin files under roots. tok
// counts token_estimate (load it once: northbridge.LoadTokenizer). A
// malformed request is reported with IsError.
func ContextTools(roots []string, tok northbridge.Tokenizer) []Tool {
	return []Tool{toolOf(northbridge.Tool(), "Request task context", readOnly(), func(ctx context.Context, args json.RawMessage) (Result, error) {
		out, err := northbridge.Answer(ctx, roots, args, northbridge.Options{Tokenizer: tok})
		if northbridge.IsRequestError(err) {
			return Result{Text: err.Error() + "; see the tool's parameters", IsError: true}, nil
		}
		if err != nil {
			return Result{Text: "context_request failed: " + err.Error(), IsError: true}, nil
		}
		return Result{Text: string(out)}, nil
	})}
}
