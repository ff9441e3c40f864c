package projection

import (
	"strings"
)

// A test called flaky stays open after one pass.
//
// reconnect_after_broker_restart fails; a loop runs it five times and
// it fails twice; the agent says "reconnect_after_broker_restart は flaky
// です（5回中2回失敗）… issue #318 にしました". A later full run passes.
// One pass of a test that fails on unchanged code now and then shows no
// fix: the failure stays open, marked flaky, until a repeated run (a
// loop or a --count option, testrepeat.go) passes. A sentence marks a
// failure flaky when it calls a thing flaky or intermittent, in the
// languages the lexicons read, and names the failed test or run (a word
// of it in code: its test's name, a name in code of its command), or names
// no name in code and comes right after the one newest failure. A question, a
// guess or a negation ("is it flaky?", "might be flaky", "not flaky",
// "flaky じゃない", "不是偶现") marks nothing.

var (
	// flakyRE calls a thing flaky.
	flakyRE = mustPattern(`(?i)\b(?:flaky|flakey|flake|intermittent(?:ly)?|nondeterministic|non-deterministic)\b|不安定(?:な|です|だ)|フレーキー|たまに(?:落ちる|失敗)|偶发|偶现|时好时坏|不稳定`)
	// flakyNotRE negates or doubts it.
	flakyNotRE = mustPattern(`(?i)\b(?:not|isn't|isnt|aren't|wasn't|no\s+longer|never)\s+(?:a\s+|really\s+)?(?:flaky|flakey|flake|intermittent)|(?:flaky|フレーキー|不安定)\s*(?:じゃ|では)(?:ない|なく|ありません)|不是(?:偶发|偶现|不稳定)|并不(?:偶发|不稳定)|\bnot\s+(?:flaky|a\s+flake)`)
)

// markedFlaky marks flaky the open failures a sentence of message ev
// calls flaky (see above).
func (r *Reducer) markedFlaky(ev *Event) {
	for _, s := range sentences(ev.Text) {
		if !flakyRE.MatchString(s) || flakyNotRE.MatchString(s) || questionRE.MatchString(s) || hedgeRE.MatchString(s) {
			continue
		}
		var newest *Anchor
		named := false
		for _, a := range r.sorted() {
			if a.Kind != KindFailure || !a.IsHead() || a.Seq() >= ev.Seq {
				continue
			}
			if newest == nil || newer(a, newest) {
				newest = a
			}
			if flakyNamed(a, s) {
				r.markFlaky(a, s)
				named = true
			}
		}
		if !named && newest != nil && r.rightAfter(newest, ev) && len(mentions(s)) == 0 && !identRE.MatchString(s) {
			r.markFlaky(newest, s)
		}
	}
}

// flakyNamed reports whether sentence s names failure a's test (its
// key's last name) or a name in code its failed run holds.
func flakyNamed(a *Anchor, s string) bool {
	low := strings.ToLower(s)
	if name, ok := strings.CutPrefix(a.Key, "test/-/"); ok {
		for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '>' || r == ':' || r == '/' || r == '.' || r == '#' }) {
			if len(w) >= 6 && identRE.MatchString(w) && strings.Contains(low, strings.ToLower(w)) {
				return true
			}
		}
	}
	for _, w := range strings.Fields(failedCallOf(a)) {
		w = strings.Trim(w, `'"`)
		if len(w) >= 6 && identRE.MatchString(w) && codeNamed(low, strings.ToLower(w)) {
			return true
		}
	}
	return false
}

// markFlaky marks failure a flaky, by sentence s.
func (r *Reducer) markFlaky(a *Anchor, s string) {
	if r.flaky == nil {
		r.flaky = map[*Anchor]bool{}
	}
	if r.flaky[a] {
		return
	}
	r.flaky[a] = true
	a.Value += flakyMark + oneLine(s, 80)
}

// flakyMark opens the note a flaky failure's value ends with.
const flakyMark = " · flaky: "

// flakyNote is the note failure a's value ends with when it was marked
// flaky, "" else: a failure seen again with another line keeps it.
func (r *Reducer) flakyNote(a *Anchor) string {
	if !r.flaky[a] {
		return ""
	}
	if i := strings.LastIndex(a.Value, flakyMark); i >= 0 {
		return a.Value[i:]
	}
	return ""
}

// flakyHeld reports whether passing call c leaves failure a open: a is
// flaky and c ran no repeated run.
func (r *Reducer) flakyHeld(a *Anchor, c *Call) bool {
	if !r.flaky[a] || c == nil {
		return false
	}
	cmd := callScript(c)
	return repeatedRun(cmd) == cmd && !repeatOptRE.MatchString(cmd)
}

// repeatOptRE is an option that runs the tests many times.
var repeatOptRE = mustPattern(`(?:^|\s)(?:--count|-count|--repeat-each|--flake-runs|--repeat)(?:=|\s+)(?:until-fail:)?[1-9]\d+`)
