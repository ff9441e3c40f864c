package projection

import (
	"path"
	"strings"
	"unicode"
)

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
		locs := configLineRE.FindAllStringSubmatchIndex(body, -1)
		times := map[string]int{}
		for _, loc := range locs {
			times[body[loc[2]:loc[3]]]++
		}
		n := 0
		for _, loc := range locs {
			k, v := body[loc[2]:loc[3]], cleanValue(body[loc[4]:loc[5]])
			if v == "" || times[k] > 1 || strings.HasPrefix(v, "- ") || strings.HasPrefix(v, "#") || !strings.ContainsFunc(v, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
				// a YAML block's indicator or a list's opening; a key set
				// in several sections is no one setting
				continue
			}
			if n++; n > maxPastedValues {
				break
			}
			out = append(out, Proposal{Op: OpState, Kind: KindValue, Key: "value/" + file + "/" + strings.ToLower(k), Name: k, Value: v,
				Quote: strings.TrimSpace(body[loc[0]:loc[1]])})
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
