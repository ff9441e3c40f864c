package projection

import (
	"crypto/sha256"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestEvidenceContainsAsJoined: a quote is found in an event's evidence
// exactly when it is a substring of the text and the call's arguments
// joined (what admit checked before the join was made lazily), quotes
// spanning the joins included.
func TestEvidenceContainsAsJoined(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		piece := rapid.StringMatching(`[ab\n]{0,6}`)
		text := piece.Draw(t, "text")
		var rest string
		for _, a := range rapid.SliceOfN(piece, 0, 3).Draw(t, "args") {
			rest += "\n" + a
		}
		joined := text + rest
		var q string
		if joined != "" && rapid.Bool().Draw(t, "sub") {
			i := rapid.IntRange(0, len(joined)-1).Draw(t, "i")
			q = joined[i:rapid.IntRange(i+1, len(joined)).Draw(t, "j")]
		} else {
			q = rapid.StringMatching(`[ab\n]{1,5}`).Draw(t, "q")
		}
		e := &evidence{text: text, rest: rest}
		if got, want := e.contains(q), strings.Contains(joined, q); got != want {
			t.Fatalf("contains(%q) in %q + %q = %v, want %v", q, text, rest, got, want)
		}
	})
}

func TestSumText(t *testing.T) {
	for _, n := range []int{0, 1, 4095, 4096, 4097, 100_000} {
		s := strings.Repeat("xyz", n)[:n]
		if sumText(s) != sha256.Sum256([]byte(s)) {
			t.Fatalf("sumText of %d bytes differs from sha256", n)
		}
	}
}
