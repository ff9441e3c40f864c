package projection

import (
	"strings"
)

// A rule bound in time.
//
// "don't touch the pool till then" after "I'll swap the disk at lunch",
// "no merges until the review is done", "ne déploie rien jusqu'à la fin
// du gel", "não mexa no schema até a migração terminar", "レビューが終わる
// までマージしないで": the rule holds until something happens. The reducer
// keeps that condition with the rule (Anchor.Until: the words after the
// bound, or, when they only point back — "till then", "until that's
// done" — the last clause of the sentence before the rule), and lifts the
// rule when a later user sentence says the condition happened: it shares
// a content word with the condition and says it is done ("the review is
// done", "migração terminou", "終わりました"), or puts the condition's own
// verb in the past ("disk swapped" for "swap the disk"), and does not deny
// it ("not done yet", "ainda não", "まだ").

// untilRE is a rule's bound in time and the condition after it, by
// language: English, French, Portuguese, Spanish, German, Italian,
// Russian and Ukrainian ("до релиза 0.9": "до" before a word, not a
// number, which is "up to"), Japanese and Chinese.
var untilRE = mustPattern(`(?i)(?:\b(?:until|till|til|untill)\b|\bjusqu'(?:à|au|a)(?:\s*ce\s+que\b)?|\baté\s+(?:que\b)?|\bhasta\s+(?:que\b)?|\bbis\s+(?:dass|der|die|das|zum|zur)\b|\bfinché|\bfino\s+a(?:l|lla|i)?\b|\bin\s+attesa\s+che\b|\ben\s+attendant\s+(?:que\b|d'|de\b)|\bsolange\b|\bmientras\s+(?:no\b|que\b)?|\benquanto\s+(?:não\b)?|до\s+тех\s+пор,?\s+пока\s+(?:не\s+)?|\bdopóki\s+(?:nie\b)?)\s*(?P<c>(?:[^,.;!?:()\n]|\.[\p{L}\d])*)|(?:^|\s)до\s+(?P<r>\p{L}(?:[^,.;!?:()\n]|\.[\p{L}\d])*)|(?P<j>[^、。,.!?\s]{2,40}?)(?:する|が終わる|が済む|が完了する)?まで(?:は)?|(?:直到|等到)(?P<z>[^，。,.!?]{1,30})`)

// untilCond is the condition of untilRE's match m.
// A bound that opens its sentence with no comma ends where the rule
// starts: "Bis zum Release am Freitag bitte keine Upgrades" holds until
// "Release am Freitag".
func untilCond(m []string) string {
	c := m[untilRE.SubexpIndex("c")] + m[untilRE.SubexpIndex("r")]
	if at := leadRuleStartRE.FindStringIndex(c); at != nil {
		c = c[:at[0]]
	}
	return strings.TrimSpace(c + m[untilRE.SubexpIndex("j")] + m[untilRE.SubexpIndex("z")])
}

// untilBackRE is a condition that only points back at what was said
// before: "then", "that's done", "ça", "isso", "dann".
var untilBackRE = mustPattern(`(?i)^(?:then|that|this|it|that(?:'s| is)? (?:done|over|finished|sorted)|it(?:'s| is)? (?:done|over|finished|sorted)|ce moment-là|ça|cela|alors|isso|então|lá|eso|entonces|dann|das|allora|それ|その時|那时|那之后|这之后)?[\s\p{P}]*$`)

// untilDoneRE says a thing happened: done, finished, merged, back …, in
// the languages the lexicons know.
var untilDoneRE = mustPattern(`(?i)\b(?:done|finished|complete|completed|over|merged|landed|approved|signed off|in place|passed|ready|sorted|is back|are back|went through|gone through)\b|\b(?:fini|finie|finis|terminé|terminée|fait|faite|validé|validée|prêt|prête|passé|passée)\b|\b(?:terminou|terminado|terminada|pronto|pronta|feito|feita|concluído|concluída|acabou|aprovado|aprovada|passou)\b|\b(?:terminó|listo|lista|hecho|hecha|acabó|aprobado|aprobada)\b|\b(?:finito|finita|fatto|fatta|concluso|conclusa|terminato|terminata|approvato|approvata)\b|\b(?:fertig|erledigt|durch|abgeschlossen|freigegeben|gemergt|released|draußen|raus)\b|(?:^|[^\p{L}])(?:вышел|вышла|вышло|вышли|выпущен|выпустили|зарелизили|готов|готово|готова|закончили|закончен|смержили|вийшов|вийшла|вийшло|випустили|готово)(?:[^\p{L}]|$)|\b(?:saiu|lançada|lançado|lançamos)\b|終わりました|終わった|終わりです|完了|済み|終了|完成了|完成|好了|搞定了|结束了|做完了|合并了`)

// untilNotYetRE denies that the condition happened.
var untilNotYetRE = mustPattern(`(?i)\bnot\b|n't\b|\bnot yet\b|\byet\b|\bpas encore\b|\bpas fini|\bainda não\b|\bnão terminou\b|\btodavía no\b|\baún no\b|\bnoch nicht\b|\bnon ancora\b|\bnon è finit|まだ|还没|尚未|没有完成`)

// untilAheadRE tells the condition as still to come: "the prod deploy
// on Monday morning once the survey weekend is over", "as soon as the
// review is done, merge".
var untilAheadRE = mustPattern(`(?i)\b(?:once|as soon as|when|after)\b[^.;]{0,60}?\b(?:is|are|gets?)\s+(?:over|done|finished|merged|approved|signed|ready|through)\b`)

// untilOf is the condition a rule quoted from text holds until, or "":
// the words after its bound, or the last clause of the sentence before
// the rule when they only point back.
func untilOf(text, quote string) string {
	m := untilRE.FindStringSubmatch(quote)
	if m == nil {
		// "finché non ha firmato la DPIA, niente dati reali. solo
		// caselle di prova": the bound said before the rule's own words,
		// in its sentence or the one before it (lifecycle.go).
		return untilBefore(text, quote)
	}
	cond := untilCond(m)
	if !untilBackRE.MatchString(cond) {
		return cond
	}
	at := strings.Index(text, quote)
	if at <= 0 {
		return ""
	}
	ss := sentences(text[:at])
	if len(ss) == 0 {
		return ""
	}
	before := ss[len(ss)-1]
	if i := strings.LastIndexAny(before, ",;，、"); i >= 0 && len(terms(before[i:])) >= 1 {
		before = before[i+1:]
	}
	return strings.TrimSpace(before)
}

// untilMet reports whether sentence s says the condition cond happened.
func untilMet(cond, s string) bool {
	if untilNotYetRE.MatchString(s) || untilAheadRE.MatchString(s) {
		return false
	}
	cs := stems(untilDoneRE.ReplaceAllString(cond, " "))
	if len(cs) == 0 {
		return false
	}
	shared, past := false, false
	for w := range terms(s) {
		ws := w
		if !strings.ContainsFunc(w, isCJK) {
			ws = stem(w)
		}
		if !cs[ws] {
			continue
		}
		shared = true
		if strings.HasSuffix(w, "ed") && !strings.ContainsFunc(w, isCJK) {
			// "disk swapped" for "I'll swap the disk".
			past = true
		}
	}
	if !shared {
		// A CJK condition shares its bigrams.
		for w := range stems(s) {
			if cs[w] && strings.ContainsFunc(w, isHanOrKatakana) {
				shared = true
				break
			}
		}
	}
	if n, _ := sharedStems(cs, stems(s)); shared && !past && len(cs) >= 3 && n < 2 {
		// "il caffè è finito di nuovo" meets no "finché non ha firmato la
		// DPIA sul nuovo fornitore": one common word of a longer condition
		// is not the condition.
		shared = false
	}
	return shared && (past || untilDoneRE.MatchString(s)) || untilStated(cond, s)
}

// conditionsMet lifts each active rule bound in time whose condition a
// sentence of the user's message says happened, and the rules said for
// one reply (untilReply), which any later user message ends.
func (r *Reducer) conditionsMet(ev *Event, ref EventRef) {
	if !HostSnapshot(ev.Text) {
		// a host's runtime-context snapshot (DSH sends it as a user
		// message) is no turn of the user's
		r.replied(ev, ref)
	}
	r.settle(ev, ref, KindConstraint, Active, Lifted, func(a *Anchor, s string) bool {
		return a.Until != "" && a.Until != untilReply && untilMet(a.Until, s)
	})
}

// replied ends the rules said for one reply (untilReply) stated before
// ev: ev is the agent's reply (a message calling no tool) or the user's
// next turn.
func (r *Reducer) replied(ev *Event, ref EventRef) {
	for _, a := range r.sorted() {
		if a.Kind == KindConstraint && a.Lifecycle == Active && a.Until == untilReply && a.Seq() < ev.Seq {
			a.Lifecycle = Lifted
			a.Because = "said for the reply to its message only"
			a.addRef(ref)
		}
	}
}

// untilReply is the Until of a rule said for one reply: "Answer directly
// in one sentence. Do not call tools." asks how to answer that question,
// not how to work from then on (a session that later asks for a file to
// be written needs tools).
const untilReply = "the reply to its message"

// replyRuleRE is a rule about how to reply: whether to use tools, how to
// answer.
var replyRuleRE = mustPattern(`(?i)\b(?:call(?:ing)?|us(?:e|ing)|run(?:ning)?|invok(?:e|ing))\s+(?:any\s+|a\s+|the\s+|other\s+)?tools?\b|\btool\s+calls?\b|^\W*(?:answer|reply|respond)\b|\b(?:in|with)\s+(?:one|a single|two|three)\s+(?:sentence|word|line)s?\b`)

// askReplyRE is a sentence asking for an answer: "Answer directly.",
// "Reply with exactly WORKSPACE_POLICY_SEEN.", "Tell me whether …".
var askReplyRE = mustPattern(`(?i)^\W*(?:answer|reply|respond|tell me|say)\b`)

// thisRunRE scopes a rule to the run or reply at hand: "Do not call any
// more tools in this run" ("state the limitation in your reply" is a
// standing rule on every reply).
var thisRunRE = mustPattern(`(?i)\b(?:in|for|during)\s+(?:this|the current)\s+(?:run|turn|reply|response|answer|round)\b|本轮|这一轮|本次回复`)

// replyScoped reports whether the rule quote, said in user text, is
// said for that message's reply only: one that says so ("in this run"),
// or a rule on how to reply in a message that asks a question or for an
// answer and asks for no work.
func replyScoped(text, quote string) bool {
	if thisRunRE.MatchString(quote) {
		return true
	}
	if !replyRuleRE.MatchString(quote) || askedTask(text) != "" {
		return false
	}
	for _, s := range sentences(text) {
		if questionRE.MatchString(s) || askReplyRE.MatchString(s) {
			return true
		}
	}
	return false
}

// settle moves each anchor of kind k in lifecycle from, stated before ev,
// to lifecycle to when a sentence of ev's text meets it (the sentence
// becomes its Because, ev its newest source).
func (r *Reducer) settle(ev *Event, ref EventRef, k Kind, from, to string, meets func(a *Anchor, s string) bool) {
	var cands []*Anchor
	for _, a := range r.hot {
		if a.Kind == k && a.Lifecycle == from && a.Seq() < ev.Seq {
			cands = append(cands, a)
		}
	}
	if len(cands) == 0 {
		return
	}
	for _, s := range sentences(ev.Text) {
		for _, a := range cands {
			if a.Lifecycle == from && meets(a, s) {
				a.Lifecycle = to
				a.Because = s
				a.addRef(ref)
			}
		}
	}
}

// leadBoundRE opens a sentence with a bound in time, after a word that
// joins it on ("and", "but remember:"): "until the release on Friday, …",
// glossed "Bis zum Release …", "Bis Freitag …", "até a release 2.4 sair, …", "до релиза
// 0.9 …".
var leadBoundRE = mustPattern(`(?i)^\W*(?:(?:and|but|also|so|plus|remember|reminder|note|btw|e|mas|lembrando|und|aber|и|а|но|і)[,:]?\s+)*(?:until|till|bis\s+(?:zum|zur|der|die|das|dass|dahin|morgen|übermorgen|ende|anfang|mitte|nächste[nrms]?|(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s?|auf\s+weiteres|\d{1,2}\.)|até|hasta|jusqu'(?:à|au|a)|fino\s+a(?:l|lla|i)?|finché|до)\s+\p{L}`)

// leadRuleStartRE is where the rule after a leading bound starts when no
// comma ends the bound: its "please", "no", "don't", "never".
var leadRuleStartRE = mustPattern(`(?i)\s(?:please|no|don'?t|do not|never|nothing|none|bitte|keine[nmrs]?|kein|nada|não|nunca|ningún|ninguna|ningun|pas|aucun|aucune|niente|nessun|nessuna|никаких|никакой|никакого|ничего|нельзя|не|жодних|нічого|не)\s`)

// afterLeadBound is sentence s after the bound in time it opens with:
// from the first word of a prohibition before its first comma, else
// after that comma; ""
// when s opens with no bound.
func afterLeadBound(s string) string {
	loc := leadBoundRE.FindStringIndex(s)
	if loc == nil {
		return ""
	}
	rest := s[loc[1]:]
	i := strings.IndexAny(rest, ",;")
	if m := leadRuleStartRE.FindStringIndex(rest); m != nil && m[0] < 80 && (i < 0 || m[0] < i) {
		return strings.TrimSpace(rest[m[0]:])
	}
	if i >= 0 && i < 80 {
		return strings.TrimSpace(rest[i+1:])
	}
	return ""
}
