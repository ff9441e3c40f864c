package projection

import (
	"strings"
	"unicode"
)

// A task handed to someone else, or called off.
//
// "MES 回写那块交给 MES 组的阿凯做，…，你不用弄", "Priya's team will take
// care of the DNS change, no need for you to do it", "skip the SRT to VTT
// script, not needed": the user takes an open obligation off the agent.
// The open obligation the sentence shares the most words with (English
// stems or Chinese character pairs, two at least; a version, an
// identifier or a path counts for two) is released, with the
// sentence as the reason; a sentence that shares fewer releases nothing,
// and no rule is ever lifted by it. A sentence sharing one word only
// ("skip the changelog", "Priya already updated the changelog", "I did
// the changelog myself") releases the one open obligation holding a word
// said around its cue, when no other open obligation shares any
// (onlyObligationNaming).

// handoffRE is the agent released from a task: handed to someone ("hand
// it to", "X will handle it", "交给 X 做"), or not needed ("no need to",
// "you don't need to", "你不用弄", "不需要了").
var handoffRE = mustPattern(`(?i)\b(?:no need (?:for you )?to|no need for (?:the|that|this|a|an|any)|let(?:'s| us) not (?:do|write|add|make|send|file|open|post|schedule|update|bother(?: with)?)|(?:isn't|aren't) (?:needed|necessary)|you don't (?:need|have) to|you do not (?:need|have) to|don't bother (?:with|to)|(?:hand|pass) (?:it|that|this|the \w+(?: \w+)?) (?:off |over )?to|leave (?:it|that|this|the \w+(?: \w+)?) to|(?:will|'ll|is going to|are going to) (?:handle|take care of|take over|own|do) (?:it|that|this|the)|is (?:not|no longer) needed|not needed any ?more|(?:is|are) off your plate|skip (?:the|that|this)|forget (?:about )?(?:the|that|this)|never ?mind (?:about )?(?:the|that|this)|scratch (?:the|this)|(?:is|are|'s) already (?:done|handled|taken care of|sorted(?: out)?)|already (?:did|done|wrote|written|sent|took care of|taken care of|made|ran|built|\w{2,}ed)|(?:i|we) (?:did|took care of|wrote|sent|made|ran|built|set up|\w{2,}ed) (?:it|that|this|the \w+(?: \w+)?) (?:myself|ourselves)|(?:i|we)(?:'ll| will| am going to| are going to) \w+ (?:it|that|this|the \w+(?: \w+)?) (?:myself|ourselves)|(?:don't|do not|no need to) (?:send|do|write|make|build|file|open|post|schedule) (?:it|that|this|them)|(?:is|are|has been|have been) (?:cancell?ed|called off)|cancel (?:the|that|this)|(?:won't|will not) be needed|no longer (?:needed|necessary|wanted))\b|(?:^|[^\p{L}])(?:no (?:lo|la|los|las) (?:mandes|hagas|env[ií]es|subas|corras|publiques|escribas)|ya no (?:hace falta|es necesario)|olv[ií]da(?:te)? (?:de )?(?:lo|eso|el|la)|n[aã]o (?:precisa|precisas) (?:mais )?(?:mandar|fazer|enviar)|ne (?:l'|le |la )?(?:envoie|fais) pas|laisse tomber|pas besoin|brauchst du nicht|musst du nicht|lass (?:das|es) (?:weg|sein))(?:[^\p{L}]|$)|交给[^，,。；;]{1,24}?(?:做|弄|处理|负责|来)|(?:你)?不用(?:你)?(?:弄|做|管|处理)了?|不需要(?:你)?(?:弄|做|处理)了?|用不着(?:你)?(?:弄|做)|(?:先|暂时|就)?不(?:做|搞|弄|支持|跑|测|加)了|(?:下个?(?:季度|月|版本|迭代|礼拜|星期)|以后|后面|之后)再(?:说|做|搞)`)

// beforeRE is a time clause before the hand-over: "before you hand it
// to QA", "在交给 … 之前".
var beforeRE = mustPattern(`(?i)\b(?:before|until|once|after|when)\b|在$|之前|以前`)

// handoff is the proposal that releases the open obligation sentence s
// hands off or calls off, or false.
func handoff(s string) (Proposal, bool) {
	loc := handoffRE.FindStringIndex(s)
	if loc == nil {
		// "eso lo hace Andrés", "je m'en occupe moi-même" (refusedtask.go)
		loc = whoDoes(s)
	}
	if loc == nil || questionRE.MatchString(s) || beforeRE.MatchString(s[:loc[0]]) {
		// "before you hand this over to Lars: …" sets the tasks for
		// before the hand-over
		return Proposal{}, false
	}
	return Proposal{Op: OpLift, Kind: KindObligation, Key: "obligation/-/" + slug(s), Value: s, Quote: s}, true
}

// release marks the open obligation p's words name as released by the
// user (handoff), the sentence kept as the reason.
func (r *Reducer) release(p *Proposal, ref EventRef) {
	o := r.releasing(p, ref, nil)
	if o != nil {
		// "CheckoutViewModel 拆分下个版本再说" of the user's "把
		// CheckoutViewModel 拆了", which the agent's task list holds in
		// its own words (todo.go): the user's task and the agent's item
		// of it are put off together, neither left open behind the
		// other that named it better
		todo := strings.HasPrefix(o.Key, todoKeyPrefix)
		if u := r.releasing(p, ref, func(a *Anchor) bool { return strings.HasPrefix(a.Key, todoKeyPrefix) != todo }); u != nil {
			r.lifted(u, p, ref)
		}
	}
	if o == nil {
		o = r.onlyObligationNaming(p.Value, ref)
	}
	if o == nil {
		// "eso lo hace Andrés" as the user denies the edit of the file
		// the task names (refusedtask.go)
		o = r.refusedTask(ref)
	}
	if o == nil && ruleNounRE.MatchString(p.Value) {
		// "scratch the deploy ban": no task, a rule dropped by what it
		// is called
		r.lift(&Proposal{Op: OpLift, Kind: KindConstraint, Value: p.Value, Quote: p.Quote, Links: mentions(p.Value)}, ref, "")
		return
	}
	if o == nil {
		return
	}
	r.lifted(o, p, ref)
}

// lifted marks o released by the user's sentence p.
func (r *Reducer) lifted(o *Anchor, p *Proposal, ref EventRef) {
	o.Lifecycle = Lifted
	o.Because = strings.TrimSpace(p.Quote)
	o.addRef(ref)
}

// releasing is the open obligation sharing most words (two at least) with
// p's sentence, the newer of a tie; of those in, when in is not nil.
func (r *Reducer) releasing(p *Proposal, ref EventRef, in func(*Anchor) bool) *Anchor {
	ws := handoffWords(p.Value)
	var o *Anchor
	most := 1
	for _, a := range r.hot {
		if a.Kind != KindObligation || a.Lifecycle != Open || a.Seq() == ref.Seq || in != nil && !in(a) {
			continue
		}
		n := 0
		for w := range handoffWords(a.Value) {
			if ws[w] {
				n++
				if distinctiveWord(w) {
					// "2.0.1 先不做了" of "顺便把 OCPP 2.0.1 也支持下":
					// a name of one thing counts for two words
					n++
				}
			}
		}
		if n > most || n == most && o != nil && newer(a, o) {
			o, most = a, n
		}
	}
	return o
}

// onlyObligationNaming is, for a sentence that shares one word with the
// open obligations ("skip the changelog" of "update the changelog before
// Friday"), the one open obligation sharing a word of the few the cue
// names ("the changelog"), when no other shares any; else nil.
func (r *Reducer) onlyObligationNaming(s string, ref EventRef) *Anchor {
	loc := handoffRE.FindStringIndex(s)
	if loc == nil {
		return nil
	}
	// "skip the changelog", "the changelog is already done", "I did the
	// changelog myself": the words around the cue.
	object := handoffWords(lastWords(s[:loc[0]], 3) + " " + s[loc[0]:loc[1]] + " " + firstWords(s[loc[1]:], 3))
	ws := handoffWords(s)
	var o *Anchor
	for _, a := range r.hot {
		if a.Kind != KindObligation || a.Lifecycle != Open || a.Seq() == ref.Seq {
			continue
		}
		shares, named := false, false
		for w := range handoffWords(a.Value) {
			shares = shares || ws[w]
			named = named || object[w]
		}
		if !shares {
			continue
		}
		if o != nil || !named {
			return nil
		}
		o = a
	}
	return o
}

// handoffWords are wordsAndPairs with the acronyms of x ("MES", "SRT"),
// which name a system whatever the stop words of a language say.
func handoffWords(x string) map[string]bool {
	m := wordsAndPairs(x)
	for _, f := range strings.FieldsFunc(x, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) || isCJK(r) }) {
		if len(f) >= 2 && strings.ToUpper(f) == f && strings.ContainsFunc(f, unicode.IsUpper) {
			m["\x00"+f] = true
		}
	}
	for _, f := range strings.FieldsFunc(x, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("._-/", r) || isCJK(r)
	}) {
		// a version, an identifier, a path: "2.0.1", "en_mmlu"
		if f = strings.Trim(f, ".-"); strings.ContainsAny(f, "_/") || strings.Contains(f, ".") && strings.ContainsAny(f, "0123456789") {
			m["\x00"+f] = true
		}
	}
	return m
}

// distinctiveWord reports whether w, one of handoffWords, names one
// thing: an acronym, a version, an identifier or a path.
func distinctiveWord(w string) bool {
	return strings.HasPrefix(w, "\x00")
}

// ruleNounRE names a rule by what it is: "the deploy ban", "the no-deploy
// rule", "my earlier note about prod deploys", "the freeze", a handoff
// note's item "the pgx \"Don't\"".
var ruleNounRE = mustPattern(`(?i)\b(?:ban|rule|restriction|freeze|embargo|policy|moratorium|prohibition)s?\b|\b(?:note|instruction|what i said)\s+about\b|["“']don'?t["”']|\bthe\s+don'?t\b`)

// compoundRuleRE is a German compound naming a rule by its thing: "die
// Migrations-Regel", "die Deploysperre", "das Push-Verbot".
var compoundRuleRE = mustPattern(`(?i)\p{L}-?(?:regel|sperre|verbot)\b`)

// dropRuleRE drops a thing by a verb of dropping: "ignore my earlier note
// about …", "scratch the deploy ban".
var dropRuleRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|and|also|alright|oh)[,]?\s+)*(?:please\s+)?(?:ignore|disregard|forget|scratch|drop|lift|cancel)\s+(?:about\s+)?(?:my|the|that|our|your|this)\b`)

// namedRuleLift reports whether user sentence s drops a rule by what it
// is called: a rule noun with a verb of dropping, or with words that say
// it no longer holds.
func namedRuleLift(s string) bool {
	if compoundRuleRE.MatchString(s) && explicitLiftRE.MatchString(s) && !questionRE.MatchString(s) && !liftRE.MatchString(s) {
		// "die Migrations-Regel von vorhin ist hinfällig"
		return true
	}
	if questionRE.MatchString(s) || !ruleNounRE.MatchString(s) || liftRE.MatchString(s) {
		// a lift the other readings know ("the freeze is over, …") is
		// theirs
		return false
	}
	return dropRuleRE.MatchString(s) || explicitLiftRE.MatchString(s)
}

// noPrefixRE is the "no-" of a rule named by what it forbids ("the
// no-deploy rule").
var noPrefixRE = mustPattern(`(?i)\b(?:no|non|never)-`)

// ruleNounWords is s with a rule's "no-" name made its words ("the
// no-deploy rule" reads "the deploy rule"), for matching the rule.
func ruleNounWords(s string) string {
	return noPrefixRE.ReplaceAllString(s, "")
}
