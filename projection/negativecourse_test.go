package projection

import "testing"

// An approach the agent rules out itself ("That can't work: …") is a
// rejected approach with its reason, and the course it takes in the same
// sentence ("so I'll do two queries") its decision; "I can't work on the
// server without credentials" rules nothing out, and a step ("so I'll
// rerun the tests") is no course.
func TestAgentRulesOutApproach(t *testing.T) {
	const start = "> user\nLoad the orders with their line items.\n"
	runScriptCases(t, []scriptCase{
		{"can't work, so I'll", start + "> assistant\nThat can't work: sqlx doesn't support nested slices in StructScan, so I'll do two queries and join in Go.\n",
			[]string{`negative-knowledge negative/.* = That can't work: sqlx doesn't support nested slices`, `decision .* = I'll do two queries and join in Go @`}, nil},
		{"doesn't work here since, so I'll switch", start + "> assistant\nUsing gorm preload doesn't work here since the items table has no foreign key, so I'll switch to a manual join.\n",
			[]string{`negative-knowledge .* = Using gorm preload doesn't work here`, `decision .* = I'll switch to a manual join @`}, nil},
		{"near miss: can't work on something", start + "> assistant\nI can't work on the server without credentials, so I'll ask you for them.\n",
			nil, []string{`negative-knowledge`}},
		{"near miss: a step after the verdict", start + "> assistant\nThat can't work with the cached build, so I'll rerun the tests.\n",
			[]string{`negative-knowledge`}, []string{`decision .* = I'll rerun`}},
	})
}
