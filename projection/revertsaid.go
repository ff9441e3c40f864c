package projection

import "strings"

// revertSaidRE is the agent telling what it put a setting back to after
// the user asked for a revert: "Reverted READ_CHUNK to 64 KiB.", "Set the
// pool size back to 10.", "READ_CHUNK is back at 64 KiB", "已把 TTL 改回
// 300 秒".
var revertSaidRE = mustPattern(`(?i)\b(?:revert(?:ed|ing)?|restor(?:ed|ing)|undid|(?:put|set|changed|moved|switched|rolled|brought|took|dialed|dropped)(?:\s+[^\s.;]+){0,5}?\s+back|(?:is|are|now)\s+back)\b[^.;\n]{0,60}?\s(?:to|at)\s+(?:the\s+(?:original|old|previous|earlier|default)\s+)?(?P<v>[+-]?\d+(?:\.\d+)?(?:\s*(?:kib|mib|gib|bytes|` + relUnit + `))?)(?P<end>\s*[*x×]\s*\d)?|(?:改回|恢复|调回|退回)(?:到|成|为)?(?:了)?\s*(?:原来|原先|之前|以前|最初|默认)?的?\s*(?P<v2>\d+(?:\.\d+)?\s*(?:kib|mib|gib|` + relUnit + `)?)`)

// revertSaid reads the agent's message after the user asked to put a
// setting back ("go back to what it was"): a user who says only "what it
// was" after several changes leaves open which value that is (the one
// before the last change, or the one before all of them), and the agent
// that made the revert says which it made. Only the value the user's
// revert set, still current, is changed, and only to a number of its
// own kind; a message naming another setting changes nothing.
func (r *Reducer) revertSaid(ev *Event) {
	if r.reverted == "" || r.revertSeq != r.userSeq {
		return
	}
	o := r.hot[slot(KindValue, r.reverted)]
	if o == nil || o.Lifecycle != Current || o.Seq() != r.revertSeq {
		return
	}
	for _, s := range sentences(ev.Text) {
		m := revertSaidRE.FindStringSubmatch(s)
		if m == nil || m[revertSaidRE.SubexpIndex("end")] != "" {
			continue
		}
		if !namesSetting(s, o.Name, o.Key) && !itWordRE.MatchString(s) {
			continue
		}
		v := strings.TrimSpace(m[revertSaidRE.SubexpIndex("v")] + m[revertSaidRE.SubexpIndex("v2")])
		held := o.Was
		if !numericHeld(held) {
			held = o.Value
		}
		if !tryFits([]HeldValue{{Key: o.Key, Value: held}}, o.Key, v) {
			return
		}
		if leadNumber(v) != leadNumber(o.Value) || unitOf(o.Value) == "" && unitOf(v) != "" {
			o.Value = v
		}
		o.addRef(EventRef{SessionID: r.opts.SessionID, Seq: ev.Seq})
		r.reverted = ""
		return
	}
}
