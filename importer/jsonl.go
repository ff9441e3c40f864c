package importer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"unicode/utf8"

	"github.com/epistemicfold/ef/hostshim"
)

// scanLines is the reader of every JSONL format: it reads r line by line,
// never whole, and calls fn for each non-empty line with its 1-based
// number. An error from fn is returned as an *Error naming the line.
//
// Only the file's last non-empty line may be torn: a trajectory still being
// written (a live Claude Code session) or cut short by a crash ends in half
// a record. When that line is not valid JSON it is skipped and described in
// the returned tail, as hostshim's log reader does for a DSH log; the same
// damage on any earlier line is an error. A last line that is valid JSON but
// not a valid record is an error too: it is complete, so it is not torn.
func scanLines(r io.Reader, fn func(line int, raw []byte) error) (*hostshim.TruncatedTail, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	n := 0
	// next reads the next line without its newline; ended says whether a
	// newline ended it, eof that there is no line left.
	next := func() (line []byte, ended, eof bool, err error) {
		line, err = br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			if len(line) == 0 {
				return nil, false, true, nil
			}
			err = nil
		}
		if err != nil {
			return nil, false, false, err
		}
		n++
		if k := len(line) - 1; k >= 0 && line[k] == '\n' {
			return line[:k], true, false, nil
		}
		return line, false, false, nil
	}
	call := func(line int, raw []byte) error {
		if err := fn(line, raw); err != nil {
			ie := importError(err)
			ie.Line = line
			return ie
		}
		return nil
	}
	var back []byte // a line read ahead, to be handled next
	haveBack, backN, backEnded := false, 0, false
	for {
		var line []byte
		var ended, eof bool
		at := n + 1
		if haveBack {
			line, at, ended, haveBack = back, backN, backEnded, false
		} else {
			var err error
			if line, ended, eof, err = next(); err != nil {
				return nil, err
			}
			if eof {
				return nil, nil
			}
			at = n
		}
		raw := recodeNonUTF8(bytes.TrimSpace(line))
		if len(raw) == 0 {
			continue
		}
		if json.Valid(raw) {
			if err := call(at, raw); err != nil {
				return nil, err
			}
			continue
		}
		// Not JSON: torn when no non-empty line follows, else handed to
		// fn, which says what is wrong with it.
		terminated := ended
		for {
			more, moreEnded, eof, err := next()
			if err != nil {
				return nil, err
			}
			if eof {
				reason := "unterminated last line is not valid JSON"
				if terminated {
					reason = "last line is not valid JSON"
				}
				return &hostshim.TruncatedTail{Line: at, Bytes: len(raw), Reason: reason}, nil
			}
			if len(bytes.TrimSpace(more)) > 0 {
				back, backN, backEnded, haveBack = more, n, moreEnded, true
				break
			}
			terminated = terminated || moreEnded
		}
		if err := call(at, raw); err != nil {
			return nil, err
		}
	}
}

// cp1252 is the Windows-1252 character of each byte 0x80–0x9F (its five
// unassigned bytes as the C1 controls of the same value, as Latin-1 reads
// them); from 0xA0 on, Windows-1252 and Latin-1 are Unicode's first 256.
var cp1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8d, 'Ž', 0x8f,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9d, 'ž', 'Ÿ',
}

// recodeNonUTF8 returns b with every byte that is not part of valid UTF-8
// read as the Windows-1252 character it is (a log that mixes encodings: a
// tool's Latin-1 or Windows output written into a UTF-8 file). Decoding
// JSON would replace each such byte with U+FFFD, which loses it; this
// mapping is one to one, so the bytes can be told back from the text. b
// itself is returned when it is valid UTF-8.
func recodeNonUTF8(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	out := make([]byte, 0, len(b)+len(b)/8)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n <= 1 {
			r = rune(b[0])
			if r < 0xa0 && r >= 0x80 {
				r = cp1252[r-0x80]
			}
			out = utf8.AppendRune(out, r)
			b = b[1:]
			continue
		}
		out = append(out, b[:n]...)
		b = b[n:]
	}
	return out
}
