package trust

import (
	"encoding/json"
	"errors"
	"strings"
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
		{"upper-case hex holds", Credential{Kind: Kind, Type: TypeProofOfRead, Target: "demo/x.md", Value: "A" + cur[1:]}, true, "a" + cur[1:], nil},
		{"stale", good, true, NewProofOfRead("demo/x.md", []byte("new")).Value, ErrStale},
		{"target gone", good, true, "", ErrStale},
		{"wrong target", good, false, cur, ErrWrongTarget},
		{"no target", Credential{Kind: Kind, Type: TypeProofOfRead, Target: "", Value: cur}, true, cur, ErrMalformed},
		{"bad kind", Credential{Kind: "credential", Type: TypeProofOfRead, Target: "x", Value: cur}, true, cur, ErrMalformed},
		{"bad value", Credential{Kind: Kind, Type: TypeProofOfRead, Target: "x", Value: "abc"}, true, cur, ErrMalformed},
		{"other type", Credential{Kind: Kind, Type: "human_ok", Target: "x", Value: cur}, true, cur, ErrUnsupported},
	}
	for _, tc := range cases {
		err := Check(tc.c, tc.same, tc.cur)
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: Check = %v, want %v", tc.name, err, tc.want)
		}
	}
}

// A credential decoded from JSON with members the envelope does not have,
// or with a member that is not a string, decodes (so the kernel can judge
// it) and is malformed, naming the members; only a non-object fails to
// decode.
func TestUnmarshalKeepsWhatIsWrong(t *testing.T) {
	v := NewProofOfRead("x", []byte("a")).Value
	for _, c := range []struct{ in, says string }{
		{`{"kind":"trust.credential","type":"proof_of_read","target":"x","value":"` + v + `"}`, ""},
		{`{"kind":"trust.credential","type":"proof_of_read","target":"x","value":"` + v + `","scope":"demo/"}`, `unknown member "scope"`},
		{`{"kind":"trust.credential","type":"proof_of_read","Target":"x","value":"` + v + `"}`, `unknown member "Target"`},
		{`{"kind":"trust.credential","type":"proof_of_read","target":["x"],"value":"` + v + `"}`, `member "target" is not a string`},
		{`{"kind":"trust.credential","type":"proof_of_read","target":"x","value":"g"}`, `value "g" is not a sha256 (64 hex digits; 1 given)`},
	} {
		var cr Credential
		if err := json.Unmarshal([]byte(c.in), &cr); err != nil {
			t.Fatalf("Unmarshal(%s): %v", c.in, err)
		}
		err := cr.Validate()
		if c.says == "" && err != nil || c.says != "" && (!errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), c.says)) {
			t.Errorf("%s: Validate = %v, want %q", c.in, err, c.says)
		}
	}
	var cr Credential
	if err := json.Unmarshal([]byte(`"proof"`), &cr); err == nil {
		t.Errorf("a string decoded as a credential")
	}
}
