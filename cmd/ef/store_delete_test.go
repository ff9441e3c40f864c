package main

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/storetest"
	"github.com/epistemicfold/ef/store"
)

// indexedStoreFixture is storeFixture with its recall index filled.
func indexedStoreFixture(t *testing.T) string {
	t.Helper()
	root, _ := storeFixture(t)
	st := storetest.MustOpen(t, root, store.Options{})
	defer st.Close() // the commands under test take the index's lock
	if _, err := st.Index.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestStoreDelete(t *testing.T) {
	root := indexedStoreFixture(t)
	ctx := context.Background()
	out, errs, err := runCmd(t, RunStore, "delete", root, "--session", "s1", "--json")
	if err != nil {
		t.Fatalf("delete: %v\n%s", err, errs)
	}
	var rep store.DeleteReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if rep.SessionID != "s1" || rep.Bundles != 2 || rep.IndexCheckpoints != 2 || rep.IndexSkipped != "" {
		t.Fatalf("report %+v", rep)
	}

	st := storetest.MustOpen(t, root, store.Options{ReadOnly: true})
	ids, err := st.Bundles.Sessions(ctx)
	wm := st.Index.Watermark()
	st.Close()
	if err != nil || len(ids) != 1 || ids[0] != "s2" {
		t.Fatalf("sessions left: %q, %v", ids, err)
	}
	if len(wm["s1"]) != 0 || len(wm["s2"]) != 1 {
		t.Fatalf("index watermark after delete: %v", wm)
	}

	// Again: the session is unknown now, and the command says so.
	_, _, err = runCmd(t, RunStore, "delete", "--session", "s1", root)
	if !errors.Is(err, store.ErrUnknownSession) || !strings.Contains(err.Error(), `"s1"`) {
		t.Fatalf("second delete: %v; want ErrUnknownSession naming s1", err)
	}

	// Usage errors delete nothing.
	for _, args := range [][]string{
		{"delete", root},
		{"delete", "--session", "s2"},
		{"delete", root, filepath.Join(root, "x"), "--session", "s2"},
	} {
		if _, _, err := runCmd(t, RunStore, args...); !errors.Is(err, errUsage) {
			t.Fatalf("%q: %v; want a usage error", args, err)
		}
	}
	if _, _, err := runCmd(t, RunStore, "delete", filepath.Join(t.TempDir(), "missing"), "--session", "s2"); err == nil {
		t.Fatal("delete in a missing directory succeeded")
	}
	if out, _, err := runCmd(t, RunStore, "delete", root, "--session", "s2"); err != nil || !strings.Contains(out, `deleted session "s2": 1 bundle, 1 checkpoint`) {
		t.Fatalf("delete s2: %v\n%s", err, out)
	}
}
