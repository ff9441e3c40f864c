package projection

import "testing"

func TestZZ(t *testing.T) {
	for _, s := range []string{
		"bump the timeout to 45s",
		"let's use 8 workers",
		"set max_connections to 200",
		"the rate limit should be 10 req/s",
		"cap retries at 5",
		"page size: 50",
		"make the cache TTL 10 minutes",
		"we'll go with a batch size of 500",
		"increase the pool to 20 connections",
		"use port 8081 for the admin API",
		"the deadline is Friday the 14th",
		"lower the log level to warn",
		"switch the region to eu-west-1",
		"keep 7 days of backups",
		"timeouts should be 30 seconds everywhere",
		"go for 3 replicas",
		"double the memory limit",
		"let's do 2 GB for the heap",
		"target coverage 85%",
		"ship it with Node 20",
	} {
		ps := Deterministic{}.Propose(&Event{Role: RoleUser, Text: "Working on the billing service today. " + s}, &Context{})
		k := ""
		for _, p := range ps {
			if p.Kind != KindObjective {
				k += string(p.Kind) + ":" + p.Key + "=" + p.Value + " "
			}
		}
		t.Logf("%-45s | %s", s, k)
	}
}
