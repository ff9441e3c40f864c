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
//	facts         ← empirical evidence (tool results), each citing what can
//	                recheck it: the command or test that produced it, and
//	                the event in the session log (or its EF recall ref when
//	                the event was folded into a checkpoint); open
//	                hypotheses enter as unverified facts
//	decisions     ← active decisions, with the reason the session gave
//	next_steps    ← open obligations, then open failures
//	verification  ← every failure's lifecycle (open → … → verified)
//	current_state ← counts of what is open and the current values
//	artifacts     ← files the session wrote
//	learnings     ← rejected approaches (negative knowledge), as candidates
//
// Nothing is invented: every string comes from an anchor, and anchors
// quote their source events.
package handoff
