// Proposals from the agent's words: decisions, hypotheses, narrated steps.

package projection

import (
	"slices"
	"strings"
)

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
	negativeRE    = mustPattern(`(?i)\b((?:that|this|it|which) (?:can't|cannot|can not|couldn't|could not|can never|will never|won't ever) (?:possibly )?work|doesn't work|does not work|didn't work|did not work|won't work|will not work|not viable|isn't viable|dead end|ruled out|rules out|is not the (?:cause|issue|problem|culprit)|isn't the (?:cause|issue|problem|culprit)|wasn't the (?:cause|issue|problem|culprit)|that's not it|not the right approach|(?:is|are|was|'s) never going to (?:work|finish|scale|fly|complete|fit|be fast enough)|abandon(?:ing)?|give up on|giving up on|no luck with|doesn't help|didn't help|won't help|red herring|not going to work|doesn't fix|didn't fix|(?:that's|that is|it's|it is|so it's|which is) (?:out|off the table|a non-starter|a no-go)|no-go|non-starter|off the table|scrap(?:ping|ped)? (?:that|this|the) (?:idea|approach|plan)|(?:won't|will not|can't|cannot) use (?:that|this|it) approach)\b|不可行|行不通|走不通|(?:这条|那条)路(?:子)?不行|(?:这个|那个|这种|那种)(?:思路|方案|办法|路子|做法)不行|排除|不是原因|不是问题所在|放弃|不起作用|没有效果|此路不通|没戏|不考虑|不用再试|不必再试|别再试|もう試さなくて(?:いい|大丈夫)|試さなくていい|もう試さない|使えないってこと|使えないことが(?:分か|わか)った`)
	hypothesisRE  = mustPattern(`(?i)\b(i suspect|suspect that|sospecho|supongo que|probablemente|quiz[aá]s|tal vez|a lo mejor|puede que|suspeito|provavelmente|talvez|sospetto|probabilmente|forse|je soupçonne|je suspecte|probablement|peut-être|sans doute|probably|likely|might be|may be|could be|my guess|i guess|possibly|perhaps|seems like|it seems|appears to be|my hypothesis|hypothesis:|meine vermutung|ich vermute|meine hypothese|mi sospecha|mi hipótesis|mon hypothèse|i think the (?:issue|problem|bug|cause)|i (?:think|believe|bet|reckon) (?:that )?(?:(?:the|an?|our|this|that|these|those|its|their) [\w\-\x60().+/]+(?: [\w.\-\x60+/()]+){0,12}?|[\w\-]*[._\x60()/+][\w.\-\x60+/()]*) (?:is|are|was|were) (?:the|a|our) (?:likely |real |root |main )?(?:cause|culprit|problem|issue|bug|reason|bottleneck)|the (?:issue|problem|bug|cause) (?:might|may|could) be)\b|可能|也许|大概|怀疑|猜测|推测|似乎|估计|かもしれ|(?:まだ|あくまで)推測|おそらく`)
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

// excludedFilesRE is 排除 ("exclude", also "rule out") said of files or
// paths: "均已排除 `node_modules` 和 `.git`" leaves them out of a listing,
// it rules out no approach or cause ("排除了缓存的问题" does).
var excludedFilesRE = mustPattern("(?:已|均已|都已|并|会)?排除(?:了|掉)?\\s*(?:`[^`\n]{1,80}`|node_modules|\\.git\\b|[\\w.\\-]*/[\\w.\\-/]*|\\*\\.\\w+)")

// fixStatusRE is "the fix is" telling how the fix does, not what it is:
// "The fix is working correctly.", "The fix is partially working.", "the
// solution is not complete yet". A status report, no course chosen ("the
// fix is to reorder the operations", "the fix is a guard in save()" are).
var fixStatusRE = mustPattern(`(?i)^(?:so,?\s+|ok,?\s+|okay,?\s+|now,?\s+)?(?:the|my|our|this) (?:fix|solution|approach|patch|change) (?:is|seems|appears)\s+(?:(?:now|still|also|only|not|partially|partly|mostly|fully|all|clearly|definitely|indeed|really|to be)\s+)*(?:working|failing|broken|complete|completed|done|correct|incorrect|wrong|right|effective|successful|sufficient|insufficient|incomplete|applied|in place|holding|fine|good|ok|okay)\b`)

// outcomeRead reports a hedge that reads a step's outcome and names no
// cause ("… because …" is a hypothesis about one).
func outcomeRead(s string) bool {
	return outcomeReadRE.MatchString(s) && !causeWordRE.MatchString(s)
}

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
	if items, span := hypothesisList(ev.Text); items != nil {
		// "Two hypotheses: 1) …; 2) …": one hypothesis each (hyplist.go)
		out = append(out, items...)
		if took == nil {
			took = map[string]bool{}
		}
		for _, s := range sentences(span) {
			took[strings.TrimSpace(s)] = true
		}
	}
	confirmed := !ctx.ChoseOffered
	reversed := false
	ss := sentences(ev.Text)
	for i, s := range ss {
		if p, ok := reversedDecision(unmarked(s)); ok {
			// A decision taken back by name; the next statement is the
			// course in its place (decreverse.go).
			out = append(out, p)
			reversed = true
			if p.Value != "" && courseSubject(p.Value) != "" && reversedCourse(p.Value) {
				// "I'm reversing the choice: the export will stream rows
				// in batches": the course in its place said after the
				// mark, taken after the reversal
				out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(p.Value), Value: p.Value, Quote: s, Links: mentions(p.Value)})
				reversed = false
			}
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
		// "Hypothesis 2 holds.": a verdict by number, however short
		// (hyplist.go)
		out = append(out, numberedVerdicts(l)...)
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
		if heldReported(l, ctx.Held) {
			// "exportTimeoutMs 改为 120000。" after the sed that set it:
			// the value held, reported (filekey.go)
			continue
		}
		if goalSaidRE.MatchString(l) {
			// "目标改为：…": the objective said again, no choice.
			continue
		}
		if v, ok := verdictProposal(l); ok {
			// "Confirmed: …", "galat tha mera andaza — …" (hypclose.go)
			out = append(out, verdictRunOn(v, ev.Text, ss, i))
		}
		hedged := hypothesisRE.MatchString(l) && !exploreLeadRE.MatchString(l) && !outcomeRead(l) || unsureSubject(l) != "" || guessLabelRE.MatchString(l)
		decided := false
		body := l
		if m := decisionRE.FindStringSubmatch(l); m != nil && !exploreRE.MatchString(m[1]) && !stepNarration(l) && !fixStatusRE.MatchString(l) {
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
		case negativeRE.MatchString(excludedFilesRE.ReplaceAllString(l, " ")) || agentRulesOut(l):
			out = append(out, Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(l), Value: l, Quote: l, Links: mentions(l)})
			if c := courseAfterNegative(l); c != "" {
				// "That can't work: sqlx doesn't support X, so I'll do
				// two queries": the course taken in its place
				out = append(out, Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(c), Value: c, Quote: c, Links: mentions(c)})
			}
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

// rulesOutAnyRE is the agent ruling an approach out in its own words, in
// English and the Romance languages it writes when the user does: "I
// rule out offset pagination", "Descarto offset pagination", "descartei
// o polling", "escludo il lock ottimistico", "j'écarte le polling": the
// first person only ("i non pagati vengono scartati" tells what the code
// does with data; Italian "lo scarto" is also the gap between two
// numbers). notRulesOutRE is the same verb negated
// ("no descarto que sea el índice", "non escludo", "je n'exclus pas",
// "I can't rule out"): a doubt left open, no approach dropped.
var (
	rulesOutAnyRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:(?:i|we)\s+(?:rule|am ruling|'m ruling|are ruling)\s+out|descart(?:o|amos|é|ei)|scartiamo|escludo|escludiamo|(?:j'|on\s+)(?:écarte|exclut|exclus))(?:[^\p{L}]|$)`)
	notRulesOutRE = mustPattern(`(?i)(?:^|[^\p{L}])(?:no|não|nao|non|sin|sem|senza|not|don't|can't|cannot|n'|ne)\s+(?:(?:lo|la|le|se|l'|o|a)\s*)?(?:rule\s+out|descart|scart|esclud|exclu|écart)`)
)

// agentRulesOut reports whether sentence l of the agent's rules an
// approach out (rulesOutAnyRE): not negated, not asked.
func agentRulesOut(l string) bool {
	return rulesOutAnyRE.MatchString(l) && !notRulesOutRE.MatchString(l) && !questionRE.MatchString(l)
}

// courseAfterNegativeRE is the course the agent takes in a sentence that
// rules an approach out, after it: "…, so I'll do two queries and join in
// Go", "…; I'll switch to a manual join instead".
var courseAfterNegativeRE = mustPattern(`(?i)(?:,\s*|;\s*|\s[—–-]\s*)(?:so|therefore|hence|instead)?,?\s*(?P<c>(?:i'll|i will|i'm going to|we'll|we will|let's)\s+(?:\w+\s+){0,2}?(?:use|do|go with|switch to|try|write|add|implement|keep|fall back to|move to|replace)\b[^;]{3,160}?)\s*[.!]?$`)

// courseAfterNegative is the course the agent's sentence l, which rules
// an approach out, takes in its place ("so I'll do Y"), or "": a step of
// the work ("so I'll rerun the tests") is no course.
func courseAfterNegative(l string) string {
	m := courseAfterNegativeRE.FindStringSubmatch(l)
	if m == nil {
		return ""
	}
	c := strings.TrimSpace(m[courseAfterNegativeRE.SubexpIndex("c")])
	if stepNarration(c) || questionRE.MatchString(c) || len(terms(c)) < minTerms {
		return ""
	}
	return c
}
