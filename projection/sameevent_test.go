package projection

import "testing"

// TestTwoRulesOfOneMessageBothHold: a rule that says more than an earlier
// one replaces it ("never push to main" → "never push to main without a
// review"), but two items of one message are two rules, both in force
// (a task prompt's "1. You issue at least one command" showed as replaced
// by its next list's "2. At least one tool call with your command").
func TestTwoRulesOfOneMessageBothHold(t *testing.T) {
	expect(t, reduceAll(t, `
> user
You are operating in an environment where

1. You issue at least one command
2. The system executes the command(s) in a subshell

Each response should include:

1. **Reasoning text** where you explain your analysis and plan
2. At least one tool call with your command
`), []string{`= You issue at least one command @0`, `= At least one tool call with your command @0`}, []string{`\(was You issue`})
	expect(t, reduceAll(t, `
> user
Never push to main.
> assistant
Understood.
> user
Never push to main without a review.
`), []string{`= Never push to main without a review. \(was Never push to main.\)`}, nil)
	expect(t, reduceAll(t, `
> user
Never push to main. Never push to main without a review.
`), []string{`= Never push to main without a review. \(was Never push to main.\)`}, []string{`constraint \S+ \[active\S*\] = Never push to main\. @`})
}

// TestInferredMustIsNoRule: "must have" before a past participle is what
// the speaker infers ("so that must have worked"), no rule, unless a
// condition of time makes it one ("must have run the migrations before
// you deploy"); "must have" before a thing one must have is a rule.
func TestInferredMustIsNoRule(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"rm doesn't have any output when it deletes successfully, so that must have worked.", false},
		{"It must've been the cache.", false},
		{"The build must have already finished by now.", false},
		{"You must have the tests passing before you push.", true},
		{"You must have run the migrations before you deploy.", true},
		{"You must run the migrations.", true},
		{"Your patch must not have modified any test files.", true},
		{"Every PR must have passed CI.", true},
		{"All code must have been reviewed.", true},
		{"Every chart must have labeled axes.", true},
		{"The service must have read access to the S3 bucket.", true},
		{"Every service must have built-in health checks.", true},
		{"That must have broken something in the parser.", false},
		{"By the time you read this the build must have finished.", false},
	} {
		if got := isRule(c.s); got != c.want {
			t.Errorf("isRule(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

// TestLongTaskPromptKeepsItsSubmissionRules: a task prompt of a dozen
// rules keeps them all (the per-message bound was 8, and a SWE task's
// "Do NOT commit your changes", stated ninth, was lost).
func TestLongTaskPromptKeepsItsSubmissionRules(t *testing.T) {
	expect(t, reduceAll(t, `
> user
Fix the issue described below.
- DO NOT MODIFY: Tests, configuration files (pyproject.toml, setup.cfg, etc.)
- Test edge cases to ensure your fix is robust.
- Your response MUST include AT LEAST ONE bash tool call.
- Always use non-interactive flags (-y, -f) for commands.
- Avoid interactive tools like vi, nano, or any that require user input.
- Never run the full test suite, only the tests of the module you changed.
- Do not install new packages.
- When you've completed your work, you MUST submit your changes as a git patch.
- Do NOT commit your changes.
- The patch must only contain changes to the source files you modified.
`), []string{`= Do NOT commit your changes\.`, `= The patch must only contain changes`}, nil)
}

// TestDecisionAfterALead: a decision the user reports after a lead
// ("Also: we decided to keep the CSV header order …") is one, as it is
// without the lead.
func TestDecisionAfterALead(t *testing.T) {
	for _, lead := range []string{"", "Also: ", "Also, ", "btw "} {
		expect(t, reduceAll(t, "> user\nAdd a CSV export of the invoices.\n> assistant\nSure.\n> user\n"+lead+"we decided to keep the CSV header order exactly as finance expects."),
			[]string{`decision decision/-/\S*decided-keep-csv-header-order\S* \[active/`}, nil)
	}
}

// TestShortAnswerSetsTheAskedSetting: the agent asks which value a
// setting takes and the user answers with a short reply holding a
// number, in the chat or through a tool that asks the user (Claude
// Code's AskUserQuestion): the setting takes it. A reply that is no
// value, or a question that names no setting, sets nothing.
func TestShortAnswerSetsTheAskedSetting(t *testing.T) {
	start := "> user\nAdd retries to the checkout client.\n> assistant\n"
	for _, c := range []struct {
		asked, said string
		want, never []string
	}{
		{"Which request timeout should the client use?", "45s", []string{`value value/-/request_timeout \[current/normative\] = 45s @2`}, nil},
		{"What should the retry limit be?", "5 please", []string{`value value/-/retry_limit \[current/normative\] = 5 @2`}, nil},
		{"Which request timeout should the client use?", "make it 45s", []string{`= 45s @2`}, nil},
		{"Which request timeout should the client use?", "I'll ask Maria about it.", nil, []string{`value/-/request_timeout`}},
		{"Did the tests pass on your machine?", "2 failed", nil, []string{`value/-/`}},
	} {
		expect(t, reduceAll(t, start+c.asked+"\n> user\n"+c.said), c.want, c.never)
	}
	expect(t, reduceAll(t, start+"Let me ask.\n> call AskUserQuestion {\"questions\": [{\"question\": \"Which request timeout should the checkout client use?\"}]}\n> result\n"+
		`User has answered your questions: "Which request timeout should the checkout client use?"="45s". You can now continue with the user's answers in mind.`),
		[]string{`value value/-/request_timeout \[current/normative\] = 45s`}, nil)
}

// TestCalledADecision: what the user calls a decision is one, though it
// holds a rule's words; the same words without the call stay a rule.
func TestCalledADecision(t *testing.T) {
	start := "> user\nAdd retries to the checkout client.\n> assistant\nOK.\n> user\n"
	expect(t, reduceAll(t, start+"Let's go with 3 attempts max, no retry on 4xx — that's the decision."),
		[]string{`decision decision/-/\S+ \[active/normative\] = Let's go with 3 attempts max, no retry on 4xx @2`}, []string{`constraint`})
	expect(t, reduceAll(t, start+"Never retry on 4xx."), []string{`constraint constraint/-/retry-4xx \[active/`}, nil)
	expect(t, reduceAll(t, start+"Never retry on 4xx, that's settled."), []string{`decision decision/-/retry-4xx \[active/normative\] = Never retry on 4xx @2`}, nil)
	expect(t, reduceAll(t, start+"Never retry on 4xx; the rest is not decided."), []string{`constraint constraint/-/\S+ \[active/`}, nil)
}
