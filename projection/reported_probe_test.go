package projection

import (
	"strings"
	"testing"
)

// fail20Script joins script lines: "> role" lines and their texts.
func fail20Script(lines ...string) string {
	return strings.Join(lines, "\n")
}

// An error the user pastes from a running system is a told failure,
// titled by its error line, resolved by the user's word that the errors
// stopped (pastederr.go, userfixed.go; trial 12 A18). The message that
// sets the task pastes its bug unless it says where the error was seen;
// a paste set aside, or with no error line, opens nothing.
func TestPastedSystemError(t *testing.T) {
	const fence = "```"
	cases := []struct {
		name, paste, allClear, key string
		resolved                   bool
	}{
		{"en staging log, all-clear", "staging logs are full of this since yesterday:\n" + fence + "\nsqlalchemy.exc.TimeoutError: QueuePool limit of size 5 overflow 10 reached, connection timed out, timeout 30.00\n  File \"/app/app/api/orders.py\", line 31, in list_orders\n" + fence,
			"staging looks quiet since the deploy an hour ago, no more QueuePool errors in the logs. nice", `reported/-/sqlalchemy.exc.timeouterror-queuepool-limit`, true},
		{"it prod log, all-clear", "i log di produzione sono pieni di questo da stamattina:\n" + fence + "\nredis.exceptions.ConnectionError: Error 111 connecting to cache:6379. Connection refused.\n" + fence,
			"ok, niente più errori ConnectionError nei log da dopo il deploy", `reported/-/redis.exceptions.connectionerror-error-111`, true},
		{"nl log line, all-clear", "in de logs van staging zie ik dit steeds:\n" + fence + "\n2026-11-25 10:02:11 ERROR Facturatie.Api.PdfExport - upload failed: stream is empty\n" + fence,
			"geen PdfExport fouten meer in de logs", `reported/-/error-facturatie.api.pdfexport-upload-failed`, true},
		// near misses: the all-clear of another thing, a hope
		{"en all-clear of another error", "staging logs are full of this since yesterday:\n" + fence + "\nsqlalchemy.exc.TimeoutError: QueuePool limit of size 5 overflow 10 reached\n" + fence,
			"no more RedisTimeout errors in the logs", `reported/-/sqlalchemy.exc.timeouterror-queuepool-limit`, false},
		{"en hope", "staging logs are full of this since yesterday:\n" + fence + "\nsqlalchemy.exc.TimeoutError: QueuePool limit of size 5 overflow 10 reached\n" + fence,
			"there should be no more QueuePool errors once this is deployed", `reported/-/sqlalchemy.exc.timeouterror-queuepool-limit`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, fail20Script("> user", c.paste, "> assistant", "Raising the pool size.", "> user", c.allClear))
			state := `\[open/`
			if c.resolved {
				state = `\[resolved/`
			}
			expect(t, out, []string{`failure ` + strings.ReplaceAll(c.key, ".", `\.`) + ` ` + state}, []string{`constraint `})
		})
	}
	for _, c := range []struct{ name, script string }{
		{"en issue's traceback, no place told", fail20Script("> user", "fix this bug:\n"+fence+"\nValueError: invalid literal for int() with base 10: 'x'\n"+fence)},
		{"en paste set aside", fail20Script("> user", "fix the pagination", "> assistant", "On it.", "> user", "fyi, known issue on staging, ignore it:\n"+fence+"\nsqlalchemy.exc.TimeoutError: QueuePool limit of size 5 overflow 10 reached\n"+fence)},
		{"en 'log' as a verb is no place", fail20Script("> user", "fix the pagination", "> assistant", "On it.", "> user", "when i run the site i get this, fix it now. log as you go.\n"+fence+"\nTypeError: app.ws is not a function\n"+fence)},
		{"en config pasted", fail20Script("> user", "fix the pagination", "> assistant", "On it.", "> user", "staging config:\n"+fence+"\npool_size: 5\nmax_overflow: 10\n"+fence)},
	} {
		t.Run(c.name, func(t *testing.T) {
			expect(t, reduceAll(t, c.script), nil, []string{`failure reported/`})
		})
	}
}

// "no more X errors" tells failures gone, how things are, no rule; "no
// more force pushes" is one (directive.go).
func TestNoMoreFailuresNoRule(t *testing.T) {
	for _, c := range []struct {
		say  string
		rule bool
	}{
		{"staging looks quiet since the deploy an hour ago, no more QueuePool errors in the logs.", false},
		{"looks good now, no more 503s on /healthz", false},
		{"no more timeouts since the restart", false},
		// near misses: real rules
		{"no more force pushes to main", true},
		{"no more new dependencies without asking me", true},
		{"the API looks fine, no more changes to it in this PR", true},
		{"no new lint errors in this PR", true},
	} {
		t.Run(c.say, func(t *testing.T) {
			out := reduceAll(t, fail20Script("> user", "fix the pagination", "> assistant", "On it.", "> user", c.say))
			if c.rule {
				expect(t, out, []string{`constraint `}, nil)
			} else {
				expect(t, out, nil, []string{`constraint `})
			}
		})
	}
}

// A 5xx a path answers, relayed by the user, is a failure keyed by the
// path; a later probe of the same path answering 2xx resolves it and the
// failed probe, and so does the user's relayed word that the path
// answers 200 — a report, no value (httpfail.go, probefix.go; trial 12
// B19).
func TestHTTPStatusReported(t *testing.T) {
	probe := func(cmd, out string) []string {
		return []string{"> assistant", scriptCall("shell", map[string]any{"command": cmd}), "> result", out}
	}
	it := append(append([]string{"> user", "Luca mi scrive che /healthz su staging risponde 503 da dopo il deploy, ma i pod sono Ready. guarda un po"},
		probe("curl -si localhost:18080/healthz | head -1", "HTTP/1.1 503 Service Unavailable")...),
		probe("curl -s -o /dev/null -w '%{http_code}\\n' localhost:18080/healthz", "200")...)
	out := reduceAll(t, fail20Script(it...))
	expect(t, out, []string{`failure reported/-/healthz-503 \[resolved/`, `failure command/-/curl -si localhost:18080/healthz \[resolved/`}, []string{`\[open/`})

	// the relayed confirmation alone, in English and Italian
	for _, c := range []struct {
		report, confirm string
		resolved        bool
	}{
		{"Luca mi scrive che /healthz su staging risponde 503 da dopo il deploy", "Luca conferma che /healthz ora è 200. bene", true},
		{"QA says /api/orders returns a 500 on staging since this morning", "QA confirms /api/orders returns 200 now", true},
		// near misses: another path confirmed, a hope
		{"QA says /api/orders returns a 500 on staging since this morning", "QA confirms /api/users returns 200 now", false},
		{"QA says /api/orders returns a 500 on staging since this morning", "/api/orders should return 200 after the deploy", false},
	} {
		t.Run(c.confirm, func(t *testing.T) {
			out := reduceAll(t, fail20Script("> user", c.report, "> assistant", "Looking.", "> user", c.confirm))
			state := `\[open/`
			if c.resolved {
				state = `\[resolved/`
			}
			expect(t, out, []string{`failure reported/-/\S+ ` + state}, []string{`value `})
		})
	}
	// near misses: a probe of another path, a condition, a question
	out = reduceAll(t, fail20Script(append(append([]string{"> user", "Luca mi scrive che /healthz su staging risponde 503"},
		probe("curl -si localhost:18080/healthz | head -1", "HTTP/1.1 503 Service Unavailable")...),
		probe("curl -si localhost:18080/readyz | head -1", "HTTP/1.1 200 OK")...)...))
	expect(t, out, []string{`failure reported/-/healthz-503 \[open/`, `failure command/-/curl -si localhost:18080/healthz \[open/`}, nil)
	for _, say := range []string{"if /healthz returns 503, restart the pod", "does /healthz return 503 on staging?"} {
		expect(t, reduceAll(t, fail20Script("> user", "fix the pagination", "> assistant", "On it.", "> user", say)), nil, []string{`failure reported/`})
	}
}

// A symptom named in the sentence that states the goal is the
// objective's, no failure told (userfail.go; trial 12 B1); a failure told
// after the goal is one.
func TestGoalSymptomNoFailure(t *testing.T) {
	for _, c := range []struct {
		say  string
		fail bool
	}{
		{"cambio di programma: l'obiettivo adesso è far completare il rollout su staging senza OOMKilled, con limiti giusti per ambiente", false},
		{"change of plan: the goal now is to finish the rollout on staging with no pod OOMKilled", false},
		{"nieuw plan: het doel is nu de rollout op staging afronden zonder OOMKilled pods", false},
		{"das Ziel ist jetzt, den Rollout auf Staging ohne OOMKilled abzuschließen", false},
		// near misses: a failure told, not a goal
		{"the rollout on staging is OOMKilled again", true},
		{"il pod su staging va in OOMKilled di nuovo", true},
	} {
		t.Run(c.say, func(t *testing.T) {
			out := reduceAll(t, fail20Script("> user", "devo far passare i test e fare il deploy su staging", "> assistant", "Ok.", "> user", c.say))
			if c.fail {
				expect(t, out, []string{`failure reported/-/oomkilled \[open/`}, nil)
			} else {
				expect(t, out, nil, []string{`failure reported/`})
			}
		})
	}
}

// Broken behaviour relayed from someone (support, a customer) is a
// failure; fixed and its regression test run by name, it is resolved
// (httpfail.go, reportfix.go; trial 12 C18). The user's own question, or
// a relay of no broken behaviour, tells none.
func TestRelayedBrokenBehaviour(t *testing.T) {
	for _, c := range []struct {
		report, test, run string
	}{
		{"support meldt dat de PDF's van facturen sinds gisteren leeg zijn op staging, 0 bytes. kan dat door ons komen?", "tests/Facturatie.Tests/PdfExportServiceTests.cs", "dotnet test --filter PdfExportServiceTests"},
		{"a customer says the invoice PDFs are empty since the release", "tests/test_pdf_export.py", "pytest tests/test_pdf_export.py"},
	} {
		t.Run(c.report, func(t *testing.T) {
			out := reduceAll(t, fail20Script("> user", "fix the build", "> assistant", "Done.", "> user", c.report,
				"> assistant", "The stream position stays at the end after rendering; I reset it and add a test.",
				scriptCall("write_file", map[string]any{"file_path": "src/PdfExportService.cs", "content": "stream.Position = 0;"}), "> result", "ok",
				"> assistant", scriptCall("write_file", map[string]any{"file_path": c.test, "content": "test"}), "> result", "ok",
				"> assistant", scriptCall("shell", map[string]any{"command": c.run}), "> result", "Passed!  - Failed:     0, Passed:     1, Skipped:     0, Total:     1\n1 passed in 0.2s"))
			expect(t, out, []string{`failure reported/-/\S+ \[resolved/`}, nil)
		})
	}
	for _, say := range []string{"are the invoice PDFs empty on staging?", "support says the new invoice layout is nice", "make sure the PDFs are not empty"} {
		t.Run(say, func(t *testing.T) {
			expect(t, reduceAll(t, fail20Script("> user", "fix the build", "> assistant", "Done.", "> user", say)), nil, []string{`failure reported/`})
		})
	}
}
