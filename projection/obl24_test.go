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

// A composer script echoes each line it runs ("> ./vendor/bin/phpstan
// analyse …"): a passing "composer check" whose output shows phpstan's
// "[OK] No errors" resolves phpstan's failure; one whose output does not
// show phpstan passing says nothing of it (wrapperecho.go; trial 13 B13).
func TestComposerScriptShowsCheckPassing(t *testing.T) {
	fail := " 12/12 [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%\n\n ------ ------------------------------\n  Line   app/Jobs/SendReservationSms.php\n ------ ------------------------------\n  29     Parameter #1 $phone of method App\\Sms\\SmsGateway::send() expects string, string|null given.\n ------ ------------------------------\n\n [ERROR] Found 3 errors\n"
	pest := "   PASS  Tests\\Unit\\Support\\MoneyTest\n  ✓ it formats grosze as PLN                 0.01s\n\n  Tests:    26 passed (68 assertions)\n  Duration: 2.91s\n"
	both := "> ./vendor/bin/phpstan analyse --memory-limit=1G --no-progress\n\n [OK] No errors\n\n> ./vendor/bin/pest --parallel\n\n" + pest
	for _, c := range []struct{ name, user, cmd, out, want string }{
		{"en, composer check", "fix the phpstan errors", "composer check", both, "resolved"},
		{"pl, composer run-script", "popraw błędy phpstana", "composer run-script check", both, "resolved"},
		{"pl, composer run", "popraw błędy phpstana", "composer run check", both, "resolved"},
		// near misses: the script ran the tests only; phpstan echoed
		// with no verdict of its own; the same output from a cat
		{"tests only", "fix the phpstan errors", "composer test", "> ./vendor/bin/pest --parallel\n\n" + pest, "open"},
		{"no verdict", "popraw błędy phpstana", "composer check", "> ./vendor/bin/phpstan analyse --memory-limit=1G --no-progress\n\n> ./vendor/bin/pest --parallel\n\n" + pest, "open"},
		{"a cat", "fix the phpstan errors", "cat notes.txt", both, "open"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := f16Reduce(t, []string{c.user}, []f16Run{{"./vendor/bin/phpstan analyse --memory-limit=1G", fail, true}, {c.cmd, c.out, false}})
			expect(t, out, []string{`failure command/-/./vendor/bin/phpstan analyse --memory-limit=1G \[` + c.want + `/`}, nil)
		})
	}
}
