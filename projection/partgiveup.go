package projection

import (
	"fmt"
	"slices"
	"strings"
)

// A part of a failed run given up.
//
// "npx eslint ." fails in src/app.js and in legacy/old.js; the user says
// "skip legacy/, forget about it, it's going away". What is given up is
// the part the sentence names by its path, not the run: the failure
// stays open for the rest (src/app.js) and negative knowledge holds the
// part given up and the user's words. A later run that passes leaving out
// only given-up parts ("npx eslint . --ignore-pattern legacy/") resolves
// the failure, whose rest it ran (leavesOut reads its excluding option
// so); leaving out anything else still fixes nothing. A path the failed
// output does not name, or one that holds every file the output names
// (the whole run given up), is no part.

// givenUpPrefix opens a failure's link to a part of it given up.
const givenUpPrefix = "gaveup:"

// partPathRE is a path named in a user's words: a word with a slash
// ("legacy/", "src/legacy", "legacy/old.js").
var partPathRE = mustPattern(`(?:^|[\s(\x60'"])((?:\./)?[\w.-]+/(?:[\w.-]+/?)*)`)

// outputPathRE is a file path a failed output names, a line's first
// word ("/repo/legacy/old.js", "src/app.js:3:7").
var outputPathRE = mustPattern(`(?m)^\s*((?:/|\./)?[\w.-]+(?:/[\w.-]+)*\.\w+)`)

// partGivenUp gives up the part of failure f that sentence s of user
// message ev names (see above); it reports whether s named one.
func (r *Reducer) partGivenUp(f *Anchor, s string, ev *Event, ref EventRef) bool {
	out := f.Because
	for _, t := range r.failOut {
		if t.id == f.ID {
			out = t.text
		}
	}
	var files []string
	for _, m := range outputPathRE.FindAllStringSubmatch(out, -1) {
		files = append(files, m[1])
	}
	for _, m := range partPathRE.FindAllStringSubmatch(s, -1) {
		part := strings.TrimPrefix(m[1], "./")
		in := func(file string) bool { return inPart(file, part) }
		if !slices.ContainsFunc(files, in) || !slices.ContainsFunc(files, func(file string) bool { return !in(file) }) {
			continue
		}
		id := fmt.Sprintf("%s%d.%d", kindLetter[KindNegative], ev.Seq, 98)
		nk := &Anchor{ID: id, Kind: KindNegative, Key: "negative/-/" + slug(f.Name+" "+part), Value: s + " (" + part + " of " + oneLine(f.Name, 80) + ")",
			Authority: Normative, Lifecycle: Active, SourceRefs: []EventRef{ref}, Quote: s, Because: f.Because, Links: mentions(s)}
		if old := r.hot[slot(KindNegative, nk.Key)]; old != nil {
			r.retire(old, Superseded)
		}
		r.hot[slot(KindNegative, nk.Key)] = nk
		f.Links = appendNew(f.Links, givenUpPrefix+part)
		f.addRef(ref)
		return true
	}
	return false
}

// inPart reports whether file lies under path part ("legacy/" holds
// "/repo/legacy/old.js", not "src/legacyish.js").
func inPart(file, part string) bool {
	p := strings.TrimSuffix(part, "/")
	if p == "" {
		return false
	}
	file = "/" + strings.TrimPrefix(file, "./")
	return strings.Contains(file, "/"+p+"/") || strings.HasSuffix(file, "/"+p)
}

// partsGivenUp are the parts of a failure given up, from hints (hintsOf).
func partsGivenUp(hints []string) []string {
	var out []string
	for _, h := range hints {
		if p, ok := strings.CutPrefix(h, givenUpPrefix); ok {
			out = append(out, p)
		}
	}
	return out
}

// leftOutGivenUp reports whether an excluding option's value v names
// only a part given up.
func leftOutGivenUp(v string, parts []string) bool {
	v = strings.Trim(v, `'"`)
	if v == "" {
		return false
	}
	return slices.ContainsFunc(parts, func(p string) bool {
		return strings.Trim(strings.TrimPrefix(v, "./"), "/*") == strings.Trim(p, "/*")
	})
}
