package main

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/width"

	"github.com/epistemicfold/ef/internal/english"
)

// writeTable prints rows as left-aligned columns two spaces apart, the
// last column unpadded. Unlike text/tabwriter, which counts runes, it
// measures what a terminal shows: a Chinese, Japanese or Korean character
// or a fullwidth form takes two columns, so keys and values in those
// scripts do not push the columns after them out of line.
func writeTable(w io.Writer, rows [][]string) error {
	var widths []int
	for _, row := range rows {
		for i, cell := range row[:max(len(row)-1, 0)] {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(cell))
		}
	}
	var b strings.Builder
	for _, row := range rows {
		b.Reset()
		for i, cell := range row {
			b.WriteString(cell)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-displayWidth(cell)+2))
			}
		}
		if _, err := fmt.Fprintln(w, strings.TrimRight(b.String(), " ")); err != nil {
			return err
		}
	}
	return nil
}

// displayWidth is the number of terminal columns s takes.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// maxKeyColumns bounds the KEY column of ef state's table: a failing
// command's key is the whole command line, and one long key would push
// every value off the screen (--json keeps the key whole).
const maxKeyColumns = 60

// clipColumns cuts s to at most n terminal columns, ending it with "…" when cut.
func clipColumns(s string, n int) string {
	if displayWidth(s) <= n {
		return s
	}
	w := 0
	for i, r := range s {
		rw := displayWidth(string(r))
		if w+rw > n-1 {
			return s[:i] + "…"
		}
		w += rw
	}
	return s
}

// count is n and the noun, plural unless n is 1 ("1 session", "2
// sessions", "3 foreign entries"): english.Count.
func count(n int, noun string) string { return english.Count(n, noun) }
