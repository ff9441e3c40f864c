//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"testing"
)

// A client that closes its end of the server's stdout mid-call: the write
// fails with EPIPE, the server is stopped (its context done), stderr says
// the client closed the connection, and the command ends without error.
// The near misses: a server that fails on its own keeps its error and the
// line is not written; one that ends normally says nothing.
func TestServerClientClosedTheConnection(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	pr.Close() // the client is gone
	var stderr bytes.Buffer
	stopped := false
	err = serveClient(context.Background(), "ef mcp", pw, &stderr, func(ctx context.Context, w io.Writer) error {
		_, werr := w.Write([]byte("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n"))
		stopped = ctx.Err() != nil
		return werr
	})
	if err != nil || stderr.String() != "ef mcp: client closed the connection\n" || !stopped {
		t.Fatalf("closed pipe: err %v, stderr %q, server stopped %v", err, stderr.String(), stopped)
	}

	stderr.Reset()
	other := errors.New("store gone")
	err = serveClient(context.Background(), "ef serve", io.Discard, &stderr, func(context.Context, io.Writer) error { return other })
	if !errors.Is(err, other) || stderr.Len() != 0 {
		t.Fatalf("a server's own error: %v, stderr %q", err, stderr.String())
	}
	err = serveClient(context.Background(), "ef serve", io.Discard, &stderr, func(_ context.Context, w io.Writer) error {
		_, err := w.Write([]byte("x\n"))
		return err
	})
	if err != nil || stderr.Len() != 0 {
		t.Fatalf("a normal end: %v, stderr %q", err, stderr.String())
	}
}
