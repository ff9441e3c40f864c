// Package errkind is the text the packages' typed errors share: a failed
// operation on a place ("bundle: rename p: file exists") and a checkpoint
// that cannot be served. Each package keeps its own sentinels and exported
// error types in its errors.go (their fields, errors.Is and errors.As
// behaviour are the package's); their Error methods format through here,
// so one kind of fault reads the same way in every package.
//
// The functions are pure and safe for concurrent use.
package errkind

import (
	"fmt"
	"io/fs"
	"strconv"
)

// Op is the text of a failed operation: "prefix: op where: cause". An
// empty where or cause is left out with its separator.
func Op(prefix, op, where, cause string) string {
	s := prefix + ": " + op
	if where != "" {
		s += " " + where
	}
	if cause != "" {
		s += ": " + cause
	}
	return s
}

// Cause is err's text without what an outer error about op on path
// already says: an *fs.PathError on the same path keeps only its cause
// (and its own operation where that differs), so "open p: open p: no such
// file" reads "open p: no such file". A nil err is "". The error chain is
// not touched, so errors.Is and errors.As see every layer.
func Cause(err error, op, path string) string {
	if err == nil {
		return ""
	}
	pe, ok := err.(*fs.PathError)
	if !ok || pe.Path != path {
		return err.Error()
	}
	if pe.Op == op {
		return pe.Err.Error()
	}
	return pe.Op + ": " + pe.Err.Error()
}

// At names a place in a file: "path:line", or path alone when line is 0
// (no line is involved).
func At(path string, line int) string {
	if line > 0 {
		return path + ":" + strconv.Itoa(line)
	}
	return path
}

// Unavailable is the text of a checkpoint that cannot be served:
// `prefix: checkpoint "id" unavailable: reason: cause` (": cause" left
// out when err is nil).
func Unavailable(prefix, checkpointID, reason string, err error) string {
	s := fmt.Sprintf("%s: checkpoint %q unavailable: %s", prefix, checkpointID, reason)
	if err != nil {
		s += ": " + err.Error()
	}
	return s
}
