package projection

import (
	"strings"
	"testing"
)

func TestZZ(t *testing.T) {
	for _, s := range []string{
		"Once that's merged, please update the changelog.",
		"Don't forget to bump the version before tagging.",
		"Can you also write a migration guide by Thursday?",
		"We need the report by end of day tomorrow.",
		"After the deploy, ping #ops in Slack.",
		"Could you open a PR when you're done?",
		"TODO for you: rename the env vars to the EF_ prefix.",
		"Also, remind me to rotate the keys next week.",
		"By Friday we need the dashboard live.",
		"Please file a ticket for the flaky test.",
		"Let's go with Postgres over Mongo.",
		"We decided on gRPC for the internal API.",
		"Decision: keep the monolith for now.",
		"I'd rather use pnpm.",
		"OK let's do option B then.",
		"Not sure whether we need Redis at all.",
		"Open question: do we keep the v1 endpoints?",
		"Still unclear if the vendor supports webhooks.",
	} {
		out := reduceAll(t, "> user\nWorking on the billing service today.\n> assistant\nOK, looking at it.\n> user\n"+s+"\n")
		k := ""
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "@2") {
				f := strings.Fields(l)
				k += f[1] + " "
			}
		}
		t.Logf("%-60s | %s", s, k)
	}
}

func TestZZ2(t *testing.T) {
	for _, s := range []string{"After the deploy, ping #ops in Slack.", "Could you open a PR when you're done?"} {
		m := afterMomentRE.FindStringSubmatch(s)
		t.Log(lateObligation(s), m, imperative("ping #ops in Slack."))
	}
}

func TestZZ3(t *testing.T) {
	t.Log(imperative("ping the team"), nonVerbs["ping"], auxes["in"], auxes["#ops"], imperative("send #ops a note"))
}
