// Proposals from the user's words and the project's instructions
// (proposeInstructions).

package projection

import (
	"cmp"
	"slices"
	"strings"
)

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
			// "почини панику, и никаких новых зависимостей": the task's
			// clause, the rule a constraint of its own (ruletail.go)
			task, rule := taskBeforeRule(q)
			out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(task, valueRunes), Quote: task})
			objective = task
			if rule != "" && !slices.ContainsFunc(sentences(text), func(s string) bool { return strings.Contains(s, rule) && isRule(s) }) {
				out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(rule), Value: rule, Quote: rule, Links: mentions(rule)})
			}
		}
	}
	if o, ok := noticeOutcome(text); ok && ev.Role == RoleUser {
		out = append(out, o)
	}
	lastKey, lastName := ctx.LastValueKey, ctx.LastValueName
	if k, _, ok := directedTopic(text, ctx.Values, lastKey); ok && ev.Role == RoleUser && !slices.ContainsFunc(ctx.Values, func(h HeldValue) bool { return h.Key == k }) {
		// "y el page size bájalo a 25" after the timeout was set: the
		// noun names a setting not held, so no reader of this message
		// binds its number to the setting touched last.
		lastKey, lastName = "", ""
	}
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
		// A block the user pastes (a fenced block, a tool's output line)
		// reports what a tool printed: no line of it names a goal
		// ("> Task :integrationTest FAILED" is Gradle's, no "Task:").
		said := outsideFences(text)
		for _, line := range strings.Split(said, "\n") {
			line = strings.TrimSpace(line)
			if m := objectiveRE.FindStringSubmatch(line); m != nil && len([]rune(line)) <= maxSentence && !toolLineRE.MatchString(line) {
				objLines = append(objLines, line)
				out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(cleanValue(m[1]), valueRunes), Quote: line, Correction: true})
			}
		}
		if ev.Role == RoleUser && len(objLines) == 0 && ctx.ObjectiveAsked {
			if q := askedTask(said); q != "" {
				// "Create policy-neutral.txt containing …, verify it,
				// then report completion." after the question the
				// session opened with was answered: the task is the goal.
				objLines = append(objLines, q)
				out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(q, valueRunes), Quote: q, Correction: true})
			}
		}
		if ev.Role == RoleUser && len(objLines) == 0 {
			if q, v := mainTask(said); q != "" {
				// "Now the main thing: the checkout e2e is red. Get
				// checkout.spec.ts passing." (maintask.go)
				objLines = append(objLines, q)
				out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(v, valueRunes), Quote: q, Correction: true})
			}
		}
		if ev.Role == RoleUser && len(objLines) == 0 {
			if q, v := nextTask(said); q != "" {
				// "Thanks, that works. Now add CSV export to the reports
				// page.": the task before is done, this one is the goal.
				objLines = append(objLines, q)
				out = append(out, Proposal{Op: OpState, Kind: KindObjective, Key: "objective/session/goal", Value: oneLine(objectiveText(v), valueRunes), Quote: q, Correction: true})
			}
		}
		if ev.Role == RoleUser && len(objLines) == 0 {
			if q, v, done := switchedTask(said); q != "" {
				// "…; that's the priority now", "new prio: …" (objshift.go,
				// objswitch.go)
				if done != "" {
					out = append(out, Proposal{Op: OpDone, Kind: KindObjective, Key: objectiveKey, Value: done, Quote: done})
				}
				objLines = append(objLines, q)
				objLines = append(objLines, parkedAlong(said, q)...)
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
		if t := tagless(s); t != "" {
			// "if the tests fail, don't push, ok?": a rule asking for
			// a nod, no question (tagquestion.go)
			s = t
		}
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
			if p, ok := heldInsteadValue(s, ctx.Values, lastKey, scope); ok && ev.Role == RoleUser {
				// "deadline übrigens auf 45s statt 30, Staging-DB ist
				// langsam": a held number replaced, no course chosen
				// (notinstead.go)
				out = append(out, p)
				prev = s
				return
			}
			if t := placeExceptTopic(s); t != "" && ev.Role == RoleUser {
				// "unsafe: в simd.rs можно, только там": an exception to
				// the rule its label names (topicexcept.go)
				out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "topic", Value: t, Quote: s})
				excepted, prev = true, s
				return
			}
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
			if ev.Role == RoleUser && politeNoRE.MatchString(s) && !vagueNoRE.MatchString(s) && !suggestNotRE.MatchString(s) && constraints < maxConstraintsPerEvent {
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
				} else if x := afterAllChoice(s); x != "" {
					// "So grpc-gateway after all.", "Also doch
					// grpc-gateway." (userknow.go)
					ps, rest = []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(x), Value: s, Quote: s, Correction: true, Links: mentions(s)}}, false
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
			if wasExcepted && (remainderRE.MatchString(s) || restLeadRE.MatchString(s)) {
				// "Rest of vendor stays off-limits." after an exception to
				// the vendor rule: the rule's remainder, already held; "só
				// na src/legacy pode deixar any. no resto do código nada de
				// any" with no rule held: the rule, said with its exception
				// first (restrule.go).
				if x := lastExceptQuote(out); x != "" && ev.Role == RoleUser && restIsRule(s) && constraints < maxConstraintsPerEvent {
					constraints++
					out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Name: restName, Key: "constraint/-/" + slug(s), Value: s, Quote: s, Because: x, Links: mentions(s), Scope: scope})
				}
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
			if x := selfNamedException(s); x != "" && ev.Role == RoleUser {
				// "yes you can add a new one for export_jobs, that's the
				// exception": an exception to the rule the permission, or
				// the question it answers, is about (ruleexcept.go).
				out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: selfNamedName, Value: x, Quote: s, Because: ctx.Offer})
				excepted, prev = true, s
				return
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
					if loc := permitWordRE.FindStringIndex(c); loc != nil && !placeBefore(c[:loc[0]]) {
						from = c[loc[0]:]
					}
					out = append(out, Proposal{Op: OpExcept, Kind: KindConstraint, Name: "word", Value: x, Quote: exceptQuote(from, x, s)})
					excepted = true
				} else if x := permittedAct(c, s); x != "" && !liftRE.MatchString(c) {
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
			// A project's instructions (a system message, an instruction
			// file) say how the work is always done: "提交前必须跑 lint",
			// "run the linter before committing" holds for every commit.
			recurring := (everyTimeRE.MatchString(s) || doneClaimRule(s) || ev.Role == RoleSystem) && isRule(s)
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
					if len(vs) == 0 && loneSettingRE.MatchString(s) {
						// "… zostaje sync. tries 3": a sentence that is
						// only a setting's name and its number has no
						// word of the user's language in it to misread
						vs = values(s, vk, vn, corr, scope, true)
					}
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
			if v := backToValue(s); len(vs) == 0 && ev.Role == RoleUser && !rel && v != "" && lastKey != "" {
				// "go back to 15": the number, for the setting whose value
				// before it was (valueref.go), the one the sentence names
				// ("CommandTimeout toch terug naar 30"), else the one set
				// last.
				if k, n, ok := backToTarget(s, ctx.Values, lastKey, lastName); ok && backToFits(ctx.Values, k, v) {
					vs = []Proposal{{Op: OpState, Kind: KindValue, Key: k, Name: n, Value: v, Quote: s, Correction: true, Scope: scope}}
				}
			}
			if v := tryValue(s); len(vs) == 0 && ev.Role == RoleUser && !rel && v != "" && lastKey != "" && tryFits(ctx.Values, lastKey, v) {
				// "hm, that's worse. try 256K": the number, for the
				// setting set last (trynum.go).
				vs = []Proposal{{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Quote: s, Scope: scope}}
			}
			if v, was := insteadValue(s); ev.Role == RoleUser && !rel && v != "" && lastKey != "" && insteadFits(ctx.Values, lastKey, was) {
				// "3, niet 5": the number in place of the one the setting
				// suggested or set last had (notinstead.go); the sentence
				// is that shape whole, so no other reading of its numbers
				// ("non 5" read as the value 5) holds
				vs = []Proposal{{Op: OpState, Kind: KindValue, Key: lastKey, Name: lastName, Value: v, Was: was, Quote: s, Correction: true, Scope: scope}}
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
			if !announced[s] && goalLabelRE.MatchString(s) && !negRE.MatchString(s) {
				// "goal: dotnet test green and the migration must run on
				// the local db": what the goal asks, no rule (its "must"
				// measures the goal)
			} else if !restate && (isRule(s) && !(ev.Role == RoleUser && valueChangeOnly(s, vs)) || announced[s]) && !asksWhom(s) && constraints < maxConstraintsPerEvent {
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
		// A rule reported and disowned in the same breath (disowned.go).
		out = disowned(text, out)
	}
	return out
}

// toolLineRE is a line a tool printed that reads like a label: Gradle's
// "> Task :app:test FAILED" (a task path after a space and a colon).
var toolLineRE = mustPattern(`^\W*Task\s+:[\w:-]+`)

// loneSettingRE is a sentence that is only a setting's name, in code's
// letters, and its number: "tries 3", "SMS_QUEUE_TRIES 5".
var loneSettingRE = mustPattern(`^\s*[A-Za-z][A-Za-z_]{2,40}\s+\d+(?:\.\d+)?\s*[.!]?\s*$`)
