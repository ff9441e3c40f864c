// Package origin is the home of EF's implementations of the 2origin
// interfaces (RFC-0001 OriginBus and its companion RFCs), one package per
// lane beside the Epistemic Fold core:
//
//   - taskorigin: the State Lane's persistent task state, task.origin v0.2
//     (RFC-0005): a content-hash optimistic lock, recheckable fact sources,
//     observed writer provenance, atomic and durable writes;
//   - northbridge: the State Lane's context.request → context.bundle call
//     (RFC-0006 §1): a goal-scoped, token-budgeted bundle that says what it
//     cut, and the session-start bundle (RFC-0005 §3.4);
//   - handoff: EF's Hard Handoff (EF-RFC-001 §22): a session's projection
//     exported as a task.origin;
//   - action and trust: the Action Lane's kernel (RFC-0006 §2) and the
//     Trust Lane's credentials (RFC-0001 §3).
//
// This package holds no code; it documents the family.
package origin
