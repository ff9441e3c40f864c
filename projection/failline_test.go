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
		// mini-swe-agent's status line heads the output: it says only
		// that the run failed, the traceback after it what
		{"<returncode>1</returncode>\n<output>\nTraceback (most recent call last):\n  File \"reproduce.py\", line 3, in <module>\n    import pandas\nModuleNotFoundError: No module named 'pandas'\n</output>", "ModuleNotFoundError: No module named 'pandas'"},
		{"<returncode>2</returncode>\n<output>\nusage: etichette [-h]\netichette: error: unrecognized arguments: --db\n</output>", "etichette: error: unrecognized arguments: --db"},
		{"<returncode>1</returncode>\n<output>\n</output>", "<returncode>1</returncode>"},
		{"etichette.errori.LottoNonTrovato: lotto L242871 non presente nel database\n  primo lotto registrato: L252442\nexit status 3\n", "etichette.errori.LottoNonTrovato: lotto L242871"},
		{"<returncode>2</returncode>\n<output>\npatching file src/rules/L003.py\npatch: **** malformed patch at line 20: +\n\n</output>", "patch: **** malformed patch at line 20"},
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

// A batch that failed on named inputs is resolved when a later run of the
// same script does each of them again with success; one that leaves one
// out, or another program naming them, resolves nothing.
func TestBatchInputsRedone(t *testing.T) {
	failedOut := "convert.py: 50 images\n  [ok]   47 converted\n  [fail] SP-0042-final2.tif      tiff2vips: unsupported compression 6\n  [fail] SP-0057-final.tif       tiff2vips: unsupported compression 6\n3 failed\nexit status 1"
	for _, c := range []struct {
		name, cmd, out string
		want           string
	}{
		{"each redone", "for f in SP-0042-final2 SP-0057-final; do magick /mnt/m/$f.tif -compress none /scratch/r/$f.tif && python convert.py --single /scratch/r/$f.tif; done",
			"convert.py: SP-0042-final2.tif -> /scratch/pyr/1961.012.001.tif  [ok] 88 MB\nconvert.py: SP-0057-final.tif -> /scratch/pyr/1961.012.014.tif  [ok] 73 MB", Resolved},
		{"one left", "python convert.py --single /scratch/r/SP-0042-final2.tif",
			"convert.py: SP-0042-final2.tif -> /scratch/pyr/1961.012.001.tif  [ok] 88 MB", Open},
		{"another program", "ls -l /scratch/r/SP-0042-final2.tif /scratch/r/SP-0057-final.tif && echo done",
			"SP-0042-final2.tif ok\nSP-0057-final.tif ok", Open},
	} {
		r := New(Options{SessionID: "s"})
		r.Apply(Event{Seq: 0, Role: RoleUser, Text: "Convert the first 50 plans."})
		r.Apply(Event{Seq: 1, Role: RoleAssistant, Text: "Converting.", Calls: []Call{{ID: "a", Name: "bash", Args: map[string]any{"command": "python convert.py --limit 50 --out /scratch/pyr"}}}})
		r.Apply(Event{Seq: 2, Role: RoleTool, Text: failedOut, Result: &Result{CallID: "a", IsError: true}})
		r.Apply(Event{Seq: 3, Role: RoleAssistant, Text: "Again.", Calls: []Call{{ID: "b", Name: "bash", Args: map[string]any{"command": c.cmd}}}})
		r.Apply(Event{Seq: 4, Role: RoleTool, Text: c.out, Result: &Result{CallID: "b"}})
		got := ""
		for _, a := range r.Anchors() {
			if a.Kind == KindFailure && strings.Contains(a.Key, "convert.py --limit") {
				got = a.Lifecycle
			}
		}
		if got != c.want {
			t.Errorf("%s: failure %q, want %s", c.name, got, c.want)
		}
	}
}

// TestFailureNamedByItsProgram: an output naming no error line is read
// for the line the program it ran starts with its own name, before its
// last line; printed data is no message.
func TestFailureNamedByItsProgram(t *testing.T) {
	for _, c := range []struct{ cmd, out, want string }{
		{"patch -p1 < proper.patch", "<returncode>2</returncode>\n<output>\npatch: **** malformed patch at line 39: x = 1\n\npatching file src/rules/L003.py\n</output>", "patch: **** malformed patch at line 39"},
		{"sudo mkdir -p /app && sudo chmod 777 /app", "sudo: a password is required\nExit code 1", "sudo: a password is required"},
		{"cargo autopilot metrics dashboard --port 3030", "{\n  \"issues_completed\": 0,\nExit code 144", "Exit code 144"},
	} {
		call := &Call{ID: "c", Name: "bash", Args: map[string]any{"command": c.cmd}}
		got := ""
		for _, p := range (Deterministic{}).Propose(&Event{Seq: 2, Role: RoleTool, Text: c.out, Result: &Result{CallID: "c", IsError: true}}, &Context{Call: call}) {
			if p.Kind == KindFailure && p.Failed {
				got = strings.TrimPrefix(p.Value, "failed: ")
			}
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: failure %q, want %q", c.cmd, got, c.want)
		}
	}
}
