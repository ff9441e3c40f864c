package sidecar

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/tokenizer"
)

// DefaultCompileWindow is the context window fold/compile assumes when
// the host sends none.
const DefaultCompileWindow = 128000

func rpcErr(code int, format string, args ...any) error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Handle answers one request or notification (it is the Server's
// Handler): Serve calls it for every message; tests and fuzzers call it
// directly. Bad params give a CodeInvalidParams error, never a panic.
func (srv *Server) Handle(ctx context.Context, method string, params json.RawMessage) (any, error) {
	if srv.follow != nil {
		// Indexing other processes' folds waits while this one works.
		defer srv.follow.Busy()()
	}
	switch method {
	case MethodInitialize:
		return call(ctx, method, params, srv.initialize)
	case MethodSessionOpen:
		return notify(srv, method, params, func(p SessionOpenParams) {
			srv.open(ctx)
			srv.openSession(p.SessionID, p.Events)
			if p.LogPath != "" && filepath.IsAbs(p.LogPath) {
				// The sibling directories of this session's are the
				// project's other sessions.
				srv.startLogScan(filepath.Dir(filepath.Dir(filepath.Clean(p.LogPath))), p.SessionID)
			}
		})
	case MethodSessionEvents:
		return notify(srv, method, params, func(p SessionEventsParams) { srv.appendEvents(p.SessionID, p.FromSeq, p.Events) })
	case MethodSessionClose:
		return notify(srv, method, params, func(p SessionCloseParams) { srv.closeSession(p.SessionID) })
	case MethodSessionDelete:
		return call(ctx, method, params, srv.deleteSession)
	case MethodSessionArchive:
		return call(ctx, method, params, srv.archiveSession)
	case MethodFoldPlan:
		return call(ctx, method, params, func(ctx context.Context, p FoldPlanParams) (*FoldPlanResult, error) { return srv.foldPlan(ctx, p) })
	case MethodFoldCompile:
		return call(ctx, method, params, srv.foldCompile)
	case MethodToolCall:
		return call(ctx, method, params, func(ctx context.Context, p ToolCallParams) (*ToolCallResult, error) { return srv.toolCall(ctx, p), nil })
	case MethodActionSubmit:
		return call(ctx, method, params, srv.actionSubmit)
	case MethodContextRequest:
		return call(ctx, method, params, srv.contextRequest)
	case MethodShutdown:
		return struct{}{}, ErrExit
	}
	return nil, rpcErr(CodeMethodNotFound, "method not found: %s", method)
}

// notify decodes a notification's params strictly into P and runs h. JSON-RPC
// answers no notification, so params that do not decode are logged: without
// the log a refused session/open or session/events would leave only the
// next fold's "not mirrored", without its cause. Params that name no session
// (none, null, {} or an empty sessionId) are refused the same way: they
// mirrored a session with an empty id, and a session/open of them opened the
// store as if initialize had.
func notify[P interface{ session() string }](srv *Server, method string, params json.RawMessage, h func(P)) (any, error) {
	var p P
	err := DecodeParams(method, params, &p)
	if err == nil && p.session() == "" {
		err = rpcErr(CodeInvalidParams, "%s: invalid params: sessionId is required", method)
	}
	if err != nil {
		srv.logger.Warn("notification refused", "method", method, "err", err)
		return nil, err
	}
	h(p)
	return nil, nil
}

func (p SessionOpenParams) session() string   { return p.SessionID }
func (p SessionEventsParams) session() string { return p.SessionID }
func (p SessionCloseParams) session() string  { return p.SessionID }

// call decodes a method's params strictly into P and runs its handler.
func call[P, R any](ctx context.Context, method string, params json.RawMessage, h func(context.Context, P) (R, error)) (any, error) {
	var p P
	if err := DecodeParams(method, params, &p); err != nil {
		return nil, err
	}
	return h(ctx, p)
}

func (srv *Server) initialize(ctx context.Context, p InitializeParams) (*InitializeResult, error) {
	if p.ProtocolVersion != ProtocolVersion {
		return nil, rpcErr(CodeInvalidParams, "initialize: protocolVersion %d not supported (want %d)", p.ProtocolVersion, ProtocolVersion)
	}
	if p.StoreDir != "" && srv.storeDir == "" && !srv.initiated {
		srv.storeDir = p.StoreDir
	}
	if p.Settings != nil {
		if err := checkSettings(*p.Settings); err != nil {
			return nil, rpcErr(CodeInvalidParams, "initialize: %v", err)
		}
		srv.settings = *p.Settings
	}
	srv.hostMethods = slices.Clone(p.HostMethods)
	srv.engines = map[engineKey]*engine.Engine{}
	srv.open(ctx)
	var tool *action.ToolDef
	if srv.opts.Actions != nil {
		t := action.Tool()
		tool = &t
	}
	var ctxTool *northbridge.ToolDef
	if len(srv.opts.OriginRoots) > 0 {
		t := northbridge.Tool()
		ctxTool = &t
	}
	return &InitializeResult{
		ActionTool:      tool,
		ContextTool:     ctxTool,
		ProtocolVersion: ProtocolVersion,
		MaxLine:         DefaultMaxLine,
		Engine:          EngineInfo{Name: "epistemic-fold", Version: srv.opts.Version},
		Store:           StoreInfo{Dir: srv.storeDir, Available: srv.store != nil, Reason: srv.storeErr},
		Tools:           recall.Tools(),
	}, nil
}

func (srv *Server) foldPlan(ctx context.Context, p FoldPlanParams) (*FoldPlanResult, error) {
	ss, err := srv.mirrorOf(p.SessionID, p.Length)
	if err != nil {
		return nil, err
	}
	ss.plan = nil
	due := hostshim.Trigger(p.Trigger) == hostshim.TriggerOverflow
	none := func(reason string) (*FoldPlanResult, error) {
		if due {
			srv.logger.Warn("no fold where one was due", "session", p.SessionID, "trigger", p.Trigger, "reason", reason)
		}
		return &FoldPlanResult{Decision: DecisionNone, Reason: reason, Refused: due}, nil
	}
	if p.ContextWindow <= 0 {
		return none("the host reports no context window for the model")
	}
	// The host's surface must be the mirror's: a fold planned on another
	// surface would be refused by the host, or worse, fold the wrong nodes.
	nodes := ss.s.Nodes()
	if len(p.Nodes) > 0 {
		if len(p.Nodes) != len(nodes) {
			return nil, rpcErr(CodeResync, "host surface has %d nodes, mirror %d", len(p.Nodes), len(nodes))
		}
		for i, n := range p.Nodes {
			if n.Seq != nodes[i] {
				return nil, rpcErr(CodeResync, "host surface node %d is seq %d, mirror seq %d", i, n.Seq, nodes[i])
			}
		}
	}
	eng, err := srv.engineFor(p.ContextWindow, srv.thresholdFor(p.Provider, p.Model))
	if err != nil {
		return nil, err
	}
	var req engine.FoldRequest
	switch hostshim.Trigger(p.Trigger) {
	case hostshim.TriggerPressure:
		// The engine's own pressure policy (the one ef fold and the bench
		// run): the window threshold, or earlier when the economic trigger
		// finds the span after the frontier worth one fold.
		threshold, why, err := eng.PressureThreshold(ss.s)
		if err != nil {
			return nil, err
		}
		if p.TotalTokens < threshold {
			return none(fmt.Sprintf("%d tokens below the pressure threshold %d (%s)", p.TotalTokens, threshold, why))
		}
		due = true
		// Threshold: held to the rule that a fold pays for itself (and
		// for its summarizer call), as the engine's own pressure folds
		// are; the threshold itself was checked just above, on the
		// host's count.
		req = engine.FoldRequest{Mode: engine.ModeLeaf, Pressure: true, Threshold: true}
	case hostshim.TriggerOverflow:
		// The provider rejected the request: when the budget cannot be
		// met, fold what can be folded rather than leave the turn to fail.
		req = engine.FoldRequest{Mode: engine.ModeEmergency, BestEffort: true}
	default:
		return nil, rpcErr(CodeInvalidParams, "fold/plan: unknown trigger %q", p.Trigger)
	}
	plan, skip, err := eng.PlanContext(ctx, ss.s, req)
	if err != nil {
		if errors.Is(err, engine.ErrBudget) || errors.Is(err, engine.ErrNoBudget) {
			return none(err.Error())
		}
		return nil, err
	}
	if plan == nil {
		return none(skip)
	}
	ss.plan = &plannedFold{mode: plan.Mode, seqs: slices.Clone(plan.Seqs), bestEffort: req.BestEffort, pressure: req.Threshold}
	if plan.BestEffort {
		srv.logger.Warn("emergency fold cannot meet its budget; everything foldable is folded", "session", p.SessionID, "reason", plan.Reason)
	}
	return &FoldPlanResult{Decision: DecisionFold, Start: &plan.Start, End: &plan.End, Mode: plan.Mode, Reason: plan.Reason, Window: p.ContextWindow}, nil
}

func (srv *Server) foldCompile(ctx context.Context, p FoldCompileParams) (*FoldCompileResult, error) {
	ss, err := srv.mirrorOf(p.SessionID, p.Length)
	if err != nil {
		return nil, err
	}
	s := ss.s
	st, err := hostshim.InspectEntryState(s)
	if err != nil {
		return nil, err
	}
	if st.UnmatchedStart < 0 {
		return nil, rpcErr(CodeResync, "fold/compile: the mirror of %q has no open compaction bracket", p.SessionID)
	}
	startEv, _ := s.Event(st.UnmatchedStart)
	var life hostshim.CompactionStartData
	if err := startEv.Decode(&life); err != nil {
		return nil, err
	}
	owner := hostshim.OwnerCurrentTurn
	if life.Turn == nil {
		owner = hostshim.OwnerManual
	}
	seqs, err := spanOfMessages(s, p.MessageIDs)
	if err != nil {
		return nil, rpcErr(CodeInvalidParams, "fold/compile: %v", err)
	}
	mode := engine.Mode(p.Mode)
	bestEffort, pressure := false, false
	if ss.plan != nil && slices.Equal(ss.plan.seqs, seqs) {
		mode, bestEffort, pressure = ss.plan.mode, ss.plan.bestEffort, ss.plan.pressure
	} else if mode == "" || mode == engine.ModeLeaf || mode == engine.ModeEmergency {
		// Not the span we planned (the host fell back to its own
		// policy): fold exactly what the host selected.
		mode = ""
	}
	ss.plan = nil
	window := p.ContextWindow
	if window <= 0 {
		window = DefaultCompileWindow
	}
	eng, err := srv.engineFor(window, srv.settings.ThresholdRatio)
	if err != nil {
		return nil, err
	}
	if mode == "" {
		mode = engine.ModeLeaf
		for _, n := range seqs {
			if m, _ := s.Message(n); m.IsCheckpoint() {
				mode = engine.ModeRoot
				break
			}
		}
	}
	agent := &hostshim.Agent{Session: s}
	archiveErr := ""
	if srv.store == nil && srv.storeDir != "" {
		// A store is configured but could not be opened (a read-only
		// disk from the start): the span is not archived either, and
		// waits in the session log like one whose write failed.
		archiveErr = "the store could not be opened: " + srv.storeErr
	}
	srv.compiling = &compileJob{sessionID: p.SessionID, s: s, seqs: seqs, provider: p.Provider, model: p.Model}
	defer func() { srv.compiling = nil }()
	hosted := engine.HostedFold{Mode: mode, Seqs: seqs, CompactionID: life.CompactionID, Owner: owner, BestEffort: bestEffort, Pressure: pressure, NoArchive: archiveErr}
	rep, res, err := eng.CompileHosted(ctx, agent, hosted)
	if err != nil && errors.Is(err, engine.ErrArchive) && ctx.Err() == nil && srv.recreateStore(ctx) {
		// The store's directory was removed: it is there again, empty.
		rep, res, err = eng.CompileHosted(ctx, agent, hosted)
	}
	if err != nil && errors.Is(err, engine.ErrArchive) && ctx.Err() == nil {
		// The store cannot be written (full, read-only, removed): the fold
		// goes on without it, so the context stays bounded. It is
		// compiled by the same engine, whose projection of the session
		// the checkpoint states; the span stays in the host's log and in
		// the mirror, and is archived from them once the store can be
		// written (session/archive).
		archiveErr = archiveCause(err, srv.storeDir)
		srv.logger.Warn("bundle store cannot be written; folding without archiving the span", "session", p.SessionID, "err", err)
		hosted.NoArchive = archiveErr
		if rep, res, err = eng.CompileHosted(ctx, agent, hosted); err != nil {
			return nil, rpcErr(CodeInternalError, "fold/compile: the bundle store cannot be written (%s), and without it: %v", archiveErr, err)
		}
	}
	if err != nil {
		return nil, rpcErr(CodeInternalError, "fold/compile: %v", err)
	}
	dropped, ok := strings.CutPrefix(rep.Semantic, semanticFallback)
	if !ok {
		dropped = ""
	}
	return &FoldCompileResult{Summary: res.Summary, Model: res.Model, CheckpointID: rep.CheckpointID, Mode: rep.Mode, Recall: rep.Recall, ArchiveError: archiveErr, DigestDropped: dropped}, nil
}

// semanticFallback opens engine.FoldReport.Semantic when the digest was
// dropped ("fallback: " and the reason).
const semanticFallback = "fallback: "

// spanOfMessages finds the contiguous surface span whose derived messages
// have the given ids, in order. The host builds its summarization input
// from the span's derived messages and drops nodes that derive none (an
// assistant message with no content), so such nodes may sit inside the span.
func spanOfMessages(s *hostshim.Session, ids []*string) ([]int, error) {
	if len(ids) == 0 {
		return nil, errors.New("no messages")
	}
	for _, id := range ids {
		if id == nil || *id == "" {
			return nil, errors.New("a message without an id cannot be located on the surface")
		}
	}
	nodes := s.Nodes()
	for start := range nodes {
		m, err := s.Message(nodes[start])
		if err != nil || m == nil || m.ID != *ids[0] {
			continue
		}
		k, end := 1, start
		for i := start + 1; i < len(nodes) && k < len(ids); i++ {
			m, err := s.Message(nodes[i])
			if err != nil {
				break
			}
			if m == nil {
				continue
			}
			if m.ID != *ids[k] {
				break
			}
			k, end = k+1, i
		}
		if k == len(ids) {
			return slices.Clone(nodes[start : end+1]), nil
		}
	}
	return nil, fmt.Errorf("the %d messages are not a contiguous span of the surface", len(ids))
}

func (srv *Server) toolCall(ctx context.Context, p ToolCallParams) *ToolCallResult {
	sid := ""
	if p.SessionID != nil {
		sid = *p.SessionID
	}
	if srv.store == nil || srv.store.Index == nil {
		reason := srv.storeErr
		switch {
		case !srv.initiated:
			// The store is opened by initialize: nothing failed yet.
			reason = "the sidecar is not initialized (send initialize first)"
		case reason == "":
			reason = "the recall index could not be opened"
		}
		return &ToolCallResult{Text: p.Name + " is unavailable: " + reason + ".", IsError: true}
	}
	// Other processes fold into the same store: take in their bundles
	// first (the Follower took in those that arrived before its last
	// pass; this Sync makes the answer the same as if it had not). A
	// failed sync still answers from what the index holds.
	if _, err := srv.store.Index.Sync(ctx); err != nil {
		srv.logger.Warn("recall index sync before a tool call", "err", err)
	}
	out, _ := srv.store.Index.CallTool(ctx, sid, p.Name, p.Arguments)
	return &ToolCallResult{Text: out.Text, IsError: out.IsError}
}

// actionSubmit is the DSH adapter of the action kernel: it carries the
// intent in and the kernel's result out, marked with the DSH channel. A
// result that is not done is still a result (the model reads why); only a
// malformed intent or a missing kernel is a JSON-RPC error.
func (srv *Server) actionSubmit(ctx context.Context, p ActionSubmitParams) (json.RawMessage, error) {
	k := srv.opts.Actions
	if k == nil {
		return nil, rpcErr(CodeInvalidRequest, "action/submit: this sidecar has no action roots (ef serve --act-root DIR)")
	}
	if len(p.Intent) == 0 {
		return nil, rpcErr(CodeInvalidParams, "action/submit: intent is missing")
	}
	line, _, err := k.SubmitJSON(ctx, p.Intent, action.ChannelDSH)
	if errors.Is(err, action.ErrIntent) {
		return nil, rpcErr(CodeInvalidParams, "action/submit: %v", err)
	}
	if line == nil {
		return nil, rpcErr(CodeInternalError, "action/submit: %v", err)
	}
	if err != nil {
		srv.logger.Warn("action/submit", "err", err)
	}
	return json.RawMessage(bytes.TrimSuffix(line, []byte("\n"))), nil
}

// contextRequest is the DSH adapter of Northbridge: the context.request in,
// the context.bundle out, counted with the sidecar's o200k tokenizer. A
// malformed request is a JSON-RPC invalid-params error the model can read.
func (srv *Server) contextRequest(ctx context.Context, p ContextRequestParams) (json.RawMessage, error) {
	if len(srv.opts.OriginRoots) == 0 {
		return nil, rpcErr(CodeInvalidRequest, "context/request: this sidecar has no origin roots (ef serve --origin DIR)")
	}
	if len(p.Request) == 0 {
		return nil, rpcErr(CodeInvalidParams, "context/request: request is missing")
	}
	tok, err := srv.tokens.Meter(tokenizer.O200k)
	if err != nil {
		return nil, rpcErr(CodeInternalError, "context/request: %v", err)
	}
	out, err := northbridge.Answer(ctx, srv.opts.OriginRoots, p.Request, northbridge.Options{Tokenizer: tok, Logger: srv.logger})
	if northbridge.IsRequestError(err) {
		return nil, rpcErr(CodeInvalidParams, "context/request: %v", err)
	}
	if err != nil {
		return nil, rpcErr(CodeInternalError, "context/request: %v", err)
	}
	return json.RawMessage(out), nil
}
