package importer

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"

	"github.com/epistemicfold/ef/hostshim"
)

// identityMessages is how many model-visible messages of a session's
// opening the content-derived id covers.
const identityMessages = 8

// identity derives Imported.ID: the format's name, a colon and the session
// id the source records ("claude-code:865916aa-…"), or, for a format that
// records none, the first 16 hex digits of a SHA-256 over the session's
// opening ("openai-chat:3f9a1c2b7d4e8a90"): its events up to and including
// its identityMessages-th model-visible message (all of them when it has
// fewer). So two trajectories with the same file name are two sessions,
// the same file read again (or moved, or renamed) is the same session, and
// a log that goes on keeps its id once its opening is written. The format
// is part of the id because one session may be logged by two tools (the
// Claude Agent SDK's stream and Claude Code's own file), whose conversions
// differ.
type identity struct {
	f        Format
	recorded string
	// rewritten is the note on a recorded id safeRecordedID rewrote, or "".
	rewritten string
	h         hash.Hash
	msgs      int
	buf       []byte
}

func newIdentity(f Format, recorded string) *identity {
	d := &identity{f: f, h: sha256.New()}
	safe, why := safeRecordedID(recorded)
	d.recorded = safe
	if why != "" {
		d.rewritten = rewrittenIDNote(recorded, string(f)+":"+safe, why)
	}
	return d
}

// complete reports whether the id is known.
func (d *identity) complete() bool { return d.recorded != "" || d.msgs >= identityMessages }

// add takes the session's next event.
func (d *identity) add(e hostshim.Event) {
	if d.complete() {
		return
	}
	d.field([]byte(e.Type))
	d.field(e.Data)
	d.buf = binary.AppendUvarint(d.buf[:0], uint64(len(e.SourceEventSeqs)))
	for _, s := range e.SourceEventSeqs {
		d.buf = binary.AppendVarint(d.buf, int64(s))
	}
	if e.SurfaceOp != nil {
		d.buf = append(d.buf, 1)
		d.msgs++
	}
	d.h.Write(d.buf)
}

// field writes b with its length, so that no two event streams hash alike.
func (d *identity) field(b []byte) {
	d.buf = binary.AppendUvarint(d.buf[:0], uint64(len(b)))
	d.h.Write(d.buf)
	d.h.Write(b)
}

// id returns the id from what was added.
func (d *identity) id() string {
	if d.recorded != "" {
		return string(d.f) + ":" + d.recorded
	}
	return string(d.f) + ":" + hex.EncodeToString(d.h.Sum(nil)[:8])
}
