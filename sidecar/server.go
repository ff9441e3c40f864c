package sidecar

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
	"github.com/epistemicfold/ef/store"
	"github.com/epistemicfold/ef/tokenizer"
)

// EmergencyRatio is the share of the context window an emergency fold (a
// provider-confirmed overflow) must bring the request under, leaving the
// rest for the answer and estimation error.
const EmergencyRatio = 0.75

// Options configures a Server. The zero value is usable: no store (folds
// fail soft, recall says unavailable), logs discarded, a fresh tokenizer.
type Options struct {
	// StoreDir is the bundle store directory; empty lets initialize's
	// storeDir choose, and if that is empty too there is no store.
	StoreDir string
	// Logger receives warnings about the store, the index and mirrors;
	// nil discards them.
	Logger *slog.Logger
	// Tokenizers prices folds; nil means a Registry of the Server's own.
	Tokenizers *tokenizer.Registry
	// Version is the engine version initialize reports.
	Version string
	// MaxSessions bounds the session mirrors kept at once: opening one
	// more drops the least recently used (its next fold answers resync and
	// the plugin sends it again). Zero means DefaultMaxSessions.
	MaxSessions int
	// Actions is the action kernel behind action/submit; nil means the
	// sidecar offers no actions (action/submit answers an error).
	Actions *action.Kernel
	// OriginRoots are the directories of task.origin files behind
	// context/request; empty means the sidecar offers no context_request.
	OriginRoots []string
}

// Server is the sidecar: it mirrors the sessions the plugin forwards,
// plans folds on the mirrors and compiles checkpoints into the store.
//
// A Server is not safe for concurrent use; Serve handles one message at a
// time, in arrival order (a fold must see every event sent before it).
type Server struct {
	opts     Options
	storeDir string
	logger   *slog.Logger
	tokens   *tokenizer.Registry
	store    *store.Store // nil when no store could be opened (storeErr)
	storeErr string
	// storeOpened: a store was open at storeDir once, so its directory
	// may be made again when it is removed (recreateStore).
	storeOpened bool
	settings    Settings
	// privateIndex is this process's own recall index when the store's
	// was held by another process ("" otherwise).
	privateIndex string
	// follow indexes other processes' folds in between calls; nil
	// without an index.
	follow    *bundlesource.Follower
	engines   map[engineKey]*engine.Engine
	sessions  map[string]*mirror
	tick      uint64 // mirror use counter (LRU)
	initiated bool
	// peer makes requests of the plugin (host/llm.stream); nil when the
	// Server is not serving a connection (Handle called directly).
	peer Caller
	// hostMethods are the host services the plugin said it answers.
	hostMethods []string
	// compiling is the fold/compile being served, for the digest.
	compiling *compileJob
	// scanDir is the directory of session directories whose waiting
	// folds the background archive looks for (logscan.go), once one
	// session/open named its log; scan is that archive while it runs.
	scanDir string
	scan    *logScan
}

// DefaultMaxSessions is the mirror bound when Options.MaxSessions is zero:
// a mirror holds its session's surface (the working tail and the
// checkpoints) and about a byte per older event (mirror.go, release).
const DefaultMaxSessions = 64

func (o Options) maxSessions() int {
	if o.MaxSessions > 0 {
		return o.MaxSessions
	}
	return DefaultMaxSessions
}

// New returns a Server; nothing is opened until initialize (or the first
// session/open).
func New(opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Tokenizers == nil {
		opts.Tokenizers = tokenizer.New(tokenizer.Options{})
	}
	return &Server{
		opts:     opts,
		storeDir: opts.StoreDir,
		logger:   opts.Logger,
		tokens:   opts.Tokenizers,
		engines:  map[engineKey]*engine.Engine{},
		sessions: map[string]*mirror{},
	}
}

// Serve answers the messages read from r on w until the peer closes r,
// ctx ends or shutdown is called. Malformed input is answered with an error
// and never ends the loop.
func (srv *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	conn := NewConn(r, w, 0)
	srv.peer = conn
	defer func() { srv.peer = nil }()
	return ServeConn(ctx, conn, srv.Handle)
}

// digestOn reports whether checkpoints ask the host's model for a semantic
// digest: the plugin answers host/llm.stream and the settings do not turn
// it off.
func (srv *Server) digestOn() bool {
	if srv.peer == nil || !slices.Contains(srv.hostMethods, MethodHostLLMStream) {
		return false
	}
	return srv.settings.SemanticDigest == nil || *srv.settings.SemanticDigest
}

// Close closes the store and its index (removing a private index), after
// the background archive of other sessions' logs stopped. It is
// idempotent.
func (srv *Server) Close() {
	srv.stopLogScan()
	srv.closeStore()
}

// closeStore stops the Follower and closes the store and its index,
// removing a private index.
func (srv *Server) closeStore() {
	if srv.follow != nil {
		srv.follow.Stop()
		srv.follow = nil
	}
	if srv.store != nil {
		srv.store.Close()
		srv.store = nil
	}
	if srv.privateIndex != "" {
		os.RemoveAll(srv.privateIndex)
		srv.privateIndex = ""
	}
}

// open opens the store and its index once. A store that cannot be opened
// leaves EF failing soft: folds still run, recall says unavailable (§24).
func (srv *Server) open(ctx context.Context) {
	if srv.initiated {
		return
	}
	srv.initiated = true
	if srv.storeDir == "" {
		srv.storeErr = "no store configured"
		return
	}
	srv.openStore(ctx)
}

// openStore opens the store at storeDir (created when missing) and its
// index, and starts following other processes' folds. It reports whether
// the store is open; when not, storeErr says why.
func (srv *Server) openStore(ctx context.Context) bool {
	st, err := store.Open(srv.storeDir, store.Options{Logger: srv.logger})
	if err != nil {
		srv.storeErr = err.Error()
		srv.logger.Warn("bundle store unavailable; folds fail soft", "err", err)
		return false
	}
	srv.store, srv.storeErr, srv.storeOpened = st, "", true
	srv.removeStalePrivateIndexes(st)
	if errors.Is(st.IndexErr, recall.ErrLocked) {
		// Another process (a second DSH, ef fold) holds the store's
		// index. Folds go to the shared bundles either way; recall runs on
		// an index of this process's own beside it, built from the same
		// bundles and brought up to date before every call, so no process
		// loses recall. It is removed on Close.
		dir := filepath.Join(srv.storeDir, fmt.Sprintf("%s%d", privateIndexPrefix, os.Getpid()))
		os.RemoveAll(dir) // a dead process's, with the same pid
		ix, err := recall.Open(dir, st.Source(), recall.Options{Logger: srv.logger})
		if err == nil {
			st.Index, st.IndexErr = ix, nil
			srv.privateIndex = dir
			srv.logger.Info("store index held by another process; using a private index", "dir", dir)
		}
	}
	if st.IndexErr != nil {
		srv.logger.Warn("recall index unavailable", "err", st.IndexErr)
		return true
	}
	if _, err := st.Index.Sync(ctx); err != nil {
		srv.logger.Warn("recall index sync", "err", err)
	}
	// Other processes (sidecars of other DSH sessions, ef fold) fold into
	// the same store. Their bundles are indexed in between calls, so that
	// a tool call's Sync has only what arrived since to take in.
	srv.follow = bundlesource.Follow(st.Index, st.Bundles, bundlesource.FollowOptions{Logger: srv.logger})
	return true
}

// privateIndexPrefix names a process's own recall index in the store root
// (a dot-name, which the bundle store leaves to derived caches).
const privateIndexPrefix = ".recall-pid-"

// staleIndexAge is how old a private index directory must be before a
// later sidecar may remove it: younger ones may belong to a process that
// is just opening them.
const staleIndexAge = time.Minute

// removeStalePrivateIndexes removes the private recall indexes that
// sidecars killed before Close (SIGKILL, a crash) left in the store root.
// One is removed only when nothing holds it: its index lock is free (a
// live sidecar holds its own for as long as it runs) and it is older than
// staleIndexAge. The indexes are caches rebuilt from the bundles; the
// bundles are never touched.
func (srv *Server) removeStalePrivateIndexes(st *store.Store) {
	entries, err := os.ReadDir(srv.storeDir)
	if err != nil {
		return
	}
	own := fmt.Sprintf("%s%d", privateIndexPrefix, os.Getpid())
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || !strings.HasPrefix(name, privateIndexPrefix) || name == own {
			continue
		}
		if _, err := strconv.Atoi(strings.TrimPrefix(name, privateIndexPrefix)); err != nil {
			continue // not a name this package writes
		}
		dir := filepath.Join(srv.storeDir, name)
		if fi, err := e.Info(); err != nil || time.Since(fi.ModTime()) < staleIndexAge {
			continue
		}
		ix, err := recall.Open(dir, st.Source(), recall.Options{ReadOnly: true, LockTimeout: 100 * time.Millisecond})
		if errors.Is(err, recall.ErrLocked) {
			continue // a live process holds it
		}
		if err == nil {
			ix.Close()
		}
		if err := os.RemoveAll(dir); err != nil {
			srv.logger.Warn("cannot remove a stale private recall index", "dir", dir, "err", err)
			continue
		}
		srv.logger.Info("removed the private recall index a killed sidecar left behind", "dir", dir)
	}
}

// engineKey names an engine by what its policy depends on.
type engineKey struct {
	window    int
	threshold float64
}

// checkSettings refuses ratios outside (0, 1].
func checkSettings(s Settings) error {
	ratio := func(name string, r float64) error {
		if r < 0 || r > 1 {
			return fmt.Errorf("settings: %s %v outside (0, 1]", name, r)
		}
		return nil
	}
	if err := ratio("thresholdRatio", s.ThresholdRatio); err != nil {
		return err
	}
	if err := ratio("emergencyRatio", s.EmergencyRatio); err != nil {
		return err
	}
	if s.CachePriceRatio > 1 {
		return fmt.Errorf("settings: cachePriceRatio %v above 1 (a cached token costs at most an uncached one; negative turns the economic trigger off)", s.CachePriceRatio)
	}
	if s.DigestTimeoutMs < 0 {
		return fmt.Errorf("settings: digestTimeoutMs %d is negative", s.DigestTimeoutMs)
	}
	for _, m := range s.ModelPolicies {
		if err := ratio("modelPolicies thresholdRatio", m.ThresholdRatio); err != nil {
			return err
		}
	}
	return nil
}

// thresholdFor returns the pressure threshold ratio for a model: its
// policy's, else the settings', else zero (the engine's default).
func (srv *Server) thresholdFor(provider, model string) float64 {
	for _, m := range srv.settings.ModelPolicies {
		if m.Provider == provider && m.Model == model && m.ThresholdRatio > 0 {
			return m.ThresholdRatio
		}
	}
	return srv.settings.ThresholdRatio
}

// policy is the engine policy the settings give for a context window and
// a threshold ratio (thresholdFor's): engine.Policy is the source of the
// fold knobs, and a setting named like one of its fields is that knob
// (TestSettingsReachThePolicy); EmergencyRatio becomes the emergency
// budget's share of the window.
func (s Settings) policy(window int, threshold float64) engine.Policy {
	emergency := s.EmergencyRatio
	if emergency == 0 {
		emergency = EmergencyRatio
	}
	return engine.Policy{ContextWindow: window, ThresholdRatio: threshold, EmergencyBudget: int(float64(window) * emergency),
		CachePriceRatio: s.CachePriceRatio, DigestLeaves: s.DigestLeaves}
}

// engineFor returns the engine for a context window and a threshold ratio
// (the policy depends on both; models differ in their windows).
func (srv *Server) engineFor(window int, threshold float64) (*engine.Engine, error) {
	return srv.engineOf(engineKey{window: window, threshold: threshold})
}

func (srv *Server) engineOf(key engineKey) (*engine.Engine, error) {
	window, threshold := key.window, key.threshold
	if e, ok := srv.engines[key]; ok {
		return e, nil
	}
	tok, err := srv.tokens.Meter(tokenizer.O200k)
	if err != nil {
		return nil, err
	}
	opts := engine.Options{TokenMeter: tok, Logger: srv.logger, Policy: srv.settings.policy(window, threshold)}
	if srv.digestOn() {
		opts.Summarizer = srv
	}
	if srv.store != nil {
		// Through storeArchive, not the store itself: a store opened
		// again in place (recreateStore) serves the same engine, whose
		// projections of the sessions are what a fold compiled without
		// the store states.
		opts.Archive, opts.Indexer = storeArchive{srv}, storeArchive{srv}
	}
	e, err := engine.New(opts)
	if err != nil {
		return nil, err
	}
	srv.engines[key] = e
	return e, nil
}
