package projection

import (
	"slices"
	"strings"
)

// A task to run the tests, done by a run of them.
//
// "最后再跑一次完整测试" … "python -m pytest -q" (10 passed): a task that
// only asks for the tests to be run ("run the tests again", "run the
// full test suite before you push", "再跑一遍测试") names nothing a
// command could share, so it is done by the first successful run of a
// test program (testRunRE: pytest, go test, cargo test, npm test, …)
// after it. A run that selects tests by name (selectOpts: "-k", "-run")
// does not do it, and for a task that asks for the whole suite ("full",
// "all", "whole", "完整", "全部") neither does a run limited to a path
// ("pytest tests/unit"). A task naming what to test ("run the tests in
// tests/api") is left to the names it gives.

// runTestsRE is a task that asks for the tests to be run.
var runTestsRE = mustPattern(`(?i)^\W*(?:(?:please|pls|and|then|also|finally|lastly|afterwards|one last thing|at the end|before \w+(?: \w+)?|remember to|don't forget to|make sure (?:to|you)|be sure to)[,:]?\s+)*(?:re-?run|run|execute|kick off)\s+(?:the\s+|all\s+(?:of\s+)?(?:the\s+)?|our\s+|your\s+|every\s+)?(?:(?:full|whole|complete|entire|unit|test)\s+)*(?:tests?|test ?suite|suite|specs|test cases)(?:\s+(?:again|once more|one more time|one last time|before \w+(?:\s+\w+)?|first|too|as well))*\W*$|^(?:最后|然后|再|记得|收尾前|重新|请|别忘了)*跑(?:一[下遍次]|一次)?(?:完整|全部|全量|所有)?的?(?:单元)?测试(?:用例)?(?:一[下遍次])?[。！!]?$|^(?:最后|然后|记得|再|重新|请|别忘了)*(?:把)?(?:完整|全部|全量|所有)?的?(?:单元)?测试(?:再|重新)?跑一[下遍次][。！!]?$`)

// wholeSuiteRE asks for the whole suite.
var wholeSuiteRE = mustPattern(`(?i)\b(?:full|whole|complete|entire|all)\b|完整|全部|全量|所有`)

// ranTests reports whether the successful command cmd did task v, a
// task to run the tests with no names of its own (see above).
func ranTests(v string, names []string, cmd string) bool {
	if len(names) > 0 || !runTestsRE.MatchString(strings.TrimSpace(v)) {
		return false
	}
	m := testRunRE.FindStringSubmatch(cmd)
	if m == nil {
		return false
	}
	ops := strings.Fields(m[testRunRE.SubexpIndex("ops")])
	if slices.ContainsFunc(ops, func(o string) bool {
		k, _, _ := strings.Cut(o, "=")
		return selectOpts[k]
	}) {
		return false
	}
	if wholeSuiteRE.MatchString(v) {
		for i, o := range ops {
			if strings.HasPrefix(o, "-") || o == "./..." || o == "." {
				continue
			}
			if i > 0 && strings.HasPrefix(ops[i-1], "-") && !strings.Contains(ops[i-1], "=") && valueOpt(ops[i-1]) {
				// "-p 4", "--workers 2": an option's value
				continue
			}
			return false
		}
	}
	return true
}

// valueOpt reports whether test option o takes the operand after it.
func valueOpt(o string) bool {
	switch o {
	case "-p", "-n", "--workers", "--maxWorkers", "-j", "--jobs", "-count", "-timeout", "-parallel", "--reporter", "-c", "--config":
		return true
	}
	return false
}
