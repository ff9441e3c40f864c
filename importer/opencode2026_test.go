package importer_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// An `opencode export` of OpenCode 1.4 (2026) imports whole. An @agent
// mention is the user's text, OpenCode's prompt to call the task tool
// (synthetic text) its chatter; a task call is answered by the
// sub-agent's report; a subtask part is OpenCode's note that the user ran
// a tool. The shell tool records a command it did not let finish as
// completed with no exit code and a note of its own at the end of the
// output (<shell_metadata>, before 2026 <bash_metadata>): a timeout
// fails, "User aborted the command" is the user's interruption; a
// non-zero metadata.exit fails, a refused edit is an interruption. The
// auto compaction is a marker, its prompt and OpenCode's "Continue if you
// have next steps" chatter, the summary the assistant's. Retry, patch and
// step parts carry nothing the model reads. Before, the timed-out and the
// aborted commands read as passing runs.
func TestImportOpenCode2026(t *testing.T) {
	im := importOne(t, "opencode-export-2026.json", importer.FormatOpenCode, []string{
		"user: Die Migration 0042 bricht auf Postgres 17 ab. Finde heraus warum; die Spaltennamen in ledger/schema.sql bleiben wie sie sind. @explore such alle Stellen, die 0042 laden.",
		"user: Use the above message and context to generate a prompt and call the task tool with subagent: explore",
		"assistant: Reproduce first, then delegate the search.\nIch führe die Migration lokal aus.\nbash {\"command\":\"make migrate TARGET=0042\",\"description\":\"Run migration 0042\"}\ntask {\"description\":\"Find 0042 loaders\",\"prompt\":\"List every file that loads or references migration 0042.\",\"subagent_type\":\"explore\"}",
		"user: psql:migrations/0042.sql:7: ERROR:  column \"amount\" is of type numeric but expression is of type text\nmake: *** [migrate] Error 3\n",
		"user: migrations/runner.go:31 and scripts/seed.sh:12 load 0042.\n\n<task_metadata>\nsession_id: ses_2f9c1e02affeMn5TcV7bQ1yWzE\n</task_metadata>",
		"assistant: Zeile 7 castet nicht. Ich lasse die ganze Testsuite laufen.\nbash {\"command\":\"go test ./...\",\"description\":\"Run all tests\",\"timeout\":120000}",
		"user: ok  \tledger/api\t0.41s\n\n<shell_metadata>\nshell tool terminated command after exceeding timeout 120000 ms. If this command is expected to take longer and is not waiting for interactive input, retry with a larger timeout value in milliseconds.\n</shell_metadata>",
		"assistant: Ich caste amount in 0042 explizit.\nedit {\"filePath\":\"/home/dev/ledger/migrations/0042.sql\",\"oldString\":\"SET amount = raw_amount\",\"newString\":\"SET amount = raw_amount::numeric\"}",
		"user: The user rejected permission to use this specific tool call.",
		"user: Erst den Seed prüfen.",
		"user: The following tool was executed by the user",
		"assistant: bash {\"command\":\"bash scripts/seed.sh --dry-run\",\"description\":\"Dry-run the seed\"}",
		"user: applying 0041\napplying 0042\n\n<bash_metadata>\nUser aborted the command\n</bash_metadata>",
		"user: What did we do so far?",
		"assistant: ## Goal\nMigration 0042 fails on Postgres 17: line 7 assigns text to the numeric column amount.\n## Constraints\nColumn names in ledger/schema.sql stay unchanged.\n## State\nThe cast edit was rejected; the seed dry-run was stopped.",
		"user: Continue if you have next steps, or stop and ask for clarification if you are unsure how to proceed.",
		"assistant: bash {\"command\":\"make migrate TARGET=0042\",\"description\":\"Run migration 0042\"}",
		"user: ALTER TABLE\nUPDATE 1204\n",
		"assistant: 0042 läuft jetzt durch.",
	})
	checkMarks(t, im, []string{"-", "chatter", "-", "-", "-", "-", "-", "-", "interruption", "-", "chatter", "-", "interruption", "chatter", "-", "chatter", "-", "-", "-"})
	if failed := failedResults(t, im); !reflect.DeepEqual(failed, []string{"call_mig1", "call_suite1", "call_edit1", "call_seed1"}) {
		t.Errorf("failed results %v, want the exit 2, the timeout, the refused edit and the aborted dry run", failed)
	}
	st := im.Stats
	if st.ToolCalls != 6 || st.ToolResults != 6 || st.Unpaired != 0 || st.Skipped != 0 || len(st.Compactions) != 1 || st.Compactions[0].SummarySeq == 0 {
		t.Errorf("stats %+v", st)
	}
}

// Near misses of the shell tool's note: output that quotes it before
// more output, or a note that says neither timeout nor abort, is a
// passing run. A part of a type OpenCode did not have is skipped and
// counted; the session reads on.
func TestImportOpenCodeShellNotes(t *testing.T) {
	bash := func(id, out string) string {
		return `{"type":"tool","callID":"` + id + `","tool":"bash","state":{"status":"completed","input":{"command":"x"},"output":` + out + `,"metadata":{"exit":null}}}`
	}
	doc := `{"info":{"id":"ses_1","projectID":"global","directory":"/p","title":"t","time":{"created":1}},"messages":[` +
		`{"info":{"id":"msg_1","sessionID":"ses_1","role":"user","time":{"created":1}},"parts":[{"type":"text","text":"go"},{"type":"mood","value":"curious"}]},` +
		`{"info":{"id":"msg_2","sessionID":"ses_1","role":"assistant","providerID":"openai","modelID":"gpt-5"},"parts":[` +
		bash("c1", `"<bash_metadata>\nbash tool terminated command after exceeding timeout 120000 ms\n</bash_metadata>\nlater output"`) + `,` +
		bash("c2", `"done\n\n<bash_metadata>\nDescription: build\n</bash_metadata>"`) + `,` +
		`{"type":"hologram","data":{}}]}]}`
	ims, err := importer.ImportBytes("e.json", []byte(doc))
	if err != nil || len(ims) != 1 || ims[0].Format != importer.FormatOpenCode {
		t.Fatalf("ImportBytes: %v %+v", err, ims)
	}
	if failed := failedResults(t, ims[0]); len(failed) != 0 {
		t.Errorf("failed results %v, want none", failed)
	}
	if got := messageTexts(t, ims[0]); len(got) != 4 || !strings.HasPrefix(got[0], "user: go") || ims[0].Stats.Skipped != 2 {
		t.Errorf("messages %q, stats %+v: want both calls answered and the two unknown parts counted", got, ims[0].Stats)
	}
}
