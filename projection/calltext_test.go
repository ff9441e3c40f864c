package projection

import (
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
