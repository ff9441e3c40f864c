package sidecar

import (
	"context"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestMethodsAreHandled holds a method's Go registrations together: every
// Method… constant of protocol.go is in Methods() (which the plugin's
// table is checked against in TestPluginMethodsMatch), the package
// documentation's method list has a line for it, and Handle has a case for
// it. A method added in one place only fails here.
func TestMethodsAreHandled(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "protocol.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var consts []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			for i, n := range v.Names {
				if !strings.HasPrefix(n.Name, "Method") || i >= len(v.Values) {
					continue
				}
				lit, ok := v.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Fatalf("protocol.go: %s is not a string literal", n.Name)
				}
				name, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				consts = append(consts, name)
			}
		}
	}
	listed := Methods()
	for _, c := range consts {
		if !slices.Contains(listed, c) {
			t.Errorf("protocol.go declares method %q; Methods() does not list it", c)
		}
	}
	if len(consts) != len(listed) {
		t.Errorf("protocol.go declares %d Method… constants, Methods() lists %d: %q", len(consts), len(listed), listed)
	}
	if len(listed) == 0 {
		t.Fatal("Methods() lists nothing")
	}

	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range listed {
		if !regexp.MustCompile(`(?m)^//\t` + regexp.QuoteMeta(m) + `\s`).Match(doc) {
			t.Errorf("doc.go's method list has no line for %q", m)
		}
	}

	// Params with an unknown key: every handler rejects them before doing
	// anything, so only a method Handle does not know answers
	// CodeMethodNotFound.
	srv := New(Options{})
	defer srv.Close()
	for _, m := range listed {
		_, err := srv.Handle(context.Background(), m, json.RawMessage(`{"noSuchParam": 1}`))
		if e := (*Error)(nil); errors.As(err, &e) && e.Code == CodeMethodNotFound {
			t.Errorf("Methods() lists %q; Handle has no case for it", m)
		}
	}
	if _, err := srv.Handle(context.Background(), "no/such", nil); err == nil {
		t.Error("Handle answered a method that does not exist")
	}
}

// TestPluginSettingsMatch holds the settings the plugin sends in
// initialize (the `settings` object in dsh-plugin/lib/index.js) to the
// keys of Settings: a knob added on one side only fails here.
func TestPluginSettingsMatch(t *testing.T) {
	src := pluginSources(t)["index.js"]
	m := regexp.MustCompile(`(?s)const settings = \{(.*?)\n\s*\}\n`).FindStringSubmatch(src)
	if m == nil {
		t.Fatal("dsh-plugin/lib/index.js declares no `const settings = {...}`")
	}
	var js []string
	for _, k := range regexp.MustCompile(`(?m)^\s*(\w+):`).FindAllStringSubmatch(m[1], -1) {
		js = append(js, k[1])
	}
	var goKeys []string
	st := reflect.TypeOf(Settings{})
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		goKeys = append(goKeys, name)
	}
	slices.Sort(js)
	slices.Sort(goKeys)
	if !slices.Equal(js, goKeys) {
		t.Errorf("the plugin sends settings %q; sidecar.Settings has %q", js, goKeys)
	}
}
