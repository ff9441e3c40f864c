package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/origin/taskorigin"
	"github.com/epistemicfold/ef/projection"
)

// TestHandoffSessionToSession is EF-RFC-001 §22's Hard Handoff end to
// end: a long synthetic session (constraints, failures opened and fixed,
// obligations, decisions, in English and Chinese) is folded by `ef fold`
// into a bundle store, `ef origin export` builds its task.origin from the
// projection, `ef origin bundle` compiles the session-start bundle, and a
// second session starts with it. Its first request must carry the
// objective, every active constraint, every open failure and every next
// step the first session's projection holds at its end.
func TestHandoffSessionToSession(t *testing.T) {
	dir := t.TempDir()
	// EF_HANDOFF_CHARS sets the session's size (default 80,000 characters
	// of model-visible text, about 20k tokens, folded with a 20k window;
	// CI runs a longer one).
	chars := testutil.EnvInt(t, "EF_HANDOFF_CHARS", 80_000, 20_000)
	w, err := synth.Generate(synth.Options{Seed: 11, TargetChars: chars})
	if err != nil {
		t.Fatal(err)
	}
	logA := filepath.Join(dir, "session-a.jsonl")
	if err := hostshim.WriteSession(logA, w.Session, hostshim.LogOptions{}); err != nil {
		t.Fatal(err)
	}
	folded := filepath.Join(dir, "session-a.folded.jsonl")
	store := filepath.Join(dir, "bundles")
	if _, errs, code := runEF(t, "", "fold", logA, "--out", folded, "--store", store, "--mode", "auto", "--window", "12000"); code != 0 {
		t.Fatalf("ef fold: %d %s", code, errs)
	}
	origin := filepath.Join(dir, "origin")
	out, errs, code := runEF(t, "", "origin", "export", folded, "--store", store, "--out", origin, "--task", "synth.a", "--scope", "project:synth", "--goal", "continue the synthetic session", "--json")
	if code != 0 {
		t.Fatalf("ef origin export: %d %s", code, errs)
	}
	var put taskorigin.PutResult
	json.Unmarshal([]byte(out), &put)
	// Exporting again without --expect is refused; with it, nothing
	// changed, so nothing is written.
	if _, errs, code := runEF(t, "", "origin", "export", folded, "--store", store, "--out", origin, "--task", "synth.a"); code != 2 || !strings.Contains(errs, "--expect") {
		t.Fatalf("second export without --expect: %d %s", code, errs)
	}
	out, errs, code = runEF(t, "", "origin", "export", folded, "--store", store, "--out", origin, "--task", "synth.a", "--goal", "continue the synthetic session", "--expect", put.Hash)
	if code != 0 || !strings.HasPrefix(out, "unchanged") {
		t.Fatalf("re-export: %d %s %s", code, out, errs)
	}
	out, errs, code = runEF(t, "", "origin", "verify", origin, "--root", dir, "--store", store, "--json")
	if code != 0 {
		t.Fatalf("verify of the export: %d\n%s%s", code, out, errs)
	}
	var reps []verifyReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil || len(reps) != 1 {
		t.Fatalf("verify --json: %v %s", err, out)
	}
	found, missing := 0, 0
	for _, s := range reps[0].Sources {
		if !strings.Contains(s.Kind, "recall") {
			continue
		}
		// A source may also cite a command's script that is not on this
		// disk; only the recall ref is checked here.
		if notFound, _, _ := strings.Cut(s.Detail, ";"); strings.Contains(notFound, "not found now:") && strings.Contains(notFound, "recall:") {
			missing++
			t.Logf("missing: %s %s (%s)", s.Field, s.Source, s.Detail)
		} else if s.Status == "exists" || s.Status == "missing" {
			found++
		}
	}
	if found == 0 || missing > 0 {
		t.Fatalf("recall refs of the export: %d found in the store, %d missing", found, missing)
	}
	e, err := taskorigin.Find(origin, 2)
	if err != nil || len(e) != 1 {
		t.Fatal(err)
	}
	st, _ := e[0].Doc.State()
	recallRefs := 0
	for _, f := range st.Facts {
		if strings.Contains(f.Source, "recall:") {
			recallRefs++
		}
	}

	bundleText, errs, code := runEF(t, "", "origin", "bundle", origin, "--budget", "20000")
	if code != 0 {
		t.Fatalf("ef origin bundle: %d %s", code, errs)
	}
	// Session B starts with the bundle as its first user message (what
	// dsh-plugin injects at session start).
	b := enginetest.NewBuilder(t, "session-b", hostshim.Gen01)
	b.User(bundleText)
	b.User("Continue the task.")
	msgs, err := b.S.Messages()
	if err != nil {
		t.Fatal(err)
	}
	var first strings.Builder
	for _, m := range msgs {
		first.WriteString(m.Text())
		first.WriteString("\n")
	}
	request := strings.Join(strings.Fields(first.String()), " ")

	// What session A's projection holds at its end (over the original log).
	ps := engine.ProjectLog(w.Session, projection.Options{}).State()
	has := func(what, s string) {
		t.Helper()
		if !strings.Contains(request, strings.Join(strings.Fields(s), " ")) {
			t.Errorf("the first request of session B lacks %s %q", what, s)
		}
	}
	if ps.Objective != nil {
		has("the objective", ps.Objective.Value)
	} else {
		has("the goal", "continue the synthetic session")
	}
	for _, c := range ps.Constraints {
		has("constraint", c.Value)
	}
	for _, f := range ps.OpenFailures {
		has("open failure", f.Value)
	}
	for _, o := range ps.OpenObligations {
		has("next step", o.Value)
	}
	if len(ps.Constraints) == 0 || len(ps.OpenObligations)+len(ps.OpenFailures) == 0 {
		t.Fatalf("the workload has %d constraints, %d open failures, %d obligations: the test would be vacuous", len(ps.Constraints), len(ps.OpenFailures), len(ps.OpenObligations))
	}
	t.Logf("session A: %d events; export: %d facts (%d cite EF recall refs, %d of them checked present in the store), %d next steps; session B's first request carries the objective, %d constraints, %d open failures, %d obligations",
		w.Session.Len(), len(st.Facts), recallRefs, found, len(st.NextSteps), len(ps.Constraints), len(ps.OpenFailures), len(ps.OpenObligations))
	if os.Getenv("EF_HANDOFF_DUMP") != "" {
		t.Log(bundleText)
	}
}
