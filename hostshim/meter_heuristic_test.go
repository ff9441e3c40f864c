package hostshim

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

type heuristicGolden struct {
	Messages []struct {
		Name   string `json:"name"`
		Raw    string `json:"raw"`
		Tokens int    `json:"tokens"`
	} `json:"messages"`
	Logs []struct {
		File          string       `json:"file"`
		SurfaceTokens int          `json:"surfaceTokens"`
		HeaderTokens  int          `json:"headerTokens"`
		Nodes         []NodeTokens `json:"nodes"`
	} `json:"logs"`
}

func loadHeuristicGolden(t *testing.T) heuristicGolden {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "heuristic_golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g heuristicGolden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Messages) < 200 || len(g.Logs) < 150 {
		t.Fatalf("golden too small: %d messages, %d logs", len(g.Messages), len(g.Logs))
	}
	return g
}

// TestHeuristicMatchesHost compares HeuristicMeter with the host's own
// estimateMessage on corpus messages and hand-written edge cases (golden
// produced by testdata/heuristic_golden.mjs from the real package).
func TestHeuristicMatchesHost(t *testing.T) {
	g := loadHeuristicGolden(t)
	var m HeuristicMeter
	for _, c := range g.Messages {
		var msg Message
		if err := json.Unmarshal([]byte(c.Raw), &msg); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if got := m.CountMessage(&msg); got != c.Tokens {
			t.Errorf("%s: got %d, host %d\n%.400s", c.Name, got, c.Tokens, c.Raw)
		}
	}
}

// TestMeasureSurfaceMatchesHost compares MeasureSurface with the host's
// measure() fold (per-node prices, surface total, header estimate) on every
// corpus log.
func TestMeasureSurfaceMatchesHost(t *testing.T) {
	g := loadHeuristicGolden(t)
	dir := ""
	for _, f := range testutil.SnapshotLogs(t) {
		dir = filepath.Dir(f)
		break
	}
	for _, want := range g.Logs {
		s, err := ReadSession(filepath.Join(dir, want.File), LogOptions{Lenient: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := MeasureSurface(s, HeuristicMeter{})
		if err != nil {
			t.Fatalf("%s: %v", want.File, err)
		}
		if got.Surface != want.SurfaceTokens || got.Header != want.HeaderTokens || got.Total != got.Surface+got.Header {
			t.Errorf("%s: surface %d header %d, host %d %d", want.File, got.Surface, got.Header, want.SurfaceTokens, want.HeaderTokens)
		}
		if len(got.Nodes) != len(want.Nodes) {
			t.Fatalf("%s: %d nodes, host %d", want.File, len(got.Nodes), len(want.Nodes))
		}
		for i := range got.Nodes {
			if got.Nodes[i] != want.Nodes[i] {
				t.Errorf("%s: node %d = %+v, host %+v", want.File, i, got.Nodes[i], want.Nodes[i])
			}
		}
	}
}

func TestHeuristicGoBuiltMessages(t *testing.T) {
	var m HeuristicMeter
	// A message built in Go (no Raw) prices like its JSON.
	msg := &Message{Role: RoleAssistant, Content: []Block{
		{Type: BlockReasoning, Text: "plan"},
		{Type: BlockToolCall, ID: "c1", Name: "bash", Arguments: `{"command":"ls"}`},
		TextBlock("😀"),
	}}
	// reasoning 1+4, tool-call 1+4+4, text "😀" is 2 units → 1+4, role 4
	if got := m.CountMessage(msg); got != 5+9+5+4 {
		t.Fatalf("got %d", got)
	}
	if m.CountMessage(nil) != 0 {
		t.Fatal("nil message must price 0")
	}
	if m.CountText("abcde") != 2 || m.CountText("") != 0 || m.CountText("你好") != 1 {
		t.Fatal("CountText")
	}
	h := &RequestHeaderData{}
	h.Header.System = "12345678"
	h.Header.Tools = json.RawMessage(`[{"name":"x"}]`)
	if got := EstimateHeader(h); got != (2+4)+(4+4) {
		t.Fatalf("EstimateHeader = %d", got)
	}
	h.Header.Tools = json.RawMessage(`[]`)
	h.Header.System = ""
	if EstimateHeader(h) != 0 {
		t.Fatal("empty header must price 0")
	}
}

func TestJSNumberString(t *testing.T) {
	for lit, want := range map[string]string{
		"1.0": "1", "1E2": "100", "1e21": "1e+21", "0.000001": "0.000001", "1.5e-7": "1.5e-7",
		"-0": "0", "123456789012345678901": "123456789012345680000", "0.1": "0.1", "5e-324": "5e-324",
		"1e400": "null", "-1.25e+3": "-1250", "1e-7": "1e-7", "123e-20": "1.23e-18", "100": "100",
	} {
		if got := jsNumberString([]byte(lit)); got != want {
			t.Errorf("%s: got %s, want %s", lit, got, want)
		}
	}
}
