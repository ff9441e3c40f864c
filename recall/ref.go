package recall

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/epistemicfold/ef/internal/clip"
)

// Ref names what context_recall should return. Its text form is
// "<checkpoint>[#<message>[:<byte>]][@<session>]":
//
//   - "ckpt-7" is a checkpoint;
//   - "ckpt-7#12" is message 12 (0-based) of its archived messages;
//   - "ckpt-7#12:16000" is message 12 from byte 16,000 of its exact JSON,
//     the continuation of a message too large for one answer;
//   - a trailing "@<session>" names the session when it is not the caller's
//     own (search hits in project scope carry it), path-escaped
//     (url.PathEscape).
//
// Search hits carry their ref, so a model copies it rather than composing
// one. A Ref is a plain value.
type Ref struct {
	// SessionID is the session; "" means the caller's session.
	SessionID    string
	CheckpointID string
	// Message is the message index, nil for the whole checkpoint.
	Message *int
	// Byte is the byte offset into the message's exact JSON (only with
	// Message).
	Byte int
}

// ParseRef parses the text form of a ref.
func ParseRef(s string) (Ref, error) {
	var r Ref
	bad := func(reason string) (Ref, error) { return Ref{}, &RefError{Ref: s, Reason: reason} }
	t := strings.TrimSpace(s)
	if t == "" {
		return bad("empty ref")
	}
	if len(t) > 8192 {
		return bad("ref longer than 8192 bytes")
	}
	if i := strings.IndexByte(t, '@'); i >= 0 {
		sess, err := url.PathUnescape(t[i+1:])
		if err != nil {
			return bad("session after '@' is not path-escaped: " + err.Error())
		}
		if why := SessionIDProblem(sess); why != "" {
			return bad("invalid session id after '@': " + why)
		}
		r.SessionID = sess
		t = t[:i]
	}
	if i := strings.IndexByte(t, '#'); i >= 0 {
		rest := t[i+1:]
		t = t[:i]
		msg, byteOff, hasByte := strings.Cut(rest, ":")
		n, err := strconv.Atoi(msg)
		if err != nil || n < 0 || msg == "" || msg[0] == '+' || msg[0] == '-' {
			return bad("message after '#' must be a non-negative integer")
		}
		r.Message = &n
		if hasByte {
			b, err := strconv.Atoi(byteOff)
			if err != nil || b < 0 || byteOff == "" || byteOff[0] == '+' || byteOff[0] == '-' {
				return bad("byte offset after ':' must be a non-negative integer")
			}
			r.Byte = b
		}
	} else if strings.IndexByte(t, ':') >= 0 {
		return bad("a byte offset ':N' needs a message '#N' before it")
	}
	if !refCheckpointID(t) {
		return bad(fmt.Sprintf("invalid checkpoint id %q (%s)", clip.Runes(t, 80), CheckpointIDRule))
	}
	r.CheckpointID = t
	return r, nil
}

// FormatRef returns the text form of r. The session is omitted when it is
// currentSession.
func FormatRef(r Ref, currentSession string) string {
	var sb strings.Builder
	sb.WriteString(r.CheckpointID)
	if r.Message != nil {
		sb.WriteByte('#')
		sb.WriteString(strconv.Itoa(*r.Message))
		if r.Byte > 0 {
			sb.WriteByte(':')
			sb.WriteString(strconv.Itoa(r.Byte))
		}
	}
	if r.SessionID != "" && r.SessionID != currentSession {
		sb.WriteByte('@')
		sb.WriteString(url.PathEscape(r.SessionID))
	}
	return sb.String()
}

// CheckpointIDRule is the rule a checkpoint id of a ref follows: the
// bundle store's (bundle.ValidCheckpointID), so that a ref that could
// never name a stored checkpoint is refused as such.
const CheckpointIDRule = "want 1 to 128 characters from [A-Za-z0-9._-], no leading dot"

// refCheckpointID reports whether id follows CheckpointIDRule.
func refCheckpointID(id string) bool {
	if id == "" || len(id) > 128 || id[0] == '.' {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// SessionIDRule is the rule a session id named in a ref (or to recall
// and fold under) follows.
const SessionIDRule = "want 1 to 4096 bytes of UTF-8 text without NUL, not a path with a '.' or '..' segment"

// SessionIDProblem says how id breaks SessionIDRule, with the rule, or ""
// when it follows it. The bundle store would file any UTF-8 text
// (session ids are encoded before they touch the filesystem), but no
// session a host or importer names is a path with "." or ".." segments
// (between '/' or '\\'): a ref naming one ("…@../../etc") is a
// mistake or a probe, and is answered as an invalid id rather than as a
// session the store happens not to hold.
func SessionIDProblem(id string) string {
	switch {
	case id == "" || len(id) > 4096:
		return fmt.Sprintf("%d bytes (%s)", len(id), SessionIDRule)
	case !utf8.ValidString(id):
		return "not UTF-8 (" + SessionIDRule + ")"
	case strings.ContainsRune(id, 0):
		return "holds a NUL (" + SessionIDRule + ")"
	}
	for _, seg := range strings.FieldsFunc(id, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == "." || seg == ".." {
			return fmt.Sprintf("%q is a path with a %q segment (%s)", clip.Runes(id, 80), seg, SessionIDRule)
		}
	}
	return ""
}
