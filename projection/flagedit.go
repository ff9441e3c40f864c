package projection

import (
	"path"
	"strings"
)

// A command-line flag an edit changes: "--concurrency=4" to
// "--concurrency=8" in a compose file's command, a Procfile, a
// Dockerfile's CMD or a script. The flag is the setting, its value the
// value, in whatever file; a flag the edit adds or drops, or one whose
// value it keeps, changes nothing. Only "--name=value" is read, and
// "--name value" when the value is a number: "--verbose app.py" is a
// switch and an argument.

// flagValueRE is a long flag with its value.
var flagValueRE = mustPattern(`(?:^|[\s"'\[,])--(?P<k>[A-Za-z][\w-]*[A-Za-z0-9])(?:=(?P<v>[^\s"',\]]+)|\s+(?P<n>\d[\d.]*(?:[A-Za-z%]{1,3})?)(?:$|[\s"',\]]))`)

// flagValues are the long flags text sets, by name, in order; a flag set
// twice is left out (no one value).
func flagValues(text string) (names []string, vals map[string]string) {
	vals = map[string]string{}
	twice := map[string]bool{}
	for _, m := range flagValueRE.FindAllStringSubmatch(text, 32) {
		k := strings.ToLower(m[flagValueRE.SubexpIndex("k")])
		v := m[flagValueRE.SubexpIndex("v")] + m[flagValueRE.SubexpIndex("n")]
		if _, ok := vals[k]; ok {
			twice[k] = true
			continue
		}
		names = append(names, k)
		vals[k] = v
	}
	for k := range twice {
		delete(vals, k)
	}
	return names, vals
}

// flagChanges are the values of the flags edit e changes in file p.
func flagChanges(p string, e edit) []Proposal {
	if e.content || strings.TrimSpace(e.old) == "" {
		return nil
	}
	_, olds := flagValues(e.old)
	if len(olds) == 0 {
		return nil
	}
	names, news := flagValues(e.new)
	var out []Proposal
	for _, k := range names {
		v, ok := news[k]
		was, had := olds[k]
		if !ok || !had || v == was {
			continue
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + path.Clean(p) + "/" + strings.ReplaceAll(k, "-", "_"), Name: k, Value: v, Was: was, Quote: strings.TrimSpace(e.new)})
	}
	return out
}
