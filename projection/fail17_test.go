package projection

import (
	"strings"
	"testing"
)

// A give-up takes with it the runs whose failure is the one given up
// (giveuprun.go): the trial's "timeout 300 ./gradlew integrationTest
// --tests '*OrderServiceIT.shouldRetryOnBrokerDown'" killed by its
// timeout ("Terminated"), before the same test failed and was given up.
func TestGiveUpTakesItsRuns(t *testing.T) {
	gradleFail := "Task :integrationTest\n\nOrderServiceIT > shouldRetryOnBrokerDown() FAILED\n    org.springframework.kafka.KafkaException: Send failed\n\n1 test completed, 1 failed\n\nBUILD FAILED in 1m 4s"
	pyFail := "tests/test_orders.py::test_retry_on_broker_down FAILED\nE   TimeoutError: metadata not present after 5000 ms\n1 failed in 64.2s"
	cases := []struct {
		name, first, firstOut, second, secondOut, offer, reply, firstKey string
		superseded                                                        bool
	}{
		{"de repro", "cd ~/svc && TOXIPROXY=1 DOCKER_HOST=unix:///run/user/1000/docker.sock timeout 300 ./gradlew integrationTest --tests '*OrderServiceIT.shouldRetryOnBrokerDown' 2>&1 | tail -12", "Task :integrationTest\n\nConnection to node 1 could not be established.\nTerminated\nexit status 124",
			"cd ~/svc && TOXIPROXY=1 SPRING_KAFKA_PRODUCER_PROPERTIES_MAX_BLOCK_MS=5000 timeout 300 ./gradlew integrationTest --tests '*OrderServiceIT.shouldRetryOnBrokerDown' 2>&1 | tail -10", gradleFail,
			"Das ist ein eigener Umbau; ich würde das hier nicht weiterverfolgen und den Test ausgeschaltet lassen. Einverstanden?", "ja, lass den Toxiproxy-Test.", `toxiproxy-1-docker_host`, true},
		{"en pytest node id", "timeout 300 pytest tests/test_orders.py::test_retry_on_broker_down", "Terminated",
			"pytest tests/test_orders.py::test_retry_on_broker_down", pyFail,
			"The test assumes an outbox retry we don't have. I'd not pursue this further. OK?", "yes, leave it.", `timeout-300-pytest`, true},
		{"en same run under xvfb-run", "xvfb-run -a npm run e2e -- --project=chromium", "Killed",
			"npm run e2e -- --project=chromium", "Error: browserType.launch: Target page, context or browser has been closed\nnpm ERR! code ELIFECYCLE",
			"The sandbox has no GPU; I'd not pursue this further. OK?", "yes, leave it.", `xvfb-run -a npm run e2e`, true},
		// near misses: the earlier run selects the whole class, or another
		// test; runs with other options; an error of its own
		{"de whole class", "TOXIPROXY=1 timeout 300 ./gradlew integrationTest --tests '*OrderServiceIT*'", "Terminated",
			"TOXIPROXY=1 ./gradlew integrationTest --tests '*OrderServiceIT.shouldRetryOnBrokerDown'", gradleFail,
			"Ich würde das hier nicht weiterverfolgen. Einverstanden?", "ja, lass den Toxiproxy-Test.", `timeout 300 ./gradlew integrationTest --tests '\*OrderServiceIT\*'`, false},
		{"en another test", "timeout 300 ./gradlew integrationTest --tests '*OrderServiceIT.shouldCreateOrder'", "Terminated",
			"./gradlew integrationTest --tests '*OrderServiceIT.shouldRetryOnBrokerDown'", gradleFail,
			"I'd not pursue this further. OK?", "yes, leave it.", `timeout 300 ./gradlew integrationTest --tests '\*OrderServiceIT.shouldCreateOrder'`, false},
		{"en another script", "xvfb-run -a npm run e2e:firefox", "Killed",
			"npm run e2e:chromium", "Error: browserType.launch: Target page, context or browser has been closed\nnpm ERR! code ELIFECYCLE",
			"I'd not pursue this further. OK?", "yes, leave it.", `xvfb-run -a npm run e2e:firefox`, false},
		{"en same file, no error of its own", "timeout 300 pytest tests/test_orders.py", "Terminated",
			"pytest tests/test_orders.py", pyFail,
			"I'd not pursue this further. OK?", "yes, leave it.", `timeout-300-pytest-tests/test_orders.py`, true},
		{"en same file, an error of its own", "timeout 300 pytest tests/test_orders.py", "E   ImportError: cannot import name 'OrderClient' from 'orders.client'",
			"pytest tests/test_orders.py", pyFail,
			"I'd not pursue this further. OK?", "yes, leave it.", `timeout 300 pytest tests/test_orders.py`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "Check whether the broker-down test runs.",
				"> assistant", scriptCall("developer__shell", map[string]any{"command": c.first}),
				"> result error", c.firstOut,
				"> assistant", scriptCall("developer__shell", map[string]any{"command": c.second}),
				"> result error", c.secondOut,
				"> assistant", c.offer,
				"> user", c.reply,
			}, "\n")
			got := reduceAll(t, script)
			open := `failure command/-/[^\n]*` + c.firstKey + `[^\n]*\[(?:open|investigating)/`
			if c.superseded {
				expect(t, got, []string{`negative-knowledge negative/-/` + c.firstKey + `|failure command/-/[^\n]*` + c.firstKey + `[^\n]*\[superseded/`}, []string{open})
			} else {
				expect(t, got, []string{open}, nil)
			}
		})
	}
}
