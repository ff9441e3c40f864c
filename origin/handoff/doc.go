// Package handoff is EF's side of the Hard Handoff (EF-RFC-001 §22): it
// turns a session's projection — the objective, constraints, decisions,
// evidence and failure lifecycles the StateReducer kept — into a
// task.origin v0.2 (RFC-0005), so that a new session, in this harness or
// another, starts from what the old one established instead of from its
// transcript.
//
// The mapping:
//
//	goal          ← the active objective
//	constraints   ← active constraints (EF's extension of task.origin)
//	current_state ← the open failures (named), the open obligations, the
//	                current values and how the session ended (on the
//	                agent's reply, or cut off after a tool result)
//	next_steps    ← open obligations, then open failures (never a failure
//	                the projection closed: resolved, verified, superseded),
//	                then the steps the agent says it takes next in the
//	                reply the session ends with ("Next I'll …", "Next
//	                steps:" and its list); one it said earlier, which the
//	                work after it did or replaced, is not listed
//	decisions     ← active decisions, each with the reason the session
//	                gave (its "because"/"since"/"weil"/"porque" clause,
//	                apart from the choice, or the sentence after it that
//	                gives one), else "(no reason stated in the session)"
//	artifacts     ← the files the session changed: written or edited by a
//	                tool, "sed -i", a redirect or here document, or shown
//	                changed by git diff / git status (also through a file a
//	                git diff was written to); a file restored (git
//	                checkout -- x) or removed after leaves the list
//	verification  ← every failure's lifecycle (open → … → verified)
//	facts         ← what the session established, in the session's order:
//	                current values, checks that pass at the end (a test
//	                run's last outcome, a command that failed and passes
//	                now), supported and established hypotheses, rejected
//	                approaches — each citing what can recheck it (the
//	                command or test, and the event in the session log or
//	                its EF recall ref when it was folded); open
//	                hypotheses enter as unverified facts. The output of a
//	                read, a search or a listing is not a fact (it is how
//	                the agent looked) and stays in the log
//	learnings     ← rejected approaches (negative knowledge), as candidates
//
// The members are written in that order (receiver first: what the task is
// and what comes next before what can be looked up).
//
// Nothing is invented: every string comes from an anchor, and anchors
// quote their source events.
package handoff
