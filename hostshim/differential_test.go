package hostshim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// The differential test. testdata/dshref/scenarios/*.json describe sessions
// and compaction steps once; testdata/dshref/dshref.mjs runs them in the real
// host packages (pinned in its package-lock.json) and prints what the host
// answered: per step the surface, derived messages, tool-pairing answers,
// token prices, results, errors and the events appended. runScenario does the
// same with the Go model and must print the same JSON.
//
// The host's output is committed as testdata/dshref/golden.json, so the Go
// model is checked against the host on every run, node or not. When node and
// the pinned packages are installed the live host output must also equal the
// golden (EF_UPDATE=1 rewrites it from node). To install them:
//
//	cd hostshim/testdata/dshref && npm ci
//
// Compaction ids and checkpoint message ids are random UUIDs on both sides;
// normalizeIDs replaces them by <cidN>/<midN> placeholders in order of first
// appearance before comparing (the golden is stored normalized).

const dshrefDir = "testdata/dshref"

// TestDifferentialGolden compares the Go model with the committed host
// output.
func TestDifferentialGolden(t *testing.T) {
	if os.Getenv("EF_UPDATE") != "" {
		t.Skip("EF_UPDATE is set: TestDifferentialNode rewrites the golden from the host and compares the Go model with it")
	}
	want, err := os.ReadFile(filepath.Join(dshrefDir, "golden.json"))
	if err != nil {
		t.Fatalf("read golden (regenerate with EF_UPDATE=1 and node installed): %v", err)
	}
	compareOutputs(t, "host golden", want, "Go model", goOutput(t))
}

// TestDifferentialNode runs the real host and compares it with the golden and
// with the Go model.
func TestDifferentialNode(t *testing.T) {
	live := nodeOutput(t)
	golden := filepath.Join(dshrefDir, "golden.json")
	if os.Getenv("EF_UPDATE") != "" {
		// Ids are written normalized so that regenerating changes nothing
		// unless the host's answers do.
		if err := os.WriteFile(golden, normalizeIDs(live), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", golden)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	compareOutputs(t, "host golden", want, "live host", live)
	compareOutputs(t, "live host", live, "Go model", goOutput(t))
}

// nodeOutput runs dshref.mjs over every scenario in the pinned host
// packages, or skips when node or the packages are not installed (a
// failure under CI); TestDifferentialGolden still checks the Go model
// against the committed host output then.
func nodeOutput(t *testing.T) []byte {
	t.Helper()
	node, dir := testutil.NodeModules(t, "hostshim/"+dshrefDir, "@deepseek-ai/dsh-compaction-basic")
	cmd := exec.Command(node, "dshref.mjs")
	cmd.Dir = dir
	return testutil.Output(t, cmd)
}

// compareOutputs compares two dshref documents scenario by scenario after
// normalizing ids, and reports the first differing lines of each scenario.
func compareOutputs(t *testing.T, wantName string, want []byte, gotName string, got []byte) {
	t.Helper()
	ws, err := splitScenarios(normalizeIDs(want))
	if err != nil {
		t.Fatalf("%s: %v", wantName, err)
	}
	gs, err := splitScenarios(normalizeIDs(got))
	if err != nil {
		t.Fatalf("%s: %v", gotName, err)
	}
	if len(ws) != len(gs) {
		t.Errorf("%s has %d scenarios, %s has %d", wantName, len(ws), gotName, len(gs))
	}
	for i := 0; i < len(ws) && i < len(gs); i++ {
		if ws[i].text == gs[i].text {
			continue
		}
		t.Errorf("scenario %s (%s) differs from %s (%s):\n%s", ws[i].name, wantName, gs[i].name, gotName, firstDiff(ws[i].text, gs[i].text))
	}
}

type scenarioText struct{ name, text string }

func splitScenarios(doc []byte) ([]scenarioText, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(doc, &raws); err != nil {
		return nil, err
	}
	out := make([]scenarioText, len(raws))
	for i, r := range raws {
		var head struct {
			Name string `json:"name"`
		}
		if err := json.Unmarshal(r, &head); err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := json.Indent(&buf, r, "", "  "); err != nil {
			return nil, err
		}
		out[i] = scenarioText{head.Name, buf.String()}
	}
	return out, nil
}

// firstDiff shows the first differing line of two texts with some context.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(wl) && i < len(gl) && wl[i] == gl[i] {
		i++
	}
	lo := max(0, i-12)
	var sb strings.Builder
	for k := lo; k < i; k++ {
		fmt.Fprintf(&sb, "   %5d  %s\n", k+1, wl[k])
	}
	for k := i; k < min(len(wl), i+6); k++ {
		fmt.Fprintf(&sb, " - %5d  %s\n", k+1, wl[k])
	}
	for k := i; k < min(len(gl), i+6); k++ {
		fmt.Fprintf(&sb, " + %5d  %s\n", k+1, gl[k])
	}
	return sb.String()
}

var uuidRE = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// normalizeIDs replaces every UUID by a placeholder, numbered in order of
// first appearance: <cidN> when it first appears as a compactionId value,
// <midN> otherwise (checkpoint message ids).
func normalizeIDs(doc []byte) []byte {
	names := map[string]string{}
	var cids, mids int
	locs := uuidRE.FindAllIndex(doc, -1)
	var out bytes.Buffer
	last := 0
	for _, l := range locs {
		id := string(doc[l[0]:l[1]])
		name, ok := names[id]
		if !ok {
			prefix := bytes.TrimRight(doc[:l[0]], `" :`)
			if bytes.HasSuffix(prefix, []byte(`"compactionId`)) {
				cids++
				name = "<cid" + strconv.Itoa(cids) + ">"
			} else {
				mids++
				name = "<mid" + strconv.Itoa(mids) + ">"
			}
			names[id] = name
		}
		out.Write(doc[last:l[0]])
		out.WriteString(name)
		last = l[1]
	}
	out.Write(doc[last:])
	return out.Bytes()
}

// goOutput runs every scenario through the Go model and renders the dshref
// document.
func goOutput(t *testing.T) []byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dshrefDir, "scenarios", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	var docs []json.RawMessage
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := runScenario(raw)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		docs = append(docs, doc)
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, marshalNoEscape(docs), "", "  "); err != nil {
		t.Fatal(err)
	}
	buf.WriteByte('\n')
	return buf.Bytes()
}

// Scenario input (see dshref.mjs for the meaning of each field).

type dshScenario struct {
	Name    string `json:"name"`
	Session string `json:"session"`
	Agent   *struct {
		Provider string `json:"provider"`
		Model    string `json:"model"`
	} `json:"agent"`
	ContextWindow int `json:"contextWindow"`
	Engine        struct {
		ThresholdRatio    float64 `json:"thresholdRatio"`
		RetainRatio       float64 `json:"retainRatio"`
		RetainTokens      int     `json:"retainTokens"`
		CompactionRetries *int    `json:"compactionRetries"`
	} `json:"engine"`
	Steps []json.RawMessage `json:"steps"`
}

type dshStep struct {
	Do              string            `json:"do"`
	Type            string            `json:"type"`
	Data            json.RawMessage   `json:"data"`
	SurfaceOp       *SurfaceOp        `json:"surfaceOp"`
	SourceEventSeqs []int             `json:"sourceEventSeqs"`
	Start           int               `json:"start"`
	End             int               `json:"end"`
	Trigger         Trigger           `json:"trigger"`
	SourceCommandID string            `json:"sourceCommandId"`
	Summary         []Block           `json:"summary"`
	Summaries       [][]Block         `json:"summaries"`
	SummaryError    *string           `json:"summaryError"`
	Provider        string            `json:"provider"`
	Model           string            `json:"model"`
	During          []json.RawMessage `json:"during"`
}

// Output records; field order and omissions follow dshref.mjs.

type dshStepRec struct {
	Do     string          `json:"do"`
	Type   string          `json:"type,omitempty"`
	Seq    *int            `json:"seq,omitempty"`
	Inputs *[]dshInputRec  `json:"inputs,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *dshErrorRec    `json:"error,omitempty"`
	State  *dshStateRec    `json:"state,omitempty"`
}

type dshInputRec struct {
	System     string          `json:"system,omitempty"`
	Tools      json.RawMessage `json:"tools,omitempty"`
	MessageIDs []string        `json:"messageIds"`
}

type dshErrorRec struct {
	Code    ManualCompactionErrorCode `json:"code,omitempty"`
	Message string                    `json:"message"`
}

type dshStateRec struct {
	Surface           []int         `json:"surface"`
	ReplaceGeneration int           `json:"replaceGeneration"`
	SurfaceTokens     int           `json:"surfaceTokens"`
	TotalTokens       int           `json:"totalTokens"`
	Nodes             []dshNodeRec  `json:"nodes"`
	Events            []dshEventRec `json:"events"`
}

type dshNodeRec struct {
	Seq            int             `json:"seq"`
	Type           string          `json:"type"`
	Tokens         int             `json:"tokens"`
	BalancedBefore *bool           `json:"balancedBefore,omitempty"`
	BalancedAfter  *bool           `json:"balancedAfter,omitempty"`
	BalanceError   string          `json:"balanceError,omitempty"`
	Message        json.RawMessage `json:"message,omitempty"`
}

type dshEventRec struct {
	Type            string          `json:"type"`
	Seq             int             `json:"seq"`
	Data            json.RawMessage `json:"data"`
	SourceEventSeqs *[]int          `json:"sourceEventSeqs,omitempty"`
	SurfaceOp       *SurfaceOp      `json:"surfaceOp,omitempty"`
}

// dshRun is the Go side of one scenario run.
type dshRun struct {
	s      *Session
	meter  Meter
	cursor int
	seen   map[int]bool
	// script is the compaction step being run; inputs collects what the
	// summarize hook was given.
	script *dshStep
	inputs []dshInputRec
	calls  int
}

func runScenario(raw []byte) (json.RawMessage, error) {
	var sc dshScenario
	if err := json.Unmarshal(raw, &sc); err != nil {
		return nil, err
	}
	id := sc.Session
	if id == "" {
		id = sc.Name
	}
	r := &dshRun{s: NewSession(id, Gen01), meter: HeuristicMeter{}, seen: map[int]bool{}}
	provider, model := "fake", "fake-m"
	if sc.Agent != nil {
		provider, model = sc.Agent.Provider, sc.Agent.Model
	}
	cfg := BasicConfig{
		ContextWindow:     sc.ContextWindow,
		ThresholdRatio:    sc.Engine.ThresholdRatio,
		RetainRatio:       sc.Engine.RetainRatio,
		RetainTokens:      sc.Engine.RetainTokens,
		CompactionRetries: 1, // the host's default
	}
	if cfg.ContextWindow == 0 {
		cfg.ContextWindow = 128000
	}
	if sc.Engine.CompactionRetries != nil {
		cfg.CompactionRetries = *sc.Engine.CompactionRetries
	}
	engine := &BasicEngine{Config: cfg, Tx: &Transaction{Meter: r.meter, Summarizer: SummarizerFunc(r.summarize)}}
	agent := &Agent{Session: r.s, Provider: provider, Model: model}

	var steps []dshStepRec
	for i, rawStep := range sc.Steps {
		st, err := decodeStep(rawStep)
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i, err)
		}
		rec := dshStepRec{Do: st.Do}
		switch st.Do {
		case "append":
			rec.Type = st.Type
			e, err := r.append(st)
			if err != nil {
				rec.Error = errorRec(err)
			} else {
				rec.Seq = &e.Seq
			}
			steps = append(steps, rec)
			continue
		case "snapshot":
			if rec.State, err = r.dump(); err != nil {
				return nil, err
			}
			steps = append(steps, rec)
			continue
		}
		r.script, r.inputs, r.calls = st, []dshInputRec{}, 0
		ctx := context.Background()
		var res *CompactionResult
		switch st.Do {
		case "compactRegion":
			res, err = engine.CompactRegion(ctx, st.Start, st.End, agent)
		case "compactNow":
			res, err = engine.CompactNow(ctx, agent, st.SourceCommandID)
		case "compactIfNeeded":
			res, err = engine.CompactIfNeeded(ctx, agent, st.Trigger)
		default:
			return nil, fmt.Errorf("step %d: unknown step %q", i, st.Do)
		}
		inputs := r.inputs
		rec.Inputs = &inputs
		if err != nil {
			rec.Error = errorRec(err)
		} else if res == nil {
			rec.Result = json.RawMessage("null")
		} else {
			// CompactionResult's JSON is the host's CompactionResult.
			rec.Result = marshalNoEscape(res)
		}
		if rec.State, err = r.dump(); err != nil {
			return nil, err
		}
		steps = append(steps, rec)
	}
	final, err := r.dump()
	if err != nil {
		return nil, err
	}
	return marshalNoEscape(struct {
		Name  string       `json:"name"`
		Steps []dshStepRec `json:"steps"`
		Final *dshStateRec `json:"final"`
	}{sc.Name, steps, final}), nil
}

func decodeStep(raw json.RawMessage) (*dshStep, error) {
	raw, err := expandRepeat(raw)
	if err != nil {
		return nil, err
	}
	var st dshStep
	if err := json.Unmarshal(raw, &st); err != nil {
		return nil, err
	}
	return &st, nil
}

func (r *dshRun) append(st *dshStep) (Event, error) {
	return r.s.Append(st.Type, st.Data, AppendOptions{SurfaceOp: st.SurfaceOp, SourceEventSeqs: st.SourceEventSeqs})
}

// summarize is the scripted summarize hook, as ScriptedEngine.summarize in
// dshref.mjs: record the input, run the step's concurrent appends, answer.
func (r *dshRun) summarize(_ context.Context, in *SummarizationInput, agent *Agent) (*SummaryResult, error) {
	st := r.script
	rec := dshInputRec{System: in.System, Tools: in.Tools, MessageIDs: []string{}}
	for _, m := range in.Messages {
		rec.MessageIDs = append(rec.MessageIDs, m.ID)
	}
	r.inputs = append(r.inputs, rec)
	for _, d := range st.During {
		ds, err := decodeStep(d)
		if err != nil {
			return nil, err
		}
		if _, err := r.append(ds); err != nil {
			return nil, err
		}
	}
	k := r.calls
	r.calls++
	if st.SummaryError != nil {
		return nil, errors.New(*st.SummaryError)
	}
	summary := st.Summary
	if st.Summaries != nil {
		summary = st.Summaries[min(k, len(st.Summaries)-1)]
	}
	res := &SummaryResult{Summary: summary, Provider: st.Provider, Model: st.Model}
	if res.Provider == "" {
		res.Provider = "scripted"
	}
	if res.Model == "" {
		res.Model = "scripted-m"
	}
	return res, nil
}

// errorRec renders an error as dshref.mjs does: a manual compaction error
// by its code and the host text of its cause; anything else by its host
// text (errorChain strips the Go sentinels the host does not have).
func errorRec(err error) *dshErrorRec {
	var me *ManualCompactionError
	rec := &dshErrorRec{}
	if errors.As(err, &me) {
		rec.Code, err = me.Code, me.Err
	}
	var txe *TxError
	if errors.As(err, &txe) {
		err = txe.Err
	}
	var ae *AppendError
	if errors.As(err, &ae) {
		err = ae.Err
	}
	rec.Message = errorChain(err)
	return rec
}

func (r *dshRun) dump() (*dshStateRec, error) {
	s := r.s
	st := &dshStateRec{Surface: s.Surface().Nodes, ReplaceGeneration: s.Surface().ReplaceGeneration, Nodes: []dshNodeRec{}, Events: []dshEventRec{}}
	if st.Surface == nil {
		st.Surface = []int{}
	}
	m, err := MeasureSurface(s, r.meter)
	if err != nil {
		return nil, err
	}
	st.SurfaceTokens, st.TotalTokens = m.Surface, m.Total
	for i, seq := range st.Surface {
		e, _ := s.Event(seq)
		n := dshNodeRec{Seq: seq, Type: e.Type, Tokens: m.Nodes[i].Tokens}
		before, err1 := s.BalancedBefore(seq)
		after, err2 := s.BalancedAfter(seq)
		if err := errors.Join(err1, err2); err != nil {
			n.BalanceError = errorChain(err)
		} else {
			n.BalancedBefore, n.BalancedAfter = &before, &after
		}
		if !r.seen[seq] {
			r.seen[seq] = true
			m, err := s.Message(seq)
			if err != nil {
				return nil, err
			}
			if m == nil {
				n.Message = json.RawMessage("null")
			} else if n.Message, err = m.MarshalJSON(); err != nil {
				return nil, err
			}
		}
		st.Nodes = append(st.Nodes, n)
	}
	for _, e := range s.Events()[r.cursor:] {
		rec := dshEventRec{Type: e.Type, Seq: e.Seq, Data: e.Data, SurfaceOp: e.SurfaceOp}
		if e.SourceEventSeqs != nil {
			seqs := e.SourceEventSeqs
			rec.SourceEventSeqs = &seqs
		}
		st.Events = append(st.Events, rec)
	}
	r.cursor = s.Len()
	return st, nil
}

// expandRepeat replaces every {"$repeat": s, "times": n} in a JSON value by
// s repeated n times, keeping the key order of everything else (the Go
// decoder into maps would sort keys, and key order is part of what the
// differential compares). Strings are re-encoded as JSON.stringify would.
func expandRepeat(raw json.RawMessage) (json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			out.WriteByte('[')
			for i := 0; dec.More(); i++ {
				var el json.RawMessage
				if err := dec.Decode(&el); err != nil {
					return nil, err
				}
				x, err := expandRepeat(el)
				if err != nil {
					return nil, err
				}
				if i > 0 {
					out.WriteByte(',')
				}
				out.Write(x)
			}
			out.WriteByte(']')
			return out.Bytes(), nil
		}
		var keys []string
		var vals []json.RawMessage
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				return nil, err
			}
			keys, vals = append(keys, kt.(string)), append(vals, v)
		}
		if len(keys) == 2 && keys[0] == "$repeat" && keys[1] == "times" {
			var s string
			var n int
			if err := json.Unmarshal(vals[0], &s); err != nil {
				return nil, err
			}
			if err := json.Unmarshal(vals[1], &n); err != nil {
				return nil, err
			}
			return marshalNoEscape(strings.Repeat(s, n)), nil
		}
		out.WriteByte('{')
		for i, k := range keys {
			x, err := expandRepeat(vals[i])
			if err != nil {
				return nil, err
			}
			if i > 0 {
				out.WriteByte(',')
			}
			out.Write(marshalNoEscape(k))
			out.WriteByte(':')
			out.Write(x)
		}
		out.WriteByte('}')
		return out.Bytes(), nil
	case string:
		return marshalNoEscape(t), nil
	default:
		return bytes.TrimSpace(raw), nil
	}
}
