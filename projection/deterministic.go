package projection

import (
	"slices"
	"strings"
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
		if ev.Role == RoleUser && !ctx.HaveObjective {
			if t, title, ok := harnessTask(ev.Text); ok {
				// a harness's template: its task, without the harness's
				// standing instructions (harnesstask.go)
				cp := *ev
				cp.Text = t
				return titledObjective(Deterministic{}.propose(&cp, ctx), title)
			}
		}
		if len(ev.Text) > maxInstructionBytes {
			short := *ev
			short.Text = instructionWindows(ev.Text)
			ev = &short
		}
		if ev.Role == RoleUser && asideOnly(ev.Text) {
			return nil
		}
		if rules, prose, ok := injectedRules(ev); ok {
			// an instruction file the host injected: its list item by
			// item, its prose as a system message (injectedinstr.go)
			cp := *ev
			cp.Text = prose
			return append(rules, Deterministic{}.propose(&cp, ctx)...)
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
			// "jangan ubah file migration …. tapi 0007 pengecualian, …":
			// a thing called the exception to the rule just stated
			// (exceptis.go).
			out = exceptionsStated(ev.Text, g, out)
			// "…这次放开一下：AuthInterceptor 可以改": a lift for once is
			// an exception, its clause with it (oncelift.go).
			out = onceLifts(ev.Text, out)
			// "这次 commit 不用跑 lint", "is baar skip karo": a rule set
			// aside for once is its exception (onceskip.go).
			out = onceSetAsides(ev.Text, out)
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
				// "DLT doch nicht. … Wir loggen und skippen": a decision
				// taken back by its thing, in any language (takeback.go).
				out = takenBackDecisions(ev.Text, ctx.Decisions, out)
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
			if len(pasted) == 0 {
				// …, or an error a running system logged (pastederr.go)
				pasted = pastedErrors(ev.Text)
			}
			out = append(out, pasted...)
			// A failure the user saw outside the session (userfail.go);
			// the message that sets the objective tells the task,
			// whose bug the objective holds ("ponyc segfaults on …"),
			// and no run could resolve it as a failure of its own; but
			// one relayed from someone else ("QA says it crashes on
			// Pixel 6") is a run seen outside, as a later one is.
			if ctx.HaveObjective || relayed(ev.Text) || seenOutside(ev.Text) {
				told := reportedFailures(ev.Text, pasted, ctx)
				if g != nil && len(told) > 0 && pastedIgnoredRE.MatchString(g.text) {
					// "…まだ落ちてるけど、関係ないです": set aside in the
					// gloss's words ("unrelated"), as in English
					told = nil
				}
				if len(told) == 0 && g != nil {
					// "ainda tá quebrando", "テストがまだ失敗する": as the
					// gloss says it, in the user's words (lexicon.go)
					told = g.unGloss(reportedFailures(g.text, pasted, ctx))
				}
				out = append(out, told...)
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
			out = answeredBy(ev.Text, ctx, ruledOut(ev.Text, laterTasks(ev.Text, ctx.lang(ev.Text), out)))
			// Questions the agent asked, answered or passed on (asked.go),
			// and the user's own it asked back on, put off (askback.go).
			back, deferred := askedBackOpen(ev.Text, ctx)
			out = answersAsked(ev.Text, ctx, out)
			// …, answered by their numbers (numbered.go).
			out = numberedAnswers(ev.Text, ctx, out)
			out = subjectAnswered(ev.Text, ctx, out)
			out = notNowDeclines(ev.Text, ctx, out)
			// …, or the offer put off ("later", "dopo") (laterreply.go).
			out = offerPutOff(ev.Text, ctx, out)
			// …, waved away ("lass liegen", "не трогай его") (dismiss.go).
			out = dismissedAsked(ev.Text, ctx, out)
			out = deniedCondition(ev.Text, ctx, out)
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
			// A decision taken back for another course (decback.go).
			out = decisionTakenBack(ev.Text, ctx, out)
			if !slices.ContainsFunc(out, func(p Proposal) bool { return p.Kind == KindDecision && p.Correction }) {
				// "jednak bez osobnej kolejki sms" (decback.go)
				out = decisionGoneWithout(ev.Text, ctx, out)
			}
			// An option picked, then another in its place (optpick.go).
			out = lastPickWins(ev.Text, ctx, out)
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
			// A task the user takes on themselves (usertask.go).
			out = userTakes(ev.Text, out)
			// An order of the act a rule forbids, its reason answered
			// (orderlift.go).
			out = orderedActs(ev.Text, g, out)
			// Work put off for now, or taken over for later (putoff.go).
			out = putOffTasks(ev.Text, out)
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
					// "retry limit 20 mi 25 mi? 25 olsun" (valuealts.go)
					if p, ok := altAnswered(ev.Text, ss[i-1], s); ok {
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
		// the branch (valueguard.go); "/healthz ora è 200": a status a
		// path answers, no setting, as is "还是 502" seen on staging
		// (httpfail.go); "geen PdfExport fouten meer in de logs":
		// failures gone, told, no rule (userfixed.go); "超时设 20s 还是
		// 25s": a value weighed, not set (valuealts.go)
		return slices.DeleteFunc(out, func(p Proposal) bool {
			return p.Kind == KindDecision && strings.HasPrefix(p.Key, answerPrefix) && p.Was != "" && toldFailure(out, p.Quote) ||
				p.Kind == KindDecision && (carryOn(p.Quote) || bareRevertRE.MatchString(p.Quote) && !strings.HasPrefix(p.Key, answerPrefix)) ||
				p.Kind == KindValue && p.Op == OpState && (negatedName(p) || statusReportValue(p.Quote) || stillStatus(p.Quote, ev.Text) || altValue(p)) ||
				p.Kind == KindConstraint && p.Op == OpState && fixedReport(p.Quote) != ""
		})
	case RoleAssistant:
		// A question of the user's the reply leaves open (leftopen.go).
		// and one of its own it labels as still open (openask.go).
		// and the task it restates from the user's prompt (promptsaid.go).
		// and a task it hands to the user (usertaskgiven.go).
		return handedToUser(ev.Text, ev.Calls, promptObjective(ev.Text, repliedOpen(ev.Text, ctx, ownOpenWork(ev, openLabelled(ev.Text, proposeAssistant(ev, ctx))))))
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
	liftRE       = mustPattern(`(?i)\b(you (?:may|can) now|you (?:may|can) \w+ .{1,80}?\b(?:freely|at will|as you (?:like|please|wish|see fit))|(?:is|are) (?:all )?yours(?: now)?|(?:change|edit|touch|modify|do) whatever you (?:need|want|like)|you(?:'re| are) (?:clear|cleared|good) to|you (?:may|can) (?:\w+ )?(?:it|that|them|this) (?:now|again)|(?:'s|is|are) (?:fine|ok|okay|allowed) (?:now|again)|(?:'s|is|are) (?:now|again) (?:fine|ok|okay|allowed)|you(?:'re| are) now (?:allowed|free|permitted)|(?:is|are) no longer (?:needed|required|necessary|a requirement|in force|forbidden|off[- ]limits)|(?:isn't|aren't|is not|are not) (?:off[- ]limits|frozen|locked|blocked|forbidden) (?:any ?more|any longer|now)|no longer (?:need|have) to|(?:don't|do not) need to .{1,60} any ?more|feel free to|it(?:'s| is) (?:ok|okay|fine|allowed) (?:now )?to|ignore (?:the|my) (?:earlier|previous|old) (?:rule|instruction|constraint|restriction)|lift(?:ing)? (?:the|that|this) (?:rule|restriction|constraint|ban)|(?:rule|restriction|constraint|ban) (?:is|has been) lifted|you are free to|go ahead and|(?:freeze|restriction|ban|embargo|rule|lock|moratorium) on .{1,60} (?:is|has been) (?:over|lifted|removed|ended|done)|(?:is|are) (?:no longer frozen|unfrozen)|allowed again|no longer appl(?:y|ies)|(?:doesn't|does not|don't|do not) apply any ?(?:more|longer)|(?:rule|restriction|constraint|ban|freeze|limit|embargo|moratorium) (?:is|has been) (?:gone|off|over|void|cancel+ed|dropped|removed|lifted|ended|done|finished)|(?:rule|restriction|constraint|ban) (?:no longer exists|(?:doesn't|does not) exist any ?(?:more|longer)|is no more)|you can (?:touch|edit|change|modify|use) .{1,40} again|free to (?:touch|edit|change|modify)|(?:never ?mind|forget|drop|disregard) (?:the|that|my) (?:earlier |old |previous )?(?:rule|restriction|constraint|ban)|(?:forget|ignore|disregard|never ?mind) (?:what|everything|anything) i (?:said|told you) (?:about|on|regarding)|(?:ignore|disregard|drop|forget) (?:my|the|that) (?:earlier |old |previous )?(?:rule|restriction|constraint|ban|instruction)s? (?:on|about|regarding|for))\b|(?:has |have |had )?changed (?:his|her|their|my|our) mind(?:s)? (?:on|about)|改主意了|改变主意了|现在可以|可以了|解除|不再|不用再|不必再|无需再|放开|允许你|随便改|随便动|随意改|可以随便|可以改了|可以动了|不用管|取消(?:了)?(?:限制|禁令|规则|规矩)|限制取消|(?:规矩|规则|规定|限制|禁令)(?:已经|就)?(?:取消|作废|解除|不算)了?`)
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

// goalLabelRE is a sentence labelled as the session's goal: "Goal for
// this week: …", "today's job: …", "the goal is to …", "目标：…".
var goalLabelRE = mustPattern(`(?i)^\W*(?:(?:ok|so|and|also|morning)[,!]?\s+)*(?:(?:today'?s|todays|the|our|my|main|overall|this week'?s)\s+)?(?:objective|goal|task|job|aim|mission)(?:\s+(?:for|of)\s+[\w ]{1,20}?)?\s*(?:[:：]|is\s+to\b)|^(?:今天的|这次的|本周的)?(?:目标|任务)(?:是)?[:：]`)

// wantRE is a sentence that says what the user wants done: "I want a
// real SaveService: …", "we need the importer to …", "I'd like you to
// …", "can you …", "let's …".
var wantRE = mustPattern(`(?i)^\W*(?:(?:so|and|ok(?:ay)?|now|basically|anyway)[,]?\s+)*(?:what\s+)?(?:(?:i|we)(?:\s+(?:really|just|finally))?\s*(?:want|need|would like|'d like|’d like)(?:\s+(?:is\s+)?(?:you\s+to\s+|to\s+)?\S|(?:\s+(?:by|for|from)\s+[^:：]{1,40})?\s*[:：]\s*\S)|(?:can|could) you\s+(?:please\s+)?\S|(?:please\s+)?let's\s+\S)`)

// wantInRE is the user saying what they want inside a sentence that
// tells the situation first ("amr-07 keeps stalling in aisle 4, and I
// want it to drive the route cleanly").
var wantInRE = mustPattern(`(?i)\b(?:what\s+)?(?:i|we)(?:\s+(?:really|just|finally))?\s*(?:want|need|would like|'d like|’d like)(?:\s+(?:is\s+)?(?:you\s+to\s+|to\s+)?\S|(?:\s+(?:by|for|from)\s+[^:：]{1,40})?\s*[:：]\s*\S)`)

// narrationRE is a label that tells what happened or what is ("So the
// monthly invoicing blew up again on Nov 1st: …", "Here's the plan for
// this week: …"), not one that leads a direction.
var narrationRE = mustPattern(`(?i)\b(?:is|are|was|were|has|have|had|blew|broke|failed|keeps?|kept|got|went|here's|here is|there's)\b|\w+ed\b|\w+['’](?:re|s|ve|m)\b|\w{3,}ing\b`)

var statementVerbRE = mustPattern(`(?i)^(?:is|are|was|were|has|have|had|keeps|kept|got|went|broke|blew|fails|failed|stalls|crashes|crashed|times|timed|\w+['’]s|\w+ed)$`)

// greetingWords open a sentence that only greets ("Morning.", "hey, so
// here's the plan for this week.", "Buenas.").
var greetingWords = map[string]bool{"hi": true, "hey": true, "hello": true, "morning": true, "evening": true, "afternoon": true, "yo": true,
	"hola": true, "buenas": true, "hallo": true, "moin": true, "servus": true, "bonjour": true, "salut": true, "ciao": true, "olá": true, "oi": true}

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

// passedOnRE is a sentence that passes on what someone sent ("Noor sent
// me her list, copying the bits that matter"): the lead of rules, no
// part of the goal.
var passedOnRE = mustPattern(`(?i)\b(?:sent|mailed|forwarded|pasted|pasting|copying|copied|shared|passed on|handed me)\b`)

// pathListRE is a text that only lists paths ("/workspace/repo").
var pathListRE = mustPattern(`^(?:\s*[~./]?[\w.\-]*/[\w./\-]*\s*)+$`)

// modeWordRE is a sentence that is only a mode: "Always.", "Never!",
// "Every time." (glossed: "Завжди." is "always.").
var modeWordRE = mustPattern(`(?i)^\W*(?:always|never|every time|each time|no exceptions|without exception)\W*$`)

// doneAckRE acknowledges the work asked before as done: "thanks, that
// works", "perfect, fixed", "lgtm", "好的，可以了".
var doneAckRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|cool|great|perfect|nice|awesome|thanks|thank you|thx|ty|excellent|brilliant)[,!.]*\s*)*(?:(?:that|it|this|everything|all)\s+)?(?:works?(?:\s+now)?|(?:is\s+|'s\s+)?(?:fixed|done|working)(?:\s+now)?|looks\s+good|lgtm)\W*$|^\W*(?:thanks|thank you|perfect|great|awesome|lgtm|excellent)\W*$|^\W*(?:好的|好|可以了|搞定了?|没问题了|修好了|完美)\W*$`)

// nextTaskRE opens the next task: "Now add CSV export …", "Next up:
// migrate the cron jobs", "接下来帮我加个导出".
var nextTaskRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|and)[,]?\s+)?(?:now|next|next up|moving on|on to the next one)\s*[,:—–-]?\s+(?:(?:please|pls|can you|could you|let's|lets|i want you to|i'd like you to)\s+)?(?P<v>\p{L}+)\b|^\W*(?:接下来|下一步|现在)[，,]?\s*(?:帮我|请|再)?\s*(?:加|做|实现|写|改|修|开发|支持)`)

// ackLeadRE is an acknowledgement that opens the sentence asking for the
// next task: "thanks now …", "Great, that works, now …".
var ackLeadRE = mustPattern(`(?i)^\W*(?:ok(?:ay)?|cool|great|perfect|nice|awesome|thanks|thank you|thx|ty|excellent)(?:[,!.]\s*|\s+)(?:(?:that|it)\s+works[,!.]?\s*)?`)

// workVerbs are the verbs a next task opens with: work that makes or
// changes something, not a step such as running the tests.
var workVerbs = wordSet(`add implement build write create make fix refactor migrate port support rewrite redesign integrate introduce extend
	replace move convert set wire hook expose design draft prepare update upgrade rename remove delete split merge optimize optimise speed
	clean translate localize document automate generate ship release deploy investigate debug look handle work edit`)

// labelOnlyRE is a sentence that only labels what follows: "ISSUE:",
// "Task description:".
var labelOnlyRE = mustPattern(`^\W*\p{L}[\p{L}\d _-]{0,30}:\s*$`)

// setNotRE is a setting set to a number with the number it replaces
// after "not": "put the polling at 2 minutes, not 5", "il polling
// mettilo a 2 minuti, non 5" (glossed "the polling set to 2 minutes, not
// 5").
var setNotRE = mustPattern(`(?i)(?:\b(?:set|put|make|change|bump|move|turn)\s+(?:the\s+)?(?P<k>[\w.\-]+(?:\s[\w.\-]+)?)|\b(?:the\s+)?(?P<k2>[\w.\-]+(?:\s[\w.\-]+)?)\s+(?:set|put)(?:\s+it)?)\s+(?:to|at)\s+(?P<v>\d+(?:[.,]\d+)?(?:\s?(?:ms|s|sec|secs|seconds|min|mins|minutes|h|hours|days|%|kb|mb|gb))?)\s*,?\s+not\s+(?P<a>\d+(?:[.,]\d+)?)\b`)

// andValuesRE joins two settings told in one sentence: "the timeout is
// 30s and retries are 3".
var copulaTailRE = mustPattern(`(?i)\s+(?:is|are|was|were|should be|must be|will be|is now)$`)

var andValuesRE = mustPattern(`(?i)\s+(?:and|plus)\s+`)

// copulaKeyRE is a setting's name that swallowed a clause: it holds a
// copula ("timeout_is_30s_and_retries", "timeout_is").
var copulaKeyRE = mustPattern(`(?:^|[/_])(?:is|are|was|were)(?:_|$)`)

// comparedRE follows a number that is an amount of a comparison, not a
// value: "make it 6 dB more sensitive", "3 s longer", "2 GB less".
var comparedRE = mustPattern(`(?i)^\s*(?:[\p{L}%]{1,5}\s+)?(?:more|less|fewer|higher|lower|bigger|smaller|faster|slower|longer|shorter|louder|quieter|tighter|looser|stricter|sensitive)\b`)

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

// alsoTaskRE is a task added in passing: "顺便把 OCPP 2.0.1 也支持下",
// "顺手把 en_mmlu 也加上".
var alsoTaskRE = mustPattern(`(?:^|[，,。；;：:])\s*(?:对了[，,]?\s*)?(?:顺便|顺手|捎带)(?:把|将|也|再|给)`)

// valuesOne finds the values a sentence or clause sets.
// itWordRE is a pronoun standing for a setting in a sentence.
var itWordRE = mustPattern(`(?i)\b(?:it|that|them)\b`)

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

// tailPronouns are the pronouns (with a copula) that end a value's name
// read as "NAME VALUE" when the name is a clause about a setting the
// sentence names elsewhere: "double-check it's 50".
var tailPronouns = wordSet(`it's it that's its this`)

// zhQuantityRE is a number with the unit it is counted in, in Chinese
// or short Latin units.
var zhQuantityRE = mustPattern(`^\D{0,6}?(\d+(?:\.\d+)?\s*(?:毫秒|分钟|秒|小时|天|周|ms|s|min|h|d|%))`)

// countIsRE is a setting said to be a number of things of a kind, the
// kind a noun no unit list names: "the welcome bonus is 5 points", "the
// grace period is 3 sprints".
var countIsRE = mustPattern(`(?i)^\W*(?:the\s+|our\s+|my\s+)?(?P<k>[\p{Cyrillic}A-Za-z][\p{Cyrillic}\w.\-'’ ]{1,60}?)\s+(?:is|should be|must be|is now|will be)\s+(?P<v>(?:[$€£]\s?)?\d[\d.,]*\s\p{L}{2,15})\s*[.!]?\s*$`)

// undecidedRE is the user saying a question is not settled yet: "I
// haven't decided yet", "not sure yet", "这个我还没想好", "待定".
var undecidedRE = mustPattern(`(?i)\b(?:i|we)\s+(?:haven't|have not|havent)\s+(?:decided|figured (?:it|that|this) out|made up (?:my|our) minds?)\b|\b(?:i'm|i am|we're|we are)\s+(?:not sure|undecided)(?:\s+yet)?\s*(?:[,.;!]|$)|\b(?:not sure|no idea|undecided|tbd)\s+yet\b|还没想好|没想好|还没定|还不确定|待定|还没决定`)

// politeNoRE is a prohibition asked as a favour: "can we not touch the
// prod DB?", "could you please not push to main", "能不能先别碰 es-prod？",
// "可以先不要动配置吗".
var politeNoRE = mustPattern(`(?i)^\W*(?:(?:also|and|so|oh|btw|ok(?:ay)?|hey|pls|please)[,:]?\s+)*(?:can|could)\s+(?:we|you|u)\s+(?:please\s+|pls\s+|just\s+)?not\s+[a-z]{2,}|(?:能不能|可不可以|能否)(?:先|暂时|麻烦)?(?:别|不要)\p{Han}|可以(?:先|暂时)?(?:别|不要)\p{Han}[^，。？?]{0,30}吗`)

// suggestNotRE is the negative question that proposes the act instead of
// forbidding it: "could you not just drop the old route?", "can't we
// simply reuse the pool?", "why not just bump it?" ask for the thing done,
// so no rule against it is read there.
var suggestNotRE = mustPattern(`(?i)\b(?:(?:can|could)\s+(?:we|you|u)\s+not|(?:can't|cannot|couldn't)\s+(?:we|you|u)|why\s+(?:not|don't\s+(?:we|you))|wouldn't\s+it\s+be\s+(?:easier|simpler|better)\s+to)\s+(?:just|simply|merely|instead)\b`)

// vagueNoRE is a favour asked of nothing named: "can we not do this
// now?" puts something off.
var vagueNoRE = mustPattern(`(?i)\bnot\s+[a-z]+\s+(?:this|that|it|these|those|now|today|yet|again|any ?more)\b`)

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

// rangeTail is the second bound of a range a value may be: "10 to 16".
const rangeTail = `(?:\s+(?:to|through|-|–)\s+\d[\d.:]*(?:\s?(?:ms|s|sec|secs|seconds|minutes|mins|min|h|hours|days|mm|cm|m|px|am|pm)\b|%)?)?`

// terseNum is a value a terse setting gives: a number with its unit, a
// time of day, or a range of them.
const terseNum = `(?:\d+(?:[.,:]\d+)?(?:\s?(?:am|pm|` + measureUnit + `)\b|%)?(?:\s+per\s+(?:second|sec|minute|min|hour|day|request|user|tenant|page|gpu|node|worker))?)(?:\s+(?:to|through|-|–)\s+\d+(?:[.,:]\d+)?\s?(?:am|pm|ms|s|min|h|mm|cm|m|px|pt|%)?)?`

// terseTailRE is what may end a bare list of settings besides them: a
// word of putting back or of asking, in the languages read.
var terseTailRE = mustPattern(`(?i)(?:\s+(?:back|again|as\s+before|like\s+before|comme\s+avant|comme\s+tout\s+à\s+l'heure|como\s+antes|wie\s+vorher|wie\s+davor|come\s+prima|please|pls|bitte|por\s+favor|stp|svp|per\s+favore))*\s*[.!]?$`)

// codeWords are values an assignment in prose never means.
var codeWords = map[string]bool{"await": true, "yield": true, "new": true, "function": true, "null": true, "nil": true, "undefined": true}

// outcomeReadRE is a hedge that reads the outcome of the agent's own
// step, just seen in its result: "It seems that the `find` command didn't
// return any results", "It seems that the `old_str` I provided does not
// match", "It seems like the patch is truncated", "It seems that I am
// unable to make the change". The result itself is the evidence; the
// sentence guesses at no cause.
var outcomeReadRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|hmm|so|now|again|still)[,.]?\s+)?(?:it\s+(?:seems|appears|looks)(?:\s+(?:that|like))?|looks like|apparently)\s+(?:(?:i am|i'm|we are|we're) (?:still )?(?:unable|not able) to\b|(?:the|my|our|this|that|these|those)\s+(?:[^\s]+\s+){0,5}?[\x60'"]?(?:command|commands|search|searches|grep|find|output|outputs|result|results|tool|call|edit|replacement|old_str|view_range|patch|diff|compilation|build|test run|lines?|string|text|file|files|directory|folder|path|script|installation|install|download|request|query|page|link|url)\b[^.]*?\b(?:not (?:found|available|present|there|installed)|(?:does|did|do|is|are|was|were|has|have)(?:n't|\s+not)\s+(?:\w+\s+)?(?:exist|return|match|work|show|find|contain|present|available|run|apply|installed|found)|returned nothing|no (?:results?|matches|output|such)|failed|fails|failing|out of bounds|too (?:large|long|big)|truncated|empty|timed out|succeeded|passed|worked|still there))`)

// guessWords say that something is wrong, or that the agent is unsure,
// without saying what: a guess made of them and of stop words names
// nothing.
var guessWords = wordSet(`issue issues problem problems bug bugs cause causes culprit reason thing things something somewhere else elsewhere
	different differently complex complicated more another other still there here think thought guess suspect actually maybe perhaps probably
	likely possibly might may could would should be seems seem appears looks like fail fails failing work works working wrong right
	happening going happen way related specific part somehow certain some special case cases`)

// hypothesisPrefix opens the key of the agent's hypothesis.
const hypothesisPrefix = "hypothesis/-/"

// causeWordRE names a cause.
var causeWordRE = mustPattern(`(?i)\b(?:because|due to|since|caused by|as a result of|so that|which means)\b`)

// shellNames are the shells whose "-c" runs the line after it.
var shellNames = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true, "fish": true, "pwsh": true, "powershell": true}

// heredocWriteRE is a here-document written to a file: "cat >
// debug_issue.py << 'EOF'", "tee -a notes.md <<EOF"; its groups are the
// writer's start and the delimiter.
var heredocWriteRE = mustPattern(`(?P<w>\b(?:cat\s*>>?\s*\S+|tee(?:\s+-a)?\s+\S+))\s*<<-?\s*['"]?(?P<d>[A-Za-z_]\w*)['"]?`)

// clientFeedRE is a here-document fed to a client of a server (sftp,
// psql, mysql, redis-cli, ssh …): "sftp -b - user@host <<'EOF'".
var clientFeedRE = mustPattern(`\b(?:sftp|ftp|lftp|psql|mysql|sqlite3|redis-cli|mongosh|mongo|ssh)\b[^\n]*?\s*<<-?\s*['"]?(?P<d>[A-Za-z_]\w*)['"]?`)

// commandPrefix opens the state key of a command's outcome.
const commandPrefix = "command/-/"

var cdRE = mustPattern(`^cd\s+\S+\s*(?:&&|;)\s*`)

// runPrefix opens a link naming what a command ran: its program and
// operands (runSubject).
const runPrefix = "run/"

// noErrorLineRE is a line of a tool's report that says there was no
// error: Gemini CLI's shell tool ends every result with "Error: (none)",
// "Exit Code: 0", "Signal: (none)"; others print "errors: 0", "stderr:
// (empty)".
var noErrorLineRE = mustPattern(`(?im)^[ \t]*(?:errors?|stderr|exception|exit (?:code|status)|signal)[ \t]*[:=][ \t]*(?:\(none\)|none|null|nil|0|\(empty\)|empty|n/a|-)[ \t]*\r?$` +
	// dotnet test's summary of no failure (dotnettest.go)
	`|^[ \t]*(?:Output:[ \t]+)?Passed![ \t]+-[ \t]+Failed:[ \t]+0,[^\n]*$`)

// decisionMarkRE is the user calling what they said a decision: "— that's
// the decision", "final decision.", "that's decided." (not "nothing
// decided yet").
var decisionMarkRE = mustPattern(`(?i)[\s,;:—–-]*\b(?:that's|that is|this is|it's)\s+(?:(?:the|my|our)\s+(?:final\s+)?(?:decision|call)\b|(?:final|decided|settled)\b)[.!]*\s*$|[\s,;:—–-]*\b(?:final decision|decision made)[.!]*\s*$`)

// noOutputText is the whole text of a result whose output was empty, as
// an importer records it (a DSH text block is never empty).
const noOutputText = "(no output)"

// noResultText is the whole text of the result an importer gives a call
// its trajectory recorded none for (importer.NoResultText).
const noResultText = "no result recorded"

// maxWrittenValues bounds the settings one written configuration file
// states.
const maxWrittenValues = 32

// pyExceptionRE is the line a Python traceback ends with: the
// exception's name at the start of the line, then its message
// ("sqlite3.OperationalError: no such table: lotti", "KeyboardInterrupt").
var pyExceptionRE = mustPattern(`^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Failure|Fault)(?::\s|$)`)

// pyClassLineRE is a line opening with a class name, module-qualified
// or not, and a message after its colon.
var pyClassLineRE = mustPattern(`^(?:[a-z_][\w]*\.)*[A-Z]\w*: \S`)

// tagLineRE is a line of a harness's markup around the output
// ("<output>", "</output>").
var tagLineRE = mustPattern(`^</?[\w-]+>$`)

// qualifiedErrorRE is a line a raised error of a module's own starts
// with its qualified name ("etichette.errori.LottoNonTrovato: lotto …").
var qualifiedErrorRE = mustPattern(`^(?:[a-z_]\w*\.)+[A-Z]\w*: \S`)

// dataLineRE is a line of printed data ("\"issues_completed\": 0,", "}"),
// no message.
var dataLineRE = mustPattern(`^[{}\[\]"]|[,{\[]$`)

// bareLabelRE is a line that only labels what follows as an error:
// "ERROR:", "Error", "FAILED:", rspec's "Failures:".
var bareLabelRE = mustPattern(`(?i)^\W*(?:error|errors|failed|failures?|fatal|exception)\W*$`)

// bareCorrection is the value a short correction states alone, for the
// setting last named: "Scratch that, 9 retries." or "不对，12 次。" gives
// the one number or quoted value the sentence holds when, besides the
// correction words, it says at most two other words or names the setting
// again, after the correction's words. A longer sentence ("actually, run
// the tests in 3 batches") is about something else.
// notBeforeValue are the words of negation that turn down the value
// right after them: "not 0.02", "pas 0.02", "nicht 0.02".
var notBeforeValue = wordSet("not pas nicht niet inte ikke не ні")

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

// toldFailure reports whether out holds a failure the user told
// (userfail.go) in quote: "ainda tá quebrando, deu erro 500 de novo"
// after the agent's "ainda tá quebrando?" answers the question with a
// failure seen, and decides nothing.
func toldFailure(out []Proposal, quote string) bool {
	return slices.ContainsFunc(out, func(p Proposal) bool {
		return p.Kind == KindFailure && p.Pasted && strings.HasPrefix(p.Key, reportedPrefix) && p.Quote != "" && strings.Contains(quote, p.Quote)
	})
}
