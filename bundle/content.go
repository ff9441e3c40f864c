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

// Encoded is one message prepared for archiving once, when it is first
// read rather than when a fold archives it: a private copy of its bytes and
// the archive encoding of that copy (its canonical JSON, or the raw form
// when it is not I-JSON; see LogicalHash). NewContentOf hashes a message
// whose bytes equal the copy from the encoding, so a fold of a long span
// costs a comparison and one SHA-256 pass instead of canonicalizing every
// message again; the hash is still only ever computed from bytes equal to
// the ones it stands for.
//
// An Encoded is immutable and safe for concurrent use.
type Encoded struct {
	raw   []byte // private copy
	canon []byte // canonical JSON of raw (raw itself when equal); nil when not I-JSON
}

// keepEncoded is the largest message (and canonical form) Encode prepares.
// A larger one (a pasted 50 MB output) is not copied: the copy, and its
// canonical form when that differs, would double or triple what the
// engine holds of the message beside the host's own bytes for as long as
// it keeps what it read of the message. NewContentOf copies and encodes
// it, once, in the fold that archives it.
const keepEncoded = 1 << 20

// Encode copies m and encodes the copy as LogicalHash does. It returns nil
// for a message longer than keepEncoded (1 MiB), or whose canonical form
// is: NewContentOf encodes such a message itself.
func Encode(m json.RawMessage) *Encoded {
	if len(m) > keepEncoded {
		return nil
	}
	raw := append(make([]byte, 0, len(m)), m...)
	var p jcsParser
	c, err := p.canonical(make([]byte, 0, len(raw)), raw)
	switch {
	case err != nil:
		c = nil
	case bytes.Equal(c, raw):
		c = raw
	case len(c) > keepEncoded:
		return nil
	}
	return &Encoded{raw: raw, canon: c}
}

// Holds reports whether m is, byte for byte, the message e was made from.
// A nil e holds nothing.
func (e *Encoded) Holds(m json.RawMessage) bool {
	return e != nil && bytes.Equal(e.raw, m)
}

// NewContentOf is NewContent for messages prepared with Encode: encs[i]
// (when i < len(encs)) that holds msgs[i] gives that message's private copy
// and encoding; every other message is copied and encoded here, so a stale
// or missing encoding costs time, never correctness.
func NewContentOf(msgs []json.RawMessage, encs []*Encoded) *Content {
	cp := make([]json.RawMessage, len(msgs))
	a := newArchiveHasher()
	for i, m := range msgs {
		switch e := at(encs, i); {
		case e.Holds(m) && e.canon != nil:
			cp[i] = e.raw
			a.addCanonical(e.canon)
		case e.Holds(m):
			cp[i] = e.raw
			a.addRaw(e.raw)
		default:
			cp[i] = append(make(json.RawMessage, 0, len(m)), m...)
			a.add(cp[i])
		}
	}
	h, raw := a.sum()
	return &Content{msgs: cp, hash: h, raw: raw}
}

// at returns encs[i], or nil when i is out of range.
func at(encs []*Encoded, i int) *Encoded {
	if i < len(encs) {
		return encs[i]
	}
	return nil
}

// LogicalHash returns the logical hash of the content ("sha256:<hex>").
// It is "" for a nil c.
func (c *Content) LogicalHash() string {
	if c == nil {
		return ""
	}
	return c.hash
}

// RawIndexes returns the indexes of the messages hashed as raw bytes (see
// RawIndexes), or nil. The slice is a copy.
func (c *Content) RawIndexes() []int {
	if c == nil || len(c.raw) == 0 {
		return nil
	}
	return append([]int(nil), c.raw...)
}

// Len returns the number of messages (0 for a nil c).
func (c *Content) Len() int {
	if c == nil {
		return 0
	}
	return len(c.msgs)
}

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
