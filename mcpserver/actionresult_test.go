package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/mcpserver"
	"github.com/epistemicfold/ef/origin/action"
)

// TestActionSubmitIsErrorUnlessDone: action_submit sets isError on every
// result but done, so that a model reading the flag alone never takes a
// refused or denied write for one that happened; the text is the
// action.result line either way.
func TestActionSubmitIsErrorUnlessDone(t *testing.T) {
	base := t.TempDir()
	os.WriteFile(filepath.Join(base, "old.md"), []byte("old\n"), 0o644)
	k, err := action.Open(action.Options{Roots: []string{base}})
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	tool := mcpserver.ActionTools(k)[0]
	for _, c := range []struct {
		intent, status string
		isError        bool
	}{
		{`{"relpath":"new.md","content":"x"}`, "done", false},
		{`{"relpath":"new.md","content":"y","mode":"append"}`, "done", false},
		{`{"relpath":"old.md","content":"x"}`, "requires_approval", true},
		{`{"relpath":"../outside.md","content":"x"}`, "denied", true},
		{`{"relpath":"old.md","content":"x","expect_sha256":"` + strings.Repeat("0", 64) + `"}`, "requires_approval", true},
		{`{"relpath":"old.md","content":"x","approval":"confirm"}`, "done", false},
	} {
		r, err := tool.Call(context.Background(), json.RawMessage(c.intent))
		if err != nil {
			t.Fatalf("%s: %v", c.intent, err)
		}
		var res action.Result
		if err := json.Unmarshal([]byte(r.Text), &res); err != nil {
			t.Fatalf("%s: text is not an action.result: %q", c.intent, r.Text)
		}
		if string(res.Status) != c.status || r.IsError != c.isError {
			t.Errorf("%s: status %s isError %v, want %s %v", c.intent, res.Status, r.IsError, c.status, c.isError)
		}
	}
}

// TestStdioDuplicateInFlightID: a request whose id is that of a request
// still running is refused with an invalid-request error naming the id
// (the SDK answered only one of the two, and the client waited for the
// other forever); the first is answered; an id reused after its answer,
// and another id in flight, are served.
func TestStdioDuplicateInFlightID(t *testing.T) {
	release := make(chan struct{})
	slow := echo()
	call := slow.Call
	slow.Call = func(ctx context.Context, args json.RawMessage) (mcpserver.Result, error) {
		if strings.Contains(string(args), "wait") {
			<-release
		}
		return call(ctx, args)
	}
	st := startStdio(t, slow)
	st.send(initRequest)
	st.next()
	st.send(initialized)
	tc := func(id, word string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"echo","arguments":{"word":"` + word + `"}}}`
	}
	decode := func(line string) rpcMessage {
		var m rpcMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON-RPC message: %s", line)
		}
		return m
	}
	st.send(tc("11", "wait"))
	st.send(tc("11", "second"))
	m := decode(st.next())
	if m.ID != float64(11) || m.Error == nil || m.Error.Code != -32600 || !strings.Contains(m.Error.Message, "id 11 is the id of a request not answered yet") {
		t.Fatalf("duplicate id: %+v", m)
	}
	st.send(tc(`"11"`, "string id")) // another id: "11" is not 11
	if m := decode(st.next()); m.ID != "11" || m.Error != nil || !strings.Contains(string(m.Result), "string id") {
		t.Errorf("string id \"11\" while 11 runs: %+v", m)
	}
	close(release)
	if m := decode(st.next()); m.ID != float64(11) || m.Error != nil || !strings.Contains(string(m.Result), "wait") {
		t.Errorf("the first request 11: %+v", m)
	}
	st.send(tc("11", "again"))
	if m := decode(st.next()); m.ID != float64(11) || m.Error != nil || !strings.Contains(string(m.Result), "again") {
		t.Errorf("id 11 reused after its answer: %+v", m)
	}
	st.end()
}
