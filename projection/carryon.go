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

// bareRevertRE is a sentence that only puts something back the way it
// was ("ok, actually go back to what it was, 412MB RSS would OOM the
// boxes", "put it back how it was", "改回原来的吧"): it names no course
// of its own, so it is no decision (read as one, its "actually" replaced
// the session's last decision); a value it reverts is read apart.
var bareRevertRE = mustPattern(`(?i)\b(?:go(?:ing)?|put (?:it|that|them)|set (?:it|that)|change (?:it|that)|switch (?:it|that)|turn (?:it|that)|roll (?:it|that))\s+back\s+(?:to\s+)?(?:what (?:it|that|they) (?:was|were)|how (?:it|that|they) (?:was|were)|the way (?:it|that|they) (?:was|were)|the (?:old|previous|original|earlier|last) (?:value|one|setting|number|size)|before)\b|(?:改回|退回|回到|恢复到?)(?:原来|之前|以前|上一个|上次)的?(?:值|设置|样子|那个)?(?:吧|了)?[。！!]?$`)
