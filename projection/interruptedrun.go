package projection

import (
	"strconv"
	"strings"
)

// A run the user stopped.
//
// Roo Code and Cline record a command the user stopped from the terminal
// (Ctrl-C, or the feedback box that cancels it) as "Command execution
// was not successful … Exit code: 130\nOutput:" and nothing more: the
// status is 128 plus SIGINT's number, and the program printed nothing.
// Nothing failed there; the run was stopped before it said anything, as
// a host's "[Request interrupted by user]" is. Such a result is read as
// an interrupted call: no failure, no evidence. A run stopped with 130
// that printed lines of its own (tests failed before the Ctrl-C, an
// error) is read as its output says; so is any other status with no
// output.

// sigintStatus is the exit status of a program Ctrl-C stopped.
const sigintStatus = 130

// userStoppedRun reports whether result text holds only the host's
// wrapper around a status of 130 (see above).
func userStoppedRun(text string) bool {
	locs := statusLineRE.FindAllStringSubmatchIndex(text, -1)
	if len(locs) != 1 {
		return false
	}
	if code, err := strconv.Atoi(text[locs[0][2]:locs[0][3]]); err != nil || code != sigintStatus {
		return false
	}
	for l := range strings.Lines(text) {
		l = strings.TrimSpace(l)
		if l != "" && l != "^C" && !wrapperLineRE.MatchString(l) && !shellBookkeepingRE.MatchString(l) && !hostVerdictRE.MatchString(l) {
			return false
		}
	}
	return true
}

// hostVerdictRE is a host's own line on a run: Roo Code's and Cline's
// "Command executed in terminal … Command execution was not successful,
// inspect the cause and adjust as needed.", "Exit code: 130".
var hostVerdictRE = mustPattern(`(?i)^command executed in terminal\b|^command execution was not successful\b|^exit code:? ?\d+\.?$`)
