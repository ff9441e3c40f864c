package hostshim

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// cancelAfterCalls is a context whose Err turns context.Canceled after its
// first k calls: a Ctrl-C in the middle of a read.
type cancelAfterCalls struct {
	context.Context
	calls atomic.Int64
	k     int64
}

func (c *cancelAfterCalls) Err() error {
	if c.calls.Add(1) > c.k {
		return context.Canceled
	}
	return nil
}

// ReadSessionContext stops between events once its context is done, with
// an error that wraps context.Canceled; with a live context it reads what
// ReadSession reads.
func TestReadSessionContextStopsBetweenEvents(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.jsonl")
	events, _ := writeSyntheticLog(t, p, 2<<20, false)
	read := func(ctx context.Context) (*Session, error) {
		r, err := OpenLog(p, LogOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		return r.ReadSessionContext(ctx)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := read(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before: err = %v, want context.Canceled", err)
	}
	// A cancel after 10 events: the read stops at the 11th.
	if _, err := read(&cancelAfterCalls{Context: context.Background(), k: 10}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled while reading: err = %v, want context.Canceled", err)
	}

	// Near miss: a live context reads every event, as ReadSession does.
	s, err := read(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenLog(p, LogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	whole, err := r.ReadSession()
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != whole.Len() || s.Len() != events {
		t.Fatalf("live context read %d events, ReadSession %d, the log holds %d", s.Len(), whole.Len(), events)
	}
}
