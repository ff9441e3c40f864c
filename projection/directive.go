package projection

import (
	"slices"
	"strings"
)

// Telling a rule from a description.
//
// A user who pastes a tool catalog, a README, an issue report or a file
// listing is not stating rules, though such text is full of "must",
// "only" and "never". Two signals separate them, neither a list of
// examples:
//
//   - where a line sits: inside a fenced block, a numbered code listing, a
//     code comment or a line of code (a method call), or a catalog entry (a list item that names a thing
//     and describes it: "- `name`: what it does"), a line is reference
//     material (referenceText blanks it);
//   - whom a sentence addresses: a rule directs the agent. Its rule word
//     opens the sentence or its clause (the imperative: "Never push",
//     "Please DO NOT run", "Always use"), or the clause's subject is the
//     agent ("you must", "your response MUST"), or it binds a thing or a
//     team with a modal ("tests must not be modified", "the API is
//     frozen", "we must not break it"). A narrator ("I was always passing…"), a conditional or
//     temporal clause ("it works when you don't…") or an adverb in a
//     description ("only when the VR is OL") directs no one (directive).

// settingItem reports whether list item l names a setting and its
// quantity ("- retention: 30 days", "- birthday — 50 points"), no thing
// it describes.
func settingItem(l string) bool {
	_, _, ok := labelQuantity(listMarkRE.ReplaceAllString(l, ""))
	return ok
}

var (
	// catalogItemRE is a list item that names one thing and describes it:
	// "- `name`: …", "* **name** — …", "- name: …", "1. name - …".
	catalogItemRE = mustPattern("^\\s*(?:[-*•+]|\\d+[.)])\\s+(?:`[^`\\n]{1,60}`|\\*\\*[^*\\n]{1,60}\\*\\*|[\\w./@#+-]{1,40})\\s*(?:[:：]|\\s[—–-]\\s)")
	// listingRE is a line of a code listing or a code comment: "1463: x =",
	// "// note", ">>> f()".
	listingRE = mustPattern(`^\s*(?:\d{1,6}:\s|//|>>>\s|\$ )`)
	fenceRE   = mustPattern("^\\s*(?:```|~~~)")
	// callRE is a method call outside backticks: a line of pasted code
	// ("assert Order.objects.filter(x).exists() # but shouldn't").
	callRE      = mustPattern(`[A-Za-z_]\w*(?:\.\w+)+\(`)
	backtickRE2 = mustPattern("`[^`\n]*`")
)

// referenceText returns text with its reference lines blanked (fenced
// blocks, code listings and comments, catalog entries), so that the
// sentences left are the ones a person wrote to the agent. Line breaks
// stay, and every sentence of the result is a substring of text.
func referenceText(text string) string {
	lines := strings.Split(text, "\n")
	fenced := false
	changed := false
	rules := false // the lines are the items of a list of rules
	for i, l := range lines {
		ref := fenced
		if fenceRE.MatchString(l) {
			fenced = !fenced
			ref = true
		}
		if t := strings.TrimSpace(l); rulesListHead(t) {
			rules = true
		} else if t != "" && !listMarkRE.MatchString(t) {
			rules = false
		}
		// "4) go.mod: nessuna nuova dipendenza" under "regole:" is a rule
		// of the list that names its thing first, no catalog entry
		catalog := catalogItemRE.MatchString(l) && !settingItem(l)
		if rest := strings.TrimSpace(catalogItemRE.ReplaceAllString(l, "")); catalog && rules && (isRule(rest) || negOpenRE.MatchString(rest)) {
			catalog = false
		}
		if ref || listingRE.MatchString(l) || catalog || callRE.MatchString(backtickRE2.ReplaceAllString(l, "")) {
			lines[i] = ""
			changed = true
		}
	}
	if !changed {
		return text
	}
	return strings.Join(lines, "\n")
}

// rulesListHead reports whether line t announces a list of rules:
// "regole:", "ground rules:", glossed or as written (rulesLeadRE).
func rulesListHead(t string) bool {
	if !strings.HasSuffix(t, ":") && !strings.HasSuffix(t, "：") || len([]rune(t)) > 80 || listMarkRE.MatchString(t) {
		return false
	}
	return rulesLeadRE.MatchString(t) || ruleLabelAtRE.MatchString(t)
}

var (
	// fillerRE strips what may precede an imperative: list marks,
	// politeness, connectives and labels ("IMPORTANT:", "Note:").
	fillerRE = mustPattern(`(?i)^(?:[\s\-*•>#.)(\[\]]+|\d+[.)](?:\s|$)|please\b|pls\b|kindly\b|and\b|also\b|but\b|so\b|then\b|just\b|again\b|remember\b|reminder\b|note\b|notice\b|important\b|however\b|that\b|really\b|and\b|[,;:，；：!！]|请|也|还是|还|并且|而且|另外|注意|记住|以后都?|今后|从现在起|一律|千万|那就|就|先|暂时|都|再)\s*`)
	// agentRE is the agent as the clause's subject.
	agentRE = mustPattern(`(?i)\b(?:you|your|yourself|u|the agent|the assistant|the model|let's|let us)\b|你|您|咱们`)
	// subordRE opens a clause that describes a condition or a time, not a
	// direction ("it works when you don't", "if you open a file").
	subordRE = mustPattern(`(?i)\b(?:when|whenever|if|because|since|although|though|while|unless|until|as if|even if|whether)\b|如果|假如|要是|当|因为|虽然|尽管`)
	// narratorRE is a first-person narrator without the agent.
	// selfSubjectRE is the speaker as a clause's subject (a gloss's "I"
	// included: "ich", "je", "eu", "я"); a capital, so that the Italian
	// article "i" is none.
	selfSubjectRE = mustPattern(`\bI(?:'m|'ve|'d|’m|’ve|’d)?(?:\s|$)|(?i)\bi(?:'m|'ve|'d|’m|’ve|’d)(?:\s|$)`)
	narratorRE    = mustPattern(`(?i)\b(?:i|i'm|im|i've|i'd|i was|my|me)\b|我(?:[^们]|$)`)
	// modalRuleRE are rule words that bind whatever their subject is.
	modalRuleRE = mustPattern(`(?i)^(?:must|has to|needs to|must not|mustn't|must never|shall not|should not|shouldn't|may not|is frozen|are frozen|read-only|off[- ]limits|hands off|no edits|is not allowed|are not allowed|not allowed|is forbidden|are forbidden|is prohibited|are prohibited)$|不得|不许|不准|禁止|严禁|必须|务必|冻结|只读`)
	clauseRE    = mustPattern(`[,;:，；：—]|\s-\s`)
	// modalRE in a clause before the rule word makes it a requirement
	// ("every response needs to … at least once", "the regex should match
	// only …").
	modalRE = mustPattern(`(?i)\b(?:must|should|shall|needs? to|has to|have to|(?:is|are) required to|(?:is|are) expected to|ought to)\b|应该|需要|要求`)
)

// zhCondThenRE is a Chinese condition that runs into its main clause
// with no comma: "如果测试失败就", "要是 CI 挂了的话就", "万一超时那就".
var zhCondThenRE = mustPattern(`^(?:如果|要是|假如|若是|万一)[^，,。；;？?]{1,40}?(?:的话)?(?:就|那就|那么|则)$`)

// pastVerbs are simple past forms that tell a story, not a norm ("we
// never got the logs").
var pastVerbs = map[string]bool{"got": true, "had": true, "was": true, "were": true, "did": true, "went": true, "saw": true, "found": true,
	"made": true, "ran": true, "heard": true, "knew": true, "thought": true, "told": true, "came": true, "took": true}

// pastForm reports whether the word opening rest is a simple past form:
// one of pastVerbs, or a regular one ("released"; not "exceed").
func pastForm(rest string) bool {
	f := strings.Fields(strings.ToLower(rest))
	if len(f) == 0 {
		return false
	}
	w := strings.Trim(f[0], ".,;:!?")
	return pastVerbs[w] || len(w) > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")
}

// teamNorm reports whether s states the team's norm in the present: "we
// never use f64 for money in this codebase", "we always pin images". Read
// only where a norm is given as the reason for a correction (a repair's
// tail): elsewhere "we don't deploy this" describes.
func teamNorm(s string) bool {
	m := teamNormAtRE.FindStringSubmatchIndex(s)
	return m != nil && habitual(s[m[1]:])
}

// practiceNorm reports whether user sentence s states how the team
// works with a verb of practice, wherever it stands: "we don't log
// customer names", "We never log customer names", "We only deploy on
// Tuesdays", "we always pin images". A description ("we don't have
// tests", "we never got a reply", "we don't even deploy this") has no
// such verb.
//
// The norm may open any clause of the sentence, after the time it holds
// for ("until the contract is signed, we send only through their sandbox,
// we don't touch the live account", "for now we send nothing to clinic
// 3"), put its "only" or "nothing" after the verb ("we send only through
// the sandbox"), or name its object first ("the live account we don't
// touch").
func practiceNorm(s string) bool {
	if questionRE.MatchString(s) {
		return false
	}
	at := []int{0}
	for _, l := range clauseRE.FindAllStringIndex(s, -1) {
		at = append(at, l[1])
	}
	for _, a := range at {
		c := strings.TrimSpace(s[a:])
		if m := practiceNormRE.FindStringSubmatchIndex(c); m != nil {
			f := strings.Fields(strings.ToLower(c[m[1]:]))
			if len(f) >= 2 && (practiceVerb(f[0]) || presentVerb(f[0]) && !abilityRE.MatchString(c[m[0]:m[1]])) {
				return true
			}
		}
		if m := normAfterVerbRE.FindStringSubmatch(c); m != nil && practiceVerb(m[1]) {
			return true
		}
		if m := objectFirstNormRE.FindStringSubmatch(c); m != nil && practiceVerbs[strings.ToLower(m[1])] {
			return true
		}
		if m := nothingImpRE.FindStringSubmatch(c); m != nil && practiceVerbs[strings.ToLower(m[1])] {
			return true
		}
	}
	return false
}

var practiceNormRE = mustPattern(`(?i)^(?:(?:and|but|also|fyi|btw|note|quick note|heads up|reminder|remember|so)[,:—–-]?\s+)*` + normWhenRE + `(?:here\s+|in this (?:repo|codebase|project|team),?\s+)?(?:we|the team|our team)(?:\s+(?:just|also|generally|usually|basically))?\s+(?:never|always|only|don't|dont|do not|can't|cannot|can not|mustn't|must not|shouldn't|should not|may not)\b`)

// normWhenRE is the time a norm holds for, before it: "for now", "until
// further notice", "meanwhile", "until the contract is signed".
const normWhenRE = `(?:(?:for now|for the time being|for the moment|until further notice|in the meantime|meanwhile|from now on|going forward|this week|today|(?:until|till|as long as)\s+[^,.;]{1,60}?)[,]?\s+)?`

// normAfterVerbRE is a norm whose "only" or "nothing" follows the verb
// and opens what it is said of: "we send only through their sandbox",
// "we remind only planned and confirmed", "we send nothing to clinic 3".
var normAfterVerbRE = mustPattern(`(?i)^(?:(?:and|but|also|so)\s+)?` + normWhenRE + `(?:we|the team|our team)\s+(\w[\w-]*)\s+(?:only\s+\S|never\s+\S|nothing(?:\s+at\s+all)?\s+(?:through|via|with|on|to|from|in|into|at|for|by|over)\b)`)

// nothingImpRE is an imperative of practice with "nothing" for its
// object: "for now send nothing to clinic 3", "touch nothing in vendor/".
var nothingImpRE = mustPattern(`(?i)^(?:(?:and|but|also|so|please|pls)[,]?\s+)?` + normWhenRE + `(?:please\s+)?(\w[\w-]*)\s+nothing(?:\s+at\s+all)?\s+(?:to|in|on|into|from|for|under|about|until|till|before|yet)\b`)

// objectFirstNormRE names the object of a norm before it, the verb last:
// "the live account we don't touch", "prod we never touch".
var objectFirstNormRE = mustPattern(`(?i)^(?:(?:and|but|also|so)\s+)?` + normWhenRE + `(?:the|this|that|these|those|our|their|its|any)?\s*[^\s,;:]+(?:\s+[^\s,;:]+){0,3}\s+(?:we|the team|our team)\s+(?:never|don't|dont|do not)\s+(\w[\w-]*)\s*[.!]*$`)

// practiceVerb reports whether w is a verb of practiceVerbs, as written
// or as a borrowed English verb with another language's ending (German
// "pushen", "deployen", "committen"; French "touche").
func practiceVerb(w string) bool {
	w = strings.ToLower(strings.Trim(w, ".,;:!?"))
	if practiceVerbs[w] {
		return true
	}
	for _, e := range []string{"en", "n", "e", "ed"} {
		if x, ok := strings.CutSuffix(w, e); ok && len(x) >= 3 {
			if practiceVerbs[x] || practiceVerbs[x+"e"] || len(x) > 3 && x[len(x)-1] == x[len(x)-2] && practiceVerbs[x[:len(x)-1]] {
				return true
			}
		}
	}
	return false
}

// practiceVerbs are the verbs of a way of working a team norm states.
var practiceVerbs = map[string]bool{"log": true, "commit": true, "push": true, "deploy": true, "merge": true, "use": true, "store": true,
	"expose": true, "ship": true, "release": true, "run": true, "touch": true, "edit": true, "modify": true, "delete": true, "drop": true,
	"call": true, "write": true, "hardcode": true, "hard-code": true, "mock": true, "skip": true, "disable": true, "print": true,
	"send": true, "share": true, "upload": true, "bypass": true, "force-push": true, "rebase": true, "squash": true, "install": true,
	"add": true, "import": true, "pin": true, "bump": true, "cache": true, "copy": true, "email": true, "test": true, "review": true,
	"backport": true, "rewrite": true, "rename": true, "return": true, "catch": true, "swallow": true, "retry": true,
	"publish": true, "tag": true, "migrate": true, "query": true, "mutate": true, "reuse": true, "persist": true, "keep": true,
	"put": true, "check": true, "vendor": true, "depend": true, "rely": true, "accept": true, "allow": true, "work": true,
	"remind": true, "notify": true, "message": true, "contact": true, "bill": true, "charge": true, "invoice": true, "include": true,
	"exclude": true, "support": true, "sync": true, "export": true, "alert": true, "schedule": true, "process": true}

var teamNormAtRE = mustPattern(`(?i)^(?:and\s+|but\s+|since\s+|because\s+)?(?:we|the team|our team)(?:\s+(?:just|also|generally|usually|basically))?\s+(?:never|always|don't|dont|do not)\b`)

// statives are verbs and adverbs after "we don't" that describe a state,
// not a way of working ("we don't have tests", "we don't even deploy it").
var statives = map[string]bool{"have": true, "know": true, "need": true, "see": true, "get": true, "care": true, "think": true, "want": true,
	"like": true, "mind": true, "remember": true, "understand": true, "even": true, "really": true, "actually": true, "yet": true, "own": true,
	"seem": true, "appear": true, "expect": true, "hear": true, "feel": true, "agree": true, "believe": true, "hope": true, "plan": true,
	"intend": true, "wish": true, "forget": true, "notice": true, "mean": true, "exceed": true, "reach": true, "hit": true, "lose": true,
	"win": true, "find": true, "manage": true, "tend": true, "bother": true, "worry": true, "matter": true, "happen": true, "miss": true,
	"mention": true, "recall": true, "trust": true, "usually": true, "normally": true, "always": true, "never": true, "often": true}

// abilityRE is "can't" said of what the team is able to do ("we can't
// reproduce it locally"), a norm only with a verb of practice.
var abilityRE = mustPattern(`(?i)\b(?:can't|can’t|cannot|can not)$`)

// presentVerb reports whether w, after "we never" or "we don't", reads
// as a verb of practice in the present though no list names it ("we
// never award points on …", "we don't round up"): a plain word, no past
// form or participle, no stative ("have", "know"), no adverb ("really",
// "currently"), no word that opens a statement.
func presentVerb(w string) bool {
	w = strings.ToLower(strings.Trim(w, ".,;:!?"))
	if len(w) < 3 || strings.IndexFunc(w, func(r rune) bool { return (r < 'a' || r > 'z') && r != '-' }) >= 0 {
		return false
	}
	return habitual(w) && !foreignStatives[w] && !strings.HasSuffix(w, "ly") && !strings.HasSuffix(w, "ing") && !strings.HasSuffix(w, "en")
}

// foreignStatives are the statives of the languages glossed whose words
// the gloss may leave as they are after its "we don't" ("on ne sait pas
// encore pourquoi": "we don't sait …"), written in plain letters.
var foreignStatives = wordSet(`sait sais savons savent connait connais comprend comprenons voit voyons veut voulons peut pouvons avons ont faut
	trouve trouvons pense pensons crois croit croyons sabe sabemos saben tiene tenemos tienen entiende entendemos vemos queremos quiere
	podemos puede hay necesitamos creemos pensamos tem temos vemos precisamos achamos sappiamo abbiamo hanno vediamo vogliamo possiamo
	capiamo crediamo pensiamo weiss kennt heeft weet vet har ser vill kan tror`)

// habitual reports whether the verb opening rest is in the present: not a
// past form or a participle.
func habitual(rest string) bool {
	f := strings.Fields(strings.ToLower(rest))
	if len(f) == 0 {
		return false
	}
	w := strings.Trim(f[0], ".,;:!?")
	return w != "" && !strings.HasSuffix(w, "ed") && !pastVerbs[w] && !nonVerbs[w] && !statives[w]
}

// cjkRuleRE are the Chinese rule words that direct whoever is addressed
// ("不能" is left out: it also says what a thing cannot do).
var cjkRuleRE = mustPattern(`^(?:不要|别|先别|暂时别|暂时不要|不许|不准|禁止|严禁|不得|不可以|绝对不可以|绝不|千万别|切勿|别碰|别动|别改|别删|别用|别加|别装|别引入|别再|不要再|只能|必须|务必|一定要)`)

// thirdPersonRE is a clause about someone else ("他不要…").
// strongNoRE ends the words before a Chinese "不能/不可以/不得" that make
// it absolute: in any case, whatever happens, never.
var strongNoRE = mustPattern(`(?:任何情况下|任何时候|无论如何|无论什么情况下?|不管怎样|不管什么情况下?|绝对|永远|一律)\s*(?:都|也)?\s*$`)

var thirdPersonRE = mustPattern(`他|她|它|他们|她们|它们|大家都`)

// quotedRE is text in quotation marks: words reported, not said.
var quotedRE = mustPattern(`"[^"\n]{1,200}"|“[^”\n]{1,200}”|「[^」\n]{1,200}」`)

// nonVerbs are words that open a statement, not an imperative: pronouns,
// determiners, prepositions, conjunctions and hedges.
var nonVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`i we you he she it they this that these those there here the a an my our your his her its their
	some any every each all no none one as if when what which who whose why how where after before during in on at by for from with
	without about into onto upon of to than then so because although though while until unless since maybe perhaps not both either
	neither many much most more less few several such same other another first second last next previous new old it's that's there's
	i'm we're they're he's she's what's`) {
		m[w] = true
	}
	return m
}()

// auxes are finite verbs that show the first words are a subject.
var auxes = map[string]bool{"is": true, "are": true, "was": true, "were": true, "has": true, "have": true, "had": true,
	"would": true, "will": true, "can": true, "could": true, "does": true, "did": true, "seems": true, "gets": true}

// imperative reports whether a clause (the words before a rule word) is
// an English imperative: it opens with a bare verb ("Call … at most
// five", "Reply with … only", "Try to avoid"), judged without a
// dictionary: not a pronoun, determiner or preposition, not a participle
// or a third-person form, and no finite verb right after it.
func imperative(clause string) bool {
	f := strings.Fields(strings.ToLower(clause))
	if len(f) == 0 {
		return false
	}
	w := strings.Trim(f[0], "\"'`*_()[]")
	if w == "" || nonVerbs[w] || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	if strings.HasSuffix(w, "ing") && !ingVerbs[w] || strings.HasSuffix(w, "ed") ||
		strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") {
		return false
	}
	for _, x := range f[:min(len(f), 3)] {
		if auxes[strings.Trim(x, ",.;:")] {
			return false
		}
	}
	return true
}

// ingVerbs are bare verbs that end in "ing" ("ping #ops", "bring it
// back"), no gerunds.
var ingVerbs = map[string]bool{"ping": true, "bring": true, "ring": true, "sing": true, "swing": true, "sting": true, "fling": true, "wring": true}

// simplePast are past forms that are no participle of a rule ("only
// took", "always went"); "only allowed", "never dropped" may be.
var simplePast = map[string]bool{"took": true, "went": true, "got": true, "had": true, "was": true, "were": true, "did": true, "saw": true, "came": true, "ran": true, "knew": true}

// irregularPast reports whether rest opens with a simplePast.
func irregularPast(rest string) bool {
	f := strings.Fields(strings.ToLower(rest))
	return len(f) > 0 && simplePast[strings.Trim(f[0], ".,;:!?")]
}

// presentPassiveRE is a clause that ends in a present passive's
// auxiliary; handledRE opens with a participle of what one does to a
// file, a record or a system.
var (
	presentPassiveRE = mustPattern(`(?i)\b(?:is|are|be|get|gets|stays?|remains?)\s*$`)
	handledRE        = mustPattern(`(?i)^\s*(?:to be\s+)?(?:written|overwritten|modified|changed|edited|touched|deleted|removed|renamed|moved|committed|pushed|force-pushed|deployed|exposed|logged|stored|saved|shared|published|uploaded|copied|sent|dropped|truncated|reset|merged|released|normali[sz]ed|altered|rewritten|reused|disabled|bypassed|skipped)\b`)
)

// copulaEndRE is a clause that ends in a subject and its copula, or a
// copula: "that it's", "the queue is".
var copulaEndRE = mustPattern(`(?i)(?:\b(?:it|that|this|there|they|he|she|everything|everyone|nothing)(?:'s|’s|'re|’re)|\b(?:is|are|was|were))\s*$`)

// participleNext reports whether rest opens with a past participle
// ("allowed", "written", "run", "kept"), what makes a copula a passive.
func participleNext(rest string) bool {
	f := strings.Fields(strings.ToLower(rest))
	if len(f) == 0 {
		return false
	}
	w := strings.Trim(f[0], ".,;:!?")
	return strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "en") || handledRE.MatchString(w) || irregularParticiples[w]
}

// irregularParticiples are past participles with no -ed or -en ending.
var irregularParticiples = map[string]bool{"run": true, "set": true, "kept": true, "built": true, "done": true, "made": true, "put": true, "held": true, "sent": true, "left": true, "read": true, "cut": true, "shut": true, "spent": true, "paid": true, "said": true, "told": true, "sold": true, "found": true, "bound": true}

// saysRE is a clause that ends in a verb of saying, before the rule it
// relays: "… says", "she insists", "told us".
var saysRE = mustPattern(`(?i)(?:^|\s|\))(?:says|said|insists|insisted|wants|asks|asked|reminds|reminded|keeps saying|(?:told|tells|reminded|reminds|asked|asks|wants) (?:us|me|everyone|the team))(?: that)?$`)

// neverMindRE is the idiom "never mind" ("never mind the LEDs"), which
// drops a thing and states no rule.
var neverMindRE = mustPattern(`(?i)^never\s*mind\b`)

// passiveRE is a clause that ends in a passive's auxiliary: "SSH is
// only allowed from …" is a rule, not a story.
var passiveRE = mustPattern(`(?i)\b(?:is|are|was|were|be|been|being|get|gets|stays?|remains?)\s*$`)

// directive reports whether the sentence s directs the agent with one of
// its rule words (constraintRE): see the package note above.
func directive(s string) bool {
	quoted := quotedRE.FindAllStringIndex(s, -1)
	for _, m := range constraintRE.FindAllStringSubmatchIndex(s, -1) {
		start, word := m[0], s[m[0]:m[1]]
		if m[2] >= 0 {
			start, word = m[2], s[m[2]:m[3]]
		}
		if neverMindRE.MatchString(s[start:]) {
			// "never mind the LEDs": the idiom drops a thing, no rule.
			continue
		}
		if verifyOnly(s, start, start+len(word)) {
			// "só confirma q tá assim", "just confirm it's 256Mi": a
			// request to check, no rule (verifyask.go)
			continue
		}
		if leavePronounRE.MatchString(word) {
			// "leave it as is for now": what to do with the thing just
			// talked about, a decision, not a rule naming a thing
			continue
		}
		if noMoreFailsRE.MatchString(s[start:]) {
			// "staging looks quiet, no more QueuePool errors in the
			// logs": the absence of failures seen, how things are, no
			// rule ("no more force pushes" is one)
			continue
		}
		if slices.ContainsFunc(quoted, func(q []int) bool { return q[0] < start && start < q[1] }) {
			// 'my manager used to say "never trust a Friday migration"':
			// reported words direct no one here.
			continue
		}
		clause := s[:start]
		if locs := clauseRE.FindAllStringIndex(clause, -1); len(locs) > 0 {
			clause = clause[locs[len(locs)-1][1]:]
		}
		for {
			t := fillerRE.ReplaceAllString(clause, "")
			if t == clause {
				break
			}
			clause = t
		}
		// "in field 1 (the invoice number for us) may only …": an aside
		// in parentheses is no part of the clause's subject
		clause = strings.TrimSpace(parenAsideRE.ReplaceAllString(clause, " "))
		if zhCondThenRE.MatchString(clause) {
			// "如果测试失败就不要推送": the condition ends at its "就",
			// the rule word opens the main clause ("if the tests fail,
			// don't push")
			clause = ""
		}
		switch {
		case clause == "" && (strings.EqualFold(word, "only") || strings.EqualFold(word, "always")) && irregularPast(s[m[1]:]):
			// "…, only took them 6 weeks lol": a past told with its
			// subject left out, not an imperative ("only allowed from
			// …", "never dropped" may be a rule's participle).
			continue
		case clause == "":
			// The imperative: the rule word opens the clause.
			return true
		case subordRE.MatchString(clause):
			continue
		case (strings.EqualFold(word, "always") || strings.EqualFold(word, "never") || strings.EqualFold(word, "only")) && copulaEndRE.MatchString(clause) && !participleNext(s[m[1]:]):
			// "people complain that it's always fully booked", "the
			// queue is never empty": a state told, not a rule ("SSH is
			// only allowed from …" is one).
			continue
		case strings.EqualFold(word, "never") && presentPassiveRE.MatchString(clause) && handledRE.MatchString(s[m[1]:]):
			// "the masters are never written to, renamed or moved": what
			// is never done to a thing, in the present passive, is a
			// rule ("the lock was never released" is a story, "the
			// function is never called" a fact).
			return true
		case !agentRE.MatchString(clause) && !(strings.EqualFold(word, "only") && imperative(clause)) && (strings.EqualFold(word, "never") || (strings.EqualFold(word, "only") || strings.EqualFold(word, "always")) && !passiveRE.MatchString(clause)) && pastForm(s[m[1]:]):
			// "Glad Ines never saw that", "the lock never released", "only
			// took them 6 weeks", "it always worked": a subject's past,
			// told.
			continue
		case agentRE.MatchString(clause), imperative(clause) && !selfTold(clause):
			// A clause whose subject is the speaker ("lokal hatte ich den
			// nie laufen", "en local je ne l'ai jamais lancé", glossed "I")
			// tells what the speaker did, whatever word opens it.
			return true
		case saysRE.MatchString(clause) && imperative(s[m[1]:]):
			// "mara, our hw lead, says dont touch clock.c", "mara (hw,
			// she owns the board) says …": a rule relayed after the
			// person saying it, however the subject before is cut, when
			// a verb follows the rule's word ("says only 3 people came"
			// relays no rule).
			return true
		case strongNoRE.MatchString(clause) && strings.HasPrefix(word, "不"):
			// "下架的书任何情况下都不能出现在搜索结果里": "in no case" makes
			// a "cannot" about a thing a rule, whoever relays it.
			return true
		case cjkRuleRE.MatchString(word) && !narratorRE.MatchString(clause) && !thirdPersonRE.MatchString(clause):
			// "在生产库上先别跑 migrate": a Chinese rule after a topic or a
			// place needs no subject.
			return true
		case narratorRE.MatchString(clause):
		case modalRuleRE.MatchString(strings.ToLower(strings.TrimSpace(word))), modalRE.MatchString(clause):
			return true
		case placeOnly(clause):
			// "In the prod namespace billing-prod never terminate …": the
			// imperative after the place it holds in, no comma between.
			return true
		}
	}
	return false
}

// noMoreFailsRE is "no more" and the failures a thing no longer shows:
// errors, crashes, timeouts, 5xx answers, alerts, restarts.
var noMoreFailsRE = mustPattern(`(?i)^no more\s+(?:[\w./-]+\s+){0,3}?(?:errors?|failures?|crash(?:es)?|timeouts?|time-?outs|exceptions?|tracebacks?|alerts?|pages|panics?|restarts?|oom(?:s|kills?)?|5\d\d(?:s|'s)?|5xx(?:s|'s)?|stack ?traces?|complaints?|spikes?|warnings? in the logs?)\b`)

// leavePronounRE is "leave" with a pronoun for its object: "leave it as
// is", "leave them alone".
var leavePronounRE = mustPattern(`(?i)^leave\s+(?:it|them|that|this|those|these)\s+(?:as|alone|unchanged|untouched|intact)\b`)

// parenAsideRE is a parenthesised aside.
var parenAsideRE = mustPattern(`\([^()]*\)|（[^（）]*）`)

// placePreps open a phrase of place or scope before an imperative.
var placePreps = map[string]bool{"in": true, "on": true, "for": true, "within": true, "inside": true, "across": true, "under": true, "throughout": true}

// placeOnly reports whether clause is only a phrase of place or scope (a
// preposition and up to six words, none a pronoun or a finite verb):
// "in the prod namespace billing-prod", "on staging", "for the payments
// service". "In prod it …" has a subject.
func placeOnly(clause string) bool {
	f := strings.Fields(strings.ToLower(clause))
	if len(f) < 2 || len(f) > 7 || !placePreps[f[0]] {
		return false
	}
	for _, w := range f[1:] {
		w = strings.Trim(w, ",;:")
		if auxes[w] || pronounWords[w] {
			return false
		}
	}
	return true
}

// pronounWords are the subject pronouns and the words that make a clause
// a statement about something ("there", "it's").
var pronounWords = map[string]bool{"i": true, "we": true, "you": true, "he": true, "she": true, "it": true, "they": true, "there": true,
	"it's": true, "that's": true, "this": true, "that": true, "someone": true, "nobody": true, "everyone": true}

// selfTold reports whether clause has the speaker for its subject with a
// verb of its own: "I" and two words more ("lokal hatte I the", "en local
// I the ai"). A lone word and "I" ("nigdy I", Polish "ich" read as German)
// tell nothing.
func selfTold(clause string) bool {
	return selfSubjectRE.MatchString(clause) && len(strings.Fields(clause)) >= 3
}
