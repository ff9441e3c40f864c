package taskorigin

import (
	"os"
	"testing"
)

// NestedStripHash is the reference's hash: it matches the stored hash of
// a file the reference wrote with nested version/actor/updated_at members
// (where ContentHash does not), and equals ContentHash for a file without
// them.
func TestNestedStripHash(t *testing.T) {
	for _, c := range []struct {
		file       string
		sameAsRFC  bool
		storedIsIt bool
	}{
		{"../testdata/reference/nested.task.origin.json", false, true},
		{"../testdata/reference/task.origin.json", true, true},
	} {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		d, err := ParseDocument(data)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := d.State()
		rfc, _ := d.ContentHash()
		nested, err := d.NestedStripHash()
		if err != nil {
			t.Fatal(err)
		}
		if (rfc == nested) != c.sameAsRFC || (st.ContentHash == nested) != c.storedIsIt {
			t.Fatalf("%s: rfc %s nested %s stored %s", c.file, rfc, nested, st.ContentHash)
		}
	}
}
