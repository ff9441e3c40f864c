package projection

import "strings"

// carryOnRE is a user's "let's" that only carries the work on ("Let's
// keep working on the project.", "let's continue with the migration",
// "let's pick up where we left off"): it chooses nothing, so it is no
// decision (the objective, when it opens a session).
var carryOnRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|alright|right|good|great|now)[,!]?\s+)*(?:let's|let us|we'll|we will)\s+(?:keep (?:going|working|at it)|continue|carry on|go on|resume|pick (?:it |this |things )?up|get back to (?:it|work|the)|keep on)\b[^,;:!?]*[.!]?\s*$`)

// carryOn reports whether s only carries the work on: a "let's continue
// with Redis instead of memcached" chooses.
func carryOn(s string) bool {
	if !carryOnRE.MatchString(s) {
		return false
	}
	l := strings.ToLower(s)
	for _, w := range []string{"instead", "rather", "switch", " not ", " but ", "only "} {
		if strings.Contains(l, w) {
			return false
		}
	}
	return true
}
