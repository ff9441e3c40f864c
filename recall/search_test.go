package recall_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/recall"
)

// checkHits asserts that the query's total equals the number of matches
// in want (an exact ground truth), that every hit is in want, and that each
// snippet highlights something.
func checkHits(t *testing.T, res *recall.SearchResult, want map[string]bool) {
	t.Helper()
	if res.Total != uint64(len(want)) {
		t.Errorf("%q: total %d, ground truth %d", res.Query, res.Total, len(want))
	}
	if len(want) > 0 && len(res.Hits) == 0 {
		t.Fatalf("%q: no hits, want %d", res.Query, len(want))
	}
	for _, h := range res.Hits {
		if !want[hitKey(h)] {
			t.Errorf("%q: hit %s (%s) is not a match; snippet %q", res.Query, hitKey(h), h.Ref, h.Snippet)
		}
		if !strings.Contains(h.Snippet, "**") {
			t.Errorf("%q: hit %s snippet has no highlight: %q", res.Query, hitKey(h), h.Snippet)
		}
	}
}

func TestSearchChinese(t *testing.T) {
	x, _ := indexed(t)
	c := loadCorpus(t)
	for _, q := range []string{"文件结构", "飞书审批", "直接输出内容", "包结构", "随机选中的包"} {
		t.Run(q, func(t *testing.T) {
			want := truth(c, q)
			if len(want) == 0 {
				t.Fatalf("corpus has no %q", q)
			}
			res := firstPage(t, x, q)
			checkHits(t, res, want)
			for _, h := range res.Hits {
				if strings.Contains(h.Snippet, "**") && !strings.Contains(strings.ReplaceAll(h.Snippet, "**", ""), q) {
					t.Errorf("snippet lacks %q: %q", q, h.Snippet)
				}
			}
		})
	}
	// A phrase in quotes means the same; mixed Chinese and English works
	// and needs both.
	t.Run("mixed", func(t *testing.T) {
		res := firstPage(t, x, `"turn之后" 停止`)
		checkHits(t, res, truth(c, "turn之后", "停止"))
	})
}

func TestSearchEnglish(t *testing.T) {
	x, _ := indexed(t)
	c := loadCorpus(t)
	t.Run("phrase", func(t *testing.T) {
		res := firstPage(t, x, `"No ready issues available"`)
		checkHits(t, res, truth(c, "No ready issues available"))
	})
	t.Run("stemming", func(t *testing.T) {
		// "mismatches" finds "mismatched" (both stem to "mismatch").
		res := firstPage(t, x, "mismatches")
		want := truth(c, "mismatched")
		if len(want) == 0 || res.Total < uint64(len(want)) {
			t.Fatalf("total %d, want at least the %d messages saying \"mismatched\"", res.Total, len(want))
		}
		within := truth(c, "mismatch")
		for _, h := range res.Hits {
			if !within[hitKey(h)] {
				t.Errorf("hit %s does not mention mismatch*: %q", hitKey(h), h.Snippet)
			}
		}
	})
	t.Run("prefix", func(t *testing.T) {
		res := firstPage(t, x, "compil*")
		checkHits(t, res, truthPrefix(c, "compil"))
	})
	t.Run("all words", func(t *testing.T) {
		// No message of the corpus holds both: the search falls back to
		// the messages holding one, each saying which it lacks.
		if len(truth(c, "sqlfluff", "noqa")) != 0 {
			t.Fatal("the corpus now holds both words: pick another pair")
		}
		res := firstPage(t, x, "sqlfluff noqa")
		either := truth(c, "sqlfluff")
		for k := range truth(c, "noqa") {
			either[k] = true
		}
		if !res.Partial {
			t.Fatalf("not partial: %+v", res)
		}
		checkHits(t, res, either)
		other := map[string]string{"sqlfluff": "noqa", "noqa": "sqlfluff"}
		for _, h := range res.Hits {
			if len(h.Lacks) != 1 || other[h.Lacks[0]] == "" {
				t.Fatalf("hit %s lacks %q, want one of the two words", hitKey(h), h.Lacks)
			}
			text := strings.ToLower(textOf(c, hitKey(h)))
			if strings.Contains(text, h.Lacks[0]) || !strings.Contains(text, other[h.Lacks[0]]) {
				t.Errorf("hit %s says it lacks %q: %q", hitKey(h), h.Lacks[0], h.Snippet)
			}
		}
	})
}

// truthPrefix: refs whose text has a word or an identifier part (after
// '_', or at a change of case: parse|Config, HTTP|Server) starting with p.
func truthPrefix(c *corpus, p string) map[string]bool {
	out := map[string]bool{}
	for k := range truth(c, p) {
		out[k] = true
	}
	// A substring match inside a word ("decompile") is not a prefix match;
	// drop refs where p only occurs mid-word.
	for k := range out {
		text := textOf(c, k)
		ok := false
		low := asciiLower(text) // the same offsets as text
		for i := strings.Index(low, p); i >= 0; {
			if i == 0 || !isWordByte(low[i-1]) || low[i-1] == '_' || partStart(text, i) {
				ok = true
				break
			}
			j := strings.Index(low[i+1:], p)
			if j < 0 {
				break
			}
			i += 1 + j
		}
		if !ok {
			delete(out, k)
		}
	}
	return out
}

// asciiLower is s with its ASCII letters lowered, byte for byte.
func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// partStart reports whether an identifier part begins at s[i] by a change
// of case: after a lower-case letter or digit, or as the capital of a word
// after capitals.
func partStart(s string, i int) bool {
	up := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	lowOrDigit := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	if !up(s[i]) {
		return false
	}
	return lowOrDigit(s[i-1]) || up(s[i-1]) && i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z'
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_' || b >= 0x80
}

func textOf(c *corpus, key string) string {
	for _, ck := range c.ckpts {
		base := ck.SessionID + "/" + ck.CheckpointID
		if key == base {
			return ck.Rendered
		}
		if strings.HasPrefix(key, base+"#") {
			var i int
			fmt.Sscanf(key[len(base)+1:], "%d", &i)
			return msgText(ck.Archive[i])
		}
	}
	return ""
}

func TestSearchFilePathsAndErrors(t *testing.T) {
	x, _ := indexed(t)
	c := loadCorpus(t)
	t.Run("full path", func(t *testing.T) {
		res := firstPage(t, x, "crates/autopilot/Cargo.toml")
		want := truth(c, "crates/autopilot/Cargo.toml")
		if len(want) == 0 || len(res.Hits) == 0 {
			t.Fatalf("no hits (%d in truth)", len(want))
		}
		for _, h := range res.Hits[:min(5, len(res.Hits))] {
			if !want[hitKey(h)] {
				t.Errorf("top hit %s does not name the path: %q", hitKey(h), h.Snippet)
			}
		}
	})
	t.Run("path tail", func(t *testing.T) {
		// The tail of a path matches the path field exactly.
		res := firstPage(t, x, "review/auto_checks.rs")
		if len(res.Hits) == 0 {
			t.Fatal("no hits")
		}
		if !strings.Contains(strings.ToLower(textOf(c, hitKey(res.Hits[0]))), "review/auto_checks.rs") {
			t.Errorf("top hit %s does not name the file", hitKey(res.Hits[0]))
		}
	})
	t.Run("error string", func(t *testing.T) {
		res := firstPage(t, x, `"error[E0308]: mismatched types"`)
		want := truth(c, "error[E0308]: mismatched types")
		checkHits(t, res, want)
		tools := 0
		for _, h := range res.Hits {
			if h.Role == "tool" {
				tools++
			}
		}
		if tools == 0 {
			t.Errorf("no hit is a tool result")
		}
	})
	t.Run("tool name", func(t *testing.T) {
		res := firstPage(t, x, "Grep")
		if len(res.Hits) == 0 || res.Hits[0].Tools == nil {
			t.Fatalf("no tool hit for Grep: %+v", res.Hits)
		}
	})
	t.Run("checkpoint id", func(t *testing.T) {
		big := sessionID(bigSession(c))
		res := search(t, x, recall.SearchRequest{Query: "ck-3", SessionID: big, Scope: recall.ScopeSession})
		if len(res.Hits) == 0 || res.Hits[0].Kind != "checkpoint" || res.Hits[0].CheckpointID != "ck-3" {
			t.Fatalf("first hit %+v, want checkpoint ck-3", res.Hits)
		}
		if res.Hits[0].Ref != "ck-3" {
			t.Errorf("ref %q, want ck-3 (same session: no @session)", res.Hits[0].Ref)
		}
	})
}

func TestSearchScope(t *testing.T) {
	x, _ := indexed(t)
	big := sessionID(bigSession(loadCorpus(t)))
	all := firstPage(t, x, "cargo")
	in := search(t, x, recall.SearchRequest{Query: "cargo", Scope: recall.ScopeSession, SessionID: big, Limit: 50})
	if in.Total == 0 || in.Total >= all.Total {
		t.Fatalf("session total %d, project total %d", in.Total, all.Total)
	}
	for _, h := range in.Hits {
		if h.SessionID != big || strings.Contains(h.Ref, "@") {
			t.Errorf("session-scope hit %+v", h)
		}
	}
	proj := search(t, x, recall.SearchRequest{Query: "cargo", Scope: recall.ScopeProject, SessionID: sessionID(0), Limit: 50})
	if proj.Total != all.Total {
		t.Errorf("project total %d, want %d", proj.Total, all.Total)
	}
	for _, h := range proj.Hits {
		if h.SessionID != sessionID(0) && !strings.HasSuffix(h.Ref, "@"+h.SessionID) {
			t.Errorf("cross-session hit ref %q lacks @%s", h.Ref, h.SessionID)
		}
	}
}

// TestSearchNewestFirstAmongEqualScores: the same message in three
// sessions scores the same in each, and the newest comes first. (In one
// session, the copies are one hit: TestSearchCopiesAreOneHit.)
func TestSearchNewestFirstAmongEqualScores(t *testing.T) {
	src := recalltest.NewMemSource()
	msg := []byte(`{"role":"user","content":[{"type":"text","text":"the flaky widget test failed again"}]}`)
	for i, id := range []string{"old", "mid", "new"} {
		c := recalltest.Checkpoint{Archive: []json.RawMessage{msg}}
		c.SessionID, c.CheckpointID, c.CreatedAt, c.Mode = "s-"+id, id, recalltest.T0+int64(i)*1000, "leaf"
		c.Rendered = "summary " + id
		src.Put(c)
	}
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	res := search(t, x, recall.SearchRequest{Query: "widget", Scope: recall.ScopeProject})
	var got []string
	for _, h := range res.Hits {
		got = append(got, h.CheckpointID)
	}
	if strings.Join(got, ",") != "new,mid,old" || res.Hits[0].Score != res.Hits[2].Score {
		t.Fatalf("order %v (scores %v), want new,mid,old with equal scores", got, res.Hits)
	}
}

func TestSearchBadRequests(t *testing.T) {
	x, _ := recalltest.MustOpen(t, recalltest.NewMemSource(), recall.Options{})
	for _, tc := range []struct {
		q    string
		want error
		pos  int
	}{
		{"", recall.ErrEmptyQuery, 0},
		{" \t ", recall.ErrEmptyQuery, 0},
		{strings.Repeat("word ", 103), recall.ErrQueryTooLong, 0},
		{strings.Repeat("w ", 17), recall.ErrQueryTooLong, 33},
		{`fix "the bug`, recall.ErrBadQuery, 4},
		{`""`, recall.ErrBadQuery, 0},
		{"a*", recall.ErrBadQuery, 0},
		{"*foo", recall.ErrBadQuery, 0},
		{"fo*o", recall.ErrBadQuery, 2},
		{"bell\x07", recall.ErrBadQuery, 4},
		{"caf\xe9", recall.ErrBadQuery, 0},
	} {
		_, err := x.Search(context.Background(), recall.SearchRequest{Query: tc.q})
		var qe *recall.QueryError
		if !errors.Is(err, tc.want) || !errors.As(err, &qe) || qe.Pos != tc.pos {
			t.Errorf("Search(%q) = %v, want %v at %d", tc.q, err, tc.want, tc.pos)
		}
	}
	if _, err := x.Search(context.Background(), recall.SearchRequest{Query: "x", Scope: "galaxy"}); !errors.Is(err, recall.ErrBadScope) {
		t.Errorf("bad scope: %v", err)
	}
	if _, err := x.Search(context.Background(), recall.SearchRequest{Query: "x", Scope: recall.ScopeSession}); !errors.Is(err, recall.ErrBadScope) {
		t.Errorf("session scope without session: %v", err)
	}
	for _, l := range []int{-1, recall.MaxSearchLimit + 1} {
		if _, err := x.Search(context.Background(), recall.SearchRequest{Query: "x", Limit: l}); !errors.Is(err, recall.ErrBadLimit) {
			t.Errorf("limit %d: %v", l, err)
		}
	}
}

func TestSearchBudget(t *testing.T) {
	x, _ := indexed(t)
	res := search(t, x, recall.SearchRequest{Query: "cargo", Limit: 50, Budget: 300})
	if !res.Cut || len(res.Hits) == 0 || len(res.Hits) >= 50 || res.Tokens > res.Budget || res.Budget != 300 {
		t.Fatalf("cut %v, %d hits, %d/%d tokens", res.Cut, len(res.Hits), res.Tokens, res.Budget)
	}
	if n := recall.EstimateTokens(recall.RenderSearch(res)); n > res.Budget+100 {
		t.Errorf("rendered answer is %d tokens for a %d budget", n, res.Budget)
	}
}

// TestEqualContentScoresEqual: copies of the same checkpoints in several
// sessions, written at different times, score the same for queries whose
// score bleve sums over several terms (prefixes, alternatives), so their
// hits come newest first. Summed in the order the terms' postings happen
// to stand at each document, their scores differed in the last bits, and
// their order followed how the build numbered the documents.
func TestEqualContentScoresEqual(t *testing.T) {
	src := recalltest.NewMemSource()
	cks := loadCorpus(t).small()
	const copies = 6
	for c := 0; c < copies; c++ {
		for _, ck := range cks {
			ck.SessionID = fmt.Sprintf("c%d-%s", c, ck.SessionID)
			ck.CreatedAt += int64(c) * 86_400_000
			src.Put(ck)
		}
	}
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	for _, q := range []string{"pars*", "config*", "valid*", "migrat*", "regist*", "test*", "err*", "run*", "file*", "error test", "文件*"} {
		res := search(t, x, recall.SearchRequest{Query: q, Limit: recall.MaxSearchLimit, Budget: recall.MaxBudget})
		score := map[string]float64{} // checkpoint and message (the content) → score
		for i, h := range res.Hits {
			key := h.CheckpointID + "#" + strings.TrimPrefix(h.Ref, h.CheckpointID)
			key = key[:strings.IndexByte(key+"@", '@')]
			if s, ok := score[key]; ok && s != h.Score {
				t.Errorf("%q: %s scores %v in one copy, %v in another", q, key, s, h.Score)
			}
			score[key] = h.Score
			if i > 0 {
				// By group (messages that state, derived text, questions),
				// then by score, newest first (a hit standing for copies is
				// the earliest of them, so it may be older).
				p := res.Hits[i-1]
				switch gp, gh := rankGroup(p), rankGroup(h); {
				case gp > gh:
					t.Errorf("%q: hit %d (%s) ranks after hit %d (%s) of a later group", q, i-1, p.Ref, i, h.Ref)
				case gp == gh && (p.Score < h.Score || p.Score == h.Score && p.CreatedAt < h.CreatedAt && p.Copies == 0):
					t.Errorf("%q: hit %d (%s %v) ranks after hit %d (%s %v)", q, i, h.Ref, h.Score, i-1, p.Ref, p.Score)
				}
			}
		}
	}
}

// rankGroup is the group a hit ranks in: messages that state (0), derived
// text (1: checkpoint summaries), messages that ask (2).
func rankGroup(h recall.Hit) int {
	switch {
	case h.Question:
		return 2
	case h.Kind == "checkpoint" || h.Summary:
		return 1
	}
	return 0
}

// TestSearchIdentifierPartsAndEmoji: a word of an identifier finds the
// identifier (snake_case, camelCase, SCREAMING_CASE, dotted and
// file names, in ASCII and not), an emoji finds the emoji with or
// without its variation selector, Thai, Lao, Khmer and Myanmar words
// (written without spaces) find their text, and the whole identifier
// still finds only itself. Each query names the messages it must find,
// and no other.
func TestSearchIdentifierPartsAndEmoji(t *testing.T) {
	texts := []string{
		"edit parser_test.go and run it",             // 0
		"func parseConfig(path string) error",        // 1
		"const PARSER_MAX = 4096",                    // 2
		"the HTTPServer in net.http:ServeMux",        // 3
		"Größe_Wert überschritten in größeBerechnen", // 4
		"build failed 💥 twice, then ✅",               // 5
		"warning ⚠️ disk almost full",                // 6
		"a config file and a parse step",             // 7
		"👨‍👩‍👧 family test",                          // 8
		"ภาษาไทย และ ພາສາລາວ ในบันทึก",               // 9
		"ភាសាខ្មែរ နှင့် မြန်မာစာ",                   // 10
	}
	src := recalltest.NewMemSource()
	var archive []json.RawMessage
	for _, s := range texts {
		b, _ := json.Marshal(map[string]any{"role": "user", "content": []map[string]string{{"type": "text", "text": s}}})
		archive = append(archive, b)
	}
	c := recalltest.Checkpoint{Archive: archive}
	c.SessionID, c.CheckpointID, c.CreatedAt, c.Mode = "s", "ck", recalltest.T0, "leaf"
	c.Rendered = "summary"
	src.Put(c)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	for _, tc := range []struct {
		q    string
		want []int
	}{
		{"parser", []int{0, 2}},
		{"parse", []int{1, 7}},
		{"config", []int{1, 7}},
		{"parseConfig", []int{1}},
		{"parser_test", []int{0}},
		{"parser_test.go", []int{0}},
		{"max", []int{2}},
		{"server", []int{3}},
		{"http", []int{3}},
		{"servemux", []int{3}},
		{"wert", []int{4}},
		{"größe", []int{4}},
		{"berechnen", []int{4}},
		{"💥", []int{5}},
		{"✅", []int{5}},
		{"⚠", []int{6}},
		{"⚠️", []int{6}},
		{"👨‍👩‍👧", []int{8}},
		{"ภาษาไทย", []int{9}},
		{"ไทย", []int{9}},
		{"ພາສາລາວ", []int{9}},
		{"ภาษาไทย และ", []int{9}},
		{"ភាសាខ្មែរ", []int{10}},
		{"မြန်မာ", []int{10}},
	} {
		res := search(t, x, recall.SearchRequest{Query: tc.q, SessionID: "s", Limit: recall.MaxSearchLimit})
		var got []int
		for _, h := range res.Hits {
			if h.Message != nil {
				got = append(got, *h.Message)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q finds messages %v, want %v", tc.q, got, tc.want)
		}
		for _, h := range res.Hits {
			if h.Message != nil && !strings.Contains(h.Snippet, "**") {
				t.Errorf("%q: the snippet of message %d marks no match: %q", tc.q, *h.Message, h.Snippet)
			}
		}
	}
}

// TestSearchWordsInsideJSONArguments: a tool call's arguments are JSON; a
// word after an escaped line break in them is found, alone and in a
// phrase (indexed escaped, "\nfn" was the one word "nfn").
func TestSearchWordsInsideJSONArguments(t *testing.T) {
	args, _ := json.Marshal(map[string]string{"file_path": "src/main.rs", "new_string": "use std::io;\nfn main() {\n\tlet answer = 42;\n}"})
	call, _ := json.Marshal(map[string]any{"role": "assistant", "content": []map[string]string{{"type": "tool-call", "id": "c1", "name": "Edit", "arguments": string(args)}}})
	src := recalltest.NewMemSource()
	c := recalltest.Checkpoint{Archive: []json.RawMessage{call}}
	c.SessionID, c.CheckpointID, c.CreatedAt, c.Mode, c.Rendered = "s", "ck", recalltest.T0, "leaf", "summary"
	src.Put(c)
	x, _ := recalltest.MustOpen(t, src, recall.Options{})
	recalltest.MustSync(t, x)
	for _, q := range []string{"fn", "let", `"fn main"`, `"io fn main"`} {
		if res := search(t, x, recall.SearchRequest{Query: q, SessionID: "s"}); len(res.Hits) != 1 || res.Hits[0].Message == nil {
			t.Errorf("%q: %+v", q, res.Hits)
		}
	}
}
