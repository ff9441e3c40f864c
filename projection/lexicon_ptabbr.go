package projection

import (
	"slices"
	"strings"
)

// Brazilian Portuguese as it is typed in a hurry: "n roda terraform
// apply", "nd em prod", "a partir de agr", "vc pode", "tb". Each
// abbreviation is read as the word it stands for before the lexicon's
// phrases are matched, so "n mexe no values-prod.yaml" is the
// prohibition "não mexe", and the quote keeps the user's "n". "n" is
// "não" only before a word of letters, never glued to code ("-n",
// "n=5") or at a clause's end.

// abbrPT maps an abbreviation to its word.
var abbrPT = map[string]string{
	"n": "não", "nd": "nada", "tb": "também", "tbm": "também", "agr": "agora", "vc": "você", "vcs": "vocês",
	"pq": "porque", "q": "que", "msm": "mesmo", "td": "tudo", "hj": "hoje", "dps": "depois", "qdo": "quando",
	"cmg": "comigo", "pfv": "por favor", "pf": "por favor",
}

// stopAbbrPT are abbreviations no other language or English writes as a
// word, counted as Portuguese function words for detection.
const stopAbbrPT = `agr vc vcs tbm pq hj dps cmg pfv blz`

// lexPTSpoken are the spoken words of the same users: "a gente" for
// "nós", "migrou pra" for "mudou para".
var lexPTSpoken = []lexEntry{
	{catFunction, "we", "a_gente"},
	{catInstead, "we switched to", "a_gente_migrou_pra a_gente_migrou_para a_gente_mudou_pra a_gente_mudou_para a_gente_passou_pra"},
	{catInstead, "we switched to", "migramos_pra migramos_para mudamos_pra mudamos_para passamos_pra passamos_para"},
}

func lexiconPT() *lexicon {
	lx := withComma(compileLexicon(append(slices.Clip(lexPT), lexPTSpoken...), stopPT+" "+stopAbbrPT, func(toks []glossTok) {
		fixPT(toks)
		fixNoLongerPT(toks)
	}, false))
	lx.tokens = wordsPT
	return lx
}

// wordsPT are latinWords with each abbreviation read as its word (see
// above).
func wordsPT(text string) []glossTok {
	toks := latinWords(text)
	for i := range toks {
		t := &toks[i]
		w, ok := abbrPT[t.low]
		if !ok || t.start > 0 && strings.ContainsRune("-_/.=`$@", rune(text[t.start-1])) {
			continue
		}
		if t.low == "n" || t.low == "q" {
			if t.clauseEnd || i+1 >= len(toks) || toks[i+1].start != t.end+1 || text[t.end] != ' ' {
				continue
			}
		}
		t.low = w
	}
	return toks
}

// ruleLabelLang is the language whose word for rules or for a goal labels
// text: its first word, before a colon ("regras: …", "règle : …",
// "Regeln: …"), or its words naming a goal ("Ziel: …", "neues Ziel: …",
// "nieuw doel: …"), when one lexicon reads it so and English does not. A
// short message says little else: "neues Ziel: Login-Bug fixen." is German
// by its label.
func ruleLabelLang(text string) (lang, bool) {
	t := strings.TrimLeft(text, " \t\n*#-")
	t = skipAckWord(t)
	i := strings.IndexAny(t, ":：")
	if i <= 0 || i > 24 {
		return langNone, false
	}
	w := strings.ToLower(strings.TrimSpace(t[:i]))
	if ruleLabelRE.MatchString(w) || stopEN[w] || alsoEnglish[w] || englishLabels[w] {
		return langNone, false
	}
	spaced := strings.ContainsAny(w, " \t")
	found, hit := langNone, false
	for l, lx := range lexicons {
		if lx == nil || lx.subs != nil {
			continue
		}
		if g, ok := lx.phrases[w]; ok && (g.cat == catRules && !spaced || g.cat == catGoal) {
			if hit {
				return langNone, false
			}
			found, hit = lang(l), true
		}
	}
	return found, hit
}

// skipAckWord is t past a one-word sentence it opens with ("blz. regras:
// …", "tamam. kurallar: …", "ok, rules: …"): an acknowledgment before
// the label, not the label.
func skipAckWord(t string) string {
	i := strings.IndexAny(t, " \t\n:：")
	if i < 2 || !strings.ContainsRune(".!,", rune(t[i-1])) || t[i] == ':' || strings.ContainsAny(t[:i-1], ".!,/") {
		return t
	}
	return strings.TrimLeft(t[i:], " \t\n")
}

// englishLabels are labels of another language's lexicon that are English
// words too ("but:" is French for "goal:", and English for "but"): they
// name no language.
var englishLabels = map[string]bool{"but": true, "meta": true}

// fixNoLongerPT reads "não <verb> mais" as "no longer <verb>" ("n usa
// mais -var-file": "no longer use -var-file"); "não é mais rápido", of a
// function word, says a comparison and stays.
func fixNoLongerPT(toks []glossTok) {
	for _, cl := range glossClauses(toks) {
		for i := 0; i+2 < len(cl); i++ {
			v, m := cl[i+1], &cl[i+2]
			if cl[i].low != "não" || cl[i].keep || v.start < 0 || v.clauseEnd || !v.keep && v.cat == catFunction || m.low != "mais" || !m.keep {
				continue
			}
			cl[i].en = "no longer"
			m.keep, m.en = false, ""
		}
	}
}
