// Package jsjson writes JSON text as ECMAScript's JSON.stringify writes
// it: a number as Number::toString (radix 10) prints it, a string's
// characters with JSON.stringify's escapes. RFC 8785 (JSON
// canonicalization) takes both rules from ECMAScript, so bundle's
// canonical form and hostshim's JavaScript-exact meter both write JSON
// through here; each rule is written once. Marshal is encoding/json
// without its HTML escaping, the compact JSON every other writer of
// JavaScript's kind of JSON in the module produces (the host's events,
// the MCP SDK's messages, a Northbridge bundle). SkipSpace, Next,
// SkipNumber and Literal scan JSON's white space, numbers and literals for the module's
// hand-written readers (hostshim's meter, recall's message decoder).
//
// The functions are pure and safe for concurrent use.
package jsjson

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
)

// AppendNumber appends the ECMAScript text of f to out. f must be finite
// (JavaScript prints NaN and the infinities as words, and JSON has no text
// for them); -0 is "0". Go's shortest formatting gives the same digits as
// ECMAScript; only the choice of notation (plain from 1e-6 up to but not
// including 1e21, else exponent) and the exponent's spelling differ.
func AppendNumber(out []byte, f float64) []byte {
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

const lowerHex = "0123456789abcdef"

// escapeLetter is, for each character JSON.stringify writes as a
// two-character escape, the letter after the backslash (0: no such escape).
var escapeLetter = [...]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// AppendRune appends r as a character inside a JSON string, escaped as
// JSON.stringify escapes it: \" \\ \b \f \n \r \t, any other character
// below U+0020 as \u00xx (lower-case hex), every other one as its UTF-8
// bytes. A lone surrogate (which JSON.stringify writes as \udxxx and RFC
// 8785 refuses) is the caller's to handle.
func AppendRune(out []byte, r rune) []byte {
	if r >= 0 && r < rune(len(escapeLetter)) && escapeLetter[r] != 0 {
		return append(out, '\\', escapeLetter[r])
	}
	if r < 0x20 {
		return append(out, '\\', 'u', '0', '0', lowerHex[r>>4], lowerHex[r&0xF])
	}
	return utf8.AppendRune(out, r)
}

// Marshal is json.Marshal without HTML escaping: '<', '>' and '&' stay as
// they are in strings, as JSON.stringify writes them (encoding/json's
// other rules hold: U+2028 and U+2029 are escaped, invalid UTF-8 becomes
// U+FFFD). The text has no trailing newline.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
