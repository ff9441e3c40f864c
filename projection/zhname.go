package projection

import (
	"strings"
	"unicode"
)

// hanNear reports whether the quote q that set a value of key n names
// it by a word of name just before n: the two Han characters before the
// key are a pair of name's ("code_py 每题的采样数少五个" changes n of
// "code_py 每题采样 n=20"), a setting its Chinese word names before its
// short key.
func hanNear(q, n, name string) bool {
	i := tokenAt(q, n, 0)
	if i < 0 || !strings.ContainsFunc(name, isHan) {
		return false
	}
	before := []rune(strings.TrimRight(q[:i], " ：:"))
	if len(before) < 2 || !isHan(before[len(before)-1]) || !isHan(before[len(before)-2]) {
		return false
	}
	return hanPairs(name)[string(before[len(before)-2:])]
}

func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }

// hanPairs are the pairs of adjacent Han characters of s.
func hanPairs(s string) map[string]bool {
	out := map[string]bool{}
	rs := []rune(s)
	for i := 0; i+1 < len(rs); i++ {
		if isHan(rs[i]) && isHan(rs[i+1]) {
			out[string(rs[i:i+2])] = true
		}
	}
	return out
}
