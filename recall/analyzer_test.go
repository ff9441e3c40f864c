package recall

import (
	"fmt"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
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
// holds: it stays within stemCacheBytes and keeps answering like the
// stemmer.
func TestStemCacheBounded(t *testing.T) {
	c := newStemCache()
	plain := newStemCache() // the stemmer itself: its memo is never consulted twice for a word
	for pass := 0; pass < 2; pass++ {
		for i := 0; i < 60_000; i++ {
			w := []byte(fmt.Sprintf("walk%dings", i))
			if got, want := c.stem(w), plain.stemmer; string(got.b) != got.s || got.s != stemOf(want, w) {
				t.Fatalf("pass %d: %q stems to %q/%q, the stemmer says %q", pass, w, got.s, got.b, stemOf(want, w))
			}
		}
	}
	used, words := 0, 0
	for i := range c.shards {
		used += c.shards[i].used
		words += len(c.shards[i].memo)
	}
	if used > stemCacheBytes || words < 1000 {
		t.Errorf("memo holds %d words in %d bytes (limit %d)", words, used, stemCacheBytes)
	}
}

func stemOf(f analysis.TokenFilter, w []byte) string {
	tok := &analysis.Token{Term: append([]byte(nil), w...)}
	f.Filter(analysis.TokenStream{tok})
	return string(tok.Term)
}
