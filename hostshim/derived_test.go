package hostshim

import "testing"

type derivedKey struct{}

type cloner struct{ n *int }

func (c cloner) CloneDerived() any { n := *c.n; return cloner{&n} }

// TestDerived: values are kept under their key, dropped by a nil value,
// copied by Clone through CloneDerived and shared otherwise.
func TestDerived(t *testing.T) {
	s := NewSession("s", Gen017)
	if s.Derived(derivedKey{}) != nil {
		t.Fatal("a new session has a derived value")
	}
	n := 1
	shared := &n
	s.SetDerived(derivedKey{}, cloner{&n})
	s.SetDerived("shared", shared)
	c := s.Clone()
	*c.Derived(derivedKey{}).(cloner).n = 2
	if n != 1 {
		t.Fatal("the clone's copy changed the original's value")
	}
	if c.Derived("shared") != shared {
		t.Fatal("a value without CloneDerived is not shared")
	}
	s.SetDerived("shared", nil)
	if s.Derived("shared") != nil || c.Derived("shared") != shared {
		t.Fatal("dropping a value did not drop it from the session alone")
	}
}
