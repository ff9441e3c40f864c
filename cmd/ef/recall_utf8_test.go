package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/recall"
)

// notUTF8Store is a store holding session "s", checkpoint "ck": a message
// whose text holds bytes that are not UTF-8 (a tool's binary output, as a
// host can log it) and one that is plain. It returns the store and the
// first message.
func notUTF8Store(t *testing.T) (string, json.RawMessage) {
	t.Helper()
	bad := json.RawMessage("{\"role\":\"tool\",\"toolCallId\":\"c1\",\"content\":[{\"type\":\"text\",\"text\":\"PNG \x89\xff\xfe end \xe6\x97\"}]}")
	good := json.RawMessage(`{"role":"user","content":[{"type":"text","text":"plain 文字"}]}`)
	return oneCheckpointStore(t, bad, good), bad
}

// ef recall --json gives a message that is not valid UTF-8 losslessly: a
// JSON string cannot hold its bytes (the encoder writes U+FFFD for each
// invalid one, and the sha256 printed beside it is of the original), so
// rawBase64 holds them and rawNotUTF8 says raw is not exact. A valid
// message has neither. The text output stays byte-exact.
func TestRecallCommandJSONNotUTF8(t *testing.T) {
	root, bad := notUTF8Store(t)
	code, out, stderr := runCLI(t, "recall", "--store", root, "--json", "--depth", "exact", "ck@s")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var res struct {
		Exact []struct {
			Index      int    `json:"index"`
			Raw        string `json:"raw"`
			RawBase64  string `json:"rawBase64"`
			RawNotUTF8 bool   `json:"rawNotUTF8"`
			SHA256     string `json:"sha256"`
		} `json:"exact"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Exact) != 2 {
		t.Fatalf("%v\n%s", err, out)
	}
	m := res.Exact[0]
	got, err := base64.StdEncoding.DecodeString(m.RawBase64)
	sum := sha256.Sum256(got)
	if err != nil || !bytes.Equal(got, bad) || !m.RawNotUTF8 || m.SHA256 != "sha256:"+hex.EncodeToString(sum[:]) {
		t.Fatalf("message 0: rawBase64 %q (%v) gives %q, want the archived bytes %q; rawNotUTF8 %v; sha256 %s", m.RawBase64, err, got, bad, m.RawNotUTF8, m.SHA256)
	}
	if m := res.Exact[1]; m.RawBase64 != "" || m.RawNotUTF8 || !strings.Contains(m.Raw, "plain 文字") {
		t.Fatalf("message 1, valid UTF-8: %+v", m)
	}
	code, out, _ = runCLI(t, "recall", "--store", root, "ck#0@s")
	if code != 0 || !strings.Contains(out, string(bad)) {
		t.Fatalf("text output is not byte-exact: exit %d\n%q", code, out)
	}
	if _, _, stderr = runCLI(t, "recall", "-h"); !strings.Contains(stderr, "rawBase64") {
		t.Errorf("ef recall -h does not say how a message that is not UTF-8 is given:\n%s", stderr)
	}
}

// Over MCP, context_recall's structured result carries the same lossless
// form: rawBase64 holds the bytes of a message that is not UTF-8, and the
// text says that its JSON form of them is not exact.
func TestMCPRecallNotUTF8(t *testing.T) {
	root, bad := notUTF8Store(t)
	cs := mcpConnect(t, "--store", root)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: recall.ToolRecall, Arguments: map[string]any{"ref": "ck#0@s"}})
	if err != nil || res.IsError {
		t.Fatalf("%v %+v", err, res)
	}
	var rr struct {
		Exact []struct {
			RawBase64  string `json:"rawBase64"`
			RawNotUTF8 bool   `json:"rawNotUTF8"`
		} `json:"exact"`
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &rr); err != nil || len(rr.Exact) != 1 {
		t.Fatalf("%v\n%s", err, b)
	}
	got, err := base64.StdEncoding.DecodeString(rr.Exact[0].RawBase64)
	if err != nil || !bytes.Equal(got, bad) || !rr.Exact[0].RawNotUTF8 {
		t.Fatalf("structured result: rawBase64 gives %q (%v), want %q; rawNotUTF8 %v", got, err, bad, rr.Exact[0].RawNotUTF8)
	}
	if text := mcpText(t, res); !strings.Contains(text, "not valid UTF-8") {
		t.Errorf("the text does not say the message is not UTF-8:\n%s", text)
	}
}
