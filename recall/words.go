package recall

import (
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/registry"
	"github.com/blevesearch/segment"
)

// wordTokenizerName is the name TextAnalyzer's tokenizer is registered
// under in bleve's registry.
const wordTokenizerName = "ef_words"

// bleve's registry is a plain map, read without a lock whenever a mapping
// builds its analyzers, so it is written here, while the package is
// initialized and before any goroutine can read it (as bleve's own
// tokenizers register themselves).
var _ = func() error {
	return registry.RegisterTokenizer(wordTokenizerName, func(map[string]interface{}, *registry.Cache) (analysis.Tokenizer, error) {
		return wordTokenizer{}, nil
	})
}()

// wordTokenizer splits text into words by Unicode word breaking (UAX #29),
// as bleve's unicode tokenizer does, and keeps emoji as words too: the
// unicode tokenizer drops every segment that is not letters, digits or
// ideographs, so "💥" or "✅" in a tool output could not be searched. An
// emoji segment (one emoji, or a sequence joined by ZWJ, as word breaking
// keeps it) is one word, without its variation selectors, so ⚠️ and ⚠
// are the same word.
type wordTokenizer struct{}

func (wordTokenizer) Tokenize(input []byte) analysis.TokenStream {
	var out analysis.TokenStream
	sg := segment.NewWordSegmenterDirect(input)
	start, pos := 0, 1
	for sg.Segment() {
		b := sg.Bytes()
		end := start + len(b)
		typ, ok := analysis.AlphaNumeric, true
		switch sg.Type() {
		case segment.None:
			switch {
			case unspaced(b):
				// Thai, Lao, Khmer, Myanmar: word breaking cuts them
				// into single letters (it has no dictionary), which the
				// bigrams join as they join Chinese.
				typ = analysis.Ideographic
			case isEmoji(b):
				b = withoutVariationSelectors(b)
			default:
				ok = false
			}
		case segment.Ideo, segment.Kana:
			typ = analysis.Ideographic
		case segment.Letter:
			if unspaced(b) {
				typ = analysis.Ideographic
			}
		case segment.Number:
			typ = analysis.Numeric
		}
		if ok {
			out = append(out, &analysis.Token{Term: b, Start: start, End: end, Position: pos, Type: typ})
			pos++
		}
		start = end
	}
	return out
}

// isEmoji reports whether a segment that word breaking gave no word type
// begins with an emoji: the pictographs, dingbats and symbols blocks
// (U+2600–U+27BF, U+2B00–U+2BFF, U+1F000–U+1FAFF) and flags (regional
// indicators). Box drawing, arrows, punctuation and other symbols stay
// separators, as before.
func isEmoji(b []byte) bool {
	r, _ := utf8.DecodeRune(b)
	switch {
	case r >= 0x2600 && r <= 0x27BF, r >= 0x2B00 && r <= 0x2BFF, r >= 0x1F000 && r <= 0x1FAFF:
		return unicode.IsSymbol(r) || r >= 0x1F000
	}
	return false
}

// withoutVariationSelectors returns b without U+FE0E and U+FE0F (text and
// emoji presentation), copying only when it has one.
func withoutVariationSelectors(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == 0xFE0E || r == 0xFE0F {
			if out == nil {
				out = append(make([]byte, 0, len(b)), b[:i]...)
			}
		} else if out != nil {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	if out == nil {
		return b
	}
	return out
}

// Identifier parts. A word of code is one token to word breaking:
// parser_test.go, parseConfig, PARSER_MAX, foo.bar:baz. Indexed whole
// only, a search for "parser" or "config" missed every identifier built
// from it. So the index also holds each word's parts, counted in their
// terms' frequencies but without a position (the positions of the words
// after it are unchanged, and a phrase matches whole words only: positions
// are most of the index's bytes, and parts at the word's position made it
// 17% larger): first the pieces between '.' and ':' (parser_test, go), then each
// piece's pieces between '_' and at a change of case (parse|Config,
// HTTP|Server, PARSER|MAX). Queries are not split: a query word that is
// an identifier still matches that identifier as a whole, and a query
// word that is a part matches every identifier holding it.

// identParts calls emit with each part of word (original case), once
// each: parts of two or more characters other than word itself, at most
// maxIdentParts of them. A word with no boundary has no parts.
func identParts(word []byte, emit func(part []byte)) {
	if noParts(word) {
		return // most words: the one piece is the word itself
	}
	splitParts(word, emit)
}

// splitParts is identParts without the shortcut for words with no parts.
func splitParts(word []byte, emit func(part []byte)) {
	var seen [maxIdentParts][]byte
	n := 0
	add := func(p []byte) {
		if n == maxIdentParts || utf8.RuneCount(p) < 2 || len(p) == len(word) {
			return
		}
		for _, s := range seen[:n] {
			if string(s) == string(p) {
				return
			}
		}
		seen[n] = p
		n++
		emit(p)
	}
	splitAt(word, func(r rune) bool { return r == '.' || r == ':' }, func(piece []byte) {
		add(piece)
		caseParts(piece, add)
	})
}

// noParts reports whether word is ASCII with no '.', ':' or '_' and no
// upper-case letter after its first byte: then identParts finds only the
// word itself, which is no part.
func noParts(word []byte) bool {
	for i, b := range word {
		if b >= utf8.RuneSelf || b == '.' || b == ':' || b == '_' || i > 0 && b >= 'A' && b <= 'Z' {
			return false
		}
	}
	return true
}

// maxIdentParts bounds the parts of one word (a long dotted or snake_case
// run in a tool output).
const maxIdentParts = 16

// splitAt calls emit with each nonempty piece of b between runes sep
// reports.
func splitAt(b []byte, sep func(rune) bool, emit func([]byte)) {
	start := 0
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if sep(r) {
			if i > start {
				emit(b[start:i])
			}
			start = i + n
		}
		i += n
	}
	if len(b) > start {
		emit(b[start:])
	}
}

// caseParts calls emit with the pieces of b between '_' and at changes of
// case: a lower-case letter or digit followed by an upper-case one
// (parse|Config), or an upper-case letter followed by one that begins a
// capitalized word (HTTP|Server).
func caseParts(b []byte, emit func([]byte)) {
	splitAt(b, func(r rune) bool { return r == '_' }, func(piece []byte) {
		start := 0
		var prev rune = -1
		for i := 0; i < len(piece); {
			r, n := utf8.DecodeRune(piece[i:])
			if prev >= 0 && unicode.IsUpper(r) {
				next, _ := utf8.DecodeRune(piece[i+n:])
				if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && unicode.IsLower(next) {
					emit(piece[start:i])
					start = i
				}
			}
			prev = r
			i += n
		}
		emit(piece[start:])
	})
}

// unspacedScripts are the scripts written without spaces between words
// that Unicode word breaking leaves to a dictionary (UAX #29's
// complex-context letters): Thai, Lao, Khmer, Myanmar, Tai Tham, New Tai
// Lue. Their runs are indexed and searched as CJK is, by bigrams.
var unspacedScripts = []*unicode.RangeTable{unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tai_Tham, unicode.New_Tai_Lue}

// unspaced reports whether b's first letter is of an unspacedScripts
// script.
func unspaced(b []byte) bool {
	r, _ := utf8.DecodeRune(b)
	return unicode.In(r, unspacedScripts...)
}
