package engine

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/projection"
)

// runtimeContextLog is the opening of a real dsh 0.1.0-rc.8 session (a
// new-user trial: the user's request at seq 7, the host's runtime-context
// snapshot at seq 8, two reads; the request header's prompt shortened),
// then a read-only policy snapshot of DSH's permission-policy trial at seq
// 32, the host's "context: none" sentinel at seq 33 and an answer.
const runtimeContextLog = "testdata/dsh-runtime-context.jsonl"

func readRuntimeContextLog(t *testing.T, edit func([]byte) []byte) *hostshim.Session {
	t.Helper()
	data, err := os.ReadFile(runtimeContextLog)
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		data = edit(data)
	}
	r, err := hostshim.NewLogReader(bytes.NewReader(data), runtimeContextLog, hostshim.LogOptions{Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s, err := r.ReadSession()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// foldRuntimeContextLog folds the whole surface of s into one leaf
// checkpoint and returns its text.
func foldRuntimeContextLog(t *testing.T, s *hostshim.Session) string {
	t.Helper()
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	nodes := s.Nodes()
	res, err := e.CompactRegion(context.Background(), nodes[0], nodes[len(nodes)-1], &hostshim.Agent{Session: s})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, b := range res.Summary {
		sb.WriteString(b.Text)
	}
	return sb.String()
}

// userRequests is the "User requests" section of checkpoint text.
func userRequests(text string) string {
	_, after, ok := strings.Cut(text, secUsers+":\n")
	if !ok {
		return ""
	}
	var sb strings.Builder
	for line := range strings.Lines(after) {
		if !strings.HasPrefix(line, "- ") {
			break
		}
		sb.WriteString(line)
	}
	return sb.String()
}

// DSH's runtime-context snapshots (source {kind: plugin, plugin:
// @deepseek-ai/dsh-system-prompt}) are the host's: a checkpoint lists the
// user's request, not them, and the state holds no objective or rule read
// from them.
func TestRuntimeContextIsHostChatter(t *testing.T) {
	s := readRuntimeContextLog(t, nil)
	text := foldRuntimeContextLog(t, s)
	req := userRequests(text)
	if !strings.Contains(req, "then tell me the staging password") {
		t.Errorf("User requests lost the user's request:\n%s\ncheckpoint:\n%s", req, text)
	}
	for _, host := range []string{"runtime context", "runtime-context", "DSH file policy", "Approval policy"} {
		if strings.Contains(text, host) {
			t.Errorf("checkpoint quotes the host's snapshot (%q):\n%s", host, text)
		}
	}

	r := projection.New(projection.Options{SessionID: bundleSessionID(s)})
	ApplyEvents(r, s, 0, s.Len()-1)
	var objective bool
	for _, a := range r.Anchors() {
		if a.Kind == projection.KindObjective && strings.Contains(a.Value, "staging password") {
			objective = true
		}
		for _, ref := range a.SourceRefs {
			if ref.Seq == 8 || ref.Seq == 32 || ref.Seq == 33 {
				t.Errorf("anchor read from the host's snapshot at seq %d: %s %s = %q", ref.Seq, a.Kind, a.Key, a.Value)
			}
		}
	}
	if !objective {
		t.Errorf("no objective from the user's request; anchors: %v", anchorKeys(r))
	}
}

// Near miss: the same words in a message of the user's own (source kind
// user: they pasted the snapshot) are the user's, and a checkpoint lists
// them.
func TestRuntimeContextTextFromTheUserStays(t *testing.T) {
	s := readRuntimeContextLog(t, func(b []byte) []byte {
		return bytes.ReplaceAll(b, []byte(`"source":{"kind":"plugin","plugin":"@deepseek-ai/dsh-system-prompt","form":"snapshot"`), []byte(`"source":{"kind":"user","form":"x"`))
	})
	req := userRequests(foldRuntimeContextLog(t, s))
	if !strings.Contains(req, "Current runtime context.") {
		t.Errorf("the user's pasted snapshot is missing from User requests:\n%s", req)
	}
}

func anchorKeys(r *projection.Reducer) []string {
	var out []string
	for _, a := range r.Anchors() {
		out = append(out, a.Key)
	}
	return out
}
