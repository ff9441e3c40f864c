package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/internal/bundletest"
	"github.com/epistemicfold/ef/internal/recalltest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
)

// searchFixture writes a DSH session with Chinese text and the start of a
// Claude Agent SDK coding session into a fresh bundle store.
func searchFixture(t *testing.T) (string, []recalltest.Checkpoint, map[string]string) {
	t.Helper()
	// Skip when the corpus is absent before the once: a skip inside it
	// left the fixture unmade, and every later test failed ("were not
	// made") where it should have skipped.
	testutil.SharedDir(t)
	searchCkpts.once.Do(func() {
		var files []string
		for _, f := range testutil.CorpusFiles(t, "dsh-snapshots") {
			if strings.Contains(f, "goal-multi-turn-actions") {
				files = append(files, f)
			}
		}
		files = append(files, testutil.CorpusFiles(t, "openagents-autopilot-sdk")[0])
		sessions := recalltest.LoadSessions(t, files...)
		if len(sessions) != 2 {
			t.Fatalf("loaded %d sessions", len(sessions))
		}
		var ckpts []recalltest.Checkpoint
		ckpts = append(ckpts, recalltest.Fold("zh", "ck", sessions[0].Messages, 20, recalltest.T0)...)
		en := recalltest.Fold("en", "ck", sessions[1].Messages, 25, recalltest.T0+3_600_000)
		searchCkpts.ckpts = append(ckpts, en[:8]...)
	})
	ckpts := searchCkpts.ckpts
	if len(ckpts) == 0 {
		t.Fatal("the search fixture's checkpoints were not made (see the first test that asked for them)")
	}
	store, root := bundletest.MustOpen(t, bundle.Options{})
	paths := recalltest.FillStore(t, store, ckpts)
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	return root, ckpts, paths
}

// searchCkpts is searchFixture's checkpoints, made once per test process
// (importing the Claude Agent SDK session is seconds under -race and
// fifteen tests ask for the fixture); each test gets a store of its own
// filled with them, and only reads them.
var searchCkpts struct {
	once  sync.Once
	ckpts []recalltest.Checkpoint
}

func TestSearchCommand(t *testing.T) {
	root, _, _ := searchFixture(t)
	out, _, err := runCmd(t, RunSearch, "--store", root, "文件结构")
	if err != nil || !strings.Contains(out, "ref ck-") || !strings.Contains(out, "@zh") || !strings.Contains(out, "**文件结构**") {
		t.Fatalf("project search: %v\n%s", err, out)
	}
	out, _, err = runCmd(t, RunSearch, "--store", root, "--session", "en", "--json", "--limit", "5", `"No ready issues"`)
	if err != nil {
		t.Fatal(err)
	}
	var res recall.SearchResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json output: %v\n%s", err, out)
	}
	if res.Total == 0 || len(res.Hits) == 0 || len(res.Hits) > 5 || res.Hits[0].SessionID != "en" || strings.Contains(res.Hits[0].Ref, "@") {
		t.Fatalf("session search: %+v", res)
	}
	// The index persisted under the store and is reused.
	if _, err := os.Stat(recall.StoreIndexDir(root)); err != nil {
		t.Fatalf("index not kept: %v", err)
	}
	// Flags after the query, and "--" before a query starting with '-'.
	if _, _, err := runCmd(t, RunSearch, "Cargo.toml", "--store", root); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd(t, RunSearch, "--store", root, "--", "-x"); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"query"},
		{"--store", root},
		{"--store", root, "--project", root, "q"},
		{"--project", filepath.Join(root, "no-such-dir"), "q"},
		{"--store", root, `"unbalanced`},
		{"--store", root, "--limit", "500", "q"},
	} {
		if _, _, err := runCmd(t, RunSearch, args...); !errors.Is(err, errUsage) {
			t.Errorf("%q: %v, want a usage error", args, err)
		}
	}
}

// holdIndex opens the index of the store at root as a writer until the
// test ends, as another process (a DSH sidecar, ef fold) would hold it.
func holdIndex(t *testing.T, root string) {
	t.Helper()
	store := bundletest.MustOpenAt(t, root, bundle.Options{ReadOnly: true})
	held, err := recall.Open(recall.StoreIndexDir(root), bundlesource.New(store), recall.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { held.Close() })
}

func TestSearchCommandIndexLocked(t *testing.T) {
	root, _, _ := searchFixture(t)
	holdIndex(t, root)
	out, stderr, err := runCmd(t, RunSearch, "--store", root, "飞书")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "temporary index") {
		t.Errorf("stderr %q does not say it fell back", stderr)
	}
	if !strings.Contains(out, "matches") {
		t.Errorf("output:\n%s", out)
	}
}

func TestRecallCommand(t *testing.T) {
	root, ckpts, paths := searchFixture(t)
	c := ckpts[len(ckpts)-1]
	out, _, err := runCmd(t, RunRecall, "--store", root, "--session", c.SessionID, c.CheckpointID)
	if err != nil || !strings.Contains(out, "· summary ·") || !strings.Contains(out, strings.SplitN(c.Rendered, "\n", 2)[0]) {
		t.Fatalf("summary: %v\n%s", err, out)
	}
	out, _, err = runCmd(t, RunRecall, "--store", root, "--session", c.SessionID, "--depth", "detail", c.CheckpointID)
	if err != nil || !strings.Contains(out, "#0 ") || !strings.Contains(out, "#24 ") {
		t.Fatalf("detail: %v\n%s", err, out)
	}
	// Exact, as JSON, page by page: the raw strings are the archived bytes.
	var got [][]byte
	args := []string{"--store", root, "--depth", "exact", "--json", "--budget", "3000", c.CheckpointID + "@" + c.SessionID}
	for pages := 0; ; pages++ {
		if pages > 500 {
			t.Fatal("paging does not end")
		}
		out, _, err := runCmd(t, RunRecall, args...)
		if err != nil {
			t.Fatal(err)
		}
		var res recall.RecallResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		for _, m := range res.Exact {
			if m.Part != nil && m.Part.From > 0 {
				got[len(got)-1] = append(got[len(got)-1], m.Raw...)
			} else {
				got = append(got, []byte(m.Raw))
			}
		}
		if res.Next == nil {
			break
		}
		args = []string{"--store", root, "--session", c.SessionID, "--depth", "exact", "--json", "--budget", "3000",
			"--offset", strconv.Itoa(res.Next.Offset), res.Next.Ref}
	}
	if len(got) != len(c.Archive) {
		t.Fatalf("%d messages, want %d", len(got), len(c.Archive))
	}
	for i := range got {
		if !bytes.Equal(got[i], c.Archive[i]) {
			t.Fatalf("message %d differs from the archive", i)
		}
	}
	// An offset past the end is an empty page, as context_recall answers
	// it, not an error: exit 0, and the text says the page is empty and
	// where the content is.
	out, _, err = runCmd(t, RunRecall, "--store", root, "--session", c.SessionID, "--depth", "detail", "--offset", "1000", c.CheckpointID)
	if err != nil || !strings.Contains(out, "[empty page: offset 1000 is past the end: 25 messages, offsets 0–24]") {
		t.Fatalf("offset past the end: %v\n%s", err, out)
	}
	// A corrupt bundle: the reason is printed and the command fails.
	p := paths[c.SessionID+"/"+c.CheckpointID]
	raw, _ := os.ReadFile(p)
	raw[len(raw)-10] ^= 0xff
	if err := os.WriteFile(p, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, err = runCmd(t, RunRecall, "--store", root, "--session", c.SessionID, c.CheckpointID+"#3")
	if err == nil || !strings.Contains(out, "unavailable") {
		t.Fatalf("corrupt bundle: %v\n%s", err, out)
	}
	for _, a := range [][]string{
		{"--store", root, "ck-1"},
		{"--store", root, "--session", "en", "--depth", "all", "ck-1"},
		{"--store", root, "--session", "en"},
	} {
		if _, _, err := runCmd(t, RunRecall, a...); !errors.Is(err, errUsage) {
			t.Errorf("%q: %v, want a usage error", a, err)
		}
	}
}

// TestSearchRecallHumanOutput: the text a person reads names command-line
// flags for the next page and for reading a hit (JSON keeps the tool-call
// form), and a search in a session the store does not hold says so.
func TestSearchRecallHumanOutput(t *testing.T) {
	root, _, _ := searchFixture(t)
	out, _, err := runCmd(t, RunSearch, "--store", root, "--limit", "1", "文件结构")
	if err != nil {
		t.Fatal(err)
	}
	// The hint names the --limit given (it said "than 10" for --limit 1).
	if !strings.Contains(out, "1 of ") || !strings.Contains(out, "larger --limit than 1 (") || !strings.Contains(out, "To read a hit: ef recall --store "+root+" <ref>") || strings.Contains(out, "context_recall {") {
		t.Fatalf("search text:\n%s", out)
	}
	js, _, err := runCmd(t, RunSearch, "--store", root, "--limit", "1", "--json", "文件结构")
	if err != nil || strings.Contains(js, "ef recall") {
		t.Fatalf("search JSON: %v\n%s", err, js)
	}

	out, _, err = runCmd(t, RunRecall, "--store", root, "--session", "zh", "--depth", "detail", "--limit", "2", "ck-1")
	if err != nil {
		t.Fatal(err)
	}
	want := "Next page: ef recall --store " + root + " --session zh --depth detail --offset 2 --limit 2 ck-1]"
	if !strings.Contains(out, want) || strings.Contains(out, "context_recall {") {
		t.Fatalf("recall text lacks %q:\n%s", want, out)
	}
	js, _, err = runCmd(t, RunRecall, "--store", root, "--session", "zh", "--depth", "detail", "--limit", "2", "--json", "ck-1")
	if err != nil || !strings.Contains(js, `"next"`) {
		t.Fatalf("recall JSON keeps next: %v\n%s", err, js)
	}

	if _, _, err := runCmd(t, RunSearch, "--store", root, "--session", "no-such-session", "x"); err == nil || !strings.Contains(err.Error(), "no folded history") {
		t.Fatalf("unknown session: %v", err)
	}
	if got := shellQuote("it's here"); got != `'it'\''s here'` {
		t.Fatalf("shellQuote: %s", got)
	}
	if got := shellQuote("ck-1#2@zh"); got != "ck-1#2@zh" {
		t.Fatalf("shellQuote of a safe ref: %s", got)
	}
}

// `ef mcp` on a store whose index another process holds says, as ef mcp,
// that it searches a temporary index (it said "ef search:", a command the
// user never ran), and answers from it.
func TestMCPIndexLockedSaysMCP(t *testing.T) {
	root, _, _ := searchFixture(t)
	holdIndex(t, root)
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"context_search","arguments":{"query":"飞书","scope":"project"}}}`,
	}, "\n") + "\n"
	var out, stderr bytes.Buffer
	if err := runMCP(t.Context(), []string{"--store", root}, io.NopCloser(strings.NewReader(in)), nopWriteCloser{&out}, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stderr.String(), "ef mcp: cannot use the store's index") || !strings.Contains(stderr.String(), "temporary index") {
		t.Errorf("stderr %q does not say, as ef mcp, that it fell back", stderr.String())
	}
	if !strings.Contains(out.String(), `"id":2,"result"`) || !strings.Contains(out.String(), "matches") {
		t.Errorf("no search answer:\n%s", out.String())
	}
}

// holdIndexReadOnly opens the index of the store at root read-only until
// the test ends, as a reader in another process (ef mcp, ef search) holds
// it.
func holdIndexReadOnly(t *testing.T, root string) {
	t.Helper()
	store := bundletest.MustOpenAt(t, root, bundle.Options{ReadOnly: true})
	held, err := recall.Open(recall.StoreIndexDir(root), bundlesource.New(store), recall.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { held.Close() })
}

// A search next to another reader of a current index opens it read-only
// (readers coexist) instead of waiting for its write lock and building a
// temporary index.
func TestSearchCurrentIndexReadOnly(t *testing.T) {
	root, _, _ := searchFixture(t)
	if _, _, err := runCmd(t, RunSearch, "--store", root, "飞书"); err != nil {
		t.Fatal(err) // fills the store's index
	}
	holdIndexReadOnly(t, root)
	out, stderr, err := runCmd(t, RunSearch, "--store", root, "飞书")
	if err != nil || !strings.Contains(out, "matches") {
		t.Fatalf("search next to a reader: %v\n%s", err, out)
	}
	if strings.Contains(stderr, "temporary index") {
		t.Errorf("a current index was not searched read-only: %q", stderr)
	}
}

// A store whose index a writer holds gets one temporary index per
// process, not one per search, and each search says which.
func TestSearchTemporaryIndexOncePerProcess(t *testing.T) {
	root, _, _ := searchFixture(t)
	holdIndex(t, root)
	var first *recall.Index
	for i, want := range []string{"temporary index built from the bundles (once for this process)", "the temporary index this process built"} {
		out, stderr, err := runCmd(t, RunSearch, "--store", root, "飞书")
		if err != nil || !strings.Contains(out, "matches") {
			t.Fatalf("search %d: %v\n%s", i, err, out)
		}
		if !strings.Contains(stderr, want) {
			t.Errorf("search %d: stderr %q does not say %q", i, stderr, want)
		}
		idx, _, err := tempIndexFor(t.Context(), root)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = idx
		} else if idx != first {
			t.Error("a second temporary index was built")
		}
	}
}

// A store directory its user cannot write (a copy kept read-only) with a
// current index is searched through that index, read-only, and says so.
func TestSearchUnwritableStore(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes in any directory: permissions cannot make the store read-only (TestSearchCurrentIndexReadOnly covers the read-only open)")
	}
	root, _, _ := searchFixture(t)
	if _, _, err := runCmd(t, RunSearch, "--store", root, "飞书"); err != nil {
		t.Fatal(err)
	}
	lock := func(mode os.FileMode) {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, mode)
			}
			return nil
		})
	}
	lock(0o500)
	t.Cleanup(func() { lock(0o700) })
	out, stderr, err := runCmd(t, RunSearch, "--store", root, "飞书")
	if err != nil || !strings.Contains(out, "matches") {
		t.Fatalf("search of an unwritable store: %v\n%s", err, out)
	}
	if strings.Contains(stderr, "temporary index") || !strings.Contains(stderr, "opened it read-only: it is current") {
		t.Errorf("stderr %q", stderr)
	}
}

// --session is the ref's session: a ref whose own @session names another
// is refused, not read from the ref's session while the flag is ignored;
// the same session in both, or either alone, reads the checkpoint.
func TestRecallSessionContradictingRef(t *testing.T) {
	root, _ := storeFixture(t)
	if _, _, err := runCmd(t, RunRecall, "--store", root, "--session", "s1", "victim@s2"); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), `names session "s2", --session "s1"`) {
		t.Fatalf("contradicting --session: %v", err)
	}
	for _, args := range [][]string{
		{"--store", root, "--session", "s2", "victim@s2"},
		{"--store", root, "victim@s2"},
		{"--store", root, "--session", "s2", "victim"},
	} {
		if out, _, err := runCmd(t, RunRecall, args...); err != nil || !strings.Contains(out, "context_recall victim") {
			t.Errorf("%v: %v\n%s", args, err, out)
		}
	}
}

// ef search --session prints refs without @session, so its hint for
// reading a hit names the session: the command it gave, 'ef recall --store
// DIR <ref>', failed on every ref it printed ("names no session").
func TestSearchSessionHintReadsItsRefs(t *testing.T) {
	root, _, _ := searchFixture(t)
	out, _, err := runCmd(t, RunSearch, "--store", root, "--session", "zh", "文件结构")
	if err != nil {
		t.Fatal(err)
	}
	hint := "To read a hit: ef recall --store " + root + " --session zh <ref>"
	if !strings.Contains(out, hint) {
		t.Fatalf("search --session text lacks %q:\n%s", hint, out)
	}
	var ref string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 2 && f[1] == "ref" {
			ref = f[2]
			break
		}
	}
	if ref == "" || strings.Contains(ref, "@") {
		t.Fatalf("no ref without @session in:\n%s", out)
	}
	if got, _, err := runCmd(t, RunRecall, "--store", root, "--session", "zh", ref); err != nil || !strings.Contains(got, "context_recall "+ref) {
		t.Fatalf("the hint's command on %s: %v\n%s", ref, err, got)
	}
	// without --session the refs carry their session, and the hint names none
	out, _, err = runCmd(t, RunSearch, "--store", root, "文件结构")
	if err != nil || !strings.Contains(out, "To read a hit: ef recall --store "+root+" <ref>") {
		t.Fatalf("project search: %v\n%s", err, out)
	}
}

// A search that finds nothing words its advice as command-line flags: it
// said to try 'scope "project"' (a tool argument, no flag of ef search)
// and that 'context_recall' reads a message whole.
func TestSearchNoMatchesHintIsCommandLine(t *testing.T) {
	root, _, _ := searchFixture(t)
	out, _, err := runCmd(t, RunSearch, "--store", root, "--session", "zh", "zzqqxxnothing")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "no matches") || !strings.Contains(out, "a search without --session (every session of the store)") ||
		!strings.Contains(out, "ef recall reads a message whole") || strings.Contains(out, `scope "project"`) || strings.Contains(out, "context_recall") {
		t.Fatalf("no-match text:\n%s", out)
	}
}
