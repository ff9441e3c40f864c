package bench_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/bench"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
)

// TestDefaultCorpus checks the built-in corpus: the synthetic shapes with
// their probes, then the two embedded real sessions with the counts of
// their NOTICE files; names are unique and every session is balanced.
func TestDefaultCorpus(t *testing.T) {
	c, err := bench.DefaultCorpus()
	if err != nil {
		t.Fatal(err)
	}
	type expect struct {
		name   string
		source bench.Source
		calls  int // tool calls of a real session; -1 for synthetic ones
	}
	var want []expect
	for _, o := range bench.DefaultShapes() {
		want = append(want, expect{o.Name, bench.SourceSynth, -1})
	}
	want = append(want,
		expect{"openagents-atif/trajectory.json", bench.Source(importer.FormatATIF), 5},
		expect{"swe-agent/eps.traj", bench.Source(importer.FormatSWEAgent), 14},
	)
	if len(c) != len(want) {
		t.Fatalf("%d sessions, want %d", len(c), len(want))
	}
	for i, w := range want {
		s := c[i]
		if s.Name != w.name || s.Source != w.source {
			t.Errorf("session %d: %s (%s), want %s (%s)", i, s.Name, s.Source, w.name, w.source)
		}
		if w.source == bench.SourceSynth && len(s.Probes) == 0 {
			t.Errorf("%s: no probes", s.Name)
		}
		if w.calls >= 0 && (s.Import.ToolCalls != w.calls || s.Import.ToolResults != w.calls || s.Probes != nil) {
			t.Errorf("%s: %+v", s.Name, s.Import)
		}
		nodes := s.Session.Nodes()
		if len(nodes) == 0 {
			t.Fatalf("%s: empty surface", s.Name)
		}
		if ok, err := s.Session.BalancedAfter(nodes[len(nodes)-1]); err != nil || !ok {
			t.Errorf("%s: unbalanced end (%v)", s.Name, err)
		}
	}
}

// TestDefaultCorpusDeterministic: two calls give byte-identical logs.
func TestDefaultCorpusDeterministic(t *testing.T) {
	dump := func() []byte {
		c, err := bench.DefaultCorpus()
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		for _, s := range c {
			fmt.Fprintf(&b, "# %s\n", s.Name)
			for _, e := range s.Session.Events() {
				b.Write(e.Encode())
				b.WriteByte('\n')
			}
		}
		return b.Bytes()
	}
	a, b := dump(), dump()
	if !bytes.Equal(a, b) {
		t.Fatal("DefaultCorpus differs between calls")
	}
	if len(a) < 1_000_000 {
		t.Errorf("default corpus is only %d bytes", len(a))
	}
}

// TestEmbeddedLicenses: every embedded real session folder carries its
// NOTICE and upstream license.
func TestEmbeddedLicenses(t *testing.T) {
	entries, err := bench.SharedCorpus(filepath.Join("testdata", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Fatalf("%d embedded trajectories, want 2", len(entries))
	}
	for _, e := range entries {
		dir := filepath.Dir(e.Path)
		for _, f := range []string{"NOTICE.md", "UPSTREAM-LICENSE.txt"} {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil || len(b) == 0 {
				t.Errorf("%s: %s missing", e.Rel, f)
			}
		}
		notice, _ := os.ReadFile(filepath.Join(dir, "NOTICE.md"))
		if !strings.Contains(string(notice), filepath.Base(e.Path)) || !strings.Contains(string(notice), "License") {
			t.Errorf("%s: NOTICE does not name the file and its license", e.Rel)
		}
	}
}

// TestSharedCorpus lists the shared corpus: every data file, with the
// format of its folder, and loads one entry.
func TestSharedCorpus(t *testing.T) {
	dir := filepath.Join(testutil.SharedDir(t), "corpus")
	entries, err := bench.SharedCorpus(dir)
	if err != nil {
		t.Fatal(err)
	}
	byFolder := map[string]int{}
	formats := map[string]importer.Format{}
	for _, e := range entries {
		folder, _, _ := strings.Cut(e.Rel, "/")
		byFolder[folder]++
		if f, ok := formats[folder]; ok && f != e.Format {
			t.Errorf("%s: format %s, folder has %s", e.Rel, e.Format, f)
		}
		formats[folder] = e.Format
	}
	want := map[string]int{
		"dsh-snapshots": 157, "openagents-autopilot-sdk": 10, "openagents-claude-code": 1, "openagents-autopilot-trajectory": 3,
		"openagents-atif": 1, "mini-swe-agent-deepseek": 12, "swe-agent": 7, "openhands": 1,
	}
	for f, n := range want {
		if byFolder[f] != n {
			t.Errorf("%s: %d files, want %d", f, byFolder[f], n)
		}
	}
	for _, e := range entries {
		if e.Rel == "openhands/output.jsonl" {
			ss, err := e.Load()
			if err != nil {
				t.Fatal(err)
			}
			if len(ss) != 3 || ss[0].Name != "openhands/output.jsonl#ponylang__ponyc-4595" {
				t.Errorf("openhands: %d sessions, first %q", len(ss), ss[0].Name)
			}
		}
	}
}

// TestSharedCorpusErrors: an empty directory is an error; a data file of
// no known format is listed with its reason, which Load returns.
func TestSharedCorpusErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := bench.SharedCorpus(dir); !errors.Is(err, bench.ErrNoCorpus) {
		t.Errorf("empty dir: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x.json"), []byte(`{"a":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	entries, err := bench.SharedCorpus(dir)
	if err != nil || len(entries) != 1 || !errors.Is(entries[0].Err, importer.ErrUnknownFormat) {
		t.Fatalf("unknown file: %v, %+v", err, entries)
	}
	if _, err := entries[0].Load(); !errors.Is(err, importer.ErrUnknownFormat) {
		t.Errorf("unknown file loads: %v", err)
	}
}

// ExampleDefaultCorpus lists the built-in corpus.
func ExampleDefaultCorpus() {
	c, err := bench.DefaultCorpus()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range c {
		fmt.Printf("%-32s %-10s %d probes\n", s.Name, s.Source, len(s.Probes))
	}
	// Output:
	// synth-small-en                   synth      23 probes
	// synth-mixed-200k                 synth      32 probes
	// synth-longlogs-300k              synth      27 probes
	// synth-chatty-120k                synth      28 probes
	// synth-zh-500k                    synth      49 probes
	// openagents-atif/trajectory.json  atif       0 probes
	// swe-agent/eps.traj               swe-agent  0 probes
}
