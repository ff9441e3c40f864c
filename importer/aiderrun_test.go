package importer_test

import (
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// A shell command Aider ran is a call of the reply that suggested it (a
// message of its own after another run or a note), answered by its
// output: the command it asked about ("pytest -q" then "Run shell
// command? … y") is run by "Running pytest -q", whose output is the lines
// up to its question to add the output. Aider's tokens and cost, its
// questions and its "Added N lines" are no one's words; a declined
// command is no call; a run whose output Aider did not print stays a
// note; output that itself says "Running …" is output.
func TestImportAiderRuns(t *testing.T) {
	for _, c := range []struct {
		name, log string
		want      []string
	}{
		{"a suggested run", "# aider chat started at 2026-12-05 09:02:11\n\n#### run the tests\n\n```bash\npytest -q\n```\n\n> Tokens: 6.1k sent, 212 received. Cost: $0.0021 message, $0.041 session.\n\n> pytest -q  \n> Run shell command? (Y)es/(N)o/(D)on't ask again [Yes]: y  \n\n> Running pytest -q  \n> ........F  \n> FAILED tests/test_invalidation.py::test_update_invalidates_cache - AssertionError: assert 'paid' == 'shipped'  \n> 1 failed, 8 passed in 1.41s  \n> Add command output to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: y  \n> Added 3 lines of output to the chat.\n\ntest_update_invalidates_cache is failing.\n",
			[]string{"user: run the tests", "assistant: ```bash\npytest -q\n```\nshell {\"command\":\"pytest -q\"}",
				"user: ........F\nFAILED tests/test_invalidation.py::test_update_invalidates_cache - AssertionError: assert 'paid' == 'shipped'\n1 failed, 8 passed in 1.41s",
				"assistant: test_update_invalidates_cache is failing."}},
		{"two commands, output that says Running", "# aider chat started at 2026-12-05 09:02:11\n\n#### check e2e\n\nRun these.\n\n> pnpm install  \n> pnpm playwright test  \n> Run shell commands? (Y)es/(N)o/(D)on't ask again [Yes]: y  \n\n> Running pnpm install  \n> Done in 2.1s  \n\n> Running pnpm playwright test  \n> Running 3 tests using 1 worker  \n>   ✓  1 checkout.spec.ts:8:3 › shows cart total (1.2s)  \n>   3 passed (4.0s)  \n> Add command output to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: n  \n\nAll green.\n",
			[]string{"user: check e2e", "assistant: Run these.\nshell {\"command\":\"pnpm install\"}", "user: Done in 2.1s",
				`assistant: shell {"command":"pnpm playwright test"}`, "user: Running 3 tests using 1 worker\n  ✓  1 checkout.spec.ts:8:3 › shows cart total (1.2s)\n  3 passed (4.0s)",
				"assistant: All green."}},
		{"declined", "# aider chat started at 2026-12-05 09:02:11\n\n#### drop the table?\n\n```bash\npsql -c 'drop table t'\n```\n\n> psql -c 'drop table t'  \n> Run shell command? (Y)es/(N)o/(D)on't ask again [Yes]: n  \n\n#### no, keep it\n",
			[]string{"user: drop the table?", "assistant: ```bash\npsql -c 'drop table t'\n```", "user: no, keep it"}},
		{"no output printed", "# aider chat started at 2026-12-05 09:02:11\n\n#### run it\n\n```bash\nmake build\n```\n\n> make build  \n> Run shell command? (Y)es/(N)o/(D)on't ask again [Yes]: y  \n\n> Running make build  \n\n#### thanks\n",
			[]string{"user: run it", "assistant: ```bash\nmake build\n```", "user: Running make build", "user: thanks"}},
		{"the user's !cmd", "# aider chat started at 2026-12-05 09:02:11\n\n#### !go test ./...\n\n> ok  \texample.com/x\t0.01s  \n> Add 0.1k tokens of command output to the chat? (Y)es/(N)o [Yes]: y  \n> Added 1 line of output to the chat.  \n\n#### fine\n",
			[]string{"user: !go test ./...", `assistant: shell {"command":"go test ./..."}`, "user: ok  \texample.com/x\t0.01s", "user: fine"}},
		// Aider writes each input after a blank line: a message then the
		// user's /run are two inputs; the lines of one input stay one.
		{"a message then /run", "# aider chat started at 2026-12-05 09:02:11\n\n#### le test top-k échoue, pytest tests/test_metrics.py  \n\n#### /run pytest -q tests/test_metrics.py  \n> 1 failed, 3 passed in 0.88s  \n> Add 0.2k tokens of command output to the chat? (Y)es/(N)o [Yes]: y  \n\n#### first line  \n#### second line  \n####   \n#### after an empty line  \n",
			[]string{"user: le test top-k échoue, pytest tests/test_metrics.py", "user: /run pytest -q tests/test_metrics.py", `assistant: shell {"command":"pytest -q tests/test_metrics.py"}`,
				"user: 1 failed, 3 passed in 0.88s", "user: first line\nsecond line\n\nafter an empty line"}},
	} {
		ims, err := importer.ImportBytes("x.aider.chat.history.md", []byte(c.log))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkSession(t, ims[0])
		if got := messageTexts(t, ims[0]); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: messages\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
