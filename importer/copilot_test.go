package importer_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// A VS Code chat session (GitHub Copilot Chat's export) imports: each
// request is the user's message with its attached context named, then
// the model's rounds from the result's metadata, each round's thinking,
// text and calls, the calls answered by toolCallResults (a string, or the
// text of the rendered tree a tool returned); a call with no result gets
// the synthetic one; a request without rounds is answered by the markdown
// its response showed; the sessionId names the session. Before, 'unknown
// trajectory format'. VS Code's newer operation log (chatSessions/*.jsonl)
// is refused with what to do instead.
func TestImportCopilot(t *testing.T) {
	im := importOne(t, "vscode-copilot-chat.json", importer.FormatCopilot, []string{
		"user: Was macht main.go?\n[attached: file:main.go]",
		"assistant: Es startet den HTTP-Server auf Port 8443.",
		"user: Run the tests and fix the failure",
		"assistant: Tests first.\nRunning the tests.\nrun_in_terminal {\"command\":\"go test ./...\"}",
		"user: --- FAIL: TestNotFound (0.00s)\nFAIL",
		"assistant: replace_string_in_file {\"filePath\":\"/p/h.go\",\"oldString\":\"200\",\"newString\":\"404\"}\nget_errors {}",
		"user: The following files were successfully edited:\n/p/h.go",
		"user: " + importer.NoResultText,
		"assistant: Fixed: the handler now returns 404.",
	})
	if im.ID != "vscode-copilot:7c1d2e3f-0000-4a5b-8c9d-0123456789ab" || !inRequestHeader(im, "copilot/gpt-4.1") {
		t.Errorf("id %q, or the model is not in the header", im.ID)
	}
	if st := im.Stats; st.ToolCalls != 3 || st.ToolResults != 2 || st.Unpaired != 1 {
		t.Errorf("stats %+v", st)
	}
	oplog := `{"kind":0,"v":{"version":3,"requesterUsername":"ana","requests":[]}}` + "\n" + `{"kind":2,"k":["requests"],"v":[]}` + "\n"
	_, err := importer.ImportBytes("s.jsonl", []byte(oplog))
	if !errors.Is(err, importer.ErrUnknownFormat) || !strings.Contains(err.Error(), "Export Chat") {
		t.Errorf("operation log: %v", err)
	}
}
