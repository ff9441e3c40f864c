// Values an edit sets: the old and new lines of a change paired by the
// setting they hold.

package projection

import (
	"path"
	"strings"
)

// editValues are the settings edits es of file p set: the lines of code
// they change (a constant, a keyword argument, an HCL block's setting)
// or the settings of a configuration file they write.
func editValues(p string, es []edit) []Proposal {
	var out []Proposal
	var rest []edit
	for _, e := range es {
		// "--concurrency=4" to "--concurrency=8": a flag's value in a
		// command the file holds (flagedit.go)
		if vs := flagChanges(p, e); len(vs) > 0 {
			out = append(out, vs...)
			if !strings.Contains(strings.TrimSpace(e.old), "\n") && !strings.Contains(strings.TrimSpace(e.new), "\n") {
				// the one line's setting is its flag, not the
				// line ("command: celery … --concurrency=8")
				continue
			}
		}
		rest = append(rest, e)
	}
	es = rest
	if !configExtRE.MatchString(p) {
		// An edit of one line of code ("versionCode = 41" to
		// "versionCode = 42") changes the setting the line holds.
		for _, e := range es {
			oldS, newS := strings.TrimSpace(e.old), strings.TrimSpace(e.new)
			if !e.content && oldS != "" && !strings.Contains(oldS, "\n") && !strings.Contains(newS, "\n") {
				if v, ok := lineChange(p, oldS, newS, newS); ok {
					out = append(out, v)
				} else if v, ok := literalChange(p, oldS, newS, newS); ok {
					// a map entry or a constant of one word
					// (codeliteral.go)
					out = append(out, v)
				} else {
					// keyword arguments, an inline map, a CMake set
					// (lineedit.go)
					out = append(out, linePairChanges(p, oldS, newS)...)
				}
			} else if vs := grownLineChanges(p, oldS, newS); !e.content && len(vs) > 0 {
				// one line replaced by several (addedline.go)
				out = append(out, vs...)
			} else if !e.content && oldS != "" {
				// the constants and HCL settings of several lines
				// (blockedit.go)
				out = append(out, blockLineChanges(p, e.old, e.new)...)
			}
		}
		return out
	}
	n := 0
	for _, e := range es {
		if vs := linePairChanges(p, strings.TrimSpace(e.old), strings.TrimSpace(e.new)); len(vs) > 0 && strings.Contains(e.new, "{") {
			// an inline map's entries (lineedit.go)
			out = append(out, vs...)
			continue
		}
		// a setting deleted from the file (editremoved.go)
		out = append(out, removedSettings(p, e)...)
		// A whole file written names each setting by its path; an
		// edit's fragment by the part of the path it holds.
		olds := map[string]configSetting{}
		for _, c := range configSettings(e.old) {
			olds[c.key] = c
		}
		for _, c := range configSettings(e.new) {
			was, held := olds[c.key]
			if c.empty && (!held || was.empty || e.whole) {
				// "default = []" is a value where it replaces one
				// ("default = [\"simd\"]" to "default = []"); a list
				// left empty, or a file written whole, states none.
				continue
			}
			if n == maxWrittenValues {
				break
			}
			n++
			if was.value == c.value {
				continue
			}
			// an edit's key alone is matched to the path the file gave
			// it by the reducer (heldPath)
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + path.Clean(p) + "/" + strings.ToLower(c.key), Name: c.key, Value: c.value, Was: was.value, Quote: c.line})
		}
	}
	return out
}
