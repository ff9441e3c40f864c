package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// writeOpenHands writes an OpenHands output.jsonl holding one run per id,
// each a user message that names its instance.
func writeOpenHands(t *testing.T, ids ...string) string {
	t.Helper()
	var b strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&b, `{"instance_id":%q,"history":[{"id":1,"source":"user","action":"message","message":"fix issue in %s","args":{"content":"fix issue in %s"}}]}`+"\n", id, id, id)
	}
	path := filepath.Join(t.TempDir(), "output.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A file holding several sessions is refused with their names and how to
// pick one; FILE#ID, the name the refusal prints, then reads that session
// in every command that reads a session.
func TestMultiSessionFilePicksOne(t *testing.T) {
	path := writeOpenHands(t, "alpha-1", "beta-2")
	code, out, errs := runCLI(t, "inspect", path)
	if code != 1 || out != "" || !strings.Contains(errs, "output.jsonl#beta-2") || !strings.Contains(errs, path+"#ID") {
		t.Fatalf("inspect of a two-session file: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = runCLI(t, "inspect", path+"#beta-2")
	if code != 0 || !strings.Contains(out, "fix issue in beta-2") || strings.Contains(out, "alpha-1") {
		t.Fatalf("inspect FILE#beta-2: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = runCLI(t, "inspect", path+"#gamma-3")
	if code != 1 || out != "" || !strings.Contains(errs, "no session output.jsonl#gamma-3") {
		t.Fatalf("inspect FILE#unknown: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs = runCLI(t, "state", path+"#alpha-1"); code != 0 {
		t.Fatalf("state FILE#alpha-1: exit %d, stderr %q", code, errs)
	}
	newLog := filepath.Join(t.TempDir(), "folded.jsonl")
	if code, _, errs = runCLI(t, "fold", path+"#alpha-1", "--out", newLog, "--mode", "root"); code != 0 {
		t.Fatalf("fold FILE#alpha-1: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(newLog); err != nil {
		t.Fatalf("fold FILE#alpha-1 wrote no log: %v", err)
	}
}

// inspect and state say when they skipped a DSH log's torn last line, as
// fold does, instead of showing the shorter session silently.
func TestInspectAndStateReportTornTail(t *testing.T) {
	_, torn := tornCopy(t, inspectSample)
	expectTornWarnings(t, torn, "log")
}

// tornCopy writes src with half of its last record cut off, unterminated
// (a log still being written), and returns src's text without its final
// newlines and the copy's path.
func tornCopy(t *testing.T, src string) (body, torn string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	body = strings.TrimRight(string(data), "\n")
	last := strings.LastIndexByte(body, '\n')
	torn = filepath.Join(t.TempDir(), "torn"+filepath.Ext(src))
	if err := os.WriteFile(torn, []byte(body[:last+1+(len(body)-last-1)/2]), 0o644); err != nil {
		t.Fatal(err)
	}
	return body, torn
}

// expectTornWarnings checks that inspect and state read a torn file and say
// they skipped its tail.
func expectTornWarnings(t *testing.T, torn, what string) {
	t.Helper()
	code, out, errs := runCLI(t, "inspect", torn)
	if code != 0 || !strings.Contains(out, "warning: line ") || strings.Count(out, "torn tail skipped") != 1 {
		t.Fatalf("inspect of a torn %s: exit %d, stdout %q, stderr %q", what, code, out, errs)
	}
	code, _, errs = runCLI(t, "state", torn)
	if code != 0 || !strings.Contains(errs, "skipped a torn tail") {
		t.Fatalf("state of a torn %s: exit %d, stderr %q", what, code, errs)
	}
}

// A JSONL trajectory of another format whose last line is cut mid-JSON (a
// Claude Code session still being written) is read without that line, with
// the same torn-tail warning as a DSH log, in inspect, state and fold, and
// for one session picked from a multi-session file.
func TestTornTrajectoryTailIsSkippedWithAWarning(t *testing.T) {
	body, torn := tornCopy(t, "../../importer/testdata/sdk-edge.jsonl")
	expectTornWarnings(t, torn, "trajectory")
	code, _, errs := runCLI(t, "fold", torn, "--out", filepath.Join(t.TempDir(), "folded.jsonl"), "--mode", "root")
	if code != 0 || !strings.Contains(errs, "skipped a torn tail") {
		t.Fatalf("fold of a torn trajectory: exit %d, stderr %q", code, errs)
	}
	// A cut line before the last is damage: refused, naming the line.
	lines := strings.SplitAfter(body, "\n")
	lines[1] = lines[1][:len(lines[1])/2] + "\n"
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs = runCLI(t, "inspect", bad); code != 1 || !strings.Contains(errs, "bad.jsonl:2") || !strings.Contains(errs, "malformed record") {
		t.Fatalf("inspect of a trajectory cut at line 2: exit %d, stderr %q", code, errs)
	}
	// One session of a multi-session file whose last run is torn.
	oh := writeOpenHands(t, "alpha-1", "beta-2")
	raw, _ := os.ReadFile(oh)
	if err := os.WriteFile(oh, append(raw, `{"instance_id":"gamma-3","history":[{"id":1,`...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCLI(t, "state", oh+"#alpha-1")
	if code != 0 || !strings.Contains(errs, "skipped a torn tail: line 3") {
		t.Fatalf("state FILE#alpha-1 of a torn file: exit %d, stderr %q", code, errs)
	}
}

// ef fold says when its output still exceeds --window (here one huge
// message after the last step) instead of succeeding quietly.
func TestFoldWarnsOverWindow(t *testing.T) {
	doc := map[string]any{"trajectory_format": "mini-swe-agent-1.1", "info": map[string]any{}, "messages": []map[string]string{
		{"role": "system", "content": "You are a coding agent."},
		{"role": "user", "content": "paste: " + strings.Repeat("lorem ipsum dolor sit amet ", 2000)},
		{"role": "assistant", "content": "ok"},
	}}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "big.traj.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "fold", path, "--out", filepath.Join(dir, "folded.jsonl"), "--window", "2000")
	if code != 0 || !strings.Contains(errs, "still exceeds --window 2000") {
		t.Fatalf("fold of a log that ends over the window: exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "still over --window 2000") {
		t.Fatalf("the summary of a fold that ends over the window does not say so: %q", out)
	}
	code, out, errs = runCLI(t, "fold", path, "--out", filepath.Join(dir, "emergency.jsonl"), "--mode", "emergency", "--window", "2000")
	if code != 0 || strings.Contains(errs, "still exceeds") || strings.Contains(out, "still over") {
		t.Fatalf("emergency fold of the same log: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A file that is neither a DSH log nor a trajectory ef knows is refused
// with the formats ef reads, not only the DSH reader's complaint about its
// header; a Claude Code session that opens with bookkeeping records is read.
func TestUnknownFormatNamesTheFormats(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.json")
	// (A plain OpenAI chat log, this test's example once, is a format now;
	// so is its next example, {"conversation":[{"speaker":"user",…}]}, read
	// by its shape: no role here is one the generic reading knows.)
	if err := os.WriteFile(plain, []byte(`{"conversation":[{"speaker":"narrator","text":"hi"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI(t, "state", plain)
	if code != 1 || !strings.Contains(errs, "unknown trajectory format (ef reads ") || !strings.Contains(errs, "claude-code") || !strings.Contains(errs, "session log header") ||
		!strings.Contains(errs, "\n"+importer.GenericNoMessages) {
		t.Fatalf("state of an unknown format: exit %d, stderr %q", code, errs)
	}
	generic := filepath.Join(dir, "generic.json")
	if err := os.WriteFile(generic, []byte(`{"conversation":[{"speaker":"user","text":"Use port 9090."},{"speaker":"bot","text":"ok"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI(t, "state", generic); code != 0 || !strings.Contains(errs, "read by its shape (generic): messages taken from the array at $.conversation") {
		t.Fatalf("state of a conversation read by its shape: exit %d, stderr %q", code, errs)
	}
	cc := filepath.Join(dir, "cc.jsonl")
	body := `{"type":"file-history-snapshot","messageId":"m1","snapshot":{},"isSnapshotUpdate":false}
{"parentUuid":null,"type":"user","uuid":"u1","sessionId":"s","message":{"role":"user","content":"The API port should be 9090, not 8080."}}
`
	if err := os.WriteFile(cc, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "state", cc)
	if code != 0 || !strings.Contains(out, "9090 (was 8080)") {
		t.Fatalf("state of a Claude Code session opening with a snapshot record: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// Another agent's trajectory compressed with zstd (to keep or to send) is
// refused with what it is and how to read it; it was refused as a DSH log
// with a bad header ('field "type": want "session"'). Only DSH's own logs
// are read compressed.
func TestCompressedTrajectorySaysDecompress(t *testing.T) {
	p := filepath.Join("testdata", "sdk-edge.jsonl.zstd") // importer/testdata/sdk-edge.jsonl, zstd -19
	for _, cmd := range []string{"inspect", "state"} {
		code, _, stderr := runCLI(t, cmd, p)
		if code != 1 || !strings.Contains(stderr, "is Zstandard-compressed and holds no DSH session log") || !strings.Contains(stderr, "zstd -d "+p) {
			t.Errorf("%s on a zstd-compressed Claude SDK log: exit %d, %q", cmd, code, stderr)
		}
	}
}
