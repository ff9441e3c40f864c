package projection

import (
	"path"
	"slices"
	"strings"
)

// A failure for want of a package, and the install that supplied it.
//
// "ModuleNotFoundError: No module named 'sqlfluff'" from a command that is
// never run again is not open once a later command installed the package
// ("pip install -e ." in the project, "pip install sqlfluff"): the
// environment now has what the command lacked, and a receiving agent
// told to fix it would redo finished work. The failure is superseded,
// saying by which install. Only an install that passed and that can have
// supplied the package counts: one naming that package, or one of
// everything the project declares ("pip install -e .", "pip install -r
// requirements.txt", "npm install", "poetry install", "go mod download",
// "bundle install"). An install of another package, a failed install or
// one before the failure leaves it open; a rerun of the command that
// fails again reopens it as any failure.

// missingModuleRE is an error naming a package the environment lacks:
// Python's "No module named 'x'", Node's "Cannot find module 'x'" (a
// package, not a relative path), Go's "cannot find package \"x\"" / "no
// required module provides package x", Ruby's "cannot load such file --
// x".
var missingModuleRE = mustPattern(`No module named '?([\w.-]+)'?|Cannot find module '([^'./][^']*)'|cannot find package "([^"]+)"|no required module provides package ([^\s;]+)|cannot load such file -- ([^\s;]+)`)

// missingModule is the package failure a says is missing ("" for none),
// its top-level name ("a.b" is "a", "@scope/x/y" is "@scope/x").
func missingModule(a *Anchor) string {
	for _, s := range []string{a.Because, a.Value} {
		m := missingModuleRE.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		for _, g := range m[1:] {
			if g == "" {
				continue
			}
			if strings.HasPrefix(g, "@") {
				if parts := strings.SplitN(g, "/", 3); len(parts) >= 2 {
					return parts[0] + "/" + parts[1]
				}
			}
			if strings.Contains(g, "/") {
				return g // a Go import path or a Ruby feature: whole
			}
			return strings.Split(g, ".")[0]
		}
	}
	return ""
}

// installers are the commands that install packages, by their words up
// to the sub-command: what follows are the packages (or, with none, the
// project's own declared set).
var installers = [][]string{
	{"pip", "install"}, {"pip3", "install"}, {"uv", "pip", "install"}, {"uv", "add"}, {"uv", "sync"},
	{"python", "-m", "pip", "install"}, {"python3", "-m", "pip", "install"},
	{"poetry", "install"}, {"poetry", "add"}, {"pipenv", "install"}, {"conda", "install"}, {"mamba", "install"},
	{"python", "setup.py", "develop"}, {"python", "setup.py", "install"},
	{"npm", "install"}, {"npm", "i"}, {"npm", "ci"}, {"pnpm", "install"}, {"pnpm", "add"}, {"pnpm", "i"},
	{"yarn", "install"}, {"yarn", "add"}, {"yarn"}, {"bun", "install"}, {"bun", "add"},
	{"go", "get"}, {"go", "mod", "download"}, {"go", "mod", "tidy"}, {"go", "install"},
	{"gem", "install"}, {"bundle", "install"}, {"bundle", "add"},
}

// installs reports whether shell command cmd installs package pkg: a
// stage of an installer naming pkg (pip's "-" and "_" alike, a version or
// extra after it), or naming no package but the project's declared set
// ("-e .", ".", "-r requirements.txt", nothing at all).
func installs(cmd, pkg string) bool {
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "-")) }
	want := norm(pkg)
	for _, st := range stagesOf(cmd) {
		for _, el := range pipeSplit(st) {
			f := dropEnv(strings.Fields(unwrap(strings.TrimSpace(el))))
			if len(f) == 0 {
				continue
			}
			f[0] = path.Base(f[0])
			var args []string
			for _, in := range installers {
				if len(f) >= len(in) && slices.Equal(f[:len(in)], in) {
					args = f[len(in):]
					break
				}
			}
			if args == nil && !slices.ContainsFunc(installers, func(in []string) bool { return len(f) == len(in) && slices.Equal(f, in) }) {
				continue
			}
			named := false
			for i := 0; i < len(args); i++ {
				a := args[i]
				switch {
				case redirectRE.MatchString(a) || a == "&&" || a == "||":
					continue
				case a == "-r" || a == "--requirement" || a == "-e" || a == "--editable":
					return true // the project's declared set, or itself
				case strings.HasPrefix(a, "-"):
					continue
				}
				name := norm(strings.Trim(a, `"'`))
				if name == "." || strings.HasPrefix(name, "./") || strings.HasPrefix(name, "/") {
					return true
				}
				named = true
				// "x==1.2", "x[extra]", "x@^4" (npm, go), "@scope/x@1"
				spec := name
				if i := strings.IndexAny(spec, "=<>~![;"); i > 0 {
					spec = spec[:i]
				}
				if i := strings.LastIndex(spec, "@"); i > 0 {
					spec = spec[:i]
				}
				if spec == want || strings.HasPrefix(want, spec+"/") {
					return true
				}
			}
			if !named {
				return true
			}
		}
	}
	return false
}

// installedMissing supersedes the open failures for want of a package
// that passing command cmd installed.
func (r *Reducer) installedMissing(cmd string, ref EventRef) {
	for _, a := range r.sorted() {
		if failureCommand(a) == "" || a.Seq() >= ref.Seq {
			continue
		}
		if pkg := missingModule(a); pkg != "" && installs(cmd, pkg) {
			supersedeFailure(a, "installed: "+oneLineOf(cmd), ref)
		}
	}
}

// oneLineOf is s on one line, cut to 120 bytes at a rune start.
func oneLineOf(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		cut := 120
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
