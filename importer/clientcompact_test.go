package importer_test

import (
	"strings"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
)

// logMessageSeqs are the seqs of im's message events in the log, on the
// surface or taken off it by a client compaction.
func logMessageSeqs(im importer.Imported) []int {
	var out []int
	for seq := 0; seq < im.Session.Len(); seq++ {
		if e, _ := im.Session.Event(seq); hostshim.SurfaceEligible(e.Type) {
			out = append(out, seq)
		}
	}
	return out
}

// surfaceTexts are the texts of im's surface messages.
func surfaceTexts(t *testing.T, im importer.Imported) []string {
	t.Helper()
	ms, err := im.Session.Messages()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range ms {
		out = append(out, string(m.Role)+": "+m.Text())
	}
	return out
}

// A compaction the client made itself is the host's compaction
// transaction: compaction/start, compaction/summary naming every surface
// node before it, the client's summary (or OpenCode's compaction prompt)
// as the checkpoint node that replaces them, compaction/end. The surface
// then holds what the client's model was sent after the compaction; the
// log still holds every message before it. Each format that records a
// compaction is checked on its fixture, with the first message the
// surface must open with.
func TestClientCompactionIsATransaction(t *testing.T) {
	cases := []struct {
		file  string
		f     importer.Format
		opens string // the surface's first message after the last compaction
	}{
		{"sdk-edge.jsonl", importer.FormatClaudeSDK, ""},
		{"claude-code-2026.jsonl", importer.FormatClaudeCode, ""},
		{"continue-session.json", importer.FormatContinue, "user: Previous conversation summary:"},
		{"gemini-cli-2026.jsonl", importer.FormatGemini, "user: <state_snapshot>"},
		{"goose-export.json", importer.FormatGoose, ""},
		{"qwen-code-session.jsonl", importer.FormatQwen, "user: <state_snapshot>"},
		{"opencode-export.json", importer.FormatOpenCode, "user: What did we do so far?"},
		{"opencode-export-2026.json", importer.FormatOpenCode, "user: What did we do so far?"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			ims, err := importer.Import("testdata/" + c.file)
			if err != nil || len(ims) != 1 {
				t.Fatalf("%v (%d sessions)", err, len(ims))
			}
			im := ims[0]
			checkClientCompactions(t, im)
			if c.opens != "" {
				if got := surfaceTexts(t, im); len(got) == 0 || !strings.HasPrefix(got[0], c.opens) {
					t.Errorf("surface opens %q, want %q", got, c.opens)
				}
			}
		})
	}
}

// checkClientCompactions checks every compaction of im that replaced the
// surface: the four events of the transaction in order, the checkpoint
// node's source and provenance, and that the log kept every message.
func checkClientCompactions(t *testing.T, im importer.Imported) {
	t.Helper()
	s := im.Session
	n := 0
	for _, c := range im.Stats.Compactions {
		if c.Shadowed == 0 {
			continue
		}
		n++
		cp, _ := s.Event(c.Seq)
		m, err := s.Message(c.Seq)
		if err != nil || cp.Type != hostshim.TypeUserMessage || cp.SurfaceOp == nil || !cp.SurfaceOp.Replace || !m.IsCheckpoint() {
			t.Fatalf("compaction %+v: seq %d is %s %+v, not a replacing checkpoint (%v)", c, c.Seq, cp.Type, cp.SurfaceOp, err)
		}
		start, _ := s.Event(c.Seq - 2)
		sum, _ := s.Event(c.Seq - 1)
		end, _ := s.Event(c.Seq + 1)
		if start.Type != hostshim.TypeCompactionStart || sum.Type != hostshim.TypeCompactionSum || end.Type != hostshim.TypeCompactionEnd {
			t.Errorf("compaction %+v: events %s, %s, checkpoint, %s", c, start.Type, sum.Type, end.Type)
		}
		if len(cp.SourceEventSeqs) != c.Shadowed+2 || cp.SourceEventSeqs[0] != start.Seq || cp.SourceEventSeqs[1] != sum.Seq {
			t.Errorf("compaction %+v: sources %v", c, cp.SourceEventSeqs)
		}
	}
	if n == 0 {
		t.Fatalf("no compaction replaced the surface: %+v", im.Stats.Compactions)
	}
	last := im.Stats.Compactions[len(im.Stats.Compactions)-1]
	if nodes := s.Nodes(); len(nodes) == 0 || nodes[0] != last.Seq {
		t.Errorf("surface %v does not open with the last compaction's checkpoint %d", nodes, last.Seq)
	}
	if len(logMessageSeqs(im)) != im.Stats.Messages {
		t.Errorf("log holds %d messages, stats say %d", len(logMessageSeqs(im)), im.Stats.Messages)
	}
}

// Near miss: a Codex compaction done on the server records no summary, and
// the user message after it is the user's next prompt: it replaces
// nothing, and stays the user's.
func TestClientCompactionCodexServer(t *testing.T) {
	ims, err := importer.Import("testdata/codex-rollout-2026.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	im := ims[0]
	if len(im.Stats.Compactions) != 1 || im.Stats.Compactions[0].Shadowed != 0 || im.Stats.Compactions[0].SummarySeq != 0 {
		t.Fatalf("compactions %+v", im.Stats.Compactions)
	}
	if len(im.Session.Nodes()) != len(logMessageSeqs(im)) {
		t.Errorf("surface %d nodes, log %d messages", len(im.Session.Nodes()), len(logMessageSeqs(im)))
	}
}

// Near misses: a marker that no user message follows replaces nothing (a
// Claude Code sub-agent's boundary is not the session's; a 1.0.x restart
// with no flag is the user's message), and a first message flagged as a
// summary has nothing before it to replace.
func TestClientCompactionNearMisses(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
	}{
		{"the summary sentence typed, no flag", []string{
			ccRec("1.0.29", "u1", "", ccUser("fix the build")),
			ccRec("1.0.29", "u2", "", ccUser(ccSummaryText)),
		}},
		{"a sub-agent's boundary", []string{
			ccRec("2.0.42", "u1", "", ccUser("fix the build")),
			`{"parentUuid":"u1","isSidechain":true,"sessionId":"s-cc","uuid":"sb","type":"system","subtype":"compact_boundary","compactMetadata":{"preTokens":5}}`,
			ccRec("2.0.42", "a1", "u1", ccAssistant("m1", "Looking.")),
		}},
		{"a boundary the user's next prompt follows, no summary", []string{
			ccRec("2.0.42", "u1", "", ccUser("fix the build")),
			ccRec("2.0.42", "a1", "u1", ccAssistant("m1", "Looking.")),
			`{"parentUuid":"a1","isSidechain":false,"sessionId":"s-cc","uuid":"sb","type":"system","subtype":"compact_boundary","compactMetadata":{"preTokens":5}}`,
			ccRec("2.0.42", "u2", "sb", ccUser("now run the tests")),
		}},
		{"a boundary with no summary after it", []string{
			ccRec("2.0.42", "u1", "", ccUser("fix the build")),
			ccRec("2.0.42", "a1", "u1", ccAssistant("m1", "Looking.")),
			`{"parentUuid":"a1","isSidechain":false,"sessionId":"s-cc","uuid":"sb","type":"system","subtype":"compact_boundary","compactMetadata":{"preTokens":5}}`,
			ccRec("2.0.42", "a2", "sb", ccAssistant("m2", "Still looking.")),
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			im := importCC(t, c.lines)
			for _, e := range im.Session.Events() {
				if e.SurfaceOp != nil && e.SurfaceOp.Replace {
					t.Errorf("seq %d replaces the surface", e.Seq)
				}
			}
			for _, k := range im.Stats.Compactions {
				if k.Shadowed != 0 {
					t.Errorf("compaction %+v took messages off the surface", k)
				}
			}
			if len(im.Session.Nodes()) != len(logMessageSeqs(im)) {
				t.Errorf("surface %v, log messages %v", im.Session.Nodes(), logMessageSeqs(im))
			}
		})
	}
}
