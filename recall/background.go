package recall

import (
	"context"
	"sync"
)

// A process that searches an index while other processes fold into the
// same store (several ef serve sidecars, ef fold) would otherwise index
// their checkpoints inside its next Sync, the one before a search: a
// search after many foreign folds waited for all of them. SyncBackground
// moves that work in between the calls, and gives way to them:
//
//   - Every other write (Sync, Add, Rebuild, DeleteSession, Close) counts
//     itself in Index.fg and cancels the running pass before it waits for
//     writeMu (lockWrite); the pass then stops between two checkpoints
//     (it does not wait for one being read), commits the checkpoints it
//     has added to its batch, and releases writeMu.
//   - A pass commits small batches (bgBatchDocs documents) and waits for
//     each to reach the disk before it goes on, a wait that neither giving
//     way nor the caller's context cuts short (Options.WriteTimeout bounds
//     it). So a write waits at most for one small batch being committed,
//     and a pass never leaves a committed batch that is not on disk
//     behind it (a later Close would lose it, and the next Open would
//     find the index behind its generation and rebuild it).
//   - A pass never bulk-builds (that cannot stop half-way); on an empty
//     index it indexes checkpoint by checkpoint like any other pass.
//
// What a pass writes is what Sync would have written: the same documents
// and watermark entries through the same writer, so a search answers the
// same whichever of the two indexed a checkpoint (BM25's statistics come
// from the watermark, not from how the batches fell into segments).

// bgBatchDocs and bgBatchBytes bound a background pass's batch: a write
// that arrives while one is committed waits for it. A fold's checkpoint is
// tens of documents, so this is a few checkpoints.
const (
	bgBatchDocs  = 256
	bgBatchBytes = 4 << 20
)

// background is an Index's state of background passes.
type background struct {
	run sync.Mutex // one pass at a time
	mu  sync.Mutex // guards yield
	// yield cancels the running pass (with cause ErrYielded); nil when
	// none runs.
	yield context.CancelCauseFunc
}

// bgPass is what sync needs of a background pass.
type bgPass struct {
	wait context.Context // what batches are waited for with: never cancelled
	w    *writer         // the pass's writer, once sync made it
}

// background turns w into a background pass's writer.
func (w *writer) background(bg *bgPass) {
	w.bg, w.wait = true, bg.wait
	w.batchDocs, w.batchBytes = min(w.batchDocs, bgBatchDocs), bgBatchBytes
	w.ahead = 1 // in between calls, next to the process's own work: one reader ahead
	bg.w = w
}

// lockWrite takes writeMu for a write other than SyncBackground, making a
// running background pass give way first.
func (x *Index) lockWrite() {
	x.fg.Add(1)
	x.bg.mu.Lock()
	if x.bg.yield != nil {
		x.bg.yield(ErrYielded)
	}
	x.bg.mu.Unlock()
	x.writeMu.Lock()
}

func (x *Index) unlockWrite() {
	x.writeMu.Unlock()
	x.fg.Add(-1)
}

// SyncBackground does what Sync does, for a goroutine that keeps the index
// up to date in between the calls that need it (package
// recall/bundlesource's Follow is one): checkpoints other processes
// archived are indexed before the Sync of the next search, which then has
// only what arrived since to do. It gives way to every other write: when
// a Sync, Add, Rebuild, DeleteSession or Close comes while it runs, it
// stops, commits the checkpoints it indexed so far (a wait of at most one
// small batch for the write) and returns ErrYielded; it returns
// ErrYielded at once when another write is waiting or running. When ctx
// ends it stops the same way and returns ctx's error. Passes run one at a
// time. An error of the index itself makes the index stale, as Sync's
// does.
func (x *Index) SyncBackground(ctx context.Context) (SyncStats, error) {
	if err := x.opened(); err != nil {
		return SyncStats{}, err
	}
	x.bg.run.Lock()
	defer x.bg.run.Unlock()
	yctx, yield := context.WithCancelCause(ctx)
	defer yield(nil)
	x.bg.mu.Lock()
	x.bg.yield = yield
	x.bg.mu.Unlock()
	defer func() {
		x.bg.mu.Lock()
		x.bg.yield = nil
		x.bg.mu.Unlock()
	}()
	// A write that counted itself before the pass was published did not
	// cancel it; it is seen here. One that holds writeMu is counted too,
	// so TryLock fails only in the moment between its Unlock and its count
	// going down.
	if x.fg.Load() > 0 || !x.writeMu.TryLock() {
		return SyncStats{}, ErrYielded
	}
	bg := &bgPass{wait: context.WithoutCancel(ctx)}
	st, err := func() (SyncStats, error) {
		defer x.writeMu.Unlock()
		if err := x.writable(); err != nil {
			return SyncStats{}, err
		}
		st, err := x.sync(yctx, bg)
		if err == nil || (ctx.Err() == nil && context.Cause(yctx) != ErrYielded) {
			return st, x.staleIfIndexFailed(err)
		}
		// Keep what was indexed: the batch holds whole checkpoints
		// (apply adds one at a time), at most one small batch to wait
		// for. A pass interrupted again and again still makes progress.
		if bg.w != nil {
			if err := bg.w.finish(); err != nil {
				return st, x.staleIfIndexFailed(err)
			}
		}
		if ctx.Err() != nil {
			return st, ctx.Err()
		}
		return st, ErrYielded
	}()
	if bg.w != nil {
		// Let the readers it started finish outside writeMu.
		yield(nil)
		bg.w.preparing.Wait()
	}
	return st, err
}
