package projection

import "strings"

// A user giving up on a failure in so many words, in the languages the
// lexicons read.
//
// giveUpRE (subject.go) reads "leave it", "never mind that", "lass es
// sein". Users also say outright that they give up ("lass das, geben wir
// auf", "let's give up on it", "on abandonne", "諦めよう", "放弃吧"), tell
// the agent to spend no more time on the thing ("don't spend more time on
// it", "keine Zeit mehr damit"), or leave it where it is ("それは上流の問題
// なので放置で", "先不管它了"; "他不管了" tells what someone else
// does). These are read like giveUpRE's cues (quitRE),
// and those that give up outright (quitNowRE) hold even when the message
// also says when the thing may be picked up again: "skip the e2e for now,
// we'll deal with it next sprint. don't spend more time on it" and "lass
// das, geben wir auf. Das UI-Test-Setup machen wir neu wenn der neue Mac
// da ist" give the failure up now; the later work is another task. A
// plain "leave it, out of time, tomorrow fix X" still only puts it off.
//
// A give-up negated ("don't give up", "geben wir nicht auf", "别放弃")
// holds none of these forms. Group t of quitRE is the thing named.

var (
	// quitNowRE gives a thing up outright.
	quitNowRE = mustPattern(`(?i)\b(?:let's|let\s+us|we|I)\s+(?:just\s+)?give\s+(?:it\s+|this\s+|that\s+)?up\b|\bgive\s+up\s+on\s+(?:it|that|this)\b` +
		`|\b(?:don'?t|do\s+not|no\s+need\s+to)\s+(?:spend|waste)\s+(?:any\s+)?(?:more\s+)?(?:time|effort)\s+on\s+(?:it|that|this|them)\b|\bstop\s+(?:working|spending\s+(?:more\s+)?time)\s+on\s+(?:it|that|this)\b` +
		`|\bgeben\s+wir\s+(?:es\s+|das\s+|den\s+\S+\s+)?(?:jetzt\s+|lieber\s+|einfach\s+)?auf\b|\bich\s+geb(?:e)?\s+(?:es\s+|das\s+)?auf\b|\bkeine\s+(?:weitere\s+)?zeit\s+mehr\s+(?:damit|darauf|dafür|reinstecken)\b` +
		`|\b(?:nos\s+rendimos|me\s+rindo|no\s+pierdas\s+m[aá]s\s+tiempo)\b|\b(?:on\s+abandonne|j'abandonne|ne\s+perds\s+plus\s+de\s+temps)\b|\b(?:ci\s+rinunciamo|rinunciamo)\b|\b(?:desisto|desistimos)\b` +
		`|諦め(?:よう|ます|ましょう|ました)|放置(?:で|して|しよう|します|しましょう|でいい|でOK|で大丈夫)|これ以上(?:は)?(?:時間を?かけ|深追いし)ないで` +
		`|放弃吧|(?:我们|咱们|那就|就)?先不管(?:它|这个)?(?:了|吧)|不管它了|别管(?:它|这个)?了|(?:我们|咱们|那就|就)不(?:弄|折腾)了`)

	// quitRE is a give-up cue giveUpRE does not hold: quitNowRE's, and
	// "lass das", "skip the e2e" (group t).
	quitRE = mustPattern(`(?i)\blass(?:en\s+wir)?\s+(?:das|es)\s*(?:[,.;!]|$|\s+(?:jetzt|erstmal|lieber)\b)|\bskip\s+the\s+(?P<t>[^,.;:!?]{2,40}?)(?:\s+(?:for\s+now|tests?|step))?\s*(?:[,.;:!?]|$)|ほっといて|放っておいて|放着吧`)
)

// quitCue is the give-up cue quitRE or quitNowRE finds in sentence s,
// and the thing it names, or "" when none does.
func quitCue(s string) (cue, thing string) {
	if m := quitRE.FindStringSubmatch(s); m != nil {
		return m[0], m[quitRE.SubexpIndex("t")]
	}
	if cue, thing := quitXL(s); cue != "" {
		return cue, thing
	}
	return quitNowRE.FindString(s), ""
}

// quitNow reports whether a sentence of text gives a thing up outright
// (quitNowRE).
func quitNow(text string) bool {
	for _, s := range sentences(text) {
		if quitNowRE.MatchString(s) {
			return true
		}
	}
	return false
}

// weLaterRE is a sentence in which the user's side will do a thing
// later: a first person plural subject.
var weLaterRE = mustPattern(`(?i)\b(?:we|we'll|we\s+will|let's|wir|nosotros|lo\s+\w+mos|nous|noi|nós)\b|我们|咱们|私たち|うちで`)

// planOfGiveUp folds into the negative knowledge that gave failure f up
// the plan a message giving it up outright also states for later
// ("Das UI-Test-Setup machen wir neu wenn der neue Mac da ist", "we'll
// deal with it next sprint"): read as an obligation of its own it would
// keep open, under another name, what the user just gave up. A task the
// message gives the agent instead ("mach stattdessen die README fertig")
// has no "we" and stays.
func (r *Reducer) planOfGiveUp(f *Anchor, ev *Event) {
	if !quitNow(ev.Text) {
		return
	}
	nk := r.hot[slot(KindNegative, "negative/-/"+slug(f.Name))]
	if nk == nil || nk.Seq() != ev.Seq {
		return
	}
	for _, o := range r.sorted() {
		if o.Kind != KindObligation || o.Lifecycle != Open || o.Seq() != ev.Seq || !weLaterRE.MatchString(o.Quote) || strings.Contains(nk.Quote, o.Quote) {
			continue
		}
		nk.Value = strings.Replace(nk.Value, nk.Quote, nk.Quote+" "+o.Quote, 1)
		r.retire(o, Superseded)
	}
}
