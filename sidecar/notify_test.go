package sidecar

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
)

// A notification gets no response, so one the sidecar refuses must be
// logged: a session/open whose events carry fields no event has (here the
// log's header line, as a hand-written client might send it) used to be
// dropped without a word, and the next fold said only "not mirrored".
func TestRefusedNotificationIsLogged(t *testing.T) {
	var logs bytes.Buffer
	srv := New(Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	ctx := context.Background()
	for _, n := range []struct{ method, params string }{
		{MethodSessionOpen, `{"sessionId":"s1","events":[{"type":"session","version":0,"id":"s1","createdAt":1}]}`},
		{MethodSessionEvents, `{"sessionId":"s1","fromSeq":0,"events":[],"extra":1}`},
		{MethodSessionClose, `{"session":"s1"}`},
	} {
		logs.Reset()
		if _, err := srv.Handle(ctx, n.method, json.RawMessage(n.params)); err == nil {
			t.Fatalf("%s %s: no error", n.method, n.params)
		}
		if got := logs.String(); !strings.Contains(got, "notification refused") || !strings.Contains(got, n.method+": invalid params") {
			t.Errorf("%s: the refusal is not logged with its cause; log:\n%s", n.method, got)
		}
	}
	// A well-formed notification logs nothing.
	logs.Reset()
	if _, err := srv.Handle(ctx, MethodSessionClose, json.RawMessage(`{"sessionId":"s1"}`)); err != nil {
		t.Fatal(err)
	}
	if logs.Len() != 0 {
		t.Errorf("session/close logged: %s", logs.String())
	}
}

// A session notification that names no session (params absent, null, {},
// or an empty sessionId) is refused as invalid params, and a refused
// session/open does not open the store as initialize does: in the trial a
// session/open with null params was answered null and the sidecar then
// served tool/call although initialize had never succeeded. The near miss:
// a session/open that names its session is accepted and mirrored.
func TestSessionNotificationWithoutSessionIsRefused(t *testing.T) {
	ctx := context.Background()
	for _, method := range []string{MethodSessionOpen, MethodSessionEvents, MethodSessionClose} {
		for _, params := range []string{"", "null", "{}", `{"sessionId":""}`} {
			var logs bytes.Buffer
			srv := New(Options{StoreDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(&logs, nil))})
			_, err := srv.Handle(ctx, method, json.RawMessage(params))
			var rerr *Error
			if !errors.As(err, &rerr) || rerr.Code != CodeInvalidParams || !strings.Contains(rerr.Message, "sessionId is required") {
				t.Errorf("%s %q: got %v, want invalid params naming sessionId", method, params, err)
			}
			if !strings.Contains(logs.String(), "notification refused") {
				t.Errorf("%s %q: the refusal is not logged", method, params)
			}
			res, _ := srv.Handle(ctx, MethodToolCall, json.RawMessage(`{"name":"context_search","arguments":{"query":"x"}}`))
			if tr, ok := res.(*ToolCallResult); !ok || !strings.Contains(tr.Text, "not initialized") {
				t.Errorf("%s %q: tool/call after the refusal answered %#v, want not initialized", method, params, res)
			}
			srv.Close()
		}
	}
	srv := New(Options{StoreDir: t.TempDir()})
	defer srv.Close()
	if _, err := srv.Handle(ctx, MethodSessionOpen, json.RawMessage(`{"sessionId":"s1"}`)); err != nil {
		t.Fatalf("session/open naming its session: %v", err)
	}
	if _, ok := srv.sessions["s1"]; !ok {
		t.Fatal("session/open naming its session did not mirror it")
	}
}
