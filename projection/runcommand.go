// Command lines: a call's command and arguments, its key (CommandKey), and the
// subjects a run covers.

package projection

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
)

var (
	goFailRE    = mustPattern(`(?m)^\s*--- FAIL: (\S+)`)
	goPassRE    = mustPattern(`(?m)^\s*--- PASS: (\S+)`)
	pyFailRE    = mustPattern(`(?m)^FAILED (\S+::\S+)`)
	pyPassRE    = mustPattern(`(?m)^(\S+::\S+) PASSED`)
	unitFailRE  = mustPattern(`(?m)^(?:FAIL|ERROR): (\w+) \([\w.]+\)`)
	unitPassRE  = mustPattern(`(?m)^(\w+) \([\w.]+\)(?: \S.*)? \.\.\. ok$`)
	cargoFailRE = mustPattern(`(?m)^test (\S+) \.\.\. FAILED`)
	cargoPassRE = mustPattern(`(?m)^test (\S+) \.\.\. ok$`)
	// nextestFailRE and nextestPassRE are cargo nextest's verdict on a
	// test: its status, a retry's "TRY 2", the time in brackets, the
	// progress counter of newer versions, the test binary and the test
	// ("FAIL [   0.188s] api users::tests::soft_delete_hides_user").
	nextestFailRE = mustPattern(`(?m)^[ \t]*(?:TRY \d+ )?(?:FAIL|SIGSEGV|SIGABRT|SIGKILL|ABORT|TIMEOUT)[ \t]+\[[ \t]*[\d.]+m?s\][ \t]+(?:\([ \t]*\d+/\d+\)[ \t]+)?(?:\S+[ \t]+)?(\S+)[ \t]*$`)
	nextestPassRE = mustPattern(`(?m)^[ \t]*(?:TRY \d+ )?PASS[ \t]+\[[ \t]*[\d.]+m?s\][ \t]+(?:\([ \t]*\d+/\d+\)[ \t]+)?(?:\S+[ \t]+)?(\S+)[ \t]*$`)
	// verdictNameRE is a line after a failure mark that is a verdict or a
	// count, not a test's name.
	verdictNameRE = mustPattern(`(?i)^(?:FAILED|FAIL|ERROR|PASSED|PASS)\b|^\d+\s+(?:tests?|specs?|checks?|cases?)\s+(?:failed|passed)\b`)
	jsFailRE      = mustPattern(`(?m)^\s*(?:✕|✗|×)\s+(\S.{0,100}?)(?:\s+\(\d+\s*m?s\))?$`)
	// fileFailRE and filePassRE are a test runner's verdict on a test
	// file (jest, vitest: "FAIL src/a.test.ts", "PASS src/a.test.ts").
	// vitest marks a file "✓ src/a.test.ts (3)" and "❯ src/a.test.ts (3)".
	fileFailRE = mustPattern(`(?m)^\s*(?:FAIL|❯)\s+(\S+\.(?:test|spec)\.[cm]?[jt]sx?)\b`)
	filePassRE = mustPattern(`(?m)^\s*(?:PASS|✓)\s+(\S+\.(?:test|spec)\.[cm]?[jt]sx?)\b`)
	// gradleFailRE and gradlePassRE are Gradle's test events: "FooTest >
	// bar FAILED".
	gradleFailRE  = mustPattern(`(?m)^\s*([\w.$]+ > \S[^\n]{0,120}?) FAILED\s*$`)
	gradlePassRE  = mustPattern(`(?m)^\s*([\w.$]+ > \S[^\n]{0,120}?) PASSED\s*$`)
	cmdFailRE     = mustPattern(`(?mi)^Traceback \(most recent call last\):|^panic: |^FAIL\s*$|^FAIL\t|<returncode>[1-9]\d*</returncode>|^[\[(]?exit (?:code|status):? ?[1-9]\d*|\bexit(?:ed with)? (?:code|status) [1-9]\d*\b|^error(?:\[E\d+\])?: |^\S+\.go:\d+:\d+: |^=+ .*\b\d+ failed\b|^FAILED \(|test result: FAILED|^npm ERR!|^make: \*\*\* .*Error \d+|^fatal: |: command not found$|^bash: .*: No such file or directory|^SyntaxError: |^\w+Error: |^HTTP/[\d.]+ (?:403|429|5\d\d)\b`)
	failureLineRE = mustPattern(`(?i)(--- FAIL|^FAIL|(?-i:^E: )|\berror\b|(?-i:\b[A-Z]\w*(?:Error|Exception)\b)|\bpanic\b|exception|traceback|assert|fatal|failed|not found|no such file|\b(?:errore|erreur|fehler|fout|ошибка|błąd|hata|lỗi)\b|错误|錯誤|エラー|오류|خطأ)`)
	// exitOnlyRE is a line that only tells a command's exit status.
	// mini-swe-agent's "<returncode>1</returncode>" is one.
	exitOnlyRE   = mustPattern(`(?i)^\W*(?:exit (?:code|status):? ?-?\d+|exited with (?:code|status) -?\d+|process exited with code -?\d+|command failed with exit code -?\d+|<returncode>-?\d+</returncode>)\W*$`)
	configExtRE  = mustPattern(`(?i)\.(toml|ya?ml|json|ini|env|cfg|conf|properties|config)$|(^|/)\.env[\w.]*$|(^|/)Makefile$`)
	writeToolRE  = mustPattern(`(?i)(edit|write|create|replace|patch|apply|insert|update|save|str_replace|notebook)`)
	configLineRE = mustPattern(`(?m)^[ \t]*"?([A-Za-z_][\w.\-]{0,60})"?[ \t]*(?:=|:)[ \t]*(.*?)[ \t]*,?[ \t]*$`)
)

var (
	// "filepath" is Continue's (single_find_and_replace,
	// edit_existing_file, create_new_file).
	fileArgKeys    = []string{"path", "file_path", "filePath", "file", "filename", "target_file", "notebook_path", "filepath"}
	commandArgKeys = []string{"command", "cmd", "script"}
	// oldString and newString are Copilot's replace_string_in_file.
	oldArgKeys = []string{"old_string", "old_str", "old", "oldText", "old_text", "oldString", "search"}
	// "contents" is Continue's create_new_file: the file written whole.
	newArgKeys = []string{"new_string", "new_str", "new", "newText", "new_text", "newString", "replace", "content", "contents"}
)

func argString(args map[string]any, keys []string) (string, string) {
	for _, k := range keys {
		if v, ok := args[k].(string); ok && v != "" {
			return k, v
		}
		if v := argvString(args[k]); v != "" {
			return k, v
		}
	}
	return "", ""
}

// argvString is a command given as an argument vector, as a shell line:
// Codex's shell tool calls `{"command": ["bash", "-lc", "ls docs"]}`, whose
// script is the line; another vector is its words joined, a word with
// white space or quotes quoted. "" when v is no vector of strings.
func argvString(v any) string {
	xs, ok := v.([]any)
	if !ok || len(xs) == 0 {
		return ""
	}
	words := make([]string, len(xs))
	for i, x := range xs {
		w, ok := x.(string)
		if !ok {
			return ""
		}
		words[i] = w
	}
	if len(words) == 3 && shellNames[path.Base(words[0])] && strings.HasPrefix(words[1], "-") && strings.HasSuffix(words[1], "c") {
		return words[2]
	}
	for i, w := range words {
		if w == "" || strings.ContainsAny(w, " \t\n'\"$`\\|&;<>()*?") {
			words[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(words, " ")
}

// CommandKey is the state key of what a tool call ran: its command
// ("command/-/go test ./...", a leading "cd DIR &&" dropped, whitespace
// collapsed), else the tool and its short arguments ("tool/run_tests/
// package=./x/...").
func CommandKey(c *Call) (key, name string) {
	if c == nil {
		return "tool/-/unknown", "unknown tool"
	}
	if _, cmd := argString(c.Args, commandArgKeys); cmd != "" && !strings.Contains(strings.ToLower(c.Name), "edit") {
		// keyed by what it ran, shown as it was run (cmdkey.go)
		run := heredocRun(cmd)
		return runKey(run), normCommand(run)
	}
	var parts []string
	keys := make([]string, 0, len(c.Args))
	for k := range c.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v, ok := c.Args[k].(string); ok && len(v) <= 120 && !strings.Contains(v, "\n") {
			parts = append(parts, k+"="+v)
		} else if ok && codeArgNames[k] && strings.TrimSpace(v) != "" {
			parts = append(parts, k+"="+codeKey(v))
		} else if v, ok := c.Args[k].(float64); ok {
			parts = append(parts, fmt.Sprintf("%s=%g", k, v))
		} else if v, ok := c.Args[k].(bool); ok {
			parts = append(parts, fmt.Sprintf("%s=%t", k, v))
		}
	}
	desc := strings.Join(parts, " ")
	name = c.Name
	if desc != "" {
		name += " " + desc
	}
	return "tool/" + c.Name + "/" + desc, oneLine(name, 160)
}

// heredocRun is what a command that writes a script through a
// here-document and then runs it runs: "cat > t.py << 'EOF' … EOF" then
// "python t.py" is the run "python t.py", so the run of the same script,
// rewritten, is the same run, and its pass fixes its failure. A command
// that only writes, or feeds the document to a program ("python - <<EOF"),
// is itself.
func heredocRun(cmd string) string {
	for range 4 {
		lines := strings.Split(cmd, "\n")
		m := heredocWriteRE.FindStringSubmatchIndex(lines[0])
		if m == nil {
			return clientSession(cmd)
		}
		delim := lines[0][m[4]:m[5]]
		end := slices.IndexFunc(lines[1:], func(l string) bool { return strings.TrimSpace(l) == delim })
		if end < 0 {
			return cmd
		}
		tail := strings.TrimSpace(lines[0][m[1]:])
		tail = strings.TrimSpace(strings.TrimLeft(strings.TrimPrefix(tail, "&&"), ";"))
		run := strings.TrimSpace(strings.Join(append([]string{tail}, lines[end+2:]...), "\n"))
		run = strings.TrimSpace(strings.TrimLeft(strings.TrimPrefix(run, "&&"), ";"))
		if run == "" {
			return cmd
		}
		cmd = lines[0][:m[2]] + run
	}
	return cmd
}

// clientSession is the session a command opens with a client of a server
// when it feeds it a here-document: the command without the document, so
// "sftp … <<EOF put f.part; rename …" failing and "sftp … <<EOF put f"
// passing are one connection to one server, the second's pass what
// became of the first ("Permission denied (publickey)" fixed by the key
// added). An interpreter fed a script ("python - <<EOF") stays keyed by
// its script (heredocRun).
func clientSession(cmd string) string {
	lines := strings.Split(cmd, "\n")
	m := clientFeedRE.FindStringSubmatchIndex(lines[0])
	if m == nil {
		return cmd
	}
	delim := lines[0][m[2]:m[3]]
	end := slices.IndexFunc(lines[1:], func(l string) bool { return strings.TrimSpace(l) == delim })
	if end < 0 {
		return cmd
	}
	at := strings.LastIndex(lines[0][:m[1]], "<<")
	head := strings.TrimSpace(lines[0][:at] + lines[0][m[1]:])
	return strings.TrimSpace(strings.Join(append([]string{head}, lines[end+2:]...), "\n"))
}

var (
	andRE      = mustPattern(`\s*&&\s*`)
	envAssign  = mustPattern(`^[A-Z_][A-Z0-9_]*=\S*$`)
	redirectRE = mustPattern(`^\d?>>?|^<|^\d>&\d$`)
)

// runSubjects are the links naming what a command ran: the program and
// operands of each stage ("pytest tests/" for "pytest tests/ -q"), so a
// later run of the same test target in other words ("pip install x &&
// pytest tests/ -q") is about the same thing. A failed command names only
// a stage that alone decides its status (a single command, or the first
// stage of a pipe, whose output is what was read); a passed "a && b"
// names every stage, since each of them succeeded.
//
// The directory the command moves to first ("cd stacks/prod &&") is part
// of each subject, as of its key (runKey): a plan of one stack is no run
// of another's.
func runSubjects(cmd string, passed bool) []string {
	dir, _ := runDir(cmd)
	if dir != "" {
		dir = "cd " + dir + " && "
	}
	c := normCommand(cmd)
	if whole := normCommandWhole(cmd); logsAsOne(whole) != whole {
		logged := oneLine(logsAsOne(whole), 160)
		// a run into its log, then a check of the log: the same run
		// into another log is the same (runlog.go)
		return []string{runPrefix + dir + logged}
	}
	if shellHas(c, "||") {
		return nil
	}
	var stages []string
	for _, st := range andStages(c) {
		st = pipeHead(st)
		if shellHasAny(st, ";`$(") {
			return nil
		}
		stages = append(stages, st)
	}
	if !passed && len(stages) != 1 {
		return nil
	}
	var out []string
	for _, st := range stages {
		if pretendRE.MatchString(st) {
			// A dry run did not run its subject.
			continue
		}
		if passed && slices.ContainsFunc(runFields(st), selectsTests) {
			// A run of the tests it selects passed ("-only-testing:
			// AppTests/X", "-run TestB"): not the whole run, which a
			// rerun reading tells apart (rerun.go, narrowed).
			continue
		}
		if sub := runSubject(st); sub != "" {
			out = append(out, runPrefix+dir+sub)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// runSubject is a command stage's program and operands, without flags,
// redirections, leading variable assignments, "python -m" or a package
// manager's "run".
func runSubject(st string) string {
	f := runFields(st)
	var keep []string
	for i, w := range f {
		if i > 0 && (strings.HasPrefix(w, "-") || redirectRE.MatchString(w)) {
			continue
		}
		keep = append(keep, strings.TrimRight(w, "/"))
	}
	return strings.Join(keep, " ")
}

func normCommand(cmd string) string {
	return oneLine(normCommandWhole(cmd), 160)
}

// normCommandWhole is normCommand not cut short.
func normCommandWhole(cmd string) string {
	c := strings.Join(strings.Fields(cmd), " ")
	for cdRE.MatchString(c) {
		c = cdRE.ReplaceAllString(c, "")
	}
	return c
}

// blankNoErrorLines is text with its noErrorLineRE lines blanked (spaces
// of the same length, so offsets into it are offsets into text): a
// result that says "Error: (none)" did not fail by that line.
func blankNoErrorLines(text string) string {
	return noErrorLineRE.ReplaceAllStringFunc(text, func(l string) string { return strings.Repeat(" ", len(l)) })
}

// callScript is call c's command line, the script inside when the line
// only hands one to a shell ("bash -lc 'grep -rn x models/'", as Codex
// runs every command); "" when c runs no command.
func callScript(c *Call) string {
	if c == nil {
		return ""
	}
	_, cmd := argString(c.Args, commandArgKeys)
	if in, ok := shellScript(cmd); ok {
		return in
	}
	return cmd
}
