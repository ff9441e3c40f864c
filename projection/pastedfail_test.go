package projection

import "testing"

// TestPastedFailures: tool output the user pastes with a failure in it
// opens that failure, with the user's message as its source; a failure
// told in prose, or a paste the user says to ignore, opens nothing.
func TestPastedFailures(t *testing.T) {
	for _, tc := range []struct {
		name, msg   string
		want, never []string
	}{
		// trial 6's m22 and paraphrases
		{"pytest FAILED line", "CI is red:\n\n```\nFAILED tests/test_train.py::test_params_frozen - AssertionError: assert {'learning_rate': 0.05} == {'learning_rate': 0.1}\n1 failed, 18 passed in 12.4s\n```\nfix it",
			[]string{`failure test/-/test_params_frozen \[open/empirical\] = failed: FAILED tests/test_train.py::test_params_frozen`}, nil},
		{"no fence", "CI is red again:\nFAILED tests/test_api.py::test_login - assert 401 == 200\nFAILED tests/test_api.py::test_logout - assert 500 == 204\n2 failed, 40 passed in 3.1s\nplease look",
			[]string{`failure test/-/test_login \[open/empirical\]`, `failure test/-/test_logout \[open/empirical\]`}, nil},
		{"go test", "o CI quebrou de novo:\n```\n--- FAIL: TestParse (0.00s)\n    parse_test.go:12: got 3 want 4\nFAIL\nFAIL\tgithub.com/acme/csv\t0.012s\n```",
			[]string{`failure test/-/TestParse \[open/empirical\]`}, nil},
		// not failures: an error naming no test (nothing could resolve
		// it), prose, a paste with no failure, one to ignore
		{"traceback", "la CI est rouge :\n```\nTraceback (most recent call last):\n  File \"train.py\", line 12, in <module>\n    main()\nKeyError: 'last_login'\n```\ncorrige ça",
			nil, []string{`failure`}},
		{"rust error", "CI 又挂了：\n```\nerror[E0308]: mismatched types\n --> src/lib.rs:10:5\n```",
			nil, []string{`failure`}},
		{"prose", "the build failed yesterday, ignore it", nil, []string{`failure`}},
		{"prose error", "there was an error: the tests failed on CI, can you check?", nil, []string{`failure`}},
		{"passing paste", "CI is green:\n```\n19 passed in 12.4s\n```", nil, []string{`failure`}},
		{"ignored paste", "this one is flaky, ignore it:\n```\nFAILED tests/test_net.py::test_retry - TimeoutError\n```", nil, []string{`failure`}},
		{"code paste", "here's the function:\n```\ndef f(x):\n    if x is None:\n        raise ValueError('error: no x')\n    return x\n```", nil, []string{`failure`}},
	} {
		out := reduceAll(t, "> user\n"+tc.msg+"\n")
		t.Run(tc.name, func(t *testing.T) { expect(t, out, tc.want, tc.never) })
	}
}

// TestPastedFailureResolved: a pasted test failure is resolved by a later
// run of the test passing.
func TestPastedFailureResolved(t *testing.T) {
	out := reduceAll(t, `
> user
CI is red:
`+"```"+`
FAILED tests/test_train.py::test_params_frozen - AssertionError: assert 1 == 2
`+"```"+`
> assistant
> call bash {"command": "pytest tests/test_train.py -v"}
> result
tests/test_train.py::test_params_frozen PASSED
1 passed in 0.4s
`)
	expect(t, out, []string{`failure test/-/test_params_frozen \[resolved/`}, []string{`\[open/`})
}
