package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestCountsAreWordedByCount holds the text ef prints, and the text its
// renderers give a model, to english.Count (count here) for a number
// followed by a plural noun: a format like "%d anchors" says "1 anchors".
// A literal may keep such a format only where the number cannot be 1,
// listed here with the reason.
func TestCountsAreWordedByCount(t *testing.T) {
	notOne := map[string]string{
		"got %d arguments":               "said when the count is not the one wanted",
		"holds %d sessions (%s)":         "said only for a file of several sessions",
		"the session has %d checkpoints": "said only above maxNamedCheckpoints",
		"(%d bytes): %s":                 "a ref too long to show, far over one byte",
		"%d bytes\", n)":                 "kib, below: several cases",
	}
	plural := regexp.MustCompile(`%d [a-z]+s\b`)
	verbs := map[string]bool{"is": true, "has": true, "was": true, "does": true}
	files, _ := filepath.Glob("*.go")
	files = append(files, "../../engine/render.go", "../../recall/tools.go", "../../recall/errors.go")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, m := range plural.FindAllStringIndex(s, -1) {
				word := s[m[0]+3 : m[1]]
				if strings.HasSuffix(s[:m[0]], "of ") || verbs[word] {
					continue // "3 of %d runs": the total is never 1 alone; "%d is": no noun
				}
				allowed := false
				for k := range notOne {
					if strings.Contains(s, strings.TrimSuffix(k, "\", n)")) {
						allowed = true
					}
				}
				if !allowed {
					t.Errorf("%s: %q words a count %q without english.Count", fset.Position(lit.Pos()), s, s[m[0]:m[1]])
				}
			}
			return true
		})
	}
}
