package hostshim

import (
	"errors"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/epistemicfold/ef/internal/jsjson"
)

// The host's heuristic prices text by JavaScript string length (UTF-16 code
// units) and unknown blocks by the length of JSON.stringify of the parsed
// block. To agree exactly, the meter parses message JSON with JavaScript's
// semantics: duplicate keys keep the last value (at the first key's
// position), integer-like keys come first in ascending order, strings are
// sequences of UTF-16 code units (lone surrogates survive), and numbers are
// IEEE doubles printed as Number.prototype.toString prints them.

type jsKind byte

const (
	jsNull jsKind = iota
	jsBool
	jsNumber
	jsString
	jsArray
	jsObject
)

// jsValue is a parsed JSON value. Strings keep their raw bytes (between the
// quotes, escapes undecoded) so lengths are computed without allocating.
type jsValue struct {
	kind jsKind
	raw  []byte // string body, number literal, or "true"/"false"/"null"
	arr  []*jsValue
	keys []jsKey
	vals []*jsValue
}

type jsKey struct {
	raw []byte
}

var errJSSyntax = errors.New("invalid JSON")

// parseJS parses one JSON text.
func parseJS(b []byte) (*jsValue, error) {
	p := jsParser{b: b}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.i != len(p.b) {
		return nil, errJSSyntax
	}
	return v, nil
}

type jsParser struct {
	b []byte
	i int
}

func (p *jsParser) ws() { p.i = jsjson.SkipSpace(p.b, p.i) }

// consume consumes white space and the byte c (the ':' after a key, the
// closing byte of an empty object or array), reporting whether c was
// there.
func (p *jsParser) consume(c byte) bool {
	var ok bool
	p.i, ok = jsjson.Next(p.b, p.i, c)
	return ok
}

// next consumes what follows a member or an element: ',' (more follow)
// or the closing byte end (done).
func (p *jsParser) next(end byte) (done bool, err error) {
	p.ws()
	if p.i >= len(p.b) {
		return false, errJSSyntax
	}
	switch p.b[p.i] {
	case ',':
		p.i++
		return false, nil
	case end:
		p.i++
		return true, nil
	}
	return false, errJSSyntax
}

func (p *jsParser) value(depth int) (*jsValue, error) {
	if depth > 10000 {
		return nil, errJSSyntax
	}
	p.ws()
	if p.i >= len(p.b) {
		return nil, errJSSyntax
	}
	switch c := p.b[p.i]; {
	case c == '{':
		p.i++
		v := &jsValue{kind: jsObject}
		if p.consume('}') {
			return v, nil
		}
		for {
			p.ws()
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			if !p.consume(':') {
				return nil, errJSSyntax
			}
			val, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.set(k, val)
			if done, err := p.next('}'); err != nil {
				return nil, err
			} else if done {
				return v, nil
			}
		}
	case c == '[':
		p.i++
		v := &jsValue{kind: jsArray}
		if p.consume(']') {
			return v, nil
		}
		for {
			val, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.arr = append(v.arr, val)
			if done, err := p.next(']'); err != nil {
				return nil, err
			} else if done {
				return v, nil
			}
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &jsValue{kind: jsString, raw: s}, nil
	case c == 't' || c == 'f' || c == 'n':
		lit := jsjson.Literal(p.b, p.i)
		if lit == "" {
			return nil, errJSSyntax
		}
		p.i += len(lit)
		k := jsBool
		if lit == "null" {
			k = jsNull
		}
		return &jsValue{kind: k, raw: []byte(lit)}, nil
	default:
		// A leading zero ends the number ("01"), and what follows it is
		// then refused as no ',', closing byte or end of text.
		start := p.i
		end, ok := jsjson.SkipNumber(p.b, p.i)
		if !ok {
			return nil, errJSSyntax
		}
		p.i = end
		return &jsValue{kind: jsNumber, raw: p.b[start:end]}, nil
	}
}

// str scans a string at p.i and returns its body (escapes undecoded).
func (p *jsParser) str() ([]byte, error) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return nil, errJSSyntax
	}
	p.i++
	start := p.i
	for p.i < len(p.b) {
		switch c := p.b[p.i]; {
		case c == '"':
			s := p.b[start:p.i]
			p.i++
			return s, nil
		case c == '\\':
			if p.i+1 >= len(p.b) {
				return nil, errJSSyntax
			}
			switch p.b[p.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.i += 2
			case 'u':
				if p.i+6 > len(p.b) {
					return nil, errJSSyntax
				}
				if _, err := strconv.ParseUint(string(p.b[p.i+2:p.i+6]), 16, 16); err != nil {
					return nil, errJSSyntax
				}
				p.i += 6
			default:
				return nil, errJSSyntax
			}
		case c < 0x20:
			return nil, errJSSyntax
		default:
			p.i++
		}
	}
	return nil, errJSSyntax
}

// set assigns key k as JSON.parse does: a repeated key keeps its first
// position and takes the last value.
func (v *jsValue) set(k []byte, val *jsValue) {
	for i, old := range v.keys {
		if jsStrEqual(old.raw, k) {
			v.vals[i] = val
			return
		}
	}
	v.keys = append(v.keys, jsKey{raw: k})
	v.vals = append(v.vals, val)
}

// get returns the value of key name, or nil.
func (v *jsValue) get(name string) *jsValue {
	if v == nil || v.kind != jsObject {
		return nil
	}
	for i, k := range v.keys {
		if jsStrEqual(k.raw, []byte(name)) {
			return v.vals[i]
		}
	}
	return nil
}

func jsStrEqual(a, b []byte) bool {
	if string(a) == string(b) {
		return true
	}
	if !hasBackslash(a) && !hasBackslash(b) {
		return false
	}
	return slices.Equal(jsUnits(a), jsUnits(b))
}

func hasBackslash(b []byte) bool {
	for _, c := range b {
		if c == '\\' {
			return true
		}
	}
	return false
}

// jsUnits decodes a JSON string body into UTF-16 code units. Invalid UTF-8
// bytes become U+FFFD one byte at a time.
func jsUnits(body []byte) []uint16 {
	out := make([]uint16, 0, len(body))
	for i := 0; i < len(body); {
		c := body[i]
		if c == '\\' {
			switch body[i+1] {
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				n, _ := strconv.ParseUint(string(body[i+2:i+6]), 16, 16)
				out = append(out, uint16(n))
				i += 6
				continue
			default:
				out = append(out, uint16(body[i+1]))
			}
			i += 2
			continue
		}
		if c < utf8.RuneSelf {
			out = append(out, uint16(c))
			i++
			continue
		}
		r, size := utf8.DecodeRune(body[i:])
		i += size
		if r >= 0x10000 {
			a, b := utf16.EncodeRune(r)
			out = append(out, uint16(a), uint16(b))
		} else {
			out = append(out, uint16(r))
		}
	}
	return out
}

// jsStrLen is the JavaScript length of a JSON string body.
func jsStrLen(body []byte) int {
	n := 0
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\\':
			if body[i+1] == 'u' {
				i += 6
			} else {
				i += 2
			}
			n++
		case c < utf8.RuneSelf:
			i++
			n++
		default:
			r, size := utf8.DecodeRune(body[i:])
			i += size
			n += utf16.RuneLen(r) // DecodeRune yields no surrogate, so 1 or 2
		}
	}
	return n
}

// jsLen is the JavaScript length (UTF-16 code units) of a Go string.
func jsLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n += utf16.RuneLen(r) // DecodeRune yields no surrogate, so 1 or 2
	}
	return n
}

// jsString decodes a JSON string body into a Go string (lone surrogates
// become U+FFFD).
func jsStringOf(body []byte) string {
	if !hasBackslash(body) && utf8.Valid(body) {
		return string(body)
	}
	return string(utf16.Decode(jsUnits(body)))
}

// stringify appends JSON.stringify(v) to out.
func (v *jsValue) stringify(out *strings.Builder) {
	switch v.kind {
	case jsNull, jsBool:
		out.Write(v.raw)
	case jsNumber:
		out.WriteString(jsNumberString(v.raw))
	case jsString:
		jsQuote(out, v.raw)
	case jsArray:
		out.WriteByte('[')
		for i, e := range v.arr {
			if i > 0 {
				out.WriteByte(',')
			}
			e.stringify(out)
		}
		out.WriteByte(']')
	case jsObject:
		out.WriteByte('{')
		for i, k := range jsKeyOrder(v.keys) {
			if i > 0 {
				out.WriteByte(',')
			}
			jsQuote(out, v.keys[k].raw)
			out.WriteByte(':')
			v.vals[k].stringify(out)
		}
		out.WriteByte('}')
	}
}

// jsKeyOrder returns the indexes of keys in JavaScript property order:
// array-index keys ascending, then the rest in insertion order.
func jsKeyOrder(keys []jsKey) []int {
	idx := make([]int, len(keys))
	num := make([]int64, len(keys))
	anyNum := false
	for i, k := range keys {
		idx[i] = i
		num[i] = -1
		if n, ok := jsArrayIndex(k.raw); ok {
			num[i] = n
			anyNum = true
		}
	}
	if !anyNum {
		return idx
	}
	sort.SliceStable(idx, func(a, b int) bool {
		na, nb := num[idx[a]], num[idx[b]]
		if na >= 0 && nb >= 0 {
			return na < nb
		}
		return na >= 0 && nb < 0
	})
	return idx
}

// jsArrayIndex reports whether a key is a canonical array index (0 … 2³²−2).
func jsArrayIndex(raw []byte) (int64, bool) {
	if hasBackslash(raw) {
		raw = []byte(jsStringOf(raw))
	}
	if len(raw) == 0 || len(raw) > 10 || (len(raw) > 1 && raw[0] == '0') {
		return 0, false
	}
	var n int64
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, n <= math.MaxUint32-1
}

// jsQuote writes a JSON string body as JSON.stringify quotes it.
func jsQuote(out *strings.Builder, body []byte) {
	out.WriteByte('"')
	if !hasBackslash(body) && utf8.Valid(body) && !hasControl(body) {
		out.Write(body)
		out.WriteByte('"')
		return
	}
	u := jsUnits(body)
	const hex = "0123456789abcdef"
	var buf [utf8.UTFMax + 2]byte
	for i := 0; i < len(u); i++ {
		c := u[i]
		switch {
		case c >= 0xd800 && c <= 0xdbff && i+1 < len(u) && u[i+1] >= 0xdc00 && u[i+1] <= 0xdfff:
			out.WriteRune(utf16.DecodeRune(rune(c), rune(u[i+1])))
			i++
		case c >= 0xd800 && c <= 0xdfff: // lone surrogate
			out.WriteString(`\u`)
			out.WriteByte(hex[c>>12])
			out.WriteByte(hex[(c>>8)&15])
			out.WriteByte(hex[(c>>4)&15])
			out.WriteByte(hex[c&15])
		default: // JSON.stringify's escapes, else the character
			out.Write(jsjson.AppendRune(buf[:0], rune(c)))
		}
	}
	out.WriteByte('"')
}

func hasControl(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c == '"' {
			return true
		}
	}
	return false
}

// jsNumberString prints a JSON number literal as JavaScript prints the
// double it parses to (Number::toString, radix 10).
func jsNumberString(lit []byte) string {
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return "null"
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return "null" // JSON.stringify(Infinity)
	}
	return string(jsjson.AppendNumber(nil, f))
}
