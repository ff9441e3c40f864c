package hostshim

import (
	"encoding/json"
	"testing"
)

// parseJS accepts exactly the JSON that encoding/json does, on inputs
// built to probe its number, separator and nesting steps.
func TestParseJSAcceptsWhatJSONDoes(t *testing.T) {
	inputs := []string{
		`0`, `-0`, `01`, `-01`, `1.`, `1.5`, `.5`, `1e`, `1e+`, `1e+5`, `1E-2`, `-1.25e10`, `1.e5`, `-`, `--1`,
		`{}`, `{ }`, `[]`, `[ ]`, `[1,]`, `[,1]`, `[1 2]`, `[1,2]`, `{"a":1,}`, `{"a":1 "b":2}`, `{"a":1,"b":[true,false,null]}`,
		`{"a"}`, `{"a":}`, `{1:2}`, `[`, `{`, `{"a":[{"b":{}}]}`, `[[[[]]]]`, `["x", "y\u0041"]`, `"\ud800"`, `tru`, `nul`,
		` [1] `, `[1]x`, `{"a":1}}`,
	}
	for _, in := range inputs {
		_, err := parseJS([]byte(in))
		if got, want := err == nil, json.Valid([]byte(in)); got != want {
			t.Errorf("parseJS(%q) accepted %v, encoding/json %v", in, got, want)
		}
	}
}
