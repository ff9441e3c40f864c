package clip

import "testing"

func TestRunes(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"hello", 5, "hello"},
		{"hello", 4, "hell…"},
		{"hello", 0, "hello"},
		{"hello", -1, "hello"},
		{"", 3, ""},
		{"缓存命中率", 2, "缓存…"},
		{"缓存命中率", 5, "缓存命中率"},
		{"a\xffb", 2, "a\uFFFD…"}, // invalid UTF-8 counts as one rune per byte, as range does
	} {
		if got := Runes(c.s, c.n); got != c.want {
			t.Errorf("Runes(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
