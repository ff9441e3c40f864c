package recall

import "unicode/utf8"

// EstimateTokens is the default token counter: one token per three bytes of
// ASCII text (rounded up) plus one per non-ASCII character. It errs high
// on purpose: on English prose and on JSON/code it counts 10–30% more than
// cl100k or DeepSeek-V3 do, and one token per CJK character is above both
// tokenizers' rate, so an answer that fits by this count fits the model.
func EstimateTokens(s string) int {
	ascii, other := 0, 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			ascii++
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
		other++
	}
	return (ascii+2)/3 + other
}
