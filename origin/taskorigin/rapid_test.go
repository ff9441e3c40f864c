package taskorigin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/origin/taskorigin"
)

func genState(t *rapid.T, id string) *taskorigin.State {
	text := rapid.StringMatching(`[a-zA-Z0-9 _./\-<>&"\\é中文]{0,24}`)
	s := taskorigin.New(id, "goal "+text.Draw(t, "goal"))
	s.Scope = rapid.SampledFrom([]string{"", "project:a", "project:b"}).Draw(t, "scope")
	s.CurrentState = text.Draw(t, "current")
	s.NextSteps = rapid.SliceOfN(text, 0, 4).Draw(t, "next")
	n := rapid.IntRange(0, 5).Draw(t, "nfacts")
	for i := range n {
		s.Facts = append(s.Facts, taskorigin.Fact{
			Claim:    "claim " + text.Draw(t, fmt.Sprintf("claim%d", i)),
			Verified: rapid.Bool().Draw(t, fmt.Sprintf("verified%d", i)),
			Source:   rapid.SampledFrom([]string{"a/b.json", "go test ./x", "T1.2", "recall:c-1#2", "prose"}).Draw(t, fmt.Sprintf("src%d", i)),
		})
		if s.Facts[i].Source == "prose" {
			s.Facts[i].Verified = false
		}
	}
	for i := range rapid.IntRange(0, 3).Draw(t, "ndec") {
		s.Decisions = append(s.Decisions, taskorigin.Decision{What: text.Draw(t, fmt.Sprintf("what%d", i)), Why: text.Draw(t, fmt.Sprintf("why%d", i))})
	}
	if rapid.Bool().Draw(t, "learn") {
		s.Learnings = append(s.Learnings, taskorigin.Learning{Lesson: text.Draw(t, "lesson"), Confidence: rapid.Float64Range(0, 1).Draw(t, "conf"), Status: "candidate"})
	}
	return s
}

// reformat writes v as JSON with members in a drawn order and drawn white
// space between tokens.
func reformat(t *rapid.T, buf *bytes.Buffer, v any) {
	ws := func() { buf.WriteString(rapid.SampledFrom([]string{"", " ", "\n", "\t  ", "\r\n "}).Draw(t, "ws")) }
	ws()
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		keys = rapid.Permutation(keys).Draw(t, "order")
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			ws()
			kb, _ := json.Marshal(k)
			buf.Write(kb)
			ws()
			buf.WriteByte(':')
			reformat(t, buf, x[k])
		}
		ws()
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			reformat(t, buf, e)
		}
		ws()
		buf.WriteByte(']')
	case string:
		// Escape some characters that need no escaping: JCS must undo it.
		var b bytes.Buffer
		b.WriteByte('"')
		for _, r := range x {
			switch {
			case r == '"' || r == '\\':
				b.WriteByte('\\')
				b.WriteRune(r)
			case r < 0x20 || (r < 0x10000 && rapid.IntRange(0, 3).Draw(t, "esc") == 0):
				fmt.Fprintf(&b, `\u%04x`, r)
			default:
				b.WriteRune(r)
			}
		}
		b.WriteByte('"')
		buf.Write(b.Bytes())
	case float64:
		// 1 and 1.0 and 1e0 are the same number.
		if x == float64(int64(x)) && rapid.Bool().Draw(t, "float") {
			buf.WriteString(strconv.FormatInt(int64(x), 10) + ".0")
		} else {
			buf.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
		}
	default:
		b, _ := json.Marshal(x)
		buf.Write(b)
	}
	ws()
}

// TestContentHashStable: the content hash ignores key order, white space,
// string escaping and number spelling, and the four write fields; any
// change of content changes it.
func TestContentHashStable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genState(t, "t1")
		d, err := taskorigin.FromState(s)
		if err != nil {
			t.Fatal(err)
		}
		h0, err := d.ContentHash()
		if err != nil {
			t.Fatal(err)
		}
		var tree any
		json.Unmarshal(d.Marshal(), &tree)
		m := tree.(map[string]any)
		m["version"] = float64(rapid.IntRange(0, 99).Draw(t, "version"))
		m["updated_at"] = rapid.String().Draw(t, "updated")
		m["content_hash"] = "whatever"
		m["actor"] = map[string]any{"harness": rapid.String().Draw(t, "harness")}
		var buf bytes.Buffer
		reformat(t, &buf, m)
		h1, err := taskorigin.ContentHash(buf.Bytes())
		if err != nil {
			t.Fatalf("reformatted document: %v\n%s", err, buf.Bytes())
		}
		if h1 != h0 {
			t.Fatalf("hash changed under reformatting: %s → %s\n%s", h0, h1, buf.Bytes())
		}
		s.CurrentState += "!"
		d2, _ := taskorigin.FromState(s)
		if h2, _ := d2.ContentHash(); h2 == h0 {
			t.Fatal("a content change kept the hash")
		}
	})
}

// TestNoWriteWithoutCurrentHash is a state machine over one task: writes
// with the current hash succeed, writes with any other hash (stale, made
// up, empty, "new" for an existing task) fail and leave the file as it
// was; the model's hash always equals the file's.
func TestNoWriteWithoutCurrentHash(t *testing.T) {
	testutil.RapidChecks(t, 20)
	rapid.Check(t, func(t *rapid.T) {
		st := fixedStore(t, tempDir(t))
		ctx := context.Background()
		var current string // "" = no file
		var history []string
		// An explicit, short run of writes rather than t.Repeat's 30 steps:
		// every write fsyncs twice, and a dozen steps reach every case.
		steps := map[string]func(*rapid.T){
			"put": func(t *rapid.T) {
				s := genState(t, "t1")
				choices := []string{"current", "made-up", "empty", "new"}
				if len(history) > 0 {
					choices = append(choices, "stale")
				}
				how := rapid.SampledFrom(choices).Draw(t, "expect")
				expect := map[string]string{"current": current, "made-up": "0123abcd", "empty": "", "new": taskorigin.ExpectNew}[how]
				if how == "stale" {
					expect = rapid.SampledFrom(history).Draw(t, "stale")
				}
				if how == "current" && current == "" {
					expect = taskorigin.ExpectNew
				}
				before := readFile(st.Path("t1"))
				r, err := st.Put(ctx, "t1", mustDocR(t, s), expect)
				legal := expect != "" && ((current == "" && expect == taskorigin.ExpectNew) || (current != "" && expect == current))
				if legal != (err == nil) {
					t.Fatalf("expect %q (current %q): err %v, legal %v", expect, current, err, legal)
				}
				if err != nil {
					if !errors.Is(err, taskorigin.ErrConflict) && !errors.Is(err, taskorigin.ErrNoExpect) {
						t.Fatalf("refusal is not a conflict: %v", err)
					}
					if readFile(st.Path("t1")) != before {
						t.Fatal("a refused write changed the file")
					}
					return
				}
				if r.Hash != current {
					if current != "" {
						history = append(history, current)
					}
					current = r.Hash
				}
			},
			"": func(t *rapid.T) {
				if current == "" {
					return
				}
				e, err := st.Get("t1")
				if err != nil || e.Hash != current {
					t.Fatalf("file hash %s (%v), model %s", e.Hash, err, current)
				}
			},
		}
		for range rapid.IntRange(1, 12).Draw(t, "steps") {
			steps["put"](t)
			steps[""](t)
		}
	})
}

// TestConcurrentWritersOneWins: writers holding the same expected hash
// race; exactly one wins and every other gets a conflict naming the
// winner's hash.
func TestConcurrentWritersOneWins(t *testing.T) {
	testutil.RapidChecks(t, 20)
	rapid.Check(t, func(t *rapid.T) {
		st := fixedStore(t, tempDir(t))
		ctx := context.Background()
		r0, err := st.Put(ctx, "t1", mustDocR(t, genState(t, "t1")), taskorigin.ExpectNew)
		if err != nil {
			t.Fatal(err)
		}
		n := rapid.IntRange(2, 6).Draw(t, "writers")
		docs := make([]taskorigin.Document, n)
		for i := range docs {
			s := genState(t, "t1")
			s.CurrentState = fmt.Sprintf("writer %d", i) // distinct content
			docs[i] = mustDocR(t, s)
		}
		results := make([]taskorigin.PutResult, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { results[i], errs[i] = st.Put(ctx, "t1", docs[i], r0.Hash) })
		}
		wg.Wait()
		winner := -1
		for i, err := range errs {
			if err == nil {
				if winner >= 0 {
					t.Fatalf("writers %d and %d both won", winner, i)
				}
				winner = i
			}
		}
		if winner < 0 {
			t.Fatalf("nobody won: %v", errs)
		}
		for i, err := range errs {
			var ce *taskorigin.ConflictError
			if i != winner && (!errors.As(err, &ce) || ce.Current != results[winner].Hash) {
				t.Fatalf("loser %d: %v (winner hash %s)", i, err, results[winner].Hash)
			}
		}
	})
}
