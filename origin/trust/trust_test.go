package trust

import (
	"errors"
	"testing"
)

func TestCheck(t *testing.T) {
	good := NewProofOfRead("demo/x.md", []byte("old"))
	cur := good.Value
	cases := []struct {
		name string
		c    Credential
		same bool
		cur  string
		want error
	}{
		{"holds", good, true, cur, nil},
		{"upper-case hex holds", Credential{Kind, TypeProofOfRead, "demo/x.md", "A" + cur[1:]}, true, "a" + cur[1:], nil},
		{"stale", good, true, NewProofOfRead("demo/x.md", []byte("new")).Value, ErrStale},
		{"target gone", good, true, "", ErrStale},
		{"wrong target", good, false, cur, ErrWrongTarget},
		{"no target", Credential{Kind, TypeProofOfRead, "", cur}, true, cur, ErrMalformed},
		{"bad kind", Credential{"credential", TypeProofOfRead, "x", cur}, true, cur, ErrMalformed},
		{"bad value", Credential{Kind, TypeProofOfRead, "x", "abc"}, true, cur, ErrMalformed},
		{"other type", Credential{Kind, "human_ok", "x", cur}, true, cur, ErrUnsupported},
	}
	for _, tc := range cases {
		err := Check(tc.c, tc.same, tc.cur)
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: Check = %v, want %v", tc.name, err, tc.want)
		}
	}
}
