package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Format and FormatVersion are the only values writers produce.
const (
	FormatName    = "ef-checkpoint"
	FormatVersion = 1
)

// Mode is the fold mode that produced a checkpoint (EF-RFC-001 §9). It is
// an immutable value, safe for concurrent use.
type Mode string

// The fold modes.
const (
	ModeLeaf      Mode = "leaf"
	ModeRoot      Mode = "root"
	ModeEmergency Mode = "emergency"
)

// Valid reports whether m is one of the defined modes.
func (m Mode) Valid() bool { return m == ModeLeaf || m == ModeRoot || m == ModeEmergency }

// CheckpointV1 is CheckpointBundleV1 of EF-RFC-001 §5.6, plus Parents, the
// references a root fold keeps to the bundles it folds over. A value is a
// plain data holder: it is not safe for concurrent mutation, and the Store
// never retains or mutates a caller's value.
type CheckpointV1 struct {
	Format        string          `json:"format"`
	FormatVersion int             `json:"formatVersion"`
	CheckpointID  string          `json:"checkpointId"`
	SessionID     string          `json:"sessionId"`
	CreatedAt     int64           `json:"createdAt"` // Unix epoch milliseconds
	Mode          Mode            `json:"mode"`
	Source        Source          `json:"source"`
	Archive       Archive         `json:"archive"`
	Machine       *Interface      `json:"machine,omitempty"`
	Semantic      json.RawMessage `json:"semantic,omitempty"`
	Rendered      Rendered        `json:"rendered"`
	Parents       []ParentRef     `json:"parents,omitempty"`
}

// Source identifies the surface the checkpoint was folded from. Like
// CheckpointV1 it is a plain data holder, not safe for concurrent mutation.
type Source struct {
	OrderedSurfaceSeqs []int  `json:"orderedSurfaceSeqs,omitempty"`
	SourceDigest       string `json:"sourceDigest"`
}

// Archive holds the exact shadowed messages (EF-RFC-001 §7); a plain data
// holder, not safe for concurrent mutation. Messages are
// opaque values, normally JSON; the store returns them byte-exact as given
// and hashes their canonical form, or their raw bytes when they have none
// (LogicalHash). FileHash is "sha256:<hex>" of the
// stored file; it is not part of the stored header (a file cannot contain
// its own hash) and is filled in by the Store on reads and receipts.
type Archive struct {
	ShadowedMessages []json.RawMessage `json:"shadowedMessages"`
	LogicalHash      string            `json:"logicalHash"`
	FileHash         string            `json:"fileHash,omitempty"`
	// RawMessages lists, in increasing order, the indexes of the messages
	// that are not I-JSON (RFC 7493) and so are hashed as their raw bytes
	// rather than in canonical form (see LogicalHash). It is derived from
	// the messages like LogicalHash; absent when every message is I-JSON,
	// so such bundles are byte-identical to those of earlier writers.
	RawMessages []int `json:"rawMessages,omitempty"`
	// Content, when set, is the messages already hashed (NewContent): Seal
	// and Store.Put take LogicalHash and RawMessages from it once they have
	// checked that ShadowedMessages are its bytes (Content.Holds), and
	// compute them from ShadowedMessages when they are not. It is never
	// stored, and Seal drops it.
	Content *Content `json:"-"`
}

// Rendered is the text that replaces the folded messages on the surface;
// a plain value.
// Digest is "sha256:<hex>" of the UTF-8 bytes of Text.
type Rendered struct {
	Text   string `json:"text"`
	Digest string `json:"digest"`
}

// ParentRef points at an earlier bundle that a root fold folds over; a
// plain value.
type ParentRef struct {
	CheckpointID string `json:"checkpointId"`
	LogicalHash  string `json:"logicalHash"`
}

// Interface is CheckpointInterface of EF-RFC-001 §5.5; a plain data
// holder, not safe for concurrent mutation.
type Interface struct {
	Requires      []string `json:"requires"`
	Provides      []string `json:"provides"`
	Obligates     []string `json:"obligates"`
	Evidences     []string `json:"evidences"`
	Rejects       []string `json:"rejects"`
	Uncertainties []string `json:"uncertainties"`
}

// hashPrefix prefixes every hash string the package writes.
const hashPrefix = "sha256:"

func sumString(h hash.Hash) string { return hashPrefix + hex.EncodeToString(h.Sum(nil)) }

// DigestBytes returns "sha256:<hex>" of b.
func DigestBytes(b []byte) string {
	s := sha256.Sum256(b)
	return hashPrefix + hex.EncodeToString(s[:])
}

// validHash reports whether s looks like "sha256:" followed by 64 lowercase hex digits.
func validHash(s string) bool {
	if len(s) != len(hashPrefix)+64 || s[:len(hashPrefix)] != hashPrefix {
		return false
	}
	return isLowerHex(s[len(hashPrefix):])
}

func isLowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// LogicalHash returns "sha256:<hex>" of the archive form of the array
// msgs: "[" + enc(m0) + "," + enc(m1) + ... + "]", where enc(m) is the
// canonical JSON of m (see Canonicalize) when m is I-JSON, and otherwise
// the raw bytes of m, framed as a NUL byte, the decimal byte length of m
// and a colon:
//
//	enc(m) = JCS(m)                          if m is I-JSON
//	enc(m) = 0x00 + decimal(len(m)) + ":" + m otherwise
//
// So every message the host can persist — a lone surrogate escape as
// JSON.stringify writes for a string cut inside an emoji pair, invalid
// UTF-8, nesting deeper than 10,000, a duplicate member name, a number
// outside the double range — is hashed exactly as its bytes are, and one
// odd message never blocks a fold. The encoding is injective (canonical
// JSON never contains a NUL byte), and an archive of I-JSON messages only
// hashes exactly as RFC 8785 over the array. RawIndexes lists the messages
// hashed raw; the Store records it as archive.rawMessages. A nil or empty
// slice hashes as "[]". The error is always nil; it is kept so callers
// need not change when the rule grows.
func LogicalHash(msgs []json.RawMessage) (string, error) {
	h, _ := archiveHash(msgs, false)
	return h, nil
}

// RawIndexes returns the indexes of the messages of msgs that are not
// I-JSON and are therefore archived and hashed as raw bytes (see
// LogicalHash), or nil when there are none.
func RawIndexes(msgs []json.RawMessage) []int {
	_, raw := archiveHash(msgs, true)
	return raw
}

// archiveHash computes LogicalHash and, with wantRaw, the raw indexes.
func archiveHash(msgs []json.RawMessage, wantRaw bool) (string, []int) {
	a := newArchiveHasher()
	a.wantRaw = wantRaw
	for _, m := range msgs {
		a.add(m)
	}
	return a.sum()
}

// archiveHasher computes LogicalHash a message at a time.
type archiveHasher struct {
	h       hash.Hash
	p       jcsParser
	c       []byte
	n       int // messages added
	wantRaw bool
	raw     []int
}

func newArchiveHasher() *archiveHasher {
	a := &archiveHasher{h: sha256.New(), wantRaw: true}
	a.p.holeMin = holeMinBytes
	a.h.Write([]byte{'['})
	return a
}

// add hashes the next message.
func (a *archiveHasher) add(m json.RawMessage) {
	var err error
	a.c, err = a.p.canonical(a.c[:0], m)
	if err != nil {
		a.addRaw(m)
		return
	}
	// The long runs of text were left in m (holes): they are hashed from
	// there, so a huge message is not copied to be hashed.
	a.next()
	a.p.writeCanonical(a.h, a.c)
	clear(a.p.holes) // they point into m
}

// addCanonical hashes the next message, c being its canonical JSON.
func (a *archiveHasher) addCanonical(c []byte) {
	a.next()
	a.h.Write(c)
}

// addRaw hashes the next message, m, as raw bytes (it is not I-JSON).
func (a *archiveHasher) addRaw(m json.RawMessage) {
	i := a.next()
	if a.wantRaw {
		a.raw = append(a.raw, i)
	}
	a.c = append(append(a.c[:0], 0), strconv.Itoa(len(m))...)
	a.c = append(a.c, ':')
	a.h.Write(a.c)
	a.h.Write(m)
}

// next writes the separator before the next message and returns its index.
func (a *archiveHasher) next() int {
	if a.n > 0 {
		a.h.Write([]byte{','})
	}
	a.n++
	return a.n - 1
}

// sum returns the logical hash and the raw indexes of the messages added.
func (a *archiveHasher) sum() (string, []int) {
	a.h.Write([]byte{']'})
	return sumString(a.h), a.raw
}

// Limits on ids.
const (
	maxCheckpointIDLen = 128
	maxSessionIDLen    = 4096
)

// ValidCheckpointID reports whether id is an acceptable checkpoint id:
// 1 to 128 characters from [A-Za-z0-9._-], not starting with a dot.
func ValidCheckpointID(id string) bool {
	if len(id) == 0 || len(id) > maxCheckpointIDLen || id[0] == '.' {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// ValidSessionID reports whether id is an acceptable session id: any
// non-empty valid UTF-8 string (it travels in JSON) of at most 4096 bytes,
// including "..", slashes and NUL. Session ids are encoded before they
// touch the filesystem (see the package documentation).
func ValidSessionID(id string) bool {
	return len(id) > 0 && len(id) <= maxSessionIDLen && utf8.ValidString(id)
}

func checkIDs(sessionID, checkpointID string) error {
	if !ValidSessionID(sessionID) {
		return fmt.Errorf("%w: session id of %d bytes (want 1..%d bytes of UTF-8)", ErrInvalidID, len(sessionID), maxSessionIDLen)
	}
	if !ValidCheckpointID(checkpointID) {
		return fmt.Errorf("%w: checkpoint id %q (want [A-Za-z0-9._-]{1,128}, no leading dot)", ErrInvalidID, checkpointID)
	}
	return nil
}

// Seal validates b and fills its derived fields: Format, FormatVersion,
// Archive.LogicalHash, Archive.RawMessages and Rendered.Digest. It overwrites whatever those
// fields held, taking the archive's hash from Archive.Content when that
// holds the messages (and dropping Content). It returns an error wrapping ErrInvalidID or ErrInvalidBundle
// when b cannot be stored. Seal does not set CreatedAt or FileHash.
func Seal(b *CheckpointV1) error {
	if b == nil {
		return fmt.Errorf("%w: nil bundle", ErrInvalidBundle)
	}
	if err := validate(b); err != nil {
		return err
	}
	lh, raw := archiveHashOf(b.Archive.Content, b.Archive.ShadowedMessages)
	b.Archive.Content = nil
	b.Format = FormatName
	b.FormatVersion = FormatVersion
	b.Archive.LogicalHash = lh
	b.Archive.RawMessages = raw
	b.Rendered.Digest = DigestBytes([]byte(b.Rendered.Text))
	return nil
}

// validate checks everything Seal does not derive.
func validate(b *CheckpointV1) error {
	if err := checkIDs(b.SessionID, b.CheckpointID); err != nil {
		return err
	}
	if !b.Mode.Valid() {
		return fmt.Errorf("%w: mode %q (want leaf, root or emergency)", ErrInvalidBundle, b.Mode)
	}
	if !utf8.ValidString(b.Rendered.Text) {
		return fmt.Errorf("%w: rendered.text is not valid UTF-8", ErrInvalidBundle)
	}
	if !utf8.ValidString(b.Source.SourceDigest) {
		return fmt.Errorf("%w: source.sourceDigest is not valid UTF-8", ErrInvalidBundle)
	}
	if len(b.Semantic) > 0 {
		if _, err := Canonicalize(b.Semantic); err != nil {
			return fmt.Errorf("%w: semantic: %w", ErrInvalidBundle, err)
		}
	}
	if b.Machine != nil {
		for _, l := range [][]string{b.Machine.Requires, b.Machine.Provides, b.Machine.Obligates, b.Machine.Evidences, b.Machine.Rejects, b.Machine.Uncertainties} {
			for _, s := range l {
				if !utf8.ValidString(s) {
					return fmt.Errorf("%w: machine interface entry is not valid UTF-8", ErrInvalidBundle)
				}
			}
		}
	}
	for i, p := range b.Parents {
		if !ValidCheckpointID(p.CheckpointID) {
			return fmt.Errorf("%w: parents[%d].checkpointId %q", ErrInvalidID, i, p.CheckpointID)
		}
		if !validHash(p.LogicalHash) {
			return fmt.Errorf("%w: parents[%d].logicalHash %q is not sha256:<64 hex>", ErrInvalidBundle, i, p.LogicalHash)
		}
	}
	return nil
}

// sealedCopy returns a copy of b ready to store: validated, with derived
// fields filled in when empty and checked when set. The caller's value is
// not modified; message bytes are shared, not copied.
func sealedCopy(b *CheckpointV1) (*CheckpointV1, error) {
	want, err := sealedMeta(b)
	if err != nil {
		return nil, err
	}
	lh, raw := archiveHashOf(want.Archive.Content, want.Archive.ShadowedMessages)
	if err := want.setArchiveHash(b, lh, raw); err != nil {
		return nil, err
	}
	return want, nil
}

// sealedMeta is sealedCopy without the archive's logical hash and raw
// indexes, which are left as b has them: Put computes them while it
// compresses the messages (codec.encode) and then checks them with
// setArchiveHash, so the canonical form of the messages is computed once.
func sealedMeta(b *CheckpointV1) (*CheckpointV1, error) {
	if b == nil {
		return nil, fmt.Errorf("%w: nil bundle", ErrInvalidBundle)
	}
	c := *b
	c.Archive.FileHash = ""
	if c.CreatedAt <= 0 {
		return nil, fmt.Errorf("%w: createdAt must be set (epoch milliseconds)", ErrInvalidBundle)
	}
	if c.Format != "" && c.Format != FormatName {
		return nil, fmt.Errorf("%w: format %q (want %q)", ErrInvalidBundle, c.Format, FormatName)
	}
	if c.FormatVersion != 0 && c.FormatVersion != FormatVersion {
		return nil, &VersionError{What: "formatVersion", Version: c.FormatVersion}
	}
	if err := validate(&c); err != nil {
		return nil, err
	}
	want := c
	want.Format = FormatName
	want.FormatVersion = FormatVersion
	want.Rendered.Digest = DigestBytes([]byte(c.Rendered.Text))
	if c.Rendered.Digest != "" && c.Rendered.Digest != want.Rendered.Digest {
		return nil, fmt.Errorf("%w: rendered.digest %s, computed %s", ErrHashMismatch, c.Rendered.Digest, want.Rendered.Digest)
	}
	if want.Machine != nil {
		m := *want.Machine
		for _, l := range []*[]string{&m.Requires, &m.Provides, &m.Obligates, &m.Evidences, &m.Rejects, &m.Uncertainties} {
			if *l == nil {
				*l = []string{}
			}
		}
		want.Machine = &m
	}
	if want.Archive.ShadowedMessages == nil {
		want.Archive.ShadowedMessages = []json.RawMessage{}
	}
	return &want, nil
}

// setArchiveHash records the logical hash and raw indexes computed from
// the messages in b, after checking them against what the caller's
// bundle orig claimed, if anything (ErrHashMismatch).
func (b *CheckpointV1) setArchiveHash(orig *CheckpointV1, lh string, raw []int) error {
	if orig.Archive.LogicalHash != "" && orig.Archive.LogicalHash != lh {
		return fmt.Errorf("%w: archive.logicalHash %s, computed %s", ErrHashMismatch, orig.Archive.LogicalHash, lh)
	}
	if orig.Archive.RawMessages != nil && !slices.Equal(orig.Archive.RawMessages, raw) {
		return fmt.Errorf("%w: archive.rawMessages %v, computed %v", ErrHashMismatch, orig.Archive.RawMessages, raw)
	}
	b.Archive.LogicalHash = lh
	b.Archive.RawMessages = raw
	return nil
}

// MarshalCanonical returns the canonical JSON (see Canonicalize) of the
// whole bundle, shadowed messages included: the single-document form of
// CheckpointBundleV1 for export and interchange. The Store does not use
// this layout on disk. A bundle holding raw (non-I-JSON) messages has no
// canonical single-document form: the error then wraps
// ErrNotCanonicalizable.
func MarshalCanonical(b *CheckpointV1) ([]byte, error) {
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidBundle, err)
	}
	return Canonicalize(raw)
}
