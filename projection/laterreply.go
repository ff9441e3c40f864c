package projection

import (
	"slices"
	"strings"
)

// A question of the agent's put off by a reply of one word or two.
//
// "Want me to also add a CI job that runs alembic check?" … "later";
// "Vuoi anche un PodDisruptionBudget?" … "dopo"; asked again, "no still
// later.", "nee, nog niet, later": the user neither takes nor turns down
// the offer, they put it off. The question stays open (asked.go's
// answersAsked passes it on, an uncertainty), and the reply is no rule.
// The reply must be the put-off alone (putOff: laterItemRE, laterLeadRE,
// laterCJKRE …), after at most a no and a "still": "later we deploy to
// prod" or "dopo il deploy, fai il rollback" say more and put nothing off.

// laterNoRE and laterStillRE are what may come before a put-off in a
// reply: a no, then a "still" ("no still later", "non, toujours plus
// tard", "nee, nog niet", "no, ancora dopo", "nein, noch später").
var (
	laterNoRE    = mustPattern(`(?i)^\W*(?:no|nope|nah|non|nee|nein|nej|não|нет|ні)\b[\s,.;:!—–-]*`)
	laterStillRE = mustPattern(`(?i)^(?:still|ancora|nog|noch|todavía|ainda|toujours|encore|ещё|еще|досі|fortfarande)\s+`)
)

// laterBareRE puts off in the words laterItemRE leaves to a verb: "più
// tardi", "luego", "después", "depois", "mais tarde", "ensuite", "maybe
// later".
var laterBareRE = mustPattern(`(?i)^\W*(?:(?:maybe|forse|quizás|talvez|peut-être|vielleicht|misschien)\s+)?(?:later|più\s+tardi|piu\s+tardi|dopo|poi|luego|después|despues|depois|mais\s+tarde|plus\s+tard|ensuite|später|straks|senare)(?:\s+(?:maybe|forse|semmai|magari))?\W*$`)

// laterReply reports whether sentence s only puts off what it answers:
// "later", "dopo", "no still later.", and, to an offer, "nee, nog niet"
// ("not yet" to "Is the migration merged?" answers it no).
func laterReply(s string, offer bool) bool {
	s = strings.TrimSpace(s)
	if s == "" || questionRE.MatchString(s) {
		return false
	}
	rest := strings.TrimSpace(s[len(laterNoRE.FindString(s)):])
	if offer && bareNotYetRE.MatchString(strings.ToLower(strings.TrimRight(rest, ".;!"))) {
		// "nee, nog niet", "not yet"
		return true
	}
	rest = strings.TrimSpace(rest[len(laterStillRE.FindString(rest)):])
	if rest == "" {
		return false
	}
	if len(strings.Fields(rest)) > 5 {
		// "depois a gente vê isso" is five
		return false
	}
	rest = strings.TrimRight(rest, ".;!。；")
	return laterBareRE.MatchString(rest) || laterItemRE.MatchString(rest) || laterCJKRE.MatchString(rest)
}

// bareNotYetRE is a bare "not yet".
var bareNotYetRE = mustPattern(`^(?:not\s+yet|pas\s+encore|noch\s+nicht|nog\s+niet|non\s+ancora|todavía\s+no|ainda\s+não)$`)

// offerPutOff adds to out, for a reply whose first sentence only puts
// off (laterReply) the offer the agent's message before put as its one
// question ("Want me to also add a CI job …?" … "later"), that offer an
// open question holding the reply; other readings of the sentence (a
// rule "no still later.") give way. The sentences after it are read as
// ever ("no still later. one more: never run …" keeps its rule).
func offerPutOff(text string, ctx *Context, out []Proposal) []Proposal {
	o := strings.TrimSpace(ctx.Offer)
	if len(ctx.Asked) > 0 || o == "" || !questionRE.MatchString(o) || strings.Contains(o, "\n") {
		return out
	}
	ss := sentences(text)
	if len(ss) == 0 || len(ss) > 3 {
		return out
	}
	s := strings.TrimSpace(ss[0])
	if !laterReply(s, true) {
		return out
	}
	key := askedAgainKey(o, ctx.Questions)
	out = slices.DeleteFunc(out, func(p Proposal) bool {
		return p.Op == OpState && p.Quote != "" && (p.Key == key || p.Was == o || strings.Contains(s, p.Quote) || strings.Contains(p.Quote, s) && !strings.Contains(p.Quote, "\n") && len(p.Quote) < len(s)+3)
	})
	return append(out, Proposal{Op: OpState, Kind: KindUncertainty, Key: key, Value: o + " — " + s, Quote: s, Links: distinctive(o)})
}

// askedAgainKey is the key of the open question o asks again ("Want me
// to open the CI job for alembic check now?" after "Want me to also add
// a CI job that runs alembic check …?" was put off): the first of open
// (ctx.Questions), by key, sharing a name with o (distinctive) and three
// words at least; else o's own key.
func askedAgainKey(o string, open map[string]string) string {
	keys := make([]string, 0, len(open))
	for k := range open {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	names, words := distinctive(o), terms(o)
	for _, k := range keys {
		q := open[k]
		if !slices.ContainsFunc(names, func(n string) bool { return strings.Contains(q, n) }) {
			continue
		}
		n := 0
		for w := range terms(q) {
			if words[w] {
				n++
			}
		}
		if n >= 3 {
			return k
		}
	}
	return "question/-/" + slug(o)
}
