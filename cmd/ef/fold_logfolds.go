package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// The log's own folds. A DSH session log that the host wrote already holds
// compactions: EF's (the DSH plugin's checkpoints, whose bundles the
// plugin's store holds), the host summarizer's (written while EF's sidecar
// was down, which no bundle archives until a sidecar mirrors the session
// again, and a one-shot session is never mirrored again), and the host's
// tool-result pruner's cuts. ef fold replays them as the log has them: they
// are the session's history, and the spans they folded are known exactly.
// Each one's span is archived from the log (engine.ArchiveFolded, what the
// sidecar does when it sees such a fold): under the EF checkpoint's own id,
// so the bundle the plugin wrote is found again and nothing is written
// twice, or under the id EF gives the host's fold, so a later run, or a
// sidecar, finds it too.
//
// EF folds of its own only past the log's last replacement. A fold before
// it takes nodes off the surface that the log's later replacement names
// (its start, its end, its source seqs), and that replacement can then no
// longer be appended: the fold failed there, after its first bundles were
// written, every time it was run (it depends on the log, not on the store).

// foldLogFold is one of the log's own folds in ef fold's account.
type foldLogFold struct {
	// Seq is the replacement event (the checkpoint node) in the new log.
	Seq int `json:"seq"`
	// By says whose fold it is: "ef" (an EF checkpoint, the DSH plugin's),
	// "host" (the host's summarizer), "pruner" (the host's tool-result
	// pruner cut a tool result) or "other" (a replacement that is none of
	// these: nothing to archive).
	By           string `json:"by"`
	CheckpointID string `json:"checkpointId,omitempty"`
	CompactionID string `json:"compactionId,omitempty"`
	// Provider and Model are the compaction/summary's: who wrote the
	// checkpoint text.
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
	// Client is, for a summary or a pruned result of an imported log (By
	// "host" or "pruner"), the format of the client that made it (importer.Format: "gemini",
	// "claude-code", …): its own compaction, not a host running EF.
	Client       string `json:"client,omitempty"`
	ShadowedSeqs []int  `json:"shadowedSeqs"`
	// Archive is "found" (the store already held the span's bundle),
	// "stored" (this run archived the span from the log), "none" (no
	// --store, or nothing to archive) or "failed" (Error says why).
	Archive string `json:"archive"`
	Error   string `json:"error,omitempty"`
}

// logFoldArchiver archives the log's own folds as foldReplay appends them.
// Not safe for concurrent use.
type logFoldArchiver struct {
	archive engine.Archive // nil without a store
	index   engine.Indexer // may be nil
	acc     *foldAccount
	// summary is the compaction/summary read last: the host appends the
	// checkpoint node right after it.
	summary hostshim.CompactionSummaryData
	// client is an imported log's source format, "" for a DSH log.
	client string
}

// see notes the provider and model of a compaction/summary event of the
// input log (any other event is ignored).
func (a *logFoldArchiver) see(e hostshim.Event) {
	if e.Type != hostshim.TypeCompactionSum {
		return
	}
	a.summary = hostshim.CompactionSummaryData{}
	_ = e.Decode(&a.summary) // a summary that does not decode names no provider
}

// shadowedBy returns the surface nodes the replacement op will take off s
// (the positional span from its start to its end, inclusive), nil when op
// is no replacement or names nodes the surface does not hold (AppendEvent
// refuses it then).
func shadowedBy(s *hostshim.Session, op *hostshim.SurfaceOp) []int {
	if op == nil || !op.Replace {
		return nil
	}
	a, b := s.Position(op.Start), s.Position(op.End)
	if a < 0 || b < a {
		return nil
	}
	return slices.Clone(s.Nodes()[a : b+1])
}

// add archives the fold whose replacement repl (already appended to s)
// took shadowed off the surface, and records it in the account. Its error
// is a *foldStopped when the store can take no more bundles or holds the
// fold's bundle damaged (ef fold stops there, as for its own folds); any
// other failure to archive is recorded and the replay goes on.
func (a *logFoldArchiver) add(ctx context.Context, s *hostshim.Session, repl hostshim.Event, shadowed []int) error {
	lf := foldLogFold{Seq: repl.Seq, By: "other", ShadowedSeqs: shadowed, Archive: "none"}
	m, err := s.Message(repl.Seq)
	switch {
	case err != nil:
	case m.IsCheckpoint():
		lf.By, lf.CompactionID = "host", m.Source.CompactionID
		if mk, ok := engine.MarkerOf(m); ok {
			lf.By, lf.CheckpointID = "ef", mk.ID
		} else {
			lf.CheckpointID = engine.CheckpointID(lf.CompactionID)
			lf.Client = a.client
		}
		if a.summary.CompactionID == lf.CompactionID {
			lf.Provider, lf.Model = a.summary.Provider, a.summary.Model
		}
	case engine.PrunedResult(s, repl, shadowed):
		lf.By, lf.CheckpointID, lf.Client = "pruner", engine.PrunedID(repl.Seq), a.client
	}
	if a.archive != nil && lf.By != "other" {
		res, err := engine.ArchiveFolded(ctx, a.archive, a.index, s, repl, shadowed, time.Now())
		switch {
		case err != nil:
			lf.Archive, lf.Error = "failed", err.Error()
		case res != nil && res.Stored:
			lf.Archive = "stored"
		case res != nil:
			lf.Archive = "found"
		}
		if res != nil {
			lf.CheckpointID = res.CheckpointID
		}
		if err != nil && (foldFull(err) || foldDamaged(err) != nil) {
			a.acc.recordLog(lf)
			return &foldStopped{err: err, logFold: lf.CheckpointID, stored: a.acc.inStore(),
				session: a.acc.SessionID, store: a.acc.Store, out: a.acc.Out}
		}
	}
	a.acc.recordLog(lf)
	return nil
}

// foldPrintLogFold writes a line of the text summary for one of the log's
// own folds.
func foldPrintLogFold(w io.Writer, f *foldLogFold) {
	var who string
	switch f.By {
	case "ef":
		who = "EF's checkpoint"
	case "host":
		who = "the host's summary"
		if f.Client != "" {
			// an imported log: the client compacted its own context
			// (trial 14 named Gemini CLI's compression the host's)
			who = "the " + f.Client + " client's own summary"
		}
	case "pruner":
		who = "a tool result the host's pruner cut"
		if f.Client != "" {
			who = "a tool result the " + f.Client + " client's pruner cut"
		}
	default:
		who = "a replacement that is no fold"
	}
	if f.Provider != "" {
		who += " (" + f.Provider
		if f.Model != "" {
			who += "/" + f.Model
		}
		who += ")"
	}
	var what string
	switch f.Archive {
	case "found":
		what = "in the store already"
	case "stored":
		what = "archived now, from the log"
	case "failed":
		what = "NOT ARCHIVED: " + f.Error
	default:
		what = "not archived (no --store)"
		if f.By == "other" {
			what = "nothing to archive"
		}
	}
	fmt.Fprintf(w, "  %-9s %-42s %9s  the log's own fold: %s, %s\n", "log", f.CheckpointID, count(len(f.ShadowedSeqs), "node"), who, what)
}

// logFoldsLine is the summary's clause on the log's own folds, "" when the
// log has none.
func (a *foldAccount) logFoldsLine() string {
	if len(a.LogFolds) == 0 {
		return ""
	}
	n := map[string]int{}
	for _, f := range a.LogFolds {
		n[f.Archive]++
	}
	s := fmt.Sprintf("; the log's own folds: %d", len(a.LogFolds))
	var parts []string
	if n["found"] > 0 {
		parts = append(parts, fmt.Sprintf("%d in the store already", n["found"]))
	}
	if n["stored"] > 0 {
		parts = append(parts, fmt.Sprintf("%d archived now", n["stored"]))
	}
	if n["failed"] > 0 {
		parts = append(parts, fmt.Sprintf("%d not archived (failed)", n["failed"]))
	}
	if n["none"] > 0 && a.Store == "" {
		parts = append(parts, fmt.Sprintf("%d not archived (no --store)", n["none"]))
	}
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}
