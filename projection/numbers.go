package projection

import (
	"strings"
	"unicode/utf8"
)

// Numbers written with digit groups or a decimal comma.
//
// A user writes "500,000 rows", "1 000 requests", and, in German,
// Spanish, French, Portuguese or Italian, "500.000 Zeilen", "1.234,5",
// "0,75", "2,5 GB". The readings that compute with a number (a relative
// change's base, a quantity told in prose: relative.go, quantity.go)
// read only plain digits with a decimal point, so they took "500,000"
// for 500 and "0,75" for nothing. numberSpans finds such numbers and
// their plain form: digit groups of three joined by one separator (a
// comma, a space or a narrow space, an apostrophe, a dot) lose their
// separator, and a decimal comma becomes a point. One dot before three
// digits is a decimal point in English ("1.234" stays) unless they end
// in a zero ("500.000", "2.500": no decimal is written so), and a comma
// a decimal mark in the other languages ("1,234" is 1.234 there),
// where the message's language is known; a number glued to letters, a path, a version
// ("1.2.3"), an address ("10.0.0.1", four groups or more joined by dots)
// or a time ("10:30") is left as written. Arabic-Indic digits (٠–٩,
// and the ۰–۹ of Persian and Urdu) are plain digits in any language,
// with the Arabic decimal separator "٫" a point ("٢٫٥" is 2.5) and its
// thousands separator "٬" dropped (indicSpans). A gloss (lexicon.go) shows a
// message's numbers plainly, and the reducer keeps the user's messages
// and quantities with plain numbers; every quote stays as written.

// numSpan is a number of text at [start, end) and its plain form.
type numSpan struct {
	start, end int
	plain      string
}

// decimalComma reports whether language l writes a decimal comma.
func decimalComma(l lang) bool {
	return int(l) < len(lexicons) && lexicons[l] != nil && lexicons[l].comma
}

// numberSpans are the numbers of text whose plain form differs from how
// they are written.
func numberSpans(text string, comma bool) []numSpan {
	if strings.IndexByte(text, 0xD9) >= 0 || strings.IndexByte(text, 0xDB) >= 0 {
		return mergeSpans(asciiNumberSpans(text, comma), indicSpans(text))
	}
	return asciiNumberSpans(text, comma)
}

// asciiNumberSpans are numberSpans of ASCII digits.
func asciiNumberSpans(text string, comma bool) []numSpan {
	if !strings.ContainsAny(text, "0123456789") || !strings.ContainsAny(text, ", .'\u00a0\u202f") {
		return nil
	}
	var out []numSpan
	for i := 0; i < len(text); {
		if !isDigit(text[i]) || i > 0 && numGlued(text[i-1]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		sp, end := plainAt(text, i, j, comma)
		if end > j {
			out = append(out, numSpan{start: i, end: end, plain: sp})
			i = end
			continue
		}
		// "1,2,3", "1.2.3": none of its parts is a number of its own.
		for i = j; i < len(text) && (isDigit(text[i]) || text[i] == ',' || text[i] == '.') && i+1 < len(text) && isDigit(text[i+1]); i++ {
		}
		for i < len(text) && isDigit(text[i]) {
			i++
		}
	}
	return out
}

// numGlued reports whether a number after byte b is part of a word,
// path or version ("v2", "x86", "/3", "1.2").
func numGlued(b byte) bool {
	return isWordByte(b) || strings.IndexByte("./:-#", b) >= 0
}

// sepAt is the separator of digit groups at text[i:] ("," "." " ", an
// apostrophe, a no-break or narrow no-break space) and its length, or "".
func sepAt(text string, i int) string {
	if i >= len(text) {
		return ""
	}
	switch text[i] {
	case ',', '.', ' ', '\'':
		return text[i : i+1]
	}
	for _, s := range []string{"\u00a0", "\u202f"} {
		if strings.HasPrefix(text[i:], s) {
			return s
		}
	}
	return ""
}

// plainAt reads the number whose leading digits are text[i:j]: its
// plain form and where it ends (j when it is written plainly or is no
// number of this kind).
func plainAt(text string, i, j int, comma bool) (string, int) {
	lead := text[i:j]
	// Digit groups: a lead of one to three digits, then groups of three
	// joined by one separator.
	groupSep, groups, k := "", 0, j
	if len(lead) <= 3 {
		if s := sepAt(text, k); s != "" && (s != "," || !comma) {
			for {
				s2 := sepAt(text, k)
				if s2 != s || k+len(s2)+3 > len(text) || !isDigit(text[k+len(s2)]) || !isDigit(text[k+len(s2)+1]) || !isDigit(text[k+len(s2)+2]) ||
					k+len(s2)+3 < len(text) && isDigit(text[k+len(s2)+3]) {
					break
				}
				groupSep, groups, k = s, groups+1, k+len(s2)+3
			}
		}
	}
	if groupSep == "." && lead == "0" {
		// "0.001" is a decimal in any language: no number is grouped
		// after a leading zero.
		groups, groupSep, k = 0, "", j
	}
	if groupSep == "." && !comma && groups == 1 && (lead == "0" || text[k-1] != '0') {
		// "1.234" is a decimal in English; "500.000", "2.500" are
		// thousands in any language (a decimal is not written with
		// trailing zeros).
		groups, groupSep, k = 0, "", j
	}
	if groupSep == "." && groups >= 3 || groupSep == " " && groups > 2 {
		// "10.0.0.1"-like, or a run of spaced numbers: not one number.
		return "", j
	}
	intPart := lead
	if groups > 0 {
		intPart = strings.NewReplacer(groupSep, "").Replace(text[i:k])
	}
	// A decimal part: a comma where the comma is the decimal mark (or
	// after groups joined by another separator), a point after groups
	// joined by commas or spaces.
	dec, e := "", k
	if k+1 < len(text) && isDigit(text[k+1]) {
		switch {
		case text[k] == ',' && (comma || groups > 0 && groupSep != ","):
			dec = ","
		case text[k] == '.' && groups > 0 && groupSep != ".":
			dec = "."
		}
	}
	if dec != "" {
		e = k + 1
		for e < len(text) && isDigit(text[e]) {
			e++
		}
		if e < len(text) && (text[e] == ',' || text[e] == '.') && e+1 < len(text) && isDigit(text[e+1]) {
			// "1,2,3", "1.234.5": a list or a version.
			return "", j
		}
	}
	if groups == 0 && dec == "" {
		return "", j
	}
	if dec == "" && k < len(text) && (text[k] == '.' || text[k] == ',') && k+1 < len(text) && isDigit(text[k+1]) {
		return "", j
	}
	end := k
	out := intPart
	if dec != "" {
		out += "." + text[k+1:e]
		end = e
	}
	if end < len(text) && (isWordByte(text[end]) && !isUnitStart(text[end:]) || text[end] == '/' || text[end] == ':') {
		return "", j
	}
	return out, end
}

// isUnitStart reports whether a number may be glued to what follows
// ("2,5GB", "1.500ms"): a letter, not a digit or an underscore.
func isUnitStart(s string) bool {
	return s != "" && (s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

// plainNumbers is text with its numbers written plainly (numberSpans).
func plainNumbers(text string, comma bool) string {
	spans := numberSpans(text, comma)
	if spans == nil {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	last := 0
	for _, s := range spans {
		b.WriteString(text[last:s.start])
		b.WriteString(s.plain)
		last = s.end
	}
	b.WriteString(text[last:])
	return b.String()
}

// indicDigit is the value of an Arabic-Indic digit (٠–٩, or the
// extended ۰–۹ of Persian and Urdu), -1 for any other rune.
func indicDigit(r rune) int {
	switch {
	case r >= 0x0660 && r <= 0x0669:
		return int(r - 0x0660)
	case r >= 0x06F0 && r <= 0x06F9:
		return int(r - 0x06F0)
	}
	return -1
}

// indicSpans are the numbers of text written in Arabic-Indic digits, in
// plain digits: "٤٠" is 40, "٢٫٥" (the Arabic decimal separator) 2.5,
// "١٬٠٠٠" (its thousands separator) 1000; a dot or a comma between two
// such digits is a decimal point ("٢.٥", "٢,٥"). The text a quote shows
// stays as written.
func indicSpans(text string) []numSpan {
	var out []numSpan
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if indicDigit(r) < 0 {
			i += size
			continue
		}
		var b strings.Builder
		j, dec := i, false
		for j < len(text) {
			r2, s2 := utf8.DecodeRuneInString(text[j:])
			if d := indicDigit(r2); d >= 0 {
				b.WriteByte(byte('0' + d))
				j += s2
				continue
			}
			// a separator counts only between two digits
			nr, _ := utf8.DecodeRuneInString(text[min(j+s2, len(text)):])
			if j+s2 >= len(text) || indicDigit(nr) < 0 {
				break
			}
			switch {
			case r2 == 0x066C:
			case (r2 == 0x066B || r2 == '.' || r2 == ',') && !dec:
				b.WriteByte('.')
				dec = true
			default:
				goto end
			}
			j += s2
		}
	end:
		out = append(out, numSpan{start: i, end: j, plain: b.String()})
		i = j
	}
	return out
}

// mergeSpans are two lists of spans in order of their start, each in
// order and the two not overlapping.
func mergeSpans(a, b []numSpan) []numSpan {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]numSpan, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || len(a) > 0 && a[0].start <= b[0].start {
			out = append(out, a[0])
			a = a[1:]
		} else {
			out = append(out, b[0])
			b = b[1:]
		}
	}
	return out
}
