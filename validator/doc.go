// Package validator is EF's SafeFoldValidator (EF-RFC-001 §11, §23): a veto
// that stands apart from every planner. A planner proposes a fold candidate
// (a span of the surface, a mode, the planned replacement and the bundle
// receipt); the validator checks it against the current surface and returns a
// Verdict that names every failed predicate with its reason and location.
// Policy chooses; the validator vetoes.
//
// Predicates (Safe(S,C) = B ∧ T ∧ A ∧ D ∧ O ∧ P ∧ R ∧ G):
//
//	B  tool pairing and structural balance: both edges balanced as the host
//	   counts them, every call inside the span answered inside it and every
//	   result inside it answering a call inside it, no system head.
//	T  transaction boundary: no foreign compaction bracket open, the owner
//	   rules of the host (automatic needs an open turn, manual none), and no
//	   node of an unfinished step inside the span.
//	P  provenance: a durable, read-back-verified bundle whose archive equals
//	   exactly the span's messages (count and logical hash).
//	R  replacement: the framed checkpoint is priced below the span by the
//	   host's meter (the host's own shrink check, run early).
//	G  stability: the span holds the planned nodes, at the planned prices.
//
// A (authority), O (obligation) and D (dependency) arrive as additional
// Predicate values in Options.Extra (M3a, M4); callers keep calling Validate.
//
// Each Verdict carries a closure level C0–C3 (§12). C1 and above need A and O
// to be registered and passing, so until M3a every passing verdict is C0; the
// verdict still reports whether the span closes a work phase and whether that
// close has tool evidence, the two facts C2 and C3 add on top of C1.
//
// A Validator holds no mutable state and is safe for concurrent use; the
// Session inside a Candidate is read, never written, but Session itself is not
// safe for concurrent use, so do not validate while another goroutine appends.
package validator
