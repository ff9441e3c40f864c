package tokenizer

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"hash/maphash"
	"math"
	"slices"
)

// rankTable maps token bytes to their BPE rank, holding no pointer the
// garbage collector must follow: every token's bytes sit end to end in one
// blob, and an open-addressing hash table of integers finds them. A
// map[string]int of the same ranks (200k keys for o200k_base) is 200k
// string headers that every collection of the process scans; these
// slices are a few objects the collector never looks into.
//
// A rankTable is immutable once built and safe for concurrent use.
type rankTable struct {
	blob []byte   // the tokens' bytes, token i at blob[ends[i-1]:ends[i]]
	ends []uint32 // the end of each token in blob
	// ranks holds token i's rank, or is nil when every token's rank is
	// its index (both embedded files list ranks 0, 1, 2, … in order).
	ranks []uint32
	// slots is the hash table, linear probing, a power of two long and at
	// most half full: 0 is an empty slot, else a token index+1.
	slots []uint32
	mask  uint64
	seed  maphash.Seed
}

// maxRankTokens bounds a rank table: token indexes, ranks and blob offsets
// are 32-bit.
const maxRankTokens = 1 << 30

// parseRanks builds the table of a "<base64 token> <rank>" file, one token
// a line; it refuses a malformed line, a rank out of 32 bits and a token
// listed twice.
func parseRanks(plain []byte) (*rankTable, error) {
	lines := bytes.Count(plain, []byte{'\n'}) + 1
	if lines > maxRankTokens || len(plain) > math.MaxUint32 {
		return nil, fmt.Errorf("rank file too large: %d bytes", len(plain))
	}
	t := &rankTable{
		// Base64 decodes to at most 3/4 of the line bytes.
		blob: make([]byte, 0, len(plain)/4*3+3),
		ends: make([]uint32, 0, lines),
	}
	ranks := make([]uint32, 0, lines)
	for line := range bytes.Lines(plain) {
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			continue
		}
		tok, rankText, ok := bytes.Cut(line, []byte{' '})
		if !ok {
			return nil, fmt.Errorf("malformed rank line %q", line)
		}
		start, size := len(t.blob), base64.StdEncoding.DecodedLen(len(tok))
		t.blob = slices.Grow(t.blob, size)[:start+size]
		n, err := base64.StdEncoding.Decode(t.blob[start:], tok)
		if err != nil {
			return nil, fmt.Errorf("rank line %q: %w", line, err)
		}
		if n == 0 {
			return nil, fmt.Errorf("rank line %q: empty token", line)
		}
		t.blob = t.blob[:start+n]
		rank, ok := parseUint32(rankText)
		if !ok {
			return nil, fmt.Errorf("rank line %q: rank is not a number below 2^32", line)
		}
		t.ends = append(t.ends, uint32(len(t.blob)))
		ranks = append(ranks, rank)
	}
	// Keep only the bytes used: the decoded blob is a quarter smaller than
	// its estimate.
	t.blob = append([]byte(nil), t.blob...)

	if identity(ranks) {
		ranks = nil
	}
	t.ranks = ranks

	size := uint64(4)
	for size < 2*uint64(len(t.ends)) {
		size <<= 1
	}
	t.slots = make([]uint32, size)
	t.mask = size - 1
	t.seed = maphash.MakeSeed()
	for i := range t.ends {
		tok := t.token(i)
		h := maphash.Bytes(t.seed, tok) & t.mask
		for ; t.slots[h] != 0; h = (h + 1) & t.mask {
			if j := int(t.slots[h]) - 1; bytes.Equal(t.token(j), tok) {
				return nil, fmt.Errorf("token %q listed twice (ranks %d and %d)", tok, t.rankOf(j), t.rankOf(i))
			}
		}
		t.slots[h] = uint32(i + 1)
	}
	return t, nil
}

// identity reports whether ranks[i] == i for every i.
func identity(ranks []uint32) bool {
	for i, r := range ranks {
		if r != uint32(i) {
			return false
		}
	}
	return true
}

// token returns the bytes of token i.
func (t *rankTable) token(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = t.ends[i-1]
	}
	return t.blob[start:t.ends[i]]
}

// rankOf returns the rank of token i.
func (t *rankTable) rankOf(i int) int {
	if t.ranks == nil {
		return i
	}
	return int(t.ranks[i])
}

// rank returns the rank of the token s and whether s is a token. It
// allocates nothing.
func (t *rankTable) rank(s string) (int, bool) {
	for h := maphash.String(t.seed, s) & t.mask; ; h = (h + 1) & t.mask {
		slot := t.slots[h]
		if slot == 0 {
			return 0, false
		}
		if i := int(slot) - 1; string(t.token(i)) == s {
			return t.rankOf(i), true
		}
	}
}

// len returns the number of tokens.
func (t *rankTable) len() int { return len(t.ends) }

// parseUint32 parses a decimal number below 2^32 without allocating.
func parseUint32(b []byte) (uint32, bool) {
	if len(b) == 0 || len(b) > 10 {
		return 0, false
	}
	var n uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	if n > math.MaxUint32 {
		return 0, false
	}
	return uint32(n), true
}
