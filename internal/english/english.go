// Package english words the counts ef prints and renders: "1 checkpoint",
// "2 checkpoints", "3 foreign entries". One rule for every package that
// writes text a person or a model reads.
package english

import (
	"strconv"
	"strings"
)

// Count is n and the noun, plural unless n is 1. The plural adds "s", or
// turns a final consonant "y" into "ies"; nouns are EF's own, so no other
// English plural is needed.
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}

// Noun is noun, plural unless n is 1 (as Count, without the number).
func Noun(n int, noun string) string {
	if n == 1 {
		return noun
	}
	if strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey") {
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}
