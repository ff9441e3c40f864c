package projection

import "strings"

// The agent's step intentions.
//
// An agent says what it does next: "I'll claim this issue and implement
// the budget types", "Let me now run the tests", "We will now write a
// script to revert the seed". Read as a decision it is the plan of one
// step, true while the step is ahead; once the agent took a step and went
// on, it is history, and a checkpoint that kept it in force would send a
// reader resuming the session back to work already done (an audit of
// real sessions found a dozen such "decisions" in force in one, each
// issue claimed long done). A choice stays a decision however it is
// phrased: "I'll use rpassword for the prompt", "I'll follow the same
// pattern with rusqlite", "I'll use format_relative_time instead of
// format_timestamp" say how the work goes from then on.
//
// A step intention is done (lifecycle done, the reason in Because) when
// the agent, after a tool result that followed it, moved on:
//
//   - it says its next step ("Let me check …", "Now I'll …"),
//   - the user speaks: the turn the step was part of is over, or
//   - the session's outcome hands the task in (outcome.go): no step of
//     it is ahead.
//
// An intention the agent said and has not acted on (no tool result
// since) stays: "I'll open the PR once you confirm" is still ahead.

// intentRE opens a sentence in which the agent says what it does next,
// up to the verb (group v).
var intentRE = mustPattern(`(?i)^(?:(?:ok(?:ay)?|so|now|next|then|first|finally|great|good|alright|perfect|excellent)[,!.]?\s+)*(?:i'll|i will|we'll|we will|let me|let's|let us|i'm going to|i am going to|we're going to|we are going to|i need to|we need to)\s+(?:(?:now|also|first|then|next|just|quickly|again|simply|manually|finally|go ahead and)\s+)*(?P<v>[a-z]+)`)

// choiceVerbs are the verbs after an intention's lead that choose how the
// work goes rather than tell a step.
var choiceVerbs = wordSet(`use go switch stick keep adopt prefer avoid stay choose pick opt follow rely leave skip ignore not never stop continue
	treat consider assume default favor favour standardize standardise settle`)

// stepChoiceRE is what makes an intention a choice whatever its verb:
// "instead of", "rather than", "replace the polling with websockets".
var stepChoiceRE = mustPattern(`(?i)\b(?:instead|rather than|in favou?r of|not the|switch(?:ing)? to|replac\w*\s+.{1,60}?\s+with|over)\b`)

// usedForStepRE is the rest of "use X to <purpose>": the tool of one
// step.
var usedForStepRE = mustPattern(`(?i)^\s+(?:\S+\s+){1,4}?(?:to|in order to)\s`)

// stepIntention reports whether the agent's sentence s says what it does
// next and chooses nothing. "use X to <purpose>" is a tool for one step
// ("Let's use find_file to see where it is"), no choice.
func stepIntention(s string) bool {
	s = strings.TrimSpace(s)
	m := intentRE.FindStringSubmatchIndex(s)
	if m == nil || stepChoiceRE.MatchString(s) {
		return false
	}
	v := strings.ToLower(s[m[2*intentRE.SubexpIndex("v")]:m[2*intentRE.SubexpIndex("v")+1]])
	if v == "use" {
		return usedForStepRE.MatchString(s[m[1]:])
	}
	return !choiceVerbs[v]
}

// statesStep reports whether assistant text says, in one of its
// sentences, what the agent does next.
func statesStep(text string) bool {
	for _, s := range sentences(text) {
		if intentRE.MatchString(strings.TrimSpace(strings.TrimLeft(s, "-*#>0123456789. "))) {
			return true
		}
	}
	return false
}

// stepsDone closes the agent's step intentions stated before seq before,
// those acted on (a tool result since) when acted, as done for the
// reason why.
func (r *Reducer) stepsDone(before int, acted bool, why string, ref EventRef) {
	for _, a := range r.hot {
		if a.Kind != KindDecision || a.Lifecycle != Active || a.Authority != Decision || a.Seq() >= before || acted && a.Seq() >= r.resultSeq {
			continue
		}
		if !stepIntention(a.Value) {
			continue
		}
		a.Lifecycle = Done
		a.Because = why
		a.addRef(ref)
	}
}

// movedOn closes the step intentions the event ev, by the agent or the
// user, moves past (see above).
func (r *Reducer) movedOn(ev *Event, ref EventRef) {
	switch {
	case ev.Role == RoleAssistant && statesStep(ev.Text):
		r.stepsDone(ev.Seq, true, "the agent moved on to its next step", ref)
	case ev.Role == RoleUser && !HostSnapshot(ev.Text):
		r.stepsDone(ev.Seq, true, "the turn ended", ref)
	}
}
