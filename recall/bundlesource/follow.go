package bundlesource

import (
	"context"
	"errors"
	"hash/fnv"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/epistemicfold/ef/bundle"
	"github.com/epistemicfold/ef/recall"
)

// DefaultFollowInterval is how often a Follower looks at the store when
// FollowOptions.Interval is zero.
const DefaultFollowInterval = 500 * time.Millisecond

// FollowOptions configure Follow. The zero value is ready to use.
type FollowOptions struct {
	// Interval is how often the store's directories are looked at for
	// bundles written by other processes. Zero means
	// DefaultFollowInterval.
	Interval time.Duration
	// Logger receives what a background pass could not do. Nil discards.
	Logger *slog.Logger
}

// FollowStats counts what a Follower did. It is a plain value.
type FollowStats struct {
	Passes      int // background passes run to the end
	Yields      int // passes that gave way to another write of the index
	Checkpoints int // checkpoints the passes indexed
	Removed     int // checkpoints the passes removed
}

// Follower keeps a recall index up to date with a bundle store that other
// processes write too (several ef serve sidecars, ef fold), in between the
// calls that search it: it looks at the store's directories every
// interval, and when they changed runs a background pass
// (recall.Index.SyncBackground), which gives way to every other write of
// the index. The Sync a search makes first then has only what arrived
// since the last pass to index: the answers are the same, the work is
// done earlier.
//
// Noticing costs a read of the store root and a stat of each session
// directory: a bundle written, replaced or removed changes its session
// directory's modification time, and a session added or deleted the
// root's. A change that falls in the clock tick of the last look may go
// unnoticed until the next change; the next search's Sync takes it in.
type Follower struct {
	x      *recall.Index
	root   string
	opts   FollowOptions
	cancel context.CancelFunc
	done   chan struct{}
	stop   sync.Once

	mu    sync.Mutex
	stats FollowStats
	busy  int // Busy holders
}

// Follow starts a Follower of store for x, which must be an index over
// the same store (New(store)). Stop it before closing x.
func Follow(x *recall.Index, store *bundle.Store, opts FollowOptions) *Follower {
	if opts.Interval <= 0 {
		opts.Interval = DefaultFollowInterval
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	f := &Follower{x: x, root: store.Root(), opts: opts, cancel: cancel, done: make(chan struct{})}
	go f.run(ctx)
	return f
}

// Stop stops the Follower and waits for its goroutine to end (a pass
// under way commits what it indexed first, at most one small batch). It
// is idempotent; stopping a zero or nil Follower does nothing.
func (f *Follower) Stop() {
	if f == nil || f.cancel == nil {
		return
	}
	f.stop.Do(f.cancel)
	<-f.done
}

// Busy tells the Follower that the process is doing work of its own (a
// request being answered) until done is called: the Follower starts no
// pass meanwhile, so the background work takes the time the process
// leaves. A pass under way goes on (it indexes what arrived since the
// last one; a write of the index still makes it give way). Holders may
// overlap; done is idempotent. A nil Follower's done does nothing.
func (f *Follower) Busy() (done func()) {
	if f == nil {
		return func() {}
	}
	f.mu.Lock()
	f.busy++
	f.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			f.mu.Lock()
			f.busy--
			f.mu.Unlock()
		})
	}
}

// Stats returns what the Follower did so far (nothing, for a nil one).
func (f *Follower) Stats() FollowStats {
	if f == nil {
		return FollowStats{}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.stats
}

func (f *Follower) run(ctx context.Context) {
	defer close(f.done)
	tick := time.NewTicker(f.opts.Interval)
	defer tick.Stop()
	var last dirStamp // of the directories as the last pass to end began
	have, warned := false, false
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		now, err := readStamp(f.root)
		if err != nil {
			if !warned {
				f.opts.Logger.Warn("recall: cannot look at the store for new bundles", "root", f.root, "err", err)
				warned = true
			}
			continue
		}
		warned = false
		if have && now.sum == last.sum && !last.racy {
			continue
		}
		f.mu.Lock()
		busy := f.busy > 0
		f.mu.Unlock()
		if busy {
			continue
		}
		st, err := f.x.SyncBackground(ctx)
		f.count(st, err)
		switch {
		case err == nil:
			last, have = now, true
		case ctx.Err() != nil:
			return
		case errors.Is(err, recall.ErrYielded):
			// Another write went first: try again at the next tick.
		case errors.Is(err, recall.ErrClosed), errors.Is(err, recall.ErrStale):
			f.opts.Logger.Warn("recall: background indexing stopped", "err", err)
			return
		default:
			// The store could not be read: try again when it changes
			// (each search's Sync still tries).
			f.opts.Logger.Warn("recall: background indexing pass failed", "err", err)
			last, have = now, true
		}
		if st.Checkpoints > 0 || st.Removed > 0 {
			f.opts.Logger.Debug("recall: indexed in the background", "checkpoints", st.Checkpoints, "messages", st.Messages, "removed", st.Removed, "err", err)
		}
	}
}

func (f *Follower) count(st recall.SyncStats, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case err == nil:
		f.stats.Passes++
	case errors.Is(err, recall.ErrYielded):
		f.stats.Yields++
	}
	f.stats.Checkpoints += st.Checkpoints
	f.stats.Removed += st.Removed
}

// racyAge is how recent a directory's modification time must be for a
// look to be unsure it saw every change: a second change within the same
// tick of the file system's clock leaves the time as it was. File systems
// with nanosecond times (ext4, xfs, btrfs, tmpfs, APFS) tick every few
// milliseconds.
const racyAge = 100 * time.Millisecond

// dirStamp sums up the names and modification times of the store root
// and its session directories.
type dirStamp struct {
	sum uint64
	// racy is set when a time was too recent to be sure a later change
	// will show (racyAge): the next look runs a pass whatever it sees.
	racy bool
}

// readStamp looks at the root and every directory in it whose name is
// not a dot-name (the store keeps its sessions in such directories, and
// derived caches, the index among them, under dot-names, which are left
// out so that indexing does not look like a change of the store).
func readStamp(root string) (dirStamp, error) {
	seen := time.Now()
	h := fnv.New64a()
	var st dirStamp
	note := func(name string, fi os.FileInfo) {
		mt := fi.ModTime()
		h.Write([]byte(name))
		var b [9]byte
		ns := mt.UnixNano()
		for i := 0; i < 8; i++ {
			b[i] = byte(ns >> (8 * i))
		}
		h.Write(b[:])
		if seen.Sub(mt) < racyAge {
			st.racy = true
		}
	}
	fi, err := os.Stat(root)
	if err != nil {
		return st, err
	}
	note("", fi)
	ents, err := os.ReadDir(root)
	if err != nil {
		return st, err
	}
	for _, e := range ents {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		fi, err := os.Stat(filepath.Join(root, e.Name()))
		if err != nil {
			continue // deleted since the listing: the root's time shows it
		}
		note(e.Name(), fi)
	}
	st.sum = h.Sum64()
	return st, nil
}
