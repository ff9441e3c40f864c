// Proposals from tool results: failures, evidence, and the failure line
// quoted for a run.

package projection

import (
	"path"
	"strings"
)

// HostSnapshot reports whether user text is a host's snapshot of the
// runtime context that replaces the one before it ("Current runtime
// context. This snapshot supersedes earlier runtime-context snapshots.
// Current DSH file policy: …", which DSH sends as a user message): state
// the projection reads, no request of the user's. The snapshot says so at
// its head.
func HostSnapshot(text string) bool {
	return supersedesRE.MatchString(text[:min(len(text), 200)])
}

// proposeToolResult reads a tool result: the outcome of what its call ran,
// of every test it names, the files it wrote and config values it set.
func proposeToolResult(ev *Event, ctx *Context) []Proposal {
	var out []Proposal
	text := ev.Text
	if strings.TrimSpace(text) == noResultText && ev.Result != nil && !ev.Result.Interrupted {
		// The task handed in as the run's last call, whose result no
		// trajectory records (the harness stops on it): the outcome.
		if o, ok := callOutcome(ctx.Call, ""); ok {
			return []Proposal{o}
		}
	}
	if strings.TrimSpace(text) == noResultText || ev.Result != nil && ev.Result.Interrupted || userStoppedRun(text) {
		// A call the recorded trajectory holds no result for (an
		// importer's stand-in, a finish action), or one the user
		// stopped or refused (interruptedrun.go): nothing was observed.
		return nil
	}
	if ps := todoProposals(ctx.Call); len(ps) > 0 {
		// the agent's task list as its todo tool now holds it (todo.go)
		return ps
	}
	if ps := userAnswers(ctx.Call, text); len(ps) > 0 {
		// the user's answers to the agent's questions, as a tool for
		// asking them returns them (asked.go)
		return ps
	}
	if replyTool(ctx.Call) && (ev.Result == nil || !ev.Result.IsError) {
		// what the user replied to a question or a finished task
		// (outputfail.go): no observation; the tool failing is one
		return nil
	}
	cmdKey, cmdName := CommandKey(ctx.Call)
	// grep's or diff's exit status 1 alone says "no match", "differs":
	// no failure, though the host flags the result an error; so does an
	// error result of no output at all (OpenHands records the exit code
	// apart from the output)
	found := (noMatchOnly(text) || strings.TrimSpace(text) == "" || strings.TrimSpace(text) == noOutputText || zeroCount(text, ctx.Call)) && searchProgram(ctx.Call) ||
		// a status the program answers with by its flags ("terraform
		// plan -detailed-exitcode": 2, changes present; exitstatus.go)
		benignStatus(text, ctx.Call)
	// a read or a listing that found its path absent: an answer, no
	// failure (lookupabsent.go)
	absent := ev.Result != nil && ev.Result.IsError && !found && lookupAbsent(ctx.Call, text)
	if absent {
		p := Proposal{Op: OpOutcome, Kind: KindEvidence, Key: cmdKey, Name: cmdName, Quote: firstLine(text), Value: absentValue(text)}
		return []Proposal{p}
	}
	failed := ev.Result != nil && ev.Result.IsError && !found
	because := ""
	// what the output says failed, its lines of no error left out
	said := blankNoErrorLines(text)
	if loc := cmdFailRE.FindStringIndex(said); loc != nil && !found {
		failed = true
		if exitOnlyRE.MatchString(lineAt(text, loc[0])) {
			// "<returncode>1</returncode>" heads the output a Python
			// traceback follows: the status says that it failed, the
			// next sign of failure what.
			if n := cmdFailRE.FindStringIndex(said[loc[1]:]); n != nil {
				loc = []int{loc[1] + n[0], loc[1] + n[1]}
			}
		}
		because = lineAt(text, loc[0])
		if exitWrapperRE.MatchString(because) {
			// "X Process completed with exit code 101." under a CI run's
			// "X error: linker `cc` not found": the error, not its status
			if l := markedErrorLine(said); l != "" {
				because = l
			}
		}
		if strings.HasPrefix(because, "Traceback") {
			// Python's frames follow; the exception is what failed.
			because = exceptionLine(text[loc[1]:], because)
		}
	}
	if !failed && !found {
		// a test runner's count, a database client's error, a log
		// ending at ERROR level (outputfail.go)
		if l := outputFailure(said, ctx.Call); l != "" {
			failed, because = true, l
		}
	}
	if failed && because == "" {
		// dbt's node that failed (dbtfail.go), else the first line
		// that names an error
		if because = dbtFailure(said); because == "" {
			because = failureLine(said)
		}
	}
	if exitOnlyRE.MatchString(because) {
		// "exit status 1" says that it failed; the error line above it
		// says what failed ("ERRORE: simbolo largo 118 mm …").
		if m := diagErrorRE.FindStringIndex(said); m != nil {
			// a compiler's error at its place, not the build's stop
			// after it ("ninja: build stopped: subcommand failed.")
			because = lineAt(said, m[0])
		} else if l := buildFailure(said); l != "" {
			because = l
		} else if l := failureLine(said); l != firstLine(said) || failureLineRE.MatchString(l) {
			because = l
		} else if l := lastOutputLine(said, ctx.Call); l != "" {
			// no line names an error ("patch: **** malformed patch at
			// line 20", "python: No module named pytest"): what a run
			// printed last before it stopped
			because = l
		}
	}
	shown := ""
	if failed && ctx.Call != nil && strings.TrimSpace(said) != "" {
		// a log or a file shown holding an error, not a read that
		// failed (logread.go)
		if _, cmd := argString(ctx.Call.Args, commandArgKeys); shownOnly(cmd) && !readerError(cmd, said) {
			failed, shown = false, because
		}
	}
	type test struct {
		name, line string
		failed     bool
		at         int
	}
	var tests []test
	seen := map[string]bool{}
	scan := func(re *pattern, f bool, trim func(string) string) {
		for _, loc := range re.FindAllStringSubmatchIndex(text, 64) {
			n := text[loc[2]:loc[3]]
			if trim != nil {
				n = trim(n)
			}
			n = testName(n)
			if n == "" || seen[n] || re == pySectionRE && inPytestPasses(text, loc[0]) || re == cargoSectionRE && !cargoSectionFailed(text, loc[0]) {
				continue
			}
			seen[n] = true
			// the line of the name: a pattern's "^\s*" may start on a
			// blank line before it (Gradle's "\n\nFooIT > x() FAILED")
			at := loc[2]
			line := lineAt(text, at)
			if re == pySectionRE {
				// "____ test_x ____": the name, not its rule
				line = strings.Trim(line, "_ \t")
			}
			if f && strings.Contains(line, "--- FAIL") {
				// Go prints a test's lines under its own "--- FAIL"
				// (goFailDetail); cargo's and pytest's line before a
				// failed test is another test's.
				if d := goFailDetail(text, at, n); d != "" {
					tests = append(tests, test{n, line + " — " + d, f, at})
					continue
				}
			}
			if f && !strings.Contains(line, " - ") && strings.Contains(text, "___") {
				// pytest's "FAILED a.py::test_x" without its reason, or
				// its verbose "a.py::test_x FAILED": the reason is in the
				// test's own "____ test_x ____" section.
				if d := pySectionDetail(text, n); d != "" {
					line += " — " + d
				}
			}
			if f && re == nextestFailRE {
				// nextest prints what the test's thread panicked with
				// under its verdict
				line = strings.TrimSpace(line)
				if d := cargoPanicDetail(text, n); d != "" {
					line += " — " + d
				}
			}
			if f && re == cargoSectionRE {
				// "---- x stdout ----": what x panicked with (cargofail.go)
				line = strings.TrimSpace(ciLogPrefixRE.ReplaceAllString(line, ""))
				if d := cargoPanicDetail(text, n); d != "" {
					line += " — " + d
				}
			}
			if f && re == pwFailRE {
				if d := pwFailDetail(text, at, n); d != "" {
					line += " — " + d
				}
			}
			if re == dotnetFailRE || re == dotnetPassRE {
				// "Error Message:" under the test's line (dotnettest.go)
				line = strings.TrimSpace(strings.TrimPrefix(line, "Output: "))
			}
			if f && re == dotnetFailRE {
				if d := dotnetFailDetail(text, at); d != "" {
					line += " — " + d
				}
			}
			if f && re == flutterFailRE {
				// the error under the "[E]" line (fluttertest.go)
				if d := flutterFailDetail(text, at); d != "" {
					line += " — " + d
				}
			}
			if f && re == gradleFailRE {
				// Gradle prints the exception indented under the test's
				// "FAILED" line
				if le := strings.IndexByte(text[at:], '\n'); le >= 0 {
					if next := text[at+le+1:]; strings.HasPrefix(next, " ") || strings.HasPrefix(next, "\t") {
						if d := lineAt(text, at+le+1); d != "" {
							line += " — " + d
						}
					}
				}
			}
			if f {
				// vitest prints the reason on the line after the failed
				// test's, after an arrow ("→ expected [] to include …").
				if le := strings.IndexByte(text[at:], '\n'); le >= 0 {
					if next := lineAt(text, at+le+1); strings.HasPrefix(next, "→") {
						line += " — " + next
					}
				}
			}
			tests = append(tests, test{n, line, f, at})
		}
	}
	var runs []string
	if ctx.Call != nil {
		if _, cmd := argString(ctx.Call.Args, commandArgKeys); cmd != "" {
			runs = runSubjects(cmd, false)
		}
	}
	pyName := func(s string) string { return s[strings.LastIndex(s, "::")+2:] }
	scan(goFailRE, true, nil)
	scan(pyFailRE, true, pyName)
	scan(pyVerboseFailRE, true, pyName)
	scan(pyErrorRE, true, pyName)
	scan(pyVerboseErrorRE, true, pyName)
	scan(pySectionRE, true, pySectionName)
	scan(unitFailRE, true, nil)
	scan(cargoFailRE, true, nil)
	scan(nextestFailRE, true, nil)
	scan(dotnetFailRE, true, dotnetName)
	scan(cargoSectionRE, true, nil)
	scan(flutterFailRE, true, nil)
	scan(jsFailRE, true, func(n string) string {
		n = strings.TrimSpace(n)
		if verdictNameRE.MatchString(n) {
			// "✗ FAILED: len() of unsized object", "✗ 1 tests failed.": a
			// script's own report of a failure, no test's name
			return ""
		}
		return n
	})
	if strings.Contains(text, " › ") {
		scan(pwFailRE, true, pwName)
	}
	if strings.Contains(text, " > ") {
		scan(gradleFailRE, true, nil)
	}
	if len(tests) == 0 {
		// A failing test file whose failing cases the output does not
		// name in a form read above: the file is the test.
		scan(fileFailRE, true, nil)
	}
	scan(filePassRE, false, nil)
	scan(goPassRE, false, nil)
	scan(pyPassRE, false, pyName)
	scan(unitPassRE, false, nil)
	scan(cargoPassRE, false, nil)
	scan(nextestPassRE, false, nil)
	scan(dotnetPassRE, false, dotnetName)
	if strings.Contains(text, " › ") {
		scan(pwPassRE, false, pwName)
	}
	if strings.Contains(text, " > ") {
		scan(gradlePassRE, false, nil)
	}
	anyTestFailed := false
	for _, t := range tests {
		if t.failed {
			anyTestFailed = true
			failed = true
		}
	}
	units := unitReader{text: text}
	for _, t := range tests {
		quote, _, _ := strings.Cut(t.line, " — ")
		p := Proposal{Op: OpOutcome, Kind: KindEvidence, Key: "test/-/" + t.name, Name: t.name, Quote: quote, Failed: t.failed, Explicit: true, Links: append([]string{cmdKey}, runs...)}
		if t.failed {
			p.Kind, p.Because = KindFailure, t.line
			if c := callText(ctx.Call); c != "" {
				p.Links = append(p.Links, callPrefix+c)
			}
			p.Links = units.link(p.Links, t.at, quote)
			p.Value = "failed: " + oneLine(t.line, 200)
		} else {
			p.Value = "passed: " + oneLine(t.line, 200)
		}
		out = append(out, p)
	}
	// The command's own outcome. When it named its failing tests, those
	// are the failures; the command is evidence that moves them.
	cp := Proposal{Op: OpOutcome, Kind: KindEvidence, Key: cmdKey, Name: cmdName, Failed: failed, Listed: len(tests) > 0}
	if ctx.Call != nil {
		if _, cmd := argString(ctx.Call.Args, commandArgKeys); cmd != "" && !editorCommand(cmd) {
			cp.Links = runSubjects(repeatedRun(cmd), !failed)
		}
		cp.Links = append(cp.Links, fileLinks(ctx.Call, failed)...)
	}
	switch {
	case failed:
		cp.Because = because
		cp.Quote, _, _ = strings.Cut(because, " — ")
		cp.Value = "failed: " + oneLine(because, 200)
		if !anyTestFailed {
			cp.Kind = KindFailure
			if c := callText(ctx.Call); c != "" {
				cp.Links = append(cp.Links, callPrefix+c)
			}
			for _, x := range failedItems(text) {
				// the inputs a batch names as failed (subject.go)
				cp.Links = append(cp.Links, itemPrefix+x)
			}
			for _, x := range failedSteps(callText(ctx.Call), text) {
				// the tasks a build names as failed (widerrun.go)
				cp.Links = append(cp.Links, stepPrefix+x)
			}
			for _, x := range failedMigrations(text) {
				// the migration a run stopped on (migrated.go)
				cp.Links = append(cp.Links, migrationPrefix+x)
			}
		}
	case found && (strings.TrimSpace(text) == "" || strings.TrimSpace(text) == noOutputText):
		// a search that found nothing, a test that said no: an answer
		cp.Value = noMatchValue(ctx.Call)
	default:
		// the first line the program printed, not the host's words
		// around it, or the versions it printed (versionout.go)
		joined := ""
		cp.Quote = outputLead(text)
		if shown != "" && strings.Contains(text, shown) {
			// the error the log shows, not its first line
			cp.Quote = shown
		} else if ctx.Call != nil {
			// the line the command was run for (evidenceline.go)
			_, cmd := argString(ctx.Call.Args, commandArgKeys)
			if l := informativeLine(cmd, text, cp.Quote); l != "" {
				if !headerLineRE.MatchString(cp.Quote) && digitRE.MatchString(cp.Quote) {
					// "go version go1.22.5 …" (a first line with a
					// number) and the grpc line grep was run for: both
					// say what was asked
					joined = "ok: " + oneLine(cp.Quote, 80) + " · " + oneLine(l, 120)
				}
				cp.Quote = l
			}
		}
		cp.Value = "passed"
		if cp.Quote != "" {
			cp.Value = "ok: " + oneLine(cp.Quote, 120)
		}
		if joined != "" {
			cp.Value = joined
		} else if v := summaryValue(text, cp.Quote); v != "" {
			// the counts and sizes the run ended with (outsummary.go)
			cp.Value = v
		}
		if ctx.Call != nil {
			_, cmd := argString(ctx.Call.Args, commandArgKeys)
			if vs, said := versionValues(cmd, text); said != "" {
				cp.Quote, cp.Value = vs[0].Quote, "ok: "+oneLine(said, 160)
				out = append(out, vs...)
			}
		}
	}
	out = append(out, cp)
	if ctx.Call != nil {
		// the failures of things whose logs a read showed, and their
		// fixes (logread.go)
		_, cmd := argString(ctx.Call.Args, commandArgKeys)
		out = append(out, logProposals(cmd, text, shown, !failed && !found, ctx)...)
	}
	if !failed && !found {
		// what a status command reports of the things it shows
		// (statusfail.go)
		out = append(out, statusProposals(text, ctx)...)
	}
	if failed && ctx.Call != nil {
		_, cmd := argString(ctx.Call.Args, commandArgKeys)
		out = append(out, sedValues(leadingEdits(cmd, text))...)
	}
	if failed || ctx.Call == nil {
		return out
	}
	// Files written, and config values set by an edit, a sed
	// (sedvalue.go), a setting command (setcmd.go), a schema statement
	// (sqlalter.go) or shown changed by a Terraform plan (tfplan.go).
	_, p := argString(ctx.Call.Args, fileArgKeys)
	_, cmd := argString(ctx.Call.Args, commandArgKeys)
	out = append(out, sedValues(cmd)...)
	out = append(out, setValues(cmd)...)
	out = append(out, alterValues(cmd)...)
	out = append(out, gitValues(cmd, text)...)
	// a version bumped, a dependency changed (bumpcmd.go)
	out = append(out, bumpValues(cmd, text)...)
	out = append(out, planValues(cmd, text)...)
	if o, ok := callOutcome(ctx.Call, text); ok {
		out = append(out, o)
	}
	if _, writes := fileOp(ctx.Call); p == "" || !writes {
		// a Codex patch names its files inside (patchbody.go)
		return append(out, patchWrites(ctx.Call)...)
	}
	out = append(out, Proposal{Op: OpState, Kind: KindArtifact, Key: "file/" + p + "/content", Name: p, Value: "written by " + ctx.Call.Name, Quote: p})
	return append(out, editValues(p, edits(ctx.Call.Args))...)
}

// lineAt is the line of text containing byte offset i, trimmed.
func lineAt(text string, i int) string {
	return between(text, i, i, "\n")
}

// exceptionLine is the exception line of the Python traceback whose
// frames text holds (the text after its "Traceback (most recent call
// last):" line): the first unindented line naming an exception, else
// def.
func exceptionLine(text, def string) string {
	for l := range strings.Lines(text) {
		if l == "" || l[0] == ' ' || l[0] == '\t' {
			continue
		}
		if l = strings.TrimSpace(l); pyExceptionRE.MatchString(l) {
			return l
		}
	}
	for l := range strings.Lines(text) {
		// an exception class of another name ("psycopg2.errors.
		// QueryCanceled: canceling statement …"): the first line
		// after the frames that opens with a class name
		if l != "" && l[0] != ' ' && l[0] != '\t' {
			if l = strings.TrimSpace(l); pyClassLineRE.MatchString(l) {
				return l
			}
		}
	}
	return def
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// failureLine is the line of an error output that says what failed.
func failureLine(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l = strings.TrimSpace(l); flutterProgressRE.MatchString(l) {
			// flutter test's progress line names the test running:
			// only its "[E]" line is a failure (fluttertest.go)
			if strings.HasSuffix(l, "[E]") {
				return l
			}
			continue
		}
		if strings.HasPrefix(l, "Run options: ") {
			// rspec's filter ("Run options: include
			// {:last_run_status=>\"failed\"}") names no failure
			continue
		}
		// "test result: ok. 24 passed; 0 failed": a count of none
		// names no failure
		if l != "" && failureLineRE.MatchString(zeroCountRE.ReplaceAllString(l, "")) {
			if bareLabelRE.MatchString(l) {
				// "ERROR:" on a line of its own, the error on the
				// next ("No replacement was performed, old_str …"),
				// which is the line (a quote is one line of the text)
				for _, n := range lines[i+1:] {
					if n = strings.TrimSpace(n); n != "" {
						return n
					}
				}
			}
			return l
		}
	}
	if l := killedLine(lines); l != "" {
		// a run a signal stopped, or one that printed its steps done
		// before it failed (killed.go)
		return l
	}
	for _, l := range lines {
		// "Warning: 1 uncommitted change" above "could not create pull
		// request: HTTP 403 …": a warning is what the run went on past,
		// a count of no errors what went well
		if l = strings.TrimSpace(l); l != "" && !warnLineRE.MatchString(l) && !zeroCountRE.MatchString(l) {
			return l
		}
	}
	return firstLine(s)
}

var (
	// zeroCountRE is a count of no failures ("0 failed", "errors: 0",
	// "failed=0", "ERROR=0"), not a count after another's ("WARN=0
	// ERROR=1").
	zeroCountRE = mustPattern(`(?i)(?:^|[\s(,;|])0 (?:failed|failures?|failing|errors?|errored)\b|\b(?:failed|failures?|errors?)[=:] ?0\b`)
	// warnLineRE is a line a program opens with a warning's, a note's or
	// a hint's label ("Warning: …", "[WARN] …", "npm warn …", "hint: …").
	warnLineRE = mustPattern(`(?i)^[\[(]?(?:npm |yarn |pip |git )?(?:warning|warn|note|notice|hint|deprecated|deprecation)\b[\]):]?(?:\s|$)`)
)

// lastOutputLine is what the output s of call c says stopped it when no
// line names an error: the line a program the call ran starts with its
// own name, as a tool reports its error ("patch: **** malformed patch at
// line 20", "sudo: a password is required"), else the line that raised
// an error of a qualified name, else the first that names a problem
// (problemLineRE: "Some dependencies are incompatible with …"), else its
// last line that is neither empty, markup, an exit status alone, the
// client's bookkeeping of the shell (shellBookkeepingRE: "Process Group
// PGID: 40273") nor printed data; "" when there is none.
func lastOutputLine(s string, c *Call) string {
	lines := strings.Split(s, "\n")
	progs := calledPrograms(c)
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if name, _, ok := strings.Cut(l, ": "); ok && progs[path.Base(name)] {
			return l
		}
	}
	for _, l := range lines {
		if l = strings.TrimSpace(l); qualifiedErrorRE.MatchString(l) {
			return l
		}
	}
	for _, l := range lines {
		// "Some dependencies are incompatible with the installed expo
		// version:" above the packages and a hint to fix them
		// (Gemini CLI's and Qwen Code's "Output: " label left out)
		if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "Output: ")); problemLineRE.MatchString(l) && !shellBookkeepingRE.MatchString(l) && !warnLineRE.MatchString(l) {
			return l
		}
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), "Output: ")); l != "" && !tagLineRE.MatchString(l) && !exitOnlyRE.MatchString(l) && !shellBookkeepingRE.MatchString(l) {
			if dataLineRE.MatchString(l) {
				return ""
			}
			return l
		}
	}
	return ""
}

// calledPrograms are the names of the programs call c's command starts,
// a stage each.
func calledPrograms(c *Call) map[string]bool {
	if c == nil {
		return nil
	}
	_, cmd := argString(c.Args, commandArgKeys)
	out := map[string]bool{}
	for _, st := range stagesOf(cmd) {
		for _, el := range pipeSplit(st) {
			if f := dropEnv(strings.Fields(unwrap(el))); len(f) > 0 && !strings.ContainsAny(f[0], "<>|&;(") {
				out[path.Base(f[0])] = true
			}
		}
	}
	return out
}

var (
	// problemLineRE is a line that names a problem without an error's
	// word: a mismatch, a thing missing or refused.
	problemLineRE = mustPattern(`(?i)\b(?:incompatible|not compatible|mismatch(?:ed)?|unmet|unsupported|conflicting|could not|couldn't|cannot|can't|unable to|refused|denied)\b`)
	// shellBookkeepingRE is a line a client prints around a shell's
	// output that tells nothing of what failed: Gemini CLI's and Qwen
	// Code's "Directory: (root)", "Background PIDs: (none)", "Process
	// Group PGID: 40273", Codex's "Wall time: 0.4 seconds", OpenHands'
	// "[Current working directory: /workspace]".
	shellBookkeepingRE = mustPattern(`(?i)^(?:(?:process group pgid|pgid|background pids|directory|wall time)\s*:|\[(?:current working directory|python interpreter)\s*:)`)
	exitOneRE          = mustPattern(`<returncode>1</returncode>|(?mi)^[\[(]?exit (?:code|status):? ?1\b|\bexit(?:ed with)? (?:code|status) 1\b`)
	searchProgs        = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true, "diff": true, "cmp": true, "test": true, "[": true, "git diff": true}
)

// exitWrapperRE is a line that only reports the status a run ended with
// ("Process completed with exit code 101.", "exited with code 2"), and
// markedErrorRE a line that states the error, after a mark a CI log puts
// before it ("X error: linker … not found", "##[error]…", "✗ error: …").
var (
	exitWrapperRE = mustPattern(`(?i)^\W*(?:x\s+)?(?:process completed with exit code|(?:process |command )?exit(?:ed)? with (?:code|status)|exit (?:code|status):?)\s*-?\d+\W*$`)
	markedErrorRE = mustPattern(`(?mi)^[^\w\n]{0,4}(?:x\s+)?(?:##\[error\]\s*)?(?:error(?:\[E\d+\])?|fatal)(?::|\s)\s*\S.*$`)
)

// markedErrorLine is the first line of text that states an error after
// a CI log's mark (markedErrorRE), "" when none.
func markedErrorLine(text string) string {
	for _, m := range markedErrorRE.FindAllString(text, 8) {
		if l := strings.TrimSpace(m); !exitWrapperRE.MatchString(l) && !strings.Contains(strings.ToLower(l), "process completed with exit code") {
			return l
		}
	}
	return ""
}

// noMatchOnly: the only failure signal in text is exit status 1.
func noMatchOnly(text string) bool {
	loc := exitOneRE.FindStringIndex(text)
	if loc == nil {
		return false
	}
	rest := text[:loc[0]] + text[loc[1]:]
	return !cmdFailRE.MatchString(rest)
}

// noMatchValue is the answer of a search program's call (searchProgram)
// that exited 1 printing nothing: "no" from test or "[", "no match" from
// a search.
func noMatchValue(c *Call) string {
	cmd := callScript(c)
	parts := commandParts(normCommand(cmd))
	if len(parts) > 0 {
		if f := strings.Fields(parts[len(parts)-1]); len(f) > 0 && (f[0] == "test" || f[0] == "[") {
			return "no"
		}
	}
	return "no match"
}

// searchProgram reports whether the call ran a program whose exit status 1
// means "no match" or "differs" (grep, diff, test), as the last stage of
// its command.
func searchProgram(c *Call) bool {
	cmd := callScript(c)
	if cmd == "" {
		return false
	}
	// cut outside quotes: `grep -n "scalar\|get_scalar" f.py` is one
	// stage
	parts := commandParts(normCommand(cmd))
	if len(parts) == 0 {
		return false
	}
	f := strings.Fields(parts[len(parts)-1])
	if len(f) == 0 {
		return false
	}
	return searchProgs[f[0]] || len(f) > 1 && searchProgs[f[0]+" "+f[1]]
}
