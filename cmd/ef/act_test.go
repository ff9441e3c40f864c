package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/origin/action"
)

// actAdapter submits one intent (JSON) through an adapter and returns the
// result line it printed.
type actAdapter struct {
	name   string
	submit func(t *testing.T, w actiontest.Workspace, intent string) []byte
}

// libraryAdapter is the kernel called directly: the baseline every
// adapter is compared with.
func libraryAdapter(t *testing.T) actAdapter {
	kernels := map[string]*action.Kernel{}
	return actAdapter{"library", func(t *testing.T, w actiontest.Workspace, intent string) []byte {
		k := kernels[w.Base]
		if k == nil {
			var err error
			if k, err = action.Open(action.Options{Roots: []string{w.Base}}); err != nil {
				t.Fatal(err)
			}
			kernels[w.Base] = k
			t.Cleanup(func() { k.Close() })
		}
		line, _, err := k.SubmitJSON(context.Background(), []byte(intent), action.ChannelAPI)
		if err != nil {
			t.Fatalf("library: %v", err)
		}
		return line
	}}
}

// cliAdapter runs `ef act --root <base> -` in process, one process-like
// invocation per intent (a fresh kernel each time, as the real CLI has).
var cliAdapter = actAdapter{"cli", func(t *testing.T, w actiontest.Workspace, intent string) []byte {
	var out, errb bytes.Buffer
	err := runAct(context.Background(), []string{"--root", w.Base, "-"}, strings.NewReader(intent), &out, &errb)
	if err != nil && !errors.Is(err, errNotDone) {
		t.Fatalf("ef act: %v (%s)", err, errb.String())
	}
	return out.Bytes()
}}

// runParity runs the parity table through every adapter, each on its own
// workspace, and requires every result line to be byte-identical to the
// library's apart from the channel, and the channel to be the adapter's.
func runParity(t *testing.T, adapters []actAdapter, wantActor map[string]action.Channel) {
	steps := actiontest.Steps()
	ws := make([]actiontest.Workspace, len(adapters))
	outside := make([]map[string]string, len(adapters))
	for i := range adapters {
		ws[i] = actiontest.NewWorkspace(t)
		outside[i] = actiontest.Snapshot(t, ws[i].Outside)
	}
	for _, s := range steps {
		var base []byte
		for i, a := range adapters {
			line := a.submit(t, ws[i], s.Intent)
			if !bytes.HasSuffix(line, []byte("\n")) || bytes.Count(line, []byte("\n")) != 1 {
				t.Fatalf("%s / %s: not one line: %q", s.Name, a.name, line)
			}
			if want := `"actor":"` + string(wantActor[a.name]) + `"`; !bytes.Contains(line, []byte(want)) {
				t.Errorf("%s / %s: no %s in %s", s.Name, a.name, want, line)
			}
			norm := actiontest.Normalize(line)
			if i == 0 {
				base = norm
				continue
			}
			if !bytes.Equal(norm, base) {
				t.Errorf("%s: %s differs from %s:\n%s\n%s", s.Name, a.name, adapters[0].name, norm, base)
			}
		}
	}
	for i, a := range adapters {
		if d := actiontest.DiffSnapshots(outside[i], actiontest.Snapshot(t, ws[i].Outside)); d != "" {
			t.Errorf("%s: outside changed:\n%s", a.name, d)
		}
		// The audit names the channel on every line.
		f, err := os.Open(filepath.Join(action.DefaultStateDir(ws[i].Base), action.AuditFile))
		if err != nil {
			t.Fatal(err)
		}
		sum, err := action.ReadAudit(f, nil)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(sum.Counts) != 1 || sum.Counts[wantActor[a.name]] == nil {
			t.Errorf("%s: audit channels %v, want only %s", a.name, sum.Channels(), wantActor[a.name])
		}
	}
}

// dshAdapter runs `ef serve --act-root <base>` in process, one sidecar per
// workspace, and sends each intent as an action/submit request over its
// JSON-RPC stdio wire; the result is the response's result bytes.
func dshAdapter(t *testing.T) actAdapter {
	type conn struct {
		w  *io.PipeWriter
		r  *bufio.Reader
		id int
	}
	conns := map[string]*conn{}
	call := func(t *testing.T, c *conn, method, params string) json.RawMessage {
		c.id++
		fmt.Fprintf(c.w, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", c.id, method, params)
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			t.Fatalf("ef serve: %v", err)
		}
		var m struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(line, &m); err != nil || m.ID != c.id || m.Error != nil {
			t.Fatalf("ef serve %s: %s (%v)", method, line, err)
		}
		return m.Result
	}
	return actAdapter{"dsh", func(t *testing.T, w actiontest.Workspace, intent string) []byte {
		c := conns[w.Base]
		if c == nil {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() {
				err := serve(context.Background(), []string{"--act-root", w.Base}, inR, outW, io.Discard)
				outW.Close()
				done <- err
			}()
			c = &conn{w: inW, r: bufio.NewReader(outR)}
			conns[w.Base] = c
			t.Cleanup(func() {
				call(t, c, "shutdown", "{}")
				inW.Close()
				if err := <-done; err != nil {
					t.Errorf("ef serve: %v", err)
				}
			})
			init := call(t, c, "initialize", `{"protocolVersion":1}`)
			if !bytes.Contains(init, []byte(`"actionTool":{"name":"action_submit"`)) {
				t.Fatalf("initialize offers no action tool: %s", init)
			}
		}
		res := call(t, c, "action/submit", `{"intent":`+intent+`}`)
		return append(res, '\n')
	}}
}

// mcpAdapter runs `ef mcp --act-root <base>` in process, one server per
// workspace, with the official Go SDK's client calling action_submit; the
// result is the call's text.
func mcpAdapter(t *testing.T) actAdapter {
	sessions := map[string]*mcp.ClientSession{}
	return actAdapter{"mcp", func(t *testing.T, w actiontest.Workspace, intent string) []byte {
		cs := sessions[w.Base]
		if cs == nil {
			cs = mcpConnect(t, "--store", t.TempDir(), "--act-root", w.Base) // ef mcp refuses a missing --store
			sessions[w.Base] = cs
			mcpRequireTool(t, cs, action.ToolName)
		}
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: action.ToolName, Arguments: json.RawMessage(intent)})
		if err != nil {
			t.Fatalf("action_submit: %v", err)
		}
		return []byte(mcpText(t, res) + "\n")
	}}
}

// TestActParity runs the parity table through the library, ef act, the
// action_submit tool of ef mcp and the DSH sidecar's action/submit; every
// result must be byte-identical apart from the channel.
func TestActParity(t *testing.T) {
	runParity(t, []actAdapter{libraryAdapter(t), cliAdapter, mcpAdapter(t), dshAdapter(t)},
		map[string]action.Channel{"library": action.ChannelAPI, "cli": action.ChannelCLI, "mcp": action.ChannelMCP, "dsh": action.ChannelDSH})
}

func TestActCLIUsageAndAudit(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	intent := filepath.Join(t.TempDir(), "intent.json")
	os.WriteFile(intent, []byte(`{"relpath":"demo/existing.md","content":"x"}`), 0o644)
	code, out, errs := runCLI(t, "act", "--root", w.Base, intent)
	if code != 1 {
		t.Errorf("requires_approval exit = %d, want 1", code)
	}
	if !strings.Contains(out, `"status":"requires_approval"`) || !strings.Contains(errs, "requires_approval") {
		t.Errorf("stdout %q stderr %q", out, errs)
	}
	os.WriteFile(intent, []byte(`{"relpath":"demo/n.md","content":"x"}`), 0o644)
	if code, _, errs := runCLI(t, "act", "--root", w.Base, "--protect", "demo/n.*", intent); code != 0 {
		t.Errorf("done exit = %d: %s", code, errs)
	}
	os.WriteFile(intent, []byte(`{"relpath":"demo/n.md","content":"y","approval":"confirm"}`), 0o644)
	if _, out, _ := runCLI(t, "act", "--root", w.Base, "--protect", "demo/n.*", intent); !strings.Contains(out, `"risk":"high"`) {
		t.Errorf("--protect not applied: %s", out)
	}
	for _, bad := range [][]string{
		{"act", intent},           // no root
		{"act", "--root", w.Base}, // no intent
		{"act", "--root", filepath.Join(w.Base, "nope"), intent}, // root missing
		{"act", "--root", w.Base, "--protect", "[", intent},      // bad glob
	} {
		if code, _, _ := runCLI(t, bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
	os.WriteFile(intent, []byte(`{"relpath":"demo/n.md","content":"y","via":"mcp"}`), 0o644)
	if code, _, errs := runCLI(t, "act", "--root", w.Base, intent); code != 2 || !strings.Contains(errs, "unknown field") {
		t.Errorf("unknown field: exit %d, %s", code, errs)
	}
	code, out, errs = runCLI(t, "act", "audit", "--root", w.Base)
	if code != 0 {
		t.Fatalf("audit exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "3 actions, 0 torn lines") || !strings.Contains(out, "ef_cli") {
		t.Errorf("audit summary:\n%s", out)
	}
	t.Log("\n" + out)
}

// TestActParityPlugin runs the parity table through the real DSH plugin:
// EpistemicFoldEngine with actionRoots starts a real `ef serve` built from
// this tree, registers action_submit (schemas checked by the host's
// assertSupportedJsonSchema) and executes it per intent
// (dsh-plugin/parity/action-parity.mjs). Every result must be
// byte-identical to the library's apart from the channel, and an intent
// the kernel refuses as malformed a failed call that says why, as a
// malformed context_request is (the lanes share one helper; this one used
// to throw from the tool's execute).
func TestActParityPlugin(t *testing.T) {
	node, plugin := requireNodeModules(t, "dsh-plugin", "@deepseek-ai/dsh-tools")
	bin := buildEF(t)
	steps := actiontest.Steps()
	lib := libraryAdapter(t)
	wl, wp := actiontest.NewWorkspace(t), actiontest.NewWorkspace(t)
	outside := actiontest.Snapshot(t, wp.Outside)
	var intents []string
	var want [][]byte
	for _, s := range steps {
		intents = append(intents, s.Intent)
		want = append(want, actiontest.Normalize(lib.submit(t, wl, s.Intent)))
	}
	malformed := `{"spec":"2origin/0.1","kind":"action.intent","verb":"file.write","colour":"red"}`
	out := runParityScript(t, node, plugin, "action-parity.mjs",
		map[string]any{"efBin": bin, "root": wp.Base, "storeDir": filepath.Join(t.TempDir(), "store"), "intents": append(intents, malformed)})
	lines := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n"))
	if len(lines) != len(steps)+1 {
		t.Fatalf("%d results for %d intents:\n%s", len(lines), len(steps)+1, out)
	}
	if last := string(lines[len(steps)]); !strings.Contains(last, "malformed intent: unknown field") {
		t.Errorf("a malformed intent: %s", last)
	}
	for i, s := range steps {
		if !bytes.Contains(lines[i], []byte(`"actor":"ef_dsh"`)) {
			t.Errorf("%s: no ef_dsh actor: %s", s.Name, lines[i])
		}
		if got := actiontest.Normalize(lines[i]); !bytes.Equal(got, want[i]) {
			t.Errorf("%s: plugin differs from library:\n%s\n%s", s.Name, got, want[i])
		}
	}
	if d := actiontest.DiffSnapshots(outside, actiontest.Snapshot(t, wp.Outside)); d != "" {
		t.Errorf("outside changed:\n%s", d)
	}
}

// TestActMCPSchemaViolationIsAnError: action_submit without its required
// content (or relpath) answers as every other tool answers a call that
// breaks its parameter schema, with isError and what is missing; it was
// a "denied" action.result with isError false, audited as an action.
// Nothing is written or audited.
func TestActMCPSchemaViolationIsAnError(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	cs := mcpConnect(t, "--store", t.TempDir(), "--act-root", w.Base)
	for _, tc := range []struct{ args, says string }{
		{`{"relpath":"demo/b.txt"}`, "content is missing"},
		{`{"relpath":"demo/b.txt","content":null}`, "content is missing"},
		{`{"content":"x"}`, "relpath is missing"},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: action.ToolName, Arguments: json.RawMessage(tc.args)})
		if err != nil {
			t.Fatal(err)
		}
		if text := mcpText(t, res); !res.IsError || !strings.Contains(text, tc.says) || strings.Contains(text, `"status"`) {
			t.Errorf("%s: isError %v, %q; want an error saying %q", tc.args, res.IsError, text, tc.says)
		}
	}
	if _, err := os.Stat(filepath.Join(action.DefaultStateDir(w.Base), action.AuditFile)); err == nil {
		sum := readAuditSummary(t, w.Base)
		if sum.Records != 0 {
			t.Errorf("%d actions audited, want none", sum.Records)
		}
	}
	if _, err := os.Stat(filepath.Join(w.Base, "demo", "b.txt")); err == nil {
		t.Error("demo/b.txt was written")
	}
}

func readAuditSummary(t *testing.T, base string) *action.AuditSummary {
	t.Helper()
	f, err := os.Open(filepath.Join(action.DefaultStateDir(base), action.AuditFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sum, err := action.ReadAudit(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}
