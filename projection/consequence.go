package projection

import (
	"regexp"
	"strings"
)

// A labelled rule told with its consequence.
//
// "règle: MSRV 1.70, donc pas de trucs récents de std." labels one rule:
// a setting held to a value and what follows from it for the work ("so
// nothing recent from std"). The setting alone reads as a value, and the
// consequence alone loses what it follows from; together, after a label
// announcing rules, they are one rule, quoted whole. The consequence
// opens with a word that draws it ("so", "therefore", "donc", "então",
// German "also", "así que", "그러니까", "所以") and is itself a rule (a
// prohibition, an imperative). A premise longer than a setting's name and
// value ("we get max 2 A100s, so dont go launching sweeps") keeps its
// clauses apart, as before.

// consequenceRE opens a clause that draws a consequence from the one
// before it. In a gloss, the words its lexicon leaves as they are
// ("donc", German "also", "así que") and the ones it maps ("então" is
// "then") are read as they stand.
var consequenceRE = mustPattern(`(?i)^(?:so|therefore|hence|thus|which means|donc|also|daher|deshalb|darum|así que|asi que|por (?:lo )?tanto|por eso|ent[ãa]o|then)\b[,:]?\s*|^(?:그러니까|그러니|그래서|따라서|所以|因此|因而)[，,]?\s*`)

// consequenceCutRE is the comma and the word before a consequence
// inside a clause the clause cutter left whole.
var consequenceCutRE = regexp.MustCompile(`[,，]\s*`)

// consequenceRule reports whether clause t is a premise with no act of
// its own that names a setting and its value ("MSRV 1.70") and, after a
// comma, a consequence that is a rule ("donc pas de trucs récents").
func consequenceRule(t string) bool {
	for _, m := range consequenceCutRE.FindAllStringIndex(t, -1) {
		premise, rest := strings.TrimSpace(t[:m[0]]), t[m[1]:]
		c := consequenceRE.FindString(rest)
		if c == "" {
			continue
		}
		return consequencePremise(premise) && consequenceBinds(rest[len(c):])
	}
	return false
}

// consequencePremise reports whether premise is a setting and its value
// (a word or two and the number they end in: "MSRV 1.70", "node 18")
// and no act of its own.
func consequencePremise(premise string) bool {
	f := strings.Fields(premise)
	return len(f) >= 2 && len(f) <= 3 && strings.ContainsAny(f[len(f)-1], "0123456789") && !actOf(premise) && !questionRE.MatchString(premise)
}

// consequenceBinds reports whether the words after a consequence's
// opening word state a rule.
func consequenceBinds(rest string) bool {
	rest = strings.TrimSpace(rest)
	return rest != "" && !strings.ContainsAny(rest, "?？") && (isRule(rest) || negOpenRE.MatchString(rest))
}

// joinConsequences joins each clause of s that draws a consequence
// ("so no recent std stuff") to a premise before it that is no act of
// its own ("MSRV 1.70"), for clauses after the label at n.
func joinConsequences(s string, cs []clause, n int) []clause {
	var out []clause
	for _, c := range cs {
		if k := len(out) - 1; k >= 0 && out[k].start >= n && consequenceRE.MatchString(c.text) && consequencePremise(out[k].text) && consequenceBinds(consequenceRE.ReplaceAllString(c.text, "")) {
			out[k].end = c.end
			out[k].text = s[out[k].start:out[k].end]
			continue
		}
		out = append(out, c)
	}
	return out
}
