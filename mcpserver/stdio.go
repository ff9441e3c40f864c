package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// The SDK's stdio transport ends the whole session on one line it cannot
// decode. A client that writes a stray line (a log line on the wrong
// stream, a truncated message) should get a JSON-RPC error for that line
// and keep its session, as JSON-RPC 2.0 specifies: so ServeStdio reads the
// lines itself, answers the bad ones (-32700 parse error, -32600 invalid
// request) and hands only decodable messages to the SDK.

// MaxLine bounds one stdio line; a longer one is answered with an invalid
// request error and skipped.
const MaxLine = 64 << 20

// JSON-RPC 2.0 error codes of the stdio filter.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// lineWriter serialises whole lines to w: the SDK writes one message per
// Write call, and the filter's error replies must not land inside one.
type lineWriter struct {
	mu sync.Mutex
	w  io.WriteCloser
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lineWriter) Close() error { return l.w.Close() }

// reply writes a JSON-RPC error response for a line that never reached
// the SDK.
func (l *lineWriter) reply(id json.RawMessage, code int, msg string) error {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}})
	if err != nil {
		return err
	}
	_, err = l.Write(append(b, '\n'))
	return err
}

// filterLines copies the decodable JSON-RPC messages of r to out, one per
// line, and answers every other line on w. It returns when r ends (closing
// out, so the SDK sees the end of the stream) or out is closed.
func filterLines(r io.Reader, out *io.PipeWriter, w *lineWriter) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := readLine(br)
		if errors.Is(err, errLineTooLong) {
			if w.reply(nil, codeInvalidRequest, fmt.Sprintf("invalid request: a line over %d bytes", MaxLine)) != nil {
				out.Close()
				return
			}
			continue
		}
		if len(bytes.TrimSpace(line)) > 0 {
			if id, code, why := vet(bytes.TrimSpace(line)); code != 0 {
				if w.reply(id, code, why) != nil {
					out.Close()
					return
				}
			} else if _, werr := out.Write(append(bytes.TrimSpace(line), '\n')); werr != nil {
				return // the SDK closed its end
			}
		}
		if err != nil {
			out.CloseWithError(err)
			return
		}
	}
}

var errLineTooLong = errors.New("line too long")

// readLine reads one line (without its newline) of at most MaxLine bytes;
// a longer one is drained and reported as errLineTooLong.
func readLine(br *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > MaxLine {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, errLineTooLong
		}
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSuffix(buf, []byte("\n")), err
	}
}

// vet returns a non-zero JSON-RPC error code, and the id to answer with,
// for a line the SDK would refuse: not JSON, a batch (MCP since 2025-06-18
// has none), or not a JSON-RPC message.
func vet(line []byte) (json.RawMessage, int, string) {
	if !json.Valid(line) {
		return nil, codeParseError, "parse error: the line is not JSON"
	}
	if line[0] == '[' {
		return nil, codeInvalidRequest, "invalid request: JSON-RPC batches are not supported"
	}
	if _, err := jsonrpc.DecodeMessage(line); err != nil {
		var obj struct {
			ID json.RawMessage `json:"id"`
		}
		json.Unmarshal(line, &obj)
		return obj.ID, codeInvalidRequest, "invalid request: " + err.Error()
	}
	return nil, 0, ""
}
