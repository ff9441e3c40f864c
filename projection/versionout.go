package projection

import (
	"path"
	"strings"
)

// What a tool's output says, past the host's words around it, and the
// versions a command printed.
//
// Hosts that record no exit status wrap a command's output in words of
// their own: Cline's "Command executed.\nOutput:\n…", Roo Code's
// "Command executed in terminal within working directory '/repo'. Exit
// code: 0", Codex's "Exit code: 0\nWall time: 0.4 seconds\nOutput:",
// mini-swe-agent's "<returncode>0</returncode>" (and its warning before
// a long output's head), a "[stderr]" header. Evidence quotes the
// first line the program printed (outputLead), not the wrapper.
//
// A command that asks programs for their versions ("node -v && pnpm -v
// && pnpm list react --depth 0", "python --version", "go version",
// "rustc -V", "pip show requests", "npm ls react") prints them in order,
// one a stage; each stage's line is read by its shape (the version alone,
// or after the program's or the package's name, or "Version:"), in the
// order the stages ran, and the reading stops at the first stage whose
// line is not there. Each version is a value of the tool's, the version
// installed (value/installed/node = "v20.11.1", apart from a version the
// user asks for), so "which node are we on?" is answered from the state
// after a fold, and the command's evidence names them ("ok: node
// v20.11.1, pnpm 8.15.4, react 18.2.0").

var (
	// wrapperLineRE is a line a host writes around a command's output.
	wrapperLineRE = mustPattern(`(?i)^(?:command executed(?: successfully)?\.?|command executed in terminal\b.*|(?:std)?output:|result:|wall time: [\d.]+ ?\w*|total output lines: \d+|exit (?:code|status):? ?-?\d+\.?|<returncode>-?\d+</returncode>|(?:</?[\w-]+>)+|\[(?:stdout|stderr)\])$`)
	// versionTokRE is a version number: "v20.11.1", "8.15.4", "go1.22.4",
	// "3.11", "1.77.0-nightly".
	versionTokRE = mustPattern(`(?:^|[\s@(:"'=])(?:go|v)?(\d+\.\d+(?:\.\d+)*(?:[-+][0-9A-Za-z.]+)?)(?:$|[\s,;)"'])`)
	// versionFlagRE is a stage that asks a program its version: "node
	// -v", "python3 --version", "go version", "rustc -V", "java
	// -version".
	versionFlagRE = mustPattern(`^(\S+)\s+(?:-v|-V|--version|-version|version)(?:\s+--client)?$`)
	// packageQueryRE is a stage that asks for a package's installed
	// version: "pip show requests", "python -m pip show requests", "npm
	// ls react", "pnpm list react --depth 0".
	packageQueryRE = mustPattern(`^(?:(?:python3?\s+-m\s+)?pip3?\s+show|(?:npm|pnpm|yarn)\s+(?:ls|list))\s+([@\w][\w@/.-]*)(?:\s+--?[\w-]+(?:[= ]\d+)?)*$`)
)

// outputLead is the first line of output text that is not the host's
// wrapper around it (wrapperLineRE) nor in its <warning> block
// (mini-swe-agent's "The output of your last command was too long. …"
// before the head of a long output), or its first line when all are.
func outputLead(text string) string {
	warning := false
	for l := range strings.Lines(text) {
		switch l = strings.TrimSpace(l); {
		case l == "<warning>":
			warning = true
		case warning:
			warning = !strings.HasPrefix(l, "</warning>")
		case l != "" && !wrapperLineRE.MatchString(l):
			return l
		}
	}
	return firstLine(text)
}

// versionQuery is one stage of a command asking a version: the program
// or the package, and whether it is a package.
type versionQuery struct {
	name string
	pkg  bool
	// server: a database server's version, asked by its client
	// (serverversion.go)
	server bool
}

// versionQueries are the stages of cmd that ask versions, in order, or
// nil when a stage asks anything else (its output would be among theirs).
func versionQueries(cmd string) []versionQuery {
	var out []versionQuery
	if in, ok := shellScript(cmd); ok {
		// "bash -lc 'node -v'", as Codex runs every command
		cmd = in
	}
	for _, st := range splitStages(cmd) {
		st = strings.Join(strings.Fields(st), " ")
		if i := strings.Index(st, " 2>&1"); i > 0 {
			st = st[:i] + st[i+len(" 2>&1"):]
		}
		q, server := serverVersionQuery(st)
		switch m := versionFlagRE.FindStringSubmatch(st); {
		case server:
			out = append(out, q)
		case m != nil:
			// "python3" is python, "pip3.11" pip
			prog := strings.TrimSuffix(path.Base(m[1]), ".exe")
			if p := strings.TrimRight(prog, "0123456789."); len(p) >= 2 {
				prog = p
			}
			if strings.HasPrefix(prog, "-") || shellWords[prog] {
				return nil
			}
			out = append(out, versionQuery{name: prog})
		default:
			pm := packageQueryRE.FindStringSubmatch(st)
			if pm == nil {
				return nil
			}
			out = append(out, versionQuery{name: pm[1], pkg: true})
		}
	}
	return out
}

// shellWords are commands no version is asked of.
var shellWords = map[string]bool{"echo": true, "cd": true, "cat": true, "set": true, "export": true, "ls": true}

// splitStages cuts a command at "&&", "||" and ";" outside quotes (a
// pipe belongs to its stage's program, the first): `mysql -e "select
// version();"` is one stage.
func splitStages(cmd string) []string {
	var out []string
	for _, st := range stagesOf(cmd) {
		if c := strings.TrimSpace(pipeHead(st)); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// printedVersion is one version a command printed: the program or
// package, its version and the line that says it.
type printedVersion struct {
	name, version, line string
	server              bool
}

// printedVersions are the versions the output text of cmd prints, one a
// stage that asks one (versionQueries), in order; the first stage whose
// line is not found ends them.
func printedVersions(cmd, text string) []printedVersion {
	qs := versionQueries(cmd)
	if len(qs) == 0 || len(qs) > 8 {
		return nil
	}
	lines := strings.Split(text, "\n")
	var out []printedVersion
	at := 0
	for _, q := range qs {
		found := false
		for ; at < len(lines); at++ {
			l := strings.TrimSpace(lines[at])
			if l == "" || wrapperLineRE.MatchString(l) {
				continue
			}
			if q.server {
				if v := serverVersionOf(l); v != "" {
					out = append(out, printedVersion{name: q.name, version: v, line: l, server: true})
					at++
					found = true
					break
				}
				// the table's header before the version
				continue
			}
			if v := versionOf(q, l, lines[:at]); v != "" {
				out = append(out, printedVersion{name: q.name, version: v, line: l})
				at++
				found = true
				break
			}
			if !q.pkg {
				// a program's version is its first line
				break
			}
		}
		if !found {
			break
		}
	}
	return out
}

// versionOf is the version line l says for query q, or "": for a
// program, l is the version alone ("v20.11.1"), or names the program
// ("Python 3.11.4", "go version go1.22.4 linux/amd64", "rustc 1.77.0
// (aedd173a2 2024-03-17)") or a version ("Version 5.3.3", "Client
// Version: v1.29.0", "openjdk version \"17.0.2\""); for a package, it
// names the package with its version ("react 18.2.0", "└── react@18.2.0")
// or is pip's "Version: 2.31.0" after the package's "Name:" line.
func versionOf(q versionQuery, l string, before []string) string {
	m := versionTokRE.FindStringSubmatch(" " + l + " ")
	if m == nil {
		return ""
	}
	v := m[1]
	if strings.HasPrefix(strings.TrimSpace(m[0]), "v") {
		v = "v" + v
	}
	low := strings.ToLower(l)
	name := strings.ToLower(q.name)
	if q.pkg {
		tail := strings.TrimLeft(low, "├└│─+`|\\- ")
		if strings.HasPrefix(tail, name+" ") || strings.HasPrefix(tail, name+"@") {
			return v
		}
		if strings.HasPrefix(low, "version:") {
			for i := len(before) - 1; i >= 0; i-- {
				if b := strings.ToLower(strings.TrimSpace(before[i])); strings.HasPrefix(b, "name:") {
					if strings.TrimSpace(strings.TrimPrefix(b, "name:")) == name {
						return v
					}
					break
				}
			}
		}
		return ""
	}
	switch {
	case len(strings.Fields(l)) == 1 && strings.TrimPrefix(strings.TrimPrefix(l, "v"), "go") == strings.TrimPrefix(v, "v"):
		return v
	case strings.Contains(low, name), strings.Contains(low, "version"):
		return v
	}
	return ""
}

// versionValues are the values the versions a passing command printed
// state (installed node = "v20.11.1"), and the evidence's summary of them
// ("node v20.11.1, pnpm 8.15.4"), or "".
func versionValues(cmd, text string) ([]Proposal, string) {
	vs := printedVersions(cmd, text)
	if len(vs) == 0 {
		return nil, ""
	}
	var out []Proposal
	var said []string
	for _, v := range vs {
		// scoped apart from the settings the user names: "Python
		// version: 3.12" is what the user wants, 3.11.4 what is there
		name := strings.ToLower(v.name)
		key, vname := "value/installed/"+name, "installed "+name
		if v.server {
			// the version a database server runs, scoped by the server
			// (serverversion.go)
			key, vname = "value/"+name+"/version", name+" version"
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: key, Name: vname, Value: v.version, Quote: v.line})
		said = append(said, strings.ToLower(v.name)+" "+v.version)
	}
	return out, strings.Join(said, ", ")
}
