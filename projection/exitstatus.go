package projection

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// An exit status read by the program's own flags, and one echoed.
//
// Some programs exit with a status other than 0 to answer, not to fail:
// grep, diff and cmp exit 1 for "no match" or "differs" (searchProgs);
// "terraform plan -detailed-exitcode" (and tofu's, terragrunt's, helm
// diff's) exits 2 for "succeeded, and there are changes"; "kubectl diff"
// and "git diff --exit-code" exit 1 for "there is a diff"; "git
// merge-base --is-ancestor" exits 1 for "no". Such a status, with no
// other sign of failure in the output, is an answer (benignStatus): the
// run did what it was asked.
//
// A host that records no exit status (aider, Cline's "Command
// executed.") leaves the status to the command when the command prints
// it: "python check.py; echo \"exit=$?\"" printing "exit=1" failed
// (echoedFailure), whatever else it printed; "exit=0" says nothing. A
// status echoed after a program whose status answers (grep's 1) is that
// answer.

// answerCodes are the exit statuses other than 0 that program words f
// (its program first, options kept) answers with, none when it has none.
func answerCodes(f []string) []int {
	if len(f) == 0 {
		return nil
	}
	prog := path.Base(f[0])
	w := subcommandWords(f[1:])
	has := func(flags ...string) bool {
		return slices.ContainsFunc(f, func(x string) bool {
			x, _, _ = strings.Cut(x, "=")
			return slices.Contains(flags, x)
		})
	}
	detailed := has("-detailed-exitcode", "--detailed-exitcode")
	switch {
	case (prog == "terraform" || prog == "tofu" || prog == "terragrunt") && len(w) > 0 && w[0] == "plan" && detailed:
		return []int{2}
	case prog == "helm" && len(w) > 0 && w[0] == "diff" && detailed:
		return []int{2}
	case prog == "kubectl" && len(w) > 0 && w[0] == "diff":
		return []int{1}
	case prog == "git" && len(w) > 0 && w[0] == "diff" && has("--exit-code", "--quiet"):
		return []int{1}
	case prog == "git" && len(w) > 0 && w[0] == "merge-base" && has("--is-ancestor"):
		return []int{1}
	case searchProgs[prog]:
		return []int{1}
	}
	return nil
}

// statusLineRE is a line that only tells a run's exit status, with the
// status as its group: "Command exited with code 2", "exit status 2",
// "Exit code: 2", "<returncode>2</returncode>".
var statusLineRE = mustPattern(`(?mi)^\W*(?:(?:command |process )?exit(?:ed)? (?:with )?(?:code|status):? ?|command failed with exit code |<returncode>)(\d+)(?:</returncode>)?\W*$`)

// benignStatus reports whether the output text of call c fails by an
// exit status alone, one its last program answers with (answerCodes).
func benignStatus(text string, c *Call) bool {
	cmd := callScript(c)
	if cmd == "" {
		return false
	}
	locs := statusLineRE.FindAllStringSubmatchIndex(text, -1)
	if len(locs) != 1 {
		return false
	}
	m := locs[0]
	code, err := strconv.Atoi(text[m[2]:m[3]])
	if err != nil || code == 0 {
		return false
	}
	rest := text[:m[0]] + text[m[1]:]
	if cmdFailRE.MatchString(rest) {
		return false
	}
	st := stagesOf(normCommand(cmd))
	if len(st) == 0 {
		return false
	}
	last := strings.TrimSpace(pipeHead(st[len(st)-1]))
	if len(pipeSplit(st[len(st)-1])) > 1 {
		// "kubectl diff … | head": the status is the last program's
		return false
	}
	return slices.Contains(answerCodes(strings.Fields(unwrap(last))), code)
}

// echoedFailure is the line that tells the status cmd echoed ("echo
// \"exit=$?\"" printing "exit=1"), with the last line printed before it
// ahead of it, when that status is not 0 and no answer of the program
// before the echo (answerCodes); "" when none.
func echoedFailure(text, cmd string) string {
	st := stagesOf(strings.Join(strings.Fields(cmd), " "))
	for i := len(st) - 1; i > 0; i-- {
		pre, post, ok := echoTemplate(st[i])
		if !ok {
			continue
		}
		line, code, at := echoedLine(text, pre, post)
		if line == "" || code == 0 {
			return ""
		}
		prev := strings.TrimSpace(pipeHead(st[i-1]))
		if slices.Contains(answerCodes(strings.Fields(unwrap(prev))), code) {
			return ""
		}
		if before := lastLineBefore(text, at); before != "" {
			return before + " — " + line
		}
		return line
	}
	return ""
}

// echoTemplate is the text an echo stage prints around the status it
// echoes ("echo \"exit=$?\"": "exit=", ""), ok false when the stage
// echoes none.
func echoTemplate(st string) (pre, post string, ok bool) {
	f := strings.Fields(strings.TrimSpace(st))
	if len(f) < 2 || f[0] != "echo" && f[0] != "printf" {
		return "", "", false
	}
	arg := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(st), f[0]))
	arg = strings.NewReplacer(`"`, "", `'`, "").Replace(arg)
	for _, v := range []string{"${PIPESTATUS[0]}", "$PIPESTATUS", "${?}", "$?"} {
		if i := strings.Index(arg, v); i >= 0 {
			if f[0] == "printf" {
				return "", "", false
			}
			return strings.TrimSpace(arg[:i]), strings.TrimSpace(arg[i+len(v):]), true
		}
	}
	return "", "", false
}

// echoedLine is the last line of text that is pre, a status and post,
// the status and where the line starts.
func echoedLine(text, pre, post string) (string, int, int) {
	line, code, at := "", 0, -1
	off := 0
	for l := range strings.Lines(text) {
		t := strings.TrimSpace(l)
		if mid, ok := strings.CutPrefix(t, pre); ok {
			if mid, ok = strings.CutSuffix(mid, post); ok {
				if n, err := strconv.Atoi(strings.TrimSpace(mid)); err == nil && n >= 0 && (pre != "" || post != "" || mid == strings.TrimSpace(mid)) {
					line, code, at = t, n, off
				}
			}
		}
		off += len(l)
	}
	return line, code, at
}

// lastLineBefore is the last line of text that is not blank before
// offset at.
func lastLineBefore(text string, at int) string {
	if at <= 0 {
		return ""
	}
	lines := strings.Split(strings.TrimRight(text[:at], "\n"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if t := strings.TrimSpace(lines[i]); t != "" {
			return t
		}
	}
	return ""
}
