package recall

import (
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	bunicode "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
)

// TextAnalyzer is the name of the analyzer context_search indexes and
// queries text with. Other indexes over EF text (Northbridge's relevance
// ranking) register it with AddTextAnalyzer so that a word matches there
// exactly as it matches in context_search.
const TextAnalyzer = analyzerText

// AddTextAnalyzer registers the TextAnalyzer on m: unicode word breaks,
// full/half width folding, lower case, English possessives, CJK bigrams,
// then English stemming (which leaves bigrams alone). One analyzer for
// English and CJK means one field instead of an "en" and a "cjk" field,
// and a mixed query matches mixed text.
func AddTextAnalyzer(m *mapping.IndexMappingImpl) error {
	return m.AddCustomAnalyzer(analyzerText, map[string]interface{}{
		"type":          custom.Name,
		"tokenizer":     bunicode.Name,
		"token_filters": []interface{}{cjk.WidthName, lowercase.Name, en.PossessiveName, cjk.BigramName, en.SnowballStemmerName},
	})
}
