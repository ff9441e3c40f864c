package projection

import "strings"

// How the session's task ended.
//
// Harnesses mark the end of an agent's task, each its own way: SWE-agent's
// "submit" command, mini-swe-agent's "echo COMPLETE_TASK_AND_SUBMIT_FINAL_
// OUTPUT", DSH's goal tool completing the goal (update_goal with action
// "complete") and the "<goal_complete>" notice the host sends after it.
// A reader continuing the session must know the task was handed in: the
// failures and obligations left open before it are not what the work
// waits on. The outcome is a value ("value/-/session_outcome") the newest
// such mark states; a new objective later is a new task.
//
// The objective the outcome ended is done: stated beside "goal complete"
// as active it reads as work still to do, and a reader resuming the
// session would start it again. A later objective (the user's next
// request) is active as any first one; the outcome of the task before it
// is then no longer the session's.

// submitMarkers are the commands that hand the task in.
var submitMarkers = []string{"COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT", "MINI_SWE_AGENT_FINAL_OUTPUT"}

// outcomeKey is the state key of the session's outcome.
const outcomeKey = "value/-/session_outcome"

// objectiveKey is the state key of the session's objective.
const objectiveKey = "objective/session/goal"

// callOutcome is the outcome a passing call, of result text, states: the
// task submitted or the goal completed; ok false for any other call. Its
// quote is the marker in the call's arguments, or the result's first line.
func callOutcome(c *Call, text string) (Proposal, bool) {
	if c == nil {
		return Proposal{}, false
	}
	_, cmd := argString(c.Args, commandArgKeys)
	name := strings.ToLower(c.Name)
	switch {
	case strings.TrimSpace(cmd) == "submit" || strings.HasPrefix(strings.TrimSpace(cmd), "submit "):
		// SWE-agent's submit, with the flag a CTF run hands in
		return outcome("submitted", "submit"), true
	case name == "submit" && firstLine(text) != "":
		return outcome("submitted", firstLine(text)), true
	case name == "finish" && strings.HasPrefix(text, "run finished"):
		// OpenHands' finish action, which ends the run: the importer
		// answers it "run finished: <what the agent said>" (importer.
		// FinishedText; projection imports no importer)
		return outcome("finished", firstLine(text)), true
	case strings.Contains(name, "goal") && argIs(c, "action", "complete"):
		return outcome("goal complete", "complete"), true
	}
	for _, m := range submitMarkers {
		if strings.Contains(cmd, m) {
			return outcome("submitted", m), true
		}
	}
	return Proposal{}, false
}

// goalCompleteRE is a host's notice that the goal is complete.
var goalCompleteRE = mustPattern(`(?i)<goal_complete>|\bthe goal is (?:now )?marked complete\b`)

// noticeOutcome is the outcome a host notice in user text states.
func noticeOutcome(text string) (Proposal, bool) {
	if m := goalCompleteRE.FindString(text); m != "" {
		return outcome("goal complete", m), true
	}
	return Proposal{}, false
}

func outcome(v, quote string) Proposal {
	return Proposal{Op: OpState, Kind: KindValue, Key: outcomeKey, Name: "session outcome", Value: v, Quote: quote}
}

// argIs reports whether call c's argument k is the string v.
func argIs(c *Call, k, v string) bool {
	s, ok := c.Args[k].(string)
	return ok && strings.EqualFold(s, v)
}

// taskEnded closes, when the outcome p (at ref) hands the task in, the
// active objective stated up to then as done, the outcome its reason.
func (r *Reducer) taskEnded(p *Proposal, ref EventRef) {
	// No step the agent said it would take is ahead (intention.go).
	r.stepsDone(ref.Seq+1, false, "the task was handed in", ref)
	// Nor do the agent's own probes wait for a rerun (scratch.go).
	r.probesDone(ref)
	o := r.hot[slot(KindObjective, objectiveKey)]
	if o == nil || o.Lifecycle != Active || o.Seq() > ref.Seq {
		return
	}
	o.Lifecycle = Done
	o.Because = p.Value + ": " + p.Quote
	o.addRef(ref)
}

// newTask makes nu, an objective stated after the task of the done
// objective old ended, the session's objective: old is retired as done,
// and the outcome that ended it with it.
func (r *Reducer) newTask(nu, old *Anchor) {
	r.retire(old, Done)
	if v := r.hot[slot(KindValue, outcomeKey)]; v != nil && v.Lifecycle == Current {
		r.retire(v, Superseded)
	}
}
