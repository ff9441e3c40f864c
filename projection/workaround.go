package projection

import (
	"path"
	"strings"
)

// A failed command whose job another command did.
//
// "git cherry-pick -n 3f9c2ab -- InventoryIT.java" fails ("pathspec
// arguments are not supported with cherry-pick"); the agent says so
// ("cherry-pick non accetta path; applico il diff") and runs "git diff
// main 3f9c2ab -- InventoryIT.java | git apply", which passes. The job
// (that commit's change to that file) is done another way, and the
// failure is superseded, not resolved: the way that failed still fails.
// Three things must hold: the agent's words after the failure name
// the failed program or subcommand, saying it failed or is replaced
// ("instead", "invece", "вместо", "in plaats daarvan": workaroundSaidRE);
// the passing command runs another program; and it names every
// distinct operand the failed stage had (a commit, a path), so it works
// on the same target. A command that only shows text (cat, grep, git
// log) does no job; a failure whose operands the later command does not
// all name stays open.

// workaroundSaidRE is the agent's word that a way failed or is
// replaced: a negation, a failure verb, or "instead".
var workaroundSaidRE = mustPattern(`(?i)\b(?:instead|rather|not|no|can'?t|cannot|doesn'?t|won'?t|unsupported|fails?|failed|invece|piuttosto|non|niet|in plaats daarvan|stattdessen|nicht|kein|en su lugar|en lugar|à la place|au lieu|pas)\b|(?:^|\s)(?:вместо|не|нет)(?:\s|$|[,.;:!])|改用|换成|不|无法`)

// workedAround supersedes the open failures whose job the passing call
// (its command cmd) did another way (see above).
func (r *Reducer) workedAround(cmd string, ref EventRef, moved map[*Anchor]bool) {
	if cmd == "" || displayOnly(cmd) || len(r.agentSaid) == 0 {
		return
	}
	said := r.agentSaid[len(r.agentSaid)-1]
	for _, a := range r.sorted() {
		if a.Kind != KindFailure || !a.IsHead() || moved[a] || a.Lifecycle != Open && a.Lifecycle != Investigating || a.Seq() >= said.seq || r.hot[slot(a.Kind, a.Key)] != a {
			continue
		}
		failed := failedCallOf(a)
		if failed == "" {
			continue
		}
		st := deciding(failed, a.Because)
		if st == "" {
			continue
		}
		f := runFields(unwrap(pipeHead(st)))
		if len(f) == 0 {
			continue
		}
		// the failed program, or its subcommand ("cherry-pick" of git)
		name := path.Base(f[0])
		if len(f) > 1 && !strings.HasPrefix(f[1], "-") && len(f[1]) > 2 {
			name = f[1]
		}
		if strings.Contains(cmd, name) || !saysWorkaround(said.text, name) {
			continue
		}
		ops := distinctNames(strings.Join(f[1:], " "))
		if len(ops) == 0 {
			continue
		}
		all := true
		for _, o := range ops {
			if !strings.Contains(cmd, o) {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		a.Lifecycle = Superseded
		moved[a] = true
		a.addRef(ref)
	}
}

// saysWorkaround reports whether a sentence of the agent's text names
// the failed program or subcommand name and says it failed or is
// replaced (workaroundSaidRE).
func saysWorkaround(text, name string) bool {
	for _, s := range sentences(text) {
		for _, c := range strings.Split(s, ";") {
			if strings.Contains(strings.ToLower(c), strings.ToLower(name)) && workaroundSaidRE.MatchString(c) {
				return true
			}
		}
	}
	return false
}
