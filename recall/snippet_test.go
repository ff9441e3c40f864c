package recall

import (
	"strings"
	"testing"
)

// TestSnippetSpansInLongText: a snippet finds a match deep in a long text
// and a phrase that straddles an analysis window, with the byte offsets
// of the whole text.
func TestSnippetSpansInLongText(t *testing.T) {
	a := newTextAnalyzer()
	analyze := func(s string) [][]string { return analyzePhrase(a, s) }
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
