package projection

import (
	"strings"
	"testing"
)

// A flutter test that failed, then passed in a run over its file's
// folder ("All tests passed!"), then fails again is a regression: open,
// linked to its pass (fluttertest.go's unit; trial 13 C11).
func TestFlutterTestPassedInItsFolder(t *testing.T) {
	fail := "Exit code 1\n00:03 +14: loading /home/p/app/test/features/auth/auth_repository_test.dart\n00:04 +14 -1: AuthRepository signInWithGoogle returns user [E]\n  Null check operator used on a null value\n  package:app/features/auth/data/auth_repository.dart 47:52  AuthRepository.signInWithGoogle\n  ===== asynchronous gap ===========================\n  test/features/auth/auth_repository_test.dart 38:20                   main.<fn>.<fn>\n\n00:04 +17 -1: test_error_handling maps FirebaseAuthException to AuthFailure\n00:05 +23 -1: Some tests failed.\n"
	pass := "00:03 +14: loading /home/p/app/test/features/auth/auth_repository_test.dart\n00:04 +17: test_error_handling maps FirebaseAuthException to AuthFailure\n00:05 +24: All tests passed!\n"
	for _, c := range []struct{ name, user, first, rerun, want string }{
		{"en, folder of the file", "run the tests", "flutter test", "flutter test test/features/auth", "resolved"},
		{"hinglish, the file itself", "tests chalao pehle", "flutter test", "flutter test test/features/auth/auth_repository_test.dart", "resolved"},
		{"whole suite after a folder", "run the auth tests", "flutter test test/features/auth", "flutter test", "resolved"},
		{"dart test", "run the tests", "dart test", "dart test test/features", "resolved"},
		// near misses: another folder, a run selecting tests by name, an
		// integration test run
		{"another folder", "run the tests", "flutter test", "flutter test test/features/home", "open"},
		{"selected by name", "run the tests", "flutter test", "flutter test test/features/auth --plain-name 'test_error_handling'", "open"},
		{"integration tests", "run the tests", "flutter test", "flutter test integration_test", "open"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, strings.Join([]string{"> user", c.user, fail21Run(c.first, fail, true), fail21Run(c.rerun, pass, false)}, "\n"))
			expect(t, out, []string{`failure test/-/AuthRepository signInWithGoogle returns user \[` + c.want + `/`}, nil)
		})
	}
	// failing again after the pass: open, the pass named
	out := reduceAll(t, strings.Join([]string{"> user", "tests chalao", fail21Run("flutter test", fail, true), fail21Run("flutter test test/features/auth", pass, false),
		"> user", "git revert karo", fail21Run("flutter test test/features/auth", fail, true)}, "\n"))
	expect(t, out, []string{`failure test/-/AuthRepository signInWithGoogle returns user \[open/.*was resolved at seq`}, []string{`returns user \[investigating/`})
}
