package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/epistemicfold/ef/mcpserver"
	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/recall/bundlesource"
	"github.com/epistemicfold/ef/store"
)

// mcpEnv is what `ef mcp` opened for its tools. Tool adapters take what
// they need from it.
type mcpEnv struct {
	storeDir  string
	sessionID string
	recall    mcpserver.ToolCaller
	actions   *action.Kernel // nil unless --act-root was given
	origins   []string       // task.origin roots for context_request (--origin)
	tokens    northbridge.Tokenizer
	logger    *slog.Logger
}

// mcpTools is the list of tools `ef mcp` serves. To offer another tool, add
// one adapter call here.
func mcpTools(env *mcpEnv) []mcpserver.Tool {
	var acts []mcpserver.Tool
	if env.actions != nil {
		acts = mcpserver.ActionTools(env.actions)
	}
	var ctxTools []mcpserver.Tool
	if len(env.origins) > 0 {
		ctxTools = mcpserver.ContextTools(env.origins, env.tokens)
	}
	return slices.Concat(
		mcpserver.RecallTools(env.recall, env.sessionID),
		acts,
		ctxTools,
	)
}

// RunMCP implements `ef mcp`: EF's tools for any MCP client, over stdio.
func RunMCP(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runMCP(ctx, args, os.Stdin, nopWriteCloser{stdout}, stderr)
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

func runMCP(ctx context.Context, args []string, stdin io.ReadCloser, stdout io.WriteCloser, stderr io.Writer) error {
	fs := newFlags("mcp", "mcp [--store DIR | --project DIR] [--session ID] [--act-root DIR]… [--origin DIR]… [-v]", stderr,
		"Serves context_search and context_recall (and action_submit with --act-root, context_request with --origin) over MCP (stdio) for an MCP client such as Claude Code, Codex or Cursor.",
		"Without --store it serves the default store of the project holding --project DIR or else the working directory (the nearest directory above with .git),",
		"under $EF_HOME when set, else "+defaultHomeWords()+"; a client that starts ef mcp elsewhere, or passes",
		"a reduced environment (no EF_HOME, XDG_DATA_HOME or HOME), serves another store, so name it with --store or --project.",
		"A project's store that does not exist yet is served as empty and not created; ef mcp reads it once DSH or ef fold creates it.",
		"At start ef mcp writes one line to stderr: the store it serves, how it was chosen, how many sessions it holds,",
		"and the tools it serves: whether action_submit (--act-root: the roots it writes under, its state directory) and context_request (--origin: the directories) are on.")
	storeDir := fs.String("store", "", "bundle store directory (default: the project's store, see --project)")
	project := fs.String("project", "", "workspace whose default store to use (default: the working directory's project)")
	session := fs.String("session", "", "session the calls are made from: search defaults to it and refs without @session name it (default: none; search covers every session of the store)")
	verbose := fs.Bool("v", false, "log to stderr")
	var origins multiFlag
	fs.Var(&origins, "origin", "directory of task.origin files: serves context_request (Northbridge) over them (repeatable)")
	var af actFlags
	af.register(fs, "act-")
	if err := parseNone(fs, args); err != nil {
		return err
	}
	if *storeDir != "" && *project != "" {
		return usageError("--store and --project exclude each other")
	}
	if *project != "" {
		// A project given by name must be a directory: a typo (or a file)
		// would otherwise key a new, empty store that serves nothing.
		if fi, err := os.Stat(*project); err != nil || !fi.IsDir() {
			return usageError("--project %s is not a directory (give the workspace whose sessions DSH folded)", *project)
		}
	}
	dir, err := resolveStore(*storeDir, *project)
	if err != nil {
		return err
	}
	// A store given by name must exist: a typo would otherwise serve an
	// empty store that says "nothing found" forever. The project's default
	// store may not exist yet (nothing was folded for the project): ef mcp
	// serves it as empty, creates nothing, and reads it once the DSH
	// plugin or ef fold creates it (pendingRecall); it created an empty
	// store for every directory it was started in (a client started in
	// /tmp left one keyed by /tmp behind).
	// A reader creates nothing in an empty directory given as --store: it
	// is searched through a temporary index outside it
	// (searchOpenIndex). The project's default store is ef's own.
	noIndex, missing := false, false
	if _, err := os.Stat(dir); errors.Is(err, iofs.ErrNotExist) {
		if *storeDir != "" {
			return usageError("store %s does not exist (ef serve and ef fold create a store; --project DIR uses a project's default store)", dir)
		}
		missing = true
	} else if err := checkLooksLikeStore(dir); err != nil {
		return err
	} else {
		noIndex = *storeDir != "" && storeDirEmpty(dir)
	}
	if err := checkOrigins(origins); err != nil {
		return err
	}
	how, err := storeChoice(*storeDir, *project)
	if err != nil {
		return err
	}
	logger := stderrLogger(stderr, *verbose)
	var caller mcpserver.ToolCaller
	var sessions []string
	if missing {
		p, err := newPendingRecall(ctx, dir, how, stderr, logger)
		if err != nil {
			return err
		}
		defer p.close()
		caller = p
	} else {
		sr, closeIndex, err := openMCPRecall(ctx, dir, noIndex, stderr, logger)
		if err != nil {
			return err
		}
		defer closeIndex()
		sr.how = how
		sessions, _ = sr.sessions(ctx)
		caller = sr
	}
	env := &mcpEnv{storeDir: dir, sessionID: *session, recall: caller, logger: logger, origins: origins}
	if len(origins) > 0 {
		if env.tokens, err = northbridge.LoadTokenizer(); err != nil {
			return err
		}
	}
	if af.enabled() {
		if env.actions, err = af.open(logger); err != nil {
			return err
		}
		defer env.actions.Close()
	}
	// Written once the lanes are open, so that it names what is served.
	fmt.Fprintln(stderr, mcpServingLine(dir, how, len(sessions), missing, *session)+mcpLanes(origins, env.actions))
	if *session != "" {
		warnUnknownSession(stderr, dir, *session, sessions)
	}
	srv, err := mcpserver.New(mcpTools(env), mcpserver.Options{Version: efVersion, Logger: logger,
		Instructions: mcpInstructions(len(origins) > 0, af.enabled())})
	if err != nil {
		return err
	}
	err = srv.ServeStdio(ctx, stdin, stdout)
	if err == nil || errors.Is(err, io.EOF) || ctx.Err() != nil {
		return nil
	}
	return err
}

// mcpInstructions is what the server tells the client at initialization:
// one sentence per lane it serves. Clients show it to the model, so a
// tool it does not mention is one the model has no reason to reach for.
func mcpInstructions(origin, act bool) string {
	s := "Epistemic Fold recall: context_search finds history folded out of an agent's context; context_recall reads it back exactly."
	if origin {
		s += " context_request answers a context.request (a goal and a scope) with the tasks of that scope and their verified facts relevant to the goal, within a token budget."
	}
	if act {
		s += " action_submit writes or appends to a file through EF's action kernel: a new file is written at once; overwriting an existing one needs proof that you read its current content (a proof_of_read credential or expect_sha256, its sha256) or the user's confirmation; changing an existing protected file (code, task.origin, credentials) needs the user's confirmation."
	}
	return s
}

// mcpServingLine is the one line ef mcp writes to stderr at start: which
// store it serves, how that store was chosen, how many sessions it holds
// and the session the calls are made from. An MCP client that starts the
// server in another directory or with a reduced environment (no HOME,
// XDG_DATA_HOME or EF_HOME) gets another default store, and without this
// line it served an empty one without a word.
func mcpServingLine(dir, how string, sessions int, missing bool, session string) string {
	line := fmt.Sprintf("ef mcp: serving store %s (%s): %s", dir, how, count(sessions, "session"))
	switch {
	case missing:
		line += ": it does not exist yet, nothing has been folded for this project; served as empty until the DSH plugin or ef fold --project creates it"
	case sessions == 0:
		line += ": nothing has been folded into it yet"
	}
	if session != "" {
		line += fmt.Sprintf("; calls are made from session %s", session)
	}
	return line
}

// mcpLanes is the end of the serving line: the tools served, and for the
// two lanes a flag turns on, whether it is on and over what (the origin
// directories; the action kernel's roots and state directory), so an
// operator reads from the one line what a client can call and where an
// action_submit may write.
func mcpLanes(origins []string, k *action.Kernel) string {
	s := "; tools: context_search, context_recall"
	if k != nil {
		s += ", action_submit"
	}
	if len(origins) > 0 {
		s += ", context_request"
	}
	if k != nil {
		s += fmt.Sprintf("; action_submit on (--act-root): writes under %s, audit and backups in %s", strings.Join(k.Roots(), ", "), k.StateDir())
	} else {
		s += "; action_submit off (no --act-root)"
	}
	if len(origins) > 0 {
		dirs := make([]string, len(origins))
		for i, o := range origins {
			dirs[i] = o
			if abs, err := filepath.Abs(o); err == nil {
				dirs[i] = abs
			}
		}
		s += "; context_request on (--origin): task.origin files in " + strings.Join(dirs, ", ")
	} else {
		s += "; context_request off (no --origin)"
	}
	return s
}

// warnUnknownSession says on stderr when --session names a session the
// store holds nothing of: a typo in an MCP client's configuration would
// otherwise answer every search with "no matches" and every short ref with
// "unknown session". Only a warning: DSH may fold the session later.
func warnUnknownSession(stderr io.Writer, dir, session string, sessions []string) {
	if slices.Contains(sessions, session) {
		return
	}
	fmt.Fprintf(stderr, "ef mcp: warning: session %q has no folded history in %s yet (%s there); searches default to it and find nothing until it is folded\n",
		session, dir, count(len(sessions), "session"))
}

// syncedRecall answers tool calls from the store's index, bringing it up to
// date first: the store is written by other processes (DSH sidecars, ef
// fold) while the MCP server runs.
//
// Between calls a Follower indexes what the other processes folded (as
// the DSH sidecar does), so the call's Sync takes in only what arrived
// since its last pass; while a call is answered it starts no pass.
type syncedRecall struct {
	mu     sync.Mutex
	idx    *recall.Index
	dir    string
	follow *bundlesource.Follower // nil while idx is read-only
	// ro is the store whose current index idx was opened read-only; once
	// bundles arrive that it lacks, the calls move to this process's
	// temporary index (tempIndexFor). Nil otherwise.
	ro     *store.Store
	stderr io.Writer
	// sessions lists the sessions the store holds (its bundles').
	sessions func(context.Context) ([]string, error)
	// how says how the store was chosen (storeChoice).
	how string
}

func (s *syncedRecall) CallTool(ctx context.Context, sessionID, name string, args json.RawMessage) (recall.ToolOutput, error) {
	if s.follow != nil {
		defer s.follow.Busy()()
	}
	s.mu.Lock()
	var err error
	if s.ro != nil {
		// A read-only index cannot take in new bundles: when it falls
		// behind, search the temporary index (built once, then synced).
		missing, stale, _, cerr := store.IndexBehind(ctx, s.idx, s.ro.Source())
		if err = cerr; cerr == nil && missing+stale > 0 {
			var idx *recall.Index
			if idx, _, err = tempIndexFor(ctx, s.dir); err == nil {
				fmt.Fprintf(s.stderr, "ef mcp: the store's read-only index no longer matches the bundles (%d checkpoint(s) added or removed); searching a temporary index built from the bundles (once for this process)\n", missing+stale)
				s.idx, s.ro = idx, nil
			}
		}
	} else {
		_, err = s.idx.Sync(ctx)
	}
	idx := s.idx
	s.mu.Unlock()
	if err != nil && ctx.Err() == nil {
		// An index that cannot catch up still answers from what it has.
		slog.Default().Debug("recall index sync", "store", s.dir, "err", err)
	}
	out, err := idx.CallTool(ctx, sessionID, name, args)
	if res, ok := out.Result.(*recall.SearchResult); ok && err == nil && res.Total == 0 {
		if ids, serr := s.sessions(ctx); serr == nil && len(ids) == 0 {
			out.Text = emptyStoreAnswer(res.Query, s.dir, s.how)
		}
	}
	return out, err
}

// emptyStoreAnswer is the text of a search that found nothing because the
// store holds no folded session at all: read as a normal miss ("try other
// words"), it sent a model rewording queries against a store that cannot
// answer any (an MCP client whose environment chose another default
// store than the one DSH folds into).
func emptyStoreAnswer(query, dir, how string) string {
	return fmt.Sprintf("%s %q: no matches, because the store this server reads, %s (%s), holds no folded sessions: nothing has been folded into it yet, so every search finds nothing. "+
		"Fold a session into it with ef fold LOG --out NEW --store %s (or ef fold LOG --out NEW --project DIR for a project's default store), "+
		"or start ef mcp with --store (or --project) naming the store that holds your folded sessions.\n",
		recall.ToolSearch, query, dir, how, dir)
}

// openMCPRecall opens the store read-only and its index (or a temporary one
// when the store's index is held by a writer, or noIndex: an empty
// directory given as --store, in which ef mcp creates nothing). The store
// must exist (a project's that does not is served by pendingRecall).
func openMCPRecall(ctx context.Context, dir string, noIndex bool, stderr io.Writer, logger *slog.Logger) (*syncedRecall, func(), error) {
	st, err := store.Open(dir, store.Options{ReadOnly: true, NoIndex: noIndex})
	if err != nil {
		return nil, nil, err
	}
	idx, cleanup, err := searchOpenIndex(ctx, "mcp", st, stderr)
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	if st.IndexReadOnly {
		return &syncedRecall{idx: idx, dir: dir, ro: st, stderr: stderr, sessions: st.Bundles.Sessions}, func() { cleanup(); st.Close() }, nil
	}
	follow := bundlesource.Follow(idx, st.Bundles, bundlesource.FollowOptions{Logger: logger})
	return &syncedRecall{idx: idx, dir: dir, follow: follow, stderr: stderr, sessions: st.Bundles.Sessions}, func() { follow.Stop(); cleanup(); st.Close() }, nil
}

// pendingRecall serves a project's default store that does not exist yet:
// ef mcp creates no store it only reads. Until the store appears (the DSH
// plugin, ef serve or ef fold --project creates it), the calls are
// answered from an empty index of an empty directory outside it, and a
// search says the store holds nothing (emptyStoreAnswer); the first call
// after it appears opens it (openMCPRecall), for the rest of the session.
// Safe for concurrent use.
type pendingRecall struct {
	mu        sync.Mutex
	dir, how  string
	stderr    io.Writer
	logger    *slog.Logger
	empty     *syncedRecall // over emptyDir, until the store exists
	emptyDir  string
	open      *syncedRecall // the store, once it exists
	closeOpen func()
}

func newPendingRecall(ctx context.Context, dir, how string, stderr io.Writer, logger *slog.Logger) (*pendingRecall, error) {
	tmp, err := os.MkdirTemp("", "ef-mcp-empty-") // 0700
	if err != nil {
		return nil, err
	}
	idx, _, err := tempIndexFor(ctx, tmp)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	none := func(context.Context) ([]string, error) { return nil, nil }
	return &pendingRecall{dir: dir, how: how, stderr: stderr, logger: logger, emptyDir: tmp,
		empty: &syncedRecall{idx: idx, dir: dir, stderr: stderr, sessions: none, how: how}}, nil
}

// CallTool answers from the store once it exists, else from the empty
// index.
func (p *pendingRecall) CallTool(ctx context.Context, sessionID, name string, args json.RawMessage) (recall.ToolOutput, error) {
	p.mu.Lock()
	if p.open == nil {
		if fi, err := os.Stat(p.dir); err == nil && fi.IsDir() && checkLooksLikeStore(p.dir) == nil {
			if sr, closeFn, err := openMCPRecall(ctx, p.dir, false, p.stderr, p.logger); err == nil {
				sr.how = p.how
				p.open, p.closeOpen = sr, closeFn
				fmt.Fprintf(p.stderr, "ef mcp: store %s exists now; serving it\n", p.dir)
			} else {
				p.logger.Warn("the project's store exists now but cannot be opened; still serving it as empty", "store", p.dir, "err", err)
			}
		}
	}
	caller := p.empty
	if p.open != nil {
		caller = p.open
	}
	p.mu.Unlock()
	return caller.CallTool(ctx, sessionID, name, args)
}

// close closes the store once opened and removes the empty directory. It
// is idempotent.
func (p *pendingRecall) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closeOpen != nil {
		p.closeOpen()
		p.closeOpen = nil
	}
	if p.emptyDir != "" {
		os.RemoveAll(p.emptyDir)
		p.emptyDir = ""
	}
}
