package action_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/origin/trust"
)

// The action kernel as a library: a new file is written at once (risk
// low); overwriting it needs proof that the caller read what is there now
// (risk medium), here a proof_of_read credential; a path leading out of
// the roots is denied. Every answer is an action.result, and every one of
// them is a line of the audit.
func Example() {
	ctx := context.Background()
	root, err := os.MkdirTemp("", "ef-act-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(root)

	// The roots are where actions may write; the audit, the backups and
	// the lock go to <root>/.ef/act unless Options.StateDir says otherwise.
	k, err := action.Open(action.Options{Roots: []string{root}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer k.Close()

	draft := "first draft\n"
	res, err := k.Submit(ctx, action.Intent{Relpath: "notes/plan.md", Content: &draft}, action.ChannelAPI)
	if err != nil { // only an audit that cannot be written, a closed kernel or ctx
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Risk, res.Approval)

	next := "second draft\n"
	res, _ = k.Submit(ctx, action.Intent{Relpath: "notes/plan.md", Content: &next}, action.ChannelAPI)
	fmt.Println(res.Status, res.Risk+":", res.Reason)

	// Read the file, then present the proof of that read.
	read, err := os.ReadFile(filepath.Join(root, "notes", "plan.md"))
	if err != nil {
		fmt.Println(err)
		return
	}
	proof := trust.NewProofOfRead("notes/plan.md", read)
	res, _ = k.Submit(ctx, action.Intent{Relpath: "notes/plan.md", Content: &next, Credentials: []trust.Credential{proof}}, action.ChannelAPI)
	fmt.Println(res.Status, res.Risk, res.Approval, "reversible:", res.Reversible)

	// An adapter passes the intent's JSON through as it came and prints
	// the result line SubmitJSON returns with the result.
	_, res, err = k.SubmitJSON(ctx, []byte(`{"relpath":"../escape.sh","content":"x"}`), action.ChannelAPI)
	if err != nil { // a malformed intent (ErrIntent) has no result
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status+":", res.Reason)
	// Output:
	// done low auto
	// requires_approval medium: risk medium needs proof_of_read, expect_sha256 or approval "confirm"
	// done medium proof_of_read reversible: true
	// denied: target "../escape.sh" is outside the roots
}
