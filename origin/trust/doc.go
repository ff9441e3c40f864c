// Package trust is the Trust Lane of the 2origin OriginBus (RFC-0001 §3):
// credentials a caller presents to the action kernel to show it is entitled
// to a risky action.
//
// The one credential type is proof_of_read (RFC-0001 §3.2): "I read the
// current content of this file". It proves something the caller did, not
// that someone approved the caller, so a headless agent can present it
// itself, and it goes stale on its own when the world changes.
//
// The reference implementation checks only the content hash. Here a proof
// is bound to its target as well: Check takes the result of resolving the
// credential's target and the action's target to the same file, so a hash
// read from one file cannot approve a write to another file that happens to
// hold the same bytes (the open question of RFC-0006 §5).
package trust
