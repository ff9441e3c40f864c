package projection

import (
	"slices"
	"strings"
	"unicode"
)

// A setting named by a part of its name: "depth 5 is overfitting anyway,
// use 4." after "max_depth 5" sets max_depth to 4. The word must be a
// whole part of exactly one held setting's name (max_depth's "depth"), so
// "depth" changes nothing when max_depth and tree_depth are both held,
// and the value put must be of the held one's kind: a number for a
// number.

// partNamedChange is the value sentence s gives the held setting it
// names by a part of its name, with "use N" or the like (valueCorrRE).
func partNamedChange(s string, ctx *Context) (Proposal, bool) {
	if ctx == nil || len(ctx.Values) == 0 || questionRE.MatchString(s) || negRE.MatchString(s) {
		return Proposal{}, false
	}
	loc := valueCorrRE.FindStringSubmatchIndex(s)
	if loc == nil {
		return Proposal{}, false
	}
	v := cleanValue(s[loc[2]:loc[3]])
	if !specific(v) || !strings.ContainsFunc(v, unicode.IsDigit) {
		return Proposal{}, false
	}
	head := strings.ToLower(s[:loc[0]])
	words := strings.FieldsFunc(head, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
	var found *HeldValue
	for _, w := range words {
		if len(w) < 3 || stopwords[w] {
			continue
		}
		n := 0
		var h *HeldValue
		for i := range ctx.Values {
			name := strings.ToLower(ctx.Values[i].Name)
			if name == w {
				// the whole name: read elsewhere
				return Proposal{}, false
			}
			parts := strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '.' || r == '-' || r == ' ' })
			if len(parts) > 1 && slices.Contains(parts, w) {
				n++
				h = &ctx.Values[i]
			}
		}
		if n > 1 {
			return Proposal{}, false
		}
		if n == 1 {
			if found != nil && found != h {
				return Proposal{}, false
			}
			found = h
		}
	}
	if found == nil || found.Value == v || !strings.ContainsFunc(found.Value, unicode.IsDigit) {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: found.Key, Name: found.Name, Value: v, Quote: s, Correction: true}, true
}
