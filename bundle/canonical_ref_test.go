package bundle

// This file is test-only.

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// refCanonicalize is the first, straightforward implementation of
// Canonicalize (RFC 8785), kept as an independent reference: the optimized
// Canonicalize must agree with it on every input, errors included.
func refCanonicalize(raw []byte) ([]byte, error) {
	p := &refParser{in: raw}
	out := make([]byte, 0, len(raw))
	p.ws()
	out, err := p.value(out, 0)
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.pos != len(p.in) {
		return nil, p.errf("trailing data")
	}
	return out, nil
}

type refParser struct {
	in  []byte
	pos int
}

func (p *refParser) errf(format string, args ...any) error {
	return fmt.Errorf("%w: offset %d: %s", ErrNotCanonicalizable, p.pos, fmt.Sprintf(format, args...))
}

func (p *refParser) ws() {
	for p.pos < len(p.in) {
		switch p.in[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *refParser) value(out []byte, depth int) ([]byte, error) {
	if p.pos >= len(p.in) {
		return nil, p.errf("unexpected end of input")
	}
	if c := p.in[p.pos]; (c == '{' || c == '[') && depth >= maxJSONDepth {
		return nil, p.errf("nesting deeper than %d", maxJSONDepth)
	}
	switch c := p.in[p.pos]; {
	case c == '{':
		return p.object(out, depth)
	case c == '[':
		return p.array(out, depth)
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return refAppendJCSString(out, s), nil
	case c == 't':
		return p.lit(out, "true")
	case c == 'f':
		return p.lit(out, "false")
	case c == 'n':
		return p.lit(out, "null")
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number(out)
	default:
		return nil, p.errf("unexpected character %q", c)
	}
}

func (p *refParser) lit(out []byte, word string) ([]byte, error) {
	if !bytes.HasPrefix(p.in[p.pos:], []byte(word)) {
		return nil, p.errf("invalid literal")
	}
	p.pos += len(word)
	return append(out, word...), nil
}

type refMember struct {
	key   string
	key16 []uint16
	val   []byte
}

func (p *refParser) object(out []byte, depth int) ([]byte, error) {
	p.pos++ // '{'
	var members []refMember
	p.ws()
	if p.pos < len(p.in) && p.in[p.pos] == '}' {
		p.pos++
		return append(out, '{', '}'), nil
	}
	for {
		p.ws()
		if p.pos >= len(p.in) || p.in[p.pos] != '"' {
			return nil, p.errf("expected member name")
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.ws()
		if p.pos >= len(p.in) || p.in[p.pos] != ':' {
			return nil, p.errf("expected ':'")
		}
		p.pos++
		p.ws()
		v, err := p.value(nil, depth+1)
		if err != nil {
			return nil, err
		}
		members = append(members, refMember{key: k, key16: utf16.Encode([]rune(k)), val: v})
		p.ws()
		if p.pos >= len(p.in) {
			return nil, p.errf("unterminated object")
		}
		if p.in[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.in[p.pos] == '}' {
			p.pos++
			break
		}
		return nil, p.errf("expected ',' or '}'")
	}
	slices.SortFunc(members, func(a, b refMember) int { return slices.Compare(a.key16, b.key16) })
	out = append(out, '{')
	for i, m := range members {
		if i > 0 {
			if members[i-1].key == m.key {
				return nil, p.errf("duplicate member name %q", m.key)
			}
			out = append(out, ',')
		}
		out = refAppendJCSString(out, m.key)
		out = append(out, ':')
		out = append(out, m.val...)
	}
	return append(out, '}'), nil
}

func (p *refParser) array(out []byte, depth int) ([]byte, error) {
	p.pos++ // '['
	out = append(out, '[')
	p.ws()
	if p.pos < len(p.in) && p.in[p.pos] == ']' {
		p.pos++
		return append(out, ']'), nil
	}
	for first := true; ; first = false {
		if !first {
			out = append(out, ',')
		}
		p.ws()
		var err error
		out, err = p.value(out, depth+1)
		if err != nil {
			return nil, err
		}
		p.ws()
		if p.pos >= len(p.in) {
			return nil, p.errf("unterminated array")
		}
		if p.in[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.in[p.pos] == ']' {
			p.pos++
			return append(out, ']'), nil
		}
		return nil, p.errf("expected ',' or ']'")
	}
}

func refHexVal(c byte) rune {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0')
	case c >= 'a' && c <= 'f':
		return rune(c - 'a' + 10)
	case c >= 'A' && c <= 'F':
		return rune(c - 'A' + 10)
	}
	return -1
}

func (p *refParser) hex4() (rune, error) {
	if p.pos+4 > len(p.in) {
		return 0, p.errf("short \\u escape")
	}
	var r rune
	for i := 0; i < 4; i++ {
		v := refHexVal(p.in[p.pos+i])
		if v < 0 {
			return 0, p.errf("bad \\u escape")
		}
		r = r<<4 | v
	}
	p.pos += 4
	return r, nil
}

// str parses a JSON string at p.pos and returns its decoded value.
func (p *refParser) str() (string, error) {
	p.pos++ // opening quote
	var b []byte
	start := p.pos
	for {
		if p.pos >= len(p.in) {
			return "", p.errf("unterminated string")
		}
		c := p.in[p.pos]
		switch {
		case c == '"':
			b = append(b, p.in[start:p.pos]...)
			p.pos++
			return string(b), nil
		case c < 0x20:
			return "", p.errf("control character in string")
		case c == '\\':
			b = append(b, p.in[start:p.pos]...)
			p.pos++
			if p.pos >= len(p.in) {
				return "", p.errf("unterminated escape")
			}
			e := p.in[p.pos]
			p.pos++
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, err := p.hex4()
				if err != nil {
					return "", err
				}
				if utf16.IsSurrogate(r) {
					if r >= 0xDC00 || p.pos+6 > len(p.in) || p.in[p.pos] != '\\' || p.in[p.pos+1] != 'u' {
						return "", p.errf("lone surrogate")
					}
					p.pos += 2
					r2, err := p.hex4()
					if err != nil {
						return "", err
					}
					r = utf16.DecodeRune(r, r2)
					if r == utf8.RuneError {
						return "", p.errf("lone surrogate")
					}
				}
				b = utf8.AppendRune(b, r)
			default:
				return "", p.errf("bad escape \\%c", e)
			}
			start = p.pos
		case c < utf8.RuneSelf:
			p.pos++
		default:
			r, n := utf8.DecodeRune(p.in[p.pos:])
			if r == utf8.RuneError && n <= 1 {
				return "", p.errf("invalid UTF-8")
			}
			p.pos += n
		}
	}
}

func (p *refParser) number(out []byte) ([]byte, error) {
	start := p.pos
	in := p.in
	i := p.pos
	if i < len(in) && in[i] == '-' {
		i++
	}
	switch {
	case i < len(in) && in[i] == '0':
		i++
	case i < len(in) && in[i] >= '1' && in[i] <= '9':
		for i < len(in) && in[i] >= '0' && in[i] <= '9' {
			i++
		}
	default:
		p.pos = i
		return nil, p.errf("bad number")
	}
	if i < len(in) && in[i] == '.' {
		i++
		d := i
		for i < len(in) && in[i] >= '0' && in[i] <= '9' {
			i++
		}
		if i == d {
			p.pos = i
			return nil, p.errf("bad number fraction")
		}
	}
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		i++
		if i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		d := i
		for i < len(in) && in[i] >= '0' && in[i] <= '9' {
			i++
		}
		if i == d {
			p.pos = i
			return nil, p.errf("bad number exponent")
		}
	}
	p.pos = i
	f, err := strconv.ParseFloat(string(in[start:i]), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, p.errf("number %s out of range", in[start:i])
	}
	return refAppendES6Number(out, f), nil
}

// refAppendES6Number formats f like ECMAScript's Number.prototype.toString,
// which is what RFC 8785 §3.2.2.3 requires. Go's shortest formatting
// produces the same digits; only the choice of notation and the exponent
// spelling differ.
func refAppendES6Number(out []byte, f float64) []byte {
	if f == 0 {
		return append(out, '0') // also -0
	}
	abs := math.Abs(f)
	fmtc := byte('e')
	if abs >= 1e-6 && abs < 1e21 {
		fmtc = 'f'
	}
	s := strconv.AppendFloat(nil, f, fmtc, -1, 64)
	if fmtc == 'e' {
		// Go writes e-07 / e+07; ECMAScript writes e-7 / e+7.
		if n := len(s); n >= 4 && s[n-4] == 'e' && s[n-2] == '0' {
			s = append(s[:n-2], s[n-1])
		}
	}
	return append(out, s...)
}

const refLowerHex = "0123456789abcdef"

// refAppendJCSString appends s as a JSON string with RFC 8785 escaping.
// s must be valid UTF-8.
func refAppendJCSString(out []byte, s string) []byte {
	out = append(out, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		out = append(out, s[start:i]...)
		switch c {
		case '"':
			out = append(out, '\\', '"')
		case '\\':
			out = append(out, '\\', '\\')
		case '\b':
			out = append(out, '\\', 'b')
		case '\f':
			out = append(out, '\\', 'f')
		case '\n':
			out = append(out, '\\', 'n')
		case '\r':
			out = append(out, '\\', 'r')
		case '\t':
			out = append(out, '\\', 't')
		default:
			out = append(out, '\\', 'u', '0', '0', refLowerHex[c>>4], refLowerHex[c&0xF])
		}
		start = i + 1
	}
	out = append(out, s[start:]...)
	return append(out, '"')
}
