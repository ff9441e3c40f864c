package projection

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A user sentence may carry several acts: "Omar set three rules: never
// commit to release; every endpoint needs a test, unless it's behind the
// admin flag; and keep p99 under 250 ms" states three rules, "hard limits:
// the image has to fit in 112 KB, and keep 2 KB of stack free" two. The
// sentence is cut into clauses by its structure (clauseBounds): a
// semicolon, a label ending in a colon, a comma or a bare conjunction
// ("and", "but", "also", "plus", 另外, 还有, 但是) before a clause of its
// own. A clause that only states an exception ("unless …", "except …",
// "apart from …", "除了…", "…除外") belongs to the rule before it. When two
// or more clauses are acts of their own (a rule, an obligation, a lift),
// each is read as a sentence (actClauses); a rule in a sentence whose
// other clauses are reasons or a label is quoted as its own clause
// (operative), so a long sentence keeps the words that bind.

// clause is one clause of a sentence: verbatim, with its byte offsets.
type clause struct {
	text       string
	start, end int
}

var (
	// labelRE is a lead that names what follows ("hard limits from lars
	// (hw):", "three rules for this repo:", "几条规矩："): a few words and
	// a colon.
	labelRE = mustPattern(`^[^:：;；,，.。!?？]{2,60}?[:：]\s*`)
	// coordRE is a connective that may open a clause of its own after a
	// comma or alone: "…, and keep …", "… and never …", "，另外，…".
	coordRE = mustPattern(`(?i)(?:,\s*|\s+)(?:and|but|also|plus|so|then)\s+(?:also\s+)?|[，,]\s*(?:另外|还有|但是|而且|并且|同时)[，,]?\s*|(?:[，,、]\s*|\s+)(?:그리고|かつ)[，,、]?\s*`)
	// clauseLeadRE is the connective a clause opens with, left out of the
	// clause's own words.
	clauseLeadRE = mustPattern(`(?i)^(?:(?:and|also|plus|so|then)\b[,:]?\s*)+|^(?:另外|还有|而且|并且|同时|그리고|かつ)[，,、：:]?\s*`)
	// exceptionRE opens (or, in Chinese, closes) a clause that only
	// states an exception to the rule before it.
	exceptionRE = mustPattern(`(?i)^(?:(?:but|and)\s+)?(?:only\b|except(?:\s+for|\s+when|\s+in|\s+on)?|unless|apart from|other than|besides|excluding|with the exception of|save for|only (?:for|in|on|when|if))\b|^(?:除了|除非|但是?除了)|^[^，,]{1,30}(?:除外|例外)[。.!！]?$`)
)

// clauseBounds cuts sentence s into its clauses (see above), each
// trimmed of space and of the punctuation around it.
func clauseBounds(s string) []clause {
	var cuts []int // start of each clause after the first
	quotes := quotedRE.FindAllStringIndex(s, -1)
	if n := labelEnd(s); n > 0 {
		cuts = append(cuts, n)
	}
	for i, r := range s {
		if (r == ';' || r == '；') && !inQuote(quotes, i) {
			cuts = append(cuts, i+len(string(r)))
		}
	}
	coords := coordRE.FindAllStringIndex(s, -1)
	for k, m := range coords {
		rest := s[m[1]:]
		if k+1 < len(coords) {
			rest = s[m[1]:coords[k+1][0]]
		}
		if end := strings.IndexAny(rest, ";；"); end >= 0 {
			rest = rest[:end]
		}
		if inQuote(quotes, m[0]) {
			continue
		}
		// A connective joins two clauses when what follows it is an act
		// of its own: after a comma a rule or a task, alone a clause that
		// opens with a rule's word ("… and keep 2 KB free"); "patch and
		// minor only", "… so it times out" join words.
		sep := s[m[0]:m[1]]
		comma := strings.ContainsAny(sep, ",，")
		left := 0
		for _, c := range cuts {
			if c <= m[0] {
				left = max(left, c)
			}
		}
		if comma && (isRule(rest) || obligationRE.MatchString(rest) || strings.ContainsRune(sep, '，')) || ruleOpenRE.MatchString(rest) || ownRules(s, left, m[0], m[1], m[1]+len(rest)) {
			// "seed always 1234, and you don't touch data/splits": two
			// rules, each with its own subject (ownrule.go)
			cuts = append(cuts, m[0])
		}
	}
	if len(cuts) == 0 {
		return []clause{{text: s, start: 0, end: len(s)}}
	}
	cuts = append(cuts, 0, len(s))
	sortInts(cuts)
	var out []clause
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i], cuts[i+1]
		if a >= b {
			continue
		}
		c := trimClause(s, a, b)
		if c.text == "" {
			continue
		}
		if len(out) > 0 && (exceptionRE.MatchString(c.text) || remainderOnlyRE.MatchString(c.text) && !isRule(clauseLeadRE.ReplaceAllString(c.text, ""))) {
			// "…; unless it's behind the admin flag": the exception stays
			// with its rule.
			prev := &out[len(out)-1]
			prev.end = c.end
			prev.text = s[prev.start:prev.end]
			continue
		}
		out = append(out, c)
	}
	return out
}

// labelEnd is the length of the label sentence s opens with ("hard limits
// from lars (hw): …"), or 0: a lead of a few words and a colon that is
// neither a rule nor a question's label.
func labelEnd(s string) int {
	m := labelRE.FindStringIndex(s)
	if m == nil || m[1] >= len(s) || len(terms(s[m[1]:])) < 2 {
		return 0
	}
	l := s[:m[1]]
	if isRule(l) || openQuestion(l) || labelledQuestion(l) || len(strings.Fields(l)) > 10 || strings.Contains(l, "http") {
		return 0
	}
	return m[1]
}

func inQuote(quotes [][]int, i int) bool {
	for _, q := range quotes {
		if q[0] < i && i < q[1] {
			return true
		}
	}
	return false
}

// trimClause is s[a:b] without the space and the separators around it.
func trimClause(s string, a, b int) clause {
	for a < b && strings.ContainsRune(" \t,;:，；：", rune(s[a])) {
		a++
	}
	for a < b && strings.HasPrefix(s[a:b], "，") || a < b && strings.HasPrefix(s[a:b], "；") || a < b && strings.HasPrefix(s[a:b], "：") {
		a += len("，")
	}
	for a < b && strings.ContainsRune(" \t,;:", rune(s[b-1])) {
		b--
	}
	for a < b && (strings.HasSuffix(s[a:b], "，") || strings.HasSuffix(s[a:b], "；") || strings.HasSuffix(s[a:b], "：")) {
		b -= len("，")
	}
	return clause{text: s[a:b], start: a, end: b}
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// actOf reports whether clause c is an act of its own: a rule, an
// obligation or a lift.
func actOf(c string) bool {
	return isRule(c) || obligationRE.MatchString(c) || liftRE.MatchString(c) || liftShape(c)
}

// actClauses is each sentence of ss, or, for a sentence with two or more
// acts, its clauses (the connective a clause opens with left out), so
// that every act of a multi-rule sentence is read. The clauses after a
// label that announces rules ("priya has two rules for anything new: …")
// are rules whatever their shape: they are in announced (in a gloss, a
// numbered setting with no rule word is not).
func actClauses(ss []string, glossed bool) (out []string, announced map[string]bool) {
	for _, s := range ss {
		if len([]rune(s)) > maxSentence || questionRE.MatchString(s) {
			out = append(out, s)
			continue
		}
		if t, _ := ruleTopicPermit(s); t != "" {
			// "a carve-out on the refund rule: …": one exception.
			out = append(out, s)
			continue
		}
		if _, _, ok := labelQuantity(s); ok {
			// "Time limit per test: 10 seconds": a setting and its
			// value, no lead and its rule (labelqty.go).
			out = append(out, s)
			continue
		}
		if body := ledRule(s); body != "" {
			// "From Tomás in QA: the game saves on every level complete
			// …", "And before you suggest it: no BinaryFormatter.": the
			// rule after the lead, read alone.
			if announced == nil {
				announced = map[string]bool{}
			}
			announced[body] = true
			out = append(out, body)
			continue
		}
		if lead, items := colonList(s); items != nil {
			// "Helga sent her conditions, she was very clear: A, B, and
			// C": the rules the lead relays, each its own sentence.
			if actOf(lead) {
				out = append(out, lead)
			}
			for _, t := range items {
				if len(items) > 1 && (isRule(t) || relaysRules(lead) && normShapeRE.MatchString(t) || !strings.ContainsAny(t, "0123456789")) {
					// An item that only states a number ("budget cap 300
					// dollars") is a setting, read as a value.
					if announced == nil {
						announced = map[string]bool{}
					}
					announced[t] = true
				}
				out = append(out, t)
			}
			continue
		}
		cs := clauseBounds(s)
		if len(cs) < 2 {
			out = append(out, s)
			continue
		}
		acts, own := 0, 0
		for _, c := range cs {
			if actOf(c.text) {
				acts++
			} else if ownRule(c.text) {
				own++
			}
		}
		joined := slices.ContainsFunc(cs[min(1, len(cs)):], func(c clause) bool { return clauseLeadRE.MatchString(c.text) })
		if joined && acts+own >= 2 && own > 0 && isRule(s) && !slices.ContainsFunc(cs, func(c clause) bool { return !actOf(c.text) && !ownRule(c.text) }) {
			// "the seed stays 1234 and you never touch data/splits":
			// rules joined by a connective, each with its own subject,
			// the sentence a rule,
			// whatever the readings make of each part (ownrule.go)
			for _, c := range cs {
				t := strings.TrimSpace(clauseLeadRE.ReplaceAllString(c.text, ""))
				if announced == nil {
					announced = map[string]bool{}
				}
				announced[t] = true
				out = append(out, t)
			}
			continue
		}
		n := labelEnd(s)
		// "re the no-unsafe rule: …" names a rule held, it announces none.
		rules := n > 0 && ruleLabelRE.MatchString(s[:n]) && !topicRE.MatchString(s)
		if rules {
			// "rule: MSRV 1.70, so no recent std stuff": one rule
			// (consequence.go).
			cs = joinConsequences(s, cs, n)
		}
		if acts < 2 && !rules {
			out = append(out, s)
			continue
		}
		for _, c := range cs {
			t := strings.TrimSpace(clauseLeadRE.ReplaceAllString(c.text, ""))
			if t == "" {
				t = c.text
			}
			if rules && c.start >= n && (!glossed || isRule(t) || normShapeRE.MatchString(t) || !strings.ContainsAny(t, "0123456789") || consequenceRule(t) || alwaysWordRE.MatchString(t)) {
				// In a gloss, whose verbs the readings cannot tell from
				// nouns, an item with a number and no rule word
				// ("épaisseur de carte 1,0 mm") is a setting, as in a
				// colon list; one said always ("시드는 항상 1234로",
				// glossed "시드는 始终 1234로") is a rule.
				if announced == nil {
					announced = map[string]bool{}
				}
				announced[t] = true
			}
			out = append(out, t)
		}
	}
	return out, announced
}

var (
	// ruleOpenRE is a rule's word opening a clause.
	ruleOpenRE = mustPattern(`(?i)^(?:please\s+|pls\s+)?(?:never|don't|dont|do not|always|keep|make sure|avoid|stick to|leave|no longer)\b|^no\s+["'` + "`" + `]?[\w.\-/@#+*]+|^(?:不要|别|不许|不准|禁止|必须|务必|只能|一定要|千万)`)
	// ruleLabelRE is a label that announces rules ("ground rules:",
	// "hard limits from lars:", "几条规矩："): what follows it binds.
	ruleLabelRE = mustPattern(`(?i)\b(?:rules?|limits?|constraints?|requirements?|polic(?:y|ies)|guidelines?|conditions)\b|规矩|规则|要求|限制|规定`)
	// preambleRE is a label that tells who said what follows ("something
	// lars was VERY clear about:", "Omar set three rules:"), not its topic.
	preambleRE = mustPattern(`(?i)\b(?:is|are|was|were|has|have|had|says|said|set|wants|asked|told|mentioned|reminded|about|from)\b|说|转达|提醒`)
	// pronounOnlyRE is a rule that names its thing only by a pronoun
	// ("so don't reach for it"): it needs the clauses before it.
	pronounOnlyRE = mustPattern(`(?i)\b(?:it|that|them|this|those|these|one)\b|它|这个|那个`)
)

var (
	// anaphorOpenRE is a clause that opens with a condition on, or a
	// pronoun for, what the clause before it said: "if it is, …", "if
	// so", "otherwise", "in that case", "如果是的话".
	anaphorOpenRE = mustPattern(`(?i)^(?:(?:and|but|so)\s+)?(?:(?:if|when|once|unless|because|since)\s+(?:it|that|this|so|not|they|those|these|there)\b|otherwise\b|in that case\b|then\b|(?:it|that|this|they)\s+(?:is|are|was|were|would|will|means?)\b)|^(?:如果是|如果这样|如果那样|那样的话|这样的话|否则|那就)`)
	// inAirRE marks a thing not known yet that a label may announce ("one
	// thing still up in the air:", "still an open point:").
	inAirRE = mustPattern(`(?i)\b(?:up in the air|undecided|unresolved|unknown|unclear|open (?:point|item|question|issue)|not (?:known|settled|decided) yet)\b|悬而未决|没定|不确定|待定`)
)

// operative is the part of rule sentence s that states its rule, when
// its other clauses only lead up to it: from a label announcing rules on
// ("ground rules: we get max 2 A100s …, so don't launch sweeps"), or from
// its only rule clause on (with an exception clause just before it) when
// the clauses before are a label or reasons ("The payments team alerts
// on anything above that, so the retry budget must stay at 3 attempts
// max", "change of plans re the flag: don't gate it …"); else s.
func operative(s string) string {
	cs := clauseBounds(s)
	if len(cs) < 2 || consequenceRule(s) {
		// "MSRV 1.70, so no recent std stuff": the consequence is
		// quoted with what it follows from (consequence.go).
		return s
	}
	if n := labelEnd(s); n > 0 && ruleLabelRE.MatchString(s[:n]) {
		return strings.TrimSpace(s[n:])
	}
	at := -1
	for i, c := range cs {
		if isRule(c.text) {
			if at >= 0 {
				return s
			}
			at = i
		}
	}
	if at <= 0 || at == 1 && labelEnd(s) > 0 && !preambleRE.MatchString(s[:labelEnd(s)]) {
		// A label without a verb is the rule's topic ("Indexes on big
		// tables: CREATE INDEX CONCURRENTLY only").
		return s
	}
	// An exception or an allowance said before the rule in the same
	// sentence ("you may apply the CRD to stg-eu1, nothing else there,
	// and prod stays off limits") bounds it: the quote keeps it.
	for i := at - 1; i >= 0; i-- {
		if exceptionRE.MatchString(cs[i].text) || permitShapeRE.MatchString(cs[i].text) {
			at = i
		}
	}
	if n := labelEnd(s); n > 0 && (openQuestionRE.MatchString(s[:n]) || unsureRE.MatchString(s[:n]) || inAirRE.MatchString(s[:n])) {
		// "One thing still up in the air: …": what follows is open, and
		// the label says so.
		return s
	}
	for at > 0 && anaphorOpenRE.MatchString(cs[at].text) {
		// "…, and if it is, UDP never arrives": the clause its condition
		// or pronoun points back to is part of it.
		at--
	}
	if at == 0 {
		return s
	}
	rule := strings.TrimSpace(clauseLeadRE.ReplaceAllString(s[cs[at].start:], ""))
	if rule == "" || pronounOnlyRE.MatchString(cs[at].text) && len(terms(cs[at].text)) < 3 || at == 1 && labelEnd(s) == 0 && ruleByPronounRE.MatchString(cs[at].text) {
		// "CI runs `cargo clippy -- -D warnings`, so it has to stay
		// clippy clean": the one clause before names what "it" is
		return s
	}
	return rule
}

var (
	// permitShapeRE is a permission: the agent may do a thing, or the
	// thing is allowed ("you can push to hw-rev-c", "billing's migrations
	// are fair game", "vite 可以升了").
	// Also a thing that can do it now ("the LLM can now process the
	// liability clauses"), a thing released ("the lab channel is released
	// again"), a thing treated like the rest ("… like all the others") and
	// a thing back in its place ("it's part of the fleet again", "is back
	// in service now").
	permitShapeRE = mustPattern(`(?i)\b(?:you|u)(?:'re| are)? (?:can|may|are free to|are allowed to)\b|\b(?:can|may) now\b|\bnow (?:can|may)\b|\b(?:is|are) (?:fair game|fine|ok|okay|allowed|open|unblocked)\b|\b(?:is|are)(?: [^\s.,;:]+){0,3}? (?:released|cleared|unfrozen|unlocked)\b|\blike (?:any other|all the others|the others|the rest)\b|\b(?:is|are|'s|'re)\s+(?:back in|part of|available|in service|usable)\b|可以|能\p{Han}?了|(?:你|您)?(?:直接|尽管|放心)(?:改|动|删|推|用|上|装|发)(?:吧|就行|就好)`)
	// backShapeRE is the time word that makes a permission the end of a
	// rule rather than an exception to it: now, again, any more.
	// So is the thing the rule was kept for coming back or given up
	// ("the GitLab is back, you can push", "canal 你直接改吧，他不管了").
	backShapeRE = mustPattern(`(?i)\b(?:now|again|anymore|any more|after all|from now on)\b|\b(?:is|are|'s|'re|came|come|got)\s+back\b|\best (?:revenu|de retour)|现在|可以[^，,。；;]{0,12}了|回来了|恢复了|(?:他|她|他们)不管了`)
	// notPermitRE negates, questions or conditions the permission ("you
	// can't", "can you", "… if you follow the runbook", "只要…就可以").
	notPermitRE = mustPattern(`(?i)\b(?:can't|cannot|can not|may not|not (?:fine|ok|okay|allowed)|not (?:yet )?(?:released|cleared|unfrozen|unlocked)|no longer (?:fine|ok|allowed)|can you|could you|could we|can we|if|when|as long as|provided|unless|except|only)\b|不可以|不能|可以吗|能不能|可不可以|的话|只要|只有|只能|如果|除了|除外`)
	// cancelShapeRE is a rule said to be called off by its name: "把 freeze
	// 取消了", "那条取消了".
	cancelShapeRE = mustPattern(`(?:把|将)[^，,。]{1,30}?(?:取消|撤销|解除|撤掉)了?|(?:那条|这条|规矩|限制|禁令)(?:已经|就)?(?:取消|撤销|作废)了?`)
)

// liftShape reports whether clause c lifts a rule by its shape: an
// unconditioned permission said with "now" or "again" (a rule ended, not
// a thing excepted from it: the rest of it kept, "only", "if …" make an
// exception), or a rule called off by its name. The reducer retires only
// a rule the lift names (Refers).
func liftShape(c string) bool {
	if cancelShapeRE.MatchString(c) {
		return true
	}
	// "… if it helps": a condition the agent meets by acting on the
	// permission (rulelife.go)
	c = withoutBenefitIf(c)
	if questionRE.MatchString(c) || notPermitRE.MatchString(c) || remainderOnlyRE.MatchString(c) {
		return false
	}
	return permitShapeRE.MatchString(c) && backShapeRE.MatchString(c)
}

// requirementRE is a requirement said with a modal that binds a thing
// ("the image has to fit in 112 KB", "every entry needs to be
// documented").
var requirementRE = mustPattern(`(?i)\b(?:has to|needs to)\b`)

// requirementOnly reports whether rule s binds only by "has to" or "needs
// to": a requirement, which a sentence setting a value ("page size needs
// to be 50") or a task set late ("before the PR: docs has to pass") is
// already read as.
func requirementOnly(s string) bool {
	return requirementRE.MatchString(s) && !isRule(requirementRE.ReplaceAllString(s, "x"))
}

// subjectOf is the active prohibition a lift by its shape is about (see
// liftShape): the one sharing the most stems with the lift, two or more
// ("billing's migrations are fair game again" and "don't touch the
// billing app's migrations"), the newest among equals.
func (r *Reducer) subjectOf(quote string) *Anchor {
	q := stems(quote)
	var best *Anchor
	bestN := 1
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active || !a.valueFacts().neg {
			continue
		}
		n, _ := sharedStems(q, stems(a.Value))
		if n > bestN || n == bestN && best != nil && newer(a, best) {
			best, bestN = a, n
		}
	}
	return best
}

// liftSiblings lifts the other active rules of the message rule c came
// from that share with c a word the lift names: one rule said twice in
// one message ("对冲先别做——…暂时不能用 IF 对冲") is lifted whole.
func (r *Reducer) liftSiblings(c *Anchor, quote string, ref EventRef) {
	if c.Kind != KindConstraint || len(c.SourceRefs) == 0 {
		return
	}
	if _, ok := linkWith(c.Links, instrPrefix); ok {
		// one rule of an instruction file's list (instructions.go)
		return
	}
	q, cs := stems(quote), stems(c.Value)
	var named []string
	for _, w := range append(mentions(quote), distinctive(quote)...) {
		if strings.ContainsAny(w, "/.") {
			// A path or a file: the thing the lift names.
			named = append(named, w)
		}
	}
	for _, a := range r.hot {
		if a.Kind == KindDecision && a.Lifecycle == Active && a.Authority == Decision && a.Seq() > c.SourceRefs[0].Seq && negRE.MatchString(a.Value) {
			// "I'll leave the schema registry config alone for now": the
			// assistant's restatement of the rule goes with it.
			if n, f := sharedStems(stems(a.Value), cs); n >= 3 && f >= 0.5 {
				r.retire(a, Superseded)
			}
			continue
		}
		if a == c || a.Kind != KindConstraint || a.Lifecycle != Active || len(a.SourceRefs) == 0 || a.SourceRefs[0].Seq != c.SourceRefs[0].Seq {
			continue
		}
		if len(named) > 0 && !slices.ContainsFunc(named, func(l string) bool { return slices.Contains(a.Links, l) || strings.Contains(a.Value, l) }) {
			// A lift that names its thing ("/data/raw/spec is available
			// again") frees the rules naming it, not one beside them that
			// shares a word ("the raw frames in /data/raw are read-only").
			continue
		}
		shared := interimOnly(c.Value, a.Value)
		for w := range stems(a.Value) {
			if cs[w] && q[w] && !changeVerbRE.MatchString(w) && !stopwords[w] && !xlNameSkip[w] && len(w) > 2 {
				shared = true
				break
			}
		}
		if shared {
			a.Lifecycle = Lifted
			a.Because = quote
			a.addRef(ref)
		}
	}
}

// interimRE marks a rule meant for a while: "yet", "for now", "until
// …", "vorerst", "por ahora", "暂时".
var interimRE = mustPattern(`(?i)\b(?:yet|for now|for the (?:time being|moment)|at the moment|in the meantime|until|till|vorerst|erstmal|vorläufig|noch nicht|por ahora|de momento|todavía|pour l'instant|pour le moment|per ora|por enquanto|ainda)\b|暂时|先别|目前`)

// interimOnly reports whether rule a, admitting only some things ("unit
// tests only for now"), is rule c's prohibition ("don't run the full e2e
// stuff yet") said the other way round: both from one message, both
// meant for a while. The permission that lifts the one lifts the other,
// though they share no word.
func interimOnly(c, a string) bool {
	return negRE.MatchString(c) && !onlyRuleRE.MatchString(c) && onlyRuleRE.MatchString(a) && !negRE.MatchString(a) && interimRE.MatchString(c) && interimRE.MatchString(a)
}

// eitherOrRE is a question between two named options: "sarama or
// franz-go?", "pinia 还是 vuex？".
var eitherOrRE = mustPattern(`(?i)(?P<a>[A-Za-z][\w.\-/]*)\s+(?:or|vs\.?|versus)\s+(?P<b>[A-Za-z][\w.\-/]*)\s*[?？]|(?P<c>[A-Za-z][\w.\-/]*)\s*还是\s*(?P<d>[A-Za-z][\w.\-/]*)\s*[?？]`)

// optionsAsked are the two options question s asks between, or the
// options a list after a word that announces them names ("for the buffer
// we've got 3 options, 2s, 4s or 8s", "temos três opções: SVC-AN, SVC-RS
// ou EPEC"), or nil.
func optionsAsked(s string) []string {
	m := eitherOrRE.FindStringSubmatch(s)
	if m == nil {
		if loc := findIf(optionsCue(s), optionsListRE, s); loc != nil {
			opts := listedOptions(s[strings.Index(s, loc[0])+len(loc[0]):])
			if len(opts) < 2 || len(opts) > 5 || slices.ContainsFunc(opts, func(o string) bool { return len(strings.Fields(o)) > 4 }) {
				return nil
			}
			return opts
		}
		return nil
	}
	a, b := m[eitherOrRE.SubexpIndex("a")]+m[eitherOrRE.SubexpIndex("c")], m[eitherOrRE.SubexpIndex("b")]+m[eitherOrRE.SubexpIndex("d")]
	if stopwords[strings.ToLower(a)] || stopwords[strings.ToLower(b)] || strings.EqualFold(a, b) {
		return nil
	}
	return []string{a, b}
}

// optionsCue reports whether s may hold a word announcing options
// (optionsWords), before any expression runs.
func optionsCue(s string) bool {
	ls := strings.ToLower(s)
	for _, c := range []string{"opti", "opci", "opç", "opzi", "candid", "kandid", "choice", "altern", "möglich", "contender"} {
		if strings.Contains(ls, c) {
			return true
		}
	}
	return false
}

// optionsListRE leads a list of options in its sentence: "… 3 options,
// ", "the options are ", "options: ".
var optionsListRE = mustPattern(`(?i)\b(?:` + optionsWords + `)\b[^:.,]{0,30}?(?::\s*|,\s*|\s+(?:are|were|would be|sind|son|são|sont|sono)\s+)`)

// declineRE is an option named to be turned down: "not X", "no X",
// "不用 X", "别用 X".
var declineRE = mustPattern(`(?i)\b(?:not|no|never|don't|avoid|skip|drop)\s+(?:the\s+|with\s+|using\s+)?$|(?:不用|别用|不要|不选|不)\s*$`)

// chosenOption is the option of opts that the user's answer s takes
// ("I've read both, let's take franz-go: sarama's rebalancing has bitten
// us"): the first one s names that it does not turn down; "" when s
// names none.
func chosenOption(s string, opts []string) string {
	ls := strings.ToLower(s)
	best, at := "", len(ls)+1
	for _, o := range opts {
		lo := strings.ToLower(o)
		for i := range occurrences(ls, lo) {
			end := i + len(lo)
			before, after := i == 0 || !isWordByte(ls[i-1]) && ls[i-1] != '-', end >= len(ls) || !isWordByte(ls[end]) && ls[end] != '-'
			if !before || !after || declineRE.MatchString(ls[:i]) {
				continue
			}
			if i < at {
				best, at = o, i
			}
			break
		}
	}
	return best
}

// listMarkRE opens a list item: "- ", "* ", "• ", "1. ", "2) ".
var listMarkRE = mustPattern(`^\s*(?:[-*•]|\d{1,2}[.)])\s+`)

// relayedListRE is a line that passes on someone's list ("Priya (GIS
// lead) sent me her list, pasting it:"): its items are that person's
// rules.
var relayedListRE = mustPattern(`(?i)\b(?:sent|gave|forwarded|shared|mailed)\s+(?:me|us)\s+(?:her|his|their)\s+(?:list|notes|checklist|non-negotiables|must-haves)\b`)

// announcedItems adds to announced the sentences of the list items that
// follow a line announcing rules ("风控王经理定的规矩，…我直接贴过来：",
// "Priya's rules, she made me promise to paste them verbatim:"): each
// item is a rule whatever its shape ("单只股票权重不超过 5%"), one word
// after a negation too ("no `//nolint`").
func announcedItems(text string, announced map[string]bool) map[string]bool {
	on, from := false, false
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			continue
		case (strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：")) && len([]rune(t)) <= 160 && (ruleLabelRE.MatchString(t) || relayedListRE.MatchString(t)) && !listMarkRE.MatchString(t):
			on, from = true, false
			continue
		case strings.HasSuffix(t, ":") && fromNameRE.MatchString(strings.TrimSuffix(t, ":")):
			// "And from Irina:": her items are rules where they read as
			// norms ("promo goods are not paid with points, …")
			on, from = true, true
			continue
		case on && listMarkRE.MatchString(t):
			item := listMarkRE.ReplaceAllString(t, "")
			if ss := sentences(item); len(ss) > 0 && (len(terms(ss[0])) >= 2 || len(terms(ss[0])) == 1 && negOpenRE.MatchString(ss[0])) && !obligationRE.MatchString(ss[0]) && !alsoTaskRE.MatchString(ss[0]) && (!from || isRule(ss[0]) || normShapeRE.MatchString(ss[0])) {
				// (a task among the rules, "顺便把 OCPP 2.0.1 也支持下",
				// is read as one)
				if announced == nil {
					announced = map[string]bool{}
				}
				announced[ss[0]] = true
			}
			continue
		}
		on = false
	}
	return announced
}

// notApplyRE is an exception told as the rule not applying to a thing:
// "the 5% cap doesn't apply to ETFs", "单只股票 5% 的上限对 ETF 不适用".
var notApplyRE = mustPattern(`(?i)(?P<s>[^,;:，；：]{2,60}?)\s+(?:doesn't|does not|don't|do not|won't|will not)\s+apply\s+to\s+(?P<x>[^,.;]{1,40})|(?P<t>[^，,。；;：:]{2,30}?)对\s*(?P<y>[^，,。]{1,20}?)\s*不适用`)

// pronounSubjectRE is a subject of notApplyRE that names no rule but
// points to the one said last: "that doesn't apply to Ahmed", "det
// gäller inte Ahmed" (glossed "it does not apply to Ahmed").
var pronounSubjectRE = mustPattern(`(?i)^\s*(?:(?:and|but|so|ok(?:ay)?|oh)[,]?\s+)*(?:it|that|this|(?:that|this|the) (?:rule|limit|cap|restriction))\s*$`)

// notApplied is the subject of a rule and the thing exception c says it
// does not apply to, or "".
func notApplied(c string) (subject, thing string) {
	m := notApplyRE.FindStringSubmatch(c)
	if m == nil || strings.Contains(strings.ToLower(c), "any more") || strings.Contains(strings.ToLower(c), "anymore") {
		return "", ""
	}
	return m[notApplyRE.SubexpIndex("s")] + m[notApplyRE.SubexpIndex("t")], strings.TrimSpace(m[notApplyRE.SubexpIndex("x")] + m[notApplyRE.SubexpIndex("y")])
}

// subjectRule is the active rule sharing the most stems with subject,
// two or more (the newest among equals).
func (r *Reducer) subjectRule(subject string) *Anchor {
	q := stems(subject)
	var best *Anchor
	bestN := 1
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active {
			continue
		}
		n, _ := sharedStems(q, stems(a.Value))
		if n > bestN || n == bestN && best != nil && newer(a, best) {
			best, bestN = a, n
		}
	}
	return best
}

// unknownRE says that nobody has the answer to the question before it:
// "nobody on the team seems to know", "no answer yet", "还没人知道".
var unknownRE = mustPattern(`(?i)\bno answer yet\b|\bnobody\s+(?:\w+\s+){0,4}(?:seems to\s+)?knows?\b|\bno one\s+(?:\w+\s+){0,4}(?:seems to\s+)?knows?\b|没人知道|还没有答案|还没答复`)

// unansweredQuestion is the question sentence q and s, verbatim from text,
// when s says nobody knows its answer ("… UTC or store-local time?
// nobody on the team seems to know") or passes it on or leaves it
// undecided ("…? I've asked the Android guys", deferral; one deferred to
// a person by name alone, "I'll check with Mei", is deferred's): an open
// question; else "". A question asking the agent to do a thing ("can
// you …?", requestRE) is none.
func unansweredQuestion(text, q, s string) string {
	if q == "" || !questionRE.MatchString(q) || requestRE.MatchString(q) || !unknownRE.MatchString(s) && (!deferral(s) || deferRE.MatchString(s)) {
		return ""
	}
	return questionSpan(text, q, s)
}

// questionSpan is question q and the sentence s after it, verbatim from
// text (q alone when s does not follow it there).
func questionSpan(text, q, s string) string {
	i := strings.Index(text, q)
	if i < 0 {
		return ""
	}
	j := strings.Index(text[i:], s)
	if j < 0 || j > len(q)+4 {
		return q
	}
	return text[i : i+j+len(s)]
}

// colonList reads a sentence whose lead relays rules said after its
// colon, however long the lead ("Priya sent her conditions after last
// week's mess, and she was pretty firm about them: irrigation never runs
// above 60%, every actuator change is logged, and nobody touches the
// frost relay"; "…，总结下来就是：A，B，C"): the lead is no rule and tells
// who said it (preambleRE) or names rules (ruleLabelRE), and what follows
// the colon is a list of clauses (each three words or more, cut at the
// commas and semicolons outside brackets and quotes) of which one at
// least is a rule by its shape. Each item is returned (its connective
// left out); a single item only when it is a rule itself ("…, so she's
// tightened things: no deploys in the 48 hours before a run"). Nil when
// the sentence is no such list.
func colonList(s string) (lead string, items []string) {
	at := -1
	for _, i := range outside(s, ":：") {
		if s[i] != ':' || (i == 0 || !isDigit(s[i-1])) && !strings.HasPrefix(s[i+1:], "//") {
			// Not a time ("02:00") or a URL's.
			at = i
			break
		}
	}
	if at <= 0 {
		return "", nil
	}
	lead = strings.TrimSpace(s[:at])
	body := strings.TrimSpace(s[at+len(string([]rune(s[at:])[0])):])
	if labelEnd(s) > 0 || isRule(lead) || questionRE.MatchString(body) || obligationRE.MatchString(lead) || lateObligation(lead) ||
		!preambleRE.MatchString(lead) && !ruleLabelRE.MatchString(lead) {
		// A short label is read by clauseBounds; a task's lead ("before
		// I open the PR I need three things from you: …") sets tasks.
		return "", nil
	}
	var parts []string
	for _, t := range listItems(body) {
		short := strings.ContainsFunc(t, isCJK) && len([]rune(t)) < 4 || !strings.ContainsFunc(t, isCJK) && len(strings.Fields(t)) < 3
		if short && len(parts) == 0 {
			// "A, B or C": nouns listed, not clauses.
			return "", nil
		}
		if len(parts) > 0 && (short || exceptionRE.MatchString(t) || remainderOnlyRE.MatchString(t) || qualifierRE.MatchString(t)) {
			// "…, unless it's behind the admin flag", "…, patch and minor
			// only", "…, like the cron time", "…, ever": the item before,
			// bounded.
			parts[len(parts)-1] = joinItem(body, parts[len(parts)-1], t)
			continue
		}
		parts = append(parts, t)
	}
	rules := 0
	relays := relaysRules(lead)
	for _, t := range parts {
		if isRule(t) || relays && normShapeRE.MatchString(t) {
			rules++
		}
	}
	if len(parts) == 2 && rules == 1 && isRule(parts[0]) && !strings.ContainsAny(body, ";；") {
		// "never have the boost on while the radio transmits, the inrush
		// browns it out": a rule and its reason.
		parts = []string{joinItem(body, parts[0], parts[1])}
	}
	if rules == 0 || len(parts) == 1 && !isRule(parts[0]) {
		return "", nil
	}
	return lead, parts
}

// normShapeRE is a norm told as a description ("linear speed is capped at
// 0.8 m/s", "the radius may never be smaller than …", "nothing gets onto
// a robot that hasn't run in the sim", "the game saves on every level
// complete"): under a lead that relays rules (relaysRules) such an item
// is a rule.
var normShapeRE = mustPattern(`(?i)\b(?:never|nothing|nobody|no one|not|don't|doesn't|do not|does not|isn't|aren't|only|capped|at most|at least|max(?:imum)?|minimum|ceiling|limit(?:ed)?|always|every|whenever|must|may not|can't|cannot)\b`)

// fromNameRE is a lead that says whose words follow: "From Tomás in QA",
// "per Helena", "according to Priya".
var fromNameRE = mustPattern(`(?i:^\W*(?:and\s+)?(?:from|per|according to))\s+\p{Lu}[\p{L}\-]+(?:\s+(?i:in|from|of|at)\s+[\p{L}\- ]{1,20})?$`)

// relaysRules reports whether a list's lead relays rules: it names them
// (ruleLabelRE: "her conditions", "the rules") or says whose words
// follow (fromNameRE).
func relaysRules(lead string) bool {
	return ruleLabelRE.MatchString(lead) || fromNameRE.MatchString(strings.TrimSpace(lead))
}

// ledRule is the body of sentence s after a short lead and its colon when
// the lead states no rule and the body is one the lead alone hides: a
// bare "no X" ("And before you suggest it: no BinaryFormatter."), or a
// norm told as a description under a lead saying whose words follow
// ("From Tomás in QA: the game saves on every level complete …",
// normShapeRE); else "".
func ledRule(s string) string {
	lead := labelOf(s)
	if lead == "" || len(strings.Fields(lead)) > 8 || isRule(lead) || questionRE.MatchString(s) || ruleLabelRE.MatchString(lead) || goalLabelRE.MatchString(lead+":") || relayMarkRE.MatchString(lead) || answerLeadRE.MatchString(lead) {
		// A label announcing rules lists them (clauseBounds); a goal's
		// states the objective; "Ibarra got back to me: no old flats"
		// relays an answer, and so does "re marco's question: no AOF on
		// staging".
		return ""
	}
	if l := strings.ToLower(strings.Trim(strings.TrimSpace(lead), "`*")); len(strings.Fields(l)) == 1 && identifier(l) && strings.ContainsAny(l, "./_") {
		// "go.mod: no new dependencies": the thing the rule is about,
		// part of it
		return ""
	}
	body := strings.TrimSpace(strings.TrimLeft(s[len(lead):], ":："))
	if len(terms(body)) < 1 || strings.ContainsAny(body, ":：;；") {
		return ""
	}
	if bareNo(body) || fromNameRE.MatchString(strings.TrimSpace(lead)) && normShapeRE.MatchString(body) {
		return body
	}
	return ""
}

// answerLeadRE is a lead that answers a question: "re marco's question",
// "re: the redis thing", "answering Kai", "to your question".
var answerLeadRE = mustPattern(`(?i)^\W*(?:re:?\s|answer(?:ing)?\b|to\s+(?:your|his|her|their|\p{L}+'s)\s+question\b)|\bquestion\b`)

// qualifierRE is a list item that only bounds the one before it: "…
// only", "like …", "such as …", "e.g. …", "…除外".
var qualifierRE = mustPattern(`(?i)\bonly[.!]?$|^(?:like|such as|e\.g\.|say|for example|for instance|including)\b|(?:除外|例外|为止)[。.!！]?$|^(?:比如|例如|像)`)

// joinItem is body from item a through item b, verbatim.
func joinItem(body, a, b string) string {
	i := strings.Index(body, a)
	j := strings.Index(body[max(i, 0):], b)
	if i < 0 || j < 0 {
		return a
	}
	return strings.TrimSpace(body[i : i+j+len(b)])
}

// listItems cuts a list of clauses at its commas and semicolons outside
// brackets and quotes, each item trimmed of its connective ("and …",
// "还有…").
func listItems(body string) []string {
	var out []string
	// A list whose items are cut by semicolons keeps its commas inside
	// them ("always launch with -resume, we've lost weekends to it; …").
	seps := ",;，；"
	if strings.ContainsAny(body, ";；") {
		seps = ";；"
	}
	start := 0
	for _, end := range append(outside(body, seps), len(body)) {
		t := strings.TrimSpace(clauseLeadRE.ReplaceAllString(strings.TrimSpace(body[start:end]), ""))
		t = strings.TrimSpace(strings.TrimPrefix(t, "and "))
		if t != "" {
			out = append(out, t)
		}
		if end < len(body) {
			start = end + utf8.RuneLen([]rune(body[end:])[0])
		}
	}
	return out
}

// outside is the byte offsets in s of the runes of set that stand
// outside brackets and quotation marks.
func outside(s, set string) []int {
	var at []int
	depth := 0
	quotes := quotedRE.FindAllStringIndex(s, -1)
	for i, r := range s {
		switch {
		case strings.ContainsRune("([（", r):
			depth++
		case strings.ContainsRune(")]）", r):
			depth = max(depth-1, 0)
		case strings.ContainsRune(set, r) && depth == 0 && !inQuote(quotes, i):
			at = append(at, i)
		}
	}
	return at
}

// ruleNamedRE is a lead that names a rule by its topic: "a carve-out
// from Helga on the refund rule", "heads-up on the 48h rule".
var ruleNamedRE = mustPattern(`(?i)\b(?:on|about|re|for|to|regarding|in)\s+(?:the|that|our|her|his|their|this)\s+(?P<t>[\w.\-]+(?:\s+[\w.\-]+){0,2}?)\s+(?:rule|restriction|ban|policy|limit|freeze|constraint|thing)\b`)

// mayRE is a permission by a modal, and cantRE its negation.
var (
	mayRE  = mustPattern(`(?i)\b(?:may|can|could)\s+(?:still\s+|also\s+)?[a-z]`)
	cantRE = mustPattern(`(?i)\b(?:can't|cannot|can not|may not|couldn't|could not)\b`)
)

// ruleTopicPermit reads a permission said under a lead that names the
// rule it is an exception to ("a small carve-out from Helga on the
// refund rule: when reconcile finds an exact duplicate, the task may
// refund it"): the rule's topic and the permission (what follows the
// colon); "" when s is no such sentence.
func ruleTopicPermit(s string) (topic, permit string) {
	at := outside(s, ":：")
	if len(at) == 0 {
		return "", ""
	}
	m := ruleNamedRE.FindStringSubmatch(s[:at[0]])
	permit = strings.TrimSpace(s[at[0]+utf8.RuneLen([]rune(s[at[0]:])[0]):])
	if m == nil || permit == "" || cantRE.MatchString(permit) || !mayRE.MatchString(permit) && !permitShapeRE.MatchString(permit) {
		return "", ""
	}
	return m[ruleNamedRE.SubexpIndex("t")], permit
}
