package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/projection"
)

// TestStateTableOwner: ef state shows who holds a task the user took on
// themselves; the agent's task shows no owner.
func TestStateTableOwner(t *testing.T) {
	user := &projection.Anchor{ID: "b1.0", Kind: projection.KindObligation, Key: "obligation/-/ticket", Lifecycle: projection.Open,
		Value: "Das Ticket leg ich selbst im Jira an.", Because: "Das Ticket leg ich selbst im Jira an.", SourceRefs: []projection.EventRef{{Seq: 3}}}
	agent := &projection.Anchor{ID: "b2.0", Kind: projection.KindObligation, Key: "obligation/-/issue", Lifecycle: projection.Open,
		Value: "abre uma issue depois.", SourceRefs: []projection.EventRef{{Seq: 4}}}
	var b bytes.Buffer
	if err := writeStateTable(&b, []stateAnchor{stateAnchorOf(user), stateAnchorOf(agent)}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if len(lines) < 3 || !strings.Contains(lines[1], "im Jira an. · owner: user") {
		t.Errorf("the user's task shows no owner:\n%s", b.String())
	}
	if strings.Contains(lines[2], "owner") {
		t.Errorf("the agent's task shows an owner:\n%s", b.String())
	}
}
