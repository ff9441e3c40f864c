package projection

import (
	"strings"
)

// The setting a pronoun names when the talk has moved on.
//
// "make it 20 s", "halve it", "set it to 5" name the setting set last
// (Context.LastValueKey) — unless the talk since then was about another
// one: the assistant's reply just before ("… the cache TTL of 60 s
// means stale reads …"), or the user's own sentence before the pronoun
// ("about the batch size again, … make it 200"). A setting named there,
// the only current value named (the last named, in the user's own
// words), is the referent when its value's unit fits the number the
// pronoun is given ("20 s" fits a TTL of 60 s, not a pool size of 10).
// A pronoun given a value that is no number ("switch that to
// tokio::sync::Mutex") names no setting set last to a number. When the
// setting set last does not fit a number with a unit and
// another current value in that unit does, the newest such is the
// referent. Otherwise the setting set last stays the referent.

// pronounSetRE is a pronoun given a number: "make it 20 s", "set that to
// 5", "change it to 200ms".
var pronounSetRE = mustPattern(`(?i)\b(?:make|set|change|put|bump|raise|lower|drop|cut|move|cap|limit|hold|keep)\s+(?:it|that|this)\s+(?:up\s+|down\s+)?(?:to\s+|at\s+)?(?P<n>\d[\d.,_]*)(?:\s?(?P<u>ms|s|secs?|seconds?|minutes?|mins?|min|m|h|hours?|days?|d|weeks?|kb|mb|gb|tb|k|px|%))?\b`)

// pronounToRE is a pronoun given a value that is no number: "switch
// that to tokio::sync::Mutex", "change it to the v2 client".
var pronounToRE = mustPattern(`(?i)\b(?:switch|change|set|turn|move)\s+(?:it|that|this)\s+(?:over\s+)?(?:to|into)\s+(?:the\s+|a\s+)?([^\s,;]+)`)

// talkedOf is the one current value whose name text names (the last
// named when last is set), else nil.
func (r *Reducer) talkedOf(text string, last bool) *Anchor {
	lt := strings.ToLower(text)
	var found *Anchor
	at := -1
	for _, a := range r.hot {
		if a.Kind != KindValue || a.Lifecycle != Current || len(a.Name) < 3 {
			continue
		}
		n := strings.ToLower(a.Name)
		i := wordIndex(lt, n)
		if j := wordIndex(lt, strings.ReplaceAll(n, "_", " ")); j > i {
			i = j
		}
		if f := strings.Fields(n); i < 0 && last && len(f) > 1 && len(f[0]) >= 5 && !stopwords[f[0]] {
			// In the user's own sentence a setting may go by its head
			// word: "the lookback" for "lookback window for incremental
			// runs".
			i = wordIndex(lt, f[0])
		}
		if i < 0 {
			continue
		}
		switch {
		case found == nil:
			found, at = a, i
		case last && i > at:
			found, at = a, i
		case !last && found.Key != a.Key:
			return nil
		}
	}
	return found
}

// fits reports whether a value's unit is the unit of the number u a
// pronoun is given (no unit fits no unit).
func fits(a *Anchor, u string) bool {
	return unitClass(unitOf(a.Value)) == unitClass(u)
}

// sameDimension reports whether units a and b measure the same thing in
// different units: a duration ("2 minutes", "90 s") or a size ("1 GB",
// "512 MB").
func sameDimension(a, b string) bool {
	dim := func(u string) string {
		switch unitClass(u) {
		case "ms", "s", "min", "h", "d":
			return "duration"
		}
		switch strings.ToLower(strings.TrimSpace(u)) {
		case "b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib":
			return "size"
		}
		return ""
	}
	da := dim(a)
	return da != "" && da == dim(b)
}

// pronounReferent is the setting a pronoun in the user's message text
// names (the package comment above), "" when it is the one set last.
func (r *Reducer) pronounReferent(text string) (key, name string, none bool) {
	var loc []int
	if strings.ContainsAny(text, "0123456789") {
		loc = pronounSetRE.FindStringSubmatchIndex(text)
	}
	if loc == nil {
		if m := findIf(strings.Contains(text, " to ") || strings.Contains(text, " into "), pronounToRE, text); m != nil && !numeric(m[1]) {
			// "switch that to tokio::sync::Mutex" names no setting that
			// holds a number ("the pool limit — bump it to 20").
			if last := r.valueOf(r.lastKey); last != nil && numeric(last.Value) {
				return "", "", true
			}
		}
		return "", "", false
	}
	u := ""
	if g := 2 * pronounSetRE.SubexpIndex("u"); loc[g] >= 0 {
		u = text[loc[g]:loc[g+1]]
	}
	last := r.valueOf(r.lastKey)
	since := r.talkedOf(r.talked, false)
	for _, t := range []*Anchor{r.talkedOf(text[:loc[0]], true), since} {
		if t != nil && t.Key != r.lastKey && t.Lifecycle == Current && fits(t, u) {
			return t.Key, t.Name, false
		}
	}
	if last == nil || u == "" || fits(last, u) || sameDimension(unitOf(last.Value), u) {
		// "actually, make that 90 seconds" after the timeout was set
		// to 2 minutes: another unit of the same measure
		return "", "", false
	}
	var best *Anchor
	for _, a := range r.hot {
		if a.Kind == KindValue && a.Lifecycle == Current && unitOf(a.Value) != "" && fits(a, u) && (best == nil || newer(a, best)) {
			best = a
		}
	}
	if best == nil {
		// "make that 90 seconds" of the timeout held in minutes, when
		// the setting set last is a rate
		for _, a := range r.hot {
			if a.Kind == KindValue && a.Lifecycle == Current && sameDimension(unitOf(a.Value), u) && (best == nil || newer(a, best)) {
				best = a
			}
		}
	}
	if best == nil {
		// "cap it at 4M" after the schedule was set to 2am: no setting
		// of that unit, so not the one set last either (a bare number
		// may take a unit: "60", then "make it 75 s").
		return "", "", unitOf(last.Value) != ""
	}
	return best.Key, best.Name, false
}

// wordIndex is the last index of w in s as words of their own, or -1.
func wordIndex(s, w string) int {
	for e := len(s); e > 0; {
		i := strings.LastIndex(s[:e], w)
		if i < 0 {
			return -1
		}
		if (i == 0 || !isWordByte(s[i-1])) && (i+len(w) == len(s) || !isWordByte(s[i+len(w)])) {
			return i
		}
		e = i + len(w) - 1
	}
	return -1
}
