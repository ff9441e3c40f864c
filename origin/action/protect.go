package action

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
)

// DefaultProtected is the protected list of RFC-0006 §2.1 (task.origin,
// code, schemas, .claude: "overwriting credentials/code/spec") as globs; the
// reference's list (task.origin.json, *.js, *.mjs, schemas/, .claude/, lib/)
// plus the code of the other common languages, the repository's own
// metadata (.git: a hook or config written there runs code) and the usual
// credential files.
var DefaultProtected = []string{
	"task.origin.json",
	"*.js", "*.mjs", "*.cjs", "*.ts", "*.tsx", "*.go", "*.py", "*.rs", "*.java", "*.c", "*.h", "*.cc", "*.cpp", "*.sh",
	"schemas/**",
	".claude/**",
	"lib/**",
	".git/**",
	".env", ".env.*", "*.pem", "id_rsa*", "id_ed25519*", ".netrc", ".npmrc",
}

// DefaultProtectedCreate are the protected globs where creating a file is
// high risk too, not only overwriting one (a step beyond RFC-0006 §2.1,
// whose high tier is "protected and exists"): there a new file is read or
// run by tools without anyone opening it, so it is as dangerous as an
// overwrite. A git hook or config runs code at the next commit, a new
// .claude/settings.json grants an agent permissions, a new .env or key
// file plants credentials. New code elsewhere (lib/new.js) stays low: it
// runs only when something imports it, which is itself an edit.
var DefaultProtectedCreate = []string{
	".git/**",
	".claude/**",
	".env", ".env.*", "*.pem", "id_rsa*", "id_ed25519*", ".netrc", ".npmrc",
}

// protector matches slash-separated paths relative to a root against glob
// patterns. A pattern with no slash matches the last element at any depth
// ("*.go"); a pattern with a slash matches from the root, where "**" stands
// for any number of elements ("schemas/**", "docs/**/*.md"). Elements are
// matched with path.Match, in lower case, the path's elements also in the
// form nameKey gives them: the file systems of macOS and Windows ignore
// case (and Windows ignores trailing dots and spaces), so there "MAIN.GO"
// or ".Git/config" is the protected file itself; matched by its spelling it
// would be judged medium, approvable by a hash any reader can compute.
type protector struct {
	patterns [][]string // each split on "/"
	raw      []string
}

func newProtector(patterns []string) (*protector, error) {
	p := &protector{raw: patterns}
	for _, pat := range patterns {
		pat = strings.TrimPrefix(path.Clean("/"+strings.ReplaceAll(pat, "\\", "/")), "/")
		if pat == "" {
			return nil, fmt.Errorf("%w: empty protected pattern", ErrOptions)
		}
		parts := strings.Split(pat, "/")
		for i, e := range parts {
			if _, err := path.Match(e, ""); err != nil {
				return nil, fmt.Errorf("%w: protected pattern %q: %v", ErrOptions, pat, err)
			}
			// Lower case only, so that a pattern ending in a dot keeps
			// it; a path's elements are tried as they are and trimmed
			// (match).
			parts[i] = strings.ToLower(e)
		}
		p.patterns = append(p.patterns, parts)
	}
	return p, nil
}

// match returns the first pattern that rel matches, or "".
func (p *protector) match(rel string) string {
	if m := p.matchKeyed(strings.Split(strings.ToLower(rel), "/")); m != "" {
		return m
	}
	elems := strings.Split(rel, "/")
	for i, e := range elems {
		elems[i] = nameKey(e)
	}
	return p.matchKeyed(elems)
}

// matchKeyed is match of a path whose elements are already in the form
// compared.
func (p *protector) matchKeyed(elems []string) string {
	for i, pat := range p.patterns {
		if len(pat) == 1 && pat[0] != "**" {
			if ok, _ := path.Match(pat[0], elems[len(elems)-1]); ok {
				return p.raw[i]
			}
			continue
		}
		if matchElems(pat, elems) {
			return p.raw[i]
		}
	}
	return ""
}

func matchElems(pat, elems []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			for k := 0; k <= len(elems); k++ {
				if matchElems(rest, elems[k:]) {
					return true
				}
			}
			return false
		}
		if len(elems) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], elems[0]); !ok {
			return false
		}
		pat, elems = pat[1:], elems[1:]
	}
	return len(elems) == 0
}

// nameKey is the form in which two spellings of a path element name the
// same file on a case-insensitive file system (macOS, Windows): lower case,
// trailing dots and spaces removed (Windows drops them: "main.go." opens
// main.go). On a case-sensitive file system it makes two files share a key
// ("MAIN.GO" and "main.go"); the kernel uses keys only to judge a path more
// strictly (protected, or inside its state directory), never less.
func nameKey(e string) string {
	if t := strings.TrimRight(e, ". "); t != "" {
		e = t
	}
	return strings.ToLower(e)
}

// pathKey is nameKey of every element of a slash- or
// separator-separated path, joined by "/".
func pathKey(p string) string {
	elems := strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == filepath.Separator })
	for i, e := range elems {
		elems[i] = nameKey(e)
	}
	return strings.Join(elems, "/")
}
