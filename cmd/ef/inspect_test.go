package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
)

const inspectSample = "../../hostshim/testdata/logs/examples__headless-agent__compaction-recovery__session.jsonl"

func TestInspectText(t *testing.T) {
	code, out, errs := runCLI(t, "inspect", inspectSample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"4 surface nodes", "1 replacement", "checkpoint", "COMPACTION RECOVERED", "total"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestInspectJSON(t *testing.T) {
	code, out, errs := runCLI(t, "inspect", "--json", inspectSample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep inspectReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Nodes) != 4 || rep.Nodes[0].Seq != 21 || rep.Nodes[0].Checkpoint == "" {
		t.Fatalf("unexpected nodes: %+v", rep.Nodes)
	}
	sum := 0
	for _, n := range rep.Nodes {
		sum += n.Tokens["dsh-heuristic"]
	}
	if sum != rep.Totals["dsh-heuristic"] || sum == 0 {
		t.Fatalf("totals %v do not add up to %d", rep.Totals, sum)
	}
	if !rep.Nodes[1].BalancedBefore || rep.Nodes[1].BalancedAfter || len(rep.Nodes[1].ToolCalls) != 1 {
		t.Fatalf("pairing of the tool call node wrong: %+v", rep.Nodes[1])
	}
}

func TestInspectErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("{\"type\":\"session\",\"version\":0,\"id\":\"x\",\"createdAt\":0}\n{\"type\":\"user/message\",\"data\":{\"content\":[]},\"surfaceOp\":\"sideways\"}\n{\"type\":\"turn/start\",\"data\":{\"turn\":1}}\n"), 0o600)
	unknown := filepath.Join(dir, "unknown.jsonl")
	os.WriteFile(unknown, []byte("{\"type\":\"session\",\"version\":99,\"id\":\"x\",\"createdAt\":0}\n"), 0o600)
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"missing file", []string{"inspect", filepath.Join(dir, "nope.jsonl")}, 1, "nope.jsonl"},
		{"malformed line", []string{"inspect", bad}, 1, "bad.jsonl:2: field \"surfaceOp\""},
		{"unknown format", []string{"inspect", unknown}, 1, "99"},
		{"no args", []string{"inspect"}, 2, "want exactly one"},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := runCLI(t, c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, c.code, errs)
			}
			if !strings.Contains(errs, c.want) {
				t.Fatalf("stderr %q lacks %q", errs, c.want)
			}
		})
	}
}

// TestInspectAndFoldReadTrajectories: a trajectory of another format is
// converted to a session; a file of several sessions is refused by name;
// a file no importer knows gets the DSH reader's error.
func TestInspectAndFoldReadTrajectories(t *testing.T) {
	traj := filepath.Join("..", "..", "importer", "testdata", "swe-fallback.traj")
	code, out, errs := runCLI(t, "inspect", "--json", traj)
	if code != 0 {
		t.Fatalf("inspect: exit %d: %s", code, errs)
	}
	var rep inspectReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Nodes) == 0 {
		t.Fatalf("inspect of a trajectory: %v, %d nodes", err, len(rep.Nodes))
	}
	dir := t.TempDir()
	if code, _, errs := runCLI(t, "fold", traj, "--mode", "root", "--out", filepath.Join(dir, "out.jsonl")); code != 0 {
		t.Fatalf("fold: exit %d: %s", code, errs)
	}
	if _, err := hostshim.ReadSession(filepath.Join(dir, "out.jsonl"), hostshim.LogOptions{}); err != nil {
		t.Fatalf("folded trajectory: %v", err)
	}
	if code, _, errs := runCLI(t, "inspect", filepath.Join("..", "..", "importer", "testdata", "unknown.json")); code == 0 || !strings.Contains(errs, "header") {
		t.Fatalf("unknown format: exit %d: %s", code, errs)
	}
}

// TestInspectStreamsLikeTheWholeSession: the report on a trajectory read
// event by event (every JSONL format the importer streams, and a torn
// one) is the report on the same session imported whole: positions, pairs
// and the cuts' balance, prices, previews, events, warnings.
func TestInspectStreamsLikeTheWholeSession(t *testing.T) {
	meters, err := inspectMeters()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "importer", "testdata")
	logs := []string{"anthropic-messages.jsonl", "langchain.jsonl", "openai-chat.jsonl", "openai-legacy.jsonl", "sdk-edge.jsonl", "swe-fallback.traj"}
	_, torn := tornCopy(t, filepath.Join(dir, "sdk-edge.jsonl"))
	paths := []string{torn}
	for _, l := range logs {
		paths = append(paths, filepath.Join(dir, l))
	}
	for _, p := range paths {
		streamed, err := inspectLog(context.Background(), p, true, meters)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		s, tail, err := importSession(context.Background(), p, "")
		if err != nil {
			t.Fatal(err)
		}
		whole, err := inspectSession(context.Background(), p, s, tail, meters)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(streamed)
		b, _ := json.Marshal(whole)
		if string(a) != string(b) {
			t.Errorf("%s: streamed report differs from the whole session's:\n%s\n%s", p, a, b)
		}
		if len(whole.Nodes) == 0 {
			t.Errorf("%s: no nodes: the comparison checks nothing", p)
		}
	}
}
