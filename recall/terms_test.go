package recall

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	bindex "github.com/blevesearch/bleve_index_api"
	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/internal/testutil"
)

// termsEqualAnalyzer fails t unless the text field's term frequencies of
// text are those of TextAnalyzer's tokens and their identifier parts
// (offsets aside): the same terms, counts and positions, and the same
// token count (parts are not counted). A part counts in its term's
// frequency but has no position (see partTerms).
func termsEqualAnalyzer(t interface {
	Helper()
	Fatalf(string, ...any)
}, text string) {
	t.Helper()
	stems := newStemCache()
	ts := newTextAnalyzer(stems).Analyze([]byte(text))
	for _, tok := range ts {
		tok.Start, tok.End = 0, 0
	}
	want := analysis.TokenFrequency(ts, nil, fieldOptions[fText])
	// The index also holds each word's identifier parts, each as a query
	// for the part's text analyzes it.
	for _, tok := range newTextAnalyzer(stems).Analyze([]byte(text)) {
		identParts([]byte(text)[tok.Start:tok.End], func(part []byte) {
			// The analyzer lowers in place: a copy, or the word's later
			// parts would be read lowered ("aaZ.a" lost "aa").
			for _, pt := range newTextAnalyzer(stems).Analyze(bytes.Clone(part)) {
				tf, ok := want[string(pt.Term)]
				if !ok {
					tf = &bindex.TokenFreq{Term: pt.Term}
					want[string(pt.Term)] = tf
				}
				tf.SetFrequency(tf.Frequency() + 1)
			}
		})
	}
	// walk gives the analyzer's tokens with their byte offsets, in order
	// of position (snippets find their matches with it).
	type tok struct {
		term            string
		pos, start, end int
	}
	var walked, made []tok
	var low []byte
	newTermAnalyzer(stems).walk([]byte(text), &low, func(term stem, pos, start, end int) {
		walked = append(walked, tok{term.s, pos, start, end})
	})
	for _, tk := range newTextAnalyzer(stems).Analyze([]byte(text)) {
		made = append(made, tok{string(tk.Term), tk.Position, tk.Start, tk.End})
	}
	sort.SliceStable(made, func(i, j int) bool { return made[i].pos < made[j].pos })
	if !slices.Equal(walked, made) {
		t.Fatalf("%q: walk gives %v, the analyzer %v", text, walked, made)
	}
	n, got := newTermAnalyzer(stems).frequencies([]byte(text))
	// A bulk build's analyzer, whose front memo (stemFront) holds the
	// words of every text checked before, makes the same frequencies.
	frontMu.Lock()
	fn, fgot := frontTerms.frequencies([]byte(text))
	frontMu.Unlock()
	if fn != n || !reflect.DeepEqual(termList(fgot), termList(got)) || !reflect.DeepEqual(termFreqs(fgot), termFreqs(got)) {
		t.Fatalf("%q: with the front memo %d tokens %v, without %d tokens %v", text, fn, termFreqs(fgot), n, termFreqs(got))
	}
	if n != len(ts) || len(got) != len(want) {
		t.Fatalf("%q: %d tokens, %d terms; the analyzer: %d tokens, %d terms\n got %v\nwant %v", text, n, len(got), len(ts), len(want), termList(got), termList(want))
	}
	for term, w := range want {
		g, ok := got[term]
		if !ok || string(g.Term) != string(w.Term) || g.Frequency() != w.Frequency() || len(g.Locations) != len(w.Locations) {
			t.Fatalf("%q: term %q: got %v, the analyzer %v\n got %v\nwant %v", text, term, g, w, termList(got), termList(want))
		}
		for i := range w.Locations {
			if g, w := g.Locations[i], w.Locations[i]; g.Position != w.Position || g.Start != w.Start || g.End != w.End || g.Field != w.Field || len(g.ArrayPositions)+len(w.ArrayPositions) > 0 {
				t.Fatalf("%q: term %q: location %d is %+v, the analyzer's %+v", text, term, i, *g, *w)
			}
		}
	}
}

// frontTerms is a bulk build's analyzer, with a front memo, used by one
// check at a time.
var (
	frontMu    sync.Mutex
	frontTerms = func() *termAnalyzer {
		a := newTermAnalyzer(newBulkStemCache())
		a.front = &stemFront{}
		return a
	}()
)

func termFreqs(tf bindex.TokenFrequencies) map[string]int {
	out := map[string]int{}
	for k, v := range tf {
		out[k] = v.Frequency()
	}
	return out
}

func termList(tf bindex.TokenFrequencies) map[string][]int {
	out := map[string][]int{}
	for k, v := range tf {
		for _, l := range v.Locations {
			out[k] = append(out[k], l.Position)
		}
	}
	return out
}

// TestTermsMatchAnalyzer holds the indexing analysis (terms.go) to
// TextAnalyzer on hand-picked text (every rule of ASCII word breaking,
// possessives, CJK next to ASCII, marks after white space), on generated
// text over an alphabet of the characters that matter, and on the
// strings of real sessions (English and Chinese).
func TestTermsMatchAnalyzer(t *testing.T) {
	for _, text := range []string{
		"", " ", "a", "A", "John's file's JOHN'S it's 's x's'", "a:b a'b a.b a,b 1,000 1.5 1:5 1'5 1;5 a;b",
		"___ _ _1 a_ __init__ 3a a3 e.g. x_y.z a_.b 1_,2 a..b a.:b x\x01y a-b a.1 1.a _a._b a:1",
		"foo.bar.baz:qux 'a' a' v1.2.3 Running the tests: cargo build failed; the builds are failing",
		"要移动光标，请按 hjkl 键 Running 移动光标 Ｆｕｌｌ ｗｉｄｔｈ 日本語のテキスト と 한국어 텍스트",
		"café naïve résumé John’s Ｊｏｈｎ＇ｓ ｶﾞｷﾞｸﾞ ﾊﾟﾝ a\u0301b \u0301abc x \u0301y \u200d👍 a\u200bb",
		"中文 中 文 中\n文 中文abc abc中文 中文。中文 a中b 1中2 中_文",
		"error[E0308]: mismatched types at crates/autopilot/src/main.rs:42:7\r\n\tTraceback (most recent call last):",
		"\v\f a\vb c\fd \x00 \x7f e\x7ff",
	} {
		termsEqualAnalyzer(t, text)
	}
	alphabet := []string{"a", "b", "Z", "s", "S", "0", "7", "_", ".", ":", "'", ",", ";", "-", " ", "\t", "\n", "\r",
		"’", "＇", "é", "\u0301", "中", "文", "の", "カ", "ｶ", "ﾞ", "한", "Ａ", "１", "\u200d", "👍", "\u00a0", "\x00", "。"}
	rapid.Check(t, func(rt *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom(alphabet), 0, 40).Draw(rt, "text")
		termsEqualAnalyzer(rt, strings.Join(parts, ""))
	})
	for _, text := range corpusStrings(t, 3000) {
		termsEqualAnalyzer(t, text)
	}
}

// corpusStrings returns up to n strings from the corpus's sessions (every
// JSON string of the first lines of each), the Chinese ones first.
func corpusStrings(t testing.TB, n int) []string {
	t.Helper()
	files := testutil.CorpusFiles(t, "dsh-snapshots", "openagents-autopilot-sdk", "swe-agent", "openhands")
	var chinese, other []string
	for _, f := range files {
		if strings.Contains(f, "goal-multi-turn-actions") || strings.Contains(f, "permission-policy-context") {
			chinese = append(chinese, f)
		} else {
			other = append(other, f)
		}
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if len(out) < n && len(v) > 0 {
				out = append(out, v)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	for _, f := range append(chinese, other...) {
		if len(out) >= n {
			break
		}
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 64<<20)
		for lines := 0; sc.Scan() && lines < 40 && len(out) < n; lines++ {
			var v any
			if json.Unmarshal(sc.Bytes(), &v) == nil {
				walk(v)
			}
		}
		fh.Close()
	}
	return out
}

// BenchmarkTextTerms compares the indexing analysis with TextAnalyzer's
// chain followed by bleve's term frequencies (what indexing ran before)
// on corpus strings of 64 bytes or more, reporting process CPU time per
// pass beside wall time (the machine is shared); bulk and bulkfront are
// the analysis of a bulk build without and with its front memo
// (stemFront):
//
//	go test -run '^$' -bench TextTerms ./recall/
func BenchmarkTextTerms(b *testing.B) {
	var texts []string
	var bytes int64
	for _, s := range corpusStrings(b, 20000) {
		if len(s) >= 64 {
			texts = append(texts, s)
			bytes += int64(len(s))
		}
	}
	run := func(b *testing.B, analyze func([]byte)) {
		b.SetBytes(bytes)
		c0 := testutil.CPUTime()
		for b.Loop() {
			for _, s := range texts {
				analyze([]byte(s))
			}
		}
		b.ReportMetric(float64(testutil.CPUTime()-c0)/float64(b.N), "cpu-ns/op")
	}
	for i := 0; i < 2; i++ { // alternated
		b.Run("analyzer", func(b *testing.B) {
			a := positionsOnly{newTextAnalyzer(newStemCache())}
			run(b, func(s []byte) { analysis.TokenFrequency(a.Analyze(s), nil, fieldOptions[fText]) })
		})
		b.Run("terms", func(b *testing.B) {
			a := newTermAnalyzer(newStemCache())
			run(b, func(s []byte) { a.frequencies(s) })
		})
		b.Run("bulk", func(b *testing.B) {
			a := newTermAnalyzer(newBulkStemCache())
			a.slab = &termSlab{}
			run(b, func(s []byte) { a.frequencies(s); a.slab.reset() })
		})
		b.Run("bulkfront", func(b *testing.B) {
			a := newTermAnalyzer(newBulkStemCache())
			a.slab, a.front = &termSlab{}, &stemFront{}
			run(b, func(s []byte) { a.frequencies(s); a.slab.reset() })
		})
	}
}

// positionsOnly is the text analyzer with every token's byte offsets set
// to zero, as the index records them (see textField).
type positionsOnly struct{ a analysis.Analyzer }

func (p positionsOnly) Analyze(text []byte) analysis.TokenStream {
	ts := p.a.Analyze(text)
	for _, t := range ts {
		t.Start, t.End = 0, 0
	}
	return ts
}

// TestIdentPartsShortcut: identParts, which skips the split for words it
// sees have no parts (noParts), gives the parts the split gives, on words
// of letters of both cases, digits, separators and non-ASCII letters.
func TestIdentPartsShortcut(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		runes := rapid.SliceOfN(rapid.SampledFrom([]rune("abzAZ09._:'-éÉ中")), 0, 12).Draw(rt, "word")
		word := []byte(string(runes))
		var got, want []string
		identParts(word, func(p []byte) { got = append(got, string(p)) })
		splitParts(word, func(p []byte) { want = append(want, string(p)) })
		if !slices.Equal(got, want) {
			rt.Fatalf("identParts(%q) = %q, the split gives %q", word, got, want)
		}
		if noParts(word) && len(want) > 0 {
			rt.Fatalf("noParts(%q), but the split gives %q", word, want)
		}
	})
}

// TestTermsOfCasedParts: identifier parts of words whose case changes,
// ASCII and not, are all indexed (a non-ASCII part was once lowered in
// the text itself, losing the parts after it).
func TestTermsOfCasedParts(t *testing.T) {
	for _, text := range []string{"aaZ.a", "ÉaZ.b", "a.\u0301aZ", "fooBar.bazQux_x getHTTPServer Éa.bC"} {
		termsEqualAnalyzer(t, text)
	}
}

// TestLongWordLinear: analyzing one long word costs in proportion to its
// length, for indexing (termAnalyzer) and for TextAnalyzer as registered
// (Northbridge's indexes). The Snowball stemmer is quadratic in a word's
// length on runs such as "yyyy…" and "yaya…" (it rebuilds the word for
// each 'y' after a vowel), and a pasted output of 300 KB of "y" took 25 s
// to fold into a store. The cost is measured as the bytes the analysis
// allocates, which the quadratic stemmer showed as plainly as its time
// (100 times as much for 10 times the text) and which, unlike time, does
// not depend on what else the machine runs.
func TestLongWordLinear(t *testing.T) {
	m := bleve.NewIndexMapping()
	if err := AddTextAnalyzer(m); err != nil {
		t.Fatal(err)
	}
	registered := m.AnalyzerNamed(TextAnalyzer)
	analyzers := map[string]func([]byte){
		"terms":      func(b []byte) { newTermAnalyzer(newStemCache()).frequencies(b) },
		"registered": func(b []byte) { registered.Analyze(b) },
	}
	const small, large = 4 << 10, 40 << 10
	for _, unit := range []string{"y", "ya", "Yay", "x"} {
		for name, analyze := range analyzers {
			a := allocatedBy(func() { analyze([]byte(strings.Repeat(unit, small/len(unit)))) })
			b := allocatedBy(func() { analyze([]byte(strings.Repeat(unit, large/len(unit)))) })
			ratio := float64(b) / float64(a)
			t.Logf("%s, %q: %d bytes allocated for %d KiB, %d for %d KiB: ×%.1f", name, unit, a, small>>10, b, large>>10, ratio)
			if ratio > 20 { // linear: about 10; quadratic: about 100
				t.Errorf("%s, %q: 10 times the text allocates %.0f times the bytes: not linear", name, unit, ratio)
			}
		}
	}
}

// allocatedBy returns the bytes f allocates, the least of three runs
// (another goroutine's allocations only add).
func allocatedBy(f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// BenchmarkLongWord indexes one word of 100 KiB and of 1 MiB made of a
// repeated unit: MB/s stays the same from one size to the other when the
// analysis is linear in the word's length (the Snowball stemmer alone is
// not; see maxStemmedWord):
//
//	go test -run '^$' -bench LongWord ./recall/
func BenchmarkLongWord(b *testing.B) {
	for _, unit := range []string{"y", "ya", "x"} {
		for _, size := range []int{100 << 10, 1 << 20} {
			text := []byte(strings.Repeat(unit, size/len(unit)))
			b.Run(fmt.Sprintf("%s/%dKiB", unit, size>>10), func(b *testing.B) {
				a := newTermAnalyzer(newStemCache())
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					a.frequencies(text)
				}
			})
		}
	}
}

// TestTermSlabReuse holds the frequencies a bulk build makes in a reused
// slab (termSlab) equal to those made in fresh memory: texts analyzed
// into a slab, the slab reset, and the next texts analyzed into the
// memory the first ones used, which their values must not show through.
func TestTermSlabReuse(t *testing.T) {
	stems := newStemCache()
	fresh := newTermAnalyzer(stems)
	slabbed := newTermAnalyzer(stems)
	slabbed.slab = &termSlab{}
	word := rapid.SampledFrom([]string{"a", "cargo", "build", "Build's", "parse_config", "HTTPServer", "x.y:z", "测试文件", "1,000", "the"})
	text := rapid.Custom(func(t *rapid.T) string {
		return strings.Join(rapid.SliceOfN(word, 0, 3*slabChunk/2).Draw(t, "words"), " ")
	})
	short := func(s string) string {
		if len(s) > 40 {
			return fmt.Sprintf("%q… (%d bytes)", s[:40], len(s))
		}
		return fmt.Sprintf("%q", s)
	}
	check := func(t interface{ Fatalf(string, ...any) }, texts []string) {
		type made struct {
			n     int
			freqs bindex.TokenFrequencies
		}
		var got []made
		for _, s := range texts {
			n, f := slabbed.frequencies([]byte(s))
			got = append(got, made{n, f})
		}
		// Only once every text of the round is made: a later text
		// must not have overwritten an earlier one's.
		for i, s := range texts {
			n, want := fresh.frequencies([]byte(s))
			if got[i].n != n || !reflect.DeepEqual(termList(got[i].freqs), termList(want)) {
				t.Fatalf("%s: slab gives %d tokens %d terms, fresh %d tokens %d terms", short(s), got[i].n, len(got[i].freqs), n, len(want))
			}
			for term, w := range want {
				g := got[i].freqs[term]
				if g == nil {
					t.Fatalf("%s: term %q: not in the slab's", short(s), term)
				}
				if string(g.Term) != string(w.Term) || g.Frequency() != w.Frequency() || len(g.Locations) != len(w.Locations) || cap(g.Locations) != len(g.Locations) {
					t.Fatalf("%s: term %q: slab %d locations, fresh %d", short(s), term, len(g.Locations), len(w.Locations))
				}
				for k, l := range g.Locations {
					if w := w.Locations[k]; l.Position != w.Position || l.Start != w.Start || l.End != w.End || l.Field != w.Field || len(l.ArrayPositions) > 0 {
						t.Fatalf("%s: term %q: location %d %+v, fresh %+v", short(s), term, k, *l, *w)
					}
				}
			}
		}
		slabbed.slab.reset()
	}
	// Texts past a chunk, and one that fills a chunk's rest.
	long := func(n int) string { return strings.Repeat("parse_config build's 测试文件 ", n) }
	check(t, []string{long(slabChunk/4 - 1), "a b", long(slabChunk / 2), long(3)})
	check(t, []string{long(2), long(slabChunk/4 - 1), long(slabChunk / 2)})
	rapid.Check(t, func(t *rapid.T) {
		for round := range rapid.IntRange(1, 3).Draw(t, "rounds") {
			check(t, rapid.SliceOfN(text, 1, 4).Draw(t, fmt.Sprintf("texts%d", round)))
		}
	})
}

// TestTermTable: the table gives each distinct term of a text one index,
// the same each time the term comes again, through its growth past its
// first 1,024 slots; after a reset it holds nothing of the text before.
func TestTermTable(t *testing.T) {
	var tt termTable
	for text := 0; text < 3; text++ {
		tt.reset()
		var terms []stem
		for round := 0; round < 2; round++ {
			for i := 0; i < 3000; i++ {
				w := []byte(strconv.Itoa(i*7 + text)) // the texts share some terms
				got, ok := tt.find(w, terms)
				if round == 0 {
					if ok || int(got) != len(terms) {
						t.Fatalf("text %d: new term %q: got %d, %v; want %d, false", text, w, got, ok, len(terms))
					}
					terms = append(terms, stemOfBytes(w))
				} else if !ok || got != int32(i) {
					t.Fatalf("text %d: term %q again: got %d, %v; want %d, true", text, w, got, ok, i)
				}
			}
		}
	}
}
