package projection

import "testing"

// f16Run is one call of a test script: its command, output and whether it
// failed.
type f16Run struct {
	cmd, out string
	failed   bool
}

// f16Reduce reduces the user's messages, then the runs (reduceSteps).
func f16Reduce(t *testing.T, say []string, runs []f16Run) string {
	t.Helper()
	var steps []step
	for _, u := range say {
		steps = append(steps, step{"user", u, ""}, step{"assistant", "Ok.", ""})
	}
	for _, r := range runs {
		status := ""
		if r.failed {
			status = "error"
		}
		steps = append(steps, step{"call", r.cmd, status + "\n" + r.out})
	}
	return reduceSteps(t, steps...)
}

// A Gradle build's failure is resolved by a later build that asked for
// its failed task or for every task it did (widerrun.go; trial 11 A14,
// A15). A narrower build, one leaving the task out, one narrowing the
// tests or one without a variable the failed run set resolves nothing.
func TestGradleTasksCover(t *testing.T) {
	const (
		spotOut = "> Task :spotbugsMain FAILED\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':spotbugsMain'.\n> Verification failed: SpotBugs ended with exit code 1.\n\nBUILD FAILED in 27s"
		ok      = "> Task :spotbugsTest\n\nBUILD SUCCESSFUL in 31s"
		itOut   = "> Task :integrationTest\n\nOrderServiceIT > retries() FAILED\n    java.lang.AssertionError\n\nBUILD FAILED in 1m"
	)
	build := f16Run{"cd ~/dev/svc && ./gradlew build 2>&1 | tail -8", spotOut, true}
	cases := []struct {
		name, say string
		runs      []f16Run
		resolved  bool
	}{
		{"en failed task asked for", "make the build green", []f16Run{build, {"./gradlew spotbugsMain spotbugsTest 2>&1 | tail -3", ok, false}}, true},
		{"de failed task asked for", "Mach den Build grün.", []f16Run{build, {"./gradlew spotbugsMain spotbugsTest 2>&1 | tail -3", ok, false}}, true},
		{"wider build", "Mach den Build grün.", []f16Run{build, {"./gradlew clean build integrationTest 2>&1 | tail -4", "> Task :build\n> Task :integrationTest\n\nBUILD SUCCESSFUL in 2m 7s", false}}, true},
		{"maven wider goals", "make the build green", []f16Run{{"mvn verify", "[ERROR] Failed to execute goal com.github.spotbugs:spotbugs-maven-plugin:4.8.3.0:check (default) on project svc: failed with 1 bugs\n[INFO] BUILD FAILURE", true}, {"mvn clean verify | tail -3", "[INFO] ------------------------------------------------------------------------\n[INFO] BUILD SUCCESS\n[INFO] Total time:  1:02 min", false}}, true},
		// near misses
		{"narrower build", "make the build green", []f16Run{build, {"./gradlew compileJava 2>&1 | tail -3", "BUILD SUCCESSFUL in 3s", false}}, false},
		{"another task", "make the build green", []f16Run{build, {"./gradlew spotbugsTest 2>&1 | tail -3", ok, false}}, false},
		{"task left out", "Mach den Build grün.", []f16Run{build, {"./gradlew build -x spotbugsMain 2>&1 | tail -3", "BUILD SUCCESSFUL in 40s", false}}, false},
		{"tests narrowed", "make the tests pass", []f16Run{{"./gradlew integrationTest", itOut, true}, {"./gradlew integrationTest --tests '*PaymentIT*'", "BUILD SUCCESSFUL in 20s", false}}, false},
		{"variable dropped", "make the tests pass", []f16Run{{"TOXIPROXY=1 ./gradlew integrationTest --tests '*OrderServiceIT*'", itOut, true}, {"./gradlew clean build integrationTest", "BUILD SUCCESSFUL in 2m", false}}, false},
		{"build still failing elsewhere", "make the build green", []f16Run{build, {"./gradlew spotbugsMain spotbugsTest", "> Task :spotbugsTest FAILED\nBUILD FAILED in 9s", true}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := f16Reduce(t, []string{c.say}, c.runs)
			if c.resolved {
				expect(t, got, []string{`failure command/-/\S.* \[resolved/`}, []string{`failure command/.* \[open/`})
			} else {
				expect(t, got, []string{`failure \w+/-/.* \[(?:open|investigating)/`}, []string{`failure (?:command|test)/.* \[resolved/`})
			}
		})
	}
}

// A package script's run is the line it echoes: "npm run lint" printing
// "> eslint . --ext .ts,.tsx --max-warnings 0" passing resolves the
// failure of "npx eslint . --ext .ts,.tsx" (npmscript.go; trial 11 B17).
// A script that echoes nothing, another script and an echo in the output
// of a call that runs no script resolve nothing.
func TestPackageScriptEcho(t *testing.T) {
	const (
		lint    = "npx eslint . --ext .ts,.tsx"
		lintOut = "/app/src/api/client.ts\n  3:8  error  'Constants' is defined but never used  @typescript-eslint/no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)\nExit Code: 1"
		echo    = "\n> feirinha-app@2.3.1 lint\n> eslint . --ext .ts,.tsx --max-warnings 0\n"
	)
	cases := []struct {
		name, say string
		runs      []f16Run
		resolved  bool
	}{
		{"pt npm run lint", "deixa o lint limpo.", []f16Run{{lint, lintOut, true}, {"npm run lint", echo, false}}, true},
		{"en pnpm lint", "make lint clean", []f16Run{{lint, lintOut, true}, {"pnpm lint", "\n> app@1.0.0 lint /repo\n> eslint . --ext .ts,.tsx\n", false}}, true},
		{"en yarn lint", "make lint clean", []f16Run{{lint, lintOut, true}, {"yarn lint", "yarn run v1.22.19\n$ eslint . --ext .ts,.tsx\nDone in 4.1s.", false}}, true},
		// near misses
		{"silent script", "deixa o lint limpo.", []f16Run{{lint, lintOut, true}, {"npm run lint --silent", "", false}}, false},
		{"another script", "make lint clean", []f16Run{{lint, lintOut, true}, {"npm run typecheck", "\n> app@1.0.0 typecheck\n> tsc --noEmit\n", false}}, false},
		{"narrower lint", "make lint clean", []f16Run{{lint, lintOut, true}, {"npm run lint:api", "\n> app@1.0.0 lint:api\n> eslint src/api --ext .ts\n", false}}, false},
		{"echo without a script", "make lint clean", []f16Run{{lint, lintOut, true}, {"cat notes.txt", "> app@1.0.0 lint\n> eslint . --ext .ts,.tsx\n", false}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := f16Reduce(t, []string{c.say}, c.runs)
			if c.resolved {
				expect(t, got, []string{`failure command/-/npx eslint \S.* \[resolved/`}, []string{`failure command/.* \[open/`})
			} else {
				expect(t, got, []string{`failure command/-/npx eslint .* \[(?:open|investigating)/`}, []string{`failure command/.* \[resolved/`})
			}
		})
	}
}

// A failure pasted from CI is keyed by what failed: the test Gradle
// names, the command the job's "Run …" line names; the local run of it
// passing after a fix resolves it (pastedfail.go; trial 11 A20, C18).
// Another command passing leaves it open.
func TestCIPasteKeyedByWhatFailed(t *testing.T) {
	const (
		dePaste = "hier ist noch was aus der CI von heute morgen, Pipeline #4812 auf main:\n\n```\nKafkaConsumerLagIT > lagStaysBelowThreshold() FAILED\n    org.opentest4j.AssertionFailedError: consumer lag after 2000 records\n\n> Task :integrationTest FAILED\nBUILD FAILED in 3m 2s\nERROR: Job failed: exit code 1\n```"
		ruPaste = "из CI прилетело, джоба msrv на PR:\n\n```\nRun cargo +1.75 check --workspace --all-features\nerror[E0658]: use of unstable library feature 'lazy_cell'\n --> crates/agg-core/src/registry.rs:3:5\nerror: could not compile `agg-core` (lib) due to 1 previous error\nError: Process completed with exit code 101.\n```"
		enPaste = "CI failed on the msrv job:\n\n```\nRun cargo +1.75 check --workspace --all-features\nerror[E0658]: use of unstable library feature 'lazy_cell'\nError: Process completed with exit code 101.\n```"
		itPass  = "> Task :integrationTest\n\nKafkaConsumerLagIT > lagStaysBelowThreshold() PASSED\n\nBUILD SUCCESSFUL in 52s"
		chk     = "cd ~/src/agg && cargo +1.75 check --workspace --all-features 2>&1 | tail -3"
		chkOK   = "    Checking agg-server v0.8.2\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 9.77s"
	)
	cases := []struct {
		name, paste string
		runs        []f16Run
		want, never string
	}{
		{"de gradle test", dePaste, []f16Run{{"./gradlew integrationTest --tests '*KafkaConsumerLagIT*' | tail -4", itPass, false}}, `failure test/-/KafkaConsumerLagIT > lagStaysBelowThreshold\(\) \[resolved/`, `failure .* \[open/`},
		{"ru job command", ruPaste, []f16Run{{chk, chkOK, false}}, `failure command/-/cargo \+1.75 check --workspace --all-features \[resolved/`, `failure .* \[open/`},
		{"en job command", enPaste, []f16Run{{chk, chkOK, false}}, `failure command/-/cargo \+1.75 check --workspace --all-features \[resolved/`, `failure .* \[open/`},
		// near misses
		{"ru another command", ruPaste, []f16Run{{"cargo test -p agg-core", "test result: ok. 41 passed; 0 failed", false}}, `failure command/-/cargo \+1.75 check --workspace --all-features \[open/`, `\[resolved/`},
		{"de another test", dePaste, []f16Run{{"./gradlew test --tests '*OrderRepositoryIT*' | tail -4", "OrderRepositoryIT > savesOrder() PASSED\n\nBUILD SUCCESSFUL in 12s", false}}, `failure test/-/KafkaConsumerLagIT > lagStaysBelowThreshold\(\) \[open/`, `failure .*\[resolved/`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := f16Reduce(t, []string{"keep the service healthy", c.paste}, c.runs)
			expect(t, got, []string{c.want}, []string{c.never})
		})
	}
}

// The app crashing on a device, told by the user, is a failure of the
// product (userfailsign.go; trial 11 B20). A question, a condition, a
// negation and a crash of no app or device tell none.
func TestReportedAppCrash(t *testing.T) {
	cases := []struct {
		name, told string
		open       bool
	}{
		{"pt", "outra coisa: a Ju testou o build interno no iPhone dela e o app crasha quando abre o carrinho vazio. tela branca e fecha.", true},
		{"en", "one more thing: Ju tried the internal build on her iPhone and the app crashes when she opens the empty cart.", true},
		{"de", "noch was: die App stürzt auf meinem Handy beim Öffnen des leeren Warenkorbs ab.", true},
		{"ru", "ещё: приложение вылетает на телефоне при открытии пустой корзины.", true},
		// near misses
		{"pt question", "o app crasha quando abre o carrinho vazio?", false},
		{"pt condition", "se o app crashar no iPhone, me avisa.", false},
		{"pt negation", "o app não crasha mais no iPhone da Ju.", false},
		{"en no app", "the parser crashes on empty input in my notes, ignore that for now.", false},
		{"en used to", "the app used to crash on the old iPhone.", false},
		{"en crash-free rate", "the crash-free rate of the app on Android dropped to 99.1% this week.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := f16Reduce(t, []string{"objective: make jest green for PR 212.", c.told}, nil)
			if c.open {
				expect(t, got, []string{`failure reported/-/\S+ \[open/`}, nil)
			} else {
				expect(t, got, nil, []string{`failure reported/`})
			}
		})
	}
}

// "CI is green, and X too" naming a test resolves the failures the user
// told of the CI with the named one (usergreen.go; trial 11 A20); a
// failure told of another place stays open.
func TestCIGreenNamingATest(t *testing.T) {
	const paste = "hier aus der CI:\n\n```\n> Task :integrationTest FAILED\nBUILD FAILED in 3m 2s\nERROR: Job failed: exit code 1\n```"
	for _, g := range []string{"CI auf dem Branch ist grün, auch KafkaConsumerLagIT. Danke.", "CI is green on the branch, KafkaConsumerLagIT too. Thanks.", "o CI tá verde, inclusive o KafkaConsumerLagIT."} {
		out := f16Reduce(t, []string{"keep the service healthy", paste, g}, nil)
		expect(t, out, []string{`failure reported/-/exit-code-1 \[resolved/`}, nil)
	}
	// near miss: a failure told of staging is no CI run
	out := f16Reduce(t, []string{"keep the service healthy", "Kolja schreibt, auf Staging ist agg-server mit OOMKilled abgestürzt.", "CI auf dem Branch ist grün, auch KafkaConsumerLagIT."}, nil)
	expect(t, out, []string{`failure reported/-/\S+ \[open/`}, []string{`failure reported/.*\[resolved/`})
}
