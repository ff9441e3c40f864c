package main

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// bigMessageStore is a store holding session "s", checkpoint "ck": a
// short message, one of about 60 KB (several parts at the default
// budget) and another short one. It returns the store and the big
// message.
func bigMessageStore(t *testing.T) (string, json.RawMessage) {
	t.Helper()
	small := func(s string) json.RawMessage {
		return json.RawMessage(`{"role":"user","content":[{"type":"text","text":"` + s + `"}]}`)
	}
	big := json.RawMessage(`{"role":"user","content":[{"type":"text","text":"` + strings.Repeat("y", 60_000) + `"}]}`)
	return oneCheckpointStore(t, small("before"), big, small("after")), big
}

// oneCheckpointStore is a store holding session "s", checkpoint "ck",
// whose archive is msgs.
func oneCheckpointStore(t *testing.T, msgs ...json.RawMessage) string {
	t.Helper()
	c := recalltest.Checkpoint{Archive: msgs}
	c.SessionID, c.CheckpointID, c.Mode, c.CreatedAt, c.Rendered = "s", "ck", "leaf", recalltest.T0, "a checkpoint\n"
	st, root := bundletest.MustOpen(t, bundle.Options{})
	recalltest.FillStore(t, st, []recalltest.Checkpoint{c})
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return root
}

// A part ref at the end of its message is answered as the end (exit 0,
// not the message from byte 0 again), one past the end and a message the
// checkpoint does not have are errors (exit 2) that name the valid range.
func TestRecallCommandRefPastTheEnd(t *testing.T) {
	root, big := bigMessageStore(t)
	n := len(big)
	code, out, stderr := runCLI(t, "recall", "--store", root, "ck#1:"+strconv.Itoa(n)+"@s")
	if code != 0 || !strings.Contains(out, "[end of message 1: byte "+groupDigits(n)+" is its end") || strings.Contains(out, "bytes 0–") {
		t.Fatalf("at the end: exit %d\n%s%s", code, out, stderr)
	}
	if !strings.Contains(out, "Next page: ef recall --store") || !strings.Contains(out, "--offset 2") {
		t.Errorf("at the end, the next page is message 2:\n%s", out)
	}
	code, out, _ = runCLI(t, "recall", "--store", root, "--json", "ck#1:"+strconv.Itoa(n)+"@s")
	var res struct {
		MessageEnd *struct{ Bytes int } `json:"messageEnd"`
		Exact      []json.RawMessage    `json:"exact"`
	}
	if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil || res.MessageEnd == nil || res.MessageEnd.Bytes != n || len(res.Exact) != 0 {
		t.Fatalf("at the end, --json: exit %d, %v\n%s", code, err, out)
	}
	for _, b := range []int{n + 1, 99999999} {
		code, out, stderr = runCLI(t, "recall", "--store", root, "ck#1:"+strconv.Itoa(b)+"@s")
		if code == 0 || out != "" || !strings.Contains(stderr, "which has "+groupDigits(n)+" bytes") {
			t.Fatalf("byte %d: exit %d\n%s%s", b, code, out, stderr)
		}
	}
	for _, ref := range []string{"ck#3@s", "ck#999@s"} {
		code, out, stderr = runCLI(t, "recall", "--store", root, ref)
		if code == 0 || out != "" || !strings.Contains(stderr, "archived 3 messages: #0 to #2") {
			t.Fatalf("%s: exit %d\n%s%s", ref, code, out, stderr)
		}
	}
}

// Over MCP the same refs are answered the same way: the end of a message
// is a result, a ref past the end is a call result with isError.
func TestMCPRecallRefPastTheEnd(t *testing.T) {
	root, big := bigMessageStore(t)
	cs := mcpConnect(t, "--store", root)
	call := func(ref string) *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: recall.ToolRecall, Arguments: map[string]any{"ref": ref}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := call("ck#1:" + strconv.Itoa(len(big)) + "@s"); res.IsError || !strings.Contains(mcpText(t, res), "[end of message 1:") {
		t.Fatalf("at the end: %s", mcpText(t, res))
	}
	if res := call("ck#1:" + strconv.Itoa(len(big)+1) + "@s"); !res.IsError || !strings.Contains(mcpText(t, res), "which has "+groupDigits(len(big))+" bytes") {
		t.Fatalf("past the end: isError %v: %s", res.IsError, mcpText(t, res))
	}
	if res := call("ck#999@s"); !res.IsError || !strings.Contains(mcpText(t, res), "#0 to #2") {
		t.Fatalf("no such message: isError %v: %s", res.IsError, mcpText(t, res))
	}
}

// groupDigits groups n by thousands, as recall prints sizes.
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
