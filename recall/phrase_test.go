package recall_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// phraseWords is a small vocabulary with inflections (the analyzer stems
// them together), possessives, punctuation and Chinese, so that generated
// texts hold every term of a phrase without the phrase, and the phrase in
// forms that differ from the query's.
var phraseWords = []string{
	"cargo", "build", "builds", "building", "test", "tests", "tested", "the", "a", "of", "file", "files",
	"error", "errors", "no", "such", "directory", "run", "running", "git", "status", "Cargo's", "unit",
	"移动", "光标", "文件", "结构", "call", "last", "recent", "most", "x.go", "src/main.rs", "E0308", "-",
}

// TestPhraseEqualsBruteForce checks phrase search against a scan: on a
// generated corpus, a quoted phrase's total and hits must be exactly the
// messages whose analyzed text holds the phrase's terms at consecutive
// positions, as a brute-force pass over every text finds them with the
// same analyzer.
func TestPhraseEqualsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 13))
	t.Logf("seed PCG(7, 13)")
	x, texts, a, analyzed := phraseCorpus(t, rng)
	matched, nearMisses := 0, 0
	for qi := 0; qi < 80; qi++ {
		k := 2 + rng.IntN(3)
		words := make([]string, k)
		for j := range words {
			words[j] = phraseWords[rng.IntN(len(phraseWords))]
		}
		q := `"` + strings.Join(words, " ") + `"`
		phrase := a.Analyze([]byte(strings.Join(words, " ")))
		want := map[string]bool{}
		for ref, ts := range analyzed {
			if holdsPhrase(ts, phrase) {
				want[ref] = true
				matched++
			} else if holdsTerms(ts, phrase) {
				nearMisses++
			}
		}
		matchesScan(t, x, texts, q, want)
	}
	// The corpus must test something: phrases found, and texts holding a
	// phrase's terms but not the phrase.
	t.Logf("%d phrase matches, %d texts with every term but not the phrase", matched, nearMisses)
	if matched < 100 || nearMisses < 100 {
		t.Errorf("generated corpus too easy: %d matches, %d near misses", matched, nearMisses)
	}
}

// matchesScan searches x for q and checks the total and every hit against
// want, the refs a brute-force pass over texts finds.
func matchesScan(t *testing.T, x *recall.Index, texts map[string]string, q string, want map[string]bool) {
	t.Helper()
	res, err := x.Search(context.Background(), recall.SearchRequest{Query: q, Limit: recall.MaxSearchLimit, Budget: recall.MaxBudget})
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	if res.Total != uint64(len(want)) {
		t.Errorf("%s: total %d, scan finds %d", q, res.Total, len(want))
	}
	for _, h := range res.Hits {
		if !want[h.Ref] {
			t.Errorf("%s: hit %s is not a match: %q", q, h.Ref, texts[h.Ref])
		}
		if !strings.Contains(h.Snippet, "**") {
			t.Errorf("%s: hit %s has no highlight: %q", q, h.Ref, h.Snippet)
		}
	}
	// Every match must be among the hits unless the limit cut them.
	if len(res.Hits) < min(len(want), recall.MaxSearchLimit) {
		var missing []string
		got := map[string]bool{}
		for _, h := range res.Hits {
			got[h.Ref] = true
		}
		for ref := range want {
			if !got[ref] {
				missing = append(missing, ref)
			}
		}
		sort.Strings(missing)
		t.Errorf("%s: %d hits, scan finds %d; missing %v", q, len(res.Hits), len(want), missing)
	}
}

// phraseCorpus indexes 600 generated messages of phraseWords in 4
// sessions and returns the index, each message's text and analyzed tokens
// by ref, and the registered analyzer.
func phraseCorpus(t *testing.T, rng *rand.Rand) (*recall.Index, map[string]string, analysis.Analyzer, map[string]analysis.TokenStream) {
	t.Helper()
	src := recalltest.NewMemSource()
	texts := map[string]string{} // ref → text
	for s := 0; s < 4; s++ {
		session := fmt.Sprintf("gen-%d", s)
		var msgs []json.RawMessage
		for i := 0; i < 150; i++ {
			n := 3 + rng.IntN(40)
			words := make([]string, n)
			for k := range words {
				words[k] = phraseWords[rng.IntN(len(phraseWords))]
			}
			sep := " "
			if rng.IntN(3) == 0 {
				sep = ", "
			}
			text := strings.Join(words, sep)
			raw, _ := json.Marshal(map[string]any{"role": "user", "content": []map[string]string{{"type": "text", "text": text}}})
			msgs = append(msgs, raw)
		}
		for _, c := range recalltest.Fold(session, "ck", msgs, 30, recalltest.T0+int64(s)*3_600_000) {
			c.Rendered = "" // only messages take part
			src.Put(c)
			for i, raw := range c.Archive {
				texts[fmt.Sprintf("%s#%d@%s", c.CheckpointID, i, session)] = msgText(raw)
			}
		}
	}
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)

	m := bleve.NewIndexMapping()
	if err := recall.AddTextAnalyzer(m); err != nil {
		t.Fatal(err)
	}
	a := m.AnalyzerNamed(recall.TextAnalyzer)
	analyzed := map[string]analysis.TokenStream{}
	for ref, text := range texts {
		analyzed[ref] = a.Analyze([]byte(text))
	}
	return x, texts, a, analyzed
}

// TestTermAndPrefixEqualBruteForce: a bare word (one term, no positions
// read) and a prefix find exactly the messages a brute-force pass over the
// analyzed texts finds, on the corpus of TestPhraseEqualsBruteForce.
func TestTermAndPrefixEqualBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 13))
	t.Logf("seed PCG(7, 13)")
	x, texts, a, analyzed := phraseCorpus(t, rng)
	// Words that are not file paths (a word also matches the path field).
	words := []string{"cargo", "builds", "Building", "tests", "the", "errors", "directory", "RUNNING", "git", "Cargo's", "移动", "光标", "E0308", "recent"}
	prefixes := []string{"bui", "tes", "err", "dir", "run", "stat", "car", "移动", "las", "e03"}
	check := func(q string, want map[string]bool) {
		t.Helper()
		if len(want) == 0 {
			t.Errorf("%s: the scan finds nothing; the query tests nothing", q)
		}
		matchesScan(t, x, texts, q, want)
	}
	for _, w := range words {
		term := a.Analyze([]byte(w))
		if len(term) != 1 {
			t.Fatalf("%q analyzes to %d terms", w, len(term))
		}
		want := map[string]bool{}
		for ref, ts := range analyzed {
			if holdsPhrase(ts, term) {
				want[ref] = true
			}
		}
		check(w, want)
	}
	for _, p := range prefixes {
		want := map[string]bool{}
		for ref, ts := range analyzed {
			for _, tok := range ts {
				if strings.HasPrefix(string(tok.Term), strings.ToLower(p)) {
					want[ref] = true
					break
				}
			}
		}
		check(p+"*", want)
	}
	// A prefix that spells a whole word finds that word, though the index
	// holds the word's stem, which can be shorter or end otherwise
	// ("directory" is held as "directori"): a term starting with the
	// prefix, or the prefix's own stem, matches. Every message holding a
	// word (as written) that starts with the prefix is among them.
	raw := &analysis.DefaultAnalyzer{Tokenizer: unicode.NewUnicodeTokenizer(), TokenFilters: []analysis.TokenFilter{lowercase.NewLowerCaseFilter()}}
	for _, p := range []string{"directory", "running", "tested", "files", "building"} {
		stem := string(a.Analyze([]byte(p))[0].Term)
		want := map[string]bool{}
		for ref, ts := range analyzed {
			for _, tok := range ts {
				if term := string(tok.Term); strings.HasPrefix(term, p) || term == stem {
					want[ref] = true
					break
				}
			}
		}
		written := 0
		for ref, text := range texts {
			for _, tok := range raw.Analyze([]byte(text)) {
				if strings.HasPrefix(string(tok.Term), p) {
					written++
					if !want[ref] {
						t.Errorf("%s*: %s holds %q, which the match rule does not cover", p, ref, tok.Term)
					}
					break
				}
			}
		}
		if written == 0 {
			t.Errorf("%s*: no message holds the word; the query tests nothing", p)
		}
		check(p+"*", want)
	}
}

// holdsTerms reports whether ts holds every term of phrase, anywhere.
func holdsTerms(ts, phrase analysis.TokenStream) bool {
	have := map[string]bool{}
	for _, t := range ts {
		have[string(t.Term)] = true
	}
	for _, p := range phrase {
		if !have[string(p.Term)] {
			return false
		}
	}
	return true
}

// holdsPhrase reports whether ts holds the terms of phrase at consecutive
// positions (relative to the phrase's first).
func holdsPhrase(ts, phrase analysis.TokenStream) bool {
	if len(phrase) == 0 {
		return false
	}
	at := map[int]map[string]bool{}
	for _, t := range ts {
		if at[t.Position] == nil {
			at[t.Position] = map[string]bool{}
		}
		at[t.Position][string(t.Term)] = true
	}
	first := phrase[0].Position
	for _, t := range ts {
		ok := true
		for _, p := range phrase {
			if !at[t.Position+p.Position-first][string(p.Term)] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
