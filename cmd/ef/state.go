package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/internal/clip"
	"github.com/epistemicfold/ef/projection"
)

// stateAnchor is one anchor of ef state --json.
type stateAnchor struct {
	ID         string                `json:"id"`
	Kind       projection.Kind       `json:"kind"`
	Key        string                `json:"key,omitempty"`
	Value      string                `json:"value"`
	Authority  projection.Authority  `json:"authority"`
	Lifecycle  string                `json:"lifecycle"`
	SourceRefs []projection.EventRef `json:"sourceRefs"`
	Quote      string                `json:"quote,omitempty"`
	Was        string                `json:"was,omitempty"`
}

// stateOutput is ef state --json.
type stateOutput struct {
	Log string `json:"log"`
	// Source: "log" (every event of the log reduced) or "checkpoints" (the
	// surface, with each EF checkpoint's bundle snapshot restored).
	Source  string                `json:"source"`
	Rebuild *engine.RebuildReport `json:"rebuild,omitempty"`
	Anchors []stateAnchor         `json:"anchors"`
}

// RunState is `ef state`: the projection's current heads of a session log.
func RunState(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("state", "state <session-log> [--store DIR] [--from auto|log|checkpoints] [--json] [--all]", stderr,
		"Prints the current heads of the session's epistemic state: objective, constraints, current values,",
		"open failures and obligations, decisions, rejected approaches, hypotheses.")
	store := fs.String("store", "", "bundle store of the log's checkpoints: rebuild the state from their snapshots and the surface")
	from := fs.String("from", "auto", "auto (checkpoints when --store is given, else the log), log or checkpoints")
	asJSON := fs.Bool("json", false, "print the anchors as JSON")
	all := fs.Bool("all", false, "also print anchors that are not current heads (closed, observed and retired ones)")
	strict := fs.Bool("strict", false, "refuse provenance faults on appended nodes")
	path, err := parseOne(fs, args, "session log")
	if err != nil {
		return err
	}
	switch *from {
	case "auto":
		*from = "log"
		if *store != "" {
			*from = "checkpoints"
		}
	case "log":
	case "checkpoints":
		if *store == "" {
			return usageError("--from checkpoints needs --store")
		}
	default:
		return usageError("--from %q: want auto, log or checkpoints", *from)
	}
	s, torn, err := readSession(path, !*strict)
	if err != nil {
		return err
	}
	if torn != nil {
		fmt.Fprintf(stderr, "ef state: %s: skipped a torn tail: %s\n", path, torn)
	}
	popts := projection.Options{}
	if *all {
		popts.KeepRetired = 1 << 16
	}
	out := stateOutput{Log: path, Source: *from, Anchors: []stateAnchor{}}
	var r *projection.Reducer
	if *from == "checkpoints" {
		// A reader: a missing --store is an error, not a new empty store.
		if _, err := os.Stat(*store); err != nil {
			return fmt.Errorf("--store: %w", err)
		}
		if err := checkLooksLikeStore(*store); err != nil {
			return fmt.Errorf("--store: %w", err)
		}
		st, err := bundle.Open(*store, bundle.Options{ReadOnly: true})
		if err != nil {
			return fmt.Errorf("open store: %w", err)
		}
		defer st.Close()
		var rep *engine.RebuildReport
		r, rep, err = engine.ProjectSurface(ctx, s, st, popts)
		if err != nil {
			return err
		}
		out.Rebuild = rep
	} else {
		r = engine.ProjectLog(s, popts)
	}
	as := r.Heads()
	if *all {
		as = append(r.Anchors(), r.RetiredAnchors()...)
	}
	for _, a := range as {
		out.Anchors = append(out.Anchors, stateAnchor{ID: a.ID, Kind: a.Kind, Key: a.Key, Value: a.Value, Authority: a.Authority,
			Lifecycle: a.Lifecycle, SourceRefs: a.SourceRefs, Quote: a.Quote, Was: a.Was})
	}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	rows := [][]string{{"KIND", "LIFECYCLE", "SEQ", "KEY", "VALUE"}}
	for _, a := range out.Anchors {
		seq := -1
		if n := len(a.SourceRefs); n > 0 {
			seq = a.SourceRefs[n-1].Seq
		}
		v := clip.Runes(strings.Join(strings.Fields(a.Value), " "), 90)
		if a.Was != "" {
			v += " (was " + a.Was + ")"
		}
		rows = append(rows, []string{string(a.Kind), a.Lifecycle, strconv.Itoa(seq), clipColumns(a.Key, maxKeyColumns), v})
	}
	if err := writeTable(stdout, rows); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d anchors from the %s\n", len(out.Anchors), out.Source)
	if rep := out.Rebuild; rep != nil && rep.Replayed > 0 {
		// The heads are still right (the log holds what a checkpoint
		// shadowed), but a bundle the store should hold is not readable.
		for _, n := range rep.Notes {
			fmt.Fprintf(stderr, "ef state: warning: %s\n", n)
		}
		fmt.Fprintf(stderr, "ef state: %d of %d checkpoints replayed from the log instead of their bundle's snapshot (ef store verify %s says more)\n",
			rep.Replayed, rep.Replayed+rep.Checkpoints, shellQuote(*store))
	}
	return nil
}
