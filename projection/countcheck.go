package projection

import (
	"path"
	"strconv"
	"strings"
)

// A failure rechecked by counting its kind of line.
//
// clang-tidy fails on "src/can.cpp:41:7: warning: narrowing conversion …
// [bugprone-narrowing-conversions]"; the agent edits the file and runs
// "clang-tidy src/can.cpp -p build 2>&1 | grep -cE "warning|error"",
// which prints 0. The run is the failed one (the same program on the same
// files: subject.go decides that), and what it shows is a count of the
// lines its greps let through: when those greps would have let the
// failure's line through, a count of 0 says the line is gone, and any
// other count says it may still be there. A count of lines the greps
// choose otherwise ("grep -c note") says nothing of the failure. Counts
// are grep's -c (--count) and "| wc -l" after greps; the output must be
// the count alone ("0", "      0", grep's exit status line before it).
// grep -c that counts nothing exits 1: its "0" is no failure of the
// command (zeroCount, proposetool.go).

// countShown is what a passing call's output, read as a count through
// its filters, shows of the failure with error line because of the
// failed call: shown reports whether the failure's lines are gone (the
// count is 0 and counted lines like because), ok whether the call's
// output is such a count of the failed program's run at all.
func countShown(failedCall, passedCall, because, out string) (shown, ok bool) {
	pf := shownThrough(passedCall)
	if len(pf) == 0 {
		return false, false
	}
	n, isCount := loneCount(out)
	if !isCount || !samePrograms(lastRunHead(failedCall), lastRunHead(passedCall)) {
		return false, false
	}
	var greps [][]string
	counted := false
	for i, p := range pf {
		f := quotedWords(p)
		if len(f) == 0 {
			return false, false
		}
		switch {
		case strings.ContainsAny(f[0], "<>") || f[0] == "cat" || f[0] == "sort":
			// "2>&1": the run's own lines
		case f[0] == "wc" && i == len(pf)-1 && len(f) == 2 && (f[1] == "-l" || f[1] == "--lines"):
			counted = true
		case f[0] == "grep" || f[0] == "egrep" || f[0] == "fgrep" || f[0] == "rg":
			g, c := uncounted(f)
			if c && i != len(pf)-1 || grepReadsFile(g) {
				return false, false
			}
			counted = counted || c
			greps = append(greps, g)
		default:
			// head, tail, uniq, sed: the count is of lines cut or
			// rewritten
			return false, false
		}
	}
	if !counted {
		return false, false
	}
	line := strings.TrimSpace(because)
	if exitOnlyRE.MatchString(line) {
		// no error line known: the greps must look for errors
		line = ""
	}
	for _, g := range greps {
		if !grepShows(g, line) {
			// a count of other lines
			return false, true
		}
	}
	return n == 0, true
}

// uncounted is a grep's words with its count option taken out, and
// whether it had one ("-cE" becomes "-E").
func uncounted(f []string) ([]string, bool) {
	out := []string{f[0]}
	counted := false
	for _, w := range f[1:] {
		switch {
		case w == "--count":
			counted = true
			continue
		case strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.Contains(w, "c") && strings.Trim(w[1:], "cEFiPwvxsnHh") == "":
			counted = true
			if w = strings.ReplaceAll(w, "c", ""); w == "-" {
				continue
			}
		}
		out = append(out, w)
	}
	return out, counted
}

// loneCount reads an output that is a count alone: "0", "      3",
// after a line of grep's exit status 1.
func loneCount(out string) (int, bool) {
	var lines []string
	for l := range strings.Lines(out) {
		if l = strings.TrimSpace(l); l != "" && !exitOneRE.MatchString(l) {
			lines = append(lines, l)
		}
	}
	if len(lines) != 1 {
		return 0, false
	}
	n, err := strconv.Atoi(lines[0])
	return n, err == nil && n >= 0
}

// samePrograms reports whether two stages run the same program.
func samePrograms(a, b string) bool {
	fa, fb := runFields(a), runFields(b)
	return len(fa) > 0 && len(fb) > 0 && path.Base(fa[0]) == path.Base(fb[0])
}

// zeroCount reports whether a call's output is grep -c's count of
// nothing, which grep exits 1 on: no failure, a count.
func zeroCount(text string, c *Call) bool {
	n, ok := loneCount(text)
	if !ok || n != 0 || c == nil {
		return false
	}
	_, cmd := argString(c.Args, commandArgKeys)
	pf := shownThrough(cmd)
	if len(pf) == 0 {
		return false
	}
	f := quotedWords(pf[len(pf)-1])
	if len(f) == 0 || f[0] != "grep" && f[0] != "egrep" && f[0] != "fgrep" && f[0] != "rg" {
		return false
	}
	_, counted := uncounted(f)
	return counted
}

// grepReadsFile reports whether a grep (its words) names a file to read
// besides its pattern: it counts that file's lines, not the pipe's.
func grepReadsFile(f []string) bool {
	pos, explicit := 0, false
	for i := 1; i < len(f); i++ {
		w := f[i]
		switch {
		case w == "-e" || w == "--regexp" || w == "-f" || w == "--file" || w == "-m" || w == "--max-count" || w == "-A" || w == "-B" || w == "-C":
			explicit = explicit || w == "-e" || w == "--regexp" || w == "-f" || w == "--file"
			i++
		case strings.HasPrefix(w, "--regexp="):
			explicit = true
		case strings.HasPrefix(w, "-") && len(w) > 1:
		default:
			pos++
		}
	}
	return explicit && pos > 0 || pos > 1
}
