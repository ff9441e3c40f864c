package archcheck

import (
	"errors"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

const page = "docs/ARCHITECTURE.md"

// notGo are names the page cites from outside the Go code: the real
// host's JavaScript.
var notGo = []string{"BasicCompactionEngine", "BasicCompactionEngine.compactRegion", "registerTools", "Method"}

// pkg is one package of the module as the build sees it.
type pkg struct {
	path    string   // relative to the module root: "engine", "internal/clip"
	dir     string   // absolute
	imports []string // module packages it imports (non-test files), relative paths
}

func internal(p string) bool { return p == "internal" || strings.HasPrefix(p, "internal/") }

// modulePackages walks the tree as `go list ./...` does (skipping testdata,
// node_modules and names starting with . or _) and reads each package's
// imports with go/build, for this platform, without test files.
func modulePackages(t *testing.T, root string) map[string]*pkg {
	t.Helper()
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod names no module")
	}
	modPath := string(m[1])
	out := map[string]*pkg{}
	err = filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if dir != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		bp, err := build.Default.ImportDir(dir, 0)
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil
		}
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			return err
		}
		p := &pkg{path: filepath.ToSlash(rel), dir: dir}
		for _, imp := range bp.Imports {
			if strings.HasPrefix(imp, modPath+"/") {
				p.imports = append(p.imports, strings.TrimPrefix(imp, modPath+"/"))
			}
		}
		out[p.path] = p
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 10 {
		t.Fatalf("found only %d packages under %s", len(out), root)
	}
	return out
}

// load returns the module's root, its packages and the page's text.
func load(t *testing.T) (root string, pkgs map[string]*pkg, text string) {
	t.Helper()
	root = testutil.RepoRoot(t)
	raw, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		t.Fatal(err)
	}
	return root, modulePackages(t, root), string(raw)
}

// section returns the text of the page's "## title" section.
func section(t *testing.T, text, title string) string {
	t.Helper()
	i := strings.Index(text, "\n## "+title+"\n")
	if i < 0 {
		t.Fatalf("%s has no section %q", page, "## "+title)
	}
	s := text[i+len(title)+5:]
	if j := strings.Index(s, "\n## "); j >= 0 {
		s = s[:j]
	}
	return s
}

var (
	backquoted = regexp.MustCompile("`([^`]+)`")
	fenced     = regexp.MustCompile("(?s)```.*?```")
)

// names returns the backquoted spans of s outside its fenced code blocks.
func names(s string) []string {
	var out []string
	s = fenced.ReplaceAllString(s, "")
	for _, m := range backquoted.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

// tableRows returns the cells of the rows of the first Markdown table in s
// whose header row starts with header, header and separator left out.
func tableRows(t *testing.T, s, header string) [][]string {
	t.Helper()
	var rows [][]string
	in := false
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case !in && strings.HasPrefix(line, header):
			in = true
		case in && strings.HasPrefix(line, "|---"):
		case in && strings.HasPrefix(line, "|"):
			cells := strings.Split(strings.Trim(line, "|"), " | ")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			rows = append(rows, cells)
		case in:
			return rows
		}
	}
	if !in {
		t.Fatalf("%s: no table with header %q", page, header)
	}
	return rows
}

// TestPageMatchesImports holds the page's "Dependencies" section to the
// build: every package is drawn once in the picture, below every package
// that imports it, on the layer its longest import chain says; the
// internal test helpers are imported by tests only; the table of exact edges has one row per package with
// exactly its imports of the module's packages outside internal/ (an edge
// missing from the page fails as an edge the code lacks does); and the
// "Packages" table names every package.
func TestPageMatchesImports(t *testing.T) {
	_, pkgs, text := load(t)
	deps := section(t, text, "Dependencies")
	defer func() {
		if t.Failed() {
			t.Logf("%s no longer matches the imports: redraw its Dependencies section (the layered picture and the edge table) and the Packages table; `go list -f '{{.ImportPath}} {{join .Imports \" \"}}' ./...` lists the imports", page)
		}
	}()
	t.Logf("%d packages in the module", len(pkgs))

	t.Run("picture", func(t *testing.T) {
		// The first code block: one line per layer; every package outside
		// internal/ on exactly one line, each importing only packages
		// on lower lines.
		parts := strings.SplitN(deps, "```", 3)
		if len(parts) < 3 {
			t.Fatalf("%s: the Dependencies section has no code block", page)
		}
		word := regexp.MustCompile(`[a-z][a-z0-9]*(/[a-z0-9]+)*`)
		layer := regexp.MustCompile(`^\s*(\d+)\s`)
		line := map[string]int{}
		for i, l := range strings.Split(parts[1], "\n") {
			for _, w := range word.FindAllString(l, -1) {
				if _, ok := pkgs[w]; !ok {
					continue
				}
				if j, dup := line[w]; dup {
					t.Errorf("picture: %s drawn twice (lines %d and %d of the block)", w, j, i)
				}
				line[w] = i
				if m := layer.FindStringSubmatch(l); m != nil {
					if n, _ := strconv.Atoi(m[1]); n != depth(pkgs, w) {
						t.Errorf("picture: %s is on layer %d; its longest import chain to the bottom is %d long", w, n, depth(pkgs, w))
					}
				}
			}
		}
		for _, p := range sortedKeys(pkgs) {
			if internal(p) {
				continue
			}
			if _, ok := line[p]; !ok {
				t.Errorf("picture: package %s is not drawn", p)
				continue
			}
			for _, imp := range pkgs[p].imports {
				if internal(imp) {
					continue
				}
				if line[imp] <= line[p] {
					t.Errorf("picture: %s imports %s, which is drawn on the same line or above it", p, imp)
				}
			}
		}
	})

	t.Run("test helpers", func(t *testing.T) {
		// The page says the internal test helpers are imported only by
		// tests.
		for _, p := range sortedKeys(pkgs) {
			for _, imp := range pkgs[p].imports {
				if internal(imp) && (strings.HasSuffix(imp, "test") || imp == "internal/testutil") && !(internal(p) && (strings.HasSuffix(p, "test") || p == "internal/testutil")) {
					t.Errorf("%s imports the test helper %s outside its tests", p, imp)
				}
			}
		}
	})

	t.Run("edges", func(t *testing.T) {
		rows := tableRows(t, deps, "| package | imports |")
		seen := map[string]bool{}
		var above []string
		for _, row := range rows {
			if len(row) != 2 {
				t.Errorf("edges: row %q has %d cells", row, len(row))
				continue
			}
			left := names(row[0])
			for _, p := range left {
				if seen[p] {
					t.Errorf("edges: %s has two rows", p)
				}
				seen[p] = true
				real, ok := pkgs[p]
				if !ok {
					t.Errorf("edges: %s is not a package of the module", p)
					continue
				}
				var got []string
				for _, imp := range real.imports {
					if !internal(imp) {
						got = append(got, imp)
					}
				}
				slices.Sort(got)
				switch {
				case row[1] == "—":
					if len(got) != 0 {
						t.Errorf("edges: the page says %s imports nothing; it imports %s", p, strings.Join(got, ", "))
					}
				case strings.HasPrefix(row[1], "the packages above"):
					for _, imp := range got {
						if !slices.Contains(above, imp) {
							t.Errorf("edges: %s imports %s, which no row above it lists", p, imp)
						}
					}
				default:
					want := names(row[1])
					slices.Sort(want)
					for _, imp := range got {
						if !slices.Contains(want, imp) {
							t.Errorf("edges: %s imports %s; its row does not say so", p, imp)
						}
					}
					for _, w := range want {
						if !slices.Contains(got, w) {
							t.Errorf("edges: the page says %s imports %s; it does not", p, w)
						}
					}
				}
			}
			above = append(above, left...)
		}
		for _, p := range sortedKeys(pkgs) {
			if !seen[p] {
				t.Errorf("edges: package %s has no row", p)
			}
		}
	})

	t.Run("packages", func(t *testing.T) {
		// A package is named by its path in a row's first cell, or, in a
		// row for a family ("`origin/…`"), by the rest of its path
		// anywhere in that row.
		rows := tableRows(t, section(t, text, "Packages"), "| package |")
		for _, p := range sortedKeys(pkgs) {
			found := false
			for _, row := range rows {
				first := names(row[0])
				if slices.Contains(first, p) {
					found = true
					break
				}
				for _, f := range first {
					prefix, ok := strings.CutSuffix(f, "/…")
					if rest, under := strings.CutPrefix(p, prefix+"/"); ok && under && slices.Contains(names(strings.Join(row, " | ")), rest) {
						found = true
					}
				}
			}
			if !found {
				t.Errorf("packages: %s is not in the Packages table", p)
			}
		}
		for _, row := range rows {
			for _, f := range names(row[0]) {
				f = strings.TrimSuffix(f, "/…")
				if _, ok := pkgs[f]; !ok && !strings.HasSuffix(f, "/") && !hasPrefixPkg(pkgs, f) {
					t.Errorf("packages: the table names %s, which is not a package of the module", f)
				}
			}
		}
	})
}

// depth is the length of p's longest chain of imports (outside internal/)
// down to a package that imports none.
func depth(pkgs map[string]*pkg, p string) int {
	d := 0
	for _, imp := range pkgs[p].imports {
		if !internal(imp) {
			d = max(d, 1+depth(pkgs, imp))
		}
	}
	return d
}

func hasPrefixPkg(pkgs map[string]*pkg, prefix string) bool {
	for p := range pkgs {
		if strings.HasPrefix(p, prefix+"/") {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]*pkg) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestPageNamesExist checks what the page cites by name: every
// backquoted path with a slash and a file extension is a file of the
// repository, and every backquoted pkg.Name or pkg.Type.Member (pkg
// being the last element of a package's path, when only one package
// ends so) is declared in that package's non-test files: a function,
// type, constant or variable, a method or a struct field. A name cited
// without a package (`Session.Release`, `detectKeys`, `Formats()`, a test)
// must be declared somewhere in the module, tests included.
func TestPageNamesExist(t *testing.T) {
	root, pkgs, text := load(t)
	byLast := map[string][]string{}
	for p := range pkgs {
		byLast[filepath.Base(p)] = append(byLast[filepath.Base(p)], p)
	}
	file := regexp.MustCompile(`^[\w.-]+(/[\w.-]+)+\.(go|js|mjs|json|md|sh)$`)
	ident := regexp.MustCompile(`^([a-z][a-z0-9]*)\.([A-Z]\w*)(?:\.(\w+))?(?:\(\))?$`)
	// A bare name (Type.Member, a function or a variable, exported or
	// not, tests included) must be declared somewhere in the module.
	bare := regexp.MustCompile(`^[A-Za-z_]\w*(\.[A-Za-z_]\w*)?(\(\))?$`)
	var anywhere map[string]bool
	decls := map[string]map[string]bool{}
	checked := 0
	for _, n := range names(text) {
		for _, f := range strings.Fields(n) {
			f = strings.TrimRight(f, ",;:")
			if file.MatchString(f) {
				checked++
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(f))); err != nil {
					t.Errorf("%s cites %s, which is not in the repository", page, f)
				}
			}
		}
		m := ident.FindStringSubmatch(n)
		if m == nil || len(byLast[m[1]]) != 1 {
			if bare.MatchString(n) && !file.MatchString("x/"+n) && strings.ContainsAny(n, "abcdefghijklmnopqrstuvwxyz") && strings.ContainsAny(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
				if anywhere == nil {
					anywhere = map[string]bool{}
					for _, p := range pkgs {
						maps.Copy(anywhere, declared(t, p.dir, true))
					}
				}
				checked++
				if !anywhere[strings.TrimSuffix(n, "()")] && !slices.Contains(notGo, n) {
					t.Errorf("%s cites %s, which no package of the module declares", page, n)
				}
			}
			continue
		}
		p := byLast[m[1]][0]
		if decls[p] == nil {
			decls[p] = declared(t, pkgs[p].dir, false)
		}
		name := m[2]
		if m[3] != "" {
			name += "." + m[3]
		}
		checked++
		if !decls[p][name] {
			t.Errorf("%s cites %s, which package %s does not declare", page, n, p)
		}
	}
	if checked < 10 {
		t.Fatalf("checked only %d names on the page; the patterns no longer match how it cites code", checked)
	}
	t.Logf("%d files and names checked", checked)
}

// declared returns the top-level names of the package in dir, and
// Type.Method and Type.Field for its methods and struct fields; with tests,
// its test files' names too, and methods and fields by their own names.
func declared(t *testing.T, dir string, tests bool) map[string]bool {
	t.Helper()
	bp, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	files := bp.GoFiles
	if tests {
		files = slices.Concat(files, bp.TestGoFiles, bp.XTestGoFiles)
	}
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil || len(d.Recv.List) == 0 {
					out[d.Name.Name] = true
					continue
				}
				typ := d.Recv.List[0].Type
				for {
					switch x := typ.(type) {
					case *ast.StarExpr:
						typ = x.X
						continue
					case *ast.IndexExpr:
						typ = x.X
						continue
					case *ast.IndexListExpr:
						typ = x.X
						continue
					}
					break
				}
				if id, ok := typ.(*ast.Ident); ok {
					out[id.Name+"."+d.Name.Name] = true
				}
				if tests {
					out[d.Name.Name] = true // a method cited without its type
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							out[n.Name] = true
						}
					case *ast.TypeSpec:
						out[s.Name.Name] = true
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, fl := range st.Fields.List {
								for _, n := range fl.Names {
									out[s.Name.Name+"."+n.Name] = true
									if tests {
										out[n.Name] = true
									}
								}
							}
						}
					}
				}
			}
		}
	}
	return out
}
