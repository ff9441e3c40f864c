package projection

import (
	"slices"
	"strings"
)

// An approach dropped for another course, no decision holding it.
//
// "погоди, chunks_exact выкидываем. данные у нас из kafka приходят
// невыровненные, и Коля говорит в профиле это ничего не дало. сделай
// обычный цикл обратно." after the agent tried chunks_exact(8) on its
// own: the user drops a thing the work took up (takenBack's words, in
// any language the projection reads), says why, and names the course
// taken in its place ("put the plain loop back", "use …"). No decision
// named the thing, so none is superseded; the course is the user's
// decision and the thing dropped is negative knowledge holding the
// reason, as droppedChoices (rethink.go) reads "drop criterion, just
// make it an #[ignore]d test". A course that goes back to what was there
// before ("put the plain loop back", "сделай обычный цикл обратно") is
// that decision, not a setting set back to a value never stated: the
// revert reading of it is dropped.
//
// The reason is required (a removal with a course and no reason is a
// step of the work: "drop the println, use log"), and the course must
// follow within two sentences; a question drops nothing.

// maxCourseGap is how many sentences after the drop its course may be.
const maxCourseGap = 2

// droppedForCourse adds to out the decision and the negative knowledge
// of thing x dropped in sentence s (its take-back clause ending at
// after), when a reason and a course follow (see above).
func droppedForCourse(s string, after int, rest []string, x string, out []Proposal) []Proposal {
	if questionRE.MatchString(s) || after > len(s) {
		return out
	}
	if len(rest) > maxCourseGap {
		rest = rest[:maxCourseGap]
	}
	texts := append([]string{s[after:]}, rest...)
	var why []string
	course := ""
	for _, n := range texts {
		n = strings.TrimSpace(n)
		if c := takeCourse(n, nil); c != "" {
			if i := strings.Index(n, c); i > 0 {
				why = append(why, n[:i])
			}
			course = c
			break
		}
		if questionRE.MatchString(n) {
			return out
		}
		why = append(why, n)
	}
	reason := strings.TrimSpace(strings.Trim(strings.TrimSpace(strings.Join(why, " ")), ",;，；—–-"))
	if course == "" || len(terms(reason)) < 2 || questionRE.MatchString(course) {
		return out
	}
	if slices.ContainsFunc(out, func(p Proposal) bool {
		return p.Kind == KindDecision && (p.Replaces != "" || p.Op == OpLift) && (strings.Contains(s, p.Quote) || strings.Contains(course, p.Quote))
	}) {
		// read already as a switch or a take-back
		return out
	}
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		if p.Quote == "" || p.Op != OpState {
			return false
		}
		in := strings.Contains(course, strings.TrimSpace(p.Quote)) || strings.Contains(s, p.Quote)
		switch p.Kind {
		case KindValue:
			// "put the plain loop back": no setting set back
			return in && p.Rel == "=was"
		case KindDecision, KindNegative:
			return in
		}
		return false
	})
	out = append(out,
		Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(x), Value: oneLine(x+" — rejected: "+reason, valueRunes), Quote: reason, Links: mentions(x)},
		Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(course), Value: course, Quote: course, Links: mentions(course)})
	return out
}
