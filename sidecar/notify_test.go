package sidecar

import (
	"bytes"
	"context"
	"encoding/json"
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
