package projection

import "strings"

// Rules and how they end: conditions that hold already, and sentences
// that look like rules and are not.
//
// A permission may carry a condition that is no condition: the agent's
// own benefit ("you can change the Filter signature after all if it
// helps", "if you need to", "if that makes it easier", "要是有帮助的话").
// It is met whenever the agent acts on the permission, so the permission
// lifts the rule as one said without it does. A condition of the world
// ("once the release is out", "if the backup is done", "备份做完的话")
// is not met yet, and the rule stays in force.

// benefitIfRE is a condition of the agent's own benefit or need.
var benefitIfRE = mustPattern(`(?i)[,(]?\s*\b(?:if|when(?:ever)?)\s+(?:it|that|this|doing so)\s+(?:helps?|would help|makes? (?:it|things|this|that|the (?:code|change|work|job)|your life|life) (?:easier|simpler|cleaner|nicer)|is (?:easier|simpler|cleaner|useful|helpful|needed|necessary)|simplifies (?:things|it|the \w+))\b\)?|[,(]?\s*\bif (?:you|u) (?:need|want|have|must|like|prefer)(?: to)?(?: (?:it|that|this))?\b\)?|[,(]?\s*\b(?:if|when|where|as) (?:needed|necessary|need be|required|useful|helpful|appropriate|you see fit|you think it'?s? (?:best|needed|necessary|useful))\b\)?|[，,（(]?\s*(?:如果|要是|假如|若)?(?:(?:对你)?有(?:帮助|用|必要)|(?:你)?(?:需要|觉得需要|觉得有必要)|(?:更)?方便|(?:能)?(?:更)?简单(?:点|些|一些)?)的话[）)]?`)

// withoutBenefitIf is c without its conditions of the agent's own benefit.
func withoutBenefitIf(c string) string {
	return benefitIfRE.ReplaceAllString(c, " ")
}

// pronounRuleRE is a thing named by a pronoun: "Do not modify it",
// "never push to them", "别动它".
var pronounRuleRE = mustPattern(`(?i)\b(?:it|them|these|those)\b|它|它们`)

// namesByPronoun reports whether rule s names its thing only by a
// pronoun: a pronoun, and no name of a thing (an identifier, a quoted
// word) beside it.
func namesByPronoun(s string) bool {
	return pronounRuleRE.MatchString(s) && len(mentions(s)) == 0 && len(terms(s)) < 4
}

// A setting held where it is.
//
// "minSdk stays 24 whatever happens", "the pool size remains at 8",
// "JDK 保持 17 不变" set the setting and bind it there: a rule that holds
// a value fixed, read as the rule and as the setting's value (as "keep
// minSdk at 24 no matter what" is). What a thing measures is told the
// same way ("p99 stays at 200ms", "memory remains at 2 GB under load"),
// so the setting's name must be no measure (measureKeyRE) and the clause
// end at the value, or at a word that binds it ("whatever happens", "for
// now"); a question or a past tense holds nothing.

var (
	// holdRE is a setting said to stay at its value.
	holdRE = mustPattern(`(?i)(?:^|[,;:—–]\s*|\b(?:also|and|but|so|plus|k|ok|okay|btw)[,.]?\s+)(?:the\s+|our\s+)?(?P<k>` + "`?" + `[\p{L}][\w.\-/` + "`" + `]*(?:\s+[\p{L}\d][\w.\-/` + "`" + `]*){0,2}?)\s+(?:stays|remains|is staying|will stay|will remain)\s+(?:at\s+|on\s+|pinned\s+(?:at|to)\s+)?(?P<v>v?\d[\w.\-]*(?:\s?(?:` + measureUnit + `)\b|%)?|` + "`[^`]{1,30}`" + `)(?P<t>(?:\s+(?:whatever happens|no matter what|for now|for this release|for the release|everywhere|across the board|as is|please|pls|ok))*)\s*(?:[,.;!—–]|$)`)
	// zhHoldRE is the Chinese one: "minSdk 保持 24 不变", "JDK 版本固定在 17 不动".
	zhHoldRE = mustPattern(`(?P<k>[\p{Han}\w.\-/]{1,20}?)\s*(?:保持|维持|固定)(?:在|为|成)?\s*(?P<v>v?\d[\w.\-]*\s*(?:[a-zA-Z%]+|个|秒|分钟|小时|天|位)?)\s*(?:不变|不动|不改)`)
	// measureKeyRE names what a thing measures, not a setting.
	measureKeyRE = mustPattern(`(?i)\b(?:p\d{2,3}|latency|latencies|memory|rss|heap|cpu|gpu util\w*|usage|load|throughput|rate|time|duration|speed|error|errors|temperature|temp|score|accuracy|loss|coverage|disk|traffic|qps|rps|requests|price|balance|count of|number of|still|even|just|only|never|always|it|that|this|which|what|else|everything|everyone|rest|others|all)\b|内存|延迟|耗时|占用|利用率|准确率|覆盖率`)
)

// valueHeld is the setting and value sentence s holds fixed, and the
// clause saying it; ok false when s holds none.
func valueHeld(s string) (k, v, clause string, ok bool) {
	if questionRE.MatchString(s) {
		return "", "", "", false
	}
	if m := holdRE.FindStringSubmatchIndex(s); m != nil {
		k, v = s[m[2]:m[3]], s[m[4]:m[5]]
		f := strings.Fields(k)
		for len(f) > 1 && (stopwords[strings.ToLower(f[0])] || discourseWords[strings.ToLower(f[0])]) {
			// "also minSdk stays 24": the setting after the word that
			// joins it on
			f = f[1:]
		}
		k = strings.Join(f, " ")
		if measureKeyRE.MatchString(k) || stopwords[strings.ToLower(f[0])] || strings.ContainsAny(f[len(f)-1][:1], "0123456789") || strings.EqualFold(strings.Trim(k, "`"), strings.Trim(v, "`")) {
			// "so 1998.045.003 stays 1998.045.003": a name kept as
			// written, no setting
			return "", "", "", false
		}
		return strings.Trim(k, "`"), strings.Trim(v, "`"), strings.TrimSpace(s[m[2]:m[7]]), true
	}
	if m := zhHoldRE.FindStringSubmatchIndex(s); m != nil {
		k, v = s[m[2]:m[3]], s[m[4]:m[5]]
		if measureKeyRE.MatchString(k) {
			return "", "", "", false
		}
		return k, strings.TrimSpace(v), s[m[2]:m[1]], true
	}
	return "", "", "", false
}

// discourseWords join a clause on without naming anything.
var discourseWords = wordSet(`also and but so plus k ok okay btw oh then`)

// holdsValue reports whether sentence s is a rule holding a setting at
// its value (see valueHeld).
func holdsValue(s string) bool {
	_, _, _, ok := valueHeld(s)
	return ok
}

// Sentences with a rule's words that bind nothing.
//
// A thing's present limit told before a request to change it ("train.py
// 现在只能单卡跑，帮我改成多卡 DDP") is the problem the request is for,
// not a rule the agent works under: the request is the task. A deferral
// of the act a question proposes ("think about it, don't do it now",
// "先想想，先别动手") leaves the question open; it forbids nothing beyond
// the moment.

var (
	// zhLimitNowRE is a thing's present limit: "现在只能", "目前只支持".
	zhLimitNowRE = mustPattern(`(?:现在|目前|当前|眼下|如今)(?:还|也)?只(?:能|可以|支持|会|跑得了)`)
	// zhAskChangeRE is a request to change it: "帮我改成", "麻烦把它换成".
	zhAskChangeRE = mustPattern(`(?:帮(?:我|忙|我们)?|请(?:你|帮我)?|麻烦(?:你)?|能不能|可以)\s*(?:把[^，,。；;]{0,20}?)?(?:改|换|做|变|弄|加上|支持|实现|扩展|迁移|重构)`)
	// deferActRE is the act put off: "don't do it now", "not yet", "先别动手".
	deferActRE = mustPattern(`(?i)\b(?:don'?t|do not|no need to)\s+(?:do|start|build|implement|change|touch)\s+(?:it|that|this|anything)\s+(?:(?:just|right)\s+)?(?:now|yet|today|for now)\b|(?:先|暂时|现在)(?:别|不要|不用|不急着)(?:做|动手|弄|改|实现)`)
	// deferNowRE is the fix put off in a sentence that parks a matter:
	// "don't fix it now", "do not resolve now" (glossed "não resolve
	// agora"), "no need to handle that yet".
	deferNowRE = mustPattern(`(?i)\b(?:don'?t|do not|no need to|not)\s+(?:do|start|fix|resolve|solve|handle|touch|chase|debug|look at)\s+(?:(?:it|that|this|them|anything)\s+)?(?:(?:just|right)\s+)?(?:now|yet|today|for now)\b`)
	// weighRE tells the agent to think a matter over.
	weighRE = mustPattern(`(?i)\b(?:think (?:about|it over|on)|consider|mull|sleep on|weigh|look into|figure out|investigate)\b|想想|想一想|考虑|琢磨|研究一下|评估`)
)

// bindsNothing is s without what states no rule in it: a present limit
// before a request to change it, and a deferral after a matter to
// think over (see above); "" when nothing is left.
func bindsNothing(s string) string {
	if loc := zhLimitNowRE.FindStringIndex(s); loc != nil {
		if ask := zhAskChangeRE.FindStringIndex(s[loc[1]:]); ask != nil {
			s = s[:loc[0]] + "现在" + s[loc[1]:]
		}
	}
	if weighRE.MatchString(s) {
		s = deferActRE.ReplaceAllString(s, " ")
	}
	if parkRE.MatchString(s) && !questionRE.MatchString(s) {
		// "o EAS fica pra depois, não resolve agora" (the EAS can wait,
		// don't fix it now): a matter set aside, not a standing rule
		s = deferNowRE.ReplaceAllString(s, " ")
	}
	return s
}

// ruleByPronounRE is a rule clause whose subject is a pronoun: "so it
// has to stay clippy clean", "and they must not change".
var ruleByPronounRE = mustPattern(`(?i)^\W*(?:(?:and|but|so|then|which means)\s+)?(?:it|they|these|those)\s+(?:has to|have to|must|needs? to|should|shall|can't|cannot|may not|mustn't|is to|are to)\b`)

// extendExcept makes the last exception proposed in out quote its
// remainder s too when s follows the exception's quote in text ("u can
// add the consumerProguardFiles line to :core. only that line nothing
// else in that file"): the rule's restatement then says how narrow the
// exception is.
func extendExcept(out []Proposal, text, s string) {
	for j := len(out) - 1; j >= 0; j-- {
		if out[j].Op != OpExcept {
			continue
		}
		q := out[j].Quote
		qi := strings.Index(text, q)
		if qi < 0 {
			return
		}
		end := qi + len(q)
		si := strings.Index(text[end:], s)
		if si < 0 || strings.TrimSpace(text[end:end+si]) != "" && strings.Trim(text[end:end+si], " .,;—–") != "" {
			return
		}
		out[j].Quote = text[qi : end+si+len(s)]
		return
	}
}

// genericWords are words a permission shares with many rules without
// naming what either is about.
var genericWords = wordSet(`can may add put use make let allow allowed fine line lines file files thing things code change changes edit touch
one only else nothing everything rest that this there here said says now again just also still`)

// topicRule is the active prohibition a permission naming no rule by
// its shape shares its topic with ("u can add the consumerProguardFiles
// line to :core" and "dont touch :core's build.gradle"): the one sharing
// the most content stems with quote, two at least and one of them a
// name (an identifier, a word of six letters or more), none tied with
// it; nil when none does. One shared word is no topic ("on 5.0 you can
// use db_default for Patient.created_at" and "no ON DELETE CASCADE on
// anything that points at patients").
func (r *Reducer) topicRule(quote string) *Anchor {
	q := stems(quote)
	var best *Anchor
	bestN, tied := 0, false
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg {
			continue
		}
		n, named := 0, false
		for w := range stems(a.Value) {
			if !q[w] || stopwords[w] || genericWords[w] || changeVerbRE.MatchString(w) || len(w) < 3 {
				continue
			}
			n++
			named = named || len(w) >= 6 || identifier(w)
		}
		if n < 2 || !named {
			continue
		}
		switch {
		case n > bestN:
			best, bestN, tied = a, n, false
		case n == bestN:
			tied = true
		}
	}
	if tied {
		return nil
	}
	return best
}

// A practice given up and the one put in its place.
//
// "we're dropping conventional commits, the release-please bot is gone.
// So just plain imperative subject lines, under 72 chars, no `feat:`
// prefixes": the rule or the user's decision that names the practice
// given up by all its words is superseded, not lifted (a new practice
// replaces it), and the sentence after it that states the new practice
// is the rule now, however bare ("just plain imperative subject lines").
// A practice given up that no rule or decision names changes nothing.

var (
	// dropPracticeRE gives a practice up: "we're dropping X", "we no
	// longer do X", "from now on no longer use X" (Portuguese "a partir
	// de agora não usa mais X", glossed), "不再用 X".
	dropPracticeRE = mustPattern(`(?i)(?:^|[:;,—–]\s*|\b(?:so|and|also|btw|ok(?:ay)?)[,]?\s+)(?:(?:we(?:'re| are)|we'll|we will|i'm|i am|let's)\s+(?:now\s+)?|from now on[,]?\s+)(?:no longer use|dropping|ditching|abandoning|getting rid of|moving away from|retiring|done with|no longer (?:using|doing|following)|not (?:using|doing|following) (?:\w+\s+)?any ?more|drop|ditch|stop (?:using|doing|following))\s+(?:the\s+)?(?P<x>[^,.;:!?—–()]{3,60}?)(?:\s+(?:from now on|going forward|for good|now|entirely|altogether))?\s*(?:[,.;:!?—–(]|$)|(?:我们)?(?:以后)?(?:不再|不用再)(?:用|使用|遵循|按照?|走)\s*(?P<z>[^，,。；;！!？?]{2,30})`)
	// newPracticeRE opens the practice that replaces it: "So just …",
	// "Instead, …", "改成…".
	newPracticeRE = mustPattern(`(?i)^\W*(?:(?:so|and|then|now)[,]?\s+)?(?:just|only|instead[,]?|from now on[,]?|going forward[,]?|use|write|go with|switch to)\s+\S|^(?:以后|今后|现在)?(?:改成|改用|统一用|就用|只用)`)
)

// droppedPractice is the practice sentence s gives up, or "".
func droppedPractice(s string) string {
	if questionRE.MatchString(s) {
		return ""
	}
	m := dropPracticeRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	x := strings.TrimSpace(m[dropPracticeRE.SubexpIndex("x")] + m[dropPracticeRE.SubexpIndex("z")])
	if len(terms(x)) == 0 || pronounRuleRE.MatchString(x) && len(terms(x)) < 2 || practiceLaterRE.MatchString(x) {
		// "we're dropping android 7 support next release": a plan
		return ""
	}
	return x
}

// practiceLaterRE is a time still to come: the practice is given up then, not
// now.
var practiceLaterRE = mustPattern(`(?i)\b(?:next|in (?:v\d|a few|two|three|\d)|soon|later|eventually|at some point|someday|by (?:the end|q\d|next)|after the|once the)\b|下个|下周|下月|以后再|到时候`)

// dropOnly reports whether sentence s, which gives a practice up, says
// nothing else to read: the rest after the drop is a reason, no rule, no
// value, no change ("…, so add two to the minSdk" is read as well).
func dropOnly(s string) bool {
	loc := dropPracticeRE.FindStringIndex(s)
	if loc == nil {
		return true
	}
	rest := strings.TrimSpace(s[loc[1]:])
	if rest == "" {
		return true
	}
	_, _, rel := relative(rest)
	return !rel && !isRule(rest) && len(values(rest, "", "", false, "", false)) == 0
}

// replacingPractice is the new practice sentence s states after one was
// given up (see above), or "".
func replacingPractice(s string) string {
	if questionRE.MatchString(s) || !newPracticeRE.MatchString(s) && !isRule(s) {
		return ""
	}
	return strings.TrimSpace(s)
}

// dropPractice supersedes the active rule or user's decision that the
// practice p gives up names by all its content words (stems), the newest.
func (r *Reducer) dropPractice(p *Proposal, ref EventRef) {
	want := stems(p.Value)
	for w := range want {
		if stopwords[w] || len(w) < 3 {
			delete(want, w)
		}
	}
	if len(want) == 0 {
		return
	}
	var o *Anchor
	for _, a := range r.hot {
		if a.Lifecycle != Active || a.Authority != Normative || a.Kind != KindConstraint && a.Kind != KindDecision {
			continue
		}
		if n, _ := sharedStems(want, stems(a.Value)); n < len(want) && (n < 2 || 3*n < 2*len(want)) {
			// all its words, or two thirds of them and two at least (a
			// Chinese practice by its character pairs)
			continue
		}
		if o == nil || newer(a, o) {
			o = a
		}
	}
	if o == nil {
		return
	}
	o.Because = p.Quote
	o.addRef(ref)
	r.retire(o, Superseded)
}

// replacedInSentence reports whether sentence s, which gives a practice
// up, states the new one in a clause after it ("…, use rebase merges
// instead", "…，改成中文").
func replacedInSentence(s string) bool {
	loc := dropPracticeRE.FindStringIndex(s)
	if loc == nil {
		return false
	}
	for _, c := range pieceCutRE.Split(s[loc[1]:], -1) {
		if c = strings.TrimSpace(c); newPracticeRE.MatchString(c) || movedToRE.MatchString(c) || inPlaceRE.MatchString(c) && isRule(c) {
			return true
		}
	}
	return false
}

// pieceCutRE cuts a sentence's clauses.
var pieceCutRE = mustPattern(`[,，;；—–]`)

// inPlaceRE marks a practice put in another's place.
var inPlaceRE = mustPattern(`(?i)\binstead\b|改成|改用|换成`)

// movedToRE opens the practice the team has moved to, after the one it
// gave up: "we moved to workspaces", "we've switched over to uv".
var movedToRE = mustPattern(`(?i)^\W*(?:(?:so|and|since|because|as)\s+)?we(?:'ve| have)?\s+(?:switched|moved|migrated)\s+(?:over\s+)?to\s+\S`)
