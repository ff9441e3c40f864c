package projection

import (
	"slices"
	"strings"
)

// A change of task: three things objshift.go leaves to this file.
//
//   - Hindi written in Devanagari has no lexicon, so its labels of a new
//     task are read as written: "अब अगला काम, ये ज़्यादा urgent है:
//     release v0.9.2 का firmware image … fit नहीं हो रहा" (now the next
//     task, this one is more urgent: …), "नया लक्ष्य: …", "अब फ़ोकस है:
//     …". Swedish and Ukrainian are read on their gloss
//     (lexicon_sv.go: "ändrat läge", "Nytt fokus:", "parkera";
//     lexicon_uk.go: "зміна планів", "відкладаємо", "зараз ціль:").
//   - A labelled task goes on in the sentence after it when that one asks
//     the work: "New focus: the sync_invoices task, it hammers Fortnox on
//     429. Fix the retry policy." is one task; a rule, a question or a word
//     about the old task after it is not part of it.
//   - The user may call the old task done while giving the new one
//     ("tests वाला काम अब done मानो", "consider the migration done"): the
//     old objective is then done, not only superseded.

// devaTaskRE labels a new task in Devanagari Hindi (group t): an
// optional "now", "next" or "new" with task, goal or focus, a short
// clause about it, and a colon.
var devaTaskRE = mustPattern(`^\W*(?:(?:ठीक(?:\s+है)?|अच्छा|बढ़िया|बढ़िया|चलो|ok|okay)[,.!।]?\s+)*(?:तो\s+)?(?:(?:अब\s+)?(?:अगला|नया|असली|मेन)\s+(?:काम|टास्क|task|लक्ष्य|गोल|goal|फ़ोकस|फोकस|focus)|(?:अब\s+)?(?:नई|नयी)\s+(?:प्राथमिकता|प्रायोरिटी|priority)|अब\s+(?:का\s+)?(?:काम|टास्क|task|लक्ष्य|गोल|goal|फ़ोकस|फोकस|focus|प्राथमिकता|priority)(?:\s+(?:ये|यह))?(?:\s+है)?)(?:\s*[,，]\s*[^:：?]{1,60}?)?\s*[:：—–]\s*(?P<t>\S.*)$`)

// devaTask is the task a Devanagari label names in sentence s, "" when
// none; a question or a prohibition ("मत", "नहीं करना") is no task.
func devaTask(s string) string {
	m := devaTaskRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return ""
	}
	t := strings.TrimSpace(m[devaTaskRE.SubexpIndex("t")])
	if len([]rune(t)) < 6 || questionRE.MatchString(t) || devaRuleRE.MatchString(t) || len(strings.Fields(t)) < 2 {
		return ""
	}
	return t
}

// devaRuleRE is a Devanagari prohibition or rule word: "मत", "कभी
// नहीं", "हमेशा".
var devaRuleRE = mustPattern(`(?:^|\s)(?:मत|कभी\s+(?:भी\s+)?(?:नहीं|मत)|हमेशा|सिर्फ़|सिर्फ|नहीं\s+करना)(?:\s|$|[.,।])`)

// devaWorkRE ends a Devanagari sentence that asks work: "… fix करो",
// "size 96K से नीचे लाना है", "… ठीक कीजिए".
var devaWorkRE = mustPattern(`(?:करो|करें|कीजिए|करिए|करना\s+है|करनी\s+है|करने\s+हैं|लाना\s+है|लाओ|बनाओ|बनाना\s+है|चाहिए)\s*[.!।]?\s*$`)

// oldDoneRE says a task is done, to count as done from now on: "consider
// the tests task done", "mark the migration as done", "tests वाला काम
// अब done मानो", "… पूरा समझो".
var oldDoneRE = mustPattern(`(?i)\b(?:consider|count|mark|treat|call)\s+(?:the\s+|that\s+|this\s+)?[^.;!?]{0,50}?\b(?:as\s+)?(?:done|finished|complete|completed|closed)\b|(?:done|पूरा|पूरी|ख़त्म|खत्म)\s+(?:मानो|मान\s+लो|समझो|माना\s+जाए)`)

// switchedTask is the quote and the task of user text that changes the
// task (shiftedTask, and the Devanagari labels), the task carried on to
// the sentence after it when that one asks the work; done tells that the
// text also calls the old task done (its quote, else "").
func switchedTask(text string) (quote, task, done string) {
	quote, task = shiftedTask(text)
	ss := sentences(text)
	if quote == "" {
		for _, s := range ss {
			if t := devaTask(s); t != "" {
				quote, task = strings.TrimSpace(s), t
				break
			}
		}
	}
	if quote == "" {
		return "", "", ""
	}
	quote, task = carriedOn(text, ss, quote, task)
	for _, s := range ss {
		if oldDoneRE.MatchString(s) && !strings.Contains(quote, s) && !questionRE.MatchString(s) {
			done = s
			break
		}
	}
	return quote, task, done
}

// carriedOn is quote and task with the sentence after the quote joined
// to both when it asks the work or gives the target the task is measured
// by (goalTarget), and the task ends its quote: "New focus: X, it hammers
// Fortnox on 429. Fix the retry policy." Both stay a span
// of text, so they map back to the user's words.
func carriedOn(text string, ss []string, quote, task string) (string, string) {
	i := slices.IndexFunc(ss, func(s string) bool { return strings.TrimSpace(s) == quote })
	if i < 0 || i+1 >= len(ss) || !strings.HasSuffix(quote, task) {
		return quote, task
	}
	next := strings.TrimSpace(ss[i+1])
	asks := (workStart(next) || devaWorkRE.MatchString(next)) && okTask(next) && !devaRuleRE.MatchString(next) &&
		!parkRE.MatchString(next) && !oldDoneRE.MatchString(next) && !detourRE.MatchString(next)
	if !(asks || goalTarget(next)) || len([]rune(next)) > 160 {
		return quote, task
	}
	at := strings.Index(text, quote)
	if at < 0 {
		return quote, task
	}
	end := strings.Index(text[at+len(quote):], next)
	if end < 0 || strings.TrimSpace(text[at+len(quote):at+len(quote)+end]) != "" {
		return quote, task
	}
	span := text[at : at+len(quote)+end+len(next)]
	return span, task + span[len(quote):]
}

// goalAimRE states the measure a goal must reach: "must be under 2 ms",
// "needs to stay below 500 MB", glossed "надо стабильно < 2 ms", "tem
// que ficar abaixo de 200 ms".
var goalAimRE = mustPattern(`(?i)\b(?:must|needs?\s+to|has\s+to|have\s+to|should)\b[^.;!?]{0,40}?(?:[<>≤≥]=?|\b(?:under|below|less than|at most|within|above|at least|over|unter|über|abaixo\s+de|menos\s+de|por\s+debajo\s+de|sous|sotto)\b|(?:^|\s)(?:меньше|ниже|менше|нижче))\s*~?\d`)

// goalTarget tells that sentence s, after a new goal that names only what
// to work on, gives the target it is measured by: "Neues Ziel: der
// Bench. Muss unter 2 ms liegen." A question or a prohibition is none.
func goalTarget(s string) bool {
	return goalAimRE.MatchString(s) && !questionRE.MatchString(s) && !prohibitionRE.MatchString(s)
}

// doneWords say a task is done and name none.
var doneWords = map[string]bool{"done": true, "finished": true, "complete": true, "completed": true, "closed": true, "consider": true,
	"mark": true, "count": true, "treat": true, "call": true, "task": true, "work": true, "काम": true, "वाला": true, "वाले": true, "अब": true, "मानो": true, "समझो": true}

// objectiveDone marks the active objective done, the user having called
// its task done (p's quote) while giving the next one.
func (r *Reducer) objectiveDone(p *Proposal, ref EventRef) {
	o := r.hot[slot(KindObjective, objectiveKey)]
	if o == nil || o.Lifecycle != Active || o.Seq() >= ref.Seq {
		return
	}
	shared := false
	for w := range terms(p.Quote) {
		if !doneWords[w] && terms(o.Value)[w] {
			shared = true
			break
		}
	}
	if !shared {
		// "consider it done": which task is not said
		return
	}
	o.Lifecycle = Done
	o.Because = p.Quote
	o.addRef(ref)
}

// oldTasksGone supersedes the open obligations the old objective's
// statement carved out of it ("帮我把 app 升级到 targetSdk 35，顺便把
// release 构建修好" holds two) once a new objective replaces it, each
// one sharing fewer than two words with the new objective: the task they
// were parts of is no longer the goal. A part the new goal still speaks of
// by two of its words stays open; one word in common ("release" in "fix
// the release build" and "ship the 2.8.0 release") is too little to say
// the new goal holds it (trial 9: the build, fixed long before, read open).
func (r *Reducer) oldTasksGone(nu, old *Anchor, ref EventRef) {
	if len(old.SourceRefs) == 0 || old.Quote == "" {
		return
	}
	goal := terms(nu.Value)
	for _, a := range r.hot {
		if a.Kind != KindObligation || a.Lifecycle != Open || len(a.SourceRefs) == 0 || a.Quote == "" {
			continue
		}
		if a.SourceRefs[0].Seq != old.SourceRefs[0].Seq || !strings.Contains(old.Quote, a.Quote) {
			continue
		}
		if overlap(terms(a.Value), goal) >= 2 {
			continue
		}
		a.addRef(ref)
		r.retire(a, Superseded)
	}
}

// parkedAlong are the sentences of user text that set the old task aside
// beside the change of task quoted q: "先不要做导入了，导入先这样。改成先修
// Flyway：…" parks the import, a part of the switch (the old objective
// superseded), no rule against importing. A sentence that also holds a
// rule of its own in a clause that parks nothing ("DDP 先放一放，别动
// train.py") is not one.
func parkedAlong(text, q string) []string {
	var out []string
	for _, s := range sentences(text) {
		s = strings.TrimSpace(s)
		if s == "" || strings.Contains(q, s) || !parkRE.MatchString(s) || questionRE.MatchString(s) {
			continue
		}
		if slices.ContainsFunc(clauseSpans(s), func(c string) bool { return !parkRE.MatchString(c) && isRule(c) }) {
			continue
		}
		out = append(out, s)
	}
	return out
}
