package projection

import (
	"encoding/json"
	"regexp"
	"testing"
)

// call is a script line calling bash with cmd.
func call(cmd string) string {
	b, _ := json.Marshal(map[string]string{"command": cmd})
	return "> call bash " + string(b) + "\n"
}

const loadOrdersTrace = "Traceback (most recent call last):\n  File \"load.py\", line 58, in load_orders\npsycopg2.errors.QueryCanceled: canceling statement due to statement timeout\n"

// TestLogReadShowsThingFailure: a read of a log holding an error is no
// failure of the read; the log's thing failed, and a later passing run
// of the thing, or a line saying it succeeded, resolves that.
func TestLogReadShowsThingFailure(t *testing.T) {
	head := "> user\nload_orders が落ちてる。見て\n> assistant\nok\n"
	for _, tc := range []struct {
		name, read, result, out   string
		then, thenResult, thenOut string
		thing                     string // the thing whose failure opens, "" for none
		readFails                 bool   // the read itself stays a failure
		resolved                  bool
	}{
		// The trial's run (Gemini CLI flags the tail as an error).
		{name: "repro", read: "tail -n 5 logs/task_id=load_orders/attempt=1.log", result: "> result error", out: loadOrdersTrace,
			then: "airflow tasks test orders_daily load_orders 2026-11-19", thenResult: "> result", thenOut: "INFO - Marking task as SUCCESS. dag_id=orders_daily, task_id=load_orders",
			thing: "load_orders", resolved: true},
		// The full session's path, not flagged; fixed as told by a
		// failing run's line that the task succeeded.
		{name: "success line", read: "tail -n 20 logs/dag_id=orders_daily/run_id=scheduled__2026-11-19T03:00:00+00:00/task_id=load_orders/attempt=1.log", result: "> result",
			out:  "[2026-11-19, 03:41:12 UTC] {taskinstance.py:1937} ERROR - Task failed with exception\n" + loadOrdersTrace,
			then: "airflow dags test orders_daily 2026-11-19 2>&1 | grep -E 'Marking|ERROR'", thenResult: "> result error",
			thenOut: "INFO - Marking task as SUCCESS. dag_id=orders_daily, task_id=load_orders\nERROR - dbt test failed: 1 of 9 tests failed",
			thing:   "load_orders", resolved: true},
		{name: "cat of a named log", read: "cat /var/log/worker/worker.log | tail -3", result: "> result", out: "Traceback (most recent call last):\n  File \"w.py\", line 3\nKeyError: 'sku'\n",
			then: "python -m worker --once", thenResult: "> result", thenOut: "processed 12 jobs",
			thing: "worker", resolved: true},
		{name: "kubectl logs", read: "kubectl logs deploy/payments-api --tail=20", result: "> result", out: "panic: runtime error: invalid memory address\n",
			then: "go test ./internal/payments-api/...", thenResult: "> result", thenOut: "ok  \tx/payments-api\t0.2s",
			thing: "payments-api", resolved: true},
		// Not resolved: a read naming it, a restart (an order taken),
		// the run failing again, the success of another task.
		{name: "grep names it", read: "tail -n 5 logs/task_id=load_orders/attempt=1.log", result: "> result error", out: loadOrdersTrace,
			then: "grep -n load_orders dags/orders_daily/dag.py", thenResult: "> result", thenOut: "7:from orders_daily.load import load_orders",
			thing: "load_orders"},
		{name: "restart", read: "kubectl logs deploy/payments-api --tail=20", result: "> result", out: "panic: runtime error: invalid memory address\n",
			then: "kubectl rollout restart deploy/payments-api", thenResult: "> result", thenOut: "deployment.apps/payments-api restarted",
			thing: "payments-api"},
		{name: "fails again", read: "tail -n 5 logs/task_id=load_orders/attempt=1.log", result: "> result error", out: loadOrdersTrace,
			then: "airflow tasks test orders_daily load_orders 2026-11-19", thenResult: "> result error", thenOut: "ERROR - Task failed with exception\nMarking task as FAILED. task_id=load_orders",
			thing: "load_orders"},
		{name: "another task succeeded", read: "tail -n 5 logs/task_id=load_orders/attempt=1.log", result: "> result error", out: loadOrdersTrace,
			then: "airflow tasks test orders_daily extract_orders 2026-11-19", thenResult: "> result", thenOut: "INFO - Marking task as SUCCESS. dag_id=orders_daily, task_id=extract_orders",
			thing: "load_orders"},
		// The reader's own error stays a failure of the read.
		{name: "no such log", read: "tail -n 5 logs/task_id=load_orders/attempt=2.log", result: "> result error",
			out: "tail: cannot open 'logs/task_id=load_orders/attempt=2.log' for reading: No such file or directory\n", readFails: true},
		{name: "kubectl not found", read: "kubectl logs deploy/payments-apii", result: "> result error",
			out: "Error from server (NotFound): deployments.apps \"payments-apii\" not found\n", readFails: true},
		// A file that is no log: the read is evidence only.
		{name: "cat of an output file", read: "cat out.txt", result: "> result error", out: loadOrdersTrace},
		// A run whose output went to a log it then shows: the run failed.
		{name: "run then tail", read: "python load.py > load.log 2>&1; tail -n 3 load.log", result: "> result error", out: loadOrdersTrace, readFails: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			script := head + call(tc.read) + tc.result + "\n" + tc.out
			if tc.then != "" {
				script += "> assistant\nnext\n" + call(tc.then) + tc.thenResult + "\n" + tc.thenOut + "\n"
			}
			out := reduceAll(t, script)
			readKey := `failure command/-/` + regexp.QuoteMeta(tc.read[:min(len(tc.read), 20)])
			if tc.readFails {
				expect(t, out, []string{readKey}, nil)
			} else {
				expect(t, out, nil, []string{readKey})
			}
			if tc.thing == "" {
				expect(t, out, nil, []string{`failure status/-/log/`})
				return
			}
			want := `failure status/-/log/` + regexp.QuoteMeta(tc.thing) + ` \[open/empirical\]`
			if tc.resolved {
				want = `failure status/-/log/` + regexp.QuoteMeta(tc.thing) + ` \[resolved/empirical\]`
			}
			expect(t, out, []string{want}, nil)
		})
	}
}

// TestLogReadQuotesException: the error a read log shows is its
// exception line, also of a class not named "…Error".
func TestLogReadQuotesException(t *testing.T) {
	out := reduceAll(t, "> user\nlook\n> assistant\nok\n"+call("tail -n 5 logs/task_id=load_orders/attempt=1.log")+"> result error\n"+loadOrdersTrace)
	expect(t, out, []string{`failure status/-/log/load_orders .*= failed: psycopg2\.errors\.QueryCanceled: canceling statement`}, []string{`Traceback \(most recent`})
}

// TestOptionBlamed: a run fixed by another value of the option its
// error named.
func TestOptionBlamed(t *testing.T) {
	for _, tc := range []struct {
		failed, passed, because string
		want                    bool
	}{
		// The trial's run.
		{"xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 15,OS=17.5'", "xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 16,OS=18.1'",
			"xcodebuild: error: Unable to find a destination matching the provided destination specifier", true},
		{"xcodebuild build -scheme App -destination platform=macOS,arch=x86_64", "xcodebuild build -scheme App -destination platform=macOS,arch=arm64",
			"xcodebuild: error: Unable to find a destination matching the provided destination specifier:", true},
		{"python train.py --device cuda:3 --epochs 3", "python train.py --device cuda:0 --epochs 3", "RuntimeError: CUDA error: invalid device ordinal", true},
		{"docker buildx build --platform=linux/arm64/v9 .", "docker buildx build --platform=linux/arm64 .", "ERROR: invalid platform: unsupported architecture", true},
		{"ffmpeg -i in.mp4 -preset ultrafastest out.mp4", "ffmpeg -i in.mp4 -preset ultrafast out.mp4", "[libx264] Error setting preset: unknown preset", true},
		// Not the option the error named, or not one value changed.
		{"xcodebuild test -scheme App -destination 'name=iPhone 15'", "xcodebuild test -scheme Other -destination 'name=iPhone 16'",
			"xcodebuild: error: Unable to find a destination matching the provided destination specifier", false},
		{"python train.py --device cuda:3 --epochs 3", "python train.py --device cuda:3 --epochs 1", "RuntimeError: CUDA error: invalid device ordinal", false},
		{"python train.py --lr 0.1 --epochs 3", "python train.py --lr 0.01 --epochs 3", "ValueError: loss is nan", false},
		{"pytest tests/test_a.py --maxfail 1", "pytest tests/test_b.py --maxfail 1", "ERROR: file or directory not found: tests/test_a.py", false},
		{"go test -run TestA ./...", "go test -run TestB ./...", "testing: warning: no tests to run, unknown test", false},
		{"xcodebuild test -scheme App -destination 'name=iPhone 16'", "xcodebuild test -scheme App -destination 'name=iPhone 16' -only-testing:AppTests/Other",
			"xcodebuild: error: Unable to find a destination matching the provided destination specifier", false},
	} {
		if got := optionBlamed(tc.failed, tc.passed, tc.because); got != tc.want {
			t.Errorf("optionBlamed(%q, %q) = %v, want %v", tc.failed, tc.passed, got, tc.want)
		}
	}
}

// TestDestinationChangedResolves: the trial's m08 through the reducer,
// and a rerun narrowed to other tests that resolves nothing.
func TestDestinationChangedResolves(t *testing.T) {
	failedDest := "> user\nTests bitte laufen lassen.\n> assistant\nok\n" + call("xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 15,OS=17.5'") +
		"> result error\nxcodebuild: error: Unable to find a destination matching the provided destination specifier\n> user\nnimm iPhone 16 mit iOS 18.1\n> assistant\nok\n"
	out := reduceAll(t, failedDest+call("xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 16,OS=18.1'")+"> result\n** TEST SUCCEEDED **\n")
	expect(t, out, []string{`failure command/-/xcodebuild test .*\[resolved/empirical\] = failed: xcodebuild: error: Unable to find a destination`}, nil)

	failedTest := "> user\nrun the tests\n> assistant\nok\n" + call("xcodebuild test -scheme App -destination 'name=iPhone 16'") +
		"> result error\nTest Case '-[AppTests.SyncTests testMerge]' failed (0.2 seconds).\n** TEST FAILED **\n> assistant\nnarrowing\n"
	out = reduceAll(t, failedTest+call("xcodebuild test -scheme App -destination 'name=iPhone 16' -only-testing:AppTests/OtherTests")+"> result\n** TEST SUCCEEDED **\n")
	expect(t, out, nil, []string{`\[resolved/empirical\]`})
}

// TestQuitGivesUp: a failure the user gives up on in so many words, in
// several languages, leaves the heads for negative knowledge; a
// give-up negated, or said of someone else, does not.
func TestQuitGivesUp(t *testing.T) {
	failed := "> user\nrun the UI tests\n> assistant\nok\n" + call("xcodebuild test -scheme App -only-testing:AppUITests/OfflineBannerUITests") +
		"> result error\ntestOfflineBanner: error: Simulator device failed to boot within 120s\n** TEST FAILED **\n"
	for _, tc := range []struct {
		say   string
		given bool
	}{
		// The trial's words and paraphrases.
		{"lass das, geben wir auf. Das UI-Test-Setup machen wir neu wenn der neue Mac da ist", true},
		{"Lass das. Keine Zeit mehr damit.", true},
		{"ok, we give up on this one. we'll redo the setup when the new mac arrives", true},
		{"skip the UI tests for now, we'll deal with it next sprint. don't spend more time on it", true},
		{"let's just give up, the old mac is dying anyway", true},
		{"それは環境の問題なので放置で。", true},
		{"もう諦めましょう。新しい Mac が来たらやり直します", true},
		{"这个先不管了，等新机器到了再弄", true},
		{"nos rendimos con esto, lo vemos con la Mac nueva", true},
		{"on abandonne, le Mac est mort", true},
		// Not given up.
		{"geben wir nicht auf, versuch es nochmal mit einem frischen Simulator", false},
		{"don't give up, try once more with a fresh simulator", false},
		{"lass das so, das passt", false},
		{"他说他不管了，你继续修", false},
		{"try erasing the simulator first", false},
	} {
		t.Run(tc.say, func(t *testing.T) {
			out := reduceAll(t, failed+"> user\n"+tc.say+"\n")
			if tc.given {
				expect(t, out, []string{`negative-knowledge .*xcodebuild test`}, []string{`\[open/empirical\]`})
			} else {
				expect(t, out, []string{`failure command/-/xcodebuild .*\[open/empirical\]`}, []string{`negative-knowledge`})
			}
		})
	}
}

// TestQuitPlanNoObligation: the plan a give-up states for later is part
// of the give-up, not a task left open; each failure of the same run on
// the same test is given up with it, another test's stays open.
// (The run's failing on another test is told apart by sharesIdent.)
func TestQuitPlanNoObligation(t *testing.T) {
	out := reduceAll(t, "> user\nrun the UI tests\n> assistant\nok\n"+
		call("xcodebuild test -scheme App -only-testing:AppUITests")+"> result error\nAppUITests.OfflineBannerUITests testOfflineBanner: error: Failed to launch app: Simulator device failed to boot within 120s\n"+
		"> assistant\nok\n"+call("swift test --filter SyncTests")+"> result error\nTest Case '-[AppTests.SyncTests testMergeConflict]' failed (0.2 seconds).\n"+
		"> assistant\nretrying\n"+call("xcrun simctl erase all && xcodebuild test -scheme App -only-testing:AppUITests")+"> result error\nTest Case '-[AppUITests.OfflineBannerUITests testOfflineBanner]' failed (120.1 seconds).\n"+
		"> user\nlass das, geben wir auf. Der Mac mini ist eh am Ende, das UI-Test-Setup machen wir neu wenn der neue da ist\n")
	expect(t, out, []string{`swift test .*\[open/empirical\]`, `negative-knowledge .*Mac mini ist eh am Ende`},
		[]string{`obligation .*\[open/`, `only-testing:AppUITests .*\[open/empirical\]`})
}

func TestSharesIdent(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"AppUITests.OfflineBannerUITests testOfflineBanner: error: Failed to launch app", "Test Case '-[AppUITests.OfflineBannerUITests testOfflineBanner]' failed (120.1 seconds).", true},
		{"Failure in test not_null_fct_orders_customer_id", "not_null_fct_orders_customer_id: Got 3 results", true},
		{"AppUITests.OfflineBannerUITests testOfflineBanner: error", "Test Case '-[AppTests.SyncTests testMergeConflict]' failed", false},
		{"error: Simulator device failed to boot", "error: Simulator device failed to boot", false},
	} {
		if got := sharesIdent(tc.a, tc.b); got != tc.want {
			t.Errorf("sharesIdent(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
