package ctxio

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestReader: reads pass through until the context is done, then fail
// with its error and read nothing more.
func TestReader(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	src := strings.NewReader("abcdef")
	r := Reader(ctx, src)
	p := make([]byte, 3)
	if n, err := r.Read(p); n != 3 || err != nil || string(p) != "abc" {
		t.Fatalf("first read: %d %v %q", n, err, p)
	}
	cancel()
	if n, err := r.Read(p); n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %d %v", n, err)
	}
	if src.Len() != 3 {
		t.Fatalf("the reader read on after cancel: %d bytes left", src.Len())
	}
	if _, err := io.ReadAll(Reader(context.Background(), strings.NewReader("x"))); err != nil {
		t.Fatalf("live context: %v", err)
	}
}
