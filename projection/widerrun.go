package projection

import (
	"regexp"
	"slices"
	"strings"
)

// A failed step that a wider run of the same tool ran and passed.
//
// "./gradlew detekt" failed ("> Task :app:detekt FAILED"); "./gradlew
// check" then printed "> Task :app:detekt" among its tasks and "BUILD
// SUCCESSFUL": the check holds the failed task, and it passed. "dbt test
// --select int_order_items" failed ("Failure in test
// unique_int_order_items_order_item_id"); "dbt build --select
// int_order_items+" then printed "3 of 8 PASS
// unique_int_order_items_order_item_id" and no error. A build tool
// reports each unit it runs by name, so a later passing run of the same
// tool whose output reports the failed unit run and passing resolves the
// failure, whatever its command line selected. A unit reported skipped
// ("> Task :app:detekt SKIPPED", "SKIP …"), a run that failed elsewhere
// ("BUILD FAILED", "ERROR=1") and another tool's run resolve nothing.

// stepTool is a build tool that names the units it runs: how a failure
// line names the failed unit (its first non-empty group), and the
// pattern of a passing output's line reporting a unit of that name run
// and passing (%s: the name, quoted).
type stepTool struct {
	prog, failed, runFail *pattern
	passed                string
}

var stepTools = []stepTool{
	{
		// Gradle: "> Task :app:detekt FAILED", "Execution failed for task
		// ':app:detekt'."; run: "> Task :app:detekt", "… UP-TO-DATE"
		prog:    mustPattern(`(?:^|[\s;&|(/'"])gradlew?(?:\.bat)?\s`),
		failed:  mustPattern(`^> Task (:\S+) FAILED\b|Execution failed for task '(:[^']+)'`),
		passed:  `(?m)^[ \t]*> Task %s(?:[ \t]+(?:UP-TO-DATE|FROM-CACHE))?[ \t]*$`,
		runFail: mustPattern(`(?m)^[ \t]*(?:BUILD FAILED|FAILURE: )|^> Task \S+ FAILED`),
	},
	{
		// dbt: "Failure in test x (…)", "Database Error in model x (…)";
		// run: "3 of 8 PASS x ….", "1 of 5 OK created sql table model
		// analytics.x ….".
		prog:    mustPattern(`(?:^|[\s;&|(/'"])dbt\s+(?:build|test|run|seed|snapshot)\b`),
		failed:  dbtNodeNameRE,
		passed:  `(?m)^[ \t]*(?:\d\d:\d\d:\d\d(?:\.\d+)?[ \t]+)?\d+ of \d+ (?:PASS |OK created\b[^\n]*?[ .])%s(?:[ \t.]|$)`,
		runFail: dbtFailCountRE,
	},
}

// stepPassedIn reports whether the passing call pc, a run of the tool
// the failed call ran, reports the unit the failure line because names
// run and passing, its output passedOut failing nowhere.
func stepPassedIn(failedCall, because string, pc *passedCall, passedOut string) bool {
	for _, t := range stepTools {
		if !t.prog.MatchString(failedCall) || !t.prog.MatchString(pc.text) {
			continue
		}
		m := t.failed.FindStringSubmatch(strings.TrimSpace(because))
		if m == nil || t.runFail.MatchString(passedOut) {
			continue
		}
		name := ""
		for _, g := range m[1:] {
			if g != "" {
				name = g
				break
			}
		}
		if name == "" {
			continue
		}
		if regexp.MustCompile(strings.Replace(t.passed, "%s", regexp.QuoteMeta(name), 1)).MatchString(passedOut) {
			return true
		}
	}
	return false
}

// A failed task that a later build asked for by name, or a build asking
// for every task the failed one did.
//
// "./gradlew build" failed ("Execution failed for task ':spotbugsMain'",
// its last line "> Verification failed: SpotBugs ended with exit code
// 1"); "./gradlew spotbugsMain spotbugsTest | tail -3" then ended "BUILD
// SUCCESSFUL": a build tool runs each task its command line names, and a
// successful build ran them all, whether or not the lines kept show it.
// The failed units the failing output named are kept on the failure as
// links (stepPrefix), so a Snapshot keeps them. "./gradlew clean build
// integrationTest" succeeding asks for every task "./gradlew build" did,
// and more: it covers it. A build that leaves a task out ("-x
// spotbugsMain", "--exclude-task"), narrows the tests ("--tests X",
// "-Dtest=X") or the projects ("-pl core", "-p sub") covers nothing it
// left out, and one without a variable the failed run set
// ("TOXIPROXY=1", which enabled a test) may not have run it; a build
// asking for fewer tasks ("./gradlew compileJava"
// after "./gradlew build") or for others covers nothing.

// stepPrefix opens the link naming a unit (a Gradle task) a failed call's
// output named as failed.
const stepPrefix = "step/"

// taskTool is a build tool whose operands are the tasks or goals it runs,
// and the line its output ends with when every one of them succeeded.
type taskTool struct {
	prog, success *pattern
}

var taskTools = []taskTool{
	{prog: mustPattern(`^(?:\S*/)?gradlew?(?:\.bat)?$`), success: mustPattern(`(?m)^[ \t]*BUILD SUCCESSFUL\b`)},
	{prog: mustPattern(`^(?:\S*/)?mvnw?(?:\.cmd)?$`), success: mustPattern(`(?m)^(?:\[INFO\] )?BUILD SUCCESS\s*$`)},
}

// readTaskTool reports whether prog is a task tool's.
func readTaskTool(prog string) bool {
	return slices.ContainsFunc(taskTools, func(t taskTool) bool { return t.prog.MatchString(prog) })
}

// narrowOptRE is an option that leaves out tasks, tests or projects a
// build would otherwise run.
var narrowOptRE = mustPattern(`^(?:-x|--exclude-task|--tests|-pl|--projects|-p|--project-dir|-rf|--resume-from|-D(?:test|it\.test|skipTests|skipITs|maven\.test\.skip)\b.*)(?:=.*)?$`)

// failedSteps are the units (Gradle tasks) the output of failed call
// names as failed.
func failedSteps(call, out string) []string {
	var names []string
	for _, t := range stepTools {
		if !t.prog.MatchString(call) {
			continue
		}
		for _, l := range strings.Split(out, "\n") {
			m := t.failed.FindStringSubmatch(strings.TrimSpace(l))
			for _, g := range m[min(1, len(m)):] {
				if g != "" && !slices.Contains(names, g) {
					names = append(names, g)
				}
			}
		}
	}
	return names
}

// taskStage is a stage of a command run by a task tool: the tool, its
// tasks and its options.
type taskStage struct {
	tool  *taskTool
	tasks []string
	opts  []string
}

// readTaskStage reads stage st as a task tool's run; ok false when st
// runs no task tool.
func readTaskStage(st string) (taskStage, bool) {
	f := runFields(unwrap(pipeHead(st)))
	if len(f) < 2 {
		return taskStage{}, false
	}
	for i := range taskTools {
		if !taskTools[i].prog.MatchString(f[0]) {
			continue
		}
		ts := taskStage{tool: &taskTools[i]}
		w, _ := readRun(strings.Join(f, " "))
		ts.tasks = w.pos
		for _, x := range f[1:] {
			if strings.HasPrefix(x, "-") {
				ts.opts = append(ts.opts, x)
			}
		}
		return ts, true
	}
	return taskStage{}, false
}

// sameEnv reports whether the passing call sets every variable the failed
// call's deciding stage set, to the same value: "TOXIPROXY=1 ./gradlew
// integrationTest --tests X" failing enables a test that a build without
// the variable does not run.
func sameEnv(failedCall, passedCall string) bool {
	st := andStages(failedCall)
	pw := strings.Fields(passedCall)
	for _, w := range strings.Fields(pipeHead(st[len(st)-1])) {
		if envAssign.MatchString(w) && !slices.Contains(pw, w) {
			return false
		}
	}
	return true
}

// narrows reports whether p has an option leaving work out that f has
// not.
func (p taskStage) narrows(f taskStage) bool {
	for _, o := range p.opts {
		if narrowOptRE.MatchString(o) && !slices.Contains(f.opts, o) {
			return true
		}
	}
	return false
}

// requests reports whether task name (":app:spotbugsMain") is one a
// build asked for: by its path, or by its last name alone, which Gradle
// runs in every project.
func requests(tasks []string, name string) bool {
	last := name[strings.LastIndexByte(name, ':')+1:]
	for _, t := range tasks {
		if t == name || t == last || strings.TrimPrefix(t, ":") == last && !strings.Contains(name[1:], ":") {
			return true
		}
	}
	return false
}

// stepsDone reports whether the passing call pc ran the work of a failure
// seen in failedCall (because its error line, links its links): the
// failed call's tasks or a failed unit asked for, or a failed unit the
// output reports run and passing.
func stepsDone(links []string, failedCall, because string, pc *passedCall, passedOut string) bool {
	if tasksCovered(links, failedCall, because, pc, passedOut) {
		return true
	}
	for _, l := range links {
		if name, ok := strings.CutPrefix(l, stepPrefix); ok && stepPassedIn(failedCall, "Execution failed for task '"+name+"'", pc, passedOut) {
			return true
		}
	}
	return false
}

// tasksCovered reports whether the passing call pc, succeeding as its
// output passedOut says, ran the failed call's work: it asked for a
// failed unit links named, or for every task the failed call's deciding
// stage asked for (see above).
func tasksCovered(links []string, failedCall, because string, pc *passedCall, passedOut string) bool {
	fs := deciding(failedCall, because)
	if fs == "" {
		return false
	}
	f, ok := readTaskStage(fs)
	if !ok || len(f.tasks) == 0 || !sameEnv(failedCall, pc.text) {
		return false
	}
	for _, ps := range pc.stages {
		if !ps.ok {
			continue
		}
		p, ok := readTaskStage(ps.st)
		if !ok || p.tool != f.tool || !p.tool.success.MatchString(passedOut) || p.narrows(f) {
			continue
		}
		if !slices.ContainsFunc(f.tasks, func(t string) bool { return !slices.Contains(p.tasks, t) }) {
			// every task the failed build asked for
			return true
		}
		for _, l := range links {
			if name, ok := strings.CutPrefix(l, stepPrefix); ok && requests(p.tasks, name) {
				return true
			}
		}
	}
	return false
}
