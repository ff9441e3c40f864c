package projection

import (
	"slices"
	"strings"
)

// A failure the user saw outside the session.
//
// "выкатил на стейдж … один под уже OOMKilled", "prod crashed with
// exit code 137", "in produzione fallisce con NullPointerException": the
// user tells a failure of a run the session did not see (a deploy, a
// pod, CI). Told with a concrete sign of failure (userFailRE: an
// OOM kill, a crash loop, a segfault, an exit code, "fails with …"),
// it is an open failure whose source is the user's message, as a
// pasted one is (pastedfail.go); the user's report that the run passes
// again resolves it (usergreen.go). "It's slow", a question ("did it
// OOM?") or a condition ("if it OOMs, raise the limit") tells none.

// reportedPrefix opens the key of a failure the user told.
const reportedPrefix = "reported/-/"

// userFailRE is a concrete sign of a failure in a user's words.
var userFailRE = mustPattern(`(?i)\bOOM[- ]?kill(?:ed|er)?\b|\bOOMKilled\b|\bout of memory\b|\bCrashLoopBackOff\b|\bseg(?:mentation )?fault\b|\bexit(?:ed)? (?:with )?(?:code|status) [1-9]\d*\b|\b(?:fails|failed|failing|crashes|crashed|dies|died) with (?:an? )?[\w.:]+|\bfallisce con \S+|\bfaalt met \S+|\bschlägt fehl mit \S+|(?:упал[а-яё]*|падает|валится)\s+(?:с|по|на)\s+\S+|崩溃|内存溢出`)

// userFailNotRE marks a sentence that tells no failure seen now: a
// question, a condition, a possibility, a negation, an explanation ("137
// is the OOM killer"), a story of an earlier time ("last year", "last
// release", "used to") or an instruction ("make the shell exit with code
// 9", "simulate an OOM kill").
var userFailNotRE = mustPattern(`(?i)[?？]|\b(?:is the|means|last (?:year|release|time|month|week|quarter)|used to|years? ago|once|if|whether|might|could|may|maybe|would|avoid|prevent|no more|not|[a-z]+n't|never|without|make|let|have it|so that|should|must|want|expect|ensure|simulate|reproduce|trigger|force|se|eviter|als|wenn|falls|si|evitare|niet|nicht|nessun|nunca|sem|nenhum|kein|keine|senza|sans|ohne|zonder|sin)\b|(?i:(?:^|[^\pL])(?:não|nao)(?:$|[^\pL]))|(?:^|\s)(?:если|может|чтобы|не|без|больше не)(?:\s|$|[,.!])|如果|可能|避免|不`)

// stopSignalRE is a run told ended by a signal that stops it on request
// (SIGTERM, SIGINT, SIGHUP): "Command failed with signal \"SIGTERM\"",
// "terminated by SIGINT", as a dev server the user stopped prints in the
// log they paste. It is the run stopped, not failing: what failed, if
// anything, is told elsewhere in the paste. A kill of another signal
// ("signal SIGKILL", "SIGSEGV": the OOM killer, a crash) stays a failure.
var stopSignalRE = mustPattern(`(?i)\bsignal\s*:?\s*["'\x60]?SIG(?:TERM|INT|HUP)\b|\b(?:killed|terminated|interrupted|stopped)\s+by\s+(?:signal\s+)?SIG(?:TERM|INT|HUP)\b`)

// goalSentRE is a sentence that states the goal, in the languages the
// lexicons cover: "the goal now is", "l'obiettivo adesso è", "het doel
// is", "das Ziel ist", "l'objectif est", "el objetivo es", "цель".
var goalSentRE = mustPattern(`(?i)\b(?:the (?:new )?(?:goal|objective|aim)|our (?:goal|objective)|(?:new|change of) (?:goal|objective|plan)|obiettivo|het (?:nieuwe )?doel|(?:das|unser|neues) ziel|(?:l'|nouvel )objectif|(?:el|nuevo|o|novo) objetivo)\b|(?:^|\s)(?:цель|задача)(?:\s|$|[:,])|目标`)

// reportedFailures are the failures a user message tells (see above),
// each marked Pasted: the user's word of what a tool would have shown.
func reportedFailures(text string, pasted []Proposal, ctx *Context) []Proposal {
	if len(pasted) > 0 {
		return nil
	}
	ss := sentences(text)
	for i, s := range ss {
		if tried(s) || goalSentRE.MatchString(s) {
			// an attempt told (story.go); the goal stated, whose symptom
			// to remove ("the goal now is to finish the rollout without
			// OOMKilled") is the objective's, no failure seen
			continue
		}
		for _, part := range failClauseRE.Split(s, -1) {
			if userFailNotRE.MatchString(part) || stopSignalRE.MatchString(part) {
				continue
			}
			key, name := "", ""
			if k, n, ok := httpFailure(part, s); ok {
				// an HTTP 5xx told of a path (httpfail.go)
				key, name = k, n
			} else if m := userFailRE.FindString(part); m != "" {
				key, name = slug(m), m
			} else if k, n, ok := signedFailure(part); ok {
				// a fail verb with an error text or a place (userfailsign.go)
				key, name = k, strings.TrimSpace(n)
			} else if k, n, ok := brokenRelayed(text, part); ok {
				// broken behaviour relayed from someone (httpfail.go)
				key, name = k, n
			} else if k, ok := stillFailing(part, s, ctx); ok {
				// "still failing", "o teste continua falhando" (below)
				key, name = k, strings.TrimSpace(part)
			} else {
				continue
			}
			if slices.ContainsFunc(ss[i:], pastedIgnoredRE.MatchString) {
				// "…, ignore it", "known issue": the failure told and
				// set aside; one said flaky before it is another's
				return nil
			}
			s = strings.TrimSpace(s)
			return []Proposal{{Op: OpOutcome, Kind: KindFailure, Key: reportedPrefix + key, Name: name, Value: "failed: " + s,
				Quote: s, Because: s, Failed: true, Pasted: true}}
		}
	}
	return nil
}

// A run the user says fails still or again.
//
// "still failing", "the test is still red", "keeps crashing", "it failed
// again", and the same through a lexicon's gloss ("ainda tá quebrando",
// "テストがまだ失敗する", "test hâlâ kırmızı"): the user ran the thing the
// agent changed and saw it fail. The clause names no error, but "still"
// and "again" say it is the failure the session works on: it is keyed
// by what the sentence names (a server error status it tells, a URL path,
// a test's or file's name), else by the one failure the user told that
// is still open, else as the run that still fails. The user's report that
// it passes resolves it (usergreen.go). A question ("still failing?"), a
// condition, a negation ("not failing anymore") tells none
// (userFailNotRE, relayNotRE).

// stillFailRE is a run told failing still or again.
// "Broken" is left out: "the coffee machine is broken again" is no run.
var stillFailRE = mustPattern(`(?i)\bstill\s+(?:(?:is|are)\s+)?(?:fail(?:s|ing)?|red|crash(?:es|ing)?|erroring)\b|\b(?:keeps?|kept)\s+(?:failing|crashing|erroring)\b|\b(?:fail(?:s|ed|ing)?|crash(?:es|ed)?)\s+again\b|\b(?:is|are)\s+(?:failing|red)\s+again\b`)

// stillFailedKey is the key (after reportedPrefix) of a run told failing
// with no name.
const stillFailedKey = "still-failing"

// stillFailing is the key (after reportedPrefix) of the failure clause part of sentence tells
// as failing still or again (see above); ok false when part tells none.
func stillFailing(part, sentence string, ctx *Context) (string, bool) {
	if !stillFailRE.MatchString(part) || relayNotRE.MatchString(part) {
		return "", false
	}
	for _, p := range failClauseRE.Split(sentence, -1) {
		if k, _, ok := httpFailure(p, sentence); ok && !userFailNotRE.MatchString(p) {
			// "still failing, it returns 500 again": the status told
			return k, true
		}
	}
	if m := urlPathRE.FindStringSubmatch(part); m != nil {
		return slug(m[1]), true
	}
	if ns := greenNames(part); len(ns) > 0 {
		return slug(ns[0]), true
	}
	one := ""
	if ctx != nil {
		for _, k := range ctx.OpenFailures {
			if !strings.HasPrefix(k, reportedPrefix) {
				continue
			}
			if one != "" && one != k {
				// two told failures open: which one fails is not said
				return stillFailedKey, true
			}
			one = k
		}
	}
	if one != "" {
		return strings.TrimPrefix(one, reportedPrefix), true
	}
	return stillFailedKey, true
}
