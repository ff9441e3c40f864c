package testutil

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// UpdateGoldens reports whether EF_UPDATE is set: golden files are then
// rewritten from what the tests produce (review the diff) instead of
// compared.
func UpdateGoldens() bool { return os.Getenv("EF_UPDATE") != "" }

// Golden compares got with the golden file at path; with EF_UPDATE set it
// writes got there instead (creating the directory). A difference fails
// the test with the first line that differs and how to regenerate.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if UpdateGoldens() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (EF_UPDATE=1 writes it)", err)
	}
	if string(got) == string(want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gl) && i < len(wl); i++ {
		if gl[i] != wl[i] {
			t.Errorf("%s differs at line %d (EF_UPDATE=1 rewrites it; review the diff):\n got %s\nwant %s\n--- got\n%s--- want\n%s", path, i+1, gl[i], wl[i], got, want)
			return
		}
	}
	t.Errorf("%s differs in length: got %d lines, want %d (EF_UPDATE=1 rewrites it; review the diff)\n--- got\n%s--- want\n%s", path, len(gl), len(wl), got, want)
}
