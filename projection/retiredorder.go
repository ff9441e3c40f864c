package projection

import (
	"cmp"
	"slices"
)

// pushRetired keeps c among the retired copies (Options.KeepRetired), at
// most KeepRetired of them, oldest first. The copies one event retires are
// kept in one order (byAge, then key, value and lifecycle), not in the
// order the reducer happened to visit them: many rules walk the hot
// anchors, a map, so that order differs from run to run, and `ef state
// --all` printed the same session's superseded lines in a different order
// one run in three.
func (r *Reducer) pushRetired(c *Anchor) {
	if r.opts.KeepRetired <= 0 {
		return
	}
	at := r.lastSeq
	i := len(r.retired)
	for i > 0 && r.retiredAt[i-1] == at && retiredOrder(c, r.retired[i-1]) < 0 {
		i--
	}
	r.retired = slices.Insert(r.retired, i, c)
	r.retiredAt = slices.Insert(r.retiredAt, i, at)
	if over := len(r.retired) - r.opts.KeepRetired; over > 0 {
		r.retired = slices.Delete(r.retired, 0, over)
		r.retiredAt = slices.Delete(r.retiredAt, 0, over)
	}
}

// retiredOrder orders the copies one event retires.
func retiredOrder(a, b *Anchor) int {
	if c := byAge(a, b); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Key, b.Key); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Value, b.Value); c != 0 {
		return c
	}
	return cmp.Compare(a.Lifecycle, b.Lifecycle)
}
