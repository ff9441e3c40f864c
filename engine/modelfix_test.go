package engine_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
	"github.com/epistemicfold/ef/projection"
)

// fixSession is a session with a failure that a different command fixes
// (the log's reading leaves it open) and a value the user changes in words
// the log does not read.
func fixSession(t testing.TB) *enginetest.Builder {
	b := enginetest.NewBuilder(t, "sess-fix", hostshim.Gen017)
	b.TurnStart()
	b.User("Bring up board 3. Set the boot delay to 0.")
	b.Assistant("Checking the PHY.", enginetest.Call{ID: "d1", Name: "bash", Args: `{"command":"bench ssh 3 'dmesg | grep -i fec'"}`})
	b.Result("d1", "fec 30be0000.ethernet eth0: registered PHC device 0\nfec 30be0000.ethernet eth0: Unable to connect to phy", true)
	b.Assistant("Fixing the device tree.", enginetest.Call{ID: "d2", Name: "bash", Args: `{"command":"bench flash --board 3 owl.dtb && bench ssh 3 'ethtool eth0 | grep Link'"}`})
	b.Result("d2", "\tLink detected: yes", false)
	b.User("ugh, with zero i can't catch the bootloader. boot delay 3 from now on, ops asked for it.")
	b.TurnEnd()
	work(b, 1, 4)
	return b
}

// TestModelFixAndValueThroughAFold: a fold whose model proposes the fix of
// a failure (a later run on the same board, the link up) and a newer value
// of a setting the log holds states the failure closed, not open, and the
// one current value; a rebuild from the bundle and a replay of the span
// from the log say the same.
func TestModelFixAndValueThroughAFold(t *testing.T) {
	ctx := context.Background()
	arch := enginetest.NewMemArchive()
	model := &scriptedModel{propose: func(req *engine.DigestRequest) []string {
		fail := ""
		for line := range strings.Lines(req.Proposals) {
			if f := strings.Fields(line); len(f) > 1 && f[1] == "failure" && strings.Contains(line, "registered PHC") {
				fail = f[0]
			}
		}
		return []string{
			fmt.Sprintf(`{"kind":"done","event":%q,"quote":"Link detected: yes","target":%q}`, idOf(req, "Link detected"), fail),
			fmt.Sprintf(`{"kind":"value","event":%q,"quote":"boot delay 3 from now on","subject":"boot delay","value":"3"}`, idOf(req, "ugh, with zero")),
		}
	}}
	b := fixSession(t)
	pol := engine.Policy{ContextWindow: 8000, RetainTokens: 1200, FoldFloorTokens: 500}
	e := newEngine(t, arch, pol, func(o *engine.Options) { o.Summarizer = model })
	rep, res, err := e.Fold(ctx, agentOf(b), engine.FoldRequest{Mode: engine.ModeRoot, Owner: hostshim.OwnerManual})
	if err != nil || res == nil {
		t.Fatalf("root fold: %v %+v", err, rep)
	}
	if rep.Proposals == nil || rep.Proposals.Admitted != 2 {
		t.Fatalf("proposals: %+v\n%s", rep.Proposals, rep.Text)
	}
	open, closed := section(rep.Text, "Open failures"), section(rep.Text, "Failures closed by evidence")
	if strings.Contains(open, "Unable to connect") || strings.Contains(open, "dmesg") || !strings.Contains(closed, "resolved") {
		t.Errorf("the fixed failure: open %q, closed %q\n%s", open, closed, rep.Text)
	}
	if vals := section(rep.Text, "Current values"); strings.Count(vals, "boot") != 1 || !strings.Contains(vals, "= 3 (was 0)") {
		t.Errorf("current values: %q\n%s", vals, rep.Text)
	}
	fromBundles, _, err := engine.ProjectSurface(ctx, b.S, arch, projection.Options{})
	if err != nil {
		t.Fatal(err)
	}
	replayed, rb, err := engine.ProjectSurface(ctx, b.S, noSnapshot{arch}, projection.Options{})
	if err != nil || rb.Replayed != 1 {
		t.Fatalf("replay: %v %+v", err, rb)
	}
	if got, want := headsJSON(t, replayed), headsJSON(t, fromBundles); got != want {
		t.Fatalf("replayed from the log:\n%s\nfrom the bundle:\n%s", got, want)
	}
	for _, a := range fromBundles.Heads() {
		if a.Kind == projection.KindFailure && strings.Contains(a.Value, "Unable to connect") || a.Kind == projection.KindValue && a.Value == "0" {
			t.Errorf("rebuilt state still holds %s %s = %s", a.ID, a.Key, a.Value)
		}
	}
}

// section is the lines of the checkpoint text's section titled title (up
// to the next title or blank line).
func section(text, title string) string {
	i := strings.Index(text, title)
	if i < 0 {
		return ""
	}
	rest := text[i+len(title):]
	var out []string
	for n, line := range strings.Split(rest, "\n") {
		if n == 0 {
			continue
		}
		if !strings.HasPrefix(strings.TrimSpace(line), "-") {
			break
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}
