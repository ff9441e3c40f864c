package action_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"pgregory.net/rapid"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/origin/trust"
)

// Relpaths the property tests draw from: inside, new and nested, protected,
// through symlinks in and out, traversal.
var propPaths = []string{
	"demo/existing.md", "demo/existing2.md", "demo/twin-a.md", "demo/twin-b.md", "demo/log.md",
	"demo/new.md", "demo/n1/n2/deep.md", "task.origin.json", "lib/util.js", "lib/new.js",
	"demo/link-in", "demo/link-out", "demo/dirlink-out/x.md", "demo/abs-out",
	"../escape.md", "demo/../../outside/secret.txt", "demo/./existing.md", "demo//twin-a.md",
}

// TestPropertiesNeverOutsideStaleNeverWrites draws sequences of intents
// with every kind of approval (none, confirm, expect_sha256 current, stale
// or random, proof_of_read current, stale or for another path) and
// checks after each: nothing outside the roots changed; a stale or
// wrong-path proof, or a stale expect_sha256, wrote nothing; a done write
// left exactly the intended content; every submission but a replay added
// exactly one audit line, naming its action.
func TestPropertiesNeverOutsideStaleNeverWrites(t *testing.T) {
	testutil.RapidChecks(t, 30) // each check fsyncs a few actions
	rapid.Check(t, func(rt *rapid.T) {
		w := actiontest.NewWorkspace(t)
		outside := actiontest.Snapshot(t, w.Outside)
		k, err := action.Open(action.Options{Roots: []string{w.Base}})
		if err != nil {
			rt.Fatal(err)
		}
		defer k.Close()
		read := func(rel string) (string, bool) {
			b, err := os.ReadFile(filepath.Join(w.Base, filepath.FromSlash(rel)))
			return string(b), err == nil
		}
		lines := 0
		n := rapid.IntRange(1, 5).Draw(rt, "actions")
		for i := 0; i < n; i++ {
			rel := rapid.SampledFrom(propPaths).Draw(rt, "relpath")
			content := rapid.StringMatching(`[a-z\n]{0,12}`).Draw(rt, "content")
			mode := rapid.SampledFrom([]string{"", "write", "append"}).Draw(rt, "mode")
			appr := rapid.SampledFrom([]string{"none", "confirm", "expect", "expect-stale", "expect-random",
				"proof", "proof-stale", "proof-other-path", "proof-alias"}).Draw(rt, "approval")
			cur, exists := read(rel)
			in := action.Intent{Relpath: rel, Content: &content, Mode: mode}
			if rapid.Bool().Draw(rt, "with-id") {
				in.ActionID = fmt.Sprintf("id-%d", rapid.IntRange(0, 3).Draw(rt, "id"))
			}
			stale := false
			switch appr {
			case "confirm":
				in.Approval = "confirm"
			case "expect":
				in.ExpectSHA256 = actiontest.SHA(cur)
				stale = !exists
			case "expect-stale":
				in.ExpectSHA256 = actiontest.SHA(cur + "changed")
				stale = true
			case "expect-random":
				in.ExpectSHA256 = actiontest.SHA(rapid.String().Draw(rt, "random"))
				stale = in.ExpectSHA256 != actiontest.SHA(cur) || !exists
			case "proof":
				in.Credentials = []trust.Credential{trust.NewProofOfRead(rel, []byte(cur))}
				stale = !exists
			case "proof-stale":
				in.Credentials = []trust.Credential{trust.NewProofOfRead(rel, []byte(cur+"x"))}
				stale = true
			case "proof-other-path":
				other := rapid.SampledFrom([]string{"demo/twin-a.md", "demo/twin-b.md", "demo/existing.md"}).Draw(rt, "other")
				oc, _ := read(other)
				in.Credentials = []trust.Credential{trust.NewProofOfRead(other, []byte(oc))}
				// Only a proof naming the very same file may pass.
				stale = filepath.Clean(other) != filepath.Clean(rel)
			case "proof-alias":
				in.Credentials = []trust.Credential{trust.NewProofOfRead("demo/../"+rel, []byte(cur))}
				stale = !exists
			}
			before := actiontest.Snapshot(t, w.Base)
			res, err := k.Submit(context.Background(), in, action.ChannelAPI)
			if err != nil {
				rt.Fatalf("Submit: %v", err)
			}
			after := actiontest.Snapshot(t, w.Base)
			if d := actiontest.DiffSnapshots(outside, actiontest.Snapshot(t, w.Outside)); d != "" {
				rt.Fatalf("outside changed by %+v:\n%s", in, d)
			}
			if stale && !res.Replayed {
				if res.Status == action.StatusDone {
					rt.Fatalf("stale/wrong-path approval %s was done: %+v", appr, res)
				}
				if d := worldDiff(before, after); d != "" {
					rt.Fatalf("stale/wrong-path approval %s changed the world:\n%s", appr, d)
				}
			}
			if res.Status != action.StatusDone || res.Replayed {
				if d := worldDiff(before, after); d != "" {
					rt.Fatalf("%s result changed the world:\n%s", res.Status, d)
				}
			} else {
				want := content
				if in.Mode == "append" {
					want = cur + content
				}
				if got, _ := read(rel); got != want {
					rt.Fatalf("done, but %s holds %q, want %q", rel, got, want)
				}
			}
			if !res.Replayed {
				lines++
			}
			sum := auditRecords(t, k)
			if sum.Records != lines || sum.Torn != 0 {
				rt.Fatalf("audit has %d records (%d torn), want %d", sum.Records, sum.Torn, lines)
			}
			var last action.AuditRecord
			f, _ := os.Open(filepath.Join(k.StateDir(), action.AuditFile))
			action.ReadAudit(f, func(r *action.AuditRecord) error { last = *r; return nil })
			f.Close()
			if !res.Replayed {
				a, _ := json.Marshal(last.Result)
				b, _ := json.Marshal(res)
				if string(a) != string(b) {
					rt.Fatalf("last audit record\n%s\nis not the result\n%s", a, b)
				}
			}
		}
	})
}

// worldDiff compares two snapshots of the base ignoring the kernel's state
// directory.
func worldDiff(a, b map[string]string) string {
	strip := func(m map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			if len(k) >= 4 && k[:4] == ".ef"+string(filepath.Separator) || k == ".ef/" {
				continue
			}
			out[k] = v
		}
		return out
	}
	return actiontest.DiffSnapshots(strip(a), strip(b))
}
