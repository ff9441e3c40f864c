package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
	"github.com/epistemicfold/ef/tokenizer"
)

// `ef serve` is the sidecar the DSH plugin (dsh-plugin/) runs: JSON-RPC 2.0
// over stdio, one object per line. The plugin forwards the session log; EF
// mirrors it in a hostshim.Session (the same model the tests hold to the real
// host), plans folds on the mirror, and compiles checkpoints for the
// brackets the host opens. The host stays the only writer of its log.
//
// Methods (params → result):
//
//	initialize     {protocolVersion, storeDir?}            → {protocolVersion, engine, store, tools}
//	session/open   {sessionId, events}                      (notification) mirror a session from scratch
//	session/events {sessionId, fromSeq, events}             (notification) append to the mirror
//	fold/plan      {sessionId, trigger, contextWindow, totalTokens, nodes, length?}
//	                                                         → {decision: "none"|"fold", start?, end?, mode?, reason}
//	fold/compile   {sessionId, mode, messageIds, length?}   → {summary, model, checkpointId, recall}
//	tool/call      {name, sessionId, arguments}             → {text, isError}
//	shutdown       {}                                       → {} and exit
//
// When the mirror of a session is behind or broken (a length that does not
// match, an event the model refuses), fold/plan and fold/compile answer the
// error code RPCResync, and the plugin sends the whole log again.

// RPCResync asks the plugin to re-send a session with session/open.
const serveRPCResync = -32001

// serveProtocolVersion is the wire version of the methods above.
const serveProtocolVersion = 1

// serveEmergencyRatio is the share of the context window an emergency fold
// (a provider-confirmed overflow) must bring the request under, leaving the
// rest for the answer and estimation error.
const serveEmergencyRatio = 0.75

type serveSession struct {
	s      *hostshim.Session
	broken string // why the mirror cannot be trusted; "" when it can
	plan   *servePlan
}

type servePlan struct {
	mode   engine.Mode
	seqs   []int
	budget int
}

type efServer struct {
	storeDir  string
	logger    *slog.Logger
	tokens    *tokenizer.Registry
	store     *bundle.Store
	storeErr  string
	index     *recall.Index
	engines   map[int]*engine.Engine
	sessions  map[string]*serveSession
	initiated bool
}

// RunServe implements `ef serve` on the process's stdin.
func RunServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return serve(ctx, args, os.Stdin, stdout, stderr)
}

// serve runs the sidecar reading requests from stdin.
func serve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	storeDir := fs.String("store", "", "bundle store directory (created 0700); empty: folds fail soft and recall is unavailable")
	verbose := fs.Bool("v", false, "log to stderr")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ef serve [--store DIR] [-v]")
		fmt.Fprintln(stderr, "Runs the DSH sidecar: JSON-RPC 2.0 over stdin/stdout, one object per line (see dsh-plugin/README.md).")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError("unexpected arguments %q", fs.Args())
	}
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelDebug
	}
	srv := &efServer{
		storeDir: *storeDir,
		logger:   slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level})),
		tokens:   tokenizer.New(tokenizer.Options{}),
		engines:  map[int]*engine.Engine{},
		sessions: map[string]*serveSession{},
	}
	defer srv.close()
	return hostshim.ServeRPC(ctx, hostshim.NewRPCConn(stdin, stdout, 0), srv.handle)
}

func (srv *efServer) close() {
	if srv.index != nil {
		srv.index.Close()
	}
	if srv.store != nil {
		srv.store.Close()
	}
}

// open opens the store and its index once. A store that cannot be opened
// leaves EF failing soft: folds still run, recall says unavailable (§24).
func (srv *efServer) open(ctx context.Context) {
	if srv.initiated {
		return
	}
	srv.initiated = true
	if srv.storeDir == "" {
		srv.storeErr = "no store configured"
		return
	}
	st, err := bundle.Open(srv.storeDir, bundle.Options{Logger: srv.logger})
	if err != nil {
		srv.storeErr = err.Error()
		srv.logger.Warn("bundle store unavailable; folds fail soft", "err", err)
		return
	}
	srv.store = st
	ix, err := recall.Open(recall.StoreIndexDir(srv.storeDir), bundlesource.New(st), recall.Options{})
	if err != nil {
		srv.logger.Warn("recall index unavailable", "err", err)
		return
	}
	if _, err := ix.Sync(ctx); err != nil {
		srv.logger.Warn("recall index sync", "err", err)
	}
	srv.index = ix
}

// engineFor returns the engine for a context window (the policy depends on
// it; models differ in their windows).
func (srv *efServer) engineFor(window int) (*engine.Engine, error) {
	if e, ok := srv.engines[window]; ok {
		return e, nil
	}
	tok, err := srv.tokens.Meter(tokenizer.O200k)
	if err != nil {
		return nil, err
	}
	opts := engine.Options{TokenMeter: tok, Logger: srv.logger,
		Policy: engine.Policy{ContextWindow: window, EmergencyBudget: int(float64(window) * serveEmergencyRatio)}}
	if srv.store != nil {
		opts.Archive = srv.store
	}
	if srv.index != nil {
		ix := srv.index
		opts.Indexer = engine.IndexerFunc(func(ctx context.Context, sessionID, checkpointID string) error {
			_, err := ix.Add(ctx, sessionID, checkpointID)
			return err
		})
	}
	e, err := engine.New(opts)
	if err != nil {
		return nil, err
	}
	srv.engines[window] = e
	return e, nil
}

func rpcErr(code int, format string, args ...any) error {
	return &hostshim.RPCError{Code: code, Message: fmt.Sprintf(format, args...)}
}

func (srv *efServer) handle(ctx context.Context, method string, params json.RawMessage) (any, error) {
	switch method {
	case "initialize":
		var p struct {
			ProtocolVersion int    `json:"protocolVersion"`
			StoreDir        string `json:"storeDir"`
		}
		if err := hostshim.DecodeParams(method, params, &p); err != nil {
			return nil, err
		}
		if p.ProtocolVersion != serveProtocolVersion {
			return nil, rpcErr(hostshim.RPCInvalidParams, "initialize: protocolVersion %d not supported (want %d)", p.ProtocolVersion, serveProtocolVersion)
		}
		if p.StoreDir != "" && srv.storeDir == "" && !srv.initiated {
			srv.storeDir = p.StoreDir
		}
		srv.open(ctx)
		store := map[string]any{"dir": srv.storeDir, "available": srv.store != nil}
		if srv.storeErr != "" {
			store["reason"] = srv.storeErr
		}
		return map[string]any{
			"protocolVersion": serveProtocolVersion,
			"engine":          map[string]string{"name": "epistemic-fold", "version": efVersion},
			"store":           store,
			"tools":           recall.Tools(),
		}, nil
	case "session/open":
		srv.open(ctx)
		var p struct {
			SessionID string               `json:"sessionId"`
			Events    []hostshim.EventJSON `json:"events"`
		}
		if err := hostshim.DecodeParams(method, params, &p); err != nil {
			return nil, err
		}
		srv.openSession(p.SessionID, p.Events)
		return nil, nil
	case "session/events":
		var p struct {
			SessionID string               `json:"sessionId"`
			FromSeq   int                  `json:"fromSeq"`
			Events    []hostshim.EventJSON `json:"events"`
		}
		if err := hostshim.DecodeParams(method, params, &p); err != nil {
			return nil, err
		}
		srv.appendEvents(p.SessionID, p.FromSeq, p.Events)
		return nil, nil
	case "fold/plan":
		return srv.foldPlan(ctx, params)
	case "fold/compile":
		return srv.foldCompile(ctx, params)
	case "tool/call":
		return srv.toolCall(ctx, params)
	case "shutdown":
		return map[string]any{}, hostshim.ErrRPCExit
	}
	return nil, rpcErr(hostshim.RPCMethodNotFound, "method not found: %s", method)
}

// generationOf tells a live session's wire generation from its events:
// 0.1.7 logs carry system/developer messages or startSeq/endSeq replaces.
func generationOf(events []hostshim.EventJSON) hostshim.Generation {
	for _, e := range events {
		if e.Type == hostshim.TypeSystemMessage || e.Type == hostshim.TypeDeveloperMessage {
			return hostshim.Gen017
		}
		if e.SurfaceOp != nil && e.SurfaceOp.Replace && e.SurfaceOp.Generation() == hostshim.Gen017 {
			return hostshim.Gen017
		}
	}
	return hostshim.Gen01
}

func (srv *efServer) openSession(id string, events []hostshim.EventJSON) {
	ss := &serveSession{s: hostshim.NewSession(id, generationOf(events))}
	srv.sessions[id] = ss
	srv.appendTo(ss, 0, events)
}

func (srv *efServer) appendEvents(id string, from int, events []hostshim.EventJSON) {
	ss, ok := srv.sessions[id]
	if !ok {
		srv.logger.Warn("events for an unknown session; waiting for session/open", "session", id)
		return
	}
	srv.appendTo(ss, from, events)
}

func (srv *efServer) appendTo(ss *serveSession, from int, events []hostshim.EventJSON) {
	if ss.broken != "" {
		return
	}
	if from != ss.s.Len() {
		ss.broken = fmt.Sprintf("events from seq %d, mirror holds %d", from, ss.s.Len())
		return
	}
	for _, ej := range events {
		e, err := ej.Event()
		if err == nil {
			err = ss.s.AppendEvent(e)
		}
		if err != nil {
			ss.broken = fmt.Sprintf("seq %d: %v", ej.Seq, err)
			srv.logger.Warn("mirror refused an event", "session", ss.s.ID, "err", err)
			return
		}
	}
}

// mirror returns a session's mirror, or a resync error when it is missing,
// broken or shorter than the host's log.
func (srv *efServer) mirror(id string, length int) (*serveSession, error) {
	ss, ok := srv.sessions[id]
	switch {
	case !ok:
		return nil, rpcErr(serveRPCResync, "session %q is not mirrored", id)
	case ss.broken != "":
		return nil, rpcErr(serveRPCResync, "mirror of session %q is broken: %s", id, ss.broken)
	case length > 0 && length != ss.s.Len():
		return nil, rpcErr(serveRPCResync, "mirror of session %q holds %d events, the host %d", id, ss.s.Len(), length)
	}
	return ss, nil
}

func (srv *efServer) foldPlan(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		SessionID     string `json:"sessionId"`
		Trigger       string `json:"trigger"`
		ContextWindow int    `json:"contextWindow"`
		TotalTokens   int    `json:"totalTokens"`
		Nodes         []struct {
			Seq    int `json:"seq"`
			Tokens int `json:"tokens"`
		} `json:"nodes"`
		Length int `json:"length"`
	}
	if err := hostshim.DecodeParams("fold/plan", params, &p); err != nil {
		return nil, err
	}
	ss, err := srv.mirror(p.SessionID, p.Length)
	if err != nil {
		return nil, err
	}
	ss.plan = nil
	none := func(reason string) (any, error) {
		return map[string]any{"decision": "none", "reason": reason}, nil
	}
	if p.ContextWindow <= 0 {
		return none("the host reports no context window for the model")
	}
	// The host's surface must be the mirror's: a fold planned on another
	// surface would be refused by the host, or worse, fold the wrong nodes.
	nodes := ss.s.Nodes()
	if len(p.Nodes) > 0 {
		if len(p.Nodes) != len(nodes) {
			return nil, rpcErr(serveRPCResync, "host surface has %d nodes, mirror %d", len(p.Nodes), len(nodes))
		}
		for i, n := range p.Nodes {
			if n.Seq != nodes[i] {
				return nil, rpcErr(serveRPCResync, "host surface node %d is seq %d, mirror seq %d", i, n.Seq, nodes[i])
			}
		}
	}
	eng, err := srv.engineFor(p.ContextWindow)
	if err != nil {
		return nil, err
	}
	var req engine.FoldRequest
	switch hostshim.Trigger(p.Trigger) {
	case hostshim.TriggerPressure:
		pol := eng.Policy()
		threshold := int(float64(pol.ContextWindow) * pol.ThresholdRatio)
		if p.TotalTokens < threshold {
			return none(fmt.Sprintf("%d tokens below the pressure threshold %d", p.TotalTokens, threshold))
		}
		req = engine.FoldRequest{Mode: engine.ModeLeaf, Pressure: true}
	case hostshim.TriggerOverflow:
		req = engine.FoldRequest{Mode: engine.ModeEmergency}
	default:
		return nil, rpcErr(hostshim.RPCInvalidParams, "fold/plan: unknown trigger %q", p.Trigger)
	}
	plan, skip, err := eng.Plan(ss.s, req)
	if err != nil {
		if errors.Is(err, engine.ErrBudget) || errors.Is(err, engine.ErrNoBudget) {
			return none(err.Error())
		}
		return nil, err
	}
	if plan == nil {
		return none(skip)
	}
	ss.plan = &servePlan{mode: plan.Mode, seqs: slices.Clone(plan.Seqs), budget: req.Budget}
	return map[string]any{"decision": "fold", "start": plan.Start, "end": plan.End, "mode": plan.Mode, "reason": plan.Reason, "window": p.ContextWindow}, nil
}

func (srv *efServer) foldCompile(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		SessionID     string    `json:"sessionId"`
		Mode          string    `json:"mode"`
		MessageIDs    []*string `json:"messageIds"`
		ContextWindow int       `json:"contextWindow"`
		Length        int       `json:"length"`
	}
	if err := hostshim.DecodeParams("fold/compile", params, &p); err != nil {
		return nil, err
	}
	ss, err := srv.mirror(p.SessionID, p.Length)
	if err != nil {
		return nil, err
	}
	s := ss.s
	st, err := hostshim.InspectEntryState(s)
	if err != nil {
		return nil, err
	}
	if st.UnmatchedStart < 0 {
		return nil, rpcErr(serveRPCResync, "fold/compile: the mirror of %q has no open compaction bracket", p.SessionID)
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
		return nil, rpcErr(hostshim.RPCInvalidParams, "fold/compile: %v", err)
	}
	mode := engine.Mode(p.Mode)
	budget := 0
	if ss.plan != nil && slices.Equal(ss.plan.seqs, seqs) {
		mode, budget = ss.plan.mode, ss.plan.budget
	} else if mode == "" || mode == engine.ModeLeaf || mode == engine.ModeEmergency {
		// Not the span we planned (the host fell back to its own
		// policy): fold exactly what the host selected.
		mode = ""
	}
	ss.plan = nil
	window := p.ContextWindow
	if window <= 0 {
		window = 128000
	}
	eng, err := srv.engineFor(window)
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
	rep, res, err := eng.CompileHosted(ctx, agent, engine.HostedFold{Mode: mode, Seqs: seqs, CompactionID: life.CompactionID, Owner: owner, Budget: budget})
	if err != nil {
		return nil, rpcErr(hostshim.RPCInternalError, "fold/compile: %v", err)
	}
	return map[string]any{"summary": res.Summary, "model": res.Model, "checkpointId": rep.CheckpointID, "mode": rep.Mode, "recall": rep.Recall}, nil
}

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

func (srv *efServer) toolCall(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		Name      string          `json:"name"`
		SessionID *string         `json:"sessionId"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := hostshim.DecodeParams("tool/call", params, &p); err != nil {
		return nil, err
	}
	sid := ""
	if p.SessionID != nil {
		sid = *p.SessionID
	}
	if srv.index == nil {
		reason := srv.storeErr
		if reason == "" {
			reason = "the recall index could not be opened"
		}
		return map[string]any{"text": p.Name + " is unavailable: " + reason + ".", "isError": true}, nil
	}
	out, _ := srv.index.CallTool(ctx, sid, p.Name, p.Arguments)
	return map[string]any{"text": out.Text, "isError": out.IsError}, nil
}
