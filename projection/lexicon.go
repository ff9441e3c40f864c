package projection

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Reading a user who writes in another language.
//
// The readings know their cues in English and Chinese. A user who writes
// German, Dutch, Swedish, Spanish, French, Portuguese, Italian, Russian, Ukrainian, Polish, Turkish, Indonesian (and Malay), Hindi in Latin
// letters (Hinglish), Arabic, Japanese or Korean (with code,
// commands and identifiers in English) is read through a gloss: once per
// message, a cheap detector names the message's language (detectLang:
// kana for Japanese, hangul for Korean, words of Arabic letters for
// Arabic (not Persian or Urdu: lexicon_ar.go), Russian or Ukrainian by
// the letters only one of the two writes, else the most function
// words of one language among its words, more than English ones, not
// counting the English words the language writes too: Dutch "we", "in",
// "is"), and that language's lexicon — one
// table per language, each entry a cue category, the English (for
// Japanese, Chinese) cue it stands for, and the words that say it, with
// stems for inflected verbs — rewrites the message's cue words and
// function words into the cues the readings know ("nie" → "never",
// "halbiere" → "halve", "según" → "according to", "しないでください" →
// "不要"), word for word, leaving every other word as written; a
// language that puts its verb last (Hindi: "prod DB ko kabhi touch mat
// karna") has the mode and the verb written before their object ("never
// touch prod DB"), each moved word's span mapped to the word's place. The
// readings run on the gloss; every quote, value and name they propose
// is mapped back, span for span, to the user's own words (a proposal
// whose quote does not map is dropped), so an anchor shows the user's
// words; only a setting's value keeps the gloss's unit ("60 minutes" for
// "40 minutos" plus "auméntalo en 20 minutos"), as a computed value does.
// The Reducer reads each user message's language once, with the user's
// language so far for a short message (Context.Language), and a rule
// held in another language's words is read as a prohibition by its
// gloss (glossNeg). A message is read with its own language's lexicon only, never
// another's: Spanish "no" or German "die" fire nothing in an English
// message, and English text is never glossed.

// lang is the language a user message is written in, as far as the
// readings need it: langNone for English, Chinese and anything the
// lexicons do not cover.
type lang uint8

const (
	langNone lang = iota
	langDE
	langES
	langFR
	langPT
	langIT
	langJA
	langKO
	langRU
	langNL
	langAR
	langHI
	langSV
	langUK
	langPL
	langTR
	langID
)

// langCodes name the languages for Context.Language.
var langCodes = [...]string{langNone: "en", langDE: "de", langES: "es", langFR: "fr", langPT: "pt", langIT: "it", langJA: "ja", langKO: "ko", langRU: "ru", langNL: "nl", langAR: "ar", langHI: "hi", langSV: "sv", langUK: "uk", langPL: "pl", langTR: "tr", langID: "id"}

// lang is the language of user message text: as the reducer read it, else
// read from text alone.
func (c *Context) lang(text string) lang {
	if c.Language == "" {
		return detectLang(text, langNone)
	}
	return langOf(c.Language)
}

// langOf is the language a code of langCodes names (langNone for "" and
// any other).
func langOf(code string) lang {
	for l, c := range langCodes {
		if c == code {
			return lang(l)
		}
	}
	return langNone
}

// cueCat is a category of cue the readings use; every lexicon entry
// names one, so a test can check that each language covers each.
type cueCat uint8

const (
	catNever    cueCat = iota // prohibition: never, do not, no
	catMust                   // obligation: must, always, has to, make sure
	catUse                    // preference: use X, prefer
	catInstead                // instead of, switch to, rather than
	catExcept                 // exception: except for, unless, only
	catLift                   // lift: now allowed, no longer, again
	catRelative               // relative change: halve, double, increase by, back to
	catQuestion               // question: not sure, open question, whether
	catChoice                 // choice and agreement: let's take, the second one
	catAnswer                 // answer and confirmation: yes, no, ok
	catGiveUp                 // give up: forget it, drop it
	catDone                   // done, finished, before finishing
	catGoal                   // objective labels: goal, objective
	catRelay                  // relaying: X says, according to X
	catAttempt                // an attempt and its verdict: we tried, it did not work
	catRules                  // a label that announces rules: rules, conditions
	catFunction               // function words: articles, pronouns, auxiliaries, conjunctions
	numCats
)

// lexEntry is one line of a lexicon: the words of lang (space separated;
// "_" joins the words of a phrase, a trailing "*" matches any ending) that
// say cue en of category cat.
type lexEntry struct {
	cat   cueCat
	en    string
	words string
}

// lexicon is one language's compiled table.
type lexicon struct {
	// phrases maps a lowercased word sequence (words joined by one space)
	// to its gloss; stems are the starred entries, longest first.
	phrases map[string]glossWord
	stems   []stemWord
	// maxWords is the most words a phrase has.
	maxWords int
	// stop are the language's function words, for detection.
	stop map[string]bool
	// fix adjusts the gloss of a clause for the language's word order
	// (a negation split around its verb); nil when none.
	fix func(toks []glossTok)
	// subs are Japanese substrings with their gloss, longest first (a
	// script without spaces is glossed by substring, not by word).
	subs []stemWord
	// pre marks the spans a substring gloss reads in context (Korean: a
	// particle glued to a name, a number's unit, a setting told before
	// its verb), in order; nil when none.
	pre  func(text string) []preSpan
	cats [numCats]bool
	// words are the function words of a lexicon read word by word (its
	// stop words and catFunction entries), for foreignStopwords.
	words []string
	// comma: the language writes a decimal comma (decimalComma).
	comma bool
	// squeeze: a word glossed away takes a space with it (Hindi, whose
	// auxiliaries and particles the gloss drops).
	squeeze bool
	// enToo are English function words that are the language's own too
	// (Dutch "we", "in", "is"): detectLang does not count them as English
	// against it, nor for it.
	enToo map[string]bool
	// tokens are the words of a message when a language's words are not
	// latinWords' (Arabic: its marks inside a word, its proclitics);
	// marks are spans of a message glossed beside its words and numbers
	// (Arabic punctuation and marks); nil when none.
	tokens func(text string) []glossTok
	marks  func(text string) []numSpan
	// numVerbs are the language's verbs a value is said with right
	// before its number (Polish "daj 5", "zostaw 3"): no English word
	// stands so, and detectLang counts one as two function words, so a
	// short message ("a zresztą nie, zostaw 3") is read in its language.
	numVerbs map[string]bool
}

type glossWord struct {
	en  string
	cat cueCat
}

type stemWord struct {
	stem string
	glossWord
}

// compileLexicon builds a lexicon from its entries and its function
// words (stop), for detection.
func compileLexicon(entries []lexEntry, stop string, fix func([]glossTok), bySubstring bool) *lexicon {
	lx := &lexicon{phrases: map[string]glossWord{}, stop: map[string]bool{}, fix: fix}
	for _, w := range strings.Fields(stop) {
		lx.stop[w] = true
	}
	if !bySubstring {
		lx.words = strings.Fields(stop)
	}
	for _, e := range entries {
		lx.cats[e.cat] = true
		if e.cat == catFunction && !bySubstring {
			lx.words = append(lx.words, strings.Fields(e.words)...)
		}
		for _, w := range strings.Fields(e.words) {
			w = strings.ReplaceAll(w, "_", " ")
			n := strings.Count(w, " ") + strings.Count(strings.TrimSuffix(w, "'"), "'") + 1
			g := glossWord{en: e.en, cat: e.cat}
			switch {
			case bySubstring:
				lx.subs = append(lx.subs, stemWord{stem: w, glossWord: g})
			case strings.HasSuffix(w, "*"):
				lx.stems = append(lx.stems, stemWord{stem: strings.TrimSuffix(w, "*"), glossWord: g})
			default:
				if _, dup := lx.phrases[w]; !dup {
					lx.phrases[w] = g
				}
				lx.maxWords = max(lx.maxWords, n)
			}
		}
	}
	byLen := func(s []stemWord) {
		sort.SliceStable(s, func(i, j int) bool { return len(s[i].stem) > len(s[j].stem) })
	}
	byLen(lx.stems)
	byLen(lx.subs)
	return lx
}

// lexicons are the lexicons by language; each language's file says
// its own (a nil lexicon: the language is not read yet).
var lexicons = [...]*lexicon{
	langDE: withComma(compileLexicon(lexDE, stopDE, fixDE, false)),
	langES: withComma(compileLexicon(lexES, stopES, fixES, false)),
	langFR: withComma(compileLexicon(lexFR, stopFR, fixFR, false)),
	langPT: lexiconPT(),
	langIT: withComma(compileLexicon(lexIT, stopIT, fixIT, false)),
	langJA: compileLexicon(lexJA, "", nil, true),
	langKO: withPre(compileLexicon(lexKO, "", nil, true), koSpans),
	langRU: withComma(compileLexicon(lexRU, stopRU, fixRU, false)),
	langNL: lexiconNL(),
	langAR: lexiconAR(),
	langHI: lexiconHI(),
	langSV: lexiconSV(),
	langUK: withComma(compileLexicon(lexUK, stopUK, fixUK, false)),
	langPL: lexiconPL(),
	langTR: lexiconTR(),
	langID: lexiconID(),
}

// withComma marks lx as a language that writes a decimal comma.
func withComma(lx *lexicon) *lexicon {
	lx.comma = true
	return lx
}

// preSpan is a span of a message glossed in context: text[ss:se] reads
// as en (ss == se inserts en).
type preSpan struct {
	ss, se int
	en     string
}

func withPre(lx *lexicon, pre func(string) []preSpan) *lexicon {
	lx.pre = pre
	return lx
}

// stopEN are English function words, against which a Latin-script
// message's other languages are weighed.
var stopEN = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the a an and is are was to of in for with not you we it this that be on at by from have has do don't it's i should must can`) {
		m[w] = true
	}
	return m
}()

// alsoEnglish are function words of the lexicons that are English words
// too, or names and code ("dom", "vi", "mina"): alone, they name no
// language ("no.", "die", "come on"), and they stay in slugs.
var alsoEnglish = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a i o e eu in im an am as do da so no on us me he it is be die come con per non son was war will also dans mit dir hat bin ist des en we of met van op want men var han till av med min dig er dom vi mina ve`) {
		m[w] = true
	}
	return m
}()

// foreignStopwords are the function words of the Latin-script lexicons
// that are no English words, left out of terms and slugs as English
// function words are: a rule in Spanish and its lift share "dbt",
// "run" and "--select", not "el" and "de".
func foreignStopwords() []string {
	var out []string
	for _, lx := range lexicons {
		if lx == nil {
			continue
		}
		for _, w := range lx.words {
			// A one-letter word ('y', 'e', 'o') is left in: in the text
			// around code it is more often a flag or a name ('-y') than
			// another language's conjunction.
			if !alsoEnglish[w] && !strings.ContainsAny(w, "_'") && len(w) > 1 {
				out = append(out, w)
			}
		}
	}
	return out
}

// writtenByAll are function words English writes as often as the
// languages whose lexicons hold them: "no" ("the no-deploy rule no longer
// applies" is no Spanish). They count for a language only when another
// of its function words is there ("Mientras el clúster … no esté …, no
// despliegues …").
var writtenByAll = map[string]bool{"no": true}

// detectLang names the language of a user message: Japanese when it has
// kana, Korean when it has hangul; Arabic when at least two of its words
// are of Arabic letters and outnumber its English function words (one,
// with no English or other function word), and no language when such
// a message holds a letter Persian, Urdu or another language of the
// script writes and Arabic does not (isNotArabic); else the language with the most function words among its first
// words (at least two, and more than the English ones); else, for a
// short message with one such word and no English one ("Halbiere die
// Obergrenze"), that language unless the user's language so far (prior)
// is another; else prior when the message has no English function word;
// else langNone. It reads at most the first 400 words, and stops early
// when English plainly outnumbers the rest. A message in Vietnamese (its
// letters with a horn, a stroke or a tone mark below: ư, ơ, đ, ạ, ệ …) is
// in no language a lexicon reads: its words are never another's function
// words ("mai" is tomorrow, not Italian's never). Indonesian's function
// words count only outside code (a backquoted span, a name glued to
// "_", "." or "(") and only in a message with fewer function words of
// Javanese or Tagalog, which share some of them (idNotWords).
func detectLang(text string, prior lang) lang {
	if strings.ContainsFunc(text, isVietnamese) {
		return langNone
	}
	var n, strong, shared, amb [len(lexicons)]int
	en, words, ar, notID := 0, 0, 0, 0
	inCode := false // inside a backquoted span
	for i := 0; i < len(text) && words < 400; {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r >= 0x3040 && r <= 0x30FF {
			return langJA
		}
		if r >= 0xAC00 && r <= 0xD7A3 {
			return langKO
		}
		if !unicode.IsLetter(r) {
			if r == '`' {
				inCode = !inCode
			}
			i += size
			continue
		}
		j := i + size
		for j < len(text) {
			r2, s2 := utf8.DecodeRuneInString(text[j:])
			if r2 >= 0x3040 && r2 <= 0x30FF {
				return langJA
			}
			if r2 >= 0xAC00 && r2 <= 0xD7A3 {
				return langKO
			}
			if !unicode.IsLetter(r2) && r2 != '\'' && !isArabicMark(r2) {
				break
			}
			j += s2
		}
		w := strings.ToLower(text[i:j])
		if j-i == 1 && (j < len(text) && strings.ContainsRune("–-", rune(text[j])) || strings.HasPrefix(text[j:], "–") || i > 0 && strings.HasSuffix(text[:i], "–") || i > 0 && text[i-1] == '-') {
			// "A–Z, a–z": a range of letters, no word of a language
			i = j
			continue
		}
		words++
		if isArabicLetter(r) {
			ar++
		}
		if words%32 == 0 && en >= 8 && en > 2*slices.Max(n[:]) {
			return langNone // plainly English: read no further
		}
		if stopEN[w] {
			en++
		}
		if idNotWords[w] {
			notID++
		}
		if strings.ContainsAny(w, "ığş") {
			// letters only Turkish writes among the lexicons' languages
			n[langTR]++
			strong[langTR]++
		}
		code := inCode || j < len(text) && strings.ContainsRune("(._", rune(text[j])) && j+1 < len(text) && text[j+1] != ' ' && text[j+1] != '\n' || i > 0 && strings.ContainsRune("._", rune(text[i-1]))
		for l, lx := range lexicons {
			if lang(l) == langID && code {
				// Indonesian words are short and common in names
				// ("ini", "dan", "itu"): a word of code names no
				// Indonesian (other languages' detection predates this)
				continue
			}
			if lx != nil && lx.numVerbs[w] && numberAfter(text[j:]) {
				n[l] += 2
				strong[l]++
			}
			if lx != nil && stopEN[w] && lx.enToo[w] {
				shared[l]++
			}
			if lx != nil && lx.stop[w] && writtenByAll[w] {
				amb[l]++
			} else if lx != nil && lx.stop[w] {
				n[l]++
				if len(w) >= 3 && !alsoEnglish[w] {
					strong[l]++
				}
			}
		}
		i = j
	}
	if l, ok := ruleLabelLang(text); ok {
		// "regras: tf sempre c/ …": the label is the language's own word
		n[l]++
		strong[l]++
	}
	for l := range n {
		if n[l] > 0 {
			// "no" counts for a language one of its other words names
			n[l] += amb[l]
		}
	}
	if ar > 0 {
		// Arabic by its script; Persian, Urdu and the others that share
		// it by a letter Arabic does not write (lexicon_ar.go)
		other := 0
		for l := range n {
			if lang(l) != langAR {
				other = max(other, n[l])
			}
		}
		switch {
		case strings.ContainsFunc(text, isNotArabic):
			return langNone
		case ar >= 2 && ar > en && ar > other:
			return langAR
		case ar == 1 && en == 0 && other == 0:
			return langAR
		}
	}
	if notID >= n[langID] {
		// Javanese and Tagalog share words with Indonesian ("aku",
		// "bisa"): a message with as many of their own is none of it
		n[langID], strong[langID] = 0, 0
	}
	// Ukrainian writes і, ї, є, ґ, Russian ы, э, ъ, ё: a Cyrillic message
	// without the one's letters is no message in it ("на" is both's).
	if strings.ContainsFunc(text, isUkrainianLetter) {
		if !strings.ContainsFunc(text, isRussianLetter) {
			n[langRU], strong[langRU] = 0, 0
		}
	} else {
		n[langUK], strong[langUK] = 0, 0
	}
	best, bestN := langNone, 0
	for l := range n {
		if n[l] > bestN {
			best, bestN = lang(l), n[l]
		} else if n[l] == bestN && bestN > 0 {
			best = langNone // a tie names no language
		}
	}
	// enFor is the message's English words weighed against language l.
	enFor := func(l lang) int {
		if int(l) >= len(shared) {
			return en
		}
		return en - shared[l]
	}
	switch {
	case prior != langNone && int(prior) < len(n) && n[prior] >= 1 && n[prior] >= bestN && n[prior] >= enFor(prior):
		// Spanish and Portuguese share "o", "de", "a": a tie goes to the
		// user's language so far.
		return prior
	case best != langNone && bestN >= 2 && bestN > enFor(best):
		return best
	case best != langNone && bestN == 1 && strong[best] == 1 && enFor(best) == 0 && (prior == langNone || prior == best):
		return best
	case enFor(prior) == 0 && words > 0:
		return prior
	}
	return langNone
}

// glossTok is a word of a Latin-script message in the gloss: its bytes
// in the message, its lowercased text, and the gloss chosen for it
// (keep: the word stays as written).
type glossTok struct {
	start, end int
	low        string
	en         string
	cat        cueCat
	keep       bool
	// clauseEnd marks the last word before a clause break.
	clauseEnd bool
	// pre and post are words a fix writes before and after the word (a
	// verb said last moved before its object: Hindi); numBefore marks a
	// word with a number between it and the word before it.
	pre, post string
	numBefore bool
	// text is the word as written; lead is where its phrase opens (the
	// code written right before it: "legacy/ folder"), where pre is
	// written.
	text string
	lead int
	// alt is the word without a proclitic glued to it (Arabic "ولا":
	// "لا"), matched when the word is not, and clitic the proclitic's
	// gloss ("and "), written before en; "" when none.
	alt, clitic string
	// numAfter: a number follows the word (Arabic "حط المهلة ٥").
	numAfter bool
}

// A gloss is a message with its cue words rewritten, and the spans that
// map its text back to the message's.
type gloss struct {
	text, src string
	// segs are the rewritten spans, in order: text[gs:ge] stands for
	// src[ss:se].
	segs []glossSeg
}

type glossSeg struct{ gs, ge, ss, se int }

// glossOf glosses text in language l; nil when l is langNone or nothing
// changed.
func glossOf(text string, l lang) *gloss {
	if l == langNone || int(l) >= len(lexicons) || lexicons[l] == nil {
		return nil
	}
	lx := lexicons[l]
	g := &gloss{src: text}
	var b strings.Builder
	b.Grow(len(text) + len(text)/4)
	last := 0
	emit := func(ss, se int, en string) {
		b.WriteString(text[last:ss])
		gs := b.Len()
		b.WriteString(en)
		g.segs = append(g.segs, glossSeg{gs: gs, ge: b.Len(), ss: ss, se: se})
		last = se
	}
	if lx.subs != nil {
		var pre []preSpan
		if lx.pre != nil {
			pre = lx.pre(text)
		}
		for i := 0; i < len(text); {
			if len(pre) > 0 && pre[0].ss <= i {
				p := pre[0]
				pre = pre[1:]
				if p.ss == i {
					emit(p.ss, p.se, p.en)
					i = p.se
				}
				continue
			}
			hit := false
			for _, s := range lx.subs {
				if strings.HasPrefix(text[i:], s.stem) && (len(pre) == 0 || i+len(s.stem) <= pre[0].ss) {
					en := s.en
					if r, _ := utf8.DecodeRuneInString(text[i+len(s.stem):]); strings.HasSuffix(en, " ") && unicode.IsSpace(r) {
						// "は 3": the space the cue's gloss ends with
						// is the user's own ("是 3", not "是  3")
						en = strings.TrimSuffix(en, " ")
					}
					emit(i, i+len(s.stem), en)
					i += len(s.stem)
					hit = true
					break
				}
			}
			if !hit {
				_, size := utf8.DecodeRuneInString(text[i:])
				i += size
			}
		}
	} else {
		var toks []glossTok
		if lx.tokens != nil {
			toks = lx.tokens(text)
		} else {
			toks = latinWords(text)
		}
		lx.match(toks)
		fixLeaveAlone(toks) // leavealone.go
		if lx.fix != nil {
			lx.fix(toks)
		}
		// The message's numbers plainly ("500.000" is 500000, "0,75" is
		// 0.75: numbers.go), in order with its words.
		nums := numberSpans(text, decimalComma(l))
		if lx.marks != nil {
			nums = mergeSpans(nums, lx.marks(text))
		}
		for _, t := range toks {
			for len(nums) > 0 && nums[0].start < t.start {
				if nums[0].start >= last {
					emit(nums[0].start, nums[0].end, nums[0].plain)
				}
				nums = nums[1:]
			}
			if t.start < 0 {
				continue
			}
			if t.pre != "" {
				emit(t.lead, t.lead, t.pre+" ")
			}
			if !t.keep {
				en := t.en
				if en != "" && strings.HasSuffix(t.low, "'") {
					en += " " // "l'endpoint": "the endpoint"
				}
				ss, se := t.start, t.end
				if en == "" && lx.squeeze && t.post == "" {
					// a word glossed away takes a space with it, so the
					// gloss reads as one sentence ("prod DB ko kabhi
					// touch mat karna": "never touch prod DB")
					switch {
					case se < len(text) && text[se] == ' ':
						se++
					case ss > last && text[ss-1] == ' ':
						ss--
					}
				}
				emit(ss, se, en)
			}
			if t.post != "" {
				emit(t.end, t.end, " "+t.post)
			}
		}
		for _, n := range nums {
			// a mark inside a word the gloss rewrote is rewritten with it
			if n.start >= last {
				emit(n.start, n.end, n.plain)
			}
		}
	}
	if len(g.segs) == 0 {
		return nil
	}
	b.WriteString(text[last:])
	g.text = b.String()
	return g
}

// latinWords are the words of text (letters, with a French or Italian
// elision's apostrophe kept on the word before it: "n'", "l'"), each
// marked keep, and clauseEnd before , ; : . ! ? and line breaks.
func latinWords(text string) []glossTok {
	var toks []glossTok
	num, code, digit := false, -1, -1
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) {
			if unicode.IsDigit(r) && !num {
				num, digit = true, i
			}
			// a decimal point or comma ("0.001", "0,5") ends no clause
			decimal := (r == '.' || r == ',') && i > 0 && i+1 < len(text) && isDigit(text[i-1]) && isDigit(text[i+1])
			if strings.ContainsRune(",;:.!?\n¿¡—", r) && len(toks) > 0 && !decimal {
				toks[len(toks)-1].clauseEnd = true
				code = -1
			}
			if r == '¿' || r == '¡' {
				toks = append(toks, glossTok{start: i, end: i + size, low: string(r), keep: true})
			}
			i += size
			continue
		}
		j := i + size
		for j < len(text) {
			r2, s2 := utf8.DecodeRuneInString(text[j:])
			if r2 == '\'' || r2 == '’' {
				if next, _ := utf8.DecodeRuneInString(text[j+s2:]); unicode.Is(unicode.Cyrillic, r) && unicode.Is(unicode.Cyrillic, next) {
					// a Ukrainian apostrophe inside its word: "п'ятниці"
					j += s2
					continue
				}
				j += s2
				break
			}
			if !unicode.IsLetter(r2) {
				break
			}
			j += s2
		}
		if n := len(toks); n > 0 && i > 0 && text[i-1] == '-' && toks[n-1].end == i-1 && toks[n-1].keep && !toks[n-1].clauseEnd &&
			(j >= len(text) || !strings.ContainsRune("_/.-", rune(text[j])) || text[j] == '.' && (j+1 >= len(text) || text[j+1] == ' ' || text[j+1] == '\n')) {
			// a word joined to the one before by a hyphen is one word
			// with it ("по-прежнему", "e-mail")
			t := &toks[n-1]
			t.end, t.text = j, text[t.start:j]
			t.low = strings.ToLower(strings.ReplaceAll(t.text, "’", "'"))
			i = j
			continue
		}
		// A word glued to code ("shop/migrations", "v_daily") is code.
		if j < len(text) && (text[j] == '_' || text[j] == '/' || text[j] == '.' && j+1 < len(text) && text[j+1] != ' ' && text[j+1] != '\n') ||
			i > 0 && strings.ContainsRune("_/.-`$@", rune(text[i-1])) {
			for j < len(text) && text[j] != ' ' && text[j] != '\n' {
				j++
			}
			if len(toks) > 0 && strings.ContainsRune(",;:.!?", rune(text[j-1])) {
				toks[len(toks)-1].clauseEnd = true
			}
			if code < 0 {
				// the code word opens where its run of non-space bytes does
				// ("./deploy.sh", "`vendor/`")
				code = i
				for code > 0 && text[code-1] != ' ' && text[code-1] != '\n' && text[code-1] != '\t' && (len(toks) == 0 || code > toks[len(toks)-1].end) {
					code--
				}
				if num && digit >= code {
					num = false // the digits were the code's ("0002_init.sql")
				}
			}
			i = j
			continue
		}
		lead := i
		if code >= 0 {
			lead = code
		}
		toks = append(toks, glossTok{start: i, end: j, low: strings.ToLower(strings.ReplaceAll(text[i:j], "’", "'")), keep: true, numBefore: num, text: text[i:j], lead: lead})
		num, code = false, -1
		i = j
	}
	return toks
}

// match chooses each word's gloss: the longest phrase of the lexicon
// opening at it, else its stem entry.
func (lx *lexicon) match(toks []glossTok) {
	for i := 0; i < len(toks); i++ {
		if toks[i].low == "¿" || toks[i].low == "¡" {
			toks[i].keep, toks[i].en = false, ""
			continue
		}
		done, alt := false, false
		for n := min(lx.maxWords, len(toks)-i); n >= 1 && !done; n-- {
			if n > 1 && slices0(toks[i:i+n-1]) {
				continue
			}
			var key string
			if n == 1 {
				key = toks[i].low
			} else {
				var kb strings.Builder
				for k := range n {
					if k > 0 && !strings.HasSuffix(toks[i+k-1].low, "'") {
						kb.WriteByte(' ') // "n'oublie pas": no space after an elision
					}
					kb.WriteString(toks[i+k].low)
				}
				key = kb.String()
			}
			g, ok := lx.phrases[key]
			if !ok && toks[i].alt != "" {
				// the word without its proclitic
				key = toks[i].alt + key[len(toks[i].low):]
				g, ok = lx.phrases[key]
				alt = ok
			}
			if ok {
				toks[i].keep, toks[i].en, toks[i].cat = false, g.en, g.cat
				toks[i].end, toks[i].low = toks[i+n-1].end, key
				toks[i].clauseEnd = toks[i+n-1].clauseEnd
				copy(toks[i+1:], toks[i+n:])
				for k := len(toks) - n + 1; k < len(toks); k++ {
					toks[k] = glossTok{start: -1}
				}
				done = true
			}
		}
		if !alt {
			// the proclitic is the word's own letters ("وقت", "بدل")
			toks[i].clitic = ""
		}
		if !done {
			for _, s := range lx.stems {
				if strings.HasPrefix(toks[i].low, s.stem) {
					toks[i].keep, toks[i].en, toks[i].cat = false, s.en, s.cat
					break
				}
			}
		}
	}
	// drop the words merged into a phrase
	k := 0
	for _, t := range toks {
		if t.start >= 0 {
			toks[k] = t
			k++
		}
	}
	for i := k; i < len(toks); i++ {
		toks[i] = glossTok{start: -1, keep: true}
	}
}

// slices0 reports whether a phrase would cross a clause break.
func slices0(ts []glossTok) bool {
	for _, t := range ts {
		if t.clauseEnd || t.start < 0 {
			return true
		}
	}
	return false
}

// pos maps a byte offset of the gloss to one of its source: a start
// (end false) inside a rewritten span maps to the span's start, an end to
// its end.
func (g *gloss) pos(p int, end bool) int {
	i := sort.Search(len(g.segs), func(i int) bool { return g.segs[i].gs > p }) - 1
	if i < 0 {
		return p
	}
	s := g.segs[i]
	switch {
	case p >= s.ge && !(end && p == s.ge && s.gs == s.ge):
		return s.se + p - s.ge
	case end && p > s.gs, end && s.gs == s.ge:
		return s.se
	default:
		return s.ss
	}
}

// back maps a string the readings took from the gloss to the user's
// words: the source span of its first occurrence in the gloss (a value
// cut with "…" keeps its cut). ok is false when s is not in the gloss.
func (g *gloss) back(s string) (string, bool) {
	if s == "" {
		return s, true
	}
	cut := strings.HasSuffix(s, "…")
	t := strings.TrimSuffix(s, "…")
	i := strings.Index(g.text, t)
	if i < 0 {
		return s, false
	}
	from, to := g.pos(i, false), g.pos(i+len(t), true)
	if from > to {
		return s, false
	}
	out := strings.TrimSpace(g.src[from:to])
	if cut {
		out += "…"
	}
	return out, true
}

// backPrefix maps the longest opening of s up to a space that the gloss
// holds, at least half of s, back to the message's words, and keeps the
// rest of s as it is; s itself when no such opening maps.
func (g *gloss) backPrefix(s string) string {
	for i := strings.LastIndexByte(s, ' '); i >= len(s)/2; i = strings.LastIndexByte(s[:i], ' ') {
		if m, ok := g.back(s[:i]); ok && strings.Contains(g.text, s[:i]) {
			return m + s[i:]
		}
	}
	return s
}

// unGloss maps proposals read from a gloss back to the message: each
// quote, and each value, name, reason or taken-back text found in the
// gloss. A proposal whose quote does not map is dropped.
func (g *gloss) unGloss(ps []Proposal) []Proposal {
	out := ps[:0]
	for _, p := range ps {
		q, ok := g.back(p.Quote)
		if !ok {
			continue
		}
		gq := p.Quote
		p.Quote = q
		v := p.Value
		if p.Kind != KindValue {
			// a setting's value keeps the gloss's units ("40 minutes"), so
			// a relative change of it can be applied
			var whole bool
			if v, whole = g.back(p.Value); !whole && gq != "" && strings.Contains(p.Value, gq) {
				// a value that holds its quote ("Memcached (let's go with
				// option B.)") holds the user's words
				v = strings.Replace(p.Value, gq, q, 1)
			} else if cv, cq := strings.Join(strings.Fields(p.Value), " "), strings.Join(strings.Fields(gq), " "); !whole && cq != "" && strings.Contains(cv, cq) {
				// the same with its spaces folded: a gloss may leave two
				// spaces where the user wrote one ("リトライ是  3" for
				// "リトライは 3"), which a value drops
				v = strings.Replace(cv, cq, strings.Join(strings.Fields(q), " "), 1)
			} else if !whole {
				// a sentence read as its repair ("с 2010 года… нет,
				// поправка, с 2005-го" read as "… с 2010 поправка…"):
				// the longest opening the gloss holds, in the user's
				// words, and the rest as it is
				v = g.backPrefix(p.Value)
			}
		}
		if old := slug(p.Value); old != "" && strings.HasSuffix(p.Key, "/"+old) {
			// a key named by the gloss's words is named by the user's
			p.Key = strings.TrimSuffix(p.Key, old) + slug(v)
		}
		p.Value = v
		gk := "value/-/" + strings.ToLower(strings.Join(strings.Fields(p.Name), "_"))
		if n, ok := g.back(p.Name); ok && p.Kind == KindValue && p.Name != "" && p.Key == gk && n != p.Name && mixedGloss(n, p.Name) && trimCaseSuffixes(n) != p.Name {
			// a setting keyed by a gloss that kept some of the user's
			// words ("per_day_народження" for "на день народження") is
			// keyed by the user's, word for word; one the gloss put
			// wholly in English ("memory") keeps it, so the same setting
			// told in another form ("والذاكرة") is the same key
			p.Key = "value/-/" + strings.ToLower(strings.Join(strings.Fields(n), "_"))
		}
		p.Name, _ = g.back(p.Name)
		if p.Kind != KindValue {
			// a value it replaces keeps the gloss's plain number
			// ("500000" for "500.000"), which a change computes with
			p.Was, _ = g.back(p.Was)
		}
		p.Because, _ = g.back(p.Because)
		p.Replaces, _ = g.back(p.Replaces)
		out = append(out, p)
	}
	return out
}

// mixedGloss reports whether name n, glossed as gn word for word, kept
// some of its words as they are.
func mixedGloss(n, gn string) bool {
	a, b := strings.Fields(n), strings.Fields(gn)
	if len(a) != len(b) || strings.ContainsFunc(n, func(r rune) bool { return unicode.In(r, unicode.Hangul, unicode.Hiragana, unicode.Katakana) }) {
		// a particle Korean or Japanese joins to its word ("수를")
		// would stay in the key
		return false
	}
	for i := range a {
		if a[i] == b[i] {
			return true
		}
	}
	return false
}

// negRules say how a language places its negation (fixNegation).
type negRules struct {
	// initialNot: a clause opening with "not" is a prohibition (German
	// "nicht direkt pushen").
	initialNot bool
	// neg are the words of the negation particle before the verb
	// (Spanish "no", Italian "non", French "ne n'"); split: its sense
	// sits on a second word after the verb ("pas", "jamais", "plus").
	neg   string
	split bool
	// clitics are the pronouns that may stand between the particle and
	// the verb; imperative are the endings of a verb that make a
	// clause-opening particle a prohibition ("no borres"); none means
	// any verb does.
	clitics    string
	imperative []string
	// subjects are the pronouns of the one addressed that may open a
	// prohibition before its particle ("tú no le muevas a Vercel", "você
	// não mexe no schema", "tu non toccare il lockfile"): the clause is
	// read as if it opened with the particle, unless the verb says a
	// state (youStatives: "tú no sabes", "tu non hai accesso").
	subjects string
	// notEndings end words an imperative's ending would admit that are
	// none, for a particle after "and" (coordNeg): Russian "прошли".
	notEndings []string
}

// leadWords are glosses a clause may open with before its verb.
var leadWords = map[string]bool{"please": true, "and": true, "but": true, "also": true, "then": true, "so": true, "": true}

// fixNegation reads each clause's negation as its language places it: a
// modal with a negation anywhere in its clause ("du darfst X nicht
// ändern", "tu ne dois pas") is "must not" or "must never"; a particle
// that opens a clause before an imperative ("no borres", "ne modifie
// jamais", "non toccare") is "do not" or "never"; elsewhere the particle
// is a plain "not" ("no lo sé", "je ne sais pas").
func fixNegation(toks []glossTok, nr negRules) {
	neg := strings.Fields(nr.neg)
	clitics := strings.Fields(nr.clitics)
	subjects := strings.Fields(nr.subjects)
	for _, cl := range glossClauses(toks) {
		lead := 0
		for lead < len(cl) && !cl[lead].keep && leadWords[cl[lead].en] && !slicesContains(neg, cl[lead].low) {
			lead++
		}
		if lead+1 < len(cl) && slicesContains(subjects, cl[lead].low) && slicesContains(neg, cl[lead+1].low) && !youStatives[verbAfter(cl[lead+2:], clitics)] {
			lead++
		}
		part, second, modal := -1, -1, -1
		for i := range cl {
			switch {
			case slicesContains(neg, cl[i].low):
				if part < 0 {
					part = i
				}
			case !cl[i].keep && cl[i].cat == catNever && (cl[i].en == "not" || cl[i].en == "never" || cl[i].en == "no"):
				if second < 0 {
					second = i
				}
			case !cl[i].keep && (strings.HasSuffix(cl[i].en, "may") || strings.HasSuffix(cl[i].en, "must") || cl[i].en == "should"):
				if modal < 0 {
					modal = i
				}
			}
		}
		if nr.split {
			// "plus" is "no longer" only with "ne".
			for i := range cl {
				if cl[i].low == "plus" && (part < 0 || i < part) {
					cl[i].keep = true
				}
			}
		}
		never := second >= 0 && cl[second].en == "never"
		switch {
		case modal >= 0 && (part >= 0 || second >= 0):
			m := strings.TrimSuffix(strings.TrimSuffix(cl[modal].en, "may"), "must")
			if cl[modal].en == "should" {
				m = "should"
			} else {
				m += "must"
			}
			switch {
			case never:
				cl[modal].en = m + " never"
			case needWords[cl[modal].low] && m != "should":
				// "não precisa", "du musst nicht", "nie musisz": no
				// need, not a prohibition (needWords)
				cl[modal].en = strings.TrimSuffix(m, "must") + "need not"
			default:
				cl[modal].en = m + " not"
			}
			for _, i := range []int{part, second} {
				if i >= 0 {
					cl[i].keep, cl[i].en = false, ""
				}
			}
		case part >= 0 && (part == lead || coordNeg(cl, part, nr.notEndings)) && imperativeAfter(cl[part+1:], clitics, nr.imperative):
			switch {
			case never:
				cl[part].en, cl[second].en = "never", ""
			case second >= 0 && cl[second].low == "plus":
				cl[part].en, cl[second].en = "do not", "any more"
			default:
				cl[part].en = "do not"
				if second >= 0 && nr.split {
					cl[second].en = ""
				}
			}
			cl[part].keep = false
		case part >= 0 && part == len(cl)-1 && second < 0:
			// "no." alone answers; it negates nothing
		case part >= 0:
			cl[part].keep = false
			if nr.split {
				cl[part].en = ""
			} else {
				cl[part].en = "not"
			}
		case nr.initialNot && second == lead && second >= 0 && cl[second].en == "not":
			cl[second].en = "do not"
		}
	}
}

// imperativeAfter reports whether the first word of ts past its clitics
// is a verb with one of the endings (any word when there are none).
func imperativeAfter(ts []glossTok, clitics, endings []string) bool {
	for _, t := range ts {
		if t.start < 0 {
			return false
		}
		if slicesContains(clitics, t.low) {
			continue
		}
		if len(endings) == 0 {
			return t.keep || t.cat != catFunction
		}
		if utf8.RuneCountInString(t.low) < 4 && !slicesContains(endings, t.low) || weStatives[t.low] {
			return false
		}
		for _, e := range endings {
			if strings.HasSuffix(t.low, e) {
				return true
			}
		}
		return false
	}
	return false
}

// weStatives are verbs in the first person plural that say a state, not
// a way of working: "non sappiamo", "no podemos", "não temos" state no
// rule, where "non tocchiamo la produzione", "no tocamos prod", "não
// mexemos no schema" do.
var weStatives = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`sappiamo possiamo abbiamo vogliamo dobbiamo capiamo vediamo troviamo riusciamo siamo stiamo crediamo pensiamo conosciamo ricordiamo
		sabemos podemos tenemos queremos necesitamos vemos entendemos conocemos creemos pensamos encontramos estamos somos hemos recordamos conseguimos
		temos precisamos achamos lembramos` + " " + plStatives) {
		m[w] = true
	}
	return m
}()

// youStatives are verbs said to the one addressed that state what they
// know, have or are, not what they do: after "tú no", "você não", "tu
// non" they make a statement ("tú no tienes acceso", "você não sabe"),
// never a prohibition.
var youStatives = wordSet(`sabes sabe sabéis saben tienes tiene tenéis tienen eres es sois son estás está estáis están puedes puede podéis pueden quieres quiere queréis quieren necesitas necesita entiendes entiende conoces conoce ves ve crees cree debes debe hay
	tem têm sabem podem querem precisa precisam entende conhece acha vê deve estão
	sai sapete hai avete sei siete puoi potete vuoi volete devi dovete capisci conosci vedi credi`)

// verbAfter is the first word of ts past its clitics, lowercased; "" when
// there is none.
func verbAfter(ts []glossTok, clitics []string) string {
	for _, t := range ts {
		if !slicesContains(clitics, t.low) {
			return t.low
		}
	}
	return ""
}

func slicesContains(s []string, w string) bool {
	for _, x := range s {
		if x == w {
			return true
		}
	}
	return false
}

// glossNeg reports whether a rule held in another language's words
// prohibits ("Non toccare mai lo stato remoto"): negRE on its gloss.
func glossNeg(v string) bool {
	g := glossOf(v, detectLang(v, langNone))
	return g != nil && negRE.MatchString(g.text)
}

// isVietnamese reports whether r is a letter only Vietnamese writes among
// the Latin scripts the lexicons read: with a horn or a stroke (ơ, ư, đ)
// or a precomposed tone mark (Latin Extended Additional, ạ … ỹ).
func isVietnamese(r rune) bool {
	switch r {
	case 'ơ', 'Ơ', 'ư', 'Ư', 'đ', 'Đ':
		return true
	}
	return r >= 0x1EA0 && r <= 0x1EF9
}

// isUkrainianLetter is a letter Ukrainian writes and Russian does not;
// isRussianLetter the reverse.
func isUkrainianLetter(r rune) bool { return strings.ContainsRune("іїєґІЇЄҐ", r) }

func isRussianLetter(r rune) bool { return strings.ContainsRune("ыэъёЫЭЪЁ", r) }

// needWords are the words of "must" that say a need, whose negation is
// "need not", never "must not": "não precisa" (no need), "du musst das
// nicht" (you don't have to), "nie musisz", "du måste inte", "no tienes
// que".
var needWords = wordSet(`precisa precisas precisam tem_que tens_que têm_que muss musst müssen müsst musst_du du_musst müssen_sie ` +
	`musisz musicie musimy musi muszą måste du_måste måste_du tienes_que tenéis_que tiene_que`)
