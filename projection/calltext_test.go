package projection

import (
	"fmt"
	"strings"
	"testing"
)

// TestWriteElsewhereLeavesTheFailureOpen: a tool call's text keeps its
// short arguments whole however long the others are, so a write of the
// same long content to another path is another call (it resolved the
// failed write to /app/regex.txt once the content filled the text), and
// the write to the path that failed still resolves it.
func TestWriteElsewhereLeavesTheFailureOpen(t *testing.T) {
	content := strings.Repeat(`(?:0|[1-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])\\.`, 40)
	start := `
> user
Write the regex. Save your regex in /app/regex.txt
> assistant
Writing it.
> call Write {"file_path": "/app/regex.txt", "content": "` + content + `"}
> result error
EACCES: permission denied, mkdir '/app'
> assistant
Writing it again.
`
	elsewhere := `> call Write {"file_path": "/tmp/tmp.X/regex.txt", "content": "` + content + `"}
> result
File created successfully at: /tmp/tmp.X/regex.txt
`
	there := `> call Write {"file_path": "/app/regex.txt", "content": "` + content + `"}
> result
File created successfully at: /app/regex.txt
`
	expect(t, reduceAll(t, start+elsewhere), []string{`failure tool/Write/file_path=/app/regex.txt \[open/`}, nil)
	expect(t, reduceAll(t, start+there), []string{`failure tool/Write/file_path=/app/regex.txt \[resolved/`}, nil)
}

// TestNoErrorLinesSayNothingFailed: a shell tool's report that lists
// "Error: (none)" and "Exit Code: 0" (Gemini CLI's before v0.27) passed;
// the same report with "Exit Code: 1" failed, and its error is not
// "Error: (none)".
func TestNoErrorLinesSayNothingFailed(t *testing.T) {
	report := func(out string, code int) string {
		return fmt.Sprintf("> assistant\nRunning the tests.\n> call run_shell_command {\"command\": \"pnpm test src/api\"}\n> result\nCommand: pnpm test src/api\nDirectory: (root)\nOutput: %s\nError: (none)\nExit Code: %d\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 4242\n", out, code)
	}
	start := "> user\nAdd retries to the checkout client.\n"
	out := reduceAll(t, start+report("PASS src/api/checkout.test.ts", 0))
	expect(t, out, []string{`evidence command/-/pnpm test src/api \[observed/empirical\] = ok:`}, []string{`failure`})
	out = reduceAll(t, start+report("FAIL src/api/checkout.test.ts", 1)+report("PASS src/api/checkout.test.ts", 0))
	expect(t, out, []string{`failure command/-/pnpm test src/api \[resolved/`}, []string{`Error: \(none\)`})
	// the error a failed run's output names, not its status line
	out = reduceAll(t, start+report("FAIL src/api/checkout.test.ts\n  ● retries on 503\n    TypeError: fetchWithRetry is not a function", 1))
	expect(t, out, []string{`failure command/-/pnpm test src/api \[open/empirical\] = failed: TypeError: fetchWithRetry is not a function`}, nil)
}
