package projection

import "strings"

// An app that crashed, read from its device's log.
//
// "adb install -r app-release.apk && adb logcat -d -s AndroidRuntime:E"
// passes whatever the app did: the install succeeded and logcat printed
// its buffer. When that buffer holds "FATAL EXCEPTION" the app crashed,
// and that is a failure of the app (statusPrefix + "android/" + its
// process, from the "Process: com.shop.app, PID: …" line, else from the
// "am start -n com.shop.app/…" the command ran, else "app"), quoting
// the exception's root cause: the last "Caused by:" line, else the
// exception's own line. A later call that starts the same app ("am
// start -n com.shop.app/.MainActivity" answered "Starting: Intent {
// cmp=com.shop.app/… }") and reads the log showing no crash and no
// stack at all resolves it: a log cut by "| tail -3" that shows only a
// stack's last frames still shows a stack.

var (
	// fatalRE is the head of a crash in logcat, with its process on the
	// line after it when logcat printed one.
	fatalRE = mustPattern(`(?m)^.*\bFATAL EXCEPTION:.*$(?:\n^.*\bProcess: ([\w.]+),.*$)?`)
	// causedRE is a crash's root cause line.
	causedRE = mustPattern(`(?m)Caused by: \S.*$`)
	// amStartRE is an activity started by its component: the package in
	// group 1.
	amStartRE = mustPattern(`\bam\s+start\b[^&|;]*?\s-n\s+([\w.]+)/`)
	// startingRE is am start's answer naming the component started.
	startingRE = mustPattern(`(?m)^Starting: Intent \{ cmp=([\w.]+)/.*$`)
	// stackRE is a line of a crash's report: a frame, an exception or a
	// runtime error line of the log.
	stackRE = mustPattern(`(?m)\bAndroidRuntime\b|^\s*(?:\S+\s+)?at [\w$.<>]+\(|\b\w+(?:Exception|Error)\b`)
)

// logcatCrashes are the crashes and the healthy starts a logcat reading
// in cmd shows in text (see above).
func logcatCrashes(cmd, text string) []statusObs {
	pkg := ""
	if m := amStartRE.FindStringSubmatch(cmd); m != nil {
		pkg = m[1]
	}
	var out []statusObs
	heads := fatalRE.FindAllStringSubmatchIndex(text, 8)
	for i, h := range heads {
		proc := pkg
		if h[2] >= 0 {
			proc = text[h[2]:h[3]]
		}
		if proc == "" {
			proc = "app"
		}
		end := len(text)
		if i+1 < len(heads) {
			end = heads[i+1][0]
		}
		block := text[h[1]:end]
		line := ""
		if c := causedRE.FindAllString(block, -1); len(c) > 0 {
			line = c[len(c)-1]
		} else {
			for l := range strings.Lines(block) {
				if _, rest, ok := strings.Cut(l, "AndroidRuntime: "); ok && strings.TrimSpace(rest) != "" && !strings.HasPrefix(strings.TrimSpace(rest), "at ") {
					line = rest
					break
				}
			}
		}
		line = strings.TrimSpace(line)
		if line == "" {
			line = strings.TrimSpace(text[h[0]:h[1]])
			line, _, _ = strings.Cut(line, "\n")
		}
		out = append(out, statusObs{key: statusPrefix + "android/" + proc, name: proc, failed: true, line: line})
	}
	if len(heads) > 0 || pkg == "" {
		return out
	}
	if m := startingRE.FindStringSubmatchIndex(text); m != nil && text[m[2]:m[3]] == pkg && !stackRE.MatchString(text[m[1]:]) {
		out = append(out, statusObs{key: statusPrefix + "android/" + pkg, name: pkg, line: strings.TrimSpace(text[m[0]:m[1]])})
	}
	return out
}
