package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/recall"
)

// deniedFS is the operating system's filesystem, except that it refuses,
// as a directory the user may not write does, to create a session
// directory or a file in one (what uid 65534 met folding a new session
// into a store made read-only: root, which the tests may run as, ignores
// modes).
type deniedFS struct{ bundle.OSFS }

func deniedIn(name string) bool {
	for p := name; p != filepath.Dir(p); p = filepath.Dir(p) {
		if strings.HasPrefix(filepath.Base(p), "s-") {
			return true
		}
	}
	return false
}

func (d deniedFS) MkdirAll(path string, perm fs.FileMode) error {
	if deniedIn(path) {
		return &fs.PathError{Op: "mkdir", Path: path, Err: syscall.EACCES}
	}
	return d.OSFS.MkdirAll(path, perm)
}

func (d deniedFS) CreatePending(name string) (bundle.PendingFile, error) {
	if deniedIn(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
	}
	return d.OSFS.CreatePending(name)
}

// The trial: a new session folded into a store the user could not write
// failed 260 folds one after another, printed a FAILED line for each and
// wrote a new log holding 260 failed compactions. A write the store
// refuses for good stops the fold as a full disk does: one failed fold,
// no new log, nothing of the store changed, an error naming the path,
// the cause and what to do.
func TestFoldStopsAtTheFirstRefusedWrite(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	store := filepath.Join(dir, "store")
	foldStoreFS = deniedFS{}
	t.Cleanup(func() { foldStoreFS = nil })
	out := filepath.Join(dir, "out.jsonl")
	stdout, stderr, err := runCmd(t, RunFold, log, "--store", store, "--out", out, "--window", "2000")
	stop, ok := errors.AsType[*foldStopped](err)
	if !ok || !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("fold into a store it may not write: %v, want it stopped\n%s%s", err, stdout, stderr)
	}
	if stop.fold != 1 || strings.Count(stdout, "FAILED") != 1 {
		t.Errorf("stopped at fold %d with %d FAILED lines, want the first and one\n%s", stop.fold, strings.Count(stdout, "FAILED"), stdout)
	}
	msg := err.Error()
	for _, want := range []string{"stopped at fold 1", "permission denied", filepath.Join(store, "s-"), "was not created", "writable by you", "another --store", "run the same ef fold command again"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error does not say %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "free space") {
		t.Errorf("the error sends the user to free disk space for a permission error:\n%s", msg)
	}
	if _, err := os.Lstat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("--out exists after a stopped fold: %v", err)
	}
	if files, _ := filepath.Glob(filepath.Join(store, "s-*")); len(files) != 0 {
		t.Errorf("the store holds %v", files)
	}

	// The cause gone, the same command folds the whole log.
	foldStoreFS = nil
	acc, text, err := foldRun(t, log, "--store", store, "--out", out, "--window", "2000", "--json")
	if err != nil || acc.Failed != 0 || len(foldedIDs(t, acc)) < 2 {
		t.Fatalf("the rerun: %v, %d failed\n%s", err, acc.Failed, text)
	}
}

// The same on real files, where the modes apply (not as root).
func TestFoldStopsOnAReadOnlyStore(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores directory modes (TestFoldStopsAtTheFirstRefusedWrite injects the refusal)")
	}
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	if _, text, err := foldRun(t, sampleLog(t, dir, "a.jsonl", 0), "--store", store, "--out", filepath.Join(dir, "a-out.jsonl"), "--window", "2000"); err != nil {
		t.Fatalf("first fold: %v\n%s", err, text)
	}
	raw, err := os.ReadFile(sampleLog(t, dir, "a.jsonl", 0))
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "b.jsonl")
	if err := os.WriteFile(other, []byte(strings.ReplaceAll(string(raw), "demo-1", "demo-2")), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(store, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(store, 0o700) })
	out := filepath.Join(dir, "b-out.jsonl")
	stdout, stderr, err := runCmd(t, RunFold, other, "--store", store, "--out", out, "--window", "2000")
	if _, ok := errors.AsType[*foldStopped](err); !ok || !errors.Is(err, fs.ErrPermission) || strings.Count(stdout, "FAILED") != 1 {
		t.Fatalf("fold of a new session into a read-only store: %v, want one failed fold and a stop\n%s%s", err, stdout, stderr)
	}
	if _, err := os.Lstat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("--out exists after a stopped fold: %v", err)
	}
}

// Which store errors stop a fold: the ones every later fold would meet
// too; not a lock another writer held, an interrupted call, a cancel, a
// damaged bundle (stopped for its own reason), or an error not of the
// store.
func TestFoldFullClassifiesStoreErrors(t *testing.T) {
	op := func(o string, e error) error {
		return fmt.Errorf("engine: archive write failed: %w", &bundle.Error{Op: o, Path: "/s/s-x", Err: &fs.PathError{Op: o, Path: "/s/s-x", Err: e}})
	}
	stops := []error{
		op("mkdir", syscall.EACCES), op("create", syscall.EPERM), op("write", syscall.EROFS),
		op("write", syscall.EIO), op("write", syscall.ENOSPC), op("write", syscall.EDQUOT),
		fmt.Errorf("x: %w", bundle.ErrFailStopped), fmt.Errorf("x: %w", bundle.ErrReadOnly),
		op("trust", fmt.Errorf("%w: owned by uid 0", bundle.ErrUntrusted)),
	}
	for _, err := range stops {
		if !foldFull(err) {
			t.Errorf("foldFull(%v) = false, want a stop", err)
		}
	}
	goes := []error{
		nil, op("lock", fmt.Errorf("%w: LOCK", bundle.ErrLocked)), op("write", syscall.EINTR), op("write", syscall.EAGAIN),
		fmt.Errorf("x: %w", errors.New("engine: fold vetoed")), fmt.Errorf("x: %w", syscall.EACCES), // not the store's
		fmt.Errorf("%w: %w", bundle.ErrStoredUnavailable, &bundle.UnavailableError{Reason: "corrupt", Err: op("readdir", syscall.EIO)}),
	}
	for _, err := range goes {
		if foldFull(err) {
			t.Errorf("foldFull(%v) = true, want the fold to go on", err)
		}
	}
	for err, want := range map[error]string{
		op("mkdir", syscall.EACCES): "writable by you", op("write", syscall.ENOSPC): "free space",
		op("write", syscall.EROFS): "read-only filesystem", fmt.Errorf("x: %w", bundle.ErrFailStopped): "ef store verify",
		op("write", syscall.EIO): "fix the cause",
	} {
		if got := foldRemedy(err, "/st"); !strings.Contains(got, want) {
			t.Errorf("foldRemedy(%v) = %q, want %q in it", err, got, want)
		}
	}
}

// The trial: a re-fold stopped at fold 5 by a damaged bundle first warned
// that the store "already held 9 checkpoints … this fold did not write or
// find again", the folds after the stop it never reached. A stopped run
// names only the earlier checkpoints it passed.
func TestFoldStoppedWarnsOnlyAboutWhatItPassed(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	store := filepath.Join(dir, "store")
	// --window 1400: three folds of this session (its checkpoints leave
	// DSH's runtime-context snapshots out, so 2000 needs only two)
	acc, text, err := foldRun(t, log, "--store", store, "--out", filepath.Join(dir, "a.jsonl"), "--window", "1400", "--json")
	first := foldedIDs(t, acc)
	if err != nil || len(first) < 3 {
		t.Fatalf("first fold: %v, %d checkpoints (want 3 or more)\n%s", err, len(first), text)
	}
	damageBundle(t, store, first[1])
	_, text, err = foldRun(t, log, "--store", store, "--out", filepath.Join(dir, "b.jsonl"), "--window", "1400")
	if stop, ok := errors.AsType[*foldStopped](err); !ok || stop.fold != 2 {
		t.Fatalf("re-fold over a damaged second bundle: %v, want it stopped at fold 2\n%s", err, text)
	}
	for _, never := range []string{"already held", "also holds", "did not write or find again"} {
		if strings.Contains(text, never) {
			t.Errorf("a stopped fold warns about checkpoints it never reached (%q):\n%s", never, text)
		}
	}
}

// foldPassed: a run that ended names every earlier checkpoint; a stopped
// one those stored up to the last it found again, by creation time then
// file time, never an unreadable one.
func TestFoldPassedStopsAtTheLastFound(t *testing.T) {
	t0 := time.Unix(1000, 0)
	info := func(id string, created int64, mod int, bad bool) bundle.Info {
		i := bundle.Info{CheckpointID: id, CreatedAt: created, ModTime: t0.Add(time.Duration(mod))}
		if bad {
			i.Err = errors.New("corrupt")
		}
		return i
	}
	prior := []bundle.Info{info("c3", 20, 3, false), info("c1", 10, 1, false), info("c2", 20, 2, false), info("c4", 30, 4, false), info("c5", 0, 5, true)}
	acc := &foldAccount{checkpoints: map[string]bool{"c1": true, "c2": true, "new": true}}
	stopped := errors.New("stopped")
	for _, c := range []struct {
		err  error
		acc  *foldAccount
		want []string
	}{
		{nil, acc, []string{"c3", "c1", "c2", "c4", "c5"}},
		{stopped, acc, []string{"c1", "c2"}}, // c3: same ms as c2, written after it
		{stopped, &foldAccount{checkpoints: map[string]bool{"c3": true}}, []string{"c3", "c1", "c2"}},
		{stopped, &foldAccount{checkpoints: map[string]bool{"new": true}}, nil},
		{stopped, &foldAccount{}, nil},
	} {
		if got := foldPassed(prior, c.acc, c.err); !slices.Equal(got, c.want) {
			t.Errorf("foldPassed(err %v, found %v) = %v, want %v", c.err, c.acc.checkpoints, got, c.want)
		}
	}
}

// The trial, over MCP: "ef-…#3@../../etc" (and its %2f-escaped form) was
// answered, as no error, "unavailable — unknown session … ef store verify
// lists the damaged bundles", and "../../etc/passwd" was told to add
// @<session>. Each is now an invalid id naming the rule, a tool error
// over MCP and a usage error of ef recall.
func TestRecallRefusesPathIDs(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	acc, text, err := foldRun(t, sampleLog(t, dir, "session.jsonl", 0), "--store", store, "--out", filepath.Join(dir, "a.jsonl"), "--window", "2000", "--json")
	ids := foldedIDs(t, acc)
	if err != nil || len(ids) == 0 {
		t.Fatalf("fold: %v\n%s", err, text)
	}
	cases := []struct{ ref, want string }{
		{ids[0] + "#3@../../etc", "invalid session id"},
		{ids[0] + "#3@..%2f..%2fetc", "invalid session id"},
		{"../../etc/passwd", "invalid checkpoint id"},
		{"../../etc/passwd@demo-1", "invalid checkpoint id"},
	}
	cs := mcpConnect(t, "--store", store)
	for _, c := range cases {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "context_recall", Arguments: map[string]any{"ref": c.ref}})
		if err != nil {
			t.Fatalf("%s: %v", c.ref, err)
		}
		got := mcpText(t, res)
		if !res.IsError || !strings.Contains(got, c.want) || !strings.Contains(got, "want ") || strings.Contains(got, "unknown session") || strings.Contains(got, "add @<session>") {
			t.Errorf("context_recall %q: isError %v, %q; want a tool error saying %q and the rule", c.ref, res.IsError, got, c.want)
		}
		_, _, err = runCmd(t, RunRecall, "--store", store, c.ref)
		if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ef recall %q: %v, want a usage error saying %q", c.ref, err, c.want)
		}
	}
	// The session a ref falls back on, and the one a fold files under.
	if _, _, err := runCmd(t, RunRecall, "--store", store, "--session", "../x", ids[0]); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "invalid session id") {
		t.Errorf("ef recall --session ../x: %v, want an invalid session id", err)
	}
	if _, _, err := runCmd(t, RunFold, sampleLog(t, dir, "session.jsonl", 0), "--store", store, "--out", filepath.Join(dir, "b.jsonl"), "--session", "a/../b"); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), recall.SessionIDRule) {
		t.Errorf("ef fold --session a/../b: %v, want a usage error naming the rule", err)
	}
	// The near miss: the ref as ef search prints it is served.
	if out, _, err := runCmd(t, RunRecall, "--store", store, ids[0]+"@demo-1"); err != nil || !strings.Contains(out, ids[0]) {
		t.Errorf("ef recall of a good ref: %v\n%s", err, out)
	}
}

// ef search on a store with a damaged bundle: the damaged checkpoint's
// hits are left out, in text and --json, with a note naming it and
// ef store verify; ef recall then agrees (the bundle is the truth).
func TestSearchLeavesOutADamagedBundle(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	acc, text, err := foldRun(t, sampleLog(t, dir, "session.jsonl", 0), "--store", store, "--out", filepath.Join(dir, "a.jsonl"), "--window", "2000", "--json")
	ids := foldedIDs(t, acc)
	if err != nil || len(ids) < 2 {
		t.Fatalf("fold: %v\n%s", err, text)
	}
	// A word of the first checkpoint's archive: its summary's first word
	// of six letters or more.
	query := func() string {
		out, _, err := runCmd(t, RunRecall, "--store", store, ids[0]+"@demo-1", "--depth", "detail", "--limit", "3")
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range strings.FieldsFunc(out, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
			if len(w) >= 6 {
				return w
			}
		}
		t.Fatalf("no word to search for in\n%s", out)
		return ""
	}()
	search := func() recall.SearchResult {
		out, _, err := runCmd(t, RunSearch, "--store", store, "--limit", "50", "--json", query)
		if err != nil {
			t.Fatal(err)
		}
		var res recall.SearchResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		return res
	}
	has := func(res recall.SearchResult) bool {
		for _, h := range res.Hits {
			if h.CheckpointID == ids[0] {
				return true
			}
		}
		return false
	}
	if res := search(); !has(res) || len(res.Unavailable) != 0 {
		t.Fatalf("intact: %q finds no hit of %s (unavailable %v)", query, ids[0], res.Unavailable)
	}
	damageBundle(t, store, ids[0])
	res := search()
	if has(res) || len(res.Unavailable) != 1 || res.Unavailable[0].CheckpointID != ids[0] || res.Unavailable[0].Hits == 0 {
		t.Errorf("damaged: hits of %s listed %v, unavailable %+v; want them left out and noted", ids[0], has(res), res.Unavailable)
	}
	out, _, err := runCmd(t, RunSearch, "--store", store, query)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Left out: ", "of checkpoint " + ids[0] + " (session demo-1)", "cannot be read", "ef store verify " + shellQuote(store) + " lists the damaged bundles"} {
		if !strings.Contains(out, want) {
			t.Errorf("ef search does not say %q:\n%s", want, out)
		}
	}
	if _, _, err := runCmd(t, RunRecall, "--store", store, ids[0]+"@demo-1"); err == nil {
		t.Errorf("ef recall of the damaged checkpoint succeeded")
	}
}
