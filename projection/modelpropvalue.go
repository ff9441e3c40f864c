package projection

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A value the summarizer model proposes: its setting and its value, each
// checked against the log.
//
// The setting is named word for word by the quote, or by another message
// someone allowed to name it wrote (SubjectEvent, else looked for): the
// message the cited one answers (the assistant's "we need to raise the
// build number, e.g. 3801" before the user's "ok, 3801 for iOS too"), or
// an earlier message of the user or the system. A quote that names no
// setting may still set the one held whose value was set last before it
// ("make it 120 s", "torna a 25": the referent the log's reading gives a
// correction naming no key). The key is the held setting's when the log
// holds it under another spelling, so one setting has one current value.
//
// A value stated relative to the held one ("halve it", "back to what it
// was") is the held value changed: Change says how ("revert", "*0.5",
// "+2", "-10 min"), or, for a revert, the log's own revert readings
// recognise the value's words. A revert is the value held before the
// replaced one (what it replaced, else the number the user gave the
// setting before it); one the log does not hold is stated as unresolved,
// never as words that read like a value.

// modelChangeRE is a relative change a proposal may state: a factor, or a
// step with an optional unit.
var modelChangeRE = regexp.MustCompile(`^(?:\*\d+(?:\.\d+)?|[+-]\d+(?:\.\d+)?(?:\s*[\p{L}%]{1,12})?)$`)

// modelRevertRE is a revert in words the log's relative readings do not
// cover as a change of their own ("back to what it was", "as it was",
// "like before"): the value as the model wrote it, whole.
var modelRevertRE = regexp.MustCompile(`(?i)^(?:(?:set|put|change|turn|bring|take)\s+(?:it\s+)?)?back(?:\s+to)?\s+(?:what|how)\s+it\s+was(?:\s+before)?$|^(?:as|like)\s+(?:it\s+was\s+)?before$|^(?:the\s+)?(?:old|previous|original|earlier)\s+(?:value|one|setting)$`)

// modelValue reads a value proposal into nu ("" when it holds, else the
// reason it is dropped): the value within the quote, its setting named,
// its key, and a relative change applied to the held value.
func (r *Reducer) modelValue(p *ModelProposal, nu *Anchor, quote string, target *Anchor, ev Event, event func(int) (Event, bool), allowed func(int) bool) string {
	nu.Lifecycle = Current
	v := strings.TrimSpace(p.Value)
	if v == "" {
		return DropValue
	}
	if id := strings.TrimSpace(p.ValueEvent); id != "" {
		if !adoptedValue(v, quote, id, ev, event, allowed) {
			return DropValue
		}
	} else if _, ok := findVerbatim(quote, v); !ok {
		return DropValue
	}
	subj := strings.TrimSpace(p.Subject)
	if subj == "" || len(subj) > maxSubject || contentWords(subj) > 6 {
		return DropSubject
	}
	nu.Value, nu.Name = v, subj
	nu.Key = "value/-/" + valueKey(subj)
	if target != nil {
		nu.Key = target.Key
	} else if o := r.valueCoded(nu.Key, typedCode(subj, "")); o != nil {
		// the log holds the setting under its own spelling: one key
		nu.Key = o.Key
	}
	sameBreath := target != nil && target.FirstSeq() == ev.Seq // set earlier in this message (admit checked the order)
	held := target
	if held == nil && strings.TrimSpace(p.Change) != "" {
		// a change of the value held under the subject the model
		// names: that value is its target
		if h := r.currentValue(nu.Key); h != nil && h.Seq() < ev.Seq {
			held = h
		}
	}
	if !namesSubject(quote, subj) && !namesSubject(quote+"\n"+tableHeader(ev.Text, quote), subj) && !sameBreath &&
		!namesTarget(quote, held) && !r.subjectNamed(p, subj, ev, event, allowed) && !r.setLast(nu.Key, ev.Seq) {
		// the quote names the setting it gives a value ("we have 3
		// reviewers" gives none to a "report" named elsewhere in the
		// event), with its table's header when it is a row of one, or
		// a message the speaker answers or the user wrote before does;
		// a change of a value held names it by a word of its own
		// ("target double kar do" of "target 50k concurrent socket
		// connections"); "torna a 25" may leave it unnamed only for
		// the setting set last, or the one the same message set
		// before it
		return DropSubject
	}
	change := strings.ToLower(strings.TrimSpace(p.Change))
	switch {
	case change == "revert" || change == "=was":
		change = "=was"
	case change != "":
		if !modelChangeRE.MatchString(change) {
			return DropChange
		}
	default:
		if _, c, ok := relative(v); ok && c == "=was" || modelRevertRE.MatchString(strings.Trim(v, " .!,;")) {
			change = "=was"
		}
	}
	if change == "" {
		return ""
	}
	held = target
	if held == nil {
		held = r.currentValue(nu.Key)
	}
	if held == nil {
		nu.Value = statedChange(change)
		return ""
	}
	nu.Was = held.Value
	if change == "=was" {
		was := ""
		if held.Proposed == nil || held.Was != "" {
			was = held.Was
		}
		if was == "" {
			was = heldBefore(r.saidBefore(ev.Seq, event), subj, held.Value)
		}
		if was != "" && was != held.Value {
			nu.Value = was
		} else {
			nu.Value = "unresolved: back to its value before " + held.Value
		}
		return ""
	}
	if c, ok := applyChange(held.Value, change); ok {
		nu.Value = c
	} else {
		nu.Value = "unresolved: " + changeWords(change) + " from " + held.Value
	}
	return ""
}

// currentValue is the current value of key: the model's when it holds a
// newer one, else the log's (nil: none).
func (r *Reducer) currentValue(key string) *Anchor {
	cur := r.valueOf(key)
	for _, m := range r.model {
		if m.Kind == KindValue && m.Key == key && m.IsHead() && (cur == nil || m.Seq() > cur.Seq()) {
			cur = m
		}
	}
	return cur
}

// subjectNamed reports whether a message a value proposal's speaker
// answers, or one of the user or the system before it, names subj: the
// one SubjectEvent cites, else the message the cited one answers.
func (r *Reducer) subjectNamed(p *ModelProposal, subj string, ev Event, event func(int) (Event, bool), allowed func(int) bool) bool {
	if event == nil {
		return false
	}
	if id := strings.TrimSpace(p.SubjectEvent); id != "" {
		s := eventSeq(id)
		if s < 0 || s > ev.Seq || allowed != nil && !allowed(s) {
			return false
		}
		se, ok := event(s)
		if !ok || se.Seq != s {
			return false
		}
		switch {
		case se.Role == RoleUser || se.Role == RoleSystem:
			return namesSubject(referenceText(se.Text), subj)
		case se.Seq == answeredSeq(ev, event):
			return namesSubject(se.Text, subj)
		}
		return false
	}
	if s := answeredSeq(ev, event); s >= 0 {
		se, _ := event(s)
		return namesSubject(se.Text, subj)
	}
	return false
}

// answeredSeq is the seq of the assistant's message a user's message
// answers: the newest assistant message before it with only tool results
// between (-1: none, or ev is not the user's).
func answeredSeq(ev Event, event func(int) (Event, bool)) int {
	if ev.Role != RoleUser {
		return -1
	}
	for s := ev.Seq - 1; s >= 0 && s >= ev.Seq-maxCallLookback; s-- {
		e, ok := event(s)
		if !ok {
			continue
		}
		switch e.Role {
		case RoleTool:
			continue
		case RoleAssistant:
			if strings.TrimSpace(e.Text) == "" {
				// only calls: what it ran is no question
				continue
			}
			return s
		}
		return -1
	}
	return -1
}

// setLast reports whether key's current value is the value the user or
// the system set last before seq (of the log's and the model's, by their
// newest source before it; a command's own setting is no one's word): the
// setting a value that names none refers to, as the log's reading takes
// "make it 75" to the value the user set last.
func (r *Reducer) setLast(key string, seq int) bool {
	best, bestKey, tie := -1, "", false
	look := func(a *Anchor) {
		if a.Kind != KindValue || a.Authority != Normative {
			return
		}
		s := -1
		for _, ref := range a.SourceRefs {
			if ref.Seq < seq {
				s = max(s, ref.Seq)
			}
		}
		switch {
		case s < 0:
		case s > best:
			best, bestKey, tie = s, a.Key, false
		case s == best && a.Key != bestKey:
			tie = true
		}
	}
	for _, a := range r.hot {
		look(a)
	}
	for _, m := range r.model {
		look(m)
	}
	return best >= 0 && !tie && bestKey == key && r.currentValue(key) != nil
}

// saidBefore is what the user wrote before seq (the newest maxSaid
// messages, oldest first, plain numbers), for a revert's earlier value.
func (r *Reducer) saidBefore(seq int, event func(int) (Event, bool)) []string {
	var out []string
	for s := seq - 1; s >= 0 && s >= seq-maxPromptEvents && len(out) < maxSaid; s-- {
		if e, ok := event(s); ok && e.Role == RoleUser {
			out = append(out, plainNumbers(referenceText(e.Text), decimalComma(r.lang)))
		}
	}
	slices.Reverse(out)
	return out
}

// adoptedValue reports whether value v, which the message ev adopts from
// the tool output id without writing it ("composer.json'daki
// config.platform.php'ye çıktıda gördüğün sürümü yaz"), stands in that
// output: a tool result the model may cite, not interrupted, v in it from
// a word's edge to a word's edge; and the quote gives no value of its own
// (no digit), so a value the speaker wrote is never replaced by one the
// model picked from an output. The output is an earlier one, or, for a
// value the message defines by what is to be seen ("as many workers as the
// server has cores", then nproc prints 16), one of the calls made in
// answer to it: after it, with no other message of the user's between.
func adoptedValue(v, quote, id string, ev Event, event func(int) (Event, bool), allowed func(int) bool) bool {
	if event == nil || strings.ContainsFunc(quote, unicode.IsDigit) {
		return false
	}
	s := eventSeq(id)
	if s < 0 || s == ev.Seq || allowed != nil && !allowed(s) {
		return false
	}
	if s > ev.Seq && !sameTurn(ev, s, event) {
		return false
	}
	out, ok := event(s)
	if !ok || out.Seq != s || out.Role != RoleTool || out.Result == nil || out.Result.Interrupted {
		return false
	}
	_, ok = findVerbatimIf(out.Text, v, func(i, j int) bool { return wholeToken(out.Text, i, j) })
	return ok
}

// sameTurn reports whether event s answers ev, a user's message: it comes
// after ev within maxCallLookback events, with no other message of the
// user's between them.
func sameTurn(ev Event, s int, event func(int) (Event, bool)) bool {
	if ev.Role != RoleUser || s <= ev.Seq || s-ev.Seq > maxCallLookback {
		return false
	}
	for k := ev.Seq + 1; k < s; k++ {
		if e, ok := event(k); ok && e.Seq == k && e.Role == RoleUser {
			return false
		}
	}
	return true
}

// wholeToken reports whether text[i:j] is a whole token: not part of a
// longer number, version or name ("3.14" of "8.3.14", "8.3" of "8.3.14");
// a sentence's closing stop may follow it.
func wholeToken(text string, i, j int) bool {
	inName := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' }
	if b, _ := utf8.DecodeLastRuneInString(text[:i]); i > 0 && (inName(b) || b == '.') {
		return false
	}
	if j >= len(text) {
		return true
	}
	a, n := utf8.DecodeRuneInString(text[j:])
	if inName(a) {
		return false
	}
	if next, _ := utf8.DecodeRuneInString(text[j+n:]); a == '.' && j+n < len(text) && inName(next) {
		return false
	}
	return true
}

// contentWords is how many words of a setting's name are no function
// word ("te laat komen bij de Bloemenhal in Haarlem" has four).
func contentWords(subj string) int {
	n := 0
	for _, w := range strings.Fields(strings.ToLower(subj)) {
		if !stopwords[strings.Trim(w, ".,;:()'\"")] {
			n++
		}
	}
	return n
}

// tableHeader is the header row of the Markdown table one of whose rows
// holds quote in text ("| type | aantal | capaciteit |" for the row
// "| Mercedes Sprinter (diesel) | 3 | 220 |"): the row names its columns
// there. "" when quote is no table row.
func tableHeader(text, quote string) string {
	q := strings.TrimSpace(quote)
	if q == "" || !strings.Contains(text, "|") {
		return ""
	}
	lines := strings.Split(text, "\n")
	isRow := func(l string) bool { return strings.Count(l, "|") >= 2 }
	for i, l := range lines {
		if !isRow(l) || !strings.Contains(l, q) {
			continue
		}
		start := i
		for start > 0 && isRow(lines[start-1]) {
			start--
		}
		if start == i || start+1 >= len(lines) || !tableRuleRE.MatchString(lines[start+1]) {
			// a row under a header and its rule line, not the header
			return ""
		}
		return lines[start]
	}
	return ""
}

// tableRuleRE is the line under a Markdown table's header: "|---|:--:|".
var tableRuleRE = regexp.MustCompile(`^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$`)

// namesTarget reports whether quote names the setting of a value it
// changes (target) by a word of its own: a word of four runes at the
// least, no function word, of the setting's name or of the words its
// own quote set it with, the value left out ("target" of "target 50k
// concurrent socket connections", "vertrekken" of "niet vertrekken uit
// Aalsmeer vóór 05:30"). The target already says which setting it is;
// the word keeps a change said of something else from landing on it.
func namesTarget(quote string, target *Anchor) bool {
	if target == nil || target.Kind != KindValue {
		return false
	}
	low := strings.ToLower(quote)
	from := target.Name + " " + strings.Replace(target.Quote, target.Value, " ", 1)
	for _, w := range strings.FieldsFunc(strings.ToLower(from), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if utf8.RuneCountInString(w) < 4 || stopwords[w] || !strings.ContainsFunc(w, unicode.IsLetter) || strings.ContainsFunc(w, unicode.IsDigit) {
			continue
		}
		if _, ok := findVerbatim(low, w); ok || inflected(low, w) || proclitic(low, w) || stemOf(low, w) {
			return true
		}
	}
	return false
}

// stemOf reports whether text (lower case) holds, as a whole word of five
// runes at the least, the start of w with at most four runes of w left
// over: the word's stem as another form writes it ("het vertrek" of
// "vertrekken").
func stemOf(text, w string) bool {
	rs := []rune(w)
	for cut := 1; cut <= 4 && len(rs)-cut >= 5; cut++ {
		if _, ok := findVerbatim(text, string(rs[:len(rs)-cut])); ok {
			return true
		}
	}
	return false
}

// arabicProclitics are the letters Arabic writes joined before a word:
// and, so, with, for, like ("والصوت" is "and the audio").
const arabicProclitics = "وفبلك"

// proclitic reports whether text (lower case) holds word w behind one to
// three Arabic proclitic letters at a word's start ("والصوت" names
// "الصوت"; "للصوت", for + the, names "الصوت" too; "و720p" names "720p",
// as Arabic glues "and" to a Latin word too) and ending a word.
func proclitic(text, w string) bool {
	forms := []string{w}
	if rest, ok := strings.CutPrefix(w, "ال"); ok && rest != "" {
		// ل + ال is written لل
		forms = append(forms, "ل"+rest)
	}
	for _, f := range forms {
		for i := 0; ; {
			j := strings.Index(text[i:], f)
			if j < 0 {
				break
			}
			at := i + j
			k := at
			n := 0
			for k > 0 && n < 3 {
				r, size := utf8.DecodeLastRuneInString(text[:k])
				if !strings.ContainsRune(arabicProclitics, r) {
					break
				}
				k -= size
				n++
			}
			if n > 0 && atWordEdge(text, k) && atWordEdge(text, at+len(f)) {
				return true
			}
			i = at + len(f)
		}
	}
	return false
}
