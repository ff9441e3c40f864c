package recall

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestTextChunks: texts round-trip through chunks whatever their sizes (a
// text longer than a chunk is a chunk of its own), a lookup decompresses
// only what it asks for, and a damaged chunk is an error, not a panic.
func TestTextChunks(t *testing.T) {
	c := newTextCodec()
	defer c.close()
	var texts []storedText
	for i := 0; i < 300; i++ {
		n := (i * 7919) % 3000
		if i%50 == 7 {
			n = textChunkBytes + 1234 // longer than a chunk
		}
		var meta []byte
		if i%3 != 0 {
			meta = []byte(fmt.Sprintf(`{"r":"tool","t":["t%d"]}`, i))
		}
		texts = append(texts, storedText{Meta: meta, Text: fmt.Sprintf("%d:", i) + strings.Repeat("日志 log line ", n/17)})
	}
	texts = append(texts, storedText{})
	chunks := c.encode(texts)
	if len(chunks) < 3 {
		t.Fatalf("%d chunks for %d texts", len(chunks), len(texts))
	}
	all := map[int]bool{}
	for i := range texts {
		all[i] = true
	}
	got, err := c.texts(chunks, all)
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b storedText) bool { return a.Text == b.Text && string(a.Meta) == string(b.Meta) }
	for i, want := range texts {
		if !same(got[i], want) {
			t.Fatalf("entry %d: %d+%d bytes back, want %d+%d", i, len(got[i].Meta), len(got[i].Text), len(want.Meta), len(want.Text))
		}
	}
	some, err := c.texts(chunks, map[int]bool{3: true, 57: true, 999: true})
	if err != nil || len(some) != 2 || !same(some[3], texts[3]) || !same(some[57], texts[57]) {
		t.Fatalf("lookup of 3, 57 and a missing 999: %d texts, %v", len(some), err)
	}
	first, count, body, err := chunkSpan(chunks[0])
	if err != nil || first != 0 {
		t.Fatalf("first chunk: %d, %v", first, err)
	}
	miscounted := binary.AppendUvarint(binary.AppendUvarint(nil, 0), uint64(count+3))
	miscounted = append(miscounted, body...)
	for _, bad := range [][]byte{nil, {0x80}, {1}, chunks[0][:len(chunks[0])/2], miscounted} {
		if _, err := c.texts([][]byte{bad}, all); !errors.Is(err, errBadChunk) {
			t.Errorf("damaged chunk %x…: err %v, want errBadChunk", bad[:min(len(bad), 8)], err)
		}
	}
}

// TestSnippetSpansInLongText: a snippet finds a match deep in a long text
// and a phrase that straddles an analysis window, with the byte offsets
// of the whole text.
func TestSnippetSpansInLongText(t *testing.T) {
	stems := newStemCache()
	q, a := newTextAnalyzer(stems), newTermAnalyzer(stems)
	analyze := func(s string) [][]string { return analyzePhrase(q, s) }
	for _, at := range []int{10, snippetWindow - 9, snippetWindow - 3, 3*snippetWindow + 77, 60 << 10} {
		text := strings.Repeat("x", at) + " cargo building " + strings.Repeat("移动 y ", 9000)
		sp := snippetTerms([]clause{{kind: clausePhrase, text: "cargo builds"}}, analyze).spans(a, text)
		if len(sp) != 2 || text[sp[0][0]:sp[0][1]] != "cargo" || text[sp[1][0]:sp[1][1]] != "building" {
			t.Errorf("phrase at %d: spans %v", at, sp)
		}
	}
	// A stem that is not a prefix of its word: the hint misses, the scan
	// from the start finds it.
	text := strings.Repeat("walk ", 20000) + "Dying"
	sp := snippetTerms([]clause{{kind: clauseWord, text: "dies"}}, analyze).spans(a, text)
	if len(sp) != 1 || text[sp[0][0]:sp[0][1]] != "Dying" {
		t.Errorf("dying: spans %v", sp)
	}
	text = strings.Repeat("日志", 40000) + "光标"
	sp = snippetTerms([]clause{{kind: clauseWord, text: "志光标"}}, analyze).spans(a, text)
	if len(sp) == 0 || sp[len(sp)-1][1] != len(text) {
		t.Errorf("CJK match at the end: spans %v", sp)
	}
}

// TestTextChunksLongKeepsNoHistory: a chunk longer than textBlock (a
// pasted log) compresses to the bytes the shared encoder gives it, and
// once the garbage collector has emptied the pool of long encoders (two
// collections) the codec holds no more than before (the shared encoder
// kept a 16 MiB history per state after such a chunk).
func TestTextChunksLongKeepsNoHistory(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 4<<20; i++ {
		fmt.Fprintf(&b, "%06d WARN retry socket %d timeout\n", i, i*7919%100003)
	}
	texts := []storedText{{Meta: []byte(`{"r":"tool"}`), Text: b.String()}, {Text: "short"}}
	shared := newTextEncoder(4)
	c := newTextCodec()
	defer c.close()
	c.encode([]storedText{{Text: "warm"}}) // the shared states' tables, made on first use
	live := func() uint64 {
		runtime.GC()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	before := live()
	chunks := c.encode(texts)
	chunks = nil
	grew := int64(live()) - int64(before)
	chunks = c.encode(texts)
	for i, ch := range chunks {
		first, _, body, err := chunkSpan(ch)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := c.dec.DecodeAll(body, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := shared.EncodeAll(raw, nil); !bytes.Equal(body, want) {
			t.Errorf("chunk %d (from text %d, %d bytes): %d compressed bytes, the shared encoder gives %d", i, first, len(raw), len(body), len(want))
		}
	}
	if grew > 4<<20 {
		t.Errorf("the codec holds %.1f MiB more after compressing a %d-byte text", float64(grew)/(1<<20), len(texts[0].Text))
	}
	runtime.KeepAlive(c)
}
