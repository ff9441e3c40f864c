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

// The agent's promise said beside the call that keeps it is done by
// that call ("Dopiszę też wpis do CHANGELOG" and the CHANGELOG.md edit
// in one message); beside another call it stays open. A Hinglish
// first-person future ("CHANGELOG mein entry daal dunga") promises as
// "I'll" does; a promised changelog or README is done by a write of that
// file (promise.go; trial 13 B24, C24).
func TestPromiseBesideItsCall(t *testing.T) {
	edit := func(file string) string {
		return "> call edit {\"file_path\": \"" + file + "\", \"old_string\": \"## [Unreleased]\", \"new_string\": \"## [Unreleased]\\n- fix\"}\n> result\nSuccessfully edited " + file
	}
	runScriptCases(t, []scriptCase{
		{"pl promise and its edit in one message", "> user\nnapraw podwójne rezerwacje\n> assistant\nMigracja przeszła. Dopiszę też wpis do CHANGELOG o tej zmianie.\n" + edit("CHANGELOG.md"),
			[]string{`obligation/-/dopiszę-wpis-changelog.* \[done/`}, []string{`obligation/.*\[open/`}},
		{"en promise and its edit in one message", "> user\nfix the double booking\n> assistant\nThe migration ran. I'll also add a CHANGELOG entry for this.\n" + edit("CHANGELOG.md"),
			[]string{`obligation/-/.*changelog.* \[done/`}, []string{`obligation/.*\[open/`}},
		// near miss: narration beside a call that does something else
		{"en promise beside another call is narration", "> user\nfix the double booking\n> assistant\nNow I'll add tests for process_message in the existing test module.\n" + edit("src/relay.rs"),
			nil, []string{`obligation/`}},
		{"hinglish promise, done later", "> user\npromo banner dikhana hai\n> assistant\nProvider Riverpod mein rakh raha hoon. Main CHANGELOG mein bhi entry daal dunga banner ke liye.\n> user\nok\n> assistant\n" + edit("/home/p/app/CHANGELOG.md"),
			[]string{`obligation/-/.*changelog.* \[done/`}, nil},
		{"hinglish promise open", "> user\npromo banner dikhana hai\n> assistant\nMain README mein bhi yeh flag likh dunga.",
			[]string{`obligation/-/.*readme.* \[open/`}, nil},
		// near misses: a step with no object beside a call, what was done,
		// a question, a negation, a changelog of another folder's file
		{"near miss: no object beside a call", "> user\nfix it\n> assistant\nI'll check the logs first.\n" + edit("app/Service.php"), nil, []string{`obligation/`}},
		{"near miss: done already beside a call", "> user\nfix it\n> assistant\nI've added a CHANGELOG entry.\n" + edit("CHANGELOG.md"), nil, []string{`obligation/`}},
		{"near miss: hinglish done", "> user\nbanner\n> assistant\nCHANGELOG mein 2.5.0 ki entry daal di.", nil, []string{`obligation/`}},
		{"near miss: hinglish question", "> user\nbanner\n> assistant\nKya main CHANGELOG mein entry daal doon?", nil, []string{`obligation/`}},
		{"near miss: hinglish negation", "> user\nbanner\n> assistant\nCHANGELOG mein abhi entry nahi daalunga.", nil, []string{`obligation/`}},
		{"near miss: another file named like it", "> user\nfix it\n> assistant\nI'll add a CHANGELOG entry.\n" + edit("docs/CHANGELOG-template.txt"),
			nil, []string{`obligation/`}},
	})
}

// A Hinglish user taking a task on ("main console mein add kar dungi")
// holds it: an open obligation owned by the user, not the agent's
// (usertask.go; trial 13 C24).
func TestUserTakesTaskHinglish(t *testing.T) {
	lead := "> user\nlogin crash fix karo\n> assistant\nYeh Firebase console mein add karna padega — code se nahi hoga.\n> user\n"
	for _, c := range []struct{ name, text, value, owner string }{
		{"hinglish main … kar dungi", "theek hai main console mein add kar dungi. tab tak promo banner dikhana hai", "main console mein add kar dungi", OwnerUser},
		{"hinglish khud", "SHA-1 console mein khud add karunga", "SHA-1 console mein khud add karunga", OwnerUser},
		{"en myself", "ok, I'll add the SHA-1 in the console myself.", "I'll add the SHA-1 in the console myself", OwnerUser},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := New(Options{SessionID: "s"})
			steps, err := ParseScript(lead + c.text + "\n")
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range steps {
				if st.Event != nil {
					r.Apply(*st.Event)
				}
			}
			found := false
			for _, a := range r.Anchors() {
				if a.Kind == KindObligation && strings.Contains(a.Value, c.value) {
					found = true
					if got := Owner(a); got != c.owner || a.Lifecycle != Open {
						t.Errorf("Owner(%q) = %q %s, want %q open", a.Value, got, a.Lifecycle, c.owner)
					}
				}
			}
			if !found {
				t.Errorf("no obligation %q in %v", c.value, r.Anchors())
			}
		})
	}
	// near misses: a question, work said done, a plain "I'll tell you later"
	runScriptCases(t, []scriptCase{
		{"near misses", lead + "kya main console mein add kar doon? maine console mein add kar diya. main baad mein batati hoon.\n", nil, []string{`obligation/-/.*(?:kar-doon|kar-diya|batati)`}},
	})
}

// The agent calling a test flaky in Polish ("test jest niestabilny przy
// zimnym starcie") after a rerun passed marks it as "it's flaky" does:
// open, marked flaky (flaky.go; TestFlakyAfterPassIsOpen; trial 13 B15).
func TestFlakyPolish(t *testing.T) {
	fail := "   FAIL  Tests\\Feature\\Notifications\\SmsNotificationTest\n  ⨯ it queues reservation sms on the default queue   0.31s\n  Connection refused [tcp://127.0.0.1:6379]\n\n  Tests:    1 failed, 1 passed (3 assertions)\n"
	pass := "   PASS  Tests\\Feature\\Notifications\\SmsNotificationTest\n  ✓ it queues reservation sms on the default queue   0.06s\n\n  Tests:    2 passed (4 assertions)\n"
	for _, c := range []struct{ name, say, want string }{
		{"pl niestabilny", "Za drugim razem przechodzi — to było chwilowe (Redis startował), test jest niestabilny przy zimnym starcie kontenera.", "open"},
		{"pl czasem pada", "Ten test czasem pada przy zimnym starcie.", "open"},
		{"en flaky", "It passes the second time: the test is flaky on a cold container start.", "open"},
		// near misses: a negation, a question, no word of it
		{"pl not flaky", "Za drugim razem przechodzi; test nie jest niestabilny, Redis po prostu startował.", "resolved"},
		{"pl question", "Czy ten test jest niestabilny?", "resolved"},
		{"pl plain", "Za drugim razem przechodzi — Redis startował.", "resolved"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, strings.Join([]string{"> user", "napraw SMS-y", fail21Run("./vendor/bin/pest --filter=Sms", fail, true), fail21Run("./vendor/bin/pest --filter=Sms", pass, false), "> assistant", c.say}, "\n"))
			if c.want == "open" {
				expect(t, out, []string{`failure \S+ .*\[open/.*flaky`}, []string{`failure .*\[resolved/`})
				return
			}
			expect(t, out, []string{`failure \S+ .*\[resolved/`}, []string{`flaky`})
		})
	}
}
