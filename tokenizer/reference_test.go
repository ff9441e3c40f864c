package tokenizer

import (
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
	"github.com/pkoukk/tiktoken-go"
)

// refMeter is the meter as it counted before the hand-written
// pre-tokenizer: tiktoken-go's encoder and the encoding's split pattern
// under regexp2, over the same embedded ranks. The tests hold Meter to it
// count for count, so replacing the encoder changed no count.
type refMeter struct {
	tk       *tiktoken.Tiktoken
	split    *regexp2.Regexp
	maxPiece int
}

func newRefMeter(t testing.TB, name string) *refMeter {
	t.Helper()
	spec, ok := specOf(name)
	if !ok {
		t.Fatalf("no encoding %q", name)
	}
	table, err := loadRanks(spec.file)
	if err != nil {
		t.Fatal(err)
	}
	ranks := table.toMap()
	bpe, err := tiktoken.NewCoreBPE(ranks, spec.special, spec.pattern)
	if err != nil {
		t.Fatal(err)
	}
	set := make(map[string]any, len(spec.special))
	for k := range spec.special {
		set[k] = true
	}
	enc := &tiktoken.Encoding{Name: name, PatStr: spec.pattern, MergeableRanks: ranks, SpecialTokens: spec.special}
	return &refMeter{tk: tiktoken.NewTiktoken(bpe, enc, set), split: regexp2.MustCompile(spec.pattern, regexp2.None), maxPiece: DefaultMaxPieceBytes}
}

// pieces returns the byte offsets where the pattern's matches in s end.
func (r *refMeter) pieces(s string) []int {
	var ends []int
	runeEnd := []int{0} // byte offset after each rune
	for i, c := range s {
		_ = c
		_, w := utf8.DecodeRuneInString(s[i:])
		runeEnd = append(runeEnd, i+w)
	}
	m, _ := r.split.FindStringMatch(s)
	for m != nil {
		ends = append(ends, runeEnd[m.Index+m.Length])
		m, _ = r.split.FindNextMatch(m)
	}
	return ends
}

func (r *refMeter) CountText(s string) int {
	if s == "" {
		return 0
	}
	if !hasLongRun(s, r.maxPiece) {
		return r.countChunks(s)
	}
	return r.countCapped(s)
}

const refChunkBytes = 4 << 10

func (r *refMeter) countChunks(s string) int {
	total := 0
	for len(s) > refChunkBytes {
		cut := refPieceCut(s, refChunkBytes)
		if cut >= len(s) {
			break
		}
		total += len(r.tk.EncodeOrdinary(s[:cut]))
		s = s[cut:]
	}
	return total + len(r.tk.EncodeOrdinary(s))
}

func refPieceCut(s string, from int) int {
	for i := from; i < len(s)-1; i++ {
		if s[i] != '\n' {
			continue
		}
		c, _ := utf8.DecodeRuneInString(s[i+1:])
		if c != '/' && !unicode.IsSpace(c) && c != utf8.RuneError {
			return i + 1
		}
	}
	return len(s)
}

func (r *refMeter) countCapped(s string) int {
	total, segStart := 0, 0
	ri, bi := 0, 0
	byteAt := func(n int) int {
		for ri < n {
			_, size := utf8.DecodeRuneInString(s[bi:])
			bi += size
			ri++
		}
		return bi
	}
	match, _ := r.split.FindStringMatch(s)
	for match != nil {
		pb := byteAt(match.Index)
		pe := byteAt(match.Index + match.Length)
		if pe-pb > r.maxPiece {
			if pb > segStart {
				total += len(r.tk.EncodeOrdinary(s[segStart:pb]))
			}
			total += ceilDiv(pe-pb, 4)
			segStart = pe
		}
		match, _ = r.split.FindNextMatch(match)
	}
	if segStart < len(s) {
		total += len(r.tk.EncodeOrdinary(s[segStart:]))
	}
	return total
}

// toMap returns the table as tiktoken-go takes ranks.
func (t *rankTable) toMap() map[string]int {
	ranks := make(map[string]int, t.len())
	for i := range t.len() {
		ranks[string(t.token(i))] = t.rankOf(i)
	}
	return ranks
}
