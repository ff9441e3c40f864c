package tokenizer

import (
	"unicode"
	"unicode/utf8"
)

// The pre-tokenizers below split a text into the pieces the encodings'
// split patterns (specOf) give under the backtracking regexp engine
// tiktoken-go uses (regexp2: first alternative that matches, greedy
// quantifiers given back one character at a time), without the engine's
// per-piece allocations: a count holds no more than its piece. The
// character classes are the engine's: \s is unicode.IsSpace, \p{X} is
// unicode.Categories[X], and (?i:...) compares unicode.ToLower of the
// text. An invalid UTF-8 byte is one character, U+FFFD (the engine reads
// the text as runes). TestPretokenMatchesPattern holds both splitters to
// the patterns on random and corpus texts.

// class bits of one character.
const (
	clSpace  = 1 << iota // \s
	clCRLF               // \r or \n
	clLetter             // \p{L}
	clNumber             // \p{N}
	clMark               // \p{M}
	clUpper              // o200k's [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	clLower              // o200k's [\p{Ll}\p{Lm}\p{Lo}\p{M}]
)

// asciiClass holds the classes of the ASCII characters.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := range rune(utf8.RuneSelf) {
		t[r] = classOfRune(r)
	}
	return t
}()

func classOfRune(r rune) uint8 {
	var c uint8
	if unicode.IsSpace(r) {
		c |= clSpace
	}
	if r == '\r' || r == '\n' {
		c |= clCRLF
	}
	if unicode.IsNumber(r) {
		c |= clNumber
	}
	if unicode.IsMark(r) {
		c |= clMark | clUpper | clLower
	}
	if unicode.IsLetter(r) {
		c |= clLetter
		switch {
		case unicode.Is(unicode.Lm, r) || unicode.Is(unicode.Lo, r):
			c |= clUpper | clLower
		case unicode.Is(unicode.Ll, r):
			c |= clLower
		case unicode.Is(unicode.Lu, r) || unicode.Is(unicode.Lt, r):
			c |= clUpper
		}
	}
	return c
}

// charAt returns the class and byte width of the character at s[i].
func charAt(s string, i int) (uint8, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return asciiClass[c], 1
	}
	r, w := utf8.DecodeRuneInString(s[i:])
	return classOfRune(r), w // an invalid byte is U+FFFD, a symbol
}

// Derived classes of the patterns.
func isPrefix(c uint8) bool { return c&(clCRLF|clLetter|clNumber) == 0 }  // [^\r\n\p{L}\p{N}]
func isOther(c uint8) bool  { return c&(clSpace|clLetter|clNumber) == 0 } // [^\s\p{L}\p{N}]

// run returns the end of the run of characters having a bit of mask from i.
func run(s string, i int, mask uint8) int {
	for i < len(s) {
		c, w := charAt(s, i)
		if c&mask == 0 {
			break
		}
		i += w
	}
	return i
}

// contraction returns the end of (?i:'s|'t|'re|'ve|'m|'ll|'d) at i, or i.
func contraction(s string, i int) int {
	if i >= len(s) || s[i] != '\'' {
		return i
	}
	a, wa := lowerAt(s, i+1)
	switch a {
	case 's', 't', 'm', 'd':
		return i + 1 + wa
	case 'r', 'v', 'l':
		b, wb := lowerAt(s, i+1+wa)
		if (a == 'l' && b == 'l') || (a != 'l' && b == 'e') {
			return i + 1 + wa + wb
		}
	}
	return i
}

// lowerAt returns unicode.ToLower of the character at s[i] (-1 past the
// end) and its width.
func lowerAt(s string, i int) (rune, int) {
	if i >= len(s) {
		return -1, 0
	}
	r, w := utf8.DecodeRuneInString(s[i:])
	return unicode.ToLower(r), w
}

// digits returns the end of \p{N}{1,3} at i (i itself when none).
func digits(s string, i int) int {
	for n := 0; n < 3 && i < len(s); n++ {
		c, w := charAt(s, i)
		if c&clNumber == 0 {
			break
		}
		i += w
	}
	return i
}

// punctuation returns the end of " ?[^\s\p{L}\p{N}]+" followed by a run of
// tail characters at i, or i.
func punctuation(s string, i int, tail func(byte) bool) int {
	j := i
	if s[j] == ' ' {
		j++
	}
	if j >= len(s) {
		return i
	}
	if c, _ := charAt(s, j); !isOther(c) {
		return i
	}
	for j < len(s) {
		c, w := charAt(s, j)
		if !isOther(c) {
			break
		}
		j += w
	}
	for j < len(s) && tail(s[j]) {
		j++
	}
	return j
}

// whitespace returns the end of "\s*[\r\n]+|\s+(?!\S)|\s+" at i, where
// s[i] is white space.
func whitespace(s string, i int) int {
	end := run(s, i, clSpace)
	// \s*[\r\n]+: up to the last newline of the run.
	for j := end; j > i; {
		r, w := utf8.DecodeLastRuneInString(s[i:j])
		if r == '\r' || r == '\n' {
			return j
		}
		j -= w
	}
	if end == len(s) {
		return end
	}
	// \s+(?!\S): all but the run's last character, if that leaves one.
	_, w := utf8.DecodeLastRuneInString(s[i:end])
	if end-w > i {
		return end - w
	}
	return end
}

// nextO200k returns the end of the o200k_base piece that starts at i.
func nextO200k(s string, i int) int {
	c0, w0 := charAt(s, i)
	// [^\r\n\p{L}\p{N}]?[Upper]*[Lower]+(?i:...)? then
	// [^\r\n\p{L}\p{N}]?[Upper]+[Lower]*(?i:...)?, each first with the
	// optional prefix character and then without it (a mark is both a
	// prefix and a letter of either class).
	starts := [2]int{-1, -1}
	if isPrefix(c0) {
		starts[0] = i + w0
	}
	if c0&(clUpper|clLower) != 0 {
		starts[1] = i
	}
	for _, q := range starts {
		if q >= 0 {
			if e := lowerTail(s, q); e > q {
				return contraction(s, e)
			}
		}
	}
	for _, q := range starts {
		if q >= 0 {
			if k := run(s, q, clUpper); k > q {
				return contraction(s, run(s, k, clLower))
			}
		}
	}
	if c0&clNumber != 0 {
		return digits(s, i)
	}
	if e := punctuation(s, i, func(b byte) bool { return b == '\r' || b == '\n' || b == '/' }); e > i {
		return e
	}
	return whitespace(s, i)
}

// lowerTail matches [Upper]*[Lower]+ at q and returns its end, or q: the
// greedy upper run gives back characters until a lower one follows.
func lowerTail(s string, q int) int {
	k := run(s, q, clUpper)
	if k < len(s) {
		if c, _ := charAt(s, k); c&clLower != 0 {
			return run(s, k, clLower)
		}
	}
	// Give back: the last character of the upper run that is also lower
	// (Lm, Lo, M) starts the lower run, which then ends at the next
	// character (an Lu or Lt, or the end of the upper run).
	for j := k; j > q; {
		r, w := utf8.DecodeLastRuneInString(s[q:j])
		j -= w
		if classOfRune(r)&clLower != 0 {
			return j + w
		}
	}
	return q
}

// nextCL100k returns the end of the cl100k_base piece that starts at i.
func nextCL100k(s string, i int) int {
	if e := contraction(s, i); e > i {
		return e
	}
	c0, w0 := charAt(s, i)
	// [^\r\n\p{L}\p{N}]?\p{L}+
	if isPrefix(c0) {
		if e := run(s, i+w0, clLetter); e > i+w0 {
			return e
		}
	} else if c0&clLetter != 0 {
		return run(s, i, clLetter)
	}
	if c0&clNumber != 0 {
		return digits(s, i)
	}
	if e := punctuation(s, i, func(b byte) bool { return b == '\r' || b == '\n' }); e > i {
		return e
	}
	return whitespace(s, i)
}
