package projection

import "strings"

// "The other one": the option the agent did not recommend.
//
// "Options: (A) redirect to Stripe Checkout (B) in-app plan picker with
// Elements. I'd go with A." — "the other one. sales hates the portal
// redirect": of two options offered with one recommended, "the other
// one" ("the other", "die andere", "la otra", "el otro", "もう一方",
// "另一个") chooses the one not recommended. With no recommendation, or
// more than two options, it names none; said of an option ("the other
// one is slower") it chooses nothing.

// recommendRE recommends an option by its letter or number (group x):
// "I'd go with A", "I recommend option 2", "Recomiendo A", "Ich würde B
// nehmen", "おすすめは A", "我建议选 B".
var recommendRE = mustPattern(`(?i)(?:\b(?:i'd|i would|i'll)\s+(?:go with|pick|choose|take|suggest|recommend|lean (?:towards?|to))|\bi\s+(?:recommend|suggest|prefer|lean (?:towards?|to))|\bmy\s+(?:pick|recommendation|vote|preference)\s+(?:is|would be)|\b(?:recommended|suggested):|\b(?:recomiendo|sugiero|yo\s+(?:iría con|elegiría|escogería))|\b(?:ich\s+würde|ich\s+empfehle|empfehlung:|empfohlen:)|おすすめは|推奨は|我(?:建议|推荐)(?:选|用)?)\s*(?:option\s+|opción\s+|la\s+|variante\s+)?[(（]?(?P<x>[A-Da-d1-4])[)）]?(?:[^\p{L}\d]|$)`)

// recommended is the option of opts that assistant text recommends by
// its place, or "".
func recommended(text string, opts []string) string {
	if len(opts) < 2 {
		return ""
	}
	m := recommendRE.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	n := placeOf(m[recommendRE.SubexpIndex("x")])
	if n < 1 || n > len(opts) {
		return ""
	}
	return opts[n-1]
}

// otherOneRE is "the other one" opening a sentence, alone or with a
// comma or a full stop after it.
var otherOneRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|hmm+|no|nah|actually|then)[,.!]?\s+)*(?:(?:let's\s+)?(?:go with|take|pick|use)\s+)?(?:the other(?: one)?|(?:die|das|den|the) andere[n]?|la otra|el otro|l'autre|l'altra|l'altro|a outra|o outro)\s*(?:[,.;:!—–]|\s-\s|$)|^(?:もう一方|もう片方|もう一つの方|另一个|另外那个|另一种)(?:で|に|吧|を)?`)

// otherOne is the option "the other one" in sentence s chooses (see
// above), or "".
func otherOne(s string, ctx *Context) string {
	if len(ctx.Offered) != 2 || ctx.OfferedPick == "" || questionRE.MatchString(s) || !otherOneRE.MatchString(strings.TrimSpace(s)) {
		return ""
	}
	for _, o := range ctx.Offered {
		if o != ctx.OfferedPick {
			return o
		}
	}
	return ""
}
