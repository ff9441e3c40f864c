package jsjson_test

import (
	"encoding/json"
	"testing"

	"github.com/epistemicfold/ef/internal/jsjson"
)

func TestSkipSpace(t *testing.T) {
	for _, c := range []struct {
		in   string
		from int
		want int
	}{
		{"", 0, 0},
		{" \t\r\n1", 0, 4},
		{"1 ", 0, 0},
		{"1  ", 1, 3},
		{"\v1", 0, 0}, // not JSON white space
		{"\u00a01", 0, 0},
	} {
		if got := jsjson.SkipSpace([]byte(c.in), c.from); got != c.want {
			t.Errorf("SkipSpace(%q, %d) = %d, want %d", c.in, c.from, got, c.want)
		}
	}
}

// SkipNumber takes a whole text as a number exactly when encoding/json
// does; where it stops early, the rest is what makes the text no number.
func TestSkipNumberAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range []string{
		"0", "-0", "7", "-12", "10", "0.5", "-0.25e+3", "1E9", "2e-0", "123456789012345678901234567890",
		"", "-", "+1", "01", "-01", "00", ".5", "1.", "1.e3", "1e", "1e+", "--1", "0x1", "1.5.2", "1e3e4", "a",
	} {
		var n json.Number
		valid := json.Unmarshal([]byte(s), &n) == nil
		end, ok := jsjson.SkipNumber([]byte(s), 0)
		if got := ok && end == len(s); got != valid {
			t.Errorf("SkipNumber(%q) = %d, %v; encoding/json says valid=%v", s, end, ok, valid)
		}
	}
	if end, ok := jsjson.SkipNumber([]byte(`[-1.5e3,2]`), 1); !ok || end != 7 {
		t.Errorf("SkipNumber inside an array = %d, %v, want 7, true", end, ok)
	}
}

func TestLiteral(t *testing.T) {
	for _, c := range []struct {
		in   string
		from int
		want string
	}{
		{"true", 0, "true"},
		{"[false]", 1, "false"},
		{"null,", 0, "null"},
		{"nul", 0, ""},
		{"tru", 0, ""},
		{"True", 0, ""},
		{"x", 1, ""},
	} {
		if got := jsjson.Literal([]byte(c.in), c.from); got != c.want {
			t.Errorf("Literal(%q, %d) = %q, want %q", c.in, c.from, got, c.want)
		}
	}
}
