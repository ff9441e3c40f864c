package projection

import "testing"

// Everyday phrasings: a value told with "now" after it, a decision that
// is a number, a request asked as a question for a later moment, and a
// "make sure … never" that is a rule.
func TestPlainAsks(t *testing.T) {
	for _, c := range []struct {
		says        string
		want, never []string
	}{
		{"The retry limit is 5 now.", []string{`value/-/retry_limit \[current/normative\] = 5 \(was 3\)`}, []string{`= 3 @`}},
		{"The retry limit is 5 now, not 3.", []string{`value/-/retry_limit \[current/normative\] = 5 \(was 3\)`}, nil},
		{"we decided the retry limit is 5.", []string{`value/-/retry_limit \[current/normative\] = 5 \(was 3\)`}, []string{`decision `}},
		{"can you update the changelog tomorrow?", []string{`obligation .*\[open/normative\] = can you update the changelog tomorrow\?`}, nil},
		{"could you also send the report by friday?", []string{`obligation .*\[open/normative\] = could you also send the report by friday\?`}, nil},
		{"can you check the changelog?", nil, []string{`obligation `}},
		{"can you not deploy tomorrow?", nil, []string{`obligation `}},
		{"Please make sure nothing gets written to the prod bucket, ever.", []string{`constraint .*\[active/normative\] = Please make sure nothing gets written`}, []string{`obligation `}},
		{"make sure you never write to the prod bucket.", []string{`constraint .*make sure you never write`}, []string{`obligation `}},
		{"make sure you don't forget the changelog.", []string{`obligation `}, []string{`constraint `}},
		{"make sure the tests pass before you push.", []string{`obligation `}, nil},
	} {
		expect(t, reduceAll(t, "> user\nWe're working on the exporter today. The retry limit is 3.\n> assistant\nOK.\n> user\n"+c.says), c.want, c.never)
	}
}
