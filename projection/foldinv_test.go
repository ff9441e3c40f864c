package projection_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/foldcheck"
	"github.com/epistemicfold/ef/projection"
)

// scriptEvents are the events of a reducer script (its commands left
// out).
func scriptEvents(t *testing.T, script string) []projection.Event {
	t.Helper()
	steps, err := projection.ParseScript(script)
	if err != nil {
		t.Fatal(err)
	}
	var evs []projection.Event
	for _, st := range steps {
		if st.Event != nil {
			evs = append(evs, *st.Event)
		}
	}
	return evs
}

// foldDiffKnown are the scripts whose verdicts a fold still changes
// (found by TestFoldKeepsVerdicts when it was written), with what the
// fold loses; each is a bug to fix, then to strike from this list. The
// 13 it listed first lost reading state the Snapshot did not carry
// (snapreading.go carries it).
var foldDiffKnown = map[string]string{}

// TestFoldKeepsVerdicts: for every golden script, the heads' verdicts
// after one, two and three folds are those of the whole log (the fold's
// guarantee; trial 11 m18: a flaky test passing once was resolved after
// a fold and open in the whole log).
func TestFoldKeepsVerdicts(t *testing.T) {
	eachGoldenScript(t, func(t *testing.T, name string, evs []projection.Event) {
		report := t.Errorf
		if why, ok := foldDiffKnown[name]; ok {
			report = t.Logf
			t.Logf("known difference, not yet fixed: %s", why)
		}
		for _, d := range foldcheck.Diff(evs, 1, 2, 3) {
			report("%s", d)
		}
	})
}

// eachGoldenScript runs check, in parallel subtests, on the events of
// every golden reducer script (testdata/reduce/*.txt).
func eachGoldenScript(t *testing.T, check func(t *testing.T, name string, evs []projection.Event)) {
	files, _ := filepath.Glob("testdata/reduce/*.txt")
	if len(files) == 0 {
		t.Fatal("no scripts")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			check(t, filepath.Base(f), scriptEvents(t, string(in)))
		})
	}
}

// failureLifecycle is the lifecycle of r's hot failure whose key ends
// with name ("open" for investigating too), "" when none.
func failureLifecycle(r *projection.Reducer, name string) string {
	for _, a := range r.Anchors() {
		if a.Kind == projection.KindFailure && strings.HasSuffix(a.Key, name) {
			if a.Lifecycle == projection.Investigating {
				return projection.Open
			}
			return a.Lifecycle
		}
	}
	return ""
}

// TestFlakyThroughAFold: a failure called flaky stays open after one
// plain pass whether or not a fold ends between the call and the pass
// (trial 11 m18: "1 von 5 fehlgeschlagen – der Test ist flaky", then a
// plain run passed: open in the log, resolved after the fold), and a
// failure a plain run passed stays resolved when called flaky after it,
// folded or not (trial 13 C16). Near misses: no flaky call, a question, a negation: the pass
// resolves it, folded or not.
func TestFlakyThroughAFold(t *testing.T) {
	gradle := func(verdict string) string {
		return "> assistant\n> call shell {\"command\": \"./gradlew integrationTest --tests '*PaymentEventsListenerIT*'\"}\n> result" +
			map[string]string{"FAILED": " error", "PASSED": ""}[verdict] + "\nPaymentEventsListenerIT > consumesAndAcks() " + verdict + "\n\nPaymentEventsListenerIT > skipsPoisonPill() PASSED\n\n" +
			map[string]string{"FAILED": "2 tests completed, 1 failed\n\n", "PASSED": ""}[verdict] + "BUILD " +
			map[string]string{"FAILED": "FAILED", "PASSED": "SUCCESSFUL"}[verdict] + " in 30s\n"
	}
	loop := "> assistant\n> call shell {\"command\": \"for i in 1 2 3 4 5; do ./gradlew integrationTest --tests '*PaymentEventsListenerIT.consumesAndAcks' --rerun; done\"}\n> result error\nrun 1: PASSED\nrun 2: PASSED\nPaymentEventsListenerIT > consumesAndAcks() FAILED\nrun 4: PASSED\nrun 5: PASSED\n"
	pytest := func(pass bool) string {
		if pass {
			return "> assistant\n> call bash {\"command\": \"pytest -q tests/pedidos\"}\n> result\n......\n6 passed in 7.44s\n"
		}
		return "> assistant\n> call bash {\"command\": \"pytest -q tests/pedidos\"}\n> result error\n....F.\nFAILED tests/pedidos/test_export.py::test_export_async - TimeoutError\n1 failed, 5 passed in 12.10s\n"
	}
	cases := []struct {
		name, before, after, want string
	}{
		{"german flaky, then a plain pass", "> user\nLass die Integrationstests laufen.\n" + gradle("FAILED") + loop +
			"> assistant\n1 von 5 fehlgeschlagen – der Test ist flaky. Soll ich den Timeout hochsetzen?\n> user\nist bekannt, der ist flaky seit Wochen. lass liegen.\n",
			gradle("PASSED"), "open"},
		{"english flaky, then a plain pass", "> user\nRun the integration tests.\n" + gradle("FAILED") + loop +
			"> assistant\n1 of 5 failed – the test is flaky. Should I raise the timeout?\n> user\nknown, it has been flaky for weeks.\n",
			gradle("PASSED"), "open"},
		{"english plain pass, then called flaky", "> user\nrun the tests\n" + pytest(false) + pytest(true),
			"> user\nyes, test_export_async is flaky, we know, don't fix it now\n", "resolved"},
		{"german plain pass, then called flaky", "> user\nLass die Tests laufen.\n" + pytest(false) + pytest(true),
			"> user\nja, test_export_async ist flaky, das wissen wir, nicht jetzt fixen\n", "resolved"},
		// near misses
		{"no flaky call", "> user\nRun the integration tests.\n" + gradle("FAILED") + "> assistant\nI raised the timeout.\n", gradle("PASSED"), "resolved"},
		{"a question", "> user\nRun the integration tests.\n" + gradle("FAILED") + "> user\nis consumesAndAcks flaky?\n", gradle("PASSED"), "resolved"},
		{"a german negation", "> user\nLass die Integrationstests laufen.\n" + gradle("FAILED") + "> user\nconsumesAndAcks ist nicht flaky, das ist ein echter Fehler.\n", gradle("PASSED"), "resolved"},
		{"english negation after the pass", "> user\nrun the tests\n" + pytest(false) + pytest(true),
			"> user\ntest_export_async is not flaky, it is the timeout\n", "resolved"},
		{"german fixed after the pass", "> user\nLass die Tests laufen.\n" + pytest(false) + pytest(true),
			"> user\ntest_export_async war flaky, habe ich gestern behoben\n", "resolved"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			evs := scriptEvents(t, c.before+c.after)
			cut := len(scriptEvents(t, c.before)) - 1
			whole, err := foldcheck.Folded(evs, nil)
			if err != nil {
				t.Fatal(err)
			}
			folded, err := foldcheck.Folded(evs, []int{cut})
			if err != nil {
				t.Fatal(err)
			}
			name := "consumesAndAcks()"
			if strings.Contains(c.before, "pytest") {
				name = "test_export_async"
			}
			if got := failureLifecycle(whole, name); got != c.want {
				t.Errorf("whole log: failure %q, want %q", got, c.want)
			}
			if got := failureLifecycle(folded, name); got != c.want {
				t.Errorf("after a fold at seq %d: failure %q, want %q", evs[cut].Seq, got, c.want)
			}
		})
	}
}
