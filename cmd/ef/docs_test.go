package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/actiontest"
	"github.com/epistemicfold/ef/internal/testutil"
	"github.com/epistemicfold/ef/origin/action"
	"github.com/epistemicfold/ef/recall"
	"github.com/epistemicfold/ef/sidecar"
)

// readRepoFile is the text of the repository's file at name (a path
// relative to its root).
func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCommandsDocumented holds the subcommand table to the documents a
// newcomer reads: every command of commands() has a row in the README's
// Commands table and is named in docs/ARCHITECTURE.md's cmd/ef row, and
// neither names a command that does not exist.
func TestCommandsDocumented(t *testing.T) {
	cmds := commands()

	readme := readRepoFile(t, "README.md")
	i := strings.Index(readme, "\n## Commands\n")
	if i < 0 {
		t.Fatal("README.md has no ## Commands section")
	}
	readme = readme[i:]
	if j := strings.Index(readme[1:], "\n## "); j >= 0 {
		readme = readme[:j+1]
	}
	rows := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `ef ([a-z]+)").FindAllStringSubmatch(readme, -1) {
		rows[m[1]] = true
		if _, ok := cmds[m[1]]; !ok {
			t.Errorf("README.md's Commands table has ef %s, which is not a command", m[1])
		}
	}

	arch := readRepoFile(t, filepath.Join("docs", "ARCHITECTURE.md"))
	row := regexp.MustCompile("(?m)^\\| `cmd/ef` \\| The command line:(.*)$").FindStringSubmatch(arch)
	if row == nil {
		t.Fatal("docs/ARCHITECTURE.md's Packages table has no row \"| `cmd/ef` | The command line: …\"")
	}
	named := map[string]bool{}
	list, _, _ := strings.Cut(row[1], ".")
	for _, m := range regexp.MustCompile("`([a-z]+)`").FindAllStringSubmatch(list, -1) {
		named[m[1]] = true
		if _, ok := cmds[m[1]]; !ok {
			t.Errorf("docs/ARCHITECTURE.md's cmd/ef row names %s, which is not a command", m[1])
		}
	}
	for name := range cmds {
		if !rows[name] {
			t.Errorf("ef %s has no row in README.md's Commands table", name)
		}
		if !named[name] {
			t.Errorf("ef %s is not named in docs/ARCHITECTURE.md's cmd/ef row", name)
		}
	}
}

// TestToolLanesServed holds ef mcp and the documents to sidecar.ToolLanes,
// the tools of other packages than recall (sidecar's TestToolLanesMatch
// holds the sidecar and the plugin to it): ef mcp, given the options that
// offer them, serves exactly the recall tools and these; ef mcp's help,
// the plugin's README (its config keys) and ARCHITECTURE.md's row on
// adding a model-callable tool name each of them.
func TestToolLanesServed(t *testing.T) {
	w := actiontest.NewWorkspace(t)
	env := &mcpEnv{actions: actiontest.OpenKernel(t, action.Options{Roots: []string{w.Base}}), origins: []string{t.TempDir()}}
	var served []string
	for _, tool := range mcpTools(env) {
		served = append(served, tool.Name)
	}
	var want []string
	for _, def := range recall.Tools() {
		want = append(want, def.Name)
	}
	lanes := sidecar.ToolLanes()
	for _, l := range lanes {
		want = append(want, l.Tool)
	}
	slices.Sort(served)
	slices.Sort(want)
	if !slices.Equal(served, want) {
		t.Errorf("ef mcp serves %q; the recall tools and sidecar.ToolLanes are %q", served, want)
	}

	arch := readRepoFile(t, "docs/ARCHITECTURE.md")
	row := ""
	if i := strings.Index(arch, "| add a model-callable tool |"); i >= 0 {
		row, _, _ = strings.Cut(arch[i:], "\n")
	}
	_, help, _ := runCmd(t, RunMCP, "-h")
	docs := map[string]string{"ef mcp -h": help, "dsh-plugin/README.md": readRepoFile(t, "dsh-plugin/README.md"), "docs/ARCHITECTURE.md (add a model-callable tool)": row}
	for _, l := range lanes {
		for name, text := range docs {
			if !strings.Contains(text, l.Tool) {
				t.Errorf("%s does not name %s", name, l.Tool)
			}
		}
	}
}
