// Package digits writes a whole number for a person to read, its digits
// grouped by three with commas (16,384), as the bench report's header and
// recall's answers both print sizes.
//
// The function is pure and safe for concurrent use.
package digits

import "strconv"

// Group returns n in decimal with a comma before each group of three
// digits counted from the right: 1234567 is "1,234,567", -1234 is
// "-1,234".
func Group(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	out := make([]byte, 0, len(sign)+len(s)+len(s)/3)
	out = append(out, sign...)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
