package recall

import (
	"sync"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	bunicode "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
)

// TextAnalyzer is the name of the analyzer context_search indexes and
// queries text with. Other indexes over EF text (Northbridge's relevance
// ranking) register it with AddTextAnalyzer so that a word matches there
// exactly as it matches in context_search.
const TextAnalyzer = analyzerText

// AddTextAnalyzer registers the TextAnalyzer on m: unicode word breaks,
// full/half width folding, lower case, English possessives, CJK bigrams,
// then English stemming (which leaves bigrams alone). One analyzer for
// English and CJK means one field instead of an "en" and a "cjk" field,
// and a mixed query matches mixed text.
func AddTextAnalyzer(m *mapping.IndexMappingImpl) error {
	return m.AddCustomAnalyzer(analyzerText, map[string]interface{}{
		"type":          custom.Name,
		"tokenizer":     bunicode.Name,
		"token_filters": []interface{}{cjk.WidthName, lowercase.Name, en.PossessiveName, cjk.BigramName, en.SnowballStemmerName},
	})
}

// newTextAnalyzer returns TextAnalyzer's chain as a Go value, with the
// English stemmer behind a cache: stemming was the costliest step of
// indexing, and a session's vocabulary is small next to its word count.
// The index analyzes documents (in parallel, ahead of the batch that
// writes them) and queries with it; TestAnalyzerMatchesRegistered holds it
// equal to the registered chain.
func newTextAnalyzer(stems *stemCache) analysis.Analyzer {
	return &analysis.DefaultAnalyzer{
		Tokenizer: bunicode.NewUnicodeTokenizer(),
		TokenFilters: []analysis.TokenFilter{
			nonASCII{cjk.NewCJKWidthFilter()}, lowercase.NewLowerCaseFilter(), en.NewPossessiveFilter(),
			cjk.NewCJKBigramFilter(false), stems,
		},
	}
}

// nonASCII applies a token filter that works token by token and leaves
// ASCII unchanged (the CJK width filter) to the tokens that are not all
// ASCII: the width filter turns every term into runes and back, which
// cost a twentieth of indexing for English text it never changes.
type nonASCII struct{ f analysis.TokenFilter }

func (n nonASCII) Filter(input analysis.TokenStream) analysis.TokenStream {
	var one [1]*analysis.Token
	for _, t := range input {
		for _, b := range t.Term {
			if b >= utf8.RuneSelf {
				one[0] = t
				n.f.Filter(one[:])
				break
			}
		}
	}
	return input
}

// stemCacheBytes bounds the memory of a stemCache's memo (its words,
// stems and map entries, each entry counted as stemEntryBytes besides
// its strings), and stemCacheWordMax the length of a word it remembers:
// identifiers and hashes make the vocabulary of tool output open-ended,
// and the memo lives as long as the index (through every fold of an
// ef fold run). 768 KiB hold about 6K words, a session's common
// vocabulary, which comes early; a memo of 16K words held 2 MB, the
// largest thing ef fold's heap grew by on a long log.
const (
	stemCacheBytes   = 768 << 10
	stemCacheWordMax = 24
	stemEntryBytes   = 112
)

// stemCache is the snowball English stemmer with a bounded memo of its
// answers, in shards so that the goroutines analyzing documents rarely
// wait for each other. It is safe for concurrent use.
type stemCache struct {
	stemmer analysis.TokenFilter
	shards  [16]struct {
		mu   sync.RWMutex
		memo map[string]stem // word → stem
		used int             // bytes of memo, as stemCacheBytes counts them
	}
}

// stem is a stemmed word as a string and as bytes, the one a map of
// terms is keyed by, the other what a term is stored as.
type stem struct {
	s string
	b []byte
}

func newStemCache() *stemCache { return &stemCache{stemmer: en.NewEnglishStemmerFilter()} }

// stem returns the stem of word, which it does not keep.
func (c *stemCache) stem(word []byte) stem {
	h := uint32(2166136261) // FNV-1a
	for _, b := range word {
		h = (h ^ uint32(b)) * 16777619
	}
	sh := &c.shards[h%uint32(len(c.shards))]
	sh.mu.RLock()
	v, ok := sh.memo[string(word)]
	sh.mu.RUnlock()
	if ok {
		return v
	}
	w := string(word)
	t := &analysis.Token{Term: []byte(w)}
	c.stemmer.Filter(analysis.TokenStream{t})
	v = stem{s: string(t.Term), b: t.Term}
	if len(w) > stemCacheWordMax {
		return v
	}
	sh.mu.Lock()
	if sh.memo == nil {
		sh.memo = map[string]stem{}
	}
	if cost := stemEntryBytes + len(w) + len(v.s) + len(v.b); sh.used+cost <= stemCacheBytes/len(c.shards) {
		if _, ok := sh.memo[w]; !ok {
			sh.memo[w] = v
			sh.used += cost
		}
	}
	sh.mu.Unlock()
	return v
}

func (c *stemCache) Filter(input analysis.TokenStream) analysis.TokenStream {
	for _, t := range input {
		t.Term = c.stem(t.Term).b
	}
	return input
}
