package projection

import "strings"

// A package script's run, read as the command it ran.
//
// "npm run lint" printed "> feirinha-app@2.3.1 lint" and "> eslint .
// --ext .ts,.tsx --max-warnings 0" before its output: npm, pnpm and yarn
// echo the line a script runs, so a passing "npm run lint" is a passing
// run of that eslint, and it resolves the failure of "npx eslint . --ext
// .ts,.tsx" as a rerun of it would. A script run whose output echoes no
// line ("npm run lint --silent") is read as itself only; an echo line of
// a call that runs no package script is no echo.

// scriptEchoRE is npm's and pnpm's echo of a script run: the package and
// the script's name, then the line it runs; yarn's "$ line".
var scriptEchoRE = mustPattern(`(?m)^> \S*@\S+ [\w:.-]+(?: \S+)?[ \t]*\n> ([^\n]{2,300})$|^\$ ([^\n]{2,300})$`)

// scriptRunRE is a call that runs a package script.
var scriptRunRE = mustPattern(`(?:^|[\s;&|(])(?:npm|pnpm|yarn)\s+(?:run(?:-script)?\s+)?[\w:.-]+`)

// withScripts is pc with the lines the package scripts it ran echo in
// its output out as stages of their own (see above), and the checks a
// task runner's output shows passing.
func withScripts(pc *passedCall, out string) *passedCall {
	// a task runner's echoed checks (wrapperecho.go)
	lines := echoedRuns(pc.text, out)
	if !scriptRunRE.MatchString(pc.text) && len(lines) == 0 {
		return pc
	}
	for _, m := range scriptEchoRE.FindAllStringSubmatch(out, 4) {
		if !scriptRunRE.MatchString(pc.text) {
			break
		}
		if l := strings.TrimSpace(m[1] + m[2]); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return pc
	}
	wide := &passedCall{text: pc.text, stages: append([]passedStage(nil), pc.stages...)}
	for _, l := range lines {
		wide.stages = append(wide.stages, readPassed(l).stages...)
	}
	return wide
}
