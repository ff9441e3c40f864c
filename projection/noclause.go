package projection

import "strings"

// A prohibition said as a noun phrase after an instruction.
//
// "Usa golang.org/x/time/rate, nada de dependencias nuevas.", "Nutze
// x/time/rate, keine neuen Dependencies.", "use x/time/rate, no new deps":
// the sentence directs the agent by its first clause and forbids by a
// bare "no X" after the comma (bareNo), which a Romance language writes
// with its adjective after the noun ("no dependencias nuevas" in the
// gloss), so constraintRE's "no new X" does not see it. The whole
// sentence is one rule, read where it stands: the instruction and its
// prohibition together. A report after a comma ("I checked, no errors")
// is no rule: its first clause says what to use (useHeadRE) or the
// sentence is none, and bareNo keeps its pleasantries and reports out.

// noAfterInstruction reports whether sentence s is an instruction
// followed, after a comma, by a bare prohibition ("use X, no Y").
func noAfterInstruction(s string) bool {
	if questionRE.MatchString(s) || strings.ContainsAny(s, "?？¿") {
		return false
	}
	head, tail, ok := strings.Cut(s, ", ")
	if !ok {
		return false
	}
	tail = strings.TrimSpace(tail)
	if !strings.HasPrefix(strings.ToLower(tail), "no ") || !bareNo(tail) {
		return false
	}
	return useHeadRE.MatchString(head) && imperative(head)
}

// useHeadRE is an instruction of what to use, in the gloss: "use
// golang.org/x/time/rate", "stick to sqlite", "keep the stdlib".
var useHeadRE = mustPattern(`(?i)^\W*(?:(?:and|also|please|so|but)[,]?\s+)*(?:only\s+)?(?:use|stick (?:to|with)|go with|keep|prefer)\s+\S`)
