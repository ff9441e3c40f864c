package projection

import "strings"

// leadMarkRE is what opens a list item or a quoted line: bullets ("-",
// "*", "#", ">") and a number with its "." or ")" ("1.", "2)"). A number
// followed by a space or a unit is the sentence's own ("96 KiB is about
// 11% slower"), no list marker.
var leadMarkRE = mustPattern(`^[\s\-*#>]*(?:\d{1,3}[.)](?:\s+|$))?[\s\-*#>]*`)

// unmarked is s without the list marker it opens with.
func unmarked(s string) string {
	return strings.TrimSpace(s[len(leadMarkRE.FindString(s)):])
}
