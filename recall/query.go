package recall

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
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
	// optional marks a stop word of a query that holds other words (see
	// markOptional): it ranks the documents that hold it and is not
	// required.
	optional bool
}

// markOptional marks the bare words of cs that are English stop words
// (the Snowball list: the, is, what, which, how…) optional, when cs has a
// clause that is not one: a model writes "what is the deploy token" for
// "deploy token", and a message that states the token holds no "what".
// A query of stop words only keeps them all required. The index keeps
// stop words (a phrase matches them, and an optional one still ranks the
// documents that hold it).
func markOptional(cs []clause) []clause {
	var stop []int
	for i, c := range cs {
		if c.kind == clauseWord && isStopWord(c.text) {
			stop = append(stop, i)
		}
	}
	if len(stop) == len(cs) {
		return cs
	}
	for _, i := range stop {
		cs[i].optional = true
	}
	return cs
}

// stopWords is the Snowball English stop word list bleve ships, as a set.
// It is read only.
var stopWords = func() map[string]bool {
	tm := analysis.NewTokenMap()
	if err := tm.LoadBytes(en.EnglishStopWords); err != nil {
		panic(err) // a constant list; an error is a programming bug
	}
	out := make(map[string]bool, len(tm))
	for w := range tm {
		out[w] = true
		out[strings.ReplaceAll(w, "'", "’")] = true
	}
	return out
}()

// isStopWord reports whether a query word is a stop word, ignoring case
// and the punctuation around it ("What", "is?").
func isStopWord(w string) bool {
	w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' })
	if w == "" || len(w) > 16 {
		return false
	}
	return stopWords[strings.ToLower(w)]
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

// buildQuery turns clauses into a bleve query: every clause that is not
// optional must match (conjunction); optional clauses add to the score of
// the documents that hold them (a boolean query's should). A clause
// matches the text field, or exactly a checkpoint id, a tool name or a
// file path (boosted: an exact name is a stronger signal than a word in
// passing). filter, when not nil, is required too (the session).
//
// A clause is analyzed first (analyze returns its terms by position, as the
// text field's analyzer makes them). One position is a term query (or a
// disjunction of the terms at that position): it reads postings only,
// never positions. Several positions — a quoted phrase, a word with
// punctuation such as error[E0308], Chinese text (bigrams) — are a phrase
// query, the only kind that reads term positions.
func buildQuery(cs []clause, analyze func(string) [][]string, filter query.Query) query.Query {
	var must, should []query.Query
	if filter != nil {
		must = append(must, filter)
	}
	for _, c := range cs {
		q := clauseQuery(c, analyze)
		if c.optional {
			should = append(should, q)
		} else {
			must = append(must, q)
		}
	}
	var q query.Query
	if len(must) == 1 {
		q = must[0]
	} else {
		q = bleve.NewConjunctionQuery(must...)
	}
	if len(should) == 0 {
		return q
	}
	b := bleve.NewBooleanQuery()
	b.AddMust(q)
	b.AddShould(should...)
	b.SetMinShould(0)
	return b
}

// partialClauses splits the clauses of a query that matched nothing for
// its fallback (partialQuery): quoted phrases stay required, the other
// clauses that are not optional are counted, optional ones still only
// score. It returns the clauses' indexes in cs, and false when the query
// has no fallback: fewer than two clauses besides the optional ones, none
// that may be missing, or only stop words (a query of stop words only,
// whose fallback would be every message holding "the").
func partialClauses(cs []clause) (required, counted, optional []int, ok bool) {
	content := false
	for i, c := range cs {
		switch {
		case c.optional:
			optional = append(optional, i)
		case c.kind == clausePhrase:
			required = append(required, i)
		default:
			counted = append(counted, i)
			content = content || c.kind != clauseWord || !isStopWord(c.text)
		}
	}
	return required, counted, optional, content && len(required)+len(counted) >= 2
}

// partialSearch builds the fallback query of a search in which no
// document held every clause (see partialQuery).
func partialSearch(cs []clause, analyze func(string) [][]string, filter query.Query) (*partialQuery, []int, bool) {
	required, counted, optional, ok := partialClauses(cs)
	if !ok {
		return nil, nil, false
	}
	q := &partialQuery{minHeld: 1}
	if filter != nil {
		q.required = append(q.required, filter)
	}
	for _, i := range required {
		q.required = append(q.required, clauseQuery(cs[i], analyze))
	}
	if len(required) > 0 {
		q.minHeld = 0 // the phrases alone are a partial match
	}
	for _, i := range counted {
		q.counted = append(q.counted, clauseQuery(cs[i], analyze))
	}
	for _, i := range optional {
		q.optional = append(q.optional, clauseQuery(cs[i], analyze))
	}
	return q, counted, true
}

// clauseQuery is the query of one clause (see buildQuery).
func clauseQuery(c clause, analyze func(string) [][]string) query.Query {
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
		return alts[0]
	}
	return bleve.NewDisjunctionQuery(alts...)
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
