package projection

import (
	"strings"
)

// A cueFinder answers whether a text holds one of a pattern's cues, as
// the text's cueFold holding one would, without folding a copy of the
// text (most patterns are tried on every sentence, and each copy was an
// allocation). Each cue is looked for by one of its bytes, its anchor
// (one byte all the cues share when there is one, else each cue's
// rarest, see byteRank), and checked with ASCII case folded around each
// place the anchor occurs in the text. When the anchors are at most two
// bytes of the text (a letter is two, its capital too), they are found
// with strings.IndexByte, which is vectorized; else by one pass over a
// table of the bytes.
//
// cueFold also turns KELVIN SIGN and LONG S into k and s, which changes
// the text's length: a text holding either is folded when a cue holds k
// or s (no other cue can meet those runes). A cueFinder is immutable.
type cueFinder struct {
	cues     []string
	shortest int // bytes of the shortest cue: a shorter text holds none
	// at is, by byte of the text, 1 + the index in groups of the cues
	// anchored on it (0: none is); maxCues keeps it within a byte.
	at     [256]uint8
	groups [][]anchored
	// raw is the bytes of the text that can be anchors, when at most
	// two; nil when more.
	raw []byte
	// ks: some cue holds k or s.
	ks bool
}

// groups are indexed by a byte (cueFinder.at): maxCues must fit in one.
const _ uint8 = maxCues

// anchored is a cue and the offset of its anchor in it.
type anchored struct {
	cue string
	off int
}

func newCueFinder(cues []string) cueFinder {
	f := cueFinder{cues: cues, shortest: -1}
	for _, c := range cues {
		if f.shortest < 0 || len(c) < f.shortest {
			f.shortest = len(c)
		}
		if strings.ContainsAny(c, "ks") {
			f.ks = true
		}
	}
	// One byte every cue holds, the rarest such, else each cue's rarest.
	var shared [256]int // by byte: how many cues hold it
	for _, c := range cues {
		var in [256]bool
		for i := range len(c) {
			in[c[i]] = true
		}
		for b, ok := range in {
			if ok {
				shared[b]++
			}
		}
	}
	common := -1
	for b, n := range shared {
		if n == len(cues) && (common < 0 || byteRank(byte(b)) < byteRank(byte(common))) {
			common = b
		}
	}
	group := map[byte]int{}
	for _, c := range cues {
		off := strings.IndexByte(c, byte(max(common, 0)))
		if common < 0 {
			off = 0
			for i := range len(c) {
				if byteRank(c[i]) < byteRank(c[off]) {
					off = i
				}
			}
		}
		b := c[off]
		g, ok := group[b]
		if !ok {
			g = len(f.groups)
			group[b] = g
			f.groups = append(f.groups, nil)
			for _, r := range rawForms(b) {
				f.at[r] = uint8(g + 1)
				f.raw = append(f.raw, r)
			}
		}
		f.groups[g] = append(f.groups[g], anchored{cue: c, off: off})
	}
	if len(f.raw) > 2 {
		f.raw = nil
	}
	return f
}

// rawForms are the bytes of a text that cueFold turns into b.
func rawForms(b byte) []byte {
	if 'a' <= b && b <= 'z' {
		return []byte{b, b - 'a' + 'A'}
	}
	return []byte{b}
}

// byteRank orders bytes by how often they occur in the texts the
// patterns read, rarest first: punctuation, then bytes of other scripts
// and digits, then letters by their frequency in English, then space.
func byteRank(b byte) int {
	const letters = "zqjxkvbpygfwmucldrhsnioate" // rarest first
	switch {
	case b == ' ':
		return 100
	case 'a' <= b && b <= 'z':
		return 60 + strings.IndexByte(letters, b)
	case '0' <= b && b <= '9':
		return 50
	case b >= 0x80:
		return 40
	case strings.IndexByte(".,-_/'\":()=\t", b) >= 0:
		return 30
	}
	return 20
}

// in reports whether text s holds one of f's cues (cueFold applied).
func (f *cueFinder) in(s string) bool {
	if len(s) < f.shortest {
		// cueFold never lengthens a text.
		return false
	}
	if f.ks && (strings.Contains(s, "\u212A") || strings.Contains(s, "\u017F")) {
		fs := cueFold(s)
		for _, c := range f.cues {
			if strings.Contains(fs, c) {
				return true
			}
		}
		return false
	}
	return f.next(s, 0) >= 0
}

// next is the first place at or after from where a cue's anchor is in s
// with the cue around it, or -1. s holds neither KELVIN SIGN nor LONG S
// when a cue holds k or s.
func (f *cueFinder) next(s string, from int) int {
	switch len(f.raw) {
	case 1:
		for from < len(s) {
			j := strings.IndexByte(s[from:], f.raw[0])
			if j < 0 {
				return -1
			}
			if f.holdsAt(s, from+j) {
				return from + j
			}
			from += j + 1
		}
	case 2:
		// The next place of each of the two bytes, found as needed.
		a, b := -1, -1
		for from < len(s) {
			if a < from {
				a = indexFrom(s, f.raw[0], from)
			}
			if b < from {
				b = indexFrom(s, f.raw[1], from)
			}
			i := min(a, b)
			if i == len(s) {
				return -1
			}
			if f.holdsAt(s, i) {
				return i
			}
			from = i + 1
		}
	default:
		for i := from; i < len(s); i++ {
			if f.at[s[i]] != 0 && f.holdsAt(s, i) {
				return i
			}
		}
	}
	return -1
}

// indexFrom is the first index of c in s at or after from, or len(s).
func indexFrom(s string, c byte, from int) int {
	if j := strings.IndexByte(s[from:], c); j >= 0 {
		return from + j
	}
	return len(s)
}

// holdsAt reports whether a cue anchored on byte s[i] is in s around i.
func (f *cueFinder) holdsAt(s string, i int) bool {
	for _, a := range f.groups[f.at[s[i]]-1] {
		if start := i - a.off; start >= 0 && start+len(a.cue) <= len(s) && foldedEqual(s[start:start+len(a.cue)], a.cue) {
			return true
		}
	}
	return false
}

// foldedEqual reports whether raw with ASCII capitals lowered is cue.
func foldedEqual(raw, cue string) bool {
	for i := range len(cue) {
		c := raw[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != cue[i] {
			return false
		}
	}
	return true
}
