package projection

import (
	"strings"
	"testing"
	"time"

	"github.com/epistemicfold/ef/internal/testutil"
)

// A user message of megabytes is a paste around what the user says of it:
// what stands before the paste and after it is read, the paste's middle
// is not (a rule in the middle of a pasted log is the log's, not the
// user's), and the readings' cost is bounded (a 20 MB paste cost them
// half a minute).
func TestLongMessageReadAtItsEnds(t *testing.T) {
	size := 4 << 20
	if testutil.Race {
		size = 1 << 20 // still four times the windows read; a quarter of the instrumented reading time
	}
	var paste strings.Builder
	for paste.Len() < size {
		paste.WriteString("2026-12-01T10:00:00Z INFO worker 7 processed batch 1234 in 87 ms\n")
	}
	p := paste.String()
	mid := len(p) / 2
	mid += strings.IndexByte(p[mid:], '\n') + 1
	text := "Please fix the flaky upload retry in the worker, here is the log:\n" +
		p[:mid] + "Never delete the audit table.\n" + p[mid:] +
		"Do not touch the billing module."
	r := New(Options{SessionID: "s"})
	r.Apply(Event{Seq: 1, Role: RoleUser, Text: text})
	var objective, tail, middle bool
	for _, a := range r.Anchors() {
		v := strings.ToLower(a.Value)
		objective = objective || a.Kind == KindObjective && strings.Contains(v, "upload retry")
		tail = tail || strings.Contains(v, "billing")
		middle = middle || strings.Contains(v, "audit table")
	}
	if !objective || !tail || middle {
		t.Errorf("objective read %v (want true), the closing rule %v (want true), the rule inside the paste %v (want false); anchors:\n%v", objective, tail, middle, r.Anchors())
	}
	// The windows are whole lines of the text.
	w := instructionWindows(text)
	for _, line := range strings.Split(w, "\n") {
		if !strings.Contains(text, line) {
			t.Fatalf("window line %q is not in the text", line)
		}
	}
	if len(w) > maxInstructionBytes+1 {
		t.Errorf("windows of %d bytes, over %d", len(w), maxInstructionBytes)
	}
	// One unbroken line of multi-byte runes is cut at rune boundaries.
	w = instructionWindows(strings.Repeat("文件结构", 1<<17))
	if !strings.HasPrefix(w, "文件结构") || !strings.HasSuffix(w, "文件结构") || strings.ContainsRune(w, '\uFFFD') {
		t.Errorf("windows of one CJK line cut mid-rune: %q…%q", w[:12], w[len(w)-12:])
	}
}

// A message pasted in a pathological shape is read in time linear in its
// length: twice the bytes cost at most 2.5 times the CPU (the best of
// four readings each, after one that derives the patterns). Each shape
// once cost more: "ok?, " repeated is one sentence of thousands of clauses,
// and the task readings took the rest of the sentence at every clause.
func TestLongMessageReadInLinearTime(t *testing.T) {
	if testing.Short() || testutil.Race {
		t.Skip("reads 14 messages of up to 64 KB four times each; skipped in -short and under -race")
	}
	if testutil.CPUTime() == 0 {
		t.Skip("no CPU time measured here")
	}
	// Each is read at size and twice size; a shape slow per byte is read
	// smaller.
	shapes := []struct {
		name, unit string
		size       int
	}{
		{"one sentence of short questions", "ok?, ", 32 << 10},
		{"one sentence of negated words", "don't, ", 32 << 10},
		{"settings", "X=1 ", 8 << 10},
		{"question marks", "?", 32 << 10},
		{"one word", "a", 32 << 10},
		{"short lines", "fix the db\n", 32 << 10},
		{"CJK without punctuation", "我们需要修改数据库配置文件然后重新部署服务", 32 << 10},
	}
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			text := func(n int) string {
				return strings.ToValidUTF8(strings.Repeat(sh.unit, n/len(sh.unit)+1)[:n], "")
			}
			// The two sizes are read in turn, so a spell of load on
			// the machine slows both.
			small, large := text(sh.size), text(2*sh.size)
			read := func(text string) time.Duration {
				c0 := testutil.CPUTime()
				New(Options{SessionID: "s"}).Apply(Event{Seq: 1, Role: RoleUser, Text: text})
				return testutil.CPUTime() - c0
			}
			read(text(1 << 10))
			var once, twice time.Duration
			for i := range 4 {
				if c := read(small); i == 0 || c < once {
					once = c
				}
				if c := read(large); i == 0 || c < twice {
					twice = c
				}
			}
			if ratio := float64(twice) / float64(once); ratio > 2.5 {
				t.Errorf("%d bytes read in %v of CPU, %d bytes in %v: %.2f times, want at most 2.5", sh.size, once, 2*sh.size, twice, ratio)
			}
		})
	}
}
