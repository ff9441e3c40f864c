package importer

import (
	"strings"
	"testing"

	"github.com/epistemicfold/ef/recall"
)

// A session id the file records is kept unless it could break what ef
// does with it: not UTF-8, a control character, too long, a path with a
// "." or ".." segment. A rewritten id is the same for the same input,
// differs for different inputs, is short, and every ref naming it passes
// recall's check. Near misses (ids that look odd but are safe: slashes,
// '@', '#', '%', dots inside a name, spaces) are kept.
func TestSafeRecordedID(t *testing.T) {
	rewritten := []string{"../../etc", "..", "a/./b", `..\..\win`, strings.Repeat("x", 5000), "ab\x00cd", "a b\nc", "tab\there", "\xff\xfe", "\u0085next-line"}
	kept := []string{"865916aa-87b7-4f29-af69-bf22eef729f7", "a/b/c", "x@y#z", "..%2f..%2fetc", "a..b", ".hidden", "a b c", "rollout-2026-01-01T00:00:00", "ses_2f9c1e02affe", strings.Repeat("y", maxRecordedID), "日本語のセッション"}
	seen := map[string]string{}
	for _, in := range rewritten {
		id, why := safeRecordedID(in)
		if why == "" || id == in {
			t.Errorf("%q kept as %q", in, id)
			continue
		}
		if again, _ := safeRecordedID(in); again != id {
			t.Errorf("%q: %q then %q", in, id, again)
		}
		if p := recall.SessionIDProblem("claude-code:" + id); p != "" || len(id) > 100 {
			t.Errorf("%q rewritten to %q (%d bytes): %s", in, id, len(id), p)
		}
		if other, ok := seen[id]; ok {
			t.Errorf("%q and %q both rewritten to %q", in, other, id)
		}
		seen[id] = in
		if note := rewrittenIDNote(in, id, why); !strings.Contains(note, id) || strings.ContainsRune(note, 0) || strings.Contains(note, "\n") {
			t.Errorf("note %q", note)
		}
	}
	for _, in := range kept {
		if id, why := safeRecordedID(in); id != in || why != "" {
			t.Errorf("%q rewritten to %q (%s)", in, id, why)
		}
	}
}
