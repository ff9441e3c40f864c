package importer_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// docs/formats.md, the page users read to learn what ef reads, has a row
// for every format the importer knows and none for a format it does not:
// a format that lands without its row, or a row left after a rename,
// fails here.
func TestFormatsPageListsEveryFormat(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\|").FindAllSubmatch(page, -1) {
		rows = append(rows, string(m[1]))
	}
	var known []string
	for _, f := range importer.Formats() {
		known = append(known, string(f))
		if !slices.Contains(rows, string(f)) {
			t.Errorf("docs/formats.md has no row for the format %q", f)
		}
	}
	for _, r := range rows {
		if !slices.Contains(known, r) {
			t.Errorf("docs/formats.md has a row for %q, which importer.Formats() does not list", r)
		}
	}
}
