package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/bench/synth"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/projection"
)

// streamEquivLogs are the logs TestInspectDSHStreams and
// TestStateImportedStreams read: the corpus's DSH snapshot logs (157, with
// compactions and lenient provenance faults) and trajectories of every
// other format, a synthetic log and ef fold's output of it (EF's own
// replacements), each also with a torn last line, and huge-message logs.
//
// Both tests read the same list, written once per test process into a
// directory TestMain removes (the synthetic log's fold and the huge logs
// are seconds of CPU under -race).
func streamEquivLogs(t *testing.T) []string {
	t.Helper()
	testutil.SharedDir(t) // skip before the once (see searchFixture)
	equivLogs.once.Do(func() {
		dir, err := os.MkdirTemp("", "ef-test-equiv-")
		if err != nil {
			t.Fatal(err)
		}
		equivLogs.dir = dir
		equivLogs.logs = writeStreamEquivLogs(t, dir)
	})
	if len(equivLogs.logs) == 0 {
		t.Fatal("the stream-equivalence logs were not written (see the first test that asked for them)")
	}
	switch {
	case !testutil.Long():
		t.Logf("short profile: every 6th DSH snapshot log and one trajectory of each other format, JSON Lines cut to %d KiB (%s=1 reads the whole corpus)", shortJSONL>>10, testutil.LongEnv)
	case testutil.Race:
		t.Logf("under -race: the short profile's share of the corpus (every 6th DSH snapshot log, one trajectory of each other format); %s=1 without -race reads the whole corpus, as .ci/run does", testutil.LongEnv)
	}
	return equivLogs.logs
}

// equivLogs is streamEquivLogs' list and the directory it wrote them in.
var equivLogs struct {
	once sync.Once
	dir  string
	logs []string
}

// writeStreamEquivLogs writes streamEquivLogs' logs in dir and lists them.
func writeStreamEquivLogs(t *testing.T, dir string) []string {
	t.Helper()
	var logs []string
	// The whole corpus in the long profile without -race (about two
	// minutes on a loaded machine; .ci/run runs these two tests so, beside
	// its -race run); else, and under -race (where the whole corpus took
	// twenty minutes and more of CI's half hour), every 6th snapshot log
	// and one trajectory of every other format (shortFormatLogs).
	if testutil.Long() && !testutil.Race {
		logs = testutil.CorpusFiles(t, "")
	} else {
		logs = shortFormatLogs(t, dir)
	}
	w, err := synth.Generate(synth.Options{Name: "equiv", Seed: 3, TargetChars: 120_000})
	if err != nil {
		t.Fatal(err)
	}
	dsh, err := writeDSHLog(filepath.Join(dir, "synth"), w.Session)
	if err != nil {
		t.Fatal(err)
	}
	chat, err := writeChatLog(filepath.Join(dir, "synth"), w.Session)
	if err != nil {
		t.Fatal(err)
	}
	folded := filepath.Join(dir, "folded.jsonl")
	if err := RunFold(context.Background(), []string{dsh, "--out", folded, "--window", "8000"}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.chat.jsonl")
	if err := writeHugeChatLog(huge, 1<<20); err != nil {
		t.Fatal(err)
	}
	hugeDSH := filepath.Join(dir, "huge.jsonl")
	if err := importToDSH(huge, hugeDSH, "huge"); err != nil {
		t.Fatal(err)
	}
	logs = append(logs, dsh, chat, folded, huge, hugeDSH)
	for _, p := range []string{dsh, chat, folded, logs[0]} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		torn := filepath.Join(dir, "torn-"+filepath.Base(p))
		if err := os.WriteFile(torn, append(b, `{"type":"user/mess`...), 0o600); err != nil {
			t.Fatal(err)
		}
		logs = append(logs, torn)
	}
	return logs
}

// shortJSONL is the size a JSON Lines trajectory is cut to in the short
// profile (whole lines; at least the first).
const shortJSONL = 256 << 10

// shortFormatLogs is the short profile's share of the corpus: every 6th
// DSH snapshot log and, of each other top-level folder (a format), its
// smallest trajectory, a JSON Lines one cut to its lines in the first
// shortJSONL bytes (a copy in dir): the corpus's other trajectories are
// 0.6 to 2.2 MB each, and each is read and reduced eight times here (most
// of cmd/ef's time under -race). A cut must still read as a session.
func shortFormatLogs(t *testing.T, dir string) []string {
	t.Helper()
	root := testutil.CorpusDir(t, "")
	var logs []string
	smallest := map[string]string{}
	size := map[string]int64{}
	var formats []string
	for i, p := range testutil.CorpusFiles(t, "") {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			t.Fatal(err)
		}
		format, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		if format == "dsh-snapshots" {
			if i%6 == 0 {
				logs = append(logs, p)
			}
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := smallest[format]; !ok {
			formats = append(formats, format)
		} else if st.Size() >= size[format] {
			continue
		}
		smallest[format], size[format] = p, st.Size()
	}
	for _, f := range formats {
		p := smallest[f]
		if filepath.Ext(p) != ".jsonl" || size[f] <= shortJSONL {
			logs = append(logs, p)
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		cut := 0
		for cut < len(b) {
			nl := bytes.IndexByte(b[cut:], '\n')
			if nl < 0 || cut > 0 && cut+nl+1 > shortJSONL {
				break
			}
			cut += nl + 1
		}
		short := filepath.Join(dir, f, filepath.Base(p))
		if err := os.MkdirAll(filepath.Dir(short), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(short, b[:cut], 0o600); err != nil {
			t.Fatal(err)
		}
		if _, _, err := readSession(context.Background(), short, false); err != nil {
			t.Fatalf("%s cut to %d bytes does not read: %v", p, cut, err)
		}
		logs = append(logs, short)
	}
	return logs
}

// TestInspectDSHStreams: ef inspect on a DSH log, streamed (inspectDSH),
// reports exactly what the log read whole as a session reports
// (inspectSession), lenient and strict, errors included.
func TestInspectDSHStreams(t *testing.T) {
	meters, err := inspectMeters()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	n := 0
	modes := []bool{true, false}
	if testutil.Race {
		// Under -race the lenient read only (of the short profile's share
		// of the corpus); .ci/run's step without -race reads all, both ways.
		modes = modes[:1]
	}
	for _, p := range streamEquivLogs(t) {
		for _, lenient := range modes {
			got, gerr := inspectLog(ctx, p, lenient, meters)
			s, torn, werr := readSession(context.Background(), p, lenient)
			var want inspectReport
			if werr == nil {
				want, werr = inspectSession(ctx, p, s, torn, meters)
			}
			if fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("%s (lenient %v): error %v, read whole %v", p, lenient, gerr, werr)
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s (lenient %v): the streamed report differs from the whole session's:\n%s\nwant\n%s", p, lenient, jsonOf(got), jsonOf(want))
			}
			n++
		}
	}
	t.Logf("%d reports equal", n)
}

// TestStateImportedStreams: ef state on another agent's trajectory,
// reduced as the importer streams it, gives the anchors (and stderr) of
// the session imported whole and reduced by engine.ProjectLog, with and
// without --all; a DSH log is read as before. The short profile reads
// every log with --all (heads and retired anchors, the whole reduction)
// and the synthetic DSH and chat logs without it too.
func TestStateImportedStreams(t *testing.T) {
	ctx := context.Background()
	n := 0
	for _, p := range streamEquivLogs(t) {
		modes := []bool{false, true}
		if (!testutil.Long() || testutil.Race) && !strings.HasPrefix(filepath.Base(p), "synth.") {
			// The short profile, and -race (whose step reads a share of
			// the corpus; .ci/run's step without it reads all in both
			// modes), reads a log with --all only.
			modes = modes[1:]
		}
		for _, all := range modes {
			args := []string{"--json", p}
			if all {
				args = append(args, "--all")
			}
			var out, errOut bytes.Buffer
			gerr := RunState(ctx, args, &out, &errOut)
			wantOut, wantErr, werr := stateWhole(p, all)
			if fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("%s: error %v, read whole %v", p, gerr, werr)
				continue
			}
			if out.String() != wantOut || errOut.String() != wantErr {
				t.Errorf("%s (all %v): streamed state differs from the whole session's:\n%.2000s\nstderr %q\nwant\n%.2000s\nstderr %q", p, all, out.String(), errOut.String(), wantOut, wantErr)
			}
			n++
		}
	}
	t.Logf("%d states equal", n)
}

// stateWhole is ef state --json [--all] on p as it was before streaming:
// the session read whole, then engine.ProjectLog.
func stateWhole(p string, all bool) (stdout, stderr string, err error) {
	s, torn, err := readSession(context.Background(), p, true)
	if err != nil {
		return "", "", err
	}
	if torn != nil {
		stderr = fmt.Sprintf("ef state: %s: skipped a torn tail: %s\n", p, torn)
	}
	if ims, err := importer.Import(p); err == nil && len(ims) == 1 && ims[0].Format != importer.FormatDSH {
		for _, n := range importNotes(ims[0].Stats) {
			stderr += fmt.Sprintf("ef state: note: %s: %s\n", p, n)
		}
	}
	popts := projection.Options{}
	if all {
		popts.KeepRetired = 1 << 16
	}
	r := engine.ProjectLog(s, popts)
	as := r.Heads()
	if all {
		as = append(r.Anchors(), r.RetiredAnchors()...)
	}
	out := stateOutput{Log: p, Source: "log", Anchors: []stateAnchor{}}
	for _, a := range as {
		out.Anchors = append(out.Anchors, stateAnchorOf(a))
	}
	out.System = sessionSystem(s).read()
	var b strings.Builder
	if err := writeJSON(&b, out); err != nil {
		return "", "", err
	}
	return b.String(), stderr, nil
}

func jsonOf(v any) string {
	b, _ := json.MarshalIndent(v, "", " ")
	if len(b) > 3000 {
		b = append(b[:3000], "…"...)
	}
	return string(b)
}
