package northbridge

import (
	"fmt"

	"github.com/epistemicfold/ef/tokenizer"
)

// Tokenizer counts tokens of text with a real BPE tokenizer. A Tokenizer
// must be safe for concurrent use.
type Tokenizer interface {
	CountText(s string) int
	Name() string
}

var _ Tokenizer = (*tokenizer.Meter)(nil)

// LoadTokenizer loads o200k_base, the encoding EF meters real tokens with
// elsewhere (ef fold, ef serve). Loading takes about 0.1 s and 15 MB, so a
// long-lived caller loads it once and passes it in Options.
func LoadTokenizer() (Tokenizer, error) {
	m, err := tokenizer.New(tokenizer.Options{}).Meter(tokenizer.O200k)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoTokenizer, err)
	}
	return m, nil
}

// tokenizerOr is t, or LoadTokenizer's when t is nil (Options' and
// SessionOptions' zero value).
func tokenizerOr(t Tokenizer) (Tokenizer, error) {
	if t != nil {
		return t, nil
	}
	return LoadTokenizer()
}
