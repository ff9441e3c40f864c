// Package codespan finds the `code spans` of a text written in Markdown's
// habit: the text between a backquote and the next one. Task sources
// cite commands that way, and a digest quotes the specifics it names
// that way; both read the spans through here.
//
// The function is pure and safe for concurrent use.
package codespan

import (
	"iter"
	"strings"
)

// All yields the spans of s in order, each without its backquotes and as
// written (not trimmed; possibly empty). A backquote without a partner
// opens no span.
func All(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for rest := s; ; {
			i := strings.IndexByte(rest, '`')
			if i < 0 {
				return
			}
			j := strings.IndexByte(rest[i+1:], '`')
			if j < 0 {
				return
			}
			if !yield(rest[i+1 : i+1+j]) {
				return
			}
			rest = rest[i+1+j+1:]
		}
	}
}
