package taskorigin

import (
	"slices"
	"strings"
	"unicode"

	"github.com/epistemicfold/ef/internal/codespan"
	"github.com/epistemicfold/ef/recall"
)

// SourceKind names what kind of recheckable thing a fact's source cites
// (RFC-0005 §3.2, plus EF's recall refs).
type SourceKind string

// The recheckable source kinds. RFC-0005 spells them file|command|testcase.
const (
	// SourceFile is a file or directory path (reports/Q2.json, ./cmd/ef/,
	// engine/fold.go:120).
	SourceFile SourceKind = "file"
	// SourceCommand is a command someone can run again (`go test ./x`,
	// "$ git log -S foo", "git log -S foo").
	SourceCommand SourceKind = "command"
	// SourceTest is a test id: an RFC-style case number (T3.2) or a test
	// function name (TestFoldKeepsPrefix, pkg.TestX/sub).
	SourceTest SourceKind = "testcase"
	// SourceRecall is an EF recall ref, written "recall:<ref>" (for
	// example recall:ckpt-7#12): context_recall returns the archived bytes.
	SourceRecall SourceKind = "recall"
)

// SourceCheck is the verdict on one source: whether it cites anything
// recheckable, what kinds it cites, and the cited things themselves.
type SourceCheck struct {
	OK     bool
	Kinds  []SourceKind
	Refs   []string
	Cites  []Cite // each cited thing with its kind, in order
	Reason string // why it is unverifiable, when !OK
}

// Cite is one recheckable thing a source names.
type Cite struct {
	Kind SourceKind
	Ref  string
}

// Kind returns the kinds joined with "+" ("file+command"), "" when none.
func (c SourceCheck) Kind() string {
	s := make([]string, len(c.Kinds))
	for i, k := range c.Kinds {
		s[i] = string(k)
	}
	return strings.Join(s, "+")
}

// CheckSource decides whether source cites something recheckable. The
// criterion is whether it cites a file, command, test id or recall ref at
// all, not whether the cited thing exists now: many facts are about a
// file that was deleted or a command that failed (RFC-0005 §3.2).
//
// When declared (the fact's source_kind) is not empty, the source must
// cite that kind: a declaration cannot turn prose into evidence.
//
// The recognizers are deliberately conservative:
//   - a file is a token with a path shape: it starts with ./ ../ / or ~/,
//     ends with '/', has three or more segments, or its last segment has
//     an extension ("and/or" and "e.g." are not paths); a :line suffix is
//     allowed;
//   - a command is text in backquotes or after "$ ", or a source whose
//     first word is a common developer tool (go, git, npm, make, …) or an
//     explicit executable path (./run.sh);
//   - a test id is T<n>[.<n>…] or a Test/Fuzz/Example/Benchmark function
//     name, optionally package-qualified and with a subtest path;
//   - a recall ref is "recall:<ref>" with a ref context_recall accepts.
func CheckSource(source, declared string) SourceCheck {
	s := strings.TrimSpace(source)
	if s == "" {
		return SourceCheck{Reason: "source is empty"}
	}
	var c SourceCheck
	add := func(k SourceKind, ref string) {
		if !slices.Contains(c.Cites, Cite{k, ref}) {
			c.Cites = append(c.Cites, Cite{k, ref})
		}
		for _, have := range c.Kinds {
			if have == k {
				c.Refs = appendUnique(c.Refs, ref)
				return
			}
		}
		c.Kinds = append(c.Kinds, k)
		c.Refs = appendUnique(c.Refs, ref)
	}
	for _, cmd := range commandsIn(s) {
		add(SourceCommand, cmd)
	}
	for _, tok := range tokens(s) {
		switch {
		case strings.HasPrefix(tok, "recall:"):
			if _, err := recall.ParseRef(tok[len("recall:"):]); err == nil {
				add(SourceRecall, tok)
			}
		case isTestID(tok):
			add(SourceTest, tok)
		case isPath(tok):
			add(SourceFile, tok)
		}
	}
	if len(c.Kinds) == 0 {
		return SourceCheck{Reason: "cites no file, command, test id or recall ref; a prose assertion is not recheckable"}
	}
	if d := SourceKind(strings.TrimSpace(declared)); d != "" {
		found := false
		for _, k := range c.Kinds {
			found = found || k == d || (d == "test" && k == SourceTest) || (d == "path" && k == SourceFile)
		}
		if !found {
			return SourceCheck{Kinds: c.Kinds, Refs: c.Refs, Cites: c.Cites, Reason: "source_kind is " + string(d) + " but the source cites " + c.Kind()}
		}
	}
	c.OK = true
	return c
}

func appendUnique(xs []string, x string) []string {
	for _, have := range xs {
		if have == x {
			return xs
		}
	}
	return append(xs, x)
}

// tokens splits s at white space and at punctuation that never belongs in
// a path, and trims trailing sentence punctuation.
func tokens(s string) []string {
	f := strings.FieldsFunc(s, func(r rune) bool {
		if unicode.IsSpace(r) {
			return true
		}
		switch r {
		case '`', '"', '\'', '(', ')', '[', ']', '{', '}', '<', '>', ',', ';', '|',
			'（', '）', '，', '。', '；', '、', '：', '「', '」', '《', '》':
			return true
		}
		return false
	})
	out := f[:0]
	for _, t := range f {
		t = strings.TrimRight(t, ".,:;!?")
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// devTools are first words that make a source a rerunnable command.
var devTools = map[string]bool{
	"go": true, "git": true, "make": true, "npm": true, "npx": true, "node": true, "yarn": true, "pnpm": true,
	"bun": true, "deno": true, "tsc": true, "cargo": true, "rustc": true, "python": true, "python3": true,
	"pytest": true, "pip": true, "uv": true, "ruby": true, "bundle": true, "rake": true, "java": true,
	"javac": true, "mvn": true, "gradle": true, "dotnet": true, "gcc": true, "clang": true, "cmake": true,
	"ctest": true, "bash": true, "sh": true, "zsh": true, "ls": true, "cat": true, "grep": true, "rg": true,
	"find": true, "wc": true, "head": true, "tail": true, "diff": true, "jq": true, "curl": true,
	"sha256sum": true, "docker": true, "kubectl": true, "ef": true, "dsh": true, "sqlite3": true,
	"psql": true, "stat": true, "du": true, "file": true, "sed": true, "awk": true, "env": true,
}

// commandsIn returns the commands s cites: backquoted spans and "$ "
// lines that start with a program name, or s itself when its first word
// is a known tool or an explicit executable path.
func commandsIn(s string) []string {
	var out []string
	for span := range codespan.All(s) {
		if span = strings.TrimSpace(span); looksLikeCommand(span, false) {
			out = append(out, span)
		}
	}
	for line := range strings.Lines(s) {
		line = strings.TrimSpace(line)
		if cmd, ok := strings.CutPrefix(line, "$ "); ok && looksLikeCommand(cmd, false) {
			out = append(out, strings.TrimSpace(cmd))
		}
	}
	if len(out) == 0 && looksLikeCommand(s, true) {
		out = append(out, s)
	}
	return out
}

// looksLikeCommand reports whether s starts with a program name; strict
// demands a known tool or an explicit executable path.
func looksLikeCommand(s string, strict bool) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	if first == "" || strings.ContainsAny(first, "\n\t") {
		return false
	}
	if strings.HasPrefix(first, "./") || strings.HasPrefix(first, "../") || strings.HasPrefix(first, "bin/") {
		return len(first) > 2
	}
	if devTools[first] {
		return true
	}
	if strict || !strings.Contains(strings.TrimSpace(s), " ") {
		return false // one unknown word in backquotes is a name, not a command
	}
	for _, r := range first {
		if !(r == '-' || r == '_' || r == '.' || r == '/' || r == '+' || (r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)))) {
			return false
		}
	}
	return true
}

// isTestID recognizes T3.2-style case numbers and test function names.
func isTestID(t string) bool {
	if len(t) >= 2 && t[0] == 'T' && t[1] >= '0' && t[1] <= '9' {
		dot := false
		for i := 1; i < len(t); i++ {
			switch c := t[i]; {
			case c >= '0' && c <= '9':
				dot = false
			case c == '.' && !dot && i+1 < len(t):
				dot = true
			default:
				return false
			}
		}
		return true
	}
	name := t
	if i := strings.LastIndexAny(t, ".:"); i >= 0 {
		name = t[i+1:]
	}
	name, _, _ = strings.Cut(name, "/") // subtest path
	for _, p := range []string{"Test", "Fuzz", "Example", "Benchmark"} {
		rest, ok := strings.CutPrefix(name, p)
		if !ok {
			continue
		}
		if rest == "" {
			return false
		}
		r := rune(rest[0])
		if !(unicode.IsUpper(r) || unicode.IsDigit(r) || r == '_') {
			return false
		}
		for _, r := range rest {
			if !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
				return false
			}
		}
		return true
	}
	return false
}

// isPath recognizes a token with the shape of a file or directory path.
func isPath(t string) bool {
	if strings.Contains(t, "://") {
		return false // a URL: not a file this machine can recheck
	}
	// Drop a :line or :line:col suffix.
	for {
		i := strings.LastIndexByte(t, ':')
		if i <= 0 || i == len(t)-1 || strings.Trim(t[i+1:], "0123456789") != "" {
			break
		}
		t = t[:i]
	}
	if t == "" || len(t) > 4096 || strings.Contains(t, "...") {
		return false // "./..." is a package pattern, not a file
	}
	for _, r := range t {
		if unicode.IsSpace(r) || r == '*' || r == '?' {
			return false
		}
	}
	switch {
	case strings.HasPrefix(t, "./"), strings.HasPrefix(t, "../"), strings.HasPrefix(t, "~/"):
		return len(t) > 2
	case strings.HasPrefix(t, "/"):
		return len(t) > 1 && strings.Trim(t, "/") != ""
	}
	segs := strings.Split(strings.TrimSuffix(t, "/"), "/")
	for _, s := range segs {
		if s == "" {
			return false
		}
	}
	if len(segs) >= 2 && strings.HasSuffix(t, "/") {
		return true
	}
	if len(segs) >= 3 {
		return true
	}
	return hasExtension(segs[len(segs)-1])
}

// hasExtension reports whether a file name ends in a plausible extension:
// 1–8 characters starting with a letter, after a stem of at least two
// characters when the extension is one letter ("main.c", not "e.g").
func hasExtension(name string) bool {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || i == len(name)-1 {
		return false
	}
	stem, ext := name[:i], name[i+1:]
	if len(ext) > 8 || !isASCIILetter(ext[0]) {
		return false
	}
	for j := 0; j < len(ext); j++ {
		if !isASCIILetter(ext[j]) && !(ext[j] >= '0' && ext[j] <= '9') {
			return false
		}
	}
	if len(ext) == 1 && len(stem) < 2 {
		return false
	}
	return strings.TrimLeft(stem, ".") != "" || len(ext) > 1 // ".env", ".gitignore"
}

func isASCIILetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
