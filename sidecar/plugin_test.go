package sidecar

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/origin/action"
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

// laneCall is a registration in the plugin's registerTools:
// lane(<init key>, Method.<key>, '<param>', …).
var laneCall = regexp.MustCompile(`\blane\((\w+),\s*Method\.(\w+),\s*'(\w+)'`)

// TestToolLanesMatch holds the sidecar's side of every ToolLanes entry and
// the plugin's registration of it together: the method is one the sidecar
// answers, its params take the arguments under Param, initialize (with the
// option that offers it) carries the tool's definition under Init, and
// the plugin registers exactly these lanes, each from that key to that
// method with that param. A tool wired in some places only fails here
// (ef mcp's list and the docs: TestToolLanesServed in cmd/ef).
func TestToolLanesMatch(t *testing.T) {
	ctx := context.Background()
	w := actiontest.NewWorkspace(t)
	srv := New(Options{Actions: actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}}), OriginRoots: []string{t.TempDir()}})
	defer srv.Close()
	res, err := srv.Handle(ctx, MethodInitialize, json.RawMessage(`{"protocolVersion":1}`))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(res)
	var init map[string]json.RawMessage
	if err := json.Unmarshal(raw, &init); err != nil {
		t.Fatal(err)
	}
	lanes := ToolLanes()
	want := map[string]ToolLane{}
	for _, l := range lanes {
		want[l.Init] = l
		if !slices.Contains(Methods(), l.Method) {
			t.Errorf("lane %s: method %q is not in Methods()", l.Tool, l.Method)
		}
		var def struct{ Name string }
		if err := json.Unmarshal(init[l.Init], &def); err != nil || def.Name != l.Tool {
			t.Errorf("lane %s: initialize's %q holds %s, want the definition of %s", l.Tool, l.Init, init[l.Init], l.Tool)
		}
		// Strict params: a key the method does not take is refused before
		// the method runs, so an answer other than invalid params on an
		// unknown field means Param is its key.
		_, err := srv.Handle(ctx, l.Method, json.RawMessage(`{"`+l.Param+`":{}}`))
		if e := (*Error)(nil); errors.As(err, &e) && strings.Contains(e.Message, "unknown field") {
			t.Errorf("lane %s: %s takes no %q: %v", l.Tool, l.Method, l.Param, err)
		}
	}
	for key := range init {
		if strings.HasSuffix(key, "Tool") {
			if _, ok := want[key]; !ok {
				t.Errorf("initialize offers %q, which no ToolLanes entry names", key)
			}
		}
	}

	src := pluginSources(t)
	table := map[string]string{}
	for _, e := range methodEntry.FindAllStringSubmatch(methodTable.FindStringSubmatch(src["sidecar.js"])[1], -1) {
		table[e[1]] = e[2]
	}
	seen := map[string]bool{}
	for _, m := range laneCall.FindAllStringSubmatch(src["index.js"], -1) {
		l, ok := want[m[1]]
		switch {
		case !ok:
			t.Errorf("the plugin registers a lane from %q, which no ToolLanes entry names", m[1])
		case table[m[2]] != l.Method || m[3] != l.Param:
			t.Errorf("the plugin registers %s through %s with %q, want %s with %q", l.Tool, table[m[2]], m[3], l.Method, l.Param)
		}
		seen[m[1]] = true
	}
	for _, l := range lanes {
		if !seen[l.Init] {
			t.Errorf("the plugin does not register %s (lane(%s, …) in registerTools)", l.Tool, l.Init)
		}
	}
}

// TestPluginPendingMarkerMatches holds the name of the note dsh-plugin
// leaves beside a session's log (PENDING_MARKER) to PendingMarker, the
// name the sidecar looks for.
func TestPluginPendingMarkerMatches(t *testing.T) {
	m := regexp.MustCompile(`export const PENDING_MARKER = '([^']*)'`).FindStringSubmatch(pluginSources(t)["index.js"])
	if m == nil {
		t.Fatal("dsh-plugin/lib/index.js declares no `export const PENDING_MARKER = '…'`")
	}
	if m[1] != PendingMarker {
		t.Fatalf("the plugin leaves %q, the sidecar looks for %q", m[1], PendingMarker)
	}
}
