package projection

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Deterministic is the built-in Proposer: patterns over English and
// Chinese text, no model. The zero value is ready to use and safe for
// concurrent use.
type Deterministic struct{}

var _ Proposer = Deterministic{}

// Propose implements Proposer. A nil ev has no proposals; a nil ctx is
// an empty Context.
func (d Deterministic) Propose(ev *Event, ctx *Context) []Proposal {
	if ev != nil {
		if hans, back, ok := hansOf(ev.Text); ok {
			// Traditional Chinese, read through its simplified form
			// (hant.go).
			hev := *ev
			hev.Text = hans
			orig := ctx
			if ctx != nil && len(ctx.Asked)+len(ctx.UserAsked) > 0 {
				// the questions compared in the same form
				hctx := *ctx
				hctx.Asked, hctx.UserAsked = hansAll(ctx.Asked), hansAll(ctx.UserAsked)
				ctx = &hctx
			}
			out := d.propose(&hev, ctx)
			for i := 0; ctx != orig && i < len(out); i++ {
				// an answer shows the question as it was written
				if j := slices.Index(ctx.Asked, out[i].Was); j >= 0 && out[i].Was != "" {
					out[i].Was = orig.Asked[j]
				} else if j := slices.Index(ctx.UserAsked, out[i].Was); j >= 0 && out[i].Was != "" {
					out[i].Was = orig.UserAsked[j]
				}
			}
			return unHans(out, back)
		}
	}
	return d.propose(ev, ctx)
}

// hansAll is qs with each in its simplified form (hant.go), nil for none.
func hansAll(qs []string) []string {
	if len(qs) == 0 {
		return nil
	}
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = q
		if h, _, ok := hansOf(q); ok {
			out[i] = h
		}
	}
	return out
}

func (Deterministic) propose(ev *Event, ctx *Context) []Proposal {
	if ev == nil || ctx == nil {
		if ev == nil {
			return nil
		}
		ctx = &Context{}
	}
	switch ev.Role {
	case RoleUser, RoleSystem:
		if len(ev.Text) > maxInstructionBytes {
			short := *ev
			short.Text = instructionWindows(ev.Text)
			ev = &short
		}
		if ev.Role == RoleUser && asideOnly(ev.Text) {
			return nil
		}
		if t, ok := untagChat(ev.Text); ok && ev.Role == RoleUser {
			// a relayed channel: the speakers' words without their tags
			// (chat.go), each quote then cut to the speaker's own words
			cp := *ev
			cp.Text = t
			return requoted(ev.Text, t, Deterministic{}.propose(&cp, ctx))
		}
		var out []Proposal
		g := glossOf(ev.Text, ctx.lang(ev.Text))
		if g != nil {
			// another language: read its gloss (lexicon.go)
			gev := *ev
			gev.Text = g.text
			out = g.unGloss(proposeInstructions(&gev, ctx, true))
		} else {
			out = proposeInstructions(ev, ctx, false)
		}
		// The language a kind of text is written in, said in a language
		// the gloss does not map it in (amend.go).
		out = textLangRules(ev.Text, out)
		// How a kind of text is written: its language, its letter case,
		// its naming style (formrule.go).
		out = formRules(ev.Text, out)
		// A ticket's non-goals (ticket.go); a sentence introducing what
		// follows ("Please pick up this ticket:") decides nothing; what
		// the user takes back at once ("…. scratch that, …") stands not.
		out = retractedDropped(ev.Text, nonGoals(ev.Text, introsDropped(out)))
		if ev.Role == RoleUser {
			// "scratch the yarn thing": a rule taken back by its thing
			// (retract.go).
			out = rulesRetracted(ev.Text, out)
			// "Die Regel mit den Dependencies ist aufgehoben": a rule
			// called off by its name, in any language (rulenamed.go).
			out = rulesLiftedByName(ev.Text, out)
			// "That one's the exception to the transaction rule"
			// (exceptto.go).
			out = exceptionsNamed(ev.Text, out)
			// "the webhook is the exception: …. everything else stays
			// server actions" (exceptis.go).
			out = exceptionsByRemainder(ev.Text, out)
			// "…这次放开一下：AuthInterceptor 可以改": a lift for once is
			// an exception, its clause with it (oncelift.go).
			out = onceLifts(ev.Text, out)
			// "The Cargo.lock ban still stands": a rule said again.
			out = stillRules(ev.Text, out)
			// "… vind ik raar, chromium moet hem ook zien": a remark,
			// no rule (opinion.go).
			out = opinionsDropped(out)
			// "nolint это читерство, не надо": a practice judged and
			// refused is a rule against it (judged.go).
			out = judgedRules(ev.Text, out)
			// "retries terug naar 0. retries verbergen dit soort races":
			// a thing turned off because it hides problems (hiderule.go).
			out = hidingRules(ev.Text, out)
			// "надо разогнать.": the work said again, no rule (bareneed.go).
			out = bareNeedsDropped(out, ctx.lang(ev.Text))
			// "别用 dashmap，换成 RwLock", "nicht dashmap, sondern RwLock":
			// a switch of approach naming what it drops (switchaway.go).
			if ctx.HaveObjective {
				out = switchesAway(ev.Text, ctx.Decisions, out)
			}
		}
		if ev.Role == RoleUser {
			// Settings given as a markdown table (table.go).
			out = tableValues(ev.Text, out)
			// Tasks given as a table with their owners and dates (table.go).
			out = taskTable(ev.Text, out)
			// A choice put off to a later moment, in any language.
			out = decidedLater(ev.Text, out)
			// A task asked politely in another language (tasks.go).
			out = politeRequests(ev.Text, out)
			// A checklist the user keeps, read by its boxes (checklist.go).
			out = checklist(ev.Text, out)
			// A configuration the user pastes (pastedconfig.go).
			out = pastedConfig(ev.Text, out)
			// A failure in tool output the user pastes (pastedfail.go).
			pasted := pastedFailures(ev.Text)
			out = append(out, pasted...)
			// A failure the user saw outside the session (userfail.go);
			// the message that sets the objective tells the task,
			// whose bug the objective holds ("ponyc segfaults on …"),
			// and no run could resolve it as a failure of its own; but
			// one relayed from someone else ("QA says it crashes on
			// Pixel 6") is a run seen outside, as a later one is.
			if ctx.HaveObjective || relayed(ev.Text) {
				out = append(out, reportedFailures(ev.Text, pasted)...)
			}
		}
		if ev.Role == RoleUser {
			// Values told in shapes the gloss does not map (valuesxl.go).
			out = crossValues(ev.Text, ctx, out)
			// Settings told by their code names, a bare value set, and
			// values hedged, taken back or removed (toldvalues.go).
			out = toldValues(ev.Text, ctx, out)
			// Tasks set for later, approaches ruled out and questions
			// concluded, in any language (lifecycle.go).
			out = answeredBy(ev.Text, ctx, ruledOut(ev.Text, laterTasks(ev.Text, out)))
			// Questions the agent asked, answered or passed on (asked.go),
			// and the user's own it asked back on, put off (askback.go).
			back, deferred := askedBackOpen(ev.Text, ctx)
			out = answersAsked(ev.Text, ctx, out)
			// …, answered by their numbers (numbered.go).
			out = numberedAnswers(ev.Text, ctx, out)
			out = subjectAnswered(ev.Text, ctx, out)
			out = notNowDeclines(ev.Text, ctx, out)
			// An answer to one of them changed later (reanswer.go).
			out = answerChanged(ev.Text, ctx, out)
			// One of several passed over (passedover.go).
			out = passedOver(ev.Text, ctx, out)
			if deferred != "" {
				out = slices.DeleteFunc(out, func(p Proposal) bool { return p.Kind == KindUncertainty && p.Quote == deferred })
				out = append(out, back...)
			}
			// A question the user asks and puts off at once (leftopen.go).
			out = askedOpen(ev.Text, out)
			// An offer of the agent's turned down (refused.go).
			out = refusedOffer(ev.Text, ctx, out)
			// …, kept on another course, judged bad, or not the agent's
			// to take (assent.go).
			out = offerTurnedDown(ev.Text, ctx, out)
			// …, answered item by item, declined in any language, or
			// the agent's diagnosis corrected (itemreply.go).
			out = itemReplies(ev.Text, ctx, out)
			out = diagnosisCorrected(ev.Text, ctx, out)
			out = deferralStatesNoRule(out)
			// An option taken back as it is said, a thing dropped for
			// another course (rethink.go).
			out = droppedChoices(ev.Text, retractedOptions(ev.Text, out))
			// A thing turned off that a decision turned on (decreverse.go).
			out = turnedOffChoices(ev.Text, out)
			// A rule the agent proposed, confirmed (keeprule.go).
			out = confirmsRule(ev.Text, ctx, out)
			// Tasks handed to someone else or called off (handoff.go).
			for _, s := range sentences(ev.Text) {
				if p, ok := handoff(s); ok {
					out = append(out, p)
				}
			}
			if g != nil {
				// and as the gloss says it ("strunta i exporten, den
				// behövs inte": "… it is not needed"), in the user's words
				var gs []Proposal
				for _, s := range sentences(g.text) {
					if p, ok := handoff(s); ok {
						gs = append(gs, p)
					}
				}
				for _, p := range g.unGloss(gs) {
					if !slices.ContainsFunc(out, func(o Proposal) bool { return o.Kind == KindObligation && o.Op == OpLift && o.Quote == p.Quote }) {
						out = append(out, p)
					}
				}
			}
			// "use port 9090, not 8080": the setting or the rule that holds
			// the old value (replace.go), last, so that the anchors read
			// before keep their ids when nothing holds it.
			ss := sentences(ev.Text)
			for i, s := range ss {
				if i > 0 {
					// "How many workers should it use? Let's say 4."
					// (selfanswer.go)
					if p, ok := selfAnswered(ss[i-1], s); ok {
						out = append(out, p)
					}
				}
				ps := replacementProposals(s)
				if v, was, ok := enough(withPrior(ss, i)); ps == nil && i > 0 && ok && !questionRE.MatchString(s) {
					// "30s is too much. 20 is enough.": the verdicts
					// in two sentences.
					ps = replacing(withPrior(ss, i), v, was)
				}
				out = append(out, ps...)
			}
		}
		// "Let's keep working on the project.", "go back to what it was":
		// no choice (carryon.go); "su questo branch NON è …": no value of
		// the branch (valueguard.go)
		return slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Kind == KindDecision && (carryOn(p.Quote) || bareRevertRE.MatchString(p.Quote) && !strings.HasPrefix(p.Key, answerPrefix)) ||
				p.Kind == KindValue && p.Op == OpState && negatedName(p)
		})
	case RoleAssistant:
		// A question of the user's the reply leaves open (leftopen.go).
		// and one of its own it labels as still open (openask.go).
		// and the task it restates from the user's prompt (promptsaid.go).
		return promptObjective(ev.Text, repliedOpen(ev.Text, ctx, openLabelled(ev.Text, proposeAssistant(ev, ctx))))
	case RoleTool:
		out := proposeToolResult(ev, ctx)
		// the metrics the objective targets, as measured (measured.go)
		out = append(out, measuredValues(ev, ctx, out)...)
		return append(out, instructionRules(ev, ctx)...)
	}
	return nil
}

// decideLaterRE puts a decision off to a later moment or event: "we'll
// decide on the invoice PDFs after the meeting", "ask me again then",
// "Belegbilder entscheiden wir nach dem Termin", "frag mich danach
// nochmal", "lo decidimos después", "on décidera après", "решим потом",
// "会后再定", "終わってから決めましょう".
var decideLaterRE = mustPattern(`(?i)\b(?:we'll|we will|let's|i'll|i will|we can|we should)\s+(?:decide|choose|pick|settle)\b.{0,80}?\b(?:after|later|once|when|tomorrow|next (?:week|time)|on (?:monday|tuesday|wednesday|thursday|friday))\b|\bdecide (?:on )?(?:that |this |it |the rest )?(?:later|afterwards)\b|\bdecision (?:can wait|later)\b|\bask me (?:again )?(?:after|later|then|tomorrow|next week)\b|(?:^|[^\p{L}])(?:entscheiden|klären|besprechen)\s+wir\s+(?:das\s+)?(?:nach|später|morgen|nächste|wenn|danach|im|beim|am)(?:[^\p{L}]|$)|(?:^|[^\p{L}])frag(?:en sie)?\s+mich\s+(?:danach|später|morgen|nächste woche)(?:\s+(?:nochmal|noch mal|wieder))?(?:[^\p{L}]|$)|(?:^|[^\p{L}])(?:lo\s+)?decidimos\s+(?:.{0,40}?\s)?(?:después|más tarde|mañana|depois|mais tarde|amanhã)(?:[^\p{L}]|$)|(?:^|[^\p{L}])on\s+(?:décide|décidera|verra)\s+(?:.{0,40}?\s)?(?:après|plus tard|demain)(?:[^\p{L}]|$)|(?:^|[^\p{L}])решим\s+(?:потом|позже|после|завтра)(?:[^\p{L}]|$)|(?:之后|回头|以后|会后|明天|下周)再(?:定|决定|说|选)|(?:後で|あとで|てから|の後で?)決め`)

// seeAfterWorkRE is "we'll see" joined to the work it waits on ("mets
// #[ignore] dessus et on verra plus tard"): the work is the instruction,
// and no choice is put off.
var seeAfterWorkRE = mustPattern(`(?i)\pL.*\s(?:et|puis)\s+on\s+verra\s`)

// decidedLater adds to out, as open questions, the sentences of a user
// message that put a choice off (decideLaterRE) or say in another
// language that a cause is not known (causeUnknownRE: "keine Ahnung,
// woher die kommen", which the gloss does not carry) and that no proposal of
// out already quotes.
func decidedLater(text string, out []Proposal) []Proposal {
	if !decideLaterRE.MatchString(text) && !causeUnknownRE.MatchString(text) {
		return out
	}
	return sentencesRead(text, out, func(s string) bool {
		return (decideLaterRE.MatchString(s) && !seeAfterWorkRE.MatchString(s) || causeUnknownRE.MatchString(s) && !laughRE.MatchString(s)) && !questionRE.MatchString(s)
	}, func(s string) Proposal {
		if q := askedBefore(text, s); q != "" && len(terms(s)) <= 3 {
			// "should the frost alert also switch the heater on? … Ask me
			// again then.": the question put off, through its deferral
			return Proposal{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(q), Value: oneLine(q, valueRunes), Quote: q, Links: distinctive(q)}
		}
		return Proposal{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(s), Value: s, Quote: s, Links: distinctive(s)}
	})
}

// askedBefore is text from the last question before sentence s through
// s, verbatim, when the question is in the same paragraph; else "".
func askedBefore(text, s string) string {
	end := strings.Index(text, s)
	if end < 0 {
		return ""
	}
	ss := sentences(text[:end])
	for i := len(ss) - 1; i >= max(0, len(ss)-3); i-- {
		if questionRE.MatchString(ss[i]) {
			a := strings.LastIndex(text[:end], ss[i])
			if a < 0 || strings.Contains(text[a:end], "\n\n") {
				return ""
			}
			// from the question's own start ("One for later: should …?")
			return text[a : end+len(s)]
		}
	}
	return ""
}

// textLangRules adds to out the sentences of text saying what language
// a kind of text is written in (textLangRuleRE) that no constraint of
// out quotes.
func textLangRules(text string, out []Proposal) []Proposal {
	if !textLangRuleRE.MatchString(text) {
		return out
	}
	return sentencesRead(text, out, func(s string) bool {
		return textLangRuleRE.MatchString(s) && !questionRE.MatchString(s) && !notARule(s)
	}, func(s string) Proposal {
		return Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)}
	})
}

// sentencesRead adds to out, for each sentence of text that read
// accepts and that no proposal of out (but the objective) quotes or is
// quoted by already, the proposal mk makes of it: the readings of a
// message in its own words that the gloss does not carry.
func sentencesRead(text string, out []Proposal, read func(s string) bool, mk func(s string) Proposal) []Proposal {
	for _, s := range sentences(text) {
		if !read(s) {
			continue
		}
		if slices.ContainsFunc(out, func(p Proposal) bool {
			return p.Kind != KindObjective && p.Quote != "" && (strings.Contains(p.Quote, s) || strings.Contains(s, p.Quote))
		}) {
			continue
		}
		out = append(out, mk(s))
	}
	return out
}

// pasteSentences is how many sentences make a message a paste whose
// lines of one shape are read once (numberShape).
const pasteSentences = 200

// numberShape is sentence s with each run of digits one "0": the lines
// of a log alike but for their numbers have one shape.
func numberShape(s string) string {
	var b strings.Builder
	digit := false
	for _, r := range s {
		if r >= '0' && r <= '9' {
			if !digit {
				b.WriteByte('0')
			}
			digit = true
			continue
		}
		digit = false
		b.WriteRune(r)
	}
	return b.String()
}

// maxLookBack is how many sentences before one a reading of it looks
// back through.
const maxLookBack = 24

// lastSentenceBefore is the last sentence of text[:at], found in the
// bytes just before at (a long message is read once, not once per
// sentence); "" when that sentence is longer than the window.
func lastSentenceBefore(text string, at int) string {
	const window = 2048
	from := max(0, at-window)
	for from > 0 && !utf8.RuneStart(text[from]) {
		from++
	}
	ps := sentences(text[from:at])
	if len(ps) == 0 || from > 0 && len(ps) < 2 {
		return ""
	}
	return ps[len(ps)-1]
}

// maxInstructionBytes bounds the text of one user or system message the
// readings run over. A longer message is mostly pasted material (a log, a
// file, a dump) around what the user says of it, which stands before the
// paste or after it: its first and last maxInstructionBytes/2 are read
// (instructionWindows). Read whole, a 20 MB paste cost the readings'
// expressions seconds of CPU; the recall index reads 256 KiB of a message.
const maxInstructionBytes = 256 << 10

// instructionWindows is text's first and last maxInstructionBytes/2, each
// cut back to whole lines (a sentence never runs across a line break, so
// no sentence is made of the two), joined by a line break. A window that
// is one unbroken line is cut at a rune boundary.
func instructionWindows(text string) string {
	half := maxInstructionBytes / 2
	head := text[:half]
	if i := strings.LastIndexByte(head, '\n'); i > 0 {
		head = head[:i]
	}
	for len(head) > 0 && !utf8.RuneStart(text[len(head)]) {
		head = head[:len(head)-1]
	}
	tail := text[len(text)-half:]
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < len(tail)-1 {
		tail = tail[i+1:]
	}
	for len(tail) > 0 && !utf8.RuneStart(tail[0]) {
		tail = tail[1:]
	}
	return head + "\n" + tail
}

// Sentence limits: longer sentences are pasted material, not instructions.
const (
	// minTerms is the fewest content words an assistant statement needs
	// to become an anchor.
	minTerms = 3
	// maxConstraintsPerEvent bounds the constraints one message states:
	// a pasted catalog or policy dump is not a list of rules.
	maxConstraintsPerEvent = 12
	maxSentence            = 600
	valueRunes             = 300
)

var (
	liftRE       = mustPattern(`(?i)\b(you (?:may|can) now|(?:is|are) (?:all )?yours(?: now)?|(?:change|edit|touch|modify|do) whatever you (?:need|want|like)|you(?:'re| are) (?:clear|cleared|good) to|you (?:may|can) (?:\w+ )?(?:it|that|them|this) (?:now|again)|(?:'s|is|are) (?:fine|ok|okay|allowed) (?:now|again)|you(?:'re| are) now (?:allowed|free|permitted)|(?:is|are) no longer (?:needed|required|necessary|a requirement|in force|forbidden|off[- ]limits)|(?:isn't|aren't|is not|are not) (?:off[- ]limits|frozen|locked|blocked|forbidden) (?:any ?more|any longer|now)|no longer (?:need|have) to|(?:don't|do not) need to .{1,60} any ?more|feel free to|it(?:'s| is) (?:ok|okay|fine|allowed) (?:now )?to|ignore (?:the|my) (?:earlier|previous|old) (?:rule|instruction|constraint|restriction)|lift(?:ing)? (?:the|that|this) (?:rule|restriction|constraint|ban)|(?:rule|restriction|constraint|ban) (?:is|has been) lifted|you are free to|go ahead and|(?:freeze|restriction|ban|embargo|rule|lock|moratorium) on .{1,60} (?:is|has been) (?:over|lifted|removed|ended|done)|(?:is|are) (?:no longer frozen|unfrozen)|allowed again|no longer appl(?:y|ies)|(?:doesn't|does not|don't|do not) apply any ?(?:more|longer)|(?:rule|restriction|constraint|ban|freeze|limit|embargo|moratorium) (?:is|has been) (?:gone|off|over|void|cancel+ed|dropped|removed|lifted|ended|done|finished)|(?:rule|restriction|constraint|ban) (?:no longer exists|(?:doesn't|does not) exist any ?(?:more|longer)|is no more)|you can (?:touch|edit|change|modify|use) .{1,40} again|free to (?:touch|edit|change|modify)|(?:never ?mind|forget|drop|disregard) (?:the|that|my) (?:earlier |old |previous )?(?:rule|restriction|constraint|ban)|(?:forget|ignore|disregard|never ?mind) (?:what|everything|anything) i (?:said|told you) (?:about|on|regarding)|(?:ignore|disregard|drop|forget) (?:my|the|that) (?:earlier |old |previous )?(?:rule|restriction|constraint|ban|instruction)s? (?:on|about|regarding|for))\b|(?:has |have |had )?changed (?:his|her|their|my|our) mind(?:s)? (?:on|about)|改主意了|改变主意了|现在可以|可以了|解除|不再|不用再|不必再|无需再|放开|允许你|随便改|随便动|随意改|可以随便|可以改了|可以动了|不用管|取消(?:了)?(?:限制|禁令|规则|规矩)|限制取消|(?:规矩|规则|规定|限制|禁令)(?:已经|就)?(?:取消|作废|解除|不算)了?`)
	obligationRE = mustPattern(`(?i)\b(remember to|don't forget (?:to|the|your|our|about)|do not forget (?:to|the|your|our|about)|make sure to|make sure you|be sure to|before you (?:finish|are done|commit|push|wrap up|stop|end)|when you(?:'re| are) (?:done|finished)|once you(?:'re| are) (?:done|finished)|^(?:(?:and|then|also)\s+)?at the (?:very )?end\b|\bat the (?:very )?end,|todo:|you (?:still )?need to .{1,80} (?:before|at the end|afterwards|when done))|记得|别忘了|不要忘记|不要忘了|完成(?:之|以)?(?:前|后)|做完(?:以)?后|结束前|提交前|最后要`)
	constraintRE = mustPattern(`(?i)(?:^|[^\w'])(never|do not|don't|dont|must not|mustn't|must never|shall not|should not|shouldn't|may not|cannot|can't|avoid|always|must|has to|needs to|only|ensure|keep .{1,60} (?:unchanged|intact|as is|stable|the same|working|compatible|backwards?[- ]compatible|green|passing|reachable|resolvable)|keep .{1,60} (?:during|throughout|for the duration of) (?:the|this|our) (?:migration|transition|move|switchover|rollout|cutover|changeover)|should (?:always |never |not |only )?(?:be (?:written in|kept in|in (?:english|german|japanese|french|spanish|portuguese|chinese|korean|russian|italian|polish|dutch|swedish|thai)|under|below|within|at most|at least)|stay|remain|go through|live in)|(?:every|each|all|any) [\w-]+(?: [\w-]+)? (?:needs?|requires?) (?:a|an|two|2|one|its|their|the) .{1,60} before|(?:every|each|all) (?:new|single) [\w-]+(?: [\w-]+)? (?:needs?|requires?) (?:a|an|two|2|one|its|their) |make sure (?:every|each|all|any)\b|(?:messages?|logs?|log lines|comments?|docstrings?|commit messages|strings|labels|error texts?)\s+(?:(?:must|should|need to|have to) be |are to be )?in (?:english|german|japanese|french|spanish|portuguese|chinese|korean|russian|italian|polish|dutch|swedish|thai)(?:\s+please|\s+pls|\s+only|[,.!]|\s*$)|under no circumstances|at all times|refrain from|hold off(?: on)?|stick to|stay within|no more than|no (?:new|more|extra|additional|further|other) \w+|at most|at least|hands off|read-only|off[- ]limits|is frozen|are frozen|no edits|leave .{1,40} alone|leave .{1,60} (?:as (?:it is|they are|is)|unchanged|untouched|intact)|(?:you're|you are|we're|we are) not to|let's not|let us not|^\W*nothing (?:gets?|goes?|ships?|lands?|can be|should be|may be|is to be)|stay (?:away|out) (?:from|of)|keep (?:away|out) (?:from|of)|from now on|going forward|from here on|henceforth|(?:is|are) not allowed|not allowed to|(?:is|are) (?:forbidden|prohibited|banned)|no matter what|without exception|whatever you do|keep (?:it|them|this|that|\w+(?: \w+)?) (?:to|under|below|within) \d+|\d+ \w+(?: \w+)? max)\b|^\W*(?:(?:and|also|plus|e|y|et|und)\s+)?(?:(?:in|no|at)\s+)?(?:max(?:imum)?|m[aá]ximo|h[öo]chstens|massimo)\s+(?:of\s+|de\s+)?\d+\s+\p{L}|不要|不许|不准|禁止|不得|不可以|不能|必须|务必|一定要|只能|只用|只许|永远不要|切勿|千万别|别碰|别动|别改|别删|别用|别加|别装|别引入|先别|暂时别|暂时不要|冻结|只读|保持.{1,30}不变|始终|总是|以后都|以后一律|今后|从现在起|从今以后|一律|不允许|严禁|别再|不要再`)
	correctionRE = mustPattern(`(?i)\b(instead|rather than|actually|make it|make that|change (?:it|that) to|set it to|scratch that|correction|on second thought|switch(?:ing)? to|no, |no wait|wait, |sorry, |i meant|oops|my bad)|改为|改成|改用|换成|还是用|改回|切回|换回|更正|不对|算了|我是说|我的意思是|应该是`)
	supersedesRE = mustPattern(`(?i)\b(?:supersedes|replaces|overrides) (?:all )?(?:earlier|previous|prior|older)\b[^.\n]*|以此为准|取代(?:之前|先前|此前)`)
	// catalogRE marks a catalog entry ("- `name`: what it does"), reference
	// material rather than an instruction.
	catalogRE = mustPattern("^[-*] `[^`]+`\\s*[:：—-]")
	// codeLikeRE marks pasted code (an assignment there is not a
	// setting) and logLineRE a pasted log or error line (its "cannot" is
	// not a rule).
	codeLikeRE = mustPattern(`[(){};]|=>|:=|<-|\bawait\b|\byield\b|\breturn\b|\bconst\b|\blet\b|\bvar\b`)
	logLineRE  = mustPattern(`^(?:\[?\d{4}-\d\d-\d\d|\[?\d\d:\d\d:\d\d|\w*(?:Error|Exception|Warning)\b|at \S+ \(|File "|Traceback|\[(?:INFO|WARN|ERROR|DEBUG)\])`)
	// leadTagRE is a leading markup tag ("<pr_description>"); hostNoteRE a
	// note the host put in a user message ("[Request interrupted by user]").
	leadTagRE   = mustPattern(`^<[A-Za-z_][\w-]*>`)
	hostNoteRE  = mustPattern(`^\[[^\]\n]{1,120}\]$`)
	objectiveRE = mustPattern(`(?i)^\W*(?:(?:new|next)\s+)?(?:objective|goal|task|目标|任务)\s*[:：]\s*(.+)|^\W*(?:新任务|下一个任务)\s*[:：]\s*(.+)`)
	questionRE  = mustPattern(`[?？]\s*$`)

	// A value: a name with a version ("Node 22", "ubuntu 24.04": a bare
	// number only after a capitalized name, as pinRE reads a pin), quoted,
	// a number with an optional unit, or an identifier.
	valPat = "(?:(?:(?-i:[A-Z])[\\w+#\\-]*\\s+v?\\d+|[A-Za-z][\\w+#\\-]*\\s+v?\\d+\\.\\d+)(?:\\.\\d+)*\\b|\"[^\"\\n]{1,80}\"|'[^'\\n]{1,80}'|`[^`\\n]{1,80}`|0[xX][\\da-fA-F]+\\b|(?:[$€£]\\s?)?[+-]?\\d[\\d.,_:]*(?:[eE][+-]?\\d+\\b)?(?:\\s?(?:" + measureUnit + "|" + countUnit + ")\\b|/(?:s|sec|min|h)\\b|\\s?(?:%|€|秒|分钟|小时|天))?(?:" + perTail + "){0,2}|[A-Za-z0-9_#@$][\\w.\\-/:@#+]*)"
	// setMoreRE is one more setting after a set's value, sharing its
	// verb: ", and the probe timeout to 3s", ", the workers to 4", "and
	// max_retries to 5". A setting named by a plain word needs its
	// article: "… and go to 5 workers" names none.
	setMoreRE     = mustPattern(`^(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+)(?:(?:the|its|our|their|my)\s+(?P<k>\p{L}[\p{L}\d_.\-/]*(?:\s[\p{L}\d_.\-/]+){0,3}?)|(?P<k2>\p{L}+[_.\-]\p{L}[\p{L}\d_.\-]*|\p{Ll}+\p{Lu}[\p{L}\d]*))\s+to\s+(?P<v>` + valPat + `)`)
	valueSetRE    = mustPattern(`(?i)\b(?:change|set|update|bump|raise|lower|increase|decrease|reduce|switch|move|adjust|modify|crank|turn|dial|knock|tweak|drop|cut)\s+(?:the\s+)?(?P<k>[\p{Latin}\p{Cyrillic}\p{Arabic}\d_.\-/]+(?:\s[\p{Latin}\p{Cyrillic}\p{Arabic}\d_.\-/]+){0,3}?)(?:\s+(?:in|of|for|inside|within)\s+(?P<f>[\w.\-/]+))?(?:\s+from\s+(?P<a>` + valPat + `))?\s+to\s+(?P<v>` + valPat + `)`)
	valueAssignRE = mustPattern(`(?:^|[\s(])(?P<k>[A-Za-z_][\w.\-]{0,40})\s*(?:=|:=)\s*(?P<v>` + valPat + `)`)
	valueIsRE     = mustPattern(`(?i)(?:^|[:,;，：]\s*)(?:the\s+|our\s+|my\s+)?(?P<k>[\p{Cyrillic}\w.\-/'’ ]{2,60}?)\s+(?:is|should be|must be|needs to be|is now|will be|are|can be|can go(?: up| down)? to|can now go(?: up| down)? to)\s+(?:named\s+|called\s+|now\s+|(?:the|our|a)\s+(?:standard|usual|default|normal|same|regular)\s+)?(?P<v>` + valPat + rangeTail + `)(?:,?\s+(?:for now|for the moment|for the time being|at the moment|to start(?: with)?|by default|initially|going forward|from now on|right now|now|currently|atm|as of now|at present|btw|fwiw|iirc|actually|then|instead|though|please|pls|after all|anyway|i think|i guess|i believe|everywhere|across the board|in (?:all|every) (?:environments?|services?)|(?:in|on) (?:prod|production|staging))){0,2}\s*[.。,]?\s*$`)
	valueCorrRE   = mustPattern(`(?i)\b(?:make it|make that|change it to|set it to|use|let's use|go with|i meant)\s+(?P<v>` + valPat + `)(?:\s+instead)?`)
	// bareValRE is a value a short correction names alone ("Scratch that,
	// 9 retries", "不对，9 次").
	bareValRE = mustPattern(`(?:^|[\s,，:：])(?P<v>[+-]?\d[\d.,_:]*(?:\s?(?:ms|s|sec|secs|seconds|minutes|mins|min|m|h|hours|days|d|kb|mb|gb|tb|k|%|px|x|秒|分钟|小时|天))?|"[^"\n]{1,80}"|` + "`[^`\\n]{1,80}`" + `)`)
	zhSetRE   = mustPattern(`把\s*(?:(?P<f>[\w.\-/]+)\s*(?:里|中)(?:的)?\s*)?(?P<k>[^\s，,。把]{1,24}?)\s*(?:从\s*(?P<a>` + valPat + `)\s*)?(?:改成|改为|设为|设置为|调成|调到|换成|改到)\s*(?P<v>` + valPat + `)`)
	zhSet2RE  = mustPattern(`(?P<k>(?:[A-Za-z][\w\-./]* ){0,3}[\w\-./\p{Han}\p{Katakana}ー]{1,24}?)\s*(?:先|就)?(?:(?:改成|改为|设为|设成|设置为|调成|调到|换成)\s*(?P<v>` + valPat + `)|(?:设|改|调)\s*(?P<n>\d[\d.,]*(?:\s?(?:ms|s|sec|min|m|h|kb|mb|gb|tb|k|%|秒|分钟|小时|天|个|次|MB|GB|KB|TB))?)(?:$|[\s，,。；;]))`)
	zhIsRE    = mustPattern(`(?:^|[:：，,]\s*)(?P<k>[\p{Han}\p{Katakana}ー\w\- ]{2,30}?)(?:是|为|叫)\s*(?P<v>` + valPat + `)\s*[。.]?\s*$`)
	// zhPlaceRE is a name that ends in a word of place: "log 里是 X",
	// "配置中是 3", "日志里面是 X" say what is in the log or the config
	// (里, 中: "inside"), they set no setting called "log 里".
	zhPlaceRE = mustPattern(`(?:里|里面|里头|中|当中|之中)\s*$`)
	zhFiller  = mustPattern(`^(?:还是|那就|那么|就|再|请|那|要|然后|另外|还有|并且|而且|对了|哦|噢|嗯)+[，,]?`)
	// zhCountedRE is a classifier and the thing a number counts, after
	// the number: "个 seed", "条记录".
	zhCountedRE = mustPattern(`^\s*(?:个|条|张|位|台|份|组|只|件)\s*([A-Za-z][\w\-]*|\p{Han}{1,4})`)
	zhCorrRE    = mustPattern(`(?:改成|改为|换成|还是用|调到|调成|设为|设成|改到)\s*(?P<v>` + valPat + `)`)
	// particleRE is a verb's particle left at the end of a key ("bump
	// the batch size up to 64").
	// discourseRE are words that open a turn before its subject
	// ("Actually the limit should be 25").
	discourseRE = mustPattern(`(?i)^(?:(?:actually|oh|wait|hmm+|ok|okay|so|well|sorry|no|yes|right|also|and|but|anyway|anyhow|btw|then)\b[,!]?\s*)+|^(?:然后|另外|还有|并且|而且|对了|哦|噢|啊|嗯|那)+[，,]?`)
	particleRE  = mustPattern(`(?i)\s+(?:up|down|back|over)$`)
)

// planEndRE is the last step of a plan the objective lays out ("最后要出
// 报表", "and at the end publish the report").
var planEndRE = mustPattern(`(?i)最后要|最後要|\bat the (?:very )?end\b`)

// proposeInstructions reads user and system text: objective, lifts,
// obligations, values and constraints, sentence by sentence.
func proposeInstructions(ev *Event, ctx *Context, glossed bool) []Proposal {
	var out []Proposal
	text := ev.Text
	objective := ""
	if ev.Role == RoleUser && !ctx.HaveObjective {
		if v, q := blockObjective(text); q != "" {
			out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(v, valueRunes), Quote: q})
			objective = q
		} else if v, q := ticketObjective(text); q != "" {
			out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(v, valueRunes), Quote: q})
			objective = q
		} else if q := objectiveQuote(text); q != "" && (!ctx.RuledOnly || asksWork(q) && !scopedPermission(q) && !ruleFirst(q)) && !selfNamedFirst(q) && !setsPinned(q, ctx.Pinned) {
			out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(q, valueRunes), Quote: q})
			objective = q
		}
	}
	if o, ok := noticeOutcome(text); ok && ev.Role == RoleUser {
		out = append(out, o)
	}
	lastKey, lastName := ctx.LastValueKey, ctx.LastValueName
	ss := sentences(text)
	scope := ""
	if len(ss) > 0 {
		scope = slug(ss[0])
	}
	if supersedesRE.MatchString(text) && scope != "" {
		// "This snapshot supersedes earlier runtime-context snapshots":
		// what earlier messages of the same kind stated is retired.
		q := supersedesRE.FindString(text)
		out = append(out, Proposal{Op: OpLift, Kind: KindObjective, Key: scope, Value: ss[0], Quote: q, Correction: true})
	}
	// A labelled objective ("Objective: …", "目标：…") is its whole line:
	// its sentences are one statement, not a goal and then rules.
	var objLines []string
	if ctx.HaveObjective {
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if m := objectiveRE.FindStringSubmatch(line); m != nil && len([]rune(line)) <= maxSentence {
				objLines = append(objLines, line)
				out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(cleanValue(m[1]), valueRunes), Quote: line, Correction: true})
			}
		}
		if ev.Role == RoleUser && len(objLines) == 0 && ctx.ObjectiveAsked {
			if q := askedTask(text); q != "" {
				// "Create policy-neutral.txt containing …, verify it,
				// then report completion." after the question the
				// session opened with was answered: the task is the goal.
				objLines = append(objLines, q)
				out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(q, valueRunes), Quote: q, Correction: true})
			}
		}
		if ev.Role == RoleUser && len(objLines) == 0 {
			if q, v := mainTask(text); q != "" {
				// "Now the main thing: the checkout e2e is red. Get
				// checkout.spec.ts passing." (maintask.go)
				objLines = append(objLines, q)
				out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(v, valueRunes), Quote: q, Correction: true})
			}
		}
		if ev.Role == RoleUser && len(objLines) == 0 {
			if q, v := nextTask(text); q != "" {
				// "Thanks, that works. Now add CSV export to the reports
				// page.": the task before is done, this one is the goal.
				objLines = append(objLines, q)
				out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(objectiveText(v), valueRunes), Quote: q, Correction: true})
			}
		}
		if ev.Role == RoleUser && len(objLines) == 0 {
			if q, v, done := switchedTask(text); q != "" {
				// "…; that's the priority now", "new prio: …" (objshift.go,
				// objswitch.go)
				if done != "" {
					out = append(out, Proposal{Op: OpDone, Kind: KindObjective, Key: objectiveKey, Value: done, Quote: done})
				}
				objLines = append(objLines, q)
				out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(v, valueRunes), Quote: q, Correction: true})
			}
		}
	}
	constraints := 0
	prev := ""
	sents, announced := actClauses(modeJoined(text, sentences(referenceText(text))), glossed)
	announced = labelledLineItems(text, announcedItems(text, announced))
	announced = ruleItems(text, sents, announced)
	// What the message said so far, for the sentences after it: a
	// permission or an exception (a "but …" after it qualifies it; "the
	// rest stays off-limits" restates the rule it excepted from).
	permitted, excepted, obliged := false, false, false
	dropping := false // the sentence before gave up a practice
	skip := -1
	var options []string            // asked between by a question earlier in the message
	optionsAt, optionsFor := -1, "" // the sentence that asked them, and what they are for
	listed := false                 // options listed after a word announcing them, not asked
	asked := false                  // the sentence before stated an open question
	relaying := false               // a sentence before relayed an answer ("Helga got back on both.")
	closed := map[string]bool{}     // the questions a sentence before answered
	shapes := map[string]bool{}     // in a long paste, the shapes of its lines read
	for i, s := range sents {
		if i <= skip {
			continue
		}
		if len(sents) >= pasteSentences {
			// A paste of a log or a dump repeats one line with other
			// numbers ("[3] line 1207: …"): each shape is read once.
			if sh := numberShape(s); shapes[sh] {
				continue
			} else {
				shapes[sh] = true
			}
		}
		asked = i > 0 && slices.ContainsFunc(out, func(p Proposal) bool {
			return p.Kind == KindUncertainty && p.Op == OpState && strings.Contains(p.Quote, sents[i-1])
		})
		if o := optionsAsked(s); o != nil {
			options, optionsAt, optionsFor = o, i, ""
			listed = !eitherOrRE.MatchString(s)
			if m := optionsForRE.FindStringSubmatch(s); m != nil && !stopwords[strings.ToLower(m[1])] {
				// "for the freeze buffer length we've got 3 options": what
				// the one chosen is.
				optionsFor = m[1]
			}
		}
		if len([]rune(s)) > maxSentence || strings.HasPrefix(s, "```") || strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">") || catalogRE.MatchString(s) || logLineRE.MatchString(s) && !announced[s] {
			continue
		}
		if slices.ContainsFunc(objLines, func(l string) bool { return strings.Contains(l, s) }) {
			continue
		}
		n0 := len(out)
		quote := s
		spoken := ""
		if ev.Role == RoleUser && !glossed {
			// "the limit is fifty sorry i mean fifteen", "um the timeout
			// should be like thirty seconds": its values read with its
			// numbers in digits (spoken.go); quotes stay the sentence
			if x := spokenNumbers(s); x != s && !strings.ContainsAny(s, "0123456789") {
				if read, _, _, ok := selfRepair(x); ok {
					x = read
				}
				spoken = x
			} else if x := hanNumerals(s); x != s {
				// "超时改成一分钟吧", "不是五百，是五千" (hannum.go)
				spoken = x
			}
		}
		repairedChoice, repaired := false, false
		if read, _, repair, ok := selfRepair(s); ok {
			// "use polars — actually wait no, pandas": the sentence is read
			// as corrected; what it states quotes it whole.
			s = read
			repairedChoice, repaired = !numeric(repair), true
			if spoken != "" {
				if _, _, r2, ok := selfRepair(spokenNumbers(quote)); ok && numeric(r2) {
					// "five no wait six": a number repaired, no choice
					repairedChoice = false
				}
			}
		}
		wasPermitted, wasExcepted, wasObliged, wasDropping := permitted, excepted, obliged, dropping
		permitted, excepted, obliged, dropping = false, false, false, false
		func() {
			if ev.Role == RoleUser && namedRuleLift(s) {
				// "the no-deploy rule no longer applies", "ignore my
				// earlier note about prod deploys": a rule dropped by
				// what it is called
				out = append(out, Proposal{Op: OpLift, Kind: KindConstraint, Value: ruleNounWords(s), Quote: s, Links: mentions(s)})
				prev = s
				return
			}
			if ev.Role == RoleUser {
				if x := stoppedPractice(s); x != "" {
					// "stop showing me diffs": the rule that has the
					// agent do it, when one does (stoplift.go)
					out = append(out, Proposal{Op: OpLift, Kind: KindConstraint, Name: "stopped", Value: x, Quote: s, Refers: true})
				}
				if x := droppedPractice(s); x != "" {
					// "we're dropping conventional commits, the bot is
					// gone": the practice given up, and the one said
					// next its replacement (rulelife.go)
					out = append(out, Proposal{Op: OpLift, Kind: KindConstraint, Name: "dropped", Value: x, Quote: s, Links: mentions(x)})
					dropping, prev = true, s
					if replacedInSentence(s) && constraints < maxConstraintsPerEvent {
						// "以后不再用英文写提交信息了，改成中文": the new
						// practice in the same sentence
						constraints++
						out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Links: mentions(s), Scope: scope})
						dropping = false
					}
					if dropOnly(s) {
						return
					}
				}
				if wasDropping && constraints < maxConstraintsPerEvent {
					if q := replacingPractice(s); q != "" {
						constraints++
						out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(q), Value: q, Quote: q, Links: mentions(q), Scope: scope})
						prev = s
						return
					}
				}
			}
			if ev.Role == RoleUser && bare(s) {
				// "please don't.", "No no no.", "别。": the rule is what it
				// answers (bare.go).
				if q, v := bareReferent(text, s, sents, i, ctx.Offer); q != "" && constraints < maxConstraintsPerEvent {
					constraints++
					out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(v), Value: v, Quote: q, Links: mentions(v), Scope: scope})
				}
				prev = s
				return
			}
			k := answers(s, ctx)
			if k == "" && relaying && !questionRE.MatchString(s) {
				// "Helga got back on both. … And mid-month plan changes:
				// Stripe already prorates …": a sentence after the message
				// relays answers answers the question it shares the most
				// words with.
				k = sharingQuestion(s, ctx.Questions)
			}
			if relayLead(s) {
				// "Helga got back on both.": the answers follow; the lead
				// itself holds none.
				k = ""
			}
			relaying = relaying || relayMarkRE.MatchString(s)
			if closed[k] {
				// Answered by a sentence before in this message.
				k = ""
			}
			if k != "" {
				closed[k] = true
				// The answer to an open question ("total_count is still
				// used, keep it") closes it.
				out = append(out, Proposal{Op: OpLift, Kind: KindUncertainty, Key: k, Value: s, Quote: s, Stated: isRule(s) || slices.ContainsFunc(values(s, "", "", false, "", false), func(v Proposal) bool { return !v.Refers })})
			}
			var choice []Proposal
			choiceRest := true
			if ev.Role == RoleUser {
				choice, choiceRest = userChoice(s, i, sents, ctx, &skip)
			}
			if len(choice) > 0 && (choice[0].Op == OpLift || choice[0].Replaces != "") {
				// A retraction of a decision, and what replaces it.
				prev = s
				out = append(out, choice...)
				return
			}
			if i == 0 && ctx.Attempt != "" {
				if span, q, end := continuedAttempt(ctx.Attempt, text, sents); span != "" {
					// "we tried X." / "it blew up Y, don't go there.": the
					// attempt of the message before and its verdict (story.go).
					out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(ctx.Attempt), Value: span, Quote: q, Links: mentions(span)})
					skip = end
					return
				}
			}
			if span, end := attemptSpan(text, sents, i); span != "" {
				// A past attempt, its verdict and reason, and a prohibition
				// pointing back at it: one piece of negative knowledge.
				if incident(s) {
					// Someone else's incident, told as a warning ("last
					// year a contractor dropped …; the robots stood …"):
					// negative knowledge, or, when a direction pointing
					// back at it closes it ("Leave it at 0.05 or
					// coarser."), a constraint led by that direction.
					// A state lift ("gw-02 is yours now") frees no warning
					// (incidentKey, holdingAll).
					p := Proposal{Op: OpState, Kind: KindNegative, Key: "negative/" + incidentKey + slug(s), Value: span, Quote: span, Links: mentions(span)}
					if keepItRE.MatchString(sents[end]) || prohibitOpenRE.MatchString(sents[end]) {
						// "Something to know about the costmap: last year
						// …": the label's lead is no part of the warning.
						told := strings.TrimSuffix(span, sents[end])
						if l := labelOf(told); l != "" && !incidentRE.MatchString(l) {
							told = strings.TrimLeft(told[len(l):], ":： ")
						}
						p.Kind, p.Key = KindConstraint, "constraint/"+incidentKey+slug(s)
						p.Value = strings.TrimSpace(sents[end] + " — " + strings.TrimSpace(told))
					}
					out = append(out, p)
					skip = end
					return
				}
				out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(s), Value: span, Quote: span, Links: mentions(span)})
				skip = end
				return
			}
			if ev.Role == RoleUser && politeNoRE.MatchString(s) && !vagueNoRE.MatchString(s) && constraints < maxConstraintsPerEvent {
				// "线上的 es 集群能不能先别碰？", "can we not touch the prod
				// DB for now?": a rule asked as a favour, not a question.
				constraints++
				out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Links: mentions(s), Scope: scope})
				prev = s
				return
			}
			ps, rest := userKnowledge(s)
			if ev.Role == RoleUser && i > 0 && questionRE.MatchString(sents[i-1]) && undecidedRE.MatchString(s) && (ps == nil || len(ps) == 1 && ps[0].Kind == KindUncertainty) {
				// "what format should the file names use? I haven't
				// decided yet": the question is open, held with its words
				q := questionSpan(text, sents[i-1], s)
				ps, rest = []Proposal{{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(sents[i-1]), Value: q, Quote: q, Links: distinctive(sents[i-1])}}, false
			}
			if ps == nil && i+1 < len(sents) && preferRE.MatchString(s) && !questionRE.MatchString(s) && softRE.MatchString(sents[i+1]) && len(strings.Fields(sents[i+1])) <= 10 {
				// "i'd rather you run single test classes while iterating
				// … . not a big deal though": the preference, made soft by
				// the sentence after it (which says nothing more: it is
				// read no further).
				v := s + " " + strings.TrimSpace(sents[i+1])
				ps, rest = []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/preference/" + slug(s), Value: "preference, not a rule: " + v, Quote: s, Links: mentions(s)}}, false
				skip = i + 1
			}
			if asked && len(ps) == 1 && ps[0].Kind == KindUncertainty && !anotherRE.MatchString(s) {
				// "…要不要把 2015 年也包进来？现在从 2016 开始，…我也没把握。":
				// the question before, told on; not a question of its own.
				ps = nil
			}
			// A question ("分区字段用 dt 还是 event_date，我还拿不准") sets no
			// value, whatever its alternatives look like.
			asks := len(ps) == 1 && ps[0].Kind == KindUncertainty
			if next := ""; asks && i+1 < len(sents) && questionRE.MatchString(s) {
				if next = sents[i+1]; deferral(next) || deferRE.MatchString(next) || unknownRE.MatchString(next) {
					q := questionSpan(text, s, next)
					// "one thing I don't know: …? I'll ask Dr. Ibarra.": the
					// question with whom it went to, so the answer relayed
					// by them finds it.
					ps[0].Value, ps[0].Quote, ps[0].Links = q, q, append(ps[0].Links, distinctive(next)...)
					if m := deferRE.FindStringSubmatch(next); m != nil {
						ps[0].Links = append(ps[0].Links, m[deferRE.SubexpIndex("who")]+m[deferRE.SubexpIndex("z")])
					}
				}
			}
			if q := ""; ps == nil && ev.Role == RoleUser && i > 0 && !asked {
				if q = unansweredQuestion(text, sents[i-1], s); q != "" {
					// "…UTC or store-local time? nobody seems to know": the
					// question is open (clause.go).
					ps, rest = []Proposal{{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(q), Value: q, Quote: q, Links: distinctive(q)}}, false
				}
			}
			if ps == nil && rest && ev.Role == RoleUser {
				// A choice between options (choices.go).
				ps, rest = userChoiceOf(s)
			}
			if ps == nil && rest {
				ps, rest = choice, choiceRest
			}
			if ps == nil && rest && ev.Role == RoleUser && len(options) > 0 && i > optionsAt && !questionRE.MatchString(s) && !isRule(s) {
				// "sarama or franz-go? … let's take franz-go": the option
				// the user takes is a decision (clause.go).
				x := ""
				if loc := chooseRE.FindStringIndex(s); !listed || loc != nil {
					// A listed option is taken after a verb of choosing ("go
					// with 4s"); "redis is overkill" rules one out.
					if x = chosenOption(s, options); listed && x != "" {
						x = chosenOption(s[loc[1]:], options)
					}
				}
				if x != "" {
					v := s
					if optionsFor != "" {
						v = s + " (" + optionsFor + ": " + x + ")"
					}
					ps, rest = []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(s), Value: v, Quote: s, Links: mentions(s)}}, false
					options = nil
				}
			}
			if ps == nil && rest && ev.Role == RoleUser && len(ctx.Offered) > 0 {
				// "the second one, we need sub-cent precision": the option
				// listed at that place is chosen (listed.go).
				o := chosenByPlace(s, ctx.Offered)
				if o == "" {
					// "the other one" than the agent's pick (otherone.go)
					o = otherOne(s, ctx)
				}
				if o != "" {
					ps, rest = []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(o), Value: o + " (" + s + ")", Quote: s, Links: mentions(o + " " + s)}}, false
				}
				if k := offeredFor(out, ctx); k != "" && (o != "" || descChoiceRE.MatchString(s)) {
					// The choice answers the question the options were
					// offered for.
					out = append(out, Proposal{Op: OpLift, Kind: KindUncertainty, Key: k, Value: s, Quote: s, Stated: true})
				}
			}
			if ps == nil && rest && ctx.DecidedLast && ev.Role == RoleUser {
				if d := reversal(s, i > 0 && correctionRE.MatchString(sents[i-1])); d != "" {
					ps, rest = []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(s), Value: s, Quote: s, Correction: true}}, false
				}
			}
			if ps == nil && rest && ev.Role == RoleUser && prev != "" && choiceWaitRE.MatchString(s) && offersRE.MatchString(prev) {
				// "two options: A …, or B …. We're waiting for comms
				// before choosing": the choice is open, put off.
				q := prev + " " + s
				ps, rest = []Proposal{{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(prev), Value: q, Quote: q, Links: distinctive(prev)}}, false
			}
			if ps == nil && rest && ev.Role == RoleUser {
				ps, rest = deferred(s, prev, text)
			}
			if ps == nil && rest && repairedChoice && ev.Role == RoleUser && imperative(discourseRE.ReplaceAllString(s, "")) && !isRule(s) && len(terms(s)) >= 2 {
				// "store keys in redis — hmm no, postgres": a course chosen
				// between two named things is a decision.
				ps, rest = []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)}}, false
			}
			prev = s
			out = append(out, ps...)
			if !rest {
				return
			}
			if questionRE.MatchString(s) && !(ev.Role == RoleUser && laterRequestRE.MatchString(s)) {
				// a question sets nothing, unless it asks for a task at a
				// later moment ("Could you open a PR when you're done?")
				return
			}
			if (wasPermitted || wasExcepted) && restrictRE.MatchString(leadOf(s)) && (constraintRE.MatchString(s) || imperative(trimLead(s))) {
				// "… is over, add whatever you need. But pin everything to
				// exact versions": the permission's qualification is a rule.
				if constraints < maxConstraintsPerEvent {
					constraints++
					out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Links: mentions(s), Scope: scope})
				}
				return
			}
			if wasExcepted && remainderRE.MatchString(s) {
				// "Rest of vendor stays off-limits." after an exception to
				// the vendor rule: the rule's remainder, already held.
				return
			}
			corr := correctionRE.MatchString(s)
			restate := false
			before := ""
			if i > 0 {
				before = sents[i-1]
				if at := strings.Index(text, s); at > 0 && !permitRE.MatchString(before) {
					// The sentence before, whole, when its last clause
					// holds no permission ("0402 is fine, otherwise they
					// don't fit. Everywhere else it stays 0603").
					if ps := lastSentenceBefore(text, at); ps != "" {
						before = ps
					}
				}
			}
			if rem, x := keptElsewhere(s, before); rem != "" {
				// "robots may do 1.1 m/s on the highway lane; the 0.8
				// ceiling stays everywhere else": an exception to the rule
				// the remainder names (keptElsewhere).
				q := s
				if !strings.Contains(s, x) {
					// The permission is the sentence before: its words are
					// the exception.
					q = x
				}
				out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "remainder", Value: x, Quote: q, Because: rem})
				return
			}
			if t, x := ruleTopicPermit(s); t != "" {
				// "a carve-out on the refund rule: … the task may refund
				// it": an exception to the rule its lead names (clause.go);
				// a rule of its own when none is held (Because).
				out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "topic", Value: t, Quote: x, Because: x})
				return
			}
			for _, c := range clauses(s) {
				if x := permittedPackage(c); x != "" && !liftRE.MatchString(c) {
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "package", Value: x, Quote: c})
					excepted = true
				} else if x := permittedReferent(c, before); x != "" && !liftRE.MatchString(c) {
					// "… go-grpc-middleware v2 …. you can add it, only that
					// dependency": the package the sentence before names
					// (permitthing.go).
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "package", Value: x, Quote: c})
					excepted = true
				} else if x := permission(c); x != "" && !liftRE.MatchString(c) {
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Value: x, Quote: c})
					excepted = true
				} else if x, _ := namedFine(c); x != "" && (remainderRE.MatchString(text) || depClassRE.MatchString(text)) {
					// "zod is fine. Nothing else.": a package allowed by name,
					// the rest still kept out.
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "package", Value: x, Quote: exceptQuote(c, x, s)})
					excepted = true
				} else if t := zhTopicPermit(c); t != "" && remainderRE.MatchString(s) {
					// "full refresh 那条：stg_refunds 可以 full refresh，别的模型还是不行":
					// an exception to the rule the topic names.
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "topic", Value: t, Quote: exceptQuote(c, t, s)})
					excepted = true
				} else if x := permittedWord(c); x != "" && !liftRE.MatchString(c) {
					// "you can use nightly for the benchmarks": an exception
					// to the rule that names nightly, if one does (quoted from
					// the permission on).
					from := c
					if loc := permitWordRE.FindStringIndex(c); loc != nil {
						from = c[loc[0]:]
					}
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "word", Value: x, Quote: exceptQuote(from, x, s)})
					excepted = true
				} else if x := permittedAct(c); x != "" && !liftRE.MatchString(c) {
					// "puoi committare da solo sul branch feature/x", "in
					// e2e/ mag `any`": an exception to the rule naming the
					// act or the thing (permitact.go).
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "act", Value: x, Quote: c})
					excepted = true
				}
				if x, q := permittedGerund(s); x != "" && !excepted && !liftRE.MatchString(s) {
					// "in the Editor …, granting locally without the backend
					// is fine": an exception to the rule against granting
					// (amend.go), its scope quoted.
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "word", Value: x, Quote: q})
					excepted = true
				}
				if subj, x := notApplied(c); x != "" && !excepted {
					// "单只股票 5% 的上限对 ETF 不适用，ETF 可以到 10%": an
					// exception to the rule its subject names (clause.go);
					// "that doesn't apply to Ahmed": to the rule said last
					// (no subject named)
					if pronounSubjectRE.MatchString(subj) {
						subj = ""
					}
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "subject", Value: x, Because: subj, Quote: s})
					excepted = true
				}
				if restatesPin(c, ctx.Pinned) && !isRule(s) {
					// "The constraint is now Go 1.22": the pinned rule, restated.
					restate = true
					out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(c), Value: c, Quote: c, Correction: true, Links: mentions(c), Scope: scope})
				}
			}
			if excepted && !liftRE.MatchString(s) && (remainderRE.MatchString(s) || !isRule(s)) {
				// The permission's own "only that one, nothing else" is the
				// remainder of the rule it excepts from, and part of the
				// exception's quote when it follows it (rulelife.go).
				extendExcept(out, text, s)
				return
			}
			if phrased := liftRE.MatchString(s); (phrased || ev.Role == RoleUser && liftShape(s)) && !(i+1 < len(sents) && keptOpensRE.MatchString(sents[i+1])) {
				// A lift by its shape (clause.go) retires only a rule it
				// names (Refers).
				permitted = true
				lift, rule := splitRestriction(s)
				out = append(out, Proposal{Op: OpLift, Kind: KindConstraint, Value: lift, Quote: lift, Links: mentions(lift), Refers: !phrased})
				if rule != "" && constraints < maxConstraintsPerEvent {
					constraints++
					out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(rule), Value: rule, Quote: rule, Links: mentions(rule), Scope: scope})
				}
				if _, _, rel := relative(s); phrased && !(rel && mindChangedRE.MatchString(s)) {
					return
				}
			}
			// "每次提交前必须先跑 lint": a moment that recurs sets a rule,
			// not a task done once.
			recurring := (everyTimeRE.MatchString(s) || doneClaimRule(s)) && isRule(s)
			if objective != "" && strings.Contains(objective, s) && planEndRE.MatchString(s) {
				// "这次要做的是 …：读 STDF，写成 Parquet，…，最后要出报表":
				// the objective's last step, not a task for the end.
				recurring = true
			}
			if ev.Role == RoleUser && ensureNotRE.MatchString(s) && !questionRE.MatchString(s) && !forgetRE.MatchString(s) && constraints < maxConstraintsPerEvent {
				// "make sure you never write to the prod bucket", "please
				// make sure nothing gets written to it, ever": what must
				// not happen, a rule for the whole session, no task done once.
				constraints++
				out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Links: mentions(s), Scope: scope})
				return
			}
			// "task: data migration 0042 for orders": the objective its
			// label names, no task besides it (objswitch.go)
			labelledGoal := objective != "" && strings.Contains(objective, s) && goalLabelRE.MatchString(s) && !obligationRE.MatchString(s)
			if late := !obligationRE.MatchString(s) && (dueTask(s, sents, i) || ev.Role == RoleUser && lateObligation(s) && (!questionRE.MatchString(s) || laterRequestRE.MatchString(s))); !recurring && !labelledGoal && (late || obligationRE.MatchString(s) || ev.Role == RoleUser && alsoTask(s, scope)) {
				// One obligation per task of a compound one (tasks.go);
				// a rule said with a task set late ("收尾之前：把 X 缩到 0（别删！")
				// is a rule too.
				if span := deadlineOf(text, sents, i); span != "" {
					// "… write a runbook entry: what … . before thursday's
					// handover at 10": the task before, by this deadline
					out = append(out, Proposal{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(span), Value: span, Quote: span, Links: mentions(span)})
					obliged = true
					return
				}
				out = append(out, obligationsIn(s, glossed)...)
				obliged = true
				if late && isRule(s) && !requirementOnly(s) && !modalTaskOnly(s) && constraints < maxConstraintsPerEvent {
					constraints++
					out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Links: mentions(s), Scope: scope})
				}
				return
			}
			if wasObliged && ev.Role == RoleUser {
				if t := continuedObligation(s); t != "" {
					// "… Then tag the release.": the obligation's next task.
					out = append(out, obligationsIn(t, glossed)...)
					obliged = true
					if !isRule(s) {
						return
					}
				}
			}
			var vs []Proposal
			k, change, rel := "", "", false
			if ev.Role == RoleUser {
				k, change, rel = relative(s)
			}
			if (!rel || !proportionalRel(change)) && !asks {
				vk, vn := lastKey, lastName
				if ev.Role == RoleUser && corr {
					if h := heldByNumber(withPrior(sents, i), ctx.Values); h != nil && h.Key != lastKey && heldNamed(s, ctx.Values) == nil {
						// "the percent: 1.5 is last year's, make it 2"
						// after a command set another setting: the
						// setting whose number the sentence names before
						// its pronoun, when it names none by its name
						vk, vn = h.Key, h.Name
					}
				}
				pk, pn, pbase := "", "", ""
				if ev.Role == RoleUser && i > 0 && heldNamed(s, ctx.Values) == nil {
					// "payment call timeout is 10s rn right? make it 15":
					// the setting the sentence before gave a number
					// (itprior.go)
					if pk, pn, pbase = priorSetting(sents[i-1], s); pk != "" {
						vk, vn = pk, pn
					}
				}
				vs = values(s, vk, vn, corr, scope, ev.Role == RoleUser && !glossed)
				if len(vs) == 0 && ev.Role == RoleUser && glossed {
					// "remets batch 128 lr 0.05 comme avant": a bare
					// list of settings reads the same in every language
					vs = terseLists(s, scope)
				}
				for j := range vs {
					if pk != "" && vs[j].Key == pk && vs[j].Was == "" && vs[j].Value != pbase {
						vs[j].Was = pbase
					}
				}
				if rel {
					// "make it double": the change's word is no value;
					// the change is read below.
					vs = slices.DeleteFunc(vs, func(v Proposal) bool { return scaleWordRE.MatchString(v.Value) })
				}
				if _, _, relSpoken := relative(spoken); spoken != "" && !rel && !relSpoken && (!slices.ContainsFunc(vs, func(v Proposal) bool { return spokenNumbers(v.Value) == v.Value }) || hanNumerals(s) != s) {
					// the numbers said: the values of the sentence in
					// digits, where it read none or only number words
					// ("fifteen hundred" is 1500, not "fifteen")
					if sv := values(spoken, vk, vn, corr || correctionRE.MatchString(quote), scope, true); len(sv) > 0 {
						vs = sv
					}
				}
			}
			if len(vs) == 0 && ev.Role == RoleUser && !rel {
				// a value said in a shape of its own (saidvalues.go):
				// the first reading that finds one
				// the readers look back a few sentences ("the nightly
				// job … run it at 3"), not through a whole paste
				before := strings.Join(sents[max(0, i-maxLookBack):i], " ")
				for _, read := range saidValueReaders {
					if p, ok := read(s, before); ok {
						if p.Quote == "" {
							p.Quote, p.Scope = quote, scope
						}
						vs = []Proposal{p}
						break
					}
				}
			}
			if backToOnly(s, vs) {
				// "tillbaka till 256" read as a setting named
				// "tillbaka till": the words that put a setting back
				// name none
				vs = nil
			}
			if v := backToValue(s); len(vs) == 0 && ev.Role == RoleUser && !rel && v != "" && lastKey != "" && backToFits(ctx.Values, lastKey, v) {
				// "go back to 15": the number, for the setting whose value
				// before it was (valueref.go), else the one set last.
				vs = []Proposal{{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Quote: s, Correction: true, Scope: scope}}
			}
			if v := tryValue(s); len(vs) == 0 && ev.Role == RoleUser && !rel && v != "" && lastKey != "" && tryFits(ctx.Values, lastKey, v) {
				// "hm, that's worse. try 256K": the number, for the
				// setting set last (trynum.go).
				vs = []Proposal{{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Quote: s, Scope: scope}}
			}
			if len(vs) == 0 && ev.Role == RoleUser && !rel {
				// "go with 2 retries", "let's do 5 retries instead": a
				// number before the noun of a setting held.
				vs = countOfHeld(s, ctx.Values, scope)
			}
			if len(vs) == 0 && ev.Role == RoleUser {
				if rel {
					// "halve it", "add two to the minSdk": the held value
					// changed (relative.go).
					// Named by a pronoun: Name empty, the setting set last as
					// the fallback (the reducer looks for one the sentence
					// names by its value first).
					key, name := lastKey, ""
					base := changeBase(s, change)
					if base == "" && spoken != "" {
						// "持续十分钟才报警，太慢，持续时间减半": the number in
						// numerals the change applies to (hannum.go)
						base = changeBase(spoken, change)
					}
					if base == "" {
						base = shiftBase(s)
					}
					if t := cmp.Or(spoken, s); base == "" && strings.TrimSpace(k) != "" && strings.ContainsFunc(k, isCJK) {
						// "现在高于-15℃持续十分钟才报警，太慢，持续时间减半": the
						// quantity the sentence gave the setting's head
						// ("持续") before the change
						if at := strings.LastIndex(t, strings.TrimSpace(k)); at > 0 {
							base = zhHeadQuantity(t[:at], k)
						}
					}
					m := refTopicRE.FindStringSubmatch(s)
					if m == nil {
						m = refTopicBareRE.FindStringSubmatch(s)
					}
					if m != nil && strings.TrimSpace(k) == "" && !stopwords[strings.ToLower(strings.TrimSpace(m[1]))] {
						// "grain size default, make it 25% shorter": the
						// setting named before the pronoun.
						k = m[1]
					}
					if at := changeStart(s); strings.TrimSpace(k) == "" && base == "" && at > 0 {
						// "on est en piste de 0,4 mm… mets 0,1 de plus": the
						// setting the sentence gave its number before the
						// change.
						k, base = priorQuantity(s[:at])
					}
					if h := heldNamed(s, ctx.Values); strings.TrimSpace(k) == "" && base == "" && h != nil && itWordRE.MatchString(s) {
						// "He measured the creep again … he'd like it
						// twenty per cent less": the held setting the
						// sentence names before its pronoun.
						k = h.Name
						if k == "" {
							k = property(h.Key)
						}
					}
					var held *HeldValue
					if strings.TrimSpace(k) == "" && base == "" && i > 0 {
						if h := heldByNumber(withPrior(sents, i), ctx.Values); h != nil && heldNamed(s, ctx.Values) == nil {
							// "The search feels sluggish at 500. Make it
							// half of that.": the held setting whose
							// number the sentence before gave.
							held, base = h, leadNumber(h.Value)
						} else {
							// "the batch timeout of 20s keeps firing.
							// triple it", "o timeout de 30s tá
							// estourando… dobra": the one setting the
							// sentence before gave a number.
							k, base = priorQuantity(sents[i-1])
						}
					}
					if k = strings.TrimSpace(discourseRE.ReplaceAllString(k, "")); k == "" && base != "" {
						// "rollout 再改一下：先翻倍吧，10% 太保守了": the topic
						// the sentence opens with.
						if m := topicLeadRE.FindStringSubmatch(s); m != nil {
							k = m[1]
						}
					}
					if held != nil {
						key, name = held.Key, held.Name
					} else if k != "" {
						key, name = "value/-/"+strings.ToLower(strings.Join(strings.Fields(k), "_")), k
					}
					if key != "" || ev.Role == RoleUser && ctx.Ran {
						// With no setting named or set before, the one the
						// agent's last run gave a number (ranflags.go).
						vs = []Proposal{{Op: OpState, Kind: KindValue, Key: key, Name: name, Value: change, Rel: change, Was: base, Quote: s, Refers: true, Correction: true}}
					}
				}
			}
			if len(vs) > 0 {
				for _, v := range vs {
					lastKey, lastName = v.Key, v.Name
				}
				out = append(out, vs...)
				// A sentence that sets a value and also states a rule ("never
				// set the timeout above 90") is a constraint as well.
				if !announced[s] && (!isRule(s) || requirementOnly(s)) {
					if rel {
						// "triple the time limit, and the normal queue caps at
						// 6 hours so it has to go to long": a rule in a clause
						// of its own beside the change.
						for _, c := range clauses(s) {
							if _, _, changes := relative(c); isRule(c) && !changes && constraints < maxConstraintsPerEvent {
								constraints++
								out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(c), Value: c, Quote: c, Links: mentions(c), Scope: scope})
							}
						}
					}
					return
				}
			}
			if !restate && (isRule(s) && !(ev.Role == RoleUser && valueChangeOnly(s, vs)) || announced[s]) && !asksWhom(s) && constraints < maxConstraintsPerEvent {
				if restateMark(s) {
					// "Reminder: leave X alone": one rule said again, whole.
					constraints++
					out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Links: mentions(s), Scope: scope, Restates: true})
					return
				}
				if anaphoricRuleRE.MatchString(s) {
					// "so don't go that way" with no attempt before it names
					// nothing to keep.
					return
				}
				if ev.Role == RoleUser && pronounOnlyRule(s) {
					// "no lo toques", "あなたはやらないで": the thing is the
					// sentence before's, or the rule is none (pronounrule.go).
					if q := pronounReferent(text, before, s); q != "" {
						constraints++
						out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(q), Value: q, Quote: q, Links: mentions(q), Scope: scope})
						return
					}
					if len(sents) <= 3 {
						return
					}
					// a long message names its thing farther back ("…
					// WireGuard inside a Docker container …. We ripped it
					// out. Don't containerize it."): the rule as said
				}
				// Two rules joined in one sentence are two anchors.
				rules := ruleClauses(s)
				if rules == nil && len(vs) > 0 {
					// "Keep the API as is, and the minimum version is 1.70":
					// the rule is its own clause, the value another's.
					for _, c := range clauses(s) {
						if isRule(c) {
							rules = append(rules, c)
						}
					}
				}
				if rules == nil {
					rules = []string{operative(s)}
				}
				for _, c := range rules {
					if constraints < maxConstraintsPerEvent {
						constraints++
						out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(c), Value: c, Quote: c, Correction: corr, Links: mentions(c), Scope: scope})
					}
				}
			}
		}()
		if repaired {
			// "… — wait no, Decimal, we never use f64 for money here": a
			// rule said after the repair is a rule of its own.
			for _, c := range repairTail(quote) {
				if constraintRE.MatchString(c) && (directive(c) || teamNorm(c)) && !questionRE.MatchString(c) && constraints < maxConstraintsPerEvent {
					constraints++
					out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(c), Value: c, Quote: c, Links: mentions(c), Scope: scope})
				}
			}
		}
		if ev.Role == RoleUser && notARule(quote) {
			// "i like one change per commit when its easy, not a hard rule
			// tho": what the sentence asks is a preference, whatever reading
			// made it a rule.
			for j := n0; j < len(out); j++ {
				if p := &out[j]; p.Kind == KindConstraint && p.Op == OpState {
					p.Kind, p.Key, p.Value = KindDecision, "decision/preference/"+slug(p.Value), "preference, not a rule: "+quote
				}
			}
		}
		if ev.Role == RoleUser && decisionMarkRE.MatchString(quote) {
			// "Let's go with 3 attempts max, no retry on 4xx — that's the
			// decision": what the user calls a decision is one, whatever
			// rule words it holds.
			for j := n0; j < len(out); j++ {
				if p := &out[j]; p.Kind == KindConstraint && p.Op == OpState {
					v := strings.TrimSpace(decisionMarkRE.ReplaceAllString(p.Value, ""))
					p.Kind, p.Key, p.Value = KindDecision, "decision/-/"+slug(v), v
				}
			}
		}
		// Read as corrected, or past its references: every quote is the
		// sentence as written.
		for j := n0; j < len(out); j++ {
			if !strings.Contains(text, out[j].Quote) {
				out[j].Quote = quote
			}
		}
	}
	if ev.Role == RoleUser {
		// A choice by elimination (eliminate.go).
		out = append(out, eliminated(ss)...)
		// A rule relayed in a sentence about someone's stance
		// (relayed.go).
		out = append(out, relayedRules(ss, out)...)
	}
	return out
}

// ensureNotRE is a sentence asking to make sure something never happens:
// "make sure you never …", "make sure nothing gets …", "ensure no one
// …"; forgetRE the "don't forget" that makes it a task after all.
var (
	ensureNotRE = mustPattern(`(?i)\b(?:make sure|be sure|ensure)\b(?:\s+(?:that|you|we))?(?:\s+[\w'’-]+){0,6}?\s+(?:never|nothing|no one|nobody|no\s+\w+\s+(?:is|are|gets?|ever)|(?:do|does|is|are|will|can)(?:n't|\s+not|\s+never))\b`)
	forgetRE    = mustPattern(`(?i)\b(?:forget|miss|skip)\b`)
)

// goalLabelRE is a sentence labelled as the session's goal: "Goal for
// this week: …", "today's job: …", "the goal is to …", "目标：…".
var goalLabelRE = mustPattern(`(?i)^\W*(?:(?:ok|so|and|also|morning)[,!]?\s+)*(?:(?:today'?s|todays|the|our|my|main|overall|this week'?s)\s+)?(?:objective|goal|task|job|aim|mission)(?:\s+(?:for|of)\s+[\w ]{1,20}?)?\s*(?:[:：]|is\s+to\b)|^(?:今天的|这次的|本周的)?(?:目标|任务)(?:是)?[:：]`)

// wantRE is a sentence that says what the user wants done: "I want a
// real SaveService: …", "we need the importer to …", "I'd like you to
// …", "can you …", "let's …".
var wantRE = mustPattern(`(?i)^\W*(?:(?:so|and|ok(?:ay)?|now|basically|anyway)[,]?\s+)*(?:what\s+)?(?:(?:i|we)(?:\s+(?:really|just|finally))?\s*(?:want|need|would like|'d like|’d like)(?:\s+(?:is\s+)?(?:you\s+to\s+|to\s+)?\S|(?:\s+(?:by|for|from)\s+[^:：]{1,40})?\s*[:：]\s*\S)|(?:can|could) you\s+(?:please\s+)?\S|(?:please\s+)?let's\s+\S)`)

// wantedSentence is the sentence of a first message's first four that
// says what the user wants (wantRE), when the sentences before it only
// tell the situation (no goal label, no imperative, no question: a rule's
// word in a narration, "the numbers are always behind", is no goal);
// else "".
func wantedSentence(ss []string) string {
	told := false // a sentence before told the situation
	for i, s := range ss[:min(5, len(ss))] {
		if wantRE.MatchString(s) {
			if i == 0 || !told || len(terms(s)) < 4 {
				return ""
			}
			return s
		}
		if len(terms(s)) < 2 || greeting(s) {
			// "Morning.", "ok so.", "hey, so here's the plan for this week."
			continue
		}
		l := labelOf(s)
		directs := imperative(discourseRE.ReplaceAllString(strings.TrimLeft(s[len(l):], ":： "), "")) && !statement(s[len(l):])
		if loc := wantInRE.FindStringIndex(s); loc != nil && loc[0] > 0 && (told || len(terms(s[:loc[0]])) >= 4 && !directs) && len(terms(s[loc[0]:])) >= 4 {
			// "…, and I want it to drive the aisle-4 pick route cleanly":
			// the clause saying what the user wants, after the situation.
			return s[loc[0]:]
		}
		if goalLabelRE.MatchString(s) || objectiveRE.MatchString(s) || questionRE.MatchString(s) {
			return ""
		}
		if directs && (l == "" || !narrationRE.MatchString(l)) {
			return ""
		}
		told = true
	}
	return ""
}

// wantInRE is the user saying what they want inside a sentence that
// tells the situation first ("amr-07 keeps stalling in aisle 4, and I
// want it to drive the route cleanly").
var wantInRE = mustPattern(`(?i)\b(?:what\s+)?(?:i|we)(?:\s+(?:really|just|finally))?\s*(?:want|need|would like|'d like|’d like)(?:\s+(?:is\s+)?(?:you\s+to\s+|to\s+)?\S|(?:\s+(?:by|for|from)\s+[^:：]{1,40})?\s*[:：]\s*\S)`)

// narrationRE is a label that tells what happened or what is ("So the
// monthly invoicing blew up again on Nov 1st: …", "Here's the plan for
// this week: …"), not one that leads a direction.
var narrationRE = mustPattern(`(?i)\b(?:is|are|was|were|has|have|had|blew|broke|failed|keeps?|kept|got|went|here's|here is|there's)\b|\w+ed\b|\w+['’](?:re|s|ve|m)\b|\w{3,}ing\b`)

// statement reports whether s tells what is rather than directs: its
// second word is a verb of a subject ("checkout keeps timing out", "the
// export was slow").
func statement(s string) bool {
	f := strings.Fields(discourseRE.ReplaceAllString(strings.TrimLeft(s, ":： "), ""))
	return len(f) > 1 && statementVerbRE.MatchString(strings.Trim(f[1], ",.;:"))
}

var statementVerbRE = mustPattern(`(?i)^(?:is|are|was|were|has|have|had|keeps|kept|got|went|broke|blew|fails|failed|stalls|crashes|crashed|times|timed|\w+['’]s|\w+ed)$`)

// greetingWords open a sentence that only greets ("Morning.", "hey, so
// here's the plan for this week.", "Buenas.").
var greetingWords = map[string]bool{"hi": true, "hey": true, "hello": true, "morning": true, "evening": true, "afternoon": true, "yo": true,
	"hola": true, "buenas": true, "hallo": true, "moin": true, "servus": true, "bonjour": true, "salut": true, "ciao": true, "olá": true, "oi": true}

// greeting reports whether s is a greeting, with at most an
// announcement after it ("hey, so here's the plan for this week.").
func greeting(s string) bool {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 || !greetingWords[strings.Trim(f[0], ".,!:;")] {
		return false
	}
	return len(f) <= 2 || len(f) <= 9 && !strings.ContainsAny(s, ":：") && narrationRE.MatchString(s) && !wantInRE.MatchString(s)
}

// A first message built of tagged blocks, as agent harnesses write it
// ("<uploaded_files>\n/workspace/repo\n</uploaded_files>\nI've uploaded
// … Consider the following issue description:\n\n<issue_description>\n
// ponyc segfaults when …\n</issue_description>\n\nCan you help me
// implement the necessary changes … so that the requirements specified in
// the <issue_description> are met?"), states its goal as the request
// outside the blocks and the block the request names: the objective is
// the block's first line, what the request asks for it.

// selfIntroRE opens a message with who is speaking: "okay so um this is
// marta …", "hi, it's Dana here".
var selfIntroRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|um+|uh+|hi|hey|hello|right|morning)[,!]?\s+)*(?:this is|it's|it is)\s+[a-z]+(?:\s+(?:here|speaking))?\b`)

// workRequestRE is a sentence that asks for the work.
var workRequestRE = mustPattern(`(?i)\b(?:can|could|would) you\b|\bplease\b|\b(?:i|we)\s+(?:want|need)\b|\byour (?:task|job|goal) is\b|\b(?:implement|fix|resolve|address)\b`)

// blockObjective is the objective of a message made of tagged blocks and
// its quote (the block's first line), or "", "": the block the request
// names ("the <issue_description>"), else the longest block that is not
// a listing of paths.
func blockObjective(text string) (value, quote string) {
	if !strings.Contains(text, "</") {
		return "", ""
	}
	type block struct{ name, body string }
	var blocks []block
	outside := text
	for rest := text; ; {
		i := strings.Index(rest, "<")
		if i < 0 {
			break
		}
		j := strings.IndexAny(rest[i:], ">\n ")
		if j < 2 || rest[i+j] != '>' || rest[i+1] == '/' {
			rest = rest[i+1:]
			continue
		}
		name := rest[i+1 : i+j]
		end := strings.Index(rest[i+j:], "</"+name+">")
		if end < 0 || !leadTagRE.MatchString(rest[i:]) {
			rest = rest[i+1:]
			continue
		}
		body := strings.TrimSpace(rest[i+j+1 : i+j+end])
		blocks = append(blocks, block{name, body})
		outside = strings.Replace(outside, rest[i:i+j+end+len(name)+3], "<"+name+">", 1)
		rest = rest[i+j+end:]
	}
	if len(blocks) == 0 {
		return "", ""
	}
	request := ""
	for _, s := range sentences(outside) {
		if workRequestRE.MatchString(s) && !pathListRE.MatchString(s) {
			request = strings.TrimSpace(s)
			break
		}
	}
	var named *block
	for i, b := range blocks {
		if pathListRE.MatchString(b.body) || b.body == "" {
			continue
		}
		if request != "" && strings.Contains(request, "<"+b.name+">") {
			named = &blocks[i]
			break
		}
		if named == nil || len(b.body) > len(named.body) {
			named = &blocks[i]
		}
	}
	if named == nil || request == "" {
		return "", ""
	}
	first, _, _ := strings.Cut(named.body, "\n")
	first = strings.TrimSpace(strings.TrimLeft(first, "#*-> "))
	if len(terms(first)) < 3 || !strings.Contains(text, first) {
		return "", ""
	}
	return first + " — " + request, first
}

// passedOnRE is a sentence that passes on what someone sent ("Noor sent
// me her list, copying the bits that matter"): the lead of rules, no
// part of the goal.
var passedOnRE = mustPattern(`(?i)\b(?:sent|mailed|forwarded|pasted|pasting|copying|copied|shared|passed on|handed me)\b`)

// pathListRE is a text that only lists paths ("/workspace/repo").
var pathListRE = mustPattern(`^(?:\s*[~./]?[\w.\-]*/[\w./\-]*\s*)+$`)

// modeWordRE is a sentence that is only a mode: "Always.", "Never!",
// "Every time." (glossed: "Завжди." is "always.").
var modeWordRE = mustPattern(`(?i)^\W*(?:always|never|every time|each time|no exceptions|without exception)\W*$`)

// modeJoined is ss with a sentence that is only a mode joined to the
// imperative before it, as text says them ("роби бекап бази перед кожною
// міграцією на проді. Завжди.": the backup before every migration, and
// always), so the rule is the instruction, not the word alone.
func modeJoined(text string, ss []string) []string {
	out := ss[:0:0]
	for i, s := range ss {
		if i > 0 && len(out) > 0 && modeWordRE.MatchString(s) && imperative(strings.TrimPrefix(strings.TrimPrefix(out[len(out)-1], "and "), "And ")) {
			if a := strings.Index(text, out[len(out)-1]); a >= 0 {
				if b := strings.Index(text[a:], s); b >= 0 {
					out[len(out)-1] = text[a : a+b+len(s)]
					continue
				}
			}
		}
		out = append(out, s)
	}
	return out
}

// pastedLeadSkipped is t past a pasted block it opens with ("Here's our
// current config:" and a fenced block, blank lines around): what the
// user asks comes after what the user shows. t itself when it opens
// otherwise, or nothing follows the block.
func pastedLeadSkipped(t string) string {
	for range 3 {
		nl := strings.IndexByte(t, '\n')
		if nl < 0 || !strings.HasSuffix(strings.TrimSpace(t[:nl]), ":") {
			return t
		}
		rest := strings.TrimLeft(t[nl+1:], " \t\n")
		if !strings.HasPrefix(rest, "```") {
			return t
		}
		end := strings.Index(rest[3:], "```")
		if end < 0 {
			return t
		}
		after := strings.TrimSpace(rest[3+end+3:])
		if after == "" {
			return t
		}
		t = after
	}
	return t
}

// doneAckRE acknowledges the work asked before as done: "thanks, that
// works", "perfect, fixed", "lgtm", "好的，可以了".
var doneAckRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|cool|great|perfect|nice|awesome|thanks|thank you|thx|ty|excellent|brilliant)[,!.]*\s*)*(?:(?:that|it|this|everything|all)\s+)?(?:works?(?:\s+now)?|(?:is\s+|'s\s+)?(?:fixed|done|working)(?:\s+now)?|looks\s+good|lgtm)\W*$|^\W*(?:thanks|thank you|perfect|great|awesome|lgtm|excellent)\W*$|^\W*(?:好的|好|可以了|搞定了?|没问题了|修好了|完美)\W*$`)

// nextTaskRE opens the next task: "Now add CSV export …", "Next up:
// migrate the cron jobs", "接下来帮我加个导出".
var nextTaskRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|and)[,]?\s+)?(?:now|next|next up|moving on|on to the next one)\s*[,:—–-]?\s+(?:(?:please|pls|can you|could you|let's|lets|i want you to|i'd like you to)\s+)?(?P<v>\p{L}+)\b|^\W*(?:接下来|下一步|现在)[，,]?\s*(?:帮我|请|再)?\s*(?:加|做|实现|写|改|修|开发|支持)`)

// nextTask is the sentence of a user message that asks for the next
// task after acknowledging the one before as done (doneAckRE, then
// nextTaskRE with a verb of work) and the task it asks, from its verb;
// "" when none.
func nextTask(text string) (quote, task string) {
	ss := sentences(text)
	for i := 0; i < len(ss) && i <= 3; i++ {
		s := ss[i]
		if loc := ackLeadRE.FindStringIndex(s); loc != nil {
			// "thanks now i want you to add tailwind v4 support": the
			// acknowledgement and the next task in one sentence
			s = s[loc[1]:]
		} else if i == 0 || !doneAckRE.MatchString(ss[i-1]) {
			continue
		}
		m := nextTaskRE.FindStringSubmatchIndex(s)
		if m == nil || questionRE.MatchString(s) || isRule(s) {
			continue
		}
		task = s
		if at := m[2*nextTaskRE.SubexpIndex("v")]; at >= 0 {
			if !workVerbs[strings.ToLower(s[at:m[2*nextTaskRE.SubexpIndex("v")+1]])] {
				continue
			}
			task = s[at:]
		}
		return ss[i], task
	}
	return "", ""
}

// askedTask is the first sentence of user text when it asks for work
// in the imperative ("Create the relative path policy-neutral.txt …",
// "Please add a dark mode toggle …"), "" otherwise: a question, a rule,
// a remark.
func askedTask(text string) string {
	ss := sentences(text)
	if len(ss) == 0 {
		return ""
	}
	s := strings.TrimSpace(ss[0])
	if questionRE.MatchString(s) || isRule(s) {
		return ""
	}
	f := strings.Fields(strings.ToLower(discourseRE.ReplaceAllString(s, "")))
	if len(f) > 1 && (f[0] == "please" || f[0] == "pls") {
		f = f[1:]
	}
	if v := strings.Trim(f[0], ",.:;!"); len(f) < 3 || !workVerbs[v] || v == "set" || v == "look" || v == "handle" || v == "work" {
		return ""
	}
	if len(values(s, "", "", false, "", false)) > 0 {
		// "make the limit 30/min": a setting changed, no task
		return ""
	}
	if r := []rune(s); len(r) > valueRunes {
		s = string(r[:valueRunes])
	}
	return s
}

// ackLeadRE is an acknowledgement that opens the sentence asking for the
// next task: "thanks now …", "Great, that works, now …".
var ackLeadRE = mustPattern(`(?i)^\W*(?:ok(?:ay)?|cool|great|perfect|nice|awesome|thanks|thank you|thx|ty|excellent)(?:[,!.]\s*|\s+)(?:(?:that|it)\s+works[,!.]?\s*)?`)

// workVerbs are the verbs a next task opens with: work that makes or
// changes something, not a step such as running the tests.
var workVerbs = wordSet(`add implement build write create make fix refactor migrate port support rewrite redesign integrate introduce extend
	replace move convert set wire hook expose design draft prepare update upgrade rename remove delete split merge optimize optimise speed
	clean translate localize document automate generate ship release deploy investigate debug look handle work edit`)

// pastLeadTags is text, trimmed, past the tags it opens with.
func pastLeadTags(text string) string {
	t := strings.TrimSpace(text)
	for {
		loc := leadTagRE.FindStringIndex(t)
		if loc == nil {
			return t
		}
		t = strings.TrimSpace(t[loc[1]:])
	}
}

// objectiveQuote is the head of the first user message: its first two
// sentences, verbatim, at most valueRunes runes.
func objectiveQuote(text string) string {
	t := pastLeadTags(text)
	if t == "" || isSummaryText(t) || hostNoteRE.MatchString(t) {
		return ""
	}
	t = pastedLeadSkipped(t)
	t, ok := rulesLeadSkipped(t)
	if !ok {
		// "règles: tu touches pas à Cargo.lock …": rules, no goal
		// (rulelead.go)
		return ""
	}
	ss := sentences(t)
	if len(ss) > 1 && selfIntroRE.MatchString(ss[0]) && !workRequestRE.MatchString(ss[0]) {
		// "okay so um this is marta i've got gloves on … i'm dictating
		// this period": who speaks and where, no part of the goal
		t = strings.TrimSpace(t[strings.Index(t, ss[0])+len(ss[0]):])
		ss = ss[1:]
	}
	if len(ss) > 1 && greeting(ss[0]) {
		// "Morning. So the invoicing blew up again …": the greeting is
		// no part of the goal.
		t = strings.TrimSpace(t[strings.Index(t, ss[0])+len(ss[0]):])
		ss = ss[1:]
	}
	if rest, ok := openingRules(ss); !ok {
		// "Please don't restart the ingress controller, it's shared.":
		// a rule, no goal (maintask.go)
		return ""
	} else if len(rest) < len(ss) {
		t = strings.TrimSpace(t[strings.Index(t, rest[0]):])
		ss = rest
	}
	if len(ss) == 0 {
		return ""
	}
	for _, s := range ss[1:] {
		if goalLabelRE.MatchString(s) && len(terms(s)) >= 3 {
			// "… context dump … Goal for this week: …": the goal the
			// message labels is the objective, wherever it stands.
			if r := []rune(s); len(r) > valueRunes {
				s = string(r[:valueRunes])
			}
			return s
		}
	}
	if w := wantedSentence(ss); w != "" {
		// "ok, the big one this sprint. saves are still PlayerPrefs, …
		// I want a real SaveService: …": the situation leads up to the
		// goal, which the sentence saying what the user wants states.
		if r := []rune(w); len(r) > valueRunes {
			w = string(r[:valueRunes])
		}
		return w
	}
	end := strings.Index(t, ss[0]) + len(ss[0])
	// The second sentence belongs to the objective unless it is a rule,
	// an obligation or a lift of its own (its own anchor).
	if len(ss) > 1 && !isRule(ss[1]) && !obligationRE.MatchString(ss[1]) && !liftRE.MatchString(ss[1]) && !passedOnRE.MatchString(ss[1]) {
		if i := strings.Index(t[end:], ss[1]); i >= 0 && len([]rune(ss[0])) < 120 {
			end += i + len(ss[1])
		}
	}
	// A lead-in to a labelled text ("Here's the issue text:\nISSUE:\n
	// Pixel Representation attribute should be optional …") says the
	// goal is the text's first sentence, its title. (A lead-in to a note,
	// a thread or a list is not followed by a label of its own.)
	if strings.HasSuffix(strings.TrimSpace(t[:end]), ":") {
		for i := 1; i+1 < len(ss); i++ {
			if strings.Contains(t[:end], ss[i]) {
				continue // a sentence already taken
			}
			j := strings.Index(t[end:], ss[i+1])
			if labelOnlyRE.MatchString(ss[i]) && j >= 0 && !itemMarkRE.MatchString(ss[i+1]) {
				end += j + len(ss[i+1])
			}
			break
		}
	}
	q := t[:end]
	if r := []rune(q); len(r) > valueRunes {
		q = string(r[:valueRunes])
	}
	return q
}

// labelOnlyRE is a sentence that only labels what follows: "ISSUE:",
// "Task description:".
var labelOnlyRE = mustPattern(`^\W*\p{L}[\p{L}\d _-]{0,30}:\s*$`)

// values finds the values a sentence sets: those of the sentence whole,
// or, when they find more, those of its clauses ("时间格式用 RFC3339，然后
// 单行最大长度设成 4096") or its comma- and dash-separated parts ("oh wait,
// page size should be 25 not 50, sorry — I misremembered").
func values(s, lastKey, lastName string, corr bool, scope string, terse bool) []Proposal {
	if dismissed(s) || otherPast(s) {
		// "btw the standup got moved to 11, whatever": chatter the user
		// waves off sets nothing.
		return nil
	}
	if ev := envValues(s, scope); ev != nil {
		return ev
	}
	if p, ok := setNotValue(s, scope); ok {
		return []Proposal{p}
	}
	out := valuesOne(s, lastKey, lastName, corr, scope, terse)
	for _, parts := range [][]string{clauses(s), segmentRE.Split(s, -1), andValuesRE.Split(s, -1)} {
		if len(parts) < 2 || len(out) > 1 && !slices.ContainsFunc(out, copulaKey) {
			continue
		}
		// A part alone names no setting by pronoun ("不是 4" is not about
		// the setting named last): each part is read without one.
		var union []Proposal
		for _, c := range parts {
			if c = strings.TrimSpace(c); c != "" {
				union = partSaid(union, c, func(k, n string) []Proposal { return valuesOne(c, k, n, corr, scope, terse) })
			}
		}
		if andValuesRE.MatchString(s) && len(parts) == len(andValuesRE.Split(s, -1)) && slices.ContainsFunc(union, func(p Proposal) bool { return !strings.ContainsAny(p.Value, "0123456789") }) {
			// "… are read-only and must never be modified": two settings
			// joined by "and" are two numbers ("the timeout is 30s and
			// retries are 3"), not a state and a rule.
			continue
		}
		if len(union) > len(out) || len(union) == len(out) && len(union) > 0 && slices.ContainsFunc(out, copulaKey) && !slices.ContainsFunc(union, copulaKey) {
			out = union
		}
	}
	out = casesDropped(s, out)
	if len(out) == 0 {
		// "参数：心跳间隔 60s", "MeterValueSampleInterval 60s。", "服务费 0.8
		// 元/度": a name and its value, no verb.
		out = namedValues(s, scope)
	}
	if lv := listValues(s, scope); len(lv) >= len(out) && len(lv) > 0 {
		// A list of settings is read as one ("lr 3e-4, batch size 64
		// per gpu, 30 epochs"), not part by part.
		out = lv
	}
	if m := zhJustRE.FindStringSubmatch(s); len(out) == 0 && m != nil && lastKey != "" {
		// "算了，就 3 天吧", "ok, 24 it is": the value settled on, for
		// the setting named last.
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: cleanValue(m[1] + m[2] + m[3]), Quote: s, Correction: true})
	}
	if len(out) == 0 {
		if m := keylessNotRE.FindStringSubmatch(s); m != nil {
			// "啊打错了，是 8192，不是 4096": the setting that holds the
			// replaced value, else the one set last.
			v := cleanValue(m[keylessNotRE.SubexpIndex("v")] + m[keylessNotRE.SubexpIndex("v2")] + m[keylessNotRE.SubexpIndex("v3")] + m[keylessNotRE.SubexpIndex("v4")])
			was := cleanValue(m[keylessNotRE.SubexpIndex("a")] + m[keylessNotRE.SubexpIndex("a2")] + m[keylessNotRE.SubexpIndex("a3")] + m[keylessNotRE.SubexpIndex("a4")])
			if specific(v) && specific(was) {
				out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Was: was, Quote: s, Correction: true, Refers: true})
			}
		}
	}
	return comparedValues(s, dropClockRemarks(dropWordValues(dropNegated(s, answersByNumberDropped(out)))))
}

// setNotRE is a setting set to a number with the number it replaces
// after "not": "put the polling at 2 minutes, not 5", "il polling
// mettilo a 2 minuti, non 5" (glossed "the polling set to 2 minutes, not
// 5").
var setNotRE = mustPattern(`(?i)(?:\b(?:set|put|make|change|bump|move|turn)\s+(?:the\s+)?(?P<k>[\w.\-]+(?:\s[\w.\-]+)?)|\b(?:the\s+)?(?P<k2>[\w.\-]+(?:\s[\w.\-]+)?)\s+(?:set|put)(?:\s+it)?)\s+(?:to|at)\s+(?P<v>\d+(?:[.,]\d+)?(?:\s?(?:ms|s|sec|secs|seconds|min|mins|minutes|h|hours|days|%|kb|mb|gb))?)\s*,?\s+not\s+(?P<a>\d+(?:[.,]\d+)?)\b`)

// setNotValue is the value sentence s sets with the one it replaces
// (setNotRE), ok false when none.
func setNotValue(s, scope string) (Proposal, bool) {
	m := setNotRE.FindStringSubmatch(s)
	if m == nil {
		return Proposal{}, false
	}
	k := strings.TrimSpace(m[setNotRE.SubexpIndex("k")] + m[setNotRE.SubexpIndex("k2")])
	if k == "" || stopwords[strings.ToLower(k)] || nonVerbs[strings.ToLower(strings.Fields(k)[0])] {
		return Proposal{}, false
	}
	v, was := m[setNotRE.SubexpIndex("v")], m[setNotRE.SubexpIndex("a")]
	if f := strings.Fields(v); len(f) == 2 {
		was += " " + f[1]
	} else if i := strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && !strings.ContainsAny(v[i:i+1], ".,") {
		was += v[i:]
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: v, Was: was, Quote: s, Correction: true, Scope: scope, Stated: true}, true
}

// andValuesRE joins two settings told in one sentence: "the timeout is
// 30s and retries are 3".
var copulaTailRE = mustPattern(`(?i)\s+(?:is|are|was|were|should be|must be|will be|is now)$`)

var andValuesRE = mustPattern(`(?i)\s+(?:and|plus)\s+`)

// copulaKeyRE is a setting's name that swallowed a clause: it holds a
// copula ("timeout_is_30s_and_retries", "timeout_is").
var copulaKeyRE = mustPattern(`(?:^|[/_])(?:is|are|was|were)(?:_|$)`)

// copulaKey reports whether p is a value under such a name.
func copulaKey(p Proposal) bool {
	return p.Kind == KindValue && copulaKeyRE.MatchString(p.Key[strings.LastIndex(p.Key, "/")+1:])
}

// comparedRE follows a number that is an amount of a comparison, not a
// value: "make it 6 dB more sensitive", "3 s longer", "2 GB less".
var comparedRE = mustPattern(`(?i)^\s*(?:[\p{L}%]{1,5}\s+)?(?:more|less|fewer|higher|lower|bigger|smaller|faster|slower|longer|shorter|louder|quieter|tighter|looser|stricter|sensitive)\b`)

// comparedValues shows a value whose number is the amount of a
// comparison the setting is not computed from ("make it 6 dB more
// sensitive": by how much, in which direction, the words say, not the
// number) as unresolved, so that the amount is never read as the value.
func comparedValues(s string, props []Proposal) []Proposal {
	for i, p := range props {
		if p.Kind != KindValue || p.Rel != "" || !strings.ContainsAny(p.Value, "0123456789") {
			continue
		}
		j := strings.Index(s, p.Value)
		if j < 0 {
			continue
		}
		if m := comparedRE.FindString(s[j+len(p.Value):]); m != "" {
			props[i].Value = "unresolved: " + strings.TrimSpace(p.Value+m) + ", from a value not stated"
		}
	}
	return props
}

// wordValues are words that stand where a value goes without being one:
// a quantity said by reference ("as many cores as the server has",
// "zoveel cores als …", "whatever nproc says"), which a later output or
// the adopting readings (adopt.go) give its value.
var wordValues = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`whatever whichever what as so such same many much more less enough all both either neither
		zoveel evenveel zovele soviel so_viel tanto tanti tante tanta quanto quanti autant tant tantos tantas`) {
		m[w] = true
	}
	return m
}()

// withPrior is sentence i of sents with the sentence before it, where
// an "it" may point back to a number ("4 workers will fight the app for
// locks. Drop it to 2.").
func withPrior(sents []string, i int) string {
	if i == 0 {
		return sents[i]
	}
	return sents[i-1] + " " + sents[i]
}

// dropWordValues drops a value that is one plain word of no value of its
// own: a function word, or a word of wordValues.
func dropWordValues(props []Proposal) []Proposal {
	return slices.DeleteFunc(props, func(p Proposal) bool {
		if p.Kind != KindValue {
			return false
		}
		v := strings.ToLower(strings.TrimSpace(p.Value))
		if v == "" || strings.ContainsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) {
			return false
		}
		return wordValues[v] || stopwords[v]
	})
}

// clockTimeRE is a time of day as a value: "16.20", "9:05", "5:30pm",
// "07.45 WIB".
var clockTimeRE = mustPattern(`(?i)^(?:[01]?\d|2[0-3])[.:][0-5]\d(?:\s*(?:am|pm|a\.m\.|p\.m\.|h|uhr|wib|wita|wit))?$`)

// nowClockWords are the words a remark on the time of day is made of,
// naming no setting: the clock's hour ("jam", "pukul", "Uhr", "uur",
// "saat", "giờ") and "it is now / already" ("udah", "sudah", "already",
// "schon", "al", "đã", "rồi").
var nowClockWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`jam pukul time hour hours clock o'clock oclock uhr uur heure heures hora horas ora ore saat giờ gio час
		udah sudah sdh dah sekarang skrg already now it it's its is was es ist schon jetzt ya wah eh ini itu het al nu il est c'est déjà
		son las ya sono le già è şimdi artık bây đã rồi da roi уже сейчас`) {
		m[w] = true
	}
	return m
}()

// dropClockRemarks drops a time of day said as the time it is now ("Udah
// jam 16.20, aku pulang dulu", "es ist schon 17.30"): a value whose name
// is only words of the clock and of "it is now". A time given to a
// setting ("the backup runs at 02.30", "rapat jam 16.20") keeps its name.
func dropClockRemarks(props []Proposal) []Proposal {
	return slices.DeleteFunc(props, func(p Proposal) bool {
		if p.Kind != KindValue || !clockTimeRE.MatchString(strings.TrimSpace(p.Value)) {
			return false
		}
		name := p.Name
		if name == "" {
			name = strings.ReplaceAll(p.Key[strings.LastIndexByte(p.Key, '/')+1:], "_", " ")
		}
		words := strings.Fields(strings.ToLower(name))
		for _, w := range words {
			if !nowClockWords[strings.Trim(w, ".,;:!?")] {
				return false
			}
		}
		return len(words) > 0
	})
}

// chooseRE is a verb of choosing an option: "go with", "let's do",
// "vai de" (a gloss keeps its words).
var chooseRE = mustPattern(`(?i)\b(?:go(?:ing)?\s+with|let'?s\s+(?:do|take|use|go\s+with|pick)|we'll\s+(?:take|use)|take|pick|choose|prefer|vai\s+de|vamos\s+de|vamos\s+com|usa|usemos|nimm|nehmen\s+wir|prends|on\s+prend|scegli|prendi|usiamo)\b`)

// optionsForRE is what a list of options is for, said before it: "for
// the freeze buffer length we've got 3 options", "for the cache we can
// either".
var optionsForRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh)[,]?\s+)*for\s+(?:the\s+|our\s+)?([\p{L}\d_.\-]+(?:\s+[\p{L}\d_.\-]+){0,3}?)\s*,?\s+(?:we(?:'ve| have)?\s+got|we\s+have|there\s+are|we\s+can|we\s+could|i\s+see|temos|tenemos|on\s+a|haben\s+wir|abbiamo)\b`)

// valueMovedRE is a setting said to be moved to a value: "the deadline
// got extended to 12/12", "the freeze was moved to Friday", "締切ですが、
// …12/12まで延ばしてもらえました", "截止日期推迟到 12/12 了".
var valueMovedRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw|fyi|good news)[,:!]?\s+)*(?:the\s+|our\s+)?(?P<k>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)\s+(?:got|was|were|has been|have been|is|is being|just got)\s+(?:extended|moved|pushed(?:\s+back|\s+out)?|postponed|bumped|changed|shifted|raised|lowered|reduced|increased|set|brought\s+forward)\s+(?:to|until|till)\s+(?P<v>` + dayPat + `|` + valPat + `)\s*[.!]?$|^(?:(?:あ|ああ|えっと|そうそう|あと|それと|ちなみに|啊|对了|另外)[、，,]?\s*)?(?P<k2>[\p{Han}\p{Katakana}ー\w]{1,12}?)(?:ですが|なんですが|は|の件(?:ですが)?|の方は)[、，,]?\s*.{0,40}?(?P<v2>\d[\d/.:\-]*(?:日|時|分|秒|ページ|pt|mm|%)?)\s*(?:まで|に|到|至)\s*(?:延ばし|延長|延び|変更|変わ|なり|ずれ|前倒し|推迟|延期|延长|改)`)

// dismissRE is a sentence's tail that waves it off as chatter.
var dismissRE = mustPattern(`(?i)[,;—–-]\s*(?:whatever|lol|lmao|haha+|kkk+|anyway)\s*[.!]*\s*$`)

// dismissed reports whether s ends waving itself off (dismissRE), read
// only when its last words hold one of the words.
func dismissed(s string) bool {
	tail := strings.ToLower(s[max(0, len(s)-16):])
	for _, w := range []string{"whatever", "lol", "lmao", "haha", "kkk", "anyway"} {
		if strings.Contains(tail, w) {
			return dismissRE.MatchString(s)
		}
	}
	return false
}

// movedCue reports whether s may say a setting moved (valueMovedRE): a
// number and a verb of moving, or a Japanese or Chinese one.
func movedCue(s string) bool {
	if !strings.ContainsAny(s, "0123456789") {
		return false
	}
	for _, c := range []string{"延", "変", "ずれ", "前倒し", "推迟", "改", "なり"} {
		if strings.Contains(s, c) {
			return true
		}
	}
	ls := strings.ToLower(s)
	for _, c := range []string{"extended", "moved", "pushed", "postponed", "bumped", "changed", "shifted", "raised", "lowered", "reduced", "increased", " set ", "brought"} {
		if strings.Contains(ls, c) {
			return true
		}
	}
	return false
}

// zhJustRE is a value settled on alone: "就 3 天吧", "那就 12 个吧".
var zhJustRE = mustPattern(`(?:^|[，,：:]\s*)(?:那|那就|还是)?就\s*(\d[\d.]*\s*(?:ms|s|秒|分钟|小时|天|个|次|%)?)\s*吧?[。.!！]?$|(?i)^(?:(?:ok(?:ay)?|yes|yeah|yep|sure|fine|alright|right|good)[,!.]?\s+)*(?:(?:let's\s+)?(?:go with|do|use)\s+)?(\d[\d.]*\s*(?:ms|s|sec|min|h|d|mb|gb|%)?)\s+(?:it is|then|please|sounds good|works|is fine)\s*[.!]?$|(?i)^(?:no[,.!]?\s+)?(?:keep|stick with|stay with|stay at)\s+(\d[\d.]*\s*(?:ms|s|sec|secs|seconds|min|mins|minutes|h|hours|d|days|mb|gb|%)?)\s*(?:[,;—–]\s*[^\d]*)?[.!]?$`)

// relWordRE is a key that names a relative change, not a setting.
var relWordRE = mustPattern(`(?i)^(?:减半|砍一半|砍半|翻倍|加倍|翻番|halve|halved|double|doubled|half)$`)

// listItemRE is one item of a list of settings: "lr 3e-4", "batch size
// 64 per gpu", "weight decay 0.01", "30 epochs" (a label may open the
// first: "hyperparams to start: lr 3e-4").
var listItemRE = mustPattern(`(?i)^(?:[^:：]{1,40}[:：]\s*)?(?:(?P<k>[a-z][a-z_\-]*(?:\s[a-z][a-z_\-]*){0,2})\s+(?P<v>[+-]?\d[\w.+\-]*(?:\s?(?:ms|s|min|h|kb|mb|gb|px|%|k))?)(?:\s+per\s+(?P<per>[a-z]+))?|(?P<v2>\d[\d.]*)\s+(?P<k2>[a-z][a-z_\-]{2,20}))\s*[.。]?$`)

// envValuesRE is one setting given a value per place: "worker
// concurrency: 4 in stg, 16 in prod", "the timeout is 30s on staging and
// 60s on prod", "replicas 2 for dev, 6 for prod".
var envValuesRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also)[,]?\s+)?(?:the\s+)?(?P<k>[a-z][\w.\-]*(?:\s+[a-z][\w.\-]*){0,3}?)\s*(?P<sep>[:=]|\s(?:is|are|to|at|stays?)\s)?\s*(?P<v1>` + valPat + `)\s+(?:in|on|for|en|em|im|auf|pour|per|su|na|w|в|для)\s+(?P<e1>[\p{L}\d_.\-]+)\s*(?:,|;|/|\band\b|\bund\b|\by\b|\bet\b|\be\b|\bi\b|\bи\b)\s*(?:and\s+)?(?P<v2>` + valPat + `)\s+(?:in|on|for|en|em|im|auf|pour|per|su|na|w|в|для)\s+(?P<e2>[\p{L}\d_.\-]+)\s*[.!。]?$`)

// envValues reads a setting given a value per place (envValuesRE) as
// one value for each place: the place is the value's entity
// ("value/stg/worker_concurrency"), so neither hides the other.
func envValues(s, scope string) []Proposal {
	m := envValuesRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return nil
	}
	k := strings.TrimSpace(m[envValuesRE.SubexpIndex("k")])
	e1 := strings.ToLower(strings.TrimRight(m[envValuesRE.SubexpIndex("e1")], ".-"))
	e2 := strings.ToLower(strings.TrimRight(m[envValuesRE.SubexpIndex("e2")], ".-"))
	if f := strings.Fields(strings.ToLower(k)); len(f) == 0 || stopwords[f[0]] || nonVerbs[f[0]] || e1 == e2 || constraintRE.MatchString(k) {
		return nil
	}
	if f := strings.Fields(strings.ToLower(k)); m[envValuesRE.SubexpIndex("sep")] == "" && len(f) == 1 && (!strings.HasSuffix(f[0], "s") || auxes[f[0]]) {
		// "replicas 2 for dev, 6 for prod" names its setting by a
		// plural noun; "ran 3 in March, 5 in April" names none
		return nil
	}
	prop := strings.ToLower(strings.Join(strings.Fields(k), "_"))
	var out []Proposal
	for _, ev := range [][2]string{{e1, m[envValuesRE.SubexpIndex("v1")]}, {e2, m[envValuesRE.SubexpIndex("v2")]}} {
		v := cleanValue(ev[1])
		if v == "" || stopwords[strings.ToLower(v)] {
			return nil
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + ev[0] + "/" + prop, Name: k + " (" + ev[0] + ")", Value: v, Quote: s, Scope: scope})
	}
	return out
}

// nameValueRE is a clause that is a setting's name and its value with
// no verb between them: a Chinese name and a number with its unit
// ("心跳间隔 60s", "服务费 0.8 元/度"), or a code identifier of two words or
// more and a number or a version ("MeterValueSampleInterval 60s",
// "max_retries 5", "and versionName 2.7.1"), after a label and its colon
// or none.
var nameValueRE = mustPattern(`^(?:[^:：]{1,20}[:：]\s*)?(?:(?P<h>(?:[A-Za-z][\w\-]*\s*)?\p{Han}{2,8})\s*(?P<hv>\d+(?:\.\d+)?(?:\s*(?:ms|s|秒|分钟|分|min|h|小时|天|d|KB|MB|GB|TB|kb|mb|gb|px|%|元(?:/[度次个月年件]|每[度次个月年件])?|块|次|条|个|台|人|kW|kWh|V|A))?)|(?:(?:and|also|plus|oh|then)\s+)?(?P<i>[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+|[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)\s+(?P<iv>\d+(?:\.\d+){0,3}\s*(?:ms|s|sec|min|h|d|KB|MB|GB|kb|mb|gb|px|%)?))\s*$`)

// perUnitRE is "per batch" after a system's name ("bulk 每批 1000 条"):
// the unit the setting counts in, no amount of an event.
var perUnitRE = mustPattern(`^([A-Za-z][\w\-]*\s*)每(?:批|次|页|个|条|秒|分钟)$`)

// nvClauseRE separates the clauses nameValueRE reads.
var nvClauseRE = mustPattern(`[，,；;。.!！]\s*(?:\s|$)|[，；。！]`)

// notNameRE is a Chinese phrase before a number that tells an event or an
// amount, not a setting's name ("已经跑了 40 分钟", "花了 3 天", "大概 20 个").
var notNameRE = mustPattern(`[了过着把被让给在是有没要会能跑用做写看查等花共约第还只就才都也又再先已每]|大概|左右|差不多`)

// settingsLabelRE opens a sentence that lists settings: "参数：", "配置如下：",
// "Settings:".
var settingsLabelRE = mustPattern(`(?i)^\W*(?:参数|配置|设置|设定|参数如下|配置如下|配置项|params|parameters|settings|config(?:uration)?)\s*[:：]`)

// namedValues are the values sentence s names with no verb (nameValueRE):
// a code identifier's anywhere, Chinese names' in a sentence labelled as
// settings or naming two or more (one alone, "不错，回撤 11.3%", is more
// often a result told than a setting).
func namedValues(s, scope string) []Proposal {
	var out, han []Proposal
	named, units := false, false
	for _, c := range nvClauseRE.Split(s, 16) {
		m := nameValueRE.FindStringSubmatch(strings.TrimSpace(c))
		if m == nil {
			continue
		}
		k, v := m[nameValueRE.SubexpIndex("h")], m[nameValueRE.SubexpIndex("hv")]
		if k == "" {
			k, v = m[nameValueRE.SubexpIndex("i")], m[nameValueRE.SubexpIndex("iv")]
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + identKey(k), Name: k, Value: cleanValue(v), Quote: s, Scope: scope})
			continue
		}
		if !notNameRE.MatchString(perUnitRE.ReplaceAllString(k, "$1")) {
			han = append(han, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: cleanValue(v), Quote: s, Scope: scope})
			// "redis 超时 800ms": a system's name, a setting of it and a
			// number with its unit name a setting alone.
			unit := strings.TrimLeft(v, "0123456789.") != ""
			named = named || k[0] < utf8.RuneSelf && unit
			units = units || unit
		}
	}
	if !units {
		// "任务 1，步骤 2": bare numbers after names count things; a
		// setting among them has its unit.
		han = nil
	}
	if len(han) >= 2 || len(han) == 1 && (settingsLabelRE.MatchString(s) || named) {
		out = append(out, han...)
	}
	return out
}

// identKey is a code identifier as a value's key: its words in lower
// case joined by "_" ("MeterValueSampleInterval" is
// meter_value_sample_interval, as "meter-value-sample-interval" in a
// file is).
func identKey(id string) string {
	var b strings.Builder
	for i, r := range id {
		if unicode.IsUpper(r) && i > 0 && !unicode.IsUpper(rune(id[i-1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// listValues reads a sentence that lists two or more settings with their
// values, separated by commas: each item is a value.
func listValues(s, scope string) []Proposal {
	if strings.Count(s, ",")+strings.Count(s, "，") < 1 {
		return nil
	}
	var out []Proposal
	for _, part := range segmentRE.Split(s, -1) {
		m := listItemRE.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			continue
		}
		k := m[listItemRE.SubexpIndex("k")] + m[listItemRE.SubexpIndex("k2")]
		v := m[listItemRE.SubexpIndex("v")] + m[listItemRE.SubexpIndex("v2")]
		if per := m[listItemRE.SubexpIndex("per")]; per != "" {
			k += " per " + per
		}
		// "timeout is 30s, retries 3": the name without its copula.
		k = copulaTailRE.ReplaceAllString(k, "")
		if k == "" {
			continue
		}
		if f := strings.Fields(strings.ToLower(k)); stopwords[f[0]] || nonVerbs[f[0]] || constraintRE.MatchString(k) {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: cleanValue(v), Quote: s, Scope: scope})
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

var (
	// valueAtRE sets a bound with "at": "cap the retries at 5", "limit
	// the pool at 20", "keep the timeout at 30s".
	valueAtRE = mustPattern(`(?i)\b(?:cap|limit|keep|hold|set)\s+(?:the\s+)?(?P<k>[\p{Latin}\p{Arabic}\d_.\-/]+(?:\s[\p{Latin}\p{Arabic}\d_.\-/]+){0,3}?)\s+at\s+(?P<v>` + valPat + `)`)
	// valueFixedRE is a setting someone fixed at a value: "the base rate
	// is finalised at Rs 40.50", "the budget was confirmed at 12k".
	valueMeasuredRE = mustPattern(`(?i)\bmeasured\s+(?:the\s+|our\s+)?(?P<k>[\p{L}_\-]+(?:\s[\p{L}_\-]+){0,2}?)\s+(?:(?:on|for|with|in|of)\s+[^,;.]{1,40}?\s+)?at\s+(?P<v>\d[\d.,]*\s?(?:%|[\p{L}]{1,6})?(?:\s(?:per|a|an)\s\p{L}{2,12})?)`)
	valueFixedRE    = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|btw|update)[,:]?\s+)?(?:the\s+|our\s+)?(?P<k>[\p{L}\d_.\-/]+(?:\s[\p{L}\d_.\-/]+){0,3}?)\s+(?:is|was|has been|have been|got|is now)\s+(?:finali[sz]ed|fixed|confirmed|locked|agreed|set|settled|approved|measured)\s+(?:at|to)\s+(?P<v>(?:rs\.?|inr|usd|eur|₹|\$|€|£)?\s?\d[\d.,]*(?:\s?(?:%|k|m|ms|s|seconds?|minutes?|hours?|days?|gb|mb))?)`)
	// valueOfRE is a setting chosen with "of": "use a tile size of 256
	// px", "keep a retention of 14 days", "go with a timeout of 30 s",
	// "new users get a welcome bonus of 5 points", "for registering: a
	// welcome bonus of 5 points".
	valueOfRE = mustPattern(`(?i)(?:\b(?:use|keep|set|want|need|go with|try|pick|choose|take|prefer|with|gets?|give|gives|receives?|award|grant|apply|allow|add)|:)\s+(?:a|an|the)\s+(?P<k>[\p{L}\d_.\-/]+(?:\s[\p{L}\d_.\-/]+){0,3}?)\s+of\s+(?P<v>` + sizedNum + `)(?:$|[\s.,;!?—–)])`)
	// valueUnitNounRE is a number and unit before the noun it sizes,
	// chosen with a verb: "go with 256 px tiles", "we'll want 300 ms
	// debounce", "use 8 MB chunks" (a unit is needed: "use 4 workers"
	// is read as a rule).
	valueUnitNounRE = mustPattern(`(?i)\b(?:use|want|need|go with|try|pick|choose|take|prefer|keep)\s+(?P<v>\d[\d.,_]*\s?(?:ms|secs?|seconds|minutes|mins?|hours|days|kb|mb|gb|tb|px|pt|dpi)|\d[\d.,_]*\s?%)\s+(?P<k>\p{L}[\p{L}\d_\-]*(?:\s\p{L}[\p{L}\d_\-]*)?)(?:$|[\s.,;!?—–)])`)
	// valueForRE is a setting named as a topic and given as a proposal:
	// "for the tiles I was thinking 256 px", "for the timeout, I'd go
	// with 30 s".
	valueForRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw)[,]?\s+)*for\s+(?:the\s+|our\s+)?(?P<k>[\p{L}\d_.\-/]+(?:\s[\p{L}\d_.\-/]+){0,3}?),?\s+(?:i\s+was\s+thinking|i'?m\s+thinking|i\s+think|i'?d\s+(?:go\s+with|say|use|pick|do)|let'?s\s+(?:do|use|go\s+with|say)|we\s+(?:use|want|need)|use|go\s+with|maybe|probably)\s+(?:about\s+|around\s+)?(?P<v>` + sizedNum + `)(?:$|[\s.,;!?—–)])`)
	// valueEveryRE is a thing done at an interval: "refresh every 30
	// seconds", "poll the queue every 5 minutes", "the cron runs every 10
	// minutes".
	valueEveryRE = mustPattern(`(?i)(?:^|[,;:]\s*|\b(?:and|then|so)\s+)(?:(?:the|a|our)\s+)?(?P<k>[a-z\p{L}][\p{L}\w\-]*(?:\s+(?:the\s+)?[\p{L}][\p{L}\w\-]*){0,2}?)\s+(?:(?:runs?|happens?|fires?|goes|is run|should run)\s+)?every\s+(?P<v>\d+(?:\.\d+)?\s*(?:ms|s|secs?|seconds?|minutes?|mins?|h|hours?|days?|weeks?))\b`)
	// valueMakeRE sets a setting to a number with "make": "make the
	// timeout 8 s", "make the batch size 300" (the number ends the
	// clause: "make the tests 3 times faster" sets nothing).
	valueMakeRE = mustPattern(`(?i)\bmake\s+(?:the\s+|our\s+)(?P<k>[\p{Latin}\p{Arabic}\d_.\-/]+(?:\s[\p{Latin}\p{Arabic}\d_.\-/]+){0,3}?)\s+(?P<v>` + dayPat + `|(?:[$€£]\s?)?[+-]?\d[\d.,_]*(?:\s?` + measureUnit + `\b|/(?:s|sec|min|h)\b|%|€)?(?:` + perTail + `)?)\s*(?:$|[.,;!?]|\s+(?:instead|then|too|again|please|pls|for now)\b)`)
	// dayIsRE is a setting said to be a day: "the deadline is Friday",
	// "the release date is 2026-03-10".
	dayIsRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|btw)[,]?\s+)?(?:the\s+|our\s+)?(?P<k>[\p{Latin}\d_.\-/ ]{2,60}?)\s+(?:is|is now|will be|should be)\s+(?:on\s+)?(?P<v>` + dayPat + `)\s*[.!]?$`)
	// dueRE is a thing said to be due on a day: "the report is due
	// Wednesday the 12th", "the invoice run is due on 2026-03-01".
	dueRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|btw)[,]?\s+)?(?:the\s+|our\s+)?(?P<k>[\p{Latin}\d_.\-/]+(?:\s[\p{Latin}\d_.\-/]+){0,3}?)\s+(?:is|are)\s+(?:now\s+)?due\s+(?:to\s+\p{Lu}[\p{Latin}\-]*\s+)?(?:on\s+|by\s+)?(?P<v>` + dayPat + `)\s*[.!]?$`)
	// segmentRE splits a sentence at commas and dashes.
	segmentRE = mustPattern(`,\s+|\s+[—–]+\s+|\s+-\s+|[，；]`)
	// keylessNotRE is a value stated against the one it replaces with no
	// name: "是 8192，不是 4096", "sorry, 8192 not 4096", "it's 25, not 50".
	keylessNotRE = mustPattern(`(?i)(?:^|[，,：]\s*|:\s+)(?:是|应该是|it's|it is|i meant|should be)?\s*(?P<v>` + valPat + `)\s*[，,]?\s*(?:而不是|不是|,?\s*not)\s+(?P<a>` + valPat + `)\s*[。.!]?$|(?:^|[，,]\s*)是\s*(?P<v2>` + valPat + `)\s*[，,]\s*不是\s*(?P<a2>` + valPat + `)|(?:^\W*|,\s*|:\s+|^\W*[\p{L}\w.\-]+\s+)(?:no[,.!]?\s+)?(?:it's\s+|it is\s+)?not\s+(?P<a3>` + valPat + `)\s*[,;]?\s*(?:but|it's|it is|rather|а)\s+(?P<v3>` + valPat + `)\s*[.!]?$|(?:^|[，,：:]\s*)(?:不对[，,]?\s*)?不是\s*(?P<a4>` + valPat + `)\s*[，,]\s*(?:而)?是\s*(?P<v4>` + valPat + `)\s*[。.!！]?$`)
	// labelValueRE is a setting labelled with a colon and chosen with a
	// verb: "python version for the workers: target 3.10", "retries: make
	// it 5" (a bare "Round: 2/256" is a label, not a choice).
	labelValueRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also)[,]?\s+)?(?P<k>[A-Za-z][\w.\-]*(?:\s[A-Za-z][\w.\-]*){0,3}?)(?:\s+(?:for|of|in|on)\s+(?:the\s+)?[\w.\-/]+(?:\s[\w.\-/]+)?)?\s*[:：]\s*(?:use|target|set (?:it )?to|make it|go with|pick|choose)\s+(?P<v>` + valPat + `)\s*[.。]?$`)
	// labelWords are labels, not settings: "Note: 5", "Update: 3 left".
	labelWords = map[string]bool{"note": true, "reminder": true, "fyi": true, "update": true, "question": true, "todo": true, "ps": true, "objective": true,
		"goal": true, "task": true, "edit": true, "btw": true, "answer": true, "result": true, "status": true, "error": true, "warning": true}
)

// alsoTaskRE is a task added in passing: "顺便把 OCPP 2.0.1 也支持下",
// "顺手把 en_mmlu 也加上".
var alsoTaskRE = mustPattern(`(?:^|[，,。；;：:])\s*(?:对了[，,]?\s*)?(?:顺便|顺手|捎带)(?:把|将|也|再|给)`)

// alsoTask reports whether s adds a task in passing (alsoTaskRE) and
// sets no value: "顺便把持仓数量再多加十只吧" changes a value.
func alsoTask(s, scope string) bool {
	if !alsoTaskRE.MatchString(s) {
		return false
	}
	if _, _, rel := relative(s); rel {
		return false
	}
	return len(values(s, "", "", false, scope, false)) == 0
}

// valuesOne finds the values a sentence or clause sets.
// itWordRE is a pronoun standing for a setting in a sentence.
var itWordRE = mustPattern(`(?i)\b(?:it|that|them)\b`)

// casesDropped is out without the values of a setting the sentence s
// assigns twice with two values ("exact_times=1 entries produce fixed
// departures; exact_times=0 entries are marked …"): cases told apart,
// no setting set.
func casesDropped(s string, out []Proposal) []Proposal {
	if len(out) < 2 || strings.Count(s, "=") < 2 {
		return out
	}
	vals := map[string]map[string]bool{}
	for _, p := range out {
		if p.Kind == KindValue && strings.Contains(s, p.Name+"=") {
			if vals[p.Key] == nil {
				vals[p.Key] = map[string]bool{}
			}
			vals[p.Key][p.Value] = true
		}
	}
	return slices.DeleteFunc(out, func(p Proposal) bool { return len(vals[p.Key]) > 1 })
}

// valueTimesRE is how many times a thing is done: "the invoice job
// should retry 3 times", "retry up to five times", "try twice" is not
// read.
var valueTimesRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|then)[,]?\s+)?(?P<k>(?:the\s+)?[\p{L}\d_\- ]{0,40}?)\s*(?:should|must|will|needs? to|has to|can|may|to)?\s*\b(?P<verb>retry|attempt|try|rerun|repeat|restart|poll)\s+(?:\w+\s+)?(?:up to\s+|at most\s+|max(?:imum)?\s+)?(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+times\b`)

// timesNoun is the count a valueTimesRE verb names.
var timesNoun = map[string]string{"retry": "retries", "attempt": "attempts", "try": "tries", "rerun": "reruns", "repeat": "repeats", "restart": "restarts", "poll": "polls"}

// smallNumbers are the numbers written as words that valueTimesRE reads.
var smallNumbers = map[string]string{"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10"}

// ordinalOneRE names a thing by its place: "the first one", "the other
// one".
var ordinalOneRE = mustPattern(`(?i)^(?:the\s+)?(?:first|second|third|last|other|former|latter|previous|next)\s+(?:one|two)$`)

// mindChangedRE is a mind changed about a thing, which may go on to say
// how ("Irina changed her mind about the birthday: make it twice as
// much").
var mindChangedRE = mustPattern(`(?i)\bchanged (?:his|her|their|my|our) minds? (?:on|about)\b|改主意了|改变主意了`)

// takeBackRE opens a sentence taking back the one before it.
var takeBackRE = mustPattern(`(?i)^\W*(?:scratch that|strike that|forget (?:that|what i (?:just )?said)|ignore (?:that|what i (?:just )?said)|disregard that|cancel that|never ?mind(?: that)?|vergiss das|vergessen sie das|olvida eso|olvídalo|oublie ça|oubliez ça|esquece isso|забудь(?: это)?|忘了吧|算了)(?:[\s,.;:!—–-]|$)`)

// midTakeBackRE takes back, in the middle of a sentence, what it said
// before: "… — ah, scratch that, …".
var midTakeBackRE = mustPattern(`(?i)(?:[,;—–]|\s-|\.\.\.|…)\s*(?:(?:ah|oh|hmm+|no|wait|actually)[,!]?\s+)?(?:scratch that|strike that|forget that|never ?mind that|ignore that)\b`)

// retractedDropped is out without the proposals quoting a sentence of
// text that the next sentence takes back ("no emojis in the commit
// messages. scratch that, emojis are fine.").
func retractedDropped(text string, out []Proposal) []Proposal {
	if !strings.Contains(text, " ") || len(out) == 0 {
		return out
	}
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		// "don't touch the schema for this — ah, scratch that, the
		// second one needs a kind column": the rule taken back in its
		// own sentence, no rule word after the taking back
		if p.Kind != KindConstraint {
			return false
		}
		loc := midTakeBackRE.FindStringIndex(p.Quote)
		return loc != nil && constraintRE.MatchString(p.Quote[:loc[0]]) && !constraintRE.MatchString(p.Quote[loc[1]:])
	})
	ss := sentences(text)
	for i := 1; i < len(ss); i++ {
		if !takeBackRE.MatchString(ss[i]) {
			continue
		}
		prev := strings.TrimSpace(ss[i-1])
		out = slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Kind != KindObjective && p.Quote != "" && (p.Quote == prev || strings.Contains(prev, p.Quote))
		})
	}
	return out
}

// tailPronouns are the pronouns (with a copula) that end a value's name
// read as "NAME VALUE" when the name is a clause about a setting the
// sentence names elsewhere: "double-check it's 50".
var tailPronouns = wordSet(`it's it that's its this`)

func valuesOne(s, lastKey, lastName string, corr bool, scope string, terse bool) []Proposal {
	var out []Proposal
	// A setting named by reference ("the rust version thing we set
	// earlier") is read by its name; the quote stays verbatim.
	quote := s
	refers := referenceRE.MatchString(s)
	s = strings.Join(strings.Fields(referenceRE.ReplaceAllString(s, " ")), " ")
	topic := ""
	if m := topicRE.FindStringSubmatch(s); m != nil {
		topic = strings.TrimSpace(m[topicRE.SubexpIndex("k")] + m[topicRE.SubexpIndex("z")])
	} else if m := refTopicRE.FindStringSubmatch(s); m != nil && !stopwords[strings.ToLower(strings.TrimSpace(m[1]))] && discourseRE.ReplaceAllString(m[1], "") != "" && nounTopic(m[1]) {
		// "That line length limit, make it 16k", "coupon max length —
		// make it 20".
		topic = strings.TrimSpace(m[1])
		refers = refers || demonstrativeRE.MatchString(s)
	}
	add := func(k, f, was, v string, c bool) {
		k = strings.TrimSpace(k)
		k = discourseRE.ReplaceAllString(k, "")
		k = strings.TrimPrefix(strings.TrimPrefix(k, "the "), "The ")
		k = particleRE.ReplaceAllString(k, "")
		k = zhTail.ReplaceAllString(k, "")
		if relWordRE.MatchString(k) {
			// "减半是 3.5": the change, not a setting.
			return
		}
		ref := refers
		if loc := demonstrativeRE.FindStringIndex(k); loc != nil && !pronounRE.MatchString(k) {
			// "bump that batch thing up": a setting named by a
			// demonstrative and its head noun is one already held.
			k, ref = k[loc[1]:], true
		}
		v = valueNoPreposition(cleanValue(v))
		if f := strings.Fields(k); len(f) > 1 && tailPronouns[strings.ToLower(f[len(f)-1])] {
			// "the page count cap, double-check it's 50": a verb and
			// its pronoun name no setting; the topic does.
			if topic == "" {
				return
			}
			k = topic
		}
		if pronounRE.MatchString(k) {
			// "set it to 5s": the setting the sentence's topic names,
			// else the one named last.
			switch {
			case topic != "":
				k = topic
			case lastKey != "" && v != "" && !pronounNamesOther(s, lastName):
				out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Was: cleanValue(was), Quote: quote, Correction: true, Scope: scope})
				return
			default:
				return
			}
		}
		if k == "" || v == "" || len([]rune(k)) > 60 || stopwords[strings.ToLower(v)] || ordinalOneRE.MatchString(k) {
			// "bump the first one to $13": a place in a list, no name
			return
		}
		prop := strings.ToLower(strings.Join(strings.Fields(k), "_"))
		ent := "-"
		if f != "" {
			ent = strings.TrimRight(f, ".,")
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + ent + "/" + prop, Name: k, Value: v, Was: cleanValue(was), Quote: quote, Correction: c || was != "", Scope: scope, Refers: ref})
	}
	if k, v, was, ok := valueAmendment(s); ok {
		add(k, "", was, v, true)
		return out
	}
	if ms := valueSetRE.FindAllStringSubmatchIndex(s, 4); ms != nil {
		// "drop the per-gpu batch to 32 and set grad accumulation to 2".
		n := len(out)
		for i, m := range ms {
			sub := func(k int) string {
				if m[2*k] < 0 {
					return ""
				}
				return s[m[2*k]:m[2*k+1]]
			}
			if strings.HasPrefix(strings.ToLower(s[m[0]:m[1]]), "move") && !strings.ContainsAny(sub(4), "0123456789") {
				// "move seat holds to redis": a thing moved somewhere,
				// no setting given a value
				continue
			}
			add(sub(1), sub(2), sub(3), sub(4), true)
			// "bump the initial delay to 30s and the probe timeout to
			// 3s": more settings the same verb sets (setMoreRE).
			end := len(s)
			if i+1 < len(ms) {
				end = ms[i+1][0]
			}
			for at := m[1]; at < end; {
				c := setMoreRE.FindStringSubmatchIndex(s[at:end])
				if c == nil {
					break
				}
				k, v := c[2:4], c[6:8]
				if k[0] < 0 {
					k = c[4:6]
				}
				sep := s[at : at+k[0]]
				if strings.TrimSpace(sep) == "" && !strings.HasSuffix(sub(4), ",") {
					// "… to 500 the worker count …" joins no list
					break
				}
				if val := s[at+v[0] : at+v[1]]; !strings.ContainsAny(val, "0123456789") || !specific(cleanValue(val)) {
					// a number only: "… and the docs to match" sets nothing
					break
				}
				add(s[at+k[0]:at+k[1]], "", "", s[at+v[0]:at+v[1]], true)
				at += c[1]
			}
		}
		if len(out) > n {
			return out
		}
	}
	if m := findIf(movedCue(s), valueMovedRE, s); m != nil && specific(cleanValue(m[valueMovedRE.SubexpIndex("v")]+m[valueMovedRE.SubexpIndex("v2")])) {
		// "the deadline got pushed to the 12th", "締切ですが…12/12まで延ば
		// してもらえました": a setting moved to a new value.
		k := m[valueMovedRE.SubexpIndex("k")] + m[valueMovedRE.SubexpIndex("k2")]
		add(lastWords(k, 4), "", "", m[valueMovedRE.SubexpIndex("v")]+m[valueMovedRE.SubexpIndex("v2")], true)
		return out
	}
	if m := valueAtRE.FindStringSubmatch(s); m != nil && specific(m[2]) {
		// "cap the retries at 5".
		add(m[1], "", "", m[2], true)
		return out
	}
	if k, v, _, ok := valueHeld(s); ok && specific(v) {
		// "minSdk stays 24 whatever happens" (rulelife.go).
		add(k, "", "", v, true)
		return out
	}
	if m := findIf(strings.Contains(s, " at ") || strings.Contains(s, " to "), valueFixedRE, s); m != nil && specific(cleanValue(m[2])) {
		// "Cow base rate is finalised at Rs 40.50", "the budget was
		// confirmed at 12k".
		add(m[1], "", "", m[2], true)
		return out
	}
	if m := findIf(strings.Contains(s, "measured"), valueMeasuredRE, s); m != nil {
		// "Dave measured the creep on our usual silk at 0.125 mm per
		// sheet": a quantity someone measured.
		add(m[1], "", "", m[2], false)
		return out
	}
	if m := findIf(strings.Contains(strings.ToLower(s), "times"), valueTimesRE, s); m != nil {
		// "The invoice job should retry 3 times": how many times a thing
		// is done, named by its verb ("invoice job retries").
		k := strings.TrimSpace(m[valueTimesRE.SubexpIndex("k")])
		if f := strings.Fields(strings.ToLower(k)); len(f) == 0 || !pronounWords[f[0]] && !agentSubjectRE.MatchString(k) {
			noun := timesNoun[strings.ToLower(m[valueTimesRE.SubexpIndex("verb")])]
			name := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(k, "the "), "The ") + " " + noun)
			n := m[valueTimesRE.SubexpIndex("n")]
			if d, ok := smallNumbers[strings.ToLower(n)]; ok {
				n = d
			}
			add(name, "", "", n, true)
			return out
		}
	}
	if m := findIf(strings.Contains(strings.ToLower(s), "every"), valueEveryRE, s); m != nil {
		// "refresh every 30 seconds", "poll the queue every 5 minutes":
		// a thing done at an interval; the interval is its setting.
		k := m[valueEveryRE.SubexpIndex("k")]
		if f := strings.Fields(strings.ToLower(k)); len(f) > 0 && !stopwords[f[0]] && !nonVerbs[f[0]] && !pronounRE.MatchString(k) && !agentSubjectRE.MatchString(k) {
			// Named as the interval it is ("sample every 60 seconds" is
			// the sample interval a later "double the interval" changes).
			var name []string
			for _, w := range strings.Fields(k) {
				if lw := strings.ToLower(w); !auxes[lw] && !modalWords[lw] && lw != "the" {
					name = append(name, w)
				}
			}
			if last := strings.ToLower(name[len(name)-1]); last != "interval" && last != "period" && last != "frequency" {
				name = append(name, "interval")
			}
			add(strings.Join(name, " "), "", "", "every "+m[valueEveryRE.SubexpIndex("v")], true)
			return out
		}
	}
	if k, v, ok := proposedSize(s); ok {
		// "use a tile size of 256 px", "go with 256 px tiles", "for the
		// tiles I was thinking 256 px".
		add(k, "", "", v, true)
		return out
	}
	if m := findIf(strings.Contains(s, "make") || strings.Contains(s, "Make"), valueMakeRE, s); m != nil && !pronounRE.MatchString(m[1]) && (numeric(m[2]) || strings.ContainsAny(m[2][:1], "$€£") || dayValue(m[1], m[2])) {
		// "make the timeout 8 s".
		add(m[1], "", "", m[2], true)
		return out
	}
	if m := zhSetRE.FindStringSubmatch(s); m != nil {
		add(m[2], m[1], m[3], m[4], true)
		return out
	}
	if m := zhSet2RE.FindStringSubmatch(s); m != nil && !strings.HasPrefix(m[1], "把") {
		k := zhFiller.ReplaceAllString(m[1], "")
		if k == "" {
			// "那就调到 12 秒吧": no subject, the setting named last.
			k = "它"
		}
		// "row group 改 64 MB": a bare 改/设 sets a number only
		add(k, "", "", m[zhSet2RE.SubexpIndex("v")]+m[zhSet2RE.SubexpIndex("n")], true)
		if len(out) > 0 {
			return out
		}
	}
	if m := countInsteadRE.FindStringSubmatch(s); m != nil && !questionRE.MatchString(s) {
		// "Let's go with 400 trees instead of 200": the count of the
		// thing the number counts, and the count it replaces, never the
		// setting named last.
		add(m[countInsteadRE.SubexpIndex("k")], "", m[countInsteadRE.SubexpIndex("a")], m[countInsteadRE.SubexpIndex("v")], true)
		if len(out) > 0 {
			return out
		}
	}
	if m := valueThenForRE.FindStringSubmatch(s); m != nil && !negRE.MatchString(s) && !questionRE.MatchString(s) {
		// "actually let's go with 45s for the timeout", "45s for the
		// timeout please": the setting named after the value, never the
		// one named last.
		add(m[valueThenForRE.SubexpIndex("k")], "", "", m[valueThenForRE.SubexpIndex("v")], corr)
		if len(out) > 0 {
			return out
		}
	}
	if k, was, v, ok := namedCorrection(s, corr); ok {
		// "versionCode 42 is taken, make it 43": the setting the
		// sentence names with its old number, never the one named last.
		add(k, "", was, v, true)
		if len(out) > 0 {
			return out
		}
	}
	if corr && topic != "" {
		// "For the retry delay, make it 3s": the topic is the setting.
		lastKey, lastName = "value/-/"+strings.ToLower(strings.Join(strings.Fields(topic), "_")), topic
	}
	// A correction names no key and so amends the last value, unless it
	// pins a thing of its own to a version ("Switch to Python 3.13 now"
	// after "the build image is node18" is about Python, not the image).
	if corr && lastKey != "" && !pinsOther(s, lastName) && !dropsOther(s, lastName) {
		for _, re := range []*pattern{valueCorrRE, zhCorrRE} {
			for _, loc := range re.FindAllStringSubmatchIndex(s, 4) {
				m := []string{s[loc[0]:loc[1]], s[loc[2]:loc[3]]}
				if c := zhCountedRE.FindStringSubmatch(s[loc[3]:]); c != nil && !strings.Contains(lastName, c[1]) {
					// "改成三个 seed" after the concurrency was set: a count
					// of seeds, not the concurrency
					continue
				}
				if specific(m[1]) {
					out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: cleanValue(m[1]), Quote: quote, Correction: true})
					return out
				}
			}
		}
		if v := bareCorrection(s, lastName); v != "" {
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Quote: quote, Correction: true})
			return out
		}
	}
	if !codeLikeRE.MatchString(s) {
		ms := valueAssignRE.FindAllStringSubmatch(s, 4)
		keys := map[string]int{}
		for _, m := range ms {
			keys[strings.ToLower(m[1])]++
		}
		for _, m := range ms {
			if keys[strings.ToLower(m[1])] > 1 {
				// "exact_times=1 entries … ; exact_times=0 entries …":
				// cases told apart, no setting set
				continue
			}
			if !codeWords[strings.ToLower(m[2])] && !prohibitedIn(s, m[0]) {
				add(m[1], "", "", m[2], corr)
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	if m := findIf(strings.Contains(s, "due"), dueRE, s); m != nil && len(strings.Fields(m[1])) <= 4 {
		// "The report is due Wednesday the 12th" (dates.go).
		add(m[1]+" due", "", "", m[2], corr)
		return out
	}
	if m := findIf(strings.Contains(s, "day") || strings.Contains(s, "-"), dayIsRE, s); m != nil && len(strings.Fields(m[1])) <= 6 && dayValue(m[1], m[2]) {
		// "The deadline is Friday" (dates.go).
		add(m[1], "", "", m[2], corr)
		return out
	}
	if k, v, ok := labelQuantity(s); ok {
		// "Time limit per test: 10 seconds", "El estilo vale el 10% de
		// la nota" (labelqty.go).
		add(k, "", "", v, corr)
	} else if k, v, ok := bumpTo(s); ok {
		// "bump the sd clock, 25 MHz is what we run now, go to 50"
		// (labelqty.go).
		add(k, "", "", v, true)
	} else if k, v, ok := dirValue(s); ok {
		// "photo jpeg quality down too, 80" (labelqty.go).
		add(k, "", "", v, true)
	} else if m := valueIsRE.FindStringSubmatch(s); m != nil && len(s) <= 200 && len(strings.Fields(m[1])) <= 6 && specific(strings.TrimRight(m[2], ".,;:，。")) && !constraintRE.MatchString(m[1]) {
		add(lastWords(m[1], 5), "", "", m[2], corr)
	} else if k, v, ok := countIs(s); ok {
		// "The welcome bonus is 5 points.": a number counted in a noun
		// no unit list names.
		add(k, "", "", v, corr)
	} else if m := zhIsRE.FindStringSubmatch(s); m != nil && specific(strings.TrimRight(m[2], ".,;:，。")) && !zhPlaceRE.MatchString(m[1]) {
		add(m[1], "", "", m[2], corr)
	} else if m := zhUseRE.FindStringSubmatch(s); m != nil && specific(m[2]) {
		add(zhFiller.ReplaceAllString(m[1], ""), "", "", m[2], corr)
	} else if m := labelValueRE.FindStringSubmatch(s); m != nil && specific(m[2]) && !labelWords[strings.ToLower(strings.Fields(m[1])[0])] && !constraintRE.MatchString(m[1]) {
		add(m[1], "", "", m[2], corr)
	} else if terse {
		// "default grain size 80ms", "schedule 1am", "retention
		// keep-daily 7 keep-weekly 4": a setting and its number, said
		// with no verb.
		for _, kv := range terseSettings(s) {
			add(kv[0], "", "", kv[1], corr)
		}
	}
	return out
}

// zhQuantityRE is a number with the unit it is counted in, in Chinese
// or short Latin units.
var zhQuantityRE = mustPattern(`^\D{0,6}?(\d+(?:\.\d+)?\s*(?:毫秒|分钟|秒|小时|天|周|ms|s|min|h|d|%))`)

// zhHeadQuantity is the quantity text gives right after the first two
// characters of Chinese setting name k ("持续10分钟" for "持续时间"), ""
// when none or several.
func zhHeadQuantity(text, k string) string {
	r := []rune(strings.TrimSpace(k))
	if len(r) < 2 {
		return ""
	}
	head := string(r[:2])
	found := ""
	for i := strings.Index(text, head); i >= 0; {
		if m := zhQuantityRE.FindStringSubmatch(text[i+len(head):]); m != nil {
			if found != "" && found != m[1] {
				return ""
			}
			found = m[1]
		}
		j := strings.Index(text[i+len(head):], head)
		if j < 0 {
			break
		}
		i += len(head) + j
	}
	return found
}

// countIsRE is a setting said to be a number of things of a kind, the
// kind a noun no unit list names: "the welcome bonus is 5 points", "the
// grace period is 3 sprints".
var countIsRE = mustPattern(`(?i)^\W*(?:the\s+|our\s+|my\s+)?(?P<k>[\p{Cyrillic}A-Za-z][\p{Cyrillic}\w.\-'’ ]{1,60}?)\s+(?:is|should be|must be|is now|will be)\s+(?P<v>(?:[$€£]\s?)?\d[\d.,]*\s\p{L}{2,15})\s*[.!]?\s*$`)

// countIs is the setting and value countIsRE reads in s; ok false for
// none, or a number followed by a word that is no kind of thing ("42
// apparently", "3 now").
func countIs(s string) (k, v string, ok bool) {
	m := countIsRE.FindStringSubmatch(s)
	if m == nil || len(s) > 200 {
		return "", "", false
	}
	k, v = strings.TrimSpace(m[1]), m[2]
	f := strings.Fields(v)
	u := strings.ToLower(f[len(f)-1])
	if len(strings.Fields(k)) > 6 || stopwords[u] || nonVerbs[u] || strings.HasSuffix(u, "ly") || constraintRE.MatchString(k) || labelVerbRE.MatchString(strings.Fields(k)[0]) || nonVerbs[strings.ToLower(strings.Fields(k)[0])] {
		return "", "", false
	}
	switch u {
	case "now", "then", "instead", "though", "again", "anyway", "already", "currently", "today", "too", "max", "min", "tops", "total",
		"fyi", "btw", "iirc", "imo", "imho", "afaik", "fwiw", "pls", "please", "thanks", "atm", "tho", "ok", "lol":
		return "", "", false
	}
	return k, v, true
}

// undecidedRE is the user saying a question is not settled yet: "I
// haven't decided yet", "not sure yet", "这个我还没想好", "待定".
var undecidedRE = mustPattern(`(?i)\b(?:i|we)\s+(?:haven't|have not|havent)\s+(?:decided|figured (?:it|that|this) out|made up (?:my|our) minds?)\b|\b(?:i'm|i am|we're|we are)\s+(?:not sure|undecided)(?:\s+yet)?\s*(?:[,.;!]|$)|\b(?:not sure|no idea|undecided|tbd)\s+yet\b|还没想好|没想好|还没定|还不确定|待定|还没决定`)

// choiceWaitRE puts a choice off until someone answers: "we're waiting
// for the comms team before choosing", "we'll decide once legal
// answers", "on attend la réponse de la com' avant de choisir", "等产品
// 回复再定"; offersRE is a sentence offering options to choose from.
var (
	choiceWaitRE = mustPattern(`(?i)\bwait(?:ing)?\s+(?:for|on|until)\b.{0,80}?\b(?:before|to)\s+(?:choos|decid|pick)|\b(?:decide|choose|pick)\s+(?:once|when|after)\b|\battend(?:s|ons)?\b.{0,80}?\b(?:avant\s+de|before)\s+(?:choisir|décider|trancher)|等.{1,20}?(?:再|才)(?:定|决定|选)`)
	offersRE     = mustPattern(`(?i)\b(?:options?|choices?|possibilit(?:y|ies)|possibilités?|alternatives?)\b|两个选择|两种|选项|方案|(?:^|[\s:：])A\s*[),，:]`)
)

// politeNoRE is a prohibition asked as a favour: "can we not touch the
// prod DB?", "could you please not push to main", "能不能先别碰 es-prod？",
// "可以先不要动配置吗".
var politeNoRE = mustPattern(`(?i)^\W*(?:(?:also|and|so|oh|btw|ok(?:ay)?|hey|pls|please)[,:]?\s+)*(?:can|could)\s+(?:we|you|u)\s+(?:please\s+|pls\s+|just\s+)?not\s+[a-z]{2,}|(?:能不能|可不可以|能否)(?:先|暂时|麻烦)?(?:别|不要)\p{Han}|可以(?:先|暂时)?(?:别|不要)\p{Han}[^，。？?]{0,30}吗`)

// vagueNoRE is a favour asked of nothing named: "can we not do this
// now?" puts something off.
var vagueNoRE = mustPattern(`(?i)\bnot\s+[a-z]+\s+(?:this|that|it|these|those|now|today|yet|again|any ?more)\b`)

// prohibitedIn reports whether the assignment a stands in a clause of s
// that forbids something: "books with status=offline must never show up
// in search results", "never set DEBUG=1 in prod" name a condition or a
// forbidden value, not a setting that is current ("use timeout=30, never
// 60" sets its timeout in a clause of its own).
func prohibitedIn(s, a string) bool {
	for _, c := range clauses(s) {
		if strings.Contains(c, strings.TrimSpace(a)) {
			return negRE.MatchString(c) && isRule(c)
		}
	}
	return false
}

// modalWords are the modals a name of a thing done at an interval drops
// ("the reconcile should requeue every 10 minutes": reconcile requeue).
var modalWords = map[string]bool{"should": true, "must": true, "will": true, "would": true, "can": true, "could": true, "shall": true, "to": true, "needs": true}

// sizedNum is a number a setting is given, with its unit if any.
// countNounRE is a number chosen before a noun: "go with 2 retries",
// "let's do 5 workers instead", "3 replicas please".
var countNounRE = mustPattern(`(?i)(?:^|\b(?:go with|use|do|try|pick|take|make it|want|need|run|keep|allow)\s+)(?P<v>\d[\d.,_]*)\s+(?P<k>\p{L}[\p{L}\d_\-]*)\s*(?:please|pls|instead|then|too|now|for now|max|tops)?\s*[.!]?$`)

// countInsteadRE is a count chosen against the count it replaces: "go
// with 400 trees instead of 200", "use 3 replicas, not 2".
var countInsteadRE = mustPattern(`(?i)\b(?:go with|use|do|try|pick|take|make it|want|need|run|keep|allow|bump (?:it )?to|set (?:it )?to)\s+(?P<v>\d[\d.,_]*)\s+(?P<k>\p{L}[\p{L}\d_\-]*)\s*(?:,\s*|\s+)(?:instead of|rather than|not)\s+(?:the\s+)?(?P<a>\d[\d.,_]*)\b`)

// countOfHeld is the value sentence s sets by a number before the noun
// of a setting held (its name's one word, or its last, with the same
// stem), or nil.
func countOfHeld(s string, held []HeldValue, scope string) []Proposal {
	m := countNounRE.FindStringSubmatch(s)
	if m == nil || negRE.MatchString(s) || questionRE.MatchString(s) {
		return nil
	}
	v, noun := m[countNounRE.SubexpIndex("v")], stem(m[countNounRE.SubexpIndex("k")])
	for _, h := range held {
		f := strings.FieldsFunc(strings.ToLower(h.Name+" "+property(h.Key)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if len(f) > 0 && stem(f[len(f)-1]) == noun && strings.ContainsAny(h.Value, "0123456789") {
			return []Proposal{{Op: OpState, Kind: KindValue, Key: h.Key, Name: h.Name, Value: v, Quote: s, Correction: true, Scope: scope}}
		}
	}
	return nil
}

// valueThenForRE is a value given for a setting named after it: "go with 45s
// for the timeout", "let's use 8 workers for the import", "45s for the
// timeout please".
var valueThenForRE = mustPattern(`(?i)(?:^|\b(?:go with|use|try|do|pick|take|make it|set|want|need)\s+)(?P<v>` + sizedNum + `)\s+(?:for|as)\s+(?:the|our|its|a|an)\s+(?P<k>\p{L}[\p{L}\d_.\-]*(?:\s\p{L}[\p{L}\d_.\-]*){0,2}?)\s*(?:please|pls|instead|then|too|now|for now)?\s*[.!]?$`)

const sizedNum = `(?:[$€£]\s?)?\d[\d.,_]*(?:\s?` + measureUnit + `\b|\s?%)?`

// quantityNouns name an amount, not a setting: "use a maximum of 4
// workers", "keep a couple of 5 s pauses".
var quantityNouns = map[string]bool{"lot": true, "lots": true, "bunch": true, "couple": true, "total": true, "maximum": true,
	"minimum": true, "max": true, "min": true, "number": true, "few": true, "set": true, "pair": true, "range": true,
	"series": true, "list": true, "copy": true, "group": true, "team": true, "handful": true, "dozen": true}

// proposedSize reads a setting given a number with a verb of choosing
// and no "to" or "is" (valueOfRE, valueUnitNounRE, valueForRE): the name
// and the value; ok false when none is there or the name is an amount
// ("a maximum of 4") or a function word.
func proposedSize(s string) (k, v string, ok bool) {
	if !strings.ContainsAny(s, "0123456789") {
		return "", "", false
	}
	ls := strings.ToLower(s)
	if strings.Contains(ls, " of ") {
		if m := valueOfRE.FindStringSubmatch(s); m != nil {
			if sizeEnds(s, m[2]) {
				k, v = m[1], m[2]
			} else if n := countNounAfter(s, m[2]); n != "" {
				// "a welcome bonus of 5 points": counted in a noun no
				// unit list names
				k, v = m[1], m[2]+" "+n
			}
		}
	}
	if k == "" && strings.HasPrefix(strings.TrimLeft(discourseRE.ReplaceAllString(ls, ""), " "), "for ") {
		if m := valueForRE.FindStringSubmatch(s); m != nil && sizeEnds(s, m[2]) {
			k, v = m[1], m[2]
		}
	}
	if k == "" {
		if m := valueUnitNounRE.FindStringSubmatch(s); m != nil {
			k, v = m[2], m[1]
			// "go with 256 px tiles for the pyramids": the noun, not
			// the word after it.
			if ws := strings.Fields(k); len(ws) == 2 && (stopwords[strings.ToLower(ws[1])] || nonVerbs[strings.ToLower(ws[1])]) {
				k = ws[0]
			}
		}
	}
	ws := strings.Fields(strings.ToLower(k))
	if len(ws) == 0 || quantityNouns[ws[len(ws)-1]] || stopwords[ws[0]] || nonVerbs[ws[0]] || pronounRE.MatchString(k) {
		return "", "", false
	}
	return k, strings.TrimSpace(v), true
}

// sizeEnds reports whether the value v ends its phrase in s: the clause
// ends after it or a function word follows ("for the record, I think 3
// people asked" gives no setting "record").
func sizeEnds(s, v string) bool {
	i := strings.Index(s, v)
	if i < 0 {
		return false
	}
	rest := strings.TrimLeft(s[i+len(v):], " ")
	if rest == "" || strings.ContainsAny(rest[:1], ".,;!?—–)") {
		return true
	}
	w := strings.ToLower(strings.Trim(strings.Fields(rest)[0], ".,;:!?"))
	return stopwords[w] || nonVerbs[w] || w == "instead" || w == "then" || w == "please"
}

// countNounAfter is the noun a number v of s counts when it ends the
// clause ("5 points.", "3 sprints, then …"), else "".
func countNounAfter(s, v string) string {
	i := strings.Index(s, v)
	if i < 0 || strings.HasSuffix(v, " ") {
		return ""
	}
	rest := s[i+len(v):]
	if !strings.HasPrefix(rest, " ") {
		return ""
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return ""
	}
	w := strings.TrimRight(f[0], ".,;!?)")
	lw := strings.ToLower(w)
	if len(lw) < 2 || len(lw) > 15 || strings.IndexFunc(lw, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 || stopwords[lw] || nonVerbs[lw] || strings.HasSuffix(lw, "ly") {
		return ""
	}
	if w == f[0] {
		// "a limit of 20 requests per minute": what it counts per
		after := strings.TrimLeft(rest, " ")[len(w):]
		for range 2 { // "600 messages a minute per client"
			loc := perTailRE.FindStringIndex(after)
			if loc == nil {
				break
			}
			w, after = w+after[:loc[1]], after[loc[1]:]
		}
	}
	if !sizeEnds(rest, w) {
		return ""
	}
	return w
}

// rangeTail is the second bound of a range a value may be: "10 to 16".
const rangeTail = `(?:\s+(?:to|through|-|–)\s+\d[\d.:]*(?:\s?(?:ms|s|sec|secs|seconds|minutes|mins|min|h|hours|days|mm|cm|m|px|am|pm)\b|%)?)?`

// terseNum is a value a terse setting gives: a number with its unit, a
// time of day, or a range of them.
const terseNum = `(?:\d+(?:[.,:]\d+)?(?:\s?(?:am|pm|` + measureUnit + `)\b|%)?(?:\s+per\s+(?:second|sec|minute|min|hour|day|request|user|tenant|page|gpu|node|worker))?)(?:\s+(?:to|through|-|–)\s+\d+(?:[.,:]\d+)?\s?(?:am|pm|ms|s|min|h|mm|cm|m|px|pt|%)?)?`

var (
	// terseRE is a setting and its value said alone: "default page size
	// 40", "schedule 1am", "the pool is 10 to 16 btw".
	terseRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw|then|now|right|nice|cool|k)[,.!]?\s+)*(?:the\s+|our\s+)?(?P<k>[a-z][a-z_\-]*(?:\s+[a-z][a-z_\-]*){0,3}?)\s+(?:(?:is|=|:|stays(?:\s+at)?|remains(?:\s+at)?)\s*)?(?P<v>` + terseNum + `)(?:\s+(?:btw|then|pls|please|for now|too|instead))?\s*(?:[.!]|\.\.\.|…)?$`)
	// tersePairRE is one "key value" pair of a bare list: "keep-daily 7".
	tersePairRE = mustPattern(`(?i)^\s*(?P<k>[a-z][a-z_\-]*[a-z])\s+(?P<v>\d+(?:[.,]\d+)?(?:ms|s|h|d|mb|gb|%)?)\b`)
	// terseVerbs open an instruction with a count, not a setting: "wait
	// 5 minutes", "add 2", "give it 3".
	terseVerbs = map[string]bool{"add": true, "remove": true, "delete": true, "drop": true, "wait": true, "run": true, "use": true, "try": true,
		"give": true, "fix": true, "take": true, "make": true, "set": true, "keep": true, "skip": true, "get": true, "pick": true, "choose": true,
		"go": true, "put": true, "bump": true, "raise": true, "lower": true, "cut": true, "limit": true, "cap": true, "move": true, "push": true,
		"pull": true, "retry": true, "rerun": true, "sleep": true, "see": true, "check": true, "read": true, "open": true, "close": true,
		"buy": true, "send": true, "call": true, "write": true, "build": true, "ship": true, "deploy": true, "start": true, "stop": true,
		"only": true, "just": true, "about": true, "around": true, "maybe": true, "like": true, "approx": true, "roughly": true,
		"compile": true, "pin": true, "upgrade": true, "downgrade": true, "install": true, "target": true, "switch": true, "nice": true,
		"currently": true, "under": true, "over": true, "now": true}
	// nounVerbs open a setting's name as well as an instruction ("deploy
	// window", "build timeout", "retry limit").
	nounVerbs = map[string]bool{"deploy": true, "build": true, "run": true, "check": true, "start": true, "stop": true, "retry": true,
		"sleep": true, "read": true, "write": true, "call": true, "send": true, "open": true, "close": true, "push": true, "pull": true, "cut": true}
	// tersePredicates end a subject and its verb, not a setting's name:
	// "the nightly build takes 40 minutes".
	tersePredicates = map[string]bool{"takes": true, "took": true, "runs": true, "ran": true, "needs": true, "uses": true, "has": true, "had": true,
		"gets": true, "got": true, "costs": true, "lasts": true, "holds": true, "returns": true, "shows": true, "says": true, "gives": true,
		"hits": true, "hit": true, "reaches": true, "eats": true, "left": true, "under": true, "over": true, "above": true, "below": true,
		"currently": true, "now": true, "nice": true, "about": true, "around": true, "approx": true, "roughly": true, "only": true, "just": true}
	// othersWords name what a rule's exception leaves, not a setting:
	// "the VALIDATE step may use 10s, everything else stays 3s".
	othersWords = map[string]bool{"everything": true, "anything": true, "nothing": true, "else": true, "rest": true, "others": true}
	// terseLabels name a place or a thing counted, not a setting: "step
	// 3", "issue 42", "table 2".
	terseLabels = map[string]bool{"step": true, "phase": true, "option": true, "issue": true, "pr": true, "line": true, "item": true,
		"point": true, "section": true, "table": true, "figure": true, "fig": true, "chapter": true, "ticket": true, "case": true, "part": true,
		"round": true, "day": true, "week": true, "stage": true, "test": true, "tests": true, "rule": true, "question": true, "task": true,
		"page": true, "room": true, "floor": true, "vm": true, "node": true, "pod": true, "job": true, "build": true, "version": true, "v": true,
		"number": true, "no": true, "id": true, "reviewer": true, "comment": true, "commit": true, "row": true, "col": true, "column": true}
)

// terseSettings are the settings a sentence of a setting's name and its
// number alone states, or of a bare list of such pairs after a label
// ("retention keep-daily 7 keep-weekly 4"); none when the sentence is an
// instruction with a count or names a place ("step 3").
func terseSettings(s string) [][2]string {
	s = strings.TrimSpace(s)
	if len(s) > 80 || strings.Count(s, " ") > 8 || !strings.ContainsAny(s, "0123456789") {
		return nil
	}
	ok := func(k string) bool {
		f := strings.Fields(strings.ToLower(k))
		if len(f) == 0 || strings.ToLower(k[1:]) != k[1:] || len(f) == 1 && strings.ToLower(k) != k {
			// "JUCE 7", "Spring Boot 3.2": a product and its version.
			return false
		}
		if terseVerbs[f[0]] && (len(f) == 1 || !nounVerbs[f[0]]) || tersePredicates[f[len(f)-1]] {
			// "use Go 1.23", "CI takes 40 minutes".
			return false
		}
		return !slices.ContainsFunc(f, func(w string) bool { return nonVerbs[w] || stopwords[w] || othersWords[w] }) && !stopwords[f[0]] && !terseLabels[f[len(f)-1]] && !constraintRE.MatchString(k) && !labelWords[f[0]]
	}
	if m := terseRE.FindStringSubmatch(s); m != nil {
		if k := m[terseRE.SubexpIndex("k")]; ok(k) {
			return [][2]string{{k, m[terseRE.SubexpIndex("v")]}}
		}
		return nil
	}
	// A bare list: two or more pairs, after a few words with no number
	// or none ("batch 128 lr 0.05 wd 0.01", "set timeout 30 retries 5",
	// "vas-y pour batch 160 lr 0.0625"), and
	// nothing else but a word of putting back ("remets batch 128 lr 0.05
	// comme avant").
	s = terseTailRE.ReplaceAllString(s, "")
	f := strings.Fields(s)
	if len(f) < 4 {
		return nil
	}
	for lead := 0; lead <= 3 && len(f)-lead >= 4; lead++ {
		// the words before the list ("vas-y pour", "we go back to")
		// hold no number
		if slices.ContainsFunc(f[:lead], func(w string) bool { return strings.ContainsAny(w, "0123456789") }) {
			break
		}
		if out := tersePairs(f[lead:], ok); out != nil {
			return out
		}
	}
	return nil
}

// terseLists are the settings the parts of sentence s (split at "and",
// commas and dashes) give as bare lists of two pairs or more: "set
// batch 128 lr 0.05 back and add …".
func terseLists(s, scope string) []Proposal {
	var out []Proposal
	for _, part := range andValuesRE.Split(s, -1) {
		for _, c := range segmentRE.Split(part, -1) {
			kvs := terseSettings(c)
			if len(kvs) < 2 {
				continue
			}
			for _, kv := range kvs {
				out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(kv[0]), Name: kv[0], Value: cleanValue(kv[1]), Quote: s, Scope: scope})
			}
		}
	}
	return out
}

// terseTailRE is what may end a bare list of settings besides them: a
// word of putting back or of asking, in the languages read.
var terseTailRE = mustPattern(`(?i)(?:\s+(?:back|again|as\s+before|like\s+before|comme\s+avant|comme\s+tout\s+à\s+l'heure|como\s+antes|wie\s+vorher|wie\s+davor|come\s+prima|please|pls|bitte|por\s+favor|stp|svp|per\s+favore))*\s*[.!]?$`)

// tersePairs are the "key value" pairs words f hold and nothing else,
// two at least, each key one ok names; nil otherwise. Keys of plain
// words ("batch", "lr") are taken in a list of four pairs at most.
func tersePairs(f []string, ok func(string) bool) [][2]string {
	rest := strings.Join(f, " ")
	var out [][2]string
	plain := false
	for rest != "" {
		loc := tersePairRE.FindStringSubmatchIndex(rest)
		if loc == nil {
			return nil
		}
		k, v := rest[loc[2]:loc[3]], rest[loc[4]:loc[5]]
		if !ok(k) || terseVerbs[strings.ToLower(k)] {
			return nil
		}
		plain = plain || !strings.ContainsAny(k, "-_")
		out = append(out, [2]string{k, v})
		rest = strings.TrimLeft(strings.TrimSpace(rest[loc[1]:]), ",;.")
		rest = strings.TrimSpace(rest)
	}
	if len(out) < 2 || plain && len(out) > 4 {
		return nil
	}
	return out
}

var (
	// demonstrativeRE opens a phrase that points at a thing already named.
	demonstrativeRE = mustPattern(`(?i)^(?:that|this|those|these)\s+|^(?:这个|那个)`)
	// zhTail are adverbs a Chinese setting's name picks up before its verb
	// ("时间格式默认先用 …": the default, for now).
	zhTail = mustPattern(`(?:默认|先|暂时|就|还是|也|都)+$`)
	// referenceRE is the words that point back at a setting rather than
	// name it: "thing", "we set earlier", "from before", "you mentioned".
	referenceRE = mustPattern(`(?i)\s+(?:thing|stuff|bit|setting|one)?\s*(?:(?:that|which)\s+)?(?:we|you|i)\s+(?:set|picked|chose|agreed on|mentioned|discussed|talked about|said)(?:\s+(?:earlier|before|above|at the start|initially))?\b|\s+(?:thing|stuff|bit)\s+(?:from|we had)\s+(?:before|earlier)\b|\s+(?:thing|stuff)\b`)
	// refTopicRE is a setting named before a pronoun instruction: "That
	// line length limit, make it 16k".
	refTopicRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw|anyway)[,]?\s+)*(?:(?:that|this|the|our)\s+)?([\w.\-/ ]{2,60}?)\s*[,:—–-]\s+(?:please\s+)?(?:make|set|change|bump|raise|lower|increase|decrease|put|crank|turn|cap)\s+(?:it|that|this)\b`)
	// refTopicBareRE is a setting named before "make it" with no comma
	// between: "Analyser timeout make it double".
	refTopicBareRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw|anyway)[,]?\s+)*(?:(?:that|this|the|our)\s+)?([\w.\-/]+(?:\s[\w.\-/]+){1,4}?)\s+(?:please\s+)?(?:make|set|change)\s+it\s+(?:double|triple|half|halve|twice|to\b)`)
	// zhUseRE is a setting chosen in Chinese: "默认的时间格式用 RFC3339".
	zhUseRE = mustPattern(`^(?P<k>[\p{Han}\p{Katakana}ー\w\- ]{2,30}?)(?:用|使用|采用|设为|设成|定为|定成|定在|定|改用)\s*(?P<v>` + valPat + `)\s*(?:吧)?[。.]?\s*$`)
)

// pinsOther reports whether s pins a thing to a version that the value
// named name is not about.
func pinsOther(s, name string) bool {
	ps := pins(s)
	if len(ps) == 0 {
		return false
	}
	n := strings.ToLower(name)
	for thing := range ps {
		if strings.Contains(n, thing) {
			return false
		}
	}
	return true
}

// codeWords are values an assignment in prose never means.
var codeWords = map[string]bool{"await": true, "yield": true, "new": true, "function": true, "null": true, "nil": true, "undefined": true}

// specific reports whether v looks like a value worth keeping exactly: a
// number, a quoted string, or an identifier with a digit, a separator or an
// upper-case letter after the first (not an ordinary word).
func specific(v string) bool {
	if v == "" {
		return false
	}
	switch v[0] {
	case '"', '\'', '`':
		return true
	}
	if v[0] >= '0' && v[0] <= '9' || v[0] == '+' || v[0] == '-' {
		return true
	}
	return strings.ContainsAny(v, "0123456789_-/.:@#") || strings.ToLower(v[1:]) != v[1:]
}

func cleanValue(v string) string {
	v = strings.TrimSpace(v)
	v = strings.TrimRight(v, ".,;:，。")
	if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '`' && v[len(v)-1] == '`' || v[0] == '\'' && v[len(v)-1] == '\'') {
		v = v[1 : len(v)-1]
	}
	return v
}

func lastWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[len(f)-n:]
	}
	for len(f) > 1 && stopwords[strings.ToLower(f[0])] {
		f = f[1:]
	}
	return strings.Join(f, " ")
}

var (
	pathRE     = mustPattern(`(?:^|[^\w./\-])((?:[\w.\-]+/)*[\w\-]+\.[A-Za-z]\w{0,6}|(?:[\w.\-]+/)+)(?:$|[^\w/])`)
	testNameRE = mustPattern(`\b(Test\w+|test_\w+|Benchmark\w+)\b`)
	backtickRE = mustPattern("`([^`\\n]{2,60})`")
)

// mentions are the files, tests and quoted identifiers a sentence names.
func mentions(s string) []string {
	var out []string
	for _, m := range pathRE.FindAllStringSubmatch(s, 8) {
		out = append(out, m[1])
	}
	for _, m := range testNameRE.FindAllStringSubmatch(s, 8) {
		out = append(out, m[1])
	}
	for _, m := range backtickRE.FindAllStringSubmatch(s, 8) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

var (
	decisionRE   = mustPattern(`(?i)^(?:so,?\s+|ok,?\s+|okay,?\s+|now,?\s+|instead,?\s+)?(?:i'll|i will|we'll|we will|let's|i'm going to|we're going to|i am going to|i've decided to|i have decided to|i decided to|we decided to|decision:|plan:|the fix is to|the fix is|the approach is to|the solution is to|my approach is to|i'll go with|going with|switching to|i'm switching to|i will switch to|i chose|i picked|i pick|i'll pick|i'm picking|i choose|my pick is|my choice is)\s+(.+)`)
	exploreRE    = mustPattern(`(?i)^(?:(?:now|carefully|quickly|closely|briefly)\s+)*(?:look|check|see|read|examine|inspect|run|search|find|view|open|explore|focus|concentrate|dig|dive|narrow|review|scan|skim|browse|locate|trace|start|first|try|verify|test|investigate|understand|analy[sz]e|take|debug|continue|re-?run|get|call|also|then|need|do|wait|think|create a (?:simple |quick )?test|write a (?:simple |quick )?test|reproduce|go|proceed|help|make sure)\b`)
	zhDecisionRE = mustPattern(`^(?:我决定|我们决定|决定|我会|我将|我们将|采用|改用|就用|方案是|最终方案|我选了|我选择|我选|我挑了|我挑|选用)\s*(.+)|^(?i:scelgo|ho scelto|elijo|he elegido|ich wähle|ich nehme|je choisis|j'ai choisi|escolho|escolhi|ik kies)\s+(.+)`)
	// decisionAnyRE: a commitment stated mid-sentence, and switchRE: one
	// that replaces an earlier choice.
	// setReportRE reports a setting already changed to a number ("TTL 已改为
	// 1200 秒"): what was done at the user's word, no choice of the agent's.
	setReportRE   = mustPattern(`已(?:经)?(?:改为|改成|调为|调成|设为|设成|退回|恢复为?)\s*\d`)
	decisionAnyRE = mustPattern(`(?i)\b(?:will use|settled on|opting for|going with|go with|switching|replacing \S+ with|changing course|fits .{1,60} better)\b|决定|采用|改用|换成|就用|先基于|更合适|不再使用|方案是|改为`)
	switchRE      = mustPattern(`(?i)\b(?:instead of|instead|switching|switch to|replacing|replace \S+ with|changing course|dropping|on reflection|rather than)\b|改用|换成|不再使用|更合适|改为|改变方案`)
	negativeRE    = mustPattern(`(?i)\b(doesn't work|does not work|didn't work|did not work|won't work|will not work|not viable|isn't viable|dead end|ruled out|rules out|is not the (?:cause|issue|problem|culprit)|isn't the (?:cause|issue|problem|culprit)|wasn't the (?:cause|issue|problem|culprit)|that's not it|not the right approach|(?:is|are|was|'s) never going to (?:work|finish|scale|fly|complete|fit|be fast enough)|abandon(?:ing)?|give up on|giving up on|no luck with|doesn't help|didn't help|won't help|red herring|not going to work|doesn't fix|didn't fix|(?:that's|that is|it's|it is|so it's|which is) (?:out|off the table|a non-starter|a no-go)|no-go|non-starter|off the table|scrap(?:ping|ped)? (?:that|this|the) (?:idea|approach|plan)|(?:won't|will not|can't|cannot) use (?:that|this|it) approach)\b|不可行|行不通|走不通|(?:这条|那条)路(?:子)?不行|(?:这个|那个|这种|那种)(?:思路|方案|办法|路子|做法)不行|排除|不是原因|不是问题所在|放弃|不起作用|没有效果|此路不通|没戏|不考虑|不用再试|不必再试|别再试|もう試さなくて(?:いい|大丈夫)|試さなくていい|もう試さない|使えないってこと|使えないことが(?:分か|わか)った`)
	hypothesisRE  = mustPattern(`(?i)\b(i suspect|suspect that|probably|likely|might be|may be|could be|my guess|i guess|possibly|perhaps|seems like|it seems|appears to be|my hypothesis|hypothesis:|i think the (?:issue|problem|bug|cause)|i (?:think|believe|bet|reckon) (?:that )?(?:(?:the|an?|our|this|that|these|those|its|their) [\w\-\x60().+/]+(?: [\w.\-\x60+/()]+){0,12}?|[\w\-]*[._\x60()/+][\w.\-\x60+/()]*) (?:is|are|was|were) (?:the|a|our) (?:likely |real |root |main )?(?:cause|culprit|problem|issue|bug|reason|bottleneck)|the (?:issue|problem|bug|cause) (?:might|may|could) be)\b|可能|也许|大概|怀疑|猜测|推测|似乎|估计`)
	// exploreLeadRE opens a sentence about what to look at next, not a
	// belief ("Let me check where __init__.py might be loaded").
	exploreLeadRE = mustPattern(`(?i)^(?:let me|let's|i'll|i will|i need to|we need to|i should|now|first|next|then)\b`)
	ifRE          = mustPattern(`(?i)^(?:if|when|unless|whether|如果|假如)\b`)
)

// stepRE is the agent telling the next step of its work ("Now I'll add
// the checklist component after the review section", "Let's edit the
// file again to fix the indentation"); a plain "I'll write a one-off rake
// task that …" tells the approach taken, and stays a decision; choiceRE2 is what makes such a
// sentence a choice all the same ("I'll add it with rpassword instead of
// a raw tty").
var (
	stepRE    = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|great|good|perfect|alright|excellent)[,!.]?\s+)*(?:(?:now|next|then|first|finally)[,]?\s+(?:i'll|i will|let's|let us|we'll|we will|i'm going to|i am going to)|let's|let us)\s+(?:(?:now|also|first|then|next|just|quickly|again)\s+)*(?:add|create|edit|modify|update|remove|delete|write|implement|insert|paste|review|claim|provide|put|move|rename|refactor|clean|commit|submit|finali[sz]e|summari[sz]e|document|extend|wire|hook|register|include|import|export|expose|define|declare|set up|build|compile|install|correct|fix|apply|scroll|open|calculate|complete|finish|start|begin|handle|mark|append|prepend|fill|address|tackle|work on|go ahead)\b`)
	choiceRE2 = mustPattern(`(?i)\b(?:instead(?: of)?|rather than|in favou?r of|not the|switch(?:ing)? to|replac(?:e|ing) \S+ with)\b`)
)

// stepNarration reports whether the assistant sentence s tells the next
// step of the work (stepRE) and chooses nothing (choiceRE2): a step
// done in the next call is no decision that stays.
func stepNarration(s string) bool {
	return stepRE.MatchString(s) && !choiceRE2.MatchString(s)
}

// outcomeReadRE is a hedge that reads the outcome of the agent's own
// step, just seen in its result: "It seems that the `find` command didn't
// return any results", "It seems that the `old_str` I provided does not
// match", "It seems like the patch is truncated", "It seems that I am
// unable to make the change". The result itself is the evidence; the
// sentence guesses at no cause.
var outcomeReadRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|hmm|so|now|again|still)[,.]?\s+)?(?:it\s+(?:seems|appears|looks)(?:\s+(?:that|like))?|looks like|apparently)\s+(?:(?:i am|i'm|we are|we're) (?:still )?(?:unable|not able) to\b|(?:the|my|our|this|that|these|those)\s+(?:[^\s]+\s+){0,5}?[\x60'"]?(?:command|commands|search|searches|grep|find|output|outputs|result|results|tool|call|edit|replacement|old_str|view_range|patch|diff|compilation|build|test run|lines?|string|text|file|files|directory|folder|path|script|installation|install|download|request|query|page|link|url)\b[^.]*?\b(?:not (?:found|available|present|there|installed)|(?:does|did|do|is|are|was|were|has|have)(?:n't|\s+not)\s+(?:\w+\s+)?(?:exist|return|match|work|show|find|contain|present|available|run|apply|installed|found)|returned nothing|no (?:results?|matches|output|such)|failed|fails|failing|out of bounds|too (?:large|long|big)|truncated|empty|timed out|succeeded|passed|worked|still there))`)

// outcomeRead reports a hedge that reads a step's outcome and names no
// cause ("… because …" is a hypothesis about one).
func outcomeRead(s string) bool {
	return outcomeReadRE.MatchString(s) && !causeWordRE.MatchString(s)
}

// guessWords say that something is wrong, or that the agent is unsure,
// without saying what: a guess made of them and of stop words names
// nothing.
var guessWords = wordSet(`issue issues problem problems bug bugs cause causes culprit reason thing things something somewhere else elsewhere
	different differently complex complicated more another other still there here think thought guess suspect actually maybe perhaps probably
	likely possibly might may could would should be seems seem appears looks like fail fails failing work works working wrong right
	happening going happen way related specific part somehow certain some special case cases`)

// vagueGuess reports whether hedge s names nothing a reader could check:
// no path, test, code span or name, and fewer than two words beyond
// guessWords.
func vagueGuess(s string) bool {
	if len(mentions(s)) > 0 {
		return false
	}
	n := 0
	for w := range terms(s) {
		if !guessWords[w] && !stopwords[w] {
			n++
		}
	}
	return n < 2
}

// hypothesisPrefix opens the key of the agent's hypothesis.
const hypothesisPrefix = "hypothesis/-/"

// causeWordRE names a cause.
var causeWordRE = mustPattern(`(?i)\b(?:because|due to|since|caused by|as a result of|so that|which means)\b`)

// proposeAssistant reads assistant text: decisions, rejected approaches
// and hypotheses. Nothing the assistant says moves a failure or a
// hypothesis; its "fixed" and "confirmed" are not read at all.
func proposeAssistant(ev *Event, ctx *Context) []Proposal {
	// The user's questions it answers (answered.go).
	out, took := answersUserAsked(ev.Text, ctx)
	// The user's questions it answers again (answeragain.go).
	again := answersAgain(ev.Text, ctx, took)
	for _, p := range again {
		if took == nil {
			took = map[string]bool{}
		}
		for _, s := range sentences(p.Quote) {
			took[strings.TrimSpace(s)] = true
		}
	}
	out = append(out, again...)
	confirmed := !ctx.ChoseOffered
	reversed := false
	for _, s := range sentences(ev.Text) {
		if p, ok := reversedDecision(unmarked(s)); ok {
			// A decision taken back by name; the next statement is the
			// course in its place (decreverse.go).
			out = append(out, p)
			reversed = true
			continue
		}
		if len([]rune(s)) > maxSentence || questionRE.MatchString(s) || took[strings.TrimSpace(s)] {
			continue
		}
		if ctx.Chosen != "" && confirmedOption(s, ctx.Offered) == ctx.Chosen {
			// "Going with numeric(20,8) …" after the user chose it by
			// place: the user's decision, said again.
			continue
		}
		if !confirmed {
			// The option a user chose by description, as this reply
			// names it (listed.go).
			confirmed = true
			if o := confirmedOption(s, ctx.Offered); o != "" {
				out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(o), Value: s, Quote: s, Links: mentions(s)})
				continue
			}
		}
		l := unmarked(s)
		if l == "" {
			continue
		}
		if ifRE.MatchString(l) || strings.HasSuffix(l, ":") || strings.HasSuffix(l, "：") {
			continue
		}
		if len(ctx.Offered) > 1 && defaultCueRE.MatchString(l) && defaultNamed(l, ctx.Offered) != "" {
			// "如果没有异议，我就用方案二": a default among the options, a
			// decision only when the user lets it stand (silence.go).
			continue
		}
		if len(terms(l)) < minTerms {
			// "So that's not it." names nothing to keep.
			continue
		}
		if goalSaidRE.MatchString(l) {
			// "目标改为：…": the objective said again, no choice.
			continue
		}
		hedged := hypothesisRE.MatchString(l) && !exploreLeadRE.MatchString(l) && !outcomeRead(l)
		decided := false
		body := l
		if m := decisionRE.FindStringSubmatch(l); m != nil && !exploreRE.MatchString(m[1]) && !stepNarration(l) {
			decided, body = true, m[1]
		} else if m := zhDecisionRE.FindStringSubmatch(l); m != nil {
			decided, body = true, m[1]+m[2]
		} else if m := jaDecisionRE.FindStringSubmatch(l); m != nil {
			decided, body = true, m[1]+m[2]
		} else if decisionAnyRE.MatchString(l) && !setReportRE.MatchString(l) || agentCourse(l, ctx.Decisions) {
			// agentCourse: a course in the forms above do not read
			// (agentcourse.go).
			decided = true
		} else if proseChoice(l) {
			// "Décision : …", "on reste en eager" (decprose.go)
			decided = true
		}
		// "fct_orders stays on delete+insert …" after "Reversing that
		// decision: …": the course in its place, which replaces nothing
		// more than the reversal took back.
		course := reversed && reversedCourse(l)
		decided = decided || course
		reversed = false
		switched := decided && !course && (switchRE.MatchString(l) || jaSwitchRE.MatchString(l))
		switch {
		case switched && !hedged:
			// A choice that replaces an earlier one ("Changing course: X
			// will use Z instead of Y", "X 改用 Z，不再使用 Y").
			out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(body), Value: l, Quote: l, Correction: true, Links: mentions(l)})
		case negativeRE.MatchString(l):
			out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(l), Value: l, Quote: l, Links: mentions(l)})
		case decided && !hedged:
			out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(body), Value: l, Quote: l, Correction: !course && correctionRE.MatchString(l), Links: mentions(l)})
		case hedged && vagueGuess(l):
			// "Actually, I think the issue might be elsewhere.", "I think
			// the issue is more complex.": a guess that names nothing to
			// check.
		case hedged:
			links := mentions(l)
			for name, key := range ctx.OpenFailures {
				if strings.Contains(l, name) {
					links = append(links, key)
				}
			}
			slices.Sort(links)
			out = append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: hypothesisPrefix + slug(l), Value: l, Quote: l, Links: slices.Compact(links)})
		}
	}
	// The settings it says it changed (agentset.go), and those its
	// reply's edit blocks change (aideredit.go).
	out = append(out, replyEditValues(ev.Text)...)
	return append(out, agentSetValues(ev.Text, ctx.Held)...)
}

var (
	goFailRE    = mustPattern(`(?m)^\s*--- FAIL: (\S+)`)
	goPassRE    = mustPattern(`(?m)^\s*--- PASS: (\S+)`)
	pyFailRE    = mustPattern(`(?m)^FAILED (\S+::\S+)`)
	pyPassRE    = mustPattern(`(?m)^(\S+::\S+) PASSED`)
	unitFailRE  = mustPattern(`(?m)^(?:FAIL|ERROR): (\w+) \([\w.]+\)`)
	unitPassRE  = mustPattern(`(?m)^(\w+) \([\w.]+\)(?: \S.*)? \.\.\. ok$`)
	cargoFailRE = mustPattern(`(?m)^test (\S+) \.\.\. FAILED`)
	cargoPassRE = mustPattern(`(?m)^test (\S+) \.\.\. ok$`)
	// verdictNameRE is a line after a failure mark that is a verdict or a
	// count, not a test's name.
	verdictNameRE = mustPattern(`(?i)^(?:FAILED|FAIL|ERROR|PASSED|PASS)\b|^\d+\s+(?:tests?|specs?|checks?|cases?)\s+(?:failed|passed)\b`)
	jsFailRE      = mustPattern(`(?m)^\s*(?:✕|✗|×)\s+(\S.{0,100}?)(?:\s+\(\d+\s*m?s\))?$`)
	// fileFailRE and filePassRE are a test runner's verdict on a test
	// file (jest, vitest: "FAIL src/a.test.ts", "PASS src/a.test.ts").
	// vitest marks a file "✓ src/a.test.ts (3)" and "❯ src/a.test.ts (3)".
	fileFailRE = mustPattern(`(?m)^\s*(?:FAIL|❯)\s+(\S+\.(?:test|spec)\.[cm]?[jt]sx?)\b`)
	filePassRE = mustPattern(`(?m)^\s*(?:PASS|✓)\s+(\S+\.(?:test|spec)\.[cm]?[jt]sx?)\b`)
	// gradleFailRE and gradlePassRE are Gradle's test events: "FooTest >
	// bar FAILED".
	gradleFailRE  = mustPattern(`(?m)^\s*([\w.$]+ > \S[^\n]{0,120}?) FAILED\s*$`)
	gradlePassRE  = mustPattern(`(?m)^\s*([\w.$]+ > \S[^\n]{0,120}?) PASSED\s*$`)
	cmdFailRE     = mustPattern(`(?mi)^Traceback \(most recent call last\):|^panic: |^FAIL\s*$|^FAIL\t|<returncode>[1-9]\d*</returncode>|^[\[(]?exit (?:code|status):? ?[1-9]\d*|\bexit(?:ed with)? (?:code|status) [1-9]\d*\b|^error(?:\[E\d+\])?: |^\S+\.go:\d+:\d+: |^=+ .*\b\d+ failed\b|^FAILED \(|test result: FAILED|^npm ERR!|^make: \*\*\* .*Error \d+|^fatal: |: command not found$|^bash: .*: No such file or directory|^SyntaxError: |^\w+Error: |^HTTP/[\d.]+ (?:403|429|5\d\d)\b`)
	failureLineRE = mustPattern(`(?i)(--- FAIL|^FAIL|(?-i:^E: )|\berror\b|(?-i:\b[A-Z]\w*(?:Error|Exception)\b)|\bpanic\b|exception|traceback|assert|fatal|failed|not found|no such file|\b(?:errore|erreur|fehler|fout|ошибка|błąd|hata|lỗi)\b|错误|錯誤|エラー|오류|خطأ)`)
	// exitOnlyRE is a line that only tells a command's exit status.
	// mini-swe-agent's "<returncode>1</returncode>" is one.
	exitOnlyRE   = mustPattern(`(?i)^\W*(?:exit (?:code|status):? ?-?\d+|exited with (?:code|status) -?\d+|process exited with code -?\d+|command failed with exit code -?\d+|<returncode>-?\d+</returncode>)\W*$`)
	configExtRE  = mustPattern(`(?i)\.(toml|ya?ml|json|ini|env|cfg|conf|properties|config)$|(^|/)\.env[\w.]*$|(^|/)Makefile$`)
	writeToolRE  = mustPattern(`(?i)(edit|write|create|replace|patch|apply|insert|update|save|str_replace|notebook)`)
	configLineRE = mustPattern(`(?m)^[ \t]*"?([A-Za-z_][\w.\-]{0,60})"?[ \t]*(?:=|:)[ \t]*(.*?)[ \t]*,?[ \t]*$`)
)

var (
	fileArgKeys    = []string{"path", "file_path", "filePath", "file", "filename", "target_file", "notebook_path"}
	commandArgKeys = []string{"command", "cmd", "script"}
	// oldString and newString are Copilot's replace_string_in_file.
	oldArgKeys = []string{"old_string", "old_str", "old", "oldText", "old_text", "oldString", "search"}
	newArgKeys = []string{"new_string", "new_str", "new", "newText", "new_text", "newString", "replace", "content"}
)

func argString(args map[string]any, keys []string) (string, string) {
	for _, k := range keys {
		if v, ok := args[k].(string); ok && v != "" {
			return k, v
		}
		if v := argvString(args[k]); v != "" {
			return k, v
		}
	}
	return "", ""
}

// argvString is a command given as an argument vector, as a shell line:
// Codex's shell tool calls `{"command": ["bash", "-lc", "ls docs"]}`, whose
// script is the line; another vector is its words joined, a word with
// white space or quotes quoted. "" when v is no vector of strings.
func argvString(v any) string {
	xs, ok := v.([]any)
	if !ok || len(xs) == 0 {
		return ""
	}
	words := make([]string, len(xs))
	for i, x := range xs {
		w, ok := x.(string)
		if !ok {
			return ""
		}
		words[i] = w
	}
	if len(words) == 3 && shellNames[path.Base(words[0])] && strings.HasPrefix(words[1], "-") && strings.HasSuffix(words[1], "c") {
		return words[2]
	}
	for i, w := range words {
		if w == "" || strings.ContainsAny(w, " \t\n'\"$`\\|&;<>()*?") {
			words[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(words, " ")
}

// shellNames are the shells whose "-c" runs the line after it.
var shellNames = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "pwsh": true, "powershell": true}

// CommandKey is the state key of what a tool call ran: its command
// ("command/-/go test ./...", a leading "cd DIR &&" dropped, whitespace
// collapsed), else the tool and its short arguments ("tool/run_tests/
// package=./x/...").
func CommandKey(c *Call) (key, name string) {
	if c == nil {
		return "tool/-/unknown", "unknown tool"
	}
	if _, cmd := argString(c.Args, commandArgKeys); cmd != "" && !strings.Contains(strings.ToLower(c.Name), "edit") {
		// keyed by what it ran, shown as it was run (cmdkey.go)
		run := heredocRun(cmd)
		return runKey(run), normCommand(run)
	}
	var parts []string
	keys := make([]string, 0, len(c.Args))
	for k := range c.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v, ok := c.Args[k].(string); ok && len(v) <= 120 && !strings.Contains(v, "\n") {
			parts = append(parts, k+"="+v)
		} else if ok && codeArgNames[k] && strings.TrimSpace(v) != "" {
			parts = append(parts, k+"="+codeKey(v))
		} else if v, ok := c.Args[k].(float64); ok {
			parts = append(parts, fmt.Sprintf("%s=%g", k, v))
		} else if v, ok := c.Args[k].(bool); ok {
			parts = append(parts, fmt.Sprintf("%s=%t", k, v))
		}
	}
	desc := strings.Join(parts, " ")
	name = c.Name
	if desc != "" {
		name += " " + desc
	}
	return "tool/" + c.Name + "/" + desc, oneLine(name, 160)
}

// heredocWriteRE is a here-document written to a file: "cat >
// debug_issue.py << 'EOF'", "tee -a notes.md <<EOF"; its groups are the
// writer's start and the delimiter.
var heredocWriteRE = mustPattern(`(?P<w>\b(?:cat\s*>>?\s*\S+|tee(?:\s+-a)?\s+\S+))\s*<<-?\s*['"]?(?P<d>[A-Za-z_]\w*)['"]?`)

// heredocRun is what a command that writes a script through a
// here-document and then runs it runs: "cat > t.py << 'EOF' … EOF" then
// "python t.py" is the run "python t.py", so the run of the same script,
// rewritten, is the same run, and its pass fixes its failure. A command
// that only writes, or feeds the document to a program ("python - <<EOF"),
// is itself.
func heredocRun(cmd string) string {
	for range 4 {
		lines := strings.Split(cmd, "\n")
		m := heredocWriteRE.FindStringSubmatchIndex(lines[0])
		if m == nil {
			return clientSession(cmd)
		}
		delim := lines[0][m[4]:m[5]]
		end := slices.IndexFunc(lines[1:], func(l string) bool { return strings.TrimSpace(l) == delim })
		if end < 0 {
			return cmd
		}
		tail := strings.TrimSpace(lines[0][m[1]:])
		tail = strings.TrimSpace(strings.TrimLeft(strings.TrimPrefix(tail, "&&"), ";"))
		run := strings.TrimSpace(strings.Join(append([]string{tail}, lines[end+2:]...), "\n"))
		run = strings.TrimSpace(strings.TrimLeft(strings.TrimPrefix(run, "&&"), ";"))
		if run == "" {
			return cmd
		}
		cmd = lines[0][:m[2]] + run
	}
	return cmd
}

// clientFeedRE is a here-document fed to a client of a server (sftp,
// psql, mysql, redis-cli, ssh …): "sftp -b - user@host <<'EOF'".
var clientFeedRE = mustPattern(`\b(?:sftp|ftp|lftp|psql|mysql|sqlite3|redis-cli|mongosh|mongo|ssh)\b[^\n]*?\s*<<-?\s*['"]?(?P<d>[A-Za-z_]\w*)['"]?`)

// clientSession is the session a command opens with a client of a server
// when it feeds it a here-document: the command without the document, so
// "sftp … <<EOF put f.part; rename …" failing and "sftp … <<EOF put f"
// passing are one connection to one server, the second's pass what
// became of the first ("Permission denied (publickey)" fixed by the key
// added). An interpreter fed a script ("python - <<EOF") stays keyed by
// its script (heredocRun).
func clientSession(cmd string) string {
	lines := strings.Split(cmd, "\n")
	m := clientFeedRE.FindStringSubmatchIndex(lines[0])
	if m == nil {
		return cmd
	}
	delim := lines[0][m[2]:m[3]]
	end := slices.IndexFunc(lines[1:], func(l string) bool { return strings.TrimSpace(l) == delim })
	if end < 0 {
		return cmd
	}
	at := strings.LastIndex(lines[0][:m[1]], "<<")
	head := strings.TrimSpace(lines[0][:at] + lines[0][m[1]:])
	return strings.TrimSpace(strings.Join(append([]string{head}, lines[end+2:]...), "\n"))
}

// commandPrefix opens the state key of a command's outcome.
const commandPrefix = "command/-/"

var cdRE = mustPattern(`^cd\s+\S+\s*(?:&&|;)\s*`)

// runPrefix opens a link naming what a command ran: its program and
// operands (runSubject).
const runPrefix = "run/"

var (
	andRE      = mustPattern(`\s*&&\s*`)
	envAssign  = mustPattern(`^[A-Z_][A-Z0-9_]*=\S*$`)
	redirectRE = mustPattern(`^\d?>>?|^<|^\d>&\d$`)
)

// runSubjects are the links naming what a command ran: the program and
// operands of each stage ("pytest tests/" for "pytest tests/ -q"), so a
// later run of the same test target in other words ("pip install x &&
// pytest tests/ -q") is about the same thing. A failed command names only
// a stage that alone decides its status (a single command, or the first
// stage of a pipe, whose output is what was read); a passed "a && b"
// names every stage, since each of them succeeded.
//
// The directory the command moves to first ("cd stacks/prod &&") is part
// of each subject, as of its key (runKey): a plan of one stack is no run
// of another's.
func runSubjects(cmd string, passed bool) []string {
	dir, _ := runDir(cmd)
	if dir != "" {
		dir = "cd " + dir + " && "
	}
	c := normCommand(cmd)
	if shellHas(c, "||") {
		return nil
	}
	var stages []string
	for _, st := range andStages(c) {
		st = pipeHead(st)
		if shellHasAny(st, ";`$(") {
			return nil
		}
		stages = append(stages, st)
	}
	if !passed && len(stages) != 1 {
		return nil
	}
	var out []string
	for _, st := range stages {
		if pretendRE.MatchString(st) {
			// A dry run did not run its subject.
			continue
		}
		if passed && slices.ContainsFunc(runFields(st), selectsTests) {
			// A run of the tests it selects passed ("-only-testing:
			// AppTests/X", "-run TestB"): not the whole run, which a
			// rerun reading tells apart (rerun.go, narrowed).
			continue
		}
		if sub := runSubject(st); sub != "" {
			out = append(out, runPrefix+dir+sub)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// runSubject is a command stage's program and operands, without flags,
// redirections, leading variable assignments, "python -m" or a package
// manager's "run".
func runSubject(st string) string {
	f := runFields(st)
	var keep []string
	for i, w := range f {
		if i > 0 && (strings.HasPrefix(w, "-") || redirectRE.MatchString(w)) {
			continue
		}
		keep = append(keep, strings.TrimRight(w, "/"))
	}
	return strings.Join(keep, " ")
}

func normCommand(cmd string) string {
	c := strings.Join(strings.Fields(cmd), " ")
	for cdRE.MatchString(c) {
		c = cdRE.ReplaceAllString(c, "")
	}
	return oneLine(c, 160)
}

// noErrorLineRE is a line of a tool's report that says there was no
// error: Gemini CLI's shell tool ends every result with "Error: (none)",
// "Exit Code: 0", "Signal: (none)"; others print "errors: 0", "stderr:
// (empty)".
var noErrorLineRE = mustPattern(`(?im)^[ \t]*(?:errors?|stderr|exception|exit (?:code|status)|signal)[ \t]*[:=][ \t]*(?:\(none\)|none|null|nil|0|\(empty\)|empty|n/a|-)[ \t]*\r?$`)

// blankNoErrorLines is text with its noErrorLineRE lines blanked (spaces
// of the same length, so offsets into it are offsets into text): a
// result that says "Error: (none)" did not fail by that line.
func blankNoErrorLines(text string) string {
	return noErrorLineRE.ReplaceAllStringFunc(text, func(l string) string { return strings.Repeat(" ", len(l)) })
}

// decisionMarkRE is the user calling what they said a decision: "— that's
// the decision", "final decision.", "that's decided." (not "nothing
// decided yet").
var decisionMarkRE = mustPattern(`(?i)[\s,;:—–-]*\b(?:that's|that is|this is|it's)\s+(?:(?:the|my|our)\s+(?:final\s+)?(?:decision|call)\b|(?:final|decided|settled)\b)[.!]*\s*$|[\s,;:—–-]*\b(?:final decision|decision made)[.!]*\s*$`)

// HostSnapshot reports whether user text is a host's snapshot of the
// runtime context that replaces the one before it ("Current runtime
// context. This snapshot supersedes earlier runtime-context snapshots.
// Current DSH file policy: …", which DSH sends as a user message): state
// the projection reads, no request of the user's. The snapshot says so at
// its head.
func HostSnapshot(text string) bool {
	return supersedesRE.MatchString(text[:min(len(text), 200)])
}

// noOutputText is the whole text of a result whose output was empty, as
// an importer records it (a DSH text block is never empty).
const noOutputText = "(no output)"

// noResultText is the whole text of the result an importer gives a call
// its trajectory recorded none for (importer.NoResultText).
const noResultText = "no result recorded"

// proposeToolResult reads a tool result: the outcome of what its call ran,
// of every test it names, the files it wrote and config values it set.
func proposeToolResult(ev *Event, ctx *Context) []Proposal {
	var out []Proposal
	text := ev.Text
	if strings.TrimSpace(text) == noResultText && ev.Result != nil && !ev.Result.Interrupted {
		// The task handed in as the run's last call, whose result no
		// trajectory records (the harness stops on it): the outcome.
		if o, ok := callOutcome(ctx.Call, ""); ok {
			return []Proposal{o}
		}
	}
	if strings.TrimSpace(text) == noResultText || ev.Result != nil && ev.Result.Interrupted {
		// A call the recorded trajectory holds no result for (an
		// importer's stand-in, a finish action), or one the user
		// stopped or refused: nothing was observed.
		return nil
	}
	if ps := todoProposals(ctx.Call); len(ps) > 0 {
		// the agent's task list as its todo tool now holds it (todo.go)
		return ps
	}
	if ps := userAnswers(ctx.Call, text); len(ps) > 0 {
		// the user's answers to the agent's questions, as a tool for
		// asking them returns them (asked.go)
		return ps
	}
	if replyTool(ctx.Call) && (ev.Result == nil || !ev.Result.IsError) {
		// what the user replied to a question or a finished task
		// (outputfail.go): no observation; the tool failing is one
		return nil
	}
	cmdKey, cmdName := CommandKey(ctx.Call)
	// grep's or diff's exit status 1 alone says "no match", "differs":
	// no failure, though the host flags the result an error; so does an
	// error result of no output at all (OpenHands records the exit code
	// apart from the output)
	found := (noMatchOnly(text) || strings.TrimSpace(text) == "" || strings.TrimSpace(text) == noOutputText || zeroCount(text, ctx.Call)) && searchProgram(ctx.Call) ||
		// a status the program answers with by its flags ("terraform
		// plan -detailed-exitcode": 2, changes present; exitstatus.go)
		benignStatus(text, ctx.Call)
	failed := ev.Result != nil && ev.Result.IsError && !found
	because := ""
	// what the output says failed, its lines of no error left out
	said := blankNoErrorLines(text)
	if loc := cmdFailRE.FindStringIndex(said); loc != nil && !found {
		failed = true
		if exitOnlyRE.MatchString(lineAt(text, loc[0])) {
			// "<returncode>1</returncode>" heads the output a Python
			// traceback follows: the status says that it failed, the
			// next sign of failure what.
			if n := cmdFailRE.FindStringIndex(said[loc[1]:]); n != nil {
				loc = []int{loc[1] + n[0], loc[1] + n[1]}
			}
		}
		because = lineAt(text, loc[0])
		if exitWrapperRE.MatchString(because) {
			// "X Process completed with exit code 101." under a CI run's
			// "X error: linker `cc` not found": the error, not its status
			if l := markedErrorLine(said); l != "" {
				because = l
			}
		}
		if strings.HasPrefix(because, "Traceback") {
			// Python's frames follow; the exception is what failed.
			because = exceptionLine(text[loc[1]:], because)
		}
	}
	if !failed && !found {
		// a test runner's count, a database client's error, a log
		// ending at ERROR level (outputfail.go)
		if l := outputFailure(said, ctx.Call); l != "" {
			failed, because = true, l
		}
	}
	if failed && because == "" {
		// dbt's node that failed (dbtfail.go), else the first line
		// that names an error
		if because = dbtFailure(said); because == "" {
			because = failureLine(said)
		}
	}
	if exitOnlyRE.MatchString(because) {
		// "exit status 1" says that it failed; the error line above it
		// says what failed ("ERRORE: simbolo largo 118 mm …").
		if m := diagErrorRE.FindStringIndex(said); m != nil {
			// a compiler's error at its place, not the build's stop
			// after it ("ninja: build stopped: subcommand failed.")
			because = lineAt(said, m[0])
		} else if l := buildFailure(said); l != "" {
			because = l
		} else if l := failureLine(said); l != firstLine(said) || failureLineRE.MatchString(l) {
			because = l
		} else if l := lastOutputLine(said, ctx.Call); l != "" {
			// no line names an error ("patch: **** malformed patch at
			// line 20", "python: No module named pytest"): what a run
			// printed last before it stopped
			because = l
		}
	}
	shown := ""
	if failed && ctx.Call != nil && strings.TrimSpace(said) != "" {
		// a log or a file shown holding an error, not a read that
		// failed (logread.go)
		if _, cmd := argString(ctx.Call.Args, commandArgKeys); shownOnly(cmd) && !readerError(cmd, said) {
			failed, shown = false, because
		}
	}
	type test struct {
		name, line string
		failed     bool
		at         int
	}
	var tests []test
	seen := map[string]bool{}
	scan := func(re *pattern, f bool, trim func(string) string) {
		for _, loc := range re.FindAllStringSubmatchIndex(text, 64) {
			n := text[loc[2]:loc[3]]
			if trim != nil {
				n = trim(n)
			}
			if n == "" || seen[n] || re == pySectionRE && inPytestPasses(text, loc[0]) || re == cargoSectionRE && !cargoSectionFailed(text, loc[0]) {
				continue
			}
			seen[n] = true
			// the line of the name: a pattern's "^\s*" may start on a
			// blank line before it (Gradle's "\n\nFooIT > x() FAILED")
			at := loc[2]
			line := lineAt(text, at)
			if re == pySectionRE {
				// "____ test_x ____": the name, not its rule
				line = strings.Trim(line, "_ \t")
			}
			if f && strings.Contains(line, "--- FAIL") {
				// Go prints a test's lines under its own "--- FAIL"
				// (goFailDetail); cargo's and pytest's line before a
				// failed test is another test's.
				if d := goFailDetail(text, at, n); d != "" {
					tests = append(tests, test{n, line + " — " + d, f, at})
					continue
				}
			}
			if f && !strings.Contains(line, " - ") && strings.Contains(text, "___") {
				// pytest's "FAILED a.py::test_x" without its reason, or
				// its verbose "a.py::test_x FAILED": the reason is in the
				// test's own "____ test_x ____" section.
				if d := pySectionDetail(text, n); d != "" {
					line += " — " + d
				}
			}
			if f && re == cargoSectionRE {
				// "---- x stdout ----": what x panicked with (cargofail.go)
				line = strings.TrimSpace(ciLogPrefixRE.ReplaceAllString(line, ""))
				if d := cargoPanicDetail(text, n); d != "" {
					line += " — " + d
				}
			}
			if f && re == pwFailRE {
				if d := pwFailDetail(text, at, n); d != "" {
					line += " — " + d
				}
			}
			if f && re == gradleFailRE {
				// Gradle prints the exception indented under the test's
				// "FAILED" line
				if le := strings.IndexByte(text[at:], '\n'); le >= 0 {
					if next := text[at+le+1:]; strings.HasPrefix(next, " ") || strings.HasPrefix(next, "\t") {
						if d := lineAt(text, at+le+1); d != "" {
							line += " — " + d
						}
					}
				}
			}
			if f {
				// vitest prints the reason on the line after the failed
				// test's, after an arrow ("→ expected [] to include …").
				if le := strings.IndexByte(text[at:], '\n'); le >= 0 {
					if next := lineAt(text, at+le+1); strings.HasPrefix(next, "→") {
						line += " — " + next
					}
				}
			}
			tests = append(tests, test{n, line, f, at})
		}
	}
	var runs []string
	if ctx.Call != nil {
		if _, cmd := argString(ctx.Call.Args, commandArgKeys); cmd != "" {
			runs = runSubjects(cmd, false)
		}
	}
	pyName := func(s string) string { return s[strings.LastIndex(s, "::")+2:] }
	scan(goFailRE, true, nil)
	scan(pyFailRE, true, pyName)
	scan(pyVerboseFailRE, true, pyName)
	scan(pySectionRE, true, pySectionName)
	scan(unitFailRE, true, nil)
	scan(cargoFailRE, true, nil)
	scan(cargoSectionRE, true, nil)
	scan(jsFailRE, true, func(n string) string {
		n = strings.TrimSpace(n)
		if verdictNameRE.MatchString(n) {
			// "✗ FAILED: len() of unsized object", "✗ 1 tests failed.": a
			// script's own report of a failure, no test's name
			return ""
		}
		return n
	})
	if strings.Contains(text, " › ") {
		scan(pwFailRE, true, pwName)
	}
	if strings.Contains(text, " > ") {
		scan(gradleFailRE, true, nil)
	}
	if len(tests) == 0 {
		// A failing test file whose failing cases the output does not
		// name in a form read above: the file is the test.
		scan(fileFailRE, true, nil)
	}
	scan(filePassRE, false, nil)
	scan(goPassRE, false, nil)
	scan(pyPassRE, false, pyName)
	scan(unitPassRE, false, nil)
	scan(cargoPassRE, false, nil)
	if strings.Contains(text, " › ") {
		scan(pwPassRE, false, pwName)
	}
	if strings.Contains(text, " > ") {
		scan(gradlePassRE, false, nil)
	}
	anyTestFailed := false
	for _, t := range tests {
		if t.failed {
			anyTestFailed = true
			failed = true
		}
	}
	units := unitReader{text: text}
	for _, t := range tests {
		quote, _, _ := strings.Cut(t.line, " — ")
		p := Proposal{Op: OpOutcome, Kind: KindEvidence, Key: "test/-/" + t.name, Name: t.name, Quote: quote, Failed: t.failed, Explicit: true, Links: append([]string{cmdKey}, runs...)}
		if t.failed {
			p.Kind, p.Because = KindFailure, t.line
			if c := callText(ctx.Call); c != "" {
				p.Links = append(p.Links, callPrefix+c)
			}
			p.Links = units.link(p.Links, t.at, quote)
			p.Value = "failed: " + oneLine(t.line, 200)
		} else {
			p.Value = "passed: " + oneLine(t.line, 200)
		}
		out = append(out, p)
	}
	// The command's own outcome. When it named its failing tests, those
	// are the failures; the command is evidence that moves them.
	cp := Proposal{Op: OpOutcome, Kind: KindEvidence, Key: cmdKey, Name: cmdName, Failed: failed, Listed: len(tests) > 0}
	if ctx.Call != nil {
		if _, cmd := argString(ctx.Call.Args, commandArgKeys); cmd != "" && !editorCommand(cmd) {
			cp.Links = runSubjects(repeatedRun(cmd), !failed)
		}
		cp.Links = append(cp.Links, fileLinks(ctx.Call, failed)...)
	}
	switch {
	case failed:
		cp.Because = because
		cp.Quote, _, _ = strings.Cut(because, " — ")
		cp.Value = "failed: " + oneLine(because, 200)
		if !anyTestFailed {
			cp.Kind = KindFailure
			if c := callText(ctx.Call); c != "" {
				cp.Links = append(cp.Links, callPrefix+c)
			}
			for _, x := range failedItems(text) {
				// the inputs a batch names as failed (subject.go)
				cp.Links = append(cp.Links, itemPrefix+x)
			}
		}
	case found && (strings.TrimSpace(text) == "" || strings.TrimSpace(text) == noOutputText):
		// a search that found nothing, a test that said no: an answer
		cp.Value = noMatchValue(ctx.Call)
	default:
		// the first line the program printed, not the host's words
		// around it, or the versions it printed (versionout.go)
		joined := ""
		cp.Quote = outputLead(text)
		if shown != "" && strings.Contains(text, shown) {
			// the error the log shows, not its first line
			cp.Quote = shown
		} else if ctx.Call != nil {
			// the line the command was run for (evidenceline.go)
			_, cmd := argString(ctx.Call.Args, commandArgKeys)
			if l := informativeLine(cmd, text, cp.Quote); l != "" {
				if !headerLineRE.MatchString(cp.Quote) && digitRE.MatchString(cp.Quote) {
					// "go version go1.22.5 …" (a first line with a
					// number) and the grpc line grep was run for: both
					// say what was asked
					joined = "ok: " + oneLine(cp.Quote, 80) + " · " + oneLine(l, 120)
				}
				cp.Quote = l
			}
		}
		cp.Value = "passed"
		if cp.Quote != "" {
			cp.Value = "ok: " + oneLine(cp.Quote, 120)
		}
		if joined != "" {
			cp.Value = joined
		} else if v := summaryValue(text, cp.Quote); v != "" {
			// the counts and sizes the run ended with (outsummary.go)
			cp.Value = v
		}
		if ctx.Call != nil {
			_, cmd := argString(ctx.Call.Args, commandArgKeys)
			if vs, said := versionValues(cmd, text); said != "" {
				cp.Quote, cp.Value = vs[0].Quote, "ok: "+oneLine(said, 160)
				out = append(out, vs...)
			}
		}
	}
	out = append(out, cp)
	if ctx.Call != nil {
		// the failures of things whose logs a read showed, and their
		// fixes (logread.go)
		_, cmd := argString(ctx.Call.Args, commandArgKeys)
		out = append(out, logProposals(cmd, text, shown, !failed && !found, ctx)...)
	}
	if !failed && !found {
		// what a status command reports of the things it shows
		// (statusfail.go)
		out = append(out, statusProposals(text, ctx)...)
	}
	if failed && ctx.Call != nil {
		_, cmd := argString(ctx.Call.Args, commandArgKeys)
		out = append(out, sedValues(leadingEdits(cmd, text))...)
	}
	if failed || ctx.Call == nil {
		return out
	}
	// Files written, and config values set by an edit, a sed
	// (sedvalue.go), a setting command (setcmd.go), a schema statement
	// (sqlalter.go) or shown changed by a Terraform plan (tfplan.go).
	_, p := argString(ctx.Call.Args, fileArgKeys)
	_, cmd := argString(ctx.Call.Args, commandArgKeys)
	out = append(out, sedValues(cmd)...)
	out = append(out, setValues(cmd)...)
	out = append(out, alterValues(cmd)...)
	out = append(out, gitValues(cmd, text)...)
	out = append(out, planValues(cmd, text)...)
	if o, ok := callOutcome(ctx.Call, text); ok {
		out = append(out, o)
	}
	if _, writes := fileOp(ctx.Call); p == "" || !writes {
		return out
	}
	out = append(out, Proposal{Op: OpState, Kind: KindArtifact, Key: "file/" + p + "/content", Name: p, Value: "written by " + ctx.Call.Name, Quote: p})
	return append(out, editValues(p, edits(ctx.Call.Args))...)
}

// editValues are the settings edits es of file p set: the lines of code
// they change (a constant, a keyword argument, an HCL block's setting)
// or the settings of a configuration file they write.
func editValues(p string, es []edit) []Proposal {
	var out []Proposal
	if !configExtRE.MatchString(p) {
		// An edit of one line of code ("versionCode = 41" to
		// "versionCode = 42") changes the setting the line holds.
		for _, e := range es {
			oldS, newS := strings.TrimSpace(e.old), strings.TrimSpace(e.new)
			if !e.content && oldS != "" && !strings.Contains(oldS, "\n") && !strings.Contains(newS, "\n") {
				if v, ok := lineChange(p, oldS, newS, newS); ok {
					out = append(out, v)
				} else {
					// keyword arguments, an inline map, a CMake set
					// (lineedit.go)
					out = append(out, linePairChanges(p, oldS, newS)...)
				}
			} else if !e.content && oldS != "" {
				// the constants and HCL settings of several lines
				// (blockedit.go)
				out = append(out, blockLineChanges(p, e.old, e.new)...)
			}
		}
		return out
	}
	n := 0
	for _, e := range es {
		if vs := linePairChanges(p, strings.TrimSpace(e.old), strings.TrimSpace(e.new)); len(vs) > 0 && strings.Contains(e.new, "{") {
			// an inline map's entries (lineedit.go)
			out = append(out, vs...)
			continue
		}
		// A whole file written names each setting by its path; an
		// edit's fragment has no parents, so it names them by their
		// keys alone.
		olds := map[string]string{}
		for _, c := range configSettings(e.old, false) {
			olds[c.key] = c.value
		}
		for _, c := range configSettings(e.new, e.whole) {
			if n == maxWrittenValues {
				break
			}
			n++
			if olds[c.key] == c.value {
				continue
			}
			// an edit's key alone is matched to the path the file gave
			// it by the reducer (heldPath)
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + path.Clean(p) + "/" + strings.ToLower(c.key), Name: c.key, Value: c.value, Was: olds[c.key], Quote: c.line})
		}
	}
	return out
}

// maxWrittenValues bounds the settings one written configuration file
// states.
const maxWrittenValues = 32

// lineAt is the line of text containing byte offset i, trimmed.
func lineAt(text string, i int) string {
	return between(text, i, i, "\n")
}

// pyExceptionRE is the line a Python traceback ends with: the
// exception's name at the start of the line, then its message
// ("sqlite3.OperationalError: no such table: lotti", "KeyboardInterrupt").
var pyExceptionRE = mustPattern(`^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Failure|Fault)(?::\s|$)`)

// pyClassLineRE is a line opening with a class name, module-qualified
// or not, and a message after its colon.
var pyClassLineRE = mustPattern(`^(?:[a-z_][\w]*\.)*[A-Z]\w*: \S`)

// exceptionLine is the exception line of the Python traceback whose
// frames text holds (the text after its "Traceback (most recent call
// last):" line): the first unindented line naming an exception, else
// def.
func exceptionLine(text, def string) string {
	for l := range strings.Lines(text) {
		if l == "" || l[0] == ' ' || l[0] == '\t' {
			continue
		}
		if l = strings.TrimSpace(l); pyExceptionRE.MatchString(l) {
			return l
		}
	}
	for l := range strings.Lines(text) {
		// an exception class of another name ("psycopg2.errors.
		// QueryCanceled: canceling statement …"): the first line
		// after the frames that opens with a class name
		if l != "" && l[0] != ' ' && l[0] != '\t' {
			if l = strings.TrimSpace(l); pyClassLineRE.MatchString(l) {
				return l
			}
		}
	}
	return def
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// failureLine is the line of an error output that says what failed.
func failureLine(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		// "test result: ok. 24 passed; 0 failed": a count of none
		// names no failure
		if l = strings.TrimSpace(l); l != "" && failureLineRE.MatchString(zeroCountRE.ReplaceAllString(l, "")) {
			if bareLabelRE.MatchString(l) {
				// "ERROR:" on a line of its own, the error on the
				// next ("No replacement was performed, old_str …"),
				// which is the line (a quote is one line of the text)
				for _, n := range lines[i+1:] {
					if n = strings.TrimSpace(n); n != "" {
						return n
					}
				}
			}
			return l
		}
	}
	if l := killedLine(lines); l != "" {
		// a run a signal stopped, or one that printed its steps done
		// before it failed (killed.go)
		return l
	}
	for _, l := range lines {
		// "Warning: 1 uncommitted change" above "could not create pull
		// request: HTTP 403 …": a warning is what the run went on past,
		// a count of no errors what went well
		if l = strings.TrimSpace(l); l != "" && !warnLineRE.MatchString(l) && !zeroCountRE.MatchString(l) {
			return l
		}
	}
	return firstLine(s)
}

var (
	// zeroCountRE is a count of no failures ("0 failed", "errors: 0",
	// "failed=0", "ERROR=0"), not a count after another's ("WARN=0
	// ERROR=1").
	zeroCountRE = mustPattern(`(?i)(?:^|[\s(,;|])0 (?:failed|failures?|failing|errors?|errored)\b|\b(?:failed|failures?|errors?)[=:] ?0\b`)
	// warnLineRE is a line a program opens with a warning's, a note's or
	// a hint's label ("Warning: …", "[WARN] …", "npm warn …", "hint: …").
	warnLineRE = mustPattern(`(?i)^[\[(]?(?:npm |yarn |pip |git )?(?:warning|warn|note|notice|hint|deprecated|deprecation)\b[\]):]?(?:\s|$)`)
)

// tagLineRE is a line of a harness's markup around the output
// ("<output>", "</output>").
var tagLineRE = mustPattern(`^</?[\w-]+>$`)

// qualifiedErrorRE is a line a raised error of a module's own starts
// with its qualified name ("etichette.errori.LottoNonTrovato: lotto …").
var qualifiedErrorRE = mustPattern(`^(?:[a-z_]\w*\.)+[A-Z]\w*: \S`)

// dataLineRE is a line of printed data ("\"issues_completed\": 0,", "}"),
// no message.
var dataLineRE = mustPattern(`^[{}\[\]"]|[,{\[]$`)

// lastOutputLine is what the output s of call c says stopped it when no
// line names an error: the line a program the call ran starts with its
// own name, as a tool reports its error ("patch: **** malformed patch at
// line 20", "sudo: a password is required"), else the line that raised
// an error of a qualified name, else its last line that is neither
// empty, markup, an exit status alone nor printed data; "" when there is
// none.
func lastOutputLine(s string, c *Call) string {
	lines := strings.Split(s, "\n")
	progs := calledPrograms(c)
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if name, _, ok := strings.Cut(l, ": "); ok && progs[path.Base(name)] {
			return l
		}
	}
	for _, l := range lines {
		if l = strings.TrimSpace(l); qualifiedErrorRE.MatchString(l) {
			return l
		}
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !tagLineRE.MatchString(l) && !exitOnlyRE.MatchString(l) {
			if dataLineRE.MatchString(l) {
				return ""
			}
			return l
		}
	}
	return ""
}

// calledPrograms are the names of the programs call c's command starts,
// a stage each.
func calledPrograms(c *Call) map[string]bool {
	if c == nil {
		return nil
	}
	_, cmd := argString(c.Args, commandArgKeys)
	out := map[string]bool{}
	for _, st := range stagesOf(cmd) {
		for _, el := range pipeSplit(st) {
			if f := dropEnv(strings.Fields(unwrap(el))); len(f) > 0 && !strings.ContainsAny(f[0], "<>|&;(") {
				out[path.Base(f[0])] = true
			}
		}
	}
	return out
}

// bareLabelRE is a line that only labels what follows as an error:
// "ERROR:", "Error", "FAILED:".
var bareLabelRE = mustPattern(`(?i)^\W*(?:error|errors|failed|failure|fatal|exception)\W*$`)

var (
	exitOneRE   = mustPattern(`<returncode>1</returncode>|(?mi)^[\[(]?exit (?:code|status):? ?1\b|\bexit(?:ed with)? (?:code|status) 1\b`)
	searchProgs = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true, "diff": true, "cmp": true, "test": true, "[": true, "git diff": true}
)

// exitWrapperRE is a line that only reports the status a run ended with
// ("Process completed with exit code 101.", "exited with code 2"), and
// markedErrorRE a line that states the error, after a mark a CI log puts
// before it ("X error: linker … not found", "##[error]…", "✗ error: …").
var (
	exitWrapperRE = mustPattern(`(?i)^\W*(?:x\s+)?(?:process completed with exit code|(?:process |command )?exit(?:ed)? with (?:code|status)|exit (?:code|status):?)\s*-?\d+\W*$`)
	markedErrorRE = mustPattern(`(?mi)^[^\w\n]{0,4}(?:x\s+)?(?:##\[error\]\s*)?(?:error(?:\[E\d+\])?|fatal)(?::|\s)\s*\S.*$`)
)

// markedErrorLine is the first line of text that states an error after
// a CI log's mark (markedErrorRE), "" when none.
func markedErrorLine(text string) string {
	for _, m := range markedErrorRE.FindAllString(text, 8) {
		if l := strings.TrimSpace(m); !exitWrapperRE.MatchString(l) && !strings.Contains(strings.ToLower(l), "process completed with exit code") {
			return l
		}
	}
	return ""
}

// noMatchOnly: the only failure signal in text is exit status 1.
func noMatchOnly(text string) bool {
	loc := exitOneRE.FindStringIndex(text)
	if loc == nil {
		return false
	}
	rest := text[:loc[0]] + text[loc[1]:]
	return !cmdFailRE.MatchString(rest)
}

// callScript is call c's command line, the script inside when the line
// only hands one to a shell ("bash -lc 'grep -rn x models/'", as Codex
// runs every command); "" when c runs no command.
func callScript(c *Call) string {
	if c == nil {
		return ""
	}
	_, cmd := argString(c.Args, commandArgKeys)
	if in, ok := shellScript(cmd); ok {
		return in
	}
	return cmd
}

// noMatchValue is the answer of a search program's call (searchProgram)
// that exited 1 printing nothing: "no" from test or "[", "no match" from
// a search.
func noMatchValue(c *Call) string {
	cmd := callScript(c)
	parts := commandParts(normCommand(cmd))
	if len(parts) > 0 {
		if f := strings.Fields(parts[len(parts)-1]); len(f) > 0 && (f[0] == "test" || f[0] == "[") {
			return "no"
		}
	}
	return "no match"
}

// searchProgram reports whether the call ran a program whose exit status 1
// means "no match" or "differs" (grep, diff, test), as the last stage of
// its command.
func searchProgram(c *Call) bool {
	cmd := callScript(c)
	if cmd == "" {
		return false
	}
	// cut outside quotes: `grep -n "scalar\|get_scalar" f.py` is one
	// stage
	parts := commandParts(normCommand(cmd))
	if len(parts) == 0 {
		return false
	}
	f := strings.Fields(parts[len(parts)-1])
	if len(f) == 0 {
		return false
	}
	return searchProgs[f[0]] || len(f) > 1 && searchProgs[f[0]+" "+f[1]]
}

// bareCorrection is the value a short correction states alone, for the
// setting last named: "Scratch that, 9 retries." or "不对，12 次。" gives
// the one number or quoted value the sentence holds when, besides the
// correction words, it says at most two other words or names the setting
// again, after the correction's words. A longer sentence ("actually, run
// the tests in 3 batches") is about something else.
// notBeforeValue are the words of negation that turn down the value
// right after them: "not 0.02", "pas 0.02", "nicht 0.02".
var notBeforeValue = wordSet("not pas nicht niet inte ikke не ні")

func bareCorrection(s, lastName string) string {
	ms := bareValRE.FindAllStringSubmatchIndex(s, -1)
	if len(ms) != 1 {
		return ""
	}
	// The correction words come first: in "three "Riverside" plaintiffs,
	// which we actually want" the value was named before any correction
	// and is not one.
	if c := correctionRE.FindStringIndex(s); c == nil || c[0] > ms[0][2] {
		return ""
	}
	v := s[ms[0][2]:ms[0][3]]
	if f := strings.Fields(strings.ToLower(s[:ms[0][2]])); len(f) > 0 && notBeforeValue[f[len(f)-1]] {
		// "non, pas 0.02", "no, not 0.02": the value turned down, not
		// the one taken
		return ""
	}
	rest := correctionRE.ReplaceAllString(s[:ms[0][2]]+" "+s[ms[0][3]:], " ")
	var words []string
	for _, w := range strings.Fields(strings.ToLower(rest)) {
		w = strings.Trim(w, ".,;:!?，。；：！？()\"'")
		if w != "" && !stopwords[w] && w != "that" && w != "scratch" {
			words = append(words, w)
		}
	}
	han := 0
	for _, r := range rest {
		if unicode.Is(unicode.Han, r) {
			han++
		}
	}
	names := strings.Fields(strings.ToLower(lastName))
	related := slices.ContainsFunc(words, func(w string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return len(n) >= 4 && len(w) >= 4 && n[:4] == w[:4] })
	})
	if len(words) > 2 && !related || han > 6 {
		return ""
	}
	return cleanValue(v)
}

// runFields are a command stage's words from the program it runs: without
// leading environment assignments, an interpreter or runner that starts
// a script or program (scriptRun: "php -d x=1 artisan test" runs artisan,
// "python -m pytest" pytest) or a package manager's "run" ("npm run test"
// runs what "npm test" runs).
func runFields(st string) []string {
	f := scriptRun(dropEnv(strings.Fields(st)))
	if len(f) > 2 && (f[0] == "npm" || f[0] == "pnpm" || f[0] == "yarn") && f[1] == "run" {
		f = append(f[:1:1], f[2:]...)
	}
	return f
}
