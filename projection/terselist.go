// Bare lists of settings with no separators ("batch 128 lr 0.05 wd 0.01"), one
// value a pair.

package projection

import (
	"strings"
)

// terseLists are the settings the parts of sentence s (split at "and",
// commas and dashes) give as bare lists of two pairs or more: "set
// batch 128 lr 0.05 back and add …".
func terseLists(s, scope string) []Proposal {
	var out []Proposal
	for _, part := range andValuesRE.Split(s, -1) {
		for _, c := range segmentRE.Split(part, -1) {
			kvs := terseSettings(c)
			if len(kvs) < 2 {
				continue
			}
			for _, kv := range kvs {
				out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/-/" + strings.ToLower(kv[0]), Name: kv[0], Value: cleanValue(kv[1]), Quote: s, Scope: scope})
			}
		}
	}
	return out
}

// tersePairs are the "key value" pairs words f hold and nothing else,
// two at least, each key one ok names; nil otherwise. Keys of plain
// words ("batch", "lr") are taken in a list of four pairs at most.
func tersePairs(f []string, ok func(string) bool) [][2]string {
	rest := strings.Join(f, " ")
	var out [][2]string
	plain := false
	for rest != "" {
		loc := tersePairRE.FindStringSubmatchIndex(rest)
		if loc == nil {
			return nil
		}
		k, v := rest[loc[2]:loc[3]], rest[loc[4]:loc[5]]
		if !ok(k) || terseVerbs[strings.ToLower(k)] {
			return nil
		}
		plain = plain || !strings.ContainsAny(k, "-_")
		out = append(out, [2]string{k, v})
		rest = strings.TrimLeft(strings.TrimSpace(rest[loc[1]:]), ",;.")
		rest = strings.TrimSpace(rest)
	}
	if len(out) < 2 || plain && len(out) > 4 {
		return nil
	}
	return out
}
