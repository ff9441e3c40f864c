package projection

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// What a command ran, apart from how its output was shown.
//
// An agent runs the same command again and again, each time reading its
// output through another cut: "airflow dags test orders_daily 2>&1 | tail
// -6", then "… 2>&1 | grep -E 'Marking|ERROR' | tail -6". The run is the
// same; its key (CommandKey) is the command without the pipes at its end
// that only filter or trim what it printed (tail, head, grep, sed, sort,
// wc, cut, jq, a tee into a log …) and without the redirections that only
// merge or discard its output ("2>&1", "> /dev/null", "> build.log"). A
// pipe into a program that does work (xargs, sh, python, psql, a tee into
// /etc/hosts) is part of the command, and so is a redirection into a file
// that is the command's product ("jq . a.json > b.json").
//
// A program that only prints what exists (cat, ls, ps, git log, kubectl
// get …) asks its question through its filter: "ps aux | grep nginx" and
// "ps aux | grep redis" are two questions. Such a command loses only the
// cuts that show part of the same lines (tail, head, less, sort).
//
// A loop that runs one command a few times ("for i in 1 2 3 4 5; do
// xcodebuild test … -only-testing:…/testConcurrentEdits | tail -1;
// done", to catch a flaky test) is a run of that command (repeatedRun).
//
// A run that passed through another filter than the one it failed
// through proves its pass only when the filter could not hide the failure
// (passShown): "| grep -v FAIL" or "| head -3" passing says nothing of a
// run that failed at its end.

// repeatedRun is the command a loop repeats: "for i in 1 2 3; do X; done"
// (the count written out, "{1..5}" or "$(seq 5)") is X, when X does not
// use the loop's variable; "echo" and "sleep" beside X only mark the
// rounds. Any other command is itself.
func repeatedRun(cmd string) string {
	m := repeatLoopRE.FindStringSubmatch(strings.TrimSpace(cmd))
	if m == nil {
		return cmd
	}
	v, body := m[1], m[2]
	items := listed(body)
	if items == nil {
		return cmd
	}
	var run string
	for _, it := range items {
		f := strings.Fields(it)
		if len(f) == 0 || f[0] == "sleep" || f[0] == "echo" || f[0] == "printf" {
			continue
		}
		if run != "" || strings.Contains(it, "$"+v) || strings.Contains(it, "${"+v) {
			return cmd
		}
		run = it
	}
	if run == "" {
		return cmd
	}
	return run
}

// waitRE is a wait before a command: "sleep 120; ", "sleep 5s && ".
var waitRE = mustPattern(`^\s*sleep\s+\d+(?:\.\d+)?[smh]?\s*(?:;|&&)\s*`)

// afterWait is cmd without the wait it starts with ("sleep 120; aws ecs
// describe-services …" waits for a deployment to settle, then asks): how
// long it waited is no part of what it ran.
func afterWait(cmd string) string {
	if loc := waitRE.FindStringIndex(cmd); loc != nil && loc[1] < len(cmd) && !strings.Contains(cmd, "\n") {
		return cmd[loc[1]:]
	}
	return cmd
}

// repeatLoopRE is a loop over a count: its variable and its body.
var repeatLoopRE = mustPattern(`^for\s+(\w+)\s+in\s+(?:\d+(?:\s+\d+)*|\{\d+\.\.\d+\}|\$\(seq(?:\s+\d+){1,2}\))\s*;\s*do\s+(.+?)\s*;?\s*done$`)

// commandRun is cmd without the output filters at its end (what it ran)
// and those filters, each pipe part and each redirection apart, in the
// order written. A command of several lines is itself.
func commandRun(cmd string) (run string, filters []string) {
	if strings.Contains(cmd, "\n") {
		return cmd, nil
	}
	c := strings.TrimSpace(cmd)
	c, red := dropRedirects(c)
	if red == nil {
		// its output written to a file that is its product
		return cmd, nil
	}
	parts := pipeSplit(c)
	reader := printsOnly(parts[0])
	for len(parts) > 1 && outputFilter(parts[len(parts)-1], reader) {
		filters = append([]string{strings.TrimSpace(parts[len(parts)-1])}, filters...)
		parts = parts[:len(parts)-1]
	}
	c = strings.TrimSpace(strings.Join(parts, "|"))
	c, more := dropRedirects(c)
	if more == nil {
		return cmd, nil
	}
	filters = append(append(more, filters...), red...)
	if c == "" {
		return cmd, nil
	}
	return c, filters
}

// dropRedirects is c without the redirections at its end that merge or
// discard its output, and those; nil redirections (c unchanged) when one
// writes a file that is not a log.
func dropRedirects(c string) (string, []string) {
	f := strings.Fields(c)
	red := []string{}
	if len(f) > 0 && writesGiven(f) {
		// echo, printf or a here-document: the text it prints was
		// written for the file, whatever the file's name
		return c, nil
	}
	for len(f) > 1 {
		last := f[len(f)-1]
		switch {
		case dupRedirectRE.MatchString(last):
			red = append([]string{last}, red...)
			f = f[:len(f)-1]
			continue
		case joinedRedirectRE.MatchString(last):
			if !logTarget(joinedRedirectRE.FindStringSubmatch(last)[1]) {
				return c, nil
			}
			red = append([]string{last}, red...)
			f = f[:len(f)-1]
			continue
		case len(f) > 2 && bareRedirectRE.MatchString(f[len(f)-2]):
			if !logTarget(last) {
				return c, nil
			}
			red = append([]string{f[len(f)-2] + " " + last}, red...)
			f = f[:len(f)-2]
			continue
		}
		break
	}
	if len(red) == 0 {
		return c, red
	}
	// rebuild from the original text so quoting inside is kept
	n := len(strings.Fields(c)) - len(f)
	out := c
	for range n {
		out = strings.TrimSpace(out[:strings.LastIndexAny(out, " \t")])
	}
	return out, red
}

var (
	// dupRedirectRE merges one output into another: "2>&1", ">&2".
	dupRedirectRE = mustPattern(`^\d?>&\d$`)
	// joinedRedirectRE writes an output to the file joined to it:
	// ">/dev/null", "2>build.log", "&>out.txt".
	joinedRedirectRE = mustPattern(`^(?:&|\d)?>>?(\S+)$`)
	// bareRedirectRE writes an output to the next word.
	bareRedirectRE = mustPattern(`^(?:&|\d)?>>?$`)
)

// writesGiven reports whether the command whose words are f prints only
// text written in it (echo, printf, cat of a here-document), so a file it
// is redirected to is what it makes, never a log of it.
func writesGiven(f []string) bool {
	switch f[0] {
	case "echo", "printf":
		return true
	case "cat":
		return len(f) > 1 && strings.HasPrefix(f[1], "<<")
	}
	return false
}

// logTarget reports whether a file an output goes to only keeps it:
// /dev/null or a log ("build.log", "/tmp/out.txt", "test.out").
func logTarget(p string) bool {
	p = strings.Trim(p, `'"`)
	if p == "/dev/null" {
		return true
	}
	switch path.Ext(p) {
	case ".log", ".txt", ".out":
		return true
	}
	return false
}

// printsOnly reports whether the head of a pipe only prints what exists,
// so a filter after it is its question.
func printsOnly(head string) bool {
	st := andStages(head)
	f := strings.Fields(unwrap(st[len(st)-1]))
	if len(f) == 0 {
		return true
	}
	prog := path.Base(f[0])
	if readerPrograms[prog] {
		return true
	}
	sub := ""
	for _, w := range f[1:] {
		if !strings.HasPrefix(w, "-") {
			sub = w
			break
		}
	}
	return readerSubcommands[prog] != nil && readerSubcommands[prog][sub]
}

// readerPrograms only print what exists; readerSubcommands are the
// subcommands of a tool that do.
var (
	readerPrograms = setOf("cat", "less", "more", "head", "tail", "echo", "printf", "ls", "find", "fd", "ps", "env", "printenv", "history",
		"grep", "egrep", "fgrep", "rg", "ag", "ack", "jq", "yq", "awk", "sed", "cut", "sort", "uniq", "wc", "tree", "stat", "file", "strings",
		"xxd", "od", "hexdump", "dmesg", "journalctl", "lsof", "netstat", "ss", "du", "df", "free", "top", "which", "whereis", "type",
		"curl", "wget", "http", "dig", "nslookup", "host", "id", "whoami", "uname", "date", "zcat", "zgrep", "tar", "unzip", "nm", "objdump",
		"readelf", "ldd", "otool", "lsblk", "mount", "ip", "ifconfig", "crontab", "getent", "locate", "diff", "cmp", "md5sum", "sha256sum")
	readerSubcommands = map[string]map[string]bool{
		"git":       setOf("log", "show", "diff", "status", "grep", "ls-files", "ls-tree", "branch", "tag", "remote", "reflog", "blame", "config", "shortlog", "cat-file", "rev-list", "describe", "stash"),
		"kubectl":   setOf("get", "describe", "logs", "top", "explain", "api-resources", "config", "events", "version"),
		"oc":        setOf("get", "describe", "logs", "status", "explain"),
		"docker":    setOf("ps", "images", "logs", "inspect", "network", "volume", "stats", "history", "info", "version"),
		"podman":    setOf("ps", "images", "logs", "inspect"),
		"pip":       setOf("list", "freeze", "show"),
		"pip3":      setOf("list", "freeze", "show"),
		"npm":       setOf("ls", "list", "view", "outdated", "config", "info"),
		"pnpm":      setOf("ls", "list", "why", "outdated"),
		"yarn":      setOf("list", "why", "info"),
		"apt":       setOf("list", "search", "show", "policy"),
		"apt-cache": setOf("search", "show", "policy", "depends"),
		"dpkg":      setOf("-l", "-L", "-s"),
		"brew":      setOf("list", "info", "search"),
		"systemctl": setOf("status", "list-units", "list-unit-files", "show", "cat"),
		"gh":        setOf("pr", "run", "issue", "api", "repo", "release"),
		"go":        setOf("list", "env", "version", "doc"),
		"cargo":     setOf("tree", "metadata", "search"),
		"helm":      setOf("list", "get", "status", "history", "show", "search", "template"),
		"aws":       setOf("s3", "logs", "sts"),
	}
)

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// outputFilter reports whether a pipe part only filters or trims what
// came before it: a cut of its lines (tail, head, sort, "sed -n 1,40p", a
// tee into a log), or, after a program that does work, a grep for the
// words a run reports its outcome by ("grep -E 'Marking|ERROR'", "grep
// -E 'failed|Executed'"). A grep for a name ("grep kotlin-stdlib") asks
// a question of the output, and jq, awk or cut pick what they print.
func outputFilter(part string, reader bool) bool {
	if shellHas(part, "&&") || shellHas(part, "||") || shellHasAny(part, ";`") || shellHas(part, "$(") {
		return false
	}
	f := quotedWords(strings.TrimSpace(part))
	if len(f) == 0 {
		return false
	}
	operands := slices.DeleteFunc(slices.Clone(f[1:]), func(w string) bool { return strings.HasPrefix(w, "-") })
	switch f[0] {
	case "tail", "head":
		// "-n 20", "-20", "-c 300": a count, no file
		return !slices.ContainsFunc(operands, func(w string) bool { return strings.Trim(w, "0123456789+") != "" })
	case "less", "more", "sort", "uniq", "nl", "column", "cat":
		return len(operands) == 0
	case "tee":
		return !slices.ContainsFunc(operands, func(w string) bool { return !logTarget(w) })
	case "sed":
		return len(f) == 3 && f[1] == "-n" && sedLinesRE.MatchString(f[2])
	case "grep", "egrep", "fgrep", "rg":
		return !reader && outcomeGrep(f)
	}
	return false
}

// sedLinesRE is a sed script that prints a range of lines: "1,40p",
// "$p", "5p".
var sedLinesRE = mustPattern(`^(?:\d+|\$)(?:,(?:\d+|\$))?p$`)

// outcomeGrep reports whether a grep (its words) looks only for the words
// a run reports how it went by, and shows the lines it finds.
func outcomeGrep(f []string) bool {
	var pats []string
	for i := 1; i < len(f); i++ {
		w := f[i]
		switch {
		case w == "-e":
			if i+1 < len(f) {
				pats = append(pats, f[i+1])
				i++
			}
		case strings.HasPrefix(w, "-"):
			if strings.HasPrefix(w, "--") || strings.ContainsAny(w[1:], "vclLqof") {
				return false
			}
		case len(pats) == 0:
			pats = append(pats, w)
		default:
			// a file operand: the grep reads it, not the pipe
			return false
		}
	}
	words := 0
	for _, p := range pats {
		for _, t := range letterRunRE.FindAllString(p, -1) {
			if len(t) < 2 {
				continue
			}
			if !outcomeWordRE.MatchString(t) {
				return false
			}
			words++
		}
	}
	return words > 0
}

var (
	// letterRunRE is a run of letters in a pattern.
	letterRunRE = mustPattern(`\pL+`)
	// outcomeWordRE is a word a run reports its outcome by.
	outcomeWordRE = mustPattern(`(?i)^(?:\pL*err(?:or)?s?|\pL*exceptions?|fail(?:ed|ures?|s|ing)?|pass(?:ed|es|ing)?|ok|success(?:ful|fully)?|succeeded|warn(?:ings?)?|executed|skip(?:ped|s)?|tests?|suites?|summary|done|total|results?|mark(?:ing|ed)?|traceback|fatal|panic(?:ked)?|built|build|compiled?|compiling|finished|complete[ds]?|assert(?:ion)?s?|exit|status|code|real|elapsed|ran|collected|critical|abort(?:ed)?|killed|time(?:d|out)?|problems?|violations?|found|tasks?|state|recap)$`)
)

// passShown reports whether a call that passed shows that the run a call
// failed in with error line because passed: the two read its output
// through the same filters, or the passing one's filters would have let
// the error line through (tail shows the end, where a run reports how it
// ended; a grep for "failed|Executed" shows "Test Case … failed"), or
// they look for how the run went and found a success and no failure
// ("grep -E 'Marking|ERROR'": "Marking task as SUCCESS"); else its output
// must hold a summary of a pass and none of a failure.
//
// sameKey says the two calls ran the same command by their keys (a
// command written through a here-document and run is keyed by its run,
// while its call text holds the document).
func passShown(failedCall, passedCall, because, out string, sameKey bool) bool {
	if strings.Contains(failedCall, "\n") || strings.Contains(passedCall, "\n") {
		// another tool's call (its name and arguments a line each): no
		// output filter
		return true
	}
	ff, pf := shownThrough(failedCall), shownThrough(passedCall)
	if shown, ok := countShown(failedCall, passedCall, because, out); ok && !sameFilters(ff, pf) {
		// a count of the failure's kind of line (countcheck.go)
		return shown
	}
	if sameFilters(ff, pf) || !sameKey && lastRunHead(failedCall) != lastRunHead(passedCall) {
		// Another run, or the failed run an earlier stage of an "a && b"
		// chain that went on (it passed whatever the end of the chain
		// showed): the other readings of a pass (subject.go) judge it.
		return true
	}
	succeeded := successLineRE.MatchString(out) && !failureLineRE.MatchString(noneFailedRE.ReplaceAllString(out, ""))
	if !slices.ContainsFunc(pf, func(f string) bool {
		return !filterShows(f, because) && !(succeeded && outcomeGrep(quotedWords(f)))
	}) {
		return true
	}
	if slices.ContainsFunc(pf, func(f string) bool { return dropsByContent(f, because) }) {
		// what is left of a summary once lines are taken out or counted
		// says nothing of them
		return false
	}
	return passSummaryRE.MatchString(out) && !suiteFailRE.MatchString(out)
}

// dropsByContent reports whether an output filter takes lines out by what
// they say or prints only a count: "grep -v FAIL", "grep -c ok", "wc -l".
func dropsByContent(filter, because string) bool {
	f := quotedWords(filter)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "wc":
		return true
	case "grep", "egrep", "fgrep", "rg":
		counts := slices.ContainsFunc(f[1:], func(w string) bool {
			return w == "--count" || w == "--quiet" || strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.ContainsAny(w[1:], "cq")
		})
		// "grep -v FAIL" takes failures out; "grep -vE '^> Task'" only
		// progress lines
		inverts := slices.ContainsFunc(f[1:], func(w string) bool {
			return w == "--invert-match" || strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.Contains(w[1:], "v")
		})
		return counts || inverts && (!grepShows(f, because) || errorWordRE.MatchString(strings.Join(f[1:], " ")))
	}
	return false
}

// shownThrough is the pipe parts the last stage of a call's command
// passed its output through.
func shownThrough(call string) []string {
	st := andStages(strings.TrimSpace(repeatedRun(call)))
	parts := pipeSplit(st[len(st)-1])
	out := make([]string, 0, len(parts)-1)
	for _, p := range parts[1:] {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// noneFailedRE is a count of failures that is zero: "failed=0".
var noneFailedRE = mustPattern(`(?i)\bfailed=0\b`)

// successLineRE is a line that says something went well.
var successLineRE = mustPattern(`(?i)\b(?:success(?:ful(?:ly)?)?|succeeded|passed|failed=0)\b`)

// errorGone reports whether a failing call, the same run as the failed
// call read through other filters, shows that the failed call's error
// (because) is gone: it fails with another error, and its filters would
// have let the old one through ("| grep -E 'failed|Executed'" after "|
// tail -5": "Test Case … testA failed" no longer there, now "… testB
// failed").
func errorGone(failedCall, nowCall, because, nowBecause, out string) bool {
	ff, nf := shownThrough(failedCall), shownThrough(nowCall)
	old := strings.TrimSpace(because)
	if sameFilters(ff, nf) || old == "" || old == strings.TrimSpace(nowBecause) || !failureLineRE.MatchString(old) || exitOnlyRE.MatchString(old) || strings.Contains(out, old) {
		return false
	}
	if head, _, ok := strings.Cut(old, " — "); ok && strings.TrimSpace(head) != "" && strings.Contains(out, strings.TrimSpace(head)) {
		// the error's own line is there, the detail read under it
		// filtered away ("… LoginFlowTest > x FAILED" shown by "| grep
		// FAILED" without the exception's line after it): not gone
		return false
	}
	return !slices.ContainsFunc(nf, func(f string) bool { return !filterShows(f, old) })
}

// sameFilters reports whether two lists of filters are the same, white
// space aside.
func sameFilters(a, b []string) bool {
	return slices.EqualFunc(a, b, func(x, y string) bool {
		return strings.Join(strings.Fields(x), " ") == strings.Join(strings.Fields(y), " ")
	})
}

// filterShows reports whether an output filter (a pipe part or a
// redirection) lets the error line because through; with no line known,
// whether a grep looks for errors at all.
func filterShows(filter, because string) bool {
	f := strings.Fields(filter)
	if len(f) == 0 || strings.ContainsAny(f[0], "<>") {
		// "2>&1", "> /dev/null": the status is the command's own
		return true
	}
	switch f[0] {
	case "tail", "less", "more", "sort", "nl", "column", "cat", "tee":
		return true
	case "sed":
		// "sed 's/^> /  /'" rewrites every line and drops none
		w := quotedWords(filter)
		return len(w) == 2 && strings.HasPrefix(w[1], "s") && !strings.ContainsAny(w[1], ";\n") && strings.Count(w[1], w[1][1:2]) == 3
	case "grep", "egrep", "fgrep", "rg":
		return grepShows(quotedWords(filter), because)
	}
	return false
}

// grepShows reports whether a grep (its words) prints the line because.
// A grep that counts, lists files, prints only the match or nothing, or
// reads its patterns from a file shows no line.
func grepShows(f []string, because string) bool {
	ext, fixed, fold, invert := f[0] == "egrep" || f[0] == "rg", f[0] == "fgrep", false, false
	var pats []string
	explicit := false
	for i := 1; i < len(f); i++ {
		w := f[i]
		switch {
		case w == "-e" || w == "--regexp":
			if i+1 < len(f) {
				pats, explicit = append(pats, f[i+1]), true
				i++
			}
		case strings.HasPrefix(w, "--regexp="):
			pats, explicit = append(pats, strings.TrimPrefix(w, "--regexp=")), true
		case strings.HasPrefix(w, "--"):
			switch w {
			case "--count", "--files-with-matches", "--files-without-match", "--quiet", "--silent", "--only-matching", "--file":
				return false
			case "--invert-match":
				invert = true
			case "--ignore-case":
				fold = true
			case "--extended-regexp", "--perl-regexp":
				ext = true
			case "--fixed-strings":
				fixed = true
			}
		case strings.HasPrefix(w, "-") && len(w) > 1:
			flags := w[1:]
			if strings.ContainsAny(flags, "clLqof") {
				return false
			}
			invert = invert || strings.Contains(flags, "v")
			fold = fold || strings.Contains(flags, "i")
			ext = ext || strings.ContainsAny(flags, "EP")
			fixed = fixed || strings.Contains(flags, "F")
			if strings.ContainsAny(flags[len(flags)-1:], "mABC") && !strings.ContainsAny(flags, "0123456789") && i+1 < len(f) {
				// "-A 3": the option's value
				i++
			}
		case !explicit && len(pats) == 0:
			pats = append(pats, f[i])
		}
	}
	if len(pats) == 0 {
		return false
	}
	joined := strings.Join(pats, " ")
	if because == "" {
		// no error line known: a grep shows errors when it looks for
		// them, and an inverted one when it takes out others
		return errorWordRE.MatchString(joined) != invert
	}
	var alts []string
	for _, p := range pats {
		switch {
		case fixed:
			p = regexp.QuoteMeta(p)
		case !ext:
			p = strings.NewReplacer(`\|`, "|", `\(`, "(", `\)`, ")", `\+`, "+", `\?`, "?").Replace(p)
		}
		alts = append(alts, "(?:"+p+")")
	}
	expr := strings.Join(alts, "|")
	if fold {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return !invert && errorWordRE.MatchString(joined)
	}
	return re.MatchString(because) != invert
}

var (
	// errorWordRE is a word a failure is reported by.
	errorWordRE = mustPattern(`(?i)err|fail|exception|traceback|fatal|panic|abort|✗|✘`)
	// passSummaryRE is a run's summary of a pass: a test suite's (suite.go),
	// XCTest's "Executed 131 tests, with 1 test skipped and 0 failures",
	// dbt's "PASS=9 WARN=0 ERROR=0 SKIP=0", "** BUILD SUCCEEDED **".
	passSummaryRE = mustPattern(`(?mi)` + suitePassRE.String()[len(`(?mi)`):] + `|\bwith (?:\d+ tests? skipped and )?0 failures\b|\bPASS=\d+ WARN=\d+ ERROR=0 (?:FAIL=0 )?SKIP=|\*\* (?:BUILD|TEST) SUCCEEDED \*\*`)
)

// filteredAway supersedes failure f when the failing run p of the same
// command, read through other filters, shows f's error gone (errorGone):
// f keeps the key of its command as it was run, and p's failure takes
// the command's key.
func (r *Reducer) filteredAway(e *Event, f *Anchor, p *Proposal, ref EventRef) bool {
	failed, ok := linkWith(f.Links, callPrefix)
	now := callText(r.call)
	if !ok || now == "" || f.Lifecycle != Open && f.Lifecycle != Investigating || !errorGone(failed, now, f.Because, p.Because, e.Text) {
		return false
	}
	ran := commandPrefix + f.Name
	if f.Name == "" || ran == f.Key || r.hot[slot(KindFailure, ran)] != nil {
		return false
	}
	delete(r.hot, slot(KindFailure, f.Key))
	f.Key, f.Lifecycle = ran, Superseded
	f.addRef(ref)
	r.hot[slot(KindFailure, ran)] = f
	return true
}

// supersededPassed resolves the failures of the command that passed (p)
// that a failure of the same command with another error superseded: the
// run now passes whole, so each error it failed on before is gone
// ("testOfflineEditSurvivesReconnect" failing, then the run failing on
// "testConcurrentEdits" only, then passing).
func (r *Reducer) supersededPassed(e *Event, p *Proposal, ref EventRef, moved map[*Anchor]bool) {
	passed := callText(r.call)
	if p.Failed || p.Explicit || !strings.HasPrefix(p.Key, commandPrefix) || passed == "" || runKey(passed) != p.Key {
		return
	}
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || a.Lifecycle != Superseded || moved[a] || !strings.HasPrefix(a.Key, commandPrefix) {
			continue
		}
		failed, ok := linkWith(a.Links, callPrefix)
		if !ok || runKey(failed) != p.Key || !passShown(failed, passed, a.Because, e.Text, true) {
			continue
		}
		a.Lifecycle = Resolved
		moved[a] = true
		a.addRef(ref)
		r.hypothesesOn(a, ref)
	}
}

// runKey is the key of what a call's command text ran (CommandKey).
//
// The directory a run starts in by its "cd DIR &&" is part of what it
// ran: "cd stacks/staging/network && terraform plan" and "cd
// stacks/staging/data && terraform plan" are plans of two stacks, and
// one passing fixes nothing of the other. Options that name the
// directory ("-chdir=", "git -C", "npm --prefix") stay in the command.
func runKey(call string) string {
	ran, _ := commandRun(strings.Join(strings.Fields(repeatedRun(afterWait(call))), " "))
	if dir, rest := runDir(ran); dir != "" {
		return commandPrefix + "cd " + dir + " && " + normCommand(rest)
	}
	return commandPrefix + normCommand(ran)
}

// runDir is the directory the "cd DIR &&" (or ";") stages that start
// command c move to, cleaned ("" when none, "." or a variable, or a
// path from the root or home), and c after them.
func runDir(c string) (dir, rest string) {
	rest = strings.Join(strings.Fields(c), " ")
	for {
		m := cdDirRE.FindStringSubmatchIndex(rest)
		if m == nil {
			break
		}
		d := strings.Trim(rest[m[2]:m[3]], `'"`)
		rest = rest[m[1]:]
		switch {
		case d == "" || d == "-" || strings.Contains(d, "$"):
			dir = ""
		case path.IsAbs(d) || strings.HasPrefix(d, "~") || dir == "":
			dir = path.Clean(d)
		default:
			dir = path.Join(dir, d)
		}
	}
	if dir == "." || path.IsAbs(dir) || strings.HasPrefix(dir, "~") {
		// "cd /testbed &&", "cd ~/fixflow &&": an agent's way to start
		// at its project's root, which its other commands start at
		// without saying; a part of the project is named relative to it
		dir = ""
	}
	return dir, rest
}

// cdDirRE is a "cd DIR &&" (or ";") stage at the start of a command,
// its directory the group.
var cdDirRE = mustPattern(`^cd\s+(\S+)\s*(?:&&|;)\s*`)

// lastRunHead is the last stage of a call's command up to its pipe,
// unwrapped, its redirections and white space dropped.
func lastRunHead(call string) string {
	st := andStages(strings.TrimSpace(repeatedRun(call)))
	head, _ := dropRedirects(strings.TrimSpace(pipeHead(st[len(st)-1])))
	return strings.Join(strings.Fields(unwrap(head)), " ")
}
