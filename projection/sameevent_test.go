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
}
