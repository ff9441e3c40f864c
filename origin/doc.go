// Package origin is the home of EF's implementations of the 2origin
// interfaces (RFC-0001 OriginBus and its companion RFCs), one package per
// lane beside the Epistemic Fold core:
//
//   - taskorigin: the State Lane's persistent task state, task.origin v0.2
//     (RFC-0005): a content-hash optimistic lock, recheckable fact sources,
//     observed writer provenance, atomic and durable writes, and the
//     session-start bundle;
//   - northbridge: the State Lane's context.request → context.bundle call
//     (RFC-0006 §1): a goal-scoped, token-budgeted bundle that says what it
//     cut;
//   - the Action and Trust lanes live in their own packages beside these.
//
// This package holds no code; it documents the family.
package origin
