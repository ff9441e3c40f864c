package projection

import "strings"

// A failed run fixed by another value of the option its error named.
//
// "xcodebuild test -scheme App -destination 'platform=iOS
// Simulator,name=iPhone 15,OS=17.5'" fails with "Unable to find a
// destination matching the provided destination specifier"; the same
// run with "-destination 'platform=iOS Simulator,name=iPhone 16,OS=18.1'"
// passes. The error named no value of the command, only the option
// ("destination"), so the blamed-name reading of rerun.go cannot see it:
// here the two runs are the same words but one option's value, the
// error names that option by its name and says the thing it asked for
// is not there or not valid ("Unable to find", "invalid", "unknown", "not
// supported"). Only a value changed: an option added or taken away, or
// a positional operand changed, selects other work.

// optionErrRE is an error that a thing an option asked for is not there
// or not valid.
var optionErrRE = mustPattern(`(?i)\bunable to (?:find|locate|resolve|open|use|load)\b|\binvalid\b|\bunknown\b|\bunsupported\b|\bnot (?:available|supported|valid|installed|recogni[sz]ed)\b|\bno (?:matching|such|available|valid)\b|\bcould ?n[o']t (?:find|resolve|locate)\b|\bcannot (?:find|resolve|locate)\b|\bnot found\b|\bdoes(?:n't| not) exist\b`)

// optionBlamed reports whether passing stage passed is failed stage
// failed with one option's value changed, the option error line because
// named (see above).
func optionBlamed(failed, passed, because string) bool {
	if because == "" || !optionErrRE.MatchString(because) {
		return false
	}
	fw, pw := quotedWords(failed), quotedWords(passed)
	if len(fw) != len(pw) || len(fw) < 3 || fw[0] != pw[0] {
		return false
	}
	diff := -1
	for i := range fw {
		if fw[i] != pw[i] {
			if diff >= 0 {
				return false
			}
			diff = i
		}
	}
	if diff < 1 {
		return false
	}
	name := ""
	if n, _, ok := strings.Cut(fw[diff], "="); ok && strings.HasPrefix(n, "-") {
		pn, _, _ := strings.Cut(pw[diff], "=")
		if pn != n {
			return false
		}
		name = n
	} else if o := fw[diff-1]; strings.HasPrefix(o, "-") && !strings.Contains(o, "=") && !strings.HasPrefix(fw[diff], "-") {
		name = o
	} else {
		return false
	}
	name = strings.ToLower(strings.TrimLeft(name, "-"))
	if len(name) < 4 || selectOpts["-"+name] || selectOpts["--"+name] {
		return false
	}
	// the option's name as a word of the error ("Unable to find a
	// destination matching …")
	return tokenAt(strings.ToLower(because), name, 0) >= 0
}

// quotedWords are the words of a command stage with its quotes kept
// whole and taken off: "-destination 'platform=iOS Simulator,name=iPhone
// 15'" is two words.
func quotedWords(st string) []string {
	mask := shellMask(st)
	var out []string
	start := -1
	for i := 0; i <= len(mask); i++ {
		if i == len(mask) || mask[i] == ' ' || mask[i] == '\t' || mask[i] == '\n' {
			if start >= 0 {
				out = append(out, unquote(st[start:i]))
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

// unquote is word w without its shell quotes.
func unquote(w string) string {
	var b strings.Builder
	quote := byte(0)
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// narrowOpts select part of a run's tests beyond selectOpts: Xcode's
// "-only-testing:AppTests/X" and "-skip-testing:…", "--only", "--focus".
var narrowOpts = map[string]bool{"-only-testing": true, "-skip-testing": true, "--only": true, "--focus": true, "--spec": true, "--tests": true, "-Dtest": true}

// narrowed reports whether passing stage pf adds to failed stage ff an
// option selecting which tests run ("go test -run TestB ./..." after "go
// test ./..."; "-only-testing:AppTests/Other"): a run of part of the work
// passing says nothing of the rest, where the failure may be.
func narrowed(ff, pf []string) bool {
	had := map[string]bool{}
	for _, w := range ff {
		had[optName(w)] = true
	}
	for _, w := range pf {
		// an option the failed run had already selected by too
		// ("--filter @app/api" then "--filter=@app/api...") narrows
		// nothing further
		if name := optName(w); !had[name] && selectsTests(w) {
			return true
		}
	}
	return false
}

// optName is option word w without its value ("-only-testing" of
// "-only-testing:AppTests/X", "--filter" of "--filter=a").
func optName(w string) string {
	w = strings.Trim(w, `'"`)
	if i := strings.IndexAny(w, "=:"); i > 0 {
		w = w[:i]
	}
	return w
}

// selectsTests reports whether word w is an option selecting which tests run
// (selectOpts, narrowOpts).
func selectsTests(w string) bool {
	name := optName(w)
	return strings.HasPrefix(name, "-") && (selectOpts[name] || narrowOpts[name])
}
