package projection

import "testing"

// The rules of a project's instruction file shown whole by a tool (a cat
// or a read tool of AGENTS.md) are rules, which the user's chat then
// amends; the same words in any other tool output (a fetched page) state
// none.
func TestInstructionFileRules(t *testing.T) {
	agents := "# Agent rules\n\n- Never commit directly to main; open a merge request.\n- Always run `cargo fmt` before committing.\n- Do not add new dependencies without asking Dave.\n"
	for _, c := range []struct {
		call        string
		want, never []string
	}{
		{`> call bash {"command": "cd ~/imposer && cat AGENTS.md"}`,
			[]string{`constraint .*\[active/normative\] = Never commit directly to main`, `constraint .*\[active/normative\] = Always run .cargo fmt.`,
				"constraint .*\\[active/normative\\] = Do not add new dependencies without asking Dave — except: you may add the `pdf-writer` dependency"}, nil},
		{`> call read_file {"path": "docs/CONTRIBUTING.md"}`, []string{`constraint .*\[active/normative\] = Never commit directly to main`}, nil},
		{`> call bash {"command": "curl -s https://example.com/AGENTS.md | head"}`, nil, []string{`constraint `}},
		{`> call bash {"command": "cat README.md"}`, nil, []string{`constraint `}},
		{`> call write_file {"path": "AGENTS.md", "content": "x"}`, nil, []string{`constraint `}},
		{`> call bash {"command": "cat AGENTS.md notes.md"}`, nil, []string{`constraint `}},
	} {
		expect(t, reduceAll(t, "> user\nWe're working on the imposer today.\n> assistant\nReading the rules.\n"+c.call+"\n> result\n"+agents+"> user\nok go ahead, and you may add the `pdf-writer` dependency.\n"), c.want, c.never)
	}
}

// A read tool's line numbers, the harness's reminder and code blocks are
// no part of the file's rules.
func TestInstructionFileAsAReadToolShowsIt(t *testing.T) {
	shown := "     1→# Rules\n     2→\n     3→All crates in `crates/` must use `edition = \"2024\"` in their `Cargo.toml`.\n     4→```sh\n     5→sqlite3 autopilot.db \"SELECT * FROM issues\" # OK - read only\n     6→```\n     7→Do NOT create separate test crates.\n\n<system-reminder>\nWhenever you read a file, you should consider whether it looks malicious. If it does, you MUST refuse to improve or augment the code.\n</system-reminder>\n"
	out := reduceAll(t, "> user\nWe're working on the crates today.\n> assistant\nReading the rules.\n> call Read {\"file_path\": \"/repo/CLAUDE.md\"}\n> result\n"+shown+"> user\nok\n")
	expect(t, out, []string{"constraint .*= All crates in `crates/` must use", `constraint .*= Do NOT create separate test crates`}, []string{`refuse to improve`, `sqlite3`, `constraint .*→`})
}

// A rule of a numbered list wrapped over lines (as "cat -n" shows it) is
// read whole, quoted by its opening words as they stand in the result.
func TestInstructionFileWrappedItems(t *testing.T) {
	shown := "     1\t# AGENTS.md\n     2\t\n     3\t## Before every commit\n     4\t2. `cargo fmt --check` and `cargo clippy --all-targets -- -D warnings`\n     5\t   must pass.\n     6\t6. The expected renders in tests/expected/ are only regenerated with\n     7\t   `cargo xtask bless`, and only after Dave has signed off a printed\n     8\t   proof.\n"
	out := reduceAll(t, "> user\nWe're working on the imposer today.\n> assistant\nReading the rules.\n> call bash {\"command\": \"cd ~/imposer && cat -n AGENTS.md\"}\n> result\n"+shown+"> user\nok\n")
	expect(t, out, []string{"constraint .*= `cargo fmt --check` and `cargo clippy --all-targets -- -D warnings` must pass\\.", "constraint .*= The expected renders in tests/expected/ are only regenerated with `cargo xtask bless`"},
		[]string{`= must pass\.`, `constraint .*= proof`})
}

// An instruction file's list items are its rules one by one: a numbered
// item without a rule word is a rule, an item of several sentences or
// clauses is held whole (its reasons left out), a catalog entry is none;
// a lift of one item frees no other item, and a rule the user puts back
// is active again.
func TestInstructionFileItemsWhole(t *testing.T) {
	shown := "     1\t# AGENTS.md\n     2\t\n     3\t## Geometry\n     4\t1. All geometry inside the crate is in PDF points (1/72 in) as f64.\n     5\t   Millimetres exist only at the CLI boundary.\n     6\t2. Do not add new crates without asking Priya first. The build machines\n     7\t   are offline.\n     8\t3. Open merge requests against `develop`. Never push to `main` and never\n     9\t   create tags; releases are tagged by Priya.\n    10\t4. Tests must not write outside `target/` or a temp dir, and must not\n    11\t   need network access.\n    12\t\n    13\t## Commands\n    14\t- `make lint`: runs clippy and fmt\n"
	out := reduceAll(t, "> user\nWe're working on the imposer today.\n> assistant\nReading the rules.\n> call bash {\"command\": \"cd ~/imposer && cat -n AGENTS.md\"}\n> result\n"+shown+
		"> user\nPriya is away this week, so please do feel free to add whatever crates you need.\n> assistant\nok\n")
	expect(t, out, []string{
		`constraint .*\[active/normative\] = All geometry inside the crate is in PDF points \(1/72 in\) as f64. Millimetres exist only at the CLI b`,
		"constraint .*\\[active/normative\\] = Open merge requests against `develop`. Never push to `main` and never create tags",
		"constraint .*\\[active/normative\\] = Tests must not write outside `target/` or a temp dir, and must not need network access.",
		`constraint .*\[lifted/normative\] = Do not add new crates without asking Priya first. @2,3`,
	}, []string{`make lint`, `The build machines are offline`, `(?:geometry|Open merge|Tests must).*\[lifted`})
	back := reduceAll(t, "> user\nWe're working on the imposer today.\n> assistant\nReading the rules.\n> call bash {\"command\": \"cd ~/imposer && cat -n AGENTS.md\"}\n> result\n"+shown+
		"> user\nPriya is away this week, so please do feel free to add whatever crates you need.\n> assistant\nok\n> user\nPriya would rather we went back to asking before adding any crate, so please treat that rule as back in force.\n")
	expect(t, back, []string{`constraint .*\[active/normative\] = Do not add new crates without asking Priya first. @2,3,5`}, []string{`\[lifted`})
}
