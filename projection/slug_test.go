package projection

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// slugCutRef is slug's 48-byte cut as first written: drop the last rune
// until the string fits (quadratic on a long word, so kept to small inputs).
func slugCutRef(out string) string {
	r := []rune(out)
	for len(string(r)) > 48 {
		r = r[:len(r)-1]
	}
	return string(r)
}

// slug cuts a long key at the same rune boundary as the reference, for
// ASCII, CJK and mixed words, and a single 2 MB word (one
// huge pasted line) gives a 48-byte key instead of a string per rune.
func TestSlugCut(t *testing.T) {
	for _, w := range []string{
		strings.Repeat("a", 60),
		strings.Repeat("文件结构", 10),
		"ab" + strings.Repeat("é", 30) + strings.Repeat("文", 10),
		strings.Repeat("ab文", 20),
	} {
		got := slug(w)
		want := slugCutRef(strings.Trim(strings.ToLower(w), ".:-+/"))
		if len(want) > 48 || got != want {
			t.Errorf("slug(%q) = %q, want %q", w, got, want)
		}
	}
	huge := slug(strings.Repeat("x", 2<<20))
	if huge != strings.Repeat("x", 48) {
		t.Errorf("slug of a 2 MB word = %d bytes %q…, want 48 x", len(huge), huge[:min(len(huge), 60)])
	}
	if s := slug(strings.Repeat("文", 1<<20)); len(s) > 48 || !utf8.ValidString(s) {
		t.Errorf("slug of a long CJK word = %q", s)
	}
}
