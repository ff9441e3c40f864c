package hostshim

// Derived values are what other packages compute from a session's events
// and keep with the session, as the session keeps its node prices: a
// projection kept current as events are appended, per-message extraction.
// They are keyed like context values (a key of an unexported type of the
// package that owns the value) and are never written to the log.
//
// A value that implements DerivedCloner is copied by Clone with its
// CloneDerived method (the copy must not share mutable state with the
// original: the two sessions may grow apart); any other value is shared
// between the session and its clones, so it must be immutable or safe for
// sharing.
type DerivedCloner interface {
	CloneDerived() any
}

// Derived returns the value kept under key (nil when there is none, and
// for a nil Session).
func (s *Session) Derived(key any) any {
	if s == nil {
		return nil
	}
	return s.derived[key]
}

// SetDerived keeps v under key; a nil v drops the key. On a nil Session it
// keeps nothing (Derived then returns nil).
func (s *Session) SetDerived(key, v any) {
	if s == nil {
		return
	}
	if v == nil {
		delete(s.derived, key)
		return
	}
	if s.derived == nil {
		s.derived = map[any]any{}
	}
	s.derived[key] = v
}

func (s *Session) cloneDerived() map[any]any {
	if len(s.derived) == 0 {
		return nil
	}
	out := make(map[any]any, len(s.derived))
	for k, v := range s.derived {
		if c, ok := v.(DerivedCloner); ok {
			v = c.CloneDerived()
		}
		out[k] = v
	}
	return out
}
