package projection

import (
	"path/filepath"
	"slices"
	"strings"
)

// Amending what was said.
//
// Users rarely repeat a rule or a value in the words they first used.
// Three families of amendment are read here, English and Chinese, by
// their shape rather than by their words:
//
//   - a value stated against the value it replaces: "X should be V, not
//     W", "X is V, not W", "make X V instead of W", "X: V (not W)", "X 应该是
//     V 而不是 W", "X 不是 W 而是 V" (valueAmendment). The key is X's, W is
//     recorded as Was, and the value supersedes X's current value (§14).
//   - a rule restated with a new value: a rule that pins a thing to a
//     version ("Use Go 1.21 only") is superseded by a later user sentence
//     that pins the same thing to another version, with the same polarity
//     ("The constraint is now Go 1.22", "now use Go 1.22", "switch to Go
//     1.22", "改用 Go 1.22"). pins finds the pins; the reducer retires the
//     older rule on the same subject, whatever words the two share.
//   - a permission that names one thing ("you may use golang.org/x/sync",
//     "except for `vendor/foo`", "可以用 lodash") after a prohibition of
//     the class that thing belongs to ("do not add any new dependencies").
//     By the spec's authority and supersession rules (EF-RFC-001 §13-§14)
//     the permission does not lift the prohibition whole: it was stated
//     by the same authority about one thing, and the rest of the
//     prohibition stands. The prohibition stays active and is restated
//     once with its exception ("… — except: you MAY use …"), so the active
//     surface never shows the bare prohibition beside a permission that
//     contradicts part of it. A permission whose object fits no active
//     prohibition is not recorded. A permission of the very file a rule
//     names ("you can touch clock.c BUT only the sdmmc divider" after
//     "dont touch Core/Src/clock.c") is about that rule before any rule of
//     the file's class: its exception when scoped, its lift when not
//     (Reducer.ruleNaming).
var (
	notPat = `\s*(?:,\s*|\s+|\s*[(（]\s*)(?:not|rather than|instead of)\s+(?P<a>` + valPat + `)\s*[)）]?`
	// valueNotRE: "the default attempts should be 5, not 3".
	valueNotRE = mustPattern(`(?i)(?:^|[:,;，：]\s*)(?:the\s+|our\s+|my\s+)?(?P<k>[\w.\-/'’ ]{2,60}?)\s+(?:is|should be|must be|needs to be|has to be|is now|will be|are|should stay)\s+(?:now\s+)?(?P<v>` + valPat + `)(?:\s+now)?` + notPat + `\s*[.。!]?\s*$`)
	// makeNotRE: "make the pool size 16 instead of 8".
	makeNotRE = mustPattern(`(?i)\b(?:make|set)\s+(?:the\s+)?(?P<k>[\w.\-/]+(?:\s[\w.\-/]+){0,3}?)\s+(?:to\s+)?(?P<v>` + valPat + `)` + notPat)
	// colonNotRE: "retries: 4 (not 2)".
	colonNotRE = mustPattern(`(?i)(?:^|[\s,;])(?P<k>[A-Za-z_][\w.\- ]{1,40}?)\s*[:：]\s*(?P<v>` + valPat + `)\s*[(（]\s*(?:not|instead of|was)\s+(?P<a>` + valPat + `)\s*[)）]`)
	// zhNotRE: "重试次数应该是 5 而不是 3"; zhNotRE2: "重试次数不是 3 而是 5".
	zhNotRE  = mustPattern(`(?P<k>[\p{Han}\w\-./]{1,30}?)\s*(?:应该是|应当是|应为|应是|是|为|改为|改成)\s*(?P<v>` + valPat + `)\s*[，,]?\s*(?:而不是|不是|而非)\s*(?P<a>` + valPat + `)`)
	zhNotRE2 = mustPattern(`(?P<k>[\p{Han}\w\-./]{1,30}?)\s*不是\s*(?P<a>` + valPat + `)\s*[，,]?\s*而是\s*(?P<v>` + valPat + `)`)

	// pinRE is a thing pinned to a version: "Go 1.21", "Python 3.12",
	// "node v20", "Node 20" (a bare number only after a capitalized name).
	pinRE = mustPattern(`\b([A-Za-z][\w+#\-]*)(?:\s+version)?\s+v?(\d+(?:\.\d+)+|\d+)\b`)
	// restateRE marks a sentence as a change of what holds now.
	restateRE = mustPattern(`(?i)\b(?:now|switch(?:ing)? to|move to|moving to|upgrade to|downgrade to|instead|from now on|going forward|henceforth|any ?more)\b|改用|换成|升级到|降级到|改为|改成|现在|以后`)
	// negRE is a prohibition's polarity.
	negRE = mustPattern(`(?i)\b(?:never|not|nobody|no one|don't|dont|mustn't|shouldn't|can't|cannot|avoid|no|leave (?:\S+ ){0,4}alone|hands off|off[- ]limits|stay (?:away|out)|hold off)\b|不要|不能|不得|不许|不准|禁止|严禁|别|勿`)

	// permRE is a permission naming its object.
	permRE = mustPattern(`(?i)(?:\b(?:you|u) (?:may|can|are allowed to|are permitted to|are free to)|\b(?:it's|it is) (?:ok|okay|fine|allowed) to|\bexcept(?: for)?|\b(?:ok'?d|okay'?d|okayed|approved|signed off on|green-?lit|greenlighted)|可以(?:用|使用|引入|添加|加|改|修改|动)|除了|但可以用)\s*(?P<v>use|add|install|import|pull in|include|depend on|bring in|touch|edit|modify|change|update)?\s+(?:(?:in|on|into)\s+)?(?:(?:the|a|an)\s+)?(?P<x>` + "`[^`\\n]{1,80}`" + `|[\w@.\-/:+#]+)`)
	// moduleRE is a dependency's name: a module path ("golang.org/x/sync",
	// "github.com/a/b"), a scoped or versioned package ("@types/node",
	// "lodash@4").
	moduleRE = mustPattern(`^(?:[a-z0-9\-]+\.[a-z]{2,}(?:/[\w.\-~]+)+|@[\w.\-]+/[\w.\-]+|[\w.\-]+@[\w.\-^~]+)$`)
	// classes are the words by which a prohibition names a class of
	// things: dependencies, and files or directories.
	depClassRE = mustPattern(`(?i)\b(?:dependenc(?:y|ies)|deps?|packages?|librar(?:y|ies)|modules?|imports?|third[- ]party|crates?|gems?|wheels?)\b|依赖|第三方|库|包|` +
		// the same words in the languages the lexicons read
		`\b(?:dependencias?|dependências?|dépendances?|dipendenz[ae]|abhängigkeit(?:en)?|librerías?|bibliotecas?|bibliothèques?|librerie|libreria|paquetes?|pakete?|pacotes?|pacchett[io])\b|依存|ライブラリ|パッケージ`)
	// remainderRE marks a sentence that keeps the rest of what it frees
	// a part of off-limits: "but nothing else in migrations/", "the rest
	// of vendor/ stays off-limits", "只能改这个文件".
	remainderRE = mustPattern(`(?i)\b(?:nothing else|no other|not the rest|the rest|rest of|everything else|anything else|everywhere else|anywhere else|only|just|still (?:off[- ]limits|forbidden|frozen|a no|no))\b|其他|其余|其它|别的|只`)
	// moduleClassRE is a part of the code a rule keeps off-limits by
	// name ("the payment module", "payment 模块"): a file the permission
	// names in the same part ("payment 模块里 refund.service.ts 你可以改")
	// is an exception to it.
	moduleClassRE = mustPattern(`(?i)\b(?:modules?|packages?|crates?|services?|components?)\b|模块|组件|服务`)
	fileClassRE   = mustPattern(`(?i)\b(?:files?|director(?:y|ies)|folders?|dirs?|file ?paths?)\b|文件|目录`)
)

// valueAmendment is the value a sentence states against the one it
// replaces ("X should be V, not W"): key words, value, was; ok false when
// the sentence has no such shape.
func valueAmendment(s string) (k, v, was string, ok bool) {
	for _, re := range []*pattern{valueNotRE, makeNotRE, colonNotRE, zhNotRE, zhNotRE2} {
		m := re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		k, v, was = m[re.SubexpIndex("k")], cleanValue(m[re.SubexpIndex("v")]), cleanValue(m[re.SubexpIndex("a")])
		if re == zhNotRE || re == zhNotRE2 {
			k = zhFiller.ReplaceAllString(strings.TrimSpace(k), "")
		} else {
			k = lastWords(k, 5)
		}
		if k == "" || !specific(v) && !specific(was) || constraintRE.MatchString(k) || verbPhraseKey(k) {
			// "zet webkit voorlopig uit in CI, niet in de config": a
			// verb phrase, no setting's name (switchrule.go)
			continue
		}
		return k, v, was, true
	}
	return "", "", "", false
}

// pins are the things s pins to a version: lower-cased name → the
// versions s names it with.
func pins(s string) map[string][]string {
	var out map[string][]string
	for _, m := range pinRE.FindAllStringSubmatchIndex(s, -1) {
		name, ver := s[m[2]:m[3]], s[m[4]:m[5]]
		ln := strings.ToLower(name)
		if stopwords[ln] || nonVerbs[ln] || ln == "version" || ln == "v" {
			continue
		}
		if !strings.Contains(ver, ".") && (name[0] < 'A' || name[0] > 'Z') {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[ln] = append(out[ln], ver)
	}
	return out
}

// repins reports whether the rule a pins one of the things b pins to
// another version, with the same polarity: b restates a with a new value.
func repins(a, b string) bool {
	return repinsOf(pinFacts(a), pinFacts(b))
}

// pinFacts are the facts of s that repinsOf reads.
func pinFacts(s string) *valueFacts {
	return &valueFacts{of: s, neg: negRE.MatchString(s), pins: pins(s)}
}

// repinsOf is repins of the rules whose facts are fa and fb.
func repinsOf(fa, fb *valueFacts) bool {
	pa, pb := fa.pins, fb.pins
	if len(pa) == 0 || len(pb) == 0 || fa.neg != fb.neg {
		return false
	}
	for name, vs := range pb {
		if ws, ok := pa[name]; ok && !slices.ContainsFunc(ws, func(w string) bool { return slices.Contains(vs, w) }) {
			return true
		}
	}
	return false
}

// restatesPin reports whether clause c changes the version of a thing an
// active rule pins (pinned): it names the thing with a version and says
// the change holds now.
func restatesPin(c string, pinned map[string]bool) bool {
	if len(pinned) == 0 || questionRE.MatchString(c) || !restateRE.MatchString(c) {
		return false
	}
	for name := range pins(c) {
		if pinned[name] {
			return true
		}
	}
	return false
}

// pinVerbRE opens an imperative that says what to build, run or test
// with: "use", "build with", "target", "run the tests on", "compile
// against", "用", "使用" (after "now", "also", "please" and the like, or
// a label: "Rules: use Node 18").
var pinVerbRE = mustPattern(`(?i)^(?:(?:rules?|constraints?|requirements?|note|important)\s*:\s*)?(?:(?:now|also|please|and|so|then|from now on|going forward)[,]?\s+)*(?:use|build (?:with|on|against|for)|target|run\b[\w\s]{0,30}?\b(?:on|with|against|under)|compile (?:with|against|for)|test (?:on|with|against)|require|pin\b|stick (?:with|to)|stay on|keep using|develop (?:on|against|with)|deploy (?:on|to|with))\b|^(?:请|现在|以后|今后)?(?:使用|用|采用|基于|统一用)`)

// pinsRule reports whether sentence s is a rule by its shape: an
// imperative that pins a named thing to a version ("Build with Node 18",
// "Target Java 17 for the SDK", "用 Go 1.22 编译"). Such a sentence holds
// none of the words a prohibition or an obligation uses, yet it binds
// what follows as much as "Always use Node 18" does.
func pinsRule(s string) bool {
	return pinVerbRE.MatchString(strings.TrimSpace(s)) && len(pins(s)) > 0 && !questionRE.MatchString(s)
}

// seemsOpenRE opens a sentence with what the speaker only infers: "It
// seems (to be) …", "it looks like …", "apparently …". A rule said
// politely ("I think we should never …") does not open so.
var seemsOpenRE = mustPattern(`(?i)^\W*(?:(?:so|but|and|well|hmm+|ok(?:ay)?)[,]?\s+)?(?:it\s+)?(?:seems|appears|looks)(?:\s+(?:to\s+be|that|like|as\s+if|as\s+though))?\b|^\W*(?:(?:so|but|and)[,]?\s+)?apparently\b`)

// isRule reports whether sentence s states a rule: a directive that uses
// a rule's words, or an imperative that pins a version.
func isRule(s string) bool {
	if t, h := strings.Trim(s, "*_#:.!- \t"), strings.TrimSpace(s); len(strings.Fields(t)) <= 2 && (strings.HasPrefix(h, "**") && strings.HasSuffix(strings.TrimRight(h, ": "), "**") || strings.HasPrefix(h, "#")) {
		// "**Don't**", "## Never:": a heading of rules, none itself
		return false
	}
	if flakyRemark(s) {
		// "haan woh emulator pe flaky hai, … hamesha ek baar fail hota
		// hai": how a test behaves, no rule (flakyremark.go)
		return false
	}
	if seemsOpenRE.MatchString(s) && !strings.Contains(strings.ToLower(s), " but ") {
		// "It seems to be AlterOrderWithRespectTo has to proceed before
		// AddIndex": what the speaker infers of how a thing works, no
		// rule for anyone to keep ("looks fine, but never push to main"
		// turns to one)
		return false
	}
	if v, _ := insteadValue(s); v != "" {
		// "3, nicht 5": a number corrected in passing (notinstead.go)
		return false
	}
	if aNotAMatch(s) {
		// "要不要支持繁体中文": a question in the A-not-A form, not "不要".
		s = aNotARE.ReplaceAllString(s, "")
	}
	// "so that must have worked", "it must've been the cache": what the
	// speaker infers, no obligation.
	s = withoutInferredMust(s)
	// "train.py 现在只能单卡跑，帮我改成多卡": the problem a request is for;
	// "think about it, don't do it now": a deferral (rulelife.go)
	s = bindsNothing(s)
	if loc := purposeNoNeedRE.FindStringIndex(s); loc != nil {
		// "… puts them in the mill's folder so nobody has to drag files
		// around anymore": the purpose of the work, no rule
		s = s[:loc[0]]
	}
	if rest := afterLeadBound(s); rest != "" && (isRule(rest) || bareNoAsked(rest)) {
		// "Bis zum Release am Freitag bitte keine Dependency-Upgrades",
		// "until the release, no new deps": a rule its bound opens
		return true
	}
	return constraintRE.MatchString(s) && directive(s) || pinsRule(s) || bareNo(s) || noAfterInstruction(s) || practiceNorm(s) || workNorm(s) || everyImperative(s) || actConditionRule(s) || doneClaimRule(s) || deliverTo(s) || (zhHabitRE.MatchString(s) || zhFreezeRE.MatchString(s)) && !questionRE.MatchString(s) || (relayedNoRE.MatchString(s) || noException(s) || textLangRuleRE.MatchString(s)) && !questionRE.MatchString(s) || holdsValue(s) || devaRule(s) || condRule(s)
}

// inferredMustRE is "must" of inference: "must have" (or "must've")
// before a past participle ("must have worked", "must've been", "must
// have already finished"); withoutInferredMust says which are.
var inferredMustRE = mustPattern(`(?i)\bmust(?:\s+have|'ve|’ve)(?:\s+(?:already|just|probably|somehow|still|also))?\s+(?:been|gone|done|seen|made|taken|come|run|got|gotten|left|forgotten|broken|written|hit|set|put|read|built|thrown|fallen|known|shown|grown|begun|given|lost|meant|sent|spent|caught|found|held|kept|said|told|thought|brought|bought|\w+ed)\b`)

// priorToRE is a condition of time an obligation of the perfect sets
// ("must have run the migrations before you deploy").
var priorToRE = mustPattern(`(?i)\b(?:before|prior to|by the time|until)\b`)

// ruleSubjects are the subjects of a requirement in the perfect: "Every
// PR must have passed CI", "Your patch must have modified no test".
var ruleSubjects = map[string]bool{"all": true, "every": true, "each": true, "any": true, "no": true, "your": true, "you": true}

// inferenceFollowers are the words an inferred "must have <participle>"
// goes on with ("must have been the cache", "must have broken something",
// "must have finished by now"); another word after the participle makes
// it an adjective of what one must have ("must have read access",
// "must have labeled axes").
var inferenceFollowers = map[string]bool{"the": true, "a": true, "an": true, "it": true, "this": true, "that": true, "them": true, "him": true, "her": true, "me": true, "us": true,
	"by": true, "in": true, "on": true, "at": true, "to": true, "for": true, "from": true, "with": true, "after": true, "when": true, "while": true, "because": true,
	"since": true, "and": true, "but": true, "or": true, "so": true, "already": true, "now": true, "then": true, "there": true, "here": true, "out": true, "up": true,
	"down": true, "off": true, "away": true, "back": true, "wrong": true, "fine": true, "earlier": true, "yesterday": true, "recently": true, "something": true,
	"some": true, "again": true, "too": true, "as": true, "of": true, "over": true, "through": true, "into": true, "during": true, "last": true, "somewhere": true}

// withoutInferredMust is s without its inferred "must have <participle>"
// (see inferredMustRE): not when its subject is everyone or the addressee
// ("Every PR must have passed CI"), a word other than an inference goes on
// from the participle, or a condition of time follows in its clause.
func withoutInferredMust(s string) string {
	locs := inferredMustRE.FindAllStringIndex(s, -1)
	for k := len(locs) - 1; k >= 0; k-- {
		st, en := locs[k][0], locs[k][1]
		before := strings.Fields(strings.ToLower(s[max(0, strings.LastIndexAny(s[:st], ",;:.!?")+1):st]))
		if len(before) > 4 {
			before = before[len(before)-4:]
		}
		if slices.ContainsFunc(before, func(w string) bool { return ruleSubjects[strings.Trim(w, "\"'*_`()")] }) {
			continue
		}
		rest := s[en:]
		if i := strings.IndexAny(rest, ",;:.!?"); i >= 0 {
			rest = rest[:i]
		}
		if f := strings.Fields(strings.ToLower(rest)); len(f) > 0 && !inferenceFollowers[strings.Trim(f[0], "\"'*_`()")] || priorToRE.MatchString(rest) {
			continue
		}
		s = s[:st] + " " + s[en:]
	}
	return s
}

// purposeNoNeedRE is a clause of purpose saying what no one will need to
// do any more: "so nobody has to drag files around", "so that we don't
// have to restart it by hand".
var purposeNoNeedRE = mustPattern(`(?i)\bso(?: that)? (?:nobody|no one|noone|we|you|they|people|the \w+) (?:has to|have to|needs? to|must|(?:don't|doesn't|won't) (?:have|need) to)\b.*$`)

// deliverToRE is where the work's result is to be put: a verb of saving
// or writing, what is saved, and a path ("Save your regex in
// /app/regex.txt", "write the final answer to ~/out/answer.json", "save
// the results in a file called results.txt"); deliverPassiveRE the same
// said of the result ("Your answer should be saved in a file
// /app/answer.txt"). deliverTo says which are the result's place.
// deliverPlace is where a result is put in deliverToRE and
// deliverPassiveRE: a preposition, perhaps "a file called", and a path
// (its group).
const deliverPlace = `(?:in|to|into|at|under|as)\s+(?:(?:a|the)\s+file\s+(?:called\s+|named\s+)?)?` + "`?" +
	`((?:/|~/|\./|\.\./)[\w.@%+-]+(?:/[\w.@%+-]+)*|[\w.-]+(?:/[\w.@%+-]+)+|[\w-]+\.[a-z][a-z0-9]{0,5})\b`

var (
	deliverToRE      = mustPattern(`(?i)^\W*(?:(?:please|pls|also|and|then|finally|now)[,]?\s+)*(?:save|write|put|store|place|output|export|dump)\s+((?:[\w'’-]+\s+){0,8}?)` + deliverPlace)
	deliverPassiveRE = mustPattern(`(?i)\b((?:your|the)\s+(?:[\w-]+\s+){0,3}?)(?:must|should|needs? to|has to|have to|is to|are to)\s+be\s+(?:saved|written|stored|placed|put|exported)\s+` + deliverPlace)
	// deliverPurposeRE is a one-off's purpose after the path: "so I can
	// inspect it".
	deliverPurposeRE = mustPattern(`(?i)\bso(?: that)? (?:i|we|you) can\b`)
)

// resultNouns are the names of a work's result.
var resultNouns = map[string]bool{"answer": true, "answers": true, "output": true, "outputs": true, "result": true, "results": true, "solution": true,
	"solutions": true, "report": true, "summary": true, "findings": true}

// deliverTo reports whether s says where the work's result is to be put:
// a rule for as long as the work goes on (a fold that dropped it lost
// where the answer goes). What is saved is the addressee's or the
// result ("your …", "the …") and named as a result is ("the answer",
// "all the results") or as the file is ("your regex" in regex.txt, "the
// SQL query" in query.sql): "write your tests in tests/test_foo.py" and
// "save your changes to config.py" say where work goes, not its result.
// A question, /dev/null, or a path given for a purpose of the moment
// ("so I can inspect it") is none.
func deliverTo(s string) bool {
	if questionRE.MatchString(s) {
		return false
	}
	for _, re := range []*pattern{deliverToRE, deliverPassiveRE} {
		m := re.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		obj, path := strings.Fields(strings.ToLower(s[m[2]:m[3]])), s[m[4]:m[5]]
		if strings.HasPrefix(path, "/dev/") || deliverPurposeRE.MatchString(s[m[5]:]) || len(obj) < 2 {
			continue
		}
		if det := obj[0]; det != "your" && det != "the" && det != "all" {
			continue
		}
		noun := strings.Trim(obj[len(obj)-1], "'’")
		stem := strings.ToLower(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
		if resultNouns[noun] || noun == stem || noun == stem+"s" || noun+"s" == stem {
			return true
		}
	}
	return false
}

// everyImperative reports whether s is an imperative for every time a
// thing is done: "Run `bin/rubocop` and the relevant specs before every
// commit", "rebuild the index after each deploy".
func everyImperative(s string) bool {
	m := everyOccasionRE.FindStringSubmatch(s)
	if questionRE.MatchString(s) || m == nil || onceAny[strings.ToLower(m[everyOccasionRE.SubexpIndex("n")])] {
		return false
	}
	if imperative(strings.TrimSpace(pleaseLeadRE.ReplaceAllString(s, ""))) {
		return true
	}
	// "Before every commit, run make lint": the occasion first, the
	// imperative after it; "vor jedem Commit die Tests laufen lassen"
	// (glossed "… the Tests run"): its verb said last
	loc := everyOccasionRE.FindStringIndex(s)
	if strings.Trim(s[:loc[0]], " \t*-") != "" || !everyEachRE.MatchString(s[loc[0]:loc[1]]) {
		// "Before starting any work, read AGENTS.md": once, before
		// the work starts
		return false
	}
	rest := strings.TrimSpace(pleaseLeadRE.ReplaceAllString(strings.TrimLeft(s[loc[1]:], " ,:;—–"), ""))
	if imperative(rest) {
		return true
	}
	f := strings.Fields(strings.TrimRight(rest, ".!;"))
	return len(f) >= 2 && finalVerbs[strings.ToLower(f[len(f)-1])] && imperative(strings.Join(append(f[len(f)-1:], f[:len(f)-1]...), " "))
}

// everyEachRE is an occasion of every time: "every", "each".
var everyEachRE = mustPattern(`(?i)\b(?:every|each)\b`)

// finalVerbs are the verbs a gloss may leave at its clause's end (a
// German or Dutch infinitive said last) that an occasion's imperative
// asks for.
var finalVerbs = wordSet(`run execute rerun regenerate rebase verify`)

// zhHabitRE is a Chinese rule for every time from now on, its occasion
// between the time word and the modal: "以后提交代码前都要跑 lint", "每次
// 发版前都得先打 tag", "今后所有接口一律走网关", the occasion said first
// ("コミット前に毎回 lint を走らせて"; a description, "每次都失败", holds
// no modal or verb of work).
var zhHabitRE = mustPattern(`(?:以后|今后|往后|从现在起|从今天起|每次|每回|每一次)[^，,。；;？?！!]{0,24}?(?:都(?:要|得|必须|务必)|一律|必须|务必)\p{Han}|(?:每次|每回|每一次)[^，,。；;？?！!]{1,16}?(?:前|之前|以前|后|之后|以后)[，,]?\s*(?:都|也)?(?:先|记得|记着)?(?:跑|运行|执行|检查|测试|格式化|更新|拉|同步|rebase|\p{Han}{0,2}(?:一下|一遍))` +
	// the occasion before "every time", as Japanese says it: "コミット前
	// に毎回 make lint を走らせて", "push 前每次都跑 lint"
	`|(?:前|之前|以前|后|之后|以后|後)(?:に|には)?[、，,]?\s*(?:每次|每回|每一次|毎回|その都度)(?:都|必ず)?[^、，,。；;？?！!]{1,40}?(?:跑|运行|执行|检查|测试|格式化|走らせ|実行し|回し|かけ|通し|確認し)`)

// zhFreezeRE is a Chinese release freeze: "生产环境封版，不发版", "封网期间".
var zhFreezeRE = mustPattern(`封版|封网|封板|不许发版|禁止发版|暂停发版`)

// everyOccasionRE is the occasion an imperative is for, every time:
// "before every commit", and "any" before a noun for every ("show me the
// diff before you write any file", "before touching any migration";
// "before we do any of that", "before we go any further" are once:
// onceAny).
var everyOccasionRE = mustPattern(`(?i)\b(?:before|after) (?:every|each) (?:single )?\w+|\b(?:on|with) (?:every|each) (?:single )?\w+|\bevery time (?:you|we|something|anything)\b|\b(?:before|after|whenever) (?:(?:you|we|I)(?: \w+)? \w+|\w+ing) any (?P<n>\w+)`)

// onceAny are the words after "any" that make it no noun's "every".
var onceAny = map[string]bool{"of": true, "further": true, "more": true, "longer": true, "other": true, "time": true, "way": true, "case": true}

// pleaseLeadRE is a courtesy or a conjunction before an imperative.
var pleaseLeadRE = mustPattern(`(?i)^\W*(?:(?:please|pls|also|and|always|then)[,]?\s+)*`)

// textLangRuleRE is the language a kind of text is to be written in, in
// the lexicons' languages: "ログメッセージは英語でお願い", "日志请用英文写",
// "Logs bitte auf Englisch", "los logs en inglés", "commentaires en
// anglais", "логи на английском" (English: constraintRE).
var textLangRuleRE = mustPattern(`(?i)(?:ログ|ログメッセージ|コメント|コミットメッセージ|メッセージ|ドキュメント|エラーメッセージ|変数名)(?:は|も)?(?:全部|すべて|全て)?(?:英語|日本語|中国語)で(?:お願い|書いて|統一|頼む|よろしく|ね|。|$)|(?:日志|注释|提交信息|文档|错误信息|变量名)(?:请|都|一律|统一|必须)?(?:用|使用|写成|写)?(?:英文|英语|中文)|(?:^|[^\p{L}])(?:logs?|log-?meldungen|kommentare|commit-?(?:messages?|nachrichten)|fehlermeldungen|meldungen)\s+(?:bitte\s+)?(?:immer\s+|nur\s+)?(?:auf|in)\s+(?:englisch|deutsch)(?:[^\p{L}]|$)|(?:^|[^\p{L}])(?:logs?|comentarios|mensajes(?:\s+de\s+commit)?|commits?|commentaires|messages(?:\s+de\s+commit)?|coment[aá]rios|mensagens(?:\s+de\s+commit)?|commenti|messaggi(?:\s+di\s+commit)?)\s+(?:siempre\s+|toujours\s+|sempre\s+)?(?:en|em|in)\s+(?:ingl[eé]s|espa[nñ]ol|anglais|fran[cç]ais|ingl[eê]s|portugu[eê]s|inglese|italiano)(?:[^\p{L}]|$)|(?:^|[^\p{L}])(?:логи|комментарии|сообщения(?:\s+коммитов)?|коммиты)\s+(?:только\s+|всегда\s+)?на\s+(?:английском|русском)(?:[^\p{L}]|$)`)

// noException reports whether s is a statement for every case closed by
// "no exceptions" ("skip on every schedule, no exceptions"), not a report
// ("there were no errors in the log, no exceptions").
func noException(s string) bool {
	if firmRE.MatchString(s) {
		// "Non-negotiable." alone closes the sentence before it, no
		// rule of its own (firmAlone)
		return !firmAlone(s)
	}
	loc := noExceptionRE.FindStringIndex(s)
	return loc != nil && (everyRE.MatchString(s[:loc[0]]) || policyRE.MatchString(s[:loc[0]]))
}

// firmRE says a rule admits no discussion: "non-negotiable", "no
// discussion", "这个没得商量", "innegociable". What it closes is a rule
// whatever its words ("小周说积分不能和优惠券叠加，用了券就不能再用积分，这个
// 没得商量").
var firmRE = mustPattern(`(?i)\b(?:non[- ]?negotiable|not negotiable|no discussion|no debate|not up for (?:discussion|debate)|this is firm|that's a hard rule|hard rule)\b|没得商量|没商量|没有商量的余地|不容商量|不接受讨论|(?:^|[^\p{L}])(?:innegociable|no se negocia|inegoci[aá]vel|n[aã]o se negocia|non n[ée]gociable|nicht verhandelbar|non negoziabile)(?:[^\p{L}]|$)`)

// firmAlone reports whether s is only firmRE's words ("Non-negotiable.",
// "这个没得商量。").
func firmAlone(s string) bool {
	rest := firmRE.ReplaceAllString(s, " ")
	rest = strings.NewReplacer("这个", "", "这", "", "that's", "", "this is", "", "it's", "").Replace(strings.ToLower(rest))
	return len(terms(rest)) == 0
}

// policyRE is a statement of what may or must be, or of a penalty, before
// "no exceptions": "late submissions get a 0, no exceptions", "refunds
// can't exceed the order, no exceptions".
var policyRE = mustPattern(`(?i)\b(?:must|mustn't|can't|cannot|can not|may not|never|always|only|gets?\s+(?:a\s+)?(?:0|zero|\d))\b|不能|不可以|不许|必须|只能|一律`)

// everyRE is a word for every case.
var everyRE = mustPattern(`(?i)\b(?:every|each|all|any|always|everything|everyone|whatever)\b|所有|每个|每一|全部|一律|都`)

// noExceptionRE closes a statement that admits no exception: "jen says
// every changelog entry links its PR #, no exceptions" is a rule though
// it has no modal.
var noExceptionRE = mustPattern(`(?i)[,;—–-]\s*(?:and\s+)?(?:no exceptions?|without exceptions?|no matter what|no ifs,? no buts)\s*[.!]*\s*$|[，,]\s*(?:无一例外|没有例外|不能例外)[。！!]*$`)

// relayedNoRE is a prohibition someone laid on us, relayed: "Marcos
// asked us not to use pynfe", "she told me never to run it on prod"
// (glossed: "pediu pra não usar", "pidió no usar", "m'a demandé de ne pas").
var relayedNoRE = mustPattern(`(?i)\b(?:asked|told|wants|wanted|reminded|begged|warned)\s+(?:us|me|you|everyone|the team)\s+(?:to\s+)?(?:do\s+)?(?:not|never)\s+(?:to\s+)?[\p{L}]{2,}`)

// aNotARE is a Chinese question's A-not-A form ("要不要", "能不能"),
// whose second half reads like a prohibition.
var aNotARE = mustPattern(`要不要|能不能|可不可以|用不用|该不该|需不需要|是不是|会不会|行不行`)

func aNotAMatch(s string) bool {
	return strings.Contains(s, "不") && aNotARE.MatchString(s)
}

// bareNoRE is a prohibition by "no" and the thing: "also no unsafe", "no
// wandb or any external logging, …", "pls no hex codes", "ops: no prod
// deploys 23:00-01:00 utc", "no `any` in TypeScript" (the thing in code),
// "Olga (the manager) asked: from 21:00 to 9:00
// no messages to owners" (after who relays it and the hours it holds).
var bareNoRE = mustPattern(`(?i)^(?:\p{L}[\p{L}\d\-]{1,20}(?:\s+(?:\([^()]{1,30}\)|[\p{L}\d][\p{L}\d.\-]{0,20})){0,3}:\s+)?(?:(?:also|and|so|but|plus|oh|ah|ok|okay|pls|please|again|reminder|btw|seriously|really|absolutely|definitely)[,:]?\s+)*` + timeSpanRE + `no\s+(?P<x>` + "`[^`\n]{1,40}`" + `|[\p{L}\d_.\-/@#+]+)(?P<rest>[^,;.!?，。；]*)`)

// timeSpanRE is a span of the clock before a rule, in whatever words it
// is written around its two times: "from 21:00 to 9:00", "с 21:00 до
// 9:00", "23:00-01:00", "zwischen 22 und 6 Uhr".
const timeSpanRE = `(?:(?:[^\d\s,;:.!?]{1,10}\s+)?\d{1,2}(?::\d\d)?\s*(?:[-–]|[^\d\s,;:.!?]{1,8})\s*\d{1,2}(?::\d\d)?(?:\s*(?:h|uhr|hrs|am|pm|utc))?,?\s+)?`

// bareNoLabelRE is the label before a bare "no": "ops: no …", "The
// goal: no …" (its last word at group 1).
var bareNoLabelRE = mustPattern(`(?i)^(?:the\s+|our\s+|re:?\s+)?(?:\p{L}[\p{L}\d'’\-]{1,20}\s){0,2}(\p{L}[\p{L}\d\-]{1,20}):\s+no\s`)

// stateLabels are labels of the work's state before a bare "no"
// ("goal", "status", "result"): what follows is told, not ruled. Any
// other label (who relays it: "ops:", "Dana:"; "note:") may open a rule.
var stateLabels = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("goal goals objective aim task status result results update answer question output summary error errors outcome context background problem issue symptom symptoms observation finding findings expected actual") {
		m[w] = true
	}
	return m
}()

// noNotRules are what "no …" opens when it is an answer or a
// pleasantry, not a prohibition.
var noNotRules = map[string]bool{"idea": true, "luck": true, "problem": true, "problems": true, "worries": true, "worry": true, "rush": true,
	"clue": true, "way": true, "need": true, "doubt": true, "biggie": true, "thanks": true, "wonder": true, "offense": true, "pressure": true,
	"one": true, "matter": true, "longer": true, "more": true, "sorry": true, "kidding": true, "joke": true, "issue": true, "issues": true,
	"change": true, "changes": true, "answer": true, "reply": true, "news": true, "difference": true, "response": true, "output": true, "errors": true, "error": true}

// attributiveBefore are the words after which a participle qualifies the
// noun that follows it ("in committed code", "the generated files").
var attributiveBefore = map[string]bool{"in": true, "on": true, "at": true, "to": true, "for": true, "of": true, "with": true, "from": true, "into": true,
	"the": true, "a": true, "an": true, "any": true, "our": true, "your": true, "their": true, "all": true, "these": true, "those": true}

// pleaseNoRE is a "no" asked for ("please no changes to values-prod.yaml",
// glossed "bitte keine Änderungen …"): no report, whatever its noun.
var pleaseNoRE = mustPattern(`(?i)\b(?:please|pls)[,:]?\s+no\s`)

// bareNo reports whether s opens with a prohibition by "no" (bareNoRE):
// the thing is not a pleasantry's ("no worries") and nothing after it in
// the clause is a finite verb ("no tests failed" reports).
func bareNo(s string) bool {
	return bareNoOf(s, false)
}

// bareNoAsked is bareNo of a "no" known to be asked for, by "please" or
// the bound in time it holds until ("Bis Freitag bitte keine Änderungen
// an values-prod.yaml"): "no changes" there is no report.
func bareNoAsked(s string) bool {
	return bareNoOf(s, true)
}

func bareNoOf(s string, asked bool) bool {
	if m := bareNoLabelRE.FindStringSubmatch(s); m != nil && stateLabels[strings.ToLower(m[1])] {
		// "The goal: no duplicate rows", "Status: no errors": a label
		// that tells what follows is no rule; "ops:", "Dana:", "note:"
		// relay one.
		return false
	}
	ls := strings.ToLower(s)
	if !strings.HasPrefix(ls, "no ") && !strings.Contains(ls, " no ") {
		return false
	}
	m := bareNoRE.FindStringSubmatch(s)
	// the thing without the sentence's stop ("No problem.": "problem.")
	if m == nil || questionRE.MatchString(s) {
		return false
	}
	if noNotRules[strings.ToLower(strings.TrimRight(m[1], "."))] && !approvalRE.MatchString(m[2]) && !asked && !pleaseNoRE.MatchString(m[0]) {
		// "No changes.", "no errors in the log": a report; "no changes
		// to prod config without my OK" asks for a permission first.
		return false
	}
	if strings.EqualFold(m[1], "wait") && strings.TrimSpace(m[2]) == "" {
		// "no wait, leave it at 3" (Polish "a zresztą nie", Dutch "nee
		// wacht"): the speaker takes back what they said; "no wait for
		// approval" forbids.
		return false
	}
	rest := strings.Fields(strings.ToLower(m[2]))
	for i, w := range rest {
		if subordinators[w] {
			// "no migrations on prod until the show is over": the verb
			// after "until" is its clause's, not the rule's
			rest = rest[:i]
			break
		}
	}
	for i, w := range rest {
		if (pastVerbs[w] || strings.HasSuffix(w, "ed")) && i > 0 && attributiveBefore[rest[i-1]] {
			// "pls no console.log in committed code": a participle
			// before its noun, no verb
			continue
		}
		if auxes[w] || pastVerbs[w] || strings.HasSuffix(w, "ed") || w == "i" || w == "we" || w == "you" {
			return false
		}
	}
	return len(strings.Fields(m[2])) <= 12
}

// approvalRE is a permission a thing waits for: "without my OK", "without
// approval", "unless I sign off".
var approvalRE = mustPattern(`(?i)\b(?:without|until|unless|before)\s+(?:(?:my|our|your|their|the\s+\w+'s|an?|explicit|prior|written)\s+){0,2}(?:ok|okay|approval|sign[- ]?off|permission|consent|go[- ]?ahead|say[- ]?so|green[- ]?light|review)\b|\bunless\s+(?:i|we)\s+(?:say|sign off|approve|ok)\b`)

// subordinators open a clause inside a rule's sentence ("until the show
// is over", "unless Dana says so").
var subordinators = map[string]bool{"until": true, "till": true, "unless": true, "before": true, "after": true, "while": true, "when": true,
	"once": true, "because": true, "since": true, "as": true, "if": true, "whenever": true, "where": true}

// permission is the object a permission clause names ("golang.org/x/sync"
// in "you MAY use golang.org/x/sync"), or "".
func permission(s string) string {
	var x string
	if t, _ := permitFirst(s); t != "" {
		// "pedidos.proto you can touch" (a gloss): the object first
		x = t
	} else if m := permRE.FindStringSubmatch(s); m != nil {
		x = cleanValue(m[permRE.SubexpIndex("x")])
	} else if m := zhPermObjRE.FindStringSubmatch(s); m != nil {
		// "payment 模块里 refund.service.ts 你可以改": the object first
		x = cleanValue(m[zhPermObjRE.SubexpIndex("x")])
	} else {
		return ""
	}
	if !specific(x) && !moduleRE.MatchString(x) || constraintRE.MatchString(x) || nonVerbs[strings.ToLower(x)] {
		// "YOU CAN ONLY ENTER ONE COMMAND": a rule word, not an object.
		return ""
	}
	return x
}

// zhPermObjRE is a Chinese permission that names its object before the
// verb: "refund.service.ts 你可以改", "`vendor/` 可以动".
var zhPermObjRE = mustPattern(`(?P<x>` + "`[^`\\n]{1,80}`" + `|[\w@.\-/:+#]*[.\-/_][\w@.\-/:+#]*)\s*(?:你|您)?(?:也|就)?(?:可以|能|可)(?:改|修改|动|碰|用|编辑|删)`)

// articleBefore reports whether the word before phrase in s is an
// article or a determiner: "the approved list" is a list, no approval.
func articleBefore(s, phrase string) bool {
	i := strings.Index(s, phrase)
	if i <= 0 {
		return false
	}
	f := strings.Fields(s[:i])
	if len(f) == 0 {
		return false
	}
	switch strings.ToLower(f[len(f)-1]) {
	case "the", "a", "an", "our", "your", "their", "this", "that", "these", "those", "its", "my":
		return true
	}
	return false
}

// approvedRE opens a permission told as someone's approval.
var approvedRE = mustPattern(`(?i)^(?:ok'?d|okay'?d|okayed|approved|signed off on|green-?lit|greenlighted)\b`)

// addVerbRE is a permission's verb that brings a package in.
var addVerbRE = mustPattern(`(?i)^(?:add|install|import|pull in|depend on|bring in)$|引入|添加|加|安装|装`)

// permittedPackage is the package a permission clause lets the agent add
// by its bare name ("you may add chrono for the date parsing", "可以引入
// chrono"), or "": an exception to a rule against new dependencies.
func permittedPackage(s string) string {
	if x, v := permitFirst(s); x != "" {
		// "swift-collections darfst du hinzufügen": the package first
		if addVerbRE.MatchString(v) && pkgNameRE.MatchString(x) && !strings.Contains(x, "/") {
			return x
		}
		return ""
	}
	m := permRE.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	v := m[permRE.SubexpIndex("v")]
	if v == "" {
		v = m[0]
	}
	x := cleanValue(m[permRE.SubexpIndex("x")])
	if approvedRE.MatchString(m[0]) && depClassRE.MatchString(s) && !articleBefore(s, m[0]) {
		// "jen ok'd anstream as the one new dep": an approval of a
		// package, told as one.
		v = "add"
	}
	if !addVerbRE.MatchString(v) || stopwords[strings.ToLower(x)] || nonVerbs[strings.ToLower(x)] || !pkgNameRE.MatchString(x) || strings.Contains(x, "/") && !strings.HasPrefix(x, "@") {
		// A path or a module path: read by permission.
		return ""
	}
	return x
}

// excepts reports whether a permission for thing x (stated in sentence s)
// names an exception to the prohibition rule: rule forbids a class of
// things that x belongs to, without naming x itself.
func excepts(rule, s, x string) bool {
	if !negRE.MatchString(rule) && !glossNeg(rule) || strings.Contains(rule, x) {
		return false
	}
	switch {
	case moduleRE.MatchString(x) || depClassRE.MatchString(strings.Replace(s, x, " ", 1)) && !strings.Contains(x, "/"):
		// the class said beside the thing, not inside its name
		// ("Dependencies.swift")
		return depClassRE.MatchString(rule)
	case len(mentions(x)) > 0:
		// A file inside a directory the rule keeps off-limits.
		return fileClassRE.MatchString(rule) || extensionFits(rule, x) || slices.ContainsFunc(mentions(rule), func(d string) bool {
			return strings.HasSuffix(d, "/") && strings.HasPrefix(x, d)
		}) || moduleClassRE.MatchString(rule) && sharesWord(strings.Replace(s, x, " ", 1), moduleClassRE.ReplaceAllString(rule, " "))
	}
	return false
}

// clauses are the parts of a sentence joined by ", and", "; ", ", but",
// "，", each a verbatim substring.
func clauses(s string) []string {
	var out []string
	for _, c := range clauseSplitRE.Split(s, -1) {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

var clauseSplitRE = mustPattern(`(?i),\s+(?:and|but|while|plus)\s+|;\s+|，(?:而且|并且|但是?|不过)?|；`)

// gerundFineRE is a permission said of an act by its gerund, after the
// scope it holds in: "in the Editor with the fake store, and in dev
// builds …, granting locally without the backend is fine".
var gerundFineRE = mustPattern(`(?i)(?:^|[,;:]\s*|\s)(?P<x>[a-z]{3,}ing)\b(?:\s+[^\s,.;:]+){0,5}?\s+(?:is|are)\s+(?:(?:totally|perfectly|also)\s+)?(?:fine|ok|okay|allowed|acceptable|permitted)\b`)

// permittedGerund is the act (its gerund, "granting") and the quote of a
// permission of sentence s said of an act in a scope given before it
// ("in the Editor …, granting locally is fine"), cut before a reason
// ("…, so QA doesn't need …"), or "", "". Without a scope before the
// gerund it is no exception ("granting locally is fine now" lifts).
func permittedGerund(s string) (x, quote string) {
	m := gerundFineRE.FindStringSubmatchIndex(s)
	if m == nil || notPermitRE.MatchString(s[m[0]:m[1]]) {
		return "", ""
	}
	xi := gerundFineRE.SubexpIndex("x")
	x = s[m[2*xi]:m[2*xi+1]]
	if nonVerbs[strings.ToLower(x)] || stopwords[strings.ToLower(x)] {
		return "", ""
	}
	scope := s[:m[2*xi]]
	if !scopedRE.MatchString(scope) || len(terms(scope)) < 2 {
		return "", ""
	}
	return x, strings.TrimSpace(s[:m[1]])
}

// A permission told with what stays as it was ("robots may do 1.1 m/s on
// the highway lane; the 0.8 ceiling stays everywhere else", "you can
// reach SSH on gw-02 from the VPN subnet; gw-01 stays management VLAN
// only", "the dunning crontab line you can delete outright, the others
// still comment-out only", "… may be sent at night too. Everything else
// still only from 9 to 21") is an exception to the rule the remainder
// names: keptRE is that
// remainder, permitRE the permission beside it.
var (
	keptRE   = mustPattern(`(?i)(?:^|[;,.—–]\s*|\band\s+|\bbut\s+)(?P<r>(?:the\s+|our\s+)?[^;,.]{2,50}?\s+(?:stays?|remains?|still (?:applies|apply|holds|stands))\b[^;,.]{0,40}?\b(?:everywhere|anywhere|elsewhere|else|only|otherwise|for (?:the rest|everything|everyone))\b[^;,.]*|(?:everywhere else|anywhere else|elsewhere|otherwise)\s*,?\s+(?:it\s+|that\s+|this\s+|the rule\s+)?(?:stays?|remains?|still (?:applies|holds))\b[^;,.]*|(?:the\s+)?(?:others|other\s+\w+|rest)\s+(?:still|stays?|remains?)\b[^;,.]*|(?:everything|anything|all|all the rest)\s+else\s+(?:is\s+|stays?\s+|remains?\s+|goes\s+)?(?:still|as before|unchanged|as it was)\b[^;,.]*)|[，,；;]\s*(?P<z>(?:其他|其余|其它|别的|剩下)(?:的)?[^，,。；;！!]{0,20}?(?:还是|仍然|依然|照旧|继续|都|也)[^，,。；;！!]{1,30})`)
	permitRE = mustPattern(`(?i)\b(?:may|can|could|is allowed to|are allowed to|is free to|are free to|(?:is|are)\s+(?:actually\s+|now\s+|totally\s+)?(?:fine|ok|okay|acceptable)|let(?:s)?\s+\S+(?:\s+\S+){0,4}?\s+(?:reach|use|run|go|do|touch|access))\b|(?:^|[^不])(?:可以|允许)`)
)

// keptElsewhere is the remainder of a permission told with what stays
// (keptRE) and the permission's clause, or "", "": in s, or, when s
// opens with the remainder, the sentence before it (prev).
func keptElsewhere(s, prev string) (rem, permit string) {
	m := keptRE.FindStringSubmatchIndex(s)
	if m == nil {
		return "", ""
	}
	i := keptRE.SubexpIndex("r")
	if m[2*i] < 0 {
		// "…可以连测试环境，其他的还是只能用模拟器"
		i = keptRE.SubexpIndex("z")
	}
	rem = strings.TrimSpace(s[m[2*i]:m[2*i+1]])
	before := s[:m[2*i]]
	if strings.TrimSpace(before) == "" {
		before = prev
	}
	if !permitRE.MatchString(before) || negRE.MatchString(firstWords(rem, 3)) {
		return "", ""
	}
	permit = strings.TrimRight(strings.TrimSpace(before), ";,.—– ")
	if loc := saysLeadRE.FindStringIndex(permit); loc != nil && loc[1] < len(permit) {
		// "Priya says nearest neighbour is fine for …": the permission
		// without who relayed it, so a cut shows what it allows.
		permit = permit[loc[1]:]
	}
	return rem, withoutLabel(permit)
}

// withoutLabel is permission s without a short label before it ("update
// on libraries: androidx stuff is fine …").
func withoutLabel(s string) string {
	if i := strings.Index(s, ": "); i > 0 && i < 40 && len(strings.Fields(s[:i])) <= 4 && !permitRE.MatchString(s[:i]) {
		return s[i+2:]
	}
	return s
}

// saysLeadRE is who relays what follows: "Priya says", "she said that",
// "And from Olga:".
var saysLeadRE = mustPattern(`^\W*(?:(?:\p{Lu}[\p{L}\-]+|she|he|they)\s+(?:says|said|confirmed|told me)\s+(?:that\s+)?|(?:(?i:and|also|plus)\s+)?(?:(?i:one more|another one|more|news|ещё|еще)\s+)?(?i:from|per|от)\s+\p{Lu}[\p{L}\-]+\s*:\s*)`)

// remainderRule is the active rule the remainder rem names: one holding
// a number or a name of it, else two of its words; the newest.
func (r *Reducer) remainderRule(rem string) *Anchor {
	names := distinctive(rem)
	for _, n := range remNumRE.FindAllString(rem, -1) {
		names = append(names, n)
	}
	ws := stems(rem)
	for _, w := range []string{"stai", "stay", "remain", "everywher", "els", "elsewher", "onli", "only", "otherwis", "still"} {
		delete(ws, w)
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind != KindConstraint || a.Lifecycle != Active {
			continue
		}
		// the rule's own words, not those of an exception it holds
		head, _, _ := strings.Cut(a.Value, " — except: ")
		fits := slices.ContainsFunc(names, func(n string) bool { return strings.Contains(head, n) })
		if !fits {
			n, have := 0, stems(head)
			for w := range ws {
				if have[w] {
					n++
				}
			}
			fits = n >= 2
		}
		if fits && (best == nil || newer(a, best)) {
			best = a
		}
	}
	return best
}

// remNumRE is a number a remainder names its rule by ("the 0.8 ceiling").
var remNumRE = mustPattern(`\d+(?:[.,]\d+)?`)

// keptOpensRE is a sentence that opens with what stays as it was ("gw-01
// stays management VLAN only."): the permission before it is an
// exception, not a lift.
var keptOpensRE = mustPattern(`(?i)^\W*(?:the\s+|our\s+)?[^;,.]{2,50}?\s+(?:stays?|remains?|still (?:applies|apply|holds|stands))\b[^;,.]{0,40}?\b(?:everywhere|anywhere|elsewhere|else|only|otherwise)\b`)
