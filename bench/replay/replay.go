package replay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"time"

	"github.com/epistemicfold/ef/bench/cachesim"
	"github.com/epistemicfold/ef/hostshim"
)

// Engine is one contestant: it runs its automatic compaction path before a
// model request, as the host's listeners do. It may append compaction
// events to agent.Session (through hostshim.Transaction or the pruner's
// compaction/prune protocol); the driver finds what it did in the log.
// An error is recorded and the replay continues, as the host logs a
// failed automatic compaction and continues the turn.
//
// An Engine serves one session at a time.
type Engine interface {
	// Name is the engine's short name in reports ("basic", "ef", …).
	Name() string
	// Compact runs the automatic path for trigger.
	Compact(ctx context.Context, agent *hostshim.Agent, trigger hostshim.Trigger) error
}

// FoldClassifier is an Engine that names the mode of its folds. Without
// it, a compaction is mode "summary" and a prune is "prune".
type FoldClassifier interface {
	FoldMode(s *hostshim.Session, checkpointSeq int) string
}

// Recoverer is an Engine with recall: Recoverable reports whether the
// answer to p can be got back through search and exact recall.
type Recoverer interface {
	Recoverable(ctx context.Context, s *hostshim.Session, p Probe) (bool, error)
}

// RecallVerifier is an Engine that archives what it folds: VerifyRecall
// checks every checkpoint of s and returns how many were checked and how
// many verified byte-exact.
type RecallVerifier interface {
	VerifyRecall(ctx context.Context, s *hostshim.Session) (checked, verified int, err error)
}

// SummarizerUser is an Engine that calls a summarizing model: it reports
// how many calls it made (failed folds included) and their tokens.
type SummarizerUser interface {
	SummarizerUsage() (calls, inputTokens, outputTokens int)
}

// SummaryCall is one summarizer call as an engine made it: the message id
// of the last message of the span it summarized (empty when unknown) and
// the tokens of its output (Meter tokens).
type SummaryCall struct {
	LastMessageID string
	OutputTokens  int
}

// SummaryCallRecorder is a SummarizerUser that lists its calls one by one,
// so the driver can price each as a request (see FoldCallTokens).
// DrainSummaryCalls returns the calls made since the last drain, oldest
// first.
type SummaryCallRecorder interface {
	DrainSummaryCalls() []SummaryCall
}

// ProjectionReporter is an Engine that keeps a projection of the session
// (EF's epistemic state, EF-RFC-001 §3.3, §13): ProjectionMemory reports
// its size now, ok false when it keeps none. Engines without one report
// n/a.
type ProjectionReporter interface {
	ProjectionMemory() (size ProjectionSize, ok bool)
}

// ProjectionSize is the size of a projection's hot state: its anchors and
// their bytes (the engine's own estimate of what it holds in memory).
type ProjectionSize struct {
	Anchors int `json:"anchors"`
	Bytes   int `json:"bytes"`
}

// ProjectionStats describe a projection over one replay, sampled after
// every request.
type ProjectionStats struct {
	Reported     bool `json:"reported"`
	PeakBytes    int  `json:"peakBytes"`
	PeakAnchors  int  `json:"peakAnchors"`
	FinalBytes   int  `json:"finalBytes"`
	FinalAnchors int  `json:"finalAnchors"`
	// HalfBytes is the size at the middle request. A projection that
	// grows with history has FinalBytes ≈ 2 × HalfBytes on a session of
	// even pace; a bounded one stays flat.
	HalfBytes int `json:"halfBytes"`
}

// InstructionTokens is the length of the summarization instruction the
// driver appends to a summarizer call's prompt (a fixed text: the same
// tokens every call).
const InstructionTokens = 256

// Config configures a replay.
type Config struct {
	// Window is the model's context window in Meter tokens. Required.
	Window int
	// Meter prices requests (a real tokenizer). Required.
	Meter hostshim.Meter
	// Probes are the planted items to watch (synthetic sessions).
	Probes []Probe
	// MaxSteps stops the replay after this many model requests. Zero
	// means no limit.
	MaxSteps int
	// AnthropicMinTokens is the Anthropic cache's minimum cacheable
	// prompt. Zero means 1024; negative means none.
	AnthropicMinTokens int
	// Progress, when set, is called after every request.
	Progress func()
}

// Step is one model request.
type Step struct {
	Index     int `json:"i"`
	SourceSeq int `json:"sourceSeq"`
	// Tokens is the request's prompt: header plus surface messages.
	Tokens int `json:"tokens"`
	Nodes  int `json:"nodes"`
	// Folds is the number of folds run right before this request.
	Folds int `json:"folds,omitempty"`
	// FrozenPrefix is the tokens of this request's prefix that are
	// identical to the previous request's; Invalidated is the rest of the
	// previous request (what a fold rewrote).
	FrozenPrefix int `json:"frozenPrefix"`
	Invalidated  int `json:"invalidated,omitempty"`
	// CheckpointLoad is the tokens of the run of checkpoints (summaries)
	// right after the system prompt: the frozen-prefix load of the
	// engine's own state.
	CheckpointLoad int `json:"checkpointLoad,omitempty"`
	// Misses attribute the request's tokens after the frozen prefix (the
	// part a prefix cache cannot serve) to their cause: "new" (messages
	// appended since the previous request), "header" (a changed system
	// prompt), "ckpt/<mode>" (nodes the step's folds wrote: checkpoints,
	// placeholders) and "resent/<mode>" (nodes the previous request held
	// that now follow a changed prefix: the retained tail after a fold
	// point). <mode> is the step's costliest fold mode.
	Misses map[string]int `json:"misses,omitempty"`
	// ProjectionBytes is the engine's projection size after the request
	// (ProjectionReporter engines).
	ProjectionBytes int `json:"projectionBytes,omitempty"`
	// Over: the request is still larger than the window after the
	// engine's overflow path (a real provider would refuse it).
	Over      bool            `json:"over,omitempty"`
	DeepSeek  cachesim.Result `json:"deepseek"`
	Anthropic cachesim.Result `json:"anthropic"`
}

// Fold is one compaction or prune an engine made.
type Fold struct {
	// Step is the index of the request the fold ran before.
	Step    int    `json:"step"`
	Mode    string `json:"mode"`
	Trigger string `json:"trigger"`
	// ShadowedNodes and ShadowedTokens are what it took off the surface;
	// ReplacementTokens is what it put there (Meter tokens).
	ShadowedNodes     int `json:"shadowedNodes"`
	ShadowedTokens    int `json:"shadowedTokens"`
	ReplacementTokens int `json:"replacementTokens"`
	// Latency is the engine call's wall time shared among the folds it
	// made.
	Latency time.Duration `json:"latencyNs"`
}

// Result is everything one replay recorded.
type Result struct {
	Engine  string `json:"engine"`
	Session string `json:"session"`
	Window  int    `json:"window"`
	Meter   string `json:"meter"`
	// Events is the number of source events replayed; Truncated reports
	// that MaxSteps stopped the replay early.
	Events    int  `json:"events"`
	Truncated bool `json:"truncated,omitempty"`
	// SkippedCompactions counts the source's own compaction events and
	// surface replacements, which were not replayed.
	SkippedCompactions int `json:"skippedCompactions,omitempty"`
	// SyntheticEvents counts turn/start and request/header events the
	// driver added so that the automatic path could run.
	SyntheticEvents int            `json:"syntheticEvents,omitempty"`
	Steps           []Step         `json:"steps"`
	Folds           []Fold         `json:"folds"`
	FoldErrors      int            `json:"foldErrors"`
	FoldErrorSample []string       `json:"foldErrorSample,omitempty"`
	Probes          []ProbeOutcome `json:"probes,omitempty"`
	// FinalTokens is the size of the surface after the last event.
	FinalTokens int `json:"finalTokens"`
	// SummaryCalls, SummaryInputTokens and SummaryOutputTokens are the
	// summarizer calls the engine made (SummarizerUser engines): in the
	// host each is an LLM request the request totals do not include. For a
	// SummaryCallRecorder each call is priced as a request of its own
	// (header + the surface up to the end of the summarized span +
	// InstructionTokens, through the same cache simulators as the
	// conversation: SummaryDeepSeek, SummaryAnthropic) and
	// SummaryInputTokens is that request's length; otherwise it is the
	// span's tokens and the calls are not cache-priced.
	SummaryCalls        int             `json:"summaryCalls,omitempty"`
	SummaryInputTokens  int             `json:"summaryInputTokens,omitempty"`
	SummaryOutputTokens int             `json:"summaryOutputTokens,omitempty"`
	SummaryDeepSeek     cachesim.Result `json:"summaryDeepseek"`
	SummaryAnthropic    cachesim.Result `json:"summaryAnthropic"`
	// RecallChecked and RecallVerified count checkpoints whose archive was
	// checked, and verified byte-exact (RecallVerifier engines).
	RecallChecked  int `json:"recallChecked"`
	RecallVerified int `json:"recallVerified"`
	// Projection is the engine's projection size (ProjectionReporter).
	Projection ProjectionStats `json:"projection"`
	// Session is the replayed session (not encoded).
	Replayed *hostshim.Session `json:"-"`
}

// piece is one priced unit of a request: the header or a surface message.
type piece struct {
	tokens int
	ids    []uint32
	role   role
	facts  []pieceFacts // what it says about each probe, nil when nothing
}

type driver struct {
	cfg    Config
	eng    Engine
	src    *hostshim.Session
	s      *hostshim.Session
	agent  *hostshim.Agent
	res    *Result
	seqMap map[int]int
	pieces map[int]*piece // by seq in s (surface nodes and headers)

	headerSeq int // latest request/header in s, -1 before any
	turnOpen  bool
	lastTurn  int

	ds       *cachesim.DeepSeek
	an       *cachesim.Anthropic
	prev     []uint32
	cur      []uint32
	bps      []int  // Anthropic breakpoints of cur besides its end
	load     int    // checkpoint load of cur
	pending  []Fold // folds since the last request
	probeSrc []int  // per probe: first request index it is checked at (-1 none yet)
	lastSrc  int    // the last source seq replayed

	curSpans, prevSpans []nodeSpan // where each node of cur / prev lies in the stream
	headerLen           int        // header tokens at the head of cur
}

// nodeSpan is where one surface node lies in a request's token stream.
type nodeSpan struct{ seq, start, end int }

// Replay plays src through eng. src is not modified.
func Replay(ctx context.Context, src *hostshim.Session, eng Engine, cfg Config) (*Result, error) {
	if cfg.Meter == nil || cfg.Window <= 0 {
		return nil, fmt.Errorf("%w: need a meter and a positive window", ErrConfig)
	}
	min := cfg.AnthropicMinTokens
	switch {
	case min == 0:
		min = 1024
	case min < 0:
		min = 0
	}
	s := hostshim.NewSession(src.ID, src.Gen)
	s.Header = src.Header
	s.Lenient = src.Lenient
	d := &driver{
		cfg: cfg, eng: eng, src: src, s: s,
		agent:     &hostshim.Agent{Session: s},
		res:       &Result{Engine: eng.Name(), Session: src.ID, Window: cfg.Window, Meter: cfg.Meter.Name(), Replayed: s},
		seqMap:    map[int]int{},
		pieces:    map[int]*piece{},
		headerSeq: -1,
		ds:        cachesim.NewDeepSeek(),
		an:        cachesim.NewAnthropic(cachesim.AnthropicOptions{MinTokens: min}),
	}
	d.res.Probes = make([]ProbeOutcome, len(cfg.Probes))
	for i, p := range cfg.Probes {
		d.res.Probes[i].Probe = p
		d.res.Probes[i].index = i
	}
	if err := d.run(ctx); err != nil {
		return nil, err
	}
	if err := d.finish(ctx); err != nil {
		return nil, err
	}
	return d.res, nil
}

func (d *driver) run(ctx context.Context) error {
	for _, e := range d.src.Events() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if skipSource(e) {
			d.res.SkippedCompactions++
			continue
		}
		if e.Type == hostshim.TypeAssistantMessage && e.SurfaceOp != nil {
			if d.cfg.MaxSteps > 0 && len(d.res.Steps) >= d.cfg.MaxSteps {
				d.res.Truncated = true
				return nil
			}
			if err := d.request(ctx, e.Seq); err != nil {
				return &Error{Session: d.src.ID, Seq: e.Seq, Type: e.Type, Err: err}
			}
		}
		// Source events left out (compactions) are dropped from
		// provenance lists; an assistant message keeps an empty list.
		ne, err := e.Renumber(d.s.Len(), func(old int) (int, bool) {
			n, ok := d.seqMap[old]
			return n, ok
		})
		if err != nil {
			return &Error{Session: d.src.ID, Seq: e.Seq, Type: e.Type, Err: err}
		}
		if len(ne.SourceEventSeqs) == 0 && e.Type != hostshim.TypeAssistantMessage {
			ne.SourceEventSeqs = nil
		}
		if err := d.s.AppendEvent(ne); err != nil {
			return &Error{Session: d.src.ID, Seq: e.Seq, Type: e.Type, Err: err}
		}
		d.seqMap[e.Seq] = ne.Seq
		d.lastSrc = e.Seq
		d.res.Events++
		d.track(ne)
	}
	return nil
}

// skipSource reports whether a source event is the source agent's own
// compaction, which the engine under test replaces with its own.
func skipSource(e hostshim.Event) bool {
	switch e.Type {
	case hostshim.TypeCompactionStart, hostshim.TypeCompactionSum, hostshim.TypeCompactionEnd, hostshim.TypeCompactionPrune:
		return true
	}
	return e.SurfaceOp != nil && e.SurfaceOp.Replace
}

// track follows the turn and the latest header of appended events.
func (d *driver) track(e hostshim.Event) {
	switch e.Type {
	case hostshim.TypeRequestHeader:
		d.headerSeq = e.Seq
	case hostshim.TypeTurnStart:
		var t hostshim.TurnData
		if e.Decode(&t) == nil && t.Turn > d.lastTurn {
			d.lastTurn = t.Turn
		}
		d.turnOpen = true
	case hostshim.TypeTurnEnd:
		d.turnOpen = false
	}
}

func (d *driver) appendSynthetic(typ string, data any) error {
	e, err := d.s.Append(typ, data, hostshim.AppendOptions{})
	if err != nil {
		return err
	}
	d.res.SyntheticEvents++
	d.track(e)
	return nil
}

// request runs the engine's automatic path and records one model request.
func (d *driver) request(ctx context.Context, srcSeq int) error {
	if d.headerSeq < 0 {
		var h hostshim.RequestHeaderData
		h.Header.Config.Provider, h.Header.Config.Model = "bench", "bench"
		h.Reason = "bench-synthetic"
		if err := d.appendSynthetic(hostshim.TypeRequestHeader, h); err != nil {
			return err
		}
	}
	if !d.turnOpen {
		if err := d.appendSynthetic(hostshim.TypeTurnStart, hostshim.TurnData{Turn: d.lastTurn + 1}); err != nil {
			return err
		}
	}
	if d.agent.Provider == "" {
		if h, ok, err := hostshim.LatestRequestHeader(d.s); err == nil && ok {
			d.agent.Provider, d.agent.Model = h.Header.Config.Provider, h.Header.Config.Model
		}
	}
	idx := len(d.res.Steps)
	madeFrom := d.s.Len() // events from here on are the engine's
	if err := d.compact(ctx, idx, hostshim.TriggerPressure); err != nil {
		return err
	}
	tokens, err := d.fill(d.cur[:0])
	if err != nil {
		return err
	}
	if tokens > d.cfg.Window {
		if err := d.compact(ctx, idx, hostshim.TriggerOverflow); err != nil {
			return err
		}
		if tokens, err = d.fill(d.cur[:0]); err != nil {
			return err
		}
	}
	st := Step{Index: idx, SourceSeq: srcSeq, Tokens: tokens, Nodes: len(d.s.Nodes()), Folds: len(d.pending), Over: tokens > d.cfg.Window}
	lcp := 0
	for lcp < len(d.prev) && lcp < len(d.cur) && d.prev[lcp] == d.cur[lcp] {
		lcp++
	}
	st.FrozenPrefix, st.Invalidated = lcp, len(d.prev)-lcp
	st.Misses = d.attribute(lcp, madeFrom)
	st.CheckpointLoad = d.load
	if st.DeepSeek, err = d.ds.Request(d.cur); err != nil {
		return err
	}
	if st.Anthropic, err = d.an.RequestAt(d.cur, d.bps); err != nil {
		return err
	}
	d.res.Steps = append(d.res.Steps, st)
	d.res.Folds = append(d.res.Folds, d.pending...)
	d.pending = d.pending[:0]
	d.prev, d.cur = d.cur, d.prev
	d.prevSpans, d.curSpans = d.curSpans, d.prevSpans[:0]
	if len(d.cfg.Probes) > 0 {
		js, on := d.surfaceFacts()
		for i := range d.res.Probes {
			o := &d.res.Probes[i]
			if srcSeq <= o.PlantedAt {
				continue
			}
			o.Checks++
			vis, stale := o.judge(js[o.index], o.want(srcSeq))
			if vis {
				o.Visible++
			}
			if stale {
				o.Stale++
			}
			if o.binding(srcSeq) {
				o.AuthorityChecks++
				if !on[d.seqMap[o.PlantedAt]] {
					o.Folded++
					if !vis {
						o.Lost++
					}
				}
			}
		}
	}
	d.sampleProjection(&d.res.Steps[len(d.res.Steps)-1])
	if d.cfg.Progress != nil {
		d.cfg.Progress()
	}
	return nil
}

// compact runs the engine once and records the folds it made.
func (d *driver) compact(ctx context.Context, step int, trigger hostshim.Trigger) error {
	n0 := d.s.Len()
	pre := slices.Clone(d.s.Nodes())
	t0 := time.Now()
	err := d.eng.Compact(ctx, d.agent, trigger)
	took := time.Since(t0)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		d.res.FoldErrors++
		if len(d.res.FoldErrorSample) < 5 {
			d.res.FoldErrorSample = append(d.res.FoldErrorSample, fmt.Sprintf("step %d %s: %v", step, trigger, err))
		}
	}
	first := len(d.pending)
	evs := d.s.Events()
	for i := n0; i < len(evs); i++ {
		e := evs[i]
		d.track(e)
		var seqs []int
		var mode string
		switch e.Type {
		case hostshim.TypeCompactionSum:
			var sd hostshim.CompactionSummaryData
			if err := e.Decode(&sd); err != nil {
				return err
			}
			seqs, mode = sd.ShadowedSeqs, "summary"
			if fc, ok := d.eng.(FoldClassifier); ok {
				mode = fc.FoldMode(d.s, e.Seq+1)
			}
		case hostshim.TypeCompactionPrune:
			var pd struct {
				ShadowedSeqs []int `json:"shadowedSeqs"`
			}
			if err := e.Decode(&pd); err != nil {
				return err
			}
			seqs, mode = pd.ShadowedSeqs, "prune"
		default:
			continue
		}
		f := Fold{Step: step, Mode: mode, Trigger: string(trigger), ShadowedNodes: len(seqs)}
		for _, q := range seqs {
			if p, err := d.piece(q); err == nil && p != nil {
				f.ShadowedTokens += p.tokens
			}
		}
		if i+1 < len(evs) {
			if p, err := d.piece(evs[i+1].Seq); err == nil && p != nil {
				f.ReplacementTokens = p.tokens
			}
		}
		d.pending = append(d.pending, f)
	}
	if n := len(d.pending) - first; n > 0 {
		for i := first; i < len(d.pending); i++ {
			d.pending[i].Latency = took / time.Duration(n)
		}
	}
	return d.priceCalls(pre, evs[n0:])
}

// priceCalls prices the summarizer calls of one engine run as requests of
// their own. A call's prompt is what a competent integration sends: the
// request header and the surface as it was when the call was made, up to
// and including the last message of the summarized span (a prefix of the
// conversation's own request, so it mostly hits the cache), then a fixed
// instruction of InstructionTokens. The surface at the call is the latest
// stage of this run (the surface before the run, then after each of its
// compactions) that still holds that message; when the message is unknown
// the whole current surface is taken. The calls go through the same cache
// simulators as the conversation, with the same breakpoints.
func (d *driver) priceCalls(pre []int, evs []hostshim.Event) error {
	rec, ok := d.eng.(SummaryCallRecorder)
	if !ok {
		return nil
	}
	calls := rec.DrainSummaryCalls()
	if len(calls) == 0 {
		return nil
	}
	stages := [][]int{pre}
	cur := pre
	for i, e := range evs {
		if e.Type != hostshim.TypeCompactionSum || i+1 >= len(evs) {
			continue
		}
		var sd hostshim.CompactionSummaryData
		if err := e.Decode(&sd); err != nil {
			return err
		}
		gone := map[int]bool{}
		for _, q := range sd.ShadowedSeqs {
			gone[q] = true
		}
		next := make([]int, 0, len(cur))
		placed := false
		for _, n := range cur {
			if gone[n] {
				if !placed {
					next = append(next, evs[i+1].Seq)
					placed = true
				}
				continue
			}
			next = append(next, n)
		}
		stages = append(stages, next)
		cur = next
	}
	for _, c := range calls {
		nodes := stages[len(stages)-1]
		if c.LastMessageID != "" {
		find:
			for k := len(stages) - 1; k >= 0; k-- {
				for j, n := range stages[k] {
					if m, err := d.s.Message(n); err == nil && m != nil && m.ID == c.LastMessageID {
						nodes = stages[k][:j+1]
						break find
					}
				}
			}
		}
		buf, bps, _, err := d.stream(nil, nodes)
		if err != nil {
			return err
		}
		buf = append(buf, instruction...)
		ds, err := d.ds.Request(buf)
		if err != nil {
			return err
		}
		an, err := d.an.RequestAt(buf, bps)
		if err != nil {
			return err
		}
		d.res.SummaryDeepSeek = d.res.SummaryDeepSeek.Add(ds)
		d.res.SummaryAnthropic = d.res.SummaryAnthropic.Add(an)
		d.res.SummaryCalls++
		d.res.SummaryInputTokens += len(buf)
		d.res.SummaryOutputTokens += c.OutputTokens
	}
	return nil
}

// instruction stands for the fixed summarization instruction.
var instruction = pseudoIDs([]byte("summarize the conversation above"), InstructionTokens)

// piece returns the priced piece of a surface-eligible event (nil when
// it derives no message).
func (d *driver) piece(seq int) (*piece, error) {
	if p, ok := d.pieces[seq]; ok {
		return p, nil
	}
	m, err := d.s.Message(seq)
	if err != nil {
		return nil, err
	}
	if m == nil {
		d.pieces[seq] = nil
		return nil, nil
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	p := &piece{tokens: d.cfg.Meter.CountMessage(m)}
	p.ids = pseudoIDs(raw, p.tokens)
	if len(d.cfg.Probes) > 0 {
		p.role = roleOf(d.s, seq, m)
		text := m.Text()
		for i := range d.cfg.Probes {
			if f := d.cfg.Probes[i].scan(text); f.all.any() {
				if p.facts == nil {
					p.facts = make([]pieceFacts, len(d.cfg.Probes))
				}
				p.facts[i] = f
			}
		}
	}
	d.pieces[seq] = p
	return p, nil
}

// headerPiece prices the latest request header.
func (d *driver) headerPiece() (*piece, error) {
	if d.headerSeq < 0 {
		return nil, nil
	}
	if p, ok := d.pieces[d.headerSeq]; ok {
		return p, nil
	}
	e, _ := d.s.Event(d.headerSeq)
	var h hostshim.RequestHeaderData
	if err := e.Decode(&h); err != nil {
		return nil, err
	}
	p := &piece{tokens: hostshim.HeaderTokens(&h, d.cfg.Meter)}
	p.ids = pseudoIDs(append([]byte(h.Header.System+"\x00"), h.Header.Tools...), p.tokens)
	d.pieces[d.headerSeq] = p
	return p, nil
}

// fill writes the current request's token stream into buf (kept as
// d.cur) and returns its length.
func (d *driver) fill(buf []uint32) (int, error) {
	buf, bps, load, err := d.stream(buf, d.s.Nodes())
	if err != nil {
		return 0, err
	}
	d.cur, d.bps, d.load = buf, bps, load
	d.headerLen = 0
	if h, _ := d.headerPiece(); h != nil {
		d.headerLen = h.tokens
	}
	d.curSpans = d.curSpans[:0]
	at := d.headerLen
	for _, n := range d.s.Nodes() {
		if p, _ := d.piece(n); p != nil {
			d.curSpans = append(d.curSpans, nodeSpan{n, at, at + p.tokens})
			at += p.tokens
		}
	}
	return len(buf), nil
}

// foldRank orders fold modes by what they usually cost the cache.
var foldRank = map[string]int{"emergency": 4, "root": 3, "rolling": 2, "leaf": 1, "prune": 1}

// attribute splits the current request's tokens after the frozen prefix
// lcp by cause (see Step.Misses). Nodes with a seq at or after madeFrom
// were written by the engine during this step.
func (d *driver) attribute(lcp, madeFrom int) map[string]int {
	if lcp >= len(d.cur) {
		return nil
	}
	mode := ""
	for _, f := range d.pending {
		if mode == "" || foldRank[f.Mode] > foldRank[mode] {
			mode = f.Mode
		}
	}
	if mode == "" {
		mode = "none"
	}
	prev := make(map[int]bool, len(d.prevSpans))
	for _, sp := range d.prevSpans {
		prev[sp.seq] = true
	}
	out := map[string]int{}
	if lcp < d.headerLen {
		k := "header"
		if len(d.prev) == 0 {
			k = "new" // the first request
		}
		out[k] += d.headerLen - lcp
	}
	for _, sp := range d.curSpans {
		if sp.end <= lcp {
			continue
		}
		n := sp.end - max(sp.start, lcp)
		switch {
		case sp.seq >= madeFrom:
			out["ckpt/"+mode] += n
		case prev[sp.seq]:
			out["resent/"+mode] += n
		default:
			out["new"] += n
		}
	}
	return out
}

// stream appends the token stream of the header and nodes to buf and
// returns it with the Anthropic breakpoints a competent integration sets
// besides the end of the request (see the package documentation): the end
// of the system prompt (the header and any system or developer nodes at
// the head) and the end of the run of checkpoints that follows it (a
// summary, or EF's frozen checkpoints), when there is one. load is the
// tokens of that checkpoint run.
func (d *driver) stream(buf []uint32, nodes []int) (_ []uint32, _ []int, load int, _ error) {
	h, err := d.headerPiece()
	if err != nil {
		return nil, nil, 0, err
	}
	if h != nil {
		buf = append(buf, h.ids...)
	}
	var bps []int
	head := 0 // 0 system head, 1 checkpoint run, 2 past both
	for _, n := range nodes {
		p, err := d.piece(n)
		if err != nil {
			return nil, nil, 0, err
		}
		if p == nil {
			continue
		}
		if head < 2 {
			k := 2
			if e, _ := d.s.Event(n); e.Type == hostshim.TypeSystemMessage || e.Type == hostshim.TypeDeveloperMessage {
				k = 0
			} else if m, _ := d.s.Message(n); m != nil && m.IsCheckpoint() {
				k = 1
			}
			if k < head {
				k = 2 // a system node after a checkpoint ends the run
			}
			if k > head && len(buf) > 0 {
				bps = append(bps, len(buf))
			}
			if k == 1 && head == 0 {
				load = -len(buf)
			}
			if k == 2 && head == 1 {
				load += len(buf)
			}
			head = k
		}
		buf = append(buf, p.ids...)
	}
	if head < 2 && len(buf) > 0 {
		bps = append(bps, len(buf))
	}
	if head == 1 {
		load += len(buf)
	}
	return buf, bps, load, nil
}

// roleOf says who wrote a surface message: a checkpoint (any engine's
// summary), a tool result, the user, the assistant, or the system.
func roleOf(s *hostshim.Session, seq int, m *hostshim.Message) role {
	if m.IsCheckpoint() {
		return roleCheckpoint
	}
	if _, ok := m.ToolResultID(); ok {
		return roleTool
	}
	if e, _ := s.Event(seq); e.Type == hostshim.TypeSystemMessage || e.Type == hostshim.TypeDeveloperMessage {
		return roleOther
	}
	switch m.Role {
	case hostshim.RoleUser:
		return roleUser
	case hostshim.RoleAssistant:
		return roleAssistant
	}
	return roleOther
}

// surfaceFacts returns, per probe, what the surface's pieces say about it
// in surface order, and the set of seqs on the surface.
func (d *driver) surfaceFacts() ([][]judged, map[int]bool) {
	out := make([][]judged, len(d.cfg.Probes))
	on := map[int]bool{}
	for _, n := range d.s.Nodes() {
		on[n] = true
		p, _ := d.piece(n)
		if p == nil || p.facts == nil {
			continue
		}
		for i, f := range p.facts {
			if f.all.any() {
				out[i] = append(out[i], judged{pieceFacts: f, role: p.role})
			}
		}
	}
	return out, on
}

// sampleProjection records the engine's projection size at a request.
func (d *driver) sampleProjection(st *Step) {
	pr, ok := d.eng.(ProjectionReporter)
	if !ok {
		return
	}
	sz, ok := pr.ProjectionMemory()
	if !ok {
		return
	}
	r := d.res
	r.Projection.Reported = true
	r.Projection.PeakBytes = max(r.Projection.PeakBytes, sz.Bytes)
	r.Projection.PeakAnchors = max(r.Projection.PeakAnchors, sz.Anchors)
	r.Projection.FinalBytes, r.Projection.FinalAnchors = sz.Bytes, sz.Anchors
	st.ProjectionBytes = sz.Bytes
}

// finish records the end state: final size, probes at the end, recall.
func (d *driver) finish(ctx context.Context) error {
	buf, err := d.fill(nil)
	if err != nil {
		return err
	}
	d.res.FinalTokens = buf
	if pj := &d.res.Projection; pj.Reported && len(d.res.Steps) > 0 {
		pj.HalfBytes = d.res.Steps[len(d.res.Steps)/2].ProjectionBytes
	}
	if d.res.Truncated {
		// Probes planted after the replay stopped were never seen.
		kept := d.res.Probes[:0]
		for _, o := range d.res.Probes {
			if _, ok := d.seqMap[o.PlantedAt]; ok {
				kept = append(kept, o)
			}
		}
		d.res.Probes = kept
	}
	if len(d.res.Probes) > 0 {
		js, on := d.surfaceFacts()
		rec, canRecover := d.eng.(Recoverer)
		// The end is after the last replayed event (a truncated replay
		// judges lifecycles as they stood where it stopped).
		end := d.lastSrc + 1
		for i := range d.res.Probes {
			o := &d.res.Probes[i]
			o.VisibleAtEnd, o.StaleAtEnd = o.judge(js[o.index], o.want(end))
			o.BindingAtEnd = o.binding(end)
			o.LostAtEnd = o.BindingAtEnd && !on[d.seqMap[o.PlantedAt]] && !o.VisibleAtEnd
			if !o.VisibleAtEnd && canRecover {
				ok, err := rec.Recoverable(ctx, d.s, o.Probe)
				if err != nil {
					return fmt.Errorf("recover probe %s: %w", o.ID, err)
				}
				o.Recoverable = ok
			}
		}
	}
	if _, rec := d.eng.(SummaryCallRecorder); rec {
		// Counted call by call in priceCalls.
	} else if u, ok := d.eng.(SummarizerUser); ok {
		d.res.SummaryCalls, d.res.SummaryInputTokens, d.res.SummaryOutputTokens = u.SummarizerUsage()
	}
	if v, ok := d.eng.(RecallVerifier); ok {
		c, n, err := v.VerifyRecall(ctx, d.s)
		if err != nil && !errors.Is(err, context.Canceled) {
			return fmt.Errorf("verify recall: %w", err)
		}
		d.res.RecallChecked, d.res.RecallVerified = c, n
	}
	return nil
}

// pseudoIDs derives n token ids from a message's exact bytes (see the
// package comment): equal bytes give equal ids.
func pseudoIDs(raw []byte, n int) []uint32 {
	h := fnv.New64a()
	h.Write(raw)
	x := h.Sum64()
	out := make([]uint32, n)
	for i := range out {
		z := x + uint64(i+1)*0x9e3779b97f4a7c15
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		out[i] = uint32(z ^ (z >> 31))
	}
	return out
}
