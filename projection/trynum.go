package projection

import "strings"

// tryNumRE is a sentence that only puts a number up to try, naming no
// setting: "try 256K", "let's try 8 then", "ok, go with 30s instead", "试试
// 256K". Its setting is the one the user set last.
var tryNumRE = mustPattern(`(?i)^\W*(?:(?:ok(?:ay)?|so|then|hm+|well|alright|fine|now|maybe|ugh)[,!.]?\s+)*(?:(?:let's|let us|we could|could you|can you|please)\s+)?(?:try|test|go with)\s+(?:it\s+)?(?:with\s+|at\s+)?(?P<v>\d+(?:\.\d+)?\s*(?:kib|mib|gib|` + relUnit + `)?)\s*(?:instead|then|next|now|too)?\s*(?:please|pls)?\s*[.!?]*$|^\W*(?:那就|那)?(?:试试|试一下|试下|换成|改成)\s*(?P<v2>\d+(?:\.\d+)?\s*(?:kib|mib|gib|` + relUnit + `)?)\s*(?:试试|看看)?(?:吧)?[。.!！?？]*$`)

// tryValue is the number s puts up to try, "" when s is no such sentence.
func tryValue(s string) string {
	m := tryNumRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return ""
	}
	return strings.TrimSpace(m[tryNumRE.SubexpIndex("v")] + m[tryNumRE.SubexpIndex("v2")])
}

// tryFits reports whether the setting key, held in held, takes the number
// v a "try v" puts up: it holds a number (no version, no name) in v's unit
// class, or in a byte size where v has one ("256K" for "96 KiB"), or both
// have none. A setting not held takes nothing: a bare number needs a
// setting it can belong to.
func tryFits(held []HeldValue, key, v string) bool {
	for _, h := range held {
		if h.Key != key {
			continue
		}
		if !numericHeld(h.Value) {
			return false
		}
		u, hu := unitOf(v), unitOf(h.Value)
		switch {
		case u == "" && hu == "":
			return true
		case u == "" || hu == "":
			return false
		}
		return unitClass(u) == unitClass(hu) || unitDimension(u) == "size" && unitDimension(hu) == "size"
	}
	return false
}
