package sidecar

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/origin/action"
)

// TestActionSubmit: action/submit answers the kernel's result on the DSH
// channel; without a kernel, or with a malformed intent, it answers a
// JSON-RPC error and nothing is audited.
func TestActionSubmit(t *testing.T) {
	ctx := context.Background()
	none := New(Options{})
	if _, err := none.Handle(ctx, MethodActionSubmit, json.RawMessage(`{"intent":{"relpath":"a","content":"x"}}`)); !isCode(err, CodeInvalidRequest) {
		t.Errorf("no kernel: %v", err)
	}
	init, err := none.Handle(ctx, MethodInitialize, json.RawMessage(`{"protocolVersion":1}`))
	if err != nil || init.(*InitializeResult).ActionTool != nil {
		t.Errorf("no kernel, yet initialize offers the action tool: %v", err)
	}

	w := actiontest.NewWorkspace(t)
	k, err := action.Open(action.Options{Roots: []string{w.Base}})
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	srv := New(Options{Actions: k})
	defer srv.Close()
	res, err := srv.Handle(ctx, MethodActionSubmit, json.RawMessage(`{"intent":{"relpath":"demo/n.md","content":"x"}}`))
	if err != nil {
		t.Fatal(err)
	}
	raw := string(res.(json.RawMessage))
	if !strings.Contains(raw, `"actor":"ef_dsh"`) || !strings.Contains(raw, `"status":"done"`) {
		t.Errorf("result %s", raw)
	}
	for _, bad := range []string{`{}`, `{"intent":{"relpath":"x","content":"y","via":"cli"}}`, `{"intent":[1]}`, `{"intent":{"relpath":"x"},"extra":1}`} {
		if _, err := srv.Handle(ctx, MethodActionSubmit, json.RawMessage(bad)); !isCode(err, CodeInvalidParams) {
			t.Errorf("%s: %v, want invalid params", bad, err)
		}
	}
	init, err = srv.Handle(ctx, MethodInitialize, json.RawMessage(`{"protocolVersion":1}`))
	if err != nil || init.(*InitializeResult).ActionTool == nil || init.(*InitializeResult).ActionTool.Name != action.ToolName {
		t.Errorf("initialize does not offer the action tool: %v", err)
	}
}

func isCode(err error, code int) bool {
	var re *Error
	return errors.As(err, &re) && re.Code == code
}
