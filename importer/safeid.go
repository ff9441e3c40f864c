package importer

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxRecordedID is the longest session id a file may record that ef keeps
// as it is: the id is in every ref ef search prints and every bundle, and
// the store refuses one over 4096 bytes.
const maxRecordedID = 256

// safeRecordedID is the session id ef files a session under (Imported.ID,
// after the format's name) for the id its file records, and why it was
// rewritten ("" when it is kept). A recorded id is the file's own text,
// and a hostile or broken file may record anything: "../../etc", an id of
// megabytes, a NUL, a newline. One that is not valid UTF-8, holds a
// control character (a NUL, a line break), is longer than maxRecordedID
// bytes, or is a path with a "." or ".." segment (which ef recall refuses
// in a ref: recall.SessionIDProblem) is rewritten to its letters, digits
// and ".-_" (at most 64), then "~" and 16 hex digits of its SHA-256: the
// same file gets the same id, two ids that differ stay two sessions, and
// every ref printed for it can be recalled. Slashes, '@', '#', '%' and
// spaces are kept: refs escape them.
func safeRecordedID(recorded string) (id, why string) {
	switch {
	case recorded == "":
		return "", ""
	case !utf8.ValidString(recorded):
		why = "it is not UTF-8"
	case strings.ContainsFunc(recorded, unicode.IsControl):
		why = "it holds a control character (a NUL, a line break, …)"
	case len(recorded) > maxRecordedID:
		why = fmt.Sprintf("it is %d bytes long (at most %d are kept)", len(recorded), maxRecordedID)
	default:
		for _, seg := range strings.FieldsFunc(recorded, func(r rune) bool { return r == '/' || r == '\\' }) {
			if seg == "." || seg == ".." {
				why = fmt.Sprintf("it is a path with a %q segment", seg)
				break
			}
		}
	}
	if why == "" {
		return recorded, ""
	}
	var sb strings.Builder
	for _, r := range recorded {
		if sb.Len() == 64 {
			break
		}
		if r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			sb.WriteRune(r)
		}
	}
	sum := sha256.Sum256([]byte(recorded))
	if sb.Len() > 0 {
		sb.WriteByte('~')
	}
	sb.WriteString(hex.EncodeToString(sum[:8]))
	return sb.String(), why
}

// rewrittenIDNote words Stats.IDRewritten: what the file recorded (cut
// short), what ef files the session under and why.
func rewrittenIDNote(recorded, id, why string) string {
	shown := recorded
	if len(shown) > 80 {
		cut := 80
		for cut > 0 && !utf8.RuneStart(shown[cut]) {
			cut--
		}
		shown = shown[:cut] + "…"
	}
	return fmt.Sprintf("the session id the file records, %q, was rewritten to %q because %s: ef files, prints and recalls the session under the rewritten id", shown, id, why)
}
