package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/origin/taskorigin"
)

// A file the 2origin-harness reference wrote, whose nested members are
// named version/actor/updated_at, is reported as hashed under another
// rule (naming both hashes), not as edited; a file edited by hand still
// is, with or without such nested members.
func TestVerifyNamesAnotherImplementationsHash(t *testing.T) {
	ref, err := os.ReadFile("../../origin/testdata/reference/nested.task.origin.json")
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(ref), `"goal": "upgrade deps"`, `"goal": "upgrade all deps"`, 1)
	plain := `{"spec":"2origin/0.2","kind":"task.origin","id":"refz","goal":"g","version":1,"content_hash":"` + strings.Repeat("ab", 32) + `"}`
	cases := []struct {
		name, doc, want, never string
	}{
		{"reference nested-strip hash", string(ref), "another implementation's rule", "edited outside the store"},
		{"edited after the reference wrote it", edited, "edited outside the store", "another implementation"},
		{"no nested names, wrong hash", plain, "edited outside the store", "another implementation"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			os.MkdirAll(filepath.Join(dir, "refz"), 0o755)
			os.WriteFile(filepath.Join(dir, "refz", taskorigin.FileName), []byte(c.doc), 0o644)
			out, _, code := runEF(t, "", "origin", "verify", dir)
			if code != 1 || !strings.Contains(out, c.want) || strings.Contains(out, c.never) {
				t.Fatalf("rc %d, want %q and never %q:\n%s", code, c.want, c.never, out)
			}
			if c.want == "another implementation's rule" {
				doc, _ := taskorigin.ParseDocument([]byte(c.doc))
				rfc, _ := doc.ContentHash()
				if !strings.Contains(out, "a32eede9554b") || !strings.Contains(out, rfc[:12]) {
					t.Fatalf("both hashes not named:\n%s", out)
				}
			}
		})
	}
}
