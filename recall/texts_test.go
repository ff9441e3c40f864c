package recall

import (
	"encoding/binary"
	"errors"
	"fmt"
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
