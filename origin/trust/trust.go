package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
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
//
// A credential decoded from JSON keeps what was wrong with its members: a
// member other than these four (names are case-sensitive) or one that is
// not a string makes Validate report the credential malformed, so the
// kernel judges it (denied, naming the member) instead of ignoring a member
// that may restrict the proof, as the reference does.
type Credential struct {
	Kind   string `json:"kind"`
	Type   string `json:"type"`
	Target string `json:"target"`
	Value  string `json:"value"`

	problem string // set by UnmarshalJSON: the members that are not the envelope's
}

// UnmarshalJSON decodes a credential object. Only data that is not a JSON
// object (or null) is an error; members it does not know, or of the wrong
// JSON type, are kept for Validate to refuse.
func (c *Credential) UnmarshalJSON(data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*c = Credential{}
	var unknown, wrong []string
	for _, name := range slices.Sorted(maps.Keys(m)) {
		var dst *string
		switch name {
		case "kind":
			dst = &c.Kind
		case "type":
			dst = &c.Type
		case "target":
			dst = &c.Target
		case "value":
			dst = &c.Value
		default:
			unknown = append(unknown, fmt.Sprintf("%q", name))
			continue
		}
		if err := json.Unmarshal(m[name], dst); err != nil || string(m[name]) == "null" {
			wrong = append(wrong, fmt.Sprintf("%q", name))
		}
	}
	var ps []string
	if len(unknown) > 0 {
		ps = append(ps, "unknown member "+strings.Join(unknown, ", ")+" (a credential has only kind, type, target and value)")
	}
	if len(wrong) > 0 {
		ps = append(ps, "member "+strings.Join(wrong, ", ")+" is not a string")
	}
	c.problem = strings.Join(ps, "; ")
	return nil
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
	if c.problem != "" {
		return fmt.Errorf("%w: %s", ErrMalformed, c.problem)
	}
	if c.Target == "" {
		return fmt.Errorf("%w: proof_of_read without target (a proof is bound to its path)", ErrMalformed)
	}
	if !IsSHA256Hex(c.Value) {
		return fmt.Errorf("%w: value %s", ErrMalformed, NotSHA256(c.Value))
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

// NotSHA256 says why s is not a sha256, for a verdict that names the
// member before it: `"ABC" is not a sha256 (64 hex digits)`. A long s is
// cut.
func NotSHA256(s string) string {
	q := s
	if len(q) > 72 {
		q = q[:64] + "…"
	}
	return fmt.Sprintf("%q is not a sha256 (64 hex digits; %d given)", q, len(s))
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
