package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/bench/engines"
	"github.com/epistemicfold/ef/bench/report"
)

// benchArgs is a reduced built-in corpus: two sessions, at most 20
// requests each, at a window small enough that Basic and EF fold.
var benchArgs = []string{"bench", "--limit-sessions", "2", "--max-steps", "20", "--window", "6000"}

func TestBenchTable(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	code, text, errs := runCLI(t, benchArgs...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(text, "2 sessions (built-in), window 6,000") || !strings.Contains(text, "ef vs basic: input ") {
		t.Fatalf("headline missing:\n%s", text)
	}
	// Four tables (cost, folds, probes, RFC §26), each with a header and
	// one row per engine, and one line per engine of misses by cause.
	for _, name := range engines.Names() {
		rows := 0
		for i, line := range strings.Split(text, "\n") {
			if f := strings.Fields(line); i > 0 && len(f) > 1 && f[0] == name && f[1] != "vs" {
				rows++
			}
		}
		if rows != 5 {
			t.Errorf("engine %s has %d rows, want 5 (one per table and its misses):\n%s", name, rows, text)
		}
	}
	if errs != "" {
		t.Errorf("stderr not empty (no progress bar off a terminal): %q", errs)
	}
}

func TestBenchJSONAndHTML(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := filepath.Join(t.TempDir(), "html")
	args := append(append([]string{}, benchArgs...), "--json", "--html", dir)
	code, out, errs := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep report.ReportJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(rep.Totals) != len(engines.Names()) || len(rep.Sessions) != 2 {
		t.Fatalf("%d totals, %d sessions", len(rep.Totals), len(rep.Sessions))
	}
	byName := map[string]report.EngineJSON{}
	for i, e := range rep.Totals {
		if e.Engine != engines.Names()[i] {
			t.Fatalf("totals out of order: %s at %d", e.Engine, i)
		}
		byName[e.Engine] = e
		if e.DeepSeek.Hit > e.InputTokens || e.DeepSeek.Hit+e.DeepSeek.Miss != e.InputTokens || e.Anthropic.Hit > e.InputTokens {
			t.Fatalf("%s: cache accounting inconsistent: %+v", e.Engine, e.Metrics)
		}
		if got := e.ConversationCost["1"]; got != float64(e.InputTokens) {
			t.Fatalf("%s: conversation cost at ρ=1 is %v, want the input tokens %d", e.Engine, got, e.InputTokens)
		}
		if want := float64(e.InputTokens+e.SummaryInputTokens) + e.OutputPrice*float64(e.SummaryOutputTokens); e.Cost["1"] != want {
			t.Fatalf("%s: total cost at ρ=1 is %v, want %v", e.Engine, e.Cost["1"], want)
		}
		if e.Cost["0.02"] > e.Cost["0.1"] || e.Cost["0.1"] > e.Cost["0.25"] {
			t.Fatalf("%s: cost does not grow with ρ: %v", e.Engine, e.Cost)
		}
	}
	none := byName[engines.None]
	for _, name := range []string{engines.Basic, engines.EF} {
		e := byName[name]
		if e.InputTokens == 0 || e.Requests != none.Requests || e.TotalFolds() == 0 || e.PeakContext == 0 || e.FrozenPrefixMean == 0 {
			t.Fatalf("%s: zero or inconsistent numbers: %+v", name, e.Metrics)
		}
		if e.InputTokens > none.InputTokens || e.PeakContext > none.PeakContext {
			t.Fatalf("%s sends more than no compaction: %d > %d", name, e.InputTokens, none.InputTokens)
		}
	}
	if ef := byName[engines.EF]; ef.RecallChecked == 0 || ef.RecallVerified != ef.RecallChecked {
		t.Fatalf("ef: recall verified %d of %d", ef.RecallVerified, ef.RecallChecked)
	}
	page, err := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "cost against rho", "context size over requests", "cache hits"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	for _, bad := range []string{"<script", "http://", "https://"} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("HTML is not self-contained: contains %q", bad)
		}
	}
}

func TestBenchUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "--persona", "chatty"},
		{"bench", "--engines", "ef,magic"},
		{"bench", "--window", "0"},
		{"bench", "--output-price", "0"},
		{"bench", "--ef-target", "0.9"},
		{"bench", "extra"},
	} {
		if code, _, errs := runCLI(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, errs)
		}
	}
	if code, _, errs := runCLI(t, "bench", "--corpus", t.TempDir()); code != 1 {
		t.Errorf("empty corpus: exit %d, want 1 (%s)", code, errs)
	}
}

// TestBenchCorpusSkipsUnreadableFiles: every file ef bench --corpus cannot
// replay is skipped the same way, whatever failed (no known format, an
// empty file, a record cut short mid-file), each with its reason on one
// "skipped" line, and the others are replayed; a corpus of nothing but
// such files is an error, not a report of zeros.
func TestBenchCorpusSkipsUnreadableFiles(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(filepath.Join("..", "..", "bench", "testdata", "corpus", "openagents-atif", "trajectory.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := map[string]string{
		"empty.jsonl": "",
		"notes.json":  `{"a":1}`,
		"torn.jsonl":  `{"role":"user","content":"hi"}` + "\n" + `{"role":"assis` + "\n" + `{"role":"assistant","content":"ok"}` + "\n",
	}
	for name, text := range bad {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "trajectory.json"), good, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "bench", "--corpus", dir, "--engines", "basic,ef")
	if code != 0 || !strings.Contains(out, "ef bench: 1 session") {
		t.Fatalf("exit %d, stdout %.300q, stderr %q", code, out, errs)
	}
	for name := range bad {
		if !strings.Contains(errs, "ef bench: skipped "+name+": ") {
			t.Errorf("%s: not skipped by name: %q", name, errs)
		}
	}
	if n := strings.Count(errs, "\n"); n != len(bad) {
		t.Errorf("stderr has %d lines, want one per skipped file: %q", n, errs)
	}
	os.Remove(filepath.Join(dir, "trajectory.json"))
	code, out, errs = runCLI(t, "bench", "--corpus", dir, "--engines", "basic,ef")
	if code != 1 || out != "" || !strings.Contains(errs, "no session could be replayed: every file of "+dir+" was skipped") {
		t.Errorf("only unreadable files: exit %d, stdout %.300q, stderr %q", code, out, errs)
	}
}

// TestBenchSweep: --sweep runs every window × persona (three at once), prints one row per
// run and engine, and writes an index page linking every run's page.
func TestBenchSweep(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := filepath.Join(t.TempDir(), "sweep")
	args := []string{"bench", "--sweep", "--limit-sessions", "1", "--max-steps", "12", "--windows", "6000,9000", "--personas", "faithful,forgetful",
		"--engines", "basic,mask", "--sweep-jobs", "3", "--html", dir}
	code, out, errs := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The run table comes first; the cost-floor table after its legend
	// has a row per run and engine other than basic.
	table, floors, _ := strings.Cut(out, "Total ρ=.1:")
	rows := 0
	for _, line := range strings.Split(table, "\n") {
		if f := strings.Fields(line); len(f) > 4 && f[0] == "built-in" {
			rows++
		}
	}
	if !strings.Contains(floors, "floor @93%") || strings.Count(floors, "\n  built-in") != 2*2 {
		t.Errorf("cost-floor table: want a row per run for mask:\n%s", floors)
	}
	if rows != 2*2*2 {
		t.Fatalf("%d rows, want 8 (2 windows × 2 personas × 2 engines):\n%s", rows, out)
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(index), "/index.html\">run</a>"); n != 8 {
		t.Fatalf("index links %d run pages, want 8", n)
	}
	subs, _ := filepath.Glob(filepath.Join(dir, "*", "index.html"))
	if len(subs) != 4 {
		t.Fatalf("%d run pages, want 4", len(subs))
	}
	if code, _, _ := runCLI(t, "bench", "--sweep", "--windows", "0"); code == 0 {
		t.Fatal("--windows 0 accepted")
	}
}

// TestBenchSweepStartsRunsInOrder: with one job at a time the runs start in
// the sweep's order (corpus, window, persona), the status line on a
// terminal saying which of how many each is; they used to start in
// whatever order the scheduler woke them (the first line of a default
// sweep could be "window 65536, forgetful").
func TestBenchSweepStartsRunsInOrder(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	code, _, term := sweepOnATerminal()
	if code != 0 {
		t.Fatalf("exit %d: %s", code, term)
	}
	var want []string
	for _, w := range []string{"6000", "7000", "8000"} {
		for _, p := range []string{"faithful", "leaky", "forgetful"} {
			want = append(want, fmt.Sprintf("run %d of 9: built-in, window %s, %s", len(want)+1, w, p))
		}
	}
	var got []string
	for _, line := range strings.Split(term, "\r\x1b[K") {
		if s, ok := strings.CutPrefix(line, "ef bench --sweep: "); ok {
			s, _, _ = strings.Cut(s, ";")
			if len(got) == 0 || got[len(got)-1] != s {
				got = append(got, s)
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("status lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.HasSuffix(term, "\r\x1b[K") {
		t.Errorf("the status line is left on the terminal: %q", term)
	}
}

// sweepArgs is the sweep TestBenchSweepStartsRunsInOrder and
// TestBenchSweepProgressInALog run: nine short runs, one at a time.
var sweepArgs = []string{"bench", "--sweep", "--limit-sessions", "1", "--max-steps", "4", "--windows", "6000,7000,8000",
	"--personas", "faithful,leaky,forgetful", "--engines", "mask"}

// sweepOnATerminal runs sweepArgs once per test process with stderr a
// terminal and returns the exit code, stdout and what the terminal
// showed: TestBenchSweepStartsRunsInOrder reads its status lines and
// TestBenchSweepProgressInALog holds the report it printed with stderr a
// log to this one (the sweep is seconds of CPU under -race; it used to
// run twice).
func sweepOnATerminal() (code int, stdout, term string) {
	sweepTerm.once.Do(func() {
		var out bytes.Buffer
		var tm terminal
		sweepTerm.code = run(context.Background(), slices.Clone(sweepArgs), &out, &tm)
		sweepTerm.stdout, sweepTerm.term = out.String(), tm.String()
	})
	return sweepTerm.code, sweepTerm.stdout, sweepTerm.term
}

var sweepTerm struct {
	once         sync.Once
	code         int
	stdout, term string
}

// terminal is a stand-in for a terminal (isTerminal).
type terminal struct{ bytes.Buffer }

func (*terminal) Terminal() bool { return true }

// TestBenchSweepProgressInALog: when stderr is no terminal, a sweep says
// how it goes in a few plain lines (it started, and each quarter of its
// runs done), not a line per run (a long sweep's log filled with them).
// The report on stdout is the same as on a terminal.
func TestBenchSweepProgressInALog(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	code, out, errs := runCLI(t, slices.Clone(sweepArgs)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	want := []string{"ef bench --sweep: 9 runs, 1 at a time", "ef bench --sweep: 3 of 9 runs done", "ef bench --sweep: 5 of 9 runs done",
		"ef bench --sweep: 7 of 9 runs done", "ef bench --sweep: 9 of 9 runs done"}
	if len(lines) != len(want) {
		t.Fatalf("stderr has %d lines, want %d:\n%s", len(lines), len(want), errs)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, want[i]) || strings.Contains(l, "\x1b") {
			t.Errorf("line %d: %q, want %q…", i+1, l, want[i])
		}
	}
	code, out2, term := sweepOnATerminal()
	if code != 0 {
		t.Fatalf("on a terminal: exit %d: %s", code, term)
	}
	if out != out2 {
		t.Errorf("the report differs with stderr a terminal:\n%s\n%s", out, out2)
	}
}

// The flags of a sweep without --sweep, and --window or --persona with it,
// are usage errors before anything runs: 'ef bench --corpora DIR' replayed
// the built-in corpus and printed its numbers, and 'ef bench --sweep
// --window 65536' swept the default windows, each ignoring the flag.
func TestBenchRefusesFlagsOfTheOtherMode(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "--corpora", t.TempDir()},
		{"bench", "--windows", "8192"},
		{"bench", "--personas", "leaky"},
		{"bench", "--sweep-jobs", "2"},
		{"bench", "--sweep", "--window", "65536"},
		{"bench", "--sweep", "--persona", "leaky"},
	} {
		code, out, errs := runCLI(t, args...)
		if code != 2 || out != "" || !strings.Contains(errs, "sweep") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want a usage error naming --sweep", args, code, out, errs)
		}
	}
}
