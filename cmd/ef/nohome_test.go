package main

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
)

// With no $HOME (and no EF_HOME or XDG_DATA_HOME) ef fold and ef search
// cannot place the project's default store: the error names the ways out
// (EF_HOME, XDG_DATA_HOME, --store), not only "$HOME is not defined".
func TestNoHomeNamesTheWayOut(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" || runtime.GOOS == "plan9" {
		t.Skip("$HOME and XDG_DATA_HOME place the stores on Linux and BSD")
	}
	t.Setenv("HOME", "")
	t.Setenv("EF_HOME", "")
	t.Setenv("XDG_DATA_HOME", "")
	log := writeLongClaudeLog(t, 3)
	for _, args := range [][]string{
		{"fold", "--mode", "leaf", "--project", t.TempDir(), "--out", t.TempDir() + "/out.jsonl", log},
		{"search", "--project", t.TempDir(), "push"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), args, &out, &errb)
		msg := errb.String()
		if code == 0 {
			t.Errorf("ef %s with no HOME: exit 0, want a failure", args[0])
			continue
		}
		for _, w := range []string{"EF_HOME", "XDG_DATA_HOME", "--store"} {
			if !strings.Contains(msg, w) {
				t.Errorf("ef %s with no HOME: %q does not name %s", args[0], msg, w)
			}
		}
	}
}
