package projection

import "strings"

// The readings a Hard Handoff (package origin/handoff) takes from the
// reducer's own parsers, so that an exported task.origin and ef state
// read a session alike.

// CommandOf is the shell command call c ran ("" for none: a call of
// another tool).
func CommandOf(c *Call) string {
	if c == nil {
		return ""
	}
	_, cmd := argString(c.Args, commandArgKeys)
	if editorCommand(cmd) {
		return ""
	}
	return cmd
}

// WrittenBy are the files call c wrote, read as the reducer reads them: a
// write or edit tool's file (an editor's writing sub-command included),
// the files a "sed -i" edited, and a shell command's output redirected or
// tee'd to a file (a here document included). A caller asks only of a
// call that passed.
func WrittenBy(c *Call) []string {
	if c == nil {
		return nil
	}
	var out []string
	add := func(p string) {
		if p = cleanPath(strings.TrimRight(p, "/")); p != "" && p != "." {
			for _, q := range out {
				if q == p {
					return
				}
			}
			out = append(out, p)
		}
	}
	for _, l := range fileLinks(c, false) {
		if p, ok := strings.CutPrefix(l, wrotePrefix); ok {
			add(p)
		}
	}
	for _, p := range madeBy(c) {
		add(p)
	}
	return out
}

// IsTestRun reports whether shell command cmd runs a test suite (pytest,
// go test, npm test, cargo test, jest, …).
func IsTestRun(cmd string) bool { return testRunRE.MatchString(cmd) }

// RemovedBy are the files passing shell command cmd removed ("rm -f a.py",
// "git rm x", "unlink x"), as written (a glob kept).
func RemovedBy(cmd string) []string { return removedBy(cmd) }

// SamePath reports whether paths a and b name one file: equal, the
// relative one the tail of the absolute one ("reproduce.py" and
// "/testbed/reproduce.py"), or a matching glob b.
func SamePath(a, b string) bool { return samePath(a, b) }

// CommandStages are the pipe elements of shell command cmd, each without
// its wrapping ("cd x && git diff | head" is "cd x", "git diff", "head").
func CommandStages(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		for _, el := range pipeSplit(st) {
			if el = strings.TrimSpace(unwrap(el)); el != "" {
				out = append(out, el)
			}
		}
	}
	return out
}
