package projection

import (
	"slices"
	"strings"
)

// A failed test run fixed by the suite passing later.
//
// A test run that failed ("bundle exec rspec spec/services/late_fee_spec.rb":
// "6 examples, 1 failure"; "pnpm -s test": "Tests 5 failed | 2 passed")
// is fixed when a later run of the same test program over the same tests
// or more of them passes with nothing failing ("6 examples, 0 failures",
// "Tests 171 passed (171)", "test result: ok.", "=== 12 passed in 0.4s
// ==="). The failed run is the last test-program run of the failed call,
// read from its text whatever came before it (a file written by a here
// document, a sed); the passing run may stand anywhere in the passing
// call, whose output is the summary read.
// A passing run of other tests (another file, a filter the failed run did
// not have, fewer files than it ran) says nothing about the failed ones
// (covers). A whole run (no operands)
// covers the failed file though its output does not name it: a suite
// that reports a count with nothing failing ran what it collects, and a
// file of it that failed before is among them (the reading of a wider
// run in subject.go asks more, that the output name each operand, for a
// run with no such summary).

// testRunRE is a run of a test program and its operands, up to the end
// of its stage. Playwright's is "playwright test" whatever launched it
// (npx, pnpm exec, yarn): a run of its end-to-end specs, which the
// project's unit test script ("npm test") does not run.
var testRunRE = mustPattern(`(?:^|[\s;&|(])(?P<prog>(?:bundle\s+exec\s+)?rspec|(?:p?npm|yarn|bun)(?:\s+-s|\s+--silent|\s+-[rw]|\s+--recursive|\s+--workspace-root|\s+(?:--filter|-F|-C|--dir|--prefix|--workspace)(?:=|\s+)[^\s&|;<>-]\S*|\s+workspace\s+[^\s&|;<>-]\S*)*\s+(?:run\s+)?test|npx\s+(?:vitest|jest)|vitest(?:\s+run)?|jest|playwright\s+test|(?:python3?\s+-m\s+)?pytest|go\s+test|cargo\s+(?:test|nextest\s+run)|(?:\./)?mvnw?\s+(?:-\S+\s+)*test|(?:\./)?gradlew?\s+test|phpunit|(?:vendor/bin/)?pest|mix\s+test|dotnet\s+test|ctest|flutter\s+test|dart\s+(?:run\s+)?test)(?P<ops>(?:[ \t]+[^\s&|;<>]+)*)`)

// suitePassRE is a test run's summary with nothing failing; suiteFailRE
// one with something failing.
var (
	suitePassRE = mustPattern(`(?mi)\b\d+ examples?, 0 failures\b|^\s*Tests\s+\d+ passed \(\d+\)|\b\d+ passed(?: \(\d+\))?(?:,? \d+ (?:skipped|warnings?|deselected))*(?: in [\d.]+s)?\b|test result: ok\.|^ok\s+\S+|^OK \(\d+ tests?\)|Tests run: \d+, Failures: 0, Errors: 0|\b100% tests passed\b` + flutterSummaryPassRE)
	suiteFailRE = mustPattern(`(?mi)\b[1-9]\d* (?:failed|failures?|errors?)\b|^FAIL\b|^\s*(?:×|✗|✕)\s|test result: FAILED|^FAILED\b|Tests run: \d+, Failures: [1-9]` + flutterSummaryFailRE)
)

// testRun is a test program run: the program (its words, flags of
// silence and "run" dropped) and its operands.
type testRun struct {
	prog string
	ops  []string
	// pos marks the operands that stand on their own (not an option's
	// value): the paths and names of the tests run.
	pos []bool
	// excluded are the values of options that leave tests out, and
	// retried says an option retries a failing test (testrepeat.go).
	excluded []string
	retried  bool
}

// covers reports whether run p runs all that run f ran: no operand f did
// not have (a filter or a selection of its own: "-k 'not test_x'", another
// file), and every path f named (a run of fewer files runs less), or no
// operand at all; a path p names holds the tests under it (opCovers). A
// word f had and p drops is a filter dropped ("cargo test -p testing
// fixtures", then "cargo test -p testing"): wider. A run that retries its
// failing tests or leaves out tests f ran covers nothing (testrepeat.go;
// excludedApart).
func covers(p, f testRun) bool {
	if p.retried && !f.retried || !excludedApart(p.excluded, f) {
		return false
	}
	if len(p.ops) == 0 {
		return true
	}
	if len(f.ops) == 0 {
		return false
	}
	held := func(fo string) bool {
		for i, po := range p.ops {
			if opCovers(po, fo, p.pos[i]) {
				return true
			}
		}
		return false
	}
	for i, po := range p.ops {
		if !slices.ContainsFunc(f.ops, func(fo string) bool { return opCovers(po, fo, p.pos[i]) }) {
			return false
		}
	}
	for _, o := range f.ops {
		if pathLike(o) && !held(o) {
			return false
		}
	}
	return true
}

// excludedApart reports whether the tests a run leaves out (its
// excluded values) leave out none that run f ran: each is left out by
// f too, or is a path apart from every path f named ("--deselect
// tests/test_dataloader.py::test_workers" leaves
// "tests/test_metrics.py" whole). A run of everything (no operand), or
// an exclusion by pattern, keeps the strict reading.
func excludedApart(excluded []string, f testRun) bool {
	for _, e := range excluded {
		if slices.Contains(f.excluded, e) {
			continue
		}
		if !pathLike(e) || len(f.ops) == 0 {
			return false
		}
		for i, o := range f.ops {
			if !f.pos[i] || !pathLike(o) || opCovers(o, e, true) || opCovers(e, o, true) {
				return false
			}
		}
	}
	return true
}

// readTestRun reads the test run m of testRunRE found in s.
func readTestRun(s string, m []int) testRun {
	prog := strings.Fields(s[m[2]:m[3]])
	prog = slices.DeleteFunc(prog, func(w string) bool {
		return w == "-s" || w == "--silent" || w == "run" || w == "exec" || w == "bundle" || w == "npx"
	})
	t := testRun{prog: strings.Join(prog, " ")}
	words := strings.Fields(s[m[4]:m[5]])
	if m[5] < len(s) && (s[m[5]] == '>' || s[m[5]] == '<') && len(words) > 0 {
		// "vitest run 2>&1": the last word is a redirect's descriptor
		words = words[:len(words)-1]
	}
	afterOpt := false
	for i := 0; i < len(words); i++ {
		w := words[i]
		if redirectRE.MatchString(w) {
			afterOpt = false
			continue
		}
		if strings.HasPrefix(w, "-") {
			// an option: what it does with its value (testrepeat.go)
			name, v, eq := strings.Cut(w, "=")
			next := !eq && i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") && !redirectRE.MatchString(words[i+1])
			if next {
				v = strings.Trim(words[i+1], `'"`)
			}
			switch testOptRole(t.prog, name, v) {
			case "retry":
				t.retried = true
			case "exclude":
				if v != "" {
					t.excluded = append(t.excluded, strings.Trim(v, `'"`))
				}
			case "neutral":
			default:
				// a flag, or an option that selects tests by its value
				afterOpt = selectTestOpts[name] && !eq
				continue
			}
			if next {
				i++
			}
			afterOpt = false
			continue
		}
		t.ops = append(t.ops, strings.Trim(w, `'"`))
		t.pos = append(t.pos, !afterOpt)
		afterOpt = false
	}
	return t
}

// suiteRerun reports whether the last test run of the failed call's text
// failedCall ran again in the passing call pc, the same tests or more,
// with passedOut saying nothing failed.
func suiteRerun(failedCall string, pc *passedCall, passedOut string) bool {
	if !suitePassRE.MatchString(passedOut) || suiteFailRE.MatchString(passedOut) {
		return false
	}
	return testsRunAgain(failedCall, pc, func(string) bool { return true })
}

// testsRunAgain reports whether a test run of the call pc, one that ok
// accepts (its text), runs the last test run of failedCall again, the
// same tests or more. The call's text is read whole: a here document
// before the run (its code's quotes and semicolons) leaves no stages to
// read.
func testsRunAgain(failedCall string, pc *passedCall, ok func(run string) bool) bool {
	locs := testRunRE.FindAllStringSubmatchIndex(failedCall, -1)
	if len(locs) == 0 {
		return false
	}
	f := readTestRun(failedCall, locs[len(locs)-1])
	for _, m := range testRunRE.FindAllStringSubmatchIndex(pc.text, -1) {
		p := readTestRun(pc.text, m)
		if p.prog == f.prog && covers(p, f) && ok(pc.text[m[0]:m[1]]) {
			return true
		}
	}
	return false
}

// A host unreachable, reached later.
//
// A call that could not reach a host ("curl: (28) Connection timed out",
// "Could not resolve host", "Connection refused", "Network is
// unreachable") fails on the network, not on what it asked: once a later
// call that passed reached the same host (its URL names it), the failure
// is gone, whoever fixed the network (a firewall rule, a VPN, DNS).

// unreachableRE is an error saying a host could not be reached.
var unreachableRE = mustPattern(`(?i)connection timed out|timed out after|could not resolve host|couldn't resolve host|connection refused|failed to connect|network is unreachable|no route to host|name or service not known|temporary failure in name resolution|connect(?:ion)? timeout|ETIMEDOUT|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH`)

// urlHostRE is a URL's host.
var urlHostRE = mustPattern(`(?i)\b(?:https?|wss?|ftp)://([a-z0-9.\-]+\.[a-z]{2,}|localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?`)

// hostReached reports whether the failed call, which could not reach its
// URL's host, is fixed by the passing call reaching that host.
func hostReached(failedCall, because string, pc *passedCall, passedOut string) bool {
	if !unreachableRE.MatchString(because) || unreachableRE.MatchString(passedOut) {
		return false
	}
	hosts := urlHostRE.FindAllStringSubmatch(failedCall, -1)
	if len(hosts) != 1 {
		// no host, or several: which one failed is not said
		return false
	}
	for _, m := range urlHostRE.FindAllStringSubmatch(pc.text, -1) {
		if strings.EqualFold(m[1], hosts[0][1]) {
			return true
		}
	}
	return false
}

// A failed build fixed by a later build or test run of the same code.
//
// "cargo build -p recorder" failing on a syntax error is fixed when
// "cargo test -p recorder" passes later: a test run of a compiled
// language builds the code it tests. A failed build (the toolchain's
// build, check, vet or compile step) is resolved by a passing run of the
// same toolchain that builds the same packages or more (covers), with
// nothing failing in its output. Only the stage
// the failed call ended with counts: "cargo build && ./target/debug/app"
// failed running the app.

// buildRunRE is a run of a compiled language's toolchain that builds
// code: its program and verb, then its operands up to the end of its
// stage.
var buildRunRE = mustPattern(`(?:^|[\s;&|(])(?P<prog>go\s+(?:build|vet|test|run|install)|cargo\s+(?:build|check|test|clippy|run|nextest\s+run)|dotnet\s+(?:build|test|run)|swift\s+(?:build|test|run)|(?:\./)?mvnw?\s+(?:-\S+\s+)*(?:compile|test-compile|test|package|verify|install)|(?:\./)?gradlew?\s+(?:build|assemble|compile\w*|test|check))(?P<ops>(?:[ \t]+[^\s&|;<>]+)*)`)

// buildOnlyVerbs are the verbs that only build (a failure of one is a
// build failure, not a test's).
var buildOnlyVerbs = wordSet(`build vet check compile test-compile assemble install`)

// buildRerun reports whether the last build run of failedCall, a build
// that failed, was built again by the passing call pc, whose output
// passedOut says nothing failed.
func buildRerun(failedCall string, pc *passedCall, passedOut string) bool {
	if suiteFailRE.MatchString(passedOut) {
		return false
	}
	last := lastRun(failedCall) // the stage the call failed at
	locs := buildRunRE.FindAllStringSubmatchIndex(last, -1)
	if len(locs) == 0 {
		return false
	}
	f := readTestRun(last, locs[len(locs)-1])
	fw := strings.Fields(f.prog)
	if len(fw) < 2 || !buildOnlyVerbs[fw[len(fw)-1]] {
		return false
	}
	if v := fw[len(fw)-1]; readTaskTool(fw[0]) && (v == "build" || v == "check" || v == "install") {
		// Gradle's build and check run the checks and tests, Maven's
		// install its tests: more than a build; a build asking for
		// their tasks covers them (widerrun.go)
		return false
	}
	for _, m := range buildRunRE.FindAllStringSubmatchIndex(pc.text, -1) {
		p := readTestRun(pc.text, m)
		if pw := strings.Fields(p.prog); len(pw) >= 2 && pw[0] == fw[0] && covers(p, f) {
			return true
		}
	}
	return false
}

// A call the program refused for how it was called, then called right.
//
// "cargo autopilot directive get d-016" answered "error: unrecognized
// subcommand 'get'"; "… directive show d-016" passed. A usage error says
// the agent asked the program wrongly, not that anything is broken: a
// later passing call of the same program (its first two words, the
// program and its command) is the call it meant. A query the database
// refused ("Error: in prepare, no such column: blocker_note") is one too:
// the next passing query of the same database ("sqlite3 autopilot.db …")
// asked it right.

// usageErrorRE is a program's refusal of how it was called.
var usageErrorRE = mustPattern(`(?i)\b(?:unrecognized (?:subcommand|command|argument|arguments|option)|unexpected argument|unknown (?:subcommand|command|flag|option|shorthand flag)|invalid choice|no such (?:subcommand|command|option)|unrecognised (?:option|argument)|illegal option|found argument '[^']*' which wasn't expected|is not a \S+ command|no such column|unrecognized token|in prepare)\b|^\s*usage:|\bnear "[^"\n]{0,40}": syntax error`)

// usageFixed reports whether failed call failed, refused for its usage
// (because is its error line), is called right by the passing call pc.
func usageFixed(failed, because string, pc *passedCall) bool {
	if !usageErrorRE.MatchString(because) {
		return false
	}
	f := strings.Fields(lastRun(failed))
	p := strings.Fields(lastRun(pc.text))
	if len(f) < 2 || len(p) < 2 {
		return false
	}
	n := 2
	if strings.HasPrefix(f[1], "-") {
		n = 1
	}
	return slices.Equal(f[:n], p[:n])
}

// A failed test no longer failing in a failing rerun.
//
// "pytest -q" failed test_dedupe and test_tz; run again, it fails
// test_tz alone. A run of the same tests or more (covers) whose output
// lists every test that failed ("--- FAIL: TestX", "FAILED a.py::test_x",
// "a.py::test_x FAILED", "test x ... FAILED") and not an earlier failed
// test ran it without failing: that failure is resolved, as a passing
// run's would be (suiteRerun). Only a list that is whole counts: not one
// cut by a filter of the output (tail, head, grep), a run stopped at its
// first failure (-x, -failfast), or one that could not build or collect
// some of its tests (whose tests it then did not run).

// failListRE is a line of an explicit list of failed tests.
var failListRE = mustPattern(`(?m)^\s*--- FAIL: \S|^FAILED \S+::\S|^\S+::\S+ FAILED\b|^ERROR \S+\.py::\S|^\S+\.py::\S+ ERROR\b|^test \S+ \.\.\. FAILED|^(?:FAIL|ERROR): \w+ \([\w.]+\)`)

// cutRunRE is output of a run that did not run all its tests: a package
// that did not build, a collection error, a panic, an interruption.
var cutRunRE = mustPattern(`(?mi)\[(?:build|setup) failed\]|^panic: |errors? during collection|^ERROR collecting|^_+ ERROR collecting|!!+ .*interrupted|^Interrupted:|stopping after \d+ failures`)

// cutFlagRE is a flag that stops a run before all its tests ran, and
// filterPipeRE a pipe into a program that shows part of an output.
var (
	cutFlagRE    = mustPattern(`(?:^|\s)(?:-x|--exitfirst|--maxfail(?:=|\s)\S+|-failfast|--fail-fast|--bail(?:=\S+)?|--ff|--sw|--stepwise)(?:\s|$)`)
	filterPipeRE = mustPattern(`\|\s*(?:head|tail|grep|egrep|sed|awk|cut|less|more)\b`)
)

// listedRerun resolves the failed tests the failing run of the current
// call, whose output e.Text lists its failed tests, ran and no longer
// lists (moved holds the failures this output named).
func (r *Reducer) listedRerun(e *Event, ref EventRef, moved map[*Anchor]bool) {
	now := callText(r.call)
	if now == "" || !failListRE.MatchString(e.Text) || cutRunRE.MatchString(e.Text) || filterPipeRE.MatchString(now) {
		return
	}
	var pc *passedCall
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !strings.HasPrefix(a.Key, "test/") || moved[a] || !a.IsHead() || a.Lifecycle != Open && a.Lifecycle != Investigating {
			continue
		}
		failed, ok := linkWith(a.Links, callPrefix)
		if !ok {
			continue
		}
		if pc == nil {
			pc = readPassed(now)
		}
		if !sameTestsOrMore(failed, pc) {
			continue
		}
		a.Lifecycle = Resolved
		moved[a] = true
		a.addRef(ref)
		r.hypothesesOn(a, ref)
	}
}

// sameTestsOrMore reports whether the call pc runs the last test run of
// failedCall again, the same tests or more, not stopping at a failure.
func sameTestsOrMore(failedCall string, pc *passedCall) bool {
	return testsRunAgain(failedCall, pc, func(run string) bool { return !cutFlagRE.MatchString(run) })
}
