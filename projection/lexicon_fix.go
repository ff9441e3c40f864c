package projection

import (
	"slices"
	"strings"
)

// fixSetting reads a clause's setting words as their verb places them,
// for the Latin-script lexicons: "by" after a verb that sets a value is
// "to" (Spanish "pon el timeout en 40 segundos", Portuguese "coloca o
// timeout em 40"; "auméntalo en 20" stays a change by 20), and a verb
// that reduces with "in half" after it cuts ("reduce el timeout a la
// mitad", "réduis-le de moitié": "cut the timeout in half"), and one
// that raises with it doubles (Russian "увеличь таймаут вдвое").
func fixSetting(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		set, reduce, raise := -1, -1, -1
		for i := range cl {
			if cl[i].keep {
				continue
			}
			switch en := cl[i].en; {
			case en == "set":
				set = i
			case strings.HasPrefix(en, "reduce"):
				reduce = i
			case strings.HasPrefix(en, "increase"):
				raise = i
			case en == "by" && set >= 0 && reduce < 0 && raise < 0:
				cl[i].en = "to"
			case en == "in half" && reduce >= 0:
				cl[reduce].en = "cut"
			case en == "in half" && raise >= 0:
				// Russian "увеличь вдвое": twice as much
				cl[raise].en, cl[i].en = "double", ""
			}
		}
	}
}

// glossClauses are the clauses of a message's words (a clause ends at
// its word marked clauseEnd), each a slice of toks, so a fix writes
// through it.
func glossClauses(toks []glossTok) [][]glossTok {
	var out [][]glossTok
	for start := 0; start < len(toks) && toks[start].start >= 0; {
		end := start
		for end < len(toks) && toks[end].start >= 0 && !toks[end].clauseEnd {
			end++
		}
		end = min(end+1, len(toks))
		out = append(out, toks[start:end])
		start = end
	}
	return out
}

// frontProhibition writes the prohibition a clause says with its verb
// after the negation ("боевой аккаунт не трогаем", "su main non si
// pusha") as the rule reads it, "do not" and the verb before the clause:
// neg are the places of the negation's words, v the verb's, and verb its
// English. At the clause's start the words become "do not <verb>" (verb
// "" keeps the verb's own gloss); further in, "do not <verb>" goes before
// the clause's first word, the negation says nothing and the verb's place
// keeps "ever", so that a quote ending there maps back to it.
func frontProhibition(cl []glossTok, neg []int, v int, verb string) {
	if neg[0] == 0 {
		cl[0].keep, cl[0].en = false, "do not"
		for _, j := range neg[1:] {
			cl[j].keep, cl[j].en = false, ""
		}
		if verb != "" {
			cl[v].keep, cl[v].en = false, verb
		}
		return
	}
	cl[0].pre = strings.TrimSpace("do not " + verb + " " + cl[0].pre)
	for _, j := range neg {
		cl[j].keep, cl[j].en = false, ""
	}
	cl[v].keep, cl[v].en = false, "ever"
}

// fixTopicVerb reads a setting named before the verb that changes it
// ("Ліміт зроби удвічі більше", "Таймаут уменьши вдвое": the setting,
// then what to do with it) in the English order: the verb and "the"
// before the name ("make the Ліміт twice as much"), the verb's place
// saying nothing. For the lexicons of languages without articles, after
// fixSetting has read the verb's "на".
func fixTopicVerb(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		if len(cl) < 3 || !cl[0].keep || cl[1].keep {
			continue
		}
		v := strings.TrimSuffix(cl[1].en, " the")
		switch v {
		case "set", "reduce", "increase", "double", "halve", "cut":
		case "make it":
			v = "make"
		default:
			continue
		}
		cl[0].pre = strings.TrimSpace(v + " the " + cl[0].pre)
		cl[1].en = ""
	}
}

// fixArticleless reads a setting's change in a language without articles
// (Russian, Ukrainian) as the English readings name it: "поставь таймаут
// на 40" is "set the таймаут to 40", with "the" after the verb before
// its setting, and the setting named before its verb in English order
// (fixTopicVerb).
func fixArticleless(toks []glossTok) {
	for i := 0; i+1 < len(toks) && toks[i+1].start >= 0; i++ {
		switch toks[i].en {
		case "set", "cut", "reduce", "increase", "double", "halve":
			if toks[i+1].keep && !toks[i].clauseEnd {
				toks[i].en += " the"
			}
		}
	}
	fixTopicVerb(toks)
}

// fixCanAlone reads "можна"/"можно" ending its clause after what it frees
// ("на прод можна!", "в прод можно") as the permission it is, "is
// allowed now": said alone, "you can" frees nothing.
func fixCanAlone(toks []glossTok, can string) {
	for _, cl := range glossClauses(toks) {
		n := len(cl)
		if n >= 2 && cl[n-1].low == can && cl[n-1].en == "you can" && slices.ContainsFunc(cl[:n-1], func(t glossTok) bool { return t.keep }) {
			cl[n-1].en = "is allowed now"
		}
	}
}

// eastSlavic is what a Russian or Ukrainian message's fixes need of its
// language: the clitics and imperative endings after "не", the table of
// a team's verbs in the first person plural and its "we", and its "can".
type eastSlavic struct {
	clitics    string
	imperative []string
	weVerbs    map[string]string
	we, can    string
}

// fixEastSlavic runs the fixes Russian and Ukrainian share, in order:
// "не" before an imperative, a team's norm, a setting's "на" and
// "вдвое", "можно"/"можна" ending its clause, and the articles the
// languages do not write.
func fixEastSlavic(toks []glossTok, l eastSlavic) {
	fixNegation(toks, negRules{neg: "не", clitics: l.clitics, imperative: l.imperative, notEndings: notImperativeEndings})
	fixMidProhibition(toks, "не", l.clitics, l.imperative)
	fixWeNorm(toks, l.weVerbs, l.we)
	fixSetting(toks)
	fixCanAlone(toks, l.can)
	fixArticleless(toks)
}
