package jsjson_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/epistemicfold/ef/internal/jsjson"
)

// SkipSpace passes over what bytes.TrimLeft with JSON's four white-space
// bytes trims, and nothing else (not \v, not U+00A0).
func TestSkipSpace(t *testing.T) {
	for _, in := range []string{"", " \t\r\n1", "1 ", "  ", "\v1", "\u00a01", "\n\n{ }"} {
		want := len(in) - len(bytes.TrimLeft([]byte(in), " \t\r\n"))
		if got := jsjson.SkipSpace([]byte(in), 0); got != want {
			t.Errorf("SkipSpace(%q, 0) = %d, want %d", in, got, want)
		}
	}
	if got := jsjson.SkipSpace([]byte("[1,  2]"), 3); got != 5 {
		t.Errorf("SkipSpace after the comma = %d, want 5", got)
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
	// what Literal finds at the start of each text
	for in, want := range map[string]string{
		"true": "true", "false]": "false", "null,": "null",
		"nul": "", "tru": "", "True": "", "nan": "", "": "",
	} {
		if got := jsjson.Literal([]byte(in), 0); got != want {
			t.Errorf("Literal(%q, 0) = %q, want %q", in, got, want)
		}
	}
	if got := jsjson.Literal([]byte("[false]"), 1); got != "false" {
		t.Errorf("Literal inside an array = %q, want false", got)
	}
}

func TestNext(t *testing.T) {
	b := []byte(`{ "a" :1 , }`)
	for _, step := range []struct {
		from int
		c    byte
		end  int
		ok   bool
	}{
		{0, '{', 1, true},
		{1, '}', 2, false}, // stops at the key's quote
		{5, ':', 7, true},
		{8, ',', 10, true},
		{10, ']', 11, false},
		{12, '}', 12, false}, // the end of the text
	} {
		if end, ok := jsjson.Next(b, step.from, step.c); end != step.end || ok != step.ok {
			t.Errorf("Next(%q, %d, %q) = %d, %v, want %d, %v", b, step.from, step.c, end, ok, step.end, step.ok)
		}
	}
}
