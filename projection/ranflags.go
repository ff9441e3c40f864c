package projection

import "strings"

// A setting's number in the agent's last command.
//
// The agent ran "plot_fig4.py --format pdf --linewidth 1.0" or
// "compute_depth.py … --window 2048" and the user changes it relatively:
// "1.5倍にしてください", "make the window half that". No message states
// the number; the command does. The reducer keeps the commands of the
// assistant's last tool calls (ran) and a relative change of a setting no
// value and no message holds takes the number the run gave the option
// named by the setting's words; a change named by no word takes the one
// numeric option of that run, when the run came after the value set last.

// ranFlagRE is an option given a number in a command: "--window 2048",
// "--linewidth=1.5", "keep-daily=7".
var ranFlagRE = mustPattern(`(?:^|[\s,])(?:--?(?P<k>[A-Za-z][\w\-]{1,40})(?:=|\s+)|(?P<k2>[A-Za-z][\w\-]{1,40})=)(?P<v>\d+(?:\.\d+)?(?:[a-z%]{1,3})?)`)

// commandsOf are the commands of calls, one a line.
func commandsOf(calls []Call) string {
	var out []string
	for _, c := range calls {
		if _, cmd := argString(c.Args, commandArgKeys); cmd != "" {
			out = append(out, cmd)
		}
	}
	return strings.Join(out, "\n")
}

// ranSetting is the option of the last run that name's words name, with
// its number; with name "", the run's one numeric option (none when it
// has several or none).
func (r *Reducer) ranSetting(name string) (key, value string, ok bool) {
	if r.ran == "" || !strings.ContainsAny(r.ran, "=-") {
		return "", "", false
	}
	want := keyWords(name)
	if name != "" && len(want) == 0 {
		return "", "", false
	}
	found := 0
	for _, loc := range ranFlagRE.FindAllStringSubmatchIndex(r.ran, 16) {
		if loc[1] < len(r.ran) && !strings.ContainsRune(" \t\n,;'\"", rune(r.ran[loc[1]])) {
			// "--out 2024-05.csv": a number that goes on is no number.
			continue
		}
		m := submatches(r.ran, loc)
		k := m[ranFlagRE.SubexpIndex("k")] + m[ranFlagRE.SubexpIndex("k2")]
		if len(k) < 3 {
			// "-n 5", "-j 8": a short flag names nothing a user says.
			continue
		}
		if name == "" {
			found++
			key, value = k, m[ranFlagRE.SubexpIndex("v")]
			continue
		}
		if stemSubset(want, stems(strings.NewReplacer("-", " ", "_", " ").Replace(k))) {
			return k, m[ranFlagRE.SubexpIndex("v")], true
		}
	}
	return key, value, name == "" && found == 1
}
