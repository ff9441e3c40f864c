package recall

import (
	"net/url"
	"strconv"
	"strings"
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
		if !validID(sess) {
			return bad("empty or invalid session after '@'")
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
	if !validCheckpointID(t) {
		return bad("checkpoint id is empty or contains white space, '#', '@' or ':'")
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
