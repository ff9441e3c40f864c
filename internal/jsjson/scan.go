package jsjson

// The module's two hand-written JSON readers (hostshim's JavaScript-exact
// meter and recall's fast message decoder) decode strings and values by
// different rules, but scan white space, numbers and the three literals
// by JSON's one grammar (RFC 8259), written once here.

// SkipSpace returns the index of the first byte of b at or after i that is
// not JSON white space (space, tab, line feed, carriage return); len(b)
// when there is none.
func SkipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// Next skips white space from i and then the byte c: it returns the
// index just past c and true, or the index of the first byte that is not
// white space and false when that byte is not c (or there is none).
func Next(b []byte, i int, c byte) (int, bool) {
	i = SkipSpace(b, i)
	if i < len(b) && b[i] == c {
		return i + 1, true
	}
	return i, false
}

// SkipNumber scans the number of JSON's grammar that starts at b[i]
// (-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?) and returns the index
// just past it; false when b[i:] does not start with one. A number that
// starts with 0 ends after it ("01" is the number 0 followed by "1").
func SkipNumber(b []byte, i int) (int, bool) {
	digits := func() int {
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if digits() == 0 {
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return i, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return i, false
		}
	}
	return i, true
}

// Literal returns the literal (true, false or null) that b holds at i, or
// "" when it holds none there.
func Literal(b []byte, i int) string {
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit {
			return lit
		}
	}
	return ""
}
