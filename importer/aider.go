package importer

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatAider is Aider's chat history (.aider.chat.history.md), the
// Markdown transcript Aider appends every session of a repository to:
// "# aider chat started at …" opens a session, "#### " lines are what the
// user typed, "> " lines what Aider printed (its notices, a /run's
// output, the edits it applied), and other lines the model's replies.
// Aider calls no tools (its edits are blocks in the replies), so a
// session holds messages only.
const FormatAider Format = "aider"

// aiderStart opens each session of an Aider chat history.
const aiderStart = "# aider chat started at "

// isAiderHistory reports whether data is an Aider chat history: its first
// line that is not blank opens a session.
func isAiderHistory(data []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte(aiderStart))
}

// aiderKind is what an Aider history line is.
type aiderKind int

const (
	aiderReply aiderKind = iota // the model's reply
	aiderUser                   // "#### ": what the user typed
	aiderTool                   // "> ": what Aider printed
)

// aiderLine classifies a line and returns its text without its prefix
// and the Markdown line break ("  ") Aider ends prefixed lines with.
func aiderLine(line string) (aiderKind, string) {
	line = strings.TrimSuffix(line, "\r")
	switch {
	case strings.HasPrefix(line, "####"):
		text := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(line, "####"), " "), "  ")
		if text == "<blank>" { // Aider's record of an empty input
			text = ""
		}
		return aiderUser, text
	case strings.HasPrefix(line, ">"):
		return aiderTool, strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(line, ">"), " "), "  ")
	}
	return aiderReply, line
}

// importAider reads an Aider chat history: one session for each
// "# aider chat started at" line where the user or the model said
// something, named FILE#N (N counting the file's sessions from 1) when the
// file holds several.
func importAider(name string, data []byte) ([]Imported, error) {
	type session struct {
		n int
		t *transcript
		// said is whether the user or the model said anything (a session
		// of Aider's banner alone was started and left).
		said bool
	}
	var sessions []session
	var t *transcript
	var (
		kind aiderKind
		buf  []string
		fenc bool // inside a fenced code block of a reply
	)
	flush := func() {
		text := strings.Trim(strings.Join(buf, "\n"), "\n")
		buf = buf[:0]
		if t == nil || strings.TrimSpace(text) == "" {
			return
		}
		t.sourceRecords++
		n := len(t.items)
		if kind != aiderTool {
			sessions[len(sessions)-1].said = true
		}
		switch {
		case kind == aiderReply:
			t.assistant(hostshim.TextBlock(text))
		case kind == aiderTool, strings.HasPrefix(text, "/"):
			// Aider's own output, and the user's in-chat commands
			// (/add, /run, /drop): nobody's request to the model.
			t.user(hostshim.TextBlock(text))
			if len(t.items) > n {
				t.items[n].injected = hostshim.InjectedChatter
			}
		default:
			t.user(hostshim.TextBlock(text))
		}
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if strings.HasPrefix(line, aiderStart) {
			flush()
			t = &transcript{provider: "aider"}
			sessions = append(sessions, session{n: len(sessions) + 1, t: t})
			kind, fenc = aiderReply, false
			continue
		}
		if fenc {
			// A line of a reply's code block, which may open with "> "
			// or "####" (a diff, a Markdown file).
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				fenc = false
			}
			buf = append(buf, strings.TrimSuffix(line, "\r"))
			continue
		}
		if strings.TrimSpace(line) == "" {
			buf = append(buf, "")
			continue
		}
		k, text := aiderLine(line)
		if k == aiderReply && strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenc = true
		}
		if k != kind {
			flush()
			kind = k
		}
		if k == aiderTool && t != nil && t.model == "" {
			if m, ok := strings.CutPrefix(text, "Main model: "); ok {
				t.model, _, _ = strings.Cut(m, " with ")
			}
		}
		buf = append(buf, text)
	}
	flush()
	var out []Imported
	for _, s := range sessions {
		if !s.said {
			continue // Aider started and left without a word
		}
		n := name
		if len(sessions) > 1 {
			n = name + "#" + strconv.Itoa(s.n)
		}
		im, err := s.t.build(n, FormatAider)
		if err != nil {
			return nil, &Error{Record: "session " + strconv.Itoa(s.n), Err: err}
		}
		out = append(out, im)
	}
	if len(out) == 0 {
		return nil, ErrEmpty
	}
	return out, nil
}
