package projection

import (
	"slices"
	"strconv"
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
// languages the lexicons read ("es flaky", "es intermitente", "échoue
// parfois", "원래 가끔 그래", "плавающий тест", "test jest niestabilny"), and names the failed test
// or run (a word of it in code: its test's name, a name in code of its
// command), or names no name in code and comes right after the one newest
// failure, or answers the agent's message that named the failure ("그
// 테스트 원래 가끔 그래, 냅둬" after "TestStagingDataConnectivity는 첫 실행에
// 타임아웃, 재실행은 통과했어요"); not one that leaves a test out ("toute
// la suite, sans le test flaky du loader"). A question, a guess, a test
// to come or a negation ("is it flaky?", "might be flaky", "rerun it to
// see if it is flaky", "not flaky", "no es flaky", "flaky じゃない", "不是偶现")
// marks nothing. A sentence that calls a failure flaky and tells the
// agent to leave it ("it's flaky, known issue, leave it", "это флейки,
// не трогай его") gives nothing up (subject.go givenUp): the test still
// fails now and then, open and marked flaky.
//
// The mark may come after the pass: "test_export_async failed; rerun,
// it passes; the user: es flaky, lo sabemos, no lo arregles ahora". A
// failure that only plain runs passed (no repeated run: flakyHeld) was
// never shown fixed; called flaky, it is open again, unless the sentence
// says it was fixed ("was flaky, fixed it now"); a sentence that names
// no name in code reopens only a failure the same command passed again.

var (
	// flakyRE calls a thing flaky.
	flakyRE = mustPattern(`(?i)\b(?:flaky|flakey|flake|intermittent(?:ly|e|es|s)?|intermitente(?:s|mente)?|intermittente?|nondeterministic|non-deterministic|sporadisch)\b|(?:^|[^\pL])instáve(?:l|is)(?:[^\pL]|$)|` +
		`\b(?:(?:fails?|failing|breaks?|crashes)\s+(?:sometimes|randomly|now\s+and\s+then|from\s+time\s+to\s+time|every\s+(?:now|so)\s+often)|(?:sometimes|randomly)\s+(?:fails?|breaks?|times?\s+out))\b|` +
		`(?:^|[^\pL])(?:a\s+veces\s+falla|falla\s+a\s+veces|(?:échoue|plante|casse)\s+parfois|parfois\s+(?:échoue|plante|rouge)|schlägt\s+manchmal\s+fehl|manchmal\s+(?:rot|fehlschl\pL*)|às\s+vezes\s+falha|falha\s+às\s+vezes|a\s+volte\s+fallisce|fallisce\s+a\s+volte)\b|` +
		`(?:^|[^\pL])(?:флак\pL*|флейк\pL*|флэйк\pL*|плавающ\pL*)|간헐적|플레이키|가끔\s*(?:실패|그래|그런|깨지|깨져|터지|터져|떨어지|떨어져|죽)|不安定(?:な|です|だ)|フレーキー|たまに(?:落ちる|失敗)|偶发|偶现|时好时坏|不稳定|` +
		// Polish, Hinglish
		`(?i:(?:^|[^\pL])(?:niestabiln\pL*|(?:czasem|czasami|losowo|sporadycznie)\s+(?:pada|padają|failuje|się\s+wywala|wywala\s+się|nie\s+przechodzi)|(?:pada|failuje)\s+(?:czasem|czasami|losowo)|kabhi\s+kabhi\s+fail\pL*)(?:[^\pL]|$))`)
	// flakyNotRE negates or doubts it.
	flakyNotRE = mustPattern(`(?i)\b(?:not|isn't|isnt|aren't|wasn't|no\s+longer|never)\s+(?:a\s+|really\s+)?(?:flaky|flakey|flake|intermittent)|(?:flaky|フレーキー|不安定)\s*(?:じゃ|では)(?:ない|なく|ありません)|不是(?:偶发|偶现|不稳定)|并不(?:偶发|不稳定)|\bnot\s+(?:flaky|a\s+flake)|` +
		`(?:^|[^\pL])(?:no\s+(?:es|está|son)|n'est\s+pas|ne\s+sont\s+pas|pas|nicht|kein|não\s+é|non\s+è)\s+(?:un\s+|une\s+|ein\s+|uno\s+)?(?:test\s+)?(?:flaky|flakey|intermitente|intermittente?|sporadisch)|` +
		`(?:^|[^\pL])не\s+(?:флак|флейк|флэйк|плавающ)|(?i:(?:^|[^\pL])(?:nie\s+(?:jest\s+)?|czy\s+(?:\pL+\s+){0,3}?)(?:flaky|niestabiln))|(?:flaky|플레이키|간헐적|가끔\s*그런)\S*\s*(?:이|가|은|는)?\s*(?:아니|않)|` +
		// a test to come: "rerun it to see if it is flaky", "lo relanzo para ver si es intermitente"
		`\b(?:if|whether|see|check|ob|si|se|whether)\s+(?:(?:it|it's|its|is|es|est|c'est|è|é|ist|es\s+un|the\s+test|el\s+test|le\s+test)\s+)*(?:really\s+|just\s+|realmente\s+|solo\s+)?(?:a\s+)?(?:flaky|flakey|intermittent|intermitente|intermittente?)`)
	// flakyApartRE leaves a thing out of a run: the flaky thing a
	// sentence names without a name in code is then no failure at hand.
	flakyApartRE = mustPattern(`(?i)(?:^|[^\pL])(?:without|except|excluding|skipping|deselect\pL*|sans|sauf|hors|sin|salvo|excepto|menos|sem|exceto|ohne|außer|ausser|senza|tranne|escluso|без|кроме)(?:[^\pL]|$)|제외|빼고|빼서|除了|不含|以外|を除いて|抜きで`)
	// flakyFixedRE says the flaky thing was fixed.
	flakyFixedRE = mustPattern(`(?i)(?:^|[^\pL])(?:fixed|fixes|resolved|solved|deflaked|stabili[sz]ed|arreglad[oa]|arreglé|solucionad[oa]|corrigé|réparé|résolu|behoben|gefixt|repariert|corrigido|consertado|risolto|sistemato|исправ\pL*|починил\pL*)(?:[^\pL]|$)|고쳤|고쳐졌|수정했|해결했|修好|修复了|解决了|直した|直りました|修正しました`)
)

// markedFlaky marks flaky the failures a sentence of message ev calls
// flaky (see above).
func (r *Reducer) markedFlaky(ev *Event) {
	var marked []*Anchor
	// told to ignore it: a failure a pass closed is given up too
	// (flakyignore.go)
	ignore := ev.Role == RoleUser && toldIgnore(ev.Text)
	defer func() { r.flakyIgnored(ev, marked) }()
	for _, s := range sentences(ev.Text) {
		if !calledFlaky(s) {
			continue
		}
		fixed := flakyFixedRE.MatchString(s)
		var newest, told *Anchor
		named, toldMany := false, false
		said := r.agentBefore(ev)
		for _, a := range r.sorted() {
			_, once := r.passedOnce[a]
			once = once || ignore && a.Lifecycle == Resolved
			if a.Kind != KindFailure || a.Seq() >= ev.Seq || !a.IsHead() && (fixed || !once || r.hot[slot(a.Kind, a.Key)] != a) {
				continue
			}
			if newest == nil || newer(a, newest) {
				newest = a
			}
			if flakyNamed(a, s) {
				r.markFlaky(a, s, ev)
				marked = append(marked, a)
				named = true
			}
			if said != "" && flakyNamed(a, said) {
				toldMany = told != nil
				told = a
			}
		}
		if named || len(mentions(s)) > 0 || identRE.MatchString(s) || flakyApartRE.MatchString(s) {
			// "on the whole suite (without the loader's flaky test)":
			// the flaky one is another, left out
			continue
		}
		if newest != nil && !newest.IsHead() && !r.passedOnce[newest] && !ignore {
			// a failure another command passed is called flaky by
			// name only ("the net tests flake" after the build that
			// failed passed by another means)
			newest = nil
		}
		if told != nil && !told.IsHead() && !r.passedOnce[told] {
			told = nil
		}
		switch {
		case newest != nil && r.rightAfter(newest, ev):
			r.markFlaky(newest, s, ev)
			marked = append(marked, newest)
		case told != nil && !toldMany && ev.Role == RoleUser:
			// "그 테스트 원래 가끔 그래" answering the agent's report of it
			r.markFlaky(told, s, ev)
			marked = append(marked, told)
		}
	}
}

// calledFlaky reports whether sentence s calls a thing flaky: not
// negated, asked or guessed.
func calledFlaky(s string) bool {
	return flakyRE.MatchString(s) && !flakyNotRE.MatchString(s) && !questionRE.MatchString(s) && !hedgeRE.MatchString(s)
}

// agentBefore is the text of the agent's last message before user
// message ev, "" for another message.
func (r *Reducer) agentBefore(ev *Event) string {
	if ev.Role != RoleUser || len(r.agentSaid) == 0 {
		return ""
	}
	return r.agentSaid[len(r.agentSaid)-1].text
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

// markFlaky marks failure a flaky, by sentence s of message ev; a
// failure only plain runs passed is open again.
func (r *Reducer) markFlaky(a *Anchor, s string, ev *Event) {
	if r.flaky == nil {
		r.flaky = map[*Anchor]bool{}
	}
	if !a.IsHead() {
		a.Was = a.Lifecycle + " at seq " + strconv.Itoa(a.Seq())
		a.Lifecycle = Open
		a.addRef(EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		delete(r.passedOnce, a)
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
	return r.flaky[a] && c != nil && plainRun(c)
}

// plainRun reports whether call c ran its command once: no loop, no
// option that repeats the tests.
func plainRun(c *Call) bool {
	cmd := callScript(c)
	return repeatedRun(cmd) == cmd && !repeatOptRE.MatchString(cmd)
}

// passedBy notes that passing call c resolved or verified failure a:
// passedOnce holds a while only plain runs passed it, true when the
// last one ran the failed command again.
func (r *Reducer) passedBy(a *Anchor, c *Call) {
	if c == nil || !plainRun(c) {
		delete(r.passedOnce, a)
		return
	}
	if r.passedOnce == nil {
		r.passedOnce = map[*Anchor]bool{}
	}
	if a.Lifecycle == Resolved {
		// true when the pass ran the failed command again
		failed := failedCallOf(a)
		// or the failed test again by its name ("go test ./pkg -run
		// TestX" after "go test ./...")
		r.passedOnce[a] = failed != "" && runKey(failed) == runKey(callText(c)) || ranTestByName(a, c)
	} else if r.passedOnce[a] {
		r.passedOnce[a] = false
		if failed := failedCallOf(a); failed != "" && runKey(failed) == runKey(callText(c)) {
			r.passedOnce[a] = true
		}
	}
}

// repeatOptRE is an option that runs the tests many times.
var repeatOptRE = mustPattern(`(?:^|\s)(?:--count|-count|--repeat-each|--flake-runs|--repeat)(?:=|\s+)(?:until-fail:)?[1-9]\d+`)

// flakyIDs are the IDs of the hot failures called flaky, sorted, and of
// those only plain runs passed (a Snapshot's Flaky and PassedOnce).
func (r *Reducer) flakyIDs() (flaky []string, once map[string]bool) {
	for _, a := range r.hot {
		if r.flaky[a] {
			flaky = append(flaky, a.ID)
		}
		if v, ok := r.passedOnce[a]; ok {
			if once == nil {
				once = map[string]bool{}
			}
			once[a.ID] = v
		}
	}
	slices.Sort(flaky)
	return flaky, once
}

// restoreFlaky marks the hot failures of IDs flaky, and those of once
// passed only by plain runs. A failure whose value carries the flaky
// note is flaky too: a snapshot an older ef wrote has no IDs.
func (r *Reducer) restoreFlaky(ids []string, once map[string]bool) {
	r.flaky, r.passedOnce = nil, nil
	for _, a := range r.hot {
		if a.Kind == KindFailure && (slices.Contains(ids, a.ID) || strings.Contains(a.Value, flakyMark)) {
			if r.flaky == nil {
				r.flaky = map[*Anchor]bool{}
			}
			r.flaky[a] = true
		}
		if v, ok := once[a.ID]; ok {
			if r.passedOnce == nil {
				r.passedOnce = map[*Anchor]bool{}
			}
			r.passedOnce[a] = v
		}
	}
}

// ranTestByName reports whether call c ran failure a's test by its name
// (a test's failure; its name in the command).
func ranTestByName(a *Anchor, c *Call) bool {
	name, ok := strings.CutPrefix(a.Key, "test/-/")
	if !ok || len(name) < 4 {
		return false
	}
	_, cmd := argString(c.Args, commandArgKeys)
	return cmd != "" && wholeWord(cmd, name)
}
