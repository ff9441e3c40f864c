package importer_test

import (
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// ccRec is one record of a Claude Code session of version v: parent ""
// is a root (parentUuid null).
func ccRec(v, uuid, parent, body string) string {
	p := `null`
	if parent != "" {
		p = `"` + parent + `"`
	}
	return `{"parentUuid":` + p + `,"isSidechain":false,"userType":"external","sessionId":"s-cc","version":"` + v + `","uuid":"` + uuid + `",` + body + `}`
}

const ccSummaryText = "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nSummary: the build is fixed."

// ccUser and ccAssistant are the bodies of a user and an assistant record.
func ccUser(text string) string {
	return `"type":"user","message":{"role":"user","content":"` + strings.ReplaceAll(text, "\n", `\n`) + `"}`
}

func ccAssistant(id, text string) string {
	return `"type":"assistant","message":{"id":"` + id + `","role":"assistant","model":"claude-sonnet-4","content":[{"type":"text","text":"` + text + `"}]}`
}

// importCC imports lines as one Claude Code session.
func importCC(t *testing.T, lines []string) importer.Imported {
	t.Helper()
	ims, err := importer.ImportBytes("s.jsonl", []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil || len(ims) != 1 || ims[0].Format != importer.FormatClaudeCode {
		t.Fatalf("ImportBytes: %v %+v", err, ims)
	}
	return ims[0]
}

// Claude Code's two ways of writing a compaction are each one marker
// answered by its summary: 1.0.x wrote only the summary, a user record
// flagged isCompactSummary that restarts the parentUuid chain (null),
// mid-file or as the file's first message (a session continued from
// one that ran out of context); 2.x writes a compact_boundary system
// record (its preTokens kept) before that record. The sentence the
// summary opens with is a summary only after a marker: typed by the user
// with no flag and no boundary, or flagged false, it is the user's
// message and no compaction.
func TestClaudeCodeCompactionForms(t *testing.T) {
	summary10 := `"type":"user","isCompactSummary":true,"message":{"role":"user","content":[{"type":"text","text":"` + strings.ReplaceAll(ccSummaryText, "\n", `\n`) + `"}]}`
	summary20 := `"type":"user","isVisibleInTranscriptOnly":true,"isCompactSummary":true,"message":{"role":"user","content":"` + strings.ReplaceAll(ccSummaryText, "\n", `\n`) + `"}`
	boundary := `"type":"system","subtype":"compact_boundary","content":"Conversation compacted","logicalParentUuid":"a1","level":"info","compactMetadata":{"trigger":"manual","preTokens":96412}`
	cases := []struct {
		name     string
		lines    []string
		kinds    []string // the markers' kinds, in order
		pre      int      // the first marker's PreTokens
		messages int
		summary  int // the message index of the first marker's summary, -1 for none
	}{
		{"1.0.x mid-file restart", []string{
			ccRec("1.0.29", "u1", "", ccUser("fix the build")),
			ccRec("1.0.29", "a1", "u1", ccAssistant("m1", "Looking.")),
			ccRec("1.0.29", "c1", "", summary10),
			ccRec("1.0.29", "a2", "c1", ccAssistant("m2", "Continuing.")),
		}, []string{"isCompactSummary"}, 0, 4, 2},
		{"1.0.x summary opens the file", []string{
			`{"type":"summary","summary":"Build fix","leafUuid":"a2"}`,
			ccRec("1.0.29", "c1", "", summary10),
			ccRec("1.0.29", "a2", "c1", ccAssistant("m2", "Continuing.")),
		}, []string{"isCompactSummary"}, 0, 2, 0},
		{"1.0.x two compactions", []string{
			ccRec("1.0.29", "c1", "", summary10),
			ccRec("1.0.29", "a1", "c1", ccAssistant("m1", "Continuing.")),
			ccRec("1.0.29", "c2", "", summary10),
			ccRec("1.0.29", "a2", "c2", ccAssistant("m2", "Again.")),
		}, []string{"isCompactSummary", "isCompactSummary"}, 0, 4, 0},
		{"2.x boundary then summary", []string{
			ccRec("2.0.42", "u1", "", ccUser("fix the build")),
			ccRec("2.0.42", "a1", "u1", ccAssistant("m1", "Looking.")),
			ccRec("2.0.42", "b1", "", boundary),
			ccRec("2.0.42", "c1", "b1", summary20),
			ccRec("2.0.42", "a2", "c1", ccAssistant("m2", "Continuing.")),
		}, []string{"compact_boundary"}, 96412, 4, 2},
		{"2.x boundary, summary unflagged", []string{
			ccRec("2.0.42", "u1", "", ccUser("fix the build")),
			ccRec("2.0.42", "b1", "", boundary),
			ccRec("2.0.42", "c1", "b1", ccUser(ccSummaryText)),
		}, []string{"compact_boundary"}, 96412, 2, 1},
		{"near miss: the sentence typed, no flag", []string{
			ccRec("1.0.29", "u1", "", ccUser("fix the build")),
			ccRec("1.0.29", "a1", "u1", ccAssistant("m1", "Looking.")),
			ccRec("1.0.29", "u2", "a1", ccUser(ccSummaryText)),
		}, nil, 0, 3, -1},
		{"near miss: the sentence as a restart, no flag", []string{
			ccRec("1.0.29", "u1", "", ccUser("fix the build")),
			ccRec("1.0.29", "u2", "", ccUser(ccSummaryText)),
		}, nil, 0, 2, -1},
		{"near miss: flagged false", []string{
			ccRec("1.0.29", "u1", "", ccUser("fix the build")),
			ccRec("1.0.29", "u2", "u1", `"type":"user","isCompactSummary":false,"message":{"role":"user","content":"`+strings.ReplaceAll(ccSummaryText, "\n", `\n`)+`"}`),
		}, nil, 0, 2, -1},
		{"near miss: a sub-agent's boundary", []string{
			ccRec("2.0.42", "u1", "", ccUser("fix the build")),
			`{"parentUuid":"u1","isSidechain":true,"sessionId":"s-cc","uuid":"sb","type":"system","subtype":"compact_boundary","compactMetadata":{"preTokens":5}}`,
			ccRec("2.0.42", "a1", "u1", ccAssistant("m1", "Looking.")),
		}, nil, 0, 2, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			im := importCC(t, c.lines)
			st := im.Stats
			var kinds []string
			for _, m := range st.Compactions {
				kinds = append(kinds, m.Kind)
			}
			if strings.Join(kinds, ",") != strings.Join(c.kinds, ",") {
				t.Fatalf("markers %q, want %q (%+v)", kinds, c.kinds, st.Compactions)
			}
			msgs := logMessageSeqs(im) // a compaction takes the messages before it off the surface (clientcompact_test.go)
			if len(msgs) != c.messages {
				t.Errorf("%d messages, want %d", len(msgs), c.messages)
			}
			if c.summary < 0 {
				return
			}
			first := st.Compactions[0]
			if first.PreTokens != c.pre {
				t.Errorf("preTokens %d, want %d", first.PreTokens, c.pre)
			}
			if first.SummarySeq == 0 || c.summary >= len(msgs) || first.SummarySeq != msgs[c.summary] || first.Seq != first.SummarySeq {
				t.Errorf("marker %+v: want its seq and summary the message %d of %v", first, c.summary, msgs)
			}
			for _, m := range st.Compactions {
				if m.SummarySeq == 0 {
					t.Errorf("marker %+v has no summary", m)
				}
			}
		})
	}
}
