package projection

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A code path dropped by name.
//
// "python manage.py shell -c 'from orders.backfill import run_bulk;
// run_bulk()'" fails, its traceback ending in "Order.objects.bulk_update(
// batch, …)" and "OperationalError: (1206, 'The total number of locks
// exceeds the lock table size')"; the agent says "bulk_update hits the
// lock table limit"; the user says "drop bulk_update, just use a plain
// loop". The thing dropped is no program of the failed command
// (abandon.go) but the code path it ran: the replacement runs other code
// (run_loop), not the same command changed, so no later pass of it
// resolves the failure. A failure is that code path's when the user's
// message may answer it (it failed since the user's message before, or
// just before this one: answers) and the name dropped is a name in code
// (an identifier with "_", "." or a hump, or a name called: "bulk_update(")
// that its output or the agent's next words after it name. Its failure is
// given up as any dropped approach's is: negative knowledge, superseded.
// A name that is a plain word ("drop the loop") or that neither the
// output nor the agent named ties nothing.

// maxFailOut bounds the failed outputs kept, and failOutRunes their
// length.
const (
	maxFailOut   = 8
	failOutRunes = 4000
)

// noteFailOut keeps the output text of failure nu (transient: not part
// of a Snapshot).
func (r *Reducer) noteFailOut(nu *Anchor, text string) {
	if len(r.failOut) == maxFailOut {
		r.failOut = append(r.failOut[:0], r.failOut[1:]...)
	}
	r.failOut = append(r.failOut, idText{id: nu.ID, text: headTail(text, failOutRunes)})
}

// idText is a text kept for an anchor by its id.
type idText struct{ id, text string }

// pathDropped reports whether failure a is of the code path one of
// names names, which user message ev drops (see above).
func (r *Reducer) pathDropped(a *Anchor, names []string, ev *Event) bool {
	if !strings.HasPrefix(a.Key, commandPrefix) || len(a.SourceRefs) == 0 || !(r.answers(a, ev) || r.prevUserSeq > 0 && a.Seq() > r.prevUserSeq) {
		return false
	}
	var texts []string
	for _, t := range r.failOut {
		if t.id == a.ID {
			texts = append(texts, t.text)
		}
	}
	for _, s := range r.agentSaid {
		if s.seq > a.SourceRefs[0].Seq && s.seq < ev.Seq {
			// the agent's words right after the failure, on it
			texts = append(texts, s.text)
			break
		}
	}
	for _, n := range names {
		for _, t := range texts {
			if codeNamed(t, n) {
				return true
			}
		}
	}
	return false
}

// codeNamed reports whether text names n as a name in code: n is an
// identifier with "_", "." or a hump, or text calls it ("bulk_update(").
func codeNamed(text, n string) bool {
	if len(n) < 3 {
		return false
	}
	low := strings.ToLower(text)
	called := false
	found := false
	for i := range occurrences(low, n) {
		// a member's name stands after a dot ("objects.bulk_update(")
		if i > 0 {
			if r, _ := utf8.DecodeLastRuneInString(low[:i]); codeRune(r) {
				continue
			}
		}
		rest := low[i+len(n):]
		if r, _ := utf8.DecodeRuneInString(rest); rest != "" && codeRune(r) {
			continue
		}
		found = true
		called = called || strings.HasPrefix(rest, "(")
	}
	return found && (strings.ContainsAny(n, "_.") || identRE.MatchString(n) || called)
}

// codeRune reports whether r may stand inside a name in code.
func codeRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
}
