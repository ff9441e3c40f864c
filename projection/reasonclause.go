package projection

import "strings"

// The reason given with a choice.
//
// A decision is often said with its reason in the same sentence: "Let's
// use exponential backoff because the upstream API rate-limits bursts",
// "we'll keep the queue in Redis, since the deploy already has it", "Wir
// nehmen Postgres, weil die Daten relational sind", "Usaremos gRPC porque
// el cliente ya lo soporta", "用 pnpm，因为 CI 已经装了"; or in the sentence
// right after it: "Go with plan B. That's because plan A needs a
// migration." A Hard Handoff (origin/handoff) gives the reason as the
// decision's why, apart from the choice it explains.
//
// Not a reason: "since" of time ("since Monday", "since v1.2", "since the
// last release": no verb follows), a reason denied ("not because it is
// faster"), the marker inside quotes or backquotes ("the `because`
// keyword"), a false friend read only where its language puts it: Dutch
// "want" and French "car" (English words too) and German "da", "denn"
// only after a comma, as their clauses are set off.

// reasonRE is a reason marker opening a clause (group m), at a word
// boundary; the markers that are English words as well need the comma
// their language sets before them.
var reasonRE = mustPattern(`(?i)(?:^|[\s(—–-])(?P<m>because(?:\s+of)?|since|given\s+that|due\s+to|weil|zumal|porque|ya\s+que|puesto\s+que|dado\s+que|já\s+que|visto\s+que|parce\s+que|parce\s+qu['’]|puisque|étant\s+donné\s+que|perché|poiché|siccome|omdat|aangezien|ponieważ|потому\s+что|так\s+как)(?:[\s,:]|$)|,\s*(?P<c>da|denn|want|car|pois|bo)\s|(?P<z>因为|由于)`)

// reasonLeadRE opens a sentence that gives the reason for the one before
// it.
var reasonLeadRE = mustPattern(`(?i)^(?:(?:that|this|it)(?:'s|’s|\s+is|\s+was)\s+because|because|the\s+reason(?:\s+(?:is|being|was))?\s*[:,]?|reason\s*:|der\s+grund(?:\s+ist)?\s*[:,]?|weil|la\s+raz[oó]n(?:\s+es)?\s*[:,]?|porque|la\s+raison(?:\s+est)?\s*[:,]?|parce\s+que|omdat|因为|原因是)(?:\s|$)`)

// sinceVerbRE is a verb after "since" that makes it a reason, not a
// time: "since the deploy already has it", "since it's cheaper" (not a
// possessive: "since Monday's release").
var sinceVerbRE = mustPattern(`(?i)\b(?:is|are|was|were|be|been|has|have|had|does|do|did|can|cannot|will|would|should|must|may|might|needs?|uses?|supports?|keeps?|makes?|lacks?|requires?|already)\b|n['’]t\b|\b(?:it|that|this|there|he|she|what|who)['’]s\b|['’](?:re|ve|ll|d)\b`)

// ReasonClause finds the reason sentence s gives for what it says: the
// text before it (trimmed of the comma or dash that set it off) and the
// clause, its marker first ("because the upstream API rate-limits
// bursts"). ok is false when s gives none (see above).
func ReasonClause(s string) (before, reason string, ok bool) {
	s = strings.TrimSpace(s)
	for off := 0; off < len(s); {
		m := reasonRE.FindStringSubmatchIndex(s[off:])
		if m == nil {
			return "", "", false
		}
		g := 0
		for _, name := range []string{"m", "c", "z"} {
			if i := reasonRE.SubexpIndex(name); m[2*i] >= 0 {
				g = i
				break
			}
		}
		at, end := off+m[2*g], off+m[2*g+1]
		off = end
		marker := strings.ToLower(s[at:end])
		rest := strings.TrimSpace(s[end:])
		switch {
		case rest == "" || quotedAt(s, at):
			continue
		case deniedReason(s[:at]):
			continue
		case marker == "since" && !sinceVerbRE.MatchString(reasonSpan(rest)):
			continue
		}
		before = strings.TrimRight(strings.TrimSpace(s[:at]), " ,;:—–-(，；：、")
		reason = strings.TrimRight(strings.TrimSpace(s[at:]), " .!;。！；")
		return before, reason, true
	}
	return "", "", false
}

// ReasonAfter is the reason the sentence after quote in text gives ("Go
// with plan B. That's because plan A needs a migration."): that sentence,
// when it opens so; ok is false otherwise.
func ReasonAfter(text, quote string) (string, bool) {
	quote = strings.TrimSpace(quote)
	if quote == "" {
		return "", false
	}
	ss := sentences(text)
	for i, s := range ss {
		if i+1 < len(ss) && (strings.Contains(s, quote) || strings.Contains(quote, strings.TrimSpace(s)) && strings.TrimSpace(s) != "") {
			next := strings.TrimSpace(ss[i+1])
			if reasonLeadRE.MatchString(next) && !strings.ContainsAny(next, "?？") {
				return strings.TrimRight(next, " .!;"), true
			}
			return "", false
		}
	}
	return "", false
}

// deniedReason reports whether the text before a reason marker denies it
// ("not because it is faster", "nicht weil", "no porque").
func deniedReason(before string) bool {
	b := strings.ToLower(strings.TrimSpace(before))
	for _, w := range []string{"not", "nicht", "no", "non", "pas", "niet", "nie", "не", "不是"} {
		if strings.HasSuffix(b, " "+w) || b == w || strings.HasSuffix(b, w) && !isLetterByte(b, len(b)-len(w)-1) {
			return true
		}
	}
	return false
}

// isLetterByte reports whether b[i] is an ASCII letter (false outside b).
func isLetterByte(b string, i int) bool {
	if i < 0 || i >= len(b) {
		return false
	}
	c := b[i] | 0x20
	return c >= 'a' && c <= 'z'
}

// quotedAt reports whether byte i of s is inside backquotes or double
// quotes (an odd number of them before it).
func quotedAt(s string, i int) bool {
	for _, q := range []string{"`", "\""} {
		if strings.Count(s[:i], q)%2 == 1 {
			return true
		}
	}
	return strings.Count(s[:i], "“") > strings.Count(s[:i], "”")
}

// reasonSpan is s up to its first comma, semicolon or dash.
func reasonSpan(s string) string {
	if i := strings.IndexAny(s, ",;—–"); i >= 0 {
		return s[:i]
	}
	return s
}
