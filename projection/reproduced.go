package projection

import (
	"strings"
)

// A failure the user told, reproduced and fixed in the session.
//
// "Marta me pasó que anoche en prod el worker murió con
// SoftTimeLimitExceeded en exportar_pedidos", "어젯밤 GitHub Actions에서
// terraform fmt -check 실패했다는 알림이 왔었어": the user tells a failure
// the session did not see (userfail.go). When the agent then runs it
// here and the run fails the same way, that run is the told failure
// reproduced: its error names the told one's signature
// (SoftTimeLimitExceeded), or its command is the check the user named
// ("terraform fmt -check -recursive -diff" of "terraform fmt -check").
// The reproduction resolved (its run passed again), the told failure is
// resolved with it. Nothing reproduced, a reproduction that still fails
// or was given up, or a run of another check leaves it open; so does a
// run that passed without having failed first, which shows nothing of
// the failure the user saw.

// errorNameRE is the name of an error in a report: an exception's or a
// state's identifier ("SoftTimeLimitExceeded", "NullPointerException",
// "OOMKilled", "CrashLoopBackOff").
var errorNameRE = mustPattern(`\b[A-Z]\w*(?:Error|Exception|Exceeded|Killed|Timeout|BackOff|Fault|Failure|Panic|Overflow|Denied|Refused)\b`)

// reproducedFixed resolves the open failures the user told whose
// reproduction in the session is resolved.
func (r *Reducer) reproducedFixed(ref EventRef) {
	if !r.openReported() {
		return
	}
	var told, fixed []*Anchor
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || len(a.SourceRefs) == 0 || r.hot[slot(a.Kind, a.Key)] != a {
			continue
		}
		switch {
		case strings.HasPrefix(a.Key, reportedPrefix) && (a.Lifecycle == Open || a.Lifecycle == Investigating):
			told = append(told, a)
		case !strings.HasPrefix(a.Key, reportedPrefix) && (a.Lifecycle == Resolved || a.Lifecycle == Verified):
			fixed = append(fixed, a)
		}
	}
	for _, a := range told {
		for _, b := range fixed {
			if b.SourceRefs[0].Seq > a.SourceRefs[0].Seq && reproduces(a, b) {
				a.Lifecycle = Resolved
				a.addRef(ref)
				r.hypothesesOn(a, ref)
				break
			}
		}
	}
}

// reproduces reports whether failure b, seen in the session, is the
// failure a the user told: b's error holds a's signature, or a's words
// name the check b's command ran.
func reproduces(a, b *Anchor) bool {
	for _, sig := range errorNameRE.FindAllString(a.Because, -1) {
		if wordIndex(b.Because+" "+b.Value, sig) >= 0 {
			return true
		}
	}
	cmd := failedCallOf(b)
	if cmd == "" || strings.Contains(cmd, "\n") {
		return false
	}
	told := strings.ToLower(strings.Join(strings.Fields(a.Because), " "))
	for _, st := range stagesOf(cmd) {
		sub := strings.ToLower(runSubject(unwrap(pipeHead(st))))
		if sub != "" && wordIndex(told, sub) >= 0 {
			return true
		}
	}
	return false
}

// openReported reports whether a failure the user told is open.
func (r *Reducer) openReported() bool {
	for _, a := range r.hot {
		if a.Kind == KindFailure && (a.Lifecycle == Open || a.Lifecycle == Investigating) && strings.HasPrefix(a.Key, reportedPrefix) {
			return true
		}
	}
	return false
}
