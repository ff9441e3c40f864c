package projection

import (
	"path"
	"slices"
	"strings"
)

// A tool or a file given up on by name, by the user or the agent.
//
// "Giving up on linting fct_orders.sql for now: the dbt templater
// crashes", "miri は諦めます", "miri はもういいや", "放弃 miri": the thing
// named is a word of the failed run: its program, a subcommand ("cargo
// +nightly miri test" runs miri) or a file it was given (fct_orders.sql
// of "sqlfluff lint models/marts/fct_orders.sql"). Every open failure of
// a run the name is a word of is then given up, however long ago it
// failed ("cargo +nightly miri test --lib" and "… -- simd_parse" both),
// not only the newest: the tie is the name. The agent's give-up counts
// as the user's does: it stops working on the thing and says why.
//
// A failure over several files ("sqlfluff lint a.sql b.sql") is settled
// file by file: giving up on b.sql settles it only when every other file
// it failed on has passed a run of the same program since (a.sql linted
// clean alone); else the failure stays open for the rest.
//
// A give-up negated, asked, conditional or put off ("don't give up on
// miri", "should we give up on miri?", "諦めません", "skip it until
// tomorrow") gives nothing up; nor does a plain word that is no word of
// a failed run, or an option.

// giveUpNameRE is a give-up of the thing in group x.
var giveUpNameRE = mustPattern(`(?i)\b(?:giv(?:e|ing)|gave|given)\s+up\s+on\s+(?:(?:linting|running|testing|building|checking|compiling|fixing|the|trying|to\s+\w+)\s+)*(?P<x>[A-Za-z_][\w.\-/@+]{2,80})` +
	`|\babandon(?:ing|ed)?\s+(?:(?:the|linting|running|testing)\s+)*(?P<x2>[A-Za-z_][\w.\-/@+]{2,80})` +
	`|(?P<x3>[A-Za-z_][\w.\-/@+]{2,80})\s*(?:は|を|も|の方は)\s*(?:もう|一旦|いったん)?\s*(?:諦め(?:ます|ました|よう|ましょう|る(?:[。、]|$))|あきらめ(?:ます|ました|よう|ましょう)|もういい(?:や|よ|です|か(?:な)?[。、]|[。、！]|$)|放置(?:で|します|しましょう))` +
	`|(?:放弃|不再(?:用|跑|管))\s*(?:用|跑)?\s*(?P<x4>[A-Za-z_][\w.\-/@+]{2,80})` +
	`|(?P<x5>[A-Za-z_][\w.\-/@+]{2,80})\s*(?:这边|这个)?\s*(?:就|先)?(?:算了|不管了|放弃了?|不跑了)` +
	// Spanish, Portuguese, French, Italian, German, Russian: "me rindo con
	// el chequeo de legacy/", "desisto do miri", "je laisse tomber
	// torch.compile", "lascio perdere miri", "ich gebe miri auf",
	// "отказываюсь от miri"
	`|(?:^|[^\pL])(?:me\s+rindo\s+con|nos\s+rendimos\s+con|renuncio\s+a|desisto\s+de|abandono|dejo\s+de\s+lado|desist[oi]\s+d[aoe]s?|(?:je|on)\s+laisse\s+tomber|laisse\s+tomber|(?:j'|on\s+)abandonne|(?:je|on)\s+renonce\s+à|lascio\s+perdere|lasciamo\s+perdere|rinuncio\s+a|rinunciamo\s+a|отказываюсь\s+от|отказываемся\s+от|бросаю)\s+(?:(?:el|la|los|las|lo|con|de|del|chequeo|test|tests|o|a|os|as|do|da|le|les|l'|du|des|il|lo|gli|la|lint|linting)\s+)*` + "`?" + `(?P<x6>[A-Za-z_][\w.\-/@+]{2,80})` +
	`|\b(?:gebe|geben)\s+(?:(?:ich|wir|den|die|das)\s+)*` + "`?" + `(?P<x7>[A-Za-z_][\w.\-/@+]{2,80})` + "`?" + `\s+auf\b` +
	// Korean: "miri는 포기", "torch.compile 포기할게요"
	`|(?P<x8>[A-Za-z_][\w.\-/@+]{2,80})` + "`?" + `(?:\s*\p{Hangul}{1,8}?(?:은|는|을|를|도)?){0,2}?\s*포기`)

// giveUpKoNotRE is what negates a Korean give-up after its cue: "포기 안
// 해", "포기하지 않아", "포기 못 해".
var giveUpKoNotRE = mustPattern(`^\p{Hangul}{0,3}\s*(?:안|않|못|하지\s*마)`)

// giveUpNegRE ends the words before a give-up cue that negate it:
// "não desisto do detox", "no me rindo con", "non rinuncio a", "не
// отказываюсь от".
var giveUpNegRE = mustPattern(`(?i)(?:\b(?:don'?t|do\s+not|never|not|won't|no\s+need\s+to|shouldn't|not\s+yet)\s+(?:\w+\s+)?|(?:^|[^\pL])(?:não|nao|no|non|nunca|jamais|не|ни)\s*|不要|别|不)$`)

// genericRunWords are subcommands too plain to name a run by.
var genericRunWords = map[string]bool{"test": true, "tests": true, "run": true, "build": true, "lint": true, "check": true, "install": true, "exec": true, "start": true, "serve": true}

// givenUpNames are the things sentence s gives up by name (see above).
func givenUpNames(s string) []string {
	if questionRE.MatchString(s) || dropIfRE.MatchString(strings.TrimSpace(s)) || dropDeferredRE.MatchString(s) {
		return nil
	}
	var out []string
	for _, m := range giveUpNameRE.FindAllStringSubmatchIndex(s, 8) {
		if giveUpNegRE.MatchString(s[:m[0]]) || giveUpKoNotRE.MatchString(s[m[1]:]) {
			continue
		}
		for _, g := range []string{"x", "x2", "x3", "x4", "x5", "x6", "x7", "x8"} {
			if i := giveUpNameRE.SubexpIndex(g); m[2*i] >= 0 {
				x := strings.ToLower(strings.TrimRight(s[m[2*i]:m[2*i+1]], ".-/:`"))
				if !notThingRE.MatchString(x) {
					out = append(out, x)
				}
			}
		}
	}
	return out
}

// runWordsNamed reports whether name is a word failure a's run is known
// by: its program, a subcommand that is no plain verb, or a file it was
// given (by its path or base name); and, when a file is what names it,
// the files the run was given. A run named by its program or subcommand
// ("desisto do detox" of "npx detox test … e2e/cart.e2e.ts") is given up
// whole, whatever files it was given.
func runWordsNamed(a *Anchor, name string) (named bool, files []string) {
	whole := false
	for i, w := range decidingFields(failedCallOf(a), a.Because) {
		file := i > 0 && (strings.Contains(w, "/") || fileExtRE.MatchString(w))
		if file {
			files = append(files, w)
		}
		switch {
		case w == name && (i == 0 || !genericRunWords[w]):
			named, whole = true, true
		case file && (path.Base(w) == name || underDir(w, name)):
			// "legacy" given up holds "legacy/informes.py"
			named = true
		}
	}
	if whole {
		return true, nil
	}
	return named, files
}

// decidingFields are the words, lower-cased, of the stage that decided
// command c's outcome (an inline shell script's own: "bash -lc
// 'sqlfluff lint a.sql'" runs sqlfluff), options left out but for the
// program; nil when no stage decides.
func decidingFields(c, because string) []string {
	if in, ok := shellScript(c); ok {
		c = in
	}
	if c == "" {
		return nil
	}
	st := deciding(c, because)
	if st == "" {
		return nil
	}
	var out []string
	for i, w := range runFields(unwrap(pipeHead(st))) {
		w = strings.ToLower(strings.Trim(w, `'"`))
		if w == "" || i > 0 && (strings.HasPrefix(w, "-") || strings.HasPrefix(w, "+")) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// noteRunPassed keeps the text of a call that passed (transient: not
// part of a Snapshot), for a failure over several files to be settled
// file by file.
func (r *Reducer) noteRunPassed(seq int, cmd string) {
	if len(r.runPassed) == maxSaid {
		r.runPassed = append(r.runPassed[:0], r.runPassed[1:]...)
	}
	r.runPassed = append(r.runPassed, seqText{seq, cmd})
}

// filePassed reports whether file passed a run of failure a's program
// since a failed.
func (r *Reducer) filePassed(a *Anchor, file string) bool {
	failed := decidingFields(failedCallOf(a), a.Because)
	if len(failed) == 0 {
		return false
	}
	for _, p := range r.runPassed {
		if p.seq <= a.Seq() {
			continue
		}
		if f := decidingFields(p.text, ""); len(f) > 0 && f[0] == failed[0] && slices.Contains(f[1:], file) {
			return true
		}
	}
	return false
}

// givenUpByName gives up every open failure message ev (the user's or
// the agent's) gives up by name (see above).
func (r *Reducer) givenUpByName(ev *Event, ref EventRef) {
	type said struct{ name, s string }
	var given []said
	var names []string
	for _, s := range sentences(ev.Text) {
		for _, n := range givenUpNames(s) {
			given = append(given, said{n, s})
			names = append(names, n)
		}
	}
	n := 20
	for _, a := range r.sorted() {
		if len(given) == 0 {
			return
		}
		if a.Kind != KindFailure || !a.IsHead() || a.Seq() >= ev.Seq || r.hot[slot(a.Kind, a.Key)] != a {
			continue
		}
		for _, g := range given {
			named, files := runWordsNamed(a, g.name)
			if !named && r.justFailedOf(a, g.name, ev) {
				// "Je laisse tomber torch.compile" right after the run
				// that failed in torch._dynamo
				named, files = true, nil
			}
			if !named || !r.restSettled(a, files, names) {
				continue
			}
			if r.ownNegative(ev.Seq, g.s) {
				// the agent's own words already hold the give-up
				// ("Giving up on linting fct_orders.sql …")
				a.addRef(ref)
				r.retire(a, Superseded)
			} else {
				r.giveUpFailure(a, g.s, ev, ref, n)
				n++
			}
			n = r.sameErrorGivenUp(a, g.s, ev, ref, n)
			break
		}
	}
}

// restSettled reports whether every file of files the names given up do
// not name passed a run of failure a's program since it failed.
func (r *Reducer) restSettled(a *Anchor, files, names []string) bool {
	for _, f := range files {
		given := false
		for _, n := range names {
			given = given || f == n || path.Base(f) == n || underDir(f, n)
		}
		if !given && !r.filePassed(a, f) {
			return false
		}
	}
	return true
}

// ownNegative reports whether the message at seq already states
// sentence s as negative knowledge.
func (r *Reducer) ownNegative(seq int, s string) bool {
	for _, a := range r.hot {
		if a.Kind == KindNegative && a.Seq() == seq && a.Quote != "" && (strings.Contains(s, a.Quote) || strings.Contains(a.Quote, s)) {
			return true
		}
	}
	return false
}

// underDir reports whether path f lies under directory dir ("legacy"
// holds "legacy/informes.py").
func underDir(f, dir string) bool {
	dir = strings.TrimSuffix(strings.TrimPrefix(dir, "./"), "/")
	return len(dir) >= 3 && strings.HasPrefix(strings.TrimPrefix(f, "./"), dir+"/")
}

// justFailedOf reports whether name, given up in message ev, is of
// failure a though no word of its run: a is the newest failure, ev
// comes right after it, and name, a name in code (a dot, an underscore
// or a slash in it: "torch.compile"), has each of its words in a's run
// or output ("torch._dynamo.exc.BackendCompilerFailed"; not "torch.jit").
func (r *Reducer) justFailedOf(a *Anchor, name string, ev *Event) bool {
	if !strings.ContainsAny(name, "._/") || !r.rightAfter(a, ev) {
		return false
	}
	for _, b := range r.hot {
		if b.Kind == KindFailure && b.IsHead() && b != a && newer(b, a) && b.Seq() < ev.Seq {
			return false
		}
	}
	out := ""
	for _, t := range r.failOut {
		if t.id == a.ID {
			out = t.text
		}
	}
	text := strings.ToLower(out + "\n" + failedCallOf(a))
	words := strings.FieldsFunc(strings.ToLower(name), func(c rune) bool { return c == '.' || c == '_' || c == '/' || c == '-' })
	for _, w := range words {
		if len(w) < 3 || !strings.Contains(text, w) {
			return false
		}
	}
	return len(words) > 0
}

// sameErrorGivenUp gives up, with failure f given up in sentence s of
// ev, every other open failure since the user last spoke that failed on
// the same error line, one that names a thing in code ("RuntimeError:
// Triton Error [CUDA]: device kernel image is invalid"): the thing given
// up failed so each time. It
// returns the next index for giveUpFailure.
func (r *Reducer) sameErrorGivenUp(f *Anchor, s string, ev *Event, ref EventRef, n int) int {
	because := strings.TrimSpace(f.Because)
	if !identRE.MatchString(because) || exitOnlyRE.MatchString(because) {
		// a line any crash prints ("Traceback (most recent call last):")
		// ties nothing
		return n
	}
	for _, a := range r.sorted() {
		if a == f || a.Kind != KindFailure || !a.IsHead() || r.hot[slot(a.Kind, a.Key)] != a || a.Seq() >= ev.Seq || a.Seq() <= r.prevUserSeq {
			continue
		}
		if strings.TrimSpace(a.Because) == because {
			r.giveUpFailure(a, s, ev, ref, n)
			n++
		}
	}
	return n
}
