package main

import (
	"path/filepath"
	"regexp"
	"testing"
)

// A bare change binds to the setting touched last only when its own words
// let it: a noun before the verb names another setting ("y el page size
// bájalo a 25" after the Playwright timeout was patched), a size is no
// value of a count ("改成 20480KB" after BATCH_SIZE was set), and a scope
// word that matches a file's key gives no number to a list ("pool size
// DB: dev 5" after pyproject's dev group was edited). The trial's repros,
// in their clients' formats.
func TestStateBindsBareChangesByTheirWords(t *testing.T) {
	for _, c := range []struct {
		file, want, never string
	}{
		{"m18-es-value-bound-to-previous-file.jsonl", `timeout\s+45_000`, `timeout\s+25_000`},
		{"m27-zh-value-bound-to-previous-key.jsonl", `max-file-size\s+20480KB`, `batch_size\s+20480`},
		{"m07-id-per-env-value-misbound.jsonl", `value/staging/\S+\s+20`, `pyproject\.toml/dev\s+5`},
		// the flag an edit changes in a compose file's command
		{"m06-id-value-changed-twice.jsonl", `value\s+current.*docker-compose\.yml/concurre\S*\s+6 \(was 8\)`, `(value\s+current|decision\s+active).*concurre\S*\s+[48]\b`},
	} {
		t.Run(c.file, func(t *testing.T) {
			out, _, err := runCmd(t, RunState, "--all", filepath.Join("testdata", "values", c.file))
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(c.want).MatchString(out) {
				t.Errorf("no %q in\n%s", c.want, out)
			}
			if regexp.MustCompile(c.never).MatchString(out) {
				t.Errorf("%q in\n%s", c.never, out)
			}
		})
	}
}
