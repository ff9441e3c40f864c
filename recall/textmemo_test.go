package recall

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// memoAnalyzer is a bulk build's analyzer (slab, front memo) with a text
// memo of max bytes.
func memoAnalyzer(max int) *termAnalyzer {
	a := newTermAnalyzer(newBulkStemCache())
	a.slab, a.front, a.memo = &termSlab{}, &stemFront{}, newTextMemo(max)
	return a
}

// memoMatches checks that a text analyzed by an analyzer with a memo (the
// first time, which fills the memo, and again, from the memo) gives the
// frequencies and token count an analyzer without one gives, and returns
// whether the memo answered the second time.
func memoMatches(t interface {
	Helper()
	Fatalf(string, ...any)
}, a *termAnalyzer, text string) bool {
	t.Helper()
	n, want := newTermAnalyzer(newStemCache()).frequencies([]byte(text))
	_, had := a.memo.get(a.memo.key([]byte(text)))
	// Each time its own copy of the text: the memo must not hold on to
	// the bytes it was given.
	for round := range 2 {
		b := []byte(text)
		gn, got := a.frequencies(b)
		copy(b, bytes.Repeat([]byte{'#'}, len(b)))
		if gn != n || !reflect.DeepEqual(termList(got), termList(want)) || !reflect.DeepEqual(termFreqs(got), termFreqs(want)) {
			t.Fatalf("%q round %d: %d tokens %v %v; without the memo %d tokens %v %v", text, round, gn, termFreqs(got), termList(got), n, termFreqs(want), termList(want))
		}
		for term, tf := range got {
			if string(tf.Term) != term {
				t.Fatalf("%q round %d: term %q holds %q", text, round, term, tf.Term)
			}
		}
		if tk, want := a.textTokens(text), countTokens(text); tk != want {
			t.Fatalf("%q round %d: textTokens %d, countTokens %d", text, round, tk, want)
		}
	}
	_, has := a.memo.get(a.memo.key([]byte(text)))
	return had || has
}

// TestTextMemo: a bulk build's analysis of a text it met before, rebuilt
// from the memo, is the analysis made anew (terms, frequencies, positions
// of words, identifier parts without positions, token counts), on hand-
// picked, generated and corpus text; texts under textMemoMin bytes are
// not kept; a full memo keeps what it holds and analyzes the rest anew.
func TestTextMemo(t *testing.T) {
	a := memoAnalyzer(textMemoBytes)
	long := strings.Repeat("Running the tests: cargo build failed; the builds are failing at crates/autopilot/src/main.rs:42:7 ", 3)
	for _, text := range []string{
		long,
		long + " 要移动光标，请按 hjkl 键 Running 移动光标 Ｆｕｌｌ ｗｉｄｔｈ 日本語のテキスト と 한국어 텍스트",
		strings.Repeat("ForeignKey __init__ John's JOHN'S x_y.z e.g. 1,000 v1.2.3 ", 8),
		strings.Repeat("yyyy", 100),
	} {
		if !memoMatches(t, a, text) {
			t.Fatalf("%.40q…: not in the memo", text)
		}
	}
	for _, short := range []string{"", "a", "cargo build failed", strings.Repeat("x", textMemoMin-1)} {
		if memoMatches(t, a, short) {
			t.Fatalf("%q (%d bytes): kept, want analyzed anew", short, len(short))
		}
	}
	alphabet := []string{"a", "b", "Z", "s", "S", "0", "7", "_", ".", ":", "'", ",", ";", "-", " ", "\t", "\n",
		"’", "é", "\u0301", "中", "文", "の", "ｶ", "한", "Ａ", "👍", "\u00a0", "ab", "Ab_c", "cargo ", "x.y "}
	rapid.Check(t, func(rt *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom(alphabet), 0, 200).Draw(rt, "text")
		memoMatches(rt, a, strings.Join(parts, ""))
	})
	for _, text := range corpusStrings(t, 2000) {
		memoMatches(t, a, text)
	}

	// A memo with room for one entry keeps the first text only.
	small := memoAnalyzer(textMemoBytes)
	if !memoMatches(t, small, long) {
		t.Fatal("not in the memo")
	}
	small.memo.max = small.memo.used
	if memoMatches(t, small, strings.ToUpper(long)) {
		t.Fatal("a full memo: want the first text kept and the second analyzed anew")
	}
	if !memoMatches(t, small, long) {
		t.Fatal("a full memo lost the text it held")
	}
}
