package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// The note on the client's own compactions names each one's seq, the
// source's marker, its token count when given and its summary; it names
// at most maxCompactionsNamed; a session the client never compacted has
// no note.
func TestCompactionNote(t *testing.T) {
	cases := []struct {
		cs   []importer.Compaction
		want []string
		not  []string
	}{
		{nil, nil, []string{"compacted"}},
		{[]importer.Compaction{{Seq: 288, SummarySeq: 288, Kind: "compact_boundary", PreTokens: 96412}},
			[]string{"itself once, at seq 288 (compact_boundary, 96412 tokens in the context before it, its summary the message there)"}, []string{"…"}},
		{[]importer.Compaction{{Seq: 3, SummarySeq: 3, Kind: "isCompactSummary"}, {Seq: 736, SummarySeq: 736, Kind: "isCompactSummary"}},
			[]string{"itself 2 times, at seq 3 (isCompactSummary, its summary the message there), seq 736 ("}, []string{"tokens", "…"}},
		{[]importer.Compaction{{Seq: 10, Kind: "compacted"}, {Seq: 12, SummarySeq: 14, Kind: "compacted"}},
			[]string{"seq 10 (compacted, no summary recorded), seq 12 (compacted, its summary at seq 14)"}, nil},
		{[]importer.Compaction{{Seq: 1, Kind: "k"}, {Seq: 2, Kind: "k"}, {Seq: 3, Kind: "k"}, {Seq: 4, Kind: "k"}, {Seq: 5, Kind: "k"}},
			[]string{"itself 5 times", "seq 4 (k, no summary recorded), …:"}, []string{"seq 5"}},
	}
	for _, c := range cases {
		got := compactionNote(importer.Stats{Compactions: c.cs})
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%+v: note %q, want %q in it", c.cs, got, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(got, n) {
				t.Errorf("%+v: note %q, want no %q in it", c.cs, got, n)
			}
		}
		if got != "" && !isCompactionNote(got) {
			t.Errorf("isCompactionNote(%q) false", got)
		}
	}
	if isCompactionNote(skippedNote(3)) {
		t.Error("the skipped note read as a compaction note")
	}
}

// ef inspect, ef state and ef fold say where Claude Code compacted a
// session itself, in its 1.0.x form (an isCompactSummary record that
// restarts the chain, no compact_boundary) as in its 2.x form; inspect
// lists it among its notes, not its warnings. A user who types the
// summary's opening sentence compacted nothing: no note.
func TestCompactionNoteSaid(t *testing.T) {
	dir := t.TempDir()
	rec := func(uuid, parent, body string) string {
		p := "null"
		if parent != "" {
			p = `"` + parent + `"`
		}
		return `{"parentUuid":` + p + `,"isSidechain":false,"userType":"external","sessionId":"s-nucc","version":"1.0.29","uuid":"` + uuid + `",` + body + `}`
	}
	sentence := "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below: the build is fixed."
	user := func(text string) string { return `"type":"user","message":{"role":"user","content":"` + text + `"}` }
	asst := func(id, text string) string {
		return `"type":"assistant","message":{"id":"` + id + `","role":"assistant","model":"claude-sonnet-4","content":[{"type":"text","text":"` + text + `"}]}`
	}
	write := func(name string, lines ...string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	compacted := write("compacted.jsonl",
		rec("u1", "", user("fix the build")),
		rec("a1", "u1", asst("m1", "Looking.")),
		rec("c1", "", `"type":"user","isCompactSummary":true,`+strings.TrimPrefix(user(sentence), `"type":"user",`)),
		rec("a2", "c1", asst("m2", "Continuing.")),
	)
	typed := write("typed.jsonl",
		rec("u1", "", user("fix the build")),
		rec("a1", "u1", asst("m1", "Looking.")),
		rec("u2", "a1", user(sentence)),
		rec("a2", "u2", asst("m2", "Continuing.")),
	)
	head := "note: " + compactionNoteHead + "once, at seq "
	code, out, errs := runCLI(t, "inspect", compacted)
	if code != 0 || !strings.Contains(out, head) || !strings.Contains(out, "(isCompactSummary, 2 messages taken off the surface, its summary the message there)") || strings.Contains(out, "warning: "+compactionNoteHead) {
		t.Errorf("inspect: exit %d, stderr %q, stdout %s", code, errs, out)
	}
	code, _, errs = runCLI(t, "state", compacted)
	if code != 0 || !strings.Contains(errs, "ef state: note: "+compacted+": "+compactionNoteHead) {
		t.Errorf("state: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI(t, "fold", compacted, "--store", filepath.Join(dir, "store"), "--out", filepath.Join(dir, "out.jsonl"), "--window", "4000")
	if code != 0 || !strings.Contains(errs, "ef fold: note: "+compacted+": "+compactionNoteHead) {
		t.Errorf("fold: exit %d, stderr %q", code, errs)
	}
	if code, out, errs := runCLI(t, "inspect", typed); code != 0 || strings.Contains(out+errs, "compacted") {
		t.Errorf("typed sentence: exit %d: %s %s", code, out, errs)
	}
}
