package projection

import "strings"

// A failure a change caused, the change undone.
//
// "instance_class = db.r6g.large", then "terraform apply" fails with
// "InvalidParameterCombination: … DBInstanceClass=db.r6g.large …"; the
// user drops the idea, the value goes back to db.t3.medium, and the next
// plan of that stack reports "No changes". The failure is no longer a
// problem to fix: the value it names is gone, set back to the one it
// replaced, and the same target runs clean. It is superseded, not
// resolved: the run that failed never passed.
//
// All three are needed: the failure's error names the value (a run that
// failed on something else is not the change's), the value was set back
// to what it was before (a third value is another attempt, judged by its
// own run), and a run of the same program in the same directory passed
// after the revert (the revert alone shows nothing).

// revertedAway supersedes the open command failures whose value was set
// back, now that a run of the same target (cmd, which passed) ran clean.
func (r *Reducer) revertedAway(seq int, cmd string, ref EventRef) {
	passed := targetOf(cmd)
	if passed == "" {
		return
	}
	for _, f := range r.sorted() {
		if f.Kind != KindFailure || f.Lifecycle != Open && f.Lifecycle != Investigating || !strings.HasPrefix(f.Key, commandPrefix) || len(f.SourceRefs) == 0 {
			continue
		}
		if targetOf(strings.TrimPrefix(f.Key, commandPrefix)) != passed || !r.valueSetBack(f) {
			continue
		}
		f.Lifecycle = Superseded
		f.addRef(ref)
		r.hypothesesOn(f, ref)
	}
}

// valueSetBack reports whether a value failure f's error names was set
// back, after f failed, to a value seen before f failed.
func (r *Reducer) valueSetBack(f *Anchor) bool {
	failedAt := f.Seq()
	said := f.Because + " " + f.Value
	for _, v := range r.hot {
		if v.Kind != KindValue || v.Lifecycle != Current || v.Was == "" || v.Seq() <= failedAt || len(v.Was) < 3 || v.Was == v.Value {
			continue
		}
		if wordIndex(said, v.Was) < 0 || wordIndex(said, v.Value) >= 0 {
			continue
		}
		if at, ok := r.valuesSeen[v.Value]; ok && at < f.SourceRefs[0].Seq {
			return true
		}
	}
	return false
}

// maxValuesSeen bounds valuesSeen.
const maxValuesSeen = 512

// noteValueSeen keeps the values a value proposal held or replaced, each
// with the first event it was seen at: a value set back is one seen
// before (not part of a Snapshot).
func (r *Reducer) noteValueSeen(p *Proposal, seq int) {
	for _, v := range []string{p.Value, p.Was} {
		if v == "" || len(r.valuesSeen) >= maxValuesSeen {
			continue
		}
		if r.valuesSeen == nil {
			r.valuesSeen = map[string]int{}
		}
		if _, ok := r.valuesSeen[v]; !ok {
			r.valuesSeen[v] = seq
		}
	}
}

// targetOf is what a command ran, for telling two runs of one target:
// its directory ("cd DIR &&") and the program of its deciding stage
// ("cd stacks/staging/data && terraform"); "" when none.
func targetOf(cmd string) string {
	if cmd == "" || strings.Contains(cmd, "\n") {
		return ""
	}
	dir, rest := runDir(cmd)
	f := decidingFields(rest, "")
	if len(f) == 0 {
		return ""
	}
	return dir + "\x00" + f[0]
}
