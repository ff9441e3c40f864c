package sidecar

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// pluginSources returns the plugin's library files by name.
func pluginSources(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(testutil.RepoRoot(t), "dsh-plugin", "lib", "*.js"))
	if err != nil || len(files) == 0 {
		t.Fatalf("dsh-plugin/lib/*.js: %v (found %d)", err, len(files))
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = string(b)
	}
	return out
}

var (
	methodTable = regexp.MustCompile(`(?s)export const Method = Object\.freeze\(\{(.*?)\}\)`)
	methodEntry = regexp.MustCompile(`(\w+):\s*'([^']*)'`)
	methodUse   = regexp.MustCompile(`\bMethod\.(\w+)`)
	// A call that names its method with a literal instead of the table.
	literalCall = regexp.MustCompile(`(?:\.request|\.notify|#call)\((?:\w+,\s*)?['"` + "`" + `]`)
	codeEntry   = regexp.MustCompile(`(?s)export const ErrorCode = Object\.freeze\(\{.*?resync:\s*(-?\d+)`)
	versionDecl = regexp.MustCompile(`export const PROTOCOL_VERSION = (\d+)`)
)

// TestPluginMethodsMatch holds the JS plugin's method table, error code
// and protocol version to the Go constants, and makes sure every call in
// the plugin names its method through the table.
func TestPluginMethodsMatch(t *testing.T) {
	src := pluginSources(t)
	side := src["sidecar.js"]
	m := methodTable.FindStringSubmatch(side)
	if m == nil {
		t.Fatal("dsh-plugin/lib/sidecar.js declares no `export const Method = Object.freeze({...})`")
	}
	keys := map[string]string{}
	var names []string
	for _, e := range methodEntry.FindAllStringSubmatch(m[1], -1) {
		keys[e[1]] = e[2]
		names = append(names, e[2])
	}
	slices.Sort(names)
	want := Methods()
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("plugin methods %q, Go methods %q", names, want)
	}

	if c := codeEntry.FindStringSubmatch(side); c == nil || c[1] != strconv.Itoa(CodeResync) {
		t.Errorf("plugin ErrorCode.resync = %v, Go CodeResync = %d", c, CodeResync)
	}
	if v := versionDecl.FindStringSubmatch(side); v == nil || v[1] != strconv.Itoa(ProtocolVersion) {
		t.Errorf("plugin PROTOCOL_VERSION = %v, Go ProtocolVersion = %d", v, ProtocolVersion)
	}

	for name, text := range src {
		for _, u := range methodUse.FindAllStringSubmatch(text, -1) {
			if _, ok := keys[u[1]]; !ok {
				t.Errorf("%s uses Method.%s, which the table does not declare", name, u[1])
			}
		}
		for i, line := range strings.Split(text, "\n") {
			if literalCall.MatchString(line) {
				t.Errorf("%s:%d names a method by a literal, not through Method: %s", name, i+1, strings.TrimSpace(line))
			}
		}
	}
}
