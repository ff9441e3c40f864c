package projection

import (
	"strings"
	"testing"
)

func TestSedValues(t *testing.T) {
	cmd := `sed -i 's/dunning_grace_days: 7/dunning_grace_days: 14/' config/billing.yml && sed -i "s/limit rate 10\/minute/limit rate 4\/minute/; s/wg_mtu = 1420/wg_mtu = 1340/g" roles/nft.j2 && sed -i 's/@mgmt_hosts/@mgmt_nets/' a.j2 && sed -i "s/cron: '0 2 1 \* \*'/cron: '0 3 1 * *'/" s.yml`
	got := map[string]string{}
	for _, p := range sedValues(cmd) {
		got[p.Key] = p.Was + "->" + p.Value
		if p.Quote == "" || !strings.Contains(cmd, p.Quote) {
			t.Errorf("quote %q not in the command", p.Quote)
		}
	}
	want := map[string]string{
		"value/config/billing.yml/dunning_grace_days": "7->14",
		"value/roles/nft.j2/limit_rate":               "10/minute->4/minute",
		"value/roles/nft.j2/wg_mtu":                   "1420->1340",
	}
	if len(got) != len(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if ps := sedValues("sed -n 's/a: 1/a: 2/p' f.yml"); ps != nil {
		t.Errorf("not in place: %v", ps)
	}
}

// A chain of edits then a build or test that fails in the build or test
// still set what its seds set; a sed after the failing stage, or one
// that failed itself, set nothing.
func TestSedBeforeAFailingStage(t *testing.T) {
	out := reduceAll(t, "> user\nwe work on the app today.\n> assistant\nbumping.\n"+
		"> call bash {\"command\": \"cd ~/app && sed -i 's/versionCode = 2404/versionCode = 2406/' app/build.gradle.kts && ./gradlew test\"}\n> result error\nSyncSchedulerTest > schedulesPeriodicSync FAILED\n"+
		"> assistant\nok\n> call bash {\"command\": \"cd ~/app && ./gradlew test && sed -i 's/retries = 3/retries = 5/' app/conf.kts\"}\n> result error\nFAILED\n"+
		"> assistant\nok\n> call bash {\"command\": \"sed -i 's/timeout = 3/timeout = 5/' app/missing.kts && make\"}\n> result error\nsed: can't read app/missing.kts: No such file or directory\n")
	expect(t, out, []string{`value/app/build.gradle.kts/versioncode \[current/empirical\] = 2406 \(was 2404\)`}, []string{`retries \[`, `timeout \[`})
}
