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
	if subj == "" || len(subj) > maxSubject || len(strings.Fields(subj)) > 6 {
		return DropSubject
	}
	nu.Value, nu.Name = v, subj
	nu.Key = "value/-/" + valueKey(subj)
	if target != nil {
		nu.Key = target.Key
	} else if o := r.valueOf(nu.Key); o != nil {
		// the log holds the setting under its own spelling: one key
		nu.Key = o.Key
	}
	sameBreath := target != nil && target.FirstSeq() == ev.Seq // set earlier in this message (admit checked the order)
	if !namesSubject(quote, subj) && !sameBreath && !r.subjectNamed(p, subj, ev, event, allowed) && !r.setLast(nu.Key, ev.Seq) {
		// the quote names the setting it gives a value ("we have 3
		// reviewers" gives none to a "report" named elsewhere in the
		// event), or a message the speaker answers or the user wrote
		// before does; "torna a 25" may leave it unnamed only for the
		// setting set last, or the one the same message set before
		// it
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
	held := target
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
// output: an earlier tool result the model may cite, not interrupted, v
// in it from a word's edge to a word's edge; and the quote gives no value
// of its own (no digit), so a value the speaker wrote is never replaced by
// one the model picked from an output.
func adoptedValue(v, quote, id string, ev Event, event func(int) (Event, bool), allowed func(int) bool) bool {
	if event == nil || strings.ContainsFunc(quote, unicode.IsDigit) {
		return false
	}
	s := eventSeq(id)
	if s < 0 || s >= ev.Seq || allowed != nil && !allowed(s) {
		return false
	}
	out, ok := event(s)
	if !ok || out.Seq != s || out.Role != RoleTool || out.Result == nil || out.Result.Interrupted {
		return false
	}
	_, ok = findVerbatimIf(out.Text, v, func(i, j int) bool { return wholeToken(out.Text, i, j) })
	return ok
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
