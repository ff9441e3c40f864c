package projection

import (
	"path"
	"strings"
)

// A run's log is no part of what it ran.
//
// An agent runs a job into a log and checks the log: "python train.py >
// /tmp/run10.log 2>&1; tail -n 3 /tmp/run10.log; python check_metric.py
// /tmp/run10.log --min-top1 72", then the same into /tmp/run10b.log. The
// two are one check, the second's pass what became of the first's
// failure: the file a command keeps its own output in (a redirection or
// a tee into a log, logTarget) and a ".log" file a program that does
// work reads are the same artifact under another name, written as one
// ("<log>") in the run link both calls carry (runSubjects), while each
// keeps its key as it was run. A stage that only shows part of that log
// ("tail -n 3 <log>") is a cut of the output, as a pipe into tail is
// (commandRun).
//
// Any other operand stays: "pytest a.py" and "pytest b.py" are two
// targets, "check.py a.json" and "check.py b.json" two inputs, and a
// program that only prints what exists ("grep ERROR a.log") asks its
// question of the file it names.

// logPlaceholder stands for a run's log in a key.
const logPlaceholder = "<log>"

// logsAsOne is command c (its words single-spaced) with each log it
// writes or a working program of it reads written logPlaceholder, and
// its ";" stages that only show that log dropped.
func logsAsOne(c string) string {
	if !strings.Contains(c, ">") && !strings.Contains(c, ".log") && !strings.Contains(c, "tee ") {
		return c
	}
	logs := runLogs(c)
	if len(logs) == 0 {
		return c
	}
	f := strings.Fields(c)
	for i, w := range f {
		if bare := strings.TrimRight(w, ";"); logs[strings.Trim(bare, `'"`)] {
			f[i] = logPlaceholder + w[len(bare):]
			continue
		}
		if m := joinedRedirectRE.FindStringSubmatch(w); m != nil && logs[strings.Trim(m[1], `'"`)] {
			f[i] = strings.TrimSuffix(w, m[1]) + logPlaceholder
		}
	}
	c = strings.Join(f, " ")
	parts := semicolonSplit(c)
	if len(parts) < 2 {
		return c
	}
	var keep []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" && !showsLog(p) {
			keep = append(keep, p)
		}
	}
	if len(keep) == 0 {
		return c
	}
	return strings.Join(keep, "; ")
}

// runLogs are the logs command c writes its output to and the ".log"
// files its working programs read.
func runLogs(c string) map[string]bool {
	logs := map[string]bool{}
	add := func(t string) {
		t = strings.Trim(strings.TrimRight(t, ";"), `'"`)
		if t != "" && t != "/dev/null" && logTarget(t) {
			logs[t] = true
		}
	}
	for _, part := range commandParts(c) {
		f := strings.Fields(part)
		prog := ""
		for i, w := range f {
			switch {
			case prog == "" && envAssign.MatchString(w):
				continue
			case prog == "":
				prog = path.Base(strings.TrimLeft(w, "("))
			}
			if m := joinedRedirectRE.FindStringSubmatch(w); m != nil {
				add(m[1])
			} else if bareRedirectRE.MatchString(w) && i+1 < len(f) {
				add(f[i+1])
			} else if i > 0 && prog == "tee" && !strings.HasPrefix(w, "-") {
				add(w)
			} else if i > 0 && !readerPrograms[prog] && path.Ext(strings.Trim(w, `'"`)) == ".log" && (i == 0 || !redirectRE.MatchString(f[i-1])) {
				add(w)
			}
		}
	}
	return logs
}

// showsLog reports whether a stage only prints part of the run's log:
// "tail -n 3 <log>", "cat <log>".
func showsLog(st string) bool {
	f := strings.Fields(st)
	if len(f) < 2 || f[len(f)-1] != logPlaceholder {
		return false
	}
	switch f[0] {
	case "tail", "head", "cat", "less":
	default:
		return false
	}
	for _, w := range f[1 : len(f)-1] {
		if !strings.HasPrefix(w, "-") && strings.Trim(w, "0123456789+") != "" {
			return false
		}
	}
	return true
}

// semicolonSplit is c cut at its ";" operators outside quotes.
func semicolonSplit(c string) []string {
	m := shellMask(c)
	var out []string
	last := 0
	for i := 0; i < len(m); i++ {
		if m[i] == ';' {
			out = append(out, c[last:i])
			last = i + 1
		}
	}
	return append(out, c[last:])
}
