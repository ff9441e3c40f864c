package bundle

import (
	"bytes"
	"encoding/json"
)

// Content is an archive's messages hashed once: a private copy of their
// bytes, the logical hash of that copy and its raw indexes (see
// LogicalHash). A fold hashes the span it archives once, into a Content,
// and every party that must vouch for the hash — Seal and Store.Put for
// the bytes they archive, the validator's provenance check for the span on
// the surface — compares its own bytes with the copy (Holds) instead of
// canonicalizing them again. A comparison proves what a second hash would:
// the hash was computed by this package from exactly these bytes, and no
// caller can reach the copy to change it afterwards.
//
// A Content is immutable and safe for concurrent use.
type Content struct {
	msgs []json.RawMessage // private copy
	hash string
	raw  []int
}

// NewContent copies msgs and hashes the copy as LogicalHash does.
func NewContent(msgs []json.RawMessage) *Content {
	cp := make([]json.RawMessage, len(msgs))
	a := newArchiveHasher()
	for i, m := range msgs {
		// A message at a time, hashed from its copy while the bytes are
		// in the cache. One allocation per message rather than one for the
		// span: a span is megabytes, and fresh megabytes cost a page fault
		// a page, where messages reuse the heap's small-object spans.
		cp[i] = append(make(json.RawMessage, 0, len(m)), m...)
		a.add(cp[i])
	}
	h, raw := a.sum()
	return &Content{msgs: cp, hash: h, raw: raw}
}

// LogicalHash returns the logical hash of the content ("sha256:<hex>").
func (c *Content) LogicalHash() string { return c.hash }

// RawIndexes returns the indexes of the messages hashed as raw bytes (see
// RawIndexes), or nil. The slice is a copy.
func (c *Content) RawIndexes() []int {
	if len(c.raw) == 0 {
		return nil
	}
	return append([]int(nil), c.raw...)
}

// Len returns the number of messages.
func (c *Content) Len() int { return len(c.msgs) }

// Holds reports whether msgs are, byte for byte and in order, the messages
// c was made from: then their logical hash is c's. A nil c holds nothing.
func (c *Content) Holds(msgs []json.RawMessage) bool {
	if c == nil || len(msgs) != len(c.msgs) {
		return false
	}
	for i, m := range msgs {
		if !bytes.Equal(m, c.msgs[i]) {
			return false
		}
	}
	return true
}

// archiveHashOf returns the logical hash and raw indexes of msgs: c's when c
// holds msgs, else computed from msgs. A Content that does not hold the
// messages is never trusted (nor an error: the hash is simply computed).
func archiveHashOf(c *Content, msgs []json.RawMessage) (string, []int) {
	if c.Holds(msgs) {
		return c.hash, c.RawIndexes()
	}
	return archiveHash(msgs, true)
}
