package action_test

import (
	"context"
	"errors"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/origin/action"
)

// FuzzSubmitJSON: any bytes given as an intent either are refused as
// malformed (ErrIntent, nothing audited) or get a result; nothing panics,
// nothing outside the root changes, and every result is one audit line.
func FuzzSubmitJSON(f *testing.F) {
	for _, s := range actiontest.Steps() {
		f.Add([]byte(s.Intent))
	}
	f.Add([]byte(`{"relpath":"demo/x","content":"a","credentials":[null]}`))
	f.Add([]byte(`{"relpath":"` + "\xff" + `","content":"a"}`))
	w := actiontest.NewWorkspace(f)
	outside := actiontest.Snapshot(f, w.Outside)
	k := actiontest.OpenKernel(f, action.Options{Roots: []string{w.Base}})
	f.Fuzz(func(t *testing.T, data []byte) {
		before := auditRecords(t, k).Records
		line, res, err := k.SubmitJSON(context.Background(), data, action.ChannelAPI)
		after := auditRecords(t, k).Records
		switch {
		case errors.Is(err, action.ErrIntent):
			if line != nil || after != before {
				t.Fatalf("malformed intent gave a line or an audit record: %q", line)
			}
		case err != nil:
			t.Fatalf("SubmitJSON(%q): %v", data, err)
		case res.Replayed:
			if after != before {
				t.Fatalf("a replay was audited")
			}
		default:
			if after != before+1 {
				t.Fatalf("%d audit records for one action", after-before)
			}
		}
		if d := actiontest.DiffSnapshots(outside, actiontest.Snapshot(t, w.Outside)); d != "" {
			t.Fatalf("outside changed by %q:\n%s", data, d)
		}
	})
}
