package projection

import (
	"strings"
	"testing"
)

// runPair applies a failed call and a later passing call and returns the
// failure's lifecycle ("" when no failure was read).
func runPair(t *testing.T, failedCmd, failedOut, passedCmd, passedOut string) string {
	t.Helper()
	r := New(Options{})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: "Goal: ship the release build."})
	r.Apply(Event{Seq: 2, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": failedCmd}}}})
	r.Apply(Event{Seq: 3, Role: RoleTool, Text: failedOut, Result: &Result{CallID: "c1", IsError: true}})
	r.Apply(Event{Seq: 4, Role: RoleAssistant, Calls: []Call{{ID: "c2", Name: "bash", Args: map[string]any{"command": passedCmd}}}})
	r.Apply(Event{Seq: 5, Role: RoleTool, Text: passedOut, Result: &Result{CallID: "c2"}})
	for _, a := range r.Anchors() {
		if a.Kind == KindFailure {
			return a.Lifecycle
		}
	}
	return ""
}

// TestSameStepQuieter: a failed build or test step is resolved by the
// same step passing with options that only change how it reports, in a
// command line that differs around it; never by another target, a
// narrower run or an option that changes what is checked.
func TestSameStepQuieter(t *testing.T) {
	r8 := "> Task :app:minifyReleaseWithR8 FAILED\nERROR: R8: Missing class com.google.errorprone.annotations.Immutable\nBUILD FAILED in 1m 12s"
	for _, tc := range []struct {
		failed, passed string
		resolved       bool
	}{
		// The trial's pair and paraphrases.
		{"git commit -qam 'crash fix' && ./gradlew :app:assembleRelease", "cat missing_rules.txt >> app/proguard-rules.pro && ./gradlew :app:assembleRelease -q && ls app/build/outputs/apk/release/", true},
		{"./gradlew :app:assembleRelease", "./gradlew :app:assembleRelease --stacktrace --console=plain", true},
		{"./gradlew :app:assembleRelease --info", "./gradlew --no-daemon :app:assembleRelease", true},
		{"./gradlew :app:assembleRelease", "JAVA_HOME=/opt/jdk17 ./gradlew :app:assembleRelease -q 2>&1 | tail -5", true},
		{"cargo build", "cargo build -q --color never", true},
		{"cargo build", "cargo build -j 4 2>&1", true},
		{"cargo test", "cargo test -q -- --nocapture", true},
		{"npm test", "CI=1 npm test --silent", true},
		{"pytest tests/test_orders.py", "pytest tests/test_orders.py -x --tb=short -q", true},
		{"make build", "make -j8 build", true},
		{"patch -p1 < fix.patch", "patch -p1 < fix2.patch", false},
		{"psql -f m.sql < seed.sql", "psql -q -f m.sql < seed2.sql", false},
		// Another target, a narrower run, or what is checked changed.
		{"./gradlew :app:assembleRelease", "./gradlew :core:assemble -q", false},
		{"./gradlew :app:assembleRelease", "./gradlew :app:assembleDebug -q", false},
		{"./gradlew :app:assembleRelease", "./gradlew :app:assembleRelease -q -x lintVitalRelease", false},
		{"cargo test", "cargo test -q parse_", false},
		{"pytest", "pytest tests/test_orders.py -q", false},
		{"pytest tests/", "pytest tests/ -q -k 'not slow'", false},
		{"mvn -pl core verify", "mvn -q -pl api verify", false},
		{"./gradlew :app:assembleRelease", "./gradlew :app:assembleRelease -q --dry-run", false},
	} {
		if got := runPair(t, tc.failed, r8, tc.passed, "BUILD SUCCESSFUL in 41s"); (got == Resolved) != tc.resolved {
			t.Errorf("%q then %q: %s, want resolved %v", tc.failed, tc.passed, got, tc.resolved)
		}
	}
}

func TestStepFields(t *testing.T) {
	for in, want := range map[string]string{
		"./gradlew :app:assembleRelease -q --stacktrace":   "./gradlew :app:assembleRelease",
		"cargo test -- --nocapture":                        "cargo test",
		"cargo test -- --test-threads 1":                   "cargo test -- --test-threads 1",
		"pytest -x --tb short tests/a.py 2>&1":             "pytest tests/a.py",
		"make -j build > build.log":                        "make build",
		"cargo build --color always --message-format json": "cargo build",
		"docker run -v data:/x img":                        "docker run data:/x img",
		"make -n build":                                    "make -n build",
		"cargo build --release":                            "cargo build --release",
	} {
		if got := strings.Join(stepFields(strings.Fields(in)), " "); got != want {
			t.Errorf("stepFields(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestGiveUpDescribed: right after a run failed, a user dropping it by a
// description of what it did ("the cross testing") or by a bare give-up
// ("not worth fighting", "leave it") gives it up; put off, another
// thing, or long after, it stays open.
func TestGiveUpDescribed(t *testing.T) {
	for _, tc := range []struct {
		say     string
		gap     bool // a passing run reported between the failure and the words
		givenUp bool
	}{
		// The trial's sentence and paraphrases.
		{"meh, forget the cross testing for now, not worth fighting the toolchain today. leave it", false, true},
		{"forget the cross testing for now", false, true},
		{"forget the aarch64 target, we only ship x86 anyway", false, true},
		{"not worth fighting the toolchain today", false, true},
		{"meh, not worth it", false, true},
		{"honestly it's not worth it. move on to the changelog", false, true},
		{"leave it, we don't ship arm builds", false, true},
		{"交叉编译不值得折腾，先放着", false, true},
		{"算了，交叉测试不跑了", false, true},
		// Put off, a question, another thing, or after another run.
		{"ugh. leave it failing for now, we'll look tomorrow", false, false},
		{"forget the cross testing for now, we'll do it tomorrow on the CI box", false, false},
		{"is it worth fixing the linker?", false, false},
		{"forget what I said about the changelog", false, false},
		{"forget the changelog entry, I'll write it", false, false},
		{"forget the cross testing for now", true, false},
		{"the linker isn't worth it? no, fix it", false, false},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 3, Role: RoleUser, Text: "run the tests for aarch64 too"})
		r.Apply(Event{Seq: 5, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "shell", Args: map[string]any{"cmd": "cargo test --target aarch64-unknown-linux-gnu"}}}})
		r.Apply(Event{Seq: 6, Role: RoleTool, Text: "error: linker `aarch64-linux-gnu-gcc` not found\n  |\n  = note: No such file or directory (os error 2)\n\nerror: could not compile `logslice` (lib test) due to 1 previous error", Result: &Result{CallID: "c1", IsError: true}})
		r.Apply(Event{Seq: 7, Role: RoleAssistant, Text: "No aarch64 cross linker here."})
		seq := 8
		if tc.gap {
			r.Apply(Event{Seq: 8, Role: RoleAssistant, Calls: []Call{{ID: "c2", Name: "shell", Args: map[string]any{"cmd": "git status --short"}}}})
			r.Apply(Event{Seq: 9, Role: RoleTool, Text: " M src/lib.rs", Result: &Result{CallID: "c2"}})
			seq = 10
		}
		r.Apply(Event{Seq: seq, Role: RoleUser, Text: tc.say})
		open := false
		for _, a := range r.Heads() {
			open = open || a.Kind == KindFailure
		}
		if open == tc.givenUp {
			t.Errorf("%q: failure open %v, want given up %v", tc.say, open, tc.givenUp)
		}
	}
}

// TestEchoedLevelIsNoError: a line that echoes the command's own words
// ("./old -w level=error in.gz ran") logs nothing; a log line at ERROR
// level still fails the run.
func TestEchoedLevelIsNoError(t *testing.T) {
	hyper := "Benchmark 1: ./old -w level=error in.gz\n  Time (mean ± σ):      2.114 s ±  0.030 s\n\nSummary\n  ./old -w level=error in.gz ran\n    3.07 ± 0.05 times faster than ./new -w level=error in.gz\n"
	for _, tc := range []struct {
		cmd, out string
		failed   bool
	}{
		{"hyperfine './old -w level=error in.gz' './new -w level=error in.gz'", hyper, false},
		{"hyperfine --warmup 2 \"./app --log ERROR run\" \"./app2 --log ERROR run\"", "Summary\n  ./app --log ERROR run ran\n    1.2 times faster than ./app2 --log ERROR run\n", false},
		{"./run-job --level=error", "starting\n./run-job level=error finished\n", false},
		// A log that ends at ERROR fails the run, whatever the command.
		{"./svc -w level=error", "time=2026-12-05T10:00:00Z level=info msg=start\ntime=2026-12-05T10:00:01Z level=error msg=\"db unreachable\"\n", true},
		{"./svc", "level=error msg=\"db unreachable\"\n", true},
		{"pgloader orders.load", "2026-12-05T10:14:03Z ERROR Database error 22008: date/time field value out of range\n", true},
		// A program and its options before "level=" are no logfmt pairs.
		{"./bench", "./old -w level=error in.gz ran\n", false},
	} {
		c := &Call{Name: "bash", Args: map[string]any{"command": tc.cmd}}
		if got := outputFailure(tc.out, c); (got != "") != tc.failed {
			t.Errorf("%q: outputFailure = %q, want failed %v", tc.cmd, got, tc.failed)
		}
	}
}

// TestCargoSectionReopens: a test fixed locally and failing again in a
// CI log, where only its "---- name stdout ----" section names it, is the
// same failure open again, not a failure of the CI command beside a
// resolved test.
func TestCargoSectionReopens(t *testing.T) {
	ci := "X test (windows-latest, stable) in 3m40s\n---- concatenated_members stdout ----\nthread 'concatenated_members' panicked at tests/gz_roundtrip.rs:19:9:\nUnexpected stdout\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored\nerror: test failed, to rerun pass `--test gz_roundtrip`"
	ghLog := "test\tRun cargo test\t2026-03-04T10:12:41.1234567Z ---- concatenated_members stdout ----\ntest\tRun cargo test\t2026-03-04T10:12:41.1234568Z thread 'concatenated_members' panicked at tests/gz_roundtrip.rs:19:9:\ntest\tRun cargo test\t2026-03-04T10:12:41.1234569Z Unexpected stdout\ntest\tRun cargo test\t2026-03-04T10:12:42.0000000Z test result: FAILED. 0 passed; 1 failed; 0 ignored"
	shown := "running 2 tests\ntest concatenated_members ... ok\ntest single_member ... ok\n\nsuccesses:\n\n---- concatenated_members stdout ----\nread 2 members\n\nsuccesses:\n    concatenated_members\n\ntest result: ok. 2 passed; 0 failed"
	for _, tc := range []struct {
		name, cmd, out string
		reopened       bool
	}{
		{"gh run watch", "gh run watch --exit-status", ci, true},
		{"gh run view log", "gh run view 812 --log-failed", ghLog, true},
		{"--show-output passes", "cargo test -- --show-output", shown, false},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "shell", Args: map[string]any{"cmd": "cargo test --test gz_roundtrip"}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Text: "running 1 test\ntest concatenated_members ... FAILED\n\nfailures:\n    concatenated_members\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored", Result: &Result{CallID: "c1", IsError: true}})
		r.Apply(Event{Seq: 3, Role: RoleAssistant, Calls: []Call{{ID: "c2", Name: "shell", Args: map[string]any{"cmd": "cargo test"}}}})
		r.Apply(Event{Seq: 4, Role: RoleTool, Text: "running 1 test\ntest concatenated_members ... ok\n\ntest result: ok. 1 passed; 0 failed; 0 ignored", Result: &Result{CallID: "c2"}})
		r.Apply(Event{Seq: 5, Role: RoleAssistant, Calls: []Call{{ID: "c3", Name: "shell", Args: map[string]any{"cmd": tc.cmd}}}})
		r.Apply(Event{Seq: 6, Role: RoleTool, Text: tc.out, Result: &Result{CallID: "c3", IsError: tc.reopened}})
		var open []string
		for _, a := range r.Heads() {
			if a.Kind == KindFailure {
				open = append(open, a.Key)
			}
		}
		want := []string{}
		if tc.reopened {
			want = []string{"test/-/concatenated_members"}
		}
		if strings.Join(open, ",") != strings.Join(want, ",") {
			t.Errorf("%s: open failures %q, want %q", tc.name, open, want)
		}
	}
}

// TestLogcatCrash: a passing command whose device log shows a FATAL
// EXCEPTION is a failure of the app, quoting its root cause; a later
// start of the same app whose log shows no crash and no stack resolves
// it, and a log cut to a stack's last frames does not.
func TestLogcatCrash(t *testing.T) {
	crash := "Performing Streamed Install\nSuccess\nStarting: Intent { cmp=com.shop.app/.MainActivity (has extras) }\nE AndroidRuntime: FATAL EXCEPTION: OkHttp Dispatcher\nE AndroidRuntime: Process: com.shop.app, PID: 20911\nE AndroidRuntime: java.lang.RuntimeException: Unable to invoke no-args constructor for class com.shop.api.OrderDto.\nE AndroidRuntime: \tat com.google.gson.Gson.fromJson(Gson.java:1227)\nE AndroidRuntime: Caused by: java.lang.NoSuchMethodException: com.shop.api.OrderDto.<init> []\n"
	start := "adb install -r app-release.apk && adb shell am start -n com.shop.app/.MainActivity && sleep 3 && adb logcat -d -s AndroidRuntime:E | tail -14"
	for _, tc := range []struct {
		name, cmd, out string
		want           string // the crash's lifecycle after the second call
	}{
		{"clean start", start, "Performing Streamed Install\nSuccess\nStarting: Intent { cmp=com.shop.app/.MainActivity (has extras) }\n", Resolved},
		{"clean start, crash buffer head", start, "Success\nStarting: Intent { cmp=com.shop.app/.MainActivity }\n--------- beginning of crash\n", Resolved},
		{"stack's tail only", start, "Starting: Intent { cmp=com.shop.app/.MainActivity }\nE AndroidRuntime: \tat java.lang.Class.getConstructor0(Class.java:3325)\n", Open},
		{"another app started", "adb shell am start -n com.shop.admin/.Main && adb logcat -d", "Starting: Intent { cmp=com.shop.admin/.Main }\n", Open},
		{"log read alone", "adb logcat -d -s AndroidRuntime:E", "", Open},
		{"build only", "./gradlew :app:assembleRelease -q", "", Open},
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": start}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Text: crash, Result: &Result{CallID: "c1"}})
		r.Apply(Event{Seq: 3, Role: RoleAssistant, Calls: []Call{{ID: "c2", Name: "bash", Args: map[string]any{"command": tc.cmd}}}})
		r.Apply(Event{Seq: 4, Role: RoleTool, Text: tc.out, Result: &Result{CallID: "c2"}})
		got := ""
		for _, a := range r.Anchors() {
			if a.Kind == KindFailure {
				got = a.Lifecycle
				if a.Key != "status/-/android/com.shop.app" || !strings.Contains(a.Value, "NoSuchMethodException") {
					t.Errorf("%s: failure %s %q", tc.name, a.Key, a.Value)
				}
			}
		}
		if got != tc.want {
			t.Errorf("%s: crash %q, want %q", tc.name, got, tc.want)
		}
	}
	// A log with no crash in it, or a program that shows one it did not
	// run, opens nothing.
	for cmd, out := range map[string]string{
		"adb logcat -d -s AndroidRuntime:E":        "--------- beginning of crash\n",
		"adb logcat -d | grep -c FATAL":            "0\n",
		"cat notes/crash.txt":                      "E AndroidRuntime: FATAL EXCEPTION: main\n",
		"grep -rn 'FATAL EXCEPTION' docs/":         "docs/debug.md:12: E AndroidRuntime: FATAL EXCEPTION: main\n",
		"adb shell am start -n com.shop.app/.Main": "Starting: Intent { cmp=com.shop.app/.Main }\n",
	} {
		r := New(Options{})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Calls: []Call{{ID: "c1", Name: "bash", Args: map[string]any{"command": cmd}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Text: out, Result: &Result{CallID: "c1"}})
		for _, a := range r.Heads() {
			if a.Kind == KindFailure {
				t.Errorf("%q: failure %s %q", cmd, a.Key, a.Value)
			}
		}
	}
}
