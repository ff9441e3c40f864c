package projection

import (
	"strings"
	"unicode/utf8"
)

// A Russian or Ukrainian prohibition whose "не" stands after the words
// it scopes.
//
// "в agg-core не трогай unsafe", "unsafe не трогай", "новых зависимостей
// не добавляй", "у продакшн-базу не лізь": Russian and Ukrainian put the
// place or the object first and the negated imperative after it, where
// fixNegation reads "не" as a plain "not" (it reads "do not" only when
// "не" opens the clause). A "не" among the clause's first words before a
// verb with an imperative's ending is the prohibition: "do not <verb>"
// before the clause (frontProhibition), as the rule readings need it.
// Not a word that only looks like one: an adjective ("не зелёный"), a
// past plural ("не прошли"), an infinitive ("лучше не трогать"), a
// present ("ты не трогаешь"), a reflexive past ("не дісталось"); nor
// after a subject that states a fact ("это не ошибки", "он не нужен",
// "тобі не дісталось").

// maxMidNeg is how far into its clause "не" may stand.
const maxMidNeg = 4

// notImperativeEndings end words that an imperative's ending would
// otherwise admit: adjectives, past plurals, infinitives.
var notImperativeEndings = []string{"ый", "ий", "ой", "ли", "ть", "ти", "чь", "ться", "тись", "шь", "лось", "лась", "лись", "лося"}

// midNegSubjects are words before "не" that make the clause a statement.
var midNegSubjects = wordSet(`это то тут там здесь он она оно они я мы все всё ещё уже пока так тоже нас них него неё меня тебя ведь же вроде просто точно наверное кажется
	мне тебе ему ей им нам вам
	це він вона воно вони ми ще вже поки теж нього неї мене мені тобі йому їй їм
	to tu tam on ona ono oni one ja ty my wy już jeszcze też mi ci mu jej nam wam im mnie ciebie`)

// fixMidProhibition reads each clause's "не" after its first words before
// an imperative as a prohibition (see above); neg is the particle,
// clitics and endings as fixNegation takes them.
func fixMidProhibition(toks []glossTok, neg, clitics string, endings []string) {
	cs := strings.Fields(clitics)
	for _, cl := range glossClauses(toks) {
		lead := 0
		for lead < len(cl) && !cl[lead].keep && leadWords[cl[lead].en] && cl[lead].low != neg {
			lead++
		}
		for part := lead; part < len(cl) && part-lead <= maxMidNeg; part++ {
			if part == lead && cl[part].low == neg {
				// "не трогай …" opens its clause: fixNegation's
				break
			}
			if cl[part].low != neg {
				if midNegSubjects[cl[part].low] {
					break
				}
				continue
			}
			if cl[part].keep || cl[part].en != "not" {
				break
			}
			v := part + 1
			for v < len(cl) && slicesContains(cs, cl[v].low) {
				v++
			}
			if v < len(cl) && midImperative(cl[v], endings) {
				frontProhibition(cl, []int{part}, v, cl[v].text)
			}
			break
		}
	}
}

// midImperative reports whether t is a word the lexicon does not know
// with an imperative's ending, none of notImperativeEndings.
func midImperative(t glossTok, endings []string) bool {
	if t.start < 0 || !t.keep || utf8.RuneCountInString(t.low) < 4 || t.text == "" {
		return false
	}
	for _, e := range notImperativeEndings {
		if strings.HasSuffix(t.low, e) {
			return false
		}
	}
	for _, e := range endings {
		if strings.HasSuffix(t.low, e) {
			return true
		}
	}
	return false
}

// coordNeg reports whether the particle at part follows "and" or "but"
// ("почини панику и не трогай unsafe", "conserta o build e não mexe no
// app.json"): a prohibition coordinated with what came before, when the
// word after it ends none of notEndings.
func coordNeg(cl []glossTok, part int, notEndings []string) bool {
	if part < 1 || cl[part-1].keep || cl[part-1].en != "and" && cl[part-1].en != "but" {
		return false
	}
	if part+1 < len(cl) {
		for _, e := range notEndings {
			if strings.HasSuffix(cl[part+1].low, e) {
				return false
			}
		}
	}
	return true
}
