package projection

import "testing"

// A checklist the user keeps: unticked tasks are open, a tick marks its
// task done, a struck item is released, a new item is a new task; a
// ticket's criteria are no tasks; the agent's own list moves nothing.
func TestChecklistKeptByTheUser(t *testing.T) {
	out := reduceAll(t, `
> user
Here's the plan for this week:

- [x] read sensors over I2C
- [ ] add the vent PID loop
- [ ] write the alert webhook
- [ ] migrate config to TOML
- [ ] update the README

Start with the PID loop.
> assistant
Working on the PID loop.

- [x] add the vent PID loop
- [x] write the alert webhook
> user
Updated list:

- [x] read sensors over I2C
- [x] add the vent PID loop
- [ ] write the alert webhook
- ~~migrate config to TOML~~ (staying on YAML)
- [ ] update the README
- [ ] add a dry-run flag

Next: the webhook.
`)
	expect(t, out, []string{
		`obligation/-/add-vent-pid-loop \[done/normative\]`,
		`obligation/-/write-alert-webhook \[open/normative\]`,
		`obligation/-/migrate-config-toml \[lifted/normative\]`,
		`obligation/-/update-readme \[open/normative\]`,
		`obligation/-/add-dry-run-flag \[open/normative\]`,
		`objective .* = Here's the plan for this week`,
	}, []string{`read-sensors`})
	criteria := reduceAll(t, `
> user
Please pick up this ticket.

**Acceptance criteria**
- [ ] parseFeed() reads frequencies.txt when present.
- [ ] README documents the behaviour.
`)
	expect(t, criteria, nil, []string{` obligation `})
}

// A configuration the user pastes states its settings; a later change
// in words or by a command replaces them; the objective is what the user
// asks after the paste, not the paste's lead.
func TestPastedConfig(t *testing.T) {
	out := reduceAll(t, "> user\nHere's our current config, config.toml:\n\n```toml\n[vent]\nmax_open_pct = 80\npoll_interval_s = 30\n```\n\nAdd the PID loop for the vents.\n> assistant\nOK.\n> user\nPoll every 10 seconds instead.\n> assistant\nDone.\n> call bash {\"command\":\"sed -i 's/^max_open_pct = 80/max_open_pct = 70/' config.toml\"}\n> result\n\n")
	expect(t, out, []string{
		`objective .* = Add the PID loop for the vents\.`,
		`poll_interval_s \[current/normative\] = every 10 seconds \(was 30\)`,
		`value/config.toml/max_open_pct \[current/empirical\] = 70 \(was 80\)`,
	}, []string{`= 80 @`, `= 30 @`})
	code := reduceAll(t, "> user\nThis crashes:\n\n```go\nx := load()\nfmt.Println(x)\n```\n\nFix the loader.\n")
	expect(t, code, nil, []string{` value `})
}

// Options offered as a table, one a row, labelled or headed as options:
// a choice by label or place is the row chosen; a table of results offers
// nothing.
func TestTableOfOptions(t *testing.T) {
	offer := `
> user
Add alerting to the greenhouse controller.
> assistant
Three ways to deliver alerts:

| Option | Transport | Pros | Cons |
|---|---|---|---|
| A | Webhook to Slack | simple | needs internet |
| B | MQTT to the local broker | works offline | one more service |
| C | SMS via Twilio | reaches phones | costs money |

Which one?
> user
`
	for _, pick := range []string{"Let's go with option B.", "We'll take the second option."} {
		expect(t, reduceAll(t, offer+pick), []string{`decision .* = MQTT to the local broker`}, nil)
	}
	if got := tableOptions("| Run | p50 | p95 |\n|---|---|---|\n| before | 40 ms | 90 ms |\n| after | 12 ms | 30 ms |"); got != nil {
		t.Errorf("a table of results offers %q", got)
	}
}

// A sed that changes a constant in code, its statement's ";" and comment
// around the value ("public const MAX_SPEND_PERCENT = 30;      // …").
func TestSedConstantWithComment(t *testing.T) {
	got := map[string]string{}
	for _, p := range sedValues(`sed -i 's/BIRTHDAY_BONUS = 50;/BIRTHDAY_BONUS = 100;/; s|^    public const MAX_SPEND_PERCENT = 30;      // up to 30%$|    public const MAX_SPEND_PERCENT = 20;      // up to 20%|' app/Services/Points.php`) {
		got[p.Name] = p.Value + " was " + p.Was
	}
	if got["BIRTHDAY_BONUS"] != "100 was 50" || got["MAX_SPEND_PERCENT"] != "20 was 30" {
		t.Errorf("sedValues = %v", got)
	}
}

// Development after heldout30's scoring (30c): a checklist item that
// states a rule stays a rule (without its box); a rule under a label
// naming a version ("Release rule for 0.7: no dependency bumps") is read;
// the user's own next step is no answer to the agent's question; "Ask me
// again then." keeps the question it puts off.
func TestChecklistRuleAndQuestions(t *testing.T) {
	out := reduceAll(t, "> user\n"+`Picking up the 0.7 release. Checklist from the tracking issue (#45):

- [x] Bump MSRV to 1.80
- [ ] Misting interlock: never mist while the roof vents are open
- [ ] Tag v0.7.0

Release rule for 0.7: no dependency bumps, we stay on what's in Cargo.lock.
> assistant
Looking. Which one counts: bench-north, bench-south, or the colder of the two?
> user
900 is fine. bench-north is in the far corner, I'll walk over and look.
Frost: the colder of the two benches.
> assistant
OK.
> user
One for later: should the frost alert also switch the heater on? We don't have a heater relay yet. Ask me again then.
`)
	expect(t, out, []string{
		`constraint .*\[active/normative\] = Misting interlock: never mist while the roof vents are open`,
		`constraint .*\[active/normative\] = Release rule for 0\.7: no dependency bumps`,
		`decision/answer/.* = Frost: the colder of the two benches\.`,
		`question/.*\[hypothesis/normative\] = One for later: should the frost alert also switch the heater on\?`,
	}, []string{`walk over`, `= \[ \]`, `= Ask me again then\.`})
}

// A rule dropped by what it is called ("drop the dependency freeze, it's
// not worth it: …") lifts the rule it names, and no other.
func TestDropTheFreeze(t *testing.T) {
	out := reduceAll(t, `
> system
The Pi runs the live greenhouse: reading logs, config and the event log there is fine, but don't restart the service or change anything on the Pi unless Hana asks.
> user
Picking up the 0.7 release.

Release rule for 0.7: no dependency bumps, we stay on what's in Cargo.lock.
> assistant
OK.
> user
And drop the dependency freeze, it's not worth it: Piotr says rumqttc 0.24 fixes the reconnect after a broker restart. Bump it.
`)
	expect(t, out, []string{`\[lifted/normative\] = Release rule for 0\.7`, `\[active/normative\] = reading logs, config`}, nil)
}

// Options marked "A.", "B.", "C." at the start of their lines are a
// choice a later "A." picks.
func TestLetteredOptionsWithAPeriod(t *testing.T) {
	out := reduceAll(t, `
> user
Build felt-quake alerts for subscribers within 150 km.
> assistant
Ways to find who's within 150 km:
A. PostGIS: a generated geography column with a GiST index, and ST_DWithin: one indexed query per event.
B. a plain haversine in SQL: no migration, but a full scan of all 48k rows for every event.
C. load the subscriptions into the worker's memory and filter there.
I'd take A.
> user
A. postgis is already there, use it
`)
	expect(t, out, []string{`decision .*\[active/normative\] = PostGIS: a generated geography column`}, nil)
}
