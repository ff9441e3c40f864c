package bundle

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/epistemicfold/ef/internal/jsjson"
)

// maxJSONDepth bounds nesting so hostile input cannot exhaust the stack.
// It is encoding/json's own limit, so every text the rest of EF can parse
// has a canonical form; a deeper one is archived as raw bytes (see
// LogicalHash).
const maxJSONDepth = 10000

// Canonicalize returns the RFC 8785 (JSON Canonicalization Scheme) form of
// the JSON text raw. This is the one canonical JSON rule of EF; every hash
// over JSON (logicalHash, the stored header) is taken over its output:
//
//   - no insignificant whitespace;
//   - object members sorted by their names compared as arrays of UTF-16
//     code units;
//   - strings with the minimal escaping of ECMAScript JSON.stringify:
//     \" \\ \b \f \n \r \t, other controls below U+0020 as \u00xx
//     (lowercase hex), everything else (including non-ASCII) literal UTF-8;
//   - numbers parsed as IEEE 754 doubles and printed with the ECMAScript
//     Number-to-string algorithm (so 1.0 → 1, 1e21 → 1e+21, -0 → 0);
//   - literals true, false, null unchanged.
//
// Input must be I-JSON (RFC 7493): valid UTF-8, no lone surrogate escapes,
// no duplicate member names, numbers within the double range. Anything else
// returns an error wrapping ErrNotCanonicalizable. Integers beyond 2^53 lose
// precision, as JCS prescribes.
func Canonicalize(raw []byte) ([]byte, error) {
	var p jcsParser
	return p.canonical(make([]byte, 0, len(raw)), raw)
}

// canonical appends the canonical form of raw to out. A parser may be
// reused for many texts (one goroutine at a time), which keeps its buffers.
func (p *jcsParser) canonical(out, raw []byte) ([]byte, error) {
	p.in, p.pos = raw, 0
	p.members = p.members[:0]
	p.holes = p.holes[:0]
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

type jcsParser struct {
	in      []byte
	pos     int
	members []jcsMember // member stack shared by nested objects
	scratch []byte      // reorder buffer, used by one object at a time

	// holeMin, when positive, makes canonical leave out of its output
	// every run of string text of at least holeMin bytes that is copied
	// from the input as it is, recording it in holes instead: the output
	// is then the canonical form with those runs cut out, and
	// writeCanonical puts them back. A hash of a message holding a huge
	// text (a pasted 50 MB log) is thus taken without a copy of the text.
	holeMin int
	holes   []jcsHole // by position in the output after canonical returns
}

// jcsHole is a run of input bytes that belongs at offset at of the output.
type jcsHole struct {
	at   int
	text []byte
}

// holeMinBytes is the holeMin of the archive hasher: runs shorter than
// this are copied (a copy of a small run costs less than a hash write of
// its own).
const holeMinBytes = 64 << 10

// text appends s, a run of input copied as it is, to out, or records it
// as a hole (see holeMin).
func (p *jcsParser) text(out, s []byte) []byte {
	if p.holeMin > 0 && len(s) >= p.holeMin {
		p.holes = append(p.holes, jcsHole{at: len(out), text: s})
		return out
	}
	return append(out, s...)
}

// writeCanonical writes to w the canonical form that canonical returned
// as out (with p's holes put back in).
func (p *jcsParser) writeCanonical(w io.Writer, out []byte) {
	prev := 0
	for _, h := range p.holes {
		w.Write(out[prev:h.at])
		w.Write(h.text)
		prev = h.at
	}
	w.Write(out[prev:])
}

func (p *jcsParser) errf(format string, args ...any) error {
	return fmt.Errorf("%w: offset %d: %s", ErrNotCanonicalizable, p.pos, fmt.Sprintf(format, args...))
}

func (p *jcsParser) ws() {
	for p.pos < len(p.in) {
		switch p.in[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jcsParser) value(out []byte, depth int) ([]byte, error) {
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
		return p.stringValue(out)
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

func (p *jcsParser) lit(out []byte, word string) ([]byte, error) {
	if !bytes.HasPrefix(p.in[p.pos:], []byte(word)) {
		return nil, p.errf("invalid literal")
	}
	p.pos += len(word)
	return append(out, word...), nil
}

type jcsMember struct {
	key        []byte // decoded name; aliases the input when it had no escapes
	start, end int    // span of `"name":value` in the output, relative to the '{'
}

// object writes members in input order, separated by commas, straight into
// out; only if they are not already sorted does it rebuild them in order
// from a copy. This keeps the common cases to zero or one copy per object.
func (p *jcsParser) object(out []byte, depth int) ([]byte, error) {
	p.pos++ // '{'
	base := len(out)
	out = append(out, '{')
	p.ws()
	if p.pos < len(p.in) && p.in[p.pos] == '}' {
		p.pos++
		return append(out, '}'), nil
	}
	mbase, hbase := len(p.members), len(p.holes)
	defer func() { p.members = p.members[:mbase] }()
	for first := true; ; first = false {
		p.ws()
		if p.pos >= len(p.in) || p.in[p.pos] != '"' {
			return nil, p.errf("expected member name")
		}
		k, escaped, err := p.key()
		if err != nil {
			return nil, err
		}
		p.ws()
		if p.pos >= len(p.in) || p.in[p.pos] != ':' {
			return nil, p.errf("expected ':'")
		}
		p.pos++
		p.ws()
		if !first {
			out = append(out, ',')
		}
		start := len(out) - base
		if escaped {
			out = appendJCSBytes(out, k)
		} else {
			// A name without escapes is plain text (scanPlain): its
			// canonical form is the name in quotes, as it was written.
			out = append(out, '"')
			out = append(out, k...)
			out = append(out, '"')
		}
		out = append(out, ':')
		if out, err = p.value(out, depth+1); err != nil {
			return nil, err
		}
		p.members = append(p.members, jcsMember{key: k, start: start, end: len(out) - base})
		p.ws()
		more, ok := p.sep('}')
		if !ok {
			return nil, p.sepErr('}')
		}
		if !more {
			break
		}
	}
	ms := p.members[mbase:]
	sorted := sortMembers(ms)
	for i := 1; i < len(ms); i++ {
		if bytes.Equal(ms[i-1].key, ms[i].key) {
			return nil, p.errf("duplicate member name %q", ms[i].key)
		}
	}
	if !sorted {
		p.reorder(out[base:], ms)
		if len(p.holes) > hbase {
			p.moveHoles(p.holes[hbase:], base, ms)
		}
	}
	return append(out, '}'), nil
}

// moveHoles follows reorder: holes, the ones recorded inside the object
// at base whose members are now in ms's order, move with their members.
// A hole lies strictly inside one member's span (in a string value).
func (p *jcsParser) moveHoles(holes []jcsHole, base int, ms []jcsMember) {
	type move struct{ start, end, delta int }
	moves := make([]move, len(ms))
	w := 1
	for i, m := range ms {
		moves[i] = move{m.start, m.end, w - m.start}
		w += m.end - m.start + 1
	}
	slices.SortFunc(moves, func(a, b move) int { return cmp.Compare(a.start, b.start) })
	for i := range holes {
		rel := holes[i].at - base
		j, _ := slices.BinarySearchFunc(moves, rel, func(m move, at int) int {
			if m.end <= at {
				return -1
			}
			if m.start > at {
				return 1
			}
			return 0
		})
		holes[i].at += moves[j].delta
	}
	slices.SortFunc(holes, func(a, b jcsHole) int { return cmp.Compare(a.at, b.at) })
}

// reorder rewrites obj, an object's '{' and its members as written (spans
// ms, now sorted by name, relative to obj's start, separated by commas),
// with the members in ms's order. Only the members other than the largest
// go through the scratch buffer: the largest is moved within obj, so a
// message holding one huge text (a pasted log) is not copied whole again.
func (p *jcsParser) reorder(obj []byte, ms []jcsMember) {
	big := 0
	for i, m := range ms {
		if m.end-m.start > ms[big].end-ms[big].start {
			big = i
		}
	}
	p.scratch = p.scratch[:0]
	at := 1 // where the largest member goes: after '{' and the members before it
	for i, m := range ms {
		if i != big {
			p.scratch = append(p.scratch, obj[m.start:m.end]...)
		}
		if i < big {
			at += m.end - m.start + 1
		}
	}
	b := ms[big]
	copy(obj[at:], obj[b.start:b.end])
	w, r := 1, 0
	for i, m := range ms {
		if i > 0 {
			obj[w] = ','
			w++
		}
		n := m.end - m.start
		if i != big {
			copy(obj[w:w+n], p.scratch[r:r+n])
			r += n
		}
		w += n
	}
}

// sortMembers sorts ms by name (compareUTF16) and reports whether they
// were in order already. A few members, the usual object, are sorted by
// insertion, which also answers whether they were sorted as it goes;
// more by slices.SortFunc, whose time does not grow with the square of
// the count (an object from hostile input may have a million members).
func sortMembers(ms []jcsMember) (sorted bool) {
	const fewMembers = 16
	if len(ms) > fewMembers {
		byName := func(a, b jcsMember) int { return compareUTF16(a.key, b.key) }
		if slices.IsSortedFunc(ms, byName) {
			return true
		}
		slices.SortFunc(ms, byName)
		return false
	}
	sorted = true
	for i := 1; i < len(ms); i++ {
		if compareUTF16(ms[i-1].key, ms[i].key) <= 0 {
			continue
		}
		sorted = false
		m, j := ms[i], i
		for ; j > 0 && compareUTF16(ms[j-1].key, m.key) > 0; j-- {
			ms[j] = ms[j-1]
		}
		ms[j] = m
	}
	return sorted
}

// compareUTF16 orders two valid UTF-8 strings as RFC 8785 requires: by
// their UTF-16 code units. That equals code point (and UTF-8 byte) order
// except that a supplementary character (a surrogate pair, D800–DBFF
// first) sorts before BMP characters from U+E000 up.
func compareUTF16(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return cmp.Compare(len(a), len(b))
	}
	if a[i] < utf8.RuneSelf && b[i] < utf8.RuneSelf {
		return cmp.Compare(a[i], b[i])
	}
	for i > 0 && a[i]&0xC0 == 0x80 { // back up to the start of the differing rune
		i--
	}
	ra, _ := utf8.DecodeRune(a[i:])
	rb, _ := utf8.DecodeRune(b[i:])
	if (ra >= 0x10000) != (rb >= 0x10000) {
		if ra >= 0x10000 {
			ra = 0xD800
		} else {
			rb = 0xD800
		}
	}
	return cmp.Compare(ra, rb)
}

func (p *jcsParser) array(out []byte, depth int) ([]byte, error) {
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
		more, ok := p.sep(']')
		if !ok {
			return nil, p.sepErr(']')
		}
		if !more {
			return append(out, ']'), nil
		}
	}
}

// sep consumes the comma or the closing bracket that must follow an
// object member or an array element (after white space): more is true
// after a comma, ok false when neither is there (sepErr says which was
// expected). Small enough to inline; the error text is built apart.
func (p *jcsParser) sep(closing byte) (more, ok bool) {
	if p.pos < len(p.in) {
		switch p.in[p.pos] {
		case ',':
			p.pos++
			return true, true
		case closing:
			p.pos++
			return false, true
		}
	}
	return false, false
}

func (p *jcsParser) sepErr(closing byte) error {
	what := "array"
	if closing == '}' {
		what = "object"
	}
	if p.pos >= len(p.in) {
		return p.errf("unterminated %s", what)
	}
	return p.errf("expected ',' or '%c'", closing)
}

// skipDigits is the index of the first byte at or after i that is not an
// ASCII digit.
func skipDigits(in []byte, i int) int {
	for i < len(in) && in[i] >= '0' && in[i] <= '9' {
		i++
	}
	return i
}

// someDigits is skipDigits for a number's fraction or exponent, which
// must have at least one digit: without one the number is refused at i,
// its part named.
func (p *jcsParser) someDigits(i int, part string) (int, error) {
	end := skipDigits(p.in, i)
	if end == i {
		p.pos = i
		return 0, p.errf("bad number %s", part)
	}
	return end, nil
}

func hexVal(c byte) rune {
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

func (p *jcsParser) hex4() (rune, error) {
	if p.pos+4 > len(p.in) {
		return 0, p.errf("short \\u escape")
	}
	var r rune
	for i := 0; i < 4; i++ {
		v := hexVal(p.in[p.pos+i])
		if v < 0 {
			return 0, p.errf("bad \\u escape")
		}
		r = r<<4 | v
	}
	p.pos += 4
	return r, nil
}

// escape decodes the escape sequence after a backslash at p.pos (which
// points at the backslash), joining surrogate pairs.
func (p *jcsParser) escape() (rune, error) {
	p.pos++ // backslash
	if p.pos >= len(p.in) {
		return 0, p.errf("unterminated escape")
	}
	e := p.in[p.pos]
	p.pos++
	switch e {
	case '"', '\\', '/':
		return rune(e), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
		r, err := p.hex4()
		if err != nil {
			return 0, err
		}
		if !utf16.IsSurrogate(r) {
			return r, nil
		}
		if r >= 0xDC00 || p.pos+6 > len(p.in) || p.in[p.pos] != '\\' || p.in[p.pos+1] != 'u' {
			return 0, p.errf("lone surrogate")
		}
		p.pos += 2
		r2, err := p.hex4()
		if err != nil {
			return 0, err
		}
		if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
			return 0, p.errf("lone surrogate")
		}
		return r, nil
	default:
		return 0, p.errf("bad escape \\%c", e)
	}
}

// scanPlain advances over string bytes that need no decoding: printable
// ASCII other than '"' and '\\', and valid multi-byte UTF-8. With
// escapes, it also passes over the escapes RFC 8785 writes exactly as
// they are (see sameEscape), which a string value copies unchanged.
func (p *jcsParser) scanPlain(escapes bool) error {
	// Locals, not p's fields, in the loop: the compiler keeps them in
	// registers (this loop is most of canonicalization's time).
	in, i := p.in, p.pos
	for i < len(in) {
		// Thirty-two bytes at a time, then eight, while none of them
		// needs a look: no control character, quote, backslash or
		// non-ASCII byte. The lowest flag of special8 marks the first
		// such byte exactly.
		for i+32 <= len(in) {
			w := in[i : i+32 : i+32]
			m0, m1 := special8(binary.LittleEndian.Uint64(w)), special8(binary.LittleEndian.Uint64(w[8:]))
			m2, m3 := special8(binary.LittleEndian.Uint64(w[16:])), special8(binary.LittleEndian.Uint64(w[24:]))
			if m0|m1|m2|m3 != 0 {
				switch {
				case m0 != 0:
				case m1 != 0:
					i, m0 = i+8, m1
				case m2 != 0:
					i, m0 = i+16, m2
				default:
					i, m0 = i+24, m3
				}
				i += bits.TrailingZeros64(m0) >> 3
				goto look
			}
			i += 32
		}
		for i+8 <= len(in) {
			m := special8(binary.LittleEndian.Uint64(in[i:]))
			if m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
	look:
		if i >= len(in) {
			break
		}
		c := in[i]
		switch {
		case c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\':
			i++ // within the last eight bytes
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(in[i:])
			if r == utf8.RuneError && n <= 1 {
				p.pos = i
				return p.errf("invalid UTF-8")
			}
			i += n
		case escapes && c == '\\' && i+1 < len(in) && sameEscape(in[i+1]):
			i += 2
		default: // quote, control character, another escape
			p.pos = i
			return nil
		}
	}
	p.pos = i
	return nil
}

// plain8 reports whether none of the eight bytes in x is below 0x20,
// a quote, a backslash or at or above 0x80.
func plain8(x uint64) bool { return special8(x) == 0 }

// special8 flags (bit 7 of the byte) the bytes of x that are below 0x20,
// a quote, a backslash or at or above 0x80, by the classic SWAR zero-byte
// tests. A flag above the lowest one may be false (a borrow from a lower
// byte), but whether any is set is exact, and so is the lowest: the
// bytes below it are all plain, and produce no borrow.
//
// The tests need not mask out the bytes at or above 0x80 (the usual
// "& ^x"), since x itself flags those: a byte below 0x20 wraps to 0xE0 or
// more when 0x20 is taken from it, a quote or backslash XORed to zero
// wraps to 0xFF when 1 is, and a plain byte (0x20-0x7F, neither) does
// neither, nor borrows. Nine operations for eight bytes.
func special8(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q, bs := x^(ones*'"'), x^(ones*'\\')
	return ((x - ones*0x20) | x | (q - ones) | (bs - ones)) & highs
}

// key parses a member name at p.pos and returns its decoded bytes, which
// alias the input when the name has no escapes (escaped is false).
func (p *jcsParser) key() (k []byte, escaped bool, err error) {
	p.pos++ // opening quote
	start := p.pos
	var buf []byte
	for {
		if err := p.scanPlain(false); err != nil {
			return nil, false, err
		}
		if p.pos >= len(p.in) {
			return nil, false, p.errf("unterminated string")
		}
		switch c := p.in[p.pos]; {
		case c == '"':
			p.pos++
			if !escaped {
				return p.in[start : p.pos-1 : p.pos-1], false, nil
			}
			return append(buf, p.in[start:p.pos-1]...), true, nil
		case c < 0x20:
			return nil, false, p.errf("control character in string")
		default: // backslash
			escaped = true
			buf = append(buf, p.in[start:p.pos]...)
			r, err := p.escape()
			if err != nil {
				return nil, false, err
			}
			buf = utf8.AppendRune(buf, r)
			start = p.pos
		}
	}
}

// stringValue parses a string at p.pos and appends its canonical form.
func (p *jcsParser) stringValue(out []byte) ([]byte, error) {
	p.pos++ // opening quote
	out = append(out, '"')
	start := p.pos // input not yet copied to out
	for {
		// Escapes RFC 8785 writes exactly so stay in the run copied as is.
		if err := p.scanPlain(true); err != nil {
			return nil, err
		}
		if p.pos >= len(p.in) {
			return nil, p.errf("unterminated string")
		}
		switch c := p.in[p.pos]; {
		case c == '"':
			out = p.text(out, p.in[start:p.pos])
			p.pos++
			return append(out, '"'), nil
		case c < 0x20:
			return nil, p.errf("control character in string")
		default: // another escape: decoded and written canonically
			out = p.text(out, p.in[start:p.pos])
			r, err := p.escape()
			if err != nil {
				return nil, err
			}
			out = jsjson.AppendRune(out, r)
			start = p.pos
		}
	}
}

// sameEscape reports whether the escape \e is its character's canonical
// form (see jsjson.AppendRune): \" \\ \b \f \n \r \t.
func sameEscape(e byte) bool {
	switch e {
	case '"', '\\', 'b', 'f', 'n', 'r', 't':
		return true
	}
	return false
}

func (p *jcsParser) number(out []byte) ([]byte, error) {
	start := p.pos
	in := p.in
	i := p.pos
	if i < len(in) && in[i] == '-' {
		i++
	}
	intStart := i
	switch {
	case i < len(in) && in[i] == '0':
		i++
	case i < len(in) && in[i] >= '1' && in[i] <= '9':
		i = skipDigits(in, i)
	default:
		p.pos = i
		return nil, p.errf("bad number")
	}
	if digits := i - intStart; digits <= 15 && (i == len(in) || (in[i] != '.' && in[i] != 'e' && in[i] != 'E')) {
		// An integer of at most 15 digits is exactly a double, which
		// Number::toString prints as those digits: the token is its own
		// canonical form, except -0. Counts, ids and sequence numbers
		// take this path; ParseFloat and the formatter are for the rest.
		p.pos = i
		if digits == 1 && in[intStart] == '0' {
			return append(out, '0'), nil
		}
		return append(out, in[start:i]...), nil
	}
	var err error
	if i < len(in) && in[i] == '.' {
		if i, err = p.someDigits(i+1, "fraction"); err != nil {
			return nil, err
		}
	}
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		i++
		if i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		if i, err = p.someDigits(i, "exponent"); err != nil {
			return nil, err
		}
	}
	p.pos = i
	f, err := strconv.ParseFloat(string(in[start:i]), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, p.errf("number %s out of range", in[start:i])
	}
	return jsjson.AppendNumber(out, f), nil
}

// appendJCSBytes appends s (valid UTF-8) as a JSON string with RFC 8785
// escaping.
func appendJCSBytes(out, s []byte) []byte {
	out = append(out, '"')
	start := 0
	for i, c := range s {
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		out = append(out, s[start:i]...)
		out = jsjson.AppendRune(out, rune(c))
		start = i + 1
	}
	out = append(out, s[start:]...)
	return append(out, '"')
}
