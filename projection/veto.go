package projection

import "strings"

// A value someone vetoes.
//
// "dana wants dunning overlap = buffer_one" … "priya pushed back on
// buffer_one. skip on every schedule, no exceptions.": the value the
// user set is turned down by name, and it is no longer the value to use,
// whatever replaces it (here the agent's switch, read on its own). The
// value is kept, superseded, with the sentence that turned it down. Only
// a current value the user or the system set is read, named whole (with
// or without its unit, "-", "_" and spaces alike) right after the veto.

// vetoRE turns a named thing down: "pushed back on buffer_one", "legal
// vetoed 90 days", "ops said no to 4 workers".
var vetoRE = mustPattern(`(?i)\b(?:pushed back on|push back on|pushes back on|vetoed|vetoes|veto|rejected|rejects|overruled|overrules|said no to|says no to|shot down|shoots down|nixed|nixes|won't accept|will not accept|doesn't want|does not want|don't want|is against)\s+(?:the\s+|that\s+|our\s+|your\s+|using\s+)?(?P<x>[\w.:/+-]+(?:\s+[\p{L}%]+)?)`)

// vetoed supersedes the current values a user message turns down by
// name.
func (r *Reducer) vetoed(ev *Event, ref EventRef) {
	if ev.Role != RoleUser || !vetoRE.MatchString(ev.Text) {
		return
	}
	for _, s := range sentences(ev.Text) {
		for _, m := range vetoRE.FindAllStringSubmatch(s, 4) {
			x := m[vetoRE.SubexpIndex("x")]
			for _, a := range r.sorted() {
				if a.Kind != KindValue || a.Lifecycle != Current || a.Authority != Normative || a.Seq() >= ref.Seq {
					continue
				}
				if v := sameValueText(a.Value); v == sameValueText(x) || v == sameValueText(firstWord(x)) {
					a.Lifecycle = Superseded
					a.Because = s
					a.addRef(ref)
				}
			}
		}
	}
}

// sameValueText is v as compared with a name for it: lower case, "-",
// "_" and spaces alike, trailing punctuation dropped.
func sameValueText(v string) string {
	v = strings.ToLower(strings.TrimRight(strings.TrimSpace(v), ".,;:!"))
	return strings.NewReplacer("-", "_", " ", "_").Replace(v)
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}
