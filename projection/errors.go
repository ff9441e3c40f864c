package projection

import "errors"

// Errors returned by Restore.
var (
	// ErrSnapshotVersion: a snapshot was written by a newer format.
	ErrSnapshotVersion = errors.New("projection: unsupported snapshot version")
	// ErrSnapshot: a snapshot does not decode.
	ErrSnapshot = errors.New("projection: bad snapshot")
)

// Reasons a proposal is refused (Reducer.Rejected counts them).
var (
	// ErrNotVerbatim: the proposal's quote does not occur in its event.
	ErrNotVerbatim = errors.New("projection: quote is not verbatim from the source event")
	// ErrAuthority: the event's role may not assert the proposal's kind or
	// transition (an assistant resolving a failure, a tool stating a
	// constraint).
	ErrAuthority = errors.New("projection: source has no authority for this proposal")
)

// Errors of a nil *Reducer (its other methods read as an empty reducer's).
var (
	// ErrNilReducer: MarshalSnapshot or Restore was called on a nil
	// *Reducer.
	ErrNilReducer = errors.New("projection: nil Reducer")
)
