package projection

import "strings"

// dotnet test's report of each test and of the run.
//
// The VSTest console logger names each failed test on a line of its own,
// "  Failed Facturatie.Tests.InvoiceTotalsTests.Total_IncludesVat_Rounded
// [9 ms]", then its "  Error Message:" (the assertion, "Expected: 121.00",
// "Actual:   120.99") and "  Stack Trace:"; a passed test "  Passed X [1
// ms]" at detailed verbosity; xUnit's own runner "[xUnit.net 00:00:01.2]
// X [FAIL]"; Microsoft.Testing.Platform "failed X (9ms)". It ends each
// test assembly with "Failed!  - Failed:     1, Passed:    49, …" or
// "Passed!  - Failed:     0, …". That summary fails the run whatever
// exit status a pipe ("dotnet test 2>&1 | tail -8") left; a failed
// test's name is its method's (the namespace and class dropped, a
// theory's arguments kept), its reason the assertion under "Error
// Message:". "Failed" in prose, a line without the bracketed duration,
// or a summary of no failures ("Failed:     0") names no test and fails
// nothing. Gemini CLI's shell tool opens the output with "Output: " on
// the first line's start.

var (
	dotnetFailRE = mustPattern(`(?m)^[ \t]*(?:Output:[ \t]+)?(?:Failed|failed|X)[ \t]+([\w.+` + "`" + `<>]+(?:\([^)\n]*\))?)[ \t]+(?:\[[\d.,]+ ?(?:ms|s|m|µs|< 1 ms)\]|\([\d.,]+ ?m?s\))[ \t]*$` +
		`|^\[xUnit\.net [\d:.]+\][ \t]+([\w.+` + "`" + `<>]+(?:\([^)\n]*\))?)[ \t]+\[FAIL\][ \t]*$`)
	dotnetPassRE = mustPattern(`(?m)^[ \t]*(?:Output:[ \t]+)?(?:Passed|passed|√|✓)[ \t]+([\w.+` + "`" + `<>]+(?:\([^)\n]*\))?)[ \t]+(?:\[[\d.,]+ ?(?:ms|s|m|µs|< 1 ms)\]|\([\d.,]+ ?m?s\))[ \t]*$`)
	// dotnetSummaryFailRE is the run's summary with a failure in it.
	dotnetSummaryFailRE = `|^[ \t]*Failed!\s+-\s+Failed:\s+[1-9]\d*,|^[ \t]*Test Run Failed\.[ \t]*$|^[ \t]*Test run summary: Failed!`
)

// dotnetName is a failed or passed test's method name: "Ns.Class.M(x:
// 1)" is "M(x: 1)"; a name without a dot is kept.
func dotnetName(n string) string {
	base, args, _ := strings.Cut(n, "(")
	if i := strings.LastIndexByte(base, '.'); i >= 0 && i < len(base)-1 {
		base = base[i+1:]
	}
	if args != "" {
		return base + "(" + args
	}
	return base
}

// dotnetFailDetail is the reason dotnet test printed under the failed
// test's line at at: the first line after "Error Message:", with the
// "Expected:" and "Actual:" lines that follow it; "" when none.
func dotnetFailDetail(text string, at int) string {
	rest := text[at:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[i+1:]
	} else {
		return ""
	}
	lines := strings.Split(rest, "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "Error Message:" {
		return ""
	}
	var parts []string
	for _, l := range lines[1:min(len(lines), 8)] {
		l = strings.TrimSpace(l)
		if l == "" || l == "Stack Trace:" || dotnetFailRE.MatchString(l) {
			break
		}
		if len(parts) == 0 || strings.HasPrefix(l, "Expected:") || strings.HasPrefix(l, "Actual:") {
			parts = append(parts, strings.Join(strings.Fields(l), " "))
		}
	}
	return strings.Join(parts, "; ")
}
