package projection

import "strings"

// An empty list, map or string said as a setting's value.
//
// "set ALLOWED_HOSTS back to []", "`default = []`", "prefix: \"\"": the
// setting held is emptied, and the value it held is no longer current.
// An empty value names no setting of its own: it sets one already held
// (an edit's "default = [\"simd\"]", a value the user stated), else
// nothing, so "x = []" in a snippet the user talks about states no
// setting. The code form reads the same in every language ("верни
// default = []").

// emptySetRE is a setting given an empty value: by a verb ("set … to
// []") or written as code ("k = []", "k: {}").
var emptySetRE = mustPattern(`(?i)(?:^|[\s` + "`" + `(])(?:(?:set|make|change|reset|put|revert)\s+(?:the\s+)?(?P<k>[A-Za-z_][\w.\-]*(?:\s+[A-Za-z_][\w.\-]*)??)\s+(?:back\s+)?to|(?P<k2>[A-Za-z_][\w.\-]*)\s*[=:])\s*` + "`?" + `(?P<v>\[\s*\]|\{\s*\}|""|'')` + "`?" + `(?:[\s.,;!)]|$)`)

// emptyValue is the held setting sentence s gives an empty value; ok
// false when it gives none. The proposal refers: the reducer finds the
// setting held, or sets nothing.
func emptyValue(s string) (Proposal, bool) {
	loc := emptySetRE.FindStringSubmatchIndex(s)
	if loc == nil || strings.ContainsAny(s, "?？") {
		// "does `default = []` build?" asks, it sets nothing
		return Proposal{}, false
	}
	m := make([]string, len(loc)/2)
	for i := range m {
		if loc[2*i] >= 0 {
			m[i] = s[loc[2*i]:loc[2*i+1]]
		}
	}
	if m[emptySetRE.SubexpIndex("k2")] != "" {
		// Code ("k = []") sets a value written as code or as its clause
		// whole: "a product with sku=\"\" is deferred" tells of one.
		rest := strings.TrimLeft(s[loc[2*emptySetRE.SubexpIndex("v")+1]:], "`")
		if !strings.Contains(m[0], "`") && rest != "" && !strings.ContainsAny(rest[:1], ".,;!)") {
			return Proposal{}, false
		}
	}
	k := m[emptySetRE.SubexpIndex("k")] + m[emptySetRE.SubexpIndex("k2")]
	if pronounRE.MatchString(k) || stopwords[strings.ToLower(k)] {
		// "set it to []": no name to find the setting by
		return Proposal{}, false
	}
	v := strings.Join(strings.Fields(m[emptySetRE.SubexpIndex("v")]), "")
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(strings.Join(strings.Fields(k), "_")), Name: k, Value: v,
		Quote: s, Refers: true, Correction: true}, true
}
