package projection

import (
	"strings"
	"testing"

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
