package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/enginetest"
)

// poisons are message fragments a DSH log can hold but RFC 8785 cannot
// canonicalize: a lone surrogate escape (JSON.stringify of a string cut
// inside an emoji), raw invalid UTF-8, nesting past 1,000 and past
// encoding/json's 10,000, a duplicate member name, a number out of range.
var poisons = []struct {
	name, marker string
	bytes        string
}{
	{"lone surrogate", `"text":"P-SURR"`, `"text":"cut \ud83d"`},
	{"invalid UTF-8", `"text":"P-UTF8"`, "\"text\":\"bad \xff\xfe\xc0 bytes\""},
	{"deep 5000", `"text":"P-DEEP"`, `"text":"deep","x":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000)},
	{"duplicate key", `"text":"P-DUP"`, `"text":"dup","k":1,"k":2`},
	{"huge number", `"text":"P-NUM"`, `"text":"num","n":1e999`},
}

// poisonLog writes a session log whose tool results carry the poisons.
func poisonLog(t *testing.T, dir string) string {
	t.Helper()
	b := enginetest.NewBuilder(t, "poison-session", hostshim.Gen017)
	for i, p := range poisons {
		b.TurnStart()
		b.User(fmt.Sprintf("step %d: please look at %s", i, p.name))
		id := fmt.Sprintf("call-%d", i)
		b.Assistant(strings.Repeat("thinking about the next step. ", 20), enginetest.Call{ID: id, Name: "bash", Args: `{"command":"ls"}`})
		b.Result(id, strings.TrimSuffix(strings.TrimPrefix(p.marker, `"text":"`), `"`), false)
		b.Assistant(strings.Repeat("done with it. ", 20))
		b.TurnEnd()
	}
	clean := filepath.Join(dir, "clean.jsonl")
	if err := hostshim.WriteSession(clean, b.S, hostshim.LogOptions{}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(clean)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range poisons {
		if !bytes.Contains(data, []byte(p.marker)) {
			t.Fatalf("marker %s not in the log", p.marker)
		}
		data = bytes.ReplaceAll(data, []byte(p.marker), []byte(p.bytes))
	}
	log := filepath.Join(dir, "poison.jsonl")
	if err := os.WriteFile(log, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return log
}

// TestFoldArchivesPoisonMessagesExactly is the regression test of issue
// 11's poison messages: with a store, every fold over them used to fail
// ("json not canonicalizable"), leaving the surface unchanged forever.
func TestFoldArchivesPoisonMessagesExactly(t *testing.T) {
	dir := t.TempDir()
	log := poisonLog(t, dir)
	store := filepath.Join(dir, "store")
	acc, text, err := foldRun(t, log, "--store", store, "--out", filepath.Join(dir, "out.jsonl"), "--mode", "root", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if acc.Failed != 0 || len(acc.Folds) == 0 {
		t.Fatalf("folds %d, failed %d\n%s", len(acc.Folds), acc.Failed, text)
	}
	st := bundletest.MustOpenAt(t, store, bundle.Options{ReadOnly: true})
	var archived [][]byte
	type ref struct {
		ckpt  string
		index int
		msg   []byte
	}
	var refs []ref
	for _, f := range acc.Folds {
		if f.CheckpointID == "" {
			continue
		}
		b, err := st.Get(context.Background(), acc.SessionID, f.CheckpointID)
		if err != nil {
			t.Fatalf("bundle %s: %v", f.CheckpointID, err)
		}
		if len(b.Archive.RawMessages) == 0 {
			t.Errorf("bundle %s records no raw messages", f.CheckpointID)
		}
		for i, m := range b.Archive.ShadowedMessages {
			archived = append(archived, m)
			refs = append(refs, ref{f.CheckpointID, i, m})
		}
	}
	all := bytes.Join(archived, []byte("\n"))
	for _, p := range poisons {
		if !bytes.Contains(all, []byte(p.bytes)) {
			t.Errorf("%s: not archived byte-exact", p.name)
		}
	}
	// Recalled byte-exact through the CLI too, one message ref each.
	for _, a := range refs {
		for _, p := range poisons {
			if !bytes.Contains(a.msg, []byte(p.bytes)) || len(a.msg) > 4000 {
				continue
			}
			var out, errb bytes.Buffer
			ref := fmt.Sprintf("%s#%d", a.ckpt, a.index)
			if err := RunRecall(context.Background(), []string{"--store", store, "--session", acc.SessionID, ref}, &out, &errb); err != nil {
				t.Fatalf("recall %s: %v\n%s", ref, err, errb.String())
			}
			if !bytes.Contains(out.Bytes(), a.msg) {
				t.Errorf("recall %s (%s): not returned byte-exact\n%s", ref, p.name, out.String())
			}
		}
	}
}
