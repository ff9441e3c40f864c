package tokenizer

import (
	"strings"
	"testing"

	loader "github.com/pkoukk/tiktoken-go-loader"
	"pgregory.net/rapid"
)

// TestRankTableRoundTrips holds the embedded rank tables equal to the
// reference library's own copy of the rank files, parsed by its own
// loader: every token of both encodings is found at its rank, the tables
// hold nothing else, and byte strings that are no token (a token with a
// byte appended or cut, arbitrary bytes) are absent.
func TestRankTableRoundTrips(t *testing.T) {
	for _, enc := range []string{O200k, CL100k} {
		want, err := loader.NewOfflineLoader().LoadTiktokenBpe(enc + ".tiktoken")
		if err != nil {
			t.Fatal(err)
		}
		spec, _ := specOf(enc)
		table, err := loadRanks(spec.file)
		if err != nil {
			t.Fatal(err)
		}
		if table.len() != len(want) {
			t.Fatalf("%s: %d tokens, library %d", enc, table.len(), len(want))
		}
		absent := 0
		for tok, rank := range want {
			if got, ok := table.rank(tok); !ok || got != rank {
				t.Fatalf("%s: token %q: rank %d, %v; library %d", enc, tok, got, ok, rank)
			}
			for _, other := range []string{tok + "\x00", tok[:len(tok)-1]} {
				_, inLib := want[other]
				if _, ok := table.rank(other); ok != inLib {
					t.Fatalf("%s: %q found %v, in library %v", enc, other, ok, inLib)
				}
				if !inLib {
					absent++
				}
			}
		}
		if absent < len(want)/2 {
			t.Fatalf("%s: only %d absent strings checked", enc, absent)
		}
		rapid.Check(t, func(rt *rapid.T) {
			s := string(rapid.SliceOfN(rapid.SampledFrom([]byte("ab e\n\x00\xff\xe4\xbd\xa0.")), 0, 12).Draw(rt, "bytes"))
			wantRank, inLib := want[s]
			if got, ok := table.rank(s); ok != inLib || got != wantRank {
				rt.Fatalf("%q: rank %d, %v; library %d, %v", s, got, ok, wantRank, inLib)
			}
		})
	}
}

// TestRankTableAllocatesNothing holds a lookup, found or not, to no
// allocation: the meter looks up every byte pair it merges.
func TestRankTableAllocatesNothing(t *testing.T) {
	table := tiktokenMeter(t, O200k).ranks
	keys := []string{"hello", " world", "zzqqxxj", "中文", "\xff\xfe"}
	if n := testing.AllocsPerRun(100, func() {
		for _, k := range keys {
			table.rank(k)
		}
	}); n != 0 {
		t.Fatalf("%v allocations per lookup round", n)
	}
}

// TestParseRanksRefusesBadFiles: a rank file that is malformed, holds an
// unparseable rank or lists a token twice is refused with the line, not
// loaded half-right; ranks that are not 0, 1, 2, … in order are kept.
func TestParseRanksRefusesBadFiles(t *testing.T) {
	bad := map[string]string{
		"no rank":        "YQ==\n",
		"bad base64":     "!!!! 0\n",
		"empty token":    " 0\n",
		"rank not digit": "YQ== x\n",
		"rank too big":   "YQ== 4294967296\n",
		"negative rank":  "YQ== -1\n",
		"duplicate":      "YQ== 0\nYg== 1\nYQ== 2\n",
	}
	for name, file := range bad {
		if _, err := parseRanks([]byte(file)); err == nil {
			t.Errorf("%s: %q loaded", name, file)
		}
	}
	table, err := parseRanks([]byte("YQ== 7\r\nYg== 3\n\nYWI= 4294967295"))
	if err != nil {
		t.Fatal(err)
	}
	for tok, want := range map[string]int{"a": 7, "b": 3, "ab": 4294967295} {
		if got, ok := table.rank(tok); !ok || got != want {
			t.Errorf("%q: rank %d, %v; want %d", tok, got, ok, want)
		}
	}
	for _, tok := range []string{"", "c", "ba", "abc", strings.Repeat("a", 100)} {
		if _, ok := table.rank(tok); ok {
			t.Errorf("%q found", tok)
		}
	}
	var empty *rankTable
	if empty, err = parseRanks(nil); err != nil || empty.len() != 0 {
		t.Fatalf("empty file: %v, %v", empty, err)
	}
	if _, ok := empty.rank("a"); ok {
		t.Fatal("empty table found a token")
	}
}
