package handoff

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/projection"
)

// changedFiles are the files the session changed, in the order they were
// first changed (a file changed again after it was reverted or removed
// goes last):
//
//   - the files a passing call wrote, as the reducer reads calls
//     (projection.WrittenBy: write and edit tools, "sed -i", output
//     redirected or tee'd to a file, here documents);
//   - the files a git diff or git status run showed changed in the
//     working tree ("diff --git a/x b/x", "modified: x"), including the
//     output of a git diff written to a file and shown later ("git diff
//     > fix.patch", then "cat fix.patch"), since an agent that edits
//     through a script of its own leaves no other trace of the edit.
//
// A file leaves the list when a passing command removes it (rm, git rm)
// or restores it (git checkout -- x, git restore x).
func changedFiles(events []projection.Event) []string {
	calls := map[string]*projection.Call{}
	var out []string
	add := func(p string) {
		if p == "" || strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/tmp/") {
			return
		}
		out = slices.DeleteFunc(out, func(q string) bool { return samePath(p, q) })
		out = append(out, p)
	}
	drop := func(p string) {
		out = slices.DeleteFunc(out, func(q string) bool { return samePath(q, p) })
	}
	diffFiles := map[string]bool{} // files a git diff was written to
	for _, ev := range events {
		if ev.Role == projection.RoleAssistant {
			for i := range ev.Calls {
				calls[ev.Calls[i].ID] = &ev.Calls[i]
			}
			continue
		}
		if ev.Role != projection.RoleTool || ev.Result == nil || ev.Result.IsError {
			continue
		}
		c := calls[ev.Result.CallID]
		if c == nil {
			continue
		}
		cmd := projection.CommandOf(c)
		for _, p := range restoredBy(cmd) {
			drop(p)
		}
		for _, p := range projection.RemovedBy(cmd) {
			drop(p)
		}
		written := projection.WrittenBy(c)
		for _, p := range written {
			add(p)
		}
		if cmd == "" {
			continue
		}
		stages := projection.CommandStages(cmd)
		switch {
		case slices.ContainsFunc(stages, isGitDiff):
			for _, p := range written {
				diffFiles[p] = true
			}
		case !slices.ContainsFunc(stages, func(st string) bool { return showsDiffFile(st, diffFiles) }):
			continue
		}
		for _, p := range diffPaths(ev.Text) {
			add(p)
		}
	}
	return out
}

// isGitDiff reports whether a pipe element runs git diff or git status.
func isGitDiff(st string) bool {
	f := strings.Fields(st)
	return len(f) >= 2 && f[0] == "git" && (f[1] == "diff" || f[1] == "status")
}

// showsDiffFile reports whether a pipe element shows a file a git diff
// was written to (cat, head, less, more, tail).
func showsDiffFile(st string, diffFiles map[string]bool) bool {
	f := strings.Fields(st)
	if len(f) < 2 || !slices.Contains([]string{"cat", "head", "less", "more", "tail"}, f[0]) {
		return false
	}
	for _, w := range f[1:] {
		for p := range diffFiles {
			if samePath(strings.Trim(w, `"'`), p) {
				return true
			}
		}
	}
	return false
}

var (
	diffHeaderRE = regexp.MustCompile(`(?m)^diff --git a/(\S+) b/(\S+)$`)
	statusLineRE = regexp.MustCompile(`(?m)^\s*(?:modified|new file|renamed):\s+(?:\S+ -> )?(\S+)\s*$`)
)

// diffPaths are the files a git diff or git status output names changed.
func diffPaths(text string) []string {
	var out []string
	for _, m := range diffHeaderRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[2])
	}
	for _, m := range statusLineRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// restoredBy are the files a git checkout or git restore of paths put
// back as committed: "git checkout -- a.py", "git checkout a.py", "git
// restore a.py" (not --staged alone: the working tree keeps the change).
// A branch switch ("git checkout main") names no file: only operands
// that look like paths (a slash or a dot) count, or any after "--".
func restoredBy(cmd string) []string {
	var out []string
	for _, st := range projection.CommandStages(cmd) {
		f := strings.Fields(st)
		if len(f) < 3 || f[0] != "git" || (f[1] != "checkout" && f[1] != "restore") {
			continue
		}
		if f[1] == "restore" && slices.Contains(f, "--staged") && !slices.Contains(f, "--worktree") {
			continue
		}
		dashes := false
		for _, w := range f[2:] {
			switch {
			case w == "--":
				dashes = true
			case strings.HasPrefix(w, "-"):
			case dashes || strings.ContainsAny(w, "/.") && w != "." && w != "..":
				out = append(out, strings.Trim(w, `"'`))
			}
		}
	}
	return out
}

func samePath(a, b string) bool { return projection.SamePath(a, b) || projection.SamePath(b, a) }

// endingOf says how the session ended, from its last event: on the
// agent's reply, or cut off (a tool result no reply followed, a call
// whose result was never recorded, a user message no reply answered).
// "" when there are no events.
//
// A task the session handed in (the projection's session_outcome value:
// SWE-agent's submit, mini-swe-agent's final-output marker, a goal
// completed) ended so, whatever event came last.
func endingOf(events []projection.Event, st projection.State) string {
	for _, v := range st.StateHeads {
		if v.Key == "value/-/session_outcome" {
			return fmt.Sprintf("the session ended with the task handed in (%s, event %d)", oneLine(v.Value), v.Seq())
		}
	}
	if len(events) == 0 {
		return ""
	}
	last := events[len(events)-1]
	switch {
	case last.Role == projection.RoleTool:
		return fmt.Sprintf("the session ends on a tool result (event %d) with no reply from the agent after it: the run stopped before its last word (cut off, crashed or out of budget), so its last step is unconfirmed", last.Seq)
	case last.Role == projection.RoleAssistant && len(last.Calls) > 0:
		return fmt.Sprintf("the session ends on a tool call (event %d) whose result was never recorded: the run stopped mid-step", last.Seq)
	case last.Role == projection.RoleAssistant:
		return fmt.Sprintf("the session ends with the agent's reply (event %d): %q", last.Seq, clipLine(last.Text, 200))
	case last.Role == projection.RoleUser:
		return fmt.Sprintf("the session ends on a user message (event %d) that no reply answered", last.Seq)
	}
	return ""
}
