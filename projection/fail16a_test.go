package projection

import (
	"strings"
	"testing"
)

// A test called flaky in Russian ("флейки", "флэйки", as the word is
// spoken) stays open after a green wider run (flaky.go): the trial's
// "это флейки, известная история, не трогай его" after 1 of 6 runs
// failed, then a green `cargo test --workspace`.
func TestFlakyRussianLoanword(t *testing.T) {
	cases := []struct {
		name, role, say string
		open            bool
	}{
		{"repro ru: user", "user", "это флейки, известная история, не трогай его.", true},
		{"ru: agent", "assistant", "`graceful_shutdown_drains` падает 1 раз из 6 — флейки.", true},
		{"ru: флэйки", "user", "graceful_shutdown_drains флэйкий, не трогай.", true},
		{"en", "user", "that one is flaky, known issue, leave it.", true},
		// near misses: a question, a negation
		{"ru asked", "user", "это флейки?", false},
		{"ru negated", "user", "graceful_shutdown_drains не флейки, там гонка в drain.", false},
		{"en negated", "user", "graceful_shutdown_drains is not flaky, the drain races.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "прогони тесты agg-server.",
				"> assistant", scriptCall("run_shell", map[string]any{"command": "cargo test -p agg-server 2>&1 | grep -E '^test shutdown|^test result'"}),
				"> result error", "exitcode: 101\ntest shutdown::tests::graceful_shutdown_drains ... FAILED\ntest result: FAILED. 13 passed; 1 failed; 0 ignored",
				"> " + c.role, c.say,
				"> assistant", scriptCall("run_shell", map[string]any{"command": "cargo test --workspace 2>&1 | grep -E '^test result'"}),
				"> result", "exitcode: 0\ntest result: ok. 42 passed; 0 failed; 0 ignored\ntest result: ok. 14 passed; 0 failed; 0 ignored",
			}, "\n")
			got := reduceAll(t, script)
			open := `failure test/-/shutdown::tests::graceful_shutdown_drains \[(?:open|investigating)/\w+\] = .*flaky`
			if c.open {
				expect(t, got, []string{open}, nil)
			} else {
				expect(t, got, nil, []string{open})
			}
		})
	}
}

// The agent's first-person give-up of a run named by its program gives
// the whole run up, whatever files it was given (giveupall.go
// runWordsNamed): the trial's "Desisto do detox nesta sessão" after
// "npx detox test -c android.emu.debug e2e/cart.e2e.ts" failed.
func TestGivenUpRunWithFiles(t *testing.T) {
	cases := []struct {
		name, role, say string
		superseded      bool
	}{
		{"repro pt: agent", "assistant", "O SDK aqui não tem o emulator. Desisto do detox nesta sessão; o fluxo fica coberto pelo teste de regressão do jest.", true},
		{"en: agent", "assistant", "The SDK has no emulator here. Giving up on detox in this session; the jest regression test covers the flow.", true},
		{"pt: user", "user", "desisto do detox, fica pro jest.", true},
		// near misses: negated, asked, put off, another tool
		{"pt negated", "assistant", "Não desisto do detox ainda: vou instalar o emulator.", false},
		{"en negated", "assistant", "I won't give up on detox yet; installing the emulator.", false},
		{"pt asked", "assistant", "Desisto do detox nesta sessão?", false},
		{"en put off", "assistant", "Giving up on detox until tomorrow.", false},
		{"another tool", "assistant", "Desisto do maestro nesta sessão.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "confirma o fluxo do carrinho no e2e.",
				"> assistant", scriptCall("run_shell_command", map[string]any{"command": "npx detox test -c android.emu.debug e2e/cart.e2e.ts 2>&1 | tail -3"}),
				"> result error", "detox[51022] E DetoxRuntimeError: Failed to start emulator\nPANIC: Missing emulator engine program for 'x86_64' CPU.",
				"> " + c.role, c.say,
				"> user", "ok.",
			}, "\n")
			got := reduceAll(t, script)
			open := `failure command/-/npx detox test -c android.emu.debug e2e/cart.e2e.ts \[(?:open|investigating)/`
			if c.superseded {
				expect(t, got, []string{`negative-knowledge .*detox`}, []string{open})
			} else {
				expect(t, got, []string{open}, nil)
			}
		})
	}
}

// A give-up the agent offers and the user agrees to gives the failure up
// (giveupoffer.go): the trial's "ich würde das hier nicht
// weiterverfolgen … Einverstanden?" — "ja, lass den Toxiproxy-Test.".
func TestGiveUpOffered(t *testing.T) {
	cases := []struct {
		name, offer, reply string
		superseded         bool
	}{
		{"repro de", "Der Test geht von einem Outbox-Retry aus, den placeOrder nicht hat. Das ist ein eigener Umbau; ich würde das hier nicht weiterverfolgen und den Test per Env-Variable ausgeschaltet lassen. Einverstanden?", "ja, lass den Toxiproxy-Test.", true},
		{"de bare ok", "Das ist ein eigener Umbau; ich würde das hier nicht weiterverfolgen. Einverstanden?", "ok.", true},
		{"de more after", "Ich würde den Test ausgeschaltet lassen, einverstanden?", "ja, lass den Toxiproxy-Test. Das Ticket dafür leg ich selbst an.", true},
		{"en", "The test assumes an outbox retry placeOrder doesn't have. I'd not pursue this further and leave the test behind the env flag. OK?", "yes, leave it.", true},
		{"en suggest", "That's a separate refactor. I suggest we drop it for this PR.", "sounds good", true},
		{"pt", "O teste supõe um retry que o placeOrder não tem. Eu não seguiria com isso aqui. Pode ser?", "sim, deixa.", true},
		{"ru", "Тест ждёт outbox-ретрай, которого нет. Я бы не стал дальше копать. Ок?", "да.", true},
		// near misses: the reply objects, asks, retries or moves on; the
		// offer negated; no offer at all
		{"de but", "Ich würde das hier nicht weiterverfolgen. Einverstanden?", "ja, aber versuch noch einmal mit 30s Timeout.", false},
		{"de retry", "Ich würde das hier nicht weiterverfolgen. Einverstanden?", "ja, lass ihn nochmal laufen.", false},
		{"en no", "I'd not pursue this further. OK?", "no, keep going.", false},
		{"en asks", "I'd not pursue this further. OK?", "why? what's missing?", false},
		{"en moves on", "I'd not pursue this further. OK?", "ok, now run the lint.", false},
		{"en negated offer", "I wouldn't drop it: the retry is one line. OK?", "ok.", false},
		{"no offer", "The test assumes an outbox retry placeOrder doesn't have.", "ok.", false},
		{"pt no", "Eu não seguiria com isso aqui. Pode ser?", "não, continua.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			script := strings.Join([]string{
				"> user", "Schau, ob der Toxiproxy-Test läuft.",
				"> assistant", scriptCall("developer__shell", map[string]any{"command": "TOXIPROXY=1 ./gradlew integrationTest --tests '*OrderServiceIT.shouldRetryOnBrokerDown' 2>&1 | tail -5"}),
				"> result error", "Task :integrationTest\n\nOrderServiceIT > shouldRetryOnBrokerDown() FAILED\n    org.springframework.kafka.KafkaException: Send failed\n\nBUILD FAILED in 1m 4s",
				"> assistant", c.offer,
				"> user", c.reply,
			}, "\n")
			got := reduceAll(t, script)
			open := `failure test/-/OrderServiceIT > shouldRetryOnBrokerDown\(\) \[(?:open|investigating)/`
			if c.superseded {
				expect(t, got, []string{`negative-knowledge negative/-/orderserviceit-shouldretryonbrokerdown`}, []string{open})
			} else {
				expect(t, got, []string{open}, nil)
			}
		})
	}
}
