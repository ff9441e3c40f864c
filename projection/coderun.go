package projection

import (
	"slices"
	"strings"
)

// Code run again.
//
// A tool that runs code the agent passes it (run_python, a notebook's
// execute_code) is keyed by the code, so a run of other code is another
// failure: "df2 = engagement(df)" failing on KeyError, then "df2 =
// engagement(df); clf = train(df2)" failing on NaN, are two. A later run
// of the same tool settles an open one in two ways. A run whose code
// opens with all of the failed code's statements got past them when it
// passed, or when it failed on another error (the old error, if the
// statements still raised it, would show again): statements run in order.
// And a passing run holding the failed code's last statement ran what
// failed last again ("clf = train(df2); print(auc)" after "df2 =
// engagement(df); clf = train(df2)" failed in train). A last statement
// that only shows a value (print, display, a bare name) says nothing.

// codePrefix is what a code tool's key holds before its code.
const codePrefix = "/code="

// codeOf is the tool and the code of a code tool's key ("tool/run_python/
// code=x = 1"), or "" when key is no such key.
func codeOf(key string) (tool, code string) {
	rest, ok := strings.CutPrefix(key, "tool/")
	if !ok {
		return "", ""
	}
	tool, code, ok = strings.Cut(rest, codePrefix)
	if !ok || tool == "" || strings.Contains(tool, "/") {
		return "", ""
	}
	return tool, code
}

// statements are code's statements, one a line or between semicolons.
func statements(code string) []string {
	var out []string
	for _, l := range strings.FieldsFunc(code, func(r rune) bool { return r == '\n' || r == ';' }) {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// showOnlyRE is a statement that only shows a value.
var showOnlyRE = mustPattern(`^(?:print|display|pprint|repr|len)\(|^[\w.]+$|^[\w.]+\.(?:head|tail|describe|info|shape)\b`)

// codeRunHits adds to hit the open failures of the code tool of key a
// passing run of it settles.
func (r *Reducer) codeRunHits(key string, hit []*Anchor) []*Anchor {
	tool, code := codeOf(key)
	if tool == "" {
		return hit
	}
	ran := statements(code)
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !a.IsHead() || slices.Contains(hit, a) || a.Key == key {
			continue
		}
		t, c := codeOf(a.Key)
		failed := statements(c)
		if t != tool || len(failed) == 0 {
			continue
		}
		last := failed[len(failed)-1]
		if opensWith(ran, failed) || !showOnlyRE.MatchString(last) && slices.Contains(ran, last) {
			hit = append(hit, a)
		}
	}
	return hit
}

// codeRunFailed resolves the open failures of the code tool of failure
// nu whose statements nu's code opens with, when nu failed on another
// error than theirs: nu got past them.
func (r *Reducer) codeRunFailed(nu *Anchor, text string, ref EventRef, moved map[*Anchor]bool) {
	tool, code := codeOf(nu.Key)
	if tool == "" || strings.TrimSpace(nu.Because) == "" {
		return
	}
	ran := statements(code)
	for _, a := range r.sorted() {
		if a == nu || a.Kind != KindFailure || !a.IsHead() || moved[a] {
			continue
		}
		t, c := codeOf(a.Key)
		old := strings.TrimSpace(a.Because)
		if t != tool || old == "" || old == strings.TrimSpace(nu.Because) || strings.Contains(text, old) || !opensWith(ran, statements(c)) {
			continue
		}
		a.Lifecycle = Resolved
		moved[a] = true
		a.addRef(ref)
	}
}

// opensWith reports whether statements ran open with all of failed and
// hold more.
func opensWith(ran, failed []string) bool {
	return len(failed) > 0 && len(ran) > len(failed) && slices.Equal(ran[:len(failed)], failed)
}
