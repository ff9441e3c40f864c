package projection

import (
	"strings"
	"testing"
)

// The speakers' tags of a relayed channel are blanked, offsets kept;
// markup, links, log levels and checklists are no tags.
func TestUntagChat(t *testing.T) {
	for text, want := range map[string]string{
		"[dana, 09:12] holds expire after 10 minutes.\n[sam, 09:13] lunch?":   "holds expire after 10 minutes.\nlunch?",
		"[09:12] dana: no deploys today":                                      "no deploys today",
		"<dana> keep 10\n<kai> ok":                                            "keep 10\nok",
		"**Priya**: freeze until Monday\n**Marco**: ok":                       "freeze until Monday\nok",
		"[dana, 09:40] @agent the ttl should be 8 minutes":                    "the ttl should be 8 minutes",
		"[dana] one line alone, no time":                                      "[dana] one line alone, no time",
		"<important>Run one command at a time.</important>\n<rules>x</rules>": "<important>Run one command at a time.</important>\n<rules>x</rules>",
		"[the docs](https://x.y) say 10\n[the spec](https://x.z) says 12":     "[the docs](https://x.y) say 10\n[the spec](https://x.z) says 12",
		"[ERROR] connection refused\n[WARN] retrying":                         "[ERROR] connection refused\n[WARN] retrying",
		"[x] done\n[x] also done":                                             "[x] done\n[x] also done",
	} {
		got, _ := untagChat(text)
		lines := strings.Split(got, "\n")
		for i := range lines {
			lines[i] = strings.TrimLeft(lines[i], " ")
		}
		if len(got) != len(text) || strings.Join(lines, "\n") != want {
			t.Errorf("untagChat(%q) = %q, want %q (same length)", text, got, want)
		}
	}
}

// A channel relayed into the session: rules and values are the speakers'
// words without their tags, a later line changes a value by its synonym
// ("the ttl" is the holds' expiry), chatter sets nothing.
func TestRelayedChannel(t *testing.T) {
	out := reduceAll(t, boxOffice+`[sam, 09:13] lunch at 12?
[dana, 09:14] also, never run migrations against prod, ask me first
> assistant
On it: moving holds to Redis with a 10-minute TTL.
> user
[kai, 09:30] could we make holds 15 min? people are slow at checkout
[dana, 09:31] no, keep 10, the venue asked for it
[sam, 09:32] happy birthday kai!!
> assistant
Keeping 10 minutes.
> user
[dana, 09:40] @agent the ttl should be 8 minutes actually, venue changed their mind
`)
	expect(t, out, []string{
		`constraint/-/run-migrations-against-prod-ask-first \[active/normative\] = also, never run migrations against prod`,
		`value/-/hold_expiry \[current/normative\] = 8 minutes \(was 10 minutes\)`,
	}, []string{`dana`, `09:1`, `birthday`, `lunch`, `= 15`})
}

// boxOffice opens a channel relayed into a session: the system's note
// and the lead's first line.
const boxOffice = `> system
You are a coding agent on the box-office backend. Messages from the team channel are relayed to you.
> user
[dana, 09:12] morning! today: move seat holds from the in-memory map to redis. holds expire after 10 minutes.
`

// How long a thing lasts, told by what happens at its end.
func TestLifetime(t *testing.T) {
	for s, want := range map[string]string{
		"holds expire after 10 minutes.":              "value/-/hold_expiry=10 minutes",
		"Sessions time out after 30 min":              "value/-/session_timeout=30 min",
		"and the invite links are valid for 48 hours": "value/-/invite_link_expiry=48 hours",
		"Do the holds expire after 10 minutes?":       "",
		"the build should last for 5 minutes or so":   "",
	} {
		p, ok := lifetime(s)
		got := ""
		if ok {
			got = p.Key + "=" + p.Value
		}
		if got != want {
			t.Errorf("lifetime(%q) = %q, want %q", s, got, want)
		}
	}
}

// In a channel: a rule until an event ("no migrations on prod until the
// 2pm show is over") holds; a colleague's proposal turned down by the
// lead ("no, keep 10") leaves the held value, in its unit; an answer to a
// colleague's question ("re marco's question: no AOF on staging") is no
// rule.
func TestChannelProposalAndAnswer(t *testing.T) {
	out := reduceAll(t, boxOffice+`[dana, 09:14] also, no migrations on prod until the 2pm show is over
> assistant
On it.
> user
[kai, 09:30] holds should be 15 minutes, people are slow at checkout
[dana, 09:31] no, keep 10, the venue asked for it
[marco, 09:35] does redis here run with persistence? if it restarts we lose holds
> assistant
Keeping 10 minutes.
> user
[priya, 10:02] re marco's question: no AOF on staging, prod has AOF everysec
`)
	expect(t, out, []string{
		`constraint .*\[active/normative\] = also, no migrations on prod until the 2pm show is over`,
		`value/-/hold_expiry \[current/normative\] = 10 minutes \(was 15 minutes\)`,
	}, []string{`AOF .*\[active`})
}

// "move X to Y" moves a thing somewhere, unless Y is a number or a time.
func TestMoveIsNoSetting(t *testing.T) {
	for s, want := range map[string]string{
		"Move seat holds to redis.":      "",
		"Move the nightly job to 03:00.": `value/-/nightly_job \[current/normative\] = 03:00`,
	} {
		out := reduceAll(t, "> user\nFix the box office backend.\n> assistant\nOK.\n> user\n"+s)
		if want == "" {
			expect(t, out, nil, []string{` value `})
		} else {
			expect(t, out, []string{want}, nil)
		}
	}
}

// A quote of a relayed channel is one speaker's words: the objective of
// a first message whose next line is another speaker's question stops at
// its own line.
func TestChannelQuoteIsOneSpeakers(t *testing.T) {
	out := reduceAll(t, `
> user
[dana, 09:12] today: push alerts for quakes above M4.5 near the user.
[marco, 09:20] question: does the USGS feed include aftershocks as separate events?
> assistant
Starting on the alert worker.
`)
	expect(t, out, []string{`objective .* = today: push alerts for quakes above M4\.5 near the user\. @0`}, []string{`rejected`})
}

// The relay's own notice is no one's words (the objective is the first
// speaker's); a rule restated in other words is lifted with the rule; a
// task waits for a moment said with "you"; a deadline said in a sentence
// of its own is the task before it, by then. (Development after
// heldout30's scoring: 30a E0, E4, E19, E20.)
func TestChannelLifecycle(t *testing.T) {
	out := reduceAll(t, `
> user
[bridge] #quakefeed is now relayed to the agent. who's who: priya (tech lead), marco (product), dee (SRE, on call this week)
[marco, 09:12] morning! this sprint: felt-quake push alerts near the epicentre.
[dee, 09:21] heads-up: no prod deploys today, we're failing the prod db over to the new node this afternoon. I'll say when it's done
> assistant
OK.
> user
[dee, 11:08] not done, the replica is still catching up. no prod deploys until I say so
> assistant
OK.
> user
[dee, 13:52] failover done, prod db is on the new node. prod deploys are fine again
[priya, 14:45] fine. open the PR, I'll review it tomorrow morning. once I've approved it, you deploy to prod
[priya, 14:46] and write a runbook entry for dee's team: what the alert worker does and how to pause it. before thursday's on-call handover at 10
`)
	expect(t, out, []string{
		`objective .* = this sprint: felt-quake push alerts near the epicentre\.`,
		`obligation .*\[open/normative\] = once I've approved it, you deploy to prod`,
		`obligation .*\[open/normative\] = and write a runbook entry for dee's team: .* before thu`,
	}, []string{`bridge`, `who's who`, `prod deploys .*\[active`})
}

// A lift that frees the restated rules ("prod deploys are fine again")
// frees no other rule that only shares their words (the system's "never
// write to the prod database yourself … the Helm deploy").
func TestLiftFreesNoBystander(t *testing.T) {
	out := reduceAll(t, `
> system
Never run anything that writes to the prod database yourself (migrations run as part of the Helm deploy).
> user
[marco, 09:12] morning! this sprint: felt-quake push alerts.
[dee, 09:21] heads-up: no prod deploys today, we're failing the prod db over this afternoon.
> assistant
OK.
> user
[dee, 11:08] not done, the replica is still catching up. no prod deploys until I say so
> assistant
OK.
> user
[dee, 13:52] failover done, prod db is on the new node. prod deploys are fine again
`)
	expect(t, out, []string{`\[active/normative\] = Never run anything that writes to the prod database`}, []string{`prod deploys .*\[active`})
}
