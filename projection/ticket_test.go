package projection

import (
	"strings"
	"testing"
)

// A pasted ticket: its title heading is the objective with the
// acceptance criteria in its value, its non-goals are rules, its
// constraints stay rules, assignments telling cases apart set nothing
// and the sentence introducing it decides nothing; a message whose first
// heading names a section, or is code, has no title.
func TestPastedTicket(t *testing.T) {
	ticket := "Please pick up this ticket:\n\n## TRANSIT-482: Add GTFS frequencies.txt support to the schedule parser\n\n### Context\nOperators publish headway-based service in frequencies.txt.\n\n" +
		"### Acceptance criteria\n- parseFeed() reads frequencies.txt when present\n- exact_times=1 entries produce fixed departures; exact_times=0 entries are marked as frequency-based\n\n" +
		"### Constraints\n- No new runtime dependencies\n\n### Non-goals\n- Realtime (GTFS-RT) support\n- Changing the CLI\n"
	got := map[Kind][]string{}
	for _, p := range (Deterministic{}).Propose(&Event{Role: RoleUser, Text: ticket}, &Context{}) {
		got[p.Kind] = append(got[p.Kind], p.Value+" | "+p.Quote)
		if !strings.Contains(ticket, p.Quote) {
			t.Errorf("quote %q not in the ticket", p.Quote)
		}
	}
	if o := got[KindObjective]; len(o) != 1 || !strings.HasPrefix(o[0], "TRANSIT-482: Add GTFS frequencies.txt support to the schedule parser — acceptance: parseFeed() reads frequencies.txt when present; exact_times=1") {
		t.Errorf("objective = %q", o)
	}
	c := strings.Join(got[KindConstraint], "\n")
	for _, w := range []string{"No new runtime dependencies", "Non-goal (out of scope): Realtime (GTFS-RT) support", "Non-goal (out of scope): Changing the CLI"} {
		if !strings.Contains(c, w) {
			t.Errorf("no rule %q in %q", w, c)
		}
	}
	if len(got[KindValue]) > 0 || len(got[KindDecision]) > 0 {
		t.Errorf("values %q decisions %q", got[KindValue], got[KindDecision])
	}
	for _, text := range []string{"### Steps to reproduce\n1. run it\n### Expected\nno crash", "### `python -c \"import x\"` output\n\n### Notes\nsee above",
		"Consider the following PR description:\nold_field.rename()\n# Primary key renamed\nclass A(Model):\n\n## Overview\ntext", "```\n# Build the image first\n```\n## Context\ntext"} {
		if v, q := ticketObjective(text); q != "" {
			t.Errorf("ticketObjective(%q) = %q", text, v)
		}
	}
}

// A ticket pasted from a tracker writes its headings as whole bold
// lines and its items as task-list boxes; its constraints are rules.
func TestPastedTicketBoldHeadings(t *testing.T) {
	ticket := "Here's today's ticket:\n\n---\n**#412 Support headway-based trips (frequencies.txt)**\n\nRoute 9 is scheduled by headway.\n\n**Acceptance criteria**\n- [ ] `parseFeed()` reads `frequencies.txt` when present.\n- [ ] README documents the behaviour.\n\n**Constraints**\n- No new runtime dependencies.\n- Keep Node 18 support.\n\n**Non-goals**\n- GTFS-Realtime.\n---\n"
	got := map[Kind][]string{}
	for _, p := range (Deterministic{}).Propose(&Event{Role: RoleUser, Text: ticket}, &Context{}) {
		got[p.Kind] = append(got[p.Kind], p.Value)
	}
	if o := got[KindObjective]; len(o) != 1 || !strings.HasPrefix(o[0], "#412 Support headway-based trips (frequencies.txt) — acceptance: `parseFeed()` reads `frequencies.txt` when present.; README documents") {
		t.Errorf("objective = %q", o)
	}
	c := strings.Join(got[KindConstraint], "\n")
	for _, w := range []string{"Keep Node 18 support.", "No new runtime dependencies.", "Non-goal (out of scope): GTFS-Realtime."} {
		if !strings.Contains(c, w) {
			t.Errorf("no rule %q in %q", w, c)
		}
	}
}
