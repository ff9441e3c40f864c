package action_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/origin/action"
)

// TestReplayAfterTornLine: a fragment left by a write cut by a crash stays
// a line of its own; actions after it are appended whole and an action_id
// given again is answered from the audit, by this kernel and by a new one.
func TestReplayAfterTornLine(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	k := actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	first := submitJSON(t, k, `{"action_id":"a1","relpath":"demo/a1.md","content":"1"}`)
	audit := filepath.Join(k.StateDir(), action.AuditFile)
	f, err := os.OpenFile(audit, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"t":"2026-12-01T00:00:00Z","seq":2,"result":{"spec":"2orig`) // torn
	f.Close()
	second := submitJSON(t, k, `{"action_id":"a2","relpath":"demo/a2.md","content":"2"}`)
	line2, _ := second.MarshalLine()
	for i, k := range []*action.Kernel{k, actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})} {
		for _, c := range []struct {
			intent string
			want   *action.Result
		}{
			{`{"action_id":"a1","relpath":"demo/a1.md","content":"1"}`, first},
			{`{"action_id":"a2","relpath":"demo/a2.md","content":"2"}`, second},
		} {
			r := submitJSON(t, k, c.intent)
			if !r.Replayed {
				t.Errorf("kernel %d: %s not replayed: %+v", i, c.want.ActionID, r)
			}
			r.Replayed = false
			a, _ := r.MarshalLine()
			b, _ := c.want.MarshalLine()
			if string(a) != string(b) {
				t.Errorf("kernel %d: replay\n%s\nwant\n%s", i, a, b)
			}
		}
	}
	rf, _ := os.Open(audit)
	defer rf.Close()
	sum, err := action.ReadAudit(rf, nil)
	if err != nil || sum.Records != 2 || sum.Torn != 1 {
		t.Errorf("audit %+v, %v; want 2 records and 1 torn line (%s)", sum, err, line2)
	}
}

// TestConcurrentKernelsOneWinner: kernels sharing a state directory (as
// separate processes do) serialise on its lock, so of many overwrites
// approved by the same expect_sha256 exactly one is done and the others
// find the hash stale.
func TestConcurrentKernelsOneWinner(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	const n = 6
	ks := make([]*action.Kernel, n)
	for i := range ks {
		ks[i] = actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}})
	}
	old := actiontest.SHA("old\n")
	results := make([]*action.Result, n)
	var wg sync.WaitGroup
	for i := range ks {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			content := string(rune('a'+i)) + "\n"
			in := action.Intent{Relpath: "demo/existing.md", Content: &content, ExpectSHA256: old}
			r, err := ks[i].Submit(context.Background(), in, action.ChannelAPI)
			if err != nil {
				t.Error(err)
			}
			results[i] = r
		}(i)
	}
	wg.Wait()
	done := 0
	var winner string
	for i, r := range results {
		switch r.Status {
		case action.StatusDone:
			done++
			winner = string(rune('a'+i)) + "\n"
		case action.StatusRequiresApproval:
		default:
			t.Errorf("kernel %d: %s (%s)", i, r.Status, r.Reason)
		}
	}
	b, _ := os.ReadFile(filepath.Join(w.Base, "demo", "existing.md"))
	if done != 1 || string(b) != winner {
		t.Errorf("%d done, file %q, winner %q", done, b, winner)
	}
	if sum := auditRecords(t, ks[0]); sum.Records != n {
		t.Errorf("audit has %d records, want %d", sum.Records, n)
	}
}
