package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/epistemicfold/ef/internal/testutil"
)

// TestCommandsDocumented holds the subcommand table to the documents a
// newcomer reads: every command of commands() has a row in the README's
// Commands table and is named in docs/ARCHITECTURE.md's cmd/ef row, and
// neither names a command that does not exist.
func TestCommandsDocumented(t *testing.T) {
	root := testutil.RepoRoot(t)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	cmds := commands()

	readme := read("README.md")
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

	arch := read(filepath.Join("docs", "ARCHITECTURE.md"))
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
