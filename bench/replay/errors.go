package replay

import "errors"

// Errors returned by Replay.
var (
	// ErrConfig: the configuration cannot run (no meter, no window).
	ErrConfig = errors.New("replay: bad configuration")
	// ErrPersona: an unknown summarizer persona.
	ErrPersona = errors.New("replay: unknown summarizer persona")
)

// Error is a failure to replay one source event: the session, the source
// seq and event type where it happened.
type Error struct {
	Session string
	Seq     int
	Type    string
	Err     error
}

func (e *Error) Error() string {
	return "replay: session " + e.Session + " seq " + itoa(e.Seq) + " (" + e.Type + "): " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }
