package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"
)

// readProgress says on stderr how a long read of a log goes (ef fold, ef
// state, ef inspect on a log of hundreds of MB take minutes): on a
// terminal, one line rewritten in place ("\r"), from a second on; into a
// file or a pipe, a plain line at most every progressEvery, so a log of
// the run shows it is alive without filling up. It never writes to
// stdout. Each line counts the events read, the folds (ef fold) and the
// time since the command started.
//
// It is an io.Writer over stderr: whatever else the command says on
// stderr goes through it, after the terminal line is cleared, so a note
// never lands in the middle of it. A nil *readProgress writes nothing of
// its own.
type readProgress struct {
	w     io.Writer
	cmd   string // "ef fold"
	tty   bool
	now   func() time.Time
	every time.Duration // between plain lines (no terminal)
	// folds counts the folds done so far (nil: the command does not fold).
	folds func() int

	mu         sync.Mutex
	t0, last   time.Time
	events     int
	phase      string // "reading ahead", …: empty while the command's main pass runs
	drew       bool   // a terminal line is shown
	plainLines int
}

const (
	progressEvery   = 30 * time.Second       // between plain lines
	progressTTYWait = time.Second            // before the first terminal line
	progressRedraw  = 250 * time.Millisecond // between terminal redraws
)

// progressClock is the progress lines' clock (a test's fake one).
var progressClock = time.Now

// newReadProgress is the progress of command cmd on stderr; off (nil when
// so) leaves stderr as it is: ef fold's --json account on stderr (--out -)
// is all stderr then holds.
func newReadProgress(stderr io.Writer, cmd string, off bool) *readProgress {
	if off {
		return nil
	}
	now := progressClock
	return &readProgress{w: stderr, cmd: cmd, tty: isTerminal(stderr), now: now, every: progressEvery, t0: now(), last: now()}
}

// Write clears the terminal line, then writes b to stderr.
func (p *readProgress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	return p.w.Write(b)
}

// Terminal reports whether stderr is a terminal (isTerminal).
func (p *readProgress) Terminal() bool { return p.tty }

// event counts one event read and shows the count when it is time.
func (p *readProgress) event() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events++
	p.showLocked()
}

// pass starts a pass over the log: phase names a pass before the main one
// ("reading ahead"), empty for the main one. The count starts again.
func (p *readProgress) pass(phase string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase, p.events = phase, 0
}

func (p *readProgress) showLocked() {
	now := p.now()
	switch {
	case p.tty && (now.Sub(p.t0) < progressTTYWait || now.Sub(p.last) < progressRedraw):
		return
	case !p.tty && now.Sub(p.last) < p.every:
		return
	}
	p.last = now
	line := p.lineLocked(now)
	if p.tty {
		fmt.Fprint(p.w, "\r\x1b[K"+line)
		p.drew = true
		return
	}
	fmt.Fprintln(p.w, line)
	p.plainLines++
}

func (p *readProgress) lineLocked(now time.Time) string {
	line := p.cmd + ": "
	if p.phase != "" {
		line += p.phase + ": "
	}
	line += count(p.events, "event") + " read"
	if p.folds != nil && p.phase == "" {
		line += ", " + count(p.folds(), "fold")
	}
	return line + ", " + now.Sub(p.t0).Round(time.Second).String()
}

func (p *readProgress) clearLocked() {
	if p.drew {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drew = false
	}
}

// done clears the terminal line.
func (p *readProgress) done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

// clearing is w (stdout) written after the terminal line is cleared, so
// a command's output never starts on the line the progress drew.
func (p *readProgress) clearing(w io.Writer) io.Writer {
	if p == nil || !p.tty {
		return w
	}
	return clearingWriter{p, w}
}

type clearingWriter struct {
	p *readProgress
	w io.Writer
}

func (c clearingWriter) Write(b []byte) (int, error) {
	c.p.done()
	return c.w.Write(b)
}

type readProgressKey struct{}

// withReadProgress gives p to the reads under ctx (readProgressOf), and
// returns the writer the command writes its stderr through: p, or stderr
// when p is nil.
func withReadProgress(ctx context.Context, p *readProgress, stderr io.Writer) (context.Context, io.Writer) {
	if p == nil {
		return ctx, stderr
	}
	return context.WithValue(ctx, readProgressKey{}, p), p
}

// readProgressOf is the progress the reads under ctx count their events
// in; nil (which counts nothing) when there is none.
func readProgressOf(ctx context.Context) *readProgress {
	p, _ := ctx.Value(readProgressKey{}).(*readProgress)
	return p
}
