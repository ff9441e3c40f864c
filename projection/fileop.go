package projection

import (
	"slices"
	"strings"
)

// A failed file operation, and the later one that did it.
//
// A file tool's failure is rarely followed by the same call: Claude
// Code's Edit refused with "File has not been read yet" is done by an
// Edit of other arguments after a Read, OpenHands' str_replace that
// found its old_str twice by one with more context, a Read of a directory
// (EISDIR) by reads of the files in it, a str_replace by a "sed -i" of
// the file. Such a failure's key holds the
// call's arguments, which the later call does not repeat, so it links the
// file instead (fileLinks): a failed write of a file is resolved by a
// later write of that file by any tool (a read of it does nothing: the
// change is still not made), and a failed read or other use of a path by
// any later successful use of that path or of a path inside it.

const (
	// wrotePrefix links an outcome to the file its call wrote or failed
	// to write.
	wrotePrefix = "wrote/"
	// usedPrefix links an outcome to the file or directory its call
	// read, listed or wrote, or failed to read.
	usedPrefix = "used/"
)

// editorWrites are the sub-commands of a file editor tool (OpenHands'
// and SWE-agent's str_replace_editor, Anthropic's text editor tool) that
// change the file; view reads it.
var editorWrites = map[string]bool{"create": true, "str_replace": true, "insert": true, "undo_edit": true, "write": true, "edit": true, "append": true}

// editorCommand reports whether cmd, a call's "command" argument, is a
// file editor's sub-command ("view", "str_replace") rather than a shell
// command.
func editorCommand(cmd string) bool {
	return cmd == "view" || editorWrites[cmd]
}

// fileOp is the path call c works on (its path argument; "" when it has
// none) and whether c writes it: an editor's writing sub-command, else a
// tool whose name says it writes (writeToolRE) or a shell command that
// does.
func fileOp(c *Call) (path string, writes bool) {
	if c == nil {
		return "", false
	}
	_, path = argString(c.Args, fileArgKeys)
	_, cmd := argString(c.Args, commandArgKeys)
	if editorCommand(cmd) {
		return path, editorWrites[cmd]
	}
	return path, writeToolRE.MatchString(c.Name) || writeToolRE.MatchString(cmd)
}

// fileLinks are the links of the outcome of call c to the file it works
// on: a write links wrotePrefix (and, when it passed, usedPrefix too),
// anything else usedPrefix.
func fileLinks(c *Call, failed bool) []string {
	p, writes := fileOp(c)
	p = strings.TrimRight(p, "/")
	if _, cmd := argString(c.Args, commandArgKeys); p == "" && !failed && strings.Contains(cmd, "sed") {
		// "sed -i '317s/^/\t/' src/match.c": a shell edit in place of a
		// file, the write an editor's failed edit could not make
		var out []string
		for _, m := range sedRE.FindAllStringSubmatch(cmd, 8) {
			out = append(out, wrotePrefix+m[3], usedPrefix+m[3])
		}
		return out
	}
	switch {
	case p == "":
		return nil
	case writes && failed:
		return []string{wrotePrefix + p}
	case writes:
		return []string{wrotePrefix + p, usedPrefix + p}
	}
	return []string{usedPrefix + p}
}

// fileDone reports whether a passing outcome of links done does what the
// failure of links failed could not: writes the file it failed to write,
// or uses the path it failed to use, or a path inside it.
func fileDone(failed, done []string) bool {
	for _, l := range failed {
		switch {
		case strings.HasPrefix(l, wrotePrefix) && slices.Contains(done, l):
			return true
		case strings.HasPrefix(l, usedPrefix) && slices.ContainsFunc(done, func(d string) bool { return d == l || strings.HasPrefix(d, l+"/") }):
			return true
		}
	}
	return false
}
