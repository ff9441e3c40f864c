package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ef bench --corpus DIR on real sessions says, under the legend, why the
// probe, authority-loss, staleness and survival columns read "—" (no
// planted ground truth; the built-in corpus has it), and a corpus file
// whose JSONL tail is torn gets the note ef fold prints for it, on stderr
// and in the report. The built-in corpus (near miss) gets no such line.
func TestBenchCorpusSaysWhyProbesAreBlank(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(filepath.Join("..", "..", "bench", "testdata", "corpus", "openagents-atif", "trajectory.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "trajectory.json"), good, 0o644); err != nil {
		t.Fatal(err)
	}
	long, err := os.ReadFile(writeLongClaudeLog(t, 30))
	if err != nil {
		t.Fatal(err)
	}
	torn := append(long, `{"parentUuid":"a29","sessionId":"long-1","type":"user","uuid":"late","message":{"role":"us`...)
	if err := os.WriteFile(filepath.Join(dir, "claude.jsonl"), torn, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "bench", "--corpus", dir, "--engines", "basic,ef", "--max-steps", "12")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "read — here: they need planted ground truth") || !strings.Contains(out, "ef bench without\n--corpus") {
		t.Errorf("no line says why the probe columns are blank:\n%s", out[max(0, len(out)-1500):])
	}
	want := "claude.jsonl: skipped a torn tail: line 61"
	if !strings.Contains(errs, "ef bench: ./"+want) && !strings.Contains(errs, "ef bench: "+want) {
		t.Errorf("stderr does not name the torn tail (%q): %q", want, errs)
	}
	if !strings.Contains(out, "\nnotes:\n") || !strings.Contains(out, want) {
		t.Errorf("the report does not list the torn tail:\n%s", out[max(0, len(out)-600):])
	}

	// Near miss: the built-in corpus has planted facts: no such line.
	code, out, errs = runCLI(t, append(slices.Clone(benchArgs), "--engines", "basic")...)
	if code != 0 {
		t.Fatalf("built-in: exit %d: %s", code, errs)
	}
	if strings.Contains(out, "planted ground truth") {
		t.Errorf("built-in corpus says the probes are blank:\n%s", out)
	}
	if strings.Contains(out, "torn tail") {
		t.Errorf("built-in corpus notes a torn tail:\n%s", out)
	}
}
