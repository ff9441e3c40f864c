package projection

import "testing"

func TestErrorPassedKeepsTheErrorGotPast(t *testing.T) {
	for _, c := range []struct {
		name, value, was, nu, text, want string
	}{
		{"changed", "failed: Error: Unsupported argument", "", "failed: Error: Error acquiring the state lock", "Error: Error acquiring the state lock", "Error: Unsupported argument"},
		{"retired note replaced", "failed: KeyError: 'x'", "open at seq 4", "failed: ValueError: NaN", "ValueError: NaN", "KeyError: 'x'"},
		{"oldest kept", "failed: B", "A", "failed: C", "C", "A"},
		// negative: the old error is still printed, or nothing changed
		{"still printed", "failed: Error: Unsupported argument", "", "failed: Error: other", "Error: Unsupported argument\nError: other", ""},
		{"same value", "failed: E", "", "failed: E", "E", ""},
		{"no error shown", "ok: fine", "", "failed: E", "E", ""},
	} {
		f := &Anchor{Value: c.value, Was: c.was}
		if got := errorPassed(f, c.nu, c.text); got != c.want && !(c.want == "" && got == c.was) {
			t.Errorf("%s: errorPassed = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestSkippedRunsResolveNoTest(t *testing.T) {
	test := &Anchor{Kind: KindFailure, Key: "test/-/stats::median_large", Name: "stats::median_large", Lifecycle: Open}
	pyTest := &Anchor{Kind: KindFailure, Key: "test/-/test_y", Name: "test_y", Lifecycle: Open}
	run := &Anchor{Kind: KindFailure, Key: commandPrefix + "cargo test -p cli", Lifecycle: Open}
	build := &Anchor{Kind: KindFailure, Key: commandPrefix + "cargo build", Lifecycle: Open}
	for _, c := range []struct {
		name string
		out  string
		hit  []*Anchor
		kept []*Anchor
	}{
		{"cargo ignored only", "test result: ok. 0 passed; 0 failed; 1 ignored", []*Anchor{test, run, build}, []*Anchor{build}},
		{"pytest skipped only", "===== 1 skipped in 0.02s =====", []*Anchor{pyTest}, nil},
		{"jest skipped only", "Tests:       1 skipped, 1 total", []*Anchor{pyTest}, nil},
		{"named ignored", "test stats::median_large ... ignored\ntest stats::mean ... ok\ntest result: ok. 1 passed; 0 failed; 1 ignored", []*Anchor{test, run}, []*Anchor{run}},
		{"pytest named skipped", "tests/test_x.py::test_y SKIPPED\n3 passed, 1 skipped in 0.1s", []*Anchor{pyTest}, nil},
		{"go skip", "--- SKIP: test_y (0.00s)\nok  \tpkg\t0.1s", []*Anchor{pyTest}, nil},
		// negative: passes that ran tests resolve as before
		{"passed and skipped others", "test result: ok. 12 passed; 0 failed; 1 ignored", []*Anchor{test, run}, []*Anchor{test, run}},
		{"pytest passed", "5 passed, 1 skipped in 1.2s", []*Anchor{pyTest}, []*Anchor{pyTest}},
		{"doc-tests after unit tests", "test result: ok. 57 passed; 0 failed; 0 ignored\n   Doc-tests x\ntest result: ok. 0 passed; 0 failed; 2 ignored", []*Anchor{test, run}, []*Anchor{test, run}},
		{"plain pass", "test result: ok. 1 passed; 0 failed; 0 ignored", []*Anchor{test}, []*Anchor{test}},
	} {
		got := skippedHits(c.out, c.hit)
		if len(got) != len(c.kept) {
			t.Errorf("%s: kept %d, want %d", c.name, len(got), len(c.kept))
			continue
		}
		for i := range got {
			if got[i] != c.kept[i] {
				t.Errorf("%s: kept %s, want %s", c.name, got[i].Key, c.kept[i].Key)
			}
		}
	}
}

func TestSeeLaterAfterWorkIsNoQuestion(t *testing.T) {
	for _, c := range []struct {
		s        string
		question bool
	}{
		{"mets #[ignore] dessus avec un commentaire TODO et on verra plus tard", false},
		{"mets #[ignore] dessus et on verra plus tard", false},
		{"désactive le test puis on verra après", false},
		// negative: a choice put off stays an open question
		{"le format du cache, on décidera plus tard", true},
		{"on verra plus tard pour le format du cache", true},
	} {
		ps := Deterministic{}.Propose(&Event{Seq: 5, Role: RoleUser, Text: c.s}, &Context{HaveObjective: true})
		got := false
		for _, p := range ps {
			if p.Kind == KindUncertainty {
				got = true
			}
		}
		if got != c.question {
			t.Errorf("%q: question %v, want %v", c.s, got, c.question)
		}
	}
}

func TestCITestPassedLocally(t *testing.T) {
	f := &Anchor{Kind: KindFailure, Key: "test/-/test_export_csv_timezone", Value: "failed: FAILED orders/tests/test_export.py::test_export_csv_timezone - AssertionError"}
	for _, c := range []struct {
		name, failed, passed, out string
		want                      bool
	}{
		{"file run", "gh run view 88 --log-failed | tail -3", "pytest -q orders/tests/test_export.py", "5 passed in 1.21s", true},
		{"loop of file runs", "gh run view 88 --log-failed", "for s in 1 2 3; do pytest -q orders/tests/test_export.py 2>&1 | tail -1; done", "5 passed in 1.21s\n5 passed in 1.19s", true},
		{"whole suite", "gh run view 88 --log-failed", "pytest -q 2>&1 | tail -2", "214 passed in 50.90s", true},
		{"folder", "cat ci.log", "python -m pytest orders/", "40 passed in 3s", true},
		// negative
		{"another file", "gh run view 88 --log-failed", "pytest -q orders/tests/test_models.py", "5 passed in 1s", false},
		{"selected by name", "gh run view 88 --log-failed", "pytest -q -k test_other", "1 passed, 213 deselected in 1s", false},
		{"something failed", "gh run view 88 --log-failed", "pytest -q", "1 failed, 213 passed in 50s", false},
		{"another program", "gh run view 88 --log-failed", "go test ./...", "ok  \tpkg\t0.1s", false},
		{"failed call ran the tests", "pytest -q orders", "pytest -q", "214 passed in 50.90s", false},
	} {
		if got := ciTestPassed(f, c.failed, readPassed(c.passed), c.out); got != c.want {
			t.Errorf("%s: ciTestPassed = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestGiveUpVerdictAfterComma(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"forget the grid search, not worth it.", true},
		{"drop the hyperparameter sweep, just not worth it", true},
		{"skip the retry logic, it's not worth it", true},
		// negative
		{"the grid search is worth it", false},
		{"forget the grid search", false},
		{"is it worth it?", false},
	} {
		if got := abandonRE.MatchString(c.s); got != c.want {
			t.Errorf("%q: abandonRE %v, want %v", c.s, got, c.want)
		}
	}
}

func TestCodeRunAgain(t *testing.T) {
	for _, c := range []struct {
		name, failed, ran string
		opens, last       bool
	}{
		{"prefix", "df2 = engagement(df)", "df2 = engagement(df); clf = train(df2)", true, true},
		{"last statement again", "df2 = engagement(df); clf = train(df2)", "clf = train(df2); print(auc)", false, true},
		{"lines", "import x\ny = x.f()", "import x\ny = x.f()\nprint(y)", true, true},
		// negative
		{"other code", "gs.fit(X, y)", "clf = train(df2)", false, false},
		{"same code only", "a = f()", "a = f()", false, true},
		{"last shows only", "df = load(); print(df)", "x = 1; print(df)", false, false},
	} {
		f, r := statements(c.failed), statements(c.ran)
		if got := opensWith(r, f); got != c.opens {
			t.Errorf("%s: opensWith = %v, want %v", c.name, got, c.opens)
		}
		last := f[len(f)-1]
		if got := !showOnlyRE.MatchString(last) && contains(r, last); got != c.last {
			t.Errorf("%s: last statement ran = %v, want %v", c.name, got, c.last)
		}
	}
	if tool, code := codeOf("tool/run_python/code=a = 1"); tool != "run_python" || code != "a = 1" {
		t.Errorf("codeOf = %q %q", tool, code)
	}
	if tool, _ := codeOf(commandPrefix + "python x.py"); tool != "" {
		t.Errorf("codeOf a command = %q", tool)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestBenchRegressed(t *testing.T) {
	out := "parse/parse_1mb         time:   [6.2544 ms 6.3127 ms 6.3790 ms]\n                 change:\n                        time:   [+52.114% +53.806% +55.470%] (p = 0.00 < 0.05)\n                        Performance has regressed."
	for _, c := range []struct {
		name, text, cmd string
		want            bool
	}{
		{"criterion regressed", out, "cargo bench --bench parse -- --baseline main 2>&1 | grep -A4 parse_1mb", true},
		{"toolchain", out, "cargo +1.75.0 bench", true},
		{"cargo criterion", out, "cargo criterion --bench parse", true},
		// negative
		{"improved", "time:   [-10.1% -9.8% -9.5%]\n    Performance has improved.", "cargo bench", false},
		{"no change", "No change in performance detected.", "cargo bench", false},
		{"shown by cat", out, "cat target/criterion/report.txt", false},
		{"in prose", "the log said Performance has regressed. twice", "cargo bench", false},
	} {
		if got := benchRegressed(c.text, c.cmd) != ""; got != c.want {
			t.Errorf("%s: benchRegressed %v, want %v", c.name, got, c.want)
		}
	}
}
