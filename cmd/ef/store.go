package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/store"
)

// RunStore implements `ef store <verify|gc|delete> ...`: checks and cleans
// a checkpoint bundle store (package bundle).
func RunStore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		storeUsage(stderr)
		if len(args) == 0 {
			return usageError("want a subcommand: verify, gc or delete")
		}
		return errHelp
	}
	switch args[0] {
	case "verify":
		return storeVerify(ctx, args[1:], stdout, stderr)
	case "gc":
		return storeGC(ctx, args[1:], stdout, stderr)
	case "delete":
		return storeDelete(ctx, args[1:], stdout, stderr)
	default:
		storeUsage(stderr)
		return usageError("unknown store subcommand %q", args[0])
	}
}

func storeUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: ef store verify [--json] [<dir> | --store <dir> | --project <dir>]")
	fmt.Fprintln(w, "       ef store gc (<dir> | --store <dir> | --project <dir>) [--grace 24h] [--referenced file [--allow-none-referenced]] [--json]")
	fmt.Fprintln(w, "       ef store delete (<dir> | --store <dir> | --project <dir>) --session ID [--json]")
	fmt.Fprintln(w, "The store is a directory, given as the argument or --store, or --project DIR: that workspace's default store (the")
	fmt.Fprintln(w, "one the DSH plugin fills and ef mcp serves there). verify without any reads the working directory's project's store.")
	fmt.Fprintln(w, "verify reads every bundle in the store and checks all its hashes (read-only, safe next to a writer).")
	fmt.Fprintln(w, "gc removes bundles not listed in --referenced (one checkpoint id per line) and older than --grace,")
	fmt.Fprintln(w, "and stale temp files; without --referenced it removes only temp files.")
	fmt.Fprintln(w, "delete removes a session's bundles, then its recall index entries (EF-RFC-001 §25).")
}

// storeDirOf parses a store subcommand's arguments and returns the store
// it works on: its one argument, --store DIR or --project DIR (that
// workspace's default store), exactly one of them. Without any, verify
// (read) reads the working directory's project's store, as ef search
// does (defaultStore); gc and delete, which change a store, need it named.
func storeDirOf(fs *flag.FlagSet, args []string, sf storeFlags, cmd string, read bool, stderr io.Writer) (string, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return "", err
	}
	if len(pos) > 1 {
		fs.Usage()
		return "", usageError("want one store directory, got %d arguments", len(pos))
	}
	named, err := sf.named()
	if err != nil {
		return "", err
	}
	switch {
	case len(pos) == 1 && named != "":
		flag := "--project"
		if *sf.store != "" {
			flag = "--store"
		}
		return "", usageError("the store is given twice, as the argument %s and as %s: give one", shellQuote(pos[0]), flag)
	case len(pos) == 1:
		return pos[0], nil
	case named != "":
		return named, nil
	case read:
		return defaultStore(cmd, stderr, "")
	}
	fs.Usage()
	return "", usageError("want the store: a directory, --store DIR or --project DIR")
}

// storeFailure is one unavailable bundle in the verify report.
type storeFailure struct {
	SessionID    string `json:"sessionId"`
	CheckpointID string `json:"checkpointId"`
	Path         string `json:"path"`
	Reason       string `json:"reason"`
	Error        string `json:"error"`
}

type storeVerifyReport struct {
	Root        string `json:"root"`
	Sessions    int    `json:"sessions"`
	Bundles     int    `json:"bundles"`
	OK          int    `json:"ok"`
	Unavailable int    `json:"unavailable"`
	// Bytes and Messages count the bundles that verified (OK), not the
	// unavailable ones.
	Bytes    int64          `json:"bytes"`
	Messages int            `json:"messages"`
	Failures []storeFailure `json:"failures"`
	// Lost are acknowledged bundles (listed in their session's manifest)
	// whose file is gone; Foreign are entries that are not the store's
	// (links, unknown files); Unlisted are bundle files no manifest lists
	// (written but never acknowledged, or older than manifests).
	Lost     []bundle.Missing `json:"lost"`
	Foreign  []string         `json:"foreign"`
	Unlisted []string         `json:"unlisted"`
}

func storeVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("store verify", "store verify [--json] [<dir> | --store <dir> | --project <dir>]", stderr,
		"Reads every bundle in the store and checks all its hashes (read-only, safe next to a writer).",
		"Without a store it verifies the working directory's project's store (the one ef mcp serves there).")
	sf := addStoreFlags(fs, "the store directory (or give it as the argument)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	dir, err := storeDirOf(fs, args, sf, "store verify", true, stderr)
	if err != nil {
		return err
	}
	if _, err := os.Stat(dir); err != nil {
		return err
	}
	s, err := bundle.Open(dir, bundle.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer s.Close()
	rep := storeVerifyReport{Root: dir, Failures: []storeFailure{}}
	sessions, err := s.Sessions(ctx)
	if err != nil {
		return err
	}
	rep.Sessions = len(sessions)
	if len(sessions) == 0 {
		if err := checkLooksLikeStore(dir); err != nil {
			return err
		}
	}
	for _, sid := range sessions {
		infos, err := s.List(ctx, sid)
		if err != nil {
			return err
		}
		for _, in := range infos {
			rep.Bundles++
			err := in.Err
			if err == nil {
				err = s.Verify(ctx, sid, in.CheckpointID)
			}
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				f := storeFailure{SessionID: sid, CheckpointID: in.CheckpointID, Path: in.Path, Reason: "error", Error: err.Error()}
				var ue *bundle.UnavailableError
				if errors.As(err, &ue) {
					f.Reason = ue.Reason
				}
				rep.Failures = append(rep.Failures, f)
				rep.Unavailable++
				continue
			}
			rep.OK++
			rep.Bytes += in.Bytes
			rep.Messages += in.Messages
		}
	}
	audit, err := s.Audit(ctx)
	if err != nil {
		return err
	}
	rep.Lost, rep.Foreign, rep.Unlisted = audit.Missing, audit.Foreign, audit.Unlisted
	if rep.Lost == nil {
		rep.Lost = []bundle.Missing{}
	}
	if rep.Foreign == nil {
		rep.Foreign = []string{}
	}
	if rep.Unlisted == nil {
		rep.Unlisted = []string{}
	}
	if *asJSON {
		if err := writeJSON(stdout, rep); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(stdout, "%s: %s in %s: %d ok, %d unavailable, %s lost, %s (%s, %s verified)\n",
			rep.Root, count(rep.Bundles, "bundle"), count(rep.Sessions, "session"), rep.OK, rep.Unavailable,
			count(len(rep.Lost), "acknowledged bundle"), count(len(rep.Foreign), "foreign entry"), count(rep.Messages, "message"), count(int(rep.Bytes), "byte"))
		for _, f := range rep.Failures {
			fmt.Fprintf(stdout, "UNAVAILABLE  session %q  checkpoint %s  reason %s\n  %s\n  %s\n", f.SessionID, f.CheckpointID, f.Reason, f.Path, f.Error)
		}
		for _, m := range rep.Lost {
			fmt.Fprintf(stdout, "LOST         session %q  checkpoint %s: acknowledged, file gone\n  %s\n", m.SessionID, m.CheckpointID, m.Path)
		}
		for _, f := range rep.Foreign {
			fmt.Fprintf(stdout, "FOREIGN      %s\n", f)
		}
		if n := len(rep.Unlisted); n > 0 {
			fmt.Fprintf(stdout, "note: %d bundle files are in no manifest (written but never acknowledged, or older than manifests)\n", n)
		}
	}
	var problems []string
	if rep.Unavailable > 0 {
		problems = append(problems, fmt.Sprintf("%d of %s unavailable", rep.Unavailable, count(rep.Bundles, "bundle")))
	}
	if len(rep.Lost) > 0 {
		problems = append(problems, count(len(rep.Lost), "acknowledged bundle")+" lost")
	}
	if len(rep.Foreign) > 0 {
		problems = append(problems, count(len(rep.Foreign), "foreign entry")+" in the store")
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

type storeGCReport struct {
	Root         string   `json:"root"`
	Grace        string   `json:"grace"`
	Referenced   int      `json:"referenced"`
	Sessions     int      `json:"sessions"`
	Scanned      int      `json:"scanned"`
	Removed      []string `json:"removed"`
	Kept         int      `json:"kept"`
	BytesFreed   int64    `json:"bytesFreed"`
	TempsRemoved int      `json:"tempsRemoved"`
	Skipped      int      `json:"skipped"`
}

func storeGC(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("store gc", "store gc (<dir> | --store <dir> | --project <dir>) [--grace 24h] [--referenced file [--allow-none-referenced]] [--json]", stderr,
		"Removes bundles not listed in --referenced (one checkpoint id per line) and older than --grace,",
		"and stale temp files; without --referenced it removes only temp files.")
	sf := addStoreFlags(fs, "the store directory (or give it as the argument)")
	grace := fs.Duration("grace", 24*time.Hour, "keep unreferenced bundles younger than this")
	refFile := fs.String("referenced", "", "file of referenced checkpoint ids, one per line (# comments); without it no bundle is removed")
	lockTimeout := fs.Duration("lock-timeout", 5*time.Second, "how long to wait for the store's writer lock")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	allowNone := fs.Bool("allow-none-referenced", false, "remove bundles even when --referenced names none of the store's checkpoints (an empty or wrong file otherwise stops gc)")
	dir, err := storeDirOf(fs, args, sf, "store gc", false, stderr)
	if err != nil {
		return err
	}
	if *grace < 0 {
		return usageError("--grace must not be negative")
	}
	var referenced map[string]bool
	if *refFile != "" {
		if referenced, err = storeReadReferenced(*refFile); err != nil {
			return err
		}
	}
	if err := checkStoreToWrite(dir); err != nil {
		return err
	}
	var r bundle.GCReport
	if storeDirEmpty(dir) {
		// An empty directory is an empty store not made yet: nothing to
		// collect, and opening it would write its LOCK.
		return printStoreGC(stdout, dir, *grace, referenced, r, *asJSON)
	}
	s, err := bundle.Open(dir, bundle.Options{LockTimeout: *lockTimeout})
	if err != nil {
		return storeOpenToChangeError(err, dir, "ef store gc", "removed")
	}
	defer s.Close()
	if referenced != nil && !*allowNone {
		if n, err := storeNamesNone(ctx, s, referenced); err != nil {
			return err
		} else if n > 0 {
			// An empty file, or one of another store, would remove every
			// bundle past the grace.
			return fmt.Errorf("store gc: %s names none of the %s in %s; every one older than --grace would be removed (check the file, or pass --allow-none-referenced)",
				*refFile, count(n, "checkpoint"), dir)
		}
	}
	if r, err = s.GC(ctx, referenced, *grace); err != nil {
		return err
	}
	return printStoreGC(stdout, dir, *grace, referenced, r, *asJSON)
}

// printStoreGC prints gc's report r on dir, as JSON when asJSON.
func printStoreGC(stdout io.Writer, dir string, grace time.Duration, referenced map[string]bool, r bundle.GCReport, asJSON bool) error {
	rep := storeGCReport{Root: dir, Grace: grace.String(), Referenced: len(referenced), Sessions: r.Sessions, Scanned: r.Scanned,
		Removed: r.Removed, Kept: r.Kept, BytesFreed: r.BytesFreed, TempsRemoved: r.TempsRemoved, Skipped: r.Skipped}
	if rep.Removed == nil {
		rep.Removed = []string{}
	}
	if asJSON {
		return writeJSON(stdout, rep)
	}
	if referenced == nil {
		fmt.Fprintln(stdout, "no --referenced file: removing only stale temp files")
	}
	fmt.Fprintf(stdout, "%s: scanned %s in %s: removed %d (%s), kept %d; %s removed\n",
		rep.Root, count(rep.Scanned, "bundle"), count(rep.Sessions, "session"), len(rep.Removed), count(int(rep.BytesFreed), "byte"), rep.Kept, count(rep.TempsRemoved, "temp file"))
	for _, id := range rep.Removed {
		fmt.Fprintf(stdout, "removed  %s\n", id)
	}
	return nil
}

// storeNamesNone is the number of checkpoints in s when referenced names
// none of them, else 0.
func storeNamesNone(ctx context.Context, s *bundle.Store, referenced map[string]bool) (int, error) {
	sessions, err := s.Sessions(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range sessions {
		infos, err := s.Names(ctx, id)
		if err != nil {
			return 0, err
		}
		for _, in := range infos {
			if referenced[in.CheckpointID] {
				return 0, nil
			}
			n++
		}
	}
	return n, nil
}

// storeReadReferenced reads checkpoint ids, one per line; blank lines and
// lines starting with # are ignored.
func storeReadReferenced(path string) (map[string]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !bundle.ValidCheckpointID(line) {
			return nil, fmt.Errorf("%s:%d: invalid checkpoint id %q", path, n, line)
		}
		out[line] = true
	}
	return out, sc.Err()
}

// checkStoreToWrite refuses a store directory that does not exist or is
// not a store (checkLooksLikeStore) before a command opens it for
// writing: opening for writing takes the store's LOCK, and a directory
// that is not a store must be left with nothing new in it.
// storeOpenToChangeError is the error of command (ef store gc, ef store
// delete) when the store dir cannot be opened for writing: a cause the
// owner must fix (a read-only filesystem, a directory they may not write)
// gets what to do, and the word that nothing was done yet (what the
// command would have done: "removed", "deleted").
func storeOpenToChangeError(err error, dir, command, done string) error {
	remedy := ""
	switch {
	case errors.Is(err, syscall.EROFS) || errors.Is(err, bundle.ErrReadOnly):
		remedy = fmt.Sprintf("%s is on a read-only filesystem: remount it read-write, or run %s where it is writable", dir, command)
	case errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EPERM):
		remedy = fmt.Sprintf("make %s and its session directories writable by you (ls -ld %s shows their owner and mode)", dir, shellQuote(dir))
	default:
		return err
	}
	return fmt.Errorf("%w\n  nothing was %s; to go on: %s, then run the same %s command again", err, done, remedy, command)
}

func checkStoreToWrite(dir string) error {
	if _, err := os.Stat(dir); err != nil {
		return err
	}
	return checkLooksLikeStore(dir)
}

// checkLooksLikeStore refuses a directory that holds files but nothing a
// store writes (its LOCK, session directories, the recall index, a
// writer's temporary or deleted entries), so that `ef store verify`
// pointed at the wrong directory does not report "0 bundles … ok", and a
// project directory given as --store (its .git is no store file) gets no
// LOCK or index. An empty directory reads as an empty store; a reader
// creates nothing in it all the same (storeDirEmpty).
func checkLooksLikeStore(dir string) error {
	return checkStoreDir(dir, "give the directory ef fold --store wrote")
}

// checkStoreToFold refuses a --store for ef fold or ef serve (the
// commands that fold into it) that exists and is not a store: a new store
// is made only in a directory that is missing or empty, never among a
// directory's own files (a git checkout given by mistake would get a
// LOCK, .recall and session directories).
func checkStoreToFold(dir string) error {
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return checkStoreDir(dir, "a new store is made only in a missing or empty directory: give one, or the directory of an existing store")
}

// checkStoreDir refuses a directory that holds entries and none of a
// store's, saying what to do (hint).
func checkStoreDir(dir, hint string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) == 0 || slices.ContainsFunc(entries, store.IsStoreEntry) {
		return nil
	}
	return fmt.Errorf("%s is not an ef store: it holds %s and no store files (LOCK, session directories); %s", dir, count(len(entries), "entry"), hint)
}

// storeDirEmpty reports whether dir is an empty directory: not a store
// yet, read as an empty one, in which a command that only reads must
// create nothing (ef search and ef mcp then search a temporary index
// outside it rather than make the store's .recall).
func storeDirEmpty(dir string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	return len(names) == 0 && errors.Is(err, io.EOF)
}
