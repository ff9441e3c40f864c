package projection

import (
	"slices"
	"strings"
)

// A numbered question named by its ordinal inside another's answer.
//
// "1 — держим, MSRV 1.75. 2 — 1M. третий потом обсудим.": the user
// answers the first two questions by their numbers and the third by its
// ordinal ("третий", "the third", "die dritte", "o terceiro", "la
// troisième"), in a sentence after the second's answer. That sentence is
// the third's clause, not part of the second's answer: answered or put
// off ("потом обсудим": the question stays open) as a numbered clause is.
// An ordinal that names a question already answered by number, or one
// the agent did not ask, is no clause of its own.

// ordinalLeadRE opens a sentence naming a question by its ordinal, with
// an article and a noun maybe: "третий", "the third one", "die dritte
// Frage", "la troisième question", "o terceiro", "세 번째", "第三个".
var ordinalLeadRE = mustPattern(`(?i)^\W*(?:(?:the|die|der|das|el|la|lo|le|il|o|a|de|het)\s+)?(?P<o>first|second|third|fourth|fifth|erste[nrs]?|zweite[nrs]?|dritte[nrs]?|vierte[nrs]?|primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|primeir[oa]|terceir[oa]|quart[oa]|premi(?:er|ère)|deuxième|seconde?|troisième|quatrième|prim[oa]|second[oa]|terz[oa]|eerste|tweede|derde|vierde|första|andra|tredje|fjärde|перв\p{L}*|втор\p{L}*|трет\p{L}*|четв[её]рт\p{L}*|перш\p{L}*|друг\p{L}*)(?:\s+(?:one|question|point|item|frage|punkt|pregunta|punto|pergunta|ponto|question|domanda|vraag|fråga|fragan|вопрос|пункт|питання))?(?:[^\p{L}]|$)|^\W*(?P<k>첫|두|세|네)\s?번째|^\W*第(?P<z>[一二三四1-4])(?:个|個|题|題|点|點)?`)

// ordinalNumber is the place an ordinal of ordinalLeadRE names, 0 when none.
func ordinalNumber(s string) int {
	m := ordinalLeadRE.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	o := strings.ToLower(groups(ordinalLeadRE, m, "o", "k", "z"))
	for n, ps := range []string{
		"first erst primer premi primeir prim eerste första перв перш 첫 一 1",
		"second zweit segund deuxi second tweede andra втор друг 두 二 2",
		"third dritt tercer troisi terceir terz derde tredje трет 세 三 3",
		"fourth viert cuart quart quatri vierde fjärde четв 네 四 4",
	} {
		for _, p := range strings.Fields(ps) {
			if strings.HasPrefix(o, p) {
				return n + 1
			}
		}
	}
	return 0
}

// ordinalClauses are the numbered clauses ns, cs of a reply with each
// sentence after a clause's first that names another asked question by
// its ordinal (of asked questions, none numbered in ns) split off as
// that question's clause.
func ordinalClauses(ns []int, cs []string, asked int) ([]int, []string) {
	var on []int
	var oc []string
	for i, c := range cs {
		ss := sentences(c)
		cut := len(c)
		var tail []string
		var tn []int
		for j := 1; j < len(ss); j++ {
			s := strings.TrimSpace(ss[j])
			n := ordinalNumber(s)
			if n == 0 || n > asked || slices.Contains(ns, n) || slices.Contains(tn, n) || slices.Contains(on, n) {
				continue
			}
			if k := strings.Index(c, s); k >= 0 && k < cut && len(tail) == 0 {
				cut = k
			}
			loc := ordinalLeadRE.FindStringIndex(s)
			tail, tn = append(tail, strings.TrimRight(strings.TrimSpace(s[loc[1]:]), ".;!。；")), append(tn, n)
		}
		on, oc = append(on, ns[i]), append(oc, strings.TrimRight(strings.TrimSpace(c[:cut]), ".;!。；,"))
		for k := range tail {
			if tail[k] != "" {
				on, oc = append(on, tn[k]), append(oc, tail[k])
			}
		}
	}
	return on, oc
}
