package recall_test

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/recall"
)

// TestRefRoundTripProperty: any ref FormatRef writes parses back to itself,
// whatever bytes the session id holds, unless it is a path with a "." or
// ".." segment (refused: recall.SessionIDRule).
func TestRefRoundTripProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		id := rapid.StringMatching(`[A-Za-z0-9._-]{1,40}`).Filter(func(s string) bool { return !strings.HasPrefix(s, ".") }).Draw(t, "checkpoint")
		session := rapid.StringN(1, 30, -1).Filter(func(s string) bool { return !strings.ContainsRune(s, 0) && recall.SessionIDProblem(s) == "" }).Draw(t, "session")
		r := recall.Ref{CheckpointID: id, SessionID: session}
		if rapid.Bool().Draw(t, "message") {
			m := rapid.IntRange(0, 1<<20).Draw(t, "index")
			r.Message = &m
			r.Byte = rapid.IntRange(0, 1<<30).Draw(t, "byte")
		}
		cur := ""
		if rapid.Bool().Draw(t, "own session") {
			cur = session
		}
		text := recall.FormatRef(r, cur)
		if strings.ContainsAny(text, " \t\n") {
			t.Fatalf("ref %q holds white space", text)
		}
		got, err := recall.ParseRef(text)
		if err != nil {
			t.Fatalf("ParseRef(%q): %v", text, err)
		}
		want := r
		if cur == session {
			want.SessionID = ""
		}
		if got.CheckpointID != want.CheckpointID || got.SessionID != want.SessionID || got.Byte != want.Byte ||
			(got.Message == nil) != (want.Message == nil) || (got.Message != nil && *got.Message != *want.Message) {
			t.Fatalf("FormatRef(%+v) = %q parses to %+v", r, text, got)
		}
	})
}
