package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Flags may follow the positional argument in inspect and act, as they do
// in fold, search, recall, store, origin and context.
func TestFlagsAfterPositional(t *testing.T) {
	code, out, errs := runCLI(t, "inspect", inspectSample, "--json")
	if code != 0 {
		t.Fatalf("ef inspect LOG --json: exit %d: %s", code, errs)
	}
	var rep inspectReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Nodes) == 0 {
		t.Fatalf("ef inspect LOG --json: not the JSON report (%v): %.200s", err, out)
	}

	base := t.TempDir()
	intent := filepath.Join(t.TempDir(), "intent.json")
	if err := os.WriteFile(intent, []byte(`{"kind":"action.intent","relpath":"notes.txt","content":"hello\n"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, "act", intent, "--root", base)
	if code != 0 || !strings.Contains(out, `"status":"done"`) {
		t.Fatalf("ef act INTENT --root DIR: exit %d: %s%s", code, out, errs)
	}
	if b, err := os.ReadFile(filepath.Join(base, "notes.txt")); err != nil || string(b) != "hello\n" {
		t.Fatalf("the intent was not carried out: %q %v", b, err)
	}
}

// Bad numbers are refused with a message about the number, before any
// work is done.
func TestBadNumbersAreNamed(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.jsonl")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"fold", inspectSample, "--out", out, "--window", "-5"}, "--window and --budget must not be negative"},
		{[]string{"fold", inspectSample, "--out", out, "--mode", "emergency", "--budget", "-3"}, "--window and --budget must not be negative"},
		{[]string{"fold", inspectSample, "--out", out}, "--mode auto (the default) needs --window N"},
		{[]string{"search", "--store", dir, "--budget", "-1", "word"}, "--budget must be 256 to 16000 (or 0 for 4000), got -1"},
		{[]string{"recall", "--store", dir, "--budget", "-1", "ckpt-1@s"}, "--budget must be 256 to 16000 (or 0 for 4000), got -1"},
	}
	for _, c := range cases {
		code, _, errs := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("ef %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused fold wrote its --out")
	}
}

// ef fold checks --out before it reads the log: it must not exist, and
// the directory it goes in must (the same check as bench's --corpus).
func TestFoldChecksOutFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o600)
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct{ out, want string }{
		{file, "--out " + file + " exists: ef fold never overwrites a log"},
		{filepath.Join(missing, "out.jsonl"), "--out " + filepath.Join(missing, "out.jsonl") + ": stat " + missing + ": no such file"},
		{filepath.Join(file, "out.jsonl"), ": not a directory"}, // Lstat's ENOTDIR
	} {
		code, _, errs := runCLI(t, "fold", inspectSample, "--out", c.out, "--mode", "root")
		if code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("ef fold --out %s: exit %d, stderr %q; want exit 1 and %q", c.out, code, errs, c.want)
		}
	}
}

// ef bench checks --corpus and --html before the replay (which takes
// minutes), so a typo costs nothing and is named.
func TestBenchChecksPathsFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o600)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--corpus", filepath.Join(dir, "missing")}, "--corpus: stat " + filepath.Join(dir, "missing")},
		{[]string{"bench", "--corpus", file}, "--corpus: " + file + " is not a directory"},
		{[]string{"bench", "--html", filepath.Join(file, "report")}, "--html: mkdir " + file + ": not a directory"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("ef %s: exit %d, stdout %.100q, stderr %q; want exit 1, no report and %q", strings.Join(c.args, " "), code, out, errs, c.want)
		}
	}
}

// ef origin hash answers -h like every other command, instead of reading
// a file named "-h".
func TestOriginHashHelp(t *testing.T) {
	code, out, errs := runCLI(t, "origin", "hash", "-h")
	if code != 0 || out != "" || !strings.Contains(errs, "usage: ef origin hash") {
		t.Fatalf("ef origin hash -h: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = runCLI(t, "origin", "hash", "--bogus")
	if code != 2 || !strings.Contains(errs, "-bogus") {
		t.Fatalf("ef origin hash --bogus: exit %d, stderr %q", code, errs)
	}
	code, out, errs = runCLI(t, "origin", "hash", "../../origin/testdata/reference/task.origin.json")
	if code != 0 || len(strings.TrimSpace(out)) != 64 {
		t.Fatalf("ef origin hash FILE: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// ef state --store reads a store: a missing one is an error, not a new
// empty store whose "checkpoints" the state is then said to come from.
func TestStateMissingStore(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-store")
	code, out, errs := runCLI(t, "state", inspectSample, "--store", missing)
	if code != 1 || !strings.Contains(errs, "--store: stat "+missing) || out != "" {
		t.Fatalf("ef state --store MISSING: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("ef state created the missing store")
	}
}

// ef store gc refuses a directory that is not a store before taking the
// store's lock, so it leaves no LOCK file behind.
func TestStoreGCNotAStore(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "store", "gc", dir)
	if code != 1 || !strings.Contains(errs, "is not an ef store") || out != "" {
		t.Fatalf("ef store gc NOT-A-STORE: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	es, _ := os.ReadDir(dir)
	if len(es) != 1 {
		t.Fatalf("ef store gc left entries in a non-store directory: %v", es)
	}
}

// Every ef origin subcommand's -h starts with its argument line.
func TestOriginHelpNamesArguments(t *testing.T) {
	for sub, want := range map[string]string{
		"put":    "usage: ef origin put DIR --task ID --expect HASH|new [FILE|-]",
		"show":   "usage: ef origin show DIR --task ID",
		"verify": "usage: ef origin verify DIR",
		"bundle": "usage: ef origin bundle DIR",
		"export": "usage: ef origin export LOG --out DIR --task ID",
	} {
		code, out, errs := runCLI(t, "origin", sub, "-h")
		if code != 0 || out != "" || !strings.HasPrefix(errs, want) {
			t.Errorf("ef origin %s -h: exit %d, stdout %q, stderr %.120q; want it to start with %q", sub, code, out, errs, want)
		}
	}
}

// The ef origin summary names export's --scope: without one, an exported
// task answers only a context.request scoped "*" or "task:ID".
func TestOriginSummaryNamesExportScope(t *testing.T) {
	_, _, errs := runCLI(t, "origin", "--help")
	if !strings.Contains(errs, "export LOG --out DIR --task ID [--scope S]") {
		t.Errorf("ef origin --help does not name export's --scope:\n%s", errs)
	}
}

// ef origin bundle --json and put --json speak the wire's snake_case, not
// Go field names.
func TestOriginJSONIsSnakeCase(t *testing.T) {
	dir := t.TempDir()
	doc := `{"spec":"2origin/0.2","kind":"task.origin","id":"demo","goal":"ship it","scope":"project:x","current_state":"started","next_steps":["finish"]}`
	out, errs, code := runEF(t, doc, "origin", "put", dir, "--task", "demo", "--expect", "new", "--json")
	if code != 0 {
		t.Fatalf("put: %d %s", code, errs)
	}
	var put map[string]any
	if err := json.Unmarshal([]byte(out), &put); err != nil || put["content_hash"] == nil || put["status"] != "created" {
		t.Fatalf("ef origin put --json: %v %s", err, out)
	}
	out, errs, code = runEF(t, "", "origin", "bundle", dir, "--json")
	if code != 0 {
		t.Fatalf("bundle: %d %s", code, errs)
	}
	var b map[string]any
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatalf("ef origin bundle --json: %v %s", err, out)
	}
	for _, k := range []string{"text", "tokens", "budget", "current", "tasks_loaded", "facts_loaded", "over_budget"} {
		if _, ok := b[k]; !ok {
			t.Errorf("ef origin bundle --json lacks %q: %.300s", k, out)
		}
	}
	for k := range b {
		if k != strings.ToLower(k) {
			t.Errorf("ef origin bundle --json has a Go field name %q", k)
		}
	}
}

// A bad ref of 100 KB is quoted by its start and its length, not echoed.
func TestRecallHugeRefIsTruncated(t *testing.T) {
	ref := strings.Repeat("x y", 34000)
	code, _, errs := runCLI(t, "recall", "--store", t.TempDir(), ref)
	if code == 0 || !strings.Contains(errs, "bad ref") || !strings.Contains(errs, "(102000 bytes)") || len(errs) > 1000 {
		t.Fatalf("ef recall HUGE-REF: exit %d, %d bytes of stderr: %.300q", code, len(errs), errs)
	}
}

// A path is named once in an error: "open X: no such file", not
// "open X: open X: no such file".
func TestErrorsNamePathOnce(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.jsonl")
	for _, args := range [][]string{
		{"inspect", missing},
		{"state", missing},
		{"fold", missing, "--out", missing + ".out", "--window", "1000"},
	} {
		code, _, errs := runCLI(t, args...)
		if code != 1 || strings.Count(errs, missing) != 1 || !strings.Contains(errs, "no such file") {
			t.Errorf("ef %s: exit %d, stderr %q; want the path named once", args[0], code, errs)
		}
	}
}

// ef search --limit 0 is refused by name: the library reads 0 as "the
// default", but on the command line it was typed.
func TestSearchLimitZeroRefused(t *testing.T) {
	for _, n := range []string{"0", "-1", "51"} {
		code, out, errs := runCLI(t, "search", "--store", t.TempDir(), "--limit", n, "word")
		if code != 2 || !strings.Contains(errs, "--limit must be 1 to 50, got "+n) || out != "" {
			t.Errorf("ef search --limit %s: exit %d, stdout %q, stderr %q", n, code, out, errs)
		}
	}
}

// ef search and ef recall refuse a --budget the library would change
// (raise to recall.MinBudget, lower to recall.MaxBudget) instead of
// answering to another budget than the one typed; the bounds are accepted.
func TestBudgetOutOfRangeRefused(t *testing.T) {
	for _, cmd := range []string{"search", "recall"} {
		for _, n := range []string{"-1", "1", "100", "255", "16001"} {
			code, out, errs := runCLI(t, cmd, "--store", t.TempDir(), "--budget", n, "word")
			if code != 2 || !strings.Contains(errs, "--budget must be 256 to 16000 (or 0 for 4000), got "+n) || out != "" {
				t.Errorf("ef %s --budget %s: exit %d, stdout %q, stderr %q", cmd, n, code, out, errs)
			}
		}
		for _, n := range []string{"0", "256", "16000"} {
			_, _, errs := runCLI(t, cmd, "--store", t.TempDir(), "--budget", n, "word")
			if strings.Contains(errs, "--budget") {
				t.Errorf("ef %s --budget %s refused: %q", cmd, n, errs)
			}
		}
	}
}

// ef bench --sweep checks every --corpora directory before the first run.
func TestBenchSweepChecksCorporaFirst(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	code, out, errs := runCLI(t, "bench", "--sweep", "--windows", "4096", "--personas", "faithful", "--corpora", "builtin,"+missing)
	if code != 1 || !strings.Contains(errs, "--corpora: stat "+missing) || out != "" || strings.Contains(errs, "ef bench --sweep: ") {
		t.Fatalf("ef bench --sweep --corpora MISSING: exit %d, stdout %.100q, stderr %.300q", code, out, errs)
	}
}

// The read commands refuse a --store that is not a store (a project
// directory, with its .git, given by mistake) instead of answering "no
// matches" from an index they create in it; ef store gc refuses it too.
func TestReadCommandsRefuseANonStore(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o600)
	os.Mkdir(filepath.Join(dir, ".git"), 0o700)
	for _, args := range [][]string{
		{"search", "--store", dir, "foo"},
		{"recall", "--store", dir, "--session", "s1", "ef-x"},
		{"state", inspectSample, "--store", dir},
		{"mcp", "--store", dir},
		{"serve", "--store", dir},
		{"store", "gc", dir},
		{"store", "delete", dir, "--session", "s1"},
		{"store", "verify", dir},
	} {
		code, out, errs := runCLI(t, args...)
		if code != 1 || !strings.Contains(errs, "is not an ef store") || out != "" {
			t.Errorf("ef %s: exit %d, stdout %.100q, stderr %.200q; want 1 and \"is not an ef store\"", strings.Join(args, " "), code, out, errs)
		}
	}
	es, _ := os.ReadDir(dir)
	if len(es) != 2 {
		t.Errorf("the commands left entries in a directory that is not a store: %v", es)
	}
}

// ef fold --store refuses a directory that holds files and is not a store
// (a project checkout given by mistake), as the read commands do, and
// leaves nothing in it: it used to write LOCK, .recall and a session
// directory among the project's files. A missing or empty directory
// becomes a new store.
func TestFoldRefusesADirectoryThatIsNotAStore(t *testing.T) {
	dir := t.TempDir()
	log := sampleLog(t, dir, "session.jsonl", 0)
	project := filepath.Join(dir, "project")
	os.MkdirAll(filepath.Join(project, ".git"), 0o700)
	os.WriteFile(filepath.Join(project, "main.go"), []byte("package main\n"), 0o600)
	out := filepath.Join(dir, "out.jsonl")
	code, stdout, errs := runCLI(t, "fold", log, "--store", project, "--out", out, "--window", "2000")
	if code != 1 || !strings.Contains(errs, project+" is not an ef store") || !strings.Contains(errs, "missing or empty directory") || stdout != "" {
		t.Fatalf("ef fold --store PROJECT: exit %d, stdout %.100q, stderr %.300q", code, stdout, errs)
	}
	if es, _ := os.ReadDir(project); len(es) != 2 {
		t.Errorf("ef fold left entries in a directory that is not a store: %v", es)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused fold wrote %s", out)
	}
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o700)
	if code, _, errs := runCLI(t, "fold", log, "--store", empty, "--out", out, "--window", "2000"); code != 0 {
		t.Fatalf("ef fold --store EMPTY: exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(empty, "LOCK")); err != nil {
		t.Errorf("an empty directory did not become a store: %v", err)
	}
}

// The commands that read a store create nothing in an empty directory
// given as one (an empty directory reads as an empty store, not yet made):
// ef search created .recall there. ef search says the directory is empty.
// ef store gc and delete find nothing to remove there, and create no
// LOCK either.
func TestReadCommandsCreateNothingInAnEmptyDirectory(t *testing.T) {
	t.Cleanup(removeTempIndexes) // as main does when the process ends
	dir := t.TempDir()
	for _, args := range [][]string{
		{"search", "--store", dir, "foo"},
		{"search", "--store", dir, "--session", "s1", "foo"},
		{"recall", "--store", dir, "--session", "s1", "ef-x"},
		{"state", inspectSample, "--store", dir},
		{"store", "verify", dir},
		{"store", "gc", dir},
		{"store", "delete", dir, "--session", "s1"},
		{"store", "delete", dir, "--session", "s1", "--json"},
	} {
		code, _, errs := runCLI(t, args...)
		if args[0] == "store" && code != 0 {
			t.Errorf("ef %s: exit %d, stderr %.300q; want 0 (an empty store)", strings.Join(args, " "), code, errs)
		}
		if args[0] == "search" && len(args) == 4 && (code != 0 || !strings.Contains(errs, dir+" is empty: nothing has been folded into it yet")) {
			t.Errorf("ef %s: exit %d, stderr %.300q; want 0 and a note that the directory is empty", strings.Join(args, " "), code, errs)
		}
		if es, _ := os.ReadDir(dir); len(es) != 0 {
			t.Fatalf("ef %s created %v in an empty directory", strings.Join(args, " "), es)
		}
	}
	var out, errb bytes.Buffer
	if err := runMCP(t.Context(), []string{"--store", dir}, io.NopCloser(strings.NewReader("")), nopWriteCloser{&out}, &errb); err != nil {
		t.Fatalf("ef mcp --store EMPTY: %v\n%s", err, errb.String())
	}
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Fatalf("ef mcp created %v in an empty directory", es)
	}
}
