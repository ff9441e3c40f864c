package projection

import (
	"path"
	"strings"
)

// A setting may be changed by a command rather than an edit tool: "sed
// -i 's/dunning_grace_days: 7/dunning_grace_days: 14/' config/billing.yml"
// sets dunning_grace_days to 14, and, when the command passed, that is
// the setting's current value (an empirical one, as an edit's). Read
// only when both sides of the substitution are the same key with a
// value that is one short token holding a digit ("14", "4/minute",
// "50gb", a quoted "17:00"); a value with spaces ("'0 3 1 * *'") is left
// to the user's own words. A value some current value already holds was set
// as said (the reducer keeps no second copy).

// sedRE is a sed in-place call: its script in quotes and the file it
// edits (BSD's "sed -i ”" too).
var sedRE = mustPattern(`\bsed\s+(?:-[a-zA-Z]+\s+)*-i\S*\s+(?:''\s+|""\s+)?(?:-e\s+)?(?:'([^']+)'|"((?:[^"\\]|\\.)+)")\s+([^\s;&|<>]+)`)

// sedSettingRE is one side of a substitution that sets a key: "retry:
// 3", "mqtt_retries = 3", "limit rate 10/minute", `send_at = "17:00"` (a
// quoted token, read without its quotes), ":concurrency: 15" (a Ruby
// symbol's key, read without its colon), "currency: 'EUR'" (a quoted
// code in capitals: a currency, a level, a region), "version:
// 2.5.0+42" (a version with its build number), `version = "~> 5.0"`
// (a version's constraint), "compile: false" (a boolean).
var sedSettingRE = mustPattern(`^\s*:?([A-Za-z_][\w.\-]*(?:\s[A-Za-z_][\w.\-]*)?)\s*(?:[:=]\s*|\s)(?:([\w.\-/%]*\d[\w.\-/%]*(?:\+\w[\w.]*)?)|"([\w.\-/%:+]*\d[\w.\-/%:+]*)"|'([\w.\-/%:+]*\d[\w.\-/%:+]*)'|"([A-Z][A-Z0-9_\-]{1,15})"|'([A-Z][A-Z0-9_\-]{1,15})'|"((?:~>|[<>]=?|[=^~!]=?)\s?\d[\w.\-]*)"|(true|false|True|False))\s*$`)

// declRE is a constant or variable declared in code, its name and value
// ("const MAX_BOOKLET_PAGES: usize = 80;", "export const TIMEOUT_MS =
// 500;", "static int retries = 3;" is not read): read as "NAME = VALUE".
var declRE = mustPattern(`^\s*(?:pub(?:\(crate\))?\s+)?(?:export\s+)?(?:(?:public|private|protected|internal|static|final|readonly)\s+)*(?:(?:const|let|var|static|final|val)\s+){1,2}(?:mut\s+)?([A-Za-z_]\w*)\s*(?::\s*[\w<>\[\]&' ]+?)?\s*=\s*([^;]+?)\s*;?\s*$`)

// entryRE is an entry of a dict or an object literal, its key quoted or
// a comma after its value: `"retries": 3,`, "currency: 'EUR',".
var entryRE = mustPattern(`^\s*(?P<q>["'])?(?P<k>[A-Za-z_][\w\-]*)["']?\s*:\s*(?P<v>.+?)\s*(?P<c>,)?\s*$`)

// entryLine is line l of a dict or an object literal as "key: value",
// else l.
func entryLine(l string) string {
	m := entryRE.FindStringSubmatch(l)
	if m == nil || m[entryRE.SubexpIndex("q")] == "" && m[entryRE.SubexpIndex("c")] == "" {
		return l
	}
	return m[entryRE.SubexpIndex("k")] + ": " + m[entryRE.SubexpIndex("v")]
}

// codeTailRE is what ends a line of code after its value: the
// statement's ";" and a comment ("= 30;      // up to 30% of the bill").
var codeTailRE = mustPattern(`\s*;?\s*(?://|#)[^"'\n]*$|\s*;\s*$`)

// codeTailCut is a line of code without its ";" and its comment.
func codeTailCut(s string) string {
	return codeTailRE.ReplaceAllString(s, "")
}

// sedValues are the settings the sed in-place calls of cmd change.
func sedValues(cmd string) []Proposal {
	if !strings.Contains(cmd, "sed") {
		return nil
	}
	var out []Proposal
	for _, m := range sedRE.FindAllStringSubmatch(cmd, 8) {
		script, file := m[1]+m[2], m[3]
		for _, sub := range sedCommands(script) {
			from, to, ok := substitution(strings.TrimSpace(sub))
			if !ok {
				continue
			}
			if p, ok := lineChange(file, from, to, strings.TrimSpace(sub)); ok {
				out = append(out, p)
			}
		}
	}
	return out
}

// lineChange is the setting line from becomes line to in file ("retry: 3"
// to "retry: 5", "private const val TIMEOUT_MS = 10_000L" to "… =
// 15_000L"): both the same key, a one-token value holding a digit; ok
// false otherwise. It reads a sed substitution and an edit tool's old
// and new line alike.
func lineChange(file, from, to, quote string) (Proposal, bool) {
	from, to = codeTailCut(from), codeTailCut(to)
	// an entry of a dict or an object literal: `"retries": 3,`
	from, to = entryLine(from), entryLine(to)
	from, to = declRE.ReplaceAllString(from, "$1 = $2"), declRE.ReplaceAllString(to, "$1 = $2")
	a, b := sedSettingRE.FindStringSubmatch(from), sedSettingRE.FindStringSubmatch(to)
	if a == nil || b == nil || a[1] != b[1] {
		return Proposal{}, false
	}
	av, bv := strings.Join(a[2:], ""), strings.Join(b[2:], "")
	if av == bv {
		return Proposal{}, false
	}
	return Proposal{Op: OpState, Kind: KindValue, Key: "value/" + path.Clean(file) + "/" + strings.ToLower(strings.ReplaceAll(a[1], " ", "_")),
		Name: a[1], Value: bv, Was: av, Quote: quote}, true
}

// substitution is the pattern and replacement of sed command "s/A/B/g"
// (any delimiter), unescaped and without anchors; ok false for another
// command.
func substitution(sub string) (from, to string, ok bool) {
	if len(sub) < 4 || sub[0] != 's' {
		return "", "", false
	}
	d := sub[1]
	var parts []string
	var cur strings.Builder
	for i := 2; i < len(sub); i++ {
		switch {
		case sub[i] == '\\' && i+1 < len(sub):
			cur.WriteByte(sub[i+1])
			i++
		case sub[i] == d:
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(sub[i])
		}
	}
	if len(parts) < 2 {
		return "", "", false
	}
	return strings.TrimSuffix(strings.TrimPrefix(parts[0], "^"), "$"), parts[1], true
}

// leadingEdits is the run of sed in-place stages (and changes of
// directory) that opens the "&&" chain cmd when a later stage follows
// them, joined again: when the chain failed with output that no sed
// wrote, those stages ran and passed ("cd app && sed -i
// 's/versionCode = 2404/versionCode = 2406/' build.gradle.kts &&
// ./gradlew test" failing in a test still set versionCode). "" when
// there is none.
func leadingEdits(cmd, output string) string {
	if !strings.Contains(cmd, "sed") || strings.Contains(output, "sed: ") {
		return ""
	}
	st := andStages(cmd)
	n := 0
	for n < len(st)-1 {
		s := unwrap(st[n])
		if !strings.HasPrefix(s, "cd ") && !sedRE.MatchString(s) || shellHasAny(s, "|;") {
			break
		}
		n++
	}
	return strings.Join(st[:n], " && ")
}

// sedCommands is a sed script split at the ";" between its commands,
// not at one inside a substitution's pattern or replacement
// ("s/usize = 80;$/usize = 64;/; s/a/b/" is two commands).
func sedCommands(script string) []string {
	var out []string
	start, i := 0, 0
	for i < len(script) {
		c := script[i]
		switch {
		case c == ';':
			out = append(out, script[start:i])
			start = i + 1
			i++
		case c == 's' && i+1 < len(script) && (i == start || strings.TrimSpace(script[start:i]) == ""):
			// a substitution: skip its three delimited parts
			d := script[i+1]
			j, parts := i+2, 0
			for j < len(script) && parts < 2 {
				switch script[j] {
				case '\\':
					j++
				case d:
					parts++
				}
				j++
			}
			i = j
		default:
			i++
		}
	}
	return append(out, script[start:])
}
