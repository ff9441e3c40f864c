package importer

import (
	"regexp"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// geminiResult adds a tool result: failed as recorded, or when it is
// the shell tool's report of a command that exited non-zero, timed out
// or was stopped; kind is its hostshim.Injected* mark, and a command the
// user stopped is an interruption.
func geminiResult(t *transcript, id string, failed bool, text, kind string) {
	exited, stopped := geminiShellOutcome(text)
	if stopped {
		kind = hostshim.InjectedInterruption
	}
	t.result(id, failed || exited || stopped, hostshim.TextBlock(text))
	t.items[len(t.items)-1].injected = kind
}

// Gemini CLI's shell tool (run_shell_command) reports a command as text
// with its status "success" however the command ended: the output, then
// lines of its own ("Error: …", "Exit Code: 1", "Signal: …", "Process
// Group PGID: …"; before 2026 each always written, "(none)" when there
// was nothing to say); a command it stopped is a sentence of its own.
var (
	geminiShellTrailer = regexp.MustCompile(`^(?:Error|Exit Code|Signal|Background PIDs|Process Group PGID): `)
	geminiShellExit    = regexp.MustCompile(`^Exit Code: (-?\d+)\s*$`)
)

const (
	geminiShellTimeout   = "Command was automatically cancelled because it exceeded the timeout"
	geminiShellCancelled = "Command was cancelled by user before it could complete."
)

// geminiShellOutcome reads a shell tool's report: exited, the command
// exited with a code other than 0 or timed out; stopped, the user
// stopped it. Only the lines after the output count: a command that
// prints "Exit Code: 1" in its output says nothing.
func geminiShellOutcome(text string) (exited, stopped bool) {
	switch {
	case strings.HasPrefix(text, geminiShellCancelled):
		return false, true
	case strings.HasPrefix(text, geminiShellTimeout):
		return true, false
	case !strings.HasPrefix(text, "Output: ") && !strings.HasPrefix(text, "Command: "):
		return false, false
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i := len(lines) - 1; i > 0 && geminiShellTrailer.MatchString(lines[i]); i-- {
		if m := geminiShellExit.FindStringSubmatch(lines[i]); m != nil && m[1] != "0" {
			return true, false
		}
	}
	return false, false
}

// stateSnapshotTag opens the summary Gemini CLI's compression writes.
const stateSnapshotTag = "<state_snapshot>"

// geminiUser adds a user content's blocks. Gemini CLI's compressed
// history opens with its summary (a <state_snapshot>, which the model
// answers "Got it. Thanks for the additional context!"): the client's own
// fold, a compaction marker and its summary, marked as the client's
// chatter, not the user speaking. Otherwise the session context Gemini CLI
// opens a chat with is its chatter, the GEMINI.md files in it the
// project's instructions (geminiConventions).
func geminiUser(t *transcript, conv *conventions, blocks []hostshim.Block) {
	if b := blocks[0]; b.Type == hostshim.BlockText && strings.HasPrefix(strings.TrimSpace(b.Text), stateSnapshotTag) {
		t.marker("state_snapshot", 0)
		n := len(t.items)
		t.summaryUser(blocks...)
		if len(t.items) > n {
			t.items[n].injected = hostshim.InjectedChatter
		}
		return
	}
	conv.users(t, blocks, false)
}
