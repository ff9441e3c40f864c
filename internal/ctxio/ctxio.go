// Package ctxio makes a long read stoppable: a reader that checks its
// context before each read, so a copy of a large log ends between reads
// once the command is cancelled.
package ctxio

import (
	"context"
	"io"
)

// Reader returns a reader of r whose reads fail with ctx.Err() once ctx is
// done. It checks before each read, so a read of r that blocks is not
// interrupted: callers that need prompt stops read in bounded chunks.
func Reader(ctx context.Context, r io.Reader) io.Reader {
	return reader{ctx, r}
}

type reader struct {
	ctx context.Context
	r   io.Reader
}

func (c reader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
