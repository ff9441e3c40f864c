package hostshim

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// This file re-implements the host's compaction transaction
// (compaction-basic compactSurfaceRegion): validation, the durable lock, the
// summarize hook, checkpoint framing, the shrink check, the stability checks,
// the commit order and failure classification. Engines run inside it in
// tests, benchmarks and the CLI, so that what passes here passes in the host.
//
// One deliberate difference: the host's summarize hook is asynchronous and
// the surface may move while it runs. Go's hook is a plain call; a test that
// wants a moving surface appends to the session from inside its summarizer,
// which is exactly the interleaving the host's stability checks guard.

// Owner says who owns a compaction bracket.
type Owner int

const (
	// OwnerCurrentTurn is the automatic path: it needs an open turn and
	// records its number in compaction/start.
	OwnerCurrentTurn Owner = iota
	// OwnerManual is /compact: it needs no open turn (an open one is busy)
	// and records turn null.
	OwnerManual
)

// Stability is the re-check run after summarizing.
type Stability int

const (
	// WholeSurface (automatic) needs every node and price unchanged.
	WholeSurface Stability = iota
	// SelectedSpan (manual) needs only the selected span unchanged; nodes
	// appended after it stay visible and do not invalidate the summary.
	SelectedSpan
)

// TxOptions configures one compaction bracket.
type TxOptions struct {
	Owner           Owner
	Stability       Stability
	SourceCommandID string
	// Flush is the durability checkpoint run after the bracket closes
	// (manual path: ctx.sessions.flush). Nil means none.
	Flush func(ctx context.Context) error
}

// Transaction runs compaction brackets over a session with one meter and
// one summarize hook. Meter prices nodes for the shrink check; the host uses
// its heuristic estimator (HeuristicMeter) and so should callers that want
// the host's answers. NewID mints compaction ids; nil means random UUIDs.
//
// A Transaction holds no state of its own between calls; it is as safe for
// concurrent use as its Meter and Summarizer, but the Session it works on is
// not (one bracket at a time per session, as in the host).
type Transaction struct {
	Meter      Meter
	Summarizer Summarizer
	NewID      func() string
}

// Selection is a validated span of the surface.
type Selection struct {
	Start, End       int // seqs of the first and last node
	StartIdx, EndIdx int // positions
	ShadowedSeqs     []int
}

// ValidateRegion checks a span as the host's validateSurfaceRegion does:
// both seqs on the surface, start not after end, both edges balanced.
func ValidateRegion(s *Session, start, end int) (Selection, error) {
	startIdx, endIdx := s.Position(start), s.Position(end)
	if startIdx < 0 {
		return Selection{}, fmt.Errorf("%w: compactRegion: start seq %d not found in surface", ErrBadRegion, start)
	}
	if endIdx < 0 {
		return Selection{}, fmt.Errorf("%w: compactRegion: end seq %d not found in surface", ErrBadRegion, end)
	}
	if startIdx > endIdx {
		return Selection{}, fmt.Errorf("%w: compactRegion: start seq %d (position %d) is after end seq %d (position %d) on the surface", ErrBadRegion, start, startIdx, end, endIdx)
	}
	ok, err := s.BalancedBefore(start)
	if err != nil {
		return Selection{}, err
	}
	if !ok {
		return Selection{}, fmt.Errorf("%w: compactRegion: start seq %d is not a balanced boundary (would split a step's tool-call/result pair)", ErrUnbalanced, start)
	}
	if ok, err = s.BalancedAfter(end); err != nil {
		return Selection{}, err
	}
	if !ok {
		return Selection{}, fmt.Errorf("%w: compactRegion: end seq %d is not a balanced boundary (would split a step, or the step is still open)", ErrUnbalanced, end)
	}
	return Selection{Start: start, End: end, StartIdx: startIdx, EndIdx: endIdx, ShadowedSeqs: slices.Clone(s.nodes[startIdx : endIdx+1])}, nil
}

// NodePrices prices every surface node with m, in surface order: the price
// of its derived message, or 0 when it derives none. Prices come from the
// session's cache (Session.Price): each node is priced once per meter. A
// nil Session is ErrNilSession.
func NodePrices(s *Session, m Meter) ([]int, error) {
	if s == nil {
		return nil, ErrNilSession
	}
	out := make([]int, len(s.nodes))
	for i, n := range s.nodes {
		p, err := s.Price(n, m)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// EntryState is what the host reads from the log before opening a bracket.
type EntryState struct {
	// OpenTurn is the number of the open turn, or nil.
	OpenTurn *int
	// UnmatchedStart is the seq of the newest compaction/start with no
	// compaction/end after it, or -1.
	UnmatchedStart int
	// LatestEndSeed is the seq of the newest session/end-seed, or -1.
	LatestEndSeed int
}

// Busy reports whether an unmatched compaction/start holds the lock: one
// newer than the latest session/end-seed.
func (st EntryState) Busy() bool {
	return st.UnmatchedStart >= 0 && !(st.LatestEndSeed > st.UnmatchedStart)
}

// InspectEntryState scans the log backwards as the host's
// inspectCompactionEntryState does. A nil Session is ErrNilSession.
func InspectEntryState(s *Session) (EntryState, error) {
	if s == nil {
		return EntryState{UnmatchedStart: -1, LatestEndSeed: -1}, ErrNilSession
	}
	if s.pos == nil {
		// A zero Session nothing was appended to.
		return EntryState{UnmatchedStart: -1, LatestEndSeed: -1}, nil
	}
	// The session tracks the newest event of each kind as it is appended,
	// so this is constant time however long the log is.
	st := EntryState{UnmatchedStart: -1, LatestEndSeed: s.latest[latestEndSeed]}
	if cs := s.latest[latestCompactionStart]; cs > s.latest[latestCompactionEnd] {
		st.UnmatchedStart = cs
	}
	if ts := s.latest[latestTurnStart]; ts > s.latest[latestTurnEnd] {
		var d TurnData
		e, _ := s.Event(ts)
		if err := e.Decode(&d); err != nil {
			return st, err
		}
		st.OpenTurn = &d.Turn
	}
	return st, nil
}

// AssertNoActiveCompaction returns a busy ManualCompactionError when the
// session's compaction lock is held.
func AssertNoActiveCompaction(s *Session, stage string) error {
	st, err := InspectEntryState(s)
	if err != nil {
		return err
	}
	if st.Busy() {
		return &ManualCompactionError{Code: ManualBusy, Err: fmt.Errorf("%s: compaction already in progress; the session compaction lock is already active", stage)}
	}
	return nil
}

// SelectCompactableRange is the host's head-anchored range choice: keep a
// recent tail of at least retainTokens (by prices, one per surface node),
// move the cut left until it is balanced, and fold everything before it.
// ok is false when nothing can be folded. A nil Session is ErrNilSession.
func SelectCompactableRange(s *Session, prices []int, retainTokens int) (start, end int, ok bool, err error) {
	if s == nil {
		return 0, 0, false, ErrNilSession
	}
	if len(prices) == 0 {
		return 0, 0, false, nil
	}
	if len(prices) != len(s.nodes) {
		return 0, 0, false, errors.New("hostshim: compaction: token-meter surface does not match the current session surface")
	}
	acc, keep := 0, len(prices)
	for i := len(prices) - 1; i >= 0; i-- {
		acc += prices[i]
		keep = i
		if acc >= retainTokens {
			break
		}
	}
	if keep == 0 {
		return 0, 0, false, nil
	}
	for keep > 0 {
		b, err := s.BalancedBefore(s.nodes[keep])
		if err != nil {
			return 0, 0, false, err
		}
		if b {
			break
		}
		keep--
	}
	if keep == 0 {
		return 0, 0, false, nil
	}
	return s.nodes[0], s.nodes[keep-1], true, nil
}

// Stage names where a bracket failed, for classification.
type Stage string

// Stages.
const (
	StageSummary Stage = "summary"
	StageCommit  Stage = "commit"
)

// TxError is a failure inside an open bracket (after compaction/start).
// The bracket was closed with compaction/end carrying the error, unless the
// close itself failed (then Stage is commit and the lock stays held).
type TxError struct {
	Stage        Stage
	CompactionID string
	Err          error
}

func (e *TxError) Error() string {
	return fmt.Sprintf("hostshim: compaction %s failed at %s: %v", e.CompactionID, e.Stage, e.Err)
}

func (e *TxError) Unwrap() error { return e.Err }

// CompactSurfaceRegion runs one bracket over the inclusive span start..end
// (surface node seqs). On success the span is replaced by one checkpoint
// node and the result is returned. On failure the surface is unchanged and a
// compaction/end with the error is in the log; a manual bracket's error is a
// *ManualCompactionError classified as the host classifies it.
//
// A nil Transaction, or one without a Meter or a Summarizer, is
// ErrNotConfigured; a nil agent or one without a Session is ErrNilSession:
// both before anything is appended.
func (tx *Transaction) CompactSurfaceRegion(ctx context.Context, agent *Agent, start, end int, opts TxOptions) (*CompactionResult, error) {
	if tx == nil || tx.Meter == nil || tx.Summarizer == nil {
		return nil, ErrNotConfigured
	}
	if agent == nil || agent.Session == nil {
		return nil, ErrNilSession
	}
	s := agent.Session
	if opts.Owner == OwnerManual {
		if err := ctx.Err(); err != nil {
			return nil, &ManualCompactionError{Code: ManualCancelled, Err: err}
		}
	}
	sel, err := ValidateRegion(s, start, end)
	if err != nil {
		return nil, err
	}
	st, err := InspectEntryState(s)
	if err != nil {
		return nil, err
	}
	if st.Busy() {
		return nil, &ManualCompactionError{Code: ManualBusy, Err: errors.New("compaction: compaction already in progress; the session compaction lock is already active")}
	}
	openTurn := st.OpenTurn
	if agent.TurnOpen != nil && !agent.TurnOpen() {
		openTurn = nil
	}
	var owner *int
	if opts.Owner == OwnerManual {
		if openTurn != nil {
			return nil, &ManualCompactionError{Code: ManualBusy, Err: errors.New("manual compaction: the session already has an open turn")}
		}
	} else {
		if openTurn == nil {
			return nil, fmt.Errorf("%w: compactRegion: no open turn — automatic compaction events must be enclosed in a turn", ErrNoOpenTurn)
		}
		owner = openTurn
	}
	life := CompactionStartData{CompactionID: tx.newID(), SourceCommandID: opts.SourceCommandID, Turn: owner}
	startEv, err := s.Append(TypeCompactionStart, lifecycleData(life), AppendOptions{})
	if err != nil {
		return nil, err
	}

	res, stage, ferr := tx.runBracket(ctx, agent, sel, startEv, life, opts)
	// Exactly one compaction/end attempt, as in the host: the success close,
	// or a close carrying the error of any earlier failure, a failed commit
	// body included. Only a failed close leaves the start unmatched (the
	// lock held).
	closed := false
	if ferr == nil {
		endEv, err := s.Append(TypeCompactionEnd, lifecycleData(life), AppendOptions{})
		if err != nil {
			ferr, stage = err, StageCommit
		} else {
			res.EndSeq, closed = endEv.Seq, true
		}
	} else {
		failed := life
		failed.Error = errorChain(ferr)
		if _, cerr := s.Append(TypeCompactionEnd, lifecycleData(failed), AppendOptions{}); cerr != nil {
			ferr, stage = cerr, StageCommit
		} else {
			closed = true
		}
	}
	var flushErr error
	if closed && opts.Flush != nil {
		flushErr = opts.Flush(ctx)
	}
	if opts.Owner == OwnerManual && ctx.Err() != nil {
		// The host re-checks its signal once the bracket is closed and
		// flushed: a cancelled manual compaction reports cancelled whatever
		// else happened, even when it committed.
		var cause error = ctx.Err()
		if ferr != nil {
			cause = &TxError{Stage: stage, CompactionID: life.CompactionID, Err: ferr}
		}
		return nil, &ManualCompactionError{Code: ManualCancelled, Err: cause}
	}
	if ferr != nil {
		txe := &TxError{Stage: stage, CompactionID: life.CompactionID, Err: ferr}
		if opts.Owner != OwnerManual {
			return nil, txe
		}
		switch {
		case stage == StageCommit:
			return nil, &ManualCompactionError{Code: ManualCommit, Err: txe}
		case errors.Is(ferr, ErrSurfaceChanged):
			return nil, &ManualCompactionError{Code: ManualChanged, Err: txe}
		default:
			return nil, &ManualCompactionError{Code: ManualSummary, Err: txe}
		}
	}
	if flushErr != nil {
		return nil, &ManualCompactionError{Code: ManualPersistence, Err: flushErr}
	}
	return res, nil
}

func (tx *Transaction) newID() string {
	if tx.NewID != nil {
		return tx.NewID()
	}
	return NewUUID()
}

// lifecycleData renders compaction/start|end data with the host's key order
// (compactionId, sourceCommandId?, turn, error?).
func lifecycleData(d CompactionStartData) any {
	type withCmd struct {
		CompactionID    string `json:"compactionId"`
		SourceCommandID string `json:"sourceCommandId,omitempty"`
		Turn            *int   `json:"turn"`
		Error           string `json:"error,omitempty"`
	}
	return withCmd(d)
}

func (tx *Transaction) runBracket(ctx context.Context, agent *Agent, sel Selection, startEv Event, life CompactionStartData, opts TxOptions) (*CompactionResult, Stage, error) {
	s := agent.Session
	// prepare
	prices, err := NodePrices(s, tx.Meter)
	if err != nil {
		return nil, StageSummary, err
	}
	if sel.EndIdx >= len(s.nodes) || !slices.Equal(s.nodes[sel.StartIdx:sel.EndIdx+1], sel.ShadowedSeqs) {
		return nil, StageSummary, fmt.Errorf("%w: compaction: selected surface changed before summarization began", ErrSurfaceChanged)
	}
	selPrices := slices.Clone(prices[sel.StartIdx : sel.EndIdx+1])
	shadowedTokens := 0
	for _, p := range selPrices {
		shadowedTokens += p
	}
	allNodes := slices.Clone(s.nodes)
	in, err := BuildSummarizationInput(s, sel.ShadowedSeqs)
	if err != nil {
		return nil, StageSummary, err
	}
	in.CompactionID = life.CompactionID

	// summarize
	sum, err := tx.Summarizer.Summarize(ctx, in, agent)
	if err != nil {
		return nil, StageSummary, err
	}
	if sum == nil {
		return nil, StageSummary, errors.New("summarizer returned no result")
	}
	checkpoint := Message{ID: tx.newID(), Role: RoleUser, Content: FrameSummary(sum.Summary), Source: CheckpointSource(s.Gen, life.CompactionID, life.SourceCommandID)}
	framed := tx.Meter.CountMessage(&checkpoint)
	if framed >= shadowedTokens {
		return nil, StageSummary, fmt.Errorf("%w (%d estimated framed tokens >= %d)", ErrNoShrink, framed, shadowedTokens)
	}
	if opts.Owner == OwnerManual {
		if err := ctx.Err(); err != nil {
			return nil, StageSummary, err
		}
	}

	// stability
	if opts.Stability == WholeSurface {
		now, err := NodePrices(s, tx.Meter)
		if err != nil {
			return nil, StageSummary, err
		}
		if !slices.Equal(s.nodes, allNodes) || !slices.Equal(now, prices) {
			return nil, StageSummary, fmt.Errorf("%w: compaction: session surface changed during summarization", ErrSurfaceChanged)
		}
	} else {
		cur, err := ValidateRegion(s, sel.Start, sel.End)
		if err != nil {
			return nil, StageSummary, fmt.Errorf("%w: compaction: the selected span is no longer a valid replacement target: %v", ErrSurfaceChanged, err)
		}
		if !slices.Equal(cur.ShadowedSeqs, sel.ShadowedSeqs) {
			return nil, StageSummary, fmt.Errorf("%w: compaction: the selected span changed during summarization", ErrSurfaceChanged)
		}
		now, err := NodePrices(s, tx.Meter)
		if err != nil {
			return nil, StageSummary, err
		}
		if !slices.Equal(now[cur.StartIdx:cur.EndIdx+1], selPrices) {
			return nil, StageSummary, fmt.Errorf("%w: compaction: the selected span was rewritten during summarization", ErrSurfaceChanged)
		}
	}

	// commit: summary, replacing checkpoint, end — no yield in between.
	sumData := summaryData(life, sum, sel, shadowedTokens)
	sumEv, err := s.Append(TypeCompactionSum, sumData, AppendOptions{})
	if err != nil {
		return nil, StageCommit, err
	}
	sources := append([]int{startEv.Seq, sumEv.Seq}, sel.ShadowedSeqs...)
	if _, err := s.Append(TypeUserMessage, checkpointData(checkpoint), AppendOptions{SurfaceOp: ReplaceOp(s.Gen, sel.Start, sel.End), SourceEventSeqs: sources}); err != nil {
		return nil, StageCommit, err
	}
	// compaction/end is appended by the caller, which also closes failures.
	return &CompactionResult{
		CompactionID:       life.CompactionID,
		SourceCommandID:    life.SourceCommandID,
		StartSeq:           startEv.Seq,
		SummarySeq:         sumEv.Seq,
		Summary:            sum.Summary,
		ShadowedRange:      ShadowedRange{Start: sel.Start, End: sel.End},
		ShadowedSeqs:       slices.Clone(sel.ShadowedSeqs),
		ShadowedTokenCount: shadowedTokens,
	}, "", nil
}

// checkpointData renders a checkpoint message with the host's key order for
// createUserMessage (content, source, role, id).
func checkpointData(m Message) any {
	return struct {
		Content []Block `json:"content"`
		Source  *Source `json:"source"`
		Role    Role    `json:"role"`
		ID      string  `json:"id,omitempty"`
	}{m.Content, m.Source, m.Role, m.ID}
}

func summaryData(life CompactionStartData, sum *SummaryResult, sel Selection, shadowed int) any {
	d := CompactionSummaryData{
		CompactionID:       life.CompactionID,
		SourceCommandID:    life.SourceCommandID,
		Summary:            sum.Summary,
		ShadowedRange:      ShadowedRange{Start: sel.Start, End: sel.End},
		ShadowedSeqs:       slices.Clone(sel.ShadowedSeqs),
		ShadowedTokenCount: shadowed,
		Provider:           sum.Provider,
		Model:              sum.Model,
		MaxTokens:          sum.MaxTokens,
	}
	if sum.LLMStreamCall {
		d.RawOutput, d.LLMStreamCall = sum.RawOutput, true
	} else if sum.RawOutput != nil {
		d.RawOutput = sum.RawOutput
	}
	return d
}

// BuildSummarizationInput replays the span as the host does: the latest
// request header's system prompt and tools, then the span's derived
// messages in surface order.
func BuildSummarizationInput(s *Session, shadowed []int) (*SummarizationInput, error) {
	in := &SummarizationInput{ShadowedSeqs: slices.Clone(shadowed)}
	if h, ok, err := LatestRequestHeader(s); err != nil {
		return nil, err
	} else if ok {
		// canonicalHeader keeps system and tools only when non-empty.
		in.System = h.Header.System
		if _, ok := canonicalTools(h.Header.Tools); ok {
			in.Tools = h.Header.Tools
		}
	}
	for _, n := range shadowed {
		m, err := s.Message(n)
		if err != nil {
			return nil, err
		}
		if m != nil {
			in.Messages = append(in.Messages, m)
		}
	}
	return in, nil
}

// LatestRequestHeader returns the newest request/header's data. A nil
// Session is ErrNilSession.
func LatestRequestHeader(s *Session) (RequestHeaderData, bool, error) {
	if s == nil {
		return RequestHeaderData{}, false, ErrNilSession
	}
	if s.pos == nil {
		// A zero Session nothing was appended to.
		return RequestHeaderData{}, false, nil
	}
	seq := s.latest[latestHeader]
	if seq < 0 {
		return RequestHeaderData{}, false, nil
	}
	if s.header == nil {
		// Decoded once per header event: the tool schemas can be large
		// and every fold plan asks.
		var d RequestHeaderData
		e, _ := s.Event(seq)
		if err := e.Decode(&d); err != nil {
			return d, false, err
		}
		s.header = &d
	}
	return *s.header, true, nil
}

// errorChain renders an error and its causes as the host's errorChain does
// (messages joined by ": "). The host's errors carry neither the package
// prefix nor the sentinels the model wraps for errors.Is, so those are
// dropped: compaction/end.error then holds the host's exact text.
func errorChain(err error) string {
	s := err.Error()
	for _, e := range hostSilentErrors {
		s = strings.ReplaceAll(s, e.Error()+": ", "")
	}
	return strings.ReplaceAll(s, ErrNoShrink.Error(), strings.TrimPrefix(ErrNoShrink.Error(), "hostshim: "))
}

// hostSilentErrors are the sentinels whose text the host's messages lack.
var hostSilentErrors = []error{
	ErrSurfaceChanged, ErrBadRegion, ErrUnbalanced, ErrNoOpenTurn,
	ErrNotContiguous, ErrNotSurfaceEligible, ErrBadSurfaceOp, ErrBadReplace, ErrBadProvenance,
	ErrNoEvent, ErrNotOnSurface, ErrCorruptSurface,
}

// NewUUID returns a random RFC 4122 version 4 UUID.
func NewUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
