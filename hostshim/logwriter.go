package hostshim

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// LogWriter appends events to a new persisted log, in the host's layout:
// plain lines, or a Zstandard header frame followed by one frame per Append
// (the host writes one frame per durable append batch, at its default level,
// with checksums).
//
// Events are written through Event.StorageLine, so a packed chunk row read
// from a log is written once, as the line it was read from, with its first
// member; its other members must follow (in the same or later Appends) and
// write nothing.
//
// A LogWriter is safe for concurrent use; appends are serialised. Only
// CreateLog and CreateSessionLog make one that writes: on a zero or nil
// LogWriter, Append and Sync are ErrNotOpen (in a *LogError), Close does
// nothing and Len is 0.
type LogWriter struct {
	mu     sync.Mutex
	path   string
	f      *os.File
	enc    *zstd.Encoder // nil in plain mode
	next   int           // seq the next appended event must have
	size   int64         // bytes durably handed to the file so far
	buf    []byte
	closed bool
}

// CreateLog creates a new log file at path (mode 0600; an existing file is
// never overwritten) and writes its header: h.Raw when set (checked), else a
// header in the host's shape whose version defaults to the one of Gen01. The
// encoding comes from opts.Compression.
func CreateLog(path string, h Header, opts LogOptions) (*LogWriter, error) {
	gen := Gen01
	if h.Raw == nil && h.Version != 0 {
		g, err := GenerationOfVersion(h.Version)
		if err != nil {
			return nil, &LogError{Op: "create", Path: path, Line: 1, Field: "version", Err: err}
		}
		gen = g
	}
	return createLog(path, h, gen, opts)
}

func createLog(path string, h Header, gen Generation, opts LogOptions) (*LogWriter, error) {
	head, err := encodeHeader(h, gen)
	if err != nil {
		le := &LogError{Op: "create", Path: path, Line: 1, Err: err}
		var fe *FieldError
		if errors.As(err, &fe) {
			le.Field = fe.Field
		}
		return nil, le
	}
	compress := opts.Compression == CompressionZstd || (opts.Compression == CompressionAuto && isZstdName(path))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, &LogError{Op: "create", Path: path, Err: err}
	}
	w := &LogWriter{path: path, f: f}
	if compress {
		// SpeedDefault is zstd level 3, Node's default; CRC on, as the host
		// writes checksummed frames.
		w.enc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault),
			zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(true))
		if err != nil {
			f.Close()
			os.Remove(path)
			return nil, &LogError{Op: "create", Path: path, Err: err}
		}
	}
	if err := w.writeBatch(append(append([]byte(nil), head...), '\n')); err != nil {
		w.f.Close()
		os.Remove(path)
		return nil, &LogError{Op: "create", Path: path, Line: 1, Err: err}
	}
	return w, nil
}

// Append writes events as one batch: in plain mode their lines, in zstd mode
// one frame holding their lines. Events must continue the log's seqs. On a
// write failure the file is cut back to its previous length, so a failed
// append leaves no torn batch behind.
func (w *LogWriter) Append(events ...Event) error {
	if w == nil || w.f == nil {
		return w.notOpen("append")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return &LogError{Op: "append", Path: w.path, Err: ErrLogClosed}
	}
	if len(events) == 0 {
		return nil
	}
	w.buf = w.buf[:0]
	next := w.next
	for _, e := range events {
		if e.Seq != next {
			return &LogError{Op: "append", Path: w.path, Field: "seq", Err: fmt.Errorf("%w: event seq %d, log expects %d", ErrNotContiguous, e.Seq, next)}
		}
		next++
		if e.forgotten {
			return &LogError{Op: "append", Path: w.path, Field: "seq", Err: fmt.Errorf("%w: seq %d (%s)", ErrForgotten, e.Seq, e.Type)}
		}
		line, first := e.StorageLine()
		if !first {
			continue
		}
		if bytes.IndexByte(line, '\n') >= 0 {
			return &LogError{Op: "append", Path: w.path, Err: fmt.Errorf("seq %d (%s): encoded record contains a newline", e.Seq, e.Type)}
		}
		w.buf = append(w.buf, line...)
		w.buf = append(w.buf, '\n')
	}
	if len(w.buf) > 0 {
		if err := w.writeBatch(w.buf); err != nil {
			return &LogError{Op: "append", Path: w.path, Err: err}
		}
	}
	w.next = next
	if cap(w.buf) > 4<<20 {
		w.buf = nil // do not pin one huge batch's buffer
	}
	return nil
}

// notOpen is the error of a zero or nil writer.
func (w *LogWriter) notOpen(op string) error {
	le := &LogError{Op: op, Err: ErrNotOpen}
	if w != nil {
		le.Path = w.path
	}
	return le
}

// writeBatch writes plain bytes (compressed into one frame in zstd mode) and
// rolls the file back on failure.
func (w *LogWriter) writeBatch(plain []byte) error {
	out := plain
	if w.enc != nil {
		out = w.enc.EncodeAll(plain, nil)
	}
	n, err := w.f.Write(out)
	if err != nil {
		if n > 0 {
			if terr := w.f.Truncate(w.size); terr != nil {
				return fmt.Errorf("%w (and rollback failed: %v)", err, terr)
			}
			if _, serr := w.f.Seek(w.size, 0); serr != nil {
				return fmt.Errorf("%w (and rollback seek failed: %v)", err, serr)
			}
		}
		return err
	}
	w.size += int64(n)
	return nil
}

// Len returns the number of events appended so far (the next seq).
func (w *LogWriter) Len() int {
	if w == nil {
		return 0
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.next
}

// Sync flushes the file to stable storage. Append does not sync by itself;
// the host fsyncs every batch, and callers wanting that call Sync after
// Append.
func (w *LogWriter) Sync() error {
	if w == nil || w.f == nil {
		return w.notOpen("sync")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return &LogError{Op: "sync", Path: w.path, Err: ErrLogClosed}
	}
	if err := w.f.Sync(); err != nil {
		return &LogError{Op: "sync", Path: w.path, Err: err}
	}
	return nil
}

// Close syncs and closes the file. It is idempotent: later calls return nil.
func (w *LogWriter) Close() error {
	if w == nil || w.f == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	w.closed = true
	if w.enc != nil {
		w.enc.Close()
	}
	serr := w.f.Sync()
	cerr := w.f.Close()
	if serr != nil {
		return &LogError{Op: "close", Path: w.path, Err: serr}
	}
	if cerr != nil {
		return &LogError{Op: "close", Path: w.path, Err: cerr}
	}
	return nil
}

// CreateSessionLog creates a new log at path for s's events, with the
// header WriteSession writes (s.Header's Raw bytes when the session was read
// from a log, else one built from s.ID and s.Gen). The caller appends the
// events (all of them, from seq 0) as it goes: a session streamed through
// memory (see Session.Forget) is written this way. A nil Session is
// ErrNilSession (in a *LogError), and no file is created.
func CreateSessionLog(path string, s *Session, opts LogOptions) (*LogWriter, error) {
	if s == nil {
		return nil, &LogError{Op: "create", Path: path, Err: ErrNilSession}
	}
	h := s.Header
	if h.Raw == nil && h.ID == "" {
		h.ID = s.ID
	}
	if h.Raw == nil {
		h.Version = VersionOfGeneration(s.Gen)
	}
	return createLog(path, h, s.Gen, opts)
}

// writeSessionBatchBytes is where WriteSession cuts its batches, so that
// writing a large session never builds the whole file in memory.
const writeSessionBatchBytes = 1 << 20

// WriteSession writes every event of s to a new log at path: the header is
// s.Header (its Raw bytes when the session was read from a log, else one
// built from s.ID and s.Gen). A session read from a plain log and written
// plain gives a byte-identical file. In zstd mode events go in frames of
// about 1 MiB of lines. A nil Session is ErrNilSession (in a *LogError),
// and no file is created.
func WriteSession(path string, s *Session, opts LogOptions) error {
	if s == nil {
		return &LogError{Op: "create", Path: path, Err: ErrNilSession}
	}
	if s.Base() > 0 {
		return fmt.Errorf("write session %s: %w: Release dropped the events before seq %d", s.ID, ErrForgotten, s.Base())
	}
	w, err := CreateSessionLog(path, s, opts)
	if err != nil {
		return err
	}
	evs := s.Events()
	start, size := 0, 0
	for i, e := range evs {
		size += len(e.Data) + 64 // an estimate: encoding twice would double the cost
		if size >= writeSessionBatchBytes || i == len(evs)-1 {
			if err := w.Append(evs[start : i+1]...); err != nil {
				w.Close()
				return err
			}
			start, size = i+1, 0
		}
	}
	return w.Close()
}
