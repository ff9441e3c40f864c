package recall

import (
	"encoding/json"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/epistemicfold/ef/hostshim"
)

// msgFields is what the index keeps of one archived message.
type msgFields struct {
	Role    string   // "user", "assistant", "tool" (a tool result of either wire generation), "system", ...
	Text    string   // the message's text, capped: what a snippet or a detail line shows
	Tools   []string // tool names called or answered
	Paths   []string // file paths and artifact names, with their suffixes
	IsError bool     // a tool result flagged as an error
	CallIDs []string // ids of the tool calls this message makes
	// Echo is set when part of Text only echoes the archive (see
	// isEchoTool): the arguments of a context_search or context_recall
	// call, or a result of one. Searchable is Text without them.
	Echo bool
	// Summary is set when the message is a checkpoint's summary (a host
	// checkpoint message, which a later fold archived again): a derived
	// copy of what earlier messages said. SummaryOf is the EF checkpoint
	// it is the summary of, from its marker line ("" when it has none).
	Summary   bool
	SummaryOf string
	// searchable is the text the index holds when Echo is set.
	searchable string
}

// Searchable is the text the index holds of the message: Text, less the
// parts that only echo the archive.
func (f *msgFields) Searchable() string {
	if f.Echo {
		return f.searchable
	}
	return f.Text
}

// echoTools are the tools whose calls and results only echo the archive:
// a context_search result quotes archived messages as snippets, a
// context_recall result returns them, and a call's arguments are the
// model's own query. Indexed, they matched the words they quote (a
// search's result became the best hit for the fact it had found, an echo
// rather than the source) and the query's own words; the archived
// messages they quote are indexed where they were first archived. Their
// calls and results stay in the index by tool name (a search for
// context_search lists them), with no text. (Northbridge's
// context_request and the action kernel's action_submit answer from
// task.origin files and the workspace, not from the archive: their
// results are evidence and are indexed.)
var echoTools = []string{ToolSearch, ToolRecall}

// isEchoTool reports whether a tool name is one of echoTools as a host or
// an MCP client names it: the name itself (DSH, through dsh-plugin), or
// the name after the server's prefix and a separator
// ("mcp__epistemic-fold__context_search" in Claude Code and Codex,
// "epistemic-fold.context_search", "ef/context_recall").
func isEchoTool(name string) bool {
	for _, t := range echoTools {
		rest, ok := strings.CutSuffix(name, t)
		if !ok {
			continue
		}
		if rest == "" {
			return true
		}
		switch rest[len(rest)-1] {
		case '_', '.', '/', ':', '-':
			return true
		}
	}
	return false
}

// Limits of what is extracted per message.
const (
	maxPathsPerMessage = 64
	maxPathSuffixes    = 6
	// maxPathScanBytes bounds the text scanned for path-like words (tool
	// output can be 256 KiB; paths worth finding come early).
	maxPathScanBytes = 32 << 10
)

// isPathKey reports whether a tool-argument key's string values name files.
func isPathKey(k string) bool {
	switch k {
	case "file_path", "filepath", "filePath", "path", "paths", "notebook_path", "filename",
		"file", "files", "dir", "directory", "cwd", "old_path", "new_path", "uri", "url":
		return true
	}
	return false
}

// findPaths returns up to max path-like words of s: runs of name
// characters (letters, digits, _ @ + . - ~) and slashes that hold a slash
// between name characters, or that end in a known file extension. It is a
// hand-written scan because Go's regexp made path extraction a quarter of
// the indexing time.
func findPaths(s string, max int) []string {
	var out []string
	for i := 0; i < len(s) && len(out) < max; {
		if !isPathByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isPathByte(s[j]) {
			j++
		}
		w := strings.TrimLeft(strings.TrimRight(s[i:j], ".-"), "-")
		i = j
		if len(w) < 3 || len(w) > 512 {
			continue
		}
		if k := strings.IndexByte(w, '/'); k >= 0 {
			if strings.Trim(w, "/.~") != "" && strings.Count(w, "/") < len(w)/2 {
				out = append(out, w)
			}
			continue
		}
		if dot := strings.LastIndexByte(w, '.'); dot > 0 && isFileExt(w[dot+1:]) {
			out = append(out, w)
		}
	}
	return out
}

func isPathByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '@' || c == '+' || c == '.' || c == '-' || c == '~' || c == '/'
}

func isFileExt(e string) bool {
	switch e {
	case "go", "rs", "py", "ts", "tsx", "js", "jsx", "json", "jsonl", "md", "toml", "yaml", "yml", "txt",
		"sh", "c", "h", "cc", "cpp", "hpp", "java", "rb", "sql", "html", "css", "lock", "mod", "sum", "cfg",
		"ini", "xml", "proto", "log", "traj", "ipynb", "csv", "pdf", "png", "jpg", "svg":
		return true
	}
	return false
}

// plainMessage is hostshim.Message without its methods: encoding/json
// decodes its fields and keeps no copy of the bytes (Raw stays nil).
type plainMessage hostshim.Message

// extractMessage decodes raw as a hostshim message and collects its fields.
// callNames maps tool-call ids seen earlier in the checkpoint to tool names,
// so a tool result can be found by the name of the tool that produced it.
// A message that does not decode is indexed as its raw JSON text.
func extractMessage(raw json.RawMessage, callNames map[string]string, maxBytes int) msgFields {
	// Decoded as plainMessage, the fields without Message's UnmarshalJSON,
	// which keeps a copy of raw (a tool output of megabytes held twice
	// while it is indexed); it is what that method checks besides.
	var m hostshim.Message
	if !decodeMessage(raw, (*plainMessage)(&m)) {
		m = hostshim.Message{} // the fast path may have filled part of it
		if err := json.Unmarshal(raw, (*plainMessage)(&m)); err != nil {
			m.Content = nil
		}
	}
	if m.Content == nil {
		return msgFields{Role: "unknown", Text: capText(string(raw), maxBytes)}
	}
	f := msgFields{Role: string(m.Role)}
	paths := newPathSet()
	var extra []string
	echoResult := false // the whole message is an echo tool's result
	if id, ok := m.ToolResultID(); ok {
		f.Role = "tool"
		if name := callNames[id]; name != "" {
			f.Tools = append(f.Tools, name)
			echoResult = isEchoTool(name) && m.Role == hostshim.RoleTool
		}
	}
	if m.IsCheckpoint() {
		f.Summary = true
		f.SummaryOf = markerID(&m)
	}
	if m.IsError != nil && *m.IsError {
		f.IsError = true
	}
	var walk func(bs []hostshim.Block)
	walk = func(bs []hostshim.Block) {
		for _, b := range bs {
			switch b.Type {
			case hostshim.BlockToolCall:
				if b.Name != "" {
					f.Tools = append(f.Tools, b.Name)
					if b.ID != "" {
						callNames[b.ID] = b.Name
						f.CallIDs = append(f.CallIDs, b.ID)
					}
				}
				if isEchoTool(b.Name) {
					f.Echo = true
					break // a ref or a query: no file of the session's
				}
				argPaths(b.Arguments, paths)
			case hostshim.BlockToolResult:
				if b.IsError != nil && *b.IsError {
					f.IsError = true
				}
				if name := callNames[b.ToolCallID]; name != "" {
					f.Tools = append(f.Tools, name)
					if isEchoTool(name) {
						f.Echo = true
						break // quotes of the archive: their paths are not this message's
					}
				}
				walk(b.Content)
			case hostshim.BlockToolAddition, hostshim.BlockToolRemoval:
				if b.ToolName != "" {
					f.Tools = append(f.Tools, b.ToolName)
				}
			case hostshim.BlockImage, hostshim.BlockFile:
				for _, n := range artifactNames(b.Attachment, b.Offloaded) {
					paths.add(n)
					extra = append(extra, n)
				}
			}
		}
	}
	if echoResult {
		f.Echo = true
	} else {
		walk(m.Content)
	}
	text := indexedText(&m)
	if len(extra) > 0 {
		text += "\n" + strings.Join(extra, "\n")
	}
	f.Text = capText(text, maxBytes)
	if f.Echo {
		f.searchable = ""
		if !echoResult {
			f.searchable = capText(searchableText(&m, callNames, extra), maxBytes)
		}
	}
	if f.Role == "tool" || f.Role == string(hostshim.RoleUser) {
		// Paths printed by tools (ls, grep, compiler errors) are what an
		// agent later looks for; take them from the indexed text.
		for _, p := range findPaths(capText(f.Searchable(), maxPathScanBytes), 4*maxPathsPerMessage) {
			paths.add(p)
		}
	}
	f.Paths = paths.list()
	f.Tools = dedupe(f.Tools)
	return f
}

// searchableText is indexedText(m) (and the artifact names in extra)
// without what only echoes the archive: the arguments of echo tools'
// calls, and the content of their results.
func searchableText(m *hostshim.Message, callNames map[string]string, extra []string) string {
	c := *m
	c.Content = withoutEchoes(m.Content, callNames)
	text := indexedText(&c)
	if len(extra) > 0 {
		text += "\n" + strings.Join(extra, "\n")
	}
	return text
}

// withoutEchoes returns a copy of blocks with the arguments of echo
// tools' calls and the content of their results left out (a call keeps
// its name).
func withoutEchoes(blocks []hostshim.Block, callNames map[string]string) []hostshim.Block {
	out := slices.Clone(blocks)
	for i, b := range out {
		switch b.Type {
		case hostshim.BlockToolCall:
			if isEchoTool(b.Name) {
				out[i].Arguments = ""
			}
		case hostshim.BlockToolResult:
			if isEchoTool(callNames[b.ToolCallID]) {
				out[i].Content = nil
			} else {
				out[i].Content = withoutEchoes(b.Content, callNames)
			}
		}
	}
	return out
}

// markerID returns the checkpoint id of the marker line an EF checkpoint
// message's text opens with ("[ef-checkpoint id=<id> mode=… seqs=…]",
// engine.Marker), or "".
func markerID(m *hostshim.Message) string {
	const head = "[ef-checkpoint id="
	for _, b := range m.Content {
		if b.Type != hostshim.BlockText {
			continue
		}
		for line := range strings.Lines(b.Text) {
			rest, ok := strings.CutPrefix(line, head)
			if !ok {
				continue
			}
			if k := strings.IndexByte(rest, ' '); k > 0 && validCheckpointID(rest[:k]) {
				return rest[:k]
			}
		}
	}
	return ""
}

// indexedText is the text of m as the index holds it: m.Text(), with the
// string values of JSON unescaped where the text is JSON: a tool call's
// arguments, and a text that is one JSON document (a tool's --json output,
// an API's answer). Escaped, a code edit's "\n  let x" is a backslash and
// "n  let x" to word breaking: a bogus word "n" at every line break (a
// twentieth of the index's term positions on real sessions) and each
// line's first word glued to it ("\nfn" is the word "nfn", which a search
// for "fn" missed). Other text stays as written: in prose or a log, "\n"
// may be a path's backslash ("C:\new").
func indexedText(m *hostshim.Message) string {
	blocks, changed := unescapeBlocks(m.Content)
	if !changed {
		return m.Text()
	}
	c := *m
	c.Content = blocks
	return c.Text()
}

// unescapeBlocks returns blocks with the JSON among them unescaped (see
// indexedText), copied only where something changed.
func unescapeBlocks(blocks []hostshim.Block) ([]hostshim.Block, bool) {
	var out []hostshim.Block
	set := func(i int, b hostshim.Block) {
		if out == nil {
			out = slices.Clone(blocks)
		}
		out[i] = b
	}
	for i, b := range blocks {
		switch b.Type {
		case hostshim.BlockToolCall:
			if args := unescapeStrings(b.Arguments); len(args) != len(b.Arguments) {
				b.Arguments = args
				set(i, b)
			}
		case hostshim.BlockText:
			if t := unescapeJSONText(b.Text); len(t) != len(b.Text) {
				b.Text = t
				set(i, b)
			}
		case hostshim.BlockToolResult:
			if c, ok := unescapeBlocks(b.Content); ok {
				b.Content = c
				set(i, b)
			}
		}
	}
	if out == nil {
		return blocks, false
	}
	return out, true
}

// unescapeJSONText is unescapeStrings(s) when s is one JSON object or
// array, else s.
func unescapeJSONText(s string) string {
	t := strings.TrimSpace(s)
	if t == "" || t[0] != '{' && t[0] != '[' || !strings.Contains(t, "\\") || !json.Valid([]byte(t)) {
		return s
	}
	return unescapeStrings(s)
}

// unescapeStrings returns s with the escapes inside its JSON string
// literals decoded (\n is a line break, \" a quote, \u00e9 é); the
// quotes themselves and everything outside them stay. s need not be
// valid JSON: an escape that does not decode stays as written. Without
// an escape, s is returned as it is. An unescaped string is never longer
// than its escaped form, and shorter when it held an escape.
func unescapeStrings(s string) string {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	// Whether s[i] is inside a string: count the unescaped quotes before.
	in := false
	for k := 0; k < i; k++ {
		switch s[k] {
		case '"':
			in = !in
		case '\\':
			k++
		}
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			in = !in
		case c == '\\' && i+1 < len(s):
			if !in {
				b = append(b, c, s[i+1])
				i++
				continue
			}
			if r, n := unescape(s[i+1:]); n > 0 {
				b = utf8.AppendRune(b, r)
				i += n
				continue
			}
		}
		b = append(b, c)
	}
	return string(b)
}

// unescape decodes the JSON escape whose backslash precedes e: the rune
// and how many bytes of e it used (0 when e starts no escape).
func unescape(e string) (rune, int) {
	switch e[0] {
	case '"', '\\', '/':
		return rune(e[0]), 1
	case 'n':
		return '\n', 1
	case 't':
		return '\t', 1
	case 'r':
		return '\r', 1
	case 'b', 'f':
		return ' ', 1
	case 'u':
		r, ok := hex4(e[1:])
		if !ok {
			return 0, 0
		}
		if utf16.IsSurrogate(r) {
			if len(e) >= 11 && e[5] == '\\' && e[6] == 'u' {
				if lo, ok := hex4(e[7:]); ok {
					if d := utf16.DecodeRune(r, lo); d != utf8.RuneError {
						return d, 11
					}
				}
			}
			return utf8.RuneError, 5
		}
		return r, 5
	}
	return 0, 0
}

// hex4 decodes four hex digits at the start of s.
func hex4(s string) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[:4]) {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// argPaths adds the file paths named by a tool call's JSON arguments.
func argPaths(args string, ps *pathSet) {
	if args == "" {
		return
	}
	var v any
	if err := json.Unmarshal([]byte(args), &v); err != nil {
		for _, p := range findPaths(args, maxPathsPerMessage) {
			ps.add(p)
		}
		return
	}
	var visit func(key string, v any, depth int)
	visit = func(key string, v any, depth int) {
		if depth > 6 {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				visit(k, e, depth+1)
			}
		case []any:
			for _, e := range x {
				visit(key, e, depth+1)
			}
		case string:
			if isPathKey(key) && !strings.ContainsAny(x, "\n") && len(x) <= 512 {
				ps.add(x)
				return
			}
			for _, p := range findPaths(x, maxPathsPerMessage) {
				ps.add(p)
			}
		}
	}
	visit("", v, 0)
}

// artifactNames returns the names, paths and URIs an attachment or an
// offload record carries.
func artifactNames(docs ...json.RawMessage) []string {
	var out []string
	for _, d := range docs {
		if len(d) == 0 {
			continue
		}
		var m map[string]any
		if json.Unmarshal(d, &m) != nil {
			continue
		}
		for _, k := range []string{"name", "filename", "fileName", "path", "uri", "url", "artifactId", "ref", "id"} {
			if s, ok := m[k].(string); ok && s != "" && len(s) <= 512 && !strings.HasPrefix(s, "data:") {
				out = append(out, s)
			}
		}
	}
	return out
}

// pathSet collects paths with their trailing suffixes ("a/b/c.go" also
// yields "b/c.go" and "c.go") so a query naming the tail of a path matches
// the path field exactly.
type pathSet struct {
	seen map[string]bool
	out  []string
}

func newPathSet() *pathSet { return &pathSet{seen: map[string]bool{}} }

func (s *pathSet) add(p string) {
	p = strings.TrimSpace(p)
	p = strings.TrimRight(p, ".,:;)]}'\"`")
	if p == "" || len(s.out) >= maxPathsPerMessage*maxPathSuffixes || !utf8.ValidString(p) {
		return
	}
	s.put(p)
	q := strings.TrimLeft(p, "./~")
	for i := 0; i < maxPathSuffixes && q != ""; i++ {
		s.put(q)
		j := strings.IndexByte(q, '/')
		if j < 0 {
			break
		}
		q = q[j+1:]
	}
	if b := path.Base(p); b != "." && b != "/" {
		s.put(b)
	}
}

func (s *pathSet) put(p string) {
	p = strings.ToLower(p)
	if p == "" || s.seen[p] {
		return
	}
	s.seen[p] = true
	s.out = append(s.out, p)
}

func (s *pathSet) list() []string {
	sort.Strings(s.out)
	return s.out
}

func dedupe(xs []string) []string {
	if len(xs) < 2 {
		return xs
	}
	seen := make(map[string]bool, len(xs))
	out := xs[:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// capText cuts s to at most n bytes on a rune boundary.
func capText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
