package projection

import (
	"path"
	"strings"
	"unicode"
)

// A failure the user told, fixed in the session and shown fixed by a test.
//
// "a Ju testou o build interno no iPhone dela e o app crasha quando abre
// o carrinho vazio" (userfail.go): the agent answers with "Achei:
// items[0].id explode com o array vazio. Corrijo e escrevo um teste de
// regressão para o carrinho vazio", edits useCart.ts and
// emptyCart.test.tsx, and "npx jest src/features/cart" prints "PASS
// src/features/cart/__tests__/emptyCart.test.tsx". The told failure is
// then resolved: a fix aimed at it, then a passing test that shows it.
//
// An edit is aimed at a told failure when it answers the report (the
// user has said nothing since), when the agent's words that carry it,
// said after the report, share two words with the report ("carrinho
// vazio"), or when the edited file's name does ("EmptyCartView.tsx" of
// "the app crashes on the empty cart"). Such an edit of a test file writes
// the failure's regression test; of another file, its fix. Once a fix is
// made, a passing run that shows the regression test passing (its name on
// a line that passes: "PASS …/emptyCart.test.tsx", "EmptyCartTest >
// opens() PASSED", "tests/test_empty_cart.py::test_x PASSED"), or a
// passing test whose name shares two words with the report ("PASS
// src/cart/emptyCart.test.tsx" of "crashes on the empty cart"), resolves
// it; a later one verifies it.
//
// The agent saying it is fixed shows nothing; nor does a test passing
// before the fix (the agent's first try to reproduce it), a test of
// other things, or a run whose summary says something failed.

const (
	// fixEditPrefix links a told failure to a file an edit aimed at it
	// changed (its fix).
	fixEditPrefix = "fixedit/"
	// regressionPrefix links a told failure to the test file an edit
	// aimed at it wrote (its regression test).
	regressionPrefix = "regression/"
)

// testPathRE is a test file's path: in a test directory, or named as a
// test ("emptyCart.test.tsx", "cart_test.go", "test_cart.py",
// "EmptyCartTest.java", "CartIT.kt", "cart_spec.rb").
var testPathRE = mustPattern(`(?:^|/)(?:__tests__|tests?|spec|specs|androidTest|integrationTest)/|(?:^|/)[^/]*(?:[._-](?:test|spec)s?\.[A-Za-z]+|^test_[^/]*\.py|(?:Test|Tests|IT|Spec)\.(?:java|kt|scala|cs|swift|php|groovy))$|(?:^|/)test_[^/]+\.py$`)

// splitCamel is s with a space before each capital that follows a small
// letter and in place of "_", "-" and "." ("emptyCart.test" → "empty
// Cart test").
func splitCamel(s string) string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range s {
		switch {
		case r == '_' || r == '-' || r == '.' || r == '/':
			b.WriteRune(' ')
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			b.WriteRune(' ')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

// reportWords are the words of told failure a's report to match a fix's
// words against (stems, lower case), without the report's words of
// failing and testing, which any fix shares.
func reportWords(a *Anchor) map[string]bool {
	m := stems(a.Because)
	for w := range m {
		if reportGenericWords[w] {
			delete(m, w)
		}
	}
	return m
}

// reportGenericWords are stems every report and fix may share: the
// words of failing, testing and building, and of the app.
var reportGenericWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`app test tests build crash crashes crashed crashing error fail fails failed bug fix fixed issue problem teste testes testou erro falha crasha crashou bug test fehler absturz stürzt ошибка падает тест`) {
		for s := range stems(w) {
			m[s] = true
		}
	}
	return m
}()

// sharedReportWords counts the words of text that are words of report
// words ws.
func sharedReportWords(ws map[string]bool, text string) int {
	n := 0
	for w := range stems(text) {
		if ws[w] {
			n++
		}
	}
	return n
}

// aimedFixEdit links to each open told failure the file a successful
// write call c changed, when the edit is aimed at it (see above).
func (r *Reducer) aimedFixEdit(c *Call, seq int) {
	p, writes := fileOp(c)
	if p == "" || !writes || !r.openReported() || len(r.agentSaid) == 0 {
		return
	}
	said := r.agentSaid[len(r.agentSaid)-1]
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !strings.HasPrefix(a.Key, reportedPrefix) || (a.Lifecycle != Open && a.Lifecycle != Investigating) || r.hot[slot(a.Kind, a.Key)] != a || a.Seq() >= seq {
			continue
		}
		ws := reportWords(a)
		talk := ""
		if said.seq > a.Seq() {
			talk = said.text
		}
		if a.Seq() != r.userSeq && sharedReportWords(ws, talk) < 2 && sharedReportWords(ws, splitCamel(path.Base(p))) < 2 {
			continue
		}
		link := fixEditPrefix + p
		if testPathRE.MatchString(p) {
			link = regressionPrefix + p
		}
		a.Links = appendNew(a.Links, link)
	}
}

// appendNew is list with s added when it is not in it yet.
func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// passLineRE is a line of a test run's output that says a test or a file
// of tests passed.
var passLineRE = mustPattern(`(?i)(?:^|\s)(?:PASS|PASSED|ok|✓|✔)(?:\s|$)|\bpassed\b`)

// shownFixed reports whether the passing output of a run shows told
// failure a fixed: a line that passes names its regression test, or
// names a test sharing two words with the report, or its command asks
// for the regression test by name.
func shownFixed(a *Anchor, cmd, out string) bool {
	if suiteFailRE.MatchString(out) {
		return false
	}
	var tests []string
	for _, l := range a.Links {
		if t, ok := strings.CutPrefix(l, regressionPrefix); ok {
			tests = append(tests, strings.TrimSuffix(path.Base(t), path.Ext(t)))
		}
	}
	for _, t := range tests {
		// "dotnet test --filter PdfExportServiceTests" printing "Passed!
		// - Failed: 0, Passed: 1": the run asked for the regression test
		// by its name and passed
		if len(t) >= 4 && strings.Contains(cmd, t) && passLineRE.MatchString(out) {
			return true
		}
	}
	ws := reportWords(a)
	for _, line := range strings.Split(out, "\n") {
		if !passLineRE.MatchString(line) {
			continue
		}
		for _, t := range tests {
			if t != "" && strings.Contains(line, t) {
				return true
			}
		}
		for _, f := range strings.Fields(line) {
			if testPathRE.MatchString(strings.Trim(f, "()[]:")) && sharedReportWords(ws, splitCamel(path.Base(f))) >= 2 {
				return true
			}
		}
	}
	return false
}

// fixShown resolves (or, resolved, verifies) each told failure a fix was
// made for that the passing output of a run shows fixed (see above).
func (r *Reducer) fixShown(cmd, out string, ref EventRef) {
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !strings.HasPrefix(a.Key, reportedPrefix) || r.hot[slot(a.Kind, a.Key)] != a {
			continue
		}
		if _, ok := linkWith(a.Links, fixEditPrefix); !ok || !shownFixed(a, cmd, out) {
			continue
		}
		if !passStep(a) {
			continue
		}
		a.addRef(ref)
		r.hypothesesOn(a, ref)
	}
}
