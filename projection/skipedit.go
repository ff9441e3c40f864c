package projection

import (
	"fmt"
	"slices"
	"strings"
)

// A test disabled is not a test fixed.
//
// GoogleTest's CanParserTest.Fuzz fails; the user says "disable it,
// ticket FW-318"; the agent renames it DISABLED_Fuzz and the next run
// passes, saying "YOU HAVE 1 DISABLED TEST". The run passes only because
// the failing test no longer runs. An edit that marks a test skipped
// (GoogleTest's DISABLED_ prefix, pytest's @pytest.mark.skip, skipif or
// xfail and unittest's @skip, Go's t.Skip, Jest's and Mocha's it.skip,
// test.skip, describe.skip, xit, xtest, Rust's #[ignore]) names the
// tests it put aside (skipMarkRE, the names the new text marks and the
// old did not), and a passing run whose output shows tests skipped
// (skipSignRE: "1 skipped", "SKIPPED", "DISABLED", "ignored") supersedes
// the failures that name one of them instead of resolving them: put
// aside, not fixed. When the user's message since the failure asked for
// a ticket or named one ("ticket FW-318", "file an issue for it"), fixing
// the test is work left for later, an open obligation. A run that shows
// no skip, a failure naming another test, and a skip mark the old text
// already had do nothing here (skipped.go reads skips with no edit).

var (
	// skipMarkRE marks a test skipped; a group named for its framework
	// holds the test's name (gs the GoogleTest suite).
	skipMarkRE = mustPattern(`\bTEST(?:_F|_P)?\(\s*(?P<gs>\w+)\s*,\s*DISABLED_(?P<gt>\w+)` +
		`|\bDISABLED_(?P<gt2>\w+)` +
		`|@pytest\.mark\.(?:skip|skipif|xfail)\b[^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+(?P<py>\w+)` +
		`|@(?:unittest\.)?skip(?:If|Unless)?\b[^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*def[ \t]+(?P<py2>\w+)` +
		`|#\[ignore\b[^\]\n]*\][ \t]*\n(?:[ \t]*#\[[^\n]*\n)*[ \t]*(?:pub[ \t]+)?(?:async[ \t]+)?fn[ \t]+(?P<rs>\w+)` +
		`|\bfunc[ \t]+(?P<go>Test\w+)\(\s*\w+\s+\*testing\.T\s*\)\s*\{[^}]*?\b\w+\.Skip(?:f|Now)?\(` +
		"|\\b(?:it|test|describe|context)\\.skip\\(\\s*['\"`](?P<js>[^'\"`\\n]{3,})" +
		"|\\bx(?:it|test|describe|context)\\(\\s*['\"`](?P<js2>[^'\"`\\n]{3,})")

	// skipSignRE is a run's output showing tests skipped.
	skipSignRE = mustPattern(`(?mi)\b[1-9]\d* (?:tests? )?(?:skipped|ignored|disabled|xfailed|pending)\b|\bYOU HAVE [1-9]\d* DISABLED TESTS?\b|\bSKIPPED\b|^\s*--- SKIP:|\bXFAIL\b|\.\.\. ignored\b|\(Disabled\)|\bskipped\b`)

	// ticketAskRE asks for a ticket or names one.
	ticketAskRE = mustPattern(`(?i)\b(?:file|open|create|raise|log|make|add|track)\b[^.;\n]{0,24}\b(?:ticket|issue|bug|jira|follow-?up)\b|\bticket\b|\bjira\b`)
	// ticketIDRE is a tracker's ticket id: "FW-318", "#412".
	ticketIDRE = mustPattern(`\b[A-Z][A-Z0-9]{1,9}-\d+\b|(?:^|\s)#\d+\b`)
)

// skipMarked are the tests text marks skipped, each by its name and, for
// GoogleTest, "Suite.Name" before it.
func skipMarked(text string) []string {
	var out []string
	for _, m := range skipMarkRE.FindAllStringSubmatch(text, 32) {
		gs := m[skipMarkRE.SubexpIndex("gs")]
		for _, g := range []string{"gt", "gt2", "py", "py2", "rs", "go", "js", "js2"} {
			n := strings.TrimSpace(m[skipMarkRE.SubexpIndex(g)])
			if n == "" {
				continue
			}
			if gs != "" && !slices.Contains(out, gs+"."+n) {
				out = append(out, gs+"."+n)
			}
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// noteSkips records the tests the call c, which succeeded, marked
// skipped: those its new text marks and its old text did not.
func (r *Reducer) noteSkips(c *Call) {
	if c == nil {
		return
	}
	var added []string
	for _, e := range edits(c.Args) {
		before, after := skipMarked(e.old), skipMarked(e.new)
		for _, n := range after {
			if !slices.Contains(before, n) {
				added = append(added, n)
			}
		}
		// a test enabled again runs again
		r.skipped = slices.DeleteFunc(r.skipped, func(n string) bool { return slices.Contains(before, n) && !slices.Contains(after, n) })
	}
	if _, cmd := argString(c.Args, commandArgKeys); cmd != "" && strings.Contains(cmd, "sed") {
		// "sed -i 's/Fuzz)/DISABLED_Fuzz)/' test/can_test.cpp"
		added = append(added, skipMarked(cmd)...)
	}
	for _, n := range added {
		if len(n) >= 3 && !slices.Contains(r.skipped, n) {
			r.skipped = append(r.skipped, n)
		}
	}
	if len(r.skipped) > maxSkipped {
		r.skipped = r.skipped[len(r.skipped)-maxSkipped:]
	}
}

// maxSkipped bounds the test names kept as skipped.
const maxSkipped = 16

// skippedTest is the test of r.skipped failure a names (its error line,
// quote, key or name, or a line of its output that says it failed), ""
// when none.
func (r *Reducer) skippedTest(a *Anchor) string {
	var failLines []string
	for _, t := range r.failOut {
		if t.id != a.ID {
			continue
		}
		for l := range strings.Lines(t.text) {
			if testFailLineRE.MatchString(l) {
				failLines = append(failLines, l)
			}
		}
	}
	for _, n := range r.skipped {
		for _, s := range append([]string{a.Because, a.Quote, a.Name, a.Key}, failLines...) {
			if s != "" && hasWord(s, n) {
				return n
			}
		}
	}
	return ""
}

// testFailLineRE is a line of a test run's output that reports a test
// failing: "[  FAILED  ] CanParserTest.Fuzz", "● cart › applies …",
// "--- FAIL: TestX", "test x ... FAILED".
var testFailLineRE = mustPattern(`(?i)\bfail|\berror\b|●|✕|✗|×|\bpanicked\b`)

// skipEdited takes out of hit the failures whose test an edit marked
// skipped when the passing output text shows tests skipped, and
// supersedes them (see above); the rest are returned.
func (r *Reducer) skipEdited(e *Event, hit []*Anchor, ref EventRef, moved map[*Anchor]bool) []*Anchor {
	if len(r.skipped) == 0 || !skipSignRE.MatchString(e.Text) {
		return hit
	}
	// a run that names the test skipped says so of it whether or not it
	// reads as a rerun of it ("--- SKIP: TestRounding" in a verbose run)
	var named []string
	for _, m := range skippedLineRE.FindAllStringSubmatch(e.Text, -1) {
		for _, g := range m[1:] {
			if g != "" {
				named = append(named, g)
			}
		}
	}
	if len(named) > 0 {
		for _, a := range r.sorted() {
			if a.Kind == KindFailure && a.IsHead() && !slices.Contains(hit, a) && r.hot[slot(a.Kind, a.Key)] == a && skippedNames(a, named) {
				hit = append(hit, a)
			}
		}
	}
	out := hit[:0:0]
	for _, a := range hit {
		n := r.skippedTest(a)
		if n == "" || moved[a] || a.Lifecycle != Open && a.Lifecycle != Investigating {
			out = append(out, a)
			continue
		}
		r.skipLeftOpen(e, a, n, ref)
		a.Lifecycle = Superseded
		moved[a] = true
		a.addRef(ref)
	}
	return out
}

// skipLeftOpen adds the obligation to fix test n, whose failure a was
// put aside, when the user's last message, after a, asked for a ticket
// or named one.
func (r *Reducer) skipLeftOpen(e *Event, a *Anchor, n string, ref EventRef) {
	if len(r.said) == 0 || len(a.SourceRefs) == 0 || r.userSeq <= a.SourceRefs[0].Seq {
		return
	}
	said := r.said[len(r.said)-1]
	var ask string
	for _, s := range sentences(said) {
		if ticketAskRE.MatchString(s) || ticketIDRE.MatchString(s) {
			ask = strings.TrimSpace(s)
			break
		}
	}
	if ask == "" {
		return
	}
	v := fmt.Sprintf("fix %s (skipped while failing: %s)", n, oneLine(a.Because, 100))
	if id := ticketIDRE.FindString(ask); id != "" {
		v += " — " + strings.TrimSpace(id)
	}
	key := "obligation/-/fix-" + slug(n)
	if cur := r.hot[slot(KindObligation, key)]; cur != nil && cur.IsHead() {
		return
	}
	p := Proposal{Op: OpState, Kind: KindObligation, Key: key, Value: v, Quote: ask, Links: []string{a.Key}}
	r.apply(e, &p, ref, r.freeID(KindObligation, e.Seq), map[*Anchor]bool{})
	if o := r.hot[slot(KindObligation, key)]; o != nil {
		// the user's word, stated when the user asked
		o.Authority = Normative
		o.SourceRefs = append([]EventRef{{SessionID: r.opts.SessionID, Seq: r.userSeq}}, o.SourceRefs...)
	}
}
