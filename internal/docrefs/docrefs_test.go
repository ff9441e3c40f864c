// Package docrefs holds a test that the doc comments of the module's
// exported identifiers name only identifiers that exist: a comment that
// says "set it to tokenizer.Window" must not send a reader to a name go
// doc cannot find.
package docrefs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ref is pkg.Name or pkg.Name.Member in a doc comment.
var ref = regexp.MustCompile(`\b([a-z][a-z0-9]*)\.([A-Z][A-Za-z0-9_]*)(?:\.([A-Z][A-Za-z0-9_]*))?`)

// pkgNames holds a package's top-level exported names and its types'
// exported fields and methods, as Type.Member.
type pkgNames map[string]bool

func TestDocReferencesResolve(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// Every non-test package of the module outside internal/, by its name
	// (the last path element for all of them here).
	names := map[string]pkgNames{}
	docs := map[string][]*ast.CommentGroup{} // package dir → exported docs
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "internal", "testdata", "node_modules", ".git", "dsh-plugin":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		dir := filepath.Dir(p)
		pkg := f.Name.Name
		if pkg == "main" {
			return nil
		}
		if names[pkg] == nil {
			names[pkg] = pkgNames{}
		}
		collect(f, names[pkg], func(g *ast.CommentGroup) { docs[dir] = append(docs[dir], g) })
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, groups := range docs {
		rel, _ := filepath.Rel(root, dir)
		for _, g := range groups {
			for _, m := range ref.FindAllStringSubmatch(g.Text(), -1) {
				pkg, name, member := m[1], m[2], m[3]
				ns, ok := names[pkg]
				if !ok {
					continue // another module's package, or not a package
				}
				if !ns[name] {
					t.Errorf("%s: a doc comment names %s.%s, which package %s does not declare", rel, pkg, name, pkg)
					continue
				}
				if member != "" && ns[name+".type"] && !ns[name+"."+member] {
					t.Errorf("%s: a doc comment names %s.%s.%s, which %s.%s does not have", rel, pkg, name, member, pkg, name)
				}
			}
		}
	}
	if len(names) < 5 {
		t.Fatalf("found %d packages under %s: the walk is broken", len(names), root)
	}
}

// collect adds f's exported names to ns and gives each exported
// declaration's doc comment to doc.
func collect(f *ast.File, ns pkgNames, doc func(*ast.CommentGroup)) {
	if f.Doc != nil {
		doc(f.Doc)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil && len(d.Recv.List) == 1 {
				name = recvName(d.Recv.List[0].Type) + "." + name
			}
			ns[name] = true
			if d.Name.IsExported() && d.Doc != nil {
				doc(d.Doc)
			}
		case *ast.GenDecl:
			if d.Doc != nil {
				doc(d.Doc)
			}
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					ns[s.Name.Name] = true
					ns[s.Name.Name+".type"] = true
					if s.Doc != nil && s.Name.IsExported() {
						doc(s.Doc)
					}
					members(s, ns, doc)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						ns[n.Name] = true
					}
					if s.Doc != nil && len(s.Names) > 0 && s.Names[0].IsExported() {
						doc(s.Doc)
					}
				}
			}
		}
	}
}

// members adds a struct's fields (embedded ones by type name) and an
// interface's methods as Type.Member, and gives their docs to doc.
func members(s *ast.TypeSpec, ns pkgNames, doc func(*ast.CommentGroup)) {
	var list *ast.FieldList
	switch t := s.Type.(type) {
	case *ast.StructType:
		list = t.Fields
	case *ast.InterfaceType:
		list = t.Methods
	}
	if list == nil {
		return
	}
	for _, fl := range list.List {
		if len(fl.Names) == 0 {
			n := recvName(fl.Type)
			ns[s.Name.Name+"."+n] = true
			// promoted members are not followed: accept any
			ns[s.Name.Name+".type"] = false
		}
		for _, n := range fl.Names {
			ns[s.Name.Name+"."+n.Name] = true
		}
		if fl.Doc != nil && s.Name.IsExported() {
			doc(fl.Doc)
		}
	}
}

// recvName is the type name of a receiver or embedded field.
func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.SelectorExpr:
		return t.Sel.Name
	case *ast.Ident:
		return t.Name
	}
	return ""
}
