package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/store"
)

// storeDelete implements `ef store delete <dir> --session ID`: the
// session delete of EF-RFC-001 §25 (store.Store.DeleteSession).
func storeDelete(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("store delete", "store delete (<dir> | --store <dir> | --project <dir>) --session ID [--json]", stderr,
		"Deletes a session: its bundles first, then its entries in the recall index.",
		"An index another process holds drops the entries at its next sync.")
	sf := addStoreFlags(fs, "the store directory (or give it as the argument)")
	session := fs.String("session", "", "the session to delete (required)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	dir, err := storeDirOf(fs, args, sf, "store delete", false, stderr)
	if err != nil {
		return err
	}
	if *session == "" {
		fs.Usage()
		return usageError("--session is required")
	}
	if err := checkStoreToWrite(dir); err != nil {
		return err
	}
	if storeDirEmpty(dir) {
		// An empty directory is an empty store not made yet: it holds no
		// session, and opening it would write its LOCK and index.
		if !bundle.ValidSessionID(*session) {
			return fmt.Errorf("%w: session id of %d bytes", bundle.ErrInvalidID, len(*session))
		}
		return printStoreDelete(stdout, dir, store.DeleteReport{SessionID: *session}, *asJSON)
	}
	st, err := store.Open(dir, store.Options{LockWait: func(waited time.Duration) {
		fmt.Fprintf(stderr, "ef store delete: waiting %s for the store lock (another ef or DSH process is writing %s)\n", waited.Round(time.Second), dir)
	}})
	if err != nil {
		return storeOpenToChangeError(err, dir, "ef store delete", "deleted")
	}
	defer st.Close()
	rep, err := st.DeleteSession(ctx, *session)
	if err != nil {
		return err
	}
	return printStoreDelete(stdout, dir, rep, *asJSON)
}

// printStoreDelete prints delete's report rep on dir, as JSON when asJSON.
func printStoreDelete(stdout io.Writer, dir string, rep store.DeleteReport, asJSON bool) error {
	if asJSON {
		return writeJSON(stdout, rep)
	}
	fmt.Fprintf(stdout, "%s: deleted session %q: %s, %s from the recall index\n", dir, rep.SessionID, count(rep.Bundles, "bundle"), count(rep.IndexCheckpoints, "checkpoint"))
	if rep.IndexSkipped != "" {
		fmt.Fprintf(stdout, "note: the recall index was not updated here (%s); it drops the session's entries at its next sync\n", rep.IndexSkipped)
	}
	return nil
}
