package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/epistemicfold/ef/internal/clip"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/store"
)

// RunSearch implements `ef search [--store <dir> | --project <dir> |
// --all-projects] [--session <id>] <query>`: context_search over a bundle
// store (by default the working directory's project's, defaultStore), from
// the command line. It
// searches the store's index (<store>/.recall): read-only when it is
// current with the bundles, else brought up to date first; when it is
// behind and cannot be written (a running writer holds it, the directory
// is not writable), a temporary index built from the bundles, once per
// process (slower, same answers). stderr says which when it is not the
// ordinary case (searchOpenIndex).
func RunSearch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("search", "search [--store <dir> | --project <dir> | --all-projects] [--session <id>] [--limit N] [--json] <query>", stderr,
		`query: words (messages holding all of them first; when none does, those holding the most, each hit saying which it lacks;`,
		`common words such as "the" or "what" only rank), "exact phrase" (required), prefix*, Chinese text, file paths, tool names,`,
		`checkpoint ids. A source that states the words ranks above checkpoint summaries and questions; copies show once.`,
		"Without --store, --project or --all-projects it searches the default store of the working directory's project",
		"(the one the DSH plugin fills and ef mcp serves there), and says so on stderr; it creates no store.")
	sf := addStoreFlags(fs, "bundle store directory (default: the working directory's project's store)")
	session := fs.String("session", "", "search this session only (default: every session of the store)")
	allProjects := fs.Bool("all-projects", false, "search every project's default store under the user's data directory (instead of --store)")
	limit := fs.Int("limit", recall.DefaultSearchLimit, fmt.Sprintf("most hits to show (1 to %d)", recall.MaxSearchLimit))
	budget := fs.Int("budget", 0, budgetUsage())
	asJSON := fs.Bool("json", false, "print the result as JSON")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *allProjects && (*sf.store != "" || *session != "" || *sf.project != "") {
		return usageError("--all-projects excludes --store, --session and --project")
	}
	storeDir, err := sf.named()
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError("want a query")
	}
	if err := checkBudget(*budget); err != nil {
		return err
	}
	// The library reads a zero limit as "the default"; on the command
	// line a 0 was typed, so it is refused rather than silently widened.
	if *limit < 1 || *limit > recall.MaxSearchLimit {
		return usageError("--limit must be 1 to %d, got %d", recall.MaxSearchLimit, *limit)
	}
	if storeDir == "" && !*allProjects {
		if storeDir, err = defaultStore("search", stderr, ", or --all-projects"); err != nil {
			return err
		}
	}
	req := recall.SearchRequest{Query: strings.Join(pos, " "), Limit: *limit, Budget: *budget, Scope: recall.ScopeProject}
	if *session != "" {
		req.Scope, req.SessionID = recall.ScopeSession, *session
	}
	if *allProjects {
		return searchAllProjects(ctx, req, *limit, *asJSON, stdout, stderr)
	}
	st, err := searchOpenStore(storeDir, true)
	if err != nil {
		return err
	}
	defer st.Close()
	idx, cleanup, err := searchOpenIndex(ctx, "search", st, stderr)
	if err != nil {
		return err
	}
	defer cleanup()
	if *session != "" {
		// A session the store has never seen is a mistake to report, not
		// an empty answer.
		sessions, err := st.Source().Sessions(ctx)
		if err != nil {
			return err
		}
		if !slices.Contains(sessions, *session) {
			return fmt.Errorf("session %q has no folded history in %s (%s there; search without --session to cover them all)", *session, storeDir, count(len(sessions), "session"))
		}
	}
	res, err := idx.Search(ctx, req)
	if err != nil {
		if searchIsRequestError(err) {
			return usageError("%v", err)
		}
		return err
	}
	if *asJSON {
		// The JSON keeps the tool-call form (what a model or script sends).
		return writeJSON(stdout, res)
	}
	_, err = io.WriteString(stdout, cliSearchText(recall.RenderSearch(res), storeDir, *session, *limit))
	return err
}

// cliSearchText turns the model-facing hints of a rendered search into the
// command lines a person types. A search of one session (session) prints
// refs without @session, so reading one names the session.
func cliSearchText(text, storeDir, session string, limit int) string {
	if limit <= 0 {
		limit = recall.DefaultSearchLimit
	}
	text = strings.Replace(text, `repeat with a larger "limit" (at most`, "repeat with a larger --limit than "+strconv.Itoa(limit)+" (at most", 1)
	text = strings.Replace(text, `scope "project" (every session of this project)`, "a search without --session (every session of the store)", 1)
	text = strings.Replace(text, "; "+recall.ToolRecall+" reads a message whole.", "; ef recall reads a message whole.", 1)
	text = strings.ReplaceAll(text, " ef store verify lists the damaged bundles.]", " ef store verify "+shellQuote(storeDir)+" lists the damaged bundles.]")
	if i := strings.LastIndex(text, "To read a hit: context_recall"); i >= 0 {
		flags := "--store " + shellQuote(storeDir)
		if session != "" {
			flags += " --session " + shellQuote(session)
		}
		text = text[:i] + fmt.Sprintf("To read a hit: ef recall %s <ref>   (add --depth detail or --depth exact for the archived messages)\n", flags)
	}
	return text
}

// cliRecallNext is the command line for the next page of a recall.
func cliRecallNext(storeDir, session string, next *recall.RecallRequest) string {
	parts := []string{"ef recall --store", shellQuote(storeDir)}
	if next.SessionID != "" {
		session = next.SessionID
	}
	if session != "" {
		parts = append(parts, "--session", shellQuote(session))
	}
	if next.Depth != "" {
		parts = append(parts, "--depth", string(next.Depth))
	}
	parts = append(parts, "--offset", strconv.Itoa(next.Offset))
	if next.Limit > 0 {
		parts = append(parts, "--limit", strconv.Itoa(next.Limit))
	}
	if next.Budget > 0 {
		parts = append(parts, "--budget", strconv.Itoa(next.Budget))
	}
	return strings.Join(append(parts, shellQuote(next.Ref)), " ")
}

// shellQuote prints s as is when a shell reads it unchanged, else in
// single quotes.
func shellQuote(s string) string {
	safe := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:@#%+=,", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// RunRecall implements `ef recall [--store <dir> | --project <dir> |
// --all-projects] --session <id> <ref>`: context_recall from the command
// line (by default over the working directory's project's store). It reads the bundles directly (no
// index needed). An unavailable checkpoint prints its reason and fails.
func RunRecall(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("recall", "recall [--store <dir> | --project <dir> | --all-projects] [--session <id>] <ref> [--depth summary|detail|exact] [--offset N] [--limit N] [--json]", stderr,
		"ref: a checkpoint id (ef-0c5e2a71-9d3b-8f46-a1c8-5b7e3d9f2a64), a message (ef-0c5e2a71-9d3b-8f46-a1c8-5b7e3d9f2a64#12), or a ref printed by ef search",
		"Without --store, --project or --all-projects it reads the default store of the working directory's project",
		"(the one the DSH plugin fills and ef mcp serves there), and says so on stderr; it creates no store.")
	sf := addStoreFlags(fs, "bundle store directory (default: the working directory's project's store)")
	session := fs.String("session", "", "session of the ref (required unless the ref ends in @<session>)")
	allProjects := fs.Bool("all-projects", false, "find the ref's checkpoint in every project's default store under the user's data directory (instead of --store)")
	depth := fs.String("depth", "", "summary, detail or exact (default: summary for a checkpoint, exact for a message ref)")
	offset := fs.Int("offset", 0, "first line (summary) or message index (detail, exact)")
	limit := fs.Int("limit", 0, fmt.Sprintf("most lines or messages (0 means the depth's default, at most %d)", recall.MaxRecallLimit))
	budget := fs.Int("budget", 0, budgetUsage())
	asJSON := fs.Bool("json", false, "print the result as JSON (an exact message is a string holding its exact bytes; one whose bytes are not valid UTF-8, which a JSON string cannot hold, has rawNotUTF8 set and its exact bytes in rawBase64)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *allProjects && (*sf.store != "" || *sf.project != "") {
		return usageError("--all-projects excludes --store and --project")
	}
	storeDir, err := sf.named()
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError("want exactly one ref, got %d arguments", len(pos))
	}
	if r, perr := recall.ParseRef(pos[0]); perr == nil && r.SessionID != "" && *session != "" && r.SessionID != *session {
		// --session is the ref's session: one that contradicts the ref's
		// own @session is a mistake, not a default the ref overrides.
		return usageError("ref %q names session %q, --session %q: give one (or the same)", clip.Runes(pos[0], 80), r.SessionID, *session)
	}
	if *allProjects {
		dir, err := storeOfRef(ctx, pos[0], *session)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "ef recall: %s holds the checkpoint\n", dir)
		storeDir = dir
	}
	if err := checkBudget(*budget); err != nil {
		return err
	}
	if storeDir == "" {
		if storeDir, err = defaultStore("recall", stderr, ", or --all-projects"); err != nil {
			return err
		}
	}
	st, err := searchOpenStore(storeDir, false)
	if err != nil {
		return err
	}
	defer st.Close()
	req := recall.RecallRequest{Ref: pos[0], Depth: recall.Depth(*depth), Offset: *offset, Limit: *limit, SessionID: *session, Budget: *budget}
	if r, perr := recall.ParseRef(req.Ref); perr == nil && r.SessionID == "" && req.SessionID == "" {
		// recall's own wording is the model's ("call from a session");
		// on the command line the session comes from the ref or a flag.
		return usageError("ref %q names no session: add @<session> to it (refs ef search prints without --session carry one) or pass --session ID%s", clip.Runes(req.Ref, 80), storeSessions(ctx, st))
	}
	res, err := recall.Recall(ctx, st.Source(), req, recall.Options{})
	if err != nil {
		if searchIsRequestError(err) {
			return usageError("%v", err)
		}
		return err
	}
	if *asJSON {
		err = writeJSON(stdout, res)
	} else {
		text := recall.RenderRecall(res)
		if res.Next != nil {
			// The last line names the next page as a tool call; a person
			// gets the command line.
			body := strings.TrimSuffix(text, "\n")
			if i := strings.LastIndex(body, "\n"); i >= 0 && strings.Contains(body[i:], "Next page: ") {
				last := body[i+1:]
				last = last[:strings.Index(last, "Next page: ")] + "Next page: " + cliRecallNext(storeDir, *session, res.Next) + "]"
				text = body[:i+1] + last + "\n"
			}
		}
		_, err = io.WriteString(stdout, text)
	}
	if err != nil {
		return err
	}
	if res.Status != recall.StatusOK {
		return fmt.Errorf("checkpoint %s unavailable: %s", res.CheckpointID, res.Reason)
	}
	return nil
}

// searchOpenStore opens a bundle store read-only: without its writer lock,
// so the command works next to a running engine. The index, a cache, is
// opened when withIndex, unless dir is an empty directory (no store yet:
// opening the index would create .recall in it, and a reader creates
// nothing), for which searchOpenIndex uses a temporary one.
func searchOpenStore(dir string, withIndex bool) (*store.Store, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	if err := checkLooksLikeStore(dir); err != nil {
		return nil, err
	}
	return store.Open(dir, store.Options{ReadOnly: true, NoIndex: !withIndex || storeDirEmpty(dir)})
}

// searchOpenIndex returns the index to search a store opened by
// searchOpenStore: the store's own, read-only when it is current (no
// write lock, and a store this user cannot write is searchable) or synced
// as a writer; else, when it cannot be used (a running writer holds it,
// the directory is not writable and the index is behind), a temporary one
// built from the bundles, at most once per process and store
// (tempIndexFor). What it did is said on stderr as command cmd ("search",
// "mcp") whenever it is not the ordinary case. cleanup closes nothing the
// store does not own: the temporary indexes are removed when the process
// ends (removeTempIndexes).
func searchOpenIndex(ctx context.Context, cmd string, st *store.Store, stderr io.Writer) (*recall.Index, func(), error) {
	if st.Index == nil && st.IndexErr == nil {
		// Opened without its index (searchOpenStore, openMCPRecall): an
		// empty directory, where a reader makes no .recall. Its bundles,
		// none yet, are searched in a temporary index outside it.
		idx, _, err := tempIndexFor(ctx, st.Dir)
		if err != nil {
			return nil, nil, err
		}
		fmt.Fprintf(stderr, "ef %s: %s is empty: nothing has been folded into it yet\n", cmd, st.Dir)
		return idx, func() {}, nil
	}
	err := st.IndexErr
	if st.IndexNote != "" {
		fmt.Fprintf(stderr, "ef %s: %s\n", cmd, st.IndexNote)
	}
	if idx := st.Index; idx != nil {
		if st.IndexReadOnly {
			return idx, func() {}, nil
		}
		if reason := idx.Rebuilt(); reason != "" {
			fmt.Fprintf(stderr, "ef: the store's search index was unusable (%s); rebuilding it from the bundles\n", reason)
		}
		if _, err = idx.Sync(ctx); err == nil {
			return idx, func() {}, nil
		}
		idx.Close()
		st.Index = nil
	}
	if ctx.Err() != nil {
		return nil, nil, ctx.Err()
	}
	idx, built, terr := tempIndexFor(ctx, st.Dir)
	if terr != nil {
		return nil, nil, terr
	}
	if built {
		fmt.Fprintf(stderr, "ef %s: cannot use the store's index (%v); searching a temporary index built from the bundles (once for this process)\n", cmd, err)
	} else {
		fmt.Fprintf(stderr, "ef %s: cannot use the store's index (%v); searching the temporary index this process built, brought up to date\n", cmd, err)
	}
	return idx, func() {}, nil
}

// tempIndexes are the temporary recall indexes this process built, by
// store directory: each is built once and synced on later use, over a
// read-only bundle store of its own (the caller's closes with its command).
var tempIndexes = struct {
	sync.Mutex
	m map[string]*tempIndex
}{m: map[string]*tempIndex{}}

type tempIndex struct {
	dir string // the temporary directory holding the index
	st  *store.Store
	idx *recall.Index
}

// tempIndexFor returns the temporary index of the store at storeDir,
// synced with its bundles; built reports whether this call built it.
func tempIndexFor(ctx context.Context, storeDir string) (idx *recall.Index, built bool, err error) {
	key, err := filepath.Abs(storeDir)
	if err != nil {
		return nil, false, err
	}
	tempIndexes.Lock()
	defer tempIndexes.Unlock()
	t := tempIndexes.m[key]
	if t == nil {
		st, err := store.Open(storeDir, store.Options{ReadOnly: true, NoIndex: true})
		if err != nil {
			return nil, false, err
		}
		tmp, err := os.MkdirTemp("", "ef-recall-") // 0700
		if err != nil {
			st.Close()
			return nil, false, err
		}
		ix, err := recall.Open(filepath.Join(tmp, "index"), st.Source(), recall.Options{})
		if err != nil {
			st.Close()
			os.RemoveAll(tmp)
			return nil, false, err
		}
		t, built = &tempIndex{dir: tmp, st: st, idx: ix}, true
		tempIndexes.m[key] = t
	}
	if _, err := t.idx.Sync(ctx); err != nil {
		return nil, false, err
	}
	return t.idx, built, nil
}

// removeTempIndexes closes and removes the temporary indexes this process
// built (main calls it before exiting).
func removeTempIndexes() {
	tempIndexes.Lock()
	defer tempIndexes.Unlock()
	for key, t := range tempIndexes.m {
		t.idx.Close()
		t.st.Close()
		os.RemoveAll(t.dir)
		delete(tempIndexes.m, key)
	}
}

func searchIsRequestError(err error) bool {
	for _, e := range []error{recall.ErrEmptyQuery, recall.ErrQueryTooLong, recall.ErrBadQuery, recall.ErrBadScope,
		recall.ErrBadLimit, recall.ErrBadOffset, recall.ErrBadRef, recall.ErrBadDepth, recall.ErrNoMessage, recall.ErrPastEnd} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// storeSessions lists a few of the store's sessions for an error message
// ("; sessions in this store: a, b"), or "" when it cannot.
func storeSessions(ctx context.Context, st *store.Store) string {
	ids, err := st.Bundles.Sessions(ctx)
	if err != nil || len(ids) == 0 {
		return ""
	}
	const most = 5
	more := ""
	if len(ids) > most {
		more = fmt.Sprintf(" and %d more", len(ids)-most)
		ids = ids[:most]
	}
	return "; sessions in this store: " + strings.Join(ids, ", ") + more
}

// storeOfProject sets *storeDir to the default store of the workspace
// project names (ef search --project DIR, as ef fold and ef mcp read it);
// nothing when project is "". A directory that is none, or a --store
// beside it, is a usage error; a project whose store does not exist yet
// is an error that says so (a reader creates no store).
func storeOfProject(storeDir *string, project string) error {
	if project == "" {
		return nil
	}
	if *storeDir != "" {
		return usageError("--store and --project exclude each other")
	}
	if fi, err := os.Stat(project); err != nil || !fi.IsDir() {
		return usageError("--project %s is not a directory: it names the workspace whose default store to read (every session of a store is searched without --session)", shellQuote(project))
	}
	dir, err := projectStoreDir(project)
	if err != nil {
		return err
	}
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		how, _ := storeChoice("", project)
		return fmt.Errorf("--project %s: its store %s (%s) does not exist: nothing has been folded for this project yet", shellQuote(project), dir, how)
	}
	*storeDir = dir
	return nil
}

// budgetUsage is the help of ef search's and ef recall's --budget.
func budgetUsage() string {
	return fmt.Sprintf("token budget of the answer, %d to %d (0 means %d)", recall.MinBudget, recall.MaxBudget, recall.DefaultBudget)
}

// checkBudget refuses a --budget the library would not keep: it raises
// one below recall.MinBudget and lowers one above recall.MaxBudget, so an
// answer would be held to a budget other than the one typed.
func checkBudget(budget int) error {
	if budget != 0 && (budget < recall.MinBudget || budget > recall.MaxBudget) {
		return usageError("--budget must be %d to %d (or 0 for %d), got %d", recall.MinBudget, recall.MaxBudget, recall.DefaultBudget, budget)
	}
	return nil
}
