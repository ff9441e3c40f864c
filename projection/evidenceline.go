package projection

import (
	"path"
	"strings"
)

// The line of a passing command's output that says what it was run for.
//
// Evidence quotes the first line a program printed (outputLead), which is
// often a header: "goos: linux" above the benchmark's
// "BenchmarkLimiter-8 6543210 182.4 ns/op 0 B/op 0 allocs/op", "{" above
// the versions jq picked, "Summary:" above ghz's numbers. When the
// command names what it looks for (a benchmark or test it selects:
// "-bench=BenchmarkLimiter", "-run TestX"; the pattern grep searches
// for: "grep grpc go.mod"; the module "go list -m" lists) and the first
// line does not hold it, the first line that does is quoted. When the
// first line is only a label or a bracket ("Summary:", "{"), the first
// line after it holding a number is. Otherwise the first line stays.

// subjectOptions are options whose value names what a run looks for.
var subjectOptions = map[string]bool{"-bench": true, "-run": true, "-test.run": true, "-test.bench": true, "--grep": true, "-k": true}

// headerLineRE is a line that only labels or opens what follows.
var headerLineRE = mustPattern(`^(?:[A-Za-z][\w ./-]{0,40}:|[{\[(]|[=\-_*#]{3,})$`)

// digitRE is a digit in a line.
var digitRE = mustPattern(`\d`)

// commandSubjects are the names command cmd says it looks for (see
// above).
func commandSubjects(cmd string) []string {
	var out []string
	add := func(x string) {
		x = strings.Trim(x, `'"^$`)
		if len(x) >= 3 && plainNameRE.MatchString(x) {
			out = append(out, x)
		}
	}
	for _, p := range commandParts(cmd) {
		f := dropEnv(strings.Fields(unwrap(p)))
		if len(f) == 0 {
			continue
		}
		prog := path.Base(f[0])
		for i, w := range f[1:] {
			name, v, ok := strings.Cut(w, "=")
			if subjectOptions[name] {
				if ok {
					add(v)
				} else if i+2 < len(f) {
					add(f[i+2])
				}
			}
		}
		if prog == "grep" || prog == "rg" {
			for _, w := range f[1:] {
				if !strings.HasPrefix(w, "-") {
					add(w)
					break
				}
			}
		}
		if prog == "go" && len(f) > 3 && f[1] == "list" && f[2] == "-m" {
			add(path.Base(f[len(f)-1]))
		}
	}
	return out
}

// plainNameRE is a name with no pattern syntax in it.
var plainNameRE = mustPattern(`^[A-Za-z][\w.\-/]*$`)

// informativeLine is the line of text to quote for passing command cmd
// in place of lead, its first line, or "" to keep lead (see above).
func informativeLine(cmd, text, lead string) string {
	lines := strings.Split(text, "\n")
	for _, s := range commandSubjects(cmd) {
		if strings.Contains(lead, s) {
			return ""
		}
		for _, l := range lines {
			if l = strings.TrimSpace(l); strings.Contains(l, s) {
				return l
			}
		}
	}
	if !headerLineRE.MatchString(lead) {
		return ""
	}
	past := false
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == lead {
			past = true
			continue
		}
		if past && l != "" && !headerLineRE.MatchString(l) && digitRE.MatchString(l) {
			return l
		}
	}
	return ""
}
