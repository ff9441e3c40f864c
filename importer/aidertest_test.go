package importer_test

import (
	"reflect"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// The user's "/test cmd" in Aider runs cmd as "/run cmd" does, adding its
// output to the chat without asking when the command exits non-zero
// ("Added N lines of output to the chat."): it is a shell call answered
// by its output, failed when Aider added it, passed when Aider did not;
// when Aider printed no output (v0.50 on) but added it, the failed result
// is Aider's note. Near misses: a /test whose run Aider left no trace of
// is no call; a bare "/test" (the configured command, not written down)
// and "/tests …" are no run; a /run whose output the user added is not
// failed for that.
func TestImportAiderTest(t *testing.T) {
	const head = "# aider chat started at 2026-12-03 09:02:44\n\n> Aider v0.86.1  \n> Main model: anthropic/claude-sonnet-4-5 with diff edit format, infinite output  \n\n"
	for _, c := range []struct {
		name, log string
		want      []string
		failed    []string
	}{
		{"a failing /test, Turkish session", head + "#### testleri çalıştır  \n\n#### /test bundle exec rspec  \n> ..F  \n>  \n> Failures:  \n>  \n>   1) Shipment#delivered? returns true  \n> 3 examples, 1 failure  \n> Added 7 lines of output to the chat.  \n`Shipment#delivered?` fail ediyor, düzeltiyorum.\n",
			[]string{"user: testleri çalıştır", "user: /test bundle exec rspec", `assistant: shell {"command":"bundle exec rspec"}`,
				"user: ..F\n\nFailures:\n\n  1) Shipment#delivered? returns true\n3 examples, 1 failure", "assistant: `Shipment#delivered?` fail ediyor, düzeltiyorum."},
			[]string{"aider-run-1"}},
		{"a passing /test, English", head + "#### /test pytest -q  \n> 4 passed in 0.31s  \n\n#### thanks  \n",
			[]string{"user: /test pytest -q", `assistant: shell {"command":"pytest -q"}`, "user: 4 passed in 0.31s", "user: thanks"}, nil},
		{"output not printed, added", head + "#### /test go test ./...  \n> Added 12 lines of output to the chat.  \nThe test TestParse fails.\n",
			[]string{"user: /test go test ./...", `assistant: shell {"command":"go test ./..."}`, "user: Added 12 lines of output to the chat.", "assistant: The test TestParse fails."},
			[]string{"aider-run-1"}},
		{"near miss: nothing printed", head + "#### /test go test ./...  \n\n#### ok, next  \n",
			[]string{"user: /test go test ./...", "user: ok, next"}, nil},
		{"near miss: a bare /test", head + "#### /test  \n> Added 3 lines of output to the chat.  \nIt fails.\n",
			[]string{"user: /test", "assistant: It fails."}, nil},
		{"near miss: /tests", head + "#### /tests bundle exec rspec  \n> Invalid command: /tests  \n",
			[]string{"user: /tests bundle exec rspec", "user: Invalid command: /tests"}, nil},
		{"near miss: /run added", head + "#### /run bundle exec rspec  \n> 3 examples, 0 failures  \n> Add 0.1k tokens of command output to the chat? (Y)es/(N)o [Yes]: y  \n> Added 1 line of output to the chat.  \n",
			[]string{"user: /run bundle exec rspec", `assistant: shell {"command":"bundle exec rspec"}`, "user: 3 examples, 0 failures"}, nil},
	} {
		ims, err := importer.ImportBytes("x.aider.chat.history.md", []byte(c.log))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkSession(t, ims[0])
		got := messageTexts(t, ims[0])
		if len(got) > 0 && got[0] == "user: Aider v0.86.1\nMain model: anthropic/claude-sonnet-4-5 with diff edit format, infinite output" {
			got = got[1:] // the banner
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: messages\n got %q\nwant %q", c.name, got, c.want)
		}
		if f := failedResults(t, ims[0]); !reflect.DeepEqual(f, c.failed) {
			t.Errorf("%s: failed results %q, want %q", c.name, f, c.failed)
		}
	}
}
