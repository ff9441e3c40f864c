package projection

import "testing"

// A value named against the one it replaces, with no setting named, sets
// the setting holding the old value, or restates the rule stating it; it
// changes nothing that does not hold it (replace.go).
func TestReplacementOfAHeldValue(t *testing.T) {
	out := reduceAll(t, `
> user
Set up terraform. Region is us-east-1.
> assistant
OK.
> user
Use eu-west-1 instead of us-east-1 for everything.
> assistant
Switched to eu-west-1.
`)
	expect(t, out, []string{`value/-/region \[current/normative\] = eu-west-1 \(was us-east-1\)`},
		[]string{`decision/-/use-eu-west-1`, `= us-east-1 @`})

	out = reduceAll(t, `
> user
The timeout is 30s.
> user
ok, switch everything from 30s to 45s
`)
	expect(t, out, []string{`value/-/timeout \[current/normative\] = 45s \(was 30s\)`}, nil)
}

func TestReplacementRestatesTheRule(t *testing.T) {
	out := reduceAll(t, `
> user
Please wire the HTTP server. The service must listen on port 8080.
> assistant
OK, listening on 8080.
> user
Actually change of plan on the port: use port 9090, not 8080.
`)
	expect(t, out, []string{`constraint/-/actually-change-plan-port-use-port \[active/normative\] = .*use port 9090, not 8080\. \(was The service must listen on port 8080\.\)`},
		[]string{`service-listen-port-8080 \[active`, `decision/-/actually-change-plan`})
}

func TestReplacementOfNothingHeld(t *testing.T) {
	// Nothing holds MySQL: the sentence is the choice it reads as.
	out := reduceAll(t, `
> user
Use Postgres instead of MySQL for the orders service.
`)
	expect(t, out, []string{`decision/-/use-postgres-instead-mysql`}, []string{`value/`})

	// "spaces" is no specific value: a rule about spaces in file names
	// is not restated by an indentation choice.
	out = reduceAll(t, `
> user
Never put spaces in file names.
> user
Indent with tabs, not spaces.
`)
	expect(t, out, []string{`constraint/-/put-spaces-file-names \[active`}, nil)

	// A rule already naming the new value is not the one replaced.
	out = reduceAll(t, `
> user
Deploy only to eu-west-1 or us-east-1.
> user
use eu-west-1, not us-east-1
`)
	expect(t, out, []string{`constraint/-/deploy-eu-west-1-us-east-1 \[active`}, nil)
}

func TestReplacementShapes(t *testing.T) {
	for _, c := range []struct{ s, v, was string }{
		{"use port 9090, not 8080", "9090", "8080"},
		{"Use eu-west-1 instead of us-east-1 for everything.", "eu-west-1", "us-east-1"},
		{"switch the region from us-east-1 to eu-west-1", "eu-west-1", "us-east-1"},
		{"limit: 8080 → 9090", "9090", "8080"},
		{"go with v2.3.1 rather than v2.2.0", "v2.3.1", "v2.2.0"},
	} {
		v, was, ok := replacement(c.s)
		if !ok || v != c.v || was != c.was {
			t.Errorf("replacement(%q) = %q, %q, %v; want %q, %q", c.s, v, was, ok, c.v, c.was)
		}
	}
	for _, s := range []string{"should we use 9090 instead of 8080?", "use the same, not the same", "Indent with tabs, not spaces."} {
		if v, was, ok := replacement(s); ok && specific(was) {
			t.Errorf("replacement(%q) = %q, %q: want none with a specific old value", s, v, was)
		}
	}
}

// A user's prohibition retires the agent's plan to do what it forbids;
// a rule naming nothing by a name retires none.
func TestProhibitionRetiresTheAgentsPlan(t *testing.T) {
	out := reduceAll(t, `
> user
Can you add Prometheus metrics for request latency?
> assistant
Sure. I'll add a histogram middleware with prometheus/client_golang.
> user
Hmm, actually scratch the metrics. Don't add Prometheus.
`)
	expect(t, out, []string{`constraint/-/don-t-add-prometheus \[active`}, []string{`decision/-/add-histogram-middleware.* \[active`})

	out = reduceAll(t, `
> user
Fix the flaky test.
> assistant
I'll push the fix to a branch and open a pull request against main.
> user
Never push to main.
`)
	expect(t, out, []string{`decision/-/push-fix-branch.* \[active`}, nil)
}

// "Actually no bastion — use SSM instead" takes back the bastion, not the
// region chosen before it.
func TestCorrectionNamingWhatItDrops(t *testing.T) {
	out := reduceAll(t, `
> user
Use Postgres instead of MySQL for the orders service.
> assistant
Done.
> user
Also add a bastion host.
> assistant
Added.
> user
Actually no bastion — use SSM Session Manager instead.
`)
	expect(t, out, []string{`decision/-/use-postgres-instead-mysql.* \[active`, `decision/-/(?:actually-bastion-)?use-ssm.* \[active`}, nil)
}

// A correction that drops a thing by name sets no value of the setting
// named last: "use SSM … instead" replaces the bastion, not the region.
func TestCorrectionDroppingAThingSetsNoValue(t *testing.T) {
	out := reduceAll(t, `
> user
Region is us-east-1.
> user
Use eu-west-1 instead of us-east-1 for everything.
> user
Also add a bastion host.
> user
Actually no bastion — security says use SSM Session Manager port forwarding instead.
`)
	expect(t, out, []string{`value/-/region \[current/normative\] = eu-west-1 \(was us-east-1\)`}, []string{`= SSM`})
}

// The agent's switch of a thing it names replaces the choice naming that
// thing, or none: "switching region to eu-west-1" is no replacement of
// "switch to for_each keyed by AZ name".
func TestAgentSwitchReplacesTheChoiceNamingIt(t *testing.T) {
	out := reduceAll(t, `
> user
Region is us-east-1. Set up the subnets.
> assistant
Using count makes subnets index-addressed. I'll switch to for_each keyed by AZ name.
> user
Use eu-west-1 instead of us-east-1 for everything.
> assistant
Understood — switching region to eu-west-1 everywhere (provider, AZ list, tfvars).
`)
	expect(t, out, []string{`decision/-/switch-for_each-keyed-az-name \[active`, `value/-/region \[current/normative\] = eu-west-1`}, []string{`\(was I'll switch to for_each`})

	out = reduceAll(t, `
> user
Set up caching.
> assistant
I'll keep the cache in memcached for now.
> assistant
Switching the cache to redis, it survives restarts.
`)
	expect(t, out, []string{`\(was I'll keep the cache in memcached for now\.\)`}, nil)
}

// A count chosen against the count it replaces sets the count of what the
// number counts, not the setting named last.
func TestCountInsteadOfAnother(t *testing.T) {
	out := reduceAll(t, `
> user
Let's set up the churn job. Inactive days is 30.
> assistant
OK.
> user
Let's go with 400 trees instead of 200.
> user
And use 3 replicas, not 2.
`)
	expect(t, out, []string{`value/-/trees \[current/normative\] = 400 \(was 200\)`, `value/-/replicas \[current/normative\] = 3 \(was 2\)`, `value/-/inactive_days \[current/normative\] = 30 @`}, nil)
}

// A change whose own sentence says the number is too much changes that
// number ("halve the timeout, a docs build shouldn't need 10 minutes"); a
// number said after the change as enough is what it comes to.
func TestChangeOfTheNumberCalledTooMuch(t *testing.T) {
	out := reduceAll(t, `
> user
And halve the timeout, a docs build shouldn't need 10 minutes.
> user
double the retries, 3 is too few
> user
halve the pretrigger then, 250ms is plenty
`)
	expect(t, out, []string{`value/-/timeout \[current/normative\] = 5 minutes \(was 10 minutes\)`, `value/-/retries \[current/normative\] = 6 \(was 3\)`, `value/-/pretrigger \[current/normative\] = 250ms @`}, nil)
}
