package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/origin/northbridge"
	"github.com/epistemicfold/ef/origin/taskorigin"
	"github.com/epistemicfold/ef/recall"
)

// RunOrigin implements `ef origin <put|show|hash|verify|bundle|export>`:
// the task.origin v0.2 store of RFC-0005 from the command line.
func RunOrigin(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	subs := map[string]func(context.Context, []string, io.Writer, io.Writer) error{
		"put":    originPut,
		"show":   originShow,
		"hash":   originHash,
		"verify": originVerify,
		"bundle": originBundle,
		"export": originExport,
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stderr, `usage: ef origin <command> [flags]

  put DIR --task ID --expect HASH|new [FILE|-]   write a task.origin (stdin by default) under the optimistic lock
  show DIR --task ID                             print a task's file and content hash
  hash FILE|-                                    print a task.origin document's content hash
  verify DIR [--root R] [--store B] [--json]     check every task.origin under DIR and recheck every source
                                                 (--project P for the bundle store: that workspace's default one)
  bundle DIR [--task ID] [--scope S] [--budget N] the session-start bundle in a token budget: the current task (goal,
                                                 constraints, current state, next steps first; facts dropped
                                                 first, oldest first, and counted), then verified facts of the scope
  export LOG --out DIR --task ID [--scope S] [--store BUNDLES | --project P] [--expect HASH]
                                                 build a task.origin from a session's projection (EF handoff;
                                                 LOG is any log or trajectory ef state reads, or -);
                                                 a context.request finds it by --scope (else only by "*" or "task:ID")
`)
		if len(args) == 0 {
			return usageError("want a command")
		}
		return errHelp
	}
	f, ok := subs[args[0]]
	if !ok {
		return usageError("unknown origin command %q (put, show, hash, verify, bundle, export)", args[0])
	}
	return f(ctx, args[1:], stdout, stderr)
}

// maxStdinDoc bounds a document read from standard input (a pipe has no
// size to check first, and may not end); a variable so that a test can
// check the refusal at a smaller size.
var maxStdinDoc = 64 << 20

// readInput reads a file argument, "-" or nothing meaning stdin. Standard
// input over maxStdinDoc is an error that says so: cut at the limit, it
// was reported as the document's own syntax error.
func readInput(pos []string, stdin io.Reader) ([]byte, string, error) {
	if len(pos) == 0 || pos[0] == "-" {
		data, err := io.ReadAll(io.LimitReader(stdin, int64(maxStdinDoc)+1))
		if err == nil && len(data) > maxStdinDoc {
			return nil, "stdin", fmt.Errorf("stdin: over %d MiB, the most read from standard input; give the file's name instead", maxStdinDoc>>20)
		}
		return data, "stdin", err
	}
	data, err := os.ReadFile(pos[0])
	return data, pos[0], err
}

// originStdin is where put and hash read "-" from; a variable so that
// tests can feed it.
var originStdin io.Reader = os.Stdin

func originPut(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("origin put", "origin put DIR --task ID --expect HASH|new [FILE|-]", stderr,
		"Writes a task.origin document (stdin by default) under the optimistic lock.")
	task := fs.String("task", "", "task id (required)")
	expect := fs.String("expect", "", `content hash of the file this write replaces, or "new" (required)`)
	session := fs.String("session", "", "the writer's session id, when the harness gave it (else observed from the environment)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	pos, err := parseCount(fs, args, 1, 2, "want DIR and an optional FILE (- or nothing: stdin)")
	if err != nil {
		return err
	}
	if *task == "" {
		return usageError("--task is required")
	}
	if *expect == "" {
		return usageError(`--expect is required: the content_hash of the file being replaced ("ef origin show"), or "new"`)
	}
	data, name, err := readInput(pos[1:], originStdin)
	if err != nil {
		return err
	}
	doc, err := taskorigin.ParseDocument(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	st, err := openOriginWriter(pos[0], *session)
	if err != nil {
		return err
	}
	return originWrite(ctx, st, *task, doc, *expect, *asJSON, stdout, "")
}

// openOriginWriter opens a task.origin store whose writes record the actor
// observed from the environment (session: the harness's session id, when
// it gave one).
func openOriginWriter(dir, session string) (*taskorigin.Store, error) {
	return taskorigin.Open(dir, taskorigin.Options{Actor: func(now time.Time) taskorigin.Actor {
		return taskorigin.ObserveActor(os.Getenv, session, now)
	}})
}

// originWrite puts doc as task under the optimistic lock (expect: the
// content hash it replaces) and prints the result: one JSON line, or a
// line ending in note.
func originWrite(ctx context.Context, st *taskorigin.Store, task string, doc taskorigin.Document, expect string, asJSON bool, stdout io.Writer, note string) error {
	r, err := st.Put(ctx, task, doc, expect)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSONLine(stdout, r)
	}
	fmt.Fprintf(stdout, "%s %s version %d content_hash %s%s\n", r.Status, r.Path, r.Version, r.Hash, note)
	return nil
}

func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func originShow(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("origin show", "origin show DIR --task ID", stderr,
		"Prints a task's task.origin document; its path and content hash go to stderr.")
	task := fs.String("task", "", "task id (required)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *task == "" {
		return usageError("want DIR and --task ID")
	}
	st, err := taskorigin.Open(pos[0], taskorigin.Options{})
	if err != nil {
		return err
	}
	e, err := st.Get(*task)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s content_hash %s\n", e.Path, e.Hash)
	_, err = stdout.Write(e.Doc.Marshal())
	return err
}

func originHash(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("origin hash", "origin hash [FILE|-]", stderr,
		"Prints a task.origin document's content hash (stdin by default).")
	pos, err := parseCount(fs, args, 0, 1, "want one FILE or -")
	if err != nil {
		return err
	}
	data, name, err := readInput(pos, originStdin)
	if err != nil {
		return err
	}
	h, err := taskorigin.ContentHash(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	fmt.Fprintln(stdout, h)
	return nil
}

// errVerifyFailed is returned when verify found an invalid document or an
// unverifiable verified fact.
var errVerifyFailed = errors.New("verification failed")

// verifyReport is one file's verification, as --json prints it.
type verifyReport struct {
	Path        string         `json:"path"`
	Task        string         `json:"task"`
	Version     *int64         `json:"version"` // null when the document does not decode
	ContentHash string         `json:"content_hash"`
	HashOK      bool           `json:"hash_ok"` // the stored content_hash is the content's hash
	Problems    []string       `json:"problems"`
	Sources     []sourceReport `json:"sources"`
	OK          bool           `json:"ok"`
	state       *taskorigin.State
}

type sourceReport struct {
	Field  string `json:"field"`
	Source string `json:"source"`
	Kind   string `json:"kind"`
	Status string `json:"status"` // exists, missing, rerunnable, test id, recall ref, unverifiable
	Detail string `json:"detail,omitempty"`
}

func originVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("origin verify", "origin verify DIR [--root R] [--store B | --project P] [--json]", stderr,
		"Checks every task.origin under DIR and rechecks every source it cites.")
	root := fs.String("root", ".", "directory that relative file sources are resolved against")
	sf := addStoreFlags(fs, "bundle store: recall refs (recall:<ckpt>#<i>@<session>) are looked up in it")
	asJSON := fs.Bool("json", false, "print the reports as JSON")
	pos, err := parseCount(fs, args, 1, 1, "want DIR")
	if err != nil {
		return err
	}
	storeDir, err := sf.named()
	if err != nil {
		return err
	}
	es, err := taskorigin.Find(pos[0], 6)
	if err != nil {
		return err
	}
	if len(es) == 0 {
		return fmt.Errorf("no %s under %s", taskorigin.FileName, pos[0])
	}
	bundles, err := openRecallChecker(ctx, storeDir)
	if err != nil {
		return err
	}
	defer bundles.close()
	var reps []verifyReport
	failed := false
	for _, e := range es {
		r := verifyEntry(e, *root, bundles)
		failed = failed || !r.OK
		reps = append(reps, r)
	}
	if *asJSON {
		if err := writeJSONLine(stdout, reps); err != nil {
			return err
		}
	} else {
		var b strings.Builder
		for _, r := range reps {
			verdict := "ok"
			if !r.OK {
				verdict = "NOT VERIFIED"
			}
			version := "no version (does not decode)"
			if r.Version != nil {
				version = fmt.Sprintf("v%d", *r.Version)
			}
			fmt.Fprintf(&b, "%s  %s  %s  %s  %s\n", r.Task, r.Path, version, shortHash(r.ContentHash), verdict)
			for _, p := range r.Problems {
				fmt.Fprintf(&b, "  problem: %s\n", p)
			}
			for _, s := range r.Sources {
				fmt.Fprintf(&b, "  %-16s %-12s %s", s.Field, s.Status, s.Source)
				if s.Detail != "" {
					fmt.Fprintf(&b, "  (%s)", s.Detail)
				}
				b.WriteString("\n")
			}
		}
		io.WriteString(stdout, b.String())
	}
	if failed {
		return errVerifyFailed
	}
	return nil
}

// hashProblem says why a stored content_hash is not the content's hash
// (RFC-0005 §3.1: version, updated_at, content_hash and actor left out at
// the top level only). When the stored hash is the content's hash under
// the 2origin-harness reference's rule (those names left out at every
// depth), the file was not edited: another implementation hashed it its
// own way, and both hashes are named.
func hashProblem(doc taskorigin.Document, stored, rfc string) string {
	if nested, err := doc.NestedStripHash(); err == nil && nested != rfc && nested == stored {
		return fmt.Sprintf("stored content_hash %s is this content's hash under another implementation's rule "+
			"(the 2origin-harness reference leaves version, updated_at, content_hash and actor out at every depth), "+
			"not under RFC-0005 §3.1's (top level only), which gives %s: the content was not edited, "+
			"its nested members named so hash differently; ef origin put --expect %s rewrites it with the RFC's hash",
			shortHash(stored), shortHash(rfc), rfc)
	}
	return fmt.Sprintf("stored content_hash %s is not the content's hash %s: the file was edited outside the store", shortHash(stored), shortHash(rfc))
}

func shortHash(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// verifyEntry checks one file: schema, stored hash, and every source of a
// fact, learning evidence and action evidence, rechecking files on disk.
// A missing file is reported but is not a failure (a fact may be about a
// file that was deleted); an unverifiable source of a verified fact is.
func verifyEntry(e taskorigin.Entry, root string, bundles *recallChecker) verifyReport {
	r := verifyReport{Path: e.Path, Task: e.ID, ContentHash: e.Hash, Problems: []string{}, Sources: []sourceReport{}}
	if e.Err != nil {
		r.Problems = append(r.Problems, e.Err.Error())
		return r
	}
	for _, p := range e.Doc.Check() {
		r.Problems = append(r.Problems, p.Error())
	}
	st, err := e.Doc.State()
	if err != nil {
		return r // Check reported why it does not decode
	}
	r.Version = &st.Version
	r.HashOK = st.ContentHash == e.Hash
	if !r.HashOK {
		r.Problems = append(r.Problems, hashProblem(e.Doc, st.ContentHash, e.Hash))
	}
	check := func(field, source, declared string, mustVerify bool) {
		c := taskorigin.CheckSource(source, declared)
		sr := sourceReport{Field: field, Source: source, Kind: c.Kind()}
		switch {
		case !c.OK:
			sr.Status, sr.Detail = "unverifiable", c.Reason
			if mustVerify {
				r.Problems = append(r.Problems, fmt.Sprintf("%s: verified but %s", field, c.Reason))
			}
		default:
			sr.Status = recheck(c, root, bundles, &sr.Detail)
		}
		r.Sources = append(r.Sources, sr)
	}
	for i, f := range st.Facts {
		check(fmt.Sprintf("facts[%d]", i), f.Source, f.SourceKind, f.Verified)
	}
	for i, l := range st.Learnings {
		if l.Evidence != "" || l.Status == taskorigin.LearningVerified {
			check(fmt.Sprintf("learnings[%d]", i), l.Evidence, "", l.Status == taskorigin.LearningVerified)
		}
	}
	for i, a := range st.Actions {
		if a.Evidence != "" {
			check(fmt.Sprintf("actions[%d]", i), a.Evidence, "", false)
		}
	}
	r.OK = len(r.Problems) == 0
	return r
}

// recheck looks at what a recheckable source cites: files are stat'ed
// (relative to root), recall refs looked up in the bundle store when one
// is open, commands and tests named as rerunnable (verify does not run
// them). A file or ref that is not there now is "missing": reported, not
// a failure, since a fact may be about something that was deleted.
func recheck(c taskorigin.SourceCheck, root string, bundles *recallChecker, detail *string) string {
	var missing, present, other []string
	for _, ct := range c.Cites {
		switch ct.Kind {
		case taskorigin.SourceFile:
			p := strings.TrimRight(ct.Ref, "/")
			for {
				j := strings.LastIndexByte(p, ':')
				if j <= 0 || strings.Trim(p[j+1:], "0123456789") != "" {
					break
				}
				p = p[:j]
			}
			if strings.HasPrefix(p, "~/") {
				if home, err := os.UserHomeDir(); err == nil {
					p = filepath.Join(home, p[2:])
				}
			} else if !filepath.IsAbs(p) {
				p = filepath.Join(root, p)
			}
			if _, err := os.Stat(p); err == nil {
				present = append(present, ct.Ref)
			} else {
				missing = append(missing, ct.Ref)
			}
		case taskorigin.SourceRecall:
			switch ok, why := bundles.check(ct.Ref); {
			case why != "":
				other = append(other, ct.Ref+" not checked: "+why)
			case ok:
				present = append(present, ct.Ref)
			default:
				missing = append(missing, ct.Ref)
			}
		case taskorigin.SourceCommand:
			other = append(other, "rerunnable: "+ct.Ref)
		case taskorigin.SourceTest:
			other = append(other, "test id: "+ct.Ref)
		}
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "not found now: "+strings.Join(missing, ", "))
	}
	parts = append(parts, other...)
	*detail = strings.Join(parts, "; ")
	switch {
	case len(missing) > 0:
		return "missing"
	case len(present) > 0:
		return "exists"
	}
	switch c.Kinds[0] {
	case taskorigin.SourceCommand:
		return "rerunnable"
	case taskorigin.SourceTest:
		return "test id"
	}
	return "recall ref"
}

// recallChecker looks recall refs up in a bundle store opened read-only;
// a nil checker checks nothing.
type recallChecker struct {
	ctx      context.Context
	store    *bundle.Store
	sessions map[string]map[string]int // session → checkpoint → messages
}

func openRecallChecker(ctx context.Context, dir string) (*recallChecker, error) {
	if dir == "" {
		return nil, nil
	}
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	st, err := bundle.Open(dir, bundle.Options{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	return &recallChecker{ctx: ctx, store: st, sessions: map[string]map[string]int{}}, nil
}

func (rc *recallChecker) close() {
	if rc != nil {
		rc.store.Close()
	}
}

// check reports whether ref names an archived checkpoint (and message) of
// the store; why is set when it cannot tell.
func (rc *recallChecker) check(ref string) (ok bool, why string) {
	if rc == nil {
		return false, "no --store given"
	}
	r, err := recall.ParseRef(strings.TrimPrefix(ref, "recall:"))
	if err != nil {
		return false, err.Error()
	}
	if r.SessionID == "" {
		return false, "the ref names no session (@session)"
	}
	ckpts, seen := rc.sessions[r.SessionID]
	if !seen {
		infos, err := rc.store.List(rc.ctx, r.SessionID)
		if err != nil {
			return false, err.Error()
		}
		ckpts = map[string]int{}
		for _, in := range infos {
			if in.Err == nil {
				ckpts[in.CheckpointID] = in.Messages
			}
		}
		rc.sessions[r.SessionID] = ckpts
	}
	n, found := ckpts[r.CheckpointID]
	if !found {
		return false, ""
	}
	return r.Message == nil || *r.Message < n, ""
}

func originBundle(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("origin bundle", "origin bundle DIR [--task ID] [--scope S] [--budget N] [--json]", stderr,
		"Prints the session-start bundle in the budget: the current task (goal, constraints, current state and next steps first;\n"+
			"over the budget its facts go first, the oldest first, then its other sections, each drop said in the header),\n"+
			"then the verified facts of its scope.")
	task := fs.String("task", "", "current task id (default: the task updated last)")
	var scope multiFlag
	fs.Var(&scope, "scope", "scope whose verified facts are carried (repeatable; default: the current task's scope)")
	budget := fs.Int("budget", northbridge.DefaultSessionBudget, "budget of the whole bundle in real tokens (o200k_base)")
	asJSON := fs.Bool("json", false, "print the bundle and its counts as JSON")
	pos, err := parseCount(fs, args, 1, 1, "want DIR")
	if err != nil {
		return err
	}
	if *budget <= 0 {
		return usageError("--budget must be positive")
	}
	sb, err := northbridge.SessionStart(ctx, pos[0], northbridge.SessionOptions{Task: *task, Scope: scope, Budget: *budget})
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSONLine(stdout, sb)
	}
	_, err = io.WriteString(stdout, sb.Text)
	return err
}

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }
