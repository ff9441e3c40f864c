package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileTrajectory writes a Claude Code trajectory whose records name
// session id sid: turns long enough for a fold at a small window.
func hostileTrajectory(t *testing.T, path, sid string) {
	t.Helper()
	var lines []string
	prev := any(nil)
	for i := range 8 {
		u := map[string]any{"parentUuid": prev, "isSidechain": false, "sessionId": sid, "version": "2.0.42", "uuid": "u" + string(rune('a'+i)), "type": "user",
			"message": map[string]any{"role": "user", "content": "remember the staging password ZEBRA-44" + string(rune('a'+i)) + " " + strings.Repeat("lorem ipsum ", 150)}}
		a := map[string]any{"parentUuid": u["uuid"], "isSidechain": false, "sessionId": sid, "version": "2.0.42", "uuid": "a" + string(rune('a'+i)), "type": "assistant",
			"message": map[string]any{"id": "m" + string(rune('a'+i)), "role": "assistant", "model": "claude-sonnet-4", "content": []any{map[string]any{"type": "text", "text": "noted " + strings.Repeat("dolor sit ", 150)}}}}
		for _, r := range []any{u, a} {
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, string(b))
		}
		prev = a["uuid"]
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

// A trajectory's own session id is the file's text, and a hostile file
// records anything. ef fold --store files it where nothing escapes the
// store (every path under the store's session directories), says when it
// rewrote the id, and every ref ef search prints for it is recallable. A
// NUL id used to be stored and then broke ef search for the whole store;
// "../../etc" was stored and its refs refused by recall; an id of 5000
// bytes failed every fold. Near misses ("a/b/c", "x@y#z", "..%2f..%2fetc")
// are kept as they are, with no note.
func TestFoldHostileSessionIDs(t *testing.T) {
	cases := []struct {
		name, sid string
		rewritten bool
	}{
		{"dots", "../../etc", true},
		{"long", strings.Repeat("x", 5000), true},
		{"nul", "ab\x00cd", true},
		{"newline", "a b\nc", true},
		{"slashes", "a/b/c", false},
		{"ref-syntax", "x@y#z", false},
		{"percent", "..%2f..%2fetc", false},
	}
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	for _, c := range cases {
		log := filepath.Join(dir, c.name+".jsonl")
		hostileTrajectory(t, log, c.sid)
		code, out, errs := runCLI(t, "fold", log, "--store", store, "--out", filepath.Join(dir, c.name+"-out.jsonl"), "--window", "2500")
		if code != 0 || strings.Contains(out+errs, "FAILED") {
			t.Fatalf("%s: fold exit %d\n%s%s", c.name, code, out, errs)
		}
		noted := strings.Contains(errs, "the session id the file records")
		if noted != c.rewritten {
			t.Errorf("%s: rewrite note %v, want %v:\n%s", c.name, noted, c.rewritten, errs)
		}
		if strings.ContainsRune(out+errs, 0) {
			t.Errorf("%s: a NUL printed", c.name)
		}
	}
	// nothing outside the store's root, and every entry in it is the
	// store's own (LOCK, the recall index, s-<encoded session>/)
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if n := e.Name(); n != "store" && !strings.HasSuffix(n, ".jsonl") {
			t.Errorf("%s written beside the store", n)
		}
	}
	roots, _ := os.ReadDir(store)
	for _, e := range roots {
		if n := e.Name(); n != "LOCK" && n != ".recall" && !strings.HasPrefix(n, "s-") {
			t.Errorf("store entry %q", n)
		}
	}
	code, out, errs := runCLI(t, "search", "--store", store, "--json", "--limit", "50", "staging password")
	if code != 0 {
		t.Fatalf("search: exit %d %s", code, errs)
	}
	var res struct {
		Hits []struct {
			Ref string `json:"ref"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Hits) == 0 {
		t.Fatalf("search: %v\n%s", err, out)
	}
	for _, h := range res.Hits {
		if code, _, errs := runCLI(t, "recall", "--store", store, h.Ref); code != 0 {
			t.Errorf("recall %q: exit %d %s", h.Ref, code, errs)
		}
	}
}
