package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/epistemicfold/ef/hostshim"
	"github.com/epistemicfold/ef/importer"
	"github.com/epistemicfold/ef/internal/jsjson"
	"github.com/epistemicfold/ef/tokenizer"
)

// inspectNode is one surface node in `ef inspect --json`.
type inspectNode struct {
	Position int    `json:"position"`
	Seq      int    `json:"seq"`
	Type     string `json:"type"`
	Role     string `json:"role,omitempty"`
	// Injected says what the agent client put in a user message that is
	// not the user's words (hostshim.Source.Injected: "chatter",
	// "instructions", "interruption"). One record the client wrote can
	// be several nodes: Gemini CLI's <session_context> is its chatter
	// around the GEMINI.md it loaded, the project's instructions.
	Injected       string         `json:"injected,omitempty"`
	Tokens         map[string]int `json:"tokens"`
	ToolCalls      []string       `json:"toolCalls,omitempty"`
	ToolResultFor  string         `json:"toolResultFor,omitempty"`
	BalancedBefore bool           `json:"balancedBefore"`
	BalancedAfter  bool           `json:"balancedAfter"`
	Checkpoint     string         `json:"checkpoint,omitempty"`
	Preview        string         `json:"preview"`
}

// inspectReport is the whole of `ef inspect --json`.
type inspectReport struct {
	Path              string         `json:"path"`
	SessionID         string         `json:"sessionId"`
	FormatVersion     int            `json:"formatVersion"`
	Generation        string         `json:"generation"`
	Events            int            `json:"events"`
	ReplaceGeneration int            `json:"replaceGeneration"`
	Nodes             []inspectNode  `json:"nodes"`
	Totals            map[string]int `json:"totals"`
	// LogTotals, for a trajectory whose client compacted its context
	// itself, prices every message of the log: the surface's and those the
	// client's compactions took off it (the model was no longer sent
	// them). Nil when nothing left the surface.
	LogTotals map[string]int `json:"logTotals,omitempty"`
	Warnings  []string       `json:"warnings,omitempty"`
	// Notes say what the format cannot hold (a codex exec --json
	// session's prompts), or how many records of the file were left out
	// as the client's bookkeeping: nothing is wrong with the file.
	Notes []string `json:"notes,omitempty"`
}

// RunInspect implements `ef inspect <session-log>`.
func RunInspect(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlags("inspect", "inspect [--json] [--strict] <session-log>", stderr,
		"Prints the model-visible surface of a DSH session log (.jsonl or .jsonl.zstd), or of another agent's",
		"trajectory converted to a DSH session: Claude Code, Codex CLI, Gemini CLI, Cline, Continue, OpenCode,",
		"Copilot Chat, Aider, OpenHands, SWE-agent, chat and Responses API logs, LangChain, … (docs/formats.md",
		"lists each format, where its client keeps the file and what is read of it); the first line names the",
		"format found. It prints position, seq, role, tokens by the host's heuristic and by o200k_base, tool",
		"pairing, totals. A user message the agent client wrote is marked by what it is (user/chatter: its",
		"own notes and context; user/instructions: the project's instruction file it loaded).",
		"The log may be - (stdin) or a pipe (<(zstdcat log.zst)); ef fold and ef state read them too.")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	strict := fs.Bool("strict", false, "refuse provenance faults on appended nodes instead of warning (snapshot-test logs need the default)")
	path, logFile, cleanup, err := parseLog(ctx, fs, args)
	if err != nil {
		return err
	}
	defer cleanup()
	defer func() { err = asGiven(err, logFile, path) }()
	// A long log shows how the reading goes on stderr (progress.go).
	prog := newReadProgress(stderr, "ef inspect", false)
	defer prog.done()
	ctx, stderr = withReadProgress(ctx, prog, stderr)
	stdout = prog.clearing(stdout)
	meters, err := inspectMeters()
	if err != nil {
		return err
	}
	rep, err := inspectLog(ctx, logFile, !*strict, meters)
	rep.Path = path
	if err != nil {
		return err
	}
	rep.Warnings = append(rep.Warnings, inspectOpenCalls(rep.Nodes)...)
	if i := slices.Index(rep.Warnings, unrecordedPromptsNote); i >= 0 {
		rep.Warnings = slices.Delete(rep.Warnings, i, i+1)
		rep.Notes = append(rep.Notes, unrecordedPromptsNote)
	}
	if i := slices.IndexFunc(rep.Warnings, isCompactionNote); i >= 0 {
		// the client's own compactions: what the file says, not a fault
		rep.Notes = append(rep.Notes, rep.Warnings[i])
		rep.Warnings = slices.Delete(rep.Warnings, i, i+1)
	}
	if i := slices.IndexFunc(rep.Warnings, isSkippedNote); i >= 0 {
		// records skipped as the client's bookkeeping: nothing wrong
		rep.Notes = append(rep.Notes, rep.Warnings[i])
		rep.Warnings = slices.Delete(rep.Warnings, i, i+1)
	}
	if *asJSON {
		return writeJSON(stdout, rep)
	}
	return inspectText(stdout, rep, meters)
}

// inspectLog reports on the log at path. A trajectory of another format
// is read as the importer streams it (importer.Open), an event at a time:
// each surface node's row is made when the node is read, and the event is
// dropped, so memory follows the rows, not the session (a 17 MB chat log
// held whole cost 160 MB). A DSH log is read whole, through a session that
// checks every append as the host does and applies its replacements.
func inspectLog(ctx context.Context, path string, lenient bool, meters []hostshim.Meter) (inspectReport, error) {
	in, err := openImportInput(ctx, path, lenient)
	if err != nil {
		return inspectReport{}, err
	}
	if in != nil && in.imported != "" {
		defer in.close()
		rep := inspectReport{Path: path, SessionID: in.id, FormatVersion: in.header.Version, Generation: in.gen.String(), Totals: map[string]int{}}
		return rep, inspectStream(ctx, in, &rep, meters)
	}
	if in != nil {
		in.close()
	}
	if _, _, sel := splitSessionRef(path); !sel {
		r, err := hostshim.OpenLog(path, hostshim.LogOptions{Lenient: lenient})
		if err == nil {
			defer r.Close()
			return inspectDSH(ctx, path, r, lenient, meters)
		}
	}
	s, torn, err := readSession(ctx, path, lenient)
	if err != nil {
		return inspectReport{}, err
	}
	return inspectSession(ctx, path, s, torn, meters)
}

// inspectDSH reports on the DSH log r reads, an event at a time: each
// message's row is made when its event is read, and the session that
// checks the host's rules (appends, replacements, pairing) is given the
// event without its texts (inspectSkeleton) and forgets what left the
// surface, so memory follows the surface's structure and the largest
// message, not the log (the log read whole cost 4.9 × a 16 MB message and
// grew with the log). The report equals inspectSession's on the session
// read whole.
func inspectDSH(ctx context.Context, path string, r *hostshim.LogReader, lenient bool, meters []hostshim.Meter) (inspectReport, error) {
	s := hostshim.NewSession(r.Header().ID, r.Generation())
	s.Header = r.Header()
	s.Lenient = lenient
	// A row's prices are kept as counts in the meters' order, its map
	// made at the end: a map a node would be most of what a row holds.
	type dshRow struct {
		node   inspectNode
		prices []int
	}
	rows := map[int]dshRow{}
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return inspectReport{}, err
		}
		if err := ctx.Err(); err != nil {
			return inspectReport{}, err
		}
		readProgressOf(ctx).event()
		skel := e
		var row inspectNode
		if e.SurfaceOp != nil && hostshim.SurfaceEligible(e.Type) {
			// A message the host cannot derive is appended as it is: the
			// session refuses it as it would have. The row is made, and
			// the message dropped, before the skeleton is.
			if m, err := hostshim.DeriveMessage(e); err == nil {
				row = inspectRow(0, e, m, meters, map[string]int{})
				skel = inspectSkeleton(e, s.Gen)
			}
		}
		if err := s.AppendEvent(skel); err != nil {
			return inspectReport{}, r.AppendError(err)
		}
		if s.Position(e.Seq) >= 0 {
			if row.Tokens == nil {
				row = inspectRow(0, e, nil, meters, nil)
			}
			r := dshRow{node: row}
			if len(row.Tokens) > 0 {
				for _, mt := range meters {
					r.prices = append(r.prices, row.Tokens[mt.Name()])
				}
			}
			r.node.Tokens = nil
			rows[e.Seq] = r
		}
		s.Forget(s.Len())
		if e.SurfaceOp != nil && e.SurfaceOp.Replace {
			for seq := range rows {
				if s.Position(seq) < 0 {
					delete(rows, seq)
				}
			}
		}
	}
	if w := r.TornWarning(); w != "" {
		s.Warnings = append(s.Warnings, w)
	}
	rep := newInspectReport(path, s, r.Truncated())
	for pos, seq := range s.Nodes() {
		r := rows[seq]
		n := r.node
		n.Position = pos
		n.Tokens = map[string]int{}
		for i, c := range r.prices {
			n.Tokens[meters[i].Name()] = c
			rep.Totals[meters[i].Name()] += c
		}
		if err := n.balance(s, seq); err != nil {
			return inspectReport{}, fmt.Errorf("%s: %w", path, err)
		}
		rep.Nodes = append(rep.Nodes, n)
	}
	return rep, nil
}

// inspectSkeleton is e with the texts (and calls' arguments) of its message emptied, for the
// session inspectDSH checks the host's rules with: the rules read a
// message's structure (blocks, calls, results, sources), never its texts,
// but for a tool/result rewrite, which compares all but the rewritten
// content with the result it replaces; the texts emptied are inside that
// content (all of the message's content in the 0.1.7 wire; in 0.1.0, the
// first block's content and the blocks after it). e itself when its data
// is not a message inspectSkeleton knows.
func inspectSkeleton(e hostshim.Event, gen hostshim.Generation) hostshim.Event {
	// Numbers come back as float64, as the rewrite check reads them too
	// (stripResultContent): the skeleton compares as the event does.
	var data map[string]any
	if json.Unmarshal(e.Data, &data) != nil {
		return e
	}
	msg := data
	if e.Type != hostshim.TypeUserMessage {
		msg, _ = data["message"].(map[string]any)
	}
	content, _ := msg["content"].([]any)
	if content == nil {
		return e
	}
	for i, b := range content {
		b, _ := b.(map[string]any)
		if b == nil {
			continue
		}
		if e.Type == hostshim.TypeToolResult && gen == hostshim.Gen01 && i == 0 {
			inner, _ := b["content"].([]any)
			blankTexts(inner)
			continue
		}
		blankTexts([]any{b})
	}
	out, err := json.Marshal(data)
	if err != nil {
		return e
	}
	e.Data = out
	return e
}

// blankTexts empties the text of every text and reasoning block, and the
// arguments of every tool call, of blocks and of the blocks they hold.
func blankTexts(blocks []any) {
	for _, b := range blocks {
		b, _ := b.(map[string]any)
		if b == nil {
			continue
		}
		switch t, _ := b["type"].(string); t {
		case hostshim.BlockText, hostshim.BlockReasoning:
			if _, ok := b["text"].(string); ok {
				b["text"] = ""
			}
		case hostshim.BlockToolCall:
			if _, ok := b["arguments"].(string); ok {
				b["arguments"] = ""
			}
		}
		if inner, ok := b["content"].([]any); ok {
			blankTexts(inner)
		}
	}
}

// newInspectReport is the report on session s, read from path, before its
// nodes are added; torn is the torn last line its reader skipped, or nil.
func newInspectReport(path string, s *hostshim.Session, torn *hostshim.TruncatedTail) inspectReport {
	rep := inspectReport{
		Path: path, SessionID: s.ID, FormatVersion: s.Header.Version, Generation: s.Gen.String(),
		Events: s.Len(), ReplaceGeneration: s.Surface().ReplaceGeneration,
		Totals: map[string]int{}, Warnings: s.Warnings,
	}
	if torn != nil {
		// A DSH log's reader already lists its torn tail among the
		// session's warnings (prefixed with the path); say it once, the
		// way an imported trajectory's is said.
		rep.Warnings = slices.DeleteFunc(slices.Clone(rep.Warnings), func(w string) bool { return w == path+": "+torn.String() })
		rep.Warnings = append(rep.Warnings, torn.String())
	}
	return rep
}

// balance sets whether the cuts just before and just after surface node
// seq of s split no tool call from its result.
func (n *inspectNode) balance(s *hostshim.Session, seq int) error {
	var err error
	if n.BalancedBefore, err = s.BalancedBefore(seq); err != nil {
		return err
	}
	n.BalancedAfter, err = s.BalancedAfter(seq)
	return err
}

// inspectSession reports on session s, read whole from path; torn is the
// torn last line its reader skipped, or nil.
func inspectSession(ctx context.Context, path string, s *hostshim.Session, torn *hostshim.TruncatedTail, meters []hostshim.Meter) (inspectReport, error) {
	rep := newInspectReport(path, s, torn)
	for pos, seq := range s.Nodes() {
		if err := ctx.Err(); err != nil {
			return inspectReport{}, err
		}
		e, _ := s.Event(seq)
		m, err := s.Message(seq)
		if err != nil {
			return inspectReport{}, fmt.Errorf("%s: seq %d: %w", path, seq, err)
		}
		n := inspectRow(pos, e, m, meters, rep.Totals)
		if err := n.balance(s, seq); err != nil {
			return inspectReport{}, fmt.Errorf("%s: %w", path, err)
		}
		rep.Nodes = append(rep.Nodes, n)
	}
	rep.LogTotals = clientCompactedTotals(s, meters)
	return rep, nil
}

// clientCompactedTotals prices every message of imported session s when a
// compaction its client made took messages off the surface
// (importer.IsClientCompaction); nil otherwise, as inspectStream leaves it.
func clientCompactedTotals(s *hostshim.Session, meters []hostshim.Meter) map[string]int {
	client := false
	for _, seq := range s.Nodes() {
		if m, _ := s.Message(seq); m != nil && m.IsCheckpoint() && importer.IsClientCompaction(m.Source.CompactionID) {
			client = true
		}
	}
	if !client {
		return nil
	}
	totals := map[string]int{}
	for seq := 0; seq < s.Len(); seq++ {
		if e, _ := s.Event(seq); !hostshim.SurfaceEligible(e.Type) {
			continue
		}
		if m, err := s.Message(seq); err == nil && m != nil {
			for _, mt := range meters {
				totals[mt.Name()] += mt.CountMessage(m)
			}
		}
	}
	return totals
}

// inspectStream adds the events of an imported trajectory to rep as they
// are read. The importer only appends (it writes no replacement), so a
// node's position is its order and the cuts around it are balanced when
// the count of open tool calls is zero: an assistant message opens its
// calls, a tool result closes one, as the host (and Session) counts.
func inspectStream(ctx context.Context, in *foldInput, rep *inspectReport, meters []hostshim.Meter) error {
	open := 0
	for {
		e, err := in.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		readProgressOf(ctx).event()
		rep.Events++
		if e.SurfaceOp == nil {
			continue
		}
		m, err := hostshim.DeriveMessage(e)
		if err != nil {
			return fmt.Errorf("%s: seq %d: %w", rep.Path, e.Seq, err)
		}
		if e.SurfaceOp.Replace {
			// a compaction the client made itself: its checkpoint replaces
			// the whole surface before it (importer/clientcompact.go)
			if err := inspectClientCompaction(rep, e, open); err != nil {
				return err
			}
		}
		if rep.LogTotals != nil {
			for _, mt := range meters {
				rep.LogTotals[mt.Name()] += mt.CountMessage(m)
			}
		}
		n := inspectRow(len(rep.Nodes), e, m, meters, rep.Totals)
		n.BalancedBefore = open == 0
		if e.Type == hostshim.TypeToolResult {
			open--
		} else if e.Type == hostshim.TypeAssistantMessage {
			open += len(n.ToolCalls)
		}
		if open < 0 {
			return fmt.Errorf("%s: %w: tool/result at surface seq %d has no matching tool-call", rep.Path, hostshim.ErrCorruptSurface, e.Seq)
		}
		n.BalancedAfter = open == 0
		rep.Nodes = append(rep.Nodes, n)
	}
	// In the order of the whole session's report (importSession keeps
	// the notes with the session, the torn tail comes after).
	rep.Warnings = append(rep.Warnings, in.importNotes()...)
	if t := in.truncated(); t != nil {
		rep.Warnings = append(rep.Warnings, t.String())
	}
	return nil
}

// inspectClientCompaction takes the rows of the surface a client
// compaction's checkpoint e replaces off rep (the importer replaces the
// whole surface, with no call open), and their prices off its totals; the
// first one starts rep.LogTotals, which prices every message of the log.
func inspectClientCompaction(rep *inspectReport, e hostshim.Event, open int) error {
	if open != 0 || len(rep.Nodes) == 0 || rep.Nodes[0].Seq != e.SurfaceOp.Start || rep.Nodes[len(rep.Nodes)-1].Seq != e.SurfaceOp.End {
		return fmt.Errorf("%s: seq %d: %w: an imported session replaces only its whole surface, balanced", rep.Path, e.Seq, hostshim.ErrBadReplace)
	}
	if rep.LogTotals == nil {
		rep.LogTotals = maps.Clone(rep.Totals)
	}
	for name := range rep.Totals {
		rep.Totals[name] = 0
	}
	rep.Nodes = rep.Nodes[:0]
	rep.ReplaceGeneration++
	return nil
}

// inspectRow is the row of the surface node at pos (event e, deriving
// message m, nil when it derives none), without its cuts' balance; it
// adds the node's prices to totals.
func inspectRow(pos int, e hostshim.Event, m *hostshim.Message, meters []hostshim.Meter, totals map[string]int) inspectNode {
	n := inspectNode{Position: pos, Seq: e.Seq, Type: e.Type, Tokens: map[string]int{}}
	if m == nil {
		return n
	}
	n.Role = string(m.Role)
	if m.Source != nil {
		n.Injected = m.Source.Injected
	}
	for _, mt := range meters {
		c := mt.CountMessage(m)
		n.Tokens[mt.Name()] = c
		totals[mt.Name()] += c
	}
	for _, tc := range m.ToolCalls() {
		n.ToolCalls = append(n.ToolCalls, tc.ID)
	}
	if id, ok := m.ToolResultID(); ok {
		n.ToolResultFor = id
	}
	if m.IsCheckpoint() {
		n.Checkpoint = m.Source.CompactionID
	}
	n.Preview = inspectPreview(readableCalls(m).Text(), 60)
	return n
}

// readableCalls is m with each tool call's arguments written as readable
// JSON (readableJSON), for a preview a person reads; m itself when no
// argument needs it. The log and the bundles keep the arguments as they
// are.
func readableCalls(m *hostshim.Message) *hostshim.Message {
	var c *hostshim.Message
	for i, b := range m.Content {
		if b.Type != hostshim.BlockToolCall {
			continue
		}
		r := readableJSON(b.Arguments)
		if r == b.Arguments {
			continue
		}
		if c == nil {
			cp := *m
			cp.Content = slices.Clone(m.Content)
			c = &cp
		}
		c.Content[i].Arguments = r
	}
	if c == nil {
		return m
	}
	return c
}

// readableJSON is the JSON text s with the \uXXXX escapes of its strings
// written as the characters they stand for ("\u0026\u0026" as "&&", as
// encoding/json's HTML escaping writes it; "\u2022" as "•", as an
// ASCII-only encoder does), compact; s itself when it has no such escape
// or is not one JSON value. Quotes, backslashes and control characters
// stay escaped, as JSON.stringify writes them.
func readableJSON(s string) string {
	if !strings.Contains(s, `\u`) {
		return s
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	type level struct {
		object bool
		n      int // tokens read inside it
	}
	var stack []level
	var out []byte
	values := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF && len(stack) == 0 {
			break
		}
		if err != nil {
			return s
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			out = append(out, byte(d))
			continue
		}
		if len(stack) == 0 {
			if values++; values > 1 {
				return s
			}
		} else {
			l := &stack[len(stack)-1]
			switch {
			case l.n == 0:
			case l.object && l.n%2 == 1:
				out = append(out, ':')
			default:
				out = append(out, ',')
			}
			l.n++
		}
		switch v := tok.(type) {
		case json.Delim:
			stack = append(stack, level{object: v == '{'})
			out = append(out, byte(v))
		case string:
			out = append(out, '"')
			for _, r := range v {
				out = jsjson.AppendRune(out, r)
			}
			out = append(out, '"')
		case json.Number:
			out = append(out, v...)
		case bool:
			out = strconv.AppendBool(out, v)
		case nil:
			out = append(out, "null"...)
		}
	}
	return string(out)
}

func inspectText(w io.Writer, rep inspectReport, meters []hostshim.Meter) error {
	sid := rep.SessionID
	if !strings.Contains(sid, ":") {
		// an imported session's id names its format ("continue:…"); a
		// DSH log's is the host's own
		sid += " (dsh)"
	}
	fmt.Fprintf(w, "%s  session %s  format v%d (%s wire)  %s  %s  %s\n",
		rep.Path, sid, rep.FormatVersion, rep.Generation, count(rep.Events, "event"), count(len(rep.Nodes), "surface node"), count(rep.ReplaceGeneration, "replacement"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight|tabwriter.Debug&0)
	fmt.Fprint(tw, "pos\tseq\trole\t")
	for _, mt := range meters {
		fmt.Fprintf(tw, "%s\t", mt.Name())
	}
	fmt.Fprint(tw, "pairing\t\n")
	for _, n := range rep.Nodes {
		role := n.Role
		if n.Checkpoint != "" {
			role = "checkpoint"
		}
		if role == "" {
			role = "(none)"
		}
		if n.Injected != "" && n.Checkpoint == "" {
			// the client's text in the user's place ("user/chatter")
			role += "/" + n.Injected
		}
		fmt.Fprintf(tw, "%d\t%d\t%s\t", n.Position, n.Seq, role)
		for _, mt := range meters {
			fmt.Fprintf(tw, "%d\t", n.Tokens[mt.Name()])
		}
		fmt.Fprintf(tw, "%s\t %s\n", inspectPairing(n), n.Preview)
	}
	fmt.Fprint(tw, "\t\ttotal\t")
	for _, mt := range meters {
		fmt.Fprintf(tw, "%d\t", rep.Totals[mt.Name()])
	}
	fmt.Fprint(tw, "\t\n")
	if rep.LogTotals != nil {
		fmt.Fprint(tw, "\t\tin the log\t")
		for _, mt := range meters {
			fmt.Fprintf(tw, "%d\t", rep.LogTotals[mt.Name()])
		}
		fmt.Fprint(tw, "\t(with the messages the client's compactions took off the surface)\n")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, warn := range rep.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warn)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

// inspectOpenCalls warns of the tool calls the surface went past without
// their result (hostshim.OpenCall): no fold can cut after them, so ef fold
// cannot fold anything from there on.
func inspectOpenCalls(nodes []inspectNode) []string {
	var l hostshim.CallLedger
	for _, n := range nodes {
		switch {
		case n.Role == string(hostshim.RoleAssistant):
			calls := make([]hostshim.Block, len(n.ToolCalls))
			for i, id := range n.ToolCalls {
				calls[i] = hostshim.Block{ID: id}
			}
			l.Assistant(n.Seq, calls)
		case n.ToolResultFor != "":
			l.Result(n.ToolResultFor)
		}
	}
	var out []string
	for _, c := range l.Open() {
		out = append(out, c.String()+": no fold can cut after it")
	}
	return out
}

// inspectPairing renders the tool pairing of a node: calls it opens, the
// call it answers, and whether the cuts around it are balanced.
func inspectPairing(n inspectNode) string {
	s := ""
	switch {
	case len(n.ToolCalls) > 0:
		s = fmt.Sprintf("calls %d", len(n.ToolCalls))
	case n.ToolResultFor != "":
		s = "result " + inspectPreview(n.ToolResultFor, 16)
	}
	cut := func(b bool) string {
		if b {
			return "|"
		}
		return "~"
	}
	return cut(n.BalancedBefore) + s + cut(n.BalancedAfter)
}

// inspectPreview returns the first line of s, cut to at most n runes.
func inspectPreview(s string, n int) string {
	out := make([]rune, 0, n)
	for _, r := range s {
		if r == '\n' || r == '\r' || r == '\t' {
			r = ' '
		}
		if len(out) == n {
			out[n-1] = '…'
			break
		}
		out = append(out, r)
	}
	return string(out)
}

// inspectMeters returns the meters inspect prices nodes with: the host's
// heuristic (what its shrink check and pressure use) and a real tokenizer.
func inspectMeters() ([]hostshim.Meter, error) {
	real, err := tokenizer.New(tokenizer.Options{}).Meter(tokenizer.Window)
	if err != nil {
		return nil, err
	}
	return []hostshim.Meter{hostshim.HeuristicMeter{}, real}, nil
}
