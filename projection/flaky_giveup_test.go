package projection

import (
	"regexp"
	"strings"
	"testing"
)

// A test called flaky after one plain rerun passed it keeps its
// lifecycle, marked flaky: calling it flaky lowers its urgency, it does
// not make it fail again (flaky.go; trial 13 C16, which reversed trial
// 10 A12, B18's reopening).
func TestFlakyAfterPass(t *testing.T) {
	const (
		failOut = "....F.\nFAILED tests/pedidos/test_export.py::test_export_async - TimeoutError\n1 failed, 5 passed in 12.10s"
		passOut = "......\n6 passed in 7.44s"
		run     = "pytest -q tests/pedidos"
	)
	cases := []struct {
		name    string
		rerun   string // the passing run
		between []string
		said    []string // after the pass
		open    bool
	}{
		{"es user", run, nil, []string{"> user", "sí, el test_export_async es flaky, lo sabemos, no lo arregles ahora"}, true},
		{"en user", run, nil, []string{"> user", "yes, test_export_async is flaky, we know, don't fix it now"}, true},
		{"fr user", run, nil, []string{"> user", "test_export_async échoue parfois, on le sait, laisse-le"}, true},
		{"es agent", run, nil, []string{"> assistant", "Pasa en el segundo intento; test_export_async parece intermitente."}, true},
		{"ko user answers the agent's report", run, []string{"> assistant", scriptCall("bash", map[string]any{"command": "ruff check ."}), "> result", "All checks passed!"},
			[]string{"> assistant", "test_export_async는 첫 실행에 타임아웃, 재실행은 통과했어요.", "> user", "그 테스트 원래 가끔 그래, 냅둬"}, true},
		{"en user answers the agent's report", run, []string{"> assistant", scriptCall("bash", map[string]any{"command": "ruff check ."}), "> result", "All checks passed!"},
			[]string{"> assistant", "test_export_async timed out the first time and passed on the rerun.", "> user", "that test fails now and then, leave it"}, true},
		{"named, passed by a wider run", "pytest -q tests", nil, []string{"> user", "test_export_async es flaky, lo sabemos"}, true},
		// near misses: unnamed after another command passed it, fixed, a
		// test to come, a negation, a repeated run,
		// the agent's report naming another thing, a guess
		{"unnamed, passed by a wider run", "pytest -q tests", nil, []string{"> user", "retries bump by one, the net tests flake"}, false},
		{"fixed en", run, nil, []string{"> user", "test_export_async was flaky, I fixed it yesterday"}, false},
		{"fixed es", run, nil, []string{"> user", "el test_export_async era intermitente, ya lo arreglé"}, false},
		{"negated es", run, nil, []string{"> user", "el test_export_async no es flaky, es el timeout"}, false},
		{"negated ko", run, nil, []string{"> user", "test_export_async 플레이키 아니야"}, false},
		{"to see if en", run, nil, []string{"> assistant", "I'll rerun test_export_async to see if it is flaky."}, false},
		{"para ver si es", run, nil, []string{"> assistant", "Relanzo test_export_async para ver si es intermitente."}, false},
		{"guess", run, nil, []string{"> user", "test_export_async might be flaky"}, false},
		{"repeated run passed", "pytest -q tests/pedidos --count=20", nil, []string{"> user", "test_export_async es flaky, lo sabemos"}, false},
		{"agent named another", run, []string{"> assistant", scriptCall("bash", map[string]any{"command": "ruff check ."}), "> result", "All checks passed!"},
			[]string{"> assistant", "ruff_config_loader passed.", "> user", "그 테스트 원래 가끔 그래, 냅둬"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines := []string{
				"> user", "que pase pytest",
				"> assistant", scriptCall("bash", map[string]any{"command": run}),
				"> result error", failOut,
				"> assistant", scriptCall("bash", map[string]any{"command": c.rerun}),
				"> result", passOut,
			}
			lines = append(append(lines, c.between...), c.said...)
			got := reduceAll(t, strings.Join(lines, "\n"))
			open := `failure test/-/test_export_async \[open/`
			marked := `failure test/-/test_export_async \[(?:resolved|verified)/\w+\] = .*flaky`
			if c.open {
				expect(t, got, []string{marked}, []string{open})
			} else {
				expect(t, got, []string{`failure test/-/test_export_async \[(?:resolved|verified)/`}, []string{open, marked})
			}
		})
	}
}

// A flaky failure stays open when the user's goal says CI is to be green
// or the user reports one green run; a Spanish goal in the subjunctive
// is no report (usergreen.go).
func TestFlakyNotGreened(t *testing.T) {
	base := []string{
		"> user", "run the tests",
		"> assistant", scriptCall("bash", map[string]any{"command": "pytest -q tests/pedidos"}),
		"> result error", "FAILED tests/pedidos/test_export.py::test_export_async - TimeoutError\n1 failed, 5 passed in 12.10s",
	}
	cases := []struct {
		name, say, want string
	}{
		{"flaky then CI green", "test_export_async is flaky, known.\n> user\nCI is green now", `\[open/`},
		{"goal es", "el objetivo ahora: que CI quede en verde", `\[open/`},
		{"goal it", "l'obiettivo: che la CI sia verde", `\[open/`},
		// near miss: a plain report resolves a failure nobody called flaky
		{"report", "CI is green now", `\[resolved/`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := reduceAll(t, strings.Join(append(slicesClone(base), "> user", c.say), "\n"))
			expect(t, got, []string{`failure test/-/test_export_async ` + c.want}, nil)
		})
	}
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

// A thing given up by name in Spanish, French, Korean, … gives up the
// failures of what was given up: a directory holding the failed file,
// or a name in code the failed run's output shares right after it
// failed (giveupall.go; trial 10 A18, C17).
func TestGiveUpXL(t *testing.T) {
	mypy := []string{
		"> user", "que pase mypy",
		"> assistant", scriptCall("bash", map[string]any{"command": "mypy legacy/informes.py"}),
		"> result error", "legacy/informes.py:210: error: INTERNAL ERROR\nAssertionError: \nFound 1 error in 1 file",
	}
	compile := []string{
		"> user", "try torch.compile",
		"> assistant", scriptCall("bash", map[string]any{"command": "python src/train.py --epochs 1"}),
		"> result error", "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Triton Error [CUDA]: device kernel image is invalid",
	}
	cases := []struct {
		name   string
		base   []string
		say    string
		failed string
		given  bool
	}{
		{"es dir", mypy, "No voy a perder más tiempo: me rindo con el chequeo de `legacy/` y lo excluyo de mypy.", "mypy legacy/informes.py", true},
		{"en dir", mypy, "Giving up on legacy/ for now: the plugin crashes.", "mypy legacy/informes.py", true},
		{"fr name in output", compile, "Le driver est trop vieux. Je laisse tomber torch.compile, on reste en eager.", "python src/train.py --epochs 1", true},
		{"en name in output", compile, "The driver is too old; giving up on torch.compile, staying eager.", "python src/train.py --epochs 1", true},
		{"ko", mypy, "legacy/ 체크는 포기할게요.", "mypy legacy/informes.py", true},
		// near misses: another directory, a name the output does not
		// hold, a negation, a question
		{"other dir", mypy, "me rindo con el chequeo de `scripts/`.", "mypy legacy/informes.py", false},
		{"name not in output", compile, "Je laisse tomber torch.jit, on reste en eager.", "python src/train.py --epochs 1", false},
		{"negated", mypy, "don't give up on legacy/ yet.", "mypy legacy/informes.py", false},
		{"negated ko", mypy, "legacy/ 체크는 포기 안 해요.", "mypy legacy/informes.py", false},
		{"asked", compile, "¿me rindo con torch.compile?", "python src/train.py --epochs 1", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := reduceAll(t, strings.Join(append(slicesClone(c.base), "> assistant", c.say), "\n"))
			open := `failure command/-/` + regexp.QuoteMeta(c.failed) + ` \[open/`
			if c.given {
				expect(t, got, []string{`negative-knowledge negative/`}, []string{open})
			} else {
				expect(t, got, []string{open}, nil)
			}
		})
	}
}

// A wider run that leaves out other tests covers the failed one; one
// that leaves it (or a path holding it) out does not; a sentence calling
// the left-out test flaky marks nothing at hand (suite.go excludedApart,
// flaky.go; trial 10 C19).
func TestWiderRunDeselect(t *testing.T) {
	cases := []struct {
		name, say, pass string
		resolved        bool
	}{
		{"fr deselect other", "Je vérifie sur toute la suite (sans le test flaky du loader).", "pytest -q tests/ --deselect tests/test_dataloader.py::test_workers_deterministic", true},
		{"en ignore other file", "Running the whole suite except the flaky loader test.", "pytest -q tests/ --ignore=tests/test_dataloader.py", true},
		{"es deselect other", "Corro toda la suite sin el test flaky del loader.", "pytest -q tests --deselect tests/test_dataloader.py::test_workers_deterministic", true},
		// near misses: the failed test left out, its file or directory
		// left out, a pattern that may leave it out
		{"deselect it", "Whole suite.", "pytest -q tests/ --deselect tests/test_metrics.py::test_topk_accuracy", false},
		{"ignore its file", "Whole suite.", "pytest -q tests/ --ignore=tests/test_metrics.py", false},
		{"ignore its dir", "Whole suite.", "pytest -q tests/ --ignore=tests", false},
		{"pattern", "Whole suite.", "pytest -q tests/ --deselect topk", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := reduceAll(t, strings.Join([]string{
				"> user", "le test de métrique top-k échoue",
				"> assistant", scriptCall("bash", map[string]any{"command": "pytest -q tests/test_metrics.py"}),
				"> result error", "FAILED tests/test_metrics.py::test_topk_accuracy - assert (0.5, 1.0) == (50.0, 100.0)\n1 failed, 3 passed in 0.88s",
				"> assistant", c.say + "\n" + scriptCall("bash", map[string]any{"command": c.pass}),
				"> result", "...............\n15 passed, 1 deselected in 33.40s",
			}, "\n"))
			if c.resolved {
				expect(t, got, []string{`failure test/-/test_topk_accuracy \[resolved/`}, nil)
			} else {
				expect(t, got, []string{`failure test/-/test_topk_accuracy \[open/`}, nil)
			}
		})
	}
}

// A run written to a log that a later command of the same list shows is
// the run the call made: the same training run finishing resolves its
// failure, whatever was done with its output (rerun.go loggedRun; trial
// 10 C16).
func TestLoggedRunResolves(t *testing.T) {
	const failed = "python src/train.py --config configs/r50.yaml --epochs 10 2>&1 | tail -n 4"
	done := "[16:12:37] epoch 9 val top1 72.64\n[16:12:38] done: 10 epochs, best val top1 72.64"
	cases := []struct {
		name, user, pass string
		resolved         bool
	}{
		{"fr tail of the log", "bon, OOM à 160. on revient à batch 128", "python src/train.py --config configs/r50.yaml --epochs 10 > /tmp/run10.log 2>&1; tail -n 2 /tmp/run10.log", true},
		{"en log then check", "ok, back to batch 128", "python src/train.py --config configs/r50.yaml --epochs 10 > /tmp/r.log 2>&1; tail -n 2 /tmp/r.log; python scripts/check.py /tmp/r.log", true},
		{"cat of the log", "back to 128", "python src/train.py --config configs/r50.yaml --epochs 10 &> /tmp/r.log; cat /tmp/r.log", true},
		// near misses: another log shown, no log shown, another run logged
		{"another log", "back to 128", "python src/train.py --config configs/r50.yaml --epochs 10 > /tmp/a.log 2>&1; tail -n 2 /tmp/b.log", false},
		{"nothing shown", "back to 128", "python src/train.py --config configs/r50.yaml --epochs 10 > /tmp/a.log 2>&1; echo started", false},
		{"another run", "back to 128", "python src/eval.py --config configs/r50.yaml > /tmp/a.log 2>&1; tail -n 2 /tmp/a.log", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := reduceAll(t, strings.Join([]string{
				"> user", "vas-y pour batch 160",
				"> assistant", scriptCall("bash", map[string]any{"command": failed}),
				"> result error", "[12:23:17] epoch 7 step 300/811 loss 2.1042\nTraceback (most recent call last):\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 98.00 MiB.",
				"> user", c.user,
				"> assistant", scriptCall("bash", map[string]any{"command": c.pass}),
				"> result", done,
			}, "\n"))
			key := `failure command/-/` + regexp.QuoteMeta(strings.TrimSuffix(failed, " 2>&1 | tail -n 4"))
			if c.resolved {
				expect(t, got, []string{key + ` \[resolved/`}, nil)
			} else {
				expect(t, got, []string{key + ` \[open/`}, nil)
			}
		})
	}
}
