package projection

import (
	"fmt"
	"slices"
	"strings"
)

// An option turned down while another is chosen.
//
// "Можу зробити Aurora Serverless v2 або звичайний RDS Postgres." —
// "Aurora не треба. Дорого для staging, беремо звичайний RDS.": the reply
// chooses one named option (namedopts.go) and says against another in a
// clause of its own that names it with a word of refusal ("не треба",
// "no", "not", "inte", "नहीं"). That option is a rejected approach, its
// reason the clauses between the refusal and the choice ("Дорого для
// staging": too expensive for staging), so a later reader does not offer
// it again. A clause naming both options, or none, or with no word of
// refusal, rejects nothing.

// againstWords are words of refusal that regexp's \b cannot find: the
// Cyrillic, Devanagari and Arabic-script ones, and Swedish's.
var againstWords = map[string]bool{"не": true, "ні": true, "нет": true, "нема": true, "немає": true, "ніколи": true, "никогда": true,
	"inte": true, "ej": true, "nej": true, "aldrig": true, "नहीं": true, "नही": true, "मत": true, "nahi": true, "nahin": true, "نہیں": true, "مت": true}

// against reports whether clause c speaks against a thing.
func against(c string) bool {
	if pollAgainstRE.MatchString(c) {
		return true
	}
	return slices.ContainsFunc(strings.Fields(strings.ToLower(c)), func(w string) bool {
		return againstWords[strings.Trim(w, ".,;:!?\"'`()—–-।")]
	})
}

// rejectNamed records as rejected each option of opts but the one chosen
// (k, in clause chosen) that a clause of ev's text says against (see
// above).
func (r *Reducer) rejectNamed(ev *Event, ref EventRef, opts []string, k int, chosen string) {
	cs := pollClauses(ev.Text)
	for i, c := range cs {
		j := namesNamed(c, opts)
		if j < 0 || j == k || !against(c) || strings.ContainsAny(c, "?？") {
			continue
		}
		quote := strings.TrimSpace(c)
		var why []string
		for _, d := range cs[i+1:] {
			d = strings.TrimSpace(d)
			if d == "" || namesNamed(d, opts) != -1 || strings.Contains(chosen, d) {
				break
			}
			why = append(why, d)
		}
		v := opts[j] + " — rejected: " + quote
		if len(why) > 0 {
			// the quote runs on to the reason, verbatim
			if at, end := strings.Index(ev.Text, quote), strings.Index(ev.Text, why[len(why)-1]); at >= 0 && end > at {
				quote = ev.Text[at : end+len(why[len(why)-1])]
				v = opts[j] + " — rejected: " + oneLine(quote, valueRunes)
			}
		}
		p := Proposal{Op: OpState, Kind: KindNegative, Key: "negative/-/" + slug(opts[j]), Value: v, Quote: quote, Links: mentions(opts[j])}
		r.apply(ev, &p, ref, fmt.Sprintf("n%d.97", ev.Seq), map[*Anchor]bool{})
	}
}
