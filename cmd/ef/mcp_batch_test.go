package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// ef mcp over stdio, as a client that speaks MCP 2025-03-26 drives it: a
// JSON-RPC batch of a search, a recall and a notification is answered
// with one line, an array of the two answers; under 2025-06-18 the same
// batch is refused (MCP removed batches there).
func TestMCPStdioBatch(t *testing.T) {
	root, _ := bigMessageStore(t)
	serve := func(version string, lines ...string) []string {
		t.Helper()
		in := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"` + version + `","capabilities":{},"clientInfo":{"name":"batch","version":"1"}}}` + "\n" +
			`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" + strings.Join(lines, "\n") + "\n"
		var out strings.Builder
		var stderr strings.Builder
		if err := runMCP(context.Background(), []string{"--store", root}, io.NopCloser(strings.NewReader(in)), nopWriteCloser{&out}, &stderr); err != nil {
			t.Fatalf("ef mcp: %v\n%s", err, stderr.String())
		}
		return strings.Split(strings.TrimSpace(out.String()), "\n")
	}
	batch := `[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"context_search","arguments":{"query":"after"}}},` +
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}},` +
		`{"jsonrpc":"2.0","id":"r","method":"tools/call","params":{"name":"context_recall","arguments":{"ref":"ck#2@s"}}}]`
	out := serve("2025-03-26", batch)
	if len(out) != 2 || !strings.Contains(out[0], `"protocolVersion":"2025-03-26"`) {
		t.Fatalf("want the answer to initialize and one line for the batch, got %d lines:\n%s", len(out), strings.Join(out, "\n"))
	}
	var answers []struct {
		ID     any `json:"id"`
		Result struct {
			IsError bool `json:"isError"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(out[1]), &answers); err != nil || len(answers) != 2 {
		t.Fatalf("the batch's answer is not an array of two: %v\n%s", err, out[1])
	}
	if a := answers[0]; a.ID != float64(1) || a.Result.IsError || len(a.Result.Content) != 1 || !strings.Contains(a.Result.Content[0].Text, "ck#2@s") {
		t.Errorf("search: %+v", a)
	}
	if a := answers[1]; a.ID != "r" || a.Result.IsError || len(a.Result.Content) != 1 || !strings.Contains(a.Result.Content[0].Text, `"text":"after"`) {
		t.Errorf("recall: %+v", a)
	}

	out = serve("2025-06-18", batch)
	if len(out) != 2 || !strings.Contains(out[1], `"code":-32600`) || !strings.Contains(out[1], "not supported under protocol version 2025-06-18") {
		t.Fatalf("under 2025-06-18:\n%s", strings.Join(out, "\n"))
	}
}
