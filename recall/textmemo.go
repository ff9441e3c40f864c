package recall

import (
	"encoding/binary"
	"hash/maphash"
	"sync"
	"unsafe"

	bindex "github.com/blevesearch/bleve_index_api"
)

// A bulk build analyzes each distinct message text once: the same text
// comes back whenever a later fold archives a message again, or a session
// says or prints the same thing again, and its analysis (the costliest
// part of preparing a document) gives the same terms at the same
// positions every time. textMemo keeps the analysis of the texts a build
// met, compactly and without pointers, up to textMemoBytes; a text met
// again gets its term frequencies rebuilt from there (its own, in the
// analyzer's slab), which skips the word breaking, lowering, stemming and
// identifier splitting. A text shorter than textMemoMin bytes is analyzed
// anew every time: its analysis costs about what a lookup does.
//
// Texts are told by two 64-bit seeded hashes of their bytes (hash/maphash,
// seeds drawn per build): two texts must agree on 128 bits that no one
// can predict to be taken for one another. The memo keeps the first
// texts it meets until it is full and then only answers.
type textMemo struct {
	seeds [2]maphash.Seed

	mu     sync.Mutex
	at     map[memoKey]memoRef // holds no pointers: the collector does not scan it
	chunks [][]byte            // entries; a chunk never moves or changes once written
	free   int                 // unused bytes at the end of the last chunk
	used   int                 // bytes taken in all
	max    int
}

type memoKey [2]uint64

// memoRef locates an entry: its chunk, offset and length.
type memoRef struct{ chunk, off, n uint32 }

const (
	textMemoBytes = 64 << 20 // the most a bulk build's memo holds
	textMemoChunk = 1 << 20
	textMemoMin   = 128 // bytes of text
)

func newTextMemo(max int) *textMemo {
	return &textMemo{seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, at: map[memoKey]memoRef{}, max: max}
}

func (m *textMemo) key(text []byte) memoKey {
	return memoKey{maphash.Bytes(m.seeds[0], text), maphash.Bytes(m.seeds[1], text)}
}

// get returns the entry of key, which stays valid and unchanged for as
// long as the memo lives.
func (m *textMemo) get(k memoKey) ([]byte, bool) {
	m.mu.Lock()
	r, ok := m.at[k]
	var c []byte
	if ok {
		c = m.chunks[r.chunk]
	}
	m.mu.Unlock()
	if !ok {
		return nil, false
	}
	return c[r.off : r.off+r.n : r.off+r.n], true
}

// put copies entry into the memo under key, unless the memo is full or
// holds the key already.
func (m *textMemo) put(k memoKey, entry []byte) {
	n := len(entry)
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.at[k]; ok || m.used+n > m.max || n > textMemoChunk {
		return
	}
	if n > m.free {
		m.chunks = append(m.chunks, make([]byte, textMemoChunk))
		m.free = textMemoChunk
	}
	c := m.chunks[len(m.chunks)-1]
	off := textMemoChunk - m.free
	copy(c[off:], entry)
	m.free -= n
	m.used += n
	m.at[k] = memoRef{chunk: uint32(len(m.chunks) - 1), off: uint32(off), n: uint32(n)}
}

// A memo entry is, in uvarints: the text's token count as frequencies
// returns it, its countTokens, the number of distinct terms, then for
// each term: its length, its bytes, its frequency, how many of its
// occurrences have a position, and those positions, each as the
// difference from the one before.

// memoEntry appends the entry of a text's analysis (as frequencies built
// it) to dst.
func memoEntry(dst []byte, n int, tokens int64, tfs []bindex.TokenFreq) []byte {
	dst = binary.AppendUvarint(dst, uint64(n))
	dst = binary.AppendUvarint(dst, uint64(tokens))
	dst = binary.AppendUvarint(dst, uint64(len(tfs)))
	for i := range tfs {
		tf := &tfs[i]
		dst = binary.AppendUvarint(dst, uint64(len(tf.Term)))
		dst = append(dst, tf.Term...)
		dst = binary.AppendUvarint(dst, uint64(tf.Frequency()))
		dst = binary.AppendUvarint(dst, uint64(len(tf.Locations)))
		last := 0
		for _, l := range tf.Locations {
			dst = binary.AppendUvarint(dst, uint64(l.Position-last))
			last = l.Position
		}
	}
	return dst
}

// memoReader reads an entry's uvarints; the entry was written by
// memoEntry, so it is never short.
type memoReader struct {
	b []byte
	i int
}

func (r *memoReader) next() int {
	v, n := binary.Uvarint(r.b[r.i:])
	r.i += n
	return int(v)
}

// memoTokens returns the countTokens an entry holds.
func memoTokens(e []byte) int64 {
	r := memoReader{b: e}
	r.next()
	return int64(r.next())
}

// fromMemo rebuilds the term frequencies of an entry, as frequencies
// made them (in the slab when the analyzer has one). The terms alias the
// entry, which never changes.
func (a *termAnalyzer) fromMemo(e []byte) (int, bindex.TokenFrequencies) {
	r := memoReader{b: e}
	n := r.next()
	r.next() // tokens
	nt := r.next()
	tfs, locs, ptrs := a.take(nt, n)
	freqs := make(bindex.TokenFrequencies, nt)
	o := 0
	for t := range nt {
		l := r.next()
		term := e[r.i : r.i+l : r.i+l]
		r.i += l
		freq, np := r.next(), r.next()
		tf := &tfs[t]
		tf.Term, tf.Locations = term, nil
		if np > 0 {
			pos := 0
			for k := o; k < o+np; k++ {
				pos += r.next()
				locs[k] = bindex.TokenLocation{Position: pos}
				ptrs[k] = &locs[k]
			}
			tf.Locations = ptrs[o : o+np : o+np]
			o += np
		}
		tf.SetFrequency(freq)
		freqs[unsafe.String(unsafe.SliceData(term), l)] = tf
	}
	return n, freqs
}

// textTokens is countTokens of a text frequencies analyzed, from the memo
// when it holds the text.
func (a *termAnalyzer) textTokens(text string) int64 {
	if a.memo != nil && len(text) >= textMemoMin {
		b := unsafe.Slice(unsafe.StringData(text), len(text))
		if e, ok := a.memo.get(a.memo.key(b)); ok {
			return memoTokens(e)
		}
	}
	return countTokens(text)
}
