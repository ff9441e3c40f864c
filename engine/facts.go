package engine

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/clip"
	"github.com/epistemicfold/ef/projection"
)

// Item is one fact line and the seq of the surface node it came from.
type Item struct {
	Seq  int    `json:"seq"`
	Text string `json:"text"`
}

// ToolCount is how often a tool was called in a span.
type ToolCount struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Facts is what the deterministic renderer states about a span: who spoke,
// which tools ran on which files with which commands, what failed and
// whether it stayed failed, what was decided and what is still asked. It is
// extracted from the span's messages alone (and, for checkpoints inside the
// span, from their rendered sections), so it is a pure function of the span.
type Facts struct {
	Seqs        []int
	Tokens      int // host-meter price of the span
	Users       int
	Assistants  int
	Results     int
	Checkpoints int

	UserRequests []Item
	Tools        []ToolCount
	Files        []string
	Commands     []Item
	Errors       []Item
	// OpenFailures are error results not followed, inside the span, by a
	// successful result of the same tool.
	OpenFailures []Item
	Decisions    []Item
	Questions    []Item
	// UserSeqs are the seqs of the span's own user messages, in order
	// (not those of checkpoints folded inside it): a question's reply is
	// the first of them after it.
	UserSeqs []int
	// Narrative are the bullets of the semantic digests of checkpoints
	// folded inside the span (context only, never verified state).
	Narrative []Item
	// Parents are the EF checkpoints folded inside the span.
	Parents []Marker
	// LastOutcome is the last tool result's outcome ("ok" or "failed:
	// line"); LastAnswer the last assistant text.
	LastOutcome string
	LastAnswer  Item
}

var (
	fileKeys    = []string{"path", "file_path", "filePath", "file", "filename", "target_file", "notebook_path"}
	commandKeys = []string{"command", "cmd", "script"}
	decisionRE  = regexp.MustCompile(`(?i)^(i'll|i will|we'll|we will|let's|let me|decision:|decided|i decided|we decided|plan:|the fix is|the root cause|root cause|going to|i'm going to|conclusion:)`)
	elidedRE    = regexp.MustCompile(`^- \(\+[0-9]+ (earlier|more), in the bundle\)$`)
	// itemSeqRE is the label of an item with the event it came from.
	itemSeqRE = regexp.MustCompile(`^\[seq ([0-9]+)\] `)
)

// oneLine collapses whitespace and caps s at max runes (0: no cap).
func oneLine(s string, max int) string {
	return clip.Runes(strings.TrimSpace(collapseSpace(s)), max)
}

// collapseSpace replaces each run of ASCII whitespace (\t \n \f \r and
// space, what \s matches in Go's regexp) with one space. It is oneLine's
// hot path (every candidate line of an emergency fold), so it returns s
// itself when there is nothing to replace.
func collapseSpace(s string) string {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; isSpace(c) && (c != ' ' || i+1 < len(s) && isSpace(s[i+1])) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); {
		if !isSpace(s[i]) {
			sb.WriteByte(s[i])
			i++
			continue
		}
		sb.WriteByte(' ')
		for i < len(s) && isSpace(s[i]) {
			i++
		}
	}
	return sb.String()
}

// failureRE marks the line of an error output that says what failed (a
// test runner's FAIL line, an error, a panic or exception, an assertion).
var failureRE = regexp.MustCompile(`(?i)(^--- FAIL|^FAIL\b|\berror\b|\bpanic\b|exception|traceback|assert|fatal)`)

// failureLine is the line of an error output that says what failed: the
// first line when failureRE marks it, else the first later line it marks
// (test runners print a log before the failing test's name), else the
// first line.
func failureLine(s string) string {
	first := firstLine(s)
	if failureRE.MatchString(first) {
		return first
	}
	for line := range strings.Lines(s) {
		if l := strings.TrimSpace(line); l != "" && failureRE.MatchString(l) {
			return l
		}
	}
	return first
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// extractFacts reads the facts of the span seqs from the session: the
// lines read of each message once (live.info), combined in span order.
// prices[i] is the host price of seqs[i].
func (l *live) extractFacts(s *hostshim.Session, seqs []int, prices []int) (*Facts, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f := &Facts{Seqs: slices.Clone(seqs)}
	tools := map[string]int{}
	var toolOrder []string
	files := map[string]bool{}
	// call id → tool name; sized for about a call per two nodes (growing
	// a map of a long span's calls was half of this function's time).
	names := make(map[string]string, len(seqs)/2)
	type failure struct {
		item Item
		tool string
	}
	var open []failure
	for i, n := range seqs {
		f.Tokens += prices[i]
		mi := l.info(s, n)
		if mi == nil {
			// No message: say why when the host cannot derive one.
			if _, err := s.Message(n); err != nil {
				return nil, err
			}
			continue
		}
		switch mi.typ {
		case hostshim.TypeUserMessage:
			if mi.checkpoint {
				m, err := s.Message(n)
				if err != nil {
					return nil, err
				}
				f.Checkpoints++
				if mk, ok := MarkerOf(m); ok {
					f.Parents = append(f.Parents, mk)
				}
				f.mergeCheckpoint(n, m, files, tools, &toolOrder)
				continue
			}
			f.Users++
			f.UserSeqs = append(f.UserSeqs, n)
			if mi.user != "" && mi.snapshot {
				// the host's runtime-context snapshot: the span's newest
				// one stands for those before it, which it supersedes
				f.UserRequests = slices.DeleteFunc(f.UserRequests, func(it Item) bool { return projection.HostSnapshot(it.Text) })
			}
			if mi.user != "" {
				f.UserRequests = append(f.UserRequests, Item{n, mi.user})
			}
			for _, q := range mi.questions {
				f.Questions = append(f.Questions, Item{n, q})
			}
		case hostshim.TypeAssistantMessage:
			f.Assistants++
			if mi.answer != "" {
				f.LastAnswer = Item{n, mi.answer}
			}
			for _, d := range mi.decisions {
				f.Decisions = append(f.Decisions, Item{n, d})
			}
			for _, q := range mi.questions {
				f.Questions = append(f.Questions, Item{n, q})
			}
			for _, c := range mi.calls {
				names[c.id] = c.name
				if tools[c.name] == 0 {
					toolOrder = append(toolOrder, c.name)
				}
				tools[c.name]++
				for _, p := range c.files {
					if !files[p] {
						files[p] = true
						f.Files = append(f.Files, p)
					}
				}
				for _, cmd := range c.commands {
					f.Commands = append(f.Commands, Item{n, cmd})
				}
			}
		case hostshim.TypeToolResult:
			f.Results++
			tool := names[mi.resultID]
			if tool == "" {
				tool = "tool"
			}
			f.LastOutcome = tool + " ok"
			if mi.isErr {
				f.LastOutcome = tool + " failed: " + mi.failureShort
				it := Item{n, tool + ": " + mi.failure}
				f.Errors = append(f.Errors, it)
				open = append(open, failure{it, tool})
			} else {
				open = slices.DeleteFunc(open, func(x failure) bool { return x.tool == tool })
			}
		}
	}
	for _, name := range toolOrder {
		f.Tools = append(f.Tools, ToolCount{name, tools[name]})
	}
	for _, o := range open {
		f.OpenFailures = append(f.OpenFailures, o.item)
	}
	return f, nil
}

// mergeCheckpoint carries the sections of an earlier EF checkpoint inside
// the span into f, so a root fold restates what its parents stated.
func (f *Facts) mergeCheckpoint(seq int, m *hostshim.Message, files map[string]bool, tools map[string]int, order *[]string) {
	text := m.Text()
	section := ""
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		switch {
		case strings.HasPrefix(line, "Tools: "):
			for _, tc := range strings.Split(strings.TrimPrefix(line, "Tools: "), ", ") {
				name, cnt, ok := strings.Cut(tc, "×")
				if !ok {
					continue
				}
				k := 0
				for _, r := range cnt {
					if r < '0' || r > '9' {
						break
					}
					k = k*10 + int(r-'0')
				}
				if tools[name] == 0 {
					*order = append(*order, name)
				}
				tools[name] += k
			}
			section = ""
		case strings.HasPrefix(line, "Files: "):
			for _, p := range strings.Split(strings.TrimPrefix(line, "Files: "), ", ") {
				if p != "" && !files[p] && !strings.HasPrefix(p, "(+") {
					files[p] = true
					f.Files = append(f.Files, p)
				}
			}
			section = ""
		case strings.HasSuffix(line, ":") && !strings.HasPrefix(line, "- "):
			section = strings.TrimSuffix(line, ":")
		case strings.HasPrefix(line, "#") && (section == digestHeader || section == secNarrative):
			// A digest's own headings stay inside the narrative.
		case elidedRE.MatchString(line):
			// "(+N earlier, in the bundle)": not an item.
		case strings.HasPrefix(line, "- ") && section != "":
			it := Item{seq, strings.TrimPrefix(line, "- ")}
			if m := itemSeqRE.FindStringSubmatch(it.Text); m != nil {
				// "- [seq 3] Hello!": an item the checkpoint labelled with
				// the event it came from keeps that event, not the
				// checkpoint's own seq (a merge labelled it "[seq 115]
				// [seq 3] Hello!" and sorted it as of 115).
				if n, err := strconv.Atoi(m[1]); err == nil {
					it = Item{n, it.Text[len(m[0]):]}
				}
			}
			switch section {
			case secUsers, secRecentRaw:
				f.UserRequests = append(f.UserRequests, it)
			case secCommands:
				f.Commands = append(f.Commands, it)
			case secErrors:
				f.Errors = append(f.Errors, it)
			case secOpen:
				f.OpenFailures = append(f.OpenFailures, it)
			case secDecisions:
				f.Decisions = append(f.Decisions, it)
			case secQuestions:
				f.Questions = append(f.Questions, it)
			case digestHeader, secNarrative:
				if it.Text != "(none)" {
					f.Narrative = append(f.Narrative, it)
				}
			}
		default:
			section = ""
		}
	}
}
