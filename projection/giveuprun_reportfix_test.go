package projection

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// A give-up takes with it the runs whose failure is the one given up
// (giveuprun.go): the trial's "timeout 300 ./gradlew integrationTest
// --tests '*OrderServiceIT.shouldRetryOnBrokerDown'" killed by its
// timeout ("Terminated"), before the same test failed and was given up.
func TestGiveUpTakesItsRuns(t *testing.T) {
	gradleFail := "Task :integrationTest\n\nOrderServiceIT > shouldRetryOnBrokerDown() FAILED\n    org.springframework.kafka.KafkaException: Send failed\n\n1 test completed, 1 failed\n\nBUILD FAILED in 1m 4s"
	pyFail := "tests/test_orders.py::test_retry_on_broker_down FAILED\nE   TimeoutError: metadata not present after 5000 ms\n1 failed in 64.2s"
	cases := []struct {
		name, first, firstOut, second, secondOut, offer, reply, firstKey string
		superseded                                                       bool
	}{
		{"de repro", "cd ~/svc && TOXIPROXY=1 DOCKER_HOST=unix:///run/user/1000/docker.sock timeout 300 ./gradlew integrationTest --tests '*OrderServiceIT.shouldRetryOnBrokerDown' 2>&1 | tail -12", "Task :integrationTest\n\nConnection to node 1 could not be established.\nTerminated\nexit status 124",
			"cd ~/svc && TOXIPROXY=1 SPRING_KAFKA_PRODUCER_PROPERTIES_MAX_BLOCK_MS=5000 timeout 300 ./gradlew integrationTest --tests '*OrderServiceIT.shouldRetryOnBrokerDown' 2>&1 | tail -10", gradleFail,
			"Das ist ein eigener Umbau; ich würde das hier nicht weiterverfolgen und den Test ausgeschaltet lassen. Einverstanden?", "ja, lass den Toxiproxy-Test.", `toxiproxy-1-docker_host`, true},
		{"en pytest node id", "timeout 300 pytest tests/test_orders.py::test_retry_on_broker_down", "Terminated",
			"pytest tests/test_orders.py::test_retry_on_broker_down", pyFail,
			"The test assumes an outbox retry we don't have. I'd not pursue this further. OK?", "yes, leave it.", `timeout-300-pytest`, true},
		{"en same run under xvfb-run", "xvfb-run -a npm run e2e -- --project=chromium", "Killed",
			"npm run e2e -- --project=chromium", "Error: browserType.launch: Target page, context or browser has been closed\nnpm ERR! code ELIFECYCLE",
			"The sandbox has no GPU; I'd not pursue this further. OK?", "yes, leave it.", `xvfb-run -a npm run e2e`, true},
		// near misses: the earlier run selects the whole class, or another
		// test; runs with other options; an error of its own
		{"de whole class", "TOXIPROXY=1 timeout 300 ./gradlew integrationTest --tests '*OrderServiceIT*'", "Terminated",
			"TOXIPROXY=1 ./gradlew integrationTest --tests '*OrderServiceIT.shouldRetryOnBrokerDown'", gradleFail,
			"Ich würde das hier nicht weiterverfolgen. Einverstanden?", "ja, lass den Toxiproxy-Test.", `timeout 300 ./gradlew integrationTest --tests '\*OrderServiceIT\*'`, false},
		{"en another test", "timeout 300 ./gradlew integrationTest --tests '*OrderServiceIT.shouldCreateOrder'", "Terminated",
			"./gradlew integrationTest --tests '*OrderServiceIT.shouldRetryOnBrokerDown'", gradleFail,
			"I'd not pursue this further. OK?", "yes, leave it.", `timeout 300 ./gradlew integrationTest --tests '\*OrderServiceIT.shouldCreateOrder'`, false},
		{"en another script", "xvfb-run -a npm run e2e:firefox", "Killed",
			"npm run e2e:chromium", "Error: browserType.launch: Target page, context or browser has been closed\nnpm ERR! code ELIFECYCLE",
			"I'd not pursue this further. OK?", "yes, leave it.", `xvfb-run -a npm run e2e:firefox`, false},
		{"en same file, no error of its own", "timeout 300 pytest tests/test_orders.py", "Terminated",
			"pytest tests/test_orders.py", pyFail,
			"I'd not pursue this further. OK?", "yes, leave it.", `timeout-300-pytest-tests/test_orders.py`, true},
		{"en same file, an error of its own", "timeout 300 pytest tests/test_orders.py", "E   ImportError: cannot import name 'OrderClient' from 'orders.client'",
			"pytest tests/test_orders.py", pyFail,
			"I'd not pursue this further. OK?", "yes, leave it.", `timeout 300 pytest tests/test_orders.py`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "Check whether the broker-down test runs.",
				"> assistant", scriptCall("developer__shell", map[string]any{"command": c.first}),
				"> result error", c.firstOut,
				"> assistant", scriptCall("developer__shell", map[string]any{"command": c.second}),
				"> result error", c.secondOut,
				"> assistant", c.offer,
				"> user", c.reply,
			}, "\n")
			got := reduceAll(t, script)
			open := `failure command/-/[^\n]*` + c.firstKey + `[^\n]*\[(?:open|investigating)/`
			if c.superseded {
				expect(t, got, []string{`negative-knowledge negative/-/` + c.firstKey + `|failure command/-/[^\n]*` + c.firstKey + `[^\n]*\[superseded/`}, []string{open})
			} else {
				expect(t, got, []string{open}, nil)
			}
		})
	}
}

// A failure the user told is resolved by a fix aimed at it and a passing
// test that shows it (reportfix.go): the trial's "o app crasha quando
// abre o carrinho vazio", useCart.ts fixed, emptyCart.test.tsx written
// and passing.
func TestReportedFixShownByTest(t *testing.T) {
	type step struct{ role, text string }
	edit := func(p string) string {
		return scriptCall("edit", map[string]any{"file_path": p, "old_string": "a", "new_string": "b"})
	}
	run := func(c string) string { return scriptCall("run_shell_command", map[string]any{"command": c}) }
	ptReport := "outra coisa: a Ju testou o build interno no iPhone dela e o app crasha quando abre o carrinho vazio. tela branca e fecha."
	enReport := "one more thing: Ju tried the internal build on her iPhone and the app crashes when opening the empty cart."
	passCart := "PASS src/features/cart/__tests__/CartScreen.test.tsx\nPASS src/features/cart/__tests__/emptyCart.test.tsx\n\nTest Suites: 2 passed, 2 total\nTests:       10 passed, 10 total"
	passOther := "PASS src/features/catalog/__tests__/useCatalog.test.ts\n\nTest Suites: 1 passed, 1 total\nTests:       4 passed, 4 total"
	fixAndTest := []step{
		{"assistant", edit("/app/src/hooks/useCart.ts")},
		{"result", "Successfully modified file: /app/src/hooks/useCart.ts (1 replacements)."},
		{"assistant", edit("/app/src/features/cart/__tests__/emptyCart.test.tsx")},
		{"result", "Successfully modified file: /app/src/features/cart/__tests__/emptyCart.test.tsx (1 replacements)."},
	}
	cases := []struct {
		name, report string
		steps        []step
		resolved     bool
	}{
		{"pt repro", ptReport, append(append([]step{
			{"assistant", run("npx jest src/features/cart/__tests__/emptyCart.test.tsx")},
			{"result", "PASS src/features/cart/__tests__/emptyCart.test.tsx\nTests: 1 passed, 1 total"},
			{"assistant", "Achei: `items[0].id` explode com o array vazio. Corrijo e escrevo um teste de regressão para o carrinho vazio com seleção persistida:"},
		}, fixAndTest...), step{"assistant", run("npx jest src/features/cart 2>&1 | tail -7")}, step{"result", passCart}), true},
		{"en", enReport, append(append([]step{
			{"assistant", "Found it: items[0].id blows up on an empty cart. Fixing it and adding a regression test:"},
		}, fixAndTest...), step{"assistant", run("npx jest src/features/cart")}, step{"result", passCart}), true},
		{"en, words of the report in the test's name", enReport, []step{
			{"user", "also bump the version to 1.4.2"},
			{"assistant", "Guarding the empty cart in useCart:"},
			{"assistant", edit("/app/src/hooks/useCart.ts")},
			{"result", "Successfully modified file: /app/src/hooks/useCart.ts (1 replacements)."},
			{"assistant", run("npx jest src/features/cart")},
			{"result", passCart},
		}, true},
		// near misses: an unrelated test passing; the agent saying it is
		// fixed; the test passing before the fix; a run with a failure
		// in it; an edit of something else after the user moved on
		{"pt unrelated test", ptReport, append(append([]step{
			{"assistant", "Achei: `items[0].id` explode com o array vazio. Corrijo o carrinho vazio:"},
		}, fixAndTest[:2]...), step{"assistant", run("npx jest src/features/catalog")}, step{"result", passOther}), false},
		{"en said fixed", enReport, append(append([]step{
			{"assistant", "Found it: items[0].id blows up on an empty cart."},
		}, fixAndTest...), step{"assistant", "Fixed, with a regression test."}), false},
		{"en passing before the fix", enReport, []step{
			{"assistant", run("npx jest src/features/cart")},
			{"result", passCart},
			{"assistant", "The existing tests pass; the empty cart crash must come from persisted state."},
		}, false},
		{"en a run that fails", enReport, append(append([]step{
			{"assistant", "Found it: items[0].id blows up on an empty cart. Fixing it and adding a regression test:"},
		}, fixAndTest...), step{"assistant", run("npx jest")}, step{"result", "PASS src/features/cart/__tests__/emptyCart.test.tsx\nFAIL src/features/catalog/__tests__/useCatalog.test.ts\n\nTests: 1 failed, 9 passed, 10 total"}), false},
		{"en other work after the user moved on", enReport, []step{
			{"user", "also bump the version to 1.4.2"},
			{"assistant", "Bumping the version:"},
			{"assistant", edit("/app/app.json")},
			{"result", "Successfully modified file: /app/app.json (1 replacements)."},
			{"assistant", edit("/app/src/__tests__/version.test.ts")},
			{"result", "Successfully modified file: /app/src/__tests__/version.test.ts (1 replacements)."},
			{"assistant", run("npx jest src/__tests__/version.test.ts")},
			{"result", "PASS src/__tests__/version.test.ts\nTests: 1 passed, 1 total"},
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines := []string{"> user", "objective: green jest for PR #212.", "> assistant", "Ok.", "> user", c.report}
			for _, s := range c.steps {
				lines = append(lines, "> "+s.role, s.text)
			}
			got := reduceAll(t, strings.Join(lines, "\n"))
			key := `failure reported/-/[^\n]*`
			if c.resolved {
				expect(t, got, []string{key + `\[(?:resolved|verified)/`}, []string{key + `\[(?:open|investigating)/`})
			} else {
				expect(t, got, []string{key + `\[(?:open|investigating)/`}, nil)
			}
		})
	}
}

// A failure fixed before its run failed anew on another error stays
// resolved in the retired listing (reduceoutcome.go): the trial's
// "./gradlew build" past checkstyleMain, then failing on spotbugsMain. A
// run failing on the same error again, or a test failing again, is put
// out as retired: its fix did not hold.
func TestResolvedStaysResolvedWhenRunFailsAnew(t *testing.T) {
	checkstyle := "> Task :checkstyleMain FAILED\n[ant:checkstyle] [WARN] PaymentEventsListener.java:34:5: Missing a Javadoc comment. [MissingJavadocMethod]\n\nFAILURE: Build failed with an exception.\n\nBUILD FAILED in 9s"
	spotbugs := "> Task :checkstyleMain UP-TO-DATE\n> Task :spotbugsMain FAILED\n\nFAILURE: Build failed with an exception.\n   > Verification failed: SpotBugs ended with exit code 1.\n\nBUILD FAILED in 21s"
	cases := []struct {
		name, first, again, want string
	}{
		{"another error", checkstyle, spotbugs, `failure resolved = failed: > Task :checkstyleMain FAILED`},
		// near miss: the same error again
		{"the same error", checkstyle, checkstyle, `failure retired = failed: > Task :checkstyleMain FAILED`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := New(Options{SessionID: "s", KeepRetired: 50})
			seq := 0
			run := func(cmd, out string, failed bool) {
				id := fmt.Sprint("c", seq)
				r.Apply(Event{Seq: seq, Role: RoleAssistant, Calls: []Call{{ID: id, Name: "developer__shell", Args: map[string]any{"command": cmd}}}})
				r.Apply(Event{Seq: seq + 1, Role: RoleTool, Text: out, Result: &Result{CallID: id, IsError: failed}})
				seq += 2
			}
			r.Apply(Event{Seq: seq, Role: RoleUser, Text: "Make the build green."})
			seq++
			run("cd ~/svc && ./gradlew build 2>&1 | tail -30", c.first, true)
			run("cd ~/svc && ./gradlew checkstyleMain checkstyleTest 2>&1 | tail -6", "> Task :checkstyleMain\n> Task :checkstyleTest\n\nBUILD SUCCESSFUL in 12s", false)
			run("cd ~/svc && ./gradlew build 2>&1 | tail -30", c.again, true)
			var b strings.Builder
			for _, a := range append(r.Anchors(), r.RetiredAnchors()...) {
				fmt.Fprintf(&b, "%s %s = %s\n", a.Kind, a.Lifecycle, oneLine(a.Value, 200))
			}
			expect(t, b.String(), []string{regexp.QuoteMeta(c.want)}, nil)
		})
	}
}

// The line a failure is titled by when none names an error skips the
// client's bookkeeping of the shell (proposetool.go lastOutputLine): the
// trial's "npx expo install --check" titled "Process Group PGID: 40273".
func TestFailureTitleSkipsShellBookkeeping(t *testing.T) {
	cases := []struct{ name, out, want, never string }{
		{"qwen expo check", "Command: npx expo install --check 2>&1 | tail -8\nDirectory: (root)\nOutput: Some dependencies are incompatible with the installed expo version:\n  react-native-reanimated@3.16.1 - expected version: ~3.10.1\nFix with: npx expo install --fix\nError: (none)\nExit Code: 1\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 40273",
			`failed: Some dependencies are incompatible with the installed expo version:`, `PGID|Background PIDs`},
		{"qwen no problem word", "Command: ./check.sh\nDirectory: (root)\nOutput: 3 files differ from the template\nError: (none)\nExit Code: 1\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 40274",
			`failed: 3 files differ from the template`, `PGID|Background PIDs`},
		{"codex wall time", "Exit code: 1\nWall time: 0.4 seconds\nOutput:\n3 files differ from the template",
			`failed: 3 files differ from the template`, `Wall time`},
		// near miss: with no bookkeeping, the run's last line stays the
		// title
		{"plain last line", "checking 12 templates\n3 files differ from the template\nexit status 1",
			`failed: 3 files differ from the template`, `checking 12`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "check the deps.",
				"> assistant", scriptCall("run_shell_command", map[string]any{"command": "./check.sh"}),
				"> result error", c.out,
			}, "\n")
			got := reduceAll(t, script)
			expect(t, got, []string{`failure command/-/[^\n]*` + c.want}, []string{`failure command/-/[^\n]*(?:` + c.never + `)`})
		})
	}
}
