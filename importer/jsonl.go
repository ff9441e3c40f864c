package importer

import (
	"bytes"
	"encoding/json"

	"github.com/epistemicfold/ef/hostshim"
)

// scanLines is the reader of every JSONL format: it calls fn for each
// non-empty line with its 1-based number. An error from fn is returned as an
// *Error naming the line.
//
// Only the file's last non-empty line may be torn: a trajectory still being
// written (a live Claude Code session) or cut short by a crash ends in half
// a record. When that line is not valid JSON it is skipped and described in
// the returned tail, as hostshim's log reader does for a DSH log; the same
// damage on any earlier line is an error. A last line that is valid JSON but
// not a valid record is an error too: it is complete, so it is not torn.
func scanLines(data []byte, fn func(line int, raw []byte) error) (*hostshim.TruncatedTail, error) {
	body := bytes.TrimRight(data, " \t\r\n")
	terminated := bytes.IndexByte(data[len(body):], '\n') >= 0
	lastStart := bytes.LastIndexByte(body, '\n') + 1 // where the last non-empty line begins
	n := 0
	for off := 0; off < len(data); {
		end := len(data)
		if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
			end = off + i
		}
		line, start := data[off:end], off
		off = end + 1
		n++
		raw := bytes.TrimSpace(line)
		if len(raw) == 0 {
			continue
		}
		if start == lastStart && !json.Valid(raw) {
			reason := "unterminated last line is not valid JSON"
			if terminated {
				reason = "last line is not valid JSON"
			}
			return &hostshim.TruncatedTail{Line: n, Bytes: len(raw), Reason: reason}, nil
		}
		if err := fn(n, raw); err != nil {
			ie, ok := err.(*Error)
			if !ok {
				ie = &Error{Err: err}
			}
			ie.Line = n
			return nil, ie
		}
	}
	return nil, nil
}
