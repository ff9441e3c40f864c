package projection

import "strings"

// The line of an output that says a run was killed.
//
// A run the kernel or a signal stopped prints no error: the shell or the
// program writes "Killed" (the OOM killer's SIGKILL, exit 137),
// "Terminated", "Aborted (core dumped)" or "Segmentation fault" where the
// run stopped, often glued to the step it stopped in ("Applying
// orders.0042_backfill_status...Killed"). That line says what failed. A
// line that reports a step done ("Unapplying orders.0042… OK", "done",
// "✓ built") never does: when no line names an error or a kill, the
// failure is quoted by the last line that reports no success.

var (
	// killedLineRE is a line ending in the word a shell prints for a run
	// a signal stopped.
	killedLineRE = mustPattern(`(?:^|[\s.:\]])(?:Killed|Terminated|Aborted|Segmentation fault|Bus error|Illegal instruction|Floating point exception)(?: \(core dumped\))?\s*$`)
	// stalledLineRE is a runner's notice that something it runs has not
	// ended ("test pool_drains_under_load has been running for over 60
	// seconds", "… still running after 300s"): in a run that then
	// failed, what hung until a timeout stopped it.
	stalledLineRE = mustPattern(`(?i)\bhas been running for (?:over|more than) \d+|\bstill running after \d+`)
	// stepDoneRE is a line that reports a step done.
	stepDoneRE = mustPattern(`(?i)(?:\.\.\.|:|\s)\s*(?:OK|done|passed|success(?:ful)?|finished)\.?\s*$|^\s*(?:✓|✔|\[OK\]|OK\b)`)
)

// killedLine is the last line of lines a signal stopped the run in (see
// above), else, when the first line reports a step done, the last line
// that reports none and is no exit status alone; "" when neither.
func killedLine(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); killedLineRE.MatchString(l) || stalledLineRE.MatchString(l) {
			return l
		}
	}
	first := firstLine(strings.Join(lines, "\n"))
	if !stepDoneRE.MatchString(first) {
		return ""
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !stepDoneRE.MatchString(l) && !exitOnlyRE.MatchString(l) && !tagLineRE.MatchString(l) {
			return l
		}
	}
	return ""
}
