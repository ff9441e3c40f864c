package projection

import "testing"

func TestDbgGreen(t *testing.T) {
	for _, g := range []string{"CI auf dem Branch ist grün.", "CI auf dem Branch ist grün, auch KafkaConsumerLagIT. Danke.", "CI is green again.", "o CI tá verde de novo.", "CI зелёный, msrv прошла.", "la CI est de nouveau verte.", "CI 又绿了。", "la CI è di nuovo verde."} {
		out := f16Reduce(t, []string{"keep the service healthy", "hier aus der CI:\n\n```\n> Task :integrationTest FAILED\nBUILD FAILED in 3m 2s\nERROR: Job failed: exit code 1\n```", g}, nil)
		t.Logf("%s\n%s", g, out)
	}
}
