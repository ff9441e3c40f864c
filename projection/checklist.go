package projection

import "strings"

// A checklist the user keeps (a markdown task list pasted into the
// session, pasted again as the work goes on) says the state of each of
// its tasks by its box: "- [ ] write the alert webhook" is a task still to
// do, "- [x] add the vent PID loop" one done, "- ~~migrate config to
// TOML~~ (staying on YAML)" one called off. Each unticked item that is a
// task (an imperative: a ticket's criterion, "README documents the
// behaviour", is met by the work, not done as a task) is an open
// obligation; a ticked box marks the open obligation of that item done
// (OpDone); a struck-through item releases it, the rest of its line the
// reason. The user's boxes are the user's word; a checklist the agent
// writes (its own plan) moves nothing.

// checkItemRE is a task list's item: an optional bullet or number, the
// box, the item's text.
var checkItemRE = mustPattern(`(?m)^[ \t]*(?:[-*+]|\d{1,3}[.)])?[ \t]*\[(?P<box>[ xX✓✔])\][ \t]+(?P<item>\S[^\n]*)$`)

// struckItemRE is an item struck through: "- ~~migrate config~~ (kept on
// YAML)", "- [ ] ~~add a dry-run flag~~ not needed".
var struckItemRE = mustPattern(`(?m)^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]*(?:\[[ xX✓✔]\][ \t]*)?~~(?P<item>[^~\n]+)~~(?P<rest>[^\n]*)$`)

// checklist adds to out, for a user message holding a task list, an
// obligation per unticked item, a done per ticked one and a release per
// struck one, and leaves out what the other readings made of the list's
// lines (an item is read by its box, not as a sentence) but the
// objective and the rules ("- [ ] Misting interlock: never mist while the
// roof vents are open" states one, whatever its box).
func checklist(text string, out []Proposal) []Proposal {
	items := checkItemRE.FindAllStringSubmatchIndex(text, -1)
	struck := struckItemRE.FindAllStringSubmatchIndex(text, -1)
	if len(items)+len(struck) < 2 {
		// one box alone is no list kept ("[x] I agree")
		return out
	}
	var lines []string
	var add []Proposal
	for _, m := range struck {
		item := strings.TrimSpace(text[m[2]:m[3]])
		rest := strings.Trim(text[m[4]:m[5]], " \t—–-:()")
		lines = append(lines, text[m[0]:m[1]])
		reason := item
		if rest != "" {
			reason = item + " — " + rest
		}
		add = append(add, Proposal{Op: OpLift, Kind: KindObligation, Key: "obligation/-/" + slug(item), Value: reason, Quote: strings.TrimSpace(text[m[0]:m[1]])})
	}
	for _, m := range items {
		item := strings.TrimSpace(text[m[4]:m[5]])
		if strings.HasPrefix(item, "~~") {
			continue // struck: read above
		}
		lines = append(lines, text[m[0]:m[1]])
		p := Proposal{Op: OpState, Kind: KindObligation, Key: "obligation/-/" + slug(item), Value: item, Quote: item, Links: mentions(item)}
		switch {
		case text[m[2]:m[3]] != " ":
			p.Op = OpDone
		case !task(strings.TrimRight(item, ".!")) || criteriaRE.MatchString(lastHeading(text[:m[0]])):
			// "README documents the behaviour.": a ticket's criterion,
			// met by the work, not a task of its own
			continue
		}
		add = append(add, p)
	}
	kept := out[:0]
	for _, p := range out {
		if p.Kind == KindObjective || p.Kind == KindConstraint || !quotesLine(p.Quote, lines) {
			kept = append(kept, p)
		}
	}
	return append(kept, add...)
}

// criteriaRE names a list of conditions the work must meet, not tasks:
// "**Acceptance criteria**", "Definition of done:".
var criteriaRE = mustPattern(`(?i)\b(?:acceptance criteria|criteria|definition of done|dod|requirements|success metrics|done when|exit criteria)\b`)

// lastHeading is the last line of text that is no list item: the
// heading or label of the list that follows it.
func lastHeading(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if l != "" && !checkItemRE.MatchString(l) && !struckItemRE.MatchString(l) {
			return l
		}
	}
	return ""
}

// quotesLine reports whether quote q lies within one of lines, or holds
// one of the items' boxes: a reading of a checklist's line.
func quotesLine(q string, lines []string) bool {
	if q == "" {
		return false
	}
	for _, l := range lines {
		if strings.Contains(l, q) {
			return true
		}
	}
	return boxRE.MatchString(q)
}

var boxRE = mustPattern(`\[[ xX✓✔]\]`)

// done marks done the open obligation p names: the one with its key,
// else the one whose words it shares most (most of them). An item of the
// agent's task list first written done is nu, a task done.
func (r *Reducer) done(p *Proposal, ref EventRef, nu *Anchor) {
	if p.Kind == KindObjective {
		// the old task called done with the new one given (objswitch.go)
		r.objectiveDone(p, ref)
		return
	}
	o := r.hot[slot(KindObligation, p.Key)]
	if p.Todo {
		// the agent's own item, by its key alone: its list marks no
		// task the user set done
		switch {
		case o != nil && o.Lifecycle == Open:
			o.Lifecycle = Done
			o.addRef(ref)
		case o == nil || o.Lifecycle != Done:
			// created and finished between two writes of the list (or
			// back after a list dropped it): still a record of work
			// done, shown as closed
			if o != nil {
				r.retire(o, o.Lifecycle)
			}
			nu.Lifecycle = Done
			r.hot[slot(nu.Kind, nu.Key)] = nu
		}
		return
	}
	if o == nil || o.Lifecycle != Open {
		o = r.nearest(KindObligation, p.Value, 0.6, Open)
	}
	if o == nil || o.Lifecycle != Open {
		return
	}
	o.Lifecycle = Done
	o.addRef(ref)
}
