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
	w := actiontest.NewWorkspace(t)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
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
	checkOptionalTool(t, srv, MethodActionSubmit, `{"intent":{"relpath":"a","content":"x"}}`,
		[]string{`{}`, `{"intent":{"relpath":"x","content":"y","via":"cli"}}`, `{"intent":[1]}`, `{"intent":{"relpath":"x"},"extra":1}`},
		func(r *InitializeResult) (string, bool) {
			if r.ActionTool == nil {
				return "", false
			}
			return r.ActionTool.Name, true
		}, action.ToolName)
}

func isCode(err error, code int) bool {
	var re *Error
	return errors.As(err, &re) && re.Code == code
}

// checkOptionalTool checks what the tools the sidecar offers only with an
// option (the action kernel, the origin roots) have in common. A Server
// without it answers method (with params) CodeInvalidRequest, and its
// initialize leaves the tool out; srv, which has it, answers each of bad
// CodeInvalidParams, and its initialize offers the tool named want. tool
// reads the tool's name from an initialize result, and whether it is there.
func checkOptionalTool(t *testing.T, srv *Server, method, params string, bad []string, tool func(*InitializeResult) (string, bool), want string) {
	t.Helper()
	ctx := context.Background()
	none := New(Options{})
	defer none.Close()
	if _, err := none.Handle(ctx, method, json.RawMessage(params)); !isCode(err, CodeInvalidRequest) {
		t.Errorf("without the option, %s: %v", method, err)
	}
	if init, err := none.Handle(ctx, MethodInitialize, json.RawMessage(`{"protocolVersion":1}`)); err != nil {
		t.Errorf("without the option, initialize: %v", err)
	} else if _, offered := tool(init.(*InitializeResult)); offered {
		t.Errorf("without the option, initialize offers %s", want)
	}
	for _, b := range bad {
		if _, err := srv.Handle(ctx, method, json.RawMessage(b)); !isCode(err, CodeInvalidParams) {
			t.Errorf("%s: %v, want invalid params", b, err)
		}
	}
	if init, err := srv.Handle(ctx, MethodInitialize, json.RawMessage(`{"protocolVersion":1}`)); err != nil {
		t.Errorf("initialize: %v", err)
	} else if name, offered := tool(init.(*InitializeResult)); !offered || name != want {
		t.Errorf("initialize does not offer %s (offered %v, named %q)", want, offered, name)
	}
}
