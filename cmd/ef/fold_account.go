package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
)

// foldAccount is the --json output of ef fold.
type foldAccount struct {
	Log       string `json:"log"`
	Out       string `json:"out"`
	Store     string `json:"store,omitempty"`
	SessionID string `json:"sessionId"`
	// LegacySession is the session the store holds for this imported
	// file under the name ef builds before gave it (the file's name), when
	// it holds one and the fold filed its checkpoints under another id.
	LegacySession string `json:"legacySession,omitempty"`
	Mode          string `json:"mode"`
	Window        int    `json:"window,omitempty"`
	Budget        int    `json:"budget,omitempty"`
	EventsIn      int    `json:"eventsIn"`
	EventsOut     int    `json:"eventsOut"`
	TokensBefore  int    `json:"tokensBefore"` // DSH's heuristic estimate, surface of the input log
	TokensAfter   int    `json:"tokensAfter"`  // DSH's heuristic estimate, surface of the output log
	RealBefore    int    `json:"realTokensBefore"`
	RealAfter     int    `json:"realTokensAfter"`
	// HeaderTokens is what each request carries besides the surface, in
	// o200k_base tokens: the system prompt and tool definitions of the
	// newest request header. A fold's tokensBefore and tokensAfter count
	// the request (header and surface), as the pressure policy and the
	// window do; realTokensBefore and realTokensAfter count the surface.
	HeaderTokens int `json:"headerTokens"`
	// LogFolds are the folds the input log held already (the DSH plugin's,
	// the host summarizer's, the host pruner's cuts), replayed as they are
	// and archived from the log (fold_logfolds.go).
	LogFolds []foldLogFold        `json:"logFolds"`
	Folds    []*engine.FoldReport `json:"folds"`
	// Committed counts the folds that changed the surface (each wrote or
	// found its checkpoint, or ran without a store); the others are
	// skipped, vetoed or failed.
	Committed int `json:"committed"`
	// Vetoed counts folds the validator refused (not failures: the
	// validator's job); Failed counts every other error.
	Vetoed int `json:"vetoed"`
	Failed int `json:"failed"`
	// OverBudget counts, of Failed, the emergency folds at an overflow
	// whose checkpoint could not fit the hard state it must keep in its
	// budget (engine.ErrBudget): the surface stayed as it was, over the
	// window at that step. At a small window they are expected; ef fold
	// fails for them only when the surface ends over the window.
	OverBudget int `json:"overBudget,omitempty"`
	// LogFoldsFailed counts the log's own folds that could not be archived.
	LogFoldsFailed int `json:"logFoldsFailed"`
	// Skipped counts the folds that folded nothing (a span below the
	// fold floor, nothing to fold): neither failures nor checkpoints.
	Skipped int `json:"skipped"`
	// Stored counts the folds whose checkpoint is in the store (written by
	// this fold, or already there from an earlier fold of the same log).
	Stored int `json:"stored"`
	// Reused counts, of Committed, the folds answered with a checkpoint the
	// store already held for the same compaction (a re-run of ef fold on
	// the same log and flags): nothing new was written for them.
	Reused int `json:"reused"`
	// Stopped says why ef fold stopped before the end of the log (the
	// store's disk is full), what it wrote and how to resume; empty when
	// it ran to the end. A stopped fold writes no new log.
	Stopped string `json:"stopped,omitempty"`
	// PriorNotReproduced counts the checkpoints the store held of a
	// session named by its content (an imported trajectory that records
	// no id) that this fold did not write or find again: another
	// trajectory with the same opening, or other flags (foldWarnShared).
	PriorNotReproduced int `json:"priorNotReproduced,omitempty"`

	// While ef fold runs, Folds stays empty: a long log makes a fold
	// report per fold, each holding its plan, verdict and checkpoint
	// text, so record writes each fold's entry, as print will show it,
	// to a scratch file, and print puts the account around them.
	folds        int             // folds recorded
	lastGainSkip string          // the last pressure fold shown skipped for saving too little (newGainSkip)
	budgetWhy    string          // why the last OverBudget fold could not fit
	checkpoints  map[string]bool // the checkpoints stored folds name
	asJSON       bool            // entries are --json array elements, else text lines
	scratch      *os.File        // the entries so far
	w            *bufio.Writer   // to scratch
	werr         error           // the first failed write to scratch
	enc          *json.Encoder   // a report, compact, into compact
	compact      bytes.Buffer
	entry        bytes.Buffer
}

// newFoldAccount returns an account whose entries go to a scratch file in
// the temporary directory; close removes it.
func newFoldAccount(asJSON bool) (*foldAccount, error) {
	f, err := os.CreateTemp("", "ef-fold-account-*")
	if err != nil {
		return nil, fmt.Errorf("ef fold: scratch file for the account: %w", err)
	}
	a := &foldAccount{Folds: []*engine.FoldReport{}, LogFolds: []foldLogFold{}, asJSON: asJSON, scratch: f, w: bufio.NewWriter(f)}
	a.enc = json.NewEncoder(&a.compact)
	a.enc.SetEscapeHTML(false) // as writeJSON
	return a, nil
}

// close removes the scratch file. It is idempotent.
func (a *foldAccount) close() {
	if a.scratch != nil {
		a.scratch.Close()
		os.Remove(a.scratch.Name())
		a.scratch = nil
	}
}

// record counts a fold and writes its entry. It returns a *foldStopped
// error when err says the store can take no more bundles (foldFull): every
// later fold would fail the same way, so ef fold stops there; or that the
// store holds this fold's checkpoint in a bundle it cannot read
// (foldDamaged), which ef fold must not fold past.
func (a *foldAccount) record(rep *engine.FoldReport, err error) error {
	a.entryFor(rep, err)
	if err == nil && rep.CheckpointID != "" {
		a.Stored++
		if a.checkpoints == nil {
			a.checkpoints = map[string]bool{}
		}
		a.checkpoints[rep.CheckpointID] = true
	}
	if foldFull(err) || foldDamaged(err) != nil {
		return &foldStopped{err: err, fold: a.folds, stored: a.inStore(), session: a.SessionID, store: a.Store, out: a.Out}
	}
	return nil
}

// outStopped is the *foldStopped error for a write of the new log (--out)
// that failed: its disk is full, read-only, or refused the write. The
// checkpoints stored so far stay, and the same command reuses them. atEnd
// says the whole log was read (the last write, or the rename into place).
func (a *foldAccount) outStopped(err error, atEnd bool) *foldStopped {
	events := a.EventsIn
	if atEnd {
		events = 0
	}
	return &foldStopped{err: err, outFailed: true, events: events, stored: a.inStore(), session: a.SessionID, store: a.Store, out: a.Out}
}

// newGainSkip reports whether rep, a pressure fold skipped for saving
// too little, is not the one the account showed last: the same plan
// start skipped again at later steps, before any fold commits, is not
// shown again.
func (a *foldAccount) newGainSkip(rep *engine.FoldReport) bool {
	key := fmt.Sprintf("%s %d", rep.Mode, rep.Plan.Start)
	if key == a.lastGainSkip {
		return false
	}
	a.lastGainSkip = key
	return true
}

// entryFor counts a fold and writes its entry.
func (a *foldAccount) entryFor(rep *engine.FoldReport, err error) {
	refused := "" // why an emergency fold at an overflow kept the hard state
	if err != nil {
		if errors.Is(err, engine.ErrVetoed) {
			a.Vetoed++
		} else {
			a.Failed++
		}
		if errors.Is(err, engine.ErrBudget) && rep.Mode == engine.ModeEmergency && rep.Trigger == string(hostshim.TriggerOverflow) {
			a.OverBudget++
			a.budgetWhy = budgetReason(err)
			refused = a.budgetWhy
		}
		if rep.Error == "" {
			rep.Error = err.Error()
		}
	}
	if err == nil && rep.Skipped != "" {
		a.Skipped++
	}
	if err == nil && rep.Skipped == "" {
		a.Committed++
		if rep.Reused {
			a.Reused++
		}
	}
	a.folds++
	if a.werr != nil {
		return
	}
	a.entry.Reset()
	if a.asJSON {
		// An element of the "folds" array as writeJSON indents it: four
		// spaces deep, its fields two more.
		a.compact.Reset()
		if err := a.enc.Encode(rep); err != nil {
			a.werr = err
			return
		}
		if a.folds > 1 {
			a.entry.WriteString(",\n")
		}
		a.entry.WriteString("    ")
		if err := json.Indent(&a.entry, bytes.TrimSuffix(a.compact.Bytes(), []byte("\n")), "    ", "  "); err != nil {
			a.werr = err
			return
		}
	} else {
		foldPrintFold(&a.entry, rep, refused)
	}
	_, a.werr = a.w.Write(a.entry.Bytes())
}

// inStore is the number of checkpoints of this run in the store: its own
// folds' and the log's own folds'.
func (a *foldAccount) inStore() int {
	n := a.Stored
	for _, f := range a.LogFolds {
		if f.Archive == "stored" || f.Archive == "found" {
			n++
		}
	}
	return n
}

// recordLog counts one of the log's own folds and, in the text summary,
// writes its line where it came in the replay.
func (a *foldAccount) recordLog(lf foldLogFold) {
	a.LogFolds = append(a.LogFolds, lf)
	if lf.Archive == "failed" {
		a.LogFoldsFailed++
	}
	if lf.Archive == "stored" || lf.Archive == "found" {
		if a.checkpoints == nil {
			a.checkpoints = map[string]bool{}
		}
		a.checkpoints[lf.CheckpointID] = true
	}
	if a.asJSON || a.werr != nil {
		return
	}
	a.entry.Reset()
	foldPrintLogFold(&a.entry, &lf)
	_, a.werr = a.w.Write(a.entry.Bytes())
}

// foldsMark is how writeJSON prints an account without folds.
const foldsMark = "\n  \"folds\": []"

// print writes the account: --json as writeJSON would print it with every
// report in Folds, else the text summary.
func (a *foldAccount) print(w io.Writer) error {
	if a.werr == nil {
		a.werr = a.w.Flush()
	}
	if a.werr == nil {
		_, a.werr = a.scratch.Seek(0, io.SeekStart)
	}
	if a.werr != nil {
		return fmt.Errorf("ef fold: scratch file for the account: %w", a.werr)
	}
	bw := bufio.NewWriter(w)
	if a.asJSON {
		var whole bytes.Buffer
		if err := writeJSON(&whole, a); err != nil {
			return err
		}
		b := whole.Bytes()
		i := bytes.Index(b, []byte(foldsMark))
		if i < 0 {
			return errors.New("ef fold: the account has no folds array") // writeJSON always prints it
		}
		cut := i + len(foldsMark) - 1 // after "["
		bw.Write(b[:cut])
		if a.folds > 0 {
			bw.WriteString("\n")
			if _, err := io.Copy(bw, a.scratch); err != nil {
				return err
			}
			bw.WriteString("\n  ")
		}
		bw.Write(b[cut:])
		return bw.Flush()
	}
	fmt.Fprintf(bw, "%s → %s  session %s  mode %s\n", a.Log, foldOutName(a.Out), a.SessionID, a.Mode)
	if _, err := io.Copy(bw, a.scratch); err != nil {
		return err
	}
	if a.Stopped != "" {
		fmt.Fprintf(bw, "stopped after %s of the log: %s (%d stored, %d skipped, %d vetoed, %d failed)%s\n", count(a.EventsIn, "event"), count(a.Committed, "fold"), a.Stored, a.Skipped, a.Vetoed, a.Failed, a.logFoldsLine())
		return bw.Flush()
	}
	fmt.Fprintf(bw, "events %d → %d; surface %d → %d heuristic tokens, %d → %d o200k tokens", a.EventsIn, a.EventsOut, a.TokensBefore, a.TokensAfter, a.RealBefore, a.RealAfter)
	if a.HeaderTokens > 0 {
		// The folds' rows count the request, header and surface, as the
		// window does; said here, their numbers add up.
		as := ""
		if a.folds > 0 {
			as = ", as in the folds' rows"
		}
		fmt.Fprintf(bw, " (a request adds %d for the system prompt and tools: %d → %d%s)",
			a.HeaderTokens, a.RealBefore+a.HeaderTokens, a.RealAfter+a.HeaderTokens, as)
	}
	over := ""
	if a.Window > 0 && a.RealAfter > a.Window {
		// The warning on stderr says why; the summary, which a script
		// may keep alone, says that it is so.
		over = fmt.Sprintf(", still over --window %d", a.Window)
	}
	reused := ""
	if a.Reused > 0 {
		// A re-run: say that the store answered, or "47 folds" reads as
		// 47 new checkpoints both times.
		reused = fmt.Sprintf("%d reused from the store, ", a.Reused)
	}
	// An emergency fold at an overflow that refused to drop hard state is
	// not a broken fold: counted as "failed" it read as an error even when
	// later folds brought the surface within the window (trial 13).
	refused := ""
	if a.OverBudget > 0 {
		refused = fmt.Sprintf(", %d refused at an overflow (the hard state did not fit their budget)", a.OverBudget)
	}
	fmt.Fprintf(bw, "; %s by EF (%s%d skipped, %d vetoed, %d failed%s)%s%s\n", count(a.Committed, "fold"), reused, a.Skipped, a.Vetoed, a.Failed-a.OverBudget, refused, a.logFoldsLine(), over)
	return bw.Flush()
}

// foldPrintFold writes a fold's line of the text summary. refused is why
// an emergency fold at an overflow could not fit its checkpoint in the
// budget, "" for another fold: it refused rather than drop hard state,
// lost nothing and left the surface as it was, so its line says
// "refused", as the summary counts it, not "FAILED" (trial 14: two FAILED
// lines in a run that exited 0); whether the run fails for it is the
// outcome's (foldOutcome: only when the surface ends over the window).
func foldPrintFold(w io.Writer, f *engine.FoldReport, refused string) {
	verdict := ""
	if f.Verdict != nil {
		verdict = string(f.Verdict.Closure.Level)
	}
	switch {
	case refused != "":
		fmt.Fprintf(w, "  %-9s refused surface left as it was, hard state kept: %s\n", f.Mode, refused)
	case f.Error != "" && f.Verdict != nil && !f.Verdict.OK():
		fmt.Fprintf(w, "  %-9s vetoed  %s\n", f.Mode, f.Verdict.Summary())
	case f.Error != "":
		fmt.Fprintf(w, "  %-9s FAILED  %s\n", f.Mode, f.Error)
	case f.Skipped != "":
		fmt.Fprintf(w, "  %-9s skipped %s\n", f.Mode, f.Skipped)
	default:
		fmt.Fprintf(w, "  %-9s %-42s %9s  request %6d → %6d tokens  %s  recall %s\n", f.Mode, f.CheckpointID, count(len(f.ShadowedSeqs), "node"), f.TokensBefore, f.TokensAfter, verdict, f.Recall)
	}
}

// foldFull reports whether a fold's error means the store can take no more
// bundles: a write of the bundle store failed in a way the next fold's
// write would too. Every later fold would fail the same way (in a trial,
// 613 of 783 folds failed one after another on a full disk; in another,
// 260 of 260 on a store directory the user could not write), so ef fold
// stops at the first.
//
// That is a full disk (ENOSPC, or a quota, EDQUOT), an earlier failed
// fsync or rename that made the store fail-stop, a store opened read-only,
// and any other failed filesystem step of the store (a *bundle.Error:
// mkdir, create, write, chmod, ... refused for want of permission, on a
// read-only filesystem, on an I/O error) unless its cause is transient
// (foldTransient): the store's writes are not retried, and nothing in a
// later fold makes a refused directory writable.
func foldFull(err error) bool {
	if err == nil || foldDamaged(err) != nil || foldTransient(err) {
		return false
	}
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, bundle.ErrFailStopped) || errors.Is(err, bundle.ErrReadOnly) {
		return true
	}
	_, ok := errors.AsType[*bundle.Error](err)
	return ok
}

// foldTransient reports whether a store write failed for a cause that may
// be gone at the next fold: another writer held the store lock for the
// whole wait, a call interrupted or told to try again, the run cancelled
// (which ends the run anyway).
func foldTransient(err error) bool {
	return errors.Is(err, bundle.ErrLocked) || errors.Is(err, syscall.EINTR) || errors.Is(err, syscall.EAGAIN) ||
		errors.Is(err, syscall.ETIMEDOUT) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// foldRemedy says what lets the store take bundles again after the write
// that err reports failed, for the "to resume" line of a stopped fold.
func foldRemedy(err error, store string) string {
	quoted := shellQuote(store)
	switch {
	case errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT):
		return fmt.Sprintf("free space on the disk of %s (or raise the quota)", store)
	case errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EPERM):
		return fmt.Sprintf("make %s and its session directories writable by you (ls -ld %s shows their owner and mode), or fold into another --store", store, quoted)
	case errors.Is(err, syscall.EROFS) || errors.Is(err, bundle.ErrReadOnly):
		return fmt.Sprintf("%s is on a read-only filesystem: remount it read-write, or fold into another --store", store)
	case errors.Is(err, bundle.ErrFailStopped):
		return fmt.Sprintf("find why the disk of %s failed a sync or rename (the cause above; the system log may say more), and check the store with ef store verify %s", store, quoted)
	}
	return fmt.Sprintf("fix the cause above (the path it names is in %s)", store)
}

// foldOpenStoreError is ef fold's error when the store cannot be opened
// for writing. A cause the owner must fix (a read-only filesystem, a
// directory it may not write, a full disk) gets the remedy a fold that
// stops at such a write gives, and the rerun that follows; nothing was
// written yet.
func foldOpenStoreError(err error, store string) error {
	if foldFull(err) && !errors.Is(err, bundle.ErrFailStopped) {
		return fmt.Errorf("open store: %w\n  nothing was written; to fold: %s, then run the same ef fold command again", err, foldRemedy(err, store))
	}
	return fmt.Errorf("open store: %w", err)
}

// foldDamaged returns the stored bundle a fold's error says cannot be read
// (bundle.ErrStoredUnavailable: the store already holds the fold's
// checkpoint id in a file that is damaged, truncated or ambiguous), else
// nil.
//
// ef fold stops there rather than go on, and does not replace the file.
// Going on is what made one damaged bundle fail a cascade of folds: the
// fold of that span cannot commit, so the surface every later fold sees
// differs from the one the stored checkpoints were cut from, and each
// later fold archives another span than the one stored under its id. Nor
// does ef fold rewrite the checkpoint from the log on its own, although
// the log is the truth: the damaged file is an acknowledged bundle whose
// content nothing can check any more (its bytes fail the hash its name
// gives), and bundles are immutable. So the owner decides: ef store verify
// lists every bundle that fails; a backup restores the file, or moving it
// out of the store lets the same fold archive the checkpoint anew from the
// log (and ef store verify then no longer reports it lost: bundle's
// manifest lists the new file in its place).
func foldDamaged(err error) *bundle.UnavailableError {
	if !errors.Is(err, bundle.ErrStoredUnavailable) {
		return nil
	}
	if ue, ok := errors.AsType[*bundle.UnavailableError](err); ok {
		return ue
	}
	return &bundle.UnavailableError{Reason: "unavailable", Err: err}
}

// foldStopped is ef fold's error when it stopped at a write the store
// refused (foldFull) or at a checkpoint whose stored bundle cannot be read
// (foldDamaged). What it wrote stays: each stored checkpoint is a complete
// bundle, read back and verified before its fold committed, and a rerun of
// the same command names the same checkpoints and reuses them
// (fold_ids.go); the failed fold's bundle, when its file was complete
// before the manifest write failed, is one the rerun adopts. What it did
// not write is the new log.
type foldStopped struct {
	err          error
	fold, stored int // the fold that failed (1-based), checkpoints in the store
	// logFold is the checkpoint of the log's own fold whose archive
	// failed; "" when one of EF's folds did.
	logFold             string
	session, store, out string
	// outFailed is set when the write of the new log failed, not a
	// store's (foldAccount.outStopped); events is how many events of
	// the log were read by then (0: all of them).
	outFailed bool
	events    int
}

func (e *foldStopped) Error() string {
	where, after := fmt.Sprintf("fold %d", e.fold), fmt.Sprintf("fold %d and the folds after it", e.fold)
	if e.logFold != "" {
		where = "the log's own fold " + e.logFold
		after = "its archive and everything after it in the log"
	}
	if e.outFailed {
		return e.outError()
	}
	written := fmt.Sprintf("  written: %s of session %s in %s, each complete and verified (ef store verify checks them)\n"+
		"  not written: %s, and the new log (%s)\n",
		count(e.stored, "checkpoint"), e.session, e.store, after, foldNotWritten(e.out))
	if ue := foldDamaged(e.err); ue != nil {
		what := ue.Reason
		if ue.Err != nil {
			what += ": " + ue.Err.Error()
		}
		return fmt.Sprintf("stopped at %s: the store already holds its checkpoint %s, and the bundle cannot be read (%s)\n"+
			"  the bundle: %s\n"+
			"  ef fold neither replaces an archived bundle nor folds past it: without this checkpoint every later fold would cut other spans than the checkpoints stored under their ids\n"+
			"%s"+
			"  to go on: ef store verify %s lists every bundle that fails its check; restore this file from a backup, or move it out of the store, then run the same ef fold command again: it archives the checkpoint anew from the log and reuses the others",
			where, ue.CheckpointID, what, ue.Path, written, shellQuote(e.store))
	}
	return fmt.Sprintf("stopped at %s: the store cannot take more bundles: %v\n"+
		"%s"+
		"  to resume: %s, then run the same ef fold command again: it finds the checkpoints already stored and goes on from there",
		where, e.err, written, foldRemedy(e.err, e.store))
}

func (e *foldStopped) Unwrap() error { return e.err }

// outError is the error of a fold whose new log could not be written.
func (e *foldStopped) outError() string {
	where := "at the end of the log"
	if e.events > 0 {
		where = "after " + count(e.events, "event") + " of the log"
	}
	written := "  written: no checkpoint (no --store)\n"
	resume := "run the same ef fold command again"
	if e.store != "" {
		written = fmt.Sprintf("  written: %s of session %s in %s, each complete and verified (ef store verify checks them)\n",
			count(e.stored, "checkpoint"), e.session, e.store)
		resume += ": it finds the checkpoints already stored and goes on from there"
	}
	return fmt.Sprintf("stopped %s: the new log cannot be written: %v\n"+
		"%s"+
		"  not written: the new log (%s)\n"+
		"  to resume: %s, then %s",
		where, e.err, written, foldNotWritten(e.out), foldOutRemedy(e.err, e.out), resume)
}

// foldOutRemedy says what lets the new log at out be written after the
// write that err reports failed.
func foldOutRemedy(err error, out string) string {
	dir := filepath.Dir(out)
	if out == "-" {
		// --out -: the log is written to a temporary file first.
		dir = os.TempDir()
	}
	switch {
	case errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT):
		return fmt.Sprintf("free space on the disk of %s (or raise the quota), or give --out a path on another disk", dir)
	case errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EPERM):
		return fmt.Sprintf("make %s writable by you (ls -ld %s shows its owner and mode), or give --out another path", dir, shellQuote(dir))
	case errors.Is(err, syscall.EROFS):
		return fmt.Sprintf("%s is on a read-only filesystem: remount it read-write, or give --out another path", dir)
	}
	return fmt.Sprintf("fix the cause above (the new log is written in %s)", dir)
}

// foldNotWritten says that the new log was not written to out.
func foldNotWritten(out string) string {
	switch out {
	case "-":
		return "nothing was written to stdout"
	case "":
		return "none was asked for"
	}
	return out + " was not created"
}

// budgetReason is what an engine.ErrBudget error says after the engine's
// sentinel ("the smallest checkpoint, with its 12 lines of hard state …"),
// without the transaction's wrapping; the whole error when it says
// nothing more.
func budgetReason(err error) string {
	msg, sentinel := err.Error(), engine.ErrBudget.Error()
	if i := strings.Index(msg, sentinel+": "); i >= 0 {
		return msg[i+len(sentinel)+2:]
	}
	return msg
}

// foldOutcome is the end of ef fold's run once the new log is written:
// the error it exits with (nil: success) and the lines it writes to
// stderr. Failed folds fail the run, except emergency folds at an
// overflow that could not fit their checkpoint in the budget
// (OverBudget) when the surface ends within the window: later folds did
// what they could not, and a note says so. When the surface ends over
// the window, the error says why those folds could not bring it under.
//
// written names the new log when one was written (empty: none): a run
// that fails after writing it says so, since a failed fold left the
// surface as it was and the log is sound, only not what was asked.
func (a *foldAccount) outcome(stderr io.Writer, window, real int, written string) error {
	var errs []error
	over := window > 0 && real > window
	if other := a.Failed - a.OverBudget; other > 0 {
		errs = append(errs, fmt.Errorf("%d of %d folds failed (surface left unchanged for each; each one's line says why)", a.Failed, a.folds))
	} else if a.OverBudget > 0 && over {
		errs = append(errs, fmt.Errorf("the folded surface (%d o200k tokens) ends over --window %d:\n  %d of %d folds %s;\n  the last one: %s;\n  a larger --window leaves room for the hard state",
			real, window, a.OverBudget, a.folds, a.overBudgetWhat(window), a.budgetWhy))
	} else if a.OverBudget > 0 {
		fmt.Fprintf(stderr, "ef fold: note: %d of %d folds %s (the last one: %s); later folds brought the surface to %d o200k tokens, within the window\n",
			a.OverBudget, a.folds, a.overBudgetWhat(window), a.budgetWhy, real)
	}
	if a.LogFoldsFailed > 0 {
		errs = append(errs, fmt.Errorf("%d of the log's %s could not be archived (the new log holds them as the input did; each one's line says why)", a.LogFoldsFailed, count(len(a.LogFolds), "own fold")))
	}
	if len(errs) > 0 && written != "" {
		errs = append(errs, fmt.Errorf("the new log was written all the same (%s): each fold that failed or was refused left the surface as it was, so it holds the whole session", written))
	}
	return errors.Join(errs...)
}

// overBudgetWhat says what the OverBudget folds were and did.
func (a *foldAccount) overBudgetWhat(window int) string {
	if a.OverBudget == 1 {
		return fmt.Sprintf("(an emergency fold at an overflow) could not fit its checkpoint in its budget and left the surface as it was, over --window %d at that step", window)
	}
	return fmt.Sprintf("(emergency folds at an overflow) could not fit their checkpoint in the budget and left the surface as it was, over --window %d at those steps", window)
}
