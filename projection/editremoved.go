package projection

import (
	"path"
	"strings"
)

// A setting an edit deletes from a configuration file ("lifecycle:
// preStop: exec: command: [sleep, 5]" replaced by nothing) holds no value
// there any more: the value the file held is retired, not left current.
// A setting whose name the new text still says (moved, re-indented, put
// under another parent) is not deleted.

// removedSettings are the lifts of the settings edit e of configuration
// file p deletes: a key the old text sets, whose name the new text
// does not say at all.
func removedSettings(p string, e edit) []Proposal {
	if e.whole || e.content || strings.TrimSpace(e.old) == "" {
		return nil
	}
	news := map[string]bool{}
	for _, c := range configSettings(e.new) {
		news[c.key] = true
	}
	low := strings.ToLower(e.new)
	var out []Proposal
	for _, c := range configSettings(e.old) {
		leaf := c.key[strings.LastIndexByte(c.key, '.')+1:]
		if news[c.key] || c.empty || leaf == "" || strings.Contains(low, strings.ToLower(leaf)) {
			continue
		}
		out = append(out, Proposal{Op: OpLift, Kind: KindValue, Key: "value/" + path.Clean(p) + "/" + strings.ToLower(c.key), Name: c.key, Value: c.value, Quote: c.line})
	}
	return out
}

// removeValue retires the current value an edit deleted from its file
// (removedSettings): the one of its key, or of the file's setting whose
// path ends in the edit's fragment of it, holding the value deleted.
func (r *Reducer) removeValue(p *Proposal, ref EventRef) {
	a := r.hot[slot(KindValue, p.Key)]
	if a == nil {
		if k := r.heldPath(p.Key, p.Value); k != "" {
			a = r.hot[slot(KindValue, k)]
		}
	}
	if a == nil || a.Lifecycle != Current || a.Value != p.Value {
		return
	}
	a.addRef(ref)
	a.Because = p.Quote
	r.retire(a, Superseded)
}
