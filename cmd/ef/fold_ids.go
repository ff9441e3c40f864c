package main

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// foldIDs mints the compaction ids of one ef fold (engine.Options.NewID)
// from what the replay has read so far and the folds it has committed, not
// at random. So folding is idempotent: the same log folded with the same
// flags into a store that already holds it names the same checkpoints, and
// the engine answers each fold with the bundle already stored under that
// id instead of writing a second copy; a longer log (the session went on)
// names the same checkpoints for the folds of the part it shares with the
// shorter one and new ones after it. Not safe for concurrent use (ef fold
// folds one span at a time).
//
// The folds committed are part of the digest because they, with the
// events, make the surface a fold plans its span on: an id then names one
// surface, so a fold meets under its id only a checkpoint cut from that
// surface. With the events alone, a run in which one fold did not commit
// (its bundle could not be written, or it could in the run that stored
// the checkpoints and not in this one) went on from another surface under
// the same ids, and every later fold whose id the store held archived
// another span than the stored one: refused as a checkpoint of different
// content, one after another to the end of the log.
//
// The ids also name the ef build (buildFingerprint): another build may plan
// other spans, and a span other than the stored one under a stored id is
// refused by the store (bundle.ErrExists), which would fail every fold of
// a re-fold after an upgrade. So another build writes new checkpoints
// beside the old ones instead; the same build never duplicates.
type foldIDs struct {
	h    hash.Hash // session id, flags, then every event appended
	last [sha256.Size]byte
	n    int // ids minted since the digest last changed
	buf  []byte
}

// newFoldIDs starts the digest with the flags that change which folds run.
func newFoldIDs(mode string, window, budget int, strict bool, rho float64) *foldIDs {
	f := &foldIDs{h: sha256.New()}
	fmt.Fprintf(f.h, "ef fold ids v1\x00build=%s\x00mode=%s\x00window=%d\x00budget=%d\x00strict=%t\x00", buildFingerprint(), mode, window, budget, strict)
	if rho != 0 {
		// another ρ sizes other folds: other spans, other ids (the
		// default keeps the ids of builds before --rho)
		fmt.Fprintf(f.h, "rho=%g\x00", rho)
	}
	return f
}

// buildFingerprint names the running ef build: its VCS revision when it
// was built from a clean checkout, else a digest of its executable (go run
// stamps no revision; Go builds are reproducible, so the same source gives
// the same digest); "" when neither can be read.
func buildFingerprint() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" && modified == "false" {
			return "rev:" + rev
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return fmt.Sprintf("exe:%x", h.Sum(nil))
}

// foldMinted reports whether checkpointID is one that ef fold named
// (engine.CheckpointID of an id next returns: a version 8 UUID), rather
// than the DSH plugin or a sidecar (the host's compaction ids, version 4
// UUIDs, or a pruned result's id).
func foldMinted(checkpointID string) bool {
	u, ok := strings.CutPrefix(checkpointID, "ef-")
	return ok && len(u) == 36 && u[8] == '-' && u[13] == '-' && u[14] == '8' && u[18] == '-' && u[23] == '-'
}

// session adds the session id, before any event.
func (f *foldIDs) session(id string) {
	f.field([]byte(id))
}

// read adds one event of the input log (as read, before any renumbering).
func (f *foldIDs) read(e hostshim.Event) {
	f.num(int64(e.Seq))
	f.field([]byte(e.Type))
	f.num(e.Time)
	f.field(e.Data)
	f.num(int64(len(e.SourceEventSeqs)))
	for _, s := range e.SourceEventSeqs {
		f.num(int64(s))
	}
	if op := e.SurfaceOp; op != nil && op.Replace {
		f.num(int64(op.Start))
		f.num(int64(op.End))
	} else {
		f.num(-1)
	}
}

// folded adds a fold that committed checkpoint id (the surface changed).
// Its marker, -2, is no event's seq, so no stream of events hashes as
// events and folds.
func (f *foldIDs) folded(id string) {
	f.num(-2)
	f.field([]byte(id))
}

func (f *foldIDs) num(v int64) {
	f.buf = binary.AppendVarint(f.buf[:0], v)
	f.h.Write(f.buf)
}

// field writes b with its length, so that no two event streams hash alike.
func (f *foldIDs) field(b []byte) {
	f.num(int64(len(b)))
	f.h.Write(b)
}

// next returns the next id, UUID-shaped (version 8, RFC 9562): a digest of
// everything read so far and of how many ids were minted since the last
// event was read.
func (f *foldIDs) next() string {
	var sum [sha256.Size]byte
	f.h.Sum(sum[:0])
	if sum != f.last {
		f.last, f.n = sum, 0
	}
	f.n++
	d := sha256.New()
	d.Write(sum[:])
	d.Write(binary.AppendUvarint(nil, uint64(f.n)))
	b := d.Sum(nil)[:16]
	b[6] = b[6]&0x0f | 0x80
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
