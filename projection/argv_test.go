package projection

import "testing"

// A command given as an argument vector (Codex's shell tool) is the
// command it runs: another command of the same tool ("ls docs") is no
// rerun of a failed one.
func TestCommandAsArgv(t *testing.T) {
	out := reduceAll(t, `
> user
Run the link checker and then list the docs folder.
> assistant
> call shell {"command":["bash","-lc","linkchecker site/index.html"],"workdir":"/w"}
> result error
Result     Error: 404 Not Found
3 errors found.
> assistant
> call shell {"command":["bash","-lc","ls docs"],"workdir":"/w"}
> result
index.md`)
	expect(t, out, []string{`failure command/-/linkchecker site/index.html \[open`}, []string{`resolved`})
	for _, c := range []struct {
		v    any
		want string
	}{
		{[]any{"bash", "-lc", "ls docs"}, "ls docs"},
		{[]any{"python", "-m", "pytest", "tests/a b.py"}, "python -m pytest 'tests/a b.py'"},
		{[]any{"echo", 3}, ""},
		{"ls", ""},
	} {
		if got := argvString(c.v); got != c.want {
			t.Errorf("argvString(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}
