package engines

import "fmt"

// newEF wires package engine; see ef_engine.go once it lands.
func newEF(cfg Config) (Instance, error) {
	return nil, fmt.Errorf("%w: ef engine not available yet", ErrUnknown)
}
