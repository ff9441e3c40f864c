package projection

import "testing"

// A hedge that reads the outcome of the agent's own step ("It seems that
// the `find` command didn't return any results") is no hypothesis; one
// that guesses at a cause, or at a state of the code, is. The sentences
// are the agents' own, from the corpus's trajectories.
func TestOutcomeReadIsNoHypothesis(t *testing.T) {
	for _, c := range []struct {
		s    string
		read bool
	}{
		{"It seems that the `find` command didn't return any results.", true},
		{"It seems that the `old_str` I provided still doesn't match the exact code in the file.", true},
		{"It seems that the search didn't return any results.", true},
		{"It seems that the output was too large to be processed by the `str_replace_editor` tool.", true},
		{"It seems like the patch is truncated.", true},
		{"It seems that the `view_range` I provided is out of bounds.", true},
		{"It seems that the `src/lib` directory does not exist.", true},
		{"It seems that I am unable to make the necessary changes to the file.", true},
		{"It seems that the `make` command failed to build the `ponyc` compiler.", true},
		{"It seems that the exact lines I provided are not present in the `match.c` file.", true},
		{"It seems that the `buildDir` variable is not correctly set.", false},
		{"It seems that the CMake command is now failing because it can't find the GTest package.", false},
		{"It seems that the `LLVM_DIR` environment variable is not being picked up by the CMake command.", false},
		{"The issue might be that Bun is caching the old version.", false},
		{"It seems that the issue might be related to how the `srcDir` is being determined.", false},
		{"It seems that the test file was created in the wrong directory.", false},
	} {
		if got := outcomeRead(c.s); got != c.read {
			t.Errorf("outcomeRead(%q) = %v, want %v", c.s, got, c.read)
		}
	}
	out := reduceAll(t, `
> user
Fix the parser crash on nested options.
> assistant
Searching for the parser.
> call bash {"command":"find . -name 'parser*.c'"}
> result
> assistant
It seems that the find command didn't return any results. The crash is probably in the option merge of cmd_parse.
`)
	expect(t, out, []string{`hypothesis/-/.* = The crash is probably in the option merge`}, []string{`hypothesis/-/.*find`})
}

// A search that finds nothing (grep's exit status 1, no output) is no
// failure, its pattern's "\|" inside quotes no pipe.
func TestSearchFindingNothingIsNoFailure(t *testing.T) {
	out := reduceAll(t, `
> user
Fix the ordering bug in the query compiler.
> assistant
Looking for the scalar helpers.
> call bash {"command":"cd /testbed && grep -n \"scalar\\|get_scalar\" ./django/db/models/sql/query.py"}
> result error
<returncode>1</returncode>
`)
	expect(t, out, nil, []string{` failure `})
}

// The agent telling its next step ("Now I'll add …", "Let's edit the
// file again …") decides nothing that stays; a plain "I'll write a
// one-off rake task that …" tells the approach taken and is a decision,
// and so is a step that chooses ("… instead of …").
func TestStepNarrationIsNoDecision(t *testing.T) {
	for s, step := range map[string]bool{
		"Now I'll add the checklist component after the review section.":                    true,
		"Let's edit the file again to correct the indentation.":                             true,
		"Next, I'll create the budget control types module.":                                true,
		"I'll write a one-off rake task that marks the later invoice of each pair as void.": false,
		"Now I'll use format_relative_time instead of format_timestamp.":                    false,
		"Let's go with cursor-based pagination instead of offset/limit.":                    false,
		"I'll use rpassword for a simple terminal password prompt.":                         false,
	} {
		if got := stepNarration(s); got != step {
			t.Errorf("stepNarration(%q) = %v, want %v", s, got, step)
		}
	}
}

// The agent's switch ("I'll use X instead of Y") replaces its choice that
// names Y, not the nearest unrelated one.
func TestAgentSwitchReplacesWhatItDrops(t *testing.T) {
	out := reduceAll(t, `
> user
Add the notifications page and stop the duplicate events.
> assistant
The solution is to use milliseconds in the event ids to make the events different.
> assistant
I'll use format_relative_time instead of format_timestamp in the page.
`)
	expect(t, out, []string{`decision .*\[active/decision\] = The solution is to use milliseconds`, `decision .*\[active/decision\] = I'll use format_relative_time`}, []string{`\(was The solution`})
}
