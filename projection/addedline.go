package projection

import (
	"path"
	"strings"
)

// An edit that replaces one line by several changes the setting of the
// line that keeps its place and adds the others:
//
//	<PackageVersion Include="Microsoft.EntityFrameworkCore" Version="8.0.11" />
//
// replaced by the same line pinned to "[8.0.10]" and a second package's
// line pinned alike still pins the first ("[8.0.10] (was 8.0.11)"); the
// added line, of the same shape as the changed one (the same attributes
// or keyword arguments in the same order), sets its own entry's value.
// An added line of another shape (a call, a comment) sets nothing: code
// added is not a setting changed.

// identityAttrs are the attributes that name the entry an XML or
// keyword line is about, not a setting of it: a package's Include.
var identityAttrs = map[string]bool{"include": true, "update": true, "name": true, "id": true}

// lineOwner is the entry line pairs ps name by an identity attribute
// ("Microsoft.EntityFrameworkCore"), "" when none does.
func lineOwner(ps []linePair) string {
	for _, p := range ps {
		if identityAttrs[strings.ToLower(p.key)] && p.value != "" {
			return p.value
		}
	}
	return ""
}

// grownLineChanges are the settings file's edit of one line old into the
// several lines of new sets; nil when no line of new changes old's.
func grownLineChanges(file, old, new string) []Proposal {
	old = strings.TrimSpace(old)
	lines := strings.Split(strings.TrimSpace(new), "\n")
	if strings.Contains(old, "\n") || len(lines) < 2 {
		return nil
	}
	var out []Proposal
	kept := -1
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if v, ok := lineChange(file, old, l, l); ok {
			out, kept = append(out, v), i
			break
		}
		if vs := linePairChanges(file, old, l); len(vs) > 0 {
			out, kept = vs, i
			break
		}
	}
	if kept < 0 {
		return nil
	}
	shape := linePairs(strings.TrimSpace(lines[kept]))
	for i, l := range lines {
		if i == kept {
			continue
		}
		out = append(out, addedPairs(file, shape, strings.TrimSpace(l))...)
	}
	return out
}

// addedPairs are the settings an added line l of file sets when it has
// the shape of pairs shape and names its own entry: its values that hold
// a digit or a boolean, the entry's name not among them.
func addedPairs(file string, shape []linePair, l string) []Proposal {
	ps := linePairs(l)
	owner := lineOwner(ps)
	if owner == "" || len(ps) != len(shape) || owner == lineOwner(shape) {
		return nil
	}
	var out []Proposal
	for i := range ps {
		if ps[i].key != shape[i].key {
			return nil
		}
		if identityAttrs[strings.ToLower(ps[i].key)] || !pairValueOK(ps[i].value) {
			continue
		}
		k := owner + "." + ps[i].key
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + path.Clean(file) + "/" + strings.ToLower(k),
			Name: k, Value: ps[i].value, Quote: l})
	}
	return out
}
