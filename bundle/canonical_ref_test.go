package bundle

// This file is test-only.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// refCanonicalize is the reference that the optimized Canonicalize is
// checked against (TestCanonicalizeMatchesReference, FuzzCanonicalize):
// both must give the same output, or both an error, on every input.
//
// It was once the first, straightforward Canonicalize kept aside, which
// shared most of its parser, number formatter and escaper with the code it
// checked, so a mistake in those parts could not show. It is now written
// from RFC 8785 and the ECMAScript text it cites, and takes another road at
// every step, trading speed for being easy to check by eye:
//
//   - the grammar, the nesting limit and the token stream come from
//     encoding/json (json.Valid, Decoder.Token), not from a parser of ours;
//   - strings are decoded to UTF-16 code units, as ECMAScript holds them;
//     I-JSON's ban on lone surrogates (RFC 7493 §2.1) is checked on the
//     code units, and member names are sorted on them (RFC 8785 §3.2.3);
//   - numbers are printed by the steps of ECMAScript's Number::toString
//     (ECMA-262 §6.1.6.1.20), from the shortest digits strconv finds;
//   - strings are written by the steps of JSON.stringify's QuoteJSONString
//     (ECMA-262 §25.5.2.3).
//
// The RFC's own vectors check this reference too (see checkCanonical).
func refCanonicalize(raw []byte) ([]byte, error) {
	// json.Valid checks RFC 8259 grammar and encoding/json's nesting
	// limit, which is Canonicalize's as well; it does not check UTF-8.
	if !utf8.Valid(raw) || !json.Valid(raw) {
		return nil, fmt.Errorf("%w: reference: invalid JSON text", ErrNotCanonicalizable)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := refDecode(dec, raw)
	if err != nil {
		return nil, fmt.Errorf("%w: reference: %v", ErrNotCanonicalizable, err)
	}
	return refEncode(nil, v), nil
}

// refMember is one object member; the name is in UTF-16 code units.
type refMember struct {
	name []uint16
	val  any
}

// refDecode reads one value from dec as nil, bool, float64, []uint16 (a
// string), []any or []refMember (an object, sorted by name). raw is the
// whole input, from which string tokens are read again as written.
func refDecode(dec *json.Decoder, raw []byte) (any, error) {
	from := dec.InputOffset()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok := tok.(type) {
	case nil, bool:
		return tok, nil
	case json.Number:
		f, err := strconv.ParseFloat(string(tok), 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, fmt.Errorf("number %s is not an IEEE 754 double", tok)
		}
		return f, nil
	case string:
		return refUTF16(raw[from:dec.InputOffset()])
	case json.Delim:
		if tok == '[' {
			var arr []any
			for dec.More() {
				v, err := refDecode(dec, raw)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token() // ']'
			return arr, err
		}
		var obj []refMember
		for dec.More() {
			from := dec.InputOffset()
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			name, err := refUTF16(raw[from:dec.InputOffset()])
			if err != nil {
				return nil, err
			}
			v, err := refDecode(dec, raw)
			if err != nil {
				return nil, err
			}
			obj = append(obj, refMember{name, v})
		}
		if _, err := dec.Token(); err != nil { // '}'
			return nil, err
		}
		slices.SortStableFunc(obj, func(a, b refMember) int { return slices.Compare(a.name, b.name) })
		for i := 1; i < len(obj); i++ {
			if slices.Equal(obj[i-1].name, obj[i].name) {
				return nil, fmt.Errorf("duplicate member name %q", string(utf16.Decode(obj[i].name)))
			}
		}
		return obj, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// refSimpleEscapes maps the character after a backslash to the code unit
// it stands for (RFC 8259 §7), \u aside.
var refSimpleEscapes = map[byte]uint16{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// refUTF16 decodes the string literal that ends span (span may start with
// the separators the decoder skipped before it) to UTF-16 code units and
// rejects a lone surrogate. The literal is known to be valid JSON.
func refUTF16(span []byte) ([]uint16, error) {
	lit := span[bytes.IndexByte(span, '"')+1 : len(span)-1]
	var units []uint16
	for i := 0; i < len(lit); {
		switch {
		case lit[i] != '\\':
			r, n := utf8.DecodeRune(lit[i:])
			units = utf16.AppendRune(units, r)
			i += n
		case lit[i+1] == 'u':
			u, err := strconv.ParseUint(string(lit[i+2:i+6]), 16, 16)
			if err != nil {
				return nil, err
			}
			units = append(units, uint16(u))
			i += 6
		default:
			units = append(units, refSimpleEscapes[lit[i+1]])
			i += 2
		}
	}
	isHigh := func(u uint16) bool { return u >= 0xD800 && u <= 0xDBFF }
	isLow := func(u uint16) bool { return u >= 0xDC00 && u <= 0xDFFF }
	for i := 0; i < len(units); i++ {
		switch {
		case isHigh(units[i]) && i+1 < len(units) && isLow(units[i+1]):
			i++ // a pair
		case isHigh(units[i]) || isLow(units[i]):
			return nil, fmt.Errorf("lone surrogate %04x in %s", units[i], lit)
		}
	}
	return units, nil
}

// refEncode appends the canonical form of a value from refDecode.
func refEncode(out []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(out, "null"...)
	case bool:
		return strconv.AppendBool(out, v)
	case float64:
		return append(out, refNumberToString(v)...)
	case []uint16:
		return refQuoteJSONString(out, v)
	case []any:
		out = append(out, '[')
		for i, e := range v {
			if i > 0 {
				out = append(out, ',')
			}
			out = refEncode(out, e)
		}
		return append(out, ']')
	case []refMember:
		out = append(out, '{')
		for i, m := range v {
			if i > 0 {
				out = append(out, ',')
			}
			out = refQuoteJSONString(out, m.name)
			out = append(out, ':')
			out = refEncode(out, m.val)
		}
		return append(out, '}')
	}
	panic(fmt.Sprintf("refEncode: %T", v))
}

// refNumberToString follows ECMA-262 Number::toString(x) for radix 10:
// k, n and s are the integers with k >= 1, 10^(k-1) <= s < 10^k,
// s × 10^(n-k) = x and k as small as possible.
func refNumberToString(x float64) string {
	if x == 0 {
		return "0" // step 2: +0 and -0
	}
	if x < 0 {
		return "-" + refNumberToString(-x)
	}
	// strconv's shortest 'e' form is d.ddde±XX: s is its digits, n-1 its exponent.
	mant, exp, _ := strings.Cut(strconv.FormatFloat(x, 'e', -1, 64), "e")
	s := strings.Replace(mant, ".", "", 1)
	k := len(s)
	e, _ := strconv.Atoi(exp)
	n := e + 1
	switch {
	case k <= n && n <= 21:
		return s + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return s[:n] + "." + s[n:]
	case -6 < n && n <= 0:
		return "0." + strings.Repeat("0", -n) + s
	}
	sign := "+"
	if n-1 < 0 {
		sign = "-"
	}
	if k == 1 {
		return s + "e" + sign + strconv.Itoa(max(n-1, 1-n))
	}
	return s[:1] + "." + s[1:] + "e" + sign + strconv.Itoa(max(n-1, 1-n))
}

// refQuoteJSONString follows ECMA-262 QuoteJSONString, writing UTF-8: the
// short escapes of its table, \u00xx (lowercase) for the other code points
// below U+0020, every other code point as itself. (A lone surrogate would
// be escaped too, but refUTF16 has rejected those.)
func refQuoteJSONString(out []byte, units []uint16) []byte {
	short := map[rune]string{'\b': `\b`, '\t': `\t`, '\n': `\n`, '\f': `\f`, '\r': `\r`, '"': `\"`, '\\': `\\`}
	out = append(out, '"')
	for _, c := range utf16.Decode(units) {
		if esc, ok := short[c]; ok {
			out = append(out, esc...)
		} else if c < 0x20 {
			out = fmt.Appendf(out, `\u%04x`, c)
		} else {
			out = utf8.AppendRune(out, c)
		}
	}
	return append(out, '"')
}
