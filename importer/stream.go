package importer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/ctxio"
)

// MaxWholeBytes is the largest trajectory Open reads whole: a format whose
// file is one JSON document (ATIF, mini-swe-agent, SWE-agent, the
// OpenAgents trajectory, a chat log saved as one {"messages": [...]}) and a
// line of a JSONL file that is a whole session (an OpenHands run, a chat
// conversation per line). The JSONL formats whose lines are a session's
// records stream at any size.
const MaxWholeBytes = 256 << 20

// Stream is one session of a trajectory file, read event by event without
// holding the file or the session (Open). A Stream is not safe for
// concurrent use; Close releases it.
type Stream struct {
	// Name names the session in its file, as Imported.Name.
	Name string
	// ID is the session's identity, as Imported.ID.
	ID string
	// IDFromContent is set when ID is a digest of the session's opening
	// (the source records no session id): two trajectories that open
	// alike (the same first 8 messages) have the same ID.
	IDFromContent bool
	// Format is the source format.
	Format Format

	ahead []hostshim.Event // read to know ID, not yet returned
	// idNote is Stats.IDRewritten: the recorded id safeRecordedID rewrote.
	idNote string
	next   func() (hostshim.Event, bool)
	stop   func()
	res    *streamResult
}

// streamResult is what the producer of a stream's events leaves at its end.
type streamResult struct {
	err   error
	stats Stats
	torn  *hostshim.TruncatedTail
}

// Open opens the session of the trajectory file at path for reading event
// by event. name picks one session of a file that holds several by its
// Name (FILE#ID); empty, the file must hold exactly one. The events are
// those ImportBytes builds, byte for byte.
//
// A JSONL format whose lines are one session's records (Claude Code, the
// Claude Agent SDK's stream, a chat log of one message per line) is read
// twice, line by line: once to pair every tool call with its result (which
// the source may record before the call or after other messages), once to
// build the events. What Open holds is a line, the calls not yet answered,
// and the records between a call and a result recorded after it (for a
// Claude Code session, also a few ids per record, from a first read that
// finds its dead-end branches: claudeCodeDeadEnds). A file
// that is one JSON document, and a JSONL file whose lines are whole
// sessions, are read a session at a time, up to MaxWholeBytes.
func Open(path, name string) (*Stream, error) {
	return OpenContext(context.Background(), path, name)
}

// OpenContext is Open that stops reading once ctx is done: the reads
// before the first event (a Claude Code session is read in full, twice,
// before it) and the events' reads check ctx every 64 KiB, as does the read
// of a file that is one JSON document (read whole, up to MaxWholeBytes),
// whose events then check it one by one; all fail with an error that wraps
// ctx.Err() (errors.Is(err, context.Canceled)).
// A Ctrl-C on a 200 MB log stops within milliseconds, not at its end.
func OpenContext(ctx context.Context, path, name string) (*Stream, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	base := filepath.Base(path)
	size := fi.Size()
	head, lines, more, err := readHead(f)
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	if lines == 0 || (lines == 1 && !more) {
		// One JSON document, or a file of one line.
		return openWhole(ctx, path, base, name, size)
	}
	format, err := DetectBytes(head)
	if err != nil {
		return nil, &Error{Path: base, Err: err}
	}
	var pass func(r io.Reader, t *transcript) error
	switch format {
	case FormatClaudeSDK, FormatCodex, FormatCodexExec:
		pass = lineParsers[format]
	case FormatClaudeCode:
		r, done, err := openFile(ctx, path, size)
		if err != nil {
			return nil, fmt.Errorf("import %s: %w", path, err)
		}
		dead, subagent, err := claudeCodeDeadEnds(r)
		done()
		if err != nil {
			return nil, &Error{Path: base, Format: format, Err: err}
		}
		pass = func(r io.Reader, t *transcript) error {
			t.deadEnds, t.subagent = dead, subagent
			return parseClaudeCode(r, t)
		}
	case FormatOpenAIChat, FormatAnthropic, FormatLangChain, FormatResponses:
		if conversationLines(head) {
			return openLines(ctx, path, base, name, size, format)
		}
		pass = func(r io.Reader, t *transcript) error {
			c := chatLines{name: base, t: t, conv: func(Imported) error { return nil }}
			var err error
			t.torn, err = c.scan(r)
			return err
		}
	case FormatOpenHands:
		if h := bytes.TrimSpace(head); len(h) > 0 && h[0] == '[' {
			// a trajectory saved as one array of events
			return openWhole(ctx, path, base, name, size)
		}
		return openLines(ctx, path, base, name, size, format)
	case FormatGemini:
		if !geminiRecordingLines(head) {
			return openWhole(ctx, path, base, name, size)
		}
		r, done, err := openFile(ctx, path, size)
		if err != nil {
			return nil, fmt.Errorf("import %s: %w", path, err)
		}
		plan, err := planGeminiRecording(r)
		done()
		if err != nil {
			ie := importError(err)
			ie.Format, ie.Path = format, base
			return nil, ie
		}
		pass = func(r io.Reader, t *transcript) error { return parseGeminiRecording(r, t, plan) }
	case FormatQwen:
		r, done, err := openFile(ctx, path, size)
		if err != nil {
			return nil, fmt.Errorf("import %s: %w", path, err)
		}
		plan, err := planQwen(r)
		done()
		if err != nil {
			ie := importError(err)
			ie.Format, ie.Path = format, base
			return nil, ie
		}
		pass = func(r io.Reader, t *transcript) error { return parseQwen(r, t, plan) }
	default:
		return openWhole(ctx, path, base, name, size)
	}
	if name != "" && name != base {
		return nil, fmt.Errorf("%s holds no session %s (it holds %s)", path, name, base)
	}
	return openTwoPass(ctx, path, base, size, format, pass)
}

// readHead reads the first non-empty lines of a file for DetectBytes, each
// whole, until they name the format (the first line does, unless it is one
// of the bookkeeping records a JSONL format may open with) or detectLines
// of them; lines is 0 when the first is not a JSON object (the file is one
// document, or none of ours). more says whether a non-empty line follows.
func readHead(f *os.File) (head []byte, lines int, more bool, err error) {
	r := bufio.NewReader(f)
	for lines < detectLines {
		line, err := r.ReadBytes('\n')
		if raw := bytes.TrimSpace(line); len(raw) > 0 {
			head = append(head, line...)
			lines++
			if lines == 1 {
				var top map[string]json.RawMessage
				if json.Unmarshal(bytes.TrimPrefix(raw, utf8BOM), &top) != nil {
					return nil, 0, false, nil
				}
				if !jsonlPreamble(top) {
					if _, derr := DetectBytes(head); derr == nil {
						break
					}
					// No format reads the line: the generic reading
					// looks for messages on the next lines too.
				}
			} else if _, derr := DetectBytes(head); derr == nil {
				break
			}
		}
		if errors.Is(err, io.EOF) {
			return head, lines, false, nil
		}
		if err != nil {
			return nil, 0, false, err
		}
	}
	// Another non-empty line? Look without reading it whole.
	for {
		b, err := r.ReadByte()
		if err != nil {
			return head, lines, false, nil
		}
		if b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			return head, lines, true, nil
		}
	}
}

// geminiRecordingLines reports whether a Gemini file's first line opens
// a Gemini CLI JSONL recording.
func geminiRecordingLines(head []byte) bool {
	line, _, _ := bytes.Cut(bytes.TrimPrefix(bytes.TrimSpace(head), utf8BOM), []byte("\n"))
	var top map[string]json.RawMessage
	return json.Unmarshal(line, &top) == nil && isGeminiRecordingHead(top)
}

// conversationLines reports whether a chat JSONL file's first line is a
// whole conversation ({"messages": [...]}).
func conversationLines(head []byte) bool {
	line, _, _ := bytes.Cut(bytes.TrimPrefix(bytes.TrimSpace(head), utf8BOM), []byte("\n"))
	var top map[string]json.RawMessage
	if json.Unmarshal(line, &top) != nil {
		return false
	}
	_, ok := top["messages"]
	return ok
}

// openFile opens path for one pass: the first size bytes (what the first
// pass saw: a log that grows meanwhile is read as it was), without a UTF-8
// byte order mark. Its reads fail with ctx.Err() once ctx is done.
func openFile(ctx context.Context, path string, size int64) (io.Reader, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	r := bufio.NewReaderSize(ctxio.Reader(ctx, io.LimitReader(f, size)), 64<<10)
	if b, err := r.Peek(len(utf8BOM)); err == nil && bytes.Equal(b, utf8BOM) {
		r.Discard(len(utf8BOM))
	}
	return r, func() { f.Close() }, nil
}

// openTwoPass streams a one-session JSONL file: pass reads it into a
// transcript whose items go on as they are done.
func openTwoPass(ctx context.Context, path, base string, size int64, format Format, pass func(io.Reader, *transcript) error) (*Stream, error) {
	fail := func(err error) (*Stream, error) {
		ie := importError(err)
		ie.Format, ie.Path = format, base
		return nil, ie
	}
	// The first pass pairs calls with results and learns what the
	// header needs (model, provider) and the recorded session id.
	r, done, err := openFile(ctx, path, size)
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	first := &transcript{}
	p := newPairer()
	first.emit = func(it item) error {
		p.add(it)
		return nil
	}
	err = pass(r, first)
	done()
	if err == nil {
		err = first.drain(true)
	}
	if err != nil {
		return fail(err)
	}
	if format == FormatOpenAIChat || format == FormatAnthropic || format == FormatLangChain || format == FormatResponses {
		format = first.chatFormat()
	}
	res := &streamResult{torn: first.torn}
	events := func(yield func(hostshim.Event) bool) {
		r, done, err := openFile(ctx, path, size)
		if err != nil {
			res.err = fmt.Errorf("import %s: %w", path, err)
			return
		}
		defer done()
		stopped := errors.New("stopped")
		b := newBuilder(first, p.pairs, func(e hostshim.Event) error {
			if !yield(e) {
				return stopped
			}
			return nil
		})
		second := &transcript{emit: b.push}
		err = pass(r, second)
		if err == nil {
			err = second.drain(true)
		}
		if err == nil {
			res.stats, err = b.finish()
		}
		if err != nil && !errors.Is(err, stopped) {
			_, res.err = fail(err)
		}
	}
	return newStream(base, format, first.recordedID, events, res)
}

// newStream starts the events and reads ahead as far as the session's
// identity needs.
func newStream(name string, f Format, recorded string, events iter.Seq[hostshim.Event], res *streamResult) (*Stream, error) {
	next, stop := iter.Pull(events)
	s := &Stream{Name: name, Format: f, next: next, stop: stop, res: res}
	id := newIdentity(f, recorded)
	for !id.complete() {
		e, ok := next()
		if !ok {
			break
		}
		id.add(e)
		s.ahead = append(s.ahead, e)
	}
	if res.err != nil {
		stop()
		return nil, res.err
	}
	s.ID, s.IDFromContent, s.idNote = id.id(), recorded == "", id.rewritten
	return s, nil
}

// fromImported is a stream over a session already imported; its events
// stop once ctx is done (Next fails with an error that wraps ctx.Err()).
func fromImported(ctx context.Context, im Imported) (*Stream, error) {
	res := &streamResult{stats: im.Stats, torn: im.Torn}
	events := func(yield func(hostshim.Event) bool) {
		for _, e := range im.Session.Events() {
			if err := ctx.Err(); err != nil {
				res.err = fmt.Errorf("import %s: %w", im.Name, err)
				return
			}
			if !yield(e) {
				return
			}
		}
	}
	s, err := newStream(im.Name, im.Format, "", events, res)
	if err == nil {
		s.ID = im.ID
	}
	return s, err
}

// openWhole imports a file read whole (one JSON document), up to
// MaxWholeBytes. The read checks ctx every 64 KiB (readFileContext), and
// ctx again once the document is parsed and between the events.
func openWhole(ctx context.Context, path, base, name string, size int64) (*Stream, error) {
	if size > MaxWholeBytes {
		return nil, &Error{Path: base, Err: fmt.Errorf("%w: %d MiB, over the %d MiB ef reads whole: a file that is one JSON document is read whole (a chat log of one message per line streams at any size, e.g. jq -c '.messages[]')", ErrTooLarge, size>>20, MaxWholeBytes>>20)}
	}
	data, err := readFileContext(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	if index := recodeNonUTF8(bytes.TrimPrefix(data, utf8BOM)); name != "" && isContinueIndexFile(index) {
		// One session of Continue's index: only its file is read.
		ims, err := importContinueIndex(path, index, name)
		if err != nil {
			return nil, err
		}
		return pick(ctx, path, name, ims, len(ims))
	}
	ims, err := importPath(path, data)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	return pick(ctx, path, name, ims, len(ims))
}

// openLines imports a JSONL file whose lines are whole sessions, keeping
// only the one asked for.
func openLines(ctx context.Context, path, base, name string, size int64, format Format) (*Stream, error) {
	r, done, err := openFile(ctx, path, size)
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	defer done()
	var (
		kept  []Imported
		names []string
	)
	keep := func(im Imported) error {
		names = append(names, im.Name)
		if (name == "" && len(kept) == 0) || im.Name == name {
			kept = append(kept, im)
		}
		return nil
	}
	var torn *hostshim.TruncatedTail
	if format == FormatOpenHands {
		torn, err = scanOpenHands(base, r, keep)
	} else {
		c := chatLines{name: base, conv: keep}
		torn, err = c.scan(r)
		if err == nil && c.messages > 0 {
			err = fmt.Errorf("%w: a file holds messages or conversations, one per line, not both", ErrMalformed)
		}
	}
	if err != nil {
		ie := importError(err)
		ie.Format, ie.Path = format, base
		return nil, ie
	}
	if len(names) == 0 {
		return nil, &Error{Format: format, Path: base, Err: ErrEmpty}
	}
	for i := range kept {
		kept[i].Torn = torn
	}
	if (name == "" && len(names) > 1) || len(kept) == 0 {
		// Several sessions and none named, or the one named is not
		// here: the refusal lists them all.
		return pick(ctx, path, name, names2imported(names), len(names))
	}
	return pick(ctx, path, name, kept, len(names))
}

func names2imported(names []string) []Imported {
	out := make([]Imported, len(names))
	for i, n := range names {
		out[i].Name = n
	}
	return out
}

// pick returns the stream of the session named name of ims (the only one
// when name is empty).
func pick(ctx context.Context, path, name string, ims []Imported, total int) (*Stream, error) {
	names := make([]string, len(ims))
	for i, im := range ims {
		if name != "" && im.Name == name {
			return fromImported(ctx, im)
		}
		names[i] = im.Name
	}
	switch {
	case name != "":
		return nil, fmt.Errorf("%s holds no session %s (it holds %s)", path, name, strings.Join(names, ", "))
	case total > 1:
		return nil, fmt.Errorf("%s holds %d sessions (%s); name one as %s#ID, e.g. %s", path, total,
			strings.Join(names, ", "), path, filepath.Join(filepath.Dir(path), names[0]))
	case len(ims) == 0:
		return nil, fmt.Errorf("%s holds no session", path)
	}
	return fromImported(ctx, ims[0])
}

// Next returns the session's next event, io.EOF after the last (at once
// for a zero or nil Stream).
func (s *Stream) Next() (hostshim.Event, error) {
	if s == nil || s.next == nil {
		return hostshim.Event{}, io.EOF
	}
	if len(s.ahead) > 0 {
		e := s.ahead[0]
		s.ahead[0] = hostshim.Event{}
		s.ahead = s.ahead[1:]
		return e, nil
	}
	if e, ok := s.next(); ok {
		return e, nil
	}
	if s.res.err != nil {
		return hostshim.Event{}, s.res.err
	}
	return hostshim.Event{}, io.EOF
}

// Stats describes the import; complete once Next returned io.EOF.
func (s *Stream) Stats() Stats {
	if s == nil || s.res == nil {
		return Stats{}
	}
	st := s.res.stats
	if s.idNote != "" {
		st.IDRewritten = s.idNote
	}
	return st
}

// Torn is the file's torn last line that was skipped, or nil.
func (s *Stream) Torn() *hostshim.TruncatedTail {
	if s == nil || s.res == nil {
		return nil
	}
	return s.res.torn
}

// Close stops reading. It is idempotent, and does nothing on a zero
// Stream.
func (s *Stream) Close() {
	if s != nil && s.stop != nil {
		s.stop()
	}
}

// readFileContext is os.ReadFile that checks ctx every 64 KiB and fails
// with ctx.Err() once it is done.
func readFileContext(ctx context.Context, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 0
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() < MaxWholeBytes<<1 {
		size = int(fi.Size())
	}
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	_, err = buf.ReadFrom(ctxio.Reader(ctx, chunked{f}))
	return buf.Bytes(), err
}

// chunked reads at most 64 KiB at a time, so a ctxio.Reader over it checks
// its context that often.
type chunked struct{ r io.Reader }

func (c chunked) Read(p []byte) (int, error) {
	if len(p) > 64<<10 {
		p = p[:64<<10]
	}
	return c.r.Read(p)
}
