package projection

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A choice among options named before it.
//
// Options are often named, not numbered or asked about: "I looked at
// Roundcube, SOGo and SnappyMail", "we could do Postgres …, or just CSV
// files, or SQLite", "I'd suggest the AP2112K-3.3 (…) or TI's TLV75533".
// A sentence offers named options (namedOptions) when it holds two to
// five names, each a word that is no plain word of the language (it
// has a capital letter past the sentence's first word, or a digit beside
// letters: "SQLite", "CSV", "TLV75533"), and either a word of
// alternative stands between two of them (or, ou, o, oder, oppure, vs,
// 还是, 或) or three or more of them are one run joined only by commas
// and "and". Anyone may offer them, the user or the agent.
//
// A user clause then chooses one when it is short and names exactly that
// option and nothing else: besides the name it has at most four words, and
// those are words that carry no claim (so, ok, then, go with, let's, just,
// quindi, donc, então, also, 就, an article …: choiceFillers); a clause
// that says something against the option, asks, or says anything else
// ("CSV falls apart the moment we need joins", "SOGo è troppo pesante")
// chooses nothing. The choice may come later in the same message, or, for
// options offered with a word of alternative, in a user message within
// namedWindow events. The decision is the option chosen, the others
// ruled out ("Roundcube (not SOGo, not SnappyMail)"), quoted from the
// choosing clause; it is no decision when the message's own readings
// already took one on those options.

// namedWindow is how many events after options offered with a word of
// alternative a user's clause may choose among them.
const namedWindow = 6

// altWordRE is a word of alternative between two named options.
var altWordRE = mustPattern(`(?i)(?:^|\s)(?:or|ou|o|oder|oppure|vs\.?|versus|ovvero|або|чи|или|либо|eller|या|یا|还是|或者|或)(?:\s|$)`)

// choiceFillers are words a choosing clause may hold besides the option:
// words that carry no claim of their own.
var choiceFillers = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`so ok okay alright fine then yes yeah go with let's lets use take pick it is we just
		the a an one quindi allora ok va bene usiamo prendiamo usa il lo la l' donc alors bon on prend prends le les
		então entao vamos de com usa o a fica pues entonces vale usamos el also dann nehmen wir nimm der die das
		we' going
		беремо берем берём візьмемо возьмём возьмем давай давайте тоді тогда ну ок окей так да так залишаємо оставляем
		vi kör tar på med då ja väljer
		लो लेते ले हैं है चलो करो ही तो
		就 用 选 那 吧 那就`) {
		m[w] = true
	}
	return m
}()

// nameWord reports whether w (trimmed) is a name: three runes or more, not
// all digits, with a capital letter (past a sentence's first word) or a
// digit beside letters.
func nameWord(w string, first bool) bool {
	if utf8.RuneCountInString(w) < 3 || stopwords[strings.ToLower(w)] {
		return false
	}
	upper, digit, letter := 0, 0, 0
	for _, r := range w {
		switch {
		case unicode.IsUpper(r):
			upper++
			letter++
		case unicode.IsLower(r):
			letter++
		case unicode.IsDigit(r):
			digit++
		case unicode.IsLetter(r):
			return false
		}
	}
	if letter == 0 {
		return false
	}
	if digit > 0 {
		return true
	}
	if upper == 0 {
		return false
	}
	// "Postgres" past the first word; "SQLite", "SOGo", "CSV" anywhere.
	inner := strings.IndexFunc(w[1:], unicode.IsUpper) >= 0
	return inner || !first
}

// trimName is a word without the punctuation around it and an elided
// article ("l'AP2112K" → "AP2112K").
func trimName(w string) string {
	w = strings.Trim(w, ".,;:!?\"'`()[]{}«»“”‘’")
	if i := strings.IndexAny(w, "'’"); i > 0 && i < 6 && i+1 < len(w) {
		w = strings.TrimLeft(w[i:], "'’")
	}
	return strings.TrimRight(w, ".,;:!?")
}

// namedOptions are the options sentence s offers by name (see above),
// and whether a word of alternative offered them.
func namedOptions(s string) ([]string, bool) {
	opts, alt, _ := namedOptionsNear(s)
	return opts, alt
}

// namedOptionsNear is namedOptions with the plain words that stand right
// before or after an option in s ("plain" of "or plain RDS Postgres",
// "звичайний" of "або звичайний RDS Postgres"): a choosing clause may
// repeat them (choosing). Names side by side are one option ("Aurora
// Serverless v2", "SSM Parameter Store").
func namedOptionsNear(s string) ([]string, bool, []string) {
	if strings.ContainsAny(s, "(（") {
		s = parenRE.ReplaceAllString(s, "")
	}
	words := strings.Fields(s)
	if len(words) < 3 {
		return nil, false, nil
	}
	type at struct {
		name string
		i    int // the option's last word
		from int // its first
	}
	var names []at
	for i, w := range words {
		t := trimName(w)
		if !nameWord(t, i == 0) && !(len(names) > 0 && names[len(names)-1].i == i-1 && versionTagRE.MatchString(t)) {
			continue
		}
		if n := len(names); n > 0 && names[n-1].i == i-1 && trimName(words[i-1]) == words[i-1] {
			// "Aurora Serverless v2": names side by side, no
			// punctuation between, are one option
			names[n-1].name += " " + t
			names[n-1].i = i
			continue
		}
		names = append(names, at{t, i, i})
	}
	for k := len(names) - 1; k > 0; k-- {
		if slices.ContainsFunc(names[:k], func(n at) bool { return strings.EqualFold(n.name, names[k].name) }) {
			names = slices.Delete(names, k, k+1)
		}
	}
	if len(names) < 2 || len(names) > 5 {
		return nil, false, nil
	}
	// Names are linked when a word of alternative stands between them,
	// or a comma or "and" alone; the options are the longest chain of
	// links holding a word of alternative, else a chain of three or more
	// joined by commas and "and".
	best, bestAlt := []at(nil), false
	chain, chainAlt := names[:1], false
	flush := func() {
		if chainAlt && (!bestAlt || len(chain) > len(best)) || !chainAlt && !bestAlt && len(chain) >= 3 && len(chain) > len(best) {
			best, bestAlt = chain, chainAlt
		}
	}
	for k := 1; k < len(names); k++ {
		between := words[names[k-1].i+1 : names[k].from]
		switch {
		case altWordRE.MatchString(" "+strings.Join(between, " ")+" ") && !strings.ContainsAny(strings.Join(between, " ")+words[names[k-1].i], ";:"):
			chain, chainAlt = names[k-len(chain):k+1], true
		case strings.HasSuffix(words[names[k-1].i], ",") && len(between) == 0 || len(between) == 1 && andWords[strings.ToLower(between[0])]:
			chain = names[k-len(chain) : k+1]
		default:
			flush()
			chain, chainAlt = names[k:k+1], false
		}
	}
	flush()
	if len(best) < 2 {
		return nil, false, nil
	}
	names = best
	alt := bestAlt
	out := make([]string, len(names))
	var near []string
	plain := func(i int) {
		if i < 0 || i >= len(words) {
			return
		}
		if t := trimName(words[i]); t != "" && !altWordRE.MatchString(t) && !andWords[strings.ToLower(t)] && !nameWord(t, false) {
			near = append(near, strings.ToLower(t))
		}
	}
	for k, n := range names {
		out[k] = n.name
		if n.from > 0 && trimName(words[n.from-1]) == words[n.from-1] {
			plain(n.from - 1)
		}
		if trimName(words[n.i]) == words[n.i] {
			plain(n.i + 1)
		}
	}
	return out, alt, near
}

// versionTagRE is a short tag that goes on a name before it ("v2" of
// "Aurora Serverless v2").
var versionTagRE = mustPattern(`^[vV]\d+(?:\.\d+)*$`)

// altWords and listAndWords are what a text offering named options holds
// (a quick test before its sentences are read).
var (
	altWords     = []string{" or ", " ou ", " o ", " oder ", " oppure ", " vs", " versus ", " ovvero ", " або ", " чи ", " или ", " либо ", " eller ", " या ", " یا ", "还是", "或"}
	listAndWords = []string{" and ", " e ", " y ", " et ", " und ", " i ", " & ", "和", "及"}
)

// mayOffer reports whether text may offer named options: it has a word
// of alternative, or a comma and a word of "and".
func mayOffer(text string) bool {
	for _, w := range altWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	if !strings.Contains(text, ", ") {
		return false
	}
	for _, w := range listAndWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// andWords join the last item of a list.
var andWords = map[string]bool{"and": true, "e": true, "y": true, "et": true, "und": true, "i": true, "&": true, "和": true, "及": true}

// namesNamed is the option of opts clause c names, -1 for none, -2 for
// several: a word equal to an option, or one that an option opens with
// up to a "-" or "." ("AP2112K" for "AP2112K-3.3").
func namesNamed(c string, opts []string) int {
	found := -1
	for _, w := range strings.Fields(c) {
		t := trimName(w)
		if utf8.RuneCountInString(t) < 3 {
			continue
		}
		for k, o := range opts {
			if strings.EqualFold(t, o) || len(t) >= 4 && len(o) > len(t) && strings.EqualFold(o[:len(t)], t) && strings.ContainsRune("-._/", rune(o[len(t)])) || ownWordOf(t, k, opts) {
				if found >= 0 && found != k {
					return -2
				}
				found = k
			}
		}
	}
	return found
}

// ownWordOf reports whether t is a name word of option k of several
// words ("RDS" of "RDS Postgres") that no other option holds.
func ownWordOf(t string, k int, opts []string) bool {
	if !strings.Contains(opts[k], " ") || !nameWord(t, false) {
		return false
	}
	has := func(o string) bool {
		return slices.ContainsFunc(strings.Fields(o), func(w string) bool { return strings.EqualFold(w, t) })
	}
	if !has(opts[k]) {
		return false
	}
	for j, o := range opts {
		if j != k && has(o) {
			return false
		}
	}
	return true
}

// choosing reports whether clause c, naming one option, chooses it: at
// most four words besides the name, each a filler or a plain word that
// stood beside an option when it was offered (near), and nothing against.
func choosing(c string, opts, near []string) bool {
	if against(c) {
		return false
	}
	others := 0
	for _, w := range strings.Fields(c) {
		t := trimName(w)
		if t == "" || namesNamed(t, opts) >= 0 {
			continue
		}
		lw := strings.ToLower(strings.Trim(w, ".,;:!?\"'`()"))
		if i := strings.IndexAny(lw, "'’"); i > 0 && i < 6 {
			lw = lw[:i+1]
		}
		if !choiceFillers[lw] && !slices.Contains(near, lw) {
			return false
		}
		if others++; others > 4 {
			return false
		}
	}
	return true
}

// chooseNamed reads a message for named options, and a user's message
// for a clause choosing one of the options offered before (see above).
func (r *Reducer) chooseNamed(ev *Event, ref EventRef) {
	if ev.Role != RoleUser && ev.Role != RoleAssistant {
		return
	}
	if r.named != nil && ev.Seq-r.namedSeq > namedWindow {
		r.named = nil
	}
	if r.named == nil && !mayOffer(ev.Text) {
		return
	}
	for _, s := range sentences(ev.Text) {
		var opts, near []string
		alt := false
		if mayOffer(s) {
			opts, alt, near = namedOptionsNear(s)
		}
		if opts != nil {
			r.named, r.namedSeq, r.namedAlt, r.namedNear = opts, ev.Seq, alt, near
			if ev.Role == RoleUser {
				r.chooseIn(ev, ref, s, true)
			}
			continue
		}
		if ev.Role == RoleUser && r.named != nil && (r.namedAlt || r.namedSeq == ev.Seq) {
			if r.chooseIn(ev, ref, s, false) {
				return
			}
		}
	}
	if ev.Role == RoleUser && r.named != nil && !r.namedAlt {
		// A run without a word of alternative is chosen in its message
		// or not at all.
		r.named = nil
	}
}

// chooseIn reads sentence s of a user message for a clause choosing one
// of r.named (after the offering part when offering); it reports whether
// a choice was made.
func (r *Reducer) chooseIn(ev *Event, ref EventRef, s string, offering bool) bool {
	if strings.ContainsAny(s, "?？") {
		return false
	}
	cs := pollClauses(s)
	if offering {
		// The clauses after the last name offered.
		last := 0
		for k, c := range cs {
			if namesNamed(c, r.named) != -1 {
				last = k
			}
		}
		if last+1 >= len(cs) {
			return false
		}
		cs = cs[last+1:]
	}
	for _, c := range cs {
		k := namesNamed(c, r.named)
		if k < 0 || !choosing(c, r.named, r.namedNear) {
			continue
		}
		opts := r.named
		r.named = nil
		r.rejectNamed(ev, ref, opts, k, c)
		for _, a := range r.hot {
			if a.Kind == KindDecision && a.Lifecycle == Active && a.Seq() == ev.Seq && namesNamed(a.Value, opts) != -1 {
				// The message's own readings took the choice.
				return true
			}
		}
		var out []string
		for j, o := range opts {
			if j != k {
				out = append(out, o)
			}
		}
		p := Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(opts[k]), Value: opts[k] + " (not " + strings.Join(out, ", not ") + ")", Quote: strings.TrimSpace(c), Links: mentions(opts[k])}
		r.apply(ev, &p, ref, fmt.Sprintf("d%d.97", ev.Seq), map[*Anchor]bool{})
		return true
	}
	return false
}
