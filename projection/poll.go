package projection

import (
	"fmt"
	"strings"
	"unicode"
)

// A question answered by elimination over later messages.
//
// "USB-C: the 16-pin connector or the 6-pin one?" … later "the bootloader
// needs D+/D- and the 6-pin has none"; "EPS・PNG・PDFのどれがいいかな" …
// later "EPS is no longer accepted, PNG was sent back for resolution …
// so the one left": the user asks between named options, then, in the
// same message or a later one, rules each but one out, and never names
// the one left as chosen. The reducer keeps the options of the user's last
// question between two to five named things (Reducer.poll, for pollWindow
// events), each known by its words no other option has ("16" and "6" of
// "the 16-pin connector" and "the 6-pin"); a clause of a user message that
// names one option alone and says something against it (not, no, can't,
// n'a pas, não, nicht, ない, 不 …) rules it out. When every option but
// one is ruled out, the one left is the user's decision ("connecteur 16
// broches (not le 6 broches)"), quoted from the clause that ruled out the
// last. A clause for an option ("let's take", "on prend", "にしましょう")
// ends the poll: the choice is read as said.

// pollWindow is how many events after the question an elimination is
// read.
const pollWindow = 24

// pollOrRE is the word between a question's last two options.
var pollOrRE = mustPattern(`(?i)\s(?:or|ou|o|oder|oppure|vs\.?|versus)\s`)

// pollCJKRE is a CJK list of options before "which": "EPS・PNG・PDFのどれ",
// "A、B、C哪个".
var pollCJKRE = mustPattern(`(?P<l>(?:[\p{Han}\p{Katakana}\p{Latin}\p{N}ー\-.+]{1,20}[・、／/]){1,4}[\p{Han}\p{Katakana}\p{Latin}\p{N}ー\-.+]{1,20}?)(?:の)?(?:どれ|どっち|どちら|哪个|哪一个|哪种)`)

// pollLeadRE is a question's lead before its options: "For the cache,",
// "about logging,", a clause of four words or more.
var pollLeadRE = mustPattern(`(?i)^\s*(?:(?:for|about|regarding|re|as for|on|in|pour|para|für|per|sur|sobre|zu|bei|quanto a|en cuanto a)\b|(?:\S+\s+){3,}\S+\s*$)`)

// parenRE is an aside in brackets, left out of options.
var parenRE = mustPattern(`\s*[(（][^)）]*[)）]`)

// pollAgainstRE is a clause that speaks against a thing.
var pollAgainstRE = mustPattern(`(?i)\b(?:not|no|never|none|can't|cannot|won't|doesn't|don't|isn't|aren't|wasn't|rejected|ruled out|too (?:slow|big|small|old|expensive|heavy))\b|n't\b|\b(?:pas|plus|jamais|aucun|aucune|refusé|refusée)\b|\b(?:não|nunca|nenhum|nenhuma|recusado|recusada)\b|\b(?:nada|ningún|ninguna|rechazado|rechazada)\b|\b(?:nicht|kein|keine|keinen|abgelehnt)\b|\b(?:non|mai|nessun|nessuna|rifiutato)\b|ない|ません|不足|差し戻|ダメ|だめ|無理|不行|不能|不支持|没有|不可以|不要`)

// pollForRE is a clause that takes a thing.
var pollForRE = mustPattern(`(?i)\b(?:let's|lets|go with|take|we'll use|prefer|on prend|prends|partons sur|vamos com|vamos de|fica com|nehmen wir|nimm|prendiamo|vamos con)\b|にしましょう|にしよう|で行きましょう|就用|选`)

// pollOptions are the two to five options question s asks between, or
// nil.
func pollOptions(s string) []string {
	if m := pollCJKRE.FindStringSubmatch(s); m != nil {
		l, seps := m[1], "・、／/"
		if strings.Contains(l, "・") {
			// "保存先、S3・GCS・Azure": 、 ends the lead.
			if i := strings.LastIndex(l, "、"); i >= 0 {
				l = l[i+len("、"):]
			}
			seps = "・／/"
		}
		opts := strings.FieldsFunc(l, func(r rune) bool { return strings.ContainsRune(seps, r) })
		return distinctOptions(opts)
	}
	q := strings.IndexAny(s, "?？")
	if q < 0 {
		return nil
	}
	head := parenRE.ReplaceAllString(s[:q], "")
	if i := strings.LastIndexAny(head, ":;."); i >= 0 && i < len(head)-1 && !unicode.IsDigit(rune(head[i+1])) {
		head = head[i+1:]
	}
	locs := pollOrRE.FindAllStringIndex(head, -1)
	if len(locs) != 1 {
		return nil
	}
	right := strings.Fields(head[locs[0][1]:])
	if len(right) == 0 || len(right) > 5 {
		return nil
	}
	before := head[:locs[0][0]]
	var opts []string
	if parts := strings.Split(before, ","); len(parts) > 1 && pollLeadRE.MatchString(parts[0]) {
		// "For the session cache, Redis or Memcached?": a lead, then two.
		before = parts[len(parts)-1]
	}
	if parts := strings.Split(before, ","); len(parts) > 1 {
		// "A, B or C?"
		for _, p := range parts[1:] {
			if f := strings.Fields(p); len(f) == 0 || len(f) > 4 {
				return nil
			}
		}
		first := strings.Fields(parts[0])
		n := min(len(first), max(len(strings.Fields(parts[1])), 1)+1)
		opts = append(opts, strings.Join(first[len(first)-n:], " "))
		for _, p := range parts[1:] {
			opts = append(opts, strings.TrimSpace(p))
		}
	} else {
		left := strings.Fields(before)
		n := min(len(left), len(right)+1)
		if n == 0 {
			return nil
		}
		opts = append(opts, strings.Join(left[len(left)-n:], " "))
	}
	opts = append(opts, strings.Join(right, " "))
	return distinctOptions(opts)
}

// distinctOptions is opts when each has a word no other has (and there
// are two to five), else nil.
func distinctOptions(opts []string) []string {
	if len(opts) < 2 || len(opts) > 5 {
		return nil
	}
	for i := range opts {
		if len(optionMarks(opts, i)) == 0 {
			return nil
		}
	}
	return opts
}

// optionWordsOf are the lowercased words of s (letters and digits, CJK
// runs whole).
func optionWordsOf(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '+' && r != '-'
	})
}

// optionMarks are the words of option i that no other option of opts
// has (not function words).
func optionMarks(opts []string, i int) []string {
	others := map[string]bool{}
	for j, o := range opts {
		if j != i {
			for _, w := range optionWordsOf(o) {
				others[w] = true
			}
		}
	}
	var out []string
	for _, w := range optionWordsOf(opts[i]) {
		if !others[w] && !stopwords[w] && (len([]rune(w)) >= 2 || unicode.IsDigit(rune(w[0]))) {
			out = append(out, w)
		}
	}
	return out
}

// namesOption reports whether clause c names option i of opts: by its
// one mark, or by two of its marks when it has more (a clause that says
// "county" alone does not name "clip to the county boundary"), each
// standing alone ("6" is not in "16"; "EPS" is in "EPSは").
func namesOption(c string, opts []string, i int) bool {
	lc := strings.ToLower(c)
	marks := optionMarks(opts, i)
	found := 0
	for _, m := range marks {
		for j := range occurrences(lc, m) {
			if end := j + len(m); (j == 0 || !isWordByte(lc[j-1])) && (end >= len(lc) || !isWordByte(lc[end])) {
				found++
				break
			}
		}
	}
	return found > 0 && found >= min(2, len(marks))
}

// pollClauses cuts a message into clauses at stops, commas, semicolons
// and ellipses.
func pollClauses(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(".;,!?\n…。、！？；", r) })
}

// eliminate reads a user message against the poll: the options it rules
// out, and the decision when one is left; a question between options in
// it starts a new poll.
func (r *Reducer) eliminate(ev *Event, ref EventRef) {
	if r.poll != nil && ev.Seq-r.pollSeq > pollWindow {
		r.poll = nil
	}
	if p := concludedChoice(ev.Text); p != nil {
		// "not 101 …, so 102 i guess?": the one concluded.
		r.apply(ev, p, ref, fmt.Sprintf("d%d.98", ev.Seq), map[*Anchor]bool{})
	}
	text := ev.Text
	for _, s := range sentences(ev.Text) {
		if o := pollOptions(s); o != nil {
			// The newest question between options starts a poll; what the
			// rest of its message says against an option counts.
			r.poll, r.pollSeq, r.pollOut, r.pollQuote = o, ev.Seq, map[int]bool{}, ""
			if i := strings.Index(ev.Text, s); i >= 0 {
				text = ev.Text[i+len(s):]
			}
		}
	}
	if r.poll == nil {
		return
	}
	for _, c := range pollClauses(text) {
		named := -1
		for i := range r.poll {
			if namesOption(c, r.poll, i) {
				if named >= 0 {
					named = -2
					break
				}
				named = i
			}
		}
		if named < 0 {
			continue
		}
		if pollForRE.MatchString(c) {
			r.poll = nil
			return
		}
		if pollAgainstRE.MatchString(c) && !r.pollOut[named] {
			r.pollOut[named] = true
			r.pollQuote = strings.TrimSpace(c)
		}
	}
	if len(r.pollOut) != len(r.poll)-1 || r.pollQuote == "" || !strings.Contains(ev.Text, r.pollQuote) {
		return
	}
	var left string
	var out []string
	for i, o := range r.poll {
		if r.pollOut[i] {
			out = append(out, o)
		} else {
			left = o
		}
	}
	r.poll = nil
	for _, a := range r.hot {
		if a.Kind == KindDecision && a.Lifecycle == Active && a.Seq() == ev.Seq && namesOption(a.Value, append([]string{left}, out...), 0) {
			// "clip to the county boundary, not the watershed": the
			// message's own readings took the choice.
			return
		}
	}
	p := Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(left), Value: left + " (not " + strings.Join(out, ", not ") + ")", Quote: r.pollQuote, Links: mentions(left)}
	r.apply(ev, &p, ref, fmt.Sprintf("d%d.99", ev.Seq), map[*Anchor]bool{})
}

// A conclusion by elimination in one message: "not 101, that's just the
// pihole, 103 is the tiny win vm … so 102 i guess?", "pas le A, pas le B,
// donc le C". notOptRE is an option named to be ruled out, concludeRE the
// one concluded; both must be of one shape (a number, or a name).
var (
	notOptRE   = mustPattern(`(?i)(?:^|[\s,;(])(?:not|no|pas|não|nicht|non|ni)\s+(?:the\s+|le\s+|la\s+|o\s+|a\s+|el\s+|der\s+|die\s+|das\s+|il\s+)?(?P<x>[\w.\-]{1,30})\b`)
	concludeRE = mustPattern(`(?i)^\W*(?:so|then|donc|então|entonces|also|quindi|dann)\s+(?:it(?:'s| is| must be| has to be)\s+|it\s+|c'est\s+|é\s+|es\s+|ist\s+|è\s+)?(?:the\s+|le\s+|la\s+|o\s+|a\s+|el\s+|der\s+|die\s+|das\s+|il\s+)?(?P<y>[\w.\-]{1,30})(?:\s+(?:i guess|then|it is|right|je pense|acho|creo|oder|allora))?\s*[?.!]?\s*$`)
)

// concludedChoice is the decision a user message concludes by elimination
// (see above), or nil.
func concludedChoice(text string) *Proposal {
	ss := sentences(text)
	for i, s := range ss {
		m := concludeRE.FindStringSubmatch(s)
		if m == nil || i == 0 {
			continue
		}
		y := m[concludeRE.SubexpIndex("y")]
		var out []string
		for _, p := range ss[:i] {
			for _, n := range notOptRE.FindAllStringSubmatch(p, -1) {
				if x := n[notOptRE.SubexpIndex("x")]; sameShape(x, y) && !strings.EqualFold(x, y) {
					out = append(out, x)
				}
			}
		}
		if len(out) == 0 {
			continue
		}
		return &Proposal{Op: OpState, Kind: KindDecision, Key: "decision/-/" + slug(y), Value: y + " (not " + strings.Join(out, ", not ") + ")", Quote: s, Links: mentions(y)}
	}
	return nil
}

// sameShape reports whether two option words look alike: both numbers,
// or both names that are no function word.
func sameShape(a, b string) bool {
	num := func(s string) bool {
		return s != "" && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
	}
	if num(a) || num(b) {
		return num(a) && num(b)
	}
	return len(a) >= 3 && len(b) >= 3 && !stopwords[strings.ToLower(a)] && !stopwords[strings.ToLower(b)] && unicode.IsUpper([]rune(a)[0]) == unicode.IsUpper([]rune(b)[0])
}
