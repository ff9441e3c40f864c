// Package jsnum writes a number as ECMAScript's Number::toString (radix
// 10) writes it: the text JSON.stringify gives a number, and the one RFC
// 8785 §3.2.2.3 requires of canonical JSON. bundle's canonical form and
// hostshim's JavaScript-exact meter both print numbers this way; the rule
// is written once here.
//
// The function is pure and safe for concurrent use.
package jsnum

import (
	"math"
	"strconv"
)

// Append appends the ECMAScript text of f to out. f must be finite
// (JavaScript prints NaN and the infinities as words, and JSON has no text
// for them); -0 is "0". Go's shortest formatting gives the same digits as
// ECMAScript; only the choice of notation (plain from 1e-6 up to but not
// including 1e21, else exponent) and the exponent's spelling differ.
func Append(out []byte, f float64) []byte {
	if f == 0 {
		return append(out, '0') // also -0
	}
	abs := math.Abs(f)
	fmtc := byte('e')
	if abs >= 1e-6 && abs < 1e21 {
		fmtc = 'f'
	}
	out = strconv.AppendFloat(out, f, fmtc, -1, 64)
	if fmtc == 'e' {
		// Go writes e-07 / e+07; ECMAScript writes e-7 / e+7.
		if n := len(out); n >= 4 && out[n-4] == 'e' && out[n-2] == '0' {
			out = append(out[:n-2], out[n-1])
		}
	}
	return out
}
