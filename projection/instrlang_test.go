package projection

import (
	"fmt"
	"strings"
	"testing"
)

// numbered is text as a read tool shows it, each line after its number
// (a script's "#" line would be a comment).
func numbered(text string) string {
	var b strings.Builder
	for i, l := range strings.SplitAfter(text, "\n") {
		if l != "" {
			fmt.Fprintf(&b, "%d→%s", i+1, l)
		}
	}
	return b.String()
}

// An instruction file read by any read tool, in any language the lexicons
// read, states its rules; a list under a heading that names rules is a
// list of rules; output of another kind states none.
func TestInstructionFileAnyToolAnyLanguage(t *testing.T) {
	de := "# AGENTS.md\n\n## Regeln für Agents\n- Keine Force-Unwraps (`!`) in neuem Code.\n- SwiftLint muss grün sein, bevor committet wird (`swiftlint --strict`).\n- Kein Push auf `main`. PRs immer gegen `develop`.\n- Tests laufen auf dem Simulator \"iPhone 15\", iOS 17.5.\n"
	deWant := []string{"constraint .*= Keine Force-Unwraps", "constraint .*= SwiftLint muss grün sein", "constraint .*= Kein Push auf `main`. PRs immer gegen `develop`.", "constraint .*= Tests laufen auf dem Simulator"}
	es := "# AGENTS.md\n\n## Reglas\n- No toques los ficheros .proto sin preguntar.\n- Los tests siempre con -race.\n"
	esWant := []string{"constraint .*= No toques los ficheros .proto", "constraint .*= Los tests siempre con -race"}
	ja := "# GEMINI.md\n\n## ルール\n- 本番DBには絶対に書き込まないでください。\n- dbt は必ず --select で対象を絞ること。\n"
	jaWant := []string{"constraint .*= 本番DBには絶対に書き込まないでください", "constraint .*= dbt は必ず --select で対象を絞ること"}
	en := "# CLAUDE.md\n\n## Rules\n- Never use force unwraps in new code.\n- PRs always against `develop`.\n"
	enWant := []string{"constraint .*= Never use force unwraps in new code", "constraint .*= PRs always against `develop`"}
	for _, c := range []struct {
		name, call, file string
		want             []string
	}{
		{"DSH read_file, German", `> call read_file {"path": "AGENTS.md"}`, de, deWant},
		{"Gemini read_file absolute_path, Japanese", `> call read_file {"absolute_path": "/repo/GEMINI.md"}`, ja, jaWant},
		{"Claude Code Read, Spanish", `> call Read {"file_path": "/repo/AGENTS.md"}`, es, esWant},
		{"view tool, English", `> call str_replace_based_edit_tool {"command": "view", "path": "/repo/CLAUDE.md"}`, en, enWant},
		{"readFile, English", `> call readFile {"filePath": "CLAUDE.md"}`, en, enWant},
		{"a file uri", `> call read_text_file {"uri": "file:///repo/AGENTS.md"}`, de, deWant},
		{"cat through a shell", `> call shell {"command": "bash -lc \"cat AGENTS.md\""}`, de, deWant},
		{"another instruction name", `> call read_file {"path": ".clinerules"}`, en, enWant},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nReading.\n"+c.call+"\n> result\n"+numbered(c.file)+"> assistant\nok\n")
			expect(t, out, c.want, nil)
		})
	}
	// never: a README, a search through the file, a web page, an edit,
	// a file of rules a tool fetched from elsewhere
	for _, c := range []struct{ name, call string }{
		{"README", `> call read_file {"path": "README.md"}`},
		{"a search", `> call grep_search {"path": "AGENTS.md", "pattern": "Push"}`},
		{"a listing", `> call list_directory {"path": "AGENTS.md"}`},
		{"a web page", `> call web_fetch {"url": "https://example.com/AGENTS.md"}`},
		{"an edit", `> call write_file {"path": "AGENTS.md"}`},
		{"two files at once", `> call shell {"command": "cat AGENTS.md README.md"}`},
	} {
		t.Run("never "+c.name, func(t *testing.T) {
			out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nReading.\n"+c.call+"\n> result\n"+numbered(de)+"> assistant\nok\n")
			expect(t, out, nil, []string{`constraint `})
		})
	}
	// a heading that names no rules makes no description a rule
	out := reduceAll(t, "> user\nLet's keep working on the project.\n> assistant\nReading.\n> call read_file {\"path\": \"AGENTS.md\"}\n> result\n"+numbered("# AGENTS.md\n\n## Projektstruktur\n- Die App liegt in `App/`, die Tests in `Tests/`.\n- Tests laufen auf dem Simulator \"iPhone 15\".\n")+"> assistant\nok\n")
	expect(t, out, nil, []string{`constraint `})
}
