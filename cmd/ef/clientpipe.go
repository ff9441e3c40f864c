package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// serveClient runs serve, a server answering a client on stdout (ef mcp,
// ef serve), so that a client that closes the connection mid-call ends it
// cleanly: a write to a closed pipe fails with EPIPE instead of killing
// the process with SIGPIPE (which said nothing), the server is stopped,
// and stderr says "NAME: client closed the connection". That ending is
// no error: the client chose it.
func serveClient(ctx context.Context, name string, stdout, stderr io.Writer, serve func(ctx context.Context, stdout io.Writer) error) error {
	// While SIGPIPE is notified, the runtime lets a write to a closed
	// stdout fail with EPIPE rather than exit by the signal.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGPIPE)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := &clientWriter{w: stdout, cancel: cancel}
	err := serve(ctx, w)
	if w.closed.Load() {
		fmt.Fprintf(stderr, "%s: client closed the connection\n", name)
		return nil
	}
	return err
}

// clientWriter is a server's stdout: a write the closed pipe refuses
// marks it closed and stops the server.
type clientWriter struct {
	w      io.Writer
	cancel context.CancelFunc
	closed atomic.Bool
}

func (c *clientWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil && errors.Is(err, syscall.EPIPE) {
		c.closed.Store(true)
		c.cancel()
	}
	return n, err
}
