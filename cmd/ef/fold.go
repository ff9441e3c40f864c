package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/atomicfile"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/store"
	"github.com/epistemicfold/ef/tokenizer"
)

// RunFold implements `ef fold <session-log> --store <dir> --out <new-log>`:
// it replays a session log through the EpistemicFoldEngine inside the
// host's compaction transaction and writes the new log and the bundles.
func RunFold(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlags("fold", "fold <session-log> --out <new-log> [--store <dir> | --project <dir>] [--window N] [--rho R] [--mode auto|leaf|root|emergency|archive] [--budget N] [--json]", stderr,
		"Replays a DSH session log through the Epistemic Fold engine and writes the folded log and its checkpoint bundles.",
		"A trajectory of another agent (Claude Code, OpenHands, SWE-agent, mini-SWE-agent, ATIF, an OpenAI chat log, a Vercel AI SDK message list (model or UI messages), an Anthropic Messages API conversation, a LangChain or LangGraph message dump, a Codex CLI rollout, an OpenAI Responses API conversation, a Gemini API conversation, Gemini CLI session (.json or .jsonl recording), /chat save checkpoint or stream-json output, an Aider chat history, codex exec --json output, a VS Code (Copilot Chat) chat export, an OpenCode session's export or storage info file, a Continue session or its sessions.json, ...) is converted to a DSH session first.",
		"  auto, leaf: pressure folds before each step (auto also folds in emergency when the surface exceeds the",
		"              window); leaf without --window folds once at the end. A pressure fold is a leaf fold of the oldest",
		"              span, or a root fold that merges the checkpoints already folded, with that span, into one once",
		fmt.Sprintf("              they are worth more than %v × window (so they stay bounded). A pressure fold runs when the span since", engine.DefaultMergeRatio),
		"              the last fold reaches the size the prompt cache's economics call for (√(2·n·R/ρ): n the tokens a request",
		"              adds, R what a fold makes the next request miss, ρ = --rho), which on a large window comes long",
		fmt.Sprintf("              before %v × window, or at %v × window, whichever comes first; --rho -1 folds only there", hostshim.PressureRatio, hostshim.PressureRatio),
		"  root:       one root fold (/compact) at the end of the log",
		"  emergency:  one emergency fold at the end, under --budget",
		"  archive:    no fold of EF's own: only archive the log's own folds (below) into the store; --out is optional",
		"  --window and --budget count o200k_base tokens, like ef bench --window; the summary also shows the DSH heuristic estimate",
		"A DSH log that already holds folds (the DSH plugin's checkpoints, the host summarizer's, tool results its pruner cut) is",
		"replayed with them as they are, and each one's span is archived from the log into the store: found there when the",
		"plugin's bundle is (nothing is written twice), written when nothing archived it (the host's folds while EF was down).",
		"EF's own folds start after the log's last one: before it they would take off the surface what that fold replaces.",
		"The checkpoints are filed under the session's id, which the new log carries: a DSH log's own id; for another agent's",
		"trajectory, its format and the session id it records (Claude Code, the Claude Agent SDK, ATIF, an OpenAgents trajectory),",
		"else its format and a digest of the session's opening (its first 8 messages), never the file's name, so two files of one",
		"name are two sessions and a moved or renamed file is the same one; two trajectories that open with the same 8 messages",
		"share that id (ef fold warns when the store already held checkpoints of it that this log does not reproduce; fold each",
		"with its own --session). --session ID files them under ID instead. ef builds",
		"before this one named an imported session by its file's name; a store that holds such a session keeps it, and ef fold",
		"says where the new checkpoints went. Folding the same log again reuses its checkpoints.",
		"Each fold's line: mode, checkpoint id, surface nodes folded, o200k_base tokens of the request (system prompt, tools and",
		"surface, as the window counts them) before → after, the span's closure level (EF-RFC-001 §12: C0 structure only,",
		"C1 authority and boundaries exported, C2 a closed stage of work, C3 closed with evidence) and whether recall can serve",
		"the archived messages; a failed or vetoed fold says why. Each of the log's own folds has a line \"log\": whose it is (an",
		"imported log's own compactions are its client's) and",
		"whether its span was in the store already or archived now. The last line counts the folds that changed the surface.",
		"A failed fold fails the run (the new log is written all the same: a failed fold leaves the surface as it was, and the",
		"error says so), with one exception: an emergency fold at an overflow whose checkpoint cannot keep the",
		"hard state (constraints, open failures, obligations) within its budget (its line says \"refused\": nothing was lost)",
		"leaves the surface as it was, and fails the run",
		"only when the surface ends over --window, saying why; when later folds bring it within the window, a note says so.",
		"A disk that fills up stops the fold at the first bundle it cannot write, with no new log: the same command resumes.",
		"A checkpoint the store already holds in a bundle that cannot be read (damaged, truncated) stops the fold there too,",
		"with no new log and the bundle left as it is; the error names the file (ef store verify lists every one that fails).",
		"--out - writes the new log to stdout, as - reads a log from stdin: once the fold is done, never a partial log; the",
		"summary (or --json account) then goes to stderr, so stdout holds the log alone.",
		"A long log's reading is shown on stderr: on a terminal one line rewritten in place (events read, folds, time),",
		"into a file or a pipe a plain line at most every 30 s; never on stdout, and none when the --json account is on stderr.")
	storeDir := fs.String("store", "", "bundle store directory: an existing store, or a missing or empty directory, which becomes one (a directory holding other files is refused); empty: no store (the folds still run; their checkpoints are not archived and recall is unavailable)")
	project := fs.String("project", "", "workspace root: fold into its default store under the user's data directory, the one the DSH plugin writes and ef mcp reads there (instead of --store)")
	out := fs.String("out", "", "path of the new session log (must not exist; .zstd compresses; - writes it to stdout and the summary to stderr; optional with --mode archive). Written mode 0600, as the bundles are: it holds the whole session")
	window := fs.Int("window", 0, "the model's context window in o200k_base `tokens`, as in ef bench: pressure, fold sizes and an overflow are all counted with o200k_base")
	mode := fs.String("mode", "auto", "auto (pressure leaf folds, emergency on overflow), leaf, root, emergency or archive (only the log's own folds)")
	budget := fs.Int("budget", 0, "emergency budget in o200k_base `tokens` (zero: window/2)")
	asJSON := fs.Bool("json", false, "print a machine-readable account of every fold")
	strict := fs.Bool("strict", false, "refuse provenance faults on appended nodes (snapshot-test logs need the default)")
	verbose := fs.Bool("v", false, "log fold decisions to stderr")
	rho := fs.Float64("rho", 0, "the prompt cache's price ratio ρ the pressure policy sizes folds for, as ef bench --ef-rho (0: the engine default, 0.1; negative: fold only at 0.8 × window)")
	session := fs.String("session", "", "file the checkpoints under this session `id` (and give the new log this id) instead of the log's own")
	logPath, logFile, cleanup, err := parseLog(ctx, fs, args)
	if err != nil {
		return err
	}
	defer cleanup()
	defer func() { err = asGiven(err, logFile, logPath) }()
	// --mode archive without --out writes no new log: the run is for
	// the store (foldOut writes the log to a private temporary file and
	// copies it to io.Discard).
	noOut := *mode == "archive" && *out == ""
	if *out == "" && !noOut {
		return usageError("--out is required (or --mode archive, which only archives the log's own folds)")
	}
	if *project != "" {
		if *storeDir != "" {
			return usageError("--store and --project exclude each other")
		}
		dir, err := projectStoreDir(*project)
		if err != nil {
			return err
		}
		*storeDir = dir
	}
	if *rho > 1 {
		return usageError("--rho must be at most 1 (a cached token costs at most what an uncached one does)")
	}
	// --out - is stdout, as a log named - is stdin (and ef propose
	// --prompt - writes to stdout). The new log is then all stdout holds:
	// what ef fold says of the folds goes to stderr.
	summary, logTo := stdout, stdout
	switch {
	case noOut:
		*out, logTo = "-", io.Discard
	case *out == "-":
		summary = stderr
	default:
		// Check --out before any bundle is written: a fold whose log
		// cannot be written would leave bundles nobody references.
		if err := foldCheckOut(*out); err != nil {
			return err
		}
		if *storeDir != "" && pathWithin(*out, *storeDir) {
			// The store holds only what ef writes there: a log in it is
			// an entry ef store verify reports as foreign, and fails on.
			return usageError("--out %s is inside --store %s: write the new log outside the store (ef store verify counts anything else in it as a foreign entry)", *out, *storeDir)
		}
		// A fold killed while writing (SIGKILL, a power cut) left its
		// temporary log beside --out; the next fold to the same path
		// removes it once no live process holds it.
		if stale, err := atomicfile.RemoveStale(*out); err != nil {
			fmt.Fprintf(stderr, "ef fold: could not remove a temporary file an interrupted fold left: %v\n", err)
		} else {
			for _, name := range stale {
				fmt.Fprintf(stderr, "ef fold: removed %s, the temporary log of an earlier fold to %s that was killed\n", name, *out)
			}
		}
	}
	if *session != "" {
		// A session a ref could not name is one search finds and recall
		// refuses: refused here instead.
		if why := recall.SessionIDProblem(*session); why != "" {
			return usageError("--session: invalid session id: %s", why)
		}
	}
	if *window < 0 || *budget < 0 {
		return usageError("--window and --budget must not be negative, got --window %d --budget %d", *window, *budget)
	}
	m := engine.Mode(*mode)
	switch *mode {
	case "auto":
		if *window == 0 {
			return usageError("--mode auto (the default) needs --window N, the model's context window in tokens; or choose --mode leaf, root or emergency")
		}
	case "leaf", "root":
		if *budget != 0 {
			// It was ignored: only an emergency fold has a budget.
			return usageError("--budget is the emergency fold's budget (--mode emergency, or auto's fold on overflow); --mode %s folds without one", *mode)
		}
	case "emergency":
		if *budget == 0 && *window == 0 {
			return usageError("--mode emergency needs --budget or --window")
		}
	case "archive":
		if *window != 0 || *budget != 0 || *rho != 0 {
			return usageError("--mode archive folds nothing of its own: --window, --budget and --rho do not apply")
		}
		if *storeDir == "" {
			return usageError("--mode archive archives the log's own folds into a store: give --store DIR or --project DIR")
		}
	default:
		return usageError("--mode %q: want auto, leaf, root, emergency or archive", *mode)
	}
	if *storeDir != "" {
		if err := checkStoreToFold(*storeDir); err != nil {
			return err
		}
	}
	// The log is opened, and a DSH log read through once (foldScan),
	// before the store is: a log that cannot be replayed fails before
	// anything is written.
	sizeAtStart := regularSize(logFile)
	// A long log shows how the reading goes on stderr (progress.go).
	prog := newReadProgress(stderr, "ef fold", *asJSON && summary == stderr)
	defer prog.done()
	ctx, stderr = withReadProgress(ctx, prog, stderr)
	in, err := openFoldInput(ctx, logFile, !*strict)
	if err != nil {
		return err
	}
	defer in.close()

	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if *verbose {
		logger = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	// The window is counted in real tokens (tokenizer.Window), as in
	// ef bench: the engine prices pressure, fold sizes, its shrink check
	// and the emergency budget with one meter, so a window means the same
	// in both commands. (Inside DSH, ef serve follows the host's heuristic
	// estimate instead: there the host decides when to compact.)
	tok, err := tokenizer.New(tokenizer.Options{}).Meter(tokenizer.Window)
	if err != nil {
		return err
	}
	opts := engine.Options{HostMeter: tok, TokenMeter: tok, Logger: logger,
		Policy: engine.Policy{ContextWindow: *window, EmergencyBudget: *budget, CachePriceRatio: *rho}}
	// Ids follow the log, not chance: re-folding a log into a store that
	// holds it names the checkpoints it already has (fold_ids.go).
	ids := newFoldIDs(*mode, *window, *budget, *strict, *rho)
	opts.NewID = ids.next
	var st *store.Store
	if *storeDir != "" {
		st, err = store.Open(*storeDir, store.Options{Logger: logger, FS: foldStoreFS, LockWait: func(waited time.Duration) {
			fmt.Fprintf(stderr, "ef fold: waiting %s for the store lock (another ef or DSH process is writing %s)\n", waited.Round(time.Second), *storeDir)
		}})
		if err != nil {
			return foldOpenStoreError(err, *storeDir)
		}
		defer st.Close()
		// Each committed bundle is indexed for context_search; an index
		// that cannot be opened (another writer holds it) is a warning:
		// folds and exact recall do not depend on it, and ef search
		// rebuilds it.
		switch {
		case errors.Is(st.IndexErr, recall.ErrLocked):
			// The usual case: ef mcp or a DSH sidecar has the store open.
			fmt.Fprintf(stderr, "ef fold: the search index is in use by another process (ef mcp, ef serve or another ef fold); "+
				"the checkpoints are written all the same, and ef search, ef mcp and ef serve index them from the bundles when they next search\n")
		case st.IndexErr != nil:
			fmt.Fprintf(stderr, "ef fold: checkpoints will not be indexed now: %v; the checkpoints are written all the same, "+
				"and ef search rebuilds the index from them\n", st.IndexErr)
		}
		st.Wire(&opts)
	} else {
		fmt.Fprintln(stderr, "ef fold: no --store: the folds run, but their checkpoints are not archived and exact recall will be unavailable")
	}
	eng, err := engine.New(opts)
	if err != nil {
		return err
	}

	acc, err := newFoldAccount(*asJSON)
	if err != nil {
		return err
	}
	defer acc.close()
	if prog != nil {
		prog.folds = func() int { return acc.folds }
	}
	acc.Log, acc.Out, acc.Store, acc.Mode, acc.Window, acc.Budget = logPath, *out, *storeDir, *mode, *window, *budget
	if noOut {
		acc.Out = ""
	}
	var prior []bundle.Info // checkpoints the store held of the session before this fold
	var priorByDigest bool  // the session is named by a digest of its content
	logFolds := &logFoldArchiver{archive: opts.Archive, index: opts.Indexer, acc: acc}
	named := func(in *foldInput) {
		// an imported log's own summaries are its client's
		logFolds.client = string(in.format)
		if st != nil && (*session == "" || !in.fromContent) {
			priorByDigest = *session == "" && in.fromContent
			if infos, err := st.Bundles.List(ctx, in.id); err == nil {
				prior = infos
			}
		}
		// Say where an imported session's checkpoints went when the store
		// holds them under the name builds before this one gave it.
		if st == nil || *session != "" || in.imported == "" || in.imported == in.id {
			return
		}
		if infos, err := st.Bundles.List(ctx, in.imported); err == nil && len(infos) > 0 {
			acc.LegacySession = in.imported
			fmt.Fprintf(stderr, "ef fold: note: %s holds %s of session %q, the name ef gave this file's session before it named imported sessions by their recorded id or their content; this fold files its checkpoints under %q. The old ones stay searchable and recallable under %q; to go on with that session instead, add --session %s, or remove it once it is folded anew: ef store delete %s --session %s\n",
				*storeDir, count(len(infos), "checkpoint"), in.imported, in.id, in.imported, shellQuote(in.imported), shellQuote(*storeDir), shellQuote(in.imported))
		}
	}
	o, s, err := foldReplay(ctx, eng, in, logFile, *out, logTo, *mode, *window, !*strict, *session, named, acc, ids, logFolds, stderr)
	prog.done()
	if err == nil {
		defer o.abort()
		err = foldFinal(ctx, eng, s, m, *mode, *window, *budget, acc)
	}
	foldWarnShared(stderr, acc, foldPassed(prior, acc, err), priorByDigest, *storeDir)
	if stop, ok := errors.AsType[*foldStopped](err); ok {
		// What was written is in the account; say so before the error.
		acc.Stopped = stop.Error()
		if perr := acc.print(summary); perr != nil {
			return errors.Join(err, perr)
		}
	}
	if err != nil {
		return err
	}
	host, real, err := foldTotals(s, tok)
	if err != nil {
		return err
	}
	acc.TokensAfter, acc.RealAfter, acc.EventsOut = host, real, s.Len()
	if h, ok, err := hostshim.LatestRequestHeader(s); err == nil && ok {
		acc.HeaderTokens = hostshim.HeaderTokens(&h, tok)
	}
	if err := o.finish(s); err != nil {
		// The checkpoints are stored; only the new log is missing. Say
		// so, and how to resume, as for a store that takes no more.
		stop := acc.outStopped(err, true)
		acc.Stopped = stop.Error()
		if perr := acc.print(summary); perr != nil {
			return errors.Join(stop, perr)
		}
		return stop
	}
	if err := acc.print(summary); err != nil {
		return err
	}
	if *window > 0 && real > *window {
		// Pressure and overflow are checked before each step: a log whose
		// overflow comes after its last step, or whose folds could not
		// free enough, ends over the window. Say so rather than succeed
		// quietly (when emergency folds could not fit their budget, the
		// error outcome returns says so and why).
		if acc.OverBudget == 0 {
			fmt.Fprintf(stderr, "ef fold: warning: the folded surface (%d o200k tokens) still exceeds --window %d (folds run before each step; --mode emergency folds once at the end)\n", real, *window)
		}
		if open, err := hostshim.OpenCalls(s); err == nil && len(open) > 0 {
			fmt.Fprintf(stderr, "ef fold: warning: %s: nothing after it can be folded (%s in all; ef inspect lists them)\n", open[0], count(len(open), "open call"))
		}
	}
	if grew := regularSize(logFile); sizeAtStart >= 0 && grew > sizeAtStart {
		// A log still being written: ef fold reads it as it stood when
		// opened, and folding on silently read as if it folded it all.
		fmt.Fprintf(stderr, "ef fold: note: %s grew while it was folded (%d bytes at the start, %d at the end): what was appended after ef fold opened it was not folded; run ef fold again once the log is finished (the checkpoints stored now are reused)\n", logPath, sizeAtStart, grew)
	}
	written := ""
	if *out != "" {
		written = foldOutName(*out)
	}
	return acc.outcome(stderr, *window, real, written)
}

// regularSize is the size of the regular file at path, or -1 (not a regular
// file, or gone).
func regularSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return -1
	}
	return fi.Size()
}

// foldWarnShared warns when the store held checkpoints of the session that
// this fold neither wrote nor found again (prior, listed before the fold).
// A session named by a digest of its first messages (byDigest) may be
// another trajectory that opens the same way, filed under the same id, and
// the two are now mixed (search, recall and ef state --store read them as
// one session); either kind may be the same session folded when it was
// longer, or with other flags or another build.
func foldWarnShared(stderr io.Writer, acc *foldAccount, prior []string, byDigest bool, storeDir string) {
	n, byFold := 0, 0
	var minted []string // the earlier ef fold's checkpoints not found again
	for _, id := range prior {
		if !acc.checkpoints[id] {
			n++
			if foldMinted(id) {
				byFold++
				minted = append(minted, id)
			}
		}
	}
	if n == 0 {
		return
	}
	acc.PriorNotReproduced = n
	if !byDigest {
		// A session its log names (Claude Code's sessionId, a DSH log).
		// The checkpoints the DSH plugin wrote for the log's own folds
		// were found again (fold_logfolds.go); one it wrote for a fold
		// the log does not show is a fold the host did not commit (its
		// shrink check failed, the surface changed) or one past the end
		// of this copy of the log: nothing this fold duplicates.
		other := n - byFold
		if other > 0 {
			fmt.Fprintf(stderr, "ef fold: note: %s also holds %s of session %q that the DSH plugin wrote for folds this log does not show committed (the host gave them up, or they came after this copy of the log ends); they stay searchable, and this fold wrote nothing in their place\n",
				storeDir, count(other, "checkpoint"), acc.SessionID)
		}
		if byFold == 0 {
			return
		}
		// Folded by ef fold before, another way; both sets of
		// checkpoints are now searched and recalled.
		fix := fmt.Sprintf("to keep only this one, remove the session and fold again: ef store delete %s --session %s", shellQuote(storeDir), shellQuote(acc.SessionID))
		if other > 0 || slices.ContainsFunc(acc.LogFolds, func(f foldLogFold) bool { return f.Archive == "found" && !foldMinted(f.CheckpointID) }) {
			// The store holds the plugin's checkpoints of the session
			// too (with their state snapshots); deleting the session
			// would drop them, and a re-fold archives only the spans.
			shown := minted[:min(len(minted), 3)]
			more := ""
			if len(minted) > len(shown) {
				more = fmt.Sprintf(" and %d more", len(minted)-len(shown))
			}
			fix = fmt.Sprintf("ef store delete would remove the DSH plugin's checkpoints of the session too, so to drop only the earlier ef fold's (%s%s), run ef store gc %s --referenced FILE --grace 0 with FILE listing every checkpoint of the store to keep",
				strings.Join(shown, ", "), more, shellQuote(storeDir))
		}
		fmt.Fprintf(stderr, "ef fold: warning: %s already held %s of session %q that an earlier ef fold wrote and this fold did not write or find again: the session was folded there before with other flags (--window, --mode), when its log was shorter or different, or by another ef build. Search and recall now find the messages of both folds; %s\n",
			storeDir, count(byFold, "checkpoint"), acc.SessionID, fix)
		return
	}
	fmt.Fprintf(stderr, "ef fold: warning: %s already held %s of session %q that this fold did not write or find again. The session is named by a digest of its first messages (the file records no session id), so either another trajectory that opens the same way was folded there before and the two are now filed as one session, or this one was folded before when it was longer, or with other flags or another ef build. To keep trajectories apart, fold each with its own --session NAME (ef store delete %s --session %s removes what is filed together)\n",
		storeDir, count(n, "checkpoint"), acc.SessionID, shellQuote(storeDir), shellQuote(acc.SessionID))
}

// foldStoreFS is the filesystem ef fold's bundle store writes through: nil,
// the operating system's, except in tests that inject a fault a root user
// cannot meet on real files (a directory it may not write).
var foldStoreFS bundle.FS

// foldPassed returns the ids of the checkpoints of prior (what the store
// held of the session before this fold) that the run can say it did not
// write or find again: all of them when it ran to the end of the log
// (runErr nil). A run that stopped (a damaged bundle, a store that took no
// more) did not reach the folds after the stop, so of those it names only
// the ones stored no later than the last it found again (the stored
// checkpoints of one earlier run are in the order of its folds), and
// never one whose header cannot be read (its time is unknown; the stop
// names a damaged bundle itself).
func foldPassed(prior []bundle.Info, acc *foldAccount, runErr error) []string {
	var ids []string
	if runErr == nil {
		for _, info := range prior {
			ids = append(ids, info.CheckpointID)
		}
		return ids
	}
	// Stored in that order: by creation time, then (for folds stored
	// within one millisecond) by the file's modification time.
	later := func(a, b bundle.Info) bool {
		return a.CreatedAt > b.CreatedAt || a.CreatedAt == b.CreatedAt && a.ModTime.After(b.ModTime)
	}
	var reached *bundle.Info
	for i, info := range prior {
		if info.Err == nil && acc.checkpoints[info.CheckpointID] && (reached == nil || later(info, *reached)) {
			reached = &prior[i]
		}
	}
	if reached == nil {
		return nil
	}
	for _, info := range prior {
		if info.Err == nil && !later(info, *reached) {
			ids = append(ids, info.CheckpointID)
		}
	}
	return ids
}

// foldOutName names --out in messages: its path, stdout for "-", or no
// new log for none (--mode archive without --out).
func foldOutName(out string) string {
	switch out {
	case "-":
		return "stdout"
	case "":
		return "no new log"
	}
	return out
}

// foldCheckOut refuses an --out that exists or whose directory does not.
func foldCheckOut(out string) error {
	if _, err := os.Lstat(out); err == nil {
		return fmt.Errorf("--out %s exists: ef fold never overwrites a log (remove it or choose another path)", out)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("--out %s: %w", out, err)
	}
	return checkDir("--out "+out, filepath.Dir(out))
}

// pathWithin reports whether path p is dir or lies under it, symbolic
// links resolved as far as they exist (p itself need not exist).
func pathWithin(p, dir string) bool {
	resolve := func(q string) string {
		q, err := filepath.Abs(q)
		if err != nil {
			return filepath.Clean(q)
		}
		// the longest existing prefix, links resolved, then the rest
		rest := ""
		for d := q; ; {
			if r, err := filepath.EvalSymlinks(d); err == nil {
				return filepath.Join(r, rest)
			}
			parent := filepath.Dir(d)
			if parent == d {
				return q
			}
			rest = filepath.Join(filepath.Base(d), rest)
			d = parent
		}
	}
	rel, err := filepath.Rel(resolve(dir), resolve(p))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// foldCompression picks the log compression from the --out name (the temp
// file the log is first written to has another name).
func foldCompression(out string) hostshim.Compression {
	if strings.HasSuffix(out, ".zstd") || strings.HasSuffix(out, ".zst") {
		return hostshim.CompressionZstd
	}
	return hostshim.CompressionNone
}

// foldReplay appends the events of r (the log at path) to a new session
// one by one, running the engine at each pre-step point (before every
// step/start, as the host's agent/pre-step listener does; before every
// assistant message in logs without step events) after the log's own last
// replacement, and archiving the log's own folds as it appends them
// (fold_logfolds.go). Seqs shift by the events the folds insert; every
// later seq reference (sourceEventSeqs, replacement spans) is remapped.
//
// The replay streams: the log is read twice (foldScan first), never held
// whole; the new log is written as the session grows
// (foldOut) and the session releases what was written and is no longer
// needed. So the work is linear in the events read and memory follows the
// surface, not the length of the log. Each node is priced once, when it is
// appended (Session.Price), for the totals and for every later plan.
//
// An out of "-" writes the new log to stdout once it is complete (foldOut).
func foldReplay(ctx context.Context, eng *engine.Engine, r *foldInput, path, out string, stdout io.Writer, mode string, window int, lenient bool, session string, named func(*foldInput), acc *foldAccount, ids *foldIDs, logFolds *logFoldArchiver, stderr io.Writer) (*foldOut, *hostshim.Session, error) {
	if session != "" && session != r.id {
		// The new log carries the id its checkpoints are filed under, so
		// ef state and ef recall find them from it.
		r.id = session
		if r.header.Raw != nil || r.header.ID != "" {
			r.header.ID, r.header.Raw = session, nil
		}
	}
	named(r)
	s := hostshim.NewSession(r.id, r.gen)
	s.Header = r.header
	s.Lenient = lenient
	acc.SessionID = s.ID
	ids.session(s.ID)
	shown := cmp.Or(acc.Log, path) // the log as the command line named it, not a piped log's copy
	warnPlaceholderID(stderr, "fold", shown, s.ID)
	o, err := newFoldOut(out, stdout, s, eng)
	if err != nil {
		return nil, nil, err
	}
	ok := false
	defer func() {
		if !ok {
			o.abort()
		}
	}()
	host, real := hostshim.Meter(hostshim.HeuristicMeter{}), eng.TokenMeter()
	in := &inputSurface{}
	var remap []int
	fold := (mode == "auto" || mode == "leaf") && window > 0
	if fold && r.lastReplace >= 0 {
		fmt.Fprintf(stderr, "ef fold: note: %s already holds %s of its own (compactions, pruned tool results); they are replayed as they are and their spans archived, and EF folds only after the last of them (event %d)\n",
			shown, count(r.replacements, "fold"), r.lastReplace)
	}
	readProgressOf(ctx).pass("")
	for i := 0; ; i++ {
		e, err := r.next()
		if err == io.EOF {
			break
		}
		readProgressOf(ctx).event()
		if err != nil {
			return nil, nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		pre := e.Type == hostshim.TypeStepStart || (!r.hasSteps && e.Type == hostshim.TypeAssistantMessage)
		if fold && pre && i > r.lastReplace {
			if err := foldPressure(ctx, eng, s, mode, acc, ids); err != nil {
				acc.EventsIn = len(remap)
				return nil, nil, err
			}
		}
		ne, err := foldShift(e, s.Len(), remap)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: event %d (%s): %w", path, i, e.Type, err)
		}
		shadowed := shadowedBy(s, ne.SurfaceOp)
		if err := s.AppendEvent(ne); err != nil {
			return nil, nil, fmt.Errorf("%s: event %d (%s): %w", path, i, e.Type, err)
		}
		remap = append(remap, ne.Seq)
		ids.read(e)
		logFolds.see(e)
		if shadowed != nil {
			// One of the log's own folds: archived before the new log
			// releases what it shadowed (foldOut.flush below).
			if err := logFolds.add(ctx, s, ne, shadowed); err != nil {
				acc.EventsIn = len(remap)
				return nil, nil, err
			}
		}
		if s.Position(ne.Seq) >= 0 {
			hp, err1 := s.Price(ne.Seq, host)
			rp, err2 := s.Price(ne.Seq, real)
			if err := errors.Join(err1, err2); err != nil {
				return nil, nil, fmt.Errorf("%s: event %d (%s): %w", path, i, e.Type, err)
			}
			in.add(e, hp, rp)
		}
		if err := o.flush(s, false); err != nil {
			acc.EventsIn = len(remap)
			return nil, nil, acc.outStopped(err, false)
		}
	}
	if t := r.truncated(); t != nil {
		fmt.Fprintf(stderr, "ef fold: %s: skipped a torn tail: %s\n", shown, t)
	}
	for _, n := range r.importNotes() {
		fmt.Fprintf(stderr, "ef fold: note: %s: %s\n", shown, n)
	}
	acc.EventsIn = len(remap)
	acc.TokensBefore, acc.RealBefore = in.totals()
	ok = true
	return o, s, nil
}

// foldInput is the event stream ef fold replays.
type foldInput struct {
	// id is the session the checkpoints are filed under: the DSH log's
	// own id, or an imported session's identity (importer.Imported.ID);
	// --session replaces it.
	id string
	// imported is an imported session's name in its file (the file's
	// base name, or FILE#ID's), the id ef builds before this one filed
	// its checkpoints under; empty for a DSH log.
	imported string
	// format is an imported session's source format (its client), empty
	// for a DSH log.
	format importer.Format
	// fromContent is set when id is a digest of an imported session's
	// opening (importer.Stream.IDFromContent).
	fromContent bool
	gen         hostshim.Generation
	header      hostshim.Header
	hasSteps    bool
	// lastReplace is the index (in the order next returns them) of the
	// last event that replaces surface nodes, the log's own compactions
	// and pruned tool results; -1 when there is none. replacements counts
	// them.
	lastReplace, replacements int
	next                      func() (hostshim.Event, error) // io.EOF at the end
	truncated                 func() *hostshim.TruncatedTail
	// stats is what the importer changed of a trajectory, once next
	// returned io.EOF (importer.Stream.Stats); nil for a DSH log.
	stats func() importer.Stats
	close func()
}

// importNotes says what the importer changed of a trajectory that the
// surface does not show: results it dropped, results it made up
// (importNotes). Nil for a DSH log.
func (in *foldInput) importNotes() []string {
	if in.stats == nil {
		return nil
	}
	return importNotes(in.stats())
}

// unrecordedPromptsNote is the note on a trajectory whose format never
// records the user's prompts (importer.Stats.UnrecordedPrompts): ef fold
// and ef state print it as a note, ef inspect among its notes, not its
// warnings.
const unrecordedPromptsNote = "this format does not record the user's prompts (codex exec --json takes the prompt as its argument and never prints it), so the session has no user message: no objective, rule or value the user stated unless the agent's messages or the files it read repeat them (an objective the agent restates from the prompt is the agent's reading)"

// importNotes words what the importer changed of a trajectory (its Stats)
// that the surface does not show.
func importNotes(st importer.Stats) []string {
	var out []string
	if st.Guess != "" {
		out = append(out, st.Guess)
	}
	if st.IDRewritten != "" {
		out = append(out, st.IDRewritten)
	}
	if st.Orphans > 0 {
		out = append(out, fmt.Sprintf("%s with no call dropped (recorded twice, or their call is missing)", count(st.Orphans, "tool result")))
	}
	if st.Unpaired > 0 {
		out = append(out, fmt.Sprintf("%s without a recorded result answered by a synthetic error result (\"no result recorded\")%s", count(st.Unpaired, "tool call"), unpairedNamed(st)))
	}
	if st.Abandoned > 0 {
		out = append(out, fmt.Sprintf("%s of dead-end branches left out (turns a /rewind, an edited prompt or a retry replaced)", count(st.Abandoned, "record")))
	}
	if st.UnrecordedPrompts {
		out = append(out, unrecordedPromptsNote)
	}
	if st.OtherRoles > 0 {
		out = append(out, fmt.Sprintf("%s with a role the format does not have: each kept as a user message that opens with its role in brackets", count(st.OtherRoles, "message")))
	}
	if n := compactionNote(st); n != "" {
		out = append(out, n)
	}
	if st.Skipped > 0 && st.Guess == "" {
		// docs/formats.md says these records are skipped and counted (a
		// format read by its shape says it in its guess)
		out = append(out, skippedNote(st.Skipped))
	}
	if st.RenamedIDs > 0 {
		out = append(out, fmt.Sprintf("%s used again later in the file (appended runs that start their ids anew, or a client that reuses them): each later use renamed with a suffix (id~1, id~2, …)", count(st.RenamedIDs, "call id")))
	}
	return out
}

// skippedNoteTail ends the note on the records of a trajectory the
// importer skipped (importer.Stats.Skipped).
const skippedNoteTail = " of the file skipped: the client's bookkeeping, never sent to the model (telemetry, titles, status lines, sub-agent records, empty messages: docs/formats.md says which, by format)"

// skippedNote says how many records of the file the importer skipped.
func skippedNote(n int) string { return count(n, "record") + skippedNoteTail }

// isSkippedNote reports whether import note n is skippedNote's.
func isSkippedNote(n string) bool { return strings.HasSuffix(n, skippedNoteTail) }

// unpairedNamed names the calls importNotes counts as unpaired, as far as
// the importer named them: ": execute_command at seq 12, read_file at seq
// 30" (and "…" when it named fewer than there are).
func unpairedNamed(st importer.Stats) string {
	if len(st.UnpairedCalls) == 0 {
		return ""
	}
	names := make([]string, len(st.UnpairedCalls))
	for i, c := range st.UnpairedCalls {
		names[i] = fmt.Sprintf("%s at seq %d", c.Name, c.Seq)
	}
	s := ": " + strings.Join(names, ", ")
	if st.Unpaired > len(st.UnpairedCalls) {
		s += ", …"
	}
	return s
}

// openFoldInput opens a DSH session log as a stream (read once ahead for
// step events, then event by event), or a trajectory of another format
// the importer knows as a stream of the DSH session it converts to
// (importer.Open: JSONL formats are read line by line, never whole).
func openFoldInput(ctx context.Context, path string, lenient bool) (*foldInput, error) {
	if in, err := openImportInput(ctx, path, lenient); in != nil || err != nil {
		return in, err
	}
	sc, err := foldScan(ctx, path, lenient)
	if err != nil {
		return nil, err
	}
	r, err := hostshim.OpenLog(path, hostshim.LogOptions{Lenient: lenient})
	if err != nil {
		return nil, err
	}
	return &foldInput{id: r.Header().ID, gen: r.Generation(), header: r.Header(), hasSteps: sc.hasSteps,
		lastReplace: sc.lastReplace, replacements: sc.replacements,
		next: r.Next, truncated: r.Truncated, close: func() { r.Close() }}, nil
}

// openImportInput opens the file at path, unless hostshim's reader opens
// it as a DSH session log (then nil, nil), as the event stream of the
// session the importer converts it to: a trajectory of another format, or
// FILE#ID.
func openImportInput(ctx context.Context, path string, lenient bool) (*foldInput, error) {
	r, err := hostshim.OpenLog(path, hostshim.LogOptions{Lenient: lenient})
	if err == nil {
		r.Close()
		return nil, nil
	}
	if _, _, sel := splitSessionRef(path); !sel && !errors.Is(err, hostshim.ErrLogHeader) {
		return nil, err
	}
	return openFoldImport(ctx, path, lenient, err)
}

// openFoldImport opens a trajectory of another format (or FILE#ID, one
// session of a file holding several); dshErr is why it is no DSH log.
func openFoldImport(ctx context.Context, path string, lenient bool, dshErr error) (*foldInput, error) {
	file, name, sel := splitSessionRef(path)
	if !sel {
		file = path
		if err := importable(path, dshErr); err != nil {
			return nil, err
		}
	}
	last, replacements, err := importReplacements(ctx, file, name)
	if err != nil {
		return nil, err
	}
	st, err := importer.OpenContext(ctx, file, name)
	if err != nil {
		return nil, err
	}
	if st.Format == importer.FormatDSH {
		// A DSH log hostshim's reader refused as a stream (importer.Open
		// read it whole); fold it as the importer read it.
		st.Close()
		src, torn, err := readSession(ctx, path, lenient)
		if err != nil {
			return nil, err
		}
		return sessionInput(src, torn), nil
	}
	// Every imported session is Gen01 and opens its turns with
	// step/start (hostshim.Turns).
	return &foldInput{id: st.ID, fromContent: st.IDFromContent, gen: hostshim.Gen01, hasSteps: true, imported: st.Name, format: st.Format,
		lastReplace: last, replacements: replacements,
		next: st.Next, truncated: st.Torn, stats: st.Stats, close: st.Close}, nil
}

// importReplacements reads the session the importer converts file (or its
// session name) to once, before the replay, for the index of its last
// replacement (-1: none) and their number: a compaction the client made
// itself replaces the surface before it (importer/clientcompact.go), and
// ef fold folds only after the last one, as after a DSH log's own
// (fold_logfolds.go). A session the importer refuses is said by the
// replay's own open.
func importReplacements(ctx context.Context, file, name string) (last, n int, err error) {
	last = -1
	st, err := importer.OpenContext(ctx, file, name)
	if err != nil {
		return last, 0, ctx.Err()
	}
	defer st.Close()
	readProgressOf(ctx).pass("reading ahead")
	for i := 0; ; i++ {
		e, err := st.Next()
		if err == io.EOF {
			return last, n, nil
		}
		readProgressOf(ctx).event()
		if err != nil {
			return -1, 0, ctx.Err()
		}
		if e.SurfaceOp != nil && e.SurfaceOp.Replace {
			last = i
			n++
		}
	}
}

// sessionInput is the event stream of a session held whole.
func sessionInput(src *hostshim.Session, torn *hostshim.TruncatedTail) *foldInput {
	evs := src.Events()
	in := &foldInput{id: src.ID, gen: src.Gen, header: src.Header, close: func() {}, lastReplace: -1,
		truncated: func() *hostshim.TruncatedTail { return torn }}
	for i, e := range evs {
		in.hasSteps = in.hasSteps || e.Type == hostshim.TypeStepStart
		if e.SurfaceOp != nil && e.SurfaceOp.Replace {
			in.lastReplace = i
			in.replacements++
		}
	}
	i := 0
	in.next = func() (hostshim.Event, error) {
		if i >= len(evs) {
			return hostshim.Event{}, io.EOF
		}
		i++
		return evs[i-1], nil
	}
	return in
}

// foldScanned is what foldScan read of a log before the replay.
type foldScanned struct {
	hasSteps bool // a step/start event
	// lastReplace is the index of the last event that replaces surface
	// nodes (-1: none); replacements counts them.
	lastReplace, replacements int
}

// foldScan reads the whole log once before the replay: whether it has
// step events, where its last replacement is (ef fold folds only after
// it: fold_logfolds.go), and whether every event reads and refers only to
// events before it. A log that fails there fails before anything is
// written; read in the replay, it failed after the folds before it had
// written their bundles, which a run with other flags (that cannot get
// past the same event either) then wrote again under other ids.
func foldScan(ctx context.Context, path string, lenient bool) (foldScanned, error) {
	sc := foldScanned{lastReplace: -1}
	r, err := hostshim.OpenLog(path, hostshim.LogOptions{Lenient: lenient})
	if err != nil {
		return sc, err
	}
	defer r.Close()
	readProgressOf(ctx).pass("reading ahead")
	for i := 0; ; i++ {
		e, err := r.Next()
		if err == io.EOF {
			return sc, nil
		}
		readProgressOf(ctx).event()
		if err != nil {
			return sc, err
		}
		if err := ctx.Err(); err != nil {
			return sc, err
		}
		sc.hasSteps = sc.hasSteps || e.Type == hostshim.TypeStepStart
		refs := e.SourceEventSeqs
		if op := e.SurfaceOp; op != nil && op.Replace {
			sc.lastReplace = i
			sc.replacements++
			refs = append(slices.Clip(refs), op.Start, op.End)
		}
		for _, ref := range refs {
			if ref < 0 || ref >= e.Seq {
				return sc, fmt.Errorf("%s: event %d (%s, seq %d): it refers to seq %d, which is not an event before it", path, i, e.Type, e.Seq, ref)
			}
		}
	}
}

// inputSurface follows the input log's own surface (its nodes, by input
// seq, with their host and real prices) while the replay appends it, for
// the "before" totals; the session itself holds the folded surface. Only
// a replacement in the input log looks nodes up, by a scan: the log's own
// compactions are rare, and an index by seq would cost memory per node.
type inputSurface struct {
	nodes []inputNode
}

type inputNode struct{ seq, host, real int }

// add records input event e, which became a surface node when appended.
func (in *inputSurface) add(e hostshim.Event, host, real int) {
	n := inputNode{seq: e.Seq, host: host, real: real}
	if op := e.SurfaceOp; op != nil && op.Replace {
		a, okA := in.find(op.Start)
		b, okB := in.find(op.End)
		if okA && okB && a <= b {
			in.nodes = slices.Replace(in.nodes, a, b+1, n)
			return
		}
	}
	in.nodes = append(in.nodes, n)
}

// find returns the index of the node with seq.
func (in *inputSurface) find(seq int) (int, bool) {
	i := slices.IndexFunc(in.nodes, func(n inputNode) bool { return n.seq == seq })
	return i, i >= 0
}

func (in *inputSurface) totals() (host, real int) {
	for _, n := range in.nodes {
		host += n.host
		real += n.real
	}
	return host, real
}

// foldOutBatchBytes is how much of the new log is held before it is
// written (and, in zstd mode, about the size of its frames).
const foldOutBatchBytes = 256 << 10

// foldOut writes the new log while the replay runs: events go to a
// temporary file beside the output in batches, after which the session
// releases them (Session.Release); finish publishes the complete file
// (atomicfile), so the output appears whole or not at all. For an output
// of "-" the temporary file is in a private temporary directory and
// finish copies it to stdout: a fold that stops or fails writes nothing
// there, as it creates no file.
type foldOut struct {
	eng     *engine.Engine
	w       *hostshim.LogWriter
	tmp     string
	path    string
	stdout  io.Writer // where finish copies the log when path is "-"
	written int       // seq of the first event not written
	counted int       // seq of the first event whose size is not in pending
	pending int       // approximate bytes of events appended but not written
	// projected is the engine's ProjectedThrough at the last Release.
	projected int
	done      bool
	release   func() // drops the hold on tmp
}

func newFoldOut(path string, stdout io.Writer, s *hostshim.Session, eng *engine.Engine) (*foldOut, error) {
	if path == "-" {
		dir, err := os.MkdirTemp("", "ef-fold-") // 0700
		if err != nil {
			return nil, fmt.Errorf("temporary directory for the new log: %w", err)
		}
		tmp := filepath.Join(dir, "folded.jsonl")
		w, err := hostshim.CreateSessionLog(tmp, s, hostshim.LogOptions{Compression: hostshim.CompressionNone})
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		return &foldOut{eng: eng, w: w, tmp: tmp, path: path, stdout: stdout, projected: -1, release: func() { os.RemoveAll(dir) }}, nil
	}
	tmp, err := atomicfile.TempPath(path)
	if err != nil {
		return nil, err
	}
	w, err := hostshim.CreateSessionLog(tmp, s, hostshim.LogOptions{Compression: foldCompression(path)})
	if err != nil {
		return nil, err
	}
	// Held while this process writes it, so a later fold to the same path
	// removes it only if this one was killed (atomicfile.RemoveStale).
	release, err := atomicfile.Hold(tmp)
	if err != nil {
		release = func() {}
	}
	return &foldOut{eng: eng, w: w, tmp: tmp, path: path, projected: -1, release: release}, nil
}

// flush writes the events appended since the last write once they add up
// to a batch (or now, with force), then lets the session release them.
func (o *foldOut) flush(s *hostshim.Session, force bool) error {
	// The session holds the events from Base() on; Base() never passes
	// written (see below), so every event not yet written is there.
	evs, base := s.Events(), s.Base()
	for ; o.counted < s.Len(); o.counted++ {
		o.pending += len(evs[o.counted-base].Data) + 64
	}
	if o.written == s.Len() || (!force && o.pending < foldOutBatchBytes) {
		// No batch to write, but a fold since the last release (the
		// projection moved) may have taken written events off the
		// surface: release them now. Waiting for the next batch kept a
		// huge tool output that a fold had archived for as long as the
		// rest of the log took to add up to a batch (to its end, when
		// little followed), beside the next huge message.
		if o.eng.ProjectedThrough(s) != o.projected {
			o.releaseWritten(s)
		}
		return nil
	}
	if err := o.w.Append(evs[o.written-base:]...); err != nil {
		return err
	}
	o.written, o.pending = s.Len(), 0
	o.releaseWritten(s)
	return nil
}

// releaseWritten lets the session release what is written and what the
// engine's projection has already reduced: a fold reduces the messages
// after that point from the session. Release drops payload and envelope
// (about a byte per event stays), where Forget kept an envelope of ~200
// bytes per event for good, memory that grew with the log. The check
// vouches for every replacement: what Release drops below the written
// mark is in the new log already, and nothing in a forward replay reads a
// node that a fold took off the surface again.
func (o *foldOut) releaseWritten(s *hostshim.Session) {
	o.projected = o.eng.ProjectedThrough(s)
	s.Release(min(o.written, o.projected+1), foldWritten)
}

// foldWritten is ef fold's Release check (see foldOut.flush).
func foldWritten(hostshim.Event, []int) bool { return true }

// finish writes the rest, syncs and closes the file and publishes it at
// the output path, which must not exist.
func (o *foldOut) finish(s *hostshim.Session) error {
	if err := o.flush(s, true); err != nil {
		return err
	}
	if err := o.w.Close(); err != nil {
		return err
	}
	if o.path == "-" {
		return o.copyOut()
	}
	// Crash-atomic: the new log is complete or absent, never a torn
	// prefix that would read as a shorter valid session.
	err := atomicfile.Publish(o.path, false, func(tmp string) error { return os.Rename(o.tmp, tmp) })
	if err != nil {
		return err
	}
	o.done = true
	o.release()
	return nil
}

// copyOut copies the finished log to stdout and removes its temporary
// directory.
func (o *foldOut) copyOut() error {
	f, err := os.Open(o.tmp)
	if err != nil {
		return err
	}
	_, err = io.Copy(o.stdout, f)
	f.Close()
	o.done = true
	o.release()
	return err
}

// abort removes the temporary file unless finish succeeded. It is
// idempotent.
func (o *foldOut) abort() {
	if o.done {
		return
	}
	o.done = true
	o.w.Close()
	_ = os.Remove(o.tmp)
	o.release()
}

// foldShift gives e the seq next and maps its seq references through
// remap, which places the log's events before e. An event that has not
// moved is kept as read (a packed chunk row stays one row).
func foldShift(e hostshim.Event, next int, remap []int) (hostshim.Event, error) {
	if e.Seq == next {
		return e, nil
	}
	placed := remap[:min(max(e.Seq, 0), len(remap))]
	ne, err := e.Renumber(next, func(old int) (int, bool) {
		if old < 0 || old >= len(placed) {
			return 0, false
		}
		return placed[old], true
	})
	if err != nil {
		return ne, err
	}
	if len(ne.SourceEventSeqs) != len(e.SourceEventSeqs) {
		return ne, fmt.Errorf("sourceEventSeqs %v: a reference to an event not before it", e.SourceEventSeqs)
	}
	return ne, nil
}

// foldPressure runs the automatic listeners' work at a pre-step point:
// pressure leaf folds, and in auto mode an emergency fold when the surface
// exceeds the window by the real tokenizer (a provider overflow). A fold
// that failed is counted and the replay goes on, except when the store can
// take no more bundles or holds the fold's checkpoint in a bundle it cannot
// read (a *foldStopped error, see foldFull and foldDamaged). Each fold
// that commits is added to ids: the ids of the folds after it follow the
// surface it left.
func foldPressure(ctx context.Context, eng *engine.Engine, s *hostshim.Session, mode string, acc *foldAccount, ids *foldIDs) error {
	agent := &hostshim.Agent{Session: s}
	for i := 0; i < eng.Policy().MaxLeafFolds; i++ {
		rep, res, err := eng.Fold(ctx, agent, engine.FoldRequest{Mode: engine.ModeLeaf, Trigger: "pressure", Pressure: true,
			Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface, Threshold: true})
		if rep.Skipped != "" && res == nil && err == nil {
			if rep.MinGain > 0 && rep.Plan != nil && acc.newGainSkip(rep) {
				// A planned fold that would save less than it costs:
				// said once, not at every step it stays so.
				if err := acc.record(rep, nil); err != nil {
					return err
				}
			}
			break
		}
		if err == nil && res != nil {
			ids.folded(rep.CheckpointID)
			acc.lastGainSkip = ""
		}
		if err := acc.record(rep, err); err != nil {
			return err
		}
		if err != nil || res == nil {
			break
		}
	}
	if mode != "auto" {
		return nil
	}
	_, real, err := foldTotals(s, eng.TokenMeter())
	if err != nil || real <= eng.Policy().ContextWindow {
		return nil
	}
	rep, res, err := eng.Fold(ctx, agent, engine.FoldRequest{Mode: engine.ModeEmergency, Trigger: string(hostshim.TriggerOverflow),
		Owner: hostshim.OwnerCurrentTurn, Stability: hostshim.WholeSurface})
	if err == nil && res != nil {
		ids.folded(rep.CheckpointID)
	}
	if rep.Skipped == "" || err != nil {
		return acc.record(rep, err)
	}
	return nil
}

// foldFinal runs the end-of-log fold of the leaf (without a window), root
// and emergency modes, on the path the log's state allows: automatic
// inside an open turn, manual otherwise.
func foldFinal(ctx context.Context, eng *engine.Engine, s *hostshim.Session, m engine.Mode, mode string, window, budget int, acc *foldAccount) error {
	if mode == "auto" || mode == "archive" || (mode == "leaf" && window > 0) {
		return nil
	}
	st, err := hostshim.InspectEntryState(s)
	if err != nil {
		return err
	}
	req := engine.FoldRequest{Mode: m, Trigger: "cli", Owner: hostshim.OwnerManual, Stability: hostshim.SelectedSpan, Budget: budget}
	if st.OpenTurn != nil {
		req.Owner, req.Stability = hostshim.OwnerCurrentTurn, hostshim.WholeSurface
	}
	rep, _, err := eng.Fold(ctx, &hostshim.Agent{Session: s}, req)
	if serr := acc.record(rep, err); serr != nil {
		return serr
	}
	var be error
	if errors.Is(err, engine.ErrBudget) || errors.Is(err, engine.ErrNoBudget) {
		be = err
	}
	return be
}

func foldTotals(s *hostshim.Session, tok hostshim.Meter) (host, real int, err error) {
	// Node prices are cached in the session (Session.Price): each node is
	// tokenized once however often the totals are asked for.
	for _, n := range s.Nodes() {
		h, err := s.Price(n, hostshim.HeuristicMeter{})
		if err != nil {
			return 0, 0, err
		}
		r, err := s.Price(n, tok)
		if err != nil {
			return 0, 0, err
		}
		host += h
		real += r
	}
	return host, real, nil
}
