package projection

import (
	"fmt"
	"strings"

	"pgregory.net/rapid"
)

// Generators of plausible session events, English and Chinese, for the
// property tests and benchmarks. Keys, names and values are drawn from
// small pools so statements collide (supersede, lift, resolve) often.

var (
	genKeys   = []string{"timeout", "log_level", "max_retries", "batch_size", "region"}
	genFiles  = []string{"config.toml", "settings.yaml", "app.ini"}
	genTests  = []string{"TestDecode", "TestEncode", "TestRetry", "test_roundtrip"}
	genCmds   = []string{"go test ./...", "go build ./...", "pytest -q", "make lint"}
	genPaths  = []string{"vendor/", "migrations/", "go.mod", "internal/wire/frame.go"}
	genValues = []string{"30", "45 s", "60", "\"warn\"", "debug", "eu-west-1", "128", "K7-QX-9931"}
)

func pick[T any](t *rapid.T, label string, xs []T) T {
	return xs[rapid.IntRange(0, len(xs)-1).Draw(t, label)]
}

// userForms are the user and system instructions genUser draws from;
// {key}, {file}, {value} and {path} stand for words drawn from the pools.
var userForms = []string{
	"Please change {key} in {file} from 10 to {value}.",
	"Set {key} to {value}.",
	"{key} = {value}",
	"把 {key} 改成 {value}。",
	"Actually, make it {value} instead.",
	"Never modify anything under {path}.",
	"不要修改 {path} 下的文件。",
	"You may now modify {path}.",
	"现在可以修改 {path} 了。",
	"Before you finish, remember to update {path}.",
	"The deploy token is {value}.",
	"Thanks, looks good so far.",
}

// genUser draws a user or system instruction.
func genUser(t *rapid.T) string {
	k, f, v, p := pick(t, "key", genKeys), pick(t, "file", genFiles), pick(t, "value", genValues), pick(t, "path", genPaths)
	return strings.NewReplacer("{key}", k, "{file}", f, "{value}", v, "{path}", p).Replace(pick(t, "user form", userForms))
}

// assistantForms are the narrations genAssistant draws from, including
// claims that must change nothing ("fixed", "confirmed"); {test} and
// {path} stand for words drawn from the pools.
var assistantForms = []string{
	"I'll use a ring buffer in {path}.",
	"Switching to a linked list instead of the ring buffer in {path}.",
	"I suspect {test} fails because the length prefix is little-endian.",
	"Patching {path} doesn't work: the bug is elsewhere.",
	"Fixed! {test} passes now, confirmed.",
	"The hypothesis is established and the failure is resolved.",
	"这个方案不可行。",
	"Let me look at the code.",
}

// genAssistant draws assistant narration.
func genAssistant(t *rapid.T) string {
	tn, p := pick(t, "test", genTests), pick(t, "path", genPaths)
	return strings.NewReplacer("{test}", tn, "{path}", p).Replace(pick(t, "assistant form", assistantForms))
}

// genResult draws a tool call and its result.
func genResult(t *rapid.T) (Call, string, bool) {
	cmd, tn := pick(t, "cmd", genCmds), pick(t, "test", genTests)
	switch rapid.IntRange(0, 4).Draw(t, "result kind") {
	case 0:
		return Call{Name: "bash", Args: map[string]any{"command": cmd}}, fmt.Sprintf("=== RUN   %s\n    x_test.go:9: got 1, want 2\n--- FAIL: %s (0.00s)\nFAIL", tn, tn), false
	case 1:
		return Call{Name: "bash", Args: map[string]any{"command": cmd}}, fmt.Sprintf("--- PASS: %s (0.00s)\nok  \tx\t0.1s", tn), false
	case 2:
		return Call{Name: "bash", Args: map[string]any{"command": cmd}}, "error: build failed", true
	case 3:
		return Call{Name: "bash", Args: map[string]any{"command": cmd}}, "ok", false
	}
	p := pick(t, "path", genPaths)
	return Call{Name: "edit_file", Args: map[string]any{"path": p, "old": "a", "new": "b"}}, "Edited " + p, false
}

// genEvents draws a session of n steps (seqs from 0).
func genEvents(t *rapid.T, n int) []Event {
	var evs []Event
	seq := 0
	for i := 0; i < n; i++ {
		switch rapid.IntRange(0, 2).Draw(t, "event kind") {
		case 0:
			role := RoleUser
			if rapid.IntRange(0, 5).Draw(t, "system") == 0 {
				role = RoleSystem
			}
			evs = append(evs, Event{Seq: seq, Role: role, Text: genUser(t)})
			seq++
		case 1:
			evs = append(evs, Event{Seq: seq, Role: RoleAssistant, Text: genAssistant(t)})
			seq++
		default:
			c, out, isErr := genResult(t)
			c.ID = fmt.Sprintf("call-%d", seq)
			evs = append(evs, Event{Seq: seq, Role: RoleAssistant, Calls: []Call{c}})
			evs = append(evs, Event{Seq: seq + 1, Role: RoleTool, Text: out, Result: &Result{CallID: c.ID, IsError: isErr}})
			seq += 2
		}
	}
	return evs
}
