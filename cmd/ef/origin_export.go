package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/origin/handoff"
	"github.com/epistemicfold/ef/origin/taskorigin"
	"github.com/epistemicfold/ef/projection"
	"github.com/epistemicfold/ef/validator"
)

// originExport implements `ef origin export <log> --out DIR --task ID
// [--store BUNDLES | --project P] [--expect HASH]`: the session's projection (of any log
// or trajectory ef state reads) as a
// task.origin (package handoff), written under the optimistic lock. A task
// that exists needs --expect with its current content hash; a new one is
// created. With --store, evidence from folded events cites its EF recall
// ref.
func originExport(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlags("origin export", "origin export LOG --out DIR --task ID [--scope S] [--store BUNDLES | --project P] [--expect HASH] [--json]", stderr,
		"Builds a task.origin from a session's projection (EF handoff) and writes it under the optimistic lock:\n"+
			"facts are what the session established (current values, checks that pass at the end, hypotheses, rejected approaches),\n"+
			"artifacts the files it changed, next steps its open obligations and open failures and the next step the reply it ends with states,\n"+
			"decisions each with the reason the session gave, and current_state says how it ended.\n"+
			"LOG is a DSH session log or any trajectory ef state reads (Claude Code, Codex, OpenHands, …; FILE#ID for one session of several; - for stdin).")
	out := fs.String("out", "", "task.origin store directory (required)")
	task := fs.String("task", "", "task id (required)")
	sf := addStoreFlags(fs, "the session's bundle store: folded evidence then cites EF recall refs")
	expect := fs.String("expect", "", "content hash of the task's current file (required when the task exists)")
	goal := fs.String("goal", "", "goal to use when the session states no objective")
	scope := fs.String("scope", "", "the task's scope for a new task (an existing task keeps its own)")
	title := fs.String("title", "", "the task's title for a new task")
	session := fs.String("session", "", "the writer's session id, when the harness gave it")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	pos, err := parseCount(fs, args, 1, 1, "want one session log")
	if err != nil {
		return err
	}
	if *out == "" || *task == "" {
		return usageError("--out and --task are required")
	}
	storeDir, err := sf.named()
	if err != nil {
		return err
	}
	// The log is read as ef state and ef fold read it: another agent's
	// trajectory (Claude Code, Codex, OpenHands, …) is imported under the
	// id ef fold files its checkpoints by, FILE#ID names one session of a
	// file holding several, and - or a pipe is spooled first. (Read with
	// hostshim alone, only a DSH log could be exported.)
	logFile, cleanup, err := logInput(ctx, pos[0])
	if err != nil {
		return err
	}
	defer cleanup()
	defer func() { err = asGiven(err, logFile, pos[0]) }()
	s, torn, err := readSession(ctx, logFile, true)
	if err != nil {
		return err
	}
	if torn != nil {
		fmt.Fprintf(stderr, "ef origin export: %s: skipped a torn tail: %s\n", pos[0], torn)
	}
	logName := pos[0]
	if logName == "-" {
		logName = "stdin"
	}
	st, err := openOriginWriter(*out, *session)
	if err != nil {
		return err
	}
	var base *taskorigin.State
	cur, err := st.Get(*task)
	switch {
	case err == nil:
		if *expect == "" {
			return usageError("task %s exists: give --expect %s (its content hash) to replace it", *task, cur.Hash)
		}
		if base, err = cur.Doc.State(); err != nil {
			return err
		}
	case errors.Is(err, taskorigin.ErrNotFound):
		if *expect == "" {
			*expect = taskorigin.ExpectNew
		}
		base = &taskorigin.State{Title: *title, Scope: *scope}
	default:
		return err
	}
	opts := handoff.Options{LogName: logName, Goal: *goal}
	if storeDir != "" {
		refs, err := exportRecallRefs(ctx, storeDir, s.ID)
		if err != nil {
			return err
		}
		opts.Recall = func(seq int) (string, bool) { r, ok := refs[seq]; return r, ok }
	}
	// Larger caps than a live session's: the export wants every piece of
	// evidence the log holds, not the hot window's.
	r := engine.ProjectLog(s, projection.Options{Caps: projection.Caps{Evidence: 512, Artifacts: 256}})
	// The events again, as the reducer read them: the files the session
	// changed and how it ended are read from them.
	projection.HostEvents(s, 0, s.Len()-1, validator.IsErrorResult, func(e projection.Event) { opts.Events = append(opts.Events, e) })
	next, err := handoff.Build(*task, r, base, opts)
	if err != nil {
		return err
	}
	doc, err := taskorigin.FromState(next)
	if err != nil {
		return err
	}
	if cur.Doc != nil {
		// What State does not hold (another writer's extension members)
		// stays; the decisions and next steps the session does not state
		// are replaced, and said so.
		doc.KeepExtensions(cur.Doc)
		if n := replacedNote(base, next); n != "" {
			fmt.Fprintf(stderr, "ef origin export: %s: %s\n", *task, n)
		}
	}
	return originWrite(ctx, st, *task, doc, *expect, *asJSON, stdout, fmt.Sprintf(" (%s, %s)", count(len(next.Facts), "fact"), count(len(next.NextSteps), "next step")))
}

// exportRecallRefs maps each folded event seq of session sid to the recall
// ref of its archived message: checkpoint c holds the messages of its
// surface seqs in order.
func exportRecallRefs(ctx context.Context, dir, sid string) (map[int]string, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, err
	}
	store, err := bundle.Open(dir, bundle.Options{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer store.Close()
	infos, err := store.List(ctx, sid)
	if err != nil {
		return nil, err
	}
	refs := map[int]string{}
	for _, in := range infos {
		if in.Err != nil {
			continue
		}
		m, err := store.Meta(ctx, sid, in.CheckpointID)
		if err != nil || len(m.Source.OrderedSurfaceSeqs) != in.Messages {
			continue
		}
		for i, seq := range m.Source.OrderedSurfaceSeqs {
			if _, ok := refs[seq]; !ok {
				refs[seq] = fmt.Sprintf("recall:%s#%d@%s", in.CheckpointID, i, url.PathEscape(sid))
			}
		}
	}
	return refs, nil
}

// replacedNote says which decisions and next steps of the task's current
// version the exported one no longer holds ("" when none): an export
// replaces them with the session's.
func replacedNote(base, next *taskorigin.State) string {
	var gone []string
	for _, d := range base.Decisions {
		if !slices.ContainsFunc(next.Decisions, func(e taskorigin.Decision) bool { return e.What == d.What }) {
			gone = append(gone, "decision "+strconv.Quote(clipNote(d.What)))
		}
	}
	for _, st := range base.NextSteps {
		if !slices.Contains(next.NextSteps, st) {
			gone = append(gone, "next step "+strconv.Quote(clipNote(st)))
		}
	}
	if len(gone) == 0 {
		return ""
	}
	return fmt.Sprintf("replaced %d item(s) of the current version that the session does not state: %s", len(gone), strings.Join(gone, "; "))
}

// clipNote cuts s to 60 runes for a one-line note.
func clipNote(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
