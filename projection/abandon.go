package projection

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// An approach dropped by name.
//
// A user who drops an approach names it by what it runs: "Let's not go
// down the pgloader road again", "forget terraform, we'll click it
// together", "use COPY instead of pgloader", "别用 pgloader 了", "放弃
// pgloader 吧", "pgloader 这条路就算了". Every open failure of a command
// whose program is the thing named (its deciding stage's, wrappers and
// runners left out: "npx playwright test" runs playwright), or of a
// status whose object it is (statusfail.go), is then no open problem but
// the reason the approach was dropped, however long ago it failed: the
// tie is the name, not the distance, since a host may spend many events
// between a failure and the user's next words. Each leaves the heads for
// negative knowledge holding the user's words and what failed, as a
// failure given up right after it does (subject.go).
//
// The name must be the whole thing dropped: "let's not use pgloader's
// default casting" or "drop the pgloader --with option" keep pgloader.
// A thing put off ("skip pgloader for now, we'll come back to it later",
// "pgloader 回头再说") is still to be done, and its failure stays open; a
// drop negated, asked or conditional ("don't drop pgloader", "should we
// forget pgloader?", "if pgloader fails again, forget it") drops nothing.
// Only a run's failure is dropped so: a failed test stays the check the
// code is fixed against.

var (
	// dropNameRE is a user dropping a thing by its name, in group x.
	dropNameRE = mustPattern(`(?i)\b(?P<v>forget(?:\s+about)?|drop(?:ping)?|scrap|ditch|abandon|give\s+up\s+on|skip|bin|stop\s+(?:using|trying)|no\s+more|enough\s+(?:of|with)|(?:we're|we\s+are|I'm|I\s+am)\s+done\s+with|move\s+on\s+from|without|instead\s+of|rather\s+than|(?:let's|let\s+us|we'll|we\s+will|we\s+should|I'd\s+rather)\s+not\s+(?:use|try|go\s+with|go\s+down|bother\s+with|pursue|run)|(?:don'?t|do\s+not|never)\s+(?:use|try|bother\s+with|go\s+down|pursue)(?:\s+again)?|(?:we\s+won't|we\s+will\s+not|we're\s+not|we\s+are\s+not|not)\s+(?:going\s+to\s+)?(?:use|using|try|trying|go\s+with|going\s+with|go\s+down|going\s+down|pursue|pursuing))\s+(?:(?:the|that|this|with|any|more)\s+)*(?P<x>[A-Za-z][\w.\-/@+]{1,59})` +
		// "pgloader is out", "the pgloader route is a dead end"
		`|(?:^|\b(?:the|that|this)\s+)(?P<x2>[A-Za-z][\w.\-/@+]{1,59})(?:\s+(?:approach|route|road|path|idea|plan|option|way))?\s+(?:is|'s|was)\s+(?:out|off\s+the\s+table|a\s+dead\s+end|a\s+non-starter|a\s+no-go|not\s+an\s+option|not\s+worth\s+it)(?:[\s,.;:!?—–…]|$)`)

	// dropNameZhRE is the same in Chinese: "别用 pgloader 了", "不走 pgloader
	// 这条路了", "放弃 pgloader", "pgloader 就算了".
	dropNameZhRE = mustPattern(`(?P<v>(?:别|不要|不|甭)再?(?:用|走|试|碰|搞)(?:了)?|放弃(?:用)?|换掉)\s*(?P<x>[A-Za-z][\w.\-/@+]{1,59})` +
		`|(?P<x2>[A-Za-z][\w.\-/@+]{1,59})\s*(?:这条路|这个方案|这个办法|这条路线|方案|这个)?\s*(?:就|也)?(?:算了|放弃了?|不走了|不要了|不搞了|不用了|别用了)`)

	// dropTailRE is what may follow the name dropped before its clause
	// ends: the approach's head noun and words of time or degree. A
	// possessive, an option or another noun after the name makes the
	// name part of the thing dropped, not the thing.
	dropTailRE = mustPattern(`(?i)^(?:\s+(?:approach|route|road|path|idea|plan|way|option|thing|tool|attempt|stuff|business|again|anymore|any\s+more|for\s+now|altogether|entirely|completely|then|here|for\s+this|for\s+that|too|as\s+well|for\s+good|at\s+all|now|please|idea))*\s*(?:[,.;:!?—–…)(]|\s-\s|$|(?:and|but|so|since|because|as|we|let's|it|use|just|try|go|write|do)\b)`)

	// dropTailZhRE is the same after a Chinese cue.
	dropTailZhRE = mustPattern(`^\s*(?:这条路|这个方案|这个办法|这条路线|方案|这个|了|啦|吧|啊|就|也|算了|放弃了?|不走了|不要了|不搞了|不用了|别用了)*\s*(?:[，。；：！？,.;:!?、—…]|$|直接|改用|换成|用|我们|先|还是)`)

	// dropNegatedRE ends the words before a drop cue that negate it:
	// "don't forget pgloader", "不要放弃 pgloader".
	dropNegatedRE = mustPattern(`(?i)(?:\b(?:don'?t|do\s+not|never|not|won't|no\s+need\s+to|shouldn't)\s+(?:\w+\s+)?|不要|别|不)$`)

	// dropDeferredRE puts the thing off rather than dropping it.
	dropDeferredRE = mustPattern(`(?i)\b(?:later|come\s+back|revisit|tomorrow|next\s+(?:week|time|sprint|session)|for\s+the\s+moment|until|till|once\s+we|after\s+we|get\s+back\s+to|return\s+to)\b|回头|以后再|之后再|改天|下次|晚点|稍后|等.{0,12}再`)

	// dropIfRE opens a clause that states no drop but a condition or a
	// question.
	dropIfRE = mustPattern(`(?i)^(?:if|unless|when|whether|should\s+we|could\s+we|can\s+we|shall\s+we|do\s+we|maybe|perhaps)\b|^(?:如果|要是|假如|是否|要不要)`)
)

// droppedNames are the things sentence s drops by name (see above).
func droppedNames(s string) []string {
	if questionRE.MatchString(s) || dropIfRE.MatchString(strings.TrimSpace(s)) || dropDeferredRE.MatchString(s) {
		return nil
	}
	var out []string
	for _, re := range []*pattern{dropNameRE, dropNameZhRE} {
		tail := dropTailRE
		if re == dropNameZhRE {
			tail = dropTailZhRE
		}
		for _, m := range re.FindAllStringSubmatchIndex(s, 8) {
			x, xi, before := "", 0, true
			for _, g := range []string{"x", "x2"} {
				if i := re.SubexpIndex(g); m[2*i] >= 0 {
					x, xi, before = s[m[2*i]:m[2*i+1]], m[2*i+1], g == "x"
				}
			}
			if x == "" {
				continue
			}
			if v := re.SubexpIndex("v"); m[2*v] >= 0 && dropNegatedRE.MatchString(s[:m[2*v]]) {
				continue
			}
			x = strings.TrimRight(x, ".-/")
			if before && !tail.MatchString(s[xi:]) {
				// a name the cue follows is the thing's whole name
				continue
			}
			out = append(out, strings.ToLower(x))
		}
	}
	return out
}

// failurePrograms are the names a user may drop failure a by: the
// program of its failed call's deciding stage (each stage's when none
// decides), without its extension too, or a status failure's object.
func failurePrograms(a *Anchor) []string {
	if obj, ok := strings.CutPrefix(a.Key, statusPrefix); ok {
		_, name, _ := strings.Cut(obj, "/")
		return []string{strings.ToLower(name)}
	}
	if !strings.HasPrefix(a.Key, commandPrefix) {
		return nil
	}
	failed := failedCallOf(a)
	st := []string{deciding(failed, a.Because)}
	if st[0] == "" {
		st = stagesOf(failed)
	}
	var out []string
	for _, s := range st {
		f := runFields(unwrap(pipeHead(s)))
		if len(f) == 0 {
			continue
		}
		p := strings.ToLower(path.Base(f[0]))
		if p == "cd" {
			continue
		}
		out = append(out, p)
		if e := path.Ext(p); e != "" && len(p) > len(e)+1 {
			out = append(out, strings.TrimSuffix(p, e))
		}
	}
	return out
}

// droppedByName gives up every open failure a user message drops by
// name (see above) and reports whether it gave any up.
func (r *Reducer) droppedByName(ev *Event, ref EventRef) bool {
	var heads []*Anchor
	for _, a := range r.sorted() {
		if a.Kind == KindFailure && a.IsHead() && a.Seq() < ev.Seq {
			heads = append(heads, a)
		}
	}
	if len(heads) == 0 {
		return false
	}
	n := 0
	for _, s := range sentences(ev.Text) {
		names := append(droppedNames(s), droppedNamesXL(s)...)
		if len(names) == 0 {
			continue
		}
		for _, a := range heads {
			if r.hot[slot(a.Kind, a.Key)] != a {
				continue
			}
			if slices.ContainsFunc(failurePrograms(a), func(p string) bool { return slices.Contains(names, p) }) || r.askedFor(a, names) || r.pathDropped(a, names, ev) {
				r.giveUpFailure(a, s, ev, ref, n)
				n++
			}
		}
	}
	return n > 0
}

// giveUpFailure retires failure f a user gives up on in sentence s of
// ev: a negative-knowledge anchor holding s and what failed takes its
// place (superseded, never resolved). It is the message's n-th one.
func (r *Reducer) giveUpFailure(f *Anchor, s string, ev *Event, ref EventRef, n int) {
	// The id stays clear of the proposals' own (index 0, 1, …).
	id := fmt.Sprintf("%s%d.%d", kindLetter[KindNegative], ev.Seq, 99-n)
	nk := &Anchor{ID: id, Kind: KindNegative, Key: "negative/-/" + slug(f.Name), Value: s + " (" + oneLine(f.Name, 80) + " failed: " + oneLine(f.Because, 120) + ")",
		Authority: Normative, Lifecycle: Active, SourceRefs: []EventRef{ref}, Quote: s, Because: f.Because, Links: mentions(s)}
	if old := r.hot[slot(KindNegative, nk.Key)]; old != nil {
		r.retire(old, Superseded)
	}
	r.hot[slot(KindNegative, nk.Key)] = nk
	f.addRef(ref)
	r.retire(f, Superseded)
}

// statusPrefix opens the key of a failure a status command observed in
// the thing it reports on (statusfail.go).
const statusPrefix = "status/-/"

// answers reports whether user message ev may answer failure a: one seen
// within toldWindow events before it, or the last thing a tool reported
// however many seqs the host spent since (OpenCode gives each step
// several: a failure at 36, the agent's words at 39, the user's at 44).
func (r *Reducer) answers(a *Anchor, ev *Event) bool {
	return a.Seq() < ev.Seq && (ev.Seq-a.Seq() <= toldWindow || a.Seq() == r.resultSeq)
}

// rightAfter reports whether user message ev comes right after failure
// a: at most three events after it, or with no tool's report since.
func (r *Reducer) rightAfter(a *Anchor, ev *Event) bool {
	return ev.Seq-a.Seq() <= 3 || a.Seq() == r.resultSeq
}

// sameRunGivenUp gives up, with failure f that sentence s of ev gave
// up, every other open failure of the same run: the same deciding stage
// with its options left out ("xcodebuild test -only-testing:AppUITests"
// failed on testOfflineBanner, then again after "xcrun simctl erase all
// && …"). Giving up the run gives up each time it failed, and each run
// whose failure is f's (giveuprun.go).
func (r *Reducer) sameRunGivenUp(f *Anchor, s string, ev *Event, ref EventRef) {
	run := failedRun(f)
	if run == "" && !strings.HasPrefix(f.Key, "test/-/") {
		return
	}
	n := 1
	for _, a := range r.sorted() {
		if a == f || a.Kind != KindFailure || !a.IsHead() || a.Seq() >= ev.Seq || r.hot[slot(a.Kind, a.Key)] != a || !strings.HasPrefix(a.Key, commandPrefix) {
			continue
		}
		if run != "" && failedRun(a) == run && sharesIdent(a.Because, f.Because) || runOfGivenUp(a, f) {
			r.giveUpFailure(a, s, ev, ref, n)
			n++
		}
	}
}

// namedGivenUp gives up, with failure f that sentence s of ev gave up,
// every other open failure the message may answer (or that failed since
// the user last spoke) whose run or output the thing s names shares a
// word with: "lascia stare docker in locale" after Testcontainers found
// no Docker and a look for the socket failed gives up both, not only the
// newer look. A give-up that names nothing or only a pronoun ("leave
// it", "never mind that") gives up f alone.
func (r *Reducer) namedGivenUp(f *Anchor, s string, ev *Event, ref EventRef) {
	thing := giveUpThing(s)
	if thing == "" || pronounThingRE.MatchString(thing) {
		return
	}
	n := 50
	for _, a := range r.sorted() {
		if a == f || a.Kind != KindFailure || !a.IsHead() || r.hot[slot(a.Kind, a.Key)] != a || a.Seq() >= ev.Seq {
			continue
		}
		if (r.answers(a, ev) || r.prevUserSeq > 0 && a.Seq() > r.prevUserSeq) && failureNamed(a, thing) {
			r.giveUpFailure(a, s, ev, ref, n)
			n++
		}
	}
}

// failedRun is the run failure a is of: its deciding stage without
// wrappers, options and what it was piped into; "" when none decides.
func failedRun(a *Anchor) string {
	c := failedCallOf(a)
	if c == "" {
		return ""
	}
	st := deciding(c, a.Because)
	if st == "" {
		return ""
	}
	return runSubject(unwrap(pipeHead(st)))
}

// identRE is a name in code: a word with a capital after a small letter
// or an underscore between letters ("testOfflineBanner",
// "not_null_fct_orders_customer_id").
var identRE = mustPattern(`[A-Za-z_][A-Za-z0-9_]*(?:[a-z][A-Z]|[A-Za-z]_[A-Za-z])[A-Za-z0-9_]*`)

// sharesIdent reports whether error lines a and b name a code name in
// common (identRE, six characters or more).
func sharesIdent(a, b string) bool {
	for _, x := range identRE.FindAllString(a, 32) {
		if len(x) >= 6 && slices.Contains(identRE.FindAllString(b, 32), x) {
			return true
		}
	}
	return false
}
