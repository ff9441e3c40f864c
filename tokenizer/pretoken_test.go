package tokenizer

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"pgregory.net/rapid"
)

// refMeters are built once per test binary: the reference encoder takes
// about a second and 20 MB per encoding.
var refMeters = sync.OnceValue(func() map[string]*refMeter {
	return map[string]*refMeter{O200k: newRefMeter(&testing.T{}, O200k), CL100k: newRefMeter(&testing.T{}, CL100k)}
})

// splitEnds returns the piece ends of the meter's pre-tokenizer.
func splitEnds(m *Meter, s string) []int {
	var ends []int
	for i := 0; i < len(s); {
		i = m.next(s, i)
		ends = append(ends, i)
	}
	return ends
}

// trickyAlphabet mixes every class the split patterns tell apart: ASCII
// letters of both cases (and those of the contractions), digits, other
// numbers (², ½, Ⅻ, Arabic-Indic), marks (combining acute, Devanagari
// signs), title case, modifier letters, CJK and kana, emoji and their
// modifiers, every kind of white space (CR, LF, tab, NBSP, U+2028,
// U+0085, ideographic space), punctuation and '/', apostrophes, the
// letters whose lower case is special (İ, K, ſ), and invalid UTF-8.
var trickyAlphabet = []string{
	"a", "b", "s", "t", "m", "d", "r", "e", "v", "l", "S", "T", "M", "D", "R", "E", "V", "L", "Q", "z",
	"0", "7", "9", "²", "½", "Ⅻ", "٣",
	"\u0301", "\u0903", "\u093f", "ǅ", "ʰ", "ー", "中", "文", "の", "カ", "한",
	"😀", "👍", "\U0001F3FD", "\u200d",
	" ", " ", " ", "\n", "\r", "\t", "\u00a0", "\u2028", "\u0085", "\u3000", "\v", "\f",
	".", ",", "!", "(", ")", "{", "}", "/", "\\", "=", "-", "_", "#", "'", "’", "\"", "$", "、", "。",
	"İ", "K", "ſ", "é", "ß", "Ω", "ω",
	"\xff", "\x80", "\xe4\xbd",
}

// randomText draws a text of tricky characters, runs of one and words.
func randomText(t *rapid.T, label string) string {
	parts := rapid.SliceOfN(rapid.OneOf(
		rapid.SampledFrom(trickyAlphabet),
		rapid.Custom(func(t *rapid.T) string {
			return strings.Repeat(rapid.SampledFrom(trickyAlphabet).Draw(t, "c"), rapid.IntRange(2, 12).Draw(t, "n"))
		}),
		rapid.SampledFrom([]string{"don't", "WE'LL", "it's", "you'd", "I'D", "she'll", "we've", "Ǆ'Re", "I'M", "they're", "'ve", "'S", "''d", "hello", "World", "HTTPServer", "iPhone", "x/y", "}\n/", "  \n  ", "12345", "naïve", "Ǆemo"}),
	), 0, 40).Draw(t, label)
	return strings.Join(parts, "")
}

// TestPretokenMatchesPattern holds the hand-written pre-tokenizers to the
// encodings' split patterns under regexp2, piece boundary for piece
// boundary, on random texts of tricky characters and on corpus messages.
func TestPretokenMatchesPattern(t *testing.T) {
	texts := []string{"", "a", " ", "  x", "\t\t=", "a  \n  b", "x'S", "'s", "'ll'", "\r\n\r\n  /x", "ǅa", "Ǆǅa", "ʰʰA", "A\u0301B"}
	for _, enc := range []string{O200k, CL100k} {
		ref, m := refMeters()[enc], tiktokenMeter(t, enc)
		check := func(t interface{ Fatalf(string, ...any) }, s string) {
			if got, want := splitEnds(m, s), ref.pieces(s); !slices.Equal(got, want) {
				t.Fatalf("%s: pieces of %q:\n got %q\nwant %q", enc, s, pieceStrings(s, got), pieceStrings(s, want))
			}
		}
		t.Run(enc, func(t *testing.T) {
			for _, s := range texts {
				check(t, s)
			}
			rapid.Check(t, func(rt *rapid.T) { check(rt, randomText(rt, "text")) })
		})
		t.Run(enc+"/corpus", func(t *testing.T) {
			for _, s := range corpusTexts(t, 20) {
				check(t, s)
			}
		})
	}
}

func pieceStrings(s string, ends []int) []string {
	var out []string
	start := 0
	for _, e := range ends {
		if e < start || e > len(s) {
			return append(out, fmt.Sprintf("<bad end %d>", e))
		}
		out = append(out, s[start:e])
		start = e
	}
	return out
}

// TestCountMatchesReference holds CountText to the counts of tiktoken-go's
// encoder as the meter used it before (refMeter: 4 KiB chunks cut at
// newlines, long pieces priced by length in the stretches between them)
// on random texts, corpus messages one by one and joined, and long runs
// among ordinary text.
func TestCountMatchesReference(t *testing.T) {
	// Runs just under and over the piece limit, among text that ends or
	// starts a stretch in each way the patterns tell apart.
	var long []string
	arounds := [][2]string{{"", ""}, {"hello ", " world"}, {"a\t\t", "\n\n"}, {"x  ", "  y"}, {"\n", "'S=="}}
	for i, run := range []string{"=", " ", "z", "\t", "中", "\xff", "\n"} {
		for j, n := range []int{DefaultMaxPieceBytes - 1, DefaultMaxPieceBytes + 1} {
			around := arounds[(i+j)%len(arounds)]
			long = append(long, around[0]+strings.Repeat(run, n/len(run))+around[1])
		}
	}
	for _, enc := range []string{O200k, CL100k} {
		ref, m := refMeters()[enc], tiktokenMeter(t, enc)
		check := func(t interface{ Fatalf(string, ...any) }, s string) {
			if got, want := m.CountText(s), ref.CountText(s); got != want {
				t.Fatalf("%s: %d tokens, reference %d: %.120q", enc, got, want, s)
			}
		}
		t.Run(enc, func(t *testing.T) {
			for _, s := range long {
				check(t, s)
			}
			rapid.Check(t, func(rt *rapid.T) {
				s := randomText(rt, "text")
				if rapid.IntRange(0, 9).Draw(rt, "long") == 0 {
					s += strings.Repeat(rapid.SampledFrom(trickyAlphabet).Draw(rt, "run"), DefaultMaxPieceBytes+rapid.IntRange(-2, 40).Draw(rt, "extra")) + randomText(rt, "after")
				}
				check(rt, s)
			})
		})
		t.Run(enc+"/corpus", func(t *testing.T) {
			joined := corpusTexts(t, 20)
			for _, s := range append([]string{strings.Join(joined, "\n")}, joined...) {
				check(t, s)
			}
			for i, l := range long[:4] {
				check(t, joined[i%len(joined)]+l+joined[(i+1)%len(joined)])
			}
		})
	}
}
