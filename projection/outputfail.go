package projection

import (
	"path"
	"strings"
)

// Failures a run's output states when no exit status says so.
//
// Many hosts record no exit status (Cline's "Command executed.", an aider
// run, a harness that returns the output alone), so a run that failed is
// known by what it printed. Four kinds of output say a run failed
// whatever its status: a compiler's or checker's diagnostic at error
// severity at its place in a file ("a.c:3:5: error: …", "src/a.ts(4,10):
// error TS2304: …"; a warning there is none); a test runner's closing
// count with failures in it ("1 failed, 8 passed in 1.41s", "Tests: 1
// failed | 3 passed (4)", "2 failing", "5 examples, 1 failure", "Tests
// run: 5, Failures: 1"); a
// database client's error ("psql:m.sql:3: ERROR:  column …", "ERROR 1064
// (42000) at line 1: …", "Parse error near line 2: …"); and a log whose
// last line at a level that decides (ERROR or FATAL against INFO; WARN,
// DEBUG, LOG decide nothing: logLevels) is at ERROR level ("… ERROR
// Database error 22008: …"), so an error the run logged and then
// recovered from ("ERROR retrying" then "INFO done") is no failure; yarn's
// own "error …" line likewise (yarnError). A count of none ("0
// failed", "0 errors"), the word in passing ("error handling tests
// passed", "3 errors handled") and the output of a program that shows
// text it did not produce (cat, grep, tail, git log, kubectl logs …:
// displayProgs) say nothing about the run.

var (
	// failCountRE is a test runner's closing count line with a failure
	// in it: counts joined by "," "|" or ";", under an optional label
	// ("Tests:", "Test Files", "Test Suites:") and rule ("====="), with
	// an optional duration ("(34.1s)", "in 1.41s").
	failCountRE = mustPattern(`(?m)^[ \t]*(?:[=\-_*]+[ \t]*)?(?:(?:Tests?|Test Files|Test Suites|Specs?|Suites?|Examples|Scenarios|Steps|Results?)[ \t]*:?[ \t]+)?(?:\d+ [a-z]+(?: [a-z]+)?[ \t]*[,|;][ \t]*)*[1-9]\d* (?:failed|failing|failures?|errors?|errored)\b(?:[ \t]*[,|;][ \t]*\d+ [a-z]+(?: [a-z]+)?)*(?:[ \t]*\([^)\n]*\))?(?:[ \t]+in [\d.]+ ?m?s\b[^\n]*)?[ \t]*[=\-_*]*[ \t]*$` +
		// JUnit's (Maven, Gradle) count with failures or errors in it
		`|^[ \t]*(?:\[\w+\][ \t]*)?Tests run: \d+, Failures: (?:[1-9]\d*, Errors: \d+|\d+, Errors: [1-9]\d*)` +
		// a type checker's or linter's count ("Found 3 errors in 2
		// files", "✖ 3 problems (3 errors, 0 warnings)")
		`|^[ \t]*Found [1-9]\d* errors?\b|^[ \t]*✖ [1-9]\d* problems? \([1-9]\d* errors?` +
		`|^[ \t]*(?:\[\w+\][ \t]*)?BUILD FAIL(?:ED|URE)\b|^[ \t]*Build FAILED\.?[ \t]*$` +
		// dotnet test's summary (dotnettest.go)
		dotnetSummaryFailRE +
		// flutter test's and dart test's summary (fluttertest.go)
		flutterSummaryFailRE)

	// diagErrorRE is a compiler's or checker's diagnostic at error
	// severity, at its place in a file: "a.c:3:5: error: …" (gcc, clang,
	// swiftc), "src/a.py:3: error: …" (mypy, javac), "src/a.ts:4:10 -
	// error TS2304: …" (tsc, pretty), "src/a.ts(4,10): error TS2304: …"
	// and "Program.cs(3,5): error CS0103: …" (tsc, MSBuild). A warning or
	// a note at its place is none: a build that prints one may pass.
	diagErrorRE = mustPattern(`(?m)^[ \t]*[^\s:()]+(?::\d+){1,2}:?[ \t]+(?:-[ \t]+)?(?:fatal[ \t]+)?error(?:\[[^\]\n]+\])?(?:[ \t]+[A-Z]{1,4}\d{2,5})?:` +
		`|^[ \t]*[^\s:()]+\(\d+(?:,\d+){0,3}\):[ \t]+(?:fatal[ \t]+)?error[ \t]+[A-Z]{1,4}\d{2,5}:`)

	// dbErrorRE is a database client's error: psql's with the script's
	// place before it ("psql:m.sql:3: ERROR:  …", "psql: error: connection
	// to server …") or in the server's language ("错误:  …", "FEHLER:  …"),
	// mysql's numbered one ("ERROR 1064 (42000) at line 1: …") and
	// sqlite3's ("Parse error near line 2: …", "Runtime error: …").
	dbErrorRE = mustPattern(`(?m)^[ \t]*(?:psql|mysql|mariadb|sqlite3)(?::[^\s:]+)*(?::\d+)?: (?:ERROR|FATAL|PANIC|error|FEHLER|ERREUR|ERRORE|ОШИБКА|错误|致命错误|エラー|ERRO)[:：]` +
		`|^[ \t]*(?:FEHLER|ERREUR|ERRORE|ОШИБКА|错误|致命错误|エラー|ERRO|BŁĄD)[:：][ \t]+\S` +
		`|^[ \t]*ERROR \d{4} \([0-9A-Z]{5}\)(?: at line \d+)?:` +
		`|^[ \t]*(?:Parse|Runtime) error(?: near line \d+)?: `)
)

// logLevels are the levels a log line may open with, and whether each
// decides a run's outcome: ERROR and above fail it, INFO (or SUCCESS) a
// later line of which says it went on; WARN, DEBUG, TRACE, and LOG and
// NOTICE, which PostgreSQL's tools (pgloader, psql) print around an
// error as well ("ERROR Database error 22008: …" then "LOG report
// summary reset"), decide nothing.
var logLevels = map[string]int{
	"ERROR": levelFail, "FATAL": levelFail, "CRITICAL": levelFail, "PANIC": levelFail, "SEVERE": levelFail,
	"INFO": levelOK, "SUCCESS": levelOK,
	"WARN": levelNone, "WARNING": levelNone, "DEBUG": levelNone, "TRACE": levelNone, "LOG": levelNone, "NOTICE": levelNone,
}

const (
	levelNone = iota
	levelOK
	levelFail
)

// displayProgs are programs whose output is text they show, not their
// own outcome: a log tailed, a file printed, a search's matches.
var displayProgs = map[string]bool{"cat": true, "less": true, "more": true, "head": true, "tail": true, "grep": true, "egrep": true,
	"fgrep": true, "rg": true, "ag": true, "ack": true, "sed": true, "awk": true, "jq": true, "yq": true, "bat": true, "echo": true,
	"printf": true, "ls": true, "find": true, "wc": true, "sort": true, "uniq": true, "cut": true, "nl": true, "journalctl": true,
	"git log": true, "git show": true, "git diff": true, "git grep": true, "git blame": true, "kubectl logs": true,
	"docker logs": true, "docker compose logs": true, "docker-compose logs": true, "gh run view": true, "cd": true}

// outputFailure is the line of a command's output that says its run
// failed by a compiler's diagnostic at error severity, a test runner's
// count, a database client's error or a log
// ending at ERROR level, "" when none does or the call shows text it did
// not produce (displayOnly). Only a command's output is read: a file's
// text shown by a read tool is no run.
func outputFailure(text string, c *Call) string {
	if c == nil {
		return ""
	}
	_, cmd := argString(c.Args, commandArgKeys)
	if cmd == "" || displayOnly(cmd) {
		return ""
	}
	if l := echoedFailure(text, cmd); l != "" {
		// "…; echo \"exit=$?\"" printing "exit=1" (exitstatus.go)
		return l
	}
	if m := dbErrorRE.FindString(text); m != "" {
		return lineAt(text, strings.Index(text, m)+len(m)-1)
	}
	if l := benchRegressed(text, cmd); l != "" {
		return l
	}
	if m := diagErrorRE.FindStringIndex(text); m != nil {
		return lineAt(text, m[0])
	}
	if l := buildFailure(text); l != "" {
		return l
	}
	if l := dbtFailure(text); l != "" {
		return l
	}
	if l := cellException(text); l != "" {
		return l
	}
	if l := lintFailure(text, cmd); l != "" {
		return l
	}
	if l := checkSummaryFailure(text); l != "" {
		// a checker's count of failed checks (lintfail.go)
		return l
	}
	if loc := failCountRE.FindStringIndex(text); loc != nil {
		if l := failureLine(text); failureLineRE.MatchString(l) && len(strings.Fields(l)) > 1 {
			// "1 failed" says how many; the first line of the failure
			// says what ("FAIL src/cart.test.js", "AssertionError: …")
			return l
		}
		return lineAt(text, loc[0])
	}
	if calledPrograms(c)["yarn"] {
		if l := yarnError(text); l != "" {
			return l
		}
	}
	if showsText(cmd) {
		// "… && docker logs api | grep ERROR": the log's lines are
		// another program's, shown
		return ""
	}
	return loggedError(text, cmd)
}

// showsText reports whether a stage of cmd starts with a program that
// shows text it did not produce (displayProgs: "docker logs api | grep
// ERROR", "tail -n 50 app.log"), so a log line in the output may be
// that text, not the run's.
func showsText(cmd string) bool {
	for _, st := range stagesOf(strings.Join(strings.Fields(cmd), " ")) {
		if h := pipeHead(st); !cdRE.MatchString(h+" ;") && displayOnly(h) {
			return true
		}
	}
	return false
}

// yarnError is the first line yarn (classic) reported an error on ("error
// This project's package.json defines \"packageManager\" …", "error
// Command failed with exit code 1."), unless a later line reports that
// it went on to succeed ("success …", "Done in 3.2s."); "" when none.
// Yarn writes its levels in lower case, which only a yarn run's output
// is read for: elsewhere "error handling tests passed" is prose.
func yarnError(text string) string {
	first := ""
	for l := range strings.Lines(text) {
		t := strings.TrimSpace(l)
		switch {
		case first == "" && strings.HasPrefix(t, "error ") && len(t) > 6 && (t[6] >= 'A' && t[6] <= 'Z' || t[6] == '"'):
			first = t
		case first != "" && (strings.HasPrefix(t, "success ") || strings.HasPrefix(t, "Done in ")):
			return ""
		}
	}
	return first
}

// loggedError is the first line of text logged at ERROR level after
// the last line logged at a level that says the run went on (the error
// the others followed from), "" when the log ends at no error. A line
// that only echoes the command cmd ran (a benchmark's "./old -w
// level=error in.gz ran", a runner naming what it runs) logs nothing:
// its level word stands beside the same word in cmd.
func loggedError(text, cmd string) string {
	first := ""
	cmd = " " + strings.Join(strings.Fields(strings.NewReplacer(`'`, " ", `"`, " ").Replace(cmd)), " ") + " "
	for l := range strings.Lines(text) {
		lv, at := levelAt(l)
		if lv != levelNone && echoes(l, at, cmd) {
			continue
		}
		switch lv {
		case levelFail:
			if first == "" {
				first = strings.TrimSpace(l)
			}
		case levelOK:
			first = ""
		}
	}
	return first
}

// echoes reports whether the level word at field at of line l stands
// in command cmd (spaced, unquoted) with the word before or after it.
func echoes(l string, at int, cmd string) bool {
	f := strings.Fields(strings.NewReplacer(`'`, " ", `"`, " ").Replace(l))
	if at < 0 || at >= len(f) {
		return false
	}
	if at > 0 && strings.Contains(cmd, " "+f[at-1]+" "+f[at]+" ") {
		return true
	}
	return at+1 < len(f) && strings.Contains(cmd, " "+f[at]+" "+f[at+1]+" ")
}

// logLevel is how the level line l is logged at decides a run
// (logLevels): the level is an upper-case word, bare, bracketed or
// before a colon ("ERROR", "[ERROR]", "ERROR:root:…"), after at most
// a time stamp, a bracketed or colon-ended source and "-" or "|"
// separators ("2026-12-05T10:14:03Z ERROR …", "10:14:03 [main] ERROR
// …", "2026-12-05 10:14:03,123 - ERROR - …"), or a logfmt "level=error"
// after at most other logfmt pairs and a time stamp ("time=… level=error
// msg=…"), not after a program and its options.
func logLevel(l string) int {
	lv, _ := levelAt(l)
	return lv
}

// levelAt is logLevel of l and the field its level word is, -1 when
// none.
func levelAt(l string) (int, int) {
	f := strings.Fields(l)
	for i, w := range f[:min(len(f), 4)] {
		if v, ok := strings.CutPrefix(w, "level="); ok {
			return logLevels[strings.ToUpper(strings.Trim(v, `"`))], i
		}
		if k, _, ok := strings.Cut(w, "="); !(ok && k != "" && !strings.HasPrefix(k, "-")) && !stampWord(w) {
			break
		}
	}
	for i, w := range f {
		if i >= 4 {
			break
		}
		t := strings.Trim(w, "[]")
		t, _, _ = strings.Cut(t, ":")
		if lv, ok := logLevels[t]; ok {
			return lv, i
		}
		if !stampWord(w) {
			return levelNone, -1
		}
	}
	return levelNone, -1
}

// stampWord reports whether w may come before a log line's level: a
// time stamp's part ("2026-12-05T10:14:03Z", "10:14:03,123"), a
// separator, or a source in brackets ("[main]", "[pgloader]").
func stampWord(w string) bool {
	if w == "-" || w == "|" || len(w) > 2 && w[0] == '[' && w[len(w)-1] == ']' {
		return true
	}
	digit := false
	for _, r := range w {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune("-:T.,Z+/", r):
		default:
			return false
		}
	}
	return digit
}

// displayOnly reports whether every program cmd runs shows text it did
// not produce (displayProgs), as "tail -n 50 app.log | grep ERROR" or
// "kubectl logs api-7f9c" do.
func displayOnly(cmd string) bool {
	parts := commandParts(strings.Join(strings.Fields(cmd), " "))
	if len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		f := dropEnv(strings.Fields(p))
		if len(f) == 0 {
			continue
		}
		f = append([]string{path.Base(f[0])}, subcommandWords(f[1:])...)
		prog := f[0]
		switch {
		case len(f) > 2 && displayProgs[prog+" "+f[1]+" "+f[2]], len(f) > 1 && displayProgs[prog+" "+f[1]], displayProgs[prog]:
		default:
			return false
		}
	}
	return true
}

// completionToolRE names a tool an agent hands its finished work to the
// user with, whose result is the user's reply: Cline's attempt_completion.
var completionToolRE = mustPattern(`(?i)^(?:attempt_completion|attempt_?complete|complete_?task|task_?complete)$`)

// replyTool reports whether call c's result is the user's reply, not
// something observed: a question's (askUserToolRE) or a handed-in task's
// (completionToolRE). The user's words come as the user's message.
func replyTool(c *Call) bool {
	return c != nil && (askUserToolRE.MatchString(c.Name) || completionToolRE.MatchString(c.Name))
}

// valueFlags are the options before a subcommand that take the next
// word as their value ("kubectl -n payments logs …", "docker --context
// prod logs …", "git -C repo log").
var valueFlags = map[string]bool{"-n": true, "--namespace": true, "--context": true, "--kubeconfig": true, "-C": true, "-c": true,
	"-H": true, "--host": true, "-f": true, "--file": true, "-p": true, "--project-name": true}

// subcommandWords are a program's words after its name without the
// options (and their values) before its subcommand, so "kubectl -n x
// logs pod" is read as "kubectl logs pod".
func subcommandWords(f []string) []string {
	for len(f) > 0 && strings.HasPrefix(f[0], "-") {
		if valueFlags[f[0]] && len(f) > 1 {
			f = f[1:]
		}
		f = f[1:]
	}
	return f
}
