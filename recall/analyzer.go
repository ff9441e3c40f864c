package recall

import (
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
)

// TextAnalyzer is the name of the analyzer context_search indexes and
// queries text with. Other indexes over EF text (Northbridge's relevance
// ranking) register it with AddTextAnalyzer so that a word matches there
// exactly as it matches in context_search.
const TextAnalyzer = analyzerText

// AddTextAnalyzer registers the TextAnalyzer on m: unicode word breaks
// (emoji kept as words, see wordTokenizer), full/half width folding, lower case, English possessives, CJK bigrams,
// then English stemming of the words up to maxStemmedWord bytes (which leaves bigrams alone).
// One analyzer for English and CJK means one field instead of an "en" and
// a "cjk" field, and a mixed query matches mixed text.
func AddTextAnalyzer(m *mapping.IndexMappingImpl) error {
	return m.AddCustomAnalyzer(analyzerText, map[string]interface{}{
		"type":          custom.Name,
		"tokenizer":     wordTokenizerName,
		"token_filters": []interface{}{cjk.WidthName, lowercase.Name, en.PossessiveName, cjk.BigramName, stemFilterName},
	})
}

// maxStemmedWord is the longest word, in bytes, that is stemmed; a longer
// one is indexed and searched as it is. The Snowball stemmer is quadratic
// in a word's length: its prelude and postlude mark and unmark each 'y'
// after a vowel, and each mark rebuilds the whole word as a new string,
// so one 300 KB run of "yyyy…" in a pasted output took 25 s to index. No
// English word is near this long (the longest dictionary words have 45
// letters), so only runs, hashes, base64 and the like go unstemmed; the
// identifier parts of a long word are short and are stemmed as usual.
const maxStemmedWord = 64

// stemFilterName is the name TextAnalyzer's stemmer is registered under
// in bleve's registry: the Snowball English stemmer for words up to
// maxStemmedWord bytes (boundedStemmer).
const stemFilterName = "ef_stem_en"

// bleve's registry is a plain map: it is written while the package is
// initialized, as wordTokenizerName's entry is (words.go).
var _ = func() error {
	return registry.RegisterTokenFilter(stemFilterName, func(map[string]interface{}, *registry.Cache) (analysis.TokenFilter, error) {
		return boundedStemmer{en.NewEnglishStemmerFilter()}, nil
	})
}()

// boundedStemmer applies a stemmer to the tokens of at most
// maxStemmedWord bytes and leaves longer ones as they are.
type boundedStemmer struct{ f analysis.TokenFilter }

func (s boundedStemmer) Filter(input analysis.TokenStream) analysis.TokenStream {
	var one [1]*analysis.Token
	for _, t := range input {
		if len(t.Term) <= maxStemmedWord {
			one[0] = t
			s.f.Filter(one[:])
		}
	}
	return input
}

// newTextAnalyzer returns TextAnalyzer's chain as a Go value, with the
// English stemmer behind a cache: stemming was the costliest step of
// indexing, and a session's vocabulary is small next to its word count.
// The index analyzes documents (in parallel, ahead of the batch that
// writes them) and queries with it; TestAnalyzerMatchesRegistered holds it
// equal to the registered chain.
func newTextAnalyzer(stems *stemCache) analysis.Analyzer {
	return &analysis.DefaultAnalyzer{
		Tokenizer: wordTokenizer{},
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

// The stem memo. Identifiers and hashes make the vocabulary of tool
// output open-ended, and the memo lives as long as the index (through
// every fold of an ef fold run), so it has a fixed size: stemCacheBytes
// in all, taken when a shard is first used and never grown, so a long
// run holds what a short one holds. It holds no pointers, so the garbage
// collector never scans it: the words and stems are packed in one byte
// arena per shard, found through an open-addressing table of arena
// offsets. (A map of strings to strings and byte slices cost about 112
// bytes per word besides the text, 6K words in 768 KiB, and was the
// largest thing ef fold's heap grew by on a long log as it filled.)
const (
	stemCacheBytes   = 512 << 10
	stemCacheWordMax = 24 // longer words are stemmed, not remembered
	stemShards       = 16
	// Per shard: a table of stemSlots arena offsets (4 bytes each),
	// filled at most half, and an arena of the rest (24 KiB). An entry is
	// a byte of word length, a byte of stem length, the word and the stem,
	// about 20 bytes, so arena and table fill at about the same time:
	// 16K words in all.
	stemSlots      = 2048
	stemArenaBytes = stemCacheBytes/stemShards - 4*stemSlots
)

// A bulk build (bulk.go) analyzes a whole store at once, with a memo of
// its own that it drops when it is done: bulkStemScale times the slots
// and the arena (8 MiB, 256K words), and words up to bulkStemWordMax
// bytes remembered. The index's memo, filled by its first checkpoints,
// missed more and more words of a large store (the stemmer was 2.8% of a
// build's CPU at 20,000 messages and 4.8% at 100,000).
const (
	bulkStemScale   = 16
	bulkStemWordMax = 48
)

// stemCache is the snowball English stemmer with a bounded memo of its
// answers, in shards so that the goroutines analyzing documents rarely
// wait for each other. It is safe for concurrent use.
type stemCache struct {
	stemmer analysis.TokenFilter
	slots   int // per shard, a power of two
	arena   int // bytes per shard
	wordMax int // longer words are stemmed, not remembered
	shards  [stemShards]stemShard
}

// stemShard is one shard of the memo. An entry, once written, never
// moves or changes (the arena is never reallocated), so the stems handed
// out alias it safely.
//
// Lookups take no lock: with several goroutines analyzing documents, the
// read lock's shared counter was itself a cost on every word. A table is
// published whole (t) before anyone reads it, its arena allocated at full
// length; a writer, one at a time under mu, writes an entry into the
// arena's unused part and then stores its offset into a slot atomically,
// so a reader that loads the offset (atomically) reads the entry the
// writer finished.
type stemShard struct {
	mu    sync.Mutex
	t     atomic.Pointer[stemTable]
	used  int // arena bytes written; under mu
	words int // under mu
}

type stemTable struct {
	slots []uint32 // arena offset + 1 of an entry; 0: empty; atomic
	arena []byte   // entries, written up to the shard's used; len stemArenaBytes
}

// stem is a stemmed word as a string and as bytes, the one a map of
// terms is keyed by, the other what a term is stored as. Both alias the
// same memory, which must not be modified.
type stem struct {
	s string
	b []byte
}

func stemOfBytes(b []byte) stem {
	if len(b) == 0 {
		return stem{b: b}
	}
	return stem{s: unsafe.String(unsafe.SliceData(b), len(b)), b: b}
}

func newStemCache() *stemCache {
	return &stemCache{stemmer: boundedStemmer{en.NewEnglishStemmerFilter()},
		slots: stemSlots, arena: stemArenaBytes, wordMax: stemCacheWordMax}
}

// newBulkStemCache is the memo of a bulk build (see bulkStemScale).
func newBulkStemCache() *stemCache {
	return &stemCache{stemmer: boundedStemmer{en.NewEnglishStemmerFilter()},
		slots: bulkStemScale * stemSlots, arena: bulkStemScale * stemArenaBytes, wordMax: bulkStemWordMax}
}

// stem returns the stem of word, which it does not keep.
func (c *stemCache) stem(word []byte) stem {
	h := uint32(2166136261) // FNV-1a
	for _, b := range word {
		h = (h ^ uint32(b)) * 16777619
	}
	sh := &c.shards[h%stemShards]
	h /= stemShards // the bits the shard did not use pick the slot
	if len(word) <= c.wordMax {
		if v, ok := sh.t.Load().lookup(word, h); ok {
			return v
		}
	}
	t := &analysis.Token{Term: append([]byte(nil), word...)}
	c.stemmer.Filter(analysis.TokenStream{t}) // bounded: a word over maxStemmedWord comes back as it is
	v := stemOfBytes(t.Term)
	if len(word) > c.wordMax || len(t.Term) > 255 {
		return v
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	tab := sh.t.Load()
	if w, ok := tab.lookup(word, h); ok {
		return w // another goroutine remembered it meanwhile
	}
	if tab == nil {
		tab = &stemTable{slots: make([]uint32, c.slots), arena: make([]byte, c.arena)}
		sh.t.Store(tab)
	}
	size := 2 + len(word) + len(t.Term)
	if sh.words >= c.slots/2 || sh.used+size > len(tab.arena) {
		return v // full: the memo keeps the words it met first, a session's common vocabulary
	}
	off := sh.used
	e := tab.arena[off : off+size : off+size]
	e[0], e[1] = byte(len(word)), byte(len(t.Term))
	copy(e[2:], word)
	copy(e[2+len(word):], t.Term)
	sh.used += size
	mask := uint32(len(tab.slots) - 1)
	i := h & mask
	for atomic.LoadUint32(&tab.slots[i]) != 0 {
		i = (i + 1) & mask
	}
	atomic.StoreUint32(&tab.slots[i], uint32(off)+1) // publishes the entry
	sh.words++
	return stemOfBytes(e[2+len(word):])
}

// lookup finds word, whose hash less the shard bits is h, in the memo
// (nil: an empty one). It takes no lock (see stemShard).
func (tab *stemTable) lookup(word []byte, h uint32) (stem, bool) {
	if tab == nil {
		return stem{}, false
	}
	mask := uint32(len(tab.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		o := int(atomic.LoadUint32(&tab.slots[i]))
		if o == 0 {
			return stem{}, false
		}
		o--
		wl, sl := int(tab.arena[o]), int(tab.arena[o+1])
		if wl == len(word) && string(tab.arena[o+2:o+2+wl]) == string(word) {
			e := o + 2 + wl + sl
			return stemOfBytes(tab.arena[o+2+wl : e : e]), true
		}
	}
}

func (c *stemCache) Filter(input analysis.TokenStream) analysis.TokenStream {
	for _, t := range input {
		t.Term = c.stem(t.Term).b
	}
	return input
}
