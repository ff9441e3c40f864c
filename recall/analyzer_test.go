package recall

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"

	"github.com/epistemicfold/ef/internal/testutil"
)

// TestAnalyzerMatchesRegistered holds the index's Go analyzer (with its
// stem cache) equal to the chain AddTextAnalyzer registers: the same terms
// at the same positions and offsets, on English, Chinese, mixed text and
// punctuation, twice over (the second pass is served by the cache).
func TestAnalyzerMatchesRegistered(t *testing.T) {
	m := bleve.NewIndexMapping()
	if err := AddTextAnalyzer(m); err != nil {
		t.Fatal(err)
	}
	want := m.AnalyzerNamed(TextAnalyzer)
	got := newTextAnalyzer(newStemCache())
	texts := []string{
		"Running the tests: cargo build failed; the builds are failing again.",
		"John's files weren't generously sized, happily dying hopes",
		"要移动光标，请按 hjkl 键 Running 移动光标 Ｆｕｌｌ ｗｉｄｔｈ",
		"error[E0308]: mismatched types at crates/autopilot/src/main.rs:42:7",
		"Traceback (most recent call last): File \"x.py\", line 3, in <module>",
		"日本語のテキスト と 한국어 텍스트 mixed with café naïve résumé",
		"", "   ", "a", "x_y_z foo.bar 3.14 1,000 can't e.g.",
		"ｶﾞｷﾞｸﾞ ﾊﾟﾝ ｱｲｳ Ｊｏｈｎ＇ｓ ＡＢＣ１２３ John’s ｶ゛",
		// Words about maxStemmedWord long: stemmed up to it, kept as
		// they are beyond.
		strings.Repeat("a", maxStemmedWord-4) + "ings " + strings.Repeat("a", maxStemmedWord-5) + "ings " + strings.Repeat("ya", 40) + "ings",
		strings.Repeat("b", maxStemmedWord-7) + "_walking " + strings.Repeat("Yay", 30) + "_Walking",
	}
	for i := 0; i < 50; i++ {
		texts = append(texts, strings.Repeat(fmt.Sprintf("word%d walking walked ", i%7), i%5+1))
	}
	for pass := 0; pass < 2; pass++ {
		for _, text := range texts {
			a, b := got.Analyze([]byte(text)), want.Analyze([]byte(text))
			if len(a) != len(b) {
				t.Fatalf("%q: %d tokens, registered chain %d", text, len(a), len(b))
			}
			for k := range a {
				if string(a[k].Term) != string(b[k].Term) || a[k].Position != b[k].Position || a[k].Start != b[k].Start || a[k].End != b[k].End {
					t.Errorf("%q token %d: %q@%d[%d:%d], registered chain %q@%d[%d:%d]", text, k,
						a[k].Term, a[k].Position, a[k].Start, a[k].End, b[k].Term, b[k].Position, b[k].Start, b[k].End)
				}
			}
		}
	}
}

// TestStemCacheBounded feeds the memo far more distinct words than it
// holds, short ones (the table fills first) and long ones (the arena
// does): it takes no more than stemCacheBytes, keeps its table at most
// half full, remembers thousands of words, keeps answering like the
// stemmer, and a stem it handed out early still reads the same after the
// memo filled up (entries never move or change).
func TestStemCacheBounded(t *testing.T) {
	plain := newStemCache() // the stemmer itself: its memo is never consulted twice for a word
	// 16K short words or 8.5K long ones fill the memo: the short profile
	// feeds 1.5 times that.
	words := testutil.Size(t, 24_000, 60_000)
	for _, shape := range []string{"walk%dings", "walkingthrough%06dings"} {
		c := newStemCache()
		first := c.stem([]byte("walking"))
		for pass := 0; pass < 2; pass++ {
			for i := 0; i < words; i++ {
				w := []byte(fmt.Sprintf(shape, i))
				if got, want := c.stem(w), plain.stemmer; string(got.b) != got.s || got.s != stemOf(want, w) {
					t.Fatalf("pass %d: %q stems to %q/%q, the stemmer says %q", pass, w, got.s, got.b, stemOf(want, w))
				}
			}
		}
		if first.s != "walk" || string(first.b) != "walk" {
			t.Errorf("the first stem handed out now reads %q/%q, want walk", first.s, first.b)
		}
		if again := c.stem([]byte("walking")); unsafe.SliceData(again.b) != unsafe.SliceData(first.b) {
			t.Errorf("a remembered word was stemmed again instead of read from the memo")
		}
		held, words := 0, 0
		for i := range c.shards {
			sh := &c.shards[i]
			tab := sh.t.Load()
			if tab == nil {
				continue
			}
			held += 4*cap(tab.slots) + cap(tab.arena)
			words += sh.words
			if sh.words > len(tab.slots)/2 {
				t.Errorf("%s: shard %d: %d words in %d slots, more than half full", shape, i, sh.words, len(tab.slots))
			}
		}
		if held > stemCacheBytes || words < 5_000 {
			t.Errorf("%s: memo holds %d words in %d bytes (limit %d)", shape, words, held, stemCacheBytes)
		}
		t.Logf("%s: memo holds %d words in %d bytes", shape, words, held)
	}
}

func stemOf(f analysis.TokenFilter, w []byte) string {
	tok := &analysis.Token{Term: append([]byte(nil), w...)}
	f.Filter(analysis.TokenStream{tok})
	return string(tok.Term)
}
