package bundlesource

import (
	"fmt"

	"github.com/epistemicfold/ef/recall"
)

// Errors returned by every method of Source.
var (
	// ErrNoStore means the Source is a zero value or a nil pointer (New
	// makes one over a store) or was given a nil store. It wraps
	// recall.ErrNoSource.
	ErrNoStore = fmt.Errorf("bundlesource: no bundle store (use bundlesource.New): %w", recall.ErrNoSource)
)
