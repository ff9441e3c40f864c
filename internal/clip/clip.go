// Package clip shortens text for a person to read: a checkpoint line, a
// quoted statement in an error, a table cell. It is one rule written once,
// because a cut in the middle of a UTF-8 sequence or a cut that does not
// say so would mislead the reader: cuts fall between runes and are marked
// with "…".
package clip

import "unicode/utf8"

// Runes returns s when it has at most n runes (or n <= 0: no limit), else
// its first n runes followed by "…".
func Runes(s string, n int) string {
	if n <= 0 || utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
