package importer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// bigChatDocument writes an OpenAI chat log of n user/assistant pairs as
// one JSON document (read whole: openWhole), about 500 bytes a pair.
func bigChatDocument(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"messages":[`)
	pad := strings.Repeat("x", 200)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"role":"user","content":"step %d %s"},{"role":"assistant","content":"done %d %s"}`, i, pad, i, pad)
	}
	b.WriteString(`]}`)
	p := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// cancelAfter is a context whose Err turns context.Canceled after its
// first k calls: a cancel that arrives in the middle of a read.
type cancelAfter struct {
	context.Context
	calls atomic.Int64
	k     int64
}

func (c *cancelAfter) Err() error {
	if c.calls.Add(1) > c.k {
		return context.Canceled
	}
	return nil
}

// A file read whole stops within 64 KiB of a cancel: the read returns
// context.Canceled with the few chunks it read before, not the file.
func TestReadFileContextStopsWithinAChunk(t *testing.T) {
	p := bigChatDocument(t, 10000) // ~4.5 MB
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	data, err := readFileContext(&cancelAfter{Context: context.Background(), k: 3}, p)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(data) > 3*64<<10 {
		t.Errorf("read %d bytes of %d after the cancel: more than the 3 chunks before it", len(data), fi.Size())
	}
	// Near miss: a live context reads the whole file.
	data, err = readFileContext(context.Background(), p)
	if err != nil || int64(len(data)) != fi.Size() {
		t.Fatalf("live context: %d bytes of %d, err %v", len(data), fi.Size(), err)
	}
}

// A one-document trajectory opened with a cancelled context fails with an
// error that wraps context.Canceled (ef turns it into "interrupted"), as
// Import does; with a live context it reads, and a cancel after the open
// stops its events at the next one.
func TestOpenWholeCancelled(t *testing.T) {
	const pairs = 2000
	p := bigChatDocument(t, pairs)
	openCancelled(t, p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ImportContext(ctx, p); !errors.Is(err, context.Canceled) {
		t.Fatalf("ImportContext(cancelled): err = %v, want context.Canceled", err)
	}
	// The events read ahead for the session's identity come before the
	// cancel is seen; the rest of the ~4000 do not.
	if after := eventsAfterCancel(t, p); after > pairs/10 {
		t.Errorf("%d events read after the cancel (of ~%d)", after, 2*pairs)
	}
	// Near miss: a live context reads every event.
	if n := countEvents(t, p); n < 2*pairs {
		t.Fatalf("%d events, want at least %d", n, 2*pairs)
	}
	if ims, err := ImportContext(context.Background(), p); err != nil || len(ims) != 1 {
		t.Fatalf("ImportContext(live): %d sessions, err %v", len(ims), err)
	}
}
