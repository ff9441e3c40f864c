package projection

import "testing"

// TestMissingPackageInstalled: a failure for want of a package is
// superseded by a later passing install that can have supplied it (the
// project's own declared set, or the package named), in Python, Node, Go
// and Ruby; an install of another package, a failed install, an install
// before the failure, or a failure of another kind leaves it open.
func TestMissingPackageInstalled(t *testing.T) {
	fail := func(cmd, out string) string {
		return "> user\nFix the doubled semicolon crash.\n> assistant\nChecking.\n> call bash {\"command\":\"" + cmd + "\"}\n> result error\n" + out + "\n"
	}
	then := func(cmd, out string, isErr bool) string {
		r := "> result\n"
		if isErr {
			r = "> result error\n"
		}
		return "> assistant\nInstalling.\n> call bash {\"command\":\"" + cmd + "\"}\n" + r + out + "\n"
	}
	const py = `python -c \"import sqlfluff\"`
	const pyErr = "Traceback (most recent call last):\nModuleNotFoundError: No module named 'sqlfluff'"
	superseded := []string{`command/-/python -c "import sqlfluff" \[superseded/empirical\]`}
	open := []string{`command/-/python -c "import sqlfluff" \[open/empirical\]`}
	runScriptCases(t, []scriptCase{
		{name: "pip install -e .", script: fail(py, pyErr) + then(`pip install -e . > /dev/null 2>&1 && echo Installed`, "Installed", false), want: superseded, never: open},
		{name: "pip install names it", script: fail(py, pyErr) + then(`python -m pip install sqlfluff==0.6.0`, "Successfully installed sqlfluff-0.6.0", false), want: superseded, never: open},
		{name: "requirements file", script: fail(py, pyErr) + then(`cd /testbed && pip install -r requirements.txt`, "ok", false), want: superseded, never: open},
		{name: "dotted module, dashed package", script: fail(`python -m my_tool.cli`, "/usr/bin/python: No module named my_tool.cli") + then(`uv pip install my-tool`, "Installed 1 package", false),
			want: []string{`command/-/python -m my_tool.cli \[superseded/empirical\]`}},
		{name: "node package", script: fail(`node build.js`, "Error: Cannot find module 'left-pad'\nRequire stack:") + then(`npm install left-pad@1.3.0`, "added 1 package", false),
			want: []string{`command/-/node build.js \[superseded/empirical\]`}},
		{name: "go package", script: fail(`go run ./cmd/x`, `cmd/x/main.go:4:2: no required module provides package github.com/pkg/errors; to add it:`) + then(`go get github.com/pkg/errors`, "go: added github.com/pkg/errors v0.9.1", false),
			want: []string{`command/-/go run ./cmd/x \[superseded/empirical\]`}},
		// near misses
		{name: "another package installed", script: fail(py, pyErr) + then(`pip install pytest`, "Successfully installed pytest", false), want: open, never: superseded},
		{name: "the install failed", script: fail(py, pyErr) + then(`pip install -e .`, "ERROR: Could not build wheels", true), want: open, never: superseded},
		{name: "install before the failure", script: then(`pip install -e .`, "ok", false) + fail(py, pyErr), want: open, never: superseded},
		{name: "another kind of failure", script: fail(py, "Traceback (most recent call last):\nImportError: cannot import name 'Delimited' from 'sqlfluff.core'") + then(`pip install -e .`, "ok", false),
			want: []string{`command/-/python -c "import sqlfluff" \[open/empirical\]`}},
		{name: "relative node module is code", script: fail(`node build.js`, "Error: Cannot find module './config'") + then(`npm install`, "up to date", false),
			want: []string{`command/-/node build.js \[open/empirical\]`}},
		{name: "a listing is no install", script: fail(py, pyErr) + then(`pip list | grep sqlfluff`, "sqlfluff 0.6.0", false), want: open, never: superseded},
	})
}
