package northbridge

import (
	"fmt"

	"github.com/epistemicfold/ef/hostshim"
)

// Tokenizer counts tokens of text with a real BPE tokenizer. A Tokenizer
// must be safe for concurrent use.
type Tokenizer interface {
	CountText(s string) int
	Name() string
}

// LoadTokenizer loads o200k_base, the encoding EF meters real tokens with
// elsewhere (ef fold, ef serve). Loading takes about 0.1 s and 15 MB, so a
// long-lived caller loads it once and passes it in Options.
func LoadTokenizer() (Tokenizer, error) {
	m, err := hostshim.NewTokenizers(hostshim.TokenizerOptions{}).Meter(hostshim.EncodingO200k)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoTokenizer, err)
	}
	return m, nil
}
