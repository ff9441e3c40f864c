package projection

import (
	"slices"
	"strings"
	"unicode"
)

// What a user states besides rules and values.
//
// A user decides ("let's go with cursor pagination instead of offsets"),
// takes a decision back ("scratch the cursor thing, go back to offsets"),
// reports an approach that was tried and failed ("we tried base64 cursors
// last quarter, it doesn't work because …"), and says what they do not
// know yet ("I'm not sure whether the frontend still uses total_count,
// I'll ask") and later answers it. Each is read by the sentence's shape:
// the speaker committing the team to a course (a first-person plural or
// hortative opening followed by a choice verb), a past attempt with a
// verdict, a statement of not knowing; not by the words of one session.
var (
	// userDecisionRE opens a user's choice: "let's go with", "we'll use",
	// "go back to", "we decided to", "咱们用", "就用", "决定用".
	userDecisionRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|alright|right|actually|hmm|fine|also|and|plus|btw|fyi|note|ps)[,!:]?\s+)*(?:(?:for|as for|regarding|about|on)\s+(?:the\s+)?[\w.\-/ ]{1,40}?[,:]?\s+)?(?:(?:let's|let us|we'll|we will|we're going to|we are going to|we should|i'd rather|we decided to|i've decided to|i decided to|decision:|(?:i'm|i am) (?:thinking|leaning towards?|inclined to)(?: that)?(?: we)?(?: should)?|i think we(?: should)?|i'd say we|how about we|what if we|maybe we(?: should)?|(?:i|we) (?:want|prefer) to|i'd (?:go with|use)|my plan is to|the plan is to|i'd rather we)\s+(?:just\s+)?(?:go with|use|switch to|adopt|stick with|go back to|move to|do|keep|store|save|represent|encode|treat|model)\b|(?:go|switch|revert) back to\b|go with\b|(?:we're|we are|i'm|i am) going with\b|(?:scratch|drop|forget|ditch) (?:the|that|this) .{1,40}? (?:thing|idea|approach|plan)\b)|^(?:那|好|好的|行)?[，,]?\s*(?:咱们|我们)?[^，,。？?]{0,12}?(?:就用|决定用|决定采用|改用|还是用|换回|回到|采用|定了用)|^(?:我觉得|我想|我倾向于|要不|不如)(?:咱们|我们)?(?:就)?(?:用|采用|改用|选)|(?:^|[，,]\s*)(?:那|好|行)?[，,]?\s*[^，,。？?]{0,16}?(?:还是|先|就)?(?:用|改成|换成|改回|切回|换回)\s*[^，,。？?]{1,30}?(?:方案|那套|那个方案)(?:吧)?(?:[，,。.!！]|$)|^(?:咱们|我们)(?:还是|就)?(?:用|改用|换成)\s*[^，,。\s]+\s*吧(?:[，,。.!！]|$)`)
	// userSwitchRE marks a choice that replaces an earlier one.
	userSwitchRE = mustPattern(`(?i)\b(?:instead|rather than|scratch|go back to|switch back|revert|actually|drop|ditch|forget)\b|换回|回到|改用|还是用|改回|切回|改成|换成|不用.{1,20}了|的不要了`)
	// triedRE is a past attempt: "we tried", "I tried", "last quarter we
	// used", "试过", "尝试过".
	triedRE = mustPattern(`(?i)\b(?:we|i|they|someone|the team) (?:already )?(?:tried|attempted|experimented with|used to)\b|^(?:(?:fyi|btw|also|so)[,:]?\s+)?(?:already\s+)?tried\s+\w+ing\b|\b(?:tried|attempted) (?:that|this|it) (?:before|already|last)\b|\b(?:was|were|been|got) tried\b|试过|尝试过|以前用过|之前用过`)
	// verdictRE is the plain verdict a past attempt carries.
	verdictRE = mustPattern(`(?i)\b(?:doesn't|does not|didn't|did not|won't|will not|never) (?:work|help|fix)|\bbroke\b|\bfailed\b|\b(?:way |much |far )?too (?:slow|expensive|heavy|flaky|brittle|fragile|memory[- ]hungry|complex)\b|\b(?:crashed|timed out|blew up|ran out of memory)\b|太慢|太重|太复杂|太大|太卡|太占|超时了|内存不够|不行|没用|不起作用|行不通|失败`)
	// unsureRE is a user stating what they do not know.
	unsureRE = mustPattern(`(?i)\b(?:(?:idk|dunno|not sure|unsure) (?:if|whether)|i'm not sure|i am not sure|not sure (?:yet )?(?:whether|if|about)|no idea (?:whether|if|where|why|how|what)|(?:nobody|no one) knows (?:where|why|how|what)|i (?:don't|do not) (?:actually |really |yet )?know (?:whether|if|the answer|yet)|i'm not certain|unsure about|unsure (?:whether|if)|unclear (?:whether|if)|i need to (?:check|ask|confirm) (?:whether|if))\b|不确定|不太确定|不大确定|不清楚|不知道.{0,20}(?:是否|还|有没有|用不用)`)
	// causeUnknownRE says in another language that nobody knows where a
	// thing comes from or why: "keine Ahnung, woher die kommen", "ni idea
	// de por qué", "不知道为什么", "なぜか分からない".
	causeUnknownRE = mustPattern(`(?i)不知道(?:为什么|从哪|哪来|原因)|(?:^|[^\p{L}])(?:keine ahnung,? (?:wo|warum|wieso|weshalb|woher|wie|was|ob)|ni idea de (?:dónde|por qué|cómo|qué|si)|aucune idée (?:d'où|pourquoi|comment|si)|não faço ideia (?:de onde|por que|porque|como|se)|понятия не имею,? (?:откуда|почему|как|где))(?:[^\p{L}]|$)|(?:なぜ|何で|どこから)[^。]{0,20}(?:分から|わから)`)
)

// selfDoubtRE is a speaker unsure about their own plans ("not sure if
// I'll make the standup"), not about the work.
var selfDoubtRE = mustPattern(`(?i)\b(?:whether|if)\s+i(?:'ll| will| can| could| should| have|'m| am)?\b|(?:是否|能不能|会不会)我`)

// laughRE marks a joking register: an attempt told with a laugh and no
// name of anything in the work ("I tried the coffee place downstairs, too
// slow lol") is chatter.
// preferRE is a user's preference, and softRE the words that say it is
// no more than one: "I'd rather …, but that's my preference and not a
// rule", "ideally X, if it's not a hassle", "我倾向于用 Python，不是硬性规定",
// "我个人比较喜欢 early return 的写法，少点嵌套，不强制哈", "prefiero
// funciones cortas, pero no es obligatorio".
var (
	preferRE = mustPattern(`(?i)\b(?:i'd rather|i would rather|i'd prefer|i would prefer|i prefer|preferably|ideally|my preference is|i (?:really |personally )?like (?:it )?(?:when|better)|i (?:really |personally )?like (?:my|our|the) [\w\-]+(?: [\w\-]+)? (?:with|to be|as|in)\b|i (?:do |really |rather |quite |personally )+(?:like|love|prefer)|i(?:'d| would) (?:appreciate|love it if)|(?:it )?would be (?:nice|great|good) if|(?:ich|i) mag(?:'s|s| es)?(?:\s+\p{L}+){0,2}?\s+lieber|i(?:'m| am) a (?:big )?fan of|personally i (?:like|prefer)|prefiero|preferir[ií]a|me gusta(?:n)? m[aá]s|je pr[eé]f[eè]re(?:rais)?|ich bevorzuge|ich mag (?:es )?lieber|preferisco|preferirei|eu prefiro|prefiro|prefereria)\b|我倾向于|我(?:个人)?(?:比较|更)?喜欢|个人(?:比较)?喜欢|我习惯|最好是|偏好|の方が好き|が好みです|てくれると嬉しい|てくれたら嬉しい|と嬉しい|てくれると助かる|と助かります|선호`)
	softRE   = mustPattern(`(?i)\b(?:(?:my|a|just a|only a|personal) preference|just (?:my )?taste|(?:a |just a )?matter of taste|(?:don't|do not) treat (?:it|this|that) as (?:law|a rule|gospel)|not a (?:hard |strict )?rule|not (?:a )?(?:hard|strict) (?:rule|requirement)|not mandatory|not enforced|not required|if (?:it's|it is) not a hassle|if possible|where possible|not a must|nice to have|not a (?:big|huge) deal|no big deal|no biggie|not critical|tranquilo|sem stress|sin problema|pas grave|kein problem|nessun problema|no es obligatorio|no es una regla|no es regla|pas obligatoire|pas une r[eè]gle|nicht zwingend|kein muss|keine regel|non obbligatorio|non [eè] una regola|n[aã]o [eé] obrigat[oó]rio|n[aã]o [eé] regra|not (?:something )?(?:i|we) (?:should |would )?(?:want|need) enforced|(?:personal|purely personal) (?:foible|taste|thing|quirk)|just my taste)\b|不是硬性|不硬性|不强求|不强制|不是必须|不是规定|个人偏好|必須ではない|必須じゃない|必須ってわけじゃない|マストじゃない|強制ではない|強制じゃない|필수는 아니`)
)

// notRuleRE is a sentence saying of itself that it is no rule ("one
// change per commit when it's easy, not a hard rule tho", "just a
// preference", "no es una regla"): what it asks is a preference, however
// it is worded. noLongerRE marks the words that make it a lift instead
// ("the 300-line limit is not a hard rule anymore").
var (
	notRuleRE  = mustPattern(`(?i)\b(?:(?:don't|do not) treat (?:it|this|that) as (?:law|a rule|gospel)|just (?:my )?taste(?: though)?|not a (?:hard|strict|firm|fixed) (?:rule|requirement)|not (?:a )?(?:hard|strict) (?:rule|requirement)|not a rule|no hard rule|(?:just|only|merely) a (?:preference|suggestion|wish)|(?:my )?personal preference|no es (?:una )?regla(?: fija)?|no es obligatorio|pas une r[eè]gle|pas obligatoire|keine (?:feste |harte )?regel|kein muss|non [eè] una regola|non [eè] obbligatorio|n[aã]o [eé] (?:uma )?regra|n[aã]o [eé] obrigat[oó]rio|geen (?:harde |vaste )?regel|ingen (?:fast |hård )?regel)\b|不是硬性|不硬性|不是规定|不是规矩|个人偏好|ルールではない|ルールじゃない|必須ではない|必須じゃない|규칙은 아니|필수는 아니`)
	noLongerRE = mustPattern(`(?i)\b(?:any ?more|any longer|no longer|from now on|ya no|plus maintenant|nicht mehr|non pi[uù]|n[aã]o mais|mais n[aã]o)\b|不再|已经不是|もう`)
)

// preferImpRE is an instruction worded as a preference: "Prefer X over
// Y", "(Please) prefer X", "Ideally use X".
var preferImpRE = mustPattern(`(?i)^(?:\d+[.)]\s*)?(?:please\s+)?(?:prefer|ideally(?:,)?\s+(?:use|keep|write|go with))\s+\S`)

// notARule reports whether the user's sentence s says of itself that it
// is no rule (notRuleRE), not as a lift of one (noLongerRE) or a question.
func notARule(s string) bool {
	return notRuleRE.MatchString(s) && !noLongerRE.MatchString(s) && !questionRE.MatchString(s)
}

var laughRE = mustPattern(`(?i)\b(?:lol|lmao|haha+|hehe+|rofl)\b|哈哈|😂|🤣`)

// userKnowledge reads a user sentence as a decision, a rejected approach
// or an open question. rest reports whether the sentence may still carry
// a rule of its own ("…, don't delete it yet").
func userKnowledge(s string) (ps []Proposal, rest bool) {
	if len(terms(s)) < minTerms {
		// "Let's do it", "let's keep going": assent, not a choice.
		return nil, true
	}
	switch {
	case preferImpRE.MatchString(s) && !questionRE.MatchString(s) && !isRule(s):
		// "Prefer using tools available in the container over writing a
		// lot of code yourself.": a guideline worded as a preference.
		return []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/preference/" + slug(s), Value: "preference, not a rule: " + s, Quote: s, Links: mentions(s)}}, false
	case preferRE.MatchString(s) && softRE.MatchString(s) && !questionRE.MatchString(s):
		// "I'd rather the pipeline be Python than shell scripts, but
		// that's my preference and not a rule": a choice the user
		// leaves room around, kept as a preference, not as a rule.
		return []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/preference/" + slug(s), Value: "preference, not a rule: " + s, Quote: s, Links: mentions(s)}}, false
	case (unsureRE.MatchString(s) || openQuestion(s)) && !selfDoubtRE.MatchString(s) && !laughRE.MatchString(s):
		links := distinctive(s)
		if m := askWhoRE.FindStringSubmatch(s); m != nil {
			// "… — I'll ask Tomás": the person who will answer.
			links = append(links, m[1]+m[2])
		}
		// A labelled question ("待确认：要不要…") states no rule besides.
		return []Proposal{{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(s), Value: s, Quote: s, Links: links}}, !labelledQuestion(s)
	case (tried(s) && (judged(s) || backsOff(s)) ||
		negativeRE.MatchString(s) && !questionRE.MatchString(s) && !ifRE.MatchString(s)) &&
		!(laughRE.MatchString(s) && len(mentions(s)) == 0 && len(distinctive(s)) == 0):
		// A past attempt with its verdict, or an approach the user rules
		// out ("Redis is off the table, legal won't sign off on it").
		return []Proposal{{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(s), Value: s, Quote: s, Links: mentions(s)}}, false
	case (userDecisionRE.MatchString(s) || switchClause(s) || madeDecision(s) && !decidedNumber(s)) && !questionRE.MatchString(s) && !choosesValue(s) && !lookRE.MatchString(s) && !deferral(s):
		return []Proposal{{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(s), Value: s, Quote: s, Correction: userSwitchRE.MatchString(s), Links: mentions(s)}}, false
	}
	return nil, true
}

// A question the user will settle with someone: "inclusive or exclusive?
// I'll check with Mei", "截止日期包含当天吗？我问一下小王". The question
// links the person, and the person's report ("Mei says inclusive", "小王说
// 包含") answers it.
var (
	deferRE  = mustPattern(`^(?i:(?:(?:ok(?:ay)?|hmm|so|not sure|no idea|dunno)[,.]?\s+)?(?:i'll|i will|let me|i need to|i have to|i'm going to|i'll have to)\s+(?:check|ask|confirm|verify|double-check)\s+(?:with\s+|that with\s+|this with\s+)?)(?P<who>\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?)(?i:\s+(?:first|later|tomorrow|about it|on (?:that|this)))?(?i:,?\s+and\s+(?:get back to you|let you know|report back|circle back)(?:\s+\w+)?)?\s*[.!]?$|^(?:我|我先|我去|等我)(?:问一下|问问|问下|去问|跟|和)\s*(?:[\w\p{Han} ]{1,12}?的)?(?P<z>\p{Han}{1,4}?)(?:确认一下|确认|核实一下|核实|商量一下)?[。.!！]?$`)
	reportRE = mustPattern(`^(?i:(?:ok(?:ay)?|so|update)[,:]?\s+)?(?P<who>\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?)\s+(?i:says|said|confirmed|replied|answered|thinks|told me|got back(?: to me)?)\b|^(?i:according to|per|heard back from)\s+(?P<by>\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?)\b|^(?P<z>\p{Han}{1,4}?)(?:说|确认了|确认|回复说|回复|答复说|答复)`)
)

// askWhoRE is a person a question is deferred to inside the sentence
// that asks it: "…, I'll ask Tomás", "…，我去问一下小王".
var askWhoRE = mustPattern(`(?i:\b(?:i'll|i will|let me|i need to|i'm going to)\s+(?:check with|ask|confirm with|ping|run it by))\s+(\p{Lu}\p{Ll}+)|(?:问一下|问问|问下|去问)[^。.！!，,]*(\p{Han}{2})(?:确认一下|确认)?(?:[。.！!，,]|$)`)

// madeDecisionRE tells a decision made, by the user or relayed from
// whoever made it: "Venkat sir (architect) has finalised that local
// storage goes to Room", "the architect decided we use Room", "we've
// settled on Room for local storage", "decision: Room for local storage",
// "local storage will be Room, final call from the architect", "架构师拍板
// 了：本地存储用 Room", "最终决定用 Room".
var madeDecisionRE = mustPattern(`(?i)\b(?:(?:has|have|had|'ve|'s)\s+)?(?:finali[sz]ed|signed off on|settled on|agreed on|locked in|made the call)\b|\b(?:decided|has chosen|have chosen)\s+(?:that\s+|on\s+|to\s+)?(?:we|you|it|the|our|local|to\s+use)\b|\b(?:we|they|the team)(?:'ve| have)?\s+(?:decided|agreed|settled)\s+on\s+\S|^\W*(?:final\s+)?decision\s*:|\b(?:final (?:call|decision)|it'?s decided|that'?s decided|that'?s final)\b|拍板|最终决定|最后决定|已经定了|定下来了|(?:ha|hat|haben)\s+(?:entschieden|festgelegt)|(?:ha|han|hemos)\s+decidido|a\s+d[ée]cid[ée]|ha\s+deciso|decidiu|decidimos`)

// madeDecision reports whether s tells a decision made (madeDecisionRE)
// that is no value fixed ("the base rate is finalised at Rs 40.50"), no
// lift ("data team signed off on the new curve, so the formula is fair
// game now") and no condition.
func madeDecision(s string) bool {
	return madeDecisionRE.MatchString(s) && !ifRE.MatchString(s) && !valueFixedRE.MatchString(s) && !liftRE.MatchString(s) && !fairGameRE.MatchString(s)
}

// decidedNumber reports whether s tells a decision that is a number
// ("we decided the retry limit is 5", "it's decided: batch size is
// 200"): the setting's new value, read as one, not a choice beside it.
func decidedNumber(s string) bool {
	m := valueIsRE.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	v := m[valueIsRE.SubexpIndex("v")]
	return v != "" && (unicode.IsDigit(rune(v[0])) || strings.ContainsAny(v[:1], "$€£+-"))
}

// fairGameRE frees a thing by calling it fair game.
var fairGameRE = mustPattern(`(?i)\bfair game\b`)

// switchClauseRE is a choice that replaces another, stated in a clause
// of its own: "…, go with reportlab instead", "— use X instead".
var switchClauseRE = mustPattern(`(?i)^(?:(?:so|then|and|just)\s+)?(?:go with|use|switch to|move to|stick with)\s+\S+.*\binstead\b`)

// switchClause reports whether a clause after the first of s states a
// choice replacing another ("actually, let's not use X — go with Y
// instead").
func switchClause(s string) bool {
	parts := segmentRE.Split(s, -1)
	for _, c := range parts[min(1, len(parts)):] {
		if switchClauseRE.MatchString(strings.TrimSpace(c)) {
			return true
		}
	}
	return false
}

// deferred reads s as the user deferring the question prev to someone:
// an open question that links the person and the question's names.
func deferred(s, prev, text string) ([]Proposal, bool) {
	m := deferRE.FindStringSubmatch(s)
	if m == nil || prev == "" || !questionRE.MatchString(prev) && !unsureRE.MatchString(prev) {
		return nil, true
	}
	who := m[deferRE.SubexpIndex("who")] + m[deferRE.SubexpIndex("z")]
	// The quote is verbatim: the two sentences as the message joins them.
	q := prev + " " + s
	for _, sep := range []string{" ", "", "\n", "  "} {
		if strings.Contains(text, prev+sep+s) {
			q = prev + sep + s
			break
		}
	}
	return []Proposal{{Op: OpState, Kind: KindUncertainty, Key: "question/-/" + slug(prev), Value: q, Quote: q, Links: append(distinctive(prev), who)}}, false
}

// reporter is the person whose report s relays ("Mei says …"), or "".
func reporter(s string) string {
	m := reportRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[reportRE.SubexpIndex("who")] + m[reportRE.SubexpIndex("by")] + m[reportRE.SubexpIndex("z")]
}

// reversalRE changes the newest decision by pronoun: "actually make it
// milliseconds instead", "no, store them as strings instead", "还是改成毫秒吧".
var reversalRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|no|hmm|wait|actually|on second thought|scratch that)[,!]?\s+)*(?:actually\s+|on second thought\s+)?(?:make|change|switch|turn|store|keep|use)\s+(?:it|them|that|this|those)\s+(?:to\s+|into\s+|as\s+)?(?P<x>[^,.;!?]{1,40}?)\s+instead\b|^(?:(?:ok(?:ay)?|no|hmm|wait)[,!]?\s+)*actually[,]?\s+(?:make|change|switch|turn|store|keep|use)\s+(?:it|them|that|this|those)\s+(?:to\s+|into\s+|as\s+)?(?P<y>[^,.;!?]{1,40})|^(?:不对|算了|还是)[，,]?\s*(?:还是)?(?:改成|改为|换成|用)(?P<z>[^，,。]{1,20}?)(?:吧)?[。.!！]?$`)

// mannerRE is a word that says how a thing should be, not what it is.
var mannerRE = mustPattern(`^(?:\w+(?:er|ly)|work|works|pass|compile|build|run|right|better|simpler|cleaner|readable|robust|safe|fast|quick|pretty|nicer|again)$`)

// reversedRE changes the newest decision by pronoun without "instead",
// read only right after a sentence that reconsiders ("hmm on second
// thought, millis loses precision. switch it to nanos stored as i128").
var reversedRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|then)[,!]?\s+)*(?:make|change|switch|turn|store|keep|use)\s+(?:it|them|that|this|those)\s+(?:to\s+|into\s+|as\s+)?(?P<x>[^,.;!?]{1,40})`)

// afterAllRE goes back to a named thing over the choice made since: "So
// grpc-gateway after all.", "Also doch grpc-gateway.", "Finalement
// grpc-gateway.", "Entonces grpc-gateway, al final." Group x, y, f or e
// is the thing, a name of at most three words.
var afterAllRE = mustPattern(`(?i)^(?:(?:so|ok(?:ay)?|then|well|right|fine)[,]?\s+)*(?:use\s+|go\s+with\s+)?(?P<x>[\w./@+-]+(?:\s+[\w./@+-]+){0,2}?)\s+after\s+all\s*[.!]?$|^(?:(?:also|dann|ok(?:ay)?|gut|na\s+gut)[,]?\s+)*doch\s+(?:lieber\s+)?(?P<y>[\w./@+-]+(?:\s+[\w./@+-]+){0,2}?)\s*[.!]?$|^(?:(?:bon|ok|alors)[,]?\s+)*finalement[,]?\s+(?P<f>[\w./@+-]+(?:\s+[\w./@+-]+){0,2}?)\s*[.!]?$|^(?:(?:entonces|pues|vale|ok)[,]?\s+)*(?P<e>[\w./@+-]+(?:\s+[\w./@+-]+){0,2}?)[,]?\s+al\s+final\s*[.!]?$`)

// afterAllChoice is the thing sentence s goes back to "after all", "" when
// s is no such sentence: a question, a negation ("not X after all"), a
// pronoun ("it works after all") or words no name ("the tests pass after
// all": the thing must read as a name, with a separator, a digit or an
// inner capital).
func afterAllChoice(s string) string {
	m := afterAllRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || questionRE.MatchString(s) {
		return ""
	}
	x := strings.TrimSpace(groups(afterAllRE, m, "x", "y", "f", "e"))
	f := strings.Fields(strings.ToLower(x))
	if len(f) == 0 || afterAllNotRE.MatchString(f[0]) || len(distinctive(x)) == 0 {
		return ""
	}
	return x
}

// afterAllNotRE is a first word that makes "X after all" no choice of X.
var afterAllNotRE = mustPattern(`^(?:not|no|nicht|kein\w*|pas|no|it|that|this|they|es|das|er|sie|ça|il|eso)$`)

// reversal is what a pronoun change of the newest decision chooses, or "".
// reconsidered: the sentence before it in the message reconsidered.
func reversal(s string, reconsidered bool) string {
	m := reversalRE.FindStringSubmatch(s)
	x := ""
	if m != nil {
		x = m[reversalRE.SubexpIndex("x")] + m[reversalRE.SubexpIndex("y")] + m[reversalRE.SubexpIndex("z")]
	} else if m := reversedRE.FindStringSubmatch(s); m != nil && reconsidered {
		x = m[1]
	}
	if x == "" || x[0] >= '0' && x[0] <= '9' {
		// "make it 75": a value, read by values.
		return ""
	}
	if choosesValue(s) {
		// "go back to the old value for the batch size": read by values.
		return ""
	}
	if f := strings.Fields(strings.ToLower(x)); mannerRE.MatchString(f[0]) || mannerRE.MatchString(f[len(f)-1]) {
		// "actually make it faster", "make it work properly": how, not
		// which.
		return ""
	}
	return x
}

// distinctive are the words of s that name one thing: identifiers with a
// separator, a digit or an inner capital ("total_count", "db:reset",
// "userId"), and quoted names. They tie a later answer to its question
// and a lift to the rule it frees.
func distinctive(s string) []string {
	var out []string
	for _, w := range wordRE.FindAllString(s, -1) {
		w = strings.Trim(w, ".:-+/")
		if len(w) < 3 || stopwords[strings.ToLower(w)] || !isASCIIWord(w) {
			continue
		}
		if strings.ContainsAny(w, "0123456789_:/.@#-") || strings.ToLower(w[1:]) != w[1:] {
			out = append(out, w)
		}
	}
	for _, m := range backtickRE.FindAllStringSubmatch(s, 8) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= 0x80 {
			return false
		}
	}
	return true
}

// answers is the open question key of ctx that a statement s names by its
// distinctive words (one for a question of at most two, else two), or "".
func answers(s string, ctx *Context) string {
	if len(ctx.Questions) == 0 || questionRE.MatchString(s) || unsureRE.MatchString(s) || openQuestion(s) {
		return ""
	}
	if t := relayTopic(s); t != "" {
		// "tom got back to me on the tax thing: EU = …": the question
		// whose words hold the topic's.
		ts, best := stems(t), ""
		for k, q := range ctx.Questions {
			if len(ts) > 0 && containsAll(stems(q), ts) && (best == "" || k > best) {
				best = k
			}
		}
		if best != "" {
			return best
		}
	}
	ws := distinctive(s)
	who := reporter(s)
	if who != "" {
		ws = append(ws, who)
	} else if d, _ := userChoiceOf(s); d != nil || imperative(backtickRE2.ReplaceAllString(discourseRE.ReplaceAllString(s, ""), "x")) || obligationRE.MatchString(s) || lateObligation(s) {
		// "filter `store_id is null` out in the staging model
		// (stg_orders)": a direction that names the question's thing does
		// not answer it; nor does a task set for later ("before you wrap
		// up, three things: …").
		ws = nil
	}
	// A question is named by its words: one alone names a question of
	// one or two when it is whom the question was left with, when
	// another word of the question comes with it, or when it is what a
	// clause of the statement is about ("total_count is still used, keep
	// it", "问过了，sku_alias 已经没人用了"; not "the deploy restarted after
	// total_count timed out"), a question of more needs two ("…, (1) a row-count check Postgres against
	// ClickHouse" does not answer "orders in ClickHouse by CDC (Debezium
	// over Kafka) or a nightly batch?").
	var total, n map[string]int
	best := ""
	for _, w := range ws {
		k, ok := ctx.OpenQuestions[w]
		if !ok {
			continue
		}
		if total == nil {
			total, n = map[string]int{}, map[string]int{}
			for _, q := range ctx.OpenQuestions {
				total[q]++
			}
		}
		n[k]++
		if (n[k] >= 2 || total[k] <= 2 && (w == who || sharesBeside(s, ctx.Questions[k], w) || opensClause(s, w))) && (best == "" || n[k] > n[best]) {
			best = k
		}
	}
	if best != "" {
		return best
	}
	if strings.ContainsFunc(who, isCJK) {
		// "老周说…" for a question deferred to "财务的老周": a Chinese name
		// is matched by its end.
		for w, k := range ctx.OpenQuestions {
			if strings.ContainsFunc(w, isCJK) && (strings.HasSuffix(who, w) || strings.HasSuffix(w, who)) {
				return k
			}
		}
	}
	return relayedAnswer(s, ctx)
}

// relayRE is an answer relayed and named by its topic: "tom got back to
// me on the tax thing:", "Ana replied about the retention question,".
var relayRE = mustPattern(`(?i)\b(?:got back to (?:me|us)|replied|answered|confirmed|told (?:me|us)|says|said|checked)\s+(?:on|about|re|regarding)\s+(?:the\s+)?(?P<t>[\w\- ]{2,30}?)\s*(?:thing|question|issue|stuff|one)?\s*[:,—–-]`)

// relayTopic is the topic a relayed answer names, or "".
func relayTopic(s string) string {
	ls := strings.ToLower(s)
	if !strings.Contains(ls, "back to") && !strings.Contains(ls, "replied") && !strings.Contains(ls, "answered") && !strings.Contains(ls, "confirmed") && !strings.Contains(ls, "told") && !strings.Contains(ls, "said") && !strings.Contains(ls, "says") && !strings.Contains(ls, "checked") {
		return ""
	}
	m := relayRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[1]
}

// A coordinated rule: "never run X, it wipes Y, and please don't bump Z"
// states two rules. ruleClauses are the clauses of s that each direct the
// agent with a rule word, when there are two or more.
func ruleClauses(s string) []string {
	cs := clauses(s)
	if len(cs) < 2 {
		return nil
	}
	var out []string
	for _, c := range cs {
		if isRule(c) {
			out = append(out, c)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// ruleTerms are a rule's content words with the names of one class of
// things made one word ("packages", "deps", "libraries" → "dependency"),
// so a rule restated in other words is the same rule.
func ruleTerms(s string) map[string]bool {
	t := terms(depClassRE.ReplaceAllString(s, " dependency "))
	for _, w := range []string{"reminder", "again", "remember", "add", "new", "any", "install", "please", "don", "doesn", "isn", "won", "aren", "ever"} {
		delete(t, w)
	}
	return t
}

// pronounRE is a setting named only by a pronoun ("it", "that", "它").
var pronounRE = mustPattern(`(?i)^(?:it|that|this|them|these|those|the value|the number|it up|it down|that up|that down|它|这个|那个|这个值|那个值)$`)

// topicRE names a sentence's topic before its instruction: "For the
// orders query timeout, set it to 5s", "关于订单查询超时，…".
var topicRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|oh|btw|anyway)[,]?\s+)*(?:for|as for|regarding|about|re:?)\s+(?:the\s+|our\s+)?(?P<k>[\w.\-/ ]{2,60}?)\s*[,:—–-]\s+|^(?:关于|至于|对于)(?P<z>[^，,：:]{1,24})[，,：:]`)

// keyWords are the words that identify a setting: its key's words without
// determiners, stopwords and the optional "default"/"current"/"max" style
// qualifiers that a restatement may leave out.
func keyWords(prop string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(prop), func(r rune) bool { return r == '_' || r == ' ' || r == '-' || r == '.' }) {
		if stopwords[w] || optionalKeyWords[w] {
			continue
		}
		if strings.HasSuffix(w, "ies") && len(w) > 4 {
			// "dailies", "retries": the singular is "daily", "retry".
			out = append(out, w[:len(w)-3]+"y")
			continue
		}
		out = append(out, strings.TrimSuffix(w, "s"))
	}
	return out
}

var optionalKeyWords = map[string]bool{"default": true, "current": true, "new": true, "value": true, "setting": true, "config": true, "our": true,
	"max": true, "maximum": true, "limit": true, "cap": true, "thing": true, "的": true}

// sameSetting reports whether two keys' words name the same setting: the
// same head (last word) and one's words a subset of the other's ("orders
// query timeout" and "query timeout"; "default page size" and "page size").
func sameSetting(a, b string) bool {
	wa, wb := keyWords(a), keyWords(b)
	if len(wa) == 0 || len(wb) == 0 || wa[len(wa)-1] != wb[len(wb)-1] {
		return false
	}
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	for _, w := range wa {
		if !slices.Contains(wb, w) {
			return false
		}
	}
	return true
}

// choiceRE is what a decision chooses, right after its verb.
var choiceRE = mustPattern(`(?i)\b(?:go with|use|switch to|stick with|go back to|move to|keep|就用|决定用|改用|还是用|换回|回到|采用|定了用)\s*(\S+)`)

// choosesValue reports whether a decision's choice is a number, a quoted
// literal ("let's go with 128 for the batch size") or the value held
// before ("go back to the old value for the batch size"): a setting's
// value, read by values, not a course of action.
func choosesValue(s string) bool {
	if _, change, ok := relative(s); ok && change == "=was" {
		return true
	}
	m := choiceRE.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	c := m[1]
	if _, ok := portValue(s); ok {
		// "use port 8080 for the API": a port, a setting's value
		return true
	}
	return c[0] >= '0' && c[0] <= '9' || strings.ContainsRune("\"'`+-", rune(c[0]))
}

// zhHeads are the Chinese head nouns of common settings with their
// English head word: a setting named in English and restated in Chinese
// ("query timeout" → "查询超时") is the same setting. Only the head is
// translated; the modifiers of the two names need not match.
var zhHeads = map[string]string{"超时": "timeout", "重试": "retrie", "端口": "port", "大小": "size", "上限": "limit", "限制": "limit",
	"并发": "concurrency", "间隔": "interval", "线程": "thread", "版本": "version", "级别": "level", "数量": "count", "个数": "count",
	"次数": "count", "地址": "url", "路径": "path", "名称": "name", "名字": "name", "过期": "ttl", "延迟": "delay", "阈值": "threshold",
	"长度": "length", "格式": "format", "批量": "batch", "目录": "dir"}

// translates reports whether the Chinese key zh names a setting with the
// English key en's head.
func translates(zh, en string) bool {
	ws := keyWords(en)
	if len(ws) == 0 || !strings.ContainsFunc(zh, isCJK) {
		return false
	}
	head := ws[len(ws)-1]
	// The head as written, before a qualifier such as "limit" is dropped.
	raw := strings.FieldsFunc(strings.ToLower(en), func(r rune) bool { return r == '_' || r == ' ' || r == '-' || r == '.' })
	written := strings.TrimSuffix(raw[len(raw)-1], "s")
	for z, e := range zhHeads {
		if strings.HasSuffix(zh, z) && (head == e || strings.TrimSuffix(e, "s") == head || strings.TrimSuffix(e, "s") == written) {
			return true
		}
	}
	return false
}

// fineRE allows one thing by name: "zod is fine", "using zod is OK".
var fineRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|but|and|so)[,]?\s+)?(?:using\s+|adding\s+)?(?:the\s+|our\s+)?(?P<x>` + "`[^`\\n]{1,60}`" + `|@?[a-z0-9][\w.\-/@]*)(?:\s+(?:stuff|things?|packages?|libs?|libraries|deps?|crates?|modules?|client|sdk|plugin|image|chart))?(?:\s+(?:for|to|in)\s+[^,.;:!?]{1,60}?)?\s+(?:is|are)\s+(?:still\s+|also\s+|now\s+)?(?:fine|ok|okay|allowed|acceptable|exempt|excepted|an exception)(?:\s+to\s+(?:use|add|bump|upgrade|update|install|touch|edit|change))?(?:\s+(?:for|in|on|within|inside|as)\s+[^,.;:!?]{1,60}?)?(?:\s+after all)?(?:\s*,?\s+(?:since|because|as|cause|cuz|but|as long as|provided)\b.*|\s*[,—–]\s*.*)?\s*[.!。]?$`)

// pkgNameRE is a package's name as registries spell it.
var pkgNameRE = mustPattern(`^@?[a-z0-9][a-z0-9._\-]*(?:/[a-z0-9._\-]+)?$`)

// namedFine is the package a clause allows by name, or "", and the
// clause from where the permission starts (past a topic or a label).
func namedFine(c string) (string, string) {
	if loc := topicRE.FindStringIndex(c); loc != nil {
		c = c[loc[1]:]
	}
	// "…, though: zod for validating the params is fine", "(zod is
	// still ok.)": the clause after a colon, out of its parentheses.
	if i := strings.LastIndexAny(c, ":："); i >= 0 {
		c = strings.TrimSpace(c[i+1:])
	}
	c = strings.Trim(c, "()（） ")
	m := fineRE.FindStringSubmatch(c)
	if m == nil {
		return "", ""
	}
	x := cleanValue(m[fineRE.SubexpIndex("x")])
	if stopwords[strings.ToLower(x)] || nonVerbs[strings.ToLower(x)] || !pkgNameRE.MatchString(x) {
		return "", ""
	}
	return x, c
}

// An answer to an open question keeps the thing asked about (keepRE) or
// frees it (freeRE).
var (
	keepRE = mustPattern(`(?i)\b(?:keep (?:it|them|that|this|the \w+)|leave (?:it|them) (?:in|alone|as is)|(?:is|are) still (?:used|needed|read|in use))\b|保留|留着|还在用|仍在用`)
	freeRE = mustPattern(`(?i)\b(?:(?:is|are) not used|unused|no longer (?:used|needed|read)|nobody (?:uses|reads)|safe to (?:delete|remove|drop)|(?:can|may) (?:delete|remove|drop) (?:it|them))\b|没人用|不用了|可以删|没有在用|不再使用`)
)

// lookRE is a step taken to look at something ("let's use find_file to
// see where it is"), not a choice of course.
var lookRE = mustPattern(`(?i)\bto (?:see|check|find|look|inspect|view|examine|understand|figure out|locate|confirm|verify)\b|看看|查看|确认一下`)

// sharesBeside reports whether s shares a word with question q besides
// the name w both hold (English stems, Chinese character pairs).
func sharesBeside(s, q, w string) bool {
	ws, skip := wordsAndPairs(q), wordsAndPairs(w)
	for x := range wordsAndPairs(s) {
		if ws[x] && !skip[x] {
			return true
		}
	}
	return false
}

// opensClause reports whether the name w opens s or one of its clauses
// (after a comma or a semicolon), within its first three words.
func opensClause(s, w string) bool {
	for _, c := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(",;，；:：", r) }) {
		f := strings.Fields(c)
		for i := 0; i < len(f) && i < 3; i++ {
			if strings.Contains(f[i], w) {
				return true
			}
		}
	}
	return false
}
