package projection

import (
	"path"
	"strings"
)

// Edits given as a diff's removed and added lines ("-   retry_backoff_max=300,
// max_retries=5)" then "+   retry_backoff_max=900, max_retries=8)", in an
// apply_patch's patch or an editor's diff) change the settings their lines
// hold, as an old and a new string do. A line may hold several settings:
// the keyword arguments of a call or a decorator, the entries of an inline
// map (`env: { ASAN_OPTIONS: "detect_leaks=0:halt_on_error=1" }`), or a
// CMake variable (`set(UART_RX_BUF_SIZE 256 CACHE STRING "…")`). Each
// setting whose value the line changes is read; a quoted value is one
// value, whatever it holds ("detect_leaks=0:halt_on_error=1").

// diffLineEdits are the edits of unified diff text d: each run of removed
// lines with the run of added lines after it. A run of added lines alone
// is an addition with no old text. Header lines ("--- a/f", "+++ b/f",
// "@@ … @@", "*** Update File: f") are not edits.
func diffLineEdits(d string) []edit {
	var out []edit
	var old, cur []string
	flush := func() {
		if len(old) > 0 || len(cur) > 0 {
			out = append(out, edit{old: strings.Join(old, "\n"), new: strings.Join(cur, "\n")})
		}
		old, cur = nil, nil
	}
	for l := range strings.Lines(d) {
		l = strings.TrimRight(l, "\r\n")
		switch {
		case strings.HasPrefix(l, "---") || strings.HasPrefix(l, "+++") || strings.HasPrefix(l, "***") || strings.HasPrefix(l, "@@"):
			flush()
		case strings.HasPrefix(l, "-"):
			if len(cur) > 0 {
				flush()
			}
			old = append(old, l[1:])
		case strings.HasPrefix(l, "+"):
			cur = append(cur, l[1:])
		default:
			flush()
		}
	}
	flush()
	return out
}

var (
	// linePairRE is one setting of a line that holds several: a keyword
	// argument "max_retries=5", an entry "ASAN_OPTIONS: \"…\"", its value
	// quoted or one token.
	linePairRE = mustPattern(`(?:^|[\s,({])"?([A-Za-z_][\w.\-]*)"?\s*(=|:)\s*("[^"\n]*"|'[^'\n]*'|[^\s,(){}\[\]=:"']+)`)
	// cmakeSetRE is a CMake variable set: set(NAME value [CACHE …]).
	cmakeSetRE = mustPattern(`(?i)^\s*set\(\s*([A-Za-z_]\w*)\s+("[^"]*"|[^\s)]+)`)
)

// linePair is one setting a line holds.
type linePair struct{ key, value string }

// linePairs are the settings line l holds as keyword arguments, inline
// entries or a CMake set; nil for a line of one "key = value" (lineChange
// reads those) or of none. A pair whose value is a call or a comparison
// ("a == b") is not a setting.
func linePairs(l string) []linePair {
	if m := cmakeSetRE.FindStringSubmatch(l); m != nil {
		return []linePair{{m[1], cleanValue(m[2])}}
	}
	if strings.Contains(l, "==") || strings.Contains(l, "!=") {
		return nil
	}
	var out []linePair
	for _, m := range linePairRE.FindAllStringSubmatchIndex(l, 16) {
		k, sep, v := l[m[2]:m[3]], l[m[4]:m[5]], l[m[6]:m[7]]
		if sep == ":" && (v[0] != '"' && v[0] != '\'') && !strings.Contains(l, "{") {
			// "key: value" outside an inline map is lineChange's
			continue
		}
		if strings.HasPrefix(l[m[7]:], "(") || strings.HasPrefix(l[m[7]:], ".") {
			continue
		}
		out = append(out, linePair{k, cleanValue(v)})
	}
	if len(out) < 2 && !strings.Contains(l, "{") {
		// one setting on its line: lineChange reads it
		return nil
	}
	return out
}

// linePairChanges are the settings file's line from changes in line to:
// both lines hold the same settings in the same order, and each whose
// value differs, holding a digit on both sides or quoted, is read.
func linePairChanges(file, from, to string) []Proposal {
	if strings.Contains(from, "\n") || strings.Contains(to, "\n") {
		return nil
	}
	a, b := linePairs(from), linePairs(to)
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	if len(a) != len(b) {
		return nil
	}
	owner := inlineOwner(to)
	if owner != inlineOwner(from) {
		return nil
	}
	if owner == "" {
		// a package's line names its package (addedline.go): its
		// Version is that package's, not one every package shares
		owner = lineOwner(b)
		if owner != lineOwner(a) {
			return nil
		}
	}
	var out []Proposal
	for i := range a {
		if a[i].key != b[i].key {
			return nil
		}
		if a[i].value == b[i].value || !pairValueOK(a[i].value) || !pairValueOK(b[i].value) {
			continue
		}
		k := b[i].key
		if owner != "" {
			k = owner + "." + k
		}
		out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + path.Clean(file) + "/" + strings.ToLower(k),
			Name: k, Value: b[i].value, Was: a[i].value, Quote: strings.TrimSpace(to)})
	}
	return out
}

// inlineOwnerRE is a TOML line that gives one entry an inline table of
// its own: `tokio = { version = "1.40", features = ["full"] }` in a
// Cargo.toml or a pyproject. A YAML flow map (`env: { ASAN_OPTIONS: … }`)
// holds settings named on their own and keeps their names.
var inlineOwnerRE = mustPattern(`^\s*"?([A-Za-z_][\w.\-]*)"?\s*=\s*\{`)

// inlineOwner is the entry whose inline table line l holds ("tokio"),
// "" when l is no such line. The table's settings are that entry's: a
// Cargo.toml holds one version per dependency, so tokio's version is
// "tokio.version", never a "version" a second dependency would share.
func inlineOwner(l string) string {
	if m := inlineOwnerRE.FindStringSubmatch(l); m != nil {
		return m[1]
	}
	return ""
}

// pairValueOK reports whether v reads as a setting's value: it holds a
// digit, or is a word in capitals or a boolean, not a name of code.
func pairValueOK(v string) bool {
	if v == "" || len(v) > 80 {
		return false
	}
	if digitRE.MatchString(v) {
		return true
	}
	switch strings.ToLower(v) {
	case "true", "false", "none", "null", "nil", "on", "off", "yes", "no":
		return true
	}
	return false
}
