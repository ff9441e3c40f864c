package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// Wire names of the credential envelope (RFC-0001 §3.2).
const (
	// Kind is the kind field of every credential.
	Kind = "trust.credential"
	// TypeProofOfRead is the type of a proof that the caller read the
	// target's current content.
	TypeProofOfRead = "proof_of_read"
)

// Credential is one trust.credential as it travels on the wire:
//
//	{"kind":"trust.credential","type":"proof_of_read","target":"demo/x.md","value":"<sha256 hex>"}
//
// Target is a path in the caller's terms (relative to the kernel's base, as
// the action's relpath is); Value is the lower-case hex sha256 of the
// target's content as the caller read it.
type Credential struct {
	Kind   string `json:"kind"`
	Type   string `json:"type"`
	Target string `json:"target"`
	Value  string `json:"value"`
}

// NewProofOfRead returns the proof_of_read a caller that read content from
// target presents.
func NewProofOfRead(target string, content []byte) Credential {
	sum := sha256.Sum256(content)
	return Credential{Kind: Kind, Type: TypeProofOfRead, Target: target, Value: hex.EncodeToString(sum[:])}
}

// Validate reports whether c is a well-formed credential of a supported
// type. The error wraps ErrMalformed or ErrUnsupported.
func (c Credential) Validate() error {
	if c.Kind != Kind {
		return fmt.Errorf("%w: kind %q, want %q", ErrMalformed, c.Kind, Kind)
	}
	if c.Type != TypeProofOfRead {
		return fmt.Errorf("%w: %q", ErrUnsupported, c.Type)
	}
	if c.Target == "" {
		return fmt.Errorf("%w: proof_of_read without target (a proof is bound to its path)", ErrMalformed)
	}
	if !IsSHA256Hex(c.Value) {
		return fmt.Errorf("%w: value is not 64 hex digits", ErrMalformed)
	}
	return nil
}

// Check decides whether the proof c approves an action. sameTarget says
// whether c.Target resolved to the same file as the action's target;
// current is the lower-case hex sha256 of the target's content as the
// kernel read it just now ("" when the target does not exist). A nil error
// means the proof holds; otherwise the error wraps ErrMalformed,
// ErrUnsupported, ErrWrongTarget or ErrStale.
func Check(c Credential, sameTarget bool, current string) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if !sameTarget {
		return fmt.Errorf("%w: proof names %q", ErrWrongTarget, c.Target)
	}
	if current == "" || !strings.EqualFold(c.Value, current) {
		return ErrStale
	}
	return nil
}

// IsSHA256Hex reports whether s is 64 hex digits (either case).
func IsSHA256Hex(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
		default:
			return false
		}
	}
	return true
}
