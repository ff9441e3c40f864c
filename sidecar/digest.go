package sidecar

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/epistemicfold/ef/engine"
	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/internal/clip"
	"github.com/epistemicfold/ef/internal/codespan"
	"github.com/epistemicfold/ef/projection"
)

// The semantic digest (EF-RFC-001 §18) through the host's model: when the
// engine compiles a checkpoint that wants one, the sidecar asks the plugin
// to run one model call (host/llm.stream, purpose "compaction"), so routing,
// credentials, retries and request logs stay the host's. The request
// replays the conversation as the host last sent it (system prompt, tool
// schemas, the surface up to the end of the folded span) and appends one
// instruction, so it is a prefix of the host's own last request and the
// provider's prompt cache serves it. The answer is validated here; any
// failure is returned to the engine, which keeps the deterministic
// checkpoint and logs the reason once (§18: semantic failure ⇒
// deterministic fallback; the prepared input is never changed for a retry).

// MethodHostLLMStream is the request the sidecar makes of the plugin for
// one model call (HostLLMParams → HostLLMResult).
const MethodHostLLMStream = "host/llm.stream"

// DefaultDigestTimeout bounds one digest call when Settings.DigestTimeoutMs
// is zero.
const DefaultDigestTimeout = 60 * time.Second

// HostLLMParams are host/llm.stream's params: one call of the host's LLM
// service, which the plugin runs with ctx.llm.stream.
type HostLLMParams struct {
	Provider  string `json:"provider"`
	Model     string `json:"model"`
	System    string `json:"system,omitempty"`
	Tools     any    `json:"tools,omitempty"`
	Messages  []any  `json:"messages"`
	MaxTokens int    `json:"maxTokens"`
	SessionID string `json:"sessionId"`
	Purpose   string `json:"purpose"`
	// TimeoutMs is when the plugin aborts the call itself.
	TimeoutMs int `json:"timeoutMs"`
}

// HostLLMResult is host/llm.stream's result: the text blocks of the answer
// and how the stream finished.
type HostLLMResult struct {
	Blocks []hostshim.Block `json:"blocks"`
	Finish struct {
		Kind    string `json:"kind"`
		Failure *struct {
			Message string `json:"message"`
		} `json:"failure,omitempty"`
	} `json:"finish"`
	Usage any `json:"usage,omitempty"`
}

// Caller makes requests of the peer: the plugin's host services. *Conn is
// one.
type Caller interface {
	Call(ctx context.Context, method string, params, result any) error
}

// compileJob is the fold/compile being served, which a digest request
// needs beyond the engine's DigestRequest: the mirror (for the prefix) and
// the model the host routes the session to.
type compileJob struct {
	sessionID       string
	s               *hostshim.Session
	seqs            []int
	provider, model string
}

// digestSections are the §18 digest's sections, in order: what a
// semantic digest may carry, and nothing else.
var digestSections = []string{"Context", "Rationale", "Alternatives", "Outcomes"}

// DigestInstruction is the final user message of a digest request for a
// span of spanMessages messages and a digest of maxTokens; proposals, when
// not empty, is the engine's request for the model's proposals
// (engine.DigestRequest.Proposals, projection.ModelPrompt), which follows
// it. ef propose writes it for a session offline.
func DigestInstruction(spanMessages, maxTokens int, proposals string) string {
	text := digestOnly(spanMessages, maxTokens)
	if proposals == "" {
		return text
	}
	return strings.TrimSuffix(text, "Output only the digest; call no tool.") +
		"Output only the digest, then the proposals block asked for below; call no tool.\n\n" + proposals
}

// digestOnly is the instruction asking for the digest alone.
func digestOnly(spanMessages, maxTokens int) string {
	words := max(40, maxTokens*3/4)
	return fmt.Sprintf(`The last %d messages above are about to be folded into a checkpoint. The checkpoint already states, from the log itself, the verified state: the objective, the constraints, current values, open failures and obligations, and what tools returned. Do not restate or guess any of that.

Write only the semantic digest of those %d messages: what the log cannot state exactly.

### Context
- why the work was being done, the situation it was in
### Rationale
- why the choices made were made
### Alternatives
- options considered and set aside, and why
### Outcomes
- the conceptual conclusions reached (not test results, not fixes: the state records those)

Rules: keep the four headings exactly, in order, each followed by terse "- " bullets; write "- (none)" for an empty section. At most %d words. Write the digest in English, whatever language the messages are in; name files, commands, identifiers and numbers only exactly as they appear above, and quote any words in their own language. Output only the digest; call no tool.`, spanMessages, spanMessages, words)
}

// Summarize implements engine.Summarizer for the fold/compile in progress.
func (srv *Server) Summarize(ctx context.Context, req *engine.DigestRequest) (*engine.Digest, error) {
	job := srv.compiling
	if job == nil || job.sessionID != req.SessionID {
		return nil, errors.New("no fold/compile in progress for this session")
	}
	if srv.peer == nil {
		return nil, errors.New("the host offers no model call (no host/llm.stream)")
	}
	if job.provider == "" || job.model == "" {
		return nil, errors.New("the host named no provider and model for the session")
	}
	// The conversation as the host last sent it, up to the span's end.
	nodes := job.s.Nodes()
	end := job.s.Position(job.seqs[len(job.seqs)-1])
	if end < 0 {
		return nil, errors.New("the folded span is not on the mirror's surface")
	}
	in, err := hostshim.BuildSummarizationInput(job.s, nodes[:end+1])
	if err != nil {
		return nil, err
	}
	msgs := make([]any, 0, len(in.Messages)+1)
	source := make([]string, 0, len(in.Messages)+1)
	for _, m := range in.Messages {
		raw := m.Raw
		if len(raw) == 0 {
			if raw, err = hostshim.MarshalJS(m); err != nil {
				return nil, err
			}
		}
		msgs = append(msgs, json.RawMessage(raw))
		source = append(source, messageText(m))
	}
	source = append(source, req.Deterministic)
	maxTokens := req.MaxTokens
	msgs = append(msgs, map[string]any{
		"id":      "ef-digest-" + req.CheckpointID,
		"role":    "user",
		"content": []hostshim.Block{hostshim.TextBlock(DigestInstruction(len(req.Messages), maxTokens, req.Proposals))},
		"source":  map[string]any{"kind": "plugin", "plugin": "epistemic-fold"},
	})
	timeout := DefaultDigestTimeout
	if srv.settings.DigestTimeoutMs > 0 {
		timeout = time.Duration(srv.settings.DigestTimeoutMs) * time.Millisecond
	}
	answerTokens := maxTokens * 2
	if req.Proposals != "" {
		// and for the proposals block (at most 32 lines)
		answerTokens += proposalTokens
	}
	p := HostLLMParams{Provider: job.provider, Model: job.model, System: in.System, Messages: msgs,
		// Room to finish a sentence; the digest's own bound is checked
		// after (and by the engine, in host-meter tokens).
		MaxTokens: answerTokens, SessionID: req.SessionID, Purpose: "compaction", TimeoutMs: int(timeout / time.Millisecond)}
	if len(in.Tools) > 0 {
		p.Tools = json.RawMessage(in.Tools)
	}
	cctx, cancel := context.WithTimeoutCause(ctx, timeout, fmt.Errorf("no answer within %v", timeout))
	defer cancel()
	var res HostLLMResult
	if err := srv.peer.Call(cctx, MethodHostLLMStream, p, &res); err != nil {
		return nil, fmt.Errorf("host/llm.stream: %w", err)
	}
	text, block, err := checkDigest(&res, strings.Join(source, "\n"))
	if err != nil {
		if block == "" {
			return nil, err
		}
		// The digest is refused, the proposals still go to the engine,
		// which checks each against the log.
		return &engine.Digest{Proposals: block, Refused: err.Error(), Provider: job.provider, Model: job.model}, nil
	}
	return &engine.Digest{Text: text, Proposals: block, Provider: job.provider, Model: job.model}, nil
}

// proposalTokens is the room a digest request leaves the proposals block.
const proposalTokens = 2048

// checkDigest validates the host model's answer and returns the digest in
// its canonical form (the four headings, "- " bullets), and the answer's
// proposals block (projection.ModelFence, cut out before the digest is
// checked; the engine reads it) even when it refuses the digest, unless
// the call itself failed. It refuses:
// a stream that did not stop normally (an error, an abort, the token limit
// cutting it short); no text; control characters or invalid UTF-8; text
// outside the four sections (a preamble, a "State" or "Constraints"
// section: state comes from the projection, never from the model);
// nothing but "(none)"; and invented specifics: a path, identifier,
// number or quoted code span that the folded conversation does not contain.
func checkDigest(res *HostLLMResult, source string) (string, string, error) {
	var sb strings.Builder
	for _, b := range res.Blocks {
		if b.Type == "text" {
			sb.WriteString(b.Text)
		}
	}
	text, block, _, _ := projection.SplitModelAnswer(sb.String())
	switch res.Finish.Kind {
	case "stop", "":
	case "length":
		// a cut block loses only its cut line (ParseModelProposals)
		return "", block, errors.New("the model stopped at its token limit (a cut digest)")
	default:
		why := res.Finish.Kind
		if res.Finish.Failure != nil && res.Finish.Failure.Message != "" {
			why += ": " + res.Finish.Failure.Message
		}
		return "", "", fmt.Errorf("the model call ended with %s", why)
	}
	d, err := checkDigestText(text, source)
	return d, block, err
}

// checkDigestText is checkDigest's check of the digest's text.
func checkDigestText(text, source string) (string, error) {
	if text == "" {
		return "", errors.New("the model answered no text")
	}
	if !utf8.ValidString(text) {
		return "", errors.New("the answer is not valid UTF-8")
	}
	for _, r := range text {
		if unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' {
			return "", fmt.Errorf("the answer holds control character %U", r)
		}
	}
	// each item's lines, joined once at the end: a bullet continued over
	// many lines is not copied again at each one
	sections := map[string][][]string{}
	current := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if name, ok := sectionHeading(line); ok {
			if !slices.Contains(digestSections, name) {
				return "", fmt.Errorf("the answer has a section %q; a digest has only %s", name, strings.Join(digestSections, ", "))
			}
			current = name
			continue
		}
		if current == "" {
			return "", fmt.Errorf("the answer starts with text outside the digest's sections: %q", clip.Runes(line, 80))
		}
		item, bullet := strings.CutPrefix(line, "- ")
		if !bullet {
			item, bullet = strings.CutPrefix(line, "* ")
		}
		items := sections[current]
		if !bullet && len(items) > 0 {
			// A continuation of the previous bullet.
			items[len(items)-1] = append(items[len(items)-1], line)
			continue
		}
		sections[current] = append(items, []string{strings.TrimSpace(item)})
	}
	var out strings.Builder
	said := false
	for _, name := range digestSections {
		items := sections[name]
		if len(items) == 0 {
			items = [][]string{{"(none)"}}
		}
		fmt.Fprintf(&out, "### %s\n", name)
		for _, lines := range items {
			it := strings.Join(lines, " ")
			if it != "(none)" && it != "" {
				said = true
			}
			fmt.Fprintf(&out, "- %s\n", it)
		}
	}
	if !said {
		return "", errors.New("the digest says nothing (every section is empty)")
	}
	digest := strings.TrimSuffix(out.String(), "\n")
	if bad := ungrounded(digest, source); bad != "" {
		return "", fmt.Errorf("the digest names %q, which the folded conversation does not contain (invented state)", bad)
	}
	return digest, nil
}

// sectionHeading recognises a heading line: "### Name", "**Name**",
// "Name:" (a heading, not a bullet), and returns its name in canonical
// case when it is one of the digest's sections.
func sectionHeading(line string) (string, bool) {
	if strings.HasPrefix(line, "- ") || strings.HasPrefix(line, "* ") {
		return "", false
	}
	h := line
	switch {
	case strings.HasPrefix(h, "#"):
		h = strings.TrimLeft(h, "#")
	case strings.HasPrefix(h, "**") && strings.HasSuffix(strings.TrimSuffix(h, ":"), "**"):
	case strings.HasSuffix(h, ":") && !strings.ContainsAny(strings.TrimSuffix(h, ":"), ".,;:!?") && len(strings.Fields(h)) <= 4:
	default:
		return "", false
	}
	h = strings.TrimSpace(strings.Trim(strings.TrimSpace(h), "*:"))
	h = strings.TrimSpace(strings.Trim(h, "*"))
	for _, name := range digestSections {
		if strings.EqualFold(h, name) {
			return name, true
		}
	}
	return h, true
}

// ungrounded returns the first specific the digest names that the source
// does not contain verbatim: a `quoted code span`, or a word carrying a
// digit, a path separator or an identifier's underscore or dot (a file
// name, a version, a value, a token). Plain words are the digest's own; the
// specifics are what a model invents.
func ungrounded(digest, source string) string {
	for span := range codespan.All(digest) {
		if span != "" && !strings.Contains(source, span) {
			return span
		}
	}
	for _, w := range strings.FieldsFunc(digest, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("`\"'()[]{}<>,;!?*", r)
	}) {
		w = strings.TrimRight(strings.TrimLeft(w, "#-"), ".:")
		if !specific(w) {
			continue
		}
		if !strings.Contains(source, w) {
			return w
		}
	}
	return ""
}

// specific reports whether a word is a specific a digest must quote
// exactly: it carries a digit, a slash, an underscore, or a dot between
// letters (file.go, pkg.Func).
func specific(w string) bool {
	if utf8.RuneCountInString(w) < 2 {
		return false
	}
	for i, r := range w {
		switch {
		case unicode.IsDigit(r), r == '/', r == '\\', r == '_':
			return true
		case r == '.' && i > 0 && i < len(w)-1:
			return true
		}
	}
	return false
}

// messageText is a message's text for the grounding check: its text
// blocks, tool calls' names and arguments, and tool results' content.
func messageText(m *hostshim.Message) string {
	var sb strings.Builder
	var walk func(bs []hostshim.Block)
	walk = func(bs []hostshim.Block) {
		for _, b := range bs {
			sb.WriteString(b.Text)
			sb.WriteByte('\n')
			sb.WriteString(b.Name)
			sb.WriteByte('\n')
			sb.WriteString(b.Arguments)
			sb.WriteByte('\n')
			walk(b.Content)
		}
	}
	walk(m.Content)
	if len(m.Raw) > 0 {
		// Whatever the blocks above do not model (JSON escapes aside).
		sb.Write(m.Raw)
	}
	return sb.String()
}
