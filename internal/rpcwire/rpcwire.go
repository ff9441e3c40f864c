// Package rpcwire holds what the two JSON-RPC 2.0 servers of ef share on
// their stdio wire, one message per line (NDJSON): the DSH sidecar
// (package sidecar, `ef serve`) and the MCP server's stdio filter (package
// mcpserver, `ef mcp`). It is the standard error codes, a line reader that
// bounds a line and survives an oversized one, and the answer to a line
// that is not a message. It knows no method and holds no state; its
// functions are safe for concurrent use on distinct readers.
package rpcwire

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// Error codes JSON-RPC 2.0 defines.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
)

// ReadLine reads one line of at most max bytes (its newline counted) and
// returns it without the newline. A last line with no newline is returned
// with a nil error; after it, io.EOF with no data. A line over max is read
// to its end and dropped, and the error wraps ErrLineTooLong, so that the
// next call starts on the next message. Any other read error is returned
// with the part of the line read before it.
func ReadLine(br *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > max {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, fmt.Errorf("%w: over %d bytes", ErrLineTooLong, max)
		}
		buf = append(buf, chunk...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == nil:
			return buf[:len(buf)-1], nil
		case err == io.EOF && len(buf) > 0:
			return buf, nil
		default:
			return buf, err
		}
	}
}

// Refusal is the code and message answering line, a trimmed, non-empty
// line that is not JSON or not a JSON object: a parse error naming what
// is wrong, or an invalid request for a batch (the sidecar takes none: it
// handles messages one at a time; the MCP filter answers a batch itself
// before asking, as the protocol version it agreed on says) or any other
// JSON value. ok is false for a JSON object, which the caller
// decodes as a message; Mismatch words its decoding error.
func Refusal(line []byte) (code int, msg string, ok bool) {
	if !json.Valid(line) {
		if header(line) {
			return CodeParseError, "parse error: a Content-Length header: this server reads one JSON-RPC message per line, without LSP-style headers", true
		}
		// Decode only to word the syntax error: Valid does not say where.
		err := json.Unmarshal(line, new(json.RawMessage))
		return CodeParseError, "parse error: " + strings.TrimPrefix(err.Error(), "json: "), true
	}
	switch {
	case bytes.HasPrefix(line, []byte("[")):
		return CodeInvalidRequest, "invalid request: JSON-RPC batches are not supported; send one message per line", true
	case !bytes.HasPrefix(line, []byte("{")):
		return CodeInvalidRequest, "invalid request: a JSON-RPC message is a JSON object", true
	}
	return 0, "", false
}

// Mismatch words, for the client, the error of decoding a JSON object as a
// message when a member has the wrong JSON type: the member and the type,
// never the decoder's Go types. ok is false for any other error.
func Mismatch(err error) (msg string, ok bool) {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return "", false
	}
	if te.Field != "" {
		return fmt.Sprintf("invalid request: %q must not be a JSON %s", te.Field, te.Value), true
	}
	return "invalid request: not a JSON-RPC message", true
}

// header reports whether line is an LSP-style header ("Content-Length: 42"),
// which a client framing messages like LSP sends first.
func header(line []byte) bool {
	name, _, ok := bytes.Cut(line, []byte(":"))
	name = bytes.TrimSpace(name)
	return ok && (bytes.EqualFold(name, []byte("Content-Length")) || bytes.EqualFold(name, []byte("Content-Type")))
}

// Words is a JSON decoding error worded for the client that sent the JSON:
// a member of the wrong type names the member (its path) and both JSON
// types, never the decoder's Go types; other errors lose the "json: "
// prefix. A decoder that met no value says the input is empty, and one
// cut inside a value says the JSON ends early (json.Unmarshal's words),
// instead of a bare "EOF" or "unexpected EOF".
func Words(err error) string {
	switch {
	case errors.Is(err, io.EOF):
		return "no JSON value: the input is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "unexpected end of JSON input"
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return fmt.Sprintf("want %s, not %s", jsonType(te.Type), te.Value)
		}
		return fmt.Sprintf("%q must be %s, not %s", te.Field, jsonType(te.Type), te.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonType names the JSON type a Go type decodes from.
func jsonType(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Pointer:
		return jsonType(t.Elem())
	}
	return "an object"
}
