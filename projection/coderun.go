package projection

import (
	"crypto/sha256"
	"encoding/hex"
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
// engagement(df); clf = train(df2)" failed in train), or computing what
// the failed code's last statement assigned in another way (assignsAgain).
// A last statement that only shows a value (print, display, a bare name)
// says nothing.

// codeArgNames are the arguments of a tool that hold the code it runs. A
// cell of several lines is keyed by its statements (codeKey), so two cells
// that open alike but go on differently are two runs; any other argument
// with a line break (a file's content) is left out of the key.
var codeArgNames = map[string]bool{
	"code": true, "source": true, "cell": true, "cell_source": true, "script": true, "python": true, "snippet": true,
}

// importRE is a statement that only imports.
var importRE = mustPattern(`^(?:import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*|from\s+[\w.]+\s+import\s+.+|(?:library|require)\([\w.'"]+\)|using\s+[\w.]+)$`)

// codeKeyMax bounds the code a key holds.
const codeKeyMax = 480

// codeKey is code as a key holds it: its statements joined by "; ", the
// imports it opens with left out when more follows (a cell is what it
// does; "import pandas as pd" heads most of them). Code longer than
// codeKeyMax keeps the statements that fit and ends in "…#" and a hash
// of the whole, so cells that differ only after the cut are still two
// runs, and a longer cell that opens with the kept statements still opens
// with them.
func codeKey(code string) string {
	st := statements(code)
	if i := slices.IndexFunc(st, func(s string) bool { return !importRE.MatchString(s) }); i > 0 {
		st = st[i:]
	}
	k := strings.Join(st, "; ")
	if len(k) <= codeKeyMax {
		return k
	}
	n := 0
	for i, s := range st {
		if n+len(s)+2 > codeKeyMax {
			st = st[:i]
			break
		}
		n += len(s) + 2
	}
	sum := sha256.Sum256([]byte(k))
	return strings.Join(append(st, "…#"+hex.EncodeToString(sum[:4])), "; ")
}

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
		if opensWith(ran, failed) || !showOnlyRE.MatchString(last) && slices.Contains(ran, last) || assignsAgain(last, ran) {
			hit = append(hit, a)
		}
	}
	return hit
}

// assignRE is a statement that assigns a value to a name, an attribute
// or an item ("vol60 = …", "bars['date'] = …"); its group is the target.
var assignRE = mustPattern(`^(?P<t>[A-Za-z_][\w.]*(?:\[[^\]=]+\])?)\s*=[^=]`)

// assignsAgain reports whether ran assigns the target that the failed
// statement last assigns: the cell that ran out of memory computing
// "vol60 = long.groupby(…).rolling(60).std()" is done with when a passing
// cell computes vol60 in another way. Targets of one letter or two
// ("x", "df") are too common to say so.
func assignsAgain(last string, ran []string) bool {
	m := assignRE.FindStringSubmatch(last)
	if m == nil || len(m[1]) < 3 {
		return false
	}
	return slices.ContainsFunc(ran, func(s string) bool {
		n := assignRE.FindStringSubmatch(s)
		return n != nil && n[1] == m[1]
	})
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
