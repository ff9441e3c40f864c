package projection

import (
	"path"
	"slices"
	"strings"
)

// The runs of a failure given up.
//
// "ich würde das hier nicht weiterverfolgen … Einverstanden?" — "ja,
// lass den Toxiproxy-Test." gives up OrderServiceIT >
// shouldRetryOnBrokerDown(). An earlier run of that same test, "TOXIPROXY=1
// timeout 300 ./gradlew integrationTest --tests
// '*OrderServiceIT.shouldRetryOnBrokerDown'", was killed by its timeout
// ("Terminated") before it said which test failed: its failure is the
// test's, and it goes with it. A run is the given-up failure's when
//
//   - it selects the given-up test by name (a test-selecting option's
//     value or a "file::name" operand naming the test's own leaf name:
//     its method, function or file, and nothing the test is not named
//     by), or
//   - it is the very run that failed, options and all, under other
//     wrappers or environment ("timeout 300", "TOXIPROXY=1", "xvfb-run"),
//     and its error names nothing of its own (no code name: "Terminated",
//     "exit status 124", "Killed").
//
// A run that selects the test's whole class ("--tests '*OrderServiceIT*'")
// or another test of it, or that failed with an error of its own, is
// another failure and stays open.

// giveUpLeafSkip are the words a test's leaf name is never: the parts of
// a test file's name that say it is a test.
var giveUpLeafSkip = wordSet("test tests spec specs ts tsx js jsx mjs cjs py rs go java kt rb php cs swift __tests__ it")

// nameTokens are the words of a test's or selector's name: its runs of
// letters, digits and underscores, three characters or more.
func nameTokens(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127)
	}) {
		if len(w) >= 3 {
			out = append(out, w)
		}
	}
	return out
}

// testLeaf is the last word of test name t that names the test itself
// (its method, function or file), "" when none does.
func testLeaf(t string) string {
	ws := nameTokens(t)
	for i := len(ws) - 1; i >= 0; i-- {
		if !giveUpLeafSkip[strings.ToLower(ws[i])] {
			return ws[i]
		}
	}
	return ""
}

// runSelectors are the values by which command cmd's deciding stage
// selects its tests: the values of selectTestOpts and narrowOpts
// ("--tests X", "-k X", "-only-testing:X", "-Dtest=X") and "path::name"
// operands.
func runSelectors(cmd, because string) []string {
	st := deciding(cmd, because)
	if st == "" {
		return nil
	}
	f := runFields(unwrap(pipeHead(st)))
	var out []string
	for i := 1; i < len(f); i++ {
		w := strings.Trim(f[i], `'"`)
		if strings.Contains(w, "::") && !strings.HasPrefix(w, "-") {
			out = append(out, w)
			continue
		}
		if !strings.HasPrefix(w, "-") {
			continue
		}
		name := optName(w)
		if !selectTestOpts[name] && !narrowOpts[name] {
			continue
		}
		if len(w) > len(name) {
			out = append(out, strings.Trim(w[len(name)+1:], `'"`))
		} else if i+1 < len(f) && !strings.HasPrefix(f[i+1], "-") {
			out = append(out, strings.Trim(f[i+1], `'"`))
			i++
		}
	}
	return out
}

// selectsOnly reports whether a selector names test t: the test's leaf
// name is one of its words, and every word of it is one of the test's.
func selectsOnly(sel, t string) bool {
	leaf := testLeaf(t)
	sw := nameTokens(sel)
	if leaf == "" || !slices.Contains(sw, leaf) {
		return false
	}
	tw := nameTokens(t)
	for _, w := range sw {
		if !slices.Contains(tw, w) {
			return false
		}
	}
	return true
}

// runOfGivenUp reports whether open command failure a is a run of
// failure f, given up (see above).
func runOfGivenUp(a, f *Anchor) bool {
	ac := failedCallOf(a)
	if ac == "" {
		return false
	}
	if t, ok := strings.CutPrefix(f.Key, "test/-/"); ok {
		for _, s := range runSelectors(ac, a.Because) {
			if selectsOnly(s, t) {
				return true
			}
		}
	}
	fc := failedCallOf(f)
	if fc == "" || slices.ContainsFunc(identRE.FindAllString(a.Because, 32), func(x string) bool { return len(x) >= 6 }) {
		return false
	}
	as, fs := deciding(ac, a.Because), deciding(fc, f.Because)
	return as != "" && sameStage(as, fs)
}

// sameStage reports whether two deciding stages run the same thing with
// the same options, wrappers, environment and redirections aside.
func sameStage(a, b string) bool {
	norm := func(st string) string {
		var keep []string
		for i, w := range runFields(unwrap(pipeHead(st))) {
			if redirectRE.MatchString(w) {
				continue
			}
			if i == 0 {
				w = path.Base(w)
			}
			keep = append(keep, strings.Trim(w, `'"`))
		}
		return strings.Join(keep, " ")
	}
	na := norm(a)
	return na != "" && na == norm(b)
}
