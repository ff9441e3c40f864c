package action

import "testing"

// TestProtectorKeysPatterns: patterns match without regard to case, and a
// path's elements also without their trailing dots and spaces; a pattern
// that ends in a dot matches the name with that dot ("notes." protects
// "notes." and "NOTES.", not "notes").
func TestProtectorKeysPatterns(t *testing.T) {
	p, err := newProtector([]string{"notes.", "*.GO", "Lib/**"})
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]string{"notes.": "notes.", "NOTES.": "notes.", "a/main.go": "*.GO", "a/MAIN.Go ": "*.GO", "lib/x": "Lib/**", "LIB./x": "Lib/**", "notes": "", "x.txt": ""} {
		if got := p.match(rel); got != want {
			t.Errorf("match(%q) = %q, want %q", rel, got, want)
		}
	}
}
