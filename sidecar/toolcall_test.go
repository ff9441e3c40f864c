package sidecar

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/storetest"
	"github.com/epistemicfold/ef/store"
)

// TestToolCallRecallPastTheEnd: tool/call answers a part ref at the end of
// its message as the end, and a byte or a message past the end as an
// error (isError) that names the valid range, as ef mcp and ef recall do.
func TestToolCallRecallPastTheEnd(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	st := storetest.MustOpen(t, dir, store.Options{})
	ctx := context.Background()
	big := json.RawMessage(`{"role":"user","content":[{"type":"text","text":"` + strings.Repeat("y", 60_000) + `"}]}`)
	msgs := []json.RawMessage{big, json.RawMessage(`{"role":"user","content":[{"type":"text","text":"after"}]}`)}
	if _, err := st.Bundles.Put(ctx, bundletest.Bundle("s", "c1", msgs)); err != nil {
		t.Fatal(err)
	}
	st.Close()
	h := newServeHarness(t, dir)
	h.initialize()
	recallRef := func(ref string) (string, bool) {
		t.Helper()
		res, err := h.call(MethodToolCall, map[string]any{"sessionId": "s", "name": "context_recall", "arguments": map[string]any{"ref": ref}})
		if err != nil {
			t.Fatal(err)
		}
		return res["text"].(string), res["isError"].(bool)
	}
	n := strconv.Itoa(len(big)) // 60,053
	if text, isErr := recallRef("c1#0:" + n); isErr || !strings.Contains(text, "[end of message 0: byte 60,053 is its end") || strings.Contains(text, "bytes 0–") {
		t.Fatalf("at the end: isError %v\n%s", isErr, text)
	}
	if text, isErr := recallRef("c1#0:" + n + "1"); !isErr || !strings.Contains(text, "which has 60,053 bytes") {
		t.Fatalf("past the end: isError %v\n%s", isErr, text)
	}
	if text, isErr := recallRef("c1#999"); !isErr || !strings.Contains(text, "archived 2 messages: #0 to #1") {
		t.Fatalf("no such message: isError %v\n%s", isErr, text)
	}
}

// TestToolCallRecallNotUTF8: tool/call's result is text only, and a JSON
// string cannot hold bytes that are not UTF-8 (each reads as U+FFFD on
// the wire): the text of such a message says so, so a model does not take
// the U+FFFD for the archived bytes or the hash for a wrong one.
func TestToolCallRecallNotUTF8(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	st := storetest.MustOpen(t, dir, store.Options{})
	msgs := []json.RawMessage{json.RawMessage("{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"bin \x89\xff end\"}]}")}
	if _, err := st.Bundles.Put(context.Background(), bundletest.Bundle("s", "c1", msgs)); err != nil {
		t.Fatal(err)
	}
	st.Close()
	h := newServeHarness(t, dir)
	h.initialize()
	res, err := h.call(MethodToolCall, map[string]any{"sessionId": "s", "name": "context_recall", "arguments": map[string]any{"ref": "c1#0"}})
	if err != nil {
		t.Fatal(err)
	}
	if text := res["text"].(string); res["isError"].(bool) || !strings.Contains(text, "bin \uFFFD\uFFFD end") || !strings.Contains(text, "not valid UTF-8") {
		t.Fatalf("isError %v\n%s", res["isError"], text)
	}
}
