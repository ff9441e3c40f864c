package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// chatTrajectory writes an OpenAI chat log of n steps, each a question, a
// tool call, its output and an answer, whose words differ by variant.
func chatTrajectory(t *testing.T, path, variant string, n int) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"role":"user","content":"step %d of %s: look at the parser module again"}`+"\n", i, variant)
		fmt.Fprintf(&b, `{"role":"assistant","content":"checking %s step %d","tool_calls":[{"id":"c%d","type":"function","function":{"name":"bash","arguments":"{\"command\":\"grep -rn parse .\"}"}}]}`+"\n", variant, i, i)
		fmt.Fprintf(&b, `{"role":"tool","tool_call_id":"c%d","content":"%s"}`+"\n", i, strings.Repeat(variant+" parser.go:12: func parse(s string) error ", 40))
		fmt.Fprintf(&b, `{"role":"assistant","content":"the %s parser at step %d is fine"}`+"\n", variant, i)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// bundleCounts lists the sessions of the store at dir and how many
// bundles each has.
func bundleCounts(t *testing.T, dir string) map[string]int {
	t.Helper()
	st, err := bundle.Open(dir, bundle.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ids, err := st.Sessions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, id := range ids {
		infos, err := st.List(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		out[id] = len(infos)
	}
	return out
}

// The trial: `ef fold a/session.jsonl` and `ef fold b/session.jsonl`, two
// different trajectories, filed their checkpoints under one session (the
// file's name), so `ef store delete --session` deleted both. An imported
// session is now named by its content (or the id its format records); each
// is its own session, a re-fold reuses its checkpoints, and recall, search
// and delete find each apart.
func TestFoldTwoTrajectoriesOfOneName(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	a := chatTrajectory(t, filepath.Join(dir, "a", "session.jsonl"), "alpha", 30)
	b := chatTrajectory(t, filepath.Join(dir, "b", "session.jsonl"), "beta", 30)
	fold := func(log, out string, extra ...string) foldAccount {
		t.Helper()
		acc, text, err := foldRun(t, append([]string{log, "--store", store, "--out", filepath.Join(dir, out), "--window", "3000", "--json"}, extra...)...)
		if err != nil {
			t.Fatalf("fold %s: %v\n%s", log, err, text)
		}
		if acc.Stored == 0 {
			t.Fatalf("fold %s stored no checkpoint", log)
		}
		return acc
	}
	accA, accB := fold(a, "a.jsonl"), fold(b, "b.jsonl")
	if accA.SessionID == accB.SessionID {
		t.Fatalf("two trajectories named session.jsonl folded into one session %q", accA.SessionID)
	}
	got := bundleCounts(t, store)
	if len(got) != 2 || got[accA.SessionID] != accA.Stored || got[accB.SessionID] != accB.Stored {
		t.Fatalf("store sessions %v, want %s with %d and %s with %d bundles", got, accA.SessionID, accA.Stored, accB.SessionID, accB.Stored)
	}
	// The folded log carries the session it was filed under.
	s, err := hostshim.ReadSession(filepath.Join(dir, "a.jsonl"), hostshim.LogOptions{Lenient: true})
	if err != nil || s.ID != accA.SessionID {
		t.Fatalf("folded log of a: id %v (%v), want %s", s, err, accA.SessionID)
	}
	// Re-folding a names the same checkpoints and writes none.
	again := fold(a, "a2.jsonl")
	if again.SessionID != accA.SessionID || !slices.Equal(checkpointIDs(again), checkpointIDs(accA)) {
		t.Fatalf("re-fold: session %s, checkpoints %v; first fold %s, %v", again.SessionID, checkpointIDs(again), accA.SessionID, checkpointIDs(accA))
	}
	if n := bundleCounts(t, store)[accA.SessionID]; n != accA.Stored {
		t.Fatalf("re-fold: the session has %d bundles, %d before", n, accA.Stored)
	}
	// Recall finds a's first checkpoint in a's session only; search finds
	// each session's own words.
	ref := checkpointIDs(accA)[0]
	if out, errs, err := runCmd(t, RunRecall, "--store", store, "--session", accA.SessionID, ref); err != nil || !strings.Contains(out, "alpha") {
		t.Fatalf("recall %s in %s: %v\n%s%s", ref, accA.SessionID, err, out, errs)
	}
	if _, _, err := runCmd(t, RunRecall, "--store", store, "--session", accB.SessionID, ref); err == nil {
		t.Fatalf("recall of a's checkpoint %s in b's session %s succeeded", ref, accB.SessionID)
	}
	if out, errs, err := runCmd(t, RunSearch, "--store", store, "--session", accB.SessionID, "beta"); err != nil || !strings.Contains(out, "beta") || strings.Contains(out, "alpha") {
		t.Fatalf("search b's session: %v\n%s%s", err, out, errs)
	}
	// Deleting a's session leaves b's.
	if out, errs, err := runCmd(t, RunStore, "delete", store, "--session", accA.SessionID); err != nil {
		t.Fatalf("delete: %v\n%s%s", err, out, errs)
	}
	if got := bundleCounts(t, store); len(got) != 1 || got[accB.SessionID] != accB.Stored {
		t.Fatalf("after deleting %s: %v", accA.SessionID, got)
	}
}

func checkpointIDs(acc foldAccount) []string {
	var ids []string
	for _, f := range acc.Folds {
		if f.CheckpointID != "" {
			ids = append(ids, f.CheckpointID)
		}
	}
	return ids
}

// --session files the checkpoints under the id given, and the new log
// carries it, for a DSH log as for an imported one; a store that holds an
// imported file's session under the name older builds gave it (the file's
// name) is told where the new checkpoints go.
func TestFoldSessionFlag(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	// Two DSH logs of one file name are two sessions, by their own ids;
	// --session files one under another id, which its new log carries.
	dsh := func(sub, id string) string {
		b := enginetest.NewBuilder(t, id, hostshim.Gen017)
		for i := range 4 {
			b.TurnStart()
			b.User(fmt.Sprintf("step %d of %s: please look at the parser", i, id))
			b.Assistant(strings.Repeat("thinking about the parser. ", 30))
			b.TurnEnd()
		}
		p := filepath.Join(dir, sub, "session.jsonl")
		os.MkdirAll(filepath.Dir(p), 0o700)
		if err := hostshim.WriteSession(p, b.S, hostshim.LogOptions{}); err != nil {
			t.Fatal(err)
		}
		return p
	}
	dshStore := filepath.Join(dir, "dsh-store")
	for i, c := range []struct{ log, session, want string }{
		{dsh("x", "dsh-x"), "", "dsh-x"},
		{dsh("y", "dsh-y"), "", "dsh-y"},
		{filepath.Join(dir, "y", "session.jsonl"), "renamed", "renamed"},
	} {
		out := filepath.Join(dir, fmt.Sprintf("dsh-%d.jsonl", i))
		args := []string{c.log, "--store", dshStore, "--out", out, "--mode", "root", "--json"}
		if c.session != "" {
			args = append(args, "--session", c.session)
		}
		acc, text, err := foldRun(t, args...)
		if err != nil || acc.SessionID != c.want || acc.Stored != 1 {
			t.Fatalf("fold %s: %v, session %s, %d stored, want %s\n%s", c.log, err, acc.SessionID, acc.Stored, c.want, text)
		}
		if s, err := hostshim.ReadSession(out, hostshim.LogOptions{Lenient: true}); err != nil || s.ID != c.want {
			t.Fatalf("the new log of %s: %v, want id %s", c.log, err, c.want)
		}
	}
	if got := bundleCounts(t, dshStore); len(got) != 3 {
		t.Fatalf("DSH store sessions %v, want dsh-x, dsh-y, renamed", got)
	}
	chat := chatTrajectory(t, filepath.Join(dir, "c", "session.jsonl"), "gamma", 30)
	// An older build filed this file's session under its name.
	old, text, err := foldRun(t, chat, "--store", store, "--out", filepath.Join(dir, "old.jsonl"), "--window", "3000", "--json", "--session", "session.jsonl")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if old.SessionID != "session.jsonl" || bundleCounts(t, store)["session.jsonl"] != old.Stored {
		t.Fatalf("--session session.jsonl: filed under %s, store %v", old.SessionID, bundleCounts(t, store))
	}
	out, errs, err := runCmd(t, RunFold, chat, "--store", store, "--out", filepath.Join(dir, "new.jsonl"), "--window", "3000")
	if err != nil {
		t.Fatalf("%v\n%s%s", err, out, errs)
	}
	if !strings.Contains(errs, `holds `+count(old.Stored, "checkpoint")+` of session "session.jsonl"`) || !strings.Contains(errs, "--session session.jsonl") {
		t.Fatalf("no note on the session the store holds under the file's name:\n%s", errs)
	}
	// The folded log's id is the one given, so ef state finds the
	// checkpoints from it.
	s, err := hostshim.ReadSession(filepath.Join(dir, "old.jsonl"), hostshim.LogOptions{Lenient: true})
	if err != nil || s.ID != "session.jsonl" {
		t.Fatalf("folded log id %v (%v)", s, err)
	}
	if out, errs, err := runCmd(t, RunState, filepath.Join(dir, "old.jsonl"), "--store", store, "--json"); err != nil || !strings.Contains(out, `"source": "checkpoints"`) {
		t.Fatalf("state from the folded log: %v\n%s%s", err, out, errs)
	}
}
