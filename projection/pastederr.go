package projection

import "strings"

// An error the user pastes from a system the session does not run.
//
// "staging logs are full of this since yesterday:" and a block holding
// "sqlalchemy.exc.TimeoutError: QueuePool limit of size 5 overflow 10
// reached": the user pastes what a running system logged. No test or
// command of the session fails in it (pastedfail.go reads those), yet it
// is a failure of the project: an open failure titled by its error line,
// keyed by it under reportedPrefix, resolved as a told failure is (a fix
// aimed at it shown by a passing test, reportfix.go; the user's word that
// the errors stopped, userfixed.go).
//
// The paste is a running system's failure when the user says where it
// was seen (its logs, an environment, a monitoring tool): an issue's
// traceback pasted to be fixed, or a crash QA pasted with no fix the
// session could tie to it, opens nothing here (a failed test in it does,
// pastedfail.go). A paste the user sets aside ("ignore it", "known
// issue") opens nothing, and a block with no error line (code, a
// config) none.

// pastedErrLineRE is an error line of pasted output: an exception's or
// error's class and its message, a log line at level ERROR or FATAL, a
// server error status line.
var pastedErrLineRE = mustPattern(`(?m)^\s*(?:[a-z_][\w]*\.)*[A-Z]\w*(?:Error|Exception|Timeout|Exceeded|Fault)(?::\s*\S[^\n]*|\s*$)|^\s*(?:\S+\s+){0,3}\[?(?:ERROR|FATAL|CRITICAL)\]?[\s:][^\n]*\S|^\s*HTTP/[\d.]+ 5\d\d\b[^\n]*`)

// logStampRE is the date and time a log line opens with.
var logStampRE = mustPattern(`^\s*(?:\[?\d{2,4}[-/.]\d{2}[-/.]\d{2,4}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?\]?\s+|\[?\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]?\s+)+`)

// pastedWhereRE is the user's word of where a pasted error was seen: a
// log, an environment, a monitoring tool.
var pastedWhereRE = mustPattern(`(?i)\b(?:logs|logging|sentry|datadog|grafana|kibana|monitoring|journalctl|syslog|staging|prod|production|preprod|canary|produzione|productie|produktion|producción|produção)\b|\b(?:the|our|nei|dei|i|il|de|in de|im|den|les|los|os|el|o) logs?\b|\blog ?(?:file|bestand|datei)\b|日志|监控|线上|生产环境|测试环境|预发|ログ|本番|ステージング|監視|로그|운영 ?서버|스테이징|모니터링`)

// seenOutside reports whether the user's message text says where a
// failure was seen outside the session: a log, an environment, a
// monitoring tool (pastedWhereRE), where the product runs; CI, where the
// session's own tests run again, is none. Such a failure is one a later
// report can resolve even when the message also sets the objective
// ("staging 上还是 502, nginx 日志 upstream timed out").
func seenOutside(text string) bool {
	return pastedWhereRE.MatchString(text)
}

// pastedErrors are the failures of the errors user message text pastes
// (see above).
func pastedErrors(text string) []Proposal {
	blocks, prose := pastedBlocks(text)
	if len(blocks) == 0 || pastedIgnoredRE.MatchString(prose) {
		return nil
	}
	if !pastedWhereRE.MatchString(prose) {
		return nil
	}
	for _, b := range blocks {
		m := firstUnretriedError(b)
		// the error, not the time it was logged at
		line := strings.TrimSpace(logStampRE.ReplaceAllString(m, ""))
		if line == "" || len(line) < 12 {
			continue
		}
		title := oneLine(line, valueRunes)
		because := strings.TrimSpace(prose) + "\n" + line
		return []Proposal{{Op: OpOutcome, Kind: KindFailure, Key: reportedPrefix + slug(line), Name: line, Value: "failed: " + title,
			Quote: line, Because: because, Failed: true, Pasted: true}}
	}
	return nil
}

// A retry that succeeded.
//
// "ERROR retrying connection to db-primary (attempt 1/3): connection
// refused" and, lines later, "connected to db-primary": a log's error
// lines that say the program tries again (retryLineRE) are no failure
// when a later line of the same log, no error itself, tells the thing
// succeeded (retrySucceededRE). Retries that end in an error ("ERROR
// giving up after 3 attempts") or with nothing after them stay failures.

// retryLineRE is an error line that says the program tries again.
var retryLineRE = mustPattern(`(?i)\b(?:retry(?:ing)?|retried|re-trying|will retry|backing off|reconnect(?:ing)?|attempt\s+\d+\s*(?:/|of)\s*\d+)\b`)

// retrySucceededRE is a line that says a thing succeeded.
var retrySucceededRE = mustPattern(`(?i)\b(?:connected|reconnected|succeeded|successful(?:ly)?|success|established|recovered|resumed)\b`)

// firstUnretriedError is block b's first error line (pastedErrLineRE)
// that is no retry a later line shows succeeded (see above), "" when
// there is none.
func firstUnretriedError(b string) string {
	for _, loc := range pastedErrLineRE.FindAllStringIndex(b, -1) {
		line := b[loc[0]:loc[1]]
		if !retryLineRE.MatchString(line) || !retrySucceededAfter(b[loc[1]:]) {
			return line
		}
	}
	return ""
}

// retrySucceededAfter reports whether a line of rest, no error line,
// tells a thing succeeded.
func retrySucceededAfter(rest string) bool {
	for l := range strings.Lines(rest) {
		if retrySucceededRE.MatchString(l) && !pastedErrLineRE.MatchString(l) {
			return true
		}
	}
	return false
}
