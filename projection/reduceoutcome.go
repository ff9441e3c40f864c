// Tool outcomes: the evidence a call leaves and the failures it opens,
// resolves or changes.

package projection

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// outcome records tool evidence and moves the failures it bears on.
func (r *Reducer) outcome(e *Event, p *Proposal, nu *Anchor, ref EventRef, moved map[*Anchor]bool) {
	if !p.Failed {
		r.noteSkips(r.call)
	}
	ev := &Anchor{ID: kindLetter[KindEvidence] + nu.ID[1:], Kind: KindEvidence, Key: p.Key, Value: p.Value, Authority: Empirical, Lifecycle: Observed,
		SourceRefs: []EventRef{ref}, Quote: p.Quote, Name: p.Name, Links: slices.Clone(p.Links)}
	if old := r.hot[slot(KindEvidence, p.Key)]; old != nil {
		old.Value, old.Quote = ev.Value, ev.Quote
		old.addRef(ref)
	} else {
		r.hot[slot(KindEvidence, p.Key)] = ev
	}
	f := r.hot[slot(KindFailure, p.Key)]
	if p.Failed {
		if p.Listed {
			// a run that lists its failing tests (listedRerun)
			defer r.listedRerun(e, ref, moved)
		}
		if f != nil && f.IsHead() && !moved[f] && p.Kind == KindFailure && r.filteredAway(e, f, p, ref) {
			// the same run through another filter, its error gone: a
			// failure of its own (cmdkey.go)
			f, moved[f] = nil, true
		}
		if f != nil && f.IsHead() {
			if !moved[f] {
				moved[f] = true
				f.Lifecycle = Investigating
				if strings.HasPrefix(f.Because, strings.TrimSpace(p.Because)+" — ") {
					// the same error line, its detail filtered away
					// ("| grep FAILED"): the fuller reading stays
					f.addRef(ref)
					return
				}
				f.Because = p.Because
				if p.Value != "" && failureLineRE.MatchString(p.Because) && !exitOnlyRE.MatchString(p.Because) {
					// seen again with another error: the failure is
					// shown by its newest ("failed: X" kept while the
					// run now fails on Y would show what is gone), when
					// the line read names one (not "sftp> cd /in", the
					// last line a session printed)
					f.Was = errorPassed(f, p.Value, e.Text)
					f.Value, f.Quote = p.Value+r.flakyNote(f), p.Quote
				}
				f.addRef(ref)
			}
			return
		}
		if p.Kind != KindFailure {
			return
		}
		nu.Kind, nu.Lifecycle, nu.Authority = KindFailure, Open, Empirical
		if r.redExpected(nu) {
			// a test written to fail first (expectred.go)
			nu.Lifecycle = Expected
		}
		if f != nil {
			nu.Was = f.Lifecycle + " at seq " + fmt.Sprint(f.Seq())
			// A failure fixed before its run failed anew on another error
			// stays fixed ("./gradlew build" past checkstyle, now failing
			// on spotbugs); one still open, a test failing again or a run
			// failing on the same error again (its fix did not hold, or
			// it is flaky) is put out as an older reading.
			closed := Retired
			if (f.Lifecycle == Resolved || f.Lifecycle == Verified) && !strings.HasPrefix(f.Key, "test/") && strings.TrimSpace(f.Because) != strings.TrimSpace(p.Because) && !sharesIdent(f.Because, p.Because) {
				closed = f.Lifecycle
			}
			r.retire(f, closed)
		}
		r.hot[slot(KindFailure, p.Key)] = nu
		moved[nu] = true
		r.errorChanged(e, nu, ref, moved)
		// a loop over the run that now names its test (looptest.go)
		r.loopTaken(nu, ref, moved)
		r.countTaken(nu, ref, moved)
		r.codeRunFailed(nu, e.Text, ref, moved)
		r.noteFailOut(nu, e.Text)
		return
	}
	var hit []*Anchor
	if f != nil {
		hit = append(hit, f)
	}
	if p.Explicit && strings.HasPrefix(p.Key, statusPrefix) {
		// a failed query of the thing (statusquery.go)
		hit = r.statusQueryHits(p.Key, hit)
	}
	if !p.Explicit {
		for _, a := range r.hot {
			// A verbose run that names its tests and not this one says
			// nothing about it (it may have been filtered out).
			if a.Kind == KindFailure && a != f && slices.Contains(a.Links, p.Key) && !(p.Listed && strings.HasPrefix(a.Key, "test/")) {
				hit = append(hit, a)
			}
		}
		// A failed command run again as part of a passing one, or with
		// other flags ("pytest tests/ -q" inside "pip install x && pytest
		// tests/ -q"): the same program on the same operands.
		for _, a := range r.hot {
			if a.Kind == KindFailure && a != f && !slices.Contains(hit, a) && !(p.Listed && strings.HasPrefix(a.Key, "test/")) && slices.ContainsFunc(a.Links, func(l string) bool {
				return strings.HasPrefix(l, runPrefix) && slices.Contains(p.Links, l)
			}) {
				hit = append(hit, a)
			}
		}
		// A failed file operation another call did (fileop.go).
		for _, a := range r.hot {
			if a.Kind == KindFailure && a != f && a.IsHead() && !slices.Contains(hit, a) && fileDone(a.Links, p.Links) {
				hit = append(hit, a)
			}
		}
		// A failed test whose unit the output reports passing whole
		// (units.go).
		hit = r.unitHits(e.Text, f, hit)
		// A failure whose subject a passing call did again (subject.go):
		// the same run changed, a wider run, the operation continued, the
		// missing resource corrected, the command the user said to run.
		if passed := callText(r.call); passed != "" {
			var pc *passedCall // read at the first failure it is checked against
			for _, a := range r.hot {
				if a.Kind != KindFailure || a == f || !a.IsHead() && a.Lifecycle != Expected || slices.Contains(hit, a) || strings.HasPrefix(a.Key, statusPrefix) {
					// a thing's status is resolved by its own (statusfail.go)
					continue
				}
				if k, ok := strings.CutPrefix(a.Key, commandPrefix); ok && otherDir(k, rawCommand(r.call)) {
					// a run in another directory (cmdkey.go)
					continue
				}
				failed, ok := linkWith(a.Links, callPrefix)
				if !ok {
					failed, _ = strings.CutPrefix(a.Key, commandPrefix)
				}
				if pc == nil {
					// a package script read as the line it ran (npmscript.go)
					pc = withScripts(readPassed(passed), e.Text)
				}
				if p.Listed && strings.HasPrefix(a.Key, "test/") {
					// A run listing its tests without this one: it says
					// nothing of it unless it ran all the failed run did
					// with nothing failing (the test passes or is gone:
					// removed, renamed).
					if suiteRerun(failed, pc, e.Text) || ciTestPassed(a, failed, pc, e.Text) {
						hit = append(hit, a)
					}
					continue
				}
				if resolvedIn(failed, a.Because, hintsOf(a), pc, e.Text) || itemsRedone(a.Links, failed, pc, e.Text) || stepsDone(a.Links, failed, a.Because, pc, e.Text) || ciTestPassed(a, failed, pc, e.Text) || migrationApplied(a.Links, e.Text) {
					hit = append(hit, a)
				}
			}
		}
	}
	// a test an edit disabled (skipedit.go), a test skipped (skipped.go)
	hit = skippedHits(e.Text, r.skipEdited(e, r.codeRunHits(p.Key, hit), ref, moved))
	slices.SortFunc(hit, byAge)
	passed := callText(r.call)
	for _, a := range hit {
		if moved[a] || otherProject(a.Key, passed) {
			// a Playwright test of a project the run left out (pwproject.go)
			continue
		}
		if failed, ok := linkWith(a.Links, callPrefix); ok && versionRolledBack(failed, passed) {
			// another version installed: the attempt left, not fixed
			// (upgradedrop.go)
			continue
		}
		if r.flakyHeld(a, r.call) {
			// a flaky test passing once (flaky.go)
			continue
		}
		if failed, ok := linkWith(a.Links, callPrefix); ok && otherDevice(failed, passed) {
			// the same run on another device (otherdevice.go)
			continue
		}
		if failed, ok := linkWith(a.Links, callPrefix); ok && passed != "" && !p.Explicit && !passShown(failed, passed, a.Because, e.Text, a == f) {
			// passed through a filter that may have hidden its failure
			// (cmdkey.go)
			continue
		}
		if !passStep(a) {
			continue
		}
		moved[a] = true
		a.addRef(ref)
		r.passedBy(a, r.call)
		r.hypothesesOn(a, ref)
	}
	r.supersededPassed(e, p, ref, moved)
}

// errorChanged supersedes an open failure of the same run (its command's
// last stage the new failure nu's, the same program on the same operands
// whatever its options: "cmake -DLLVM_DIR=… -B . -S src" past the error
// "cmake -B . -S src" stopped at) whose error line the new output no
// longer holds: "ERRORE: cifra di controllo SSCC errata" gone, the run
// now failing on "simbolo largo 118 mm". The new failure stays open; an
// error line that only tells the exit status says nothing changed.
// Superseded, never resolved: a failing run shows no fix. It may have
// stopped before the old error's step, or run other code ("npm i
// react-scripts@5 && npm run build" failing on polyfills says nothing of
// the OpenSSL error of the build it replaced, an approach then dropped).
func (r *Reducer) errorChanged(e *Event, nu *Anchor, ref EventRef, moved map[*Anchor]bool) {
	if !strings.HasPrefix(nu.Key, commandPrefix) {
		return
	}
	run := runSubject(lastRun(failedCallOf(nu)))
	if run == "" || nu.Because == "" {
		return
	}
	for _, a := range r.sorted() {
		if a == nu || a.Kind != KindFailure || !strings.HasPrefix(a.Key, commandPrefix) || moved[a] || a.Lifecycle != Open && a.Lifecycle != Investigating {
			// a failed test is closed by its units' reports (units.go), a
			// run that names it passing or the model's cited evidence
			continue
		}
		old := strings.TrimSpace(a.Because)
		if old == "" || old == nu.Because || exitOnlyRE.MatchString(old) || strings.Contains(e.Text, old) || runSubject(lastRun(failedCallOf(a))) != run {
			continue
		}
		a.Lifecycle = Superseded
		moved[a] = true
		a.addRef(ref)
	}
}

// lastRun is the last stage of command cmd, unwrapped and trimmed: the
// run a list of stages stands or falls by.
func lastRun(cmd string) string {
	st := stagesOf(cmd)
	if len(st) == 0 {
		return ""
	}
	last := st[len(st)-1]
	if i := strings.LastIndex(last, "|"); i > 0 && i+1 < len(last) {
		// "gh run watch … | tail -9" and "… | tail -8": the same run,
		// shown through a cut of another length (a filter such as grep
		// shows other lines, so it stays part of the run).
		if f := strings.Fields(last[i+1:]); len(f) == 2 && (f[0] == "tail" || f[0] == "head") && strings.TrimLeft(f[1], "-n0123456789") == "" {
			last = last[:i] + "| " + f[0]
		}
	}
	return strings.Join(strings.Fields(unwrap(last)), " ")
}

// hypothesesOn moves the hypotheses that name failure f: its resolution
// supports them, its verification establishes them.
func (r *Reducer) hypothesesOn(f *Anchor, ref EventRef) {
	name := f.Name
	for _, h := range r.sorted() {
		if h.Kind != KindUncertainty || !h.IsHead() {
			continue
		}
		if !slices.Contains(h.Links, f.Key) && !slices.Contains(h.Links, name) {
			continue
		}
		switch {
		case f.Lifecycle == Verified && h.Lifecycle == Supported:
			h.Lifecycle = Established
		case f.Lifecycle == Resolved || f.Lifecycle == Verified:
			h.Lifecycle = Supported
		default:
			continue
		}
		h.addRef(ref)
	}
}

// touched applies a successful write of file p: failures that name the
// file are being investigated; negative knowledge about it is stale;
// obligations that name it are done.
func (r *Reducer) touched(p string, ref EventRef, moved map[*Anchor]bool) {
	base := path.Base(p)
	if base == "." || base == "/" || base == "" {
		return
	}
	for _, a := range r.sorted() {
		switch {
		case a.Kind == KindFailure && a.Lifecycle == Open && !moved[a] && (strings.Contains(a.Because, base) || strings.Contains(a.Quote, base)):
			a.Lifecycle = Investigating
			moved[a] = true
			a.addRef(ref)
		case a.Kind == KindNegative && a.Lifecycle == Active && linksPath(a.Links, p):
			a.Lifecycle = Stale
			a.addRef(ref)
		case a.Kind == KindObligation && a.Lifecycle == Open && (linksPath(a.Links, p) || testDone(a.Value, p) || docDone(a.Value, p) || versionTaskRE.MatchString(a.Value) && manifestRE.MatchString(base) && len(a.Links) == 0):
			a.Lifecycle = Done
			a.addRef(ref)
		}
	}
}

func linksPath(links []string, p string) bool {
	for _, l := range links {
		if l == p || strings.HasSuffix(p, "/"+l) || strings.HasSuffix(l, "/"+p) || strings.HasSuffix(l, "/") && strings.HasPrefix(p, l) {
			return true
		}
	}
	return false
}

// passStep moves failure a one step on a clean pass of what failed (§15):
// open or investigating to resolved, resolved to verified. It reports
// false, changing nothing, for any other lifecycle.
func passStep(a *Anchor) bool {
	switch a.Lifecycle {
	case Open, Investigating, Expected:
		a.Lifecycle = Resolved
	case Resolved:
		a.Lifecycle = Verified
	default:
		return false
	}
	return true
}
