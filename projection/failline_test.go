package projection

import (
	"strings"
	"testing"
)

// A failed run is shown by what failed: a Python traceback by its
// exception line, not the "Traceback (most recent call last):" every one
// shares; an HTTP response the server refused (403, 429, 5xx) is a
// failure though curl exits 0; a 404 or a 200 is not.
func TestFailureShownByWhatFailed(t *testing.T) {
	call := &Call{ID: "c", Name: "bash", Args: map[string]any{"command": "python -m etichette lotti --db data/lotti_dev.db"}}
	for _, c := range []struct {
		out, want string // want: the failure's line, "" for no failure
	}{
		{"Traceback (most recent call last):\n  File \"/srv/etichette/db.py\", line 44, in cerca_lotti\n    cur.execute(SQL_LOTTI, (vasca, data))\nsqlite3.OperationalError: no such table: lotti\n", "sqlite3.OperationalError: no such table: lotti"},
		{"Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nKeyboardInterrupt\n", "KeyboardInterrupt"},
		{"HTTP/1.1 403 Forbidden\nServer: FortiWeb\n\n{\"error\":\"Origin not in allowlist\"}", "HTTP/1.1 403 Forbidden"},
		{"HTTP/2 503 \ncontent-type: text/html\n", "HTTP/2 503"},
		{"HTTP/1.1 404 Not Found\ncontent-length: 0\n", ""},
		{"HTTP/1.1 200 OK\ncontent-type: application/json\n", ""},
	} {
		got := ""
		for _, p := range (Deterministic{}).Propose(&Event{Seq: 2, Role: RoleTool, Text: c.out, Result: &Result{CallID: "c"}}, &Context{Call: call}) {
			if p.Kind == KindFailure && p.Failed {
				got = strings.TrimPrefix(p.Value, "failed: ")
			}
		}
		if !strings.HasPrefix(got, c.want) || (c.want == "") != (got == "") {
			t.Errorf("%q: failure %q, want %q", c.out, got, c.want)
		}
	}
}
