package importer

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// A Codex rollout's event_msg records are what Codex showed in its UI. Most
// repeat a response item (agent_message, user_message, agent_reasoning),
// but three say what no item does:
//   - exec_command_end holds a command's exit code, which the output item
//     the model read only prints (since Codex 0.50 the output is text:
//     "Exit code: 1\nWall time: …", or a unified exec session's "Process
//     exited with code 1");
//   - patch_apply_end says whether apply_patch succeeded;
//   - turn_aborted says the user stopped the turn, which Codex before
//     0.60 recorded nowhere else.

// codexEvent is the part of an event_msg payload read.
type codexEvent struct {
	Type     string `json:"type"`
	CallID   string `json:"call_id"`
	ExitCode *int   `json:"exit_code"`
	Success  *bool  `json:"success"`
	Status   string `json:"status"`
	Reason   string `json:"reason"`
}

// codexEventMsg reads one event_msg payload; every event is counted as
// skipped, as it repeats or only annotates the items.
func codexEventMsg(t *transcript, payload json.RawMessage) {
	t.skipped++
	var ev codexEvent
	if json.Unmarshal(payload, &ev) != nil {
		return
	}
	switch ev.Type {
	case "exec_command_end":
		if ev.ExitCode != nil && *ev.ExitCode != 0 || ev.Status == "failed" {
			t.failCall(ev.CallID)
		}
	case "patch_apply_end":
		if ev.Success != nil && !*ev.Success || ev.Status == "failed" || ev.Status == "declined" {
			t.failCall(ev.CallID)
		}
	case "turn_aborted":
		codexTurnAborted(t, ev.Reason)
	}
}

// failCall marks call id's result failed: the one read already, or the one
// still to come.
func (t *transcript) failCall(id string) {
	if id == "" {
		return
	}
	for i := len(t.items) - 1; i >= 0; i-- {
		if it := &t.items[i]; it.kind == itemResult && it.callID == id {
			it.isError = true
			return
		}
	}
	if t.failedCalls == nil {
		t.failedCalls = map[string]bool{}
	}
	t.failedCalls[id] = true
}

// codexTurnAborted adds the note that the user stopped the turn, unless
// Codex recorded one already (the <turn_aborted> message it writes before
// the event since 0.60, or the output "aborted" of the call stopped, read
// as interruptions). A turn replaced by the next prompt, or a review's end,
// is no interruption.
func codexTurnAborted(t *transcript, reason string) {
	if reason != "" && reason != "interrupted" {
		return
	}
	if n := len(t.items); n > 0 && t.items[n-1].injected == hostshim.InjectedInterruption {
		return
	}
	t.injected(hostshim.InjectedInterruption, hostshim.TextBlock("[the user interrupted the turn]"))
}

// codexExitRE finds the exit code in the header Codex writes before a
// command's output: "Exit code: N" (the shell tools) or "Process exited
// with code N" (a unified exec session).
var codexExitRE = regexp.MustCompile(`^(?:Exit code: |Process exited with code )(-?\d+)\s*$`)

// codexHeaderFailed reports whether a command output's header, the lines
// before its "Output:" line, says the command exited non-zero. Text with
// no such header (a tool's own output) says nothing.
func codexHeaderFailed(text string) bool {
	head, _, found := strings.Cut(text, "\nOutput:")
	if !found {
		return false
	}
	lines := strings.Split(head, "\n")
	if len(lines) > 6 {
		return false // not a header: a long output that prints "Output:"
	}
	for _, line := range lines {
		if m := codexExitRE.FindStringSubmatch(strings.TrimRight(line, "\r")); m != nil {
			code, err := strconv.Atoi(m[1])
			return err == nil && code != 0
		}
	}
	return false
}

// codeModeCmdRE finds the commands a Codex code-mode script runs: the
// "cmd" (or "command") string of a tools.exec_command({...}) or
// tools.shell_command({...}) call in its JavaScript.
var codeModeCmdRE = regexp.MustCompile(`\b(?:exec_command|shell_command|shell)\s*\(\s*\{[^{}]*?["']?(?:cmd|command)["']?\s*:\s*("(?:[^"\\\n]|\\.)*")`)

// codeModeArgs is the arguments of a custom tool call: its input, and
// when the input is a code-mode script, the commands it runs as "cmd"
// (what a reader of shell commands looks for).
func codeModeArgs(name, input string) string {
	args := map[string]string{"input": input}
	if name != "apply_patch" {
		var cmds []string
		for _, m := range codeModeCmdRE.FindAllStringSubmatch(input, -1) {
			var s string
			if json.Unmarshal([]byte(m[1]), &s) == nil && s != "" {
				cmds = append(cmds, s)
			}
		}
		if len(cmds) > 0 {
			args["cmd"] = strings.Join(cmds, "\n")
		}
	}
	b, _ := json.Marshal(args)
	return string(b)
}
