package projection

import "strings"

// An error a run got past.
//
// A run that failed on one error and, after a change, fails on another
// ("Error: Unsupported argument" fixed, the plan now stopped by "Error
// acquiring the state lock") is one failure of one run, shown by its
// newest error. The error it got past is no longer in the output, so it
// is kept as what the failure was: the failure then reads "failed: Error:
// Error acquiring the state lock (was Error: Unsupported argument)", and
// the pass that resolves the run resolves both. An error still printed
// in the new output is not past; a failure that already named an error
// it got past keeps the oldest one, the error the work began with.

// errorPassed is what failure f was before the run failed again with
// value nu and output text: the error f showed, when text no longer
// holds it; else f's Was as it stands.
func errorPassed(f *Anchor, nu, text string) string {
	old, ok := strings.CutPrefix(f.Value, "failed: ")
	if !ok || f.Value == nu || strings.TrimSpace(old) == "" {
		return f.Was
	}
	if f.Was != "" && !strings.Contains(f.Was, " at seq ") {
		return f.Was
	}
	if strings.Contains(text, strings.TrimSuffix(old, "…")) {
		return f.Was
	}
	return old
}
