package taskorigin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/epistemicfold/ef/internal/atomicfile"
)

// ExpectNew is the expected hash of a task that does not exist yet: a Put
// with it creates the task and fails with a conflict if it exists.
const ExpectNew = "new"

// DefaultLockTimeout is Options.LockTimeout's zero value.
const DefaultLockTimeout = 10 * time.Second

// Options configures a Store. The zero value is ready to use.
type Options struct {
	// Now is the clock for updated_at, created_at and the actor's time.
	// Zero means time.Now.
	Now func() time.Time
	// Actor returns the writer of the next version. Zero means
	// ObserveActor(os.Getenv, "", now): whatever the environment shows,
	// Unobserved otherwise.
	Actor func(now time.Time) Actor
	// LockTimeout bounds the wait for another writer of the same task.
	// Zero means DefaultLockTimeout.
	LockTimeout time.Duration
	// Logger receives one debug line per write. Zero means discard.
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Actor == nil {
		o.Actor = func(now time.Time) Actor { return ObserveActor(os.Getenv, "", now) }
	}
	if o.LockTimeout <= 0 {
		o.LockTimeout = DefaultLockTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Store keeps task.origin files under a root directory, one per task:
// <root>/<task id>/task.origin.json, with a lock file ".lock" beside it.
// Every write is an optimistic compare-and-swap on the content hash, made
// under an OS file lock so that writers in different processes serialize,
// and replaces the file atomically and durably (temp file, fsync, rename,
// directory fsync).
//
// A Store is safe for concurrent use, by goroutines and by processes.
type Store struct {
	root string
	opts Options
}

// Open returns the store rooted at root. The directory is created by the
// first Put, not here, so reading a store never writes.
func Open(root string, opts Options) (*Store, error) {
	if root == "" {
		return nil, fmt.Errorf("taskorigin: open: empty root: %w", ErrNotOpen)
	}
	return &Store{root: root, opts: opts.withDefaults()}, nil
}

// Root returns the store's root directory ("" for a zero or nil Store).
func (s *Store) Root() string {
	if s == nil {
		return ""
	}
	return s.root
}

// opened is ErrNotOpen for a zero or nil Store.
func (s *Store) opened() error {
	if s == nil || s.root == "" {
		return ErrNotOpen
	}
	return nil
}

var taskIDRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// invalidTaskID is ErrInvalidTaskID for id, saying what an id may be.
func invalidTaskID(id string) error {
	return fmt.Errorf("%w: %q: an id is 1 to 128 letters, digits, '.', '_' or '-', starts with a letter or digit and holds no \"..\"", ErrInvalidTaskID, id)
}

// ValidTaskID reports whether id can name a task in a Store.
func ValidTaskID(id string) bool { return taskIDRe.MatchString(id) && !strings.Contains(id, "..") }

// Path returns the file of task id ("" for a zero or nil Store).
func (s *Store) Path(id string) string {
	if s.opened() != nil {
		return ""
	}
	return filepath.Join(s.root, id, FileName)
}

// Entry is one task.origin file as read: its document and content hash,
// or the error that made it unreadable.
type Entry struct {
	ID      string
	Path    string
	Doc     Document
	Hash    string
	ModTime time.Time
	Err     error
}

// Get reads task id. A missing task is ErrNotFound.
func (s *Store) Get(id string) (Entry, error) {
	if err := s.opened(); err != nil {
		return Entry{}, err
	}
	if !ValidTaskID(id) {
		return Entry{}, invalidTaskID(id)
	}
	e := ReadEntry(s.Path(id))
	if e.Err != nil {
		return e, e.Err
	}
	return e, nil
}

// ReadEntry reads one task.origin file anywhere.
func ReadEntry(path string) Entry {
	e := Entry{Path: path}
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			e.Err = fmt.Errorf("%w: %s", ErrNotFound, path)
		} else {
			e.Err = fmt.Errorf("taskorigin: read %s: %w", path, err)
		}
		return e
	}
	if st, err := os.Stat(path); err == nil {
		e.ModTime = st.ModTime()
	}
	d, err := ParseDocument(data)
	if err != nil {
		e.Err = fmt.Errorf("%s: %w", path, err)
		return e
	}
	e.Doc = d
	var id string
	_ = json.Unmarshal(d["id"], &id)
	e.ID = id
	if e.Hash, err = d.ContentHash(); err != nil {
		e.Err = fmt.Errorf("%s: %w", path, err)
	}
	return e
}

// readRegular reads the task.origin file at path, following a link, when
// it is a regular file; anything else (a directory, a FIFO whose read
// would wait for a writer) is an Entry with Err saying what it is.
func readRegular(path string) Entry {
	st, err := os.Stat(path)
	if err != nil {
		return Entry{Path: path, Err: fmt.Errorf("taskorigin: read %s: %w", path, err)}
	}
	if m := st.Mode(); !m.IsRegular() {
		what := "a special file"
		switch {
		case m.IsDir():
			what = "a directory"
		case m&fs.ModeNamedPipe != 0:
			what = "a named pipe"
		case m&fs.ModeSocket != 0:
			what = "a socket"
		case m&fs.ModeDevice != 0:
			what = "a device"
		}
		return Entry{Path: path, Err: fmt.Errorf("taskorigin: read %s: %s, not a regular file", path, what)}
	}
	return ReadEntry(path)
}

// skipDirs are directories Find never descends into.
var skipDirs = map[string]bool{".git": true, "node_modules": true, ".recall": true, ".backups": true}

// Find returns every task.origin.json under root (root itself may also be
// one file), at most maxDepth directories deep, in path order. Unreadable
// or invalid files are returned with Err set rather than skipped, so a
// caller can say what it could not load; so is an entry of that name that
// is not a regular file (a directory, a FIFO, a link to one).
//
// A task.origin.json that is a symbolic link is read through it, as Get
// reads it, and so is the task.origin.json of a linked task directory
// (<root>/<id> a link, as a task shared between stores is); a linked
// directory is not descended further, so a link loop cannot trap the
// walk. Both were skipped without a word: ef origin verify said "no
// task.origin.json" of a store ef origin show read.
func Find(root string, maxDepth int) ([]Entry, error) {
	st, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("taskorigin: find: %w", err)
	}
	if !st.IsDir() {
		return []Entry{readRegular(root)}, nil
	}
	var out []Entry
	base := strings.Count(filepath.Clean(root), string(filepath.Separator))
	err = filepath.WalkDir(root, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			out = append(out, Entry{Path: p, Err: err})
			return nil
		}
		if de.IsDir() {
			if p != root && (skipDirs[de.Name()] || strings.Count(filepath.Clean(p), string(filepath.Separator))-base > maxDepth) {
				return filepath.SkipDir
			}
			return nil
		}
		if de.Type()&fs.ModeSymlink != 0 && de.Name() != FileName {
			// A linked task directory: its own task.origin.json only.
			if skipDirs[de.Name()] || strings.Count(filepath.Clean(p), string(filepath.Separator))-base > maxDepth {
				return nil
			}
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				if _, err := os.Lstat(filepath.Join(p, FileName)); err == nil {
					out = append(out, readRegular(filepath.Join(p, FileName)))
				}
			}
			return nil
		}
		if de.Name() == FileName {
			out = append(out, readRegular(p))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("taskorigin: find: %w", err)
	}
	return out, nil
}

// PutStatus says what a Put did.
type PutStatus string

// The outcomes of a successful Put.
const (
	// Created: the task did not exist and was written as version 1.
	Created PutStatus = "created"
	// Written: the content changed; the version moved by one.
	Written PutStatus = "written"
	// Unchanged: the content hash equals the current one; no byte was
	// written and the version did not move.
	Unchanged PutStatus = "unchanged"
)

// PutResult is what a successful Put did.
type PutResult struct {
	Status   PutStatus `json:"status"`
	Path     string    `json:"path"`
	Version  int64     `json:"version"`
	Hash     string    `json:"content_hash"`       // the content hash now on disk
	Previous string    `json:"previous,omitempty"` // the content hash replaced ("" when created)
	Actor    Actor     `json:"actor"`              // the writer recorded (zero when unchanged)
}

// Put writes doc as task id, replacing the file whose content hash is
// expect (ExpectNew when the task must not exist yet). It fills version,
// updated_at, content_hash and actor (any values doc carries for them are
// replaced), keeps created_at, and writes new learnings without a status
// as candidates. It refuses, leaving the file untouched:
//
//   - an empty expect (ErrNoExpect);
//   - an expect that is not the current file's content hash
//     (*ConflictError, ErrConflict);
//   - a document that breaks RFC-0005 (see Document.Check), with an id
//     that is not id, or with a learning that is verified without having
//     been stored as a candidate or without recheckable evidence.
//
// When the content hash does not change, Put writes nothing and reports
// Unchanged. doc is not modified. A task file that is a symbolic link is
// replaced where the link leads, under the lock of that directory, and
// the link stays (PutResult.Path names the file written).
func (s *Store) Put(ctx context.Context, id string, doc Document, expect string) (PutResult, error) {
	if err := s.opened(); err != nil {
		return PutResult{}, err
	}
	if !ValidTaskID(id) {
		return PutResult{}, invalidTaskID(id)
	}
	expect = strings.TrimSpace(expect)
	if expect == "" {
		return PutResult{}, ErrNoExpect
	}
	if err := ctx.Err(); err != nil {
		return PutResult{}, err
	}
	// What is wrong with doc on its own is said before the task's
	// directory is made: a refused first write left an empty directory
	// holding only a lock file. (Checked again under the lock, with the
	// file it replaces.)
	if err := precheck(id, doc); err != nil {
		return PutResult{}, err
	}
	dir, path := filepath.Join(s.root, id), s.Path(id)
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		// A task file that is a link (one task shared by several stores)
		// is written where it leads, under the lock of the directory it
		// is in: replaced by name, the link became a copy, and the stores
		// went on apart, each with its own version and its own lock.
		real, err := filepath.EvalSymlinks(path)
		if err != nil {
			return PutResult{}, fmt.Errorf("taskorigin: put %s: %s is a link that does not resolve: %w", id, path, err)
		}
		dir, path = filepath.Dir(real), real
	}
	if err := mkdirDurable(s.root, dir); err != nil {
		return PutResult{}, fmt.Errorf("taskorigin: put %s: %w", id, err)
	}
	unlock, err := lockTask(ctx, filepath.Join(dir, ".lock"), s.opts.LockTimeout)
	if err != nil {
		return PutResult{}, fmt.Errorf("taskorigin: put %s: %w", id, err)
	}
	defer unlock()
	// Temp files are only created under this lock, so any left in the
	// directory now belong to a writer that died mid-write: remove them.
	if tmps, _ := filepath.Glob(filepath.Join(dir, "."+FileName+"*")); len(tmps) > 0 {
		for _, p := range tmps {
			if err := os.Remove(p); err == nil {
				s.opts.Logger.Debug("task.origin: removed a dead writer's temp file", "path", p)
			}
		}
	}

	cur := ReadEntry(path)
	switch {
	case cur.Err != nil && !errors.Is(cur.Err, ErrNotFound):
		return PutResult{}, fmt.Errorf("taskorigin: put %s: current file unreadable, repair or remove it first: %w", id, cur.Err)
	case cur.Err != nil: // not found
		if expect != ExpectNew {
			return PutResult{}, &ConflictError{Task: id, Expected: expect}
		}
	case expect != cur.Hash:
		return PutResult{}, &ConflictError{Task: id, Expected: expect, Current: cur.Hash}
	}
	exists := cur.Err == nil

	now := s.opts.Now()
	next := make(Document, len(doc)+4)
	for k, v := range doc {
		next[k] = v
	}
	if err := checkID(id, next); err != nil {
		return PutResult{}, err
	}
	var curVersion int64
	if exists {
		_ = json.Unmarshal(cur.Doc["version"], &curVersion)
		if _, ok := next["created_at"]; !ok {
			if c, ok := cur.Doc["created_at"]; ok {
				next["created_at"] = c
			}
		}
	}
	if _, ok := next["created_at"]; !ok {
		_ = next.Set("created_at", now.UTC().Format(time.RFC3339Nano))
	}
	if err := settleLearnings(next, cur.Doc); err != nil {
		return PutResult{}, err
	}
	actor := s.opts.Actor(now)
	_ = next.Set("version", curVersion+1)
	_ = next.Set("updated_at", now.UTC().Format(time.RFC3339Nano))
	_ = next.Set("actor", actor)
	delete(next, "content_hash")
	if err := problems(next.Check()); err != nil {
		return PutResult{}, err
	}
	hash, err := next.ContentHash()
	if err != nil {
		return PutResult{}, err
	}
	if exists && hash == cur.Hash {
		return PutResult{Status: Unchanged, Path: path, Version: curVersion, Hash: hash, Previous: cur.Hash}, nil
	}
	_ = next.Set("content_hash", hash)
	if err := ctx.Err(); err != nil {
		return PutResult{}, err
	}
	if err := writeFileDurable(path, next.Marshal()); err != nil {
		return PutResult{}, fmt.Errorf("taskorigin: put %s: %w", id, err)
	}
	r := PutResult{Status: Written, Path: path, Version: curVersion + 1, Hash: hash, Previous: cur.Hash, Actor: actor}
	if !exists {
		r.Status, r.Previous = Created, ""
	}
	s.opts.Logger.Debug("task.origin written", "task", id, "status", r.Status, "version", r.Version, "hash", hash)
	return r, nil
}

// checkID refuses a document whose id is not the task it is written as.
func checkID(id string, doc Document) error {
	var docID string
	if err := json.Unmarshal(doc["id"], &docID); err == nil && docID != id {
		return &FieldError{Field: "id", Reason: fmt.Sprintf("is %q but the task is %q", docID, id), Err: ErrWrongKind}
	}
	return nil
}

// precheck is what Put refuses in doc whatever file it replaces: an id
// that is not the task's, a problem Check finds once Put has filled the
// members it sets (version, updated_at, actor).
func precheck(id string, doc Document) error {
	if err := checkID(id, doc); err != nil {
		return err
	}
	draft := make(Document, len(doc)+4)
	for k, v := range doc {
		draft[k] = v
	}
	for k, v := range map[string]string{"version": "1", "updated_at": `"1970-01-01T00:00:00Z"`, "actor": "{}"} {
		draft[k] = json.RawMessage(v)
	}
	delete(draft, "content_hash")
	return problems(draft.Check())
}

// problems joins Check's problems into one error (nil for none).
func problems(ps []Problem) error {
	if len(ps) == 0 {
		return nil
	}
	errs := make([]error, len(ps))
	for i := range ps {
		errs[i] = &ps[i]
	}
	return errors.Join(errs...)
}

// settleLearnings writes a missing learning status as candidate and
// refuses a verified learning that was not stored before (as candidate or
// verified), or that is newly verified without recheckable evidence.
func settleLearnings(next, cur Document) error {
	raw, ok := next["learnings"]
	if !ok || string(raw) == "null" {
		return nil
	}
	var ls []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &ls); err != nil {
		return &FieldError{Field: "learnings", Reason: "must be an array of objects", Err: ErrInvalidDocument}
	}
	prior := map[string]string{} // lesson → status in the file being replaced
	if cur != nil {
		var old []Learning
		_ = json.Unmarshal(cur["learnings"], &old)
		for _, l := range old {
			prior[l.Lesson] = l.Status
		}
	}
	changed := false
	for i, m := range ls {
		var l Learning
		b, _ := json.Marshal(m)
		if err := json.Unmarshal(b, &l); err != nil {
			return &FieldError{Field: fmt.Sprintf("learnings[%d]", i), Reason: err.Error(), Err: ErrInvalidDocument}
		}
		field := fmt.Sprintf("learnings[%d]", i)
		switch l.Status {
		case "":
			m["status"] = json.RawMessage(`"` + LearningCandidate + `"`)
			changed = true
		case LearningVerified:
			was, seen := prior[l.Lesson]
			if !seen || (was != LearningCandidate && was != LearningVerified) {
				return &FieldError{Field: field + ".status", Reason: "a learning is stored as candidate before it can be verified", Err: ErrLearningNotCandidate}
			}
			if was == LearningCandidate {
				if c := CheckSource(l.Evidence, ""); !c.OK {
					return &FieldError{Field: field + ".evidence", Reason: "promoting a learning needs recheckable evidence: " + c.Reason, Err: ErrLearningNotCandidate}
				}
			}
		}
	}
	if changed {
		b, err := json.Marshal(ls)
		if err != nil {
			return fmt.Errorf("%w: learnings: %w", ErrInvalidDocument, err)
		}
		next["learnings"] = b
	}
	return nil
}

// List returns the tasks directly under the store root, by id (a task
// directory that is a link included).
func (s *Store) List() ([]Entry, error) {
	if err := s.opened(); err != nil {
		return nil, err
	}
	des, err := os.ReadDir(s.root)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("taskorigin: list: %w", err)
	}
	var out []Entry
	for _, de := range des {
		if !ValidTaskID(de.Name()) {
			continue
		}
		if !de.IsDir() {
			// A linked task directory is a task, as Get and Find read it.
			if st, err := os.Stat(filepath.Join(s.root, de.Name())); de.Type()&fs.ModeSymlink == 0 || err != nil || !st.IsDir() {
				continue
			}
		}
		e := ReadEntry(s.Path(de.Name()))
		if errors.Is(e.Err, ErrNotFound) {
			continue
		}
		if e.ID == "" {
			e.ID = de.Name()
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// mkdirDurable creates dir (one level under root, root included) and
// fsyncs the parents of what it created, so a task directory made by a
// write survives a power cut with the file in it.
func mkdirDurable(root, dir string) error {
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	rootExisted := true
	if _, err := os.Stat(root); errors.Is(err, fs.ErrNotExist) {
		rootExisted = false
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if !rootExisted {
		if err := atomicfile.SyncDir(filepath.Dir(filepath.Clean(root))); err != nil {
			return err
		}
	}
	return atomicfile.SyncDir(root)
}
