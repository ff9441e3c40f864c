package projection

import (
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
)

// run is a script's call of command cmd answered by out (failed or not).
func fail21Run(cmd, out string, failed bool) string {
	r := "> result"
	if failed {
		r += " error"
	}
	return "> assistant\n" + scriptCall("bash", map[string]any{"command": cmd}) + "\n" + r + "\n" + out
}

// A test's identity is its name, never its run's timing (testtiming.go):
// the vitest rerun of the same command passing resolves the test whose
// failed line held "5011ms" (trial 13 A14).
func TestTestNameDropsTiming(t *testing.T) {
	for in, want := range map[string]string{
		"OrderTable > renders next page after click 5011ms": "OrderTable > renders next page after click",
		"parse > reads the header (12 ms)":                  "parse > reads the header",
		"TestParse (0.01s)":                                 "TestParse",
		"Total_IncludesVat [12 ms]":                         "Total_IncludesVat",
		"tests/a.py::test_x [ 50%]":                         "tests/a.py::test_x",
		// near misses: a number in the name that is no timing
		"retries within 5s":     "retries within 5s",
		"renders 50 rows":       "renders 50 rows",
		"handles 5000ms budget": "handles 5000ms budget",
	} {
		if got := testName(in); got != want {
			t.Errorf("testName(%q) = %q, want %q", in, got, want)
		}
	}
	fail := " ❯ src/OrderTable.test.tsx (5 tests | 1 failed) 5062ms\n   × OrderTable > renders next page after click 5011ms\n     → Test timed out in 5000ms.\n\n Test Files  1 failed (1)\n      Tests  1 failed | 4 passed (5)\n"
	pass := " ✓ src/OrderTable.test.tsx (5 tests) 612ms\n\n Test Files  1 passed (1)\n      Tests  5 passed (5)\n"
	for _, c := range []struct{ name, user, rerun, want string }{
		{"en, same filtered command", "run the web tests", "pnpm --filter @shop/web test -- --run", "resolved"},
		{"zh, same filtered command", "web 的测试跑一下", "pnpm --filter @shop/web test -- --run", "resolved"},
		// near miss: another package's tests passing say nothing of it
		{"another package", "run the web tests", "pnpm --filter @shop/api test -- --run", "open"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, strings.Join([]string{"> user", c.user, fail21Run("pnpm --filter @shop/web test -- --run", fail, true), fail21Run(c.rerun, pass, false)}, "\n"))
			expect(t, out, []string{`failure test/-/OrderTable > renders next page after click \[` + c.want + `/`}, []string{`click 5011ms \[`})
		})
	}
}

// flutter test: the failed test is the "[E]" line, a progress line names
// no failure, "Some tests failed." fails a run a pipe made exit 0
// (fluttertest.go; trial 13 C11, C15, C25).
func TestFlutterTestOutput(t *testing.T) {
	failed := "00:04 +14 -1: AuthRepository signInWithGoogle returns user [E]\n  Null check operator used on a null value\n  package:app/auth_repository.dart 47:52  AuthRepository.signInWithGoogle\n\n00:04 +17 -1: test_error_handling maps FirebaseAuthException to AuthFailure\n00:05 +23 -1: Some tests failed.\n"
	for _, c := range []struct {
		name, user, cmd, out string
		err                  bool
		want, never          []string
	}{
		{"en, exit 1", "run the auth tests", "flutter test test/auth", "Exit code 1\n" + failed, true,
			[]string{`failure test/-/AuthRepository signInWithGoogle returns user \[open/.* — Null check operator`}, []string{`test_error_handling`}},
		{"hinglish, piped exit 0", "auth tests chalao", "flutter test test/auth 2>&1 | tail -n 6", failed, false,
			[]string{`failure test/-/AuthRepository signInWithGoogle returns user \[open/`}, []string{`test_error_handling`}},
		// near misses: all passed, a test named "error" passing
		{"all passed", "run the auth tests", "flutter test test/auth 2>&1 | tail -n 3", "00:04 +17: test_error_handling maps FirebaseAuthException to AuthFailure\n00:05 +23: All tests passed!\n", false,
			nil, []string{`failure `}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, strings.Join([]string{"> user", c.user, fail21Run(c.cmd, c.out, c.err)}, "\n"))
			expect(t, out, c.want, c.never)
		})
	}
}

// A program that hands its subcommand to another's is that run: "flutter
// analyze" passing resolves "dart analyze" (interp.go delegates; trial
// 13 C12).
func TestDelegatedCheckResolves(t *testing.T) {
	fail := "Analyzing app...\n\nwarning • Unused import • lib/a.dart:3:8 • unused_import\n\n1 issue found.\n"
	for _, c := range []struct{ name, user, pass, want string }{
		{"en", "run the analyzer", "flutter analyze", "resolved"},
		{"hinglish", "analyze chalao", "flutter analyze", "resolved"},
		// near misses: another check, flutter's own test runner
		{"other check", "run the analyzer", "dart format --set-exit-if-changed .", "open"},
		{"flutter test", "run the analyzer", "flutter test", "open"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, strings.Join([]string{"> user", c.user, fail21Run("dart analyze", fail, true), fail21Run(c.pass, "Analyzing app...\nNo issues found! (ran in 6.8s)\n", false)}, "\n"))
			expect(t, out, []string{`failure command/-/dart analyze \[` + c.want + `/`}, nil)
		})
	}
}

// A failure a plain rerun passed and the user then calls flaky is open
// again, marked flaky (flaky.go): the pass did not fix it, it only did
// not fail that time. Trial 13's key asked for it to stay resolved; trials
// 10 (A12, B18) and 11 (A19, B16, C17) ask that a flaky failure never read
// as resolved, and a resolved head is the reading a fold would hide, so
// theirs is kept.
func TestFlakyAfterPassIsOpen(t *testing.T) {
	for _, say := range []string{"haan woh flaky hai, emulator pe hamesha ek baar fail hota hai", "yes it's flaky on the emulator"} {
		out := reduceAll(t, strings.Join([]string{"> user", "run it",
			fail21Run("flutter test integration_test/home_test.dart", "00:58 +0 -1: home flow opens menu [E]\n  TimeoutException after 0:00:30\n00:58 +0 -1: Some tests failed.\n", true),
			fail21Run("flutter test integration_test/home_test.dart", "00:52 +1: home flow opens menu\n00:52 +1: All tests passed!\n", false),
			"> user", say}, "\n"))
		expect(t, out, []string{`failure test/-/home flow opens menu \[open/.*flaky`}, []string{`\[resolved/`})
	}
}

// An upgrade the user turns down supersedes the failed versioned
// install; the rollback's pass resolves nothing (upgradedrop.go; trial 13
// A17).
func TestUpgradeRefused(t *testing.T) {
	fail := "src/prisma.service.ts:9:5 - error TS2339: Property '$use' does not exist.\n ELIFECYCLE  Command failed with exit code 1."
	for _, c := range []struct {
		name, say, rollback, want string
		neg                       bool
	}{
		{"zh", "升 6 会把 build 搞挂，别升了，回滚到 5.22", "pnpm --filter @shop/db add prisma@5.22.0 && pnpm build", "superseded", true},
		{"en", "6 breaks the build, don't upgrade, roll back to 5.22", "pnpm --filter @shop/db add prisma@5.22.0 && pnpm build", "superseded", true},
		{"pl", "szóstka psuje build, nie aktualizuj, wróć do 5.22", "pnpm --filter @shop/db add prisma@5.22.0 && pnpm build", "superseded", true},
		// near misses: a question, put off, no refusal and the same
		// version passing
		{"question", "should we not upgrade?", "pnpm --filter @shop/db add prisma@6.1.0 && pnpm build", "resolved", false},
		{"put off", "升级回头再说", "pnpm --filter @shop/db add prisma@6.1.0 && pnpm build", "resolved", false},
		{"no refusal, rollback", "ok", "pnpm --filter @shop/db add prisma@5.22.0 && pnpm build", "open", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, strings.Join([]string{"> user", "try prisma 6",
				fail21Run("pnpm --filter @shop/db add prisma@6.1.0 && pnpm build", fail, true),
				"> user", c.say,
				fail21Run(c.rollback, "+ prisma 5.22.0\nbuild done\n", false)}, "\n"))
			if c.neg {
				// superseded: out of the hot state, negative knowledge
				// in its place
				expect(t, out, []string{`negative-knowledge negative/-/pnpm-filter-@shop/db-add-prisma@6\.1\.0`}, []string{`failure command/-/pnpm --filter @shop/db add prisma@6\.1\.0`})
				return
			}
			expect(t, out, []string{`failure command/-/pnpm --filter @shop/db add prisma@6\.1\.0.* \[` + c.want + `/`}, []string{`negative-knowledge`})
		})
	}
}

// The DSH host's record of a call it aborted is an interruption, never a
// failure (hostabort.go; trial 13 A18).
func TestHostAborted(t *testing.T) {
	for data, want := range map[string]bool{
		`{"message":{},"error":{"name":"AbortError","code":"ABORTED"}}`:                 true,
		`{"message":{},"error":{"name":"AbortError","code":"ABORTED_BEFORE_DISPATCH"}}`: true,
		// near misses: another error, none
		`{"message":{},"error":{"name":"Error","code":"ENOENT"}}`: false,
		`{"message":{}}`: false,
	} {
		if got := hostAborted(hostshim.Event{Type: hostshim.TypeToolResult, Data: []byte(data)}); got != want {
			t.Errorf("hostAborted(%s) = %v, want %v", data, got, want)
		}
	}
}
