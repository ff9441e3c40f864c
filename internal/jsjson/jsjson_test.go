package jsjson

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestAppendNumber(t *testing.T) {
	for f, want := range map[float64]string{
		1: "1", 100: "100", -1250: "-1250", 0.1: "0.1", math.Copysign(0, -1): "0",
		1e21: "1e+21", 1e20: "100000000000000000000", 123456789012345678901: "123456789012345680000",
		0.000001: "0.000001", 1e-7: "1e-7", 1.5e-7: "1.5e-7", 123e-20: "1.23e-18", 5e-324: "5e-324",
		1e100: "1e+100", -2.5e-300: "-2.5e-300", math.MaxFloat64: "1.7976931348623157e+308",
	} {
		if got := string(AppendNumber(nil, f)); got != want {
			t.Errorf("AppendNumber(%v) = %s, want %s", f, got, want)
		}
	}
	if got := string(AppendNumber([]byte("x:"), 2)); got != "x:2" {
		t.Errorf("AppendNumber keeps what out holds: got %s", got)
	}
}

// TestAppendNumberFollowsTheSpecSteps: AppendNumber agrees with ECMA-262's steps of
// Number::toString (the shortest digits s of k digits, n the position of
// the decimal point) on any finite double, and parses back to it.
func TestAppendNumberFollowsTheSpecSteps(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.Float64().Filter(func(f float64) bool { return !math.IsInf(f, 0) && !math.IsNaN(f) }).Draw(t, "f")
		got := string(AppendNumber(nil, f))
		if want := specToString(f); got != want {
			t.Fatalf("AppendNumber(%v) = %s, the spec's steps give %s", f, got, want)
		}
		if g, err := strconv.ParseFloat(got, 64); err != nil || g != f && !(f == 0 && g == 0) {
			t.Fatalf("%v printed as %s parses to %v (%v)", f, got, g, err)
		}
	})
}

func specToString(f float64) string {
	if f == 0 {
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	s := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	k, n := len(s), x+1
	switch {
	case k <= n && n <= 21:
		return sign + s + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + s[:n] + "." + s[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + s
	}
	e := strconv.Itoa(n - 1)
	if n-1 >= 0 {
		e = "+" + e
	}
	if k == 1 {
		return sign + s + "e" + e
	}
	return sign + s[:1] + "." + s[1:] + "e" + e
}

func TestAppendRune(t *testing.T) {
	for r, want := range map[rune]string{
		'"': `\"`, '\\': `\\`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`,
		0: `\u0000`, 0x1f: `\u001f`, 0x0b: `\u000b`, ' ': " ", '/': "/", 'a': "a",
		0x7f: "\x7f", 'é': "é", '项': "项", 0x2028: "\u2028", 0x1F600: "😀",
	} {
		if got := string(AppendRune(nil, r)); got != want {
			t.Errorf("AppendRune(%U) = %q, want %q", r, got, want)
		}
	}
}

func TestMarshal(t *testing.T) {
	got, err := Marshal(map[string]any{"html": "<a href=\"x\">&</a>", "n": 1.5, "line": "a\u2028b"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"html":"<a href=\"x\">&</a>","line":"a\u2028b","n":1.5}`; string(got) != want {
		t.Errorf("Marshal = %s, want %s", got, want)
	}
	if _, err := Marshal(math.NaN()); err == nil {
		t.Error("Marshal(NaN) = nil error, want encoding/json's error")
	}
}
