package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// 'ef help fold' prints fold's help, as 'ef fold -h' does (it printed the
// list of commands); 'ef version' and 'ef --version' name the version and
// the build (both were "unknown command").
func TestHelpAndVersion(t *testing.T) {
	code, out, errs := runCLI(t, "help", "fold")
	if code != 0 || !strings.Contains(out+errs, "usage: ef fold <session-log>") || strings.Contains(out+errs, "commands:") {
		t.Errorf("ef help fold: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "help", "nosuch")
	if code != 2 || !strings.Contains(errs, `unknown command "nosuch"`) {
		t.Errorf("ef help nosuch: exit %d\n%s%s", code, out, errs)
	}
	for _, arg := range []string{"version", "--version"} {
		code, out, errs := runCLI(t, arg)
		if code != 0 || !strings.HasPrefix(out, "ef "+efVersion+" (") || errs != "" {
			t.Errorf("ef %s: exit %d, %q %q", arg, code, out, errs)
		}
	}
	if _, out, _ := runCLI(t, "--help"); !strings.Contains(out, "'ef help <command>'") {
		t.Errorf("usage does not name ef help <command>:\n%s", out)
	}
}

// A fold stopped by Ctrl-C says it was interrupted and what it left (no
// --out; the store's checkpoints reused by a rerun), exit 130, not "ef
// fold: context canceled".
func TestInterruptedFoldSaysSo(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "s.jsonl", 0)
	out := filepath.Join(dir, "out.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"fold", log, "--store", filepath.Join(dir, "store"), "--out", out, "--window", "2000"}, &stdout, &stderr)
	if code != 130 || !strings.HasPrefix(stderr.String(), "ef fold: interrupted: --out was not written") ||
		!strings.Contains(stderr.String(), "running the same command again reuses them") || strings.Contains(stderr.String(), "context canceled") {
		t.Errorf("interrupted fold: exit %d, stderr %q", code, stderr.String())
	}
	if _, err := os.Lstat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--out after an interrupted fold: %v", err)
	}
}

// A DSH log with a UTF-8 byte order mark before its header (an editor or a
// Windows tool added it) is refused with the reason and the fix, not only
// "first line is not a JSON object".
func TestDSHLogWithBOMSaysSo(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "s.jsonl", 0)
	raw, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	bom := filepath.Join(dir, "bom.jsonl")
	if err := os.WriteFile(bom, append([]byte{0xef, 0xbb, 0xbf}, raw...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"inspect", "state"} {
		code, _, errs := runCLI(t, cmd, bom)
		if code != 1 || !strings.Contains(errs, "starts with a UTF-8 byte order mark") || !strings.Contains(errs, "sed -i") {
			t.Errorf("ef %s on a log with a BOM: exit %d, %q", cmd, code, errs)
		}
	}
	// The same log without it reads.
	if code, _, errs := runCLI(t, "inspect", log); code != 0 {
		t.Errorf("ef inspect: exit %d, %q", code, errs)
	}
}

// TestFoldHelpExplainsItsLines: every fold's line prints a closure level
// (C0..C3) that neither the help nor the README explained. The help now
// names each column, and the level printed by a real fold is one it lists.
func TestFoldHelpExplainsItsLines(t *testing.T) {
	_, out, errs := runCLI(t, "help", "fold")
	help := out + errs
	for _, want := range []string{"closure level", "C0", "C1", "C2", "C3", "recall"} {
		if !strings.Contains(help, want) {
			t.Errorf("ef help fold does not explain %q:\n%s", want, help)
		}
	}
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	_, text, err := foldRun(t, log, "--store", filepath.Join(dir, "store"), "--out", filepath.Join(dir, "out.jsonl"), "--window", "2000")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	lines := 0
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) > 2 && strings.HasPrefix(f[1], "ef-") {
			lines++
			if level := f[len(f)-3]; !strings.Contains(help, level+" ") {
				t.Errorf("fold line %q: level %q is not in the help", l, level)
			}
		}
	}
	if lines == 0 {
		t.Fatalf("no fold lines:\n%s", text)
	}
}
