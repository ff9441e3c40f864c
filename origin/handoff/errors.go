package handoff

import "errors"

// ErrNoObjective means the session states no objective and no fallback
// goal was given: a task.origin needs a goal.
var ErrNoObjective = errors.New("handoff: the session states no objective; give a goal")
