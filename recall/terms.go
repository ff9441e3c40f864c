package recall

import (
	"sync"
	"unsafe"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/document"
	bindex "github.com/blevesearch/bleve_index_api"
)

// Indexing analyzes a document's text straight into the term frequencies
// bleve writes, giving the same terms at the same positions as
// TextAnalyzer: TestTermsMatchAnalyzer holds them equal on generated and
// corpus text. Term locations carry positions only, no byte offsets:
// phrase queries need only positions, and a snippet finds its offsets
// again by analyzing the few texts shown (see snippetMarks.spans); zero
// offsets take one byte each in the index's term vectors instead of two
// or three, which made the vectors the largest part of the index.
//
// Most archived text is ASCII, where the analyzer's chain does work it
// need not: the Unicode word segmenter runs a state machine over every
// byte, every filter walks every token, and the token stream and its
// frequency map are built one after the other. So the text is cut at
// ASCII white space, which always ends a word: a piece of ASCII only is
// split into words by the rules of Unicode word breaking (UAX #29) as
// they apply to ASCII, lowered, stripped of a possessive 's and stemmed
// in one pass; any other piece goes through the analyzer's chain as
// before (the CJK bigram filter pairs only characters that touch, so it
// never pairs across white space either).

// ASCII character classes of Unicode word breaking.
const (
	wbLetter = 1 << iota // ALetter: A-Z a-z
	wbDigit              // Numeric: 0-9
	wbExtend             // ExtendNumLet: _
	wbMidL               // joins letters: MidLetter ':', MidNumLet '.', Single_Quote '\''
	wbMidN               // joins digits: MidNum ',' ';', MidNumLet '.', Single_Quote '\''
	wbWord   = wbLetter | wbDigit | wbExtend
)

var wbClass = func() (c [128]uint8) {
	for b := 'a'; b <= 'z'; b++ {
		c[b], c[b-'a'+'A'] = wbLetter, wbLetter
	}
	for b := '0'; b <= '9'; b++ {
		c[b] = wbDigit
	}
	c['_'] = wbExtend
	c[':'] = wbMidL
	c['.'], c['\''] = wbMidL|wbMidN, wbMidL|wbMidN
	c[','], c[';'] = wbMidN, wbMidN
	return c
}()

// asciiWords calls emit with the bounds of each word of p, which holds
// ASCII only: runs of letters, digits and '_' (WB5, WB8–WB10, WB13a/b),
// with a '.', ':' or '\” between two letters (WB6/WB7) or a '.', ',',
// ';' or '\” between two digits (WB11/WB12) kept inside. Everything else
// separates words and is no word itself.
func asciiWords(p []byte, emit func(start, end int)) {
	for i := 0; i < len(p); {
		prev := wbClass[p[i]]
		if prev&wbWord == 0 {
			i++
			continue
		}
		start := i
		for i++; i < len(p); {
			c := wbClass[p[i]]
			if c&wbWord != 0 {
				prev = c
				i++
				continue
			}
			if i+1 < len(p) {
				next := wbClass[p[i+1]]
				if prev == wbLetter && c&wbMidL != 0 && next == wbLetter || prev == wbDigit && c&wbMidN != 0 && next == wbDigit {
					prev = next
					i += 2
					continue
				}
			}
			break
		}
		emit(start, i)
	}
}

// isSpaceASCII reports whether b is ASCII white space, which ends a word
// whatever surrounds it.
func isSpaceASCII(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}

// termAnalyzer makes the term frequencies of the text field. It is safe
// for concurrent use, except one with a slab (see termSlab).
type termAnalyzer struct {
	chain   analysis.Analyzer // TextAnalyzer's chain before the stemmer, for pieces that are not ASCII
	stems   *stemCache
	scratch sync.Pool  // *termScratch
	slab    *termSlab  // where frequencies are made; nil: fresh memory for each text
	front   *stemFront // nil: every ASCII word goes to the stem memo
	memo    *textMemo  // a bulk build's analyses of the texts it met (textmemo.go); nil: none
}

func newTermAnalyzer(stems *stemCache) *termAnalyzer {
	return &termAnalyzer{
		chain: &analysis.DefaultAnalyzer{
			Tokenizer: wordTokenizer{},
			TokenFilters: []analysis.TokenFilter{
				nonASCII{cjk.NewCJKWidthFilter()}, lowercase.NewLowerCaseFilter(), en.NewPossessiveFilter(),
				cjk.NewCJKBigramFilter(false),
			},
		},
		stems: stems,
	}
}

// termScratch is what frequencies collects a text's terms in before it
// builds their frequencies: each distinct term once (by index), its
// count and how many of its occurrences have a position, and the term
// and position of each positioned token in order. It is reused from text
// to text (termAnalyzer.scratch), so collecting allocates nothing once it
// has grown.
type termScratch struct {
	idx   termTable // term → index in terms
	terms []stem
	freq  []int32 // occurrences of each term, parts included
	npos  []int32 // occurrences with a position
	seq   []int32 // the term of each positioned token, in order
	pos   []int32 // its position
	low   []byte
	entry []byte // a memo entry being written
}

// frequencies analyzes text and returns its token count and term
// frequencies, with the positions of words (not of identifier parts).
//
// The terms are collected first (termScratch), then the frequencies are
// built in three allocations: the TokenFreqs, and the locations with
// their pointers, each term's together and in order of position. Built
// as the tokens came (a map entry, a location and a growing slice of
// location pointers per term), they took a fifth of what a bulk build
// allocated, and zap, which reads each term's locations in turn, found
// them scattered over the text's.
func (a *termAnalyzer) frequencies(text []byte) (int, bindex.TokenFrequencies) {
	var key memoKey
	memo := a.memo != nil && len(text) >= textMemoMin
	if memo {
		key = a.memo.key(text)
		if e, ok := a.memo.get(key); ok {
			return a.fromMemo(e)
		}
	}
	sc, _ := a.scratch.Get().(*termScratch)
	if sc == nil {
		sc = &termScratch{}
	}
	defer func() {
		clear(sc.terms) // holds no stem beyond its text
		a.scratch.Put(sc)
	}()
	sc.idx.reset()
	sc.terms, sc.freq, sc.npos, sc.seq, sc.pos = sc.terms[:0], sc.freq[:0], sc.npos[:0], sc.seq[:0], sc.pos[:0]
	a.walkParts(text, &sc.low, func(term stem, pos, _, _ int, part bool) {
		t, ok := sc.idx.find(term.b, sc.terms)
		if !ok {
			sc.terms = append(sc.terms, term)
			sc.freq = append(sc.freq, 0)
			sc.npos = append(sc.npos, 0)
		}
		sc.freq[t]++
		if !part {
			sc.npos[t]++
			sc.seq = append(sc.seq, t)
			sc.pos = append(sc.pos, int32(pos))
		}
	})
	tfs, locs, ptrs := a.take(len(sc.terms), len(sc.seq))
	// npos becomes each term's next free location, from its first.
	next := int32(0)
	for t, n := range sc.npos {
		sc.npos[t] = next
		next += n
	}
	for k, t := range sc.seq {
		o := sc.npos[t]
		locs[o] = bindex.TokenLocation{Position: int(sc.pos[k])} // whole: a slab's may have been used
		ptrs[o] = &locs[o]
		sc.npos[t]++
	}
	freqs := make(bindex.TokenFrequencies, len(sc.terms))
	first := int32(0)
	for t, term := range sc.terms {
		tf := &tfs[t]
		tf.Term, tf.Locations = term.b, nil
		if end := sc.npos[t]; end > first {
			tf.Locations = ptrs[first:end:end]
			first = end
		}
		tf.SetFrequency(int(sc.freq[t]))
		freqs[term.s] = tf
	}
	if memo {
		sc.entry = memoEntry(sc.entry[:0], len(sc.seq), countTokens(unsafe.String(unsafe.SliceData(text), len(text))), tfs)
		a.memo.put(key, sc.entry)
	}
	return len(sc.seq), freqs
}

// take returns the memory of the frequencies of a text of terms distinct
// terms and locs positioned tokens: in the slab when the analyzer has
// one.
func (a *termAnalyzer) take(terms, locs int) ([]bindex.TokenFreq, []bindex.TokenLocation, []*bindex.TokenLocation) {
	if a.slab != nil {
		return a.slab.tfs.take(terms), a.slab.locs.take(locs), a.slab.ptrs.take(locs)
	}
	return make([]bindex.TokenFreq, terms), make([]bindex.TokenLocation, locs), make([]*bindex.TokenLocation, locs)
}

// termTable finds the distinct terms of a text by their bytes: an
// open-addressing table of indexes into the text's terms, keyed by an
// FNV-1a hash of the term, emptied for the next text by a new generation
// rather than cleared. It stood where a Go map of strings to indexes did,
// whose lookups, one per token, hashed the term again (the stem memo had
// hashed the word) and were a tenth of the analysis.
type termTable struct {
	slots []termSlot // a power of two, at most half used
	gen   uint32     // the current text's; a slot of another is empty
	n     int        // slots used by this generation
}

type termSlot struct {
	gen  uint32
	hash uint32
	t    int32 // index in terms
}

// reset empties the table.
func (tt *termTable) reset() {
	tt.gen++
	tt.n = 0
	if tt.gen == 0 { // wrapped: the slots of a generation long past would look current
		clear(tt.slots)
		tt.gen = 1
	}
}

// find returns the index of term among terms, which the table holds by
// index, and true; or, when term is new, len(terms), which it then holds
// for it, and false: the caller appends term to terms.
func (tt *termTable) find(term []byte, terms []stem) (int32, bool) {
	if 2*(tt.n+1) > len(tt.slots) {
		tt.grow()
	}
	h := uint32(2166136261)
	for _, b := range term {
		h = (h ^ uint32(b)) * 16777619
	}
	mask := len(tt.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		s := &tt.slots[i]
		if s.gen != tt.gen {
			*s = termSlot{gen: tt.gen, hash: h, t: int32(len(terms))}
			tt.n++
			return s.t, false
		}
		if s.hash == h && string(terms[s.t].b) == string(term) {
			return s.t, true
		}
	}
}

// grow doubles the table (to 1,024 slots at first), keeping what the
// current generation holds.
func (tt *termTable) grow() {
	old := tt.slots
	tt.slots = make([]termSlot, max(2*len(old), 1024))
	mask := len(tt.slots) - 1
	for _, s := range old {
		if s.gen != tt.gen {
			continue
		}
		i := int(s.hash) & mask
		for tt.slots[i].gen == tt.gen {
			i = (i + 1) & mask
		}
		tt.slots[i] = s
	}
}

// termSlab is memory a bulk build's termAnalyzer makes the term
// frequencies of its texts in, reused from segment to segment: a
// preparing goroutine analyzes a segment's documents, builds the segment,
// which copies what it keeps, and then resets the slab. Made fresh for
// each text, the frequencies were a quarter of what a bulk build
// allocated, nearly all of it locations, which hold pointers, so the
// garbage collector ran the more often and scanned them each time. The
// frequencies of a text made in a slab are valid until its reset; a
// termAnalyzer with a slab is used by one goroutine at a time.
type termSlab struct {
	tfs  slab[bindex.TokenFreq]
	locs slab[bindex.TokenLocation]
	ptrs slab[*bindex.TokenLocation]
}

// reset makes the slab's memory free for the next texts: the frequencies
// made in it before must no longer be used.
func (s *termSlab) reset() {
	s.tfs.reset()
	s.locs.reset()
	s.ptrs.reset()
}

// slabChunk is how many values a slab allocates at once (a text that
// needs more gets a chunk of its own size, kept for reuse like the rest).
const slabChunk = 16 << 10

// slab hands out slices of chunks it keeps and reuses after reset. The
// values handed out keep what they held before: the caller sets them.
type slab[T any] struct {
	chunks [][]T
	i, off int // the chunk in use and its first free value
}

// take returns n values with no room to append beyond them.
func (s *slab[T]) take(n int) []T {
	if n == 0 {
		return nil
	}
	for ; s.i < len(s.chunks); s.i, s.off = s.i+1, 0 {
		if c := s.chunks[s.i]; s.off+n <= len(c) {
			s.off += n
			return c[s.off-n : s.off : s.off]
		}
	}
	c := make([]T, max(n, slabChunk))
	s.chunks = append(s.chunks, c)
	s.i, s.off = len(s.chunks)-1, n
	return c[:n:n]
}

func (s *slab[T]) reset() { s.i, s.off = 0, 0 }

// walkParts is walk, and after each word the terms of its identifier
// parts (identParts) with the word's position and offsets and part set:
// what the index holds of text (frequencies keeps no position of a part;
// a snippet marks a part where its word is).
func (a *termAnalyzer) walkParts(text []byte, low *[]byte, emit func(term stem, pos, start, end int, part bool)) {
	a.walk(text, low, func(term stem, pos, start, end int) {
		emit(term, pos, start, end, false)
		identParts(text[start:end], func(part []byte) {
			a.partTerms(part, low, func(t stem) { emit(t, pos, start, end, true) })
		})
	})
}

// partTerms calls emit with the terms of one identifier part, as a query
// word of the part's text is analyzed: lowered, without a possessive 's,
// stemmed; a part that is not ASCII goes through the analyzer's chain.
func (a *termAnalyzer) partTerms(part []byte, low *[]byte, emit func(stem)) {
	for _, b := range part {
		if b >= 0x80 {
			// The chain lowers in place: a copy, since part is the
			// text's own bytes, of which the word's later parts are
			// read (lowering the part "ÉaZ" of "ÉaZ.b" lost its part "Éa").
			for _, t := range a.chain.Analyze(append([]byte(nil), part...)) {
				emit(a.stems.stem(t.Term))
			}
			return
		}
	}
	emit(a.asciiStem(part, low))
}

// asciiStem returns the term of the ASCII word w: w lowered, without a
// possessive 's, stemmed.
func (a *termAnalyzer) asciiStem(w []byte, low *[]byte) stem {
	f := a.front
	if f == nil || len(w) > stemFrontWord {
		return a.stems.stem(lowerPossessive(w, low))
	}
	h := uint32(2166136261) // FNV-1a
	for _, b := range w {
		h = (h ^ uint32(b)) * 16777619
	}
	e := &f[h&(stemFrontSlots-1)]
	if int(e.n) == len(w) && string(e.word[:len(w)]) == string(w) {
		return e.s
	}
	t := a.stems.stem(lowerPossessive(w, low))
	e.n, e.s = uint8(len(w)), t
	copy(e.word[:], w)
	return t
}

// stemFront is a bulk build's preparing goroutine's own memo of the
// terms of the ASCII words it met last, in front of the shared stem memo:
// one slot per hash of the word as written (case and possessive kept),
// the last word of that hash. The shared memo of a bulk build is 8 MiB,
// and a lookup there read a slot and an entry that were, as often as not,
// out of the core's cache; the front memo's 256 KiB stay in it, and hold
// most of the words a text repeats. Its terms alias the shared memo or
// copies of their own, which live as long as the build.
type stemFront [stemFrontSlots]stemFrontEntry

type stemFrontEntry struct {
	n    uint8 // the word's length; 0: empty
	word [stemFrontWord]byte
	s    stem
}

const (
	stemFrontSlots = 4096 // a power of two
	stemFrontWord  = 23   // longer words go to the shared memo
)

// lowerPossessive returns the ASCII word w in lower case (in *low when it
// had upper case) without an English possessive 's.
func lowerPossessive(w []byte, low *[]byte) []byte {
	for _, b := range w {
		if b >= 'A' && b <= 'Z' {
			*low = append((*low)[:0], w...)
			for k, b := range *low {
				if b >= 'A' && b <= 'Z' {
					(*low)[k] = b + 'a' - 'A'
				}
			}
			w = *low
			break
		}
	}
	if n := len(w); n >= 2 && w[n-1] == 's' && w[n-2] == '\'' {
		w = w[:n-2] // English possessive (upper case was lowered)
	}
	return w
}

// walk analyzes text and calls emit with each term, its position and its
// byte offsets in text, as TextAnalyzer makes them (the possessive 's
// stays inside a word's offsets, as the analyzer's token keeps it). low
// is scratch for lowering a word. A term aliases memory that stays
// unchanged (the stem memo or a copy), never text or low.
func (a *termAnalyzer) walk(text []byte, low *[]byte, emit func(term stem, pos, start, end int)) {
	pos := 1
	for i := 0; i < len(text); {
		if isSpaceASCII(text[i]) {
			i++
			continue
		}
		start, ascii := i, true
		for ; i < len(text) && !isSpaceASCII(text[i]); i++ {
			if text[i] >= 0x80 {
				ascii = false
			}
		}
		piece := text[start:i]
		if !ascii {
			// The chain lowers terms in place: it gets a copy, so text
			// keeps its case (identifier parts are read from it).
			ts := a.chain.Analyze(append([]byte(nil), piece...))
			last := 0
			for _, t := range ts {
				emit(a.stems.stem(t.Term), pos+t.Position-1, start+t.Start, start+t.End)
				last = max(last, t.Position)
			}
			pos += last
			continue
		}
		asciiWords(piece, func(s, e int) {
			emit(a.asciiStem(piece[s:e], low), pos, start+s, start+e)
			pos++
		})
	}
}

// textField is a document's text field, analyzed by termAnalyzer: when
// the document is built (prepare, which runs ahead of the batch), or,
// when terms is set, only when scorch analyzes the batch that writes it
// (Analyze), so that a batch's analysis lives no longer than the batch.
type textField struct {
	value []byte
	n     int
	freqs bindex.TokenFrequencies
	terms *termAnalyzer // analyzes in Analyze, when freqs is nil
}

var _ document.Field = (*textField)(nil)

func (f *textField) Name() string                                      { return fText }
func (f *textField) ArrayPositions() []uint64                          { return nil }
func (f *textField) Options() bindex.FieldIndexingOptions              { return fieldOptions[fText] }
func (f *textField) Value() []byte                                     { return f.value }
func (f *textField) NumPlainTextBytes() uint64                         { return uint64(len(f.value)) }
func (f *textField) EncodedFieldType() byte                            { return 't' }
func (f *textField) AnalyzedLength() int                               { return f.n }
func (f *textField) AnalyzedTokenFrequencies() bindex.TokenFrequencies { return f.freqs }

func (f *textField) Analyze() {
	if f.freqs == nil && f.terms != nil {
		f.n, f.freqs = f.terms.frequencies(f.value)
	}
}

func (f *textField) Size() int {
	if f.freqs == nil {
		return len(f.value) * 16 // not analyzed yet: about what it will be, at ~6 bytes and 64 bytes of location per token
	}
	return len(f.value) + f.n*64 + len(f.freqs)*96
}
