package projection

import "strings"

// A look-up that finds its path absent.
//
// Claude Code's Read answering "File does not exist.", its Grep "Path does
// not exist: crates/nostr/core/src/nip_sa", OpenHands' view "The path
// /workspace/x does not exist.", Gemini CLI's read_file "File not found":
// the agent asked a tool that only reads or lists whether a path is there,
// and the answer is no. The host flags the result an error, but nothing
// failed that anyone has to fix: the session learned that the path is
// absent, as a grep that matches nothing learns that the text is (the
// "no match" of proposetool.go). Such a result is evidence, never an open
// failure. A call that writes (an Edit of a missing file: the change was
// not made), a shell command (`cat x` in a script that needed x), a
// look-up refused for another reason (permission denied, a directory
// read as a file, a tool that could not start) and a result that says more
// than the absence stay failures.

// absentPathRE is a tool's error saying that the path it was given is not
// there.
var absentPathRE = mustPattern(`(?i)^\W*(?:<tool_use_error>\s*)?(?:error:?\s*)?(?:(?:the\s+)?(?:file|path|directory|folder|dir)\b[^\n]{0,160}?\b(?:does(?:n't| not) exist|(?:was\s+)?not found)|(?:file|path|directory) not found\b|ENOENT: no such file or directory\b|no such file or directory\b)`)

// absentMoreRE is a second sentence that says more than the absence: a
// cause the tool could not work around.
var absentMoreRE = mustPattern(`(?i)permission|denied|EACCES|EISDIR|is a directory|spawn|timed? ?out|too large|exceeds`)

// lookupAbsent reports whether the error result text of call c is a read-
// only tool saying the path it was asked about does not exist (see
// above).
func lookupAbsent(c *Call, text string) bool {
	if c == nil {
		return false
	}
	if _, cmd := argString(c.Args, commandArgKeys); cmd != "" && cmd != "view" {
		// a shell command, or an editor's writing sub-command
		return false
	}
	if _, writes := fileOp(c); writes {
		return false
	}
	_, p := argString(c.Args, fileArgKeys)
	if p == "" {
		_, p = argString(c.Args, readArgKeys)
	}
	if p == "" {
		return false
	}
	t := strings.TrimSpace(text)
	if len(t) > 400 || strings.Count(t, "\n") > 2 {
		// a result that says more than one line of absence
		return false
	}
	return absentPathRE.MatchString(t) && !absentMoreRE.MatchString(t)
}

// absentValue is the evidence value of a look-up that found its path
// absent: the tool's words, its markup dropped.
func absentValue(text string) string {
	t := strings.TrimSpace(text)
	t = strings.TrimPrefix(t, "<tool_use_error>")
	t = strings.TrimSuffix(t, "</tool_use_error>")
	return "absent: " + oneLine(strings.TrimSpace(t), 160)
}
