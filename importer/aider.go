package importer

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
)

// FormatAider is Aider's chat history (.aider.chat.history.md), the
// Markdown transcript Aider appends every session of a repository to:
// "# aider chat started at …" opens a session, "#### " lines are what the
// user typed, "> " lines what Aider printed (its notices, a /run's
// output, the edits it applied), and other lines the model's replies.
// Aider calls no tools (its edits are blocks in the replies), but it runs
// shell commands: the ones a reply suggests, after it asks "Run shell
// command?" ("Running pytest -q" then the output, as Aider prints it),
// and the user's /run and /test (a /run whose output Aider adds to the
// chat when the command exits non-zero, noting "Added N lines of output
// to the chat."). Each run is read as a call of the assistant's ("shell",
// its command) answered by its output (aiderPrinted); a /test's is failed
// when Aider added it.
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
		// the line break first: an empty line Aider printed is ">  "
		return aiderTool, strings.TrimPrefix(strings.TrimPrefix(strings.TrimSuffix(line, "  "), ">"), " ")
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
	var (
		// pendingRun is the user's /run or /test just read, whose
		// output Aider's next lines may print.
		pendingRun aiderUserRun
		// calls counts the runs read, for their calls' ids.
		calls int
	)
	flush := func() {
		text := strings.Trim(strings.Join(buf, "\n"), "\n")
		buf0 := slices.Clone(buf)
		buf = buf[:0]
		if t == nil || strings.TrimSpace(text) == "" {
			return
		}
		t.sourceRecords++
		n := len(t.items)
		if kind != aiderTool {
			sessions[len(sessions)-1].said = true
		}
		userRun := pendingRun
		pendingRun = aiderUserRun{}
		switch {
		case kind == aiderReply:
			t.assistant(hostshim.TextBlock(text))
		case kind == aiderTool:
			aiderPrinted(t, buf0, userRun, &calls)
		case strings.HasPrefix(text, "/"), strings.HasPrefix(text, "!"):
			// Aider's own output, and the user's in-chat commands
			// (/add, /run, /test, /drop): nobody's request to the model.
			t.user(hostshim.TextBlock(text))
			if len(t.items) > n {
				t.items[n].injected = hostshim.InjectedChatter
			}
			pendingRun = aiderRunCommand(text)
		default:
			t.user(hostshim.TextBlock(text))
		}
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if strings.HasPrefix(line, aiderStart) {
			flush()
			t = &transcript{provider: "aider"}
			pendingRun, calls = aiderUserRun{}, 0
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
			if kind == aiderUser {
				// Aider writes each input after a blank line (an empty
				// line inside one is "#### "): two inputs are two
				// messages ("#### fix it" then "#### /run pytest").
				flush()
				continue
			}
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

var (
	// aiderPromptRE is a question Aider asked and the answer it logged
	// with it: "Run shell command? (Y)es/(N)o/(D)on't ask again [Yes]: y".
	aiderPromptRE = regexp.MustCompile(`^(.*?\?) \(Y\)es/\(N\)o\b.*\]:\s*(\S*)\s*$`)
	// aiderCostRE is Aider's report of a reply's tokens and cost.
	aiderCostRE = regexp.MustCompile(`^Tokens: \S+ sent, .*\breceived\b`)
	// aiderAddedRE is Aider's note that a run's output went to the chat.
	aiderAddedRE = regexp.MustCompile(`^Added \d+ lines? of output to the chat\.?$`)
)

// aiderUserRun is a shell command the user ran in the chat: its command
// ("" for none) and whether it is a /test (Aider adds a /test's output to
// the chat only when the command exits non-zero, without asking).
type aiderUserRun struct {
	cmd  string
	test bool
}

// aiderRunCommand is the command a user's "/run cmd", "!cmd" or "/test
// cmd" runs, the zero aiderUserRun for another in-chat command (and for a
// bare "/test", which runs the configured test command Aider does not
// write down).
func aiderRunCommand(text string) aiderUserRun {
	if c, ok := strings.CutPrefix(text, "/run "); ok {
		return aiderUserRun{cmd: strings.TrimSpace(c)}
	}
	if c, ok := strings.CutPrefix(text, "/test "); ok {
		return aiderUserRun{cmd: strings.TrimSpace(c), test: true}
	}
	if c, ok := strings.CutPrefix(text, "!"); ok && !strings.Contains(c, "\n") {
		return aiderUserRun{cmd: strings.TrimSpace(c)}
	}
	return aiderUserRun{}
}

// aiderPrinted reads lines Aider printed (without their "> "): each
// shell run is a call of the assistant's, in the reply that suggested it
// when nothing came between, answered by its output, the
// other lines one message of the client's chatter. A run is the user's
// /run or /test just before (userRun), whose output opens the lines, or Aider's
// "Running cmd" of a command it asked to run ("cmd" then "Run shell
// command? … y"); its output is the lines after it up to Aider's next
// question ("Add command output to the chat?"), the next command's
// "Running" or the end. A run whose output Aider did not print is no
// call: nothing of it was observed, save a /test's "Added N lines of output
// to the chat", which Aider writes only when the command exited non-zero:
// that /test is a failed call (answered by the note when no output was
// printed, as since v0.50). Aider's questions, its tokens and cost and
// its "Added N lines of output" are no one's words and are left out; a
// command the user declined to run is no call.
func aiderPrinted(t *transcript, lines []string, userRun aiderUserRun, calls *int) {
	var chatter []string
	type run struct {
		cmd  string
		out  []string
		user bool // the user's /run or /test
		test bool // the user's /test
		// added is Aider's note that a /test's output went to the chat:
		// its command exited non-zero.
		added string
	}
	var cur *run
	var asked []string // the commands Aider asked to run, not yet started
	flushChatter := func() {
		text := strings.Trim(strings.Join(chatter, "\n"), "\n")
		chatter = chatter[:0]
		if strings.TrimSpace(text) == "" {
			return
		}
		n := len(t.items)
		t.user(hostshim.TextBlock(text))
		if len(t.items) > n {
			t.items[n].injected = hostshim.InjectedChatter
		}
	}
	endRun := func() {
		if cur == nil {
			return
		}
		out := strings.Trim(strings.Join(cur.out, "\n"), "\n")
		failed := cur.test && cur.added != ""
		if strings.TrimSpace(out) == "" && failed {
			out = cur.added
		}
		if strings.TrimSpace(out) == "" {
			// Aider printed no output (a suggested command's goes to
			// the terminal only; so does a /run's since v0.50): the
			// run stays the note it was, and nothing was observed.
			if !cur.user {
				chatter = append(chatter, "Running "+cur.cmd)
			}
			cur = nil
			return
		}
		*calls++
		id := "aider-run-" + strconv.Itoa(*calls)
		args, _ := json.Marshal(map[string]string{"command": cur.cmd})
		// the reply that suggested the command is the message that calls it
		t.extendAssistant(toolCall(id, "shell", string(args)))
		t.result(id, failed, hostshim.TextBlock(out))
		cur = nil
	}
	if userRun.cmd != "" {
		cur = &run{cmd: userRun.cmd, user: true, test: userRun.test}
	}
	for _, l := range lines {
		switch {
		case aiderAddedRE.MatchString(l):
			if cur != nil && cur.test {
				cur.added = l
			}
		case aiderCostRE.MatchString(l):
		case aiderPromptRE.MatchString(l):
			m := aiderPromptRE.FindStringSubmatch(l)
			if cur != nil {
				// "Add command output to the chat?": the output ended
				endRun()
				continue
			}
			if !strings.HasPrefix(m[1], "Run shell command") {
				continue
			}
			// The commands asked about are the lines before the
			// question, after the blank line Aider prints first.
			i := len(chatter)
			for i > 0 && strings.TrimSpace(chatter[i-1]) != "" {
				i--
			}
			yes := strings.HasPrefix(strings.ToLower(m[2]), "y") || strings.HasPrefix(strings.ToLower(m[2]), "a")
			for _, c := range chatter[i:] {
				if c = strings.TrimSpace(c); yes && c != "" && !strings.HasPrefix(c, "#") {
					asked = append(asked, c)
				}
			}
			chatter = chatter[:i]
		case strings.HasPrefix(l, "Running ") && (cur == nil || slices.Contains(asked, strings.TrimSpace(strings.TrimPrefix(l, "Running ")))):
			endRun()
			flushChatter()
			cmd := strings.TrimSpace(strings.TrimPrefix(l, "Running "))
			if i := slices.Index(asked, cmd); i >= 0 {
				asked = slices.Delete(asked, i, i+1)
			}
			cur = &run{cmd: cmd}
		case cur != nil:
			cur.out = append(cur.out, l)
		default:
			chatter = append(chatter, l)
		}
	}
	endRun()
	flushChatter()
}
