package projection

import (
	"slices"
	"strings"
)

// A ticket pasted as the task.
//
// An issue or a ticket pasted into the chat carries its goal in its
// title heading ("## TRANSIT-482: Add GTFS frequencies.txt support to
// the schedule parser"), what done means under a heading of acceptance
// criteria, and what is out of scope under a heading of non-goals; its
// constraints are listed under a heading of their own
// (a tracker's export writes headings as whole bold lines). The
// objective is the title (the message's first heading, when headings
// naming sections follow it), with the acceptance criteria after it in its
// value (the quote is the title line, as written); each non-goal is a
// rule not to do it ("Non-goal: Realtime (GTFS-RT) support"), each
// constraint a rule. Headings
// that only name a section (Context, Background, Notes) are no title.

// headingRE is a markdown heading line and its text: "## Title", or a
// line that is bold whole ("**Acceptance criteria**"), as tickets pasted
// from a tracker write their sections.
var headingRE = mustPattern(`(?m)^\s{0,3}(?:#{1,4}\s+(\S.*?)\s*#*|\*\*([^*\s][^*]*?)\*\*:?)\s*$`)

// headingText is the text of a headingRE match.
func headingText(m []string) string { return strings.TrimSpace(m[1] + m[2]) }

// sectionHeadRE is a heading that only names a part of a ticket.
var sectionHeadRE = mustPattern(`(?i)^(?:context|background|description|summary|overview|details|notes?|motivation|problem|acceptance criteria|definition of done|requirements|constraints|non-?goals|out of scope|not in scope|scope|tasks?|to ?do|steps to reproduce|expected|actual|links|references|open questions|questions|risks|testing|test plan|rollout|how to test)\s*:?$`)

// acceptHeadRE and nonGoalHeadRE name the sections read.
var (
	acceptHeadRE  = mustPattern(`(?i)^(?:acceptance criteria|definition of done|done when|requirements|must have)\s*:?$`)
	nonGoalHeadRE = mustPattern(`(?i)^(?:non-?goals|out of scope|not in scope|won'?t do|explicitly not)\s*:?$`)
	ruleHeadRE    = mustPattern(`(?i)^(?:constraints|rules|guardrails|restrictions|limitations|must not)\s*:?$`)
)

// ticketObjective is the objective of a message holding a ticket (a
// title heading that names no section): the title with the acceptance
// criteria after it, and the title line as its quote; "", "" when the
// message has no such heading.
func ticketObjective(text string) (value, quote string) {
	if !strings.Contains(text, "#") && !strings.Contains(text, "**") {
		return "", ""
	}
	title, ok := firstHeading(text)
	if !ok {
		return "", ""
	}
	// The first heading, when it names no section and is no code: a
	// ticket's title stands above its sections.
	if sectionHeadRE.MatchString(title) || len(strings.Fields(title)) < 3 || strings.HasPrefix(title, "`") || !sectionHeadPresent(text) {
		return "", ""
	}
	value = title
	if items := sectionItems(text, acceptHeadRE); len(items) > 0 {
		value += " — acceptance: " + strings.Join(items, "; ")
	}
	return value, title
}

// checkboxRE is a task list item's box.
var checkboxRE = mustPattern(`^\[[ xX]\]\s+`)

// sectionItems are the list items under the first heading head matches,
// up to the next heading.
func sectionItems(text string, head *pattern) []string {
	var out []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		if m := headingRE.FindStringSubmatch(line); m != nil {
			if in {
				break
			}
			in = head.MatchString(headingText(m))
			continue
		}
		if !in {
			continue
		}
		if m := itemMarkRE.FindStringSubmatch(line); m != nil {
			// "- [ ] parseFeed() reads …": a task list's box dropped
			out = append(out, strings.TrimSpace(checkboxRE.ReplaceAllString(m[2], "")))
		}
	}
	return out
}

// nonGoals adds to out what a ticket's sections say item by item: a
// rule for each non-goal and each constraint (the item as written is the
// quote). Its open questions are read as the user's questions are
// (answered.go), not here.
func nonGoals(text string, out []Proposal) []Proposal {
	if !strings.Contains(text, "#") && !strings.Contains(text, "**") {
		return out
	}
	quoted := func(it string) bool {
		return slices.ContainsFunc(out, func(p Proposal) bool {
			return p.Quote != "" && p.Kind != KindObjective && strings.Contains(it, p.Quote)
		})
	}
	for _, it := range sectionItems(text, nonGoalHeadRE) {
		if !quoted(it) {
			out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/non-goal-" + slug(it), Value: "Non-goal (out of scope): " + it, Quote: it, Links: mentions(it)})
		}
	}
	for _, it := range sectionItems(text, ruleHeadRE) {
		if !quoted(it) && len(strings.Fields(it)) >= 2 {
			out = append(out, Proposal{Op: OpState, Kind: KindConstraint, Key: "constraint/-/" + slug(it), Value: it, Quote: it, Links: mentions(it)})
		}
	}
	return out
}

// introsDropped is out without the decisions whose sentence only
// introduces what follows it ("Please pick up this ticket:").
func introsDropped(out []Proposal) []Proposal {
	return slices.DeleteFunc(out, func(p Proposal) bool {
		q := strings.TrimSpace(p.Quote)
		return p.Kind == KindDecision && p.Op == OpState && (strings.HasSuffix(q, ":") || strings.HasSuffix(q, "："))
	})
}

// sectionHeadPresent reports whether text has a heading naming a
// section (sectionHeadRE) after its first: a ticket's shape.
func sectionHeadPresent(text string) bool {
	ms := headingRE.FindAllStringSubmatch(text, -1)
	for _, m := range ms[min(1, len(ms)):] {
		if sectionHeadRE.MatchString(headingText(m)) {
			return true
		}
	}
	return false
}

// firstHeading is the text of the first markdown heading of text outside
// code fences, when a blank line (or the start) stands before it: "#
// Primary key renamed" after a line of code is a comment in the code.
func firstHeading(text string) (string, bool) {
	fenced, prev := false, ""
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			prev = line
			continue
		}
		if !fenced {
			if m := headingRE.FindStringSubmatch(line); m != nil {
				p := strings.TrimSpace(prev)
				return headingText(m), p == "" || p == "---" || p == "***" || p == "___"
			}
		}
		prev = line
	}
	return "", false
}
