package projection

import (
	"path"
	"slices"
	"strings"
	"unicode"
)

// configSetting is one setting of a configuration text: its key (the
// dotted path of the blocks it stands in: "resources.limits.memory"), its
// value and its line.
// empty marks a value that is an empty list, map or string ("[]", "{}",
// `""`): read as a change only where it replaces a value (editValues).
type configSetting struct {
	key, value, line string
	empty            bool
}

// emptyValueRE is a value that is an empty list, map or string.
var emptyValueRE = mustPattern(`^(?:\[\s*\]|\{\s*\}|""|''|\(\s*\))$`)

// configSettings are the settings a configuration text (YAML, TOML, INI,
// .env, pretty-printed JSON) states, in order. A key whose value opens a
// block (a YAML mapping or list on the lines after it, "|" or ">", a JSON
// "{" or "[") is no setting; it names the settings indented under it (a
// whole file: "resources.limits.memory"; an edit's fragment, which holds
// only part of the path, "limits.memory", matched to the path the file
// gave it by the reducer: heldPath). Two "memory:" under "requests:" and
// "limits:" are two settings, not one key set twice.
// No setting is a list item ("- x"), a template placeholder ("{{
// .Values.x }}", "{% … %}") or a key set in several places (the "name:"
// of each container): none of them is one current value. A comment after
// a value (" # …") is no part of it. Nor are the fields that say what a
// document is rather than how it behaves (identityField).
func configSettings(text string) []configSetting {
	type block struct {
		indent int
		key    string
	}
	var stack []block
	var out []configSetting
	times := map[string]int{}
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimLeft(l, " \t")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		indent := len(l) - len(t)
		for strings.HasPrefix(t, "- ") {
			// a list item's keys stand under its dash
			t = strings.TrimLeft(t[2:], " ")
			indent = len(l) - len(t)
		}
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		m := configLineRE.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		k, v := m[1], cleanValue(m[2])
		empty := emptyValueRE.MatchString(strings.TrimSpace(m[2]))
		if empty {
			v = strings.TrimSpace(m[2])
		}
		if !empty && v == "" || v == "|" || v == ">" || strings.HasPrefix(v, "|") && len(v) <= 3 || strings.HasPrefix(v, ">") && len(v) <= 3 || v == "{" || v == "[" {
			stack = append(stack, block{indent, k})
			continue
		}
		for i := len(stack) - 1; i >= 0; i-- {
			k = stack[i].key + "." + k
		}
		if raw := strings.TrimSpace(m[2]); strings.HasPrefix(raw, "{") && !strings.HasPrefix(raw, "{{") {
			// a map on its line sets its leaves (flowmap.go)
			if leaves, ok := flowLeaves(raw); ok {
				for _, f := range leaves {
					lk := k + "." + f.key
					times[lk]++
					if !identityField(lk) {
						out = append(out, configSetting{lk, f.value, strings.TrimSpace(l), false})
					}
				}
				continue
			}
		}
		if at := strings.Index(v, " #"); at > 0 {
			v = strings.TrimSpace(v[:at])
		}
		times[k]++
		if identityField(k) {
			continue
		}
		if !empty && (strings.HasPrefix(v, "- ") || strings.HasPrefix(v, "#") || strings.Contains(v, "{{") || strings.Contains(v, "{%") ||
			!strings.ContainsFunc(v, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })) {
			continue
		}
		out = append(out, configSetting{k, v, strings.TrimSpace(l), empty})
	}
	return slices.DeleteFunc(out, func(c configSetting) bool { return times[c.key] > 1 })
}

// nonEmpty is cs without its empty values: a configuration pasted or
// written whole states its empty lists as no setting.
func nonEmpty(cs []configSetting) []configSetting {
	return slices.DeleteFunc(cs, func(c configSetting) bool { return c.empty })
}

// identityField reports whether a configuration key names or types its
// document, or selects other objects by their labels, rather than setting
// how something runs: a manifest's apiVersion, kind, metadata.name, its
// labels and selectors, an autoscaler's target reference. The HPA a tool
// wrote showed "apiversion = autoscaling/v2" and "kind =
// HorizontalPodAutoscaler" among the current values, beside its replica
// bounds.
func identityField(key string) bool {
	parts := strings.Split(strings.ToLower(key), ".")
	switch parts[len(parts)-1] {
	case "apiversion", "kind":
		return true
	}
	if strings.ToLower(key) == "metadata.name" {
		return true
	}
	for _, p := range parts[:len(parts)-1] {
		switch p {
		case "labels", "matchlabels", "selector", "scaletargetref":
			return true
		}
	}
	return false
}

// A user who pastes a configuration ("Here's our current config:" and a
// TOML, YAML, INI or .env block) states the settings it holds: each
// key's value is current, under the file the line before the block names
// ("config.toml:"), else under no file, so a later change said in words
// ("poll every 10 seconds instead") or made by a command on the file
// replaces it. Code is no configuration: a block is read when its fence
// names a configuration language, or when nearly all its lines are
// "key = value" or "key: value".

// configFenceRE is a fenced block with its language tag and body.
var configFenceRE = mustPattern("(?s)```(?P<lang>[\\w.+-]*)[ \\t]*\\n(?P<body>.*?)\\n[ \\t]*```")

// configLangs are the fence tags of configuration languages.
var configLangs = map[string]bool{"toml": true, "yaml": true, "yml": true, "ini": true, "env": true, "dotenv": true, "properties": true,
	"conf": true, "cfg": true, "hcl": true}

// maxPastedValues bounds the settings one pasted block states.
const maxPastedValues = 40

// pastedConfig adds to out the values of the configuration blocks a user
// message pastes.
func pastedConfig(text string, out []Proposal) []Proposal {
	if !strings.Contains(text, "```") {
		return out
	}
	for _, m := range configFenceRE.FindAllStringSubmatchIndex(text, 8) {
		tag := strings.ToLower(text[m[2]:m[3]])
		body := text[m[4]:m[5]]
		if !configLangs[tag] && !(tag == "" && mostlySettings(body)) {
			continue
		}
		file := "-"
		if before := lastHeading(text[:m[0]]); before != "" {
			if m := pathRE.FindStringSubmatch(before); m != nil && configExtRE.MatchString(m[1]) {
				file = path.Clean(m[1])
			}
		}
		for i, c := range nonEmpty(configSettings(body)) {
			if i == maxPastedValues {
				break
			}
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + file + "/" + strings.ToLower(c.key), Name: c.key, Value: c.value, Quote: c.line})
		}
	}
	return out
}

// mostlySettings reports whether an untagged block's lines are nearly all
// settings: "key = value" or "key: value", besides comments and section
// headers, four of five at least.
func mostlySettings(body string) bool {
	lines, settings := 0, 0
	for _, l := range strings.Split(body, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, ";") || strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") {
			continue
		}
		lines++
		if configLineRE.MatchString(l) {
			settings++
		}
	}
	return lines >= 2 && settings*5 >= lines*4
}

// fusedSame reports whether two keys name one setting, one in words and
// the other as a configuration file's identifier, its words run together
// and perhaps its unit after them: the user's "initial delay" and a
// manifest's readiness.initialDelaySeconds (keys are lower case, so the
// identifier's word breaks are gone), "max connections" and
// maxConnections. Only the identifier's last segment counts, and the
// words must be all of it but the unit.
func fusedSame(a, b string) bool {
	fa, fb := fusedKey(a), fusedKey(b)
	if min(len(fa), len(fb)) < 5 {
		return false
	}
	if fa == fb {
		return true
	}
	for _, u := range fusedUnits {
		if fa+u == fb || fb+u == fa {
			return true
		}
	}
	return false
}

// fusedUnits are the units an identifier may end in.
var fusedUnits = []string{"seconds", "secs", "sec", "ms", "millis", "milliseconds", "minutes", "mins", "hours", "days", "bytes", "kb", "mb", "gb", "mib", "gib", "percent", "pct", "count"}

// fusedKey is a key's last segment with its word separators removed.
func fusedKey(k string) string {
	if at := strings.LastIndexAny(k, "./"); at >= 0 {
		k = k[at+1:]
	}
	return fusedSeps.Replace(strings.ToLower(k))
}

// fusedSeps drops a key's word separators.
var fusedSeps = strings.NewReplacer("_", "", "-", "", " ", "")
