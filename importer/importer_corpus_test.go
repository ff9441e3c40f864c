package importer_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/testutil"
)

// corpusFolders maps each shared corpus folder to the format every file in
// it must be detected as.
var corpusFolders = map[string]importer.Format{
	"dsh-snapshots":                   importer.FormatDSH,
	"openagents-autopilot-sdk":        importer.FormatClaudeSDK,
	"openagents-claude-code":          importer.FormatClaudeCode,
	"openagents-autopilot-trajectory": importer.FormatAutopilot,
	"openagents-atif":                 importer.FormatATIF,
	"mini-swe-agent-deepseek":         importer.FormatMiniSWE,
	"swe-agent":                       importer.FormatSWEAgent,
	"openhands":                       importer.FormatOpenHands,
}

// checkSession asserts the invariants every imported session keeps.
func checkSession(t *testing.T, im importer.Imported) {
	t.Helper()
	s := im.Session
	msgs, err := s.Messages()
	if err != nil {
		t.Fatalf("%s: messages: %v", im.Name, err)
	}
	if im.Format == importer.FormatDSH {
		return // loaded as recorded; checked by hostshim's own corpus test
	}
	onSurface := im.Stats.Messages
	for _, c := range im.Stats.Compactions {
		onSurface -= c.Shadowed
	}
	if len(msgs) != onSurface || len(s.Nodes()) != onSurface {
		t.Errorf("%s: %d surface messages, stats say %d", im.Name, len(msgs), onSurface)
	}
	if got := im.Stats.ToolResults + im.Stats.Unpaired + im.Stats.Ended; got != im.Stats.ToolCalls {
		t.Errorf("%s: results %d + unpaired %d + ended %d != calls %d", im.Name, im.Stats.ToolResults, im.Stats.Unpaired, im.Stats.Ended, im.Stats.ToolCalls)
	}
	// Every result directly answers a call of the assistant message before
	// it, every call is answered exactly once, and ids are unique.
	open := map[string]bool{}
	seen := map[string]bool{}
	for _, n := range s.Nodes() {
		if ok, err := s.BalancedBefore(n); err != nil {
			t.Fatalf("%s: %v", im.Name, err)
		} else if !ok && len(open) == 0 {
			t.Fatalf("%s: seq %d: surface unbalanced with no open call", im.Name, n)
		}
		m, _ := s.Message(n)
		e, _ := s.Event(n)
		switch e.Type {
		case hostshim.TypeAssistantMessage:
			if len(open) > 0 {
				t.Fatalf("%s: seq %d: assistant message while %d calls are open", im.Name, n, len(open))
			}
			for _, c := range m.ToolCalls() {
				if seen[c.ID] {
					t.Fatalf("%s: seq %d: call id %s reused", im.Name, n, c.ID)
				}
				seen[c.ID], open[c.ID] = true, true
			}
		case hostshim.TypeToolResult:
			id, _ := m.ToolResultID()
			if !open[id] {
				t.Fatalf("%s: seq %d: result for %q, which is not open", im.Name, n, id)
			}
			delete(open, id)
		default:
			if len(open) > 0 {
				t.Fatalf("%s: seq %d: %s while %d calls are open", im.Name, n, e.Type, len(open))
			}
		}
	}
	if len(open) > 0 {
		t.Errorf("%s: %d calls never answered", im.Name, len(open))
	}
	if ok, _ := s.BalancedAfter(s.Nodes()[len(s.Nodes())-1]); !ok {
		t.Errorf("%s: surface ends unbalanced", im.Name)
	}
}

// TestImportSharedCorpus imports every file of the shared corpus: each is
// detected as its folder's format and imports without error into sessions
// that keep the pairing invariants.
func TestImportSharedCorpus(t *testing.T) {
	for folder, want := range corpusFolders {
		t.Run(folder, func(t *testing.T) {
			t.Parallel()
			var tot importer.Stats
			sessions := 0
			for _, p := range testutil.CorpusFiles(t, folder) {
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				got, err := importer.DetectBytes(data)
				if err != nil || got != want {
					t.Fatalf("Detect(%s) = %q, %v; want %q", filepath.Base(p), got, err, want)
				}
				ims, err := importer.ImportBytes(filepath.Base(p), data)
				if err != nil {
					t.Fatalf("Import: %v", err)
				}
				corpusImports.Store(p, ims)
				for _, im := range ims {
					sessions++
					if im.Format != want || im.Name == "" {
						t.Errorf("%s: format %q name %q", p, im.Format, im.Name)
					}
					checkSession(t, im)
					tot.Messages += im.Stats.Messages
					tot.ToolCalls += im.Stats.ToolCalls
					tot.ToolResults += im.Stats.ToolResults
					tot.Unpaired += im.Stats.Unpaired
					tot.Orphans += im.Stats.Orphans
					tot.Reordered += im.Stats.Reordered
					tot.RenamedIDs += im.Stats.RenamedIDs
					tot.Skipped += im.Stats.Skipped
					tot.Compactions = append(tot.Compactions, im.Stats.Compactions...)
				}
			}
			t.Logf("%s: %d sessions, %d messages, %d tool calls, %d results, %d unpaired, %d orphans, %d reordered, %d renamed, %d skipped, %d compaction markers",
				folder, sessions, tot.Messages, tot.ToolCalls, tot.ToolResults, tot.Unpaired, tot.Orphans, tot.Reordered, tot.RenamedIDs, tot.Skipped, len(tot.Compactions))
		})
	}
}

// corpusImports holds TestImportSharedCorpus's imports of the shared
// corpus by path, for the tests after it that read the same files
// (importCorpus): importing the corpus under -race is most of this
// package's time, and an import is deterministic
// (TestImportDeterministic).
var corpusImports sync.Map

// importCorpus is importer.Import(p), taken from corpusImports when
// TestImportSharedCorpus imported p (Import is ImportBytes of the file's
// base name and contents, which is what that test calls). Callers only
// read what it returns.
func importCorpus(p string) ([]importer.Imported, error) {
	if v, ok := corpusImports.Load(p); ok {
		return v.([]importer.Imported), nil
	}
	return importer.Import(p)
}

// rawCounts is what a test computes from a file's raw JSON, independently
// of the importer: model-visible user and assistant messages, tool calls,
// tool results that answer a call, and compaction markers.
type rawCounts struct {
	user, assistant, calls, results, compactions int
}

// messages is the surface size the import must have: every call gets
// exactly one result message (recorded or synthetic).
func (c rawCounts) messages() int { return c.user + c.assistant + c.calls }

type obj = map[string]any

func decodeJSON(t *testing.T, b []byte) obj {
	t.Helper()
	var v obj
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func jsonLines(t *testing.T, path string) []obj {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []obj
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<28)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) > 0 {
			out = append(out, decodeJSON(t, sc.Bytes()))
		}
	}
	return out
}

func jsonFile(t *testing.T, path string) obj {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return decodeJSON(t, data)
}

func list(v any) []any { l, _ := v.([]any); return l }
func str(v any) string { s, _ := v.(string); return s }

// countAnthropic counts one Claude record stream. Assistant lines sharing
// message.id with the previous assistant line are one message; a user line
// is a message when it has content other than tool results.
func countAnthropic(lines []obj, keep func(obj) bool) rawCounts {
	var c rawCounts
	ids := map[string]bool{}
	answered := map[string]bool{}
	lastID := ""
	for _, l := range lines {
		typ := str(l["type"])
		if typ == "system" {
			if m, _ := l["message"].(obj); str(m["subtype"]) == "compact_boundary" {
				c.compactions++
			}
		}
		if l["isCompactSummary"] == true {
			c.compactions++
		}
		if (typ != "user" && typ != "assistant") || !keep(l) {
			continue
		}
		m, _ := l["message"].(obj)
		content := m["content"]
		if s, ok := content.(string); ok {
			if s != "" {
				c.user++
			}
			lastID = ""
			continue
		}
		if typ == "assistant" {
			if id := str(m["id"]); id != lastID {
				c.assistant++
				lastID = id
			}
			for _, b := range list(content) {
				if bo, _ := b.(obj); str(bo["type"]) == "tool_use" {
					c.calls++
					ids[str(bo["id"])] = true
				}
			}
			continue
		}
		lastID = ""
		other := false
		for _, b := range list(content) {
			bo, _ := b.(obj)
			if str(bo["type"]) == "tool_result" {
				id := str(bo["tool_use_id"])
				if ids[id] && !answered[id] {
					c.results++
					answered[id] = true
				}
			} else {
				other = true
			}
		}
		if other {
			c.user++
		}
	}
	return c
}

// rawCounters computes rawCounts per format, for the files named in
// TestImportCountsMatchRaw.
var rawCounters = map[importer.Format]func(t *testing.T, path string) []rawCounts{
	importer.FormatClaudeSDK: func(t *testing.T, path string) []rawCounts {
		return []rawCounts{countAnthropic(jsonLines(t, path), func(obj) bool { return true })}
	},
	importer.FormatClaudeCode: func(t *testing.T, path string) []rawCounts {
		return []rawCounts{countAnthropic(jsonLines(t, path), func(l obj) bool {
			return l["isSidechain"] != true && l["isApiErrorMessage"] != true
		})}
	},
	importer.FormatAutopilot: func(t *testing.T, path string) []rawCounts {
		d := jsonFile(t, path)
		c := rawCounts{user: 1}
		prev := ""
		for _, s := range list(d["steps"]) {
			so := s.(obj)
			typ := str(so["type"])
			switch typ {
			case "assistant":
				if str(so["content"]) != "" {
					c.assistant++
				}
			case "tool_call":
				c.calls++
				if prev != "assistant" && prev != "tool_call" {
					c.assistant++
				}
			case "tool_result":
				c.results++
			case "system_status":
				if str(so["status"]) == "Compacting" {
					c.compactions++
				}
			}
			prev = typ
		}
		return []rawCounts{c}
	},
	importer.FormatATIF: func(t *testing.T, path string) []rawCounts {
		var c rawCounts
		for _, s := range list(jsonFile(t, path)["steps"]) {
			so := s.(obj)
			switch str(so["source"]) {
			case "user":
				c.user++
			case "agent":
				c.assistant++
				c.calls += len(list(so["tool_calls"]))
			case "system":
				if so["observation"] != nil {
					c.results++
				}
			}
		}
		return []rawCounts{c}
	},
	importer.FormatMiniSWE: func(t *testing.T, path string) []rawCounts {
		var c rawCounts
		for _, m := range list(jsonFile(t, path)["messages"]) {
			mo := m.(obj)
			switch str(mo["role"]) {
			case "user":
				c.user++
			case "assistant":
				c.assistant++
				c.calls += len(list(mo["tool_calls"]))
			case "tool":
				c.results++
			}
		}
		return []rawCounts{c}
	},
	importer.FormatSWEAgent: func(t *testing.T, path string) []rawCounts {
		d := jsonFile(t, path)
		var c rawCounts
		afterCall := false
		for _, h := range list(d["history"]) {
			ho := h.(obj)
			switch str(ho["role"]) {
			case "user", "tool":
				if !afterCall {
					c.user++ // a prompt, not an observation
				}
				afterCall = false
			case "assistant":
				c.assistant++
				afterCall = str(ho["action"]) != ""
				if afterCall {
					c.calls++
				}
			}
		}
		// Every executed action has its observation in trajectory[]
		// (the history may lack the last one).
		c.results = min(c.calls, len(list(d["trajectory"])))
		return []rawCounts{c}
	},
	importer.FormatOpenHands: func(t *testing.T, path string) []rawCounts {
		var out []rawCounts
		for _, run := range jsonLines(t, path) {
			var c rawCounts
			responses := map[string]bool{}
			for _, e := range list(run["history"]) {
				eo := e.(obj)
				tcm, _ := eo["tool_call_metadata"].(obj)
				switch {
				case eo["action"] != nil && tcm != nil:
					c.calls++
					mr, _ := tcm["model_response"].(obj)
					if id := str(mr["id"]); !responses[id] {
						responses[id] = true
						c.assistant++
					}
				case str(eo["action"]) == "message" && str(eo["source"]) == "user":
					c.user++
				case str(eo["action"]) == "message":
					c.assistant++
				case eo["observation"] != nil && eo["cause"] != nil && tcm != nil:
					c.results++
				}
			}
			out = append(out, c)
		}
		return out
	},
}

// TestImportCountsMatchRaw compares each importer's counts with counts a
// test computes from the raw JSON, on several files per format, and pins
// the tool-call and result numbers of the corpus NOTICE files.
func TestImportCountsMatchRaw(t *testing.T) {
	cases := []struct {
		folder, file string
		// notice pins (calls, results) from the folder's NOTICE; -1 skips.
		calls, results int
	}{
		{"openagents-autopilot-sdk", "204253-call-issue-ready-now-to.jsonl", 374, 373},
		{"openagents-autopilot-sdk", "014205-call-issue-ready-now-to.jsonl", 435, 435},
		{"openagents-autopilot-sdk", "082302-call-issue-ready-now-to.jsonl", 334, 333},
		{"openagents-claude-code", "claude-code-example.jsonl", -1, -1}, // sidechains excluded; NOTICE counts them
		{"openagents-autopilot-trajectory", "020941-start-working.json", 405, 405},
		{"openagents-autopilot-trajectory", "2330-start-working.json", 231, 231},
		{"openagents-atif", "trajectory.json", 5, 5},
		{"mini-swe-agent-deepseek", "deepseek_chat_test_1-100/django__django-11133.traj.json", 132, 131},
		{"mini-swe-agent-deepseek", "deepseek_reasoner_dev/sqlfluff__sqlfluff-1517.traj.json", 107, 107},
		{"swe-agent", "eps.traj", 14, 14},
		{"swe-agent", "pydicom__pydicom-1458.traj", 12, 12},
		{"swe-agent", "marshmallow-code__marshmallow-1867.traj", 13, 13},
		{"swe-agent", "BabyEncryption.traj", -1, -1}, // history has 15 of the 16 trajectory steps
		{"openhands", "output.jsonl", -1, -1},
	}
	for _, tc := range cases {
		t.Run(tc.folder+"/"+tc.file, func(t *testing.T) {
			t.Parallel()
			p := filepath.Join(testutil.CorpusDir(t, tc.folder), tc.file)
			ims, err := importCorpus(p)
			if err != nil {
				t.Fatal(err)
			}
			want := rawCounters[ims[0].Format](t, p)
			if len(want) != len(ims) {
				t.Fatalf("%d sessions, raw count says %d", len(ims), len(want))
			}
			for i, im := range ims {
				w, st := want[i], im.Stats
				if st.ToolCalls != w.calls || st.ToolResults != w.results || st.Messages != w.messages() || len(st.Compactions) != w.compactions {
					t.Errorf("%s: import calls=%d results=%d messages=%d compactions=%d; raw calls=%d results=%d messages=%d compactions=%d",
						im.Name, st.ToolCalls, st.ToolResults, st.Messages, len(st.Compactions), w.calls, w.results, w.messages(), w.compactions)
				}
				if tc.calls >= 0 && (st.ToolCalls != tc.calls || st.ToolResults != tc.results) {
					t.Errorf("%s: calls/results %d/%d, NOTICE says %d/%d", im.Name, st.ToolCalls, st.ToolResults, tc.calls, tc.results)
				}
			}
		})
	}
}

// TestImportOpenHandsNotice pins the per-session NOTICE numbers of the one
// multi-session file.
func TestImportOpenHandsNotice(t *testing.T) {
	ims, err := importCorpus(filepath.Join(testutil.CorpusDir(t, "openhands"), "output.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name                   string
		records, calls, result int
	}{
		{"output.jsonl#ponylang__ponyc-4595", 49, 23, 22},
		{"output.jsonl#ponylang__ponyc-4593", 70, 33, 32},
		{"output.jsonl#ponylang__ponyc-4588", 103, 49, 49},
	}
	if len(ims) != len(want) {
		t.Fatalf("%d sessions, want %d", len(ims), len(want))
	}
	for i, w := range want {
		st := ims[i].Stats
		// The unanswered call of each run is its finish action, answered
		// by the run's end (Stats.Ended).
		if ims[i].Name != w.name || st.SourceRecords != w.records || st.ToolCalls != w.calls || st.ToolResults != w.result || st.Unpaired != 0 || st.Ended != w.calls-w.result {
			t.Errorf("session %d: %s records=%d calls=%d results=%d unpaired=%d ended=%d; want %+v", i, ims[i].Name, st.SourceRecords, st.ToolCalls, st.ToolResults, st.Unpaired, st.Ended, w)
		}
	}
}

// TestImportDSHCounts checks the DSH loader's counts against the raw lines
// of a few snapshot logs: tool/call events against tool-call blocks, and
// tool/result events against paired results.
func TestImportDSHCounts(t *testing.T) {
	dir := testutil.CorpusDir(t, "dsh-snapshots")
	for _, f := range []string{
		"examples__acp-agent__bash-tool-turn__session.jsonl",
		"apps__web__goal-multi-turn-actions__session.jsonl",
		"examples__headless-agent__compaction-recovery__session.jsonl",
	} {
		p := filepath.Join(dir, f)
		ims, err := importer.Import(p)
		if err != nil {
			t.Fatal(err)
		}
		var calls, results, starts int
		for i, l := range jsonLines(t, p) {
			if i == 0 {
				continue
			}
			switch str(l["type"]) {
			case "tool/call":
				calls++
			case "tool/result":
				if l["surfaceOp"] == "append" {
					results++
				}
			case "compaction/start":
				starts++
			}
		}
		st := ims[0].Stats
		if st.ToolCalls != calls || st.ToolResults != results || len(st.Compactions) != starts {
			t.Errorf("%s: calls=%d results=%d compactions=%d; raw %d/%d/%d", f, st.ToolCalls, st.ToolResults, len(st.Compactions), calls, results, starts)
		}
		if strings.Contains(f, "compaction-recovery") {
			// compaction/start at 19, summary at 20, checkpoint at 21.
			if len(st.Compactions) != 1 || st.Compactions[0].Seq != 19 || st.Compactions[0].SummarySeq != 21 {
				t.Errorf("%s: compactions %+v, want start 19 and checkpoint 21", f, st.Compactions)
			}
		}
	}
}

// TestImportDeterministic imports the same files twice and compares every
// event's bytes.
func TestImportDeterministic(t *testing.T) {
	for _, p := range []string{
		filepath.Join(testutil.CorpusDir(t, "openagents-atif"), "trajectory.json"),
		filepath.Join(testutil.CorpusDir(t, "swe-agent"), "marshmallow-code__marshmallow-1867.traj"),
		filepath.Join(testutil.CorpusDir(t, "openhands"), "output.jsonl"),
	} {
		a, err := importer.Import(p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := importer.Import(p)
		if err != nil {
			t.Fatal(err)
		}
		for i := range a {
			ea, eb := a[i].Session.Events(), b[i].Session.Events()
			if len(ea) != len(eb) {
				t.Fatalf("%s: %d vs %d events", p, len(ea), len(eb))
			}
			for j := range ea {
				if !bytes.Equal(ea[j].Encode(), eb[j].Encode()) {
					t.Fatalf("%s: event %d differs", p, j)
				}
			}
		}
	}
}

// TestImportCompactionMarkers checks the source compaction markers of the
// shared corpus: where the source has a summary message, SummarySeq points
// at it and it is the first message after the marker; markers are in seq
// order and point at surface messages.
func TestImportCompactionMarkers(t *testing.T) {
	cases := []struct {
		folder      string
		markers     int
		withSummary bool
	}{
		{"openagents-autopilot-sdk", 18, true},
		{"openagents-claude-code", 2, true},
		{"openagents-autopilot-trajectory", 4, false},
	}
	for _, tc := range cases {
		n := 0
		for _, p := range testutil.CorpusFiles(t, tc.folder) {
			ims, err := importCorpus(p)
			if err != nil {
				t.Fatal(err)
			}
			im := ims[0]
			prev := -1
			for _, c := range im.Stats.Compactions {
				n++
				if e, _ := im.Session.Event(c.Seq); c.Seq <= prev || !hostshim.SurfaceEligible(e.Type) {
					t.Errorf("%s: marker at seq %d (previous %d) is not a surface message in order", im.Name, c.Seq, prev)
				}
				prev = c.Seq
				if !tc.withSummary {
					if c.SummarySeq != 0 {
						t.Errorf("%s: summary seq %d for a source without summaries", im.Name, c.SummarySeq)
					}
					continue
				}
				m, err := im.Session.Message(c.SummarySeq)
				if err != nil || m == nil || m.Role != hostshim.RoleUser || !strings.HasPrefix(m.Text(), "This session is being continued") || c.SummarySeq != c.Seq {
					t.Errorf("%s: marker %+v: summary message not found", im.Name, c)
				}
			}
		}
		if n != tc.markers {
			t.Errorf("%s: %d markers, want %d", tc.folder, n, tc.markers)
		}
	}
}
