package projection

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quantities the user stated in prose.
//
// "Keep 3 rotating backups per slot", "plus an autosave timer every 90
// seconds", "salmon quant with 8 cpus and 32 GB per sample, queue normal,
// 4 hour limit": numbers told inside a long message or a relayed list,
// which no value anchor holds (the message sets no setting by name). The
// reducer keeps each, for the session, with the words around it in its
// clause (quantities, at most maxQuantities), so a later relative change
// of a setting no value holds resolves to a number: "make the interval
// twice as long" is 180 seconds, "one more backup than we have" is 4,
// "triple the time limit for quant" is 12 hour. A setting's words name a
// quantity when they share two stems with the words around it, or a
// one-word name shares its one ("backup" and "3 rotating backups"); a
// period ("every 90 seconds") is named by "interval" or "period" too, a
// duration by a noun of time ("time", "lifetime", "timeout", …:
// durationWords). The newest such quantity is the base; two values
// equally named in one message are no base at all.
//
// A value a change made from a quantity is kept as a quantity too, with
// the quantity's words and the change's, and the anchor's key: "put the
// autosave back to what it was" after "make the interval twice as long"
// names the interval's anchor, and goes back to the 90 seconds it
// replaced. A change whose base no value and no quantity gives is shown
// as unresolved (statedChange), never as a value of its own.

// quantity is a number the user stated, with the words around it.
type quantity struct {
	seq   int
	value string
	// words are the stems of the words around the number in its clause
	// (three before it, two after it and its unit), with "time" for a
	// duration and "interval" and "period" for a period ("every 90
	// seconds").
	words []string
	// key is the value anchor the quantity is the base or the result of,
	// "" while it is none.
	key string
}

// maxQuantities bounds the quantities kept (oldest dropped first). They
// are part of a Snapshot (unlike the user's last messages, whose text
// is far larger), so a state rebuilt from a checkpoint resolves a later
// change as the live one does.
const maxQuantities = 128

// qtyRE is a number in prose, with an "every" before it and a unit after
// it: "every 90 seconds", "3 rotating", "4 hour limit", "32 GB".
var qtyRE = mustPattern(`(?i)(?:^|[\s(=,:])(?P<every>(?:every|each)\s+)?(?P<n>\d+(?:\.\d+)?)(?:\s*(?P<u>ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|kb|mb|gb|tb|gi|mi|k|px|%|tokens))?(?:$|[\s.,;:!?)])`)

// qtyWindow bounds how far from a number its clause is looked for.
const qtyWindow = 1024

// runeStartAfter is the first rune start at or after i in text.
func runeStartAfter(text string, i int) int {
	for i < len(text) && !utf8.RuneStart(text[i]) {
		i++
	}
	return i
}

// runeStartBefore is the last rune start at or before i in text (i
// itself when i is len(text)).
func runeStartBefore(text string, i int) int {
	for i > 0 && i < len(text) && !utf8.RuneStart(text[i]) {
		i--
	}
	return i
}

// qtyClauseEnd are the marks a quantity's clause ends at.
const qtyClauseEnd = ".;!?\n,:()"

// quantitiesIn are the quantities a user message states.
func quantitiesIn(text string, seq int) []quantity {
	if !strings.ContainsAny(text, "0123456789") {
		return nil
	}
	var out []quantity
	for _, loc := range qtyRE.FindAllStringSubmatchIndex(text, -1) {
		ns, ne := loc[2*qtyRE.SubexpIndex("n")], loc[2*qtyRE.SubexpIndex("n")+1]
		end := ne
		if u := 2 * qtyRE.SubexpIndex("u"); loc[u] >= 0 {
			end = loc[u+1]
		}
		if end < len(text) && strings.ContainsRune(".:/-", rune(text[end])) && end+1 < len(text) && text[end+1] >= '0' && text[end+1] <= '9' {
			// "1.2.0", "10:30", "2024-05": no quantity.
			continue
		}
		if ns > 0 && text[ns-1] == '.' || end < len(text) && (text[end] == '_' || text[end] == '/') {
			continue
		}
		// The clause around it: back to a mark or a conjunction, on to
		// one, looked for within qtyWindow bytes of the number (only the
		// last words before it and the first after it are used, and a
		// message of many numbers in one long clause must not cost a
		// pass over the whole clause per number).
		lo := runeStartAfter(text, max(0, ns-qtyWindow))
		start, clipped := lo, lo > 0
		if i := strings.LastIndexAny(text[lo:ns], qtyClauseEnd); i >= 0 {
			start, clipped = lo+i+1, false
		}
		if clipped {
			// The window cut a word: start after it.
			if i := strings.IndexByte(text[start:ns], ' '); i >= 0 {
				start += i + 1
			}
		}
		hi := runeStartBefore(text, min(len(text), end+qtyWindow))
		stop := hi
		if i := strings.IndexAny(text[end:hi], qtyClauseEnd); i >= 0 {
			stop = end + i
		} else if hi < len(text) {
			if i := strings.LastIndexByte(text[end:hi], ' '); i >= 0 {
				stop = end + i
			}
		}
		bs := ns
		if e := 2 * qtyRE.SubexpIndex("every"); loc[e] >= 0 {
			bs = loc[e]
		}
		before, after := text[start:max(start, bs)], text[end:stop]
		if !clipped && strings.TrimSpace(before) == "" && start > 0 && text[start-1] == ',' {
			// "put a proper BufReader around it, 128K capacity": a
			// number that opens its clause after a comma tells of what
			// the clause before names.
			plo := runeStartAfter(text, max(0, start-1-qtyWindow))
			from := plo
			if i := strings.LastIndexAny(text[plo:start-1], qtyClauseEnd); i >= 0 {
				from = plo + i + 1
			} else if i := strings.IndexByte(text[plo:start-1], ' '); plo > 0 && i >= 0 {
				from = plo + i + 1
			}
			before = text[from : start-1]
		}
		if i := strings.LastIndex(strings.ToLower(before), " and "); i >= 0 {
			before = before[i+5:]
		}
		if i := strings.Index(strings.ToLower(after), " and "); i >= 0 {
			after = after[:i]
		}
		w := map[string]bool{}
		for _, s := range lastN(contentStems(before), 3) {
			w[s] = true
		}
		as := contentStems(after)
		for _, s := range as[:min(3, len(as))] {
			w[s] = true
		}
		u := ""
		if ui := 2 * qtyRE.SubexpIndex("u"); loc[ui] >= 0 {
			u = text[loc[ui]:loc[ui+1]]
		}
		switch unitClass(u) {
		case "ms", "s", "min", "h", "d", "week", "weeks":
			w[stem("time")] = true
		}
		if loc[2*qtyRE.SubexpIndex("every")] >= 0 {
			w[stem("interval")], w[stem("period")] = true, true
		}
		if len(w) == 0 {
			continue
		}
		out = append(out, quantity{seq: seq, value: text[ns:end], words: wordList(w)})
	}
	return out
}

// qtySkip are words around a number that name nothing: "3 backups per
// slot", "about 40 ms".
var qtySkip = map[string]bool{"per": true, "each": true, "every": true, "about": true, "around": true, "roughly": true, "approx": true, "approximately": true}

// contentStems are the stems of s's content words, in order, and the
// short parts of a code identifier in them ("Buf" of "BufReader") marked
// as abbreviations (abbrevOf).
func contentStems(s string) []string {
	var out []string
	for _, f := range strings.Fields(s) {
		out = append(out, identAbbrevs(strings.Trim(f, "\"'`*,.;:()"))...)
		f = strings.ToLower(strings.Trim(f, "\"'`*"))
		if f == "" || stopwords[f] || strings.ContainsAny(f, "0123456789") {
			continue
		}
		for _, p := range strings.FieldsFunc(f, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if len(p) >= 2 && !stopwords[p] && !qtySkip[p] {
				out = append(out, stem(p))
			}
		}
	}
	return out
}

func lastN(s []string, n int) []string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// durationWords are the stems of the nouns that name a duration: a
// quantity in a unit of time is one.
var durationWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("time timeout lifetime duration ttl interval period delay age expiry window wait backoff grace") {
		m[stem(w)] = true
	}
	return m
}()

// noteQuantities keeps the quantities of a user message.
func (r *Reducer) noteQuantities(text string, seq int) {
	r.qty = append(r.qty, quantitiesIn(text, seq)...)
	if n := len(r.qty) - maxQuantities; n > 0 {
		r.qty = append(r.qty[:0], r.qty[n:]...)
	}
}

// quantityFor is the quantity a setting's name names (the package
// comment above), nil when none or when two of one message are named
// alike with other values. Among equals the newest wins, and of one
// message the one a change already made an anchor of.
func (r *Reducer) quantityFor(name string) *quantity {
	ns := stems(name)
	if len(ns) == 0 {
		return nil
	}
	for w := range qtySkip {
		delete(ns, w)
	}
	for w := range ns {
		if durationWords[w] {
			// "the cache lifetime", "the interval": a duration, named by
			// a quantity's unit of time.
			ns[stem("time")] = true
			break
		}
	}
	var best *quantity
	bn, tie := 0, false
	for i := range r.qty {
		q := &r.qty[i]
		n := 0
		for _, w := range q.words {
			if ns[w] || compoundOf(ns, w) || abbrevOf(ns, w) {
				n++
			}
		}
		if n == 0 || n < 2 && len(ns) > 1 {
			continue
		}
		switch {
		case best == nil || n > bn || n == bn && q.seq > best.seq:
			best, bn, tie = q, n, false
		case n == bn && q.seq == best.seq && q.value != best.value:
			switch {
			case q.key != "" && best.key == "":
				best = q
			case best.key != "" && q.key == "":
			default:
				tie = true
			}
		}
	}
	if tie {
		return nil
	}
	return best
}

// compoundOf reports whether a word of a setting's name ns is w with
// more letters, or w is one of those with more, both of four letters or
// more: a compound or an inflection the stems do not reduce ("Batchgröße"
// and "Batches zu 500.000", "gleichzeitigen Jobs" and "Jobs gleichzeitig").
func compoundOf(ns map[string]bool, w string) bool {
	if len(w) < 4 {
		return false
	}
	for n := range ns {
		if len(n) >= 4 && n != w && (strings.HasPrefix(n, w) || strings.HasPrefix(w, n)) {
			return true
		}
	}
	return false
}

// madeFrom keeps a value a change made from quantity q as a quantity of
// its own, named by q's words and the change's, and links both to the
// value's key.
func (r *Reducer) madeFrom(q *quantity, a *Anchor, name string, seq int) {
	q.key = a.Key
	w := map[string]bool{}
	for _, s := range q.words {
		w[s] = true
	}
	for s := range stems(name) {
		w[s] = true
	}
	r.qty = append(r.qty, quantity{seq: seq, value: a.Value, words: wordList(w), key: a.Key})
}

// settingIdentRE is a setting's identifier in code: UPPER_SNAKE with an
// underscore ("DISPATCH_PARALLEL"), camelCase or PascalCase of two words
// or more ("maxRetries", "MaxConcurrentReconciles").
var settingIdentRE = mustPattern(`(?:^|[\s(\x60'"])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)(?:$|[\s:,;)\x60'"=]|\.(?:\s|$))`)

// testFuncRE is the name of a test, a benchmark or an example function
// ("BenchmarkLimiter", "TestRetry_Unavailable").
var testFuncRE = mustPattern(`^(?:Test|Benchmark|Example|Fuzz)[A-Z_]`)

// answeredSetting is the one setting identifier an answer names, when it
// also states a number ("The dispatcher runs 4 jobs at once
// (DISPATCH_PARALLEL in farmctl/dispatch.py)"), else "": what a pronoun
// in the user's next message ("set it to 6") names.
func answeredSetting(text string) string {
	if !strings.ContainsAny(text, "0123456789") {
		return ""
	}
	found := ""
	for _, m := range settingIdentRE.FindAllStringSubmatch(text, 8) {
		if testFuncRE.MatchString(m[1]) {
			// "182 ns/op in BenchmarkLimiter": a test's name, no setting
			continue
		}
		if found != "" && m[1] != found {
			return ""
		}
		found = m[1]
	}
	return found
}

// identWords are the stems of an identifier's words ("MaxConcurrentReconciles"
// is max, concurrent, reconciles) and of the question it answered.
func identWords(ident, question string) map[string]bool {
	var b strings.Builder
	for i, c := range ident {
		if c >= 'A' && c <= 'Z' && i > 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	w := stems(strings.ReplaceAll(b.String(), "_", " ") + " " + question)
	for s := range qtySkip {
		delete(w, s)
	}
	return w
}

// wordList is a set of stems as a list (a quantity's words are kept for
// the session: a short slice, not a map).
func wordList(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for w := range m {
		out = append(out, w)
	}
	slices.Sort(out) // in one order, whatever the map's
	return out
}

// durationIn is the one duration a message states when a relative change
// of a duration setting in it names no base ("your run died on
// generate_invoices at 10m, triple the timeout"): the setting's name is a
// noun of time (durationWords) and the message gives one duration, in
// one value however often said; "" otherwise.
func durationIn(text, name string) string {
	dur := false
	for w := range stems(name) {
		dur = dur || durationWords[w]
	}
	if !dur {
		return ""
	}
	v := ""
	for _, q := range quantitiesIn(text, 0) {
		if !slices.Contains(q.words, stem("time")) {
			continue
		}
		if v != "" && v != q.value {
			return ""
		}
		v = q.value
	}
	return v
}

// abbrevMark marks a quantity's word that is a short part of a code
// identifier: an abbreviation of a setting's word it opens.
const abbrevMark = "~"

// identAbbrevs are the parts of three or four letters of a camelCase or
// PascalCase identifier ("BufReader" is buf; "maxConnCount" is max and
// conn), marked with abbrevMark.
func identAbbrevs(f string) []string {
	var parts []string
	start := 0
	upper := 0
	for i, c := range f {
		if c >= 'A' && c <= 'Z' {
			upper++
			if i > 0 {
				parts = append(parts, f[start:i])
			}
			start = i
		} else if !(c >= 'a' && c <= 'z') {
			return nil
		}
	}
	if upper == 0 || upper == len(f) {
		return nil
	}
	parts = append(parts, f[start:])
	if len(parts) < 2 {
		return nil
	}
	var out []string
	for _, p := range parts {
		if len(p) == 3 || len(p) == 4 {
			out = append(out, abbrevMark+strings.ToLower(p))
		}
	}
	return out
}

// abbrevOf reports whether w is an identifier's abbreviation
// (identAbbrevs) that opens a word of a setting's name ns of six letters
// or more: "buf" of "buffer", "conn" of "connections".
func abbrevOf(ns map[string]bool, w string) bool {
	a, ok := strings.CutPrefix(w, abbrevMark)
	if !ok {
		return false
	}
	for n := range ns {
		if len(n) >= len(a)+2 && strings.HasPrefix(n, a) {
			return true
		}
	}
	return false
}
