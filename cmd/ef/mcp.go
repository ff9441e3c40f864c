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
	"slices"
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
		"At start ef mcp writes one line to stderr: the store it serves, how it was chosen, and how many sessions it holds.")
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
	// store is created on first use (DSH fills it), and ef mcp says so.
	// A reader creates nothing in an empty directory given as --store: it
	// is searched through a temporary index outside it
	// (searchOpenIndex). The project's default store is ef's own.
	noIndex, created := false, false
	if _, err := os.Stat(dir); errors.Is(err, iofs.ErrNotExist) {
		if *storeDir != "" {
			return usageError("store %s does not exist (ef serve and ef fold create a store; --project DIR uses a project's default store)", dir)
		}
		created = true
	} else if err := checkLooksLikeStore(dir); err != nil {
		return err
	} else {
		noIndex = *storeDir != "" && storeDirEmpty(dir)
	}
	if err := checkOrigins(origins); err != nil {
		return err
	}
	how, err := mcpStoreChoice(*storeDir, *project)
	if err != nil {
		return err
	}
	logger := stderrLogger(stderr, *verbose)
	caller, closeIndex, err := openMCPRecall(ctx, dir, noIndex, stderr, logger)
	if err != nil {
		return err
	}
	defer closeIndex()
	caller.how = how
	sessions, _ := caller.sessions(ctx)
	fmt.Fprintln(stderr, mcpServingLine(dir, how, len(sessions), created, *session))
	if *session != "" {
		warnUnknownSession(stderr, dir, *session, sessions)
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

// mcpStoreChoice says how the store ef mcp serves was chosen, for the
// line it writes at start and the answer to a search of an empty store.
func mcpStoreChoice(storeDir, project string) (string, error) {
	if storeDir != "" {
		return "--store", nil
	}
	which := "the working directory's"
	if project != "" {
		which = "--project's"
	}
	dir := project
	if dir == "" {
		dir = "."
	}
	root, err := projectRoot(dir)
	if err != nil {
		return "", fmt.Errorf("project root of %s: %w", dir, err)
	}
	return fmt.Sprintf("the default store of %s project %s, %s", which, root, efHomeSource()), nil
}

// mcpServingLine is the one line ef mcp writes to stderr at start: which
// store it serves, how that store was chosen, how many sessions it holds
// and the session the calls are made from. An MCP client that starts the
// server in another directory or with a reduced environment (no HOME,
// XDG_DATA_HOME or EF_HOME) gets another default store, and without this
// line it served an empty one without a word.
func mcpServingLine(dir, how string, sessions int, created bool, session string) string {
	line := fmt.Sprintf("ef mcp: serving store %s (%s): %s", dir, how, count(sessions, "session"))
	switch {
	case created:
		line += ", created empty now: nothing has been folded into it yet"
	case sessions == 0:
		line += ": nothing has been folded into it yet"
	}
	if session != "" {
		line += fmt.Sprintf("; calls are made from session %s", session)
	}
	return line
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
	// how says how the store was chosen (mcpStoreChoice).
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
// directory given as --store, in which ef mcp creates nothing). A store
// that does not exist yet is an empty one: the server still starts and
// says nothing was found.
func openMCPRecall(ctx context.Context, dir string, noIndex bool, stderr io.Writer, logger *slog.Logger) (*syncedRecall, func(), error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, nil, fmt.Errorf("store %s: %w", dir, err)
	}
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
