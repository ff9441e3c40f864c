package projection

import (
	"path"
	"strings"
)

// A failure read in a log.
//
// "tail -n 5 logs/task_id=load_orders/attempt=1.log" printing a Python
// traceback did not fail: it showed that load_orders failed, some time
// before. A command that only shows text (displayOnly: cat, tail, head,
// less, grep, kubectl logs, docker logs, journalctl …) is no failure of
// its own when what it printed holds an error, even when its host flags
// the result as one (Gemini CLI does), unless the error is the reading
// program's own ("tail: cannot open 'x.log'", "cat: x: No such file or
// directory", "Error from server (NotFound)", "fatal: bad object"):
// readerError. A log of a named thing (a file ending .log, .err or .out
// or under a log directory; the object of "kubectl logs" or "docker
// logs") that holds the error is a failure of that thing
// (statusPrefix + "log/" + the thing: the log file's name, else the
// nearest directory naming it, "task_id=load_orders" giving
// load_orders; a pod by its workload), quoting the error line. It is
// resolved by a later passing run that names the thing ("airflow tasks
// test orders_daily load_orders 2026-11-19"), not a read of it, or by
// any output with a line saying the thing succeeded ("Marking task as
// SUCCESS. dag_id=orders_daily, task_id=load_orders"). A history
// (journalctl) and a text that is no log ("cat out.txt") show an error
// of nothing named: the read is evidence only.

var (
	// readerErrRE is a reading program's own complaint on its first line.
	readerErrRE = mustPattern(`(?i)command not found|^(?:ba|z|da)?sh: |no such file or directory|permission denied|is a directory|cannot (?:open|access|read)|^error from server\b|^error: (?:container|pod|resource|unable|the server|no )|no such (?:container|object)|^-- no entries --|unknown (?:flag|shorthand flag|option)|invalid option|^usage:|^fatal: |^error: |^failed to `)
	// logFileRE is a file path that names a log.
	logFileRE = mustPattern(`(?i)\.(?:log|err|out)(?:\.\d+)?$|(?:^|/)(?:logs?|var/log)/`)
	// genericLogRE is a log file's or directory's name that names no
	// thing: "attempt=1", "error", "stdout", "latest", a run's id.
	genericLogRE = mustPattern(`(?i)^(?:\d+|attempt|try|run|log|logs|error|errors|err|output|out|stdout|stderr|debug|trace|latest|current|combined|all|access|console|messages|syslog|tmp|var|main|default|local)$`)
	// succeededRE is a line saying a thing it names succeeded.
	succeededRE = mustPattern(`(?i)\b(?:success(?:ful(?:ly)?)?|succeeded|passed|completed)\b`)
	// lineFailRE is a word of failure on a line.
	lineFailRE = mustPattern(`(?i)fail|error|exception|traceback|fatal|crash`)
)

// readerProgs are the programs whose output is a file's or a log's text
// (the first program of a stage; a pipe after it may filter with any of
// displayProgs). A CI run's log ("gh run view --log-failed") is the
// run's own outcome (ci.go), no text shown.
var readerProgs = map[string]bool{"cat": true, "less": true, "more": true, "head": true, "tail": true, "grep": true, "egrep": true,
	"fgrep": true, "rg": true, "bat": true, "zcat": true, "journalctl": true, "kubectl logs": true, "oc logs": true, "docker logs": true,
	"podman logs": true, "docker compose logs": true, "docker-compose logs": true}

// fileRedirectRE is an output redirect to a file ("> out.txt", "2> err",
// not "2>&1").
var fileRedirectRE = mustPattern(`(?:^|\s)\d?>>?\s*[^&\s]`)

// shownOnly reports whether cmd only shows a file's or log's text: one
// line, no here-document or redirect to a file, each stage a reader
// (readerProgs) piped into programs that show text (displayProgs).
func shownOnly(cmd string) bool {
	cmd = strings.TrimSpace(cmd)
	if cmd == "" || strings.Contains(cmd, "\n") || strings.Contains(cmd, "<<") || fileRedirectRE.MatchString(shellMask(cmd)) || !displayOnly(cmd) {
		return false
	}
	for _, st := range stagesOf(cmd) {
		f := dropEnv(strings.Fields(unwrap(pipeHead(st))))
		if len(f) == 0 {
			return false
		}
		f = append([]string{path.Base(f[0])}, subcommandWords(f[1:])...)
		switch {
		case f[0] == "cd":
		case len(f) > 2 && readerProgs[f[0]+" "+f[1]+" "+f[2]], len(f) > 1 && readerProgs[f[0]+" "+f[1]], readerProgs[f[0]]:
		default:
			return false
		}
	}
	return true
}

// readerError reports whether output text is the complaint of a
// reading program of cmd itself rather than the text it read.
func readerError(cmd, text string) bool {
	// the first lines: a host may put its own ("Exit code 2") first
	n := 0
	for line := range strings.Lines(text) {
		first := strings.TrimSpace(line)
		if first == "" {
			continue
		}
		if readerErrRE.MatchString(first) {
			return true
		}
		for _, p := range commandParts(cmd) {
			if f := strings.Fields(p); len(f) > 0 && strings.HasPrefix(first, path.Base(f[0])+":") {
				return true
			}
		}
		if n++; n == 3 {
			break
		}
	}
	return false
}

// loggedThing is the thing whose log cmd reads, "" when it reads none or
// reads a history (see above).
func loggedThing(cmd string) string {
	thing := ""
	for _, p := range commandParts(cmd) {
		f := dropEnv(strings.Fields(unwrap(p)))
		if len(f) == 0 {
			continue
		}
		prog := path.Base(f[0])
		w := subcommandWords(f[1:])
		switch {
		case (prog == "kubectl" || prog == "docker" || prog == "oc" || prog == "podman") && len(w) > 0 && w[0] == "logs",
			prog == "docker" && len(w) > 1 && w[0] == "compose" && w[1] == "logs", prog == "docker-compose" && len(w) > 0 && w[0] == "logs":
			for _, x := range w[1:] {
				if x == "logs" || strings.HasPrefix(x, "-") {
					continue
				}
				_, obj, ok := strings.Cut(x, "/")
				if !ok {
					obj = x
				}
				if obj != "" && thing == "" {
					thing = workloadOf(obj)
				}
				break
			}
		case prog == "cat" || prog == "tail" || prog == "head" || prog == "less" || prog == "more" || prog == "bat" || prog == "grep" || prog == "rg":
			for i, x := range w {
				x = strings.Trim(x, `'"`)
				if strings.HasPrefix(x, "-") || (prog == "grep" || prog == "rg") && i == 0 || !logFileRE.MatchString(x) {
					continue
				}
				if t := logName(x); t != "" && thing == "" {
					thing = t
				}
			}
		}
	}
	return thing
}

// logName is the thing log file p is of: its name without extension,
// else the nearest directory naming one ("task_id=load_orders" names
// load_orders) below the folder of logs.
func logName(p string) string {
	parts := strings.Split(p, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		x := parts[i]
		if i == len(parts)-1 {
			for e := path.Ext(x); e != "" && len(e) < len(x); e = path.Ext(x) {
				x = strings.TrimSuffix(x, e)
			}
		}
		if _, v, ok := strings.Cut(x, "="); ok {
			x = v
		}
		digits := 0
		for _, c := range x {
			if c >= '0' && c <= '9' {
				digits++
			}
		}
		if i < len(parts)-1 && logDirRE.MatchString(x) {
			// the folder that holds the logs: what stands above it is
			// the project ("docs/logs/20251219/1919-….rlog" is no log of
			// "docs")
			return ""
		}
		if len(x) < 3 || digits >= 4 || genericLogRE.MatchString(x) || strings.HasPrefix(x, ".") {
			continue
		}
		return x
	}
	return ""
}

// logDirRE is a folder of logs.
var logDirRE = mustPattern(`(?i)^(?:logs?|\.logs?)$`)

// namesThing reports whether s holds thing as a word of its own.
func namesThing(s, thing string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], thing)
		if j < 0 {
			return false
		}
		at := i + j
		end := at + len(thing)
		if (at == 0 || !identByte(s[at-1])) && (end == len(s) || !identByte(s[end])) {
			return true
		}
		i = at + 1
	}
}

func identByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// logProposals are the outcomes a tool result reports of the things whose
// logs failed: the failure of the thing a read log shows failing (line,
// when cmd only showed text), and a pass of each open one the call ran
// again and passed, or whose success a line of text tells.
func logProposals(cmd, text, line string, passed bool, ctx *Context) []Proposal {
	var out []Proposal
	if line != "" {
		if thing := loggedThing(cmd); thing != "" {
			out = append(out, Proposal{Op: OpOutcome, Kind: KindFailure, Key: statusPrefix + "log/" + thing, Name: thing, Quote: line, Because: line,
				Failed: true, Explicit: true, Value: "failed: " + oneLine(line, 200)})
		}
	}
	for _, key := range ctx.OpenFailures {
		thing, ok := strings.CutPrefix(key, statusPrefix+"log/")
		if !ok || line != "" && loggedThing(cmd) == thing {
			continue
		}
		quote := ""
		if passed && ranThing(cmd, thing) {
			quote = outputLead(text)
		}
		for l := range strings.Lines(text) {
			if quote != "" {
				break
			}
			if l = strings.TrimSpace(l); namesThing(l, thing) && succeededRE.MatchString(l) && !lineFailRE.MatchString(l) {
				quote = l
			}
		}
		if quote == "" || !strings.Contains(text, quote) {
			continue
		}
		out = append(out, Proposal{Op: OpOutcome, Kind: KindEvidence, Key: key, Name: thing, Quote: quote, Explicit: true, Value: "ok: " + oneLine(quote, 120)})
	}
	return out
}

// controlProgs start, stop and deploy things: their passing says the
// order was taken, not that the thing now works (a status says that:
// statusfail.go).
var controlProgs = map[string]bool{"kubectl": true, "oc": true, "docker": true, "podman": true, "docker-compose": true, "systemctl": true,
	"service": true, "helm": true, "supervisorctl": true, "pm2": true}

// ranThing reports whether a stage of cmd that does work (no viewer,
// listing, status or control of a service: readOnlyProgs, displayProgs,
// controlProgs) names thing.
func ranThing(cmd, thing string) bool {
	for _, p := range commandParts(cmd) {
		f := runFields(unwrap(p))
		if len(f) == 0 || readOnlyProgs[f[0]] || len(f) > 1 && readOnlyProgs[f[0]+" "+f[1]] || displayOnly(p) || controlProgs[path.Base(f[0])] {
			continue
		}
		if namesThing(p, thing) {
			return true
		}
	}
	return false
}
