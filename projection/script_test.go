package projection

import (
	"bytes"
	"encoding/json"
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
	var cur *Event
	var body []string
	var open []string
	seq := 0
	flush := func() {
		if cur == nil {
			return
		}
		cur.Text = strings.Join(body, "\n")
		r.Apply(*cur)
		cur, body = nil, nil
	}
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
	for _, line := range strings.Split(script, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if !strings.HasPrefix(line, "> ") {
			if cur != nil {
				body = append(body, line)
			}
			continue
		}
		cmd := strings.Fields(line[2:])
		switch cmd[0] {
		case "user", "system", "assistant", "result":
			flush()
			cur = &Event{Seq: seq, Role: Role(cmd[0])}
			if cmd[0] == "result" {
				cur.Role = RoleTool
				id := ""
				if len(open) > 0 {
					id, open = open[0], open[1:]
				}
				cur.Result = &Result{CallID: id, IsError: len(cmd) > 1 && cmd[1] == "error"}
			}
			seq++
		case "call":
			if cur == nil || cur.Role != RoleAssistant {
				t.Fatalf("call outside an assistant event: %s", line)
			}
			var args map[string]any
			if err := json.Unmarshal([]byte(strings.Join(cmd[2:], " ")), &args); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			id := fmt.Sprintf("call%d", len(open)+seq*10)
			cur.Calls = append(cur.Calls, Call{ID: id, Name: cmd[1], Args: args})
			open = append(open, id)
		case "state":
			flush()
			fmt.Fprintf(&out, "state after seq %d:\n", r.LastSeq())
			print(r.Heads())
		case "all":
			flush()
			fmt.Fprintf(&out, "hot after seq %d:\n", r.LastSeq())
			print(r.Anchors())
		case "retire":
			flush()
			var n int
			fmt.Sscan(cmd[1], &n)
			r.Retire(n)
		default:
			t.Fatalf("unknown command %q", line)
		}
	}
	flush()
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
