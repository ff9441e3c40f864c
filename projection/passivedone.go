package projection

import "strings"

// A task said done in an English clause whose subject is the task's
// object.
//
// "The CHANGELOG is updated.", "README is now updated", "the docs are
// updated", "the migration notes have been written": after the task
// "update the CHANGELOG" (the user's, or the agent's own "I still need
// to …"), the agent's full clause "<what the task names> is/are (now)
// <the participle of the task's verb>" says the work done. claimedDone
// (done.go) reads the clause that opens with the verb ("Updated
// CHANGELOG.md …"); an English participle elsewhere names a thing as
// often as work done, so only this clause is read: its subject, past an
// "OK," or "Done:", is the task's object and nothing else (a conjunct of
// "the README and the CHANGELOG are updated" will do), its verb is the
// task's, and nothing but an end, "with …", "for …", "accordingly" or
// the like follows. "Here is the updated CHANGELOG" (a thing, no
// clause), "the CHANGELOG is updated daily" or "… whenever we release"
// (what is usual, not what was done), "once the CHANGELOG is updated"
// (a condition), "the CHANGELOG isn't updated yet" and a question do
// nothing.
var (
	// passiveDoneRE is the clause: its subject, its participle and what
	// follows.
	passiveDoneRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|done|also|so|great|good\s+news|and|now)[,:!]?\s+)*((?:\S+\s+){0,5}?\S+?)(?:\s+(?:is|are|has\s+been|have\s+been)|'s|’s)\s+(?:now\s+|already\s+|also\s+|all\s+|both\s+|finally\s+)?(\p{L}+)(.*)$`)
	// passiveTailRE is what may follow the participle.
	passiveTailRE = mustPattern(`(?i)^\s*(?:$|[.!,;:)—–-]|(?:with|to|for|in|on|accordingly|as\s+well|too|now|as\s+(?:requested|asked|discussed|agreed)|per|and)\b)`)
	// habitualRE is work said usual or done by something else.
	habitualRE = mustPattern(`(?i)\b(?:daily|weekly|nightly|hourly|monthly|every|each|whenever|automatically|auto-?generated|usually|always|regularly|periodically|typically|normally|often|sometimes|by)\b`)
	// passiveClauseRE cuts a sentence at a comma, a semicolon or an "and".
	passiveClauseRE = mustPattern(`(?i)\s*[,;]\s*|\s+(?:and|but)\s+|\s+[—–]\s+`)
	// passiveExtRE is a file name's extension.
	passiveExtRE = mustPattern(`(\p{L})\.[A-Za-z]{1,4}\b`)
)

// passiveDone reports whether the agent's sentence s says task v done by
// a clause whose subject is v's object (see above).
func passiveDone(v, s string) bool {
	if strings.ContainsAny(s, "?？") || questionRE.MatchString(s) {
		return false
	}
	verb, obj := taskVerb(ownTaskBody(v))
	if verb == "" || len(obj) == 0 {
		return false
	}
	for _, c := range passiveClauseRE.Split(s, -1) {
		m := passiveDoneRE.FindStringSubmatch(c)
		if m == nil || notDoneRE.MatchString(c) || notYetRE.MatchString(c) || habitualRE.MatchString(m[3]) || !passiveTailRE.MatchString(m[3]) {
			continue
		}
		if participleStem(m[2]) != verb {
			continue
		}
		subj := stems(passiveExtRE.ReplaceAllString(m[1], "$1"))
		if len(subj) == 0 {
			continue
		}
		all := true
		for w := range subj {
			if !obj[w] {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// participleStem is the stem of the verb whose participle w is: "updat"
// for "updated", "writ" for "written"; "" when w is none.
func participleStem(w string) string {
	w = strings.ToLower(w)
	if p, ok := pastIrregular[w]; ok {
		return p
	}
	if !strings.HasSuffix(w, "ed") {
		return ""
	}
	return stem(w)
}
