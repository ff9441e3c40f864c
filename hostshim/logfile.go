package hostshim

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// Persisted session logs, as the host's JSONL persistence backend
// (@deepseek-ai/dsh-session-persistence-jsonl) writes them: line 1 is the
// session header {"type":"session","version":V,"id":…}, every further line is
// one storage record (an event, or a packed chunk row standing for several).
// A log is plain newline-terminated UTF-8 (session.jsonl), or Zstandard
// (session.jsonl.zstd): one frame holding the header line, then one frame per
// append batch, a standard concatenation of independent frames.
//
// Tolerance follows the host's reader: a torn tail — a last line without its
// newline that is not valid JSON, or a final zstd frame cut short — is the
// remains of an interrupted append; it is skipped and reported, and the
// complete lines before it (including those decoded from the torn frame) are
// kept. Two deliberate differences from the host: a last line without a
// newline that IS a complete JSON record is kept (the host drops every
// unterminated line; an unterminated complete object can only be a finished
// record, and dropping it would lose data), and a malformed complete line
// anywhere is an error (the host ignores garbage after its last turn/end).

// Persistence format versions: the host's SESSION_FORMAT_VERSION of each
// wire generation.
const (
	FormatVersionGen01  = 0 // 0.1.0 / 0.1.1
	FormatVersionGen017 = 4 // 0.1.7
)

// GenerationOfVersion maps a header's format version to its wire generation.
func GenerationOfVersion(v int) (Generation, error) {
	switch v {
	case FormatVersionGen01:
		return Gen01, nil
	case FormatVersionGen017:
		return Gen017, nil
	}
	return 0, fmt.Errorf("%w: version %d (this model reads %d and %d)", ErrUnsupportedVersion, v, FormatVersionGen01, FormatVersionGen017)
}

// VersionOfGeneration is the format version a log of generation g is written
// with.
func VersionOfGeneration(g Generation) int {
	if g == Gen017 {
		return FormatVersionGen017
	}
	return FormatVersionGen01
}

// Compression is the physical encoding of a log file.
type Compression int

const (
	// CompressionAuto picks by file name when writing: Zstandard for names
	// ending in ".zstd" or ".zst", plain otherwise. Readers always detect
	// the encoding from the magic bytes.
	CompressionAuto Compression = iota
	// CompressionNone writes plain newline-delimited JSON.
	CompressionNone
	// CompressionZstd writes a header frame and one frame per Append.
	CompressionZstd
)

// DefaultMaxLineBytes is the line size limit when LogOptions.MaxLineBytes is
// zero.
const DefaultMaxLineBytes = 64 << 20

// zstdMagic opens every Zstandard frame.
const zstdMagic = "\x28\xb5\x2f\xfd"

// LogOptions configures reading and writing persisted logs. The zero value
// is ready to use.
type LogOptions struct {
	// MaxLineBytes bounds one (decompressed) line, without its newline. A
	// longer line is an error wrapping ErrLineTooLong. Reading memory is
	// bounded by this, never by the file size. Zero means 64 MiB.
	MaxLineBytes int
	// Lenient is copied to Session.Lenient by ReadSession (see there).
	// Zero means strict.
	Lenient bool
	// Compression selects the writer's encoding. Zero means CompressionAuto.
	// Readers ignore it.
	Compression Compression
}

func (o LogOptions) maxLine() int {
	if o.MaxLineBytes <= 0 {
		return DefaultMaxLineBytes
	}
	return o.MaxLineBytes
}

// TruncatedTail describes a torn tail that a reader skipped.
type TruncatedTail struct {
	Line   int    // 1-based line number the torn record would have had
	Bytes  int    // bytes of the torn record that were present
	Reason string // "unterminated line is not valid JSON", "zstd frame cut short", …
}

func (t TruncatedTail) String() string {
	if strings.HasPrefix(t.Reason, "zstd") {
		// A compressed log loses its whole last frame, not only the
		// bytes of a record decoded from it: say so, not "0 bytes".
		return fmt.Sprintf("line %d: torn tail skipped (%s: every record of the cut frame is lost, %d bytes of one were decoded)", t.Line, t.Reason, t.Bytes)
	}
	return fmt.Sprintf("line %d: torn tail skipped (%d bytes: %s)", t.Line, t.Bytes, t.Reason)
}

// LogReader streams the events of a persisted log. Memory is bounded by the
// longest line (plus the zstd window), not by the file.
//
// A LogReader is not safe for concurrent use. Only OpenLog and NewLogReader
// make one that reads: on a zero or nil LogReader, Next and ReadSession
// are ErrNotOpen (in a *LogError), Close does nothing, and the accessors
// return their zero results.
type LogReader struct {
	path   string
	opts   LogOptions
	header Header
	gen    Generation

	closer io.Closer
	dec    *zstd.Decoder
	src    *eofReader
	lr     lineReader

	pending  []Event // remaining members of the last packed row
	seq      int     // seq of the next record
	line     int     // line of the record the last event came from
	torn     *TruncatedTail
	err      error // sticky
	zstdMode bool
}

// OpenLog opens a persisted log, reads and checks its header, and returns a
// reader positioned at the first event. The encoding (plain or Zstandard) is
// detected from the first bytes. Close the reader when done.
func OpenLog(path string, opts LogOptions) (*LogReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &LogError{Op: "open", Path: path, Err: err}
	}
	r, err := NewLogReader(f, path, opts)
	if err != nil {
		f.Close()
		return nil, err
	}
	r.closer = f
	return r, nil
}

// NewLogReader reads a persisted log from src; name is used in errors.
// Closing the reader does not close src.
func NewLogReader(src io.Reader, name string, opts LogOptions) (*LogReader, error) {
	r := &LogReader{path: name, opts: opts}
	br := bufio.NewReaderSize(src, 64<<10)
	magic, _ := br.Peek(4)
	r.lr = lineReader{br: br, max: opts.maxLine()}
	if string(magic) == zstdMagic {
		// The eofReader tells a frame cut short at the end of the file (a
		// torn append) from damage before it.
		r.src = &eofReader{r: br}
		dec, err := zstd.NewReader(r.src,
			zstd.WithDecoderConcurrency(1), // synchronous: no goroutines, no read-ahead
			zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxWindow(64<<20),
			zstd.WithDecoderMaxMemory(uint64(opts.maxLine())+(128<<20)))
		if err != nil {
			return nil, &LogError{Op: "open", Path: name, Err: err}
		}
		r.dec, r.zstdMode = dec, true
		r.lr.br = bufio.NewReaderSize(dec, 64<<10)
	}
	line, term, err := r.lr.next()
	if err == io.EOF {
		r.Close()
		return nil, &LogError{Op: "open", Path: name, Line: 1, Err: fmt.Errorf("%w: empty log", ErrLogHeader)}
	}
	if err != nil {
		r.Close()
		return nil, r.streamError("open", 1, err)
	}
	_ = term // a header without newline and no events is still a header
	h, gen, err := ParseHeader(line)
	if err != nil {
		r.Close()
		le := &LogError{Op: "open", Path: name, Line: 1, Err: err}
		var fe *FieldError
		if errors.As(err, &fe) {
			le.Field = fe.Field
		}
		return nil, le
	}
	r.header, r.gen, r.line = h, gen, 1
	return r, nil
}

// Header returns the log's header (the zero Header for a nil reader).
func (r *LogReader) Header() Header {
	if r == nil {
		return Header{}
	}
	return r.header
}

// Generation returns the wire generation the header's version names (Gen01
// for a nil reader).
func (r *LogReader) Generation() Generation {
	if r == nil {
		return Gen01
	}
	return r.gen
}

// Compressed reports whether the log is Zstandard-encoded (false for a nil
// reader).
func (r *LogReader) Compressed() bool { return r != nil && r.zstdMode }

// Line returns the 1-based line of the record the last event came from (0
// for a nil reader).
func (r *LogReader) Line() int {
	if r == nil {
		return 0
	}
	return r.line
}

// Truncated returns the torn tail the reader skipped, or nil. It is final
// once Next has returned io.EOF. A nil reader's is nil.
func (r *LogReader) Truncated() *TruncatedTail {
	if r == nil {
		return nil
	}
	return r.torn
}

// notOpen is the error of a zero or nil reader.
func (r *LogReader) notOpen(op string) error {
	le := &LogError{Op: op, Err: ErrNotOpen}
	if r != nil {
		le.Path = r.path
	}
	return le
}

// Next returns the next event, expanding packed chunk rows into their member
// events. It returns io.EOF after the last event; a malformed line gives a
// *LogError naming the line and, when known, the field.
func (r *LogReader) Next() (Event, error) {
	if r == nil || r.lr.br == nil {
		return Event{}, r.notOpen("read")
	}
	if len(r.pending) > 0 {
		e := r.pending[0]
		r.pending = r.pending[1:]
		return e, nil
	}
	if r.err != nil {
		return Event{}, r.err
	}
	// A huge line's buffer goes once its event is decoded (a copy), not
	// at the next line: a pasted 50 MB output would otherwise be held
	// twice while the caller works on its event.
	defer r.lr.trim()
	for {
		line, term, err := r.lr.next()
		lineNo := r.line + 1
		if err != nil && err != io.EOF {
			if r.zstdMode && r.tornFrame(err) {
				if len(line) > 0 {
					r.torn = &TruncatedTail{Line: lineNo, Bytes: len(line), Reason: "zstd frame cut short"}
				} else {
					r.torn = &TruncatedTail{Line: lineNo, Bytes: 0, Reason: "zstd frame cut short at a line boundary"}
				}
				r.err = io.EOF
				return Event{}, io.EOF
			}
			r.err = r.streamError("read", lineNo, err)
			return Event{}, r.err
		}
		if err == io.EOF {
			r.err = io.EOF
			return Event{}, io.EOF
		}
		r.line = lineNo
		if len(bytes.TrimSpace(line)) == 0 {
			if !term {
				r.err = io.EOF
				return Event{}, io.EOF
			}
			r.err = &LogError{Op: "read", Path: r.path, Line: lineNo, Err: errors.New("empty line")}
			return Event{}, r.err
		}
		if !term && !json.Valid(line) {
			r.torn = &TruncatedTail{Line: lineNo, Bytes: len(line), Reason: "unterminated last line is not valid JSON"}
			r.err = io.EOF
			return Event{}, io.EOF
		}
		evs, err := DecodeRecord(line, r.seq)
		if err != nil {
			le := &LogError{Op: "read", Path: r.path, Line: lineNo, Err: err}
			var fe *FieldError
			if errors.As(err, &fe) {
				le.Field = fe.Field
			}
			r.err = le
			return Event{}, le
		}
		r.seq += len(evs)
		r.pending = evs[1:]
		return evs[0], nil
	}
}

// tornFrame reports whether a decompression error is a frame cut short by
// the end of the file (a torn append) rather than damage: the decoder ran
// out of input inside a frame, and the input was at its end. A bad checksum
// or bad magic (garbage after the last frame) is damage.
func (r *LogReader) tornFrame(err error) bool {
	return r.src != nil && r.src.eof && errors.Is(err, io.ErrUnexpectedEOF)
}

func (r *LogReader) streamError(op string, line int, err error) error {
	if errors.Is(err, ErrLineTooLong) {
		return &LogError{Op: op, Path: r.path, Line: line, Err: err}
	}
	if r.zstdMode {
		return &LogError{Op: op, Path: r.path, Line: line, Err: fmt.Errorf("%w: %v", ErrLogCorrupt, err)}
	}
	return &LogError{Op: op, Path: r.path, Line: line, Err: err}
}

// ReadSession reads the remaining events into a new Session of the log's
// generation, validating every append as the host does. LogOptions.Lenient
// is passed through. A skipped torn tail is added to Session.Warnings (and
// stays available from Truncated).
func (r *LogReader) ReadSession() (*Session, error) {
	return r.ReadSessionContext(context.Background())
}

// ReadSessionContext is ReadSession that stops once ctx is done: it checks
// ctx between events and then fails with an error that wraps ctx.Err()
// (errors.Is(err, context.Canceled)), so a Ctrl-C on a log of hundreds of
// MB stops within an event instead of at its end.
func (r *LogReader) ReadSessionContext(ctx context.Context) (*Session, error) {
	if r == nil || r.lr.br == nil {
		return nil, r.notOpen("read")
	}
	s := NewSession(r.header.ID, r.gen)
	s.Header = r.header
	s.Lenient = r.opts.Lenient
	for {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("read %s: after line %d: %w", r.path, r.Line(), err)
		}
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if err := s.AppendEvent(e); err != nil {
			return nil, r.AppendError(err)
		}
	}
	if w := r.TornWarning(); w != "" {
		s.Warnings = append(s.Warnings, w)
	}
	return s, nil
}

// AppendError is err, a session's refusal of the event Next returned last,
// as ReadSession reports it (a *LogError naming the line and the field),
// for a caller that appends the events to a session of its own (a nil
// reader names no path or line).
func (r *LogReader) AppendError(err error) error {
	le := &LogError{Op: "read", Field: appendErrorField(err), Err: err}
	if r != nil {
		le.Path, le.Line = r.path, r.line
	}
	return le
}

// TornWarning is the warning ReadSession adds to the session's for a torn
// last line it skipped ("" when there was none).
func (r *LogReader) TornWarning() string {
	if r == nil || r.torn == nil {
		return ""
	}
	return fmt.Sprintf("%s: %s", r.path, r.torn)
}

// appendErrorField names the envelope field an append refusal is about.
func appendErrorField(err error) string {
	var fe *FieldError
	switch {
	case errors.As(err, &fe):
		return fe.Field
	case errors.Is(err, ErrNotContiguous):
		return "seq"
	case errors.Is(err, ErrBadProvenance):
		return "sourceEventSeqs"
	case errors.Is(err, ErrBadSurfaceOp), errors.Is(err, ErrBadReplace), errors.Is(err, ErrNotSurfaceEligible):
		return "surfaceOp"
	}
	return "data"
}

// Close releases the reader (and the file, when opened by OpenLog). Closing
// a nil reader does nothing.
func (r *LogReader) Close() error {
	if r == nil {
		return nil
	}
	if r.dec != nil {
		r.dec.Close()
		r.dec = nil
	}
	if r.closer != nil {
		err := r.closer.Close()
		r.closer = nil
		return err
	}
	return nil
}

// ReadSession opens the log at path and reads it into a Session (see
// LogReader.ReadSession). The Session holds every event, so its memory
// grows with the log; to scan a large log without keeping it, use OpenLog
// and Next.
func ReadSession(path string, opts LogOptions) (*Session, error) {
	r, err := OpenLog(path, opts)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.ReadSession()
}

// ParseHeader parses a session header line and returns it (Raw holding a copy
// of line) with the generation its version names. A missing version means 0.
func ParseHeader(line []byte) (Header, Generation, error) {
	var h Header
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(line, &probe); err != nil || probe == nil {
		return h, 0, fmt.Errorf("%w: first line is not a JSON object", ErrLogHeader)
	}
	var typ string
	if err := json.Unmarshal(probe["type"], &typ); err != nil || typ != "session" {
		return h, 0, &FieldError{Field: "type", Err: fmt.Errorf("%w: want \"session\"", ErrLogHeader)}
	}
	if v, ok := probe["version"]; ok {
		var n json.Number
		if err := json.Unmarshal(v, &n); err != nil {
			return h, 0, &FieldError{Field: "version", Err: fmt.Errorf("%w: want a number", ErrLogHeader)}
		}
		ver, err := n.Int64()
		if err != nil {
			return h, 0, &FieldError{Field: "version", Err: fmt.Errorf("%w: want an integer, got %s", ErrLogHeader, n)}
		}
		if _, err := GenerationOfVersion(int(ver)); err != nil || int64(int(ver)) != ver {
			return h, 0, &FieldError{Field: "version", Err: fmt.Errorf("%w: version %s (this model reads %d and %d)", ErrUnsupportedVersion, n, FormatVersionGen01, FormatVersionGen017)}
		}
	}
	if v, ok := probe["id"]; !ok || v[0] != '"' {
		return h, 0, &FieldError{Field: "id", Err: fmt.Errorf("%w: want a string", ErrLogHeader)}
	}
	if err := json.Unmarshal(line, &h); err != nil {
		var ute *json.UnmarshalTypeError
		if errors.As(err, &ute) {
			return h, 0, &FieldError{Field: ute.Field, Err: fmt.Errorf("%w: %v", ErrLogHeader, err)}
		}
		return h, 0, fmt.Errorf("%w: %v", ErrLogHeader, err)
	}
	gen, _ := GenerationOfVersion(h.Version)
	h.Raw = append(json.RawMessage(nil), line...)
	return h, gen, nil
}

// encodeHeader returns the header line (without newline) that a log of
// generation gen starts with: h.Raw when set, else the host's toHeaderLine
// shape and key order.
func encodeHeader(h Header, gen Generation) ([]byte, error) {
	if h.Raw != nil {
		if _, _, err := ParseHeader(h.Raw); err != nil {
			return nil, err
		}
		return h.Raw, nil
	}
	if h.Version == 0 {
		h.Version = VersionOfGeneration(gen)
	}
	if _, err := GenerationOfVersion(h.Version); err != nil {
		return nil, &FieldError{Field: "version", Err: err}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"type":"session","version":%d,"id":%s,"createdAt":%d`, h.Version, marshalNoEscape(h.ID), h.CreatedAt)
	if h.Cwd != "" {
		fmt.Fprintf(&b, `,"cwd":%s`, marshalNoEscape(h.Cwd))
	}
	if h.Parent != "" {
		fmt.Fprintf(&b, `,"parentSession":%s`, marshalNoEscape(h.Parent))
	}
	b.WriteString(`,"delegationDepth":0}`)
	return b.Bytes(), nil
}

// isZstdName reports whether a file name asks for Zstandard.
func isZstdName(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".zstd" || ext == ".zst"
}

// lineReader splits a stream into lines, reusing one buffer.
type lineReader struct {
	br  *bufio.Reader
	buf []byte
	max int
}

// lineKeep is the largest line buffer a lineReader keeps between lines.
const lineKeep = 1 << 20

// trim drops the line buffer when a huge line grew it: the lines of a log
// are small but for a pasted output now and then, and the buffer would
// keep that output's size for the rest of the log.
func (lr *lineReader) trim() {
	if cap(lr.buf) > lineKeep {
		lr.buf = nil
	}
}

// next returns the next line without its newline and whether it had one.
// The slice is valid until the next call. At the end it returns io.EOF with
// no data; a stream error is returned with whatever partial line preceded it.
func (lr *lineReader) next() ([]byte, bool, error) {
	lr.buf = lr.buf[:0]
	for {
		frag, err := lr.br.ReadSlice('\n')
		if len(lr.buf)+len(frag) > lr.max+1 || (err != nil && len(lr.buf)+len(frag) > lr.max) {
			return nil, false, fmt.Errorf("%w: more than %d bytes", ErrLineTooLong, lr.max)
		}
		switch err {
		case nil:
			if len(lr.buf) == 0 {
				return frag[:len(frag)-1], true, nil
			}
			lr.buf = append(lr.buf, frag...)
			return lr.buf[:len(lr.buf)-1], true, nil
		case bufio.ErrBufferFull:
			lr.buf = append(lr.buf, frag...)
			continue
		case io.EOF:
			lr.buf = append(lr.buf, frag...)
			if len(lr.buf) == 0 {
				return nil, false, io.EOF
			}
			return lr.buf, false, nil
		default:
			lr.buf = append(lr.buf, frag...)
			return lr.buf, false, err
		}
	}
}

// eofReader records whether the underlying reader reached its end.
type eofReader struct {
	r   io.Reader
	eof bool
}

func (e *eofReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		e.eof = true
	}
	return n, err
}
