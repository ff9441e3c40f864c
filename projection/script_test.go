package projection

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// runScript runs a reducer script (testdata/reduce/*.txt) and returns its
// output. Lines "> user", "> system", "> assistant", "> result [error]"
// start an event whose text is the following lines; "> call NAME {json}"
// adds a tool call to the current assistant event; "> state" prints the
// heads; "> all" prints every hot anchor; "> retire N" retires the hot
// facts up to seq N. Lines starting with "#" are comments.
func runScript(t *testing.T, script string) string {
	t.Helper()
	r := New(Options{SessionID: "s"})
	var out bytes.Buffer
	print := func(as []*Anchor) {
		for _, a := range as {
			var seqs []string
			for _, ref := range a.SourceRefs {
				seqs = append(seqs, fmt.Sprint(ref.Seq))
			}
			line := fmt.Sprintf("%s %s %s [%s/%s] = %s", a.ID, a.Kind, a.Key, a.Lifecycle, a.Authority, oneLine(a.Value, 100))
			if a.Was != "" {
				line += " (was " + oneLine(a.Was, 60) + ")"
			}
			fmt.Fprintf(&out, "  %s @%s\n", line, strings.Join(seqs, ","))
		}
	}
	steps, err := ParseScript(script)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range steps {
		switch st.Command {
		case "":
			r.Apply(*st.Event)
		case "state":
			fmt.Fprintf(&out, "state after seq %d:\n", r.LastSeq())
			print(append(r.Heads(), r.EndAsked()...))
		case "all":
			fmt.Fprintf(&out, "hot after seq %d:\n", r.LastSeq())
			print(append(r.Anchors(), r.EndAsked()...))
		case "retire":
			var n int
			if len(st.Args) > 0 {
				fmt.Sscan(st.Args[0], &n)
			}
			r.Retire(n)
		default:
			t.Fatalf("unknown command %q", st.Command)
		}
	}
	if r.Rejected() > 0 {
		fmt.Fprintf(&out, "rejected proposals: %d\n", r.Rejected())
	}
	return out.String()
}

// TestScripts runs every script in testdata/reduce against its .golden
// output; EF_UPDATE=1 rewrites the goldens.
func TestScripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/reduce/*.txt")
	if len(files) == 0 {
		t.Fatal("no scripts")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := runScript(t, string(in))
			testutil.Golden(t, strings.TrimSuffix(f, ".txt")+".golden", []byte(got))
		})
	}
}
