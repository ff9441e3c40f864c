package recall

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/search/query"
)

// Query limits.
const (
	// MaxQueryBytes is the longest query accepted.
	MaxQueryBytes = 512
	// MaxQueryClauses is the most words, phrases and prefixes a query may
	// hold.
	MaxQueryClauses = 16
)

type clauseKind int

const (
	clauseWord   clauseKind = iota // a bare word: matched as written (a phrase if it analyzes to several tokens)
	clausePhrase                   // "quoted words": an exact phrase
	clausePrefix                   // word*: any word starting with it
)

type clause struct {
	kind clauseKind
	text string
}

// parseQuery splits a query into clauses. The syntax, meant to be obvious
// to a model: words separated by spaces must all match; "double quotes"
// make a phrase; a trailing * makes a prefix (at least two characters).
func parseQuery(q string) ([]clause, error) {
	bad := func(pos int, reason string) error {
		return &QueryError{Query: q, Pos: pos, Reason: reason, Err: ErrBadQuery}
	}
	if len(q) > MaxQueryBytes {
		return nil, &QueryError{Query: q, Reason: "the query is " + strconv.Itoa(len(q)) + " bytes; the maximum is " + strconv.Itoa(MaxQueryBytes), Err: ErrQueryTooLong}
	}
	if !utf8.ValidString(q) {
		return nil, bad(0, "the query is not valid UTF-8")
	}
	if strings.TrimSpace(q) == "" {
		return nil, &QueryError{Query: q, Reason: "the query has no words", Err: ErrEmptyQuery}
	}
	var out []clause
	i := 0
	for i < len(q) {
		r, n := utf8.DecodeRuneInString(q[i:])
		switch {
		case unicode.IsSpace(r):
			i += n
			continue
		case unicode.IsControl(r):
			return nil, bad(i, "control character in the query")
		case r == '"':
			j := strings.IndexByte(q[i+1:], '"')
			if j < 0 {
				return nil, bad(i, "unbalanced double quote")
			}
			phrase := strings.TrimSpace(q[i+1 : i+1+j])
			if phrase == "" {
				return nil, bad(i, "empty phrase \"\"")
			}
			if k := strings.IndexFunc(phrase, unicode.IsControl); k >= 0 {
				return nil, bad(i+1+k, "control character in the query")
			}
			out = append(out, clause{kind: clausePhrase, text: phrase})
			i += j + 2
		default:
			j := i
			for j < len(q) {
				r, n := utf8.DecodeRuneInString(q[j:])
				if unicode.IsSpace(r) || r == '"' {
					break
				}
				if unicode.IsControl(r) {
					return nil, bad(j, "control character in the query")
				}
				j += n
			}
			word := q[i:j]
			c := clause{kind: clauseWord, text: word}
			if k := strings.IndexByte(word, '*'); k >= 0 {
				if k != len(word)-1 {
					return nil, bad(i+k, "'*' may only end a word (prefix search)")
				}
				c = clause{kind: clausePrefix, text: word[:k]}
				if utf8.RuneCountInString(c.text) < 2 {
					return nil, bad(i, "a prefix needs at least two characters before '*'")
				}
			}
			out = append(out, c)
			i = j
		}
		if len(out) > MaxQueryClauses {
			return nil, &QueryError{Query: q, Pos: i, Reason: "more than " + strconv.Itoa(MaxQueryClauses) + " words or phrases", Err: ErrQueryTooLong}
		}
	}
	return out, nil
}

// buildQuery turns clauses into a bleve query: every clause must match
// (conjunction); a clause matches the text field, or exactly a checkpoint
// id, a tool name or a file path (boosted: an exact name is a stronger
// signal than a word in passing).
//
// A clause is analyzed first (analyze returns its terms by position, as the
// text field's analyzer makes them). One position is a term query (or a
// disjunction of the terms at that position): it reads postings only,
// never positions. Several positions — a quoted phrase, a word with
// punctuation such as error[E0308], Chinese text (bigrams) — are a phrase
// query, the only kind that reads term positions.
func buildQuery(cs []clause, analyze func(string) [][]string) query.Query {
	parts := make([]query.Query, 0, len(cs))
	for _, c := range cs {
		var alts []query.Query
		switch c.kind {
		case clauseWord, clausePhrase:
			if q := textQuery(analyze(c.text)); q != nil {
				alts = append(alts, q)
			}
			low := strings.ToLower(c.text)
			if c.kind == clauseWord {
				id := bleve.NewTermQuery(c.text)
				id.SetField(fCID)
				id.SetBoost(4)
				tool := bleve.NewTermQuery(low)
				tool.SetField(fTool)
				tool.SetBoost(2)
				alts = append(alts, id, tool)
			}
			if t := strings.Trim(low, "./~"); t != "" {
				path := bleve.NewTermQuery(t)
				path.SetField(fPath)
				path.SetBoost(3)
				alts = append(alts, path)
			}
		case clausePrefix:
			low := strings.ToLower(c.text)
			p := bleve.NewPrefixQuery(low)
			p.SetField(fText)
			path := bleve.NewPrefixQuery(strings.TrimLeft(low, "./~"))
			path.SetField(fPath)
			tool := bleve.NewPrefixQuery(low)
			tool.SetField(fTool)
			id := bleve.NewPrefixQuery(c.text)
			id.SetField(fCID)
			alts = append(alts, p, path, tool, id)
			if st, ok := prefixStem(c.text, analyze); ok {
				t := bleve.NewTermQuery(st)
				t.SetField(fText)
				alts = append(alts, t)
			}
		}
		if len(alts) == 1 {
			parts = append(parts, alts[0])
			continue
		}
		parts = append(parts, bleve.NewDisjunctionQuery(alts...))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return bleve.NewConjunctionQuery(parts...)
}

// prefixStem is the stem of a prefix clause's text when the text is one
// word whose stem is not the word itself. The text field holds stems, and
// a stem can be shorter than its word or end otherwise ("structure" is
// held as "structur", "happy" as "happi"), so the prefix alone would not
// find the very word it spells; the stem's term finds it (and the word's
// other forms, which is what a prefix search asks for anyway).
func prefixStem(text string, analyze func(string) [][]string) (string, bool) {
	p := analyze(text)
	if len(p) != 1 || len(p[0]) != 1 {
		return "", false
	}
	st := p[0][0]
	return st, st != strings.ToLower(text)
}

// textQuery is the text-field query of an analyzed clause: nil when it
// analyzes to nothing, a term query for one term, a disjunction for
// several terms at one position, a phrase otherwise.
func textQuery(phrase [][]string) query.Query {
	switch {
	case len(phrase) == 0:
		return nil
	case len(phrase) == 1 && len(phrase[0]) == 1:
		t := bleve.NewTermQuery(phrase[0][0])
		t.SetField(fText)
		return t
	case len(phrase) == 1:
		var ts []query.Query
		for _, term := range phrase[0] {
			t := bleve.NewTermQuery(term)
			t.SetField(fText)
			ts = append(ts, t)
		}
		return bleve.NewDisjunctionQuery(ts...)
	}
	return &phraseQuery{terms: phrase, field: fText}
}

// analyzePhrase runs the text analyzer over s and groups its terms by
// position, relative to the first (the shape of a multi-phrase query).
func analyzePhrase(a analysis.Analyzer, s string) [][]string {
	tokens := a.Analyze([]byte(s))
	if len(tokens) == 0 {
		return nil
	}
	first, last := tokens[0].Position, tokens[0].Position
	for _, t := range tokens {
		first, last = min(first, t.Position), max(last, t.Position)
	}
	out := make([][]string, last-first+1)
	for _, t := range tokens {
		out[t.Position-first] = append(out[t.Position-first], string(t.Term))
	}
	// A gap (a stop word removed) has no terms: bleve's phrase searcher
	// treats an empty position as "any term".
	return out
}
