package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// damageCause is how every command describes a bundle file whose bytes
// changed (bundle.Store's fileHashCheck).
var damageCause = regexp.MustCompile(`hash mismatch: the file's bytes changed since it was written \(sha256 [0-9a-f]{64}, its name says [0-9a-f]{64}\)`)

// One damaged bundle is described the same way by every command: ef store
// verify, ef recall, ef search and ef fold. A byte flipped in the header
// frame used to read "corrupt: header frame: CRC check failed" in verify
// and recall (they read the header alone) and "hash mismatch: file sha256
// …" in search and fold (they hash the whole file first). Flipped in the
// middle of the file too, and near its end (a segment).
func TestOneDamageOneWording(t *testing.T) {
	for _, at := range []struct {
		name string
		off  func(n int) int
	}{
		{"header frame", func(int) int { return 20 }},
		{"middle", func(n int) int { return n / 2 }},
		{"near the end", func(n int) int { return n - 40 }},
	} {
		t.Run(at.name, func(t *testing.T) {
			dir := t.TempDir()
			log := sampleLog(t, dir, "session.jsonl", 0)
			store := filepath.Join(dir, "store")
			acc, text, err := foldRun(t, log, "--store", store, "--out", filepath.Join(dir, "a.jsonl"), "--window", "2000", "--json")
			ids := foldedIDs(t, acc)
			if err != nil || len(ids) == 0 {
				t.Fatalf("fold: %v\n%s", err, text)
			}
			id := ids[0]
			files, _ := filepath.Glob(filepath.Join(store, "s-*", "c-"+id+".*.efb"))
			if len(files) != 1 {
				t.Fatalf("bundle of %s: %v", id, files)
			}
			data, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			data[at.off(len(data))] ^= 0x20
			if err := os.WriteFile(files[0], data, 0o600); err != nil {
				t.Fatal(err)
			}
			want := ""
			check := func(cmd, out string) {
				t.Helper()
				got := damageCause.FindString(out)
				switch {
				case got == "":
					t.Errorf("%s does not describe the damage as the others do:\n%s", cmd, out)
				case want == "":
					want = got
				case got != want:
					t.Errorf("%s says %q, verify %q", cmd, got, want)
				}
			}
			_, out, errs := runCLI(t, "store", "verify", store)
			check("ef store verify", out+errs)
			ref := id + "#0@" + acc.SessionID
			_, out, errs = runCLI(t, "recall", "--store", store, ref)
			check("ef recall", out+errs)
			_, out, errs = runCLI(t, "recall", "--store", store, "--depth", "exact", ref)
			check("ef recall --depth exact", out+errs)
			searched := false
			for _, q := range []string{"the", "a", "file", "goal", "user"} {
				_, out, errs = runCLI(t, "search", "--store", store, "--limit", "50", q)
				if strings.Contains(out+errs, id) && strings.Contains(out+errs, "cannot be read") {
					check("ef search "+q, out+errs)
					searched = true
					break
				}
			}
			if !searched {
				t.Errorf("no search named the damaged checkpoint %s", id)
			}
			_, text, err = foldRun(t, log, "--store", store, "--out", filepath.Join(dir, "b.jsonl"), "--window", "2000")
			if err == nil {
				t.Fatalf("re-fold over the damaged bundle succeeded\n%s", text)
			}
			check("ef fold", err.Error()+text)
		})
	}
}
