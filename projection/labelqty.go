package projection

import (
	"slices"
	"strings"
)

// Settings told as a label and a quantity, or as what a thing is worth.
//
// "Time limit per test: 10 seconds", "Límite de tiempo por test: 10
// segundos, no, mejor 5 segundos", "Memory limit: 8 GB per job": a label
// of a few words, a colon and a number with its unit is the setting and
// its value, in any language (the unit tells the number is a quantity;
// a bare number needs a label that names a setting: "retries: 3",
// "máximo de intentos: 3"). "Style is worth 10% of the grade", "El estilo
// (pylint) vale el 10% de la nota", "Late submissions are worth 0": what
// a thing counts for is its setting. A note's label ("Update: 3 left")
// sets nothing (labelWords).

const qtyUnits = `ms|s|secs?|seconds?|segundos?|segs?|seg|secondes?|sekunden|secondi|minutes?|mins?|minutos?|minuten|minuti|hours?|hrs?|horas?|heures?|stunden|ore|h|days?|días?|dias?|jours?|tage?n?|giorni|weeks?|semanas?|kb|mb|gb|tb|kib|mib|gib|tib|k|px|pt|x|%|dollars?|euros?|reais|usd|eur|brl|workers?|threads?|cores?|núcleos?|nucleos?|jobs?|retries|intentos?|reintentos?|tentativas?|rows?|filas?|linhas?|tokens?|pages?|páginas?|paginas?|items?|points?|puntos?|pontos?|秒|分钟|小时|天|个|次|条|页`

var (
	labelQtyRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|and|also|y|e|et|und)[,]?\s+)?(?P<k>\p{L}[\p{L}\d_.\-]*(?:\s+(?:\([^()]{1,30}\)|[\p{L}\d_.\-/]+)){0,6}?)\s*(?::\s+|：\s*|\s+[—–]\s+)(?P<v>(?:[$€£₹]\s?|r\$\s?)?\d+(?:[.,]\d+)?)(?:\s?(?P<u>` + qtyUnits + `))?(?:$|[\s.,;，。；)])`)
	worthRE    = mustPattern(`(?i)^(?:the\s+|our\s+|el\s+|la\s+|los\s+|las\s+|o\s+|a\s+|os\s+|as\s+|le\s+|les\s+|il\s+|lo\s+|der\s+|die\s+|das\s+)?(?P<k>\p{L}[\p{L}\d_.\-]*(?:\s+(?:\([^()]{1,40}\)|[\p{L}\d_.\-/:]+)){0,5}?)\s+(?:is worth|are worth|counts? for|weighs?|val(?:e|en)|cuenta(?:n)? (?:por|como)|pesa(?:n)?|conta(?:m)? como|vaut|valent|z[aä]hl(?:t|en)|valgono)\s+(?:the\s+|el\s+|la\s+|o\s+|a\s+|le\s+|il\s+|lo\s+)?(?P<v>\d+(?:[.,]\d+)?\s?(?:%|points?|puntos?|pontos?|pts?|punkte)?)(?:$|[\s.,;，。)])`)
	// labelSettingRE names a setting in a label, for a bare number: "retries:
	// 3", "workers: 8", "máximo de contenedores: 4".
	labelSettingRE = mustPattern(`(?i)\b(?:limit|max(?:imum)?|min(?:imum)?|timeout|retries|attempts|workers|threads|jobs|concurrency|parallelism|batch|size|count|port|replicas|threshold|weight|rate|budget|quota|cap|depth|epochs?|seed|version|level|l[ií]mite|m[aá]ximo|m[ií]nimo|tama[ñn]o|n[uú]mero|intentos|reintentos|hilos|trabajadores|puerto|umbral|peso|tentativas|limite|tamanho|porta|limiti|massimo|minimo|grenze|anzahl|gr[öo]ße)\b|上限|下限|数量|大小|次数|端口|阈值|并发`)
)

// labelButRE is a label, a number put aside and the number a contrast
// settles on: "min AF: I was going to use 0.1, the default, but Helena
// wants 0.2".
var labelButRE = mustPattern(`(?i)^(?:[-*•]\s*)?(?P<k>\p{L}[\p{L}\d_.\-]*(?:\s+(?:\([^()]{1,30}\)|[\p{L}\d_.\-/]+)){0,7}?)\s*(?::\s+|：\s*)[^:：]*?\d[^:：]*?(?:\bbut\b|(?:^|[^\p{L}])(?:mas|pero|aber|mais|ma|però|maar)(?:[^\p{L}]))[^0-9:：]{0,60}?(?P<v>\d+(?:[.,]\d+)?(?:\s?(?:` + qtyUnits + `))?)(?:$|[\s.,;)])`)

// labelVerbRE is a word of a clause, not of a label: a pronoun, an
// auxiliary in the languages read, a contraction ("it's").
var labelVerbRE = mustPattern(`(?i)^(?:i|we|you|he|she|it|they|it's|it’s|that's|that’s|i'm|i’m|we're|we’re|ha|han|he|hemos|hat|haben|ist|sind|est|sont|é|são|está|están|es|son|fue|foi|was|were|has|have|had|did|does|do)$|['’]s$`)

// dirValueRE sets a value by its direction and the new number: "photo
// jpeg quality down too, 80", "retries up to 5", "the timeout down to
// 30 s".
var dirValueRE = mustPattern(`(?i)(?:^|[,;:.]\s+|\band\s+)(?:the\s+)?(?P<k>[a-z][\w.\-]*(?:\s+[a-z][\w.\-]*){0,3}?)\s+(?:up|down)(?:\s+(?:too|as well|also))?(?:,\s*|\s+to\s+)(?P<v>\d+(?:[.,]\d+)?(?:\s?(?:` + qtyUnits + `))?)(?:$|[\s,.;)])`)

// bumpToRE names a setting with a verb of change and gives its new
// number in a later clause: "bump the sd clock, 25 MHz is what we run
// now, go to 50", "lower the batch size, take it to 32".
var (
	bumpToRE = mustPattern(`(?i)\b(?:bump|raise|lower|increase|decrease|reduce|drop|change)\s+(?:the\s+)?(?P<k>[a-z][\w.\-]*(?:\s[a-z][\w.\-]*){0,3}?)\s*[,;:—–].*?\b(?:go|take it|push it|bring it|move it|set it|make it)\s+to\s+(?P<v>\d+(?:[.,]\d+)?)(?P<u>\s?(?:` + qtyUnits + `|[kmg]?hz))?(?:$|[\s.,;)])`)
	unitOfRE = mustPattern(`(?i)\d+(?:[.,]\d+)?\s?(?P<u>[kmg]?hz|` + qtyUnits + `)\b`)
)

// bumpTo is the setting and value bumpToRE reads in s, the number given
// the unit another number of s is said in when it has none ("25 MHz …, go
// to 50": 50 MHz); ok false for none.
func bumpTo(s string) (k, v string, ok bool) {
	m := bumpToRE.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	k = strings.TrimSpace(m[bumpToRE.SubexpIndex("k")])
	if f := strings.Fields(strings.ToLower(k)); len(f) == 0 || stopwords[f[0]] || pronounRE.MatchString(k) {
		return "", "", false
	}
	v = m[bumpToRE.SubexpIndex("v")]
	if u := strings.TrimSpace(m[bumpToRE.SubexpIndex("u")]); u != "" {
		return k, v + " " + u, true
	}
	if u := unitOfRE.FindStringSubmatch(s); u != nil {
		return k, v + " " + u[1], true
	}
	return k, v, true
}

// dirValue is the setting and value dirValueRE reads in s; ok false for
// none, or when the words before the direction are a clause ("it went
// down, 80 left").
func dirValue(s string) (k, v string, ok bool) {
	m := dirValueRE.FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	k = strings.TrimSpace(m[dirValueRE.SubexpIndex("k")])
	f := strings.Fields(strings.ToLower(k))
	if len(f) == 0 || stopwords[f[0]] || pronounRE.MatchString(k) || slices.ContainsFunc(f, func(w string) bool { return auxes[w] || modalWords[w] || labelVerbRE.MatchString(w) }) {
		return "", "", false
	}
	return k, strings.TrimSpace(m[dirValueRE.SubexpIndex("v")]), true
}

// stateWords say how things stand after a count, no kind of thing
// counted: "bugs: 3 open", "tickets — 5 left".
var stateWords = map[string]bool{"open": true, "left": true, "done": true, "remaining": true, "failed": true, "passed": true, "pending": true,
	"closed": true, "fixed": true, "new": true, "more": true, "less": true, "fewer": true, "total": true, "max": true, "min": true, "tops": true}

// labelQuantity is the setting and value a sentence tells as a label and
// a quantity, or as what a thing is worth (see above); ok false for none.
func labelQuantity(s string) (k, v string, ok bool) {
	s = strings.TrimSpace(s)
	if m := labelQtyRE.FindStringSubmatch(s); m != nil {
		k = strings.TrimSpace(m[labelQtyRE.SubexpIndex("k")])
		v = m[labelQtyRE.SubexpIndex("v")]
		u := m[labelQtyRE.SubexpIndex("u")]
		f := strings.Fields(strings.ToLower(k))
		if u == "" {
			// "birthday — 50 points as a gift", "на день народження — 50
			// балів": a number counted in a noun no unit list names.
			if n := countNounAfter(s, v); n != "" && !stateWords[strings.ToLower(n)] {
				u = n
			}
		}
		if len(f) == 0 || len(f) > 5 || labelWords[f[0]] || stateLabels[f[len(f)-1]] || constraintRE.MatchString(k) || u == "" && !labelSettingRE.MatchString(k) || slices.ContainsFunc(f, func(w string) bool { return auxes[w] || modalWords[w] || labelVerbRE.MatchString(w) }) {
			// "Inés ha revisado … retención: 90 días", "double-check
			// it's: 80": a clause with a verb before the colon, no label
			return "", "", false
		}
		if u != "" {
			if u == "%" || strings.HasPrefix(u, "$") {
				v += u
			} else {
				v += " " + u
			}
		}
		return k, v, true
	}
	if m := labelButRE.FindStringSubmatch(s); m != nil {
		// "frequência mínima do alelo: eu ia botar 0.1 que é o padrão mas
		// a Helena quer 0.2": the number after the contrast is the value.
		k = strings.TrimSpace(m[labelButRE.SubexpIndex("k")])
		f := strings.Fields(strings.ToLower(k))
		if len(f) > 0 && len(f) <= 8 && !labelWords[f[0]] && !stateLabels[f[len(f)-1]] && !constraintRE.MatchString(k) {
			return k, strings.TrimSpace(m[labelButRE.SubexpIndex("v")]), true
		}
	}
	if m := worthRE.FindStringSubmatch(s); m != nil {
		k = strings.TrimSpace(m[worthRE.SubexpIndex("k")])
		f := strings.Fields(strings.ToLower(k))
		if len(f) == 0 || stopwords[f[0]] || pronounRE.MatchString(k) {
			return "", "", false
		}
		return k, strings.TrimSpace(m[worthRE.SubexpIndex("v")]), true
	}
	return "", "", false
}
