package projection

import (
	"strings"
)

// A failure the user pastes.
//
// "CI is red again:" and a block of pytest's output under it tells a
// failure the agent has not seen run: the pasted output is what a tool
// reported, relayed by the user. A block the user pastes (fenced, or
// three lines or more of a tool's output) with a failure signature in it
// (a traceback, a test runner's FAILED or "--- FAIL:" line, a compiler's
// "error:" line) is read as a tool's output would be, and each failed
// test it names is an open failure whose source is the user's message; a
// later run of the test resolves it. An error that names no test (a
// traceback in an issue pasted to be fixed) opens nothing: no run of the
// session is keyed by it, so nothing could show it fixed. A failure told in prose ("the
// build failed yesterday, ignore it") is no such block, and a block the
// user says to ignore or calls flaky or known opens nothing.
//
// A block from a CI job that names the command it ran (GitHub Actions'
// "Run cargo +1.75 check --workspace", a "$ ./gradlew check" prompt line)
// and fails with no test named is that command's failure, keyed as the
// command run in the session would be: its local run passing after a fix
// resolves it. Gradle's "FooIT > bar() FAILED" names a test as pytest's
// "FAILED a.py::b" does.

// pastedFailRE is a line of a tool's output that says something failed.
var pastedFailRE = mustPattern(`(?m)^\s*(?:FAILED\s+\S+::\S+|ERROR\s+\S+::\S+|\S+::\S+\s+FAILED\b|Traceback \(most recent call last\):|--- FAIL: \S+|FAIL\s+\S+\.(?:test|spec)\.[jt]sx?\b|error(?:\[E\d{4}\])?: \S|\S+\.\w{1,5}:\d+(?::\d+)?:\s*(?:fatal )?error\b|test \S+ \.\.\. FAILED$|[\w.$]+ > \S[^\n]{0,120}? FAILED\s*$)`)

// pastedRunRE is the line of a pasted CI log naming the command the job
// ran: GitHub Actions' "Run cmd", a shell prompt's "$ cmd".
var pastedRunRE = mustPattern(`(?m)^(?:Run|\$) ([^\n]{3,200})$`)

// pastedIgnoredRE is the user's word that a pasted failure is not to be
// worked on: "ignore it", "flaky", "known issue", "not ours".
var pastedIgnoredRE = mustPattern(`(?i)\b(?:ignore|flaky|known (?:issue|failure|problem)|not (?:ours|our problem|related)|unrelated|for reference|fyi)\b|忽略|不用管|别管|已知问题|无关`)

// pastedBlocks are the blocks of text a user message pastes: each fenced
// block, or, with no fence, the lines after the first when they are
// three or more.
func pastedBlocks(text string) (blocks []string, prose string) {
	var out []string
	var talk strings.Builder
	last := 0
	for _, m := range configFenceRE.FindAllStringSubmatchIndex(text, -1) {
		talk.WriteString(text[last:m[0]])
		out = append(out, text[m[4]:m[5]])
		last = m[1]
	}
	rest := text[last:]
	talk.WriteString(rest)
	if len(out) > 0 {
		return out, talk.String()
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) >= 4 {
		return []string{strings.Join(lines[1:], "\n")}, lines[0]
	}
	return nil, text
}

// pastedFailures are the failures the blocks a user message pastes
// report (see above), each marked Pasted.
func pastedFailures(text string) []Proposal {
	blocks, prose := pastedBlocks(text)
	if len(blocks) == 0 || pastedIgnoredRE.MatchString(prose) {
		return nil
	}
	var out []Proposal
	seen := map[string]bool{}
	for _, b := range blocks {
		if !pastedFailRE.MatchString(b) {
			continue
		}
		ev := &Event{Role: RoleTool, Text: b, Result: &Result{}}
		ctx := &Context{}
		if m := pastedRunRE.FindStringSubmatch(b); m != nil && len(runFields(m[1])) >= 2 {
			// the command the job ran (see above)
			ctx.Call = &Call{Name: "shell", Args: map[string]any{"command": strings.TrimSpace(m[1])}}
		}
		for _, p := range proposeToolResult(ev, ctx) {
			// A failed test, or the command the job named: a later run
			// of it resolves it. An error no command of the session is
			// keyed by (a traceback in an issue pasted to be fixed)
			// could never be shown resolved.
			cmd := ctx.Call != nil && strings.HasPrefix(p.Key, commandPrefix)
			if p.Kind != KindFailure || !p.Failed || p.Quote == "" || !strings.HasPrefix(p.Key, "test/") && !cmd || !strings.Contains(text, p.Quote) || seen[p.Key] {
				continue
			}
			seen[p.Key] = true
			p.Pasted = true
			if !cmd {
				p.Links = nil
			}
			out = append(out, p)
		}
	}
	return out
}
