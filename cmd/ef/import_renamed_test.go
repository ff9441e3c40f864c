package main

import (
	"strings"
	"testing"

	"github.com/epistemicfold/ef/importer"
)

// A trajectory that reuses its call ids (codex exec runs appended to one
// file each start at item_0) is renamed on import; the notes say so, as
// docs/formats.md promises.
func TestImportNotesSayRenamedIDs(t *testing.T) {
	notes := importNotes(importer.Stats{RenamedIDs: 3})
	if len(notes) != 1 || !strings.Contains(notes[0], "3 call ids used again") {
		t.Fatalf("notes %q: want one naming the 3 renamed call ids", notes)
	}
	if got := importNotes(importer.Stats{}); len(got) != 0 {
		t.Fatalf("no renames: notes %q, want none", got)
	}
}
