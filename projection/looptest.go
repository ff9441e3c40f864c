package projection

import "strings"

// A run that counted one failed test, then the test failing by name.
//
// "for i in 1 2 3 4; do pytest -q a.py::test_x | tail -1; done" printed
// "1 passed", "1 failed", "1 passed": the loop failed, and named no test.
// The agent then ran "pytest -q a.py::test_x" once and it failed,
// // naming test_x. The loop (keyed by the run it repeats: repeatedRun) is
// no other failure: its one failed test is the one the narrower run
// names, so the test's failure takes the loop's over (superseded by
// it), and what is open is the test, flaky or not as the sentences
// about it say (flaky.go). The same holds for a run cut to its count
// ("dotnet test --filter X | tail -1" printing "Failed!  - Failed: 1").
// The earlier run must have counted exactly one failure and named none,
// and be a run of the same test program selecting the failing run's
// tests or more: its operands each held in the failing run's
// ("InvoiceNumberGeneratorTests" in
// "InvoiceNumberGeneratorTests.Parallel_NoDuplicates"). A run of the
// whole suite (no operand: another test may have failed), of another
// program, selecting other tests, or counting two failures keeps its
// own failure.

// oneFailedRE is a test run's count of one failed test and no name:
// "1 failed in 2.40s", "Failed!  - Failed:     1, Passed: 3, …".
var oneFailedRE = mustPattern(`^\W*(?:Output:\s+)?(?:1 (?:failed|failing|failures?)\b|Failed!\s+-\s+Failed:\s+1,)`)

// loopTaken supersedes the open failures of loops that repeated the run
// that now failed naming its test (nu, a test's failure).
func (r *Reducer) loopTaken(nu *Anchor, ref EventRef, moved map[*Anchor]bool) {
	now := callText(r.call)
	if !strings.HasPrefix(nu.Key, "test/") || now == "" {
		return
	}
	nl := testRunRE.FindAllStringSubmatchIndex(now, -1)
	if len(nl) == 0 {
		return
	}
	cur := readTestRun(now, nl[len(nl)-1])
	for _, a := range r.sorted() {
		if a == nu || a.Kind != KindFailure || moved[a] || a.Lifecycle != Open && a.Lifecycle != Investigating || !strings.HasPrefix(a.Key, commandPrefix) {
			continue
		}
		body := failedCallOf(a)
		if !oneFailedRE.MatchString(a.Because) {
			continue
		}
		bl := testRunRE.FindAllStringSubmatchIndex(body, -1)
		if len(bl) != 1 {
			continue
		}
		loop := readTestRun(body, bl[0])
		if loop.prog != cur.prog || len(loop.ops) == 0 || !opsHeld(loop.ops, cur.ops) {
			continue
		}
		a.Lifecycle = Superseded
		a.addRef(ref)
		moved[a] = true
	}
}

// opsHeld reports whether every operand of loop is held in one of cur's.
func opsHeld(loop, cur []string) bool {
	for _, o := range loop {
		held := false
		for _, c := range cur {
			if strings.Contains(c, o) {
				held = true
				break
			}
		}
		if !held {
			return false
		}
	}
	return true
}

// countTaken supersedes nu, a run's failure that counted one failed
// test and named none, when an open failure of a test names what every
// operand of the run selects ("a.py::test_x" selects test_x): the loop
// run after the test failed by name is that test failing again, which
// it is noted on (see above).
func (r *Reducer) countTaken(nu *Anchor, ref EventRef, moved map[*Anchor]bool) {
	if !strings.HasPrefix(nu.Key, commandPrefix) || !oneFailedRE.MatchString(nu.Because) {
		return
	}
	call := failedCallOf(nu)
	bl := testRunRE.FindAllStringSubmatchIndex(call, -1)
	if len(bl) != 1 {
		return
	}
	run := readTestRun(call, bl[0])
	if len(run.ops) == 0 {
		return
	}
	for _, a := range r.sorted() {
		name, ok := strings.CutPrefix(a.Key, "test/-/")
		if !ok || a.Kind != KindFailure || a.Lifecycle != Open && a.Lifecycle != Investigating || len(name) < 4 {
			continue
		}
		if !opsHeld([]string{name}, run.ops) {
			continue
		}
		nu.Lifecycle = Superseded
		a.addRef(ref)
		moved[a] = true
		return
	}
}
