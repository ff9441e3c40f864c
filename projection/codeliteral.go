package projection

import (
	"path"
	"strings"
)

// A key/value literal edited in code is a setting as a config line is:
// "'promo_banner_variant': 'diwali'," becoming "… 'winter'," in a Dart
// map of defaults, `const mode = "fast"` becoming "safe", a Python
// constant `CHECKOUT_FLOW = "legacy"` becoming "v2". lineChange reads such
// lines when the value holds a digit, a code in capitals or a boolean;
// a value that is one word (a variant, a mode, a flavour) is read here
// when the line is an entry of a map or a dict (its key quoted, or a
// comma after it) or a declared constant, both sides the same key.
// Near misses set nothing: a test's fixture (a file under test/, named
// *_test.dart, …), keys that hold text for people rather than a setting
// (a title, a label, a message), a call or a log line (no key starts it).

// codeWordRE is a key and a one-word quoted value: "variant: 'diwali'",
// `mode = "fast"`.
var codeWordRE = mustPattern(`^([A-Za-z_][\w.\-]*)\s*[:=]\s*(?:'([A-Za-z][\w\-.]{0,40})'|"([A-Za-z][\w\-.]{0,40})")$`)

// upperConstRE is a module constant by naming convention, its value
// quoted: `CHECKOUT_FLOW = "legacy"`.
var upperConstRE = mustPattern(`^\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,})\s*(?::\s*\w+\s*)?=\s*(['"].*)$`)

// textKeys are keys whose value is text shown to people or an identity,
// not a setting.
var textKeys = map[string]bool{"name": true, "title": true, "label": true, "description": true, "message": true,
	"text": true, "msg": true, "error": true, "placeholder": true, "hint": true, "tooltip": true, "alt": true,
	"id": true, "key": true, "classname": true, "class": true, "icon": true, "subtitle": true, "content": true}

// literalChange is the setting a one-line edit of a code literal changes
// from line from to line to, in file; ok false when the lines are not an
// entry or a constant of the same key with a one-word value each.
func literalChange(file, from, to, quote string) (Proposal, bool) {
	if testPathRE.MatchString(file) {
		return Proposal{}, false
	}
	a, aok := codeLiteral(from)
	b, bok := codeLiteral(to)
	if !aok || !bok || a[1] != b[1] || textKeys[strings.ToLower(a[1])] {
		return Proposal{}, false
	}
	av, bv := a[2]+a[3], b[2]+b[3]
	if av == bv {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/" + path.Clean(file) + "/" + strings.ToLower(a[1]),
		Name: a[1], Value: bv, Was: av, Quote: quote}, true
}

// codeLiteral is line l as a key and a one-word value (codeWordRE's
// groups) when it is an entry of a map or a dict or a declared constant.
func codeLiteral(l string) ([]string, bool) {
	l = strings.TrimSpace(codeTailCut(l))
	var s string
	switch {
	case entryLine(l) != l:
		s = entryLine(l)
	case declRE.MatchString(l):
		s = declRE.ReplaceAllString(l, "$1 = $2")
	case upperConstRE.MatchString(l):
		s = upperConstRE.ReplaceAllString(l, "$1 = $2")
	default:
		return nil, false
	}
	m := codeWordRE.FindStringSubmatch(strings.TrimSpace(s))
	return m, m != nil
}
